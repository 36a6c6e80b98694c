//! Every game's state class written once over its face ([`cards_core::face::Face`]):
//! [`FaceState`] holds a game with its seeded chance and what a recording and the
//! page's view need (the start, the actions, the face's memo, the last step's events),
//! and [`face_state!`] declares a game's Python class round it, with the methods every
//! game has. What stays in a game's file is what the face does not give: the fixed
//! numeric action encoding of its PettingZoo environment ([`PyGame`]), its observation
//! tensor, its chance outcomes as Python gives them, its policies and its batched play.
//!
//! A setup comes from Python as keyword options, read by the face's own setup
//! ([`cards_core::face::setup_from_map`]): the names a recording and a web request use,
//! a Python keyword's `_` standing for the option's `-` (`max_battles` is
//! `max-battles`, which `**{"max-battles": 5}` also gives).

use cards_core::face::{Face, Line, Viewer, options_of, setup_from_map};
use cards_core::input::quoted;
use cards_core::protocol::{Actor, Seat};
use cards_core::replay::record;
use cards_core::rng::{GameRng, rng_from_seed};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyString};
use serde::Serialize;
use serde_json::{Map, Value};

use crate::common::{apply_action, apply_chance, broken, no_seat, refused};

/// What the Python module adds to a game's face: the fixed action numbers of its
/// PettingZoo environment, and what its state keeps of the steps beside the game (the
/// binary's text of a step, for the games whose environment renders it).
pub trait PyGame: Face {
    /// What the state keeps of the steps since its start, beside the game.
    type Told: Clone + Send;

    /// The action numbered `action`; a ValueError naming the numbers for one that is no
    /// action.
    fn decode(action: i64) -> PyResult<Self::Action>;

    /// The number of `action`.
    fn encode(action: Self::Action) -> PyResult<i64>;

    /// What is kept of a game that has just started from `setup` (as asked: a choice it
    /// left to the seed is the game's); a ValueError for a game the Python state cannot
    /// show (a setup the face allows but the state's encodings do not).
    fn told(&self, setup: &Self::Setup) -> PyResult<Self::Told>;

    /// Keeps what `events` (one step, just carried out: `self` is the game after it) add.
    fn tell(&self, _told: &mut Self::Told, _events: &[Self::Event]) -> PyResult<()> {
        Ok(())
    }
}

/// A game of `G` as a Python state holds it: the game, its chance from a seeded
/// generator, and what its recording, view and lines need.
#[derive(Clone)]
pub struct FaceState<G: PyGame> {
    /// The game now.
    pub game: G,
    /// What [`PyGame::tell`] kept since the start.
    pub told: G::Told,
    setup: G::Setup,
    start: G,
    seed: u64,
    rng: GameRng,
    actions: Vec<G::Action>,
    // A chance outcome given from Python (not drawn from the seed): the game is no
    // longer the one its recording would replay.
    chance_given: bool,
    memo: G::Memo,
    last: Option<Vec<G::Event>>,
}

