//! The assignment's `PigPlayer`: a name, the points banked in earlier turns, and the
//! points of the turn being played.

use std::fmt;
use std::str::FromStr;

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
    #[inline]
    pub const fn banked(&self) -> u32 {
        self.banked
    }

    /// `getTurnPoints()`: the points of the turn being played.
    #[inline]
    pub const fn turn_points(&self) -> u32 {
        self.turn_points
    }

    /// `getTotalPoints()`: banked plus turn points, the `Total Points` of every line.
    #[inline]
    pub const fn total(&self) -> u32 {
        self.banked + self.turn_points
    }

    /// `roll()`: adds a roll's points to the turn, or loses the turn's points on a bust.
    /// Returns the roll's points (0 for a bust).
    #[inline]
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
    #[inline]
    pub fn hold(&mut self) {
        self.banked += self.turn_points;
        self.turn_points = 0;
    }

    /// `hasWon()`: banked plus turn points reach the goal.
    #[inline]
    pub const fn has_won(&self, goal: u32) -> bool {
        self.total() >= goal
    }
}
/// A strategy as named on the command line: `hold:N` or `optimal`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StrategySpec {
    /// `hold:N` (N from 1; `hold` alone is `hold:20`).
    HoldAt(u32),
    /// `optimal`.
    Optimal,
}

impl StrategySpec {
    /// The assignment's computer player, `hold:20`.
    pub const ASSIGNMENT: StrategySpec = StrategySpec::HoldAt(20);

    /// Whether the strategy plays from a solved table.
    pub const fn needs_solution(self) -> bool {
        matches!(self, StrategySpec::Optimal)
    }
}

impl Default for StrategySpec {
    fn default() -> StrategySpec {
        StrategySpec::ASSIGNMENT
    }
}

impl fmt::Display for StrategySpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StrategySpec::HoldAt(n) => write!(f, "hold:{n}"),
            StrategySpec::Optimal => f.write_str("optimal"),
        }
    }
}

/// Why a strategy name was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StrategyError {
    /// Neither `hold:N` nor `optimal`.
    #[error("unknown strategy '{}': use hold:N (hold at N turn points, e.g. hold:20) or optimal", cards_core::input::quoted(.0))]
    Unknown(String),
    /// `hold:` with something that is not a number.
    #[error("'{}' is not a number of points: write hold:N, e.g. hold:20", cards_core::input::quoted(.0))]
    NotANumber(String),
    /// `hold:0` never rolls, so two such players would pass the dice forever.
    #[error("hold:0 never rolls, so a game could never end: use hold:1 or more")]
    Zero,
}

impl FromStr for StrategySpec {
    type Err = StrategyError;

    fn from_str(text: &str) -> Result<StrategySpec, StrategyError> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("optimal") {
            return Ok(StrategySpec::Optimal);
        }
        if text.eq_ignore_ascii_case("hold") {
            return Ok(StrategySpec::ASSIGNMENT);
        }
        let Some(number) = text
            .split_once(':')
            .filter(|(name, _)| name.eq_ignore_ascii_case("hold"))
            .map(|(_, number)| number.trim())
        else {
            return Err(StrategyError::Unknown(text.to_owned()));
        };
        match number.parse::<u32>() {
            Ok(0) => Err(StrategyError::Zero),
            Ok(n) => Ok(StrategySpec::HoldAt(n)),
            Err(_) => Err(StrategyError::NotANumber(number.to_owned())),
        }
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
