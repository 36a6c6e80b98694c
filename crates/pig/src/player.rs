//! The assignment's `PigPlayer`: a name, the points banked in earlier turns, and the
//! points of the turn being played.

use crate::dice::{Score, Throw};

/// The assignment's `PigPlayer`: a name, the points banked in earlier turns, and the
/// points of the turn being played.
///
/// Java's `PigPlayer` owned its `PigDice`; here [`PigPlayer::roll`] takes the throw, so
/// the same player serves seeded games, dice files, tests and the solver's rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PigPlayer {
    name: &'static str,
    banked: u32,
    turn_points: u32,
}

impl PigPlayer {
    /// A player with no points.
    pub const fn new(name: &'static str) -> PigPlayer {
        PigPlayer {
            name,
            banked: 0,
            turn_points: 0,
        }
    }

    /// `getName()`.
    pub const fn name(&self) -> &'static str {
        self.name
    }

    /// The points banked by holding in earlier turns.
    pub const fn banked(&self) -> u32 {
        self.banked
    }

    /// `getTurnPoints()`: the points of the turn being played.
    pub const fn turn_points(&self) -> u32 {
        self.turn_points
    }

    /// `getTotalPoints()`: banked plus turn points, the `Total Points` of every line.
    pub const fn total(&self) -> u32 {
        self.banked + self.turn_points
    }

    /// `roll()`: adds a roll's points to the turn, or loses the turn's points on a bust.
    /// Returns the roll's points (0 for a bust).
    pub fn roll(&mut self, throw: Throw) -> u32 {
        match throw.score() {
            Score::Points(points) => {
                self.turn_points += points;
                points
            }
            Score::Bust => {
                self.turn_points = 0;
                0
            }
        }
    }

    /// `hold()`: banks the turn's points.
    pub fn hold(&mut self) {
        self.banked += self.turn_points;
        self.turn_points = 0;
    }

    /// `hasWon()`: banked plus turn points reach the goal.
    pub const fn has_won(&self, goal: u32) -> bool {
        self.total() >= goal
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::PigDice;
    use pretty_assertions::assert_eq;

    /// The assignment's example: 10 banked and 3 in the turn, then (2,2), doubles, adds
    /// 2·4 = 8: 11 in the turn, 21 in all; snake eyes then lose the turn's 11, and a
    /// hold banks nothing more.
    #[test]
    fn a_player_rolls_and_holds_as_the_assignment_says() {
        let dice = |a, b| Throw::Pair(PigDice::new(a, b).unwrap_or_else(|| panic!("({a},{b})")));
        let mut player = PigPlayer::new("Human");
        assert_eq!(player.roll(dice(4, 6)), 10);
        player.hold();
        assert_eq!(player.roll(dice(1, 2)), 3);
        assert_eq!(player.roll(dice(2, 2)), 8);
        assert_eq!(
            (player.banked(), player.turn_points(), player.total()),
            (10, 11, 21)
        );
        assert!(player.has_won(21) && !player.has_won(22));
        assert_eq!(player.roll(dice(1, 1)), 0);
        player.hold();
        assert_eq!(
            (player.name(), player.banked(), player.total()),
            ("Human", 10, 10)
        );
    }
}
