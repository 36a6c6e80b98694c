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

use cards_core::protocol::{Actor, GameState};
use cards_core::rng::{GameRng, rng_from_seed};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use war::render::{render_events, render_summary};
use war::simulate::Worker;
use war::{Action, Card, Event, Game, MAX_PLAYERS, Outcome, Rules, WonCardOrder};

use crate::common::{
    apply_action, apply_chance, batch_size, broken, from_seat, legal_actions, no_seat, play_batch,
    refused, state_methods,
};

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

fn parse_rules(players: usize, order: &str, max_battles: u64) -> PyResult<Rules> {
    let order = match order {
        "shuffled" => WonCardOrder::Shuffled,
        "fixed" => WonCardOrder::Fixed,
        _ => {
            return Err(PyValueError::new_err(format!(
                "unknown order {order:?}: expected \"shuffled\" or \"fixed\""
            )));
        }
    };
    Rules::new(players)
        .and_then(|rules| rules.with_order(order).with_max_battles(max_battles))
        .map_err(|error| refused("War rules", error))
}

fn check_action(action: i64) -> PyResult<Action> {
    match action {
        0 => Ok(Action::Battle),
        _ => Err(PyValueError::new_err(format!(
            "action {action} is not a War action: 0 (play the next battle) is the only one"
        ))),
    }
}

fn cards_text(cards: impl IntoIterator<Item = Card>) -> Vec<String> {
    cards.into_iter().map(|card| card.to_string()).collect()
}

/// A game of War and its chance: the protocol's state, from Python.
#[pyclass(module = "cardgames._native")]
#[derive(Clone)]
pub struct WarState {
    game: Game,
    rng: GameRng,
    // What the last step printed, and the whole game so far, as `war --auto` prints the
    // battles.
    last: String,
    transcript: String,
}

impl WarState {
    /// Settles chance into `events`, then appends them to the texts.
    fn finish_step(&mut self, mut events: Vec<Event>) -> PyResult<()> {
        while self.game.actor() == Actor::Chance {
            let order = self.game.sample_chance(&mut self.rng).map_err(broken)?;
            self.game
                .apply_chance(&order, &mut events)
                .map_err(broken)?;
        }
        self.record(&events)
    }

    fn record(&mut self, events: &[Event]) -> PyResult<()> {
        let mut text = String::new();
        render_events(events, &mut text).map_err(broken)?;
        self.transcript.push_str(&text);
        self.last = text;
        Ok(())
    }
}

