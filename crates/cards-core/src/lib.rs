//! `cards-core`: the vocabulary every game crate of this workspace shares.
//!
//! - [`color`]: the four colours and the coloured card of Ochos Locos and Quattro
//!   (`R5`, rainbow order R < Y < G < B).
//! - [`deck`]: [`deck::DeckOrder`], a chance node's order of cards, and [`shuffle`], the
//!   seeded shuffle every game draws its orders with (a golden test pins it).
//! - [`ring`]: a pile of at most a deck's cards held inline in a fixed ring
//!   ([`ring::RingPile`], War's piles and Ochos Locos' deck): take from the top, slip
//!   under the bottom, count, go through top first.
//! - [`rng`]: the one random number generator games use ([`GameRng`]), and seeds.
//! - [`tokens`]: a whitespace tokenizer for deal files that knows lines and columns.
//! - [`protocol`]: the game protocol all four games implement ([`GameState`]), the
//!   agents that choose at seats ([`Agent`]), chance sources and the one game loop
//!   ([`Driver`]).
//! - [`face`]: the one face a game shows its fronts ([`face::Face`]): its setup, its
//!   actions as tokens, its events as public lines, a seat's view, its rules and ending.
//! - [`names`]: rule-set names on the command line, plurals.
//! - [`input`]: input files read with a size limit, words quoted safely in errors.
//! - [`invisible`]: the characters a person cannot see (controls, direction overrides,
//!   zero-width and tag characters, variation selectors, Hangul fillers), escaped
//!   wherever text from a file or a program is shown.
//! - `testing` (with the `testing` feature, for the games' tests): running a binary on hostile input with a
//!   deadline, on a full or closed stdout, and the one-error-line check.
//! - [`sim`]: the one simulation harness of the four `simulate` subcommands: what a
//!   game implements ([`sim::Simulation`]) and the report; the threaded runner and the
//!   JSON with the `sim` feature, and `sim_cli` (with `sim` and `clap`) the subcommands'
//!   common options and output.
//! - `cli` (with the `clap` feature, for the binaries): exit statuses, the one-line
//!   error report of every binary, the announced seed, argument parsing.
//! - `replay` (with the `replay` feature): the recorded game file of `--record` and
//!   `GAME replay`, one format for the four games, and the step-through replay.
//! - `record` (with `clap` and `replay`, for the binaries): a session at the terminal
//!   written down: `--record FILE` for every game, and the seeds of `Play again?`.
//! - [`ismcts`]: the strong player, information-set Monte Carlo tree search over the
//!   protocol, which sees only what a seat saw ([`ismcts::Determinize`]).
//! - [`check`]: what a transcript checker reports, a broken rule or an unreadable
//!   line (`war::check`, `quattro::check`).
//! - [`console`]: prompting a person, re-asking on invalid answers, ending cleanly on
//!   end of input.
//!
//! Nothing here knows any game's rules, and nothing but [`console`] (a person's
//! prompts) and the binaries' `cli` does I/O. Game crates depend on this one, never on
//! each other.

pub mod check;
#[cfg(feature = "clap")]
pub mod cli;
pub mod color;
pub mod console;
pub mod deck;
pub mod face;
pub mod input;
pub mod invisible;
pub mod ismcts;
pub mod names;
pub mod paint;
pub mod protocol;
#[cfg(all(feature = "clap", feature = "replay"))]
pub mod record;
#[cfg(feature = "replay")]
pub mod replay;
pub mod ring;
pub mod rng;
pub mod sim;
#[cfg(all(feature = "sim", feature = "clap"))]
pub mod sim_cli;
#[cfg(feature = "testing")]
pub mod testing;
pub mod tokens;

pub use color::{Color, ColorCard, ColorCardError, ColorError};
pub use deck::shuffle;
pub use face::{Face, Line, Seating, Viewer};
pub use protocol::{Actor, Agent, ChanceSource, Driver, EventSink, GameState, Outcome, Seat, Stop};
pub use rng::GameRng;
pub use tokens::{ParseError, Token, TokenLine, Tokens};
