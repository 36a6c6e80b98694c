//! `Player`: a name, a hand, and whether a person or a bot plays it.

use crate::card::Card;

// ANCHOR: player_struct
/// `Player`: one seat at the table.
///
/// The hand keeps the order in which cards were received (a drawn card goes to the end);
/// the console sorts it only for display.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    name: String,
    pub(crate) hand: Vec<Card>,
    human: bool,
}
// ANCHOR_END: player_struct

impl Player {
    /// The person at the terminal, named `name`, with an empty hand.
    pub fn human(name: impl Into<String>) -> Player {
        Player {
            name: name.into(),
            hand: Vec::new(),
            human: true,
        }
    }

    /// A bot with an empty hand, named after its seat as the assignment's solutions do:
    /// `Player 2` for the second seat (`seat` counts from 0).
    pub fn bot(seat: usize) -> Player {
        Player {
            name: format!("Player {}", seat + 1),
            hand: Vec::new(),
            human: false,
        }
    }

    // ANCHOR: player_methods
    /// `getName()`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// `getHand()`: the cards held, in the order received.
    pub fn hand(&self) -> &[Card] {
        &self.hand
    }

    /// Whether a person plays this seat.
    pub fn is_human(&self) -> bool {
        self.human
    }

    /// `hasWon()`: whether the hand is empty (checked only once cards are dealt).
    pub fn has_won(&self) -> bool {
        self.hand.is_empty()
    }
    // ANCHOR_END: player_methods
}
