//! `quattro`: the Uno-like card game of the assignment (`seeds/002`), one human against
//! three bots at the console, with the assignment's "future expansion" cards made real
//! as a second rule set.
//!
//! # How the crate fits the workspace
//! The rules are a pure state machine ([`game`]): a [`Game`], the [`Move`]s a player
//! may make, and [`Game::apply`], which returns what happened as [`Event`]s or refuses
//! an illegal move with an [`InvalidSelectionError`] and changes nothing. The rules
//! never print, read or use a global RNG: shuffles take the caller's generator,
//! `cards_core::rng::GameRng` made from `--seed`, through `cards_core::Pile::shuffle`.
//! Deciding players see a [`PlayerView`] (their hand and the public table), never the
//! other hands: the bots ([`bot`]) and the human's console ([`console`]) alike.
//! [`render`] turns events into the transcript; the same engine and the same text serve
//! the interactive game, the bots-only game (`--bots 4`), the simulator ([`simulate`])
//! and the tests. The binary (`src/main.rs`, `src/cli.rs`) only parses arguments,
//! picks the seed and maps the ending to an exit status.
//!
//! # Code map
//! - [`card`]: the card types, their codes (`R5`, `RS`, `RR`, `R+2`, `W`, `W+4`) and
//!   [`Card::matches`]. [`rules`]: the two decks. [`player`]: [`Player`].
//! - [`game`]: the state machine. Invariants: the game always holds exactly its deck's
//!   cards; the discard pile is never empty; a refused move changes nothing; every game
//!   ends (a winner, everyone passing, or the turn limit).
//! - [`bot`]: the bots' policy, from a [`PlayerView`] only. [`error`]: the assignment's
//!   exceptions as error types.
//! - [`console`]: the human's answers (pure parsers, then the `cards_core` console) and
//!   the game loops; [`render`]: all the text. [`simulate`]: parallel bot games, integer
//!   tallies, no allocation per game.
//!
//! # The assignment's classes in Rust
//! | UML / Java                    | Rust |
//! |-------------------------------|------|
//! | `Card` (abstract)             | [`Card`], an enum of the three concrete kinds; its methods are the shared behaviour ([`Card::matches`], the code, the colour) |
//! | `ColourCard` (abstract)       | the [`ColourCard`] trait (`colour()`) |
//! | `StandardColourCard`          | [`StandardColourCard`], the workspace's `cards_core::ColorCard` (`R5`) |
//! | `SpecialColourCard` (shell)   | [`SpecialColourCard`]: Skip, Reverse, Draw Two of a colour (`--rules uno`) |
//! | `WildCard` (shell)            | [`WildCard`]: Wild and Wild Draw Four (`--rules uno`) |
//! | `SpecialAbility` (interface)  | the [`SpecialAbility`] trait; its one operation [`SpecialAbility::activate`] returns the card's [`Ability`] |
//! | `Player`                      | [`Player`]: name, hand, human or bot |
//! | `QuattroTest` (main class)    | the binary; the game loop is [`console::play_with_human`] |
//! | no-name exception (Task 3)    | [`NoNameError`] |
//! | invalid-selection exception   | [`InvalidSelectionError`], also Task 5's custom exception (`Default`, `new(message)`, `message()`, `Display`) |
//!
//! # Decisions where the assignment and SPEC-NOTES are silent
//! - **Seats and turns.** The human sits in seat 1 and plays first; bots are
//!   `Player 2`–`Player 4` (`Player 1`–`Player 4` with `--bots 4`). Cards are dealt one
//!   at a time round the table. A player who draws does not play in the same turn (rule
//!   6 of the assignment), in both rule sets.
//! - **Hands** keep the order received; the console shows the human's hand sorted
//!   (colour, then number) one card a line with its code and name.
//! - **Input.** A card code in any case (`r5`), `draw` or `0`. A blank answer, a code
//!   that is no card of the game (`X9`, or `RS` under Quattro rules), a card not held, a
//!   card that doesn't match, and `draw` while holding a playable card are refused with
//!   the reason, and the question comes again; so is an answer that is not UTF-8 text
//!   (one stray byte must not end a game). End of input, at any question, abandons the
//!   game with a message (exit status 1).
//! - **No winner.** The assignment's game can't stall: with every card but the top one
//!   in the hands, some hand holds a card of the top card's colour (and with Uno rules a
//!   wild card too), so "every player passes in a row" can't happen with a full deck. The
//!   rule is still there (a test builds such a position by hand). What can happen is a
//!   very long game, so a game also ends with no winner after `--max-turns` turns
//!   (default [`DEFAULT_MAX_TURNS`]; in simulation of 100 000 games per rule set
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
//!   effect unplayed, and a winning wild card names no colour.
//! - **Bots** follow the policy in [`bot`]; they have no randomness, so a seed fixes
//!   the whole game.
//! - **Transcript.** Moves are told as they happen, so before each of their turns the
//!   human has seen what every bot did since (card played, or a draw) with its card
//!   count, then a summary: name, top card, hand, every other player's card count. Bots'
//!   cards (and the cards they draw) are never shown except with `--reveal`.

pub mod bot;
pub mod card;
pub mod console;
pub mod error;
pub mod game;
pub mod player;
pub mod render;
pub mod rules;
pub mod simulate;

pub use card::{
    Ability, Action, Card, ColourCard, SpecialAbility, SpecialColourCard, StandardColourCard,
    WildCard,
};
pub use error::{InvalidSelectionError, NoNameError};
pub use game::{
    DEFAULT_MAX_TURNS, Event, Game, Move, NoWinnerReason, Outcome, PLAYERS, PlayerView,
};
pub use player::Player;
pub use rules::{HAND_SIZE, Rules};
