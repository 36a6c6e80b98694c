//! What the bindings of Ochos Locos and War share: OpenSpiel's codes for who acts, the
//! size check of a batched call, the seats of an observation counted from the observer,
//! and the two kinds of Python error (a refused request, a broken invariant).

use std::fmt::Display;

use cards_core::protocol::Actor;
use pyo3::PyErr;
use pyo3::exceptions::{PyRuntimeError, PyValueError};

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

/// `games` as a count for a batched call, refused past [`MAX_BATCH`].
pub fn batch_size(games: u64) -> Result<usize, PyErr> {
    usize::try_from(games)
        .ok()
        .filter(|_| games <= MAX_BATCH)
        .ok_or_else(|| PyValueError::new_err(format!("games: at most {MAX_BATCH} in one call")))
}

/// A request the game refuses (a bad action, seat or setting): `ValueError`.
pub fn refused(what: &str, error: impl Display) -> PyErr {
    PyValueError::new_err(format!("{what}: {error}"))
}

/// Something the engine promises never happens: `RuntimeError`, naming it.
pub fn broken(error: impl Display) -> PyErr {
    PyRuntimeError::new_err(format!("broken invariant: {error}"))
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
