//! War from Python, for 2 to 8 players: the protocol's state ([`WarState`]), its one
//! agent as a policy ([`AlwaysBattle`]), and a batched call that plays many games
//! natively ([`play_war`]). The PettingZoo environment is written in Python on top of
//! these (`python/cardgames/war.py`).
//!
//! War leaves nobody a choice, and the protocol says so: the player to act (the lowest
//! seat still in the game, for the whole table) has one action, 0, "play the next
//! battle with all its wars". Chance (the deal, and with shuffled returns each take of
//! the table) happens inside, from the seed: a state reset with seed `s` draws from
//! `cards_core::rng::rng_from_seed(s)` as `war --seed s` does, so the same seed is the
//! binary's game, battle for battle.

use cards_core::protocol::GameState;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use war::render::{render_events, render_summary};
use war::simulate::Worker;
use war::{Action, Card, Event, Game, MAX_PLAYERS, Outcome, Rules};

use crate::common::{Texts, batch_size, broken, from_seat, no_seat, play_batch, refused};
use crate::face::{FaceState, PyGame, face_state, setup_from};

/// Cards held by each seat from the observer round the table, 0 past the table (8).
pub const OBS_COUNTS: usize = 0;
/// Cards on the table (between battles: a pot left when everyone at war ran out).
pub const OBS_TABLE: usize = OBS_COUNTS + MAX_PLAYERS;
/// 1 where the card of that index (rank − 2) × 4 + suit (C, D, H, S) lies face up on
/// the table (52 entries).
pub const OBS_FACE_UP: usize = OBS_TABLE + 1;
/// Battles fought so far.
pub const OBS_BATTLES: usize = OBS_FACE_UP + 52;
/// Wars fought so far.
pub const OBS_WARS: usize = OBS_BATTLES + 1;
/// The number of players.
pub const OBS_PLAYERS: usize = OBS_WARS + 1;
/// The observing seat.
pub const OBS_SEAT: usize = OBS_PLAYERS + 1;
/// The length of an observation.
pub const OBSERVATION_SIZE: usize = OBS_SEAT + 1;

fn cards_text(cards: impl IntoIterator<Item = Card>) -> Vec<String> {
    cards.into_iter().map(|card| card.to_string()).collect()
}

impl PyGame for Game {
    type Told = Texts;

    fn decode(action: i64) -> PyResult<Action> {
        match action {
            0 => Ok(Action::Battle),
            _ => Err(PyValueError::new_err(format!(
                "action {action} is not a War action: 0 (play the next battle) is the only one"
            ))),
        }
    }

    fn encode(Action::Battle: Action) -> PyResult<i64> {
        Ok(0)
    }

    fn told(&self, _: &war::face::Setup) -> PyResult<Texts> {
        Ok(Texts::default())
    }

    /// The battles as `war --auto` prints them.
    fn tell(&self, told: &mut Texts, events: &[Event]) -> PyResult<()> {
        let mut text = String::new();
        render_events(events, &mut text).map_err(broken)?;
        told.push(text);
        Ok(())
    }
}

