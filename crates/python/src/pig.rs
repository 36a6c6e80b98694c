//! Pig from Python, both rule sets: the protocol's state machine ([`PigState`]), its
//! strategies as policies ([`HoldAt`], [`Optimal`]), and a batched call that plays many
//! games natively ([`play_pig`]). The PettingZoo environment is written in Python on top
//! of these (`python/cardgames/pig.py`).
//!
//! Chance happens inside, from the seed: a state made with seed `s` draws its dice from
//! `cards_core::rng::rng_from_seed(s)`, as `pig --seed s` and `pig dice --seed s` do, so
//! the same seed gives the same rolls as the binary whoever plays. Every refused action
//! raises `ValueError` and changes nothing (the protocol's promise, kept by
//! `GameState::apply`).

use std::sync::Arc;

use ::pig::dice::Throw;
use ::pig::game::{Action, Event, Game};
use ::pig::rules::Rules;
use ::pig::simulate::{Setup, WithSeats};
use ::pig::solver::{Solution, check_goal as solver_goal, solve};
use ::pig::strategy::StrategySpec;
use cards_core::protocol::{Actor, Agent, GameState};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use serde_json::Value;

use crate::common::{TallyBytes, batch_size, broken, no_seat, play_through_harness};
use crate::face::{FaceState, PyGame, face_state, setup_from};

fn throw_faces(throw: Throw) -> Vec<u32> {
    match throw {
        Throw::Pair(dice) => vec![u32::from(dice.die1()), u32::from(dice.die2())],
        Throw::Single(face) => vec![u32::from(face)],
    }
}

impl PyGame for Game {
    /// Every throw since the start.
    type Told = Vec<Throw>;

    fn decode(action: i64) -> PyResult<Action> {
        match action {
            0 => Ok(Action::Roll),
            1 => Ok(Action::Hold),
            _ => Err(PyValueError::new_err(format!(
                "action {action} is not a Pig action: 0 is roll, 1 is hold"
            ))),
        }
    }

    fn encode(action: Action) -> PyResult<i64> {
        Ok(match action {
            Action::Roll => 0,
            Action::Hold => 1,
        })
    }

    fn told(&self, _: &::pig::face::Setup) -> PyResult<Vec<Throw>> {
        Ok(Vec::new())
    }

    fn tell(&self, throws: &mut Vec<Throw>, events: &[Event]) -> PyResult<()> {
        throws.extend(events.iter().filter_map(|event| match *event {
            Event::Rolled { throw, .. } => Some(throw),
            _ => None,
        }));
        Ok(())
    }
}

