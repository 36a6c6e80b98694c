//! The French-suited playing card of War: ranks 2–10, J, Q, K, A and suits ♣ ♦ ♥ ♠,
//! written `6C`, `10H`, `AS`.

use std::fmt;
use std::str::FromStr;

/// A card's rank. The derived order is War's: 2 lowest, ace highest.
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

/// A playing card such as `10H`.
///
/// The derived order is rank first, then suit; War compares [`PlayingCard::rank`] alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PlayingCard {
    rank: Rank,
    suit: Suit,
}

/// Why a text is not a playing card.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a card is a rank (2-10, J, Q, K, A) and a suit (C, D, H, S), like 10H")]
pub struct PlayingCardError;

impl PlayingCard {
    /// The card of this rank and suit.
    pub const fn new(rank: Rank, suit: Suit) -> PlayingCard {
        PlayingCard { rank, suit }
    }

    /// The card's rank.
    pub const fn rank(self) -> Rank {
        self.rank
    }

    /// The card's suit.
    pub const fn suit(self) -> Suit {
        self.suit
    }

    /// A dense index (0–51), for bit sets and tables.
    pub const fn index(self) -> usize {
        (self.rank as usize - 2) * 4 + self.suit as usize
    }

    /// The 52 cards, suit by suit, each from 2 to ace.
    pub fn deck() -> impl Iterator<Item = PlayingCard> {
        Suit::ALL.into_iter().flat_map(|suit| {
            Rank::ALL
                .into_iter()
                .map(move |rank| PlayingCard::new(rank, suit))
        })
    }
}

impl FromStr for PlayingCard {
    type Err = PlayingCardError;

    /// Parses `6C`, `10H`, `AS` (upper or lower case).
    fn from_str(text: &str) -> Result<PlayingCard, PlayingCardError> {
        let text = text.trim().to_ascii_uppercase();
        let split = text.len().checked_sub(1).ok_or(PlayingCardError)?;
        let (rank, suit) = text.split_at_checked(split).ok_or(PlayingCardError)?;
        let rank = Rank::from_symbol(rank).ok_or(PlayingCardError)?;
        let suit = Suit::ALL
            .into_iter()
            .find(|s| s.letter().to_string() == suit)
            .ok_or(PlayingCardError)?;
        Ok(PlayingCard::new(rank, suit))
    }
}

impl fmt::Display for PlayingCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank.symbol(), self.suit.letter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn deck_has_52_distinct_cards_that_round_trip() {
        let deck: Vec<_> = PlayingCard::deck().collect();
        assert_eq!(deck.len(), 52);
        let mut seen = [false; 52];
        for card in &deck {
            assert!(!seen[card.index()]);
            seen[card.index()] = true;
            assert_eq!(card.to_string().parse(), Ok(*card));
        }
    }

    #[test]
    fn prints_like_the_assignment() {
        let shown: Vec<String> = [
            PlayingCard::new(Rank::Six, Suit::Clubs),
            PlayingCard::new(Rank::Ten, Suit::Hearts),
            PlayingCard::new(Rank::Ace, Suit::Spades),
        ]
        .iter()
        .map(ToString::to_string)
        .collect();
        assert_eq!(shown, ["6C", "10H", "AS"]);
        assert_eq!("1H".parse::<PlayingCard>(), Err(PlayingCardError));
        assert_eq!("".parse::<PlayingCard>(), Err(PlayingCardError));
        assert!(Rank::Ace > Rank::King && Rank::Two < Rank::Three);
    }
}