face_state!(
    /// A game of War and its chance: the protocol's state, from Python.
    WarState(Game) [texts] {
    /// A new game waiting for its deal: `players` 2 to 8, won cards returned
    /// `"shuffled"` (the default) or in a `"fixed"` order, at most `max_battles`
    /// battles, or any other option of War's setup by name (`pile_1` to `pile_8`); the
    /// chance from `seed`, as `war --seed SEED` draws it.
    #[new]
    #[pyo3(signature = (seed = 0, players = None, order = None, max_battles = None, **options))]
    fn new(
        seed: u64,
        players: Option<Bound<'_, PyAny>>,
        order: Option<Bound<'_, PyAny>>,
        max_battles: Option<Bound<'_, PyAny>>,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<WarState> {
        let named = [("players", players), ("order", order), ("max-battles", max_battles)];
        Ok(WarState {
            state: FaceState::new(seed, &named, options)?,
        })
    }

    /// The number of players.
    #[getter]
    fn players(&self) -> usize {
        self.state.game.rules().players()
    }

    /// The order of won cards: "shuffled" or "fixed".
    #[getter]
    fn order(&self) -> String {
        self.state.game.rules().order().to_string()
    }

    /// The cap on battles.
    #[getter]
    fn max_battles(&self) -> u64 {
        self.state.game.rules().max_battles()
    }

    /// The length of an observation.
    #[classattr]
    const OBSERVATION_SIZE: usize = OBSERVATION_SIZE;

    /// What chance orders now: "deal" (the 52 cards) or "take" (the table's cards going
    /// under the taker's pile), or None. Its outcomes are the orders of `to_order()`,
    /// equally likely (too many to list).
    fn chance_node(&self) -> Option<&'static str> {
        self.state.game.chance_node().map(|node| match node {
            war::ChanceNode::Deal => "deal",
            war::ChanceNode::Take { .. } => "take",
        })
    }

    /// The cards chance orders now, in the order the shuffle starts from (empty unless
    /// chance acts).
    fn to_order(&self) -> Vec<String> {
        match self.state.game.chance_node() {
            Some(war::ChanceNode::Deal) => cards_text(Card::deck()),
            Some(war::ChanceNode::Take { .. }) => {
                cards_text(self.state.game.table().iter().copied())
            }
            None => Vec::new(),
        }
    }

    /// Carries out the chance node with `cards` (codes such as "10H", top first for the
    /// deal, the first to go under the pile for a take); raises ValueError, changing
    /// nothing, unless they are exactly `to_order()`'s cards.
    fn apply_chance(&mut self, cards: Vec<String>) -> PyResult<()> {
        let cards = cards
            .iter()
            .map(|text| {
                text.parse::<Card>()
                    .map_err(|error| refused(&format!("card {text:?}"), error))
            })
            .collect::<PyResult<Vec<_>>>()?;
        let order = war::DeckOrder::from_cards(&cards).map_err(|error| refused("order", error))?;
        self.state.apply_chance(&order)
    }
    /// What `seat` sees, as `OBSERVATION_SIZE` integers (docs/python.md lists the
    /// fields): everyone's card count, the cards face up on the table, the battles and
    /// wars so far; never the order of a pile. ValueError for a seat past the table.
    fn observation(&self, seat: usize) -> PyResult<Vec<i32>> {
        let view = self
            .state
            .game
            .observe(seat)
            .ok_or_else(|| no_seat("this game", seat, self.state.game.rules().players()))?;
        let mut out = vec![0i32; OBSERVATION_SIZE];
        let counts: Vec<usize> = view.card_counts().collect();
        out[OBS_COUNTS..OBS_COUNTS + MAX_PLAYERS].copy_from_slice(&from_seat(
            &counts,
            seat,
            MAX_PLAYERS,
        ));
        out[OBS_TABLE] = view.table_len() as i32;
        for card in view.face_up() {
            out[OBS_FACE_UP + card.index()] = 1;
        }
        let clamp = |n: u64| i32::try_from(n).unwrap_or(i32::MAX);
        out[OBS_BATTLES] = clamp(view.battles());
        out[OBS_WARS] = clamp(view.wars());
        out[OBS_PLAYERS] = counts.len() as i32;
        out[OBS_SEAT] = seat as i32;
        Ok(out)
    }

    /// For tests and debugging only, NOT an observation: everything, the order of every
    /// pile included (`piles` top first, `table` in the order put down, `face_up`,
    /// `out`, `battles`, `wars`, `current_player`).
    fn full_state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let state = PyDict::new(py);
        let piles: Vec<Vec<String>> = self
            .state
            .game
            .players()
            .iter()
            .map(|player| cards_text(player.cards()))
            .collect();
        state.set_item("piles", piles)?;
        state.set_item("table", cards_text(self.state.game.table().iter().copied()))?;
        let face_up = self
            .state
            .game
            .observe(0)
            .map(|view| cards_text(view.face_up()))
            .unwrap_or_default();
        state.set_item("face_up", face_up)?;
        let out: Vec<usize> = self.state.game.out().iter().collect();
        state.set_item("out", out)?;
        state.set_item("battles", self.state.game.battles())?;
        state.set_item("wars", self.state.game.wars())?;
        state.set_item("current_player", self.current_player())?;
        Ok(state)
    }

    /// Why a finished game has no winner (the binary's words), else None.
    fn no_winner(&self) -> Option<String> {
        match self.state.game.outcome() {
            Some(Outcome::NoWinner { reason }) => Some(reason.to_string()),
            _ => None,
        }
    }

    /// Battles fought so far (wars' deciding battles included).
    fn battles(&self) -> u64 {
        self.state.game.battles()
    }

    /// Wars fought so far.
    fn wars(&self) -> u64 {
        self.state.game.wars()
    }

    /// The end of the game as `war --quiet` prints it: the winner (or why none), then
    /// the battles and wars fought.
    fn summary(&self) -> PyResult<String> {
        let mut text = String::new();
        render_summary(&self.state.game, None, &mut text).map_err(broken)?;
        Ok(text)
    }

    fn __repr__(&self) -> String {
        let counts: Vec<usize> = self.state.game.players().iter().map(|p| p.card_count()).collect();
        format!(
            "WarState(players={}, cards={counts:?}, battles={}, wars={}, current_player={})",
            self.state.game.rules().players(),
            self.state.game.battles(),
            self.state.game.wars(),
            self.current_player()
        )
    }
});