impl<G: PyGame> FaceState<G> {
    /// The game that `named` options (the constructor's parameters, by option name) and
    /// `options` (its other keywords) describe, its chance from `seed`; a ValueError
    /// naming the option for a setup the game refuses.
    pub fn new(
        seed: u64,
        named: &[(&str, Option<Bound<'_, PyAny>>)],
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<FaceState<G>> {
        let mut fields = Map::new();
        for (key, value) in named {
            if let Some(value) = value {
                insert(&mut fields, key, value)?;
            }
        }
        if let Some(options) = options {
            for (key, value) in options.iter() {
                let key: String = key.extract()?;
                insert(&mut fields, &key.replace('_', "-"), &value)?;
            }
        }
        FaceState::start(setup_of::<G>(fields)?, seed)
    }

    fn start(setup: G::Setup, seed: u64) -> PyResult<FaceState<G>> {
        let game = G::start(&setup, None, seed)
            .map_err(|error| refused(&format!("{} setup", G::TITLE), error))?;
        Ok(FaceState {
            told: game.told(&setup)?,
            start: game.clone(),
            game,
            setup,
            seed,
            rng: rng_from_seed(seed),
            actions: Vec::new(),
            chance_given: false,
            memo: G::Memo::default(),
            last: None,
        })
    }

    /// The seats' actions since the start.
    pub fn actions(&self) -> &[G::Action] {
        &self.actions
    }

    /// Back to the start of the same setup, its chance from `seed`.
    pub fn reset(&mut self, seed: u64) -> PyResult<()> {
        *self = FaceState::start(self.setup.clone(), seed)?;
        Ok(())
    }

    fn stepped(&mut self, events: Vec<G::Event>) -> PyResult<()> {
        G::remember(&mut self.memo, &events);
        self.game.tell(&mut self.told, &events)?;
        self.last = Some(events);
        Ok(())
    }

    /// The legal actions now, numbered, in the protocol's order.
    pub fn legal_actions(&self) -> PyResult<Vec<i64>> {
        let mut legal = Vec::new();
        self.game.legal_actions(&mut legal);
        legal.into_iter().map(G::encode).collect()
    }

    fn act(&mut self, action: G::Action, events: &mut Vec<G::Event>) -> PyResult<()> {
        apply_action(&mut self.game, action, events)?;
        self.actions.push(action);
        Ok(())
    }

    /// Carries out `action` for the seat to act (a ValueError, changing nothing, if it
    /// is not legal), leaving chance to come.
    pub fn apply_action(&mut self, action: G::Action) -> PyResult<()> {
        let mut events = Vec::new();
        self.act(action, &mut events)?;
        self.stepped(events)
    }

    /// Carries out a chance outcome given from Python (a ValueError, changing nothing,
    /// if chance does not act or it is not one of its outcomes).
    pub fn apply_chance(&mut self, outcome: &G::Chance) -> PyResult<()> {
        let mut events = Vec::new();
        apply_chance(&mut self.game, outcome, &mut events)?;
        self.chance_given = true;
        self.stepped(events)
    }

    fn draw_chance(&mut self, events: &mut Vec<G::Event>) -> PyResult<()> {
        while self.game.actor() == Actor::Chance {
            let outcome = self.game.sample_chance(&mut self.rng).map_err(broken)?;
            self.game.apply_chance(&outcome, events).map_err(broken)?;
        }
        Ok(())
    }

    /// Draws chance from the seeded generator while it acts (a step, if it does).
    pub fn settle_chance(&mut self) -> PyResult<()> {
        if self.game.actor() != Actor::Chance {
            return Ok(());
        }
        let mut events = Vec::new();
        self.draw_chance(&mut events)?;
        self.stepped(events)
    }

    /// `action`, then chance as it follows: one step.
    pub fn step(&mut self, action: G::Action) -> PyResult<()> {
        let mut events = Vec::new();
        self.act(action, &mut events)?;
        self.draw_chance(&mut events)?;
        self.stepped(events)
    }

    /// The seat's view as a dict (the page's `view`).
    pub fn view<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyAny>> {
        self.check_seat(seat)?;
        let view = self
            .game
            .view(seat, &self.memo)
            .ok_or_else(|| PyValueError::new_err(format!("seat {seat} sees nothing yet")))?;
        to_python(py, &view)
    }

    fn check_seat(&self, seat: Seat) -> PyResult<()> {
        let seats = self.game.seats();
        if seat >= seats {
            return Err(no_seat(G::TITLE, seat, seats));
        }
        Ok(())
    }

    /// The lines of the last step (before any, the game's opening) as `seat` may know
    /// them (`None`: every card shown).
    pub fn lines<'py>(&self, py: Python<'py>, seat: Option<Seat>) -> PyResult<Bound<'py, PyAny>> {
        let viewer = match seat {
            Some(seat) => {
                self.check_seat(seat)?;
                Viewer::Seat(seat)
            }
            None => Viewer::All,
        };
        let lines: Vec<Line> = match &self.last {
            Some(events) => {
                let mut lines = Vec::new();
                self.game.lines(events, viewer, &mut lines);
                lines
            }
            None => self.game.opening(),
        };
        to_python(py, &lines)
    }

    /// The tokens of the legal actions.
    pub fn legal_tokens(&self) -> Vec<String> {
        let mut legal = Vec::new();
        self.game.legal_actions(&mut legal);
        legal.iter().map(G::token).collect()
    }

    /// The action `token` names here.
    pub fn parse_token(&self, token: &str) -> PyResult<G::Action> {
        self.game
            .parse_token(token)
            .map_err(|error| refused(&format!("token `{}`", quoted(token)), error))
    }

    /// The game so far as the JSON of a recorded game file.
    pub fn recording(&self) -> PyResult<String> {
        if self.chance_given {
            return Err(PyValueError::new_err(
                "no recording: a chance outcome was given with apply_chance, and a \
                 recording's chance comes from its seed",
            ));
        }
        record(&self.start, self.seed, &self.actions)
            .map(|recording| recording.to_json())
            .map_err(broken)
    }

    /// The options that rebuild the game, as a dict of text, in the setup's order.
    pub fn setup<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for option in options_of(&self.start.setup()).map_err(broken)? {
            let (key, value) = option.split_once('=').unwrap_or((&option, ""));
            dict.set_item(key, value)?;
        }
        Ok(dict)
    }

