//! Assignment 4's `Player` class: a name, a hand kept in the order received, and a way
//! of choosing a card ([`Strategy`], which also chooses for the player as the protocol's
//! agent).

use std::fmt;

use cards_core::ColorCard;

use crate::strategy::Strategy;

/// The longest name a player may have, in characters, from a deal file or a recording:
/// it starts every line of the game's output.
pub const MAX_NAME: usize = 40;

/// A player: name, hand and strategy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    name: String,
    hand: Vec<ColorCard>,
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
            // A hand never holds more than the 32 cards of the deck: reserving them
            // once keeps play free of allocation.
            hand: Vec::with_capacity(32),
            strategy,
        }
    }

    /// The player's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The hand, oldest card first.
    pub fn hand(&self) -> &[ColorCard] {
        &self.hand
    }

    /// The player's strategy.
    pub fn strategy(&self) -> Strategy {
        self.strategy
    }

    /// `addCardToHand(Card)`: the card goes to the end of the hand.
    pub fn add_card_to_hand(&mut self, card: ColorCard) {
        self.hand.push(card);
    }

    /// `removeCardFromHand(Card)`: whether the card was there.
    pub fn remove_card_from_hand(&mut self, card: ColorCard) -> bool {
        match self.hand.iter().position(|&held| held == card) {
            Some(index) => {
                self.hand.remove(index);
                true
            }
            None => false,
        }
    }

    // ANCHOR: player_find_match
    /// `findMatch(Card)`: the card this player's strategy would play on `card`.
    pub fn find_match(&self, card: ColorCard) -> Option<ColorCard> {
        self.strategy
            .find_match(&self.hand, card)
            .map(|index| self.hand[index])
    }
    // ANCHOR_END: player_find_match

    /// `hasWon()`: whether the hand is empty.
    pub fn has_won(&self) -> bool {
        self.hand.is_empty()
    }

    pub(crate) fn hand_mut(&mut self) -> &mut Vec<ColorCard> {
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
    use pretty_assertions::assert_eq;

    fn card(text: &str) -> ColorCard {
        text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn hand_keeps_the_order_received() {
        let mut alice = Player::new("Alice");
        for text in ["R8", "G8", "Y4", "G2", "B1"] {
            alice.add_card_to_hand(card(text));
        }
        assert_eq!(alice.find_match(card("G4")), Some(card("G8")));
        assert!(alice.remove_card_from_hand(card("G8")));
        assert!(!alice.remove_card_from_hand(card("G8")));
        assert_eq!(alice.to_string(), "Alice R8 Y4 G2 B1");
        assert!(!alice.has_won());
    }

    #[test]
    fn an_empty_hand_prints_the_name_alone() {
        let carol = Player::new("Carol");
        assert!(carol.has_won());
        assert_eq!(format!("{carol}: Y4"), "Carol: Y4");
    }
}
