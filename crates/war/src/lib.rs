//! `war`: the card game War (assignment `seeds/003`), for two players as the
//! assignment asks and for up to eight, with an interactive console, `--auto` and
//! `--quiet` runs, and a parallel simulator.
//!
//! # The assignment's classes
//! | Java | Rust |
//! | --- | --- |
//! | `Card` (value, suit, `Comparable`, `toString`) | [`Card`]: `Ord`/`Eq` by rank alone, `Display` as `6C`, `10H`, `AS` |
//! | `Player` (an `ArrayList<Card>`, `toString`) | [`Player`]: a seat and a [`cards_core::Pile`] (a `VecDeque`); `Display` is `Player 1 (3 cards): 6C 10H AS` |
//! | `Game` (deal, battles, wars, statistics) | [`Game`]: [`Game::new`] deals, [`Game::play_battle`] plays one battle with its wars, [`Game::battles`] / [`Game::wars`] count |
//! | `Game.main` (the prompt loop) | [`console::play`], driven by the `war` binary |
//!
//! # Modules
//! - [`card`]: [`Card`], War's rank-only comparison over `cards_core::PlayingCard`.
//! - [`player`]: [`Player`] and [`PlayerSet`] (a one-byte set of seats for ties).
//! - [`game`]: [`Rules`], [`Game`], [`Event`], [`Outcome`]; the only place with rules.
//! - [`render`]: events, hands and the final summary as text.
//! - [`console`]: the prompt loop of the interactive, `--auto` and `--quiet` games.
//! - [`sim`]: `war simulate`: many games on all cores, reproducible per seed whatever
//!   the thread count; [`sim::play_one`] is also what `benches/games.rs` times.
//!
//! # How it fits the workspace
//! The rules ([`game`]) are a pure state machine: no printing, no input, no global
//! random generator. [`Game::play_battle`] takes the generator (`&mut impl Rng`) and a
//! callback that receives each [`Event`]; [`render`] turns events into text, [`console`]
//! asks the person, [`sim`] tallies many games in parallel. Cards, piles, the seeded
//! shuffle, the prompt helper and exit codes come from `cards-core`; the binary
//! (`src/main.rs`, `src/cli.rs`) is the only place that knows about clap and indicatif.
//!
//! # Decisions where the texts are silent (see also SPEC-NOTES)
//! - **Deal**: the 52 cards are shuffled with `cards_core::shuffle` (seeded, stable
//!   across `rand` versions), then dealt one at a time, Player 1 first; a player's first
//!   card is their top card. With 3, 5, 6, 7 or 8 players the first seats get one card
//!   more.
//! - **Counting** (SPEC-NOTES): every comparison of face-up cards is a battle, a war's
//!   deciding one included; every war, chained or not, counts once, when it starts. A war
//!   that ends because fewer than two of its players can lay four cards compares nothing,
//!   so it adds a war but no battle.
//! - **Running out** (SPEC-NOTES): a player who must put down a card and has none is out
//!   (with two players: loses). In a war each player at war lays four cards, or all they
//!   have; those who could not lay four are out. If none of them could, the one who held
//!   the most outlasts the others and takes the table (the "fewer cards loses" rule); if
//!   several held that many, they run out together: with two players the game ends with
//!   no winner ([`NoWinnerReason::OutOfCards`]); with more, those players are all out and
//!   the table stays for the winner of the next battle ([`Event::PotLeft`]). A player
//!   left with no cards after a battle is out at once (they could not play the next
//!   battle's card), so the console never asks for a battle that cannot be fought.
//! - **Won cards** (SPEC-NOTES): by default the table is shuffled with the game's
//!   generator before it goes under the winner's pile ([`Order::Shuffled`]).
//!   [`Order::Fixed`] (`--order fixed`) returns them in the order they were put down:
//!   battle cards in seat order, then each war's cards player by player.
//! - **Endless games**: with fixed order a position can come back and the game would
//!   cycle; it is detected exactly with Brent's algorithm (no hashing, no allocation per
//!   battle) and ends the game with no winner, saying after which battles the position
//!   repeated ([`NoWinnerReason::Repetition`]). Any game also stops after
//!   `--max-battles` battles (default [`Rules::DEFAULT_MAX_BATTLES`]). Both are checked
//!   after a whole battle.
//! - **More players** (`--players N`, 2–8): all players still in the game play a card;
//!   a tie for the highest starts a war among the tied players only; the last player with
//!   cards wins, holding all of them.
//! - **Console**: Enter plays one battle with its wars; a number N plays N battles, each
//!   with its wars, exactly as N presses of Enter would (the wars' deciding battles are
//!   counted too, so asking for 100 may fight 105, as the assignment says); `q`/`quit`
//!   (any case) quits; `0` and anything else (a line that is not UTF-8 text included) are refused
//!   with one line and asked again. The end of input quits like `q` but the binary then
//!   exits with status 1 ([`console::Ending`]).

pub mod card;
pub mod console;
pub mod game;
pub mod player;
pub mod render;
pub mod sim;

pub use card::Card;
pub use game::{
    BattleSummary, Event, Game, GameOverError, NoWinnerReason, Order, Outcome, Rules, SetupError,
    WAR_CARDS,
};
pub use player::{MAX_PLAYERS, Player, PlayerSet};
