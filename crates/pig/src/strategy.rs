//! How a computer player decides: hold at a turn total, or play the solved strategy.
//! Each is an [`Agent`] of the protocol: it sees a seat's [`Observation`] and the legal
//! actions, and returns one of them; only the game changes the state.

use std::sync::Arc;

use cards_core::protocol::{Agent, Seat, Stop};

use crate::game::{Action, Game, Observation};
pub use crate::player::{StrategyError, StrategySpec};
use crate::solver::Solution;

/// `wanted`, if it is legal now; an agent never returns an action it was not offered.
pub(crate) fn offered(wanted: Action, legal: &[Action]) -> Result<Action, Stop> {
    if legal.contains(&wanted) {
        Ok(wanted)
    } else {
        Err(Stop::NoAction)
    }
}

/// Roll when `rolls`, hold otherwise.
#[inline]
const fn roll_if(rolls: bool) -> Action {
    if rolls { Action::Roll } else { Action::Hold }
}

/// The assignment's computer player with `HoldAt(20)`: rolls until the turn has this many
/// points or more, then holds. Reaching the goal wins before it gets to hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HoldAt(pub u32);

// ANCHOR: hold_at
impl Agent<Game> for HoldAt {
    #[inline]
    fn choose(&mut self, _: Seat, view: &Observation, _: &[Action]) -> Result<Action, Stop> {
        Ok(roll_if(view.turn_points < self.0))
    }

    /// Rolling and holding are both legal at every turn: the strategy needs no list.
    #[inline]
    fn wants_legal_actions(&self, _: Seat) -> bool {
        false
    }
}
// ANCHOR_END: hold_at

/// The solved strategy: rolls exactly when rolling gives the better chance of winning
/// (ties roll). It must be played with the rules and goal it was solved for.
#[derive(Clone, Debug)]
pub struct Optimal(pub Arc<Solution>);

impl Agent<Game> for Optimal {
    #[inline]
    fn choose(&mut self, _: Seat, view: &Observation, _: &[Action]) -> Result<Action, Stop> {
        let rolls = self
            .0
            .should_roll(view.my_score, view.opponent_score, view.turn_points);
        Ok(roll_if(rolls))
    }

    /// Rolling and holding are both legal at every turn: the strategy needs no list.
    #[inline]
    fn wants_legal_actions(&self, _: Seat) -> bool {
        false
    }
}

/// The strategies a [`StrategySpec`] names.
impl StrategySpec {
    /// The playing strategy; `optimal` needs the solution (the caller loads or computes
    /// it: see [`StrategySpec::needs_solution`]), and without one there is none.
    pub fn build(self, solution: Option<&Arc<Solution>>) -> Option<AnyStrategy> {
        match self {
            StrategySpec::HoldAt(n) => Some(AnyStrategy::HoldAt(HoldAt(n))),
            StrategySpec::Optimal => solution.map(|s| AnyStrategy::Optimal(Optimal(Arc::clone(s)))),
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

impl Agent<Game> for AnyStrategy {
    #[inline]
    fn choose(&mut self, seat: Seat, view: &Observation, legal: &[Action]) -> Result<Action, Stop> {
        match self {
            AnyStrategy::HoldAt(s) => s.choose(seat, view, legal),
            AnyStrategy::Optimal(s) => s.choose(seat, view, legal),
        }
    }

    #[inline]
    fn wants_legal_actions(&self, seat: Seat) -> bool {
        match self {
            AnyStrategy::HoldAt(s) => s.wants_legal_actions(seat),
            AnyStrategy::Optimal(s) => s.wants_legal_actions(seat),
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

    /// A name on the command line is quoted escaped: an escape sequence in it must not
    /// act on the terminal when the refusal is printed.
    #[test]
    fn refused_names_are_quoted_escaped() {
        let message = |text: &str| text.parse::<StrategySpec>().unwrap_err().to_string();
        assert!(message("\u{1b}[2J").starts_with("unknown strategy '\\u{1b}[2J'"));
        assert!(message("hold:\u{0}").starts_with("'\\u{0}' is not a number"));
    }

    #[test]
    fn hold_at_holds_at_its_total() {
        let view = |turn_points| Observation {
            goal: 100,
            my_score: 0,
            opponent_score: 0,
            turn_points,
            my_turn: true,
        };
        let choose = |turn_points| {
            HoldAt(20)
                .choose(0, &view(turn_points), &Action::ALL)
                .map_err(|e| e.to_string())
        };
        assert_eq!(choose(19), Ok(Action::Roll));
        assert_eq!(choose(20), Ok(Action::Hold));
        assert_eq!(choose(0), Ok(Action::Roll));
        // Both actions are always legal in Pig: the strategy reads no list of them.
        assert!(!HoldAt(20).wants_legal_actions(0));
        let unlisted = HoldAt(20).choose(0, &view(25), &[]);
        assert!(matches!(unlisted, Ok(Action::Hold)));
    }

    #[test]
    fn seats_ask_their_own_agent() {
        let mut seats = (HoldAt(5), HoldAt(50));
        let view = Observation {
            goal: 100,
            my_score: 0,
            opponent_score: 0,
            turn_points: 10,
            my_turn: true,
        };
        let choose = |seats: &mut (HoldAt, HoldAt), seat| {
            seats
                .choose(seat, &view, &Action::ALL)
                .map_err(|e| e.to_string())
        };
        assert_eq!(choose(&mut seats, 0), Ok(Action::Hold));
        assert_eq!(choose(&mut seats, 1), Ok(Action::Roll));
        assert_eq!(
            choose(&mut seats, 2),
            Err("nobody sits in seat 3".to_owned())
        );
    }
}
