//! What the bindings of the four games share besides their face ([`crate::face`]): the
//! protocol calls under the state classes (a refused action or chance outcome as a
//! `ValueError`), OpenSpiel's codes for who acts, the binary's text of the steps
//! ([`Texts`]), the Python errors (a refused request or setting, a seat past the table, a
//! broken invariant), the seats of an observation counted from the observer, and the
//! plumbing of a batched call (its size check, the game loop without the GIL, the
//! tallies as little-endian bytes for numpy, or the same through the simulator's own
//! harness).

use std::fmt::Display;

use cards_core::protocol::{Actor, EventSink, GameState, Outcome};
use cards_core::sim::{Extra, Options, Played, Simulation, run};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

/// `current_player()` at a chance node (OpenSpiel's value).
pub const CHANCE: i64 = -1;
/// `current_player()` once the game is over (OpenSpiel's value).
pub const TERMINAL: i64 = -4;

/// The most games one batched call plays.
pub const MAX_BATCH: u64 = 100_000_000;

/// `current_player()`'s value for `actor`: the seat, [`CHANCE`] or [`TERMINAL`].
pub fn actor_code(actor: Actor) -> i64 {
    match actor {
        Actor::Seat(seat) => seat as i64,
        Actor::Chance => CHANCE,
        Actor::Over => TERMINAL,
    }
}

/// A request the game refuses (a bad action, seat or setting): `ValueError`.
pub fn refused(what: &str, error: impl Display) -> PyErr {
    PyValueError::new_err(format!("{what}: {error}"))
}

/// Something the engine promises never happens: `RuntimeError`, naming it.
pub fn broken(error: impl Display) -> PyErr {
    PyRuntimeError::new_err(format!("broken invariant: {error}"))
}

/// A seat past the table, asked for an observation: `ValueError`, naming the seats.
pub fn no_seat(game: &str, seat: usize, seats: usize) -> PyErr {
    PyValueError::new_err(format!(
        "no seat {seat}: {game} has seats 0 to {}",
        seats.saturating_sub(1)
    ))
}

/// Carries out `action` for the seat to act, its events into `events`; a refusal (the
/// game changed nothing) is a `ValueError` saying why.
pub fn apply_action<G: GameState>(
    game: &mut G,
    action: G::Action,
    events: &mut impl EventSink<G::Event>,
) -> PyResult<()> {
    game.apply(action, events)
        .map_err(|error| refused("action refused", error))
}

/// Carries out the chance outcome `outcome`, its events into `events`; a refusal (the
/// game changed nothing) is a `ValueError` saying why.
pub fn apply_chance<G: GameState>(
    game: &mut G,
    outcome: &G::Chance,
    events: &mut impl EventSink<G::Event>,
) -> PyResult<()> {
    game.apply_chance(outcome, events)
        .map_err(|error| refused("chance refused", error))
}

/// What a step printed in the binary's format, and the whole game so far (the
/// [`crate::face::PyGame::Told`] of the games whose environment renders it).
#[derive(Clone, Debug, Default)]
pub struct Texts {
    /// The last step's text.
    pub last: String,
    /// Every step's text since the start.
    pub transcript: String,
}

impl AsRef<Texts> for Texts {
    fn as_ref(&self) -> &Texts {
        self
    }
}

impl Texts {
    /// Keeps `text`, a step's.
    pub fn push(&mut self, text: String) {
        self.transcript.push_str(&text);
        self.last = text;
    }
}

/// `counts` (one a seat, in seat order) from `seat` round the table: `seat` first, then
/// the seat that plays after it, and so on; `slots` long, 0 past the table.
pub fn from_seat(counts: &[usize], seat: usize, slots: usize) -> Vec<i32> {
    let mut out = vec![0; slots];
    for (offset, slot) in out.iter_mut().enumerate().take(counts.len()) {
        *slot = counts[(seat + offset) % counts.len()] as i32;
    }
    out
}

/// `games` as a count for a batched call, refused past [`MAX_BATCH`].
pub fn batch_size(games: u64) -> PyResult<usize> {
    usize::try_from(games)
        .ok()
        .filter(|_| games <= MAX_BATCH)
        .ok_or_else(|| PyValueError::new_err(format!("games: at most {MAX_BATCH} in one call")))
}

/// One game of a batched call: the winner's seat (None for no winner) and the game's
/// `N` counts (turns, battles, ...).
pub type Tally<const N: usize> = (Option<usize>, [u64; N]);

/// The tallies of a batched call as bytes: one `i8` a game (the winner's seat, -1 for
/// none), and for each count one little-endian `u32` a game.
pub type TallyBytes<const N: usize> = (Vec<u8>, [Vec<u8>; N]);

