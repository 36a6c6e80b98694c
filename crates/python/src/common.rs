//! What the bindings of the four games share: OpenSpiel's codes for who acts, the
//! Python errors (a refused request or setting, a broken invariant), the seats of an
//! observation counted from the observer, and the plumbing of a batched call (its size
//! check, the game loop without the GIL, the tallies as little-endian bytes for numpy).

use std::fmt::Display;
use std::ops::RangeInclusive;
use std::str::FromStr;

use cards_core::protocol::Actor;
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

/// `text` as a `T` (a rule set's name, ...); else a ValueError naming `what` was unknown
/// and the `expected` names.
pub fn parse_named<T: FromStr>(text: &str, what: &str, expected: &str) -> PyResult<T> {
    text.parse()
        .map_err(|_| PyValueError::new_err(format!("unknown {what} {text:?}: expected {expected}")))
}

/// `value` of setting `what` if it is in `range`; else a ValueError naming the range.
pub fn in_range(what: &str, value: u32, range: RangeInclusive<u32>) -> PyResult<u32> {
    if range.contains(&value) {
        Ok(value)
    } else {
        Err(PyValueError::new_err(format!(
            "{what} {value} is out of range: {} to {}",
            range.start(),
            range.end()
        )))
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