state_methods!(WarState [texts] {
    /// A new game waiting for its deal: `players` 2 to 8, won cards returned
    /// `"shuffled"` (the default) or in a `"fixed"` order, at most `max_battles`
    /// battles; the chance from `seed`, as `war --seed SEED` draws it.
    #[new]
    #[pyo3(signature = (seed = 0, players = 2, order = "shuffled", max_battles = Rules::DEFAULT_MAX_BATTLES))]
    fn new(seed: u64, players: usize, order: &str, max_battles: u64) -> PyResult<WarState> {
        let rules = parse_rules(players, order, max_battles)?;
        Ok(WarState {
            game: Game::new(rules),
            rng: rng_from_seed(seed),
            last: String::new(),
            transcript: String::new(),
        })
    }

    /// Back to before the deal, with the chance of `seed`.
    fn reset(&mut self, seed: u64) {
        self.game.restart();
        self.rng = rng_from_seed(seed);
        self.last.clear();
        self.transcript.clear();
    }

    /// The number of players.
    #[getter]
    fn players(&self) -> usize {
        self.game.rules().players()
    }

    /// The order of won cards: "shuffled" or "fixed".
    #[getter]
    fn order(&self) -> &'static str {
        match self.game.rules().order() {
            WonCardOrder::Shuffled => "shuffled",
            WonCardOrder::Fixed => "fixed",
        }
    }

    /// The cap on battles.
    #[getter]
    fn max_battles(&self) -> u64 {
        self.game.rules().max_battles()
    }

    /// The length of an observation.
    #[classattr]
    const OBSERVATION_SIZE: usize = OBSERVATION_SIZE;

    /// `[0]` (battle) when a seat acts, else empty.
    fn legal_actions(&self) -> Vec<i64> {
        legal_actions(&self.game, |Action::Battle| 0)
    }

    /// Plays the next battle with all its wars, stopping at a chance node if a take
    /// follows; raises ValueError, changing nothing, unless `action` is 0 and a seat
    /// acts.
    fn apply_action(&mut self, action: i64) -> PyResult<()> {
        let mut events = Vec::new();
        apply_action(&mut self.game, check_action(action)?, &mut events)?;
        self.record(&events)
    }

    /// What chance orders now: "deal" (the 52 cards) or "take" (the table's cards going
    /// under the taker's pile), or None. Its outcomes are the orders of `to_order()`,
    /// equally likely (too many to list).
    fn chance_node(&self) -> Option<&'static str> {
        self.game.chance_node().map(|node| match node {
            war::ChanceNode::Deal => "deal",
            war::ChanceNode::Take { .. } => "take",
        })
    }

    /// The cards chance orders now, in the order the shuffle starts from (empty unless
    /// chance acts).
    fn to_order(&self) -> Vec<String> {
        match self.game.chance_node() {
            Some(war::ChanceNode::Deal) => cards_text(Card::deck()),
            Some(war::ChanceNode::Take { .. }) => cards_text(self.game.table().iter().copied()),
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
        let mut events = Vec::new();
        apply_chance(&mut self.game, &order, &mut events)?;
        self.record(&events)
    }

    /// Draws chance from the state's seeded generator while it acts; returns who acts
    /// then (as `current_player()`).
    fn settle_chance(&mut self) -> PyResult<i64> {
        self.finish_step(Vec::new())?;
        Ok(self.current_player())
    }

    /// `apply_action(action)` then `settle_chance()`: one step of the AEC loop, one
    /// battle with its wars and the take that ends it.
    fn step(&mut self, action: i64) -> PyResult<i64> {
        let mut events = Vec::new();
        apply_action(&mut self.game, check_action(action)?, &mut events)?;
        self.finish_step(events)?;
        Ok(self.current_player())
    }

    /// What `seat` sees, as `OBSERVATION_SIZE` integers (docs/python.md lists the
    /// fields): everyone's card count, the cards face up on the table, the battles and
    /// wars so far; never the order of a pile. ValueError for a seat past the table.
    fn observation(&self, seat: usize) -> PyResult<Vec<i32>> {
        let view = self
            .game
            .observe(seat)
            .ok_or_else(|| no_seat("this game", seat, self.game.rules().players()))?;
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
            .game
            .players()
            .iter()
            .map(|player| cards_text(player.cards()))
            .collect();
        state.set_item("piles", piles)?;
        state.set_item("table", cards_text(self.game.table().iter().copied()))?;
        let face_up = self
            .game
            .observe(0)
            .map(|view| cards_text(view.face_up()))
            .unwrap_or_default();
        state.set_item("face_up", face_up)?;
        let out: Vec<usize> = self.game.out().iter().collect();
        state.set_item("out", out)?;
        state.set_item("battles", self.game.battles())?;
        state.set_item("wars", self.game.wars())?;
        state.set_item("current_player", self.current_player())?;
        Ok(state)
    }

    /// Why a finished game has no winner (the binary's words), else None.
    fn no_winner(&self) -> Option<String> {
        match self.game.outcome() {
            Some(Outcome::NoWinner { reason }) => Some(reason.to_string()),
            _ => None,
        }
    }

    /// Battles fought so far (wars' deciding battles included).
    fn battles(&self) -> u64 {
        self.game.battles()
    }

    /// Wars fought so far.
    fn wars(&self) -> u64 {
        self.game.wars()
    }

    /// The end of the game as `war --quiet` prints it: the winner (or why none), then
    /// the battles and wars fought.
    fn summary(&self) -> PyResult<String> {
        let mut text = String::new();
        render_summary(&self.game, None, &mut text).map_err(broken)?;
        Ok(text)
    }

    fn __repr__(&self) -> String {
        let counts: Vec<usize> = self.game.players().iter().map(|p| p.card_count()).collect();
        format!(
            "WarState(players={}, cards={counts:?}, battles={}, wars={}, current_player={})",
            self.game.rules().players(),
            self.game.battles(),
            self.game.wars(),
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
#[pyo3(signature = (games, seed = 1, players = 2, order = "shuffled", max_battles = Rules::DEFAULT_MAX_BATTLES))]
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
    let rules = parse_rules(players, order, max_battles)?;
    batch_size(games)?;
    if max_battles > 1_000_000_000 {
        // The counts are returned as u32.
        return Err(PyValueError::new_err(
            "max_battles: at most 1000000000 in a batched call",
        ));
    }
    let setup = war::face::Setup::of(&rules);
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