face_state!(
    /// A game of Pig and its dice: the protocol's state, from Python.
    PigState(Game) [] {
    /// A new game: `rules` is "two-dice" (the assignment's) or "classic" (one die),
    /// `goal` the points to win (100), and any other option of Pig's setup by name
    /// (`computer`, which only the page and `setup()` read); the dice come from `seed` as
    /// `pig --seed SEED` throws them.
    #[new]
    #[pyo3(signature = (seed = 0, rules = None, goal = None, **options))]
    fn new(
        seed: u64,
        rules: Option<Bound<'_, PyAny>>,
        goal: Option<Bound<'_, PyAny>>,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<PigState> {
        let named = [("rules", rules), ("goal", goal)];
        Ok(PigState {
            state: FaceState::new(seed, &named, options)?,
        })
    }

    /// The rules' name: "two-dice" or "classic".
    #[getter]
    fn rules(&self) -> String {
        self.state.game.rules().variant().to_string()
    }

    /// The points needed to win.
    #[getter]
    fn goal(&self) -> u32 {
        self.state.game.goal()
    }

    /// The chance node's outcomes with their probabilities: `(index, p)`, index into
    /// `chance_faces()`.
    fn chance_outcomes(&self) -> Vec<(usize, f64)> {
        if self.state.game.actor() != Actor::Chance {
            return Vec::new();
        }
        let outcomes = self.state.game.rules().variant().outcomes();
        let p = 1.0 / outcomes.len() as f64;
        (0..outcomes.len()).map(|index| (index, p)).collect()
    }

    /// The faces of chance outcome `index`: `[a, b]` for two dice, `[face]` for one.
    fn chance_faces(&self, index: usize) -> PyResult<Vec<u32>> {
        let outcomes = self.state.game.rules().variant().outcomes();
        outcomes
            .get(index)
            .map(|&throw| throw_faces(throw))
            .ok_or_else(|| PyValueError::new_err(format!("no chance outcome {index}")))
    }

    /// Carries out chance outcome `index` (of `chance_outcomes()`); raises ValueError,
    /// changing nothing, if the dice do not roll now or there is no such outcome.
    fn apply_chance(&mut self, index: usize) -> PyResult<()> {
        let outcomes = self.state.game.rules().variant().outcomes();
        let throw = *outcomes
            .get(index)
            .ok_or_else(|| PyValueError::new_err(format!("no chance outcome {index}")))?;
        self.state.apply_chance(&throw)
    }

    /// What `seat` sees (everything in Pig is public): `[goal, my_score,
    /// opponent_score, turn_points, my_turn]`; ValueError for a seat past the table.
    fn observation(&self, seat: usize) -> PyResult<Vec<u32>> {
        let view = self
            .state
            .game
            .observe(seat)
            .ok_or_else(|| no_seat("Pig", seat, 2))?;
        Ok(vec![
            view.goal,
            view.my_score,
            view.opponent_score,
            view.turn_points,
            u32::from(view.my_turn),
        ])
    }

    /// The banked points of both seats.
    fn scores(&self) -> (u32, u32) {
        (self.state.game.player(0).banked(), self.state.game.player(1).banked())
    }

    /// Turns begun so far, the one being played included.
    fn turns(&self) -> u32 {
        self.state.game.turns()
    }

    /// Every throw so far, as faces (`[a, b]` or `[face]`), in order: the lines of
    /// `pig dice --seed SEED`.
    fn throws(&self) -> Vec<Vec<u32>> {
        self.state
            .told
            .iter()
            .map(|&throw| throw_faces(throw))
            .collect()
    }

    fn __repr__(&self) -> String {
        let (a, b) = self.scores();
        format!(
            "PigState(rules={:?}, goal={}, scores=({a}, {b}), turn_points={}, current_player={})",
            self.state.game.rules().variant().to_string(),
            self.state.game.goal(),
            self.state.game.player(self.state.game.current()).turn_points(),
            self.current_player()
        )
    }
});

/// The assignment's computer: roll until the turn holds `n` points, then hold.
#[pyclass(module = "cardgames._native", frozen)]
pub struct HoldAt {
    n: u32,
}

#[pymethods]
impl HoldAt {
    #[new]
    fn new(n: u32) -> PyResult<HoldAt> {
        if n == 0 {
            return Err(PyValueError::new_err(
                "hold at 0 would never roll: give n >= 1",
            ));
        }
        Ok(HoldAt { n })
    }

    /// The action (0 roll, 1 hold) for an observation as `PigState.observation` gives it.
    fn action(&self, observation: Vec<u32>) -> PyResult<i64> {
        let turn_points = *observation
            .get(3)
            .ok_or_else(|| PyValueError::new_err("a Pig observation has 5 fields"))?;
        Ok(if turn_points < self.n { 0 } else { 1 })
    }
}

/// The solved strategy: rolls exactly when rolling gives the better chance of winning,
/// from the solver's table (value iteration, about a second for goal 100).
#[pyclass(module = "cardgames._native", frozen)]
pub struct Optimal {
    solution: Arc<Solution>,
}

#[pymethods]
impl Optimal {
    #[new]
    #[pyo3(signature = (rules = "two-dice", goal = 100))]
    fn new(py: Python<'_>, rules: &str, goal: u32) -> PyResult<Optimal> {
        let rules = rules_of(&[("rules", rules.into()), ("goal", goal.into())])?;
        let solution = py
            .detach(|| solve(rules))
            .map_err(|error| PyValueError::new_err(error.to_string()))?;
        Ok(Optimal {
            solution: Arc::new(solution),
        })
    }