    /// How the game ended, in a sentence; None while it goes on.
    pub fn ending(&self) -> Option<String> {
        self.game
            .outcome()
            .map(|outcome| self.game.ending(&outcome))
    }
}

/// Adds option `key` to `fields` (None leaves it to the game's default); a ValueError if
/// it is there already.
fn insert(fields: &mut Map<String, Value>, key: &str, value: &Bound<'_, PyAny>) -> PyResult<()> {
    let value = json_of(key, value)?;
    if value.is_null() {
        return Ok(());
    }
    if fields.insert(key.to_owned(), value).is_some() {
        return Err(PyValueError::new_err(format!(
            "option {key}: given twice (a keyword's _ is the option's -)"
        )));
    }
    Ok(())
}

/// A Python value of option `key` as JSON: text, a whole number, a float or a bool.
fn json_of(key: &str, value: &Bound<'_, PyAny>) -> PyResult<Value> {
    if value.is_none() {
        Ok(Value::Null)
    } else if value.is_instance_of::<PyBool>() {
        Ok(Value::Bool(value.extract()?))
    } else if value.is_instance_of::<PyString>() {
        Ok(Value::String(value.extract()?))
    } else if let Ok(n) = value.extract::<u64>() {
        Ok(n.into())
    } else if let Ok(n) = value.extract::<i64>() {
        Ok(n.into())
    } else if let Some(n) = value
        .extract::<f64>()
        .ok()
        .and_then(serde_json::Number::from_f64)
    {
        Ok(Value::Number(n))
    } else {
        Err(PyTypeError::new_err(format!(
            "option {key}: text, a number or a bool, not {}",
            value.get_type().name()?
        )))
    }
}

/// The setup `fields` describe; a refusal names the option the game refuses, if one
/// alone is refused (a rule set's name is a name: refused, it is unknown).
fn setup_of<G: Face>(fields: Map<String, Value>) -> PyResult<G::Setup> {
    setup_from_map::<G::Setup>(fields.clone()).map_err(|error| {
        let alone = fields.iter().find(|(key, value)| {
            let one = Map::from_iter([((*key).clone(), (*value).clone())]);
            setup_from_map::<G::Setup>(one).is_err()
        });
        let message = match alone {
            Some((key, _)) if key == "rules" => format!("unknown {} rules: {error}", G::TITLE),
            Some((key, _)) => format!("{} {key}: {error}", G::TITLE),
            None => format!("{} setup: {error}", G::TITLE),
        };
        PyValueError::new_err(message)
    })
}

