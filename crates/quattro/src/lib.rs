//! `quattro`: the Uno-like card game of the Quattro assignment, one
//! human against three bots at the console, with the assignment's "future expansion"
//! cards made real as a second rule set.
//!
//! # How the crate fits the workspace
//! The rules are a pure state machine ([`game`]) behind the workspace's game protocol,
//! `cards_core::protocol::GameState`: a [`Game`], the [`Action`]s a seat may make, and the
//! chance nodes (the deal, the reshuffle) whose outcome, a [`DeckOrder`], comes from a
//! seeded generator or a deck file. Each step reports what happened as [`Event`]s, or is
//! refused with a [`Refusal`] and changes nothing. The rules never print, read or use
//! a global RNG. Whoever chooses at a seat is an `Agent`: the bots ([`Bot`]) and the
//! person at the console ([`console::Person`]) alike see only their [`Observation`] (their
//! hand and the public table) and the legal moves. Every front end drives the game
//! through the one loop, `cards_core::protocol::Driver`: the interactive game and the
//! bots-only game (`--bots 4`) in [`console`], the simulator ([`simulate`]), the tests
//! and the benchmark; [`render`] turns events into the transcript. The binary
//! (`src/main.rs` and `src/cli/`) only parses arguments, reads the deck
//! file, picks the seed and maps the ending to an exit status.
//!
//! # The game as the protocol
//! - **Actor**: chance at a new game (the deal) and whenever a draw needs a reshuffle;
//!   otherwise the seat whose turn it is; nobody once the game is over.
//! - **Actions** ([`Action`]), in this order: each distinct playable card once, in card
//!   order (number cards, then action cards, then wild cards; by colour in rainbow order
//!   R, Y, G, B, then by number or action); a wild card once per colour it may name, in
//!   rainbow order, or once with no colour if it is the player's last card. With no
//!   playable card, [`Action::Draw`] alone (which passes if there is nothing to draw).
//! - **Chance nodes**, each outcome a [`DeckOrder`], top first. *The deal*: the order of
//!   the whole deck; [`HAND_SIZE`] cards go to each seat one at a time round the table,
//!   then the next card starts the discard pile (a wild card turned up goes under the
//!   draw pile and the next is turned). *The reshuffle*: when a draw (a player's, or a
//!   Draw Two's or Wild Draw Four's penalty) needs a card, the draw pile is empty and
//!   the discard pile holds more than its top card, the game stops at a chance node whose
//!   outcome is the new draw pile's order (every discard but the top), then the draw
//!   goes on where it stopped. An order that is not exactly the cards to be shuffled is
//!   refused ([`ChanceError`]). Sampled from a seed, each is one `cards_core::shuffle`
//!   of those cards in their current order, drawn from the seed's generator
//!   (`cards_core::rng`, xoshiro256++), so a seed gives the same game on every machine.
//! - **Observation**: the seat's [`Observation`]: its hand, the top card, the colour to
//!   follow, every seat's card count, the draw pile's size, the direction, the rules;
//!   never another hand or the order of the draw pile (`None` before the deal).
//! - **Outcome** ([`Outcome`], the workspace's `cards_core::Outcome`): the winner, who
//!   played their last card; or no winner ([`NoWinner`]): every player passed in a
//!   row, or the turn limit.
//! - **Audit** (`audit`, with the `conformance` feature): the rule checks the conformance test runs after every step.
//!
//! # Code map
//! The modules follow the workspace's one table (the same file and name for each role
//! in all four games):
//! - [`card`]: the UML's card classes, their codes (`R5`, `RS`, `RR`, `R+2`, `W`, `W+4`)
//!   and [`Card::matches`]. [`rules`]: [`Rules`], the game's settings (the deck and the
//!   turn cap) as in every game of the workspace, and [`Variant`], the two decks.
//!   [`player`]: [`Player`].
//! - [`deck`]: [`DeckOrder`], the outcome of a shuffle (the deal's, a reshuffle's).
//! - [`pile`]: the draw and discard piles ([`pile::Pile`]): take from the top, put on it,
//!   slip under the bottom, shuffle.
//! - [`game`]: the state machine: [`Game`] (the `GameState`), [`Action`], [`Event`],
//!   [`Observation`], [`NoWinner`], [`Outcome`]; [`Game::restart`] goes back to before
//!   the deal for the next game. What may be played is the game's to say
//!   ([`Game::check_play`], [`Game::check_action`]; a seat's [`Observation`] asks the
//!   same rule of what it sees); the Uno rules (what action cards do, the Wild Draw
//!   Four's limit) are in `game/uno.rs`. Invariants: the game always holds exactly its deck's
//!   cards; once dealt, the discard pile is never empty; a refused step changes nothing;
//!   every game ends (a winner, everyone passing, or the turn limit).
//! - [`error`]: the assignment's exceptions as error types, and the game's refusals
//!   ([`Refusal`]).
//! - [`strategy`]: the bots' policy as the [`Bot`] agent, from an [`Observation`] only.
//! - [`mcts`]: the strong player, information-set Monte Carlo tree search from a seat's
//!   [`Observation`] ([`mcts::choose`], the agent [`mcts::Strong`]; its worlds in
//!   `game/world.rs`), the console's `--opponent mcts` ([`console::Opponent`]).
//! - `audit` (feature `conformance`): the rule check of every step.
//! - [`console`]: the human's answers (pure parsers, then the `cards_core` console), the
//!   person as the [`console::Person`] agent, the interactive game ([`console::play`]),
//!   the bots-only game next to it, and how a console game ended ([`console::Ending`]);
//!   [`render`]: all the text.
//! - [`simulate`]: many bot games on the workspace's harness: [`simulate::Setup`] (what
//!   to simulate) and [`simulate::Worker`] (one thread's reused game and loop).
//! - [`files`]: the deck file (`--deck`, `quattro deal`).
//! - [`check`]: `quattro check`, a transcript of someone's Quattro program replayed
//!   against the assignment's rules, the first broken rule named with its line.
//! - [`face`]: the game as every front sees it (`impl Face for Game`): its [`face::Setup`]
//!   (the options of a recording and a web request), action tokens, public lines, the
//!   seat's [`face::View`], the rules text and the ending.
//! - `replay` (feature `replay`, in `cli`): `quattro replay`, a recorded game shown at
//!   the terminal (`frames`, `show`); the file's options and tokens are the [`face`]'s.
//! - The binary (`src/main.rs` and `src/cli/`, feature `cli`): the command
//!   line, none of it the library's.
//!
// ANCHOR: java_map
//! # The assignment's classes in Rust
//! | UML / Java                    | Rust |
//! |-------------------------------|------|
//! | `Card` (abstract)             | [`Card`], an enum of the three concrete kinds; its methods are the shared behaviour ([`Card::matches`], the code, the colour) |
//! | `ColourCard` (abstract)       | the [`ColoredCard`] trait (`color()`) |
//! | `StandardColourCard`          | [`StandardColoredCard`], the workspace's `cards_core::ColorCard` (`R5`) |
//! | `SpecialColourCard` (shell)   | [`SpecialColoredCard`]: Skip, Reverse, Draw Two of a colour (`--rules uno`) |
//! | `WildCard` (shell)            | [`WildCard`]: Wild and Wild Draw Four (`--rules uno`) |
//! | `SpecialAbility` (interface)  | the [`SpecialAbility`] trait; its one operation [`SpecialAbility::activate`] returns the card's [`Ability`] |
//! | `Player`                      | [`Player`]: name, hand, and who plays it: [`Player::human`] (the person, by name) or [`Player::bot`] (named after its seat) |
//! | `QuattroTest` (main class)    | the binary; its game loop is `cards_core::protocol::Driver`, driven by [`console::play`] |
//! | the game's settings (`newDeck()`, how long a game may last) | [`Rules`], as in every game of the workspace: the deck ([`Variant`]: the assignment's 40 cards, or the expansion's 56 with `--rules uno`; [`Rules::deck`]) and the turn cap ([`Rules::max_turns`]); [`Game::new`] takes them |
//! | `Player` deciding a move      | an `Agent` of the seat: [`Bot`] ([`strategy::next_play`]) or [`console::Person`] |
//! | `hasWon()`, `getName()`, `getHand()` | [`Player::has_won`], [`Player::name`], [`Player::hand`] |
//! | no-name exception (Task 3)    | [`NoNameError`] |
//! | invalid-selection exception   | [`InvalidSelectionError`], also Task 5's custom exception (`Default`, `new(message)`, `message()`, `Display`) |
// ANCHOR_END: java_map
//!
//! # Decisions where the assignment is silent
//! - **Seats and turns.** The human sits in seat 1 and plays first; bots are
//!   `Player 2`–`Player 4` (`Player 1`–`Player 4` with `--bots 4`). Cards are dealt one
//!   at a time round the table. A player who draws does not play in the same turn (rule
//!   6 of the assignment), in both rule sets.
//! - **Hands** keep the order received; the console shows the human's hand sorted
//!   (colour, then number) one card a line with its code and name.
//! - **Input.** A card code in any case (`r5`), `draw`, `d` or `0`. A blank answer, a code
//!   that is no card of the game (`X9`, or `RS` under Quattro rules), a card not held, a
//!   card that doesn't match, and `draw` while holding a playable card are refused with
//!   the reason (a refused `draw` names every playable card held, each once, in the
//!   order received: [`PlayableCards`]), and the question comes again; so is an answer that is not UTF-8 text
//!   (one stray byte must not end a game). End of input, at any question, abandons the
//!   game with a message (exit status 1).
//! - **No winner.** The assignment's game can't stall: with every card but the top one
//!   in the hands, some hand holds a card of the top card's colour (and with Uno rules a
//!   wild card too), so "every player passes in a row" can't happen with a full deck. The
//!   rule is still there (a test builds such a position by hand). What can happen is a
//!   very long game, so a game also ends with no winner after `--max-turns` turns
//!   (default [`Rules::DEFAULT_MAX_TURNS`]; in simulation of 100 000 games per rule set
//!   the longest game took well under a third of it).
//! - **Uno rules** (`--rules uno`): the deck is the 40 number cards plus one Skip
//!   (`RS`), Reverse (`RR`) and Draw Two (`R+2`) of each colour and two each of Wild
//!   (`W`) and Wild Draw Four (`W+4`): 56 cards, dealt 3 each like Quattro. Skip: the
//!   next player misses a turn. Reverse: play changes direction. Draw Two and Wild Draw
//!   Four: the next player draws two (four) and misses a turn; no stacking. A wild card
//!   matches anything and its player names the colour to follow; a Wild Draw Four may
//!   only be played with no card of the colour to follow in hand (the Uno rule, enforced
//!   instead of challenged). An action card matches its colour or the same action. The
//!   first discard card has no effect (nobody played it); a wild card turned up goes
//!   under the draw pile and the next card is turned. A last card wins at once, its
//!   effect unplayed, and a winning wild card names no colour; no other card names a
//!   colour (a move that names one is refused, so the legal moves are exactly the moves
//!   the game accepts).
//! - **Deck files** (`--deck FILE`, written by `quattro deal`): the whole deck of the
//!   rule set, top first, as card codes; the file stands for the deal's shuffle only,
//!   and reshuffles during play come from the seed. The seed's generator is still
//!   drawn for the deal, so `quattro deal --seed S` played with `--seed S` is the game
//!   of `--seed S`. A file is checked whole before anything is asked or printed.
//! - **Play again.** A game played to its end asks `Play again? (y/n)`; each game after
//!   the first is dealt from a seed of its own, drawn from the session's
//!   ([`SessionSeeds`](cards_core::rng::SessionSeeds)) and announced on stderr as the first one's is
//!   (`quattro: game 2: seed N (replay with --seed N)`), so that every game replays alone.
//! - **Recorded games** (`--record FILE`, `quattro replay FILE`, the [`face`]): the
//!   options are `rules=RULES`, `max-turns=N` and one a seat in seat order,
//!   `seatN=human:NAME` or `seatN=bot:Player K` (so they rebuild any table the library
//!   makes; a human's name must be one the console takes, as the replay prints it); the
//!   actions are the answers at the move question for every seat: a card's code, `d` for
//!   a draw, and a wild card with the colour it names in one token, `W:G` or `W+4:B`
//!   (a wild card that is the last card names none: `W`). The shuffles come again from
//!   the seed, so `--record` refuses `--deck`; game 2 of a session goes to `FILE`'s name
//!   with `-2` before its extension (`game-2.json`). A session ended at the name question
//!   played nothing and leaves no file. The replay shows every hand: the game is over.
//! - **Bots** follow the policy in [`strategy`]; they have no randomness, so a seed fixes
//!   the whole game.
//! - **Colour.** On a terminal the cards are shown in their colours (ANSI red, yellow,
//!   green and blue, wild cards in magenta; the colour a wild card names too), unless
//!   `NO_COLOR` is set to anything but the empty string. A pipe or a file always gets the
//!   plain transcript, byte for byte. The binary decides once, from
//!   `std::io::IsTerminal`, and hands the renderer a [`CardStyle`](cards_core::paint::CardStyle).
//! - **Transcript.** Moves are told as they happen, so before each of their turns the
//!   human has seen what every bot did since (card played, or a draw) with its card
//!   count, then a summary: name, top card, hand, every other player's card count. Bots'
//!   cards (and the cards they draw) are never shown except with `--reveal`.

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
pub mod mcts;
pub mod pile;
pub mod player;
pub mod render;
#[cfg(feature = "replay")]
pub mod replay;
pub mod rules;
pub mod simulate;
pub mod strategy;

pub use card::{
    Ability, Card, ColoredCard, SpecialAbility, SpecialColoredCard, StandardColoredCard, Symbol,
    WildCard,
};
pub use deck::DeckOrder;
pub use error::{
    ChanceError, InvalidSelectionError, NoNameError, PlayableCards, Refusal, SetupError,
};
pub use game::{Action, Drawn, Event, Game, NoWinner, Observation, Outcome};
pub use player::Player;
pub use rules::{HAND_SIZE, PLAYERS, Rules, Variant};
pub use strategy::Bot;