    /// The action (0 roll, 1 hold) for an observation as `PigState.observation` gives it.
    fn action(&self, observation: Vec<u32>) -> PyResult<i64> {
        let [_, mine, theirs, turn, _] = observation[..] else {
            return Err(PyValueError::new_err("a Pig observation has 5 fields"));
        };
        Ok(if self.solution.should_roll(mine, theirs, turn) {
            0
        } else {
            1
        })
    }

    /// The solver's table: the chance that the player to act wins with `i` banked
    /// points, the opponent `j`, and `k` points in the turn (None off the table).
    fn value(&self, i: u32, j: u32, k: u32) -> Option<f64> {
        self.solution.value(i, j, k)
    }

    /// The chance that the first player wins, both playing optimally.
    fn first_player_wins(&self) -> f64 {
        self.solution.first_player_wins()
    }
}

/// Plays `games` games of strategy `a` (moving first) against `b` natively, as `pig
/// simulate --seed SEED` does (game `i` from `stream_rng(seed, i)`), on one thread.
/// Strategies as on the command line: "hold:N" or "optimal". Returns `(winners,
/// turns)`: bytes of one `u8` a game (the winner's seat) and of one little-endian
/// `u32` a game; `cardgames.pig.play_batch` turns them into numpy arrays.
#[pyfunction]
#[pyo3(signature = (games, seed = 1, a = "hold:20", b = "hold:20", rules = "two-dice", goal = 100))]
pub fn play_pig<'py>(
    py: Python<'py>,
    games: u64,
    seed: u64,
    a: &str,
    b: &str,
    rules: &str,
    goal: u32,
) -> PyResult<(Bound<'py, PyBytes>, Bound<'py, PyBytes>)> {
    let rules = rules_of(&[("rules", rules.into()), ("goal", goal.into())])?;
    let spec = |text: &str| -> PyResult<StrategySpec> {
        text.parse()
            .map_err(|error| PyValueError::new_err(format!("strategy {text:?}: {error}")))
    };
    let (a, b) = (spec(a)?, spec(b)?);
    let optimal = a == StrategySpec::Optimal || b == StrategySpec::Optimal;
    if optimal {
        // The solver's own, narrower, range: a refused request, not a broken invariant.
        solver_goal(rules).map_err(|error| PyValueError::new_err(error.to_string()))?;
    }
    batch_size(games)?;
    // The solver's table and the games alike are worked out without the GIL.
    let play = move || -> Result<TallyBytes<1>, String> {
        let solution = match optimal {
            true => Some(Arc::new(solve(rules).map_err(|e| e.to_string())?)),
            false => None,
        };
        let build = |spec: StrategySpec| {
            spec.build(solution.as_ref())
                .ok_or_else(|| "the optimal strategy has no table".to_owned())
        };
        let setup = Setup {
            rules,
            a: (build(a)?, a.to_string()),
            b: (build(b)?, b.to_string()),
        };
        setup.with_seats_typed(Batch { games, seed })
    };
    let (winners, [turns]) = py.detach(play).map_err(broken)?;
    Ok((PyBytes::new(py, &winners), PyBytes::new(py, &turns)))
}

/// Plays a setup's games, its strategies as their own types, as `pig simulate` does.
struct Batch {
    games: u64,
    seed: u64,
}

impl WithSeats for Batch {
    type Output = Result<TallyBytes<1>, String>;

    fn with<A, B>(self, setup: Setup<A, B>) -> Self::Output
    where
        A: Agent<Game> + Clone + Send + Sync,
        B: Agent<Game> + Clone + Send + Sync,
    {
        play_through_harness(setup, self.games, self.seed)
    }
}

/// The game's rules (dice and goal) from options named as Python names them, refused
/// as `PigState(...)` refuses them.
fn rules_of(named: &[(&str, Value)]) -> PyResult<Rules> {
    setup_from::<Game>(named)?
        .check()
        .map_err(PyValueError::new_err)
}

/// Adds Pig's classes and functions to the module.
pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<PigState>()?;
    module.add_class::<HoldAt>()?;
    module.add_class::<Optimal>()?;
    module.add_function(wrap_pyfunction!(play_pig, module)?)?;
    Ok(())
}
