//! `war`: the card game War (the War assignment), for two players as the
//! assignment asks and for up to eight, with an interactive console, `--auto` and
//! `--quiet` runs, deck files, and a parallel simulator.
//!
//! # The assignment's classes
//! | Java | Rust |
//! | --- | --- |
//! | `Card` (value, suit, `Comparable`, `toString`) | [`Card`]: a [`Rank`] (the value, `getValue()` is [`Card::rank`]) and a [`Suit`] ([`Card::suit`]); `Eq`/`Hash` by rank and suit (one physical card); `compareTo` is [`Card::compare_rank`], by rank alone, which is what battles compare; `Display` as `6C`, `10H`, `AS`, and `FromStr` reads the same codes (either case) or refuses with [`CardError`] |
//! | `Player` (an `ArrayList<Card>`, `toString`) | [`Player`]: a seat and its pile, a [`RingPile`](cards_core::ring::RingPile): a list with the operations a pile needs and no more (the assignment's `ArrayList` without index arithmetic, since a plain array is not allowed): cards leave from the top (`remove(0)`, [`Player::play_card`]) and won cards join at the bottom (`addAll`, [`Player::collect`]), both in constant time where an `ArrayList`'s `remove(0)` shifts every card; underneath, a fixed ring of 64 slots, as War never holds more than its 52 cards; `Display` is `Player 1 (3 cards): 6C 10H AS` |
//! | `Game` (deal, battles, wars, statistics) | [`Game`] (its settings in [`Rules`]): [`Game::new`] waits for the deal, the action [`Action::Battle`] plays one battle with its wars, [`Game::battles`] / [`Game::wars`] count |
//! | `Game.main` (the prompt loop) | [`console::play`], driven by the `war` binary: the person at the prompt is the agent [`console::Person`] |
//!
//! # The game protocol
//! [`Game`] implements `cards_core`'s [`GameState`](cards_core::GameState), and every
//! front end (the console, `--auto`, `--quiet`, the simulator, the tests, the
//! benchmarks) drives it with `cards_core`'s one loop,
//! [`Driver`](cards_core::Driver):
//! - **Actor**: chance at the deal and whenever won cards are to be shuffled; otherwise
//!   the lowest-numbered player still in the game, for the whole table (War leaves
//!   nobody a choice); nobody once the game is over.
//! - **Actions**: one, [`Action::Battle`]: turn the top cards over and play the battle
//!   with all the wars it sets off. The agents: [`console::Person`] (Enter, a number N
//!   for N battles, or `q`) and [`AlwaysBattle`] (`--auto`, `--quiet`, the simulator).
//! - **Chance nodes** ([`ChanceNode`]), each outcome a [`DeckOrder`] (a fixed array, so
//!   drawing one allocates nothing): the deal, the order of the 52 cards top first, dealt
//!   one at a time from Player 1; and with [`WonCardOrder::Shuffled`] each take of the
//!   table, the order in which the winner's cards go under their pile (with
//!   [`WonCardOrder::Fixed`] the order is the rule's, and there is no chance node). A
//!   seeded generator samples them with `cards_core::shuffle` exactly as the game always
//!   has, so a seed plays the same game; `--deck FILE` records the deal
//!   ([`files::parse_deck`]); an order that is not exactly the cards to be ordered is
//!   refused ([`Refusal`]).
//! - **Observation** ([`Observation`]): every player's card count, the cards face up on the
//!   table, the battles and wars so far; never the order of a pile.
//! - **Outcome** ([`Outcome`], `cards_core::Outcome<NoWinner>`): the last player
//!   with cards wins; or no winner because the last players ran out together
//!   ([`NoWinner::OutOfCards`]), a fixed-order position repeated
//!   ([`NoWinner::Repetition`]) or the battle cap was reached
//!   ([`NoWinner::BattleCap`]).
//! - **Events** ([`Event`]): the deal, each card shown or laid face down, ties, wars,
//!   players out, the table taken or left, the end; [`render`] turns them into text and
//!   [`simulate`] tallies them. `audit` (with the `conformance` feature) checks every
//!   step against the rules for `cards_core`'s conformance check.
//! - **The quiet path**: the simulator's `Driver::play_trusted` calls
//!   `Game::apply_trusted` once a battle, which carries out the battle as `apply` does
//!   (the same `battle` function, without the check that a player is to battle) and
//!   fuses the take of the table that follows with shuffled returns (the same draws as
//!   the chance node), building no event; the conformance test checks that it lands where
//!   `apply` and the same chance land.
//!
//! # Modules
//! - [`rules`]: [`Rules`] (players, [`WonCardOrder`] of won cards, the battle cap) and
//!   [`SetupError`].
//! - [`card`]: [`Card`], its [`Rank`] and [`Suit`], and [`CardError`]: the
//!   French-suited card (`6C`, `10H`, `AS`), War's own, equal only to itself, compared
//!   by rank where War's rule says so.
//! - [`deck`]: the deck's facts, [`DeckOrder`] (the outcome of a chance node) and
//!   [`ChanceNode`].
//! - [`player`]: [`Player`] and [`PlayerSet`] (a one-byte set of seats for ties).
//! - [`table`]: [`table::Table`], the cards put down in a battle, in order, each face up
//!   or face down, held inline.
//! - [`game`]: [`Game`], [`Action`], [`Event`], [`Observation`], [`NoWinner`],
//!   [`Outcome`]; the only place with rules: the assignment's two-player battle and war
//!   (`Game::battle`, `Game::war`), and beside them, in modules of their own, the same
//!   rules for 3 to 8 players (`game::more_players`) and the repetition check of
//!   fixed-order games (`game::repetition`); and the quiet path of the simulator
//!   (`apply_trusted`, next to `apply`).
//! - [`error`]: [`Refusal`], why an action or a chance outcome is refused.
//! - [`strategy`]: [`AlwaysBattle`], the agent of `--auto`, `--quiet` and the web.
//! - `audit` (feature `conformance`): the rule check of each step for the protocol's
//!   conformance test.
//! - [`console`]: the person at the terminal ([`console::Person`]) and the interactive,
//!   `--auto` and `--quiet` games ([`console::play`], ending in a [`console::Ending`]).
//! - [`render`]: events, hands and the final summary as text.
//! - [`simulate`]: `war simulate`: [`simulate::Setup`] (what to simulate) on the
//!   workspace's harness, many games on all cores, reproducible per seed whatever the
//!   thread count; [`simulate::Worker::play`] (one thread's reusable game) is also what
//!   `benches/games.rs` times, and `benches/tight.rs` beside a tight loop of the same
//!   games (`bench/war.sh`).
//! - [`files`]: deck files (`war deal`, `war --deck FILE`).
//! - [`check`]: `war check`: a transcript of anybody's War program (a student's, in the
//!   free format the assignment allows) read by the kit handout's conventions and
//!   replayed on the hands it shows, [`check::check`] giving the first broken rule or
//!   what it could not read ([`check::Violation`]); plain code, no `cli` feature.
//! - [`face`]: War as every front sees it (`cards_core::face::Face` for [`Game`]): its
//!   [`face::Setup`] (the recording's options, the page's request), the action token
//!   `1`, the public lines, the page's [`face::View`], the seating and the ending.
//! - `replay` (feature `replay`, in `cli`; the web server turns it on alone):
//!   `replay::show`, one position of `war replay FILE` in the console's lines.
//! - The binary (`src/main.rs` and `src/cli/`, feature `cli`): the command
//!   line, none of it the library's.
//!
//! # How it fits the workspace
//! The rules ([`game`]) are a pure state machine: no printing, no input, no global
//! random generator; chance is explicit. The cards are War's own ([`card`]: no other
//! game uses French-suited cards); the seeded shuffle, deck-file tokens, the protocol
//! and its loop, the prompt helper and exit codes come from `cards-core`; the binary
//! (`src/main.rs` and `src/cli/`, which need the default feature `cli`) is the only place that knows
//! about clap, indicatif and rayon: the library builds with `--no-default-features` and
//! depends on none of them. The library's JSON is the face's serde shapes (the setup,
//! the view, the action), which the fronts write.
//!
//! # Decisions where the assignment is silent
//! - **Deal**: the 52 cards are shuffled with `cards_core::shuffle` (seeded, stable
//!   across `rand` versions), then dealt one at a time, Player 1 first; a player's first
//!   card is their top card. With 3, 5, 6, 7 or 8 players the first seats get one card
//!   more.
//! - **Counting**: every comparison of face-up cards is a battle, a war's deciding one
//!   included (the assignment: asking for 100 battles may fight 105); every war, chained
//!   or not, counts once, when it starts. A war that ends because fewer than two of its
//!   players can lay four cards compares nothing, so it adds a war but no battle.
//! - **Running out**: a player who must put down a card and has none is out (with two
//!   players: loses). In a war each player at war lays four cards, or all they have;
//!   those who could not lay four are out. If none of them could, the one who held the
//!   most outlasts the others and takes the table (the one with fewer cards loses); if
//!   several held that many, they run out together: with two players the game ends with
//!   no winner ([`NoWinner::OutOfCards`]); with more, those players are all out and
//!   the table stays for the winner of the next battle ([`Event::PotLeft`]). A player
//!   left with no cards after a battle is out at once (they could not play the next
//!   battle's card), so the console never asks for a battle that cannot be fought.
//! - **Won cards** (the text: "in any order"): by default the table is shuffled before it
//!   goes under the winner's pile, a common rule that keeps games from cycling
//!   ([`WonCardOrder::Shuffled`]). [`WonCardOrder::Fixed`] (`--order fixed`) returns
//!   them in the order they were put down: battle cards in seat order, then each war's
//!   cards player by player.
//! - **Endless games**: with fixed order a position can come back and the game would
//!   cycle; it is detected exactly with Brent's algorithm (no hashing, no allocation per
//!   battle) and ends the game with no winner, saying after which battles the position
//!   repeated ([`NoWinner::Repetition`]). Any game also stops once
//!   `--max-battles` battles are fought (default [`Rules::DEFAULT_MAX_BATTLES`]). Both
//!   are checked after a whole battle, its wars included: a war's deciding battle counts
//!   as a battle, so the battles fought may pass the cap by the last battle's wars.
//! - **More players** (`--players N`, 2–8): all players still in the game play a card;
//!   a tie for the highest starts a war among the tied players only; the last player with
//!   cards wins, holding all of them.
//! - **Console**: Enter plays one battle with its wars; a number N plays N battles, each
//!   with its wars, exactly as N presses of Enter would (the wars' deciding battles are
//!   counted too, so asking for 100 may fight 105, as the assignment says); `q`/`quit`
//!   (any case) quits; `0` and anything else (a line that is not UTF-8 text included) are
//!   refused with one line and asked again. The end of input ends the game like `q` (the
//!   summary gives the battles and wars fought), and the binary says why once, on
//!   stderr: `war: the input ended before the game did; nobody won`, exiting with
//!   status 1, as every interactive game does ([`console::Ending`]).
//! - **The updated hands** (the text: "after a battle, Game should show the updated
//!   hands"): the prompt shows them as each player's card count after every battle
//!   (`Cards held: Player 1 25, Player 2 27`: 26 cards a line each would bury the
//!   battles), the whole hands on `h`; `--auto` shows the whole hands after every battle.
//!   `?` shows the rules, and a game played to its end asks `Play again? (y/n)`.
//! - **Deck files** (`--deck FILE`): the 52 cards top first, as the game prints them,
//!   separated by any whitespace; the whole file is checked before anything is played.
//!   The shuffles of won cards still come from `--seed`, whose generator is drawn for the
//!   deal all the same, so `war deal --seed S` written to a file and played with
//!   `--deck FILE --seed S` replays the game of `--seed S`.
//! - **Play again** (the binary): each game after the first is dealt from a seed of its
//!   own, drawn from the session's generator ([`SessionSeeds`](cards_core::rng::SessionSeeds): stream 0 of the first
//!   seed, so the first seed still replays the whole session) and announced on stderr
//!   as `war: game 2: seed N (replay with --seed N)`, so that every game of a session
//!   replays alone from `--seed N` and is recorded alone.
//! - **Recorded games** (`--record FILE`, `war replay FILE`, the module [`face`]): the
//!   options are `players=N`, `order=shuffled|fixed` and `max-battles=N` (the players
//!   are named by their seats, so their number is their names; a recording names all
//!   three), and for a game built from piles `pile-1=…` to `pile-N=…`; each battle is the answer `1`, read by
//!   [`console::parse_answer`], so the actions typed again at `war --seed S` play the
//!   same game. The deal and the shuffles of won cards come again from the seed, so
//!   `--record` refuses `--deck`. Game 1 of a session goes to FILE, game N to FILE-N
//!   (`game.json`, `game-2.json`, …). A replay shows every hand at every step: the game
//!   is over, nothing is left to hide.

#[cfg(feature = "conformance")]
pub mod audit;
pub mod card;
pub mod check;
pub mod console;
pub mod deck;
pub mod error;
pub mod face;
pub mod files;
pub mod game;
pub mod player;
pub mod render;
#[cfg(feature = "replay")]
pub mod replay;
pub mod rules;
pub mod simulate;
pub mod strategy;
pub mod table;

pub use card::{Card, CardError, Rank, Suit};
pub use deck::{ChanceNode, DeckOrder};
pub use error::Refusal;
pub use game::{Action, Event, Game, NoWinner, Observation, Outcome, WAR_CARDS};
pub use player::{Player, PlayerSet};
pub use rules::{MAX_PLAYERS, MIN_PLAYERS, Rules, SetupError, WonCardOrder};
pub use strategy::AlwaysBattle;