/// Plays games `0..games` of `seed` on one worker without holding the GIL: `worker`
/// makes it (a refusal there is a broken invariant: the settings were checked before),
/// `play(worker, seed, index)` plays game `index`. A count past `u32` is a broken
/// invariant too (the callers cap the games' lengths below it).
pub fn play_batch<W, const N: usize>(
    py: Python<'_>,
    games: u64,
    seed: u64,
    worker: impl FnOnce() -> Result<W, String> + Send,
    mut play: impl FnMut(&mut W, u64, u64) -> Result<Tally<N>, String> + Send,
) -> PyResult<TallyBytes<N>> {
    let count = batch_size(games)?;
    py.detach(move || -> Result<TallyBytes<N>, String> {
        let mut worker = worker()?;
        let mut winners = Vec::with_capacity(count);
        let mut counts: [Vec<u8>; N] = std::array::from_fn(|_| Vec::with_capacity(count * 4));
        for index in 0..games {
            let (winner, values) = play(&mut worker, seed, index)?;
            winners.push(winner.map_or(-1, |seat| seat as i8) as u8);
            for (bytes, value) in counts.iter_mut().zip(values) {
                let value = u32::try_from(value).map_err(|_| "a count past u32".to_owned())?;
                bytes.extend_from_slice(&value.to_le_bytes());
            }
        }
        Ok((winners, counts))
    })
    .map_err(broken)
}

/// Plays games `0..games` of `seed` through the simulator's own harness
/// ([`cards_core::sim::run`], on one thread) and keeps each game's winner and length,
/// as [`play_batch`] returns them. Call it without the GIL.
///
/// Why the harness rather than [`play_batch`]'s loop: a game whose simulator compiles a
/// loop for each pair of strategies (Pig) gets the speed of `GAME simulate` only if the
/// compiler inlines the game's step into that loop, and it decides that from the loops
/// around the call. Played through the same function as the simulator, the batch gets
/// the loop the simulator runs; in a loop of its own it ran more than three times the
/// instructions a game (BENCHMARKS.md).
pub fn play_through_harness<S>(
    simulation: S,
    games: u64,
    seed: u64,
) -> Result<TallyBytes<1>, String>
where
    S: Simulation<Extra = ()>,
{
    if games == 0 {
        return Ok((Vec::new(), [Vec::new()]));
    }
    let options = Options {
        games,
        seed,
        threads: Some(1),
    };
    let each = run(&EachGame(simulation), &options, &|_| {})
        .map_err(|error| error.to_string())?
        .extra;
    let mut lengths = Vec::with_capacity(each.lengths.len() * 4);
    for length in each.lengths {
        let length = u32::try_from(length).map_err(|_| "a count past u32".to_owned())?;
        lengths.extend_from_slice(&length.to_le_bytes());
    }
    Ok((each.winners, [lengths]))
}

/// A simulation whose own figures are each game's winner and length, in the order
/// played (the harness merges its parts in order).
struct EachGame<S>(S);

/// Each game's winner (its seat as an `i8`, -1 for none) and length.
#[derive(Debug, Default)]
struct Games {
    winners: Vec<u8>,
    lengths: Vec<u64>,
}

impl Extra for Games {
    fn merge(&mut self, other: Games) {
        self.winners.extend(other.winners);
        self.lengths.extend(other.lengths);
    }

    fn write_text(&self, _games: u64, _out: &mut String) -> std::fmt::Result {
        Ok(())
    }
}

/// The harness's figures must serialize (for `simulate --json`); these are never written.
impl serde::Serialize for Games {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_unit()
    }
}

impl<S: Simulation<Extra = ()>> Simulation for EachGame<S> {
    type Worker = S::Worker;
    type Extra = Games;
    type Error = S::Error;

    fn game(&self) -> &'static str {
        self.0.game()
    }

    fn rules(&self) -> String {
        self.0.rules()
    }

    fn seats(&self) -> Vec<String> {
        self.0.seats()
    }

    fn length_unit(&self) -> &'static str {
        self.0.length_unit()
    }

    fn worker(&self) -> S::Worker {
        self.0.worker()
    }

    fn play(
        &self,
        worker: &mut S::Worker,
        seed: u64,
        index: u64,
        games: &mut Games,
    ) -> Result<Played, S::Error> {
        let played = self.0.play(worker, seed, index, &mut ())?;
        games.winners.push(match played.outcome {
            Outcome::Winner { seat } => seat as i8 as u8,
            Outcome::NoWinner { .. } => -1i8 as u8,
        });
        games.lengths.push(played.length);
        Ok(played)
    }
}