/// War's one agent as a policy: it always battles (there is nothing else to do).
#[pyclass(module = "cardgames._native", frozen)]
pub struct AlwaysBattle;

#[pymethods]
impl AlwaysBattle {
    #[new]
    fn new() -> AlwaysBattle {
        AlwaysBattle
    }

    /// 0, the battle, whatever the observation.
    #[pyo3(signature = (observation = None))]
    fn action(&self, observation: Option<Bound<'_, PyAny>>) -> i64 {
        let _ = observation;
        0
    }
}

/// Plays `games` games natively, as `war simulate --seed SEED --threads 1` does (game
/// `i` from `stream_rng(seed, i)`). Returns `(winners, battles, wars)`: bytes of one
/// `i8` a game (the winner's seat, -1 for none) and of one little-endian `u32` a game
/// for each count; `cardgames.war.play_batch` turns them into numpy arrays.
#[pyfunction]
// The text signature written out: pyo3 shows a constant's default as `...`, and
// `help()` and the stubs should show the number (tests/test_stubs.py checks it is
// `Rules::DEFAULT_MAX_BATTLES`, as `WarState().max_battles` reports it).
#[pyo3(
    signature = (games, seed = 1, players = 2, order = "shuffled", max_battles = Rules::DEFAULT_MAX_BATTLES),
    text_signature = "(games, seed=1, players=2, order='shuffled', max_battles=100000)"
)]
pub fn play_war<'py>(
    py: Python<'py>,
    games: u64,
    seed: u64,
    players: usize,
    order: &str,
    max_battles: u64,
) -> PyResult<(
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
    Bound<'py, PyBytes>,
)> {
    let setup = setup_from::<Game>(&[
        ("players", players.into()),
        ("order", order.into()),
        ("max-battles", max_battles.into()),
    ])?;
    batch_size(games)?;
    if max_battles > 1_000_000_000 {
        // The counts are returned as u32.
        return Err(PyValueError::new_err(
            "max_battles: at most 1000000000 in a batched call",
        ));
    }
    let worker = move || Worker::new(&setup).map_err(|e| e.to_string());
    let (winners, [battles, wars]) = play_batch(py, games, seed, worker, |worker, seed, index| {
        let record = worker.play(seed, index).map_err(|e| e.to_string())?;
        Ok((record.outcome.winner(), [record.battles, record.wars]))
    })?;
    Ok((
        PyBytes::new(py, &winners),
        PyBytes::new(py, &battles),
        PyBytes::new(py, &wars),
    ))
}

/// Adds War's classes and functions to the module.
pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<WarState>()?;
    module.add_class::<AlwaysBattle>()?;
    module.add_function(wrap_pyfunction!(play_war, module)?)?;
    Ok(())
}
