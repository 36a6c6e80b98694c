//! Assignment 4's `Player` class: a name, a hand kept in the order received, and a way
//! of choosing a card ([`Strategy`], which also chooses for the player as the protocol's
//! agent).
//!
//! The hand is the Java `ArrayList` of cards in the order received, as a [`Hand`]: the
//! same few operations (add at the end, remove, go through in order), held inline in the
//! deck's 32 slots, which also knows where each colour and number lies, so that a
//! strategy's "first card that matches" is a lookup rather than a scan.

use std::fmt;

pub use crate::hand::HandFull;
use cards_core::ColorCard;

pub use crate::deck::Hand;
use crate::strategy::Strategy;

/// The longest name a player may have, in characters, from a deal file or a recording:
/// it starts every line of the game's output.
pub const MAX_NAME: usize = 40;

/// A player: name, hand and strategy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    name: String,
    hand: Hand,
    strategy: Strategy,
}

impl Player {
    /// `Player(String name)`: a basic player with an empty hand.
    pub fn new(name: impl Into<String>) -> Player {
        Player::with_strategy(name, Strategy::Basic)
    }

    /// A player who chooses cards with `strategy` (the Java subclasses).
    pub fn with_strategy(name: impl Into<String>, strategy: Strategy) -> Player {
        Player {
            name: name.into(),
            hand: Hand::new(),
            strategy,
        }
    }

    /// The player's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The hand, oldest card first (it derefs to the slice of its cards).
    pub fn hand(&self) -> &Hand {
        &self.hand
    }

    /// The player's strategy.
    pub fn strategy(&self) -> Strategy {
        self.strategy
    }

    /// `addCardToHand(Card)`: the card goes to the end of the hand; refused when the hand
    /// already holds 32 cards, as many as the deck (only a game set up by hand with more
    /// cards than the deck can come to that).
    #[inline]
    pub fn add_card_to_hand(&mut self, card: ColorCard) -> Result<(), HandFull> {
        self.hand.push(card)
    }

    /// `removeCardFromHand(Card)`: whether the card was there (the first of them goes).
    #[inline]
    pub fn remove_card_from_hand(&mut self, card: ColorCard) -> bool {
        self.hand.remove_card(card)
    }

    // ANCHOR: player_find_match
    /// `findMatch(Card)`: the card this player's strategy would play on `card`.
    pub fn find_match(&self, card: ColorCard) -> Option<ColorCard> {
        self.strategy
            .find_match(&self.hand, card)
            .map(|place| self.hand[place])
    }
    // ANCHOR_END: player_find_match

    /// `hasWon()`: whether the hand is empty.
    pub fn has_won(&self) -> bool {
        self.hand.is_empty()
    }

    pub(crate) fn hand_mut(&mut self) -> &mut Hand {
        &mut self.hand
    }
}

impl fmt::Display for Player {
    /// `toString()`: the name and the hand, separated by spaces (`Alice R8 Y4`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)?;
        for card in &self.hand {
            write!(f, " {card}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deck::DECK_SIZE;
    use pretty_assertions::assert_eq;

    fn card(text: &str) -> ColorCard {
        text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn hand_keeps_the_order_received() {
        let mut alice = Player::new("Alice");
        for text in ["R8", "G8", "Y4", "G2", "B1"] {
            alice.add_card_to_hand(card(text)).unwrap();
        }
        assert_eq!(alice.find_match(card("G4")), Some(card("G8")));
        assert!(alice.remove_card_from_hand(card("G8")));
        assert!(!alice.remove_card_from_hand(card("G8")));
        assert_eq!(alice.to_string(), "Alice R8 Y4 G2 B1");
        assert!(!alice.has_won());
    }

    /// The hand holds the deck's 32 cards and refuses a 33rd, as a Java `ArrayList`
    /// never would: only a game set up by hand can hold more cards than the deck.
    #[test]
    fn a_hand_holds_the_decks_cards_and_refuses_one_more() {
        let mut bob = Player::new("Bob");
        for card in crate::deck::full_deck() {
            bob.add_card_to_hand(card).unwrap();
        }
        assert_eq!(
            bob.add_card_to_hand(card("R1")),
            Err(HandFull { max: DECK_SIZE })
        );
        assert_eq!(bob.hand().len(), DECK_SIZE);
        assert!(bob.remove_card_from_hand(card("B8")));
        assert_eq!(bob.hand().last(), Some(&card("B7")));
    }

    #[test]
    fn an_empty_hand_prints_the_name_alone() {
        let carol = Player::new("Carol");
        assert!(carol.has_won());
        assert_eq!(format!("{carol}: Y4"), "Carol: Y4");
    }
}
