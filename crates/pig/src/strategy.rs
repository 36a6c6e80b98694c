//! How a computer player decides: hold at a turn total, or play the solved strategy.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use crate::solver::Solution;
use crate::state::{Move, TurnView};

/// A computer player's decision rule: the assignment's bonus (any strategy can play) as a
/// trait. Strategies see only a [`TurnView`] and are pure, so simulations can share
/// them between threads.
pub trait Strategy {
    /// Whether to roll (`true`) or hold in this position.
    fn wants_roll(&self, view: &TurnView) -> bool;

    /// The decision as a [`Move`].
    fn decide(&self, view: &TurnView) -> Move {
        if self.wants_roll(view) {
            Move::Roll
        } else {
            Move::Hold
        }
    }
}

/// The assignment's computer player with `HoldAt(20)`: rolls until the turn has this many
/// points or more, then holds. Reaching the goal wins before it gets to hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HoldAt(pub u32);

impl Strategy for HoldAt {
    fn wants_roll(&self, view: &TurnView) -> bool {
        view.turn_points < self.0
    }
}

/// The solved strategy: rolls exactly when rolling gives the better chance of winning
/// (ties roll). It must be played with the rules and goal it was solved for.
#[derive(Clone, Debug)]
pub struct Optimal(pub Arc<Solution>);

impl Strategy for Optimal {
    fn wants_roll(&self, view: &TurnView) -> bool {
        self.0
            .should_roll(view.my_score, view.opponent_score, view.turn_points)
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

    /// The playing strategy; `optimal` needs the solution (the caller loads or computes
    /// it: see [`StrategySpec::needs_solution`]).
    pub fn build(self, solution: Option<&Arc<Solution>>) -> Option<AnyStrategy> {
        match self {
            StrategySpec::HoldAt(n) => Some(AnyStrategy::HoldAt(HoldAt(n))),
            StrategySpec::Optimal => solution.map(|s| AnyStrategy::Optimal(Optimal(Arc::clone(s)))),
        }
    }

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
    #[error("unknown strategy '{0}': use hold:N (hold at N turn points, e.g. hold:20) or optimal")]
    Unknown(String),
    /// `hold:` with something that is not a number.
    #[error("'{0}' is not a number of points: write hold:N, e.g. hold:20")]
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

/// Any of the strategies the command line can name, as one type.
#[derive(Clone, Debug)]
pub enum AnyStrategy {
    /// `hold:N`.
    HoldAt(HoldAt),
    /// `optimal`.
    Optimal(Optimal),
}

impl Strategy for AnyStrategy {
    fn wants_roll(&self, view: &TurnView) -> bool {
        match self {
            AnyStrategy::HoldAt(s) => s.wants_roll(view),
            AnyStrategy::Optimal(s) => s.wants_roll(view),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn parses_names() {
        let cases = [
            ("hold:20", Ok(StrategySpec::HoldAt(20))),
            ("HOLD:5", Ok(StrategySpec::HoldAt(5))),
            ("hold", Ok(StrategySpec::HoldAt(20))),
            ("optimal", Ok(StrategySpec::Optimal)),
            ("hold:0", Err(StrategyError::Zero)),
            ("hold:x", Err(StrategyError::NotANumber("x".into()))),
            ("greedy", Err(StrategyError::Unknown("greedy".into()))),
        ];
        for (text, want) in cases {
            assert_eq!(text.parse::<StrategySpec>(), want, "{text}");
        }
        assert_eq!(StrategySpec::HoldAt(7).to_string(), "hold:7");
    }

    #[test]
    fn hold_at_holds_at_its_total() {
        let view = |turn_points| TurnView {
            goal: 100,
            my_score: 0,
            opponent_score: 0,
            turn_points,
        };
        assert_eq!(HoldAt(20).decide(&view(19)), Move::Roll);
        assert_eq!(HoldAt(20).decide(&view(20)), Move::Hold);
        assert_eq!(HoldAt(20).decide(&view(0)), Move::Roll);
    }
}
