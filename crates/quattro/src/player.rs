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

    /// The card played leaves the hand: the first `card` held goes, the others keep their
    /// order (Java's `hand.remove(card)`). Nothing happens if the hand holds none.
    #[inline]
    pub(crate) fn remove_card(&mut self, card: Card) {
        let Some(at) = self.hand.iter().position(|&held| held == card) else {
            return;
        };
        // The cards after it move up one by one: `Vec::remove` calls `memmove` whatever
        // the length, which costs more than the shift itself in a hand of three or four
        // cards (BENCHMARKS.md, issue 42's third pass).
        for i in at..self.hand.len() - 1 {
            self.hand[i] = self.hand[i + 1];
        }
        self.hand.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::cards;
    use pretty_assertions::assert_eq;

    /// The hand keeps the order received when a card is played from anywhere in it (the
    /// bot's ties and the console's numbers go by that order); of a card held twice, the
    /// first goes.
    #[test]
    fn a_played_card_leaves_the_others_in_order() {
        let cases = [
            ("R1 G2 B3", "R1", "G2 B3"),
            ("R1 G2 B3", "G2", "R1 B3"),
            ("R1 G2 B3", "B3", "R1 G2"),
            ("W", "W", ""),
            ("W+4 Y5 W+4 RS", "W+4", "Y5 W+4 RS"),
            ("R1 G2", "B9", "R1 G2"),
            ("", "R1", ""),
        ];
        for (hand, played, left) in cases {
            let mut player = Player::bot(0);
            player.hand = cards(hand);
            player.remove_card(cards(played)[0]);
            assert_eq!(player.hand(), cards(left), "{played} from {hand}");
        }
    }
}
