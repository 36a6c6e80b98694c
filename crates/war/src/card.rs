//! `Card`: the assignment's `Card` class, a French-suited playing card (ranks 2–10, J,
//! Q, K, A; suits ♣ ♦ ♥ ♠), written `6C`, `10H`, `AS`, with its [`Rank`] and [`Suit`];
//! War's comparison of two cards is by rank alone, and asked for by name.

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

/// A card's rank (the assignment's value). The derived order is War's: 2 lowest, ace
/// highest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[allow(missing_docs)]
pub enum Rank {
    Two = 2,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
    Ace,
}

impl Rank {
    /// All ranks, lowest first.
    pub const ALL: [Rank; 13] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    /// The rank's value: 2–10, then 11 (J) to 14 (A).
    pub const fn value(self) -> u8 {
        self as u8
    }

    /// The rank as printed: `2`…`10`, `J`, `Q`, `K`, `A`.
    pub const fn symbol(self) -> &'static str {
        match self {
            Rank::Two => "2",
            Rank::Three => "3",
            Rank::Four => "4",
            Rank::Five => "5",
            Rank::Six => "6",
            Rank::Seven => "7",
            Rank::Eight => "8",
            Rank::Nine => "9",
            Rank::Ten => "10",
            Rank::Jack => "J",
            Rank::Queen => "Q",
            Rank::King => "K",
            Rank::Ace => "A",
        }
    }

    fn from_symbol(symbol: &str) -> Option<Rank> {
        Rank::ALL.into_iter().find(|rank| rank.symbol() == symbol)
    }
}

/// A card's suit. Suits never decide anything in War; they tell cards apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suit {
    /// `C`
    Clubs,
    /// `D`
    Diamonds,
    /// `H`
    Hearts,
    /// `S`
    Spades,
}

impl Suit {
    /// All suits in bridge order.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// The suit's letter: `C`, `D`, `H`, `S`.
    pub const fn letter(self) -> char {
        match self {
            Suit::Clubs => 'C',
            Suit::Diamonds => 'D',
            Suit::Hearts => 'H',
            Suit::Spades => 'S',
        }
    }
}

/// A card as War sees it (the assignment's `Card implements Comparable`): a [`Rank`]
/// and a [`Suit`], printed as `6C`, `10H`, `AS`.
///
/// A card is one physical card: equality and hashing look at rank *and* suit
/// (`10H != 10S`), so a set of cards keeps every suit, and the order (`Ord`, for sorting
/// and ordered collections) is rank first, then suit. War's rule compares ranks alone,
/// and says so: [`Card::rank`], or [`Card::compare_rank`] (the assignment's
/// `compareTo`), for which `10H` and `10S` tie and `AS` beats `KH`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card {
    rank: Rank,
    suit: Suit,
}

/// Why a text is not a card.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a card is a rank (2-10, J, Q, K, A) and a suit (C, D, H, S), like 10H")]
pub struct CardError;

impl Card {
    /// `Card(int value, char suit)`: the card of this rank and suit.
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card { rank, suit }
    }

    /// `getValue()`: the rank, which alone decides battles.
    pub const fn rank(self) -> Rank {
        self.rank
    }

    /// `getSuit()`: shown, never compared by War's rule.
    pub const fn suit(self) -> Suit {
        self.suit
    }

    // ANCHOR: compare_rank
    /// `compareTo(Card)`: War's comparison, by rank alone, 2 lowest and ace highest;
    /// `Equal` is a tie (and a war), whatever the suits.
    pub fn compare_rank(self, other: Card) -> Ordering {
        self.rank().cmp(&other.rank())
    }
    // ANCHOR_END: compare_rank

    /// A dense index (0–51) that tells every physical card apart, for bit sets and
    /// tables.
    pub const fn index(self) -> usize {
        (self.rank as usize - 2) * 4 + self.suit as usize
    }

    /// The 52 cards in a fixed order (suit by suit, each from 2 to ace), before any
    /// shuffle.
    pub const fn deck() -> [Card; 52] {
        Card::DECK
    }

    /// The deck, built once at compile time (every simulated game starts from it).
    const DECK: [Card; 52] = {
        let mut deck = [Card::new(Rank::Two, Suit::Clubs); 52];
        let mut i = 0;
        while i < 52 {
            deck[i] = Card::new(Rank::ALL[i % 13], Suit::ALL[i / 13]);
            i += 1;
        }
        deck
    };
}

impl FromStr for Card {
    type Err = CardError;

