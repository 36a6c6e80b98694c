//! The native half of the `cardgames` Python package, `cardgames._native`: each game's
//! protocol state, its strategies as policies and a batched call that plays many games
//! natively, one module a game (`pig`, `ochos_locos`, `quattro`, `war`). A state class
//! is written once over the game's face (`face`: its setup, view, lines, tokens and
//! recording, and the protocol's calls); a game's module adds what the face does not
//! give, its action numbers, observation, chance outcomes, policies and batched play.
//! The PettingZoo environments are written in Python on top of these
//! (`python/cardgames/`).

use pyo3::prelude::*;

mod common;
mod face;
// Named after their games' crates, which they shadow at this crate's root only: inside
// each module the name is the game's crate (`::quattro::` and `::pig::` are written out).
mod ochos_locos;
mod pig;
mod quattro;
mod war;

/// The Python module `cardgames._native`.
#[pymodule]
fn _native(module: &Bound<'_, PyModule>) -> PyResult<()> {
    pig::register(module)?;
    ochos_locos::register(module)?;
    quattro::register(module)?;
    war::register(module)?;
    Ok(())
}
