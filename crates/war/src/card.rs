//! `Card`: the assignment's `Card` class, a playing card; War's comparison of two cards
//! is by rank alone, and asked for by name.

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use cards_core::{PlayingCard, Rank, Suit, french::PlayingCardError};

/// A card as War sees it (the assignment's `Card implements Comparable`).
///
/// It wraps a [`cards_core::PlayingCard`], so hands print as `6C`, `10H`, `AS`. A card
/// is one physical card: equality and hashing look at rank *and* suit (`10H != 10S`), so
/// a set of cards keeps every suit, and the order (`Ord`, for sorting and ordered
/// collections) is rank first, then suit. War's rule compares ranks alone, and says so:
/// [`Card::rank`], or [`Card::compare_rank`] (the assignment's `compareTo`), for which
/// `10H` and `10S` tie and `AS` beats `KH`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(PlayingCard);

impl Card {
    /// The card of this rank and suit.
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card(PlayingCard::new(rank, suit))
    }

    /// `getValue()`: the rank, which alone decides battles.
    pub const fn rank(self) -> Rank {
        self.0.rank()
    }

    /// `getSuit()`: shown, never compared by War's rule.
    pub const fn suit(self) -> Suit {
        self.0.suit()
    }

    // ANCHOR: compare_rank
    /// `compareTo(Card)`: War's comparison, by rank alone, 2 lowest and ace highest;
    /// `Equal` is a tie (and a war), whatever the suits.
    pub fn compare_rank(self, other: Card) -> Ordering {
        self.rank().cmp(&other.rank())
    }
    // ANCHOR_END: compare_rank

    /// The underlying playing card.
    pub const fn playing_card(self) -> PlayingCard {
        self.0
    }

    /// A dense index (0–51) that tells every physical card apart.
    pub const fn index(self) -> usize {
        self.0.index()
    }

    /// The 52 cards in a fixed order (suit by suit, 2 to ace, as
    /// [`PlayingCard::deck`]), before any shuffle.
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

impl From<PlayingCard> for Card {
    fn from(card: PlayingCard) -> Card {
        Card(card)
    }
}

impl FromStr for Card {
    type Err = PlayingCardError;

    /// Parses `6C`, `10H`, `AS` (either case).
    fn from_str(text: &str) -> Result<Card, PlayingCardError> {
        text.parse().map(Card)
    }
}

impl fmt::Display for Card {
    /// `toString()`: rank then suit letter, `6C`, `10H`, `AS`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
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
    }

    #[test]
    fn deck_is_the_playing_cards_deck() {
        let ours: Vec<PlayingCard> = Card::deck().iter().map(|c| c.playing_card()).collect();
        assert_eq!(ours, PlayingCard::deck().collect::<Vec<_>>());
    }

    #[test]
    fn deck_holds_every_card_once() {
        let mut seen = [false; 52];
        for c in Card::deck() {
            assert!(!seen[c.index()], "{c} twice");
            seen[c.index()] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }
}