    /// Parses `6C`, `10H`, `AS` (either case).
    fn from_str(text: &str) -> Result<Card, CardError> {
        let text = text.trim().to_ascii_uppercase();
        let split = text.len().checked_sub(1).ok_or(CardError)?;
        let (rank, suit) = text.split_at_checked(split).ok_or(CardError)?;
        let rank = Rank::from_symbol(rank).ok_or(CardError)?;
        let suit = Suit::ALL
            .into_iter()
            .find(|s| s.letter().to_string() == suit)
            .ok_or(CardError)?;
        Ok(Card::new(rank, suit))
    }
}

impl fmt::Display for Card {
    /// `toString()`: rank then suit letter, `6C`, `10H`, `AS`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank.symbol(), self.suit.letter())
    }
}

impl cards_core::paint::Paint for Card {
    /// Hearts and diamonds red; clubs and spades bold, in the terminal's own foreground
    /// (black on a light background, and still readable on a dark one).
    fn sgr(&self) -> u8 {
        match self.suit {
            Suit::Hearts | Suit::Diamonds => 31,
            Suit::Clubs | Suit::Spades => 1,
        }
    }
}

impl cards_core::deck::DeckCard for Card {
    const FILLER: Card = Card::new(Rank::Two, Suit::Clubs);
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    fn card(text: &str) -> Card {
        text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn war_compares_ranks_alone() {
        assert_eq!(card("AS").compare_rank(card("KH")), Ordering::Greater);
        assert_eq!(card("2C").compare_rank(card("3C")), Ordering::Less);
        assert_eq!(card("10H").compare_rank(card("9S")), Ordering::Greater);
        assert_eq!(card("10H").compare_rank(card("10S")), Ordering::Equal);
    }

    /// Two cards of one rank are two cards: a set keeps both, and sorting puts them in
    /// a fixed order (rank, then suit).
    #[test]
    fn cards_are_equal_only_to_themselves() {
        assert_eq!(card("10H"), card("10H"));
        assert_ne!(card("10H"), card("10S"));
        let hashed: std::collections::HashSet<Card> =
            ["10H", "10S", "10H", "AS"].map(card).into_iter().collect();
        assert_eq!(hashed.len(), 3);
        let ordered: std::collections::BTreeSet<Card> = ["AS", "10S", "2D", "JC", "10H"]
            .map(card)
            .into_iter()
            .collect();
        let shown: Vec<String> = ordered.iter().map(ToString::to_string).collect();
        assert_eq!(shown, ["2D", "10H", "10S", "JC", "AS"]);
    }

    #[test]
    fn prints_like_the_assignment() {
        let shown: Vec<String> = ["6c", "10H", "as"]
            .iter()
            .map(|t| card(t).to_string())
            .collect();
        assert_eq!(shown, ["6C", "10H", "AS"]);
        let shown: Vec<String> = [
            Card::new(Rank::Six, Suit::Clubs),
            Card::new(Rank::Ten, Suit::Hearts),
            Card::new(Rank::Ace, Suit::Spades),
        ]
        .iter()
        .map(ToString::to_string)
        .collect();
        assert_eq!(shown, ["6C", "10H", "AS"]);
        assert_eq!("1H".parse::<Card>(), Err(CardError));
        assert_eq!("".parse::<Card>(), Err(CardError));
        assert!(Rank::Ace > Rank::King && Rank::Two < Rank::Three);
    }

    /// The refusal, word for word, as the deck files and the fuzz checks show it.
    #[test]
    fn refuses_in_the_same_words() {
        assert_eq!(
            CardError.to_string(),
            "a card is a rank (2-10, J, Q, K, A) and a suit (C, D, H, S), like 10H"
        );
    }

    /// The fixed order is suit by suit, each from 2 to ace, as it always was.
    #[test]
    fn deck_is_suit_by_suit_from_two_to_ace() {
        let expected: Vec<Card> = Suit::ALL
            .into_iter()
            .flat_map(|suit| Rank::ALL.into_iter().map(move |rank| Card::new(rank, suit)))
            .collect();
        assert_eq!(Card::deck().to_vec(), expected);
        let shown: Vec<String> = Card::deck()[..14].iter().map(ToString::to_string).collect();
        assert_eq!(
            shown,
            [
                "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC", "2D"
            ]
        );
    }

    #[test]
    fn deck_has_52_distinct_cards_that_round_trip() {
        let deck = Card::deck();
        assert_eq!(deck.len(), 52);
        let mut seen = [false; 52];
        for c in deck {
            assert!(!seen[c.index()], "{c} twice");
            seen[c.index()] = true;
            assert_eq!(c.to_string().parse(), Ok(c));
        }
        assert!(seen.iter().all(|&s| s));
    }
}
