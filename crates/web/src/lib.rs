//! `cardgames-web` (this library is `web`): all four games of the workspace on one local
//! web page, the web server of the project `cardgames`.
//!
//! `cargo run -p cardgames-web` serves `http://127.0.0.1:8080/`: Ochos Locos (any of its seven
//! rule sets, at a seat or watching the strategies), Quattro (both rule sets), War
//! (battle by battle, N battles, or to the end) and Pig (against the assignment's
//! Computer, holding at 20, another hold-at-N one, or the optimal one). The page is HTML, CSS and plain JavaScript modules built into the
//! binary ([`assets`]); the server ([`server`], axum on tokio) holds every game.
//!
//! # How it fits the workspace
//! The server uses nothing of a game but the workspace's protocol
//! (`cards_core::protocol`): a game starts at its chance node with a
//! `ChanceSource::seeded(rng_from_seed(seed))` (so `/quattro?seed=7` replays the game of
//! `quattro --seed 7`); the other seats' agents (Ochos Locos's `Strategy`, Quattro's
//! `Bot`, Pig's `HoldAt` and `Optimal`; War needs none, the person turns the cards for the
//! table) play through the protocol's `Driver` until the person must act again; the
//! person's action is accepted only if it is among `legal_actions` (and `apply` refuses
//! anything else, changing nothing). What the page receives is built from
//! `observe(seat)` and `legal_actions` alone ([`games`]), with the steps in between told
//! from the protocol's events through each game's list of what is public: never another
//! seat's hand, a drawn card the viewer did not draw, a face-down card, or the deck.
//!
//! A finished game can be stepped through move by move ([`replay`]): each session keeps
//! its start and every seat's action, so that its recording (the workspace's one format,
//! the file `pig replay FILE` reads) is given at the end; a recording posted back, from
//! this page, a shared link or a file of `GAME --record FILE`, is played again with the
//! protocol and sent as frames worded as the live log.
//!
//! The JSON API (start a game, see it, send an action; errors are a 4xx status with
//! `{"error", "code"}`, and the game is unchanged) is documented in `docs/web.md`.
//! Games expire after an idle time and their number is capped, in all and per client
//! ([`server::Config`]), so the server's memory is bounded; requests must name the
//! server's own host and, to change anything, come from its own page ([`guard`]); slow
//! clients are cut off and the connections capped ([`listen`]). `examples/load.rs` is
//! the load test, `tests/api.rs` the API in process, `tests/loopback.rs` the limits
//! tried over real connections, `tests/memory.rs` what a finished game holds.

pub mod assets;
pub mod error;
pub mod extract;
pub mod games;
pub mod guard;
pub mod kind;
pub mod listen;
pub mod replay;
pub mod server;
pub mod table;

pub use error::ApiError;
pub use kind::Kind;
pub use listen::{serve, serve_until};
pub use server::{AppState, Config, router};
pub use table::Table;
