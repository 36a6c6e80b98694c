//! `Card`: the assignment's `Card` class, a playing card that compares by rank alone.

use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;

use cards_core::{PlayingCard, Rank, Suit, french::PlayingCardError};

/// A card as War sees it (the assignment's `Card implements Comparable`).
///
/// It wraps a [`cards_core::PlayingCard`] and keeps its suit, so hands print as `6C`,
/// `10H`, `AS`, but **equality, order and hashing look at the rank alone**: `10H == 10S`
/// and `AS > KH`, exactly War's comparison. `Eq` agrees with `Ord` on purpose (a
/// rank-only `Ord` beside a rank-and-suit `Eq` would break sorting and collections).
/// To tell two physical cards apart use [`Card::same_card`], [`Card::playing_card`] or
/// [`Card::index`]; tests compare hands through their printed form, which shows suits.
#[derive(Clone, Copy, Debug)]
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

    /// `getSuit()`: shown, never compared.
    pub const fn suit(self) -> Suit {
        self.0.suit()
    }

    /// The underlying playing card, with its rank-then-suit identity.
    pub const fn playing_card(self) -> PlayingCard {
        self.0
    }

    /// A dense index (0–51) that tells every physical card apart.
    pub const fn index(self) -> usize {
        self.0.index()
    }

    /// Whether `self` and `other` are the same physical card (rank *and* suit), unlike
    /// `==`, which is War's rank-only comparison.
    pub const fn same_card(self, other: Card) -> bool {
        self.0.index() == other.0.index()
    }

    /// The 52 cards in a fixed order (suit by suit, 2 to ace), before any shuffle.
    pub fn deck() -> [Card; 52] {
        let mut deck = [Card::new(Rank::Two, Suit::Clubs); 52];
        for (slot, card) in deck.iter_mut().zip(PlayingCard::deck()) {
            *slot = Card(card);
        }
        deck
    }
}

impl From<PlayingCard> for Card {
    fn from(card: PlayingCard) -> Card {
        Card(card)
    }
}

impl PartialEq for Card {
    /// Same rank: a tie in War, whatever the suits.
    fn eq(&self, other: &Card) -> bool {
        self.rank() == other.rank()
    }
}

impl Eq for Card {}

impl PartialOrd for Card {
    fn partial_cmp(&self, other: &Card) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Card {
    /// `compareTo(Card)`: by rank, 2 lowest and ace highest; suits make no difference.
    fn cmp(&self, other: &Card) -> Ordering {
        self.rank().cmp(&other.rank())
    }
}

impl Hash for Card {
    /// Hashes the rank alone, to agree with `Eq`.
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.rank().hash(state);
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
    fn compares_by_rank_alone() {
        assert!(card("AS") > card("KH"));
        assert!(card("2C") < card("3C"));
        assert!(card("10H") > card("9S"));
        assert_eq!(card("10H"), card("10S"));
        assert!(!card("10H").same_card(card("10S")));
        assert!(card("10H").same_card(card("10H")));
        let mut hand = [card("AS"), card("2D"), card("JC"), card("10H")];
        hand.sort();
        let shown: Vec<String> = hand.iter().map(ToString::to_string).collect();
        assert_eq!(shown, ["2D", "10H", "JC", "AS"]);
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
    fn deck_holds_every_card_once() {
        let mut seen = [false; 52];
        for c in Card::deck() {
            assert!(!seen[c.index()], "{c} twice");
            seen[c.index()] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }
}