/// The setup of a batched call: `named` options as [`FaceState::new`] reads them,
/// refused as it refuses them.
pub fn setup_from<G: Face>(named: &[(&str, Value)]) -> PyResult<G::Setup> {
    let fields = named
        .iter()
        .filter(|(_, value)| !value.is_null())
        .map(|(key, value)| ((*key).to_owned(), value.clone()))
        .collect();
    let setup = setup_of::<G>(fields)?;
    G::start(&setup, None, 0).map_err(|error| refused(&format!("{} setup", G::TITLE), error))?;
    Ok(setup)
}

/// `value` as Python sees its JSON (dicts, lists, text, numbers, None), the keys in the
/// order serde writes them.
fn to_python<'py>(py: Python<'py>, value: &impl Serialize) -> PyResult<Bound<'py, PyAny>> {
    let text = serde_json::to_string(value).map_err(broken)?;
    py.import("json")?.call_method1("loads", (text,))
}

/// Declares a game's state class over [`FaceState`] (`$state { state: FaceState<$game> }`)
/// with the methods every game has, written here once, then the game's own items (its
/// `#[new]`, which calls [`FaceState::new`] with the game's keyword options, its
/// chance outcomes and observation). pyo3 takes one `#[pymethods]` block a class, so the
/// shared methods go into it rather than beside it.
///
/// `face_state!(/** doc */ WarState(war::Game) [texts] { ... })`: the option `texts`
/// adds `last_text()` and `transcript()`, from the [`crate::common::Texts`] the game's
/// [`PyGame::Told`] keeps (`AsRef<Texts>`).
macro_rules! face_state {
    ($(#[$meta:meta])* $state:ident($game:ty) [$($option:ident)*] { $($item:tt)* }) => {
        $(#[$meta])*
        #[::pyo3::pyclass(module = "cardgames._native")]
        #[derive(Clone)]
        pub struct $state {
            state: $crate::face::FaceState<$game>,
        }

        $crate::face::face_state!(@with $state [$($option)*] {
            /// An independent copy (its seeded generator too: both copies draw the same
            /// chance from here).
            fn clone(&self) -> $state {
                ::std::clone::Clone::clone(self)
            }

            /// Back to the start of the same setup, with the chance of `seed`.
            fn reset(&mut self, seed: u64) -> ::pyo3::PyResult<()> {
                self.state.reset(seed)
            }

            /// The seat to act, -1 at a chance node, -4 once the game is over
            /// (OpenSpiel's values).
            fn current_player(&self) -> i64 {
                $crate::common::actor_code(::cards_core::protocol::GameState::actor(
                    &self.state.game,
                ))
            }

            /// Whether the game is over.
            fn is_terminal(&self) -> bool {
                ::cards_core::protocol::GameState::actor(&self.state.game)
                    == ::cards_core::protocol::Actor::Over
            }

            /// Whether chance acts now (a chance node).
            fn is_chance_node(&self) -> bool {
                ::cards_core::protocol::GameState::actor(&self.state.game)
                    == ::cards_core::protocol::Actor::Chance
            }

            /// The winner's seat once the game is over with one, else None.
            fn winner(&self) -> Option<usize> {
                ::cards_core::protocol::GameState::outcome(&self.state.game)
                    .and_then(|outcome| outcome.winner())
            }

            /// The legal actions, numbered, in the protocol's order; empty unless a seat
            /// acts.
            fn legal_actions(&self) -> ::pyo3::PyResult<Vec<i64>> {
                self.state.legal_actions()
            }

            /// Carries out action number `action` for the seat to act, leaving chance to
            /// come; raises ValueError, changing nothing, if it is not legal now.
            fn apply_action(&mut self, action: i64) -> ::pyo3::PyResult<()> {
                self.state
                    .apply_action(<$game as $crate::face::PyGame>::decode(action)?)
            }

            /// Draws chance from the state's seeded generator while it acts; returns who
            /// acts then (as `current_player()`).
            fn settle_chance(&mut self) -> ::pyo3::PyResult<i64> {
                self.state.settle_chance()?;
                Ok(self.current_player())
            }

            /// `apply_action(action)` then `settle_chance()`: one step of the AEC loop;
            /// returns who acts then (as `current_player()`).
            fn step(&mut self, action: i64) -> ::pyo3::PyResult<i64> {
                self.state
                    .step(<$game as $crate::face::PyGame>::decode(action)?)?;
                Ok(self.current_player())
            }

            /// What `seat` may see now, as the web page's `view` (a dict); ValueError for
            /// a seat past the table or one that sees nothing yet.
            fn view<'py>(
                &self,
                py: ::pyo3::Python<'py>,
                seat: usize,
            ) -> ::pyo3::PyResult<::pyo3::Bound<'py, ::pyo3::PyAny>> {
                self.state.view(py, seat)
            }

            /// The lines of the last step (before the first, the game's opening) as
            /// `seat` may know them, as the page's log (dicts of `seat`, `kind`, `text`,
            /// and `cards` or `dice` when shown); `None`: every card shown.
            #[pyo3(signature = (seat = None))]
            fn lines<'py>(
                &self,
                py: ::pyo3::Python<'py>,
                seat: Option<usize>,
            ) -> ::pyo3::PyResult<::pyo3::Bound<'py, ::pyo3::PyAny>> {
                self.state.lines(py, seat)
            }

            /// The legal actions as the tokens a recording writes (the console's
            /// answers), in the protocol's order.
            fn legal_tokens(&self) -> Vec<String> {
                self.state.legal_tokens()
            }

            /// Carries out the action `token` names (as `legal_tokens()` writes it, or
            /// as the console reads it) for the seat to act, leaving chance to come;
            /// raises ValueError, changing nothing, for a token that is no legal action.
            fn apply_token(&mut self, token: &str) -> ::pyo3::PyResult<()> {
                let action = self.state.parse_token(token)?;
                self.state.apply_action(action)
            }

            /// The rules of the game played, as the console's `?` prints them.
            fn rules_text(&self) -> String {
                ::cards_core::face::Face::rules_text(&self.state.game)
            }

            /// How the game ended, in a sentence; None while it goes on.
            fn ending(&self) -> Option<String> {
                self.state.ending()
            }

            /// The game so far as the JSON text of a recorded game file (`GAME replay
            /// FILE` plays it again); ValueError once `apply_chance` gave an outcome the
            /// seed does not.
            fn recording(&self) -> ::pyo3::PyResult<String> {
                self.state.recording()
            }

            /// The options that rebuild the game, as a recording writes them (a dict of
            /// text, in the setup's order).
            fn setup<'py>(
                &self,
                py: ::pyo3::Python<'py>,
            ) -> ::pyo3::PyResult<::pyo3::Bound<'py, ::pyo3::types::PyDict>> {
                self.state.setup(py)
            }

            $($item)*
        });
    };
    (@with $state:ident [texts $($option:ident)*] { $($item:tt)* }) => {
        $crate::face::face_state!(@with $state [$($option)*] {
            /// What the last step printed, in the binary's format.
            fn last_text(&self) -> &str {
                &::std::convert::AsRef::<$crate::common::Texts>::as_ref(&self.state.told).last
            }

            /// The whole game so far as the binary prints it.
            fn transcript(&self) -> &str {
                &::std::convert::AsRef::<$crate::common::Texts>::as_ref(&self.state.told)
                    .transcript
            }

            $($item)*
        });
    };
    (@with $state:ident [] { $($item:tt)* }) => {
        #[::pyo3::pymethods]
        impl $state {
            $($item)*
        }
    };
}
pub(crate) use face_state;
