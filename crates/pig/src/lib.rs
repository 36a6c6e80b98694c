//! `pig`: the dice game Pig, as the assignment "PA3 – The Game of Pig" specifies it
//! (Human against Computer, two dice, first to 100), and Pig solved.
//!
//! # The assignment's classes
//! | Java | Rust |
//! |------|------|
//! | `PigDice` | [`PigDice`] (in [`dice`]): `roll()` [`PigDice::roll`], `getDie1()` [`PigDice::die1`], `getDie2()` [`PigDice::die2`], `isDoubles()` [`PigDice::is_doubles`], `isSnakeEyes()` [`PigDice::is_snake_eyes`], `getPoints()` [`PigDice::points`], `toString()` its `Display` (`2,2`); a roll's chance outcome is a [`Throw`] |
//! | `PigPlayer` | [`PigPlayer`] (in [`player`]): `getName()` [`PigPlayer::name`], `getTurnPoints()` [`PigPlayer::turn_points`], `getTotalPoints()` [`PigPlayer::total`], `roll()` [`PigPlayer::roll`], `hold()` [`PigPlayer::hold`], `hasWon()` [`PigPlayer::has_won`] |
//! | `PigGame` | [`PigGame`] (in [`pig_game`]): `play()` [`PigGame::play`], its private helpers (welcome, a turn's opening line, the rolls' lines, the winner) private methods of [`PigGame`] over [`render`]; the rules themselves are the state machine [`Game`] (in [`game`]) |
//! | the constant goal `100` and the two dice (the assignment's fixed settings) | [`Rules`] (in [`rules`]), the game's settings as in every game of the workspace: the dice ([`Variant`]: [`Variant::TwoDice`], the assignment's, or classic Pig's one die) and the goal ([`Rules::goal`]); [`Rules::default`] is the assignment's game, two dice to 100 |
//! | `Pig` (`Pig.java`, the main class: it makes the two `PigPlayer`s and the `PigGame` and calls `play()`) | the `pig` binary (`main.rs`, `cli/`: with no subcommand it makes the [`PigGame`] of Human and Computer and plays it) |
//! | the bonus: "your PigGame must work with the provided classes or your own" | the game takes its dice from any [`ChanceSource`] (seeded dice, or the rolls of a dice file) and its Computer from any [`Agent`] |
//!
//! # The game protocol
//! [`Game`] implements the workspace's [`GameState`]; every front end (the console
//! game, the simulator, the tests, the benchmarks) drives it through the one loop,
//! [`Driver`].
//! - **Actor**: [`Actor::Seat`] of the player to decide (0, the Human, moves first);
//!   [`Actor::Chance`] after a roll, until the dice are applied; [`Actor::Over`] once
//!   somebody has reached the goal.
//! - **Actions**: [`Action::Roll`], then [`Action::Hold`] ([`Action::ALL`], the order of
//!   [`GameState::legal_actions`]). Both are legal at every turn, holding with no points
//!   in the turn included (it passes the dice); none while the dice roll or after the
//!   game. A hold reports [`Event::Held`]; deciding to roll reports nothing yet.
//! - **Chance**: a roll's outcome is a [`Throw`]: two dice ([`Throw::Pair`]) under the
//!   assignment's rules, one die ([`Throw::Single`]) under classic Pig, each of
//!   [`Variant::outcomes`] equally likely; the solver sums the same list
//!   ([`Variant::chances`]). [`GameState::sample_chance`] draws it as [`Rules::throw`]
//!   does (two dice from one draw of the 36 pairs, one die from `below(rng, 6) + 1`), so
//!   a seed gives the same rolls whoever plays; [`GameState::apply_chance`] scores it ([`Event::Rolled`]), and refuses
//!   a throw of the other rules' dice or a die that shows no face. The dice come from a
//!   seeded [`ChanceSource`], or from a dice file ([`files`], `pig --dice FILE`).
//! - **Observation**: [`Observation`], the public scores from the seat's side: the goal,
//!   both banked scores, the points of the turn being played, and whose turn it is.
//!   Everything in Pig is public: no seat sees less than another.
//! - **Outcome**: [`Outcome`] = `cards_core::protocol::Outcome<`[`NoWinner`]`>`, whose
//!   `NoWinner` is an empty enum: a game of Pig always has a winner, the first to reach
//!   the goal (mid-turn, without holding). The roll that reaches it reports its
//!   [`Event::Rolled`], then [`Event::GameOver`], the step's last event. Every event
//!   names who acted as `seat`.
//! - **Agents**: the Computer's strategies [`HoldAt`] and [`Optimal`] (and
//!   [`AnyStrategy`], either), the person at the console [`console::Person`], and the
//!   tests' scripted answers are [`Agent`]s: they see the [`Observation`] and the legal
//!   actions, and only the game changes the state. A pair `(A, B)` of agents puts two at the table.
//! - **Checked**: [`Game`] implements `cards_core::protocol::conformance::Audit`
//!   (every step's points worked out again from the dice's faces; the module `audit`,
//!   built with the feature `conformance` only, which the tests turn on), and
//!   `tests/protocol.rs` runs `cards_core::protocol::conformance::check` over random
//!   seeds with both rule sets.
//!
//! # How the crate is built
//! The same modules, under the same names, as the workspace's other games:
//! - [`rules`]: the game's settings, [`Rules`], as in every game of the workspace: the
//!   dice ([`Variant`]: [`Variant::TwoDice`], the assignment's; and [`Variant::Classic`],
//!   one die) and the goal (1 to [`rules::MAX_GOAL`], checked by [`Rules::with_goal`]);
//!   and the chance outcomes, which the game samples and the solver enumerates
//!   ([`Variant::outcomes`], [`Variant::chances`]).
//! - [`dice`]: the assignment's [`PigDice`], and a roll's outcome, a [`Throw`], with its
//!   score.
//! - [`player`]: the assignment's [`PigPlayer`].
//! - [`game`]: the rules as a pure state machine, [`Game`], with its [`Action`]s,
//!   [`Event`]s, [`Observation`], [`NoWinner`] (empty) and [`Outcome`]; no printing, no
//!   input, no random numbers but the generator it is handed at a chance node.
//!   [`error`]: [`Refusal`], why an action or a throw is refused, and [`InvalidAnswer`],
//!   an answer the prompt refuses. `audit` (feature
//!   `conformance`): the rule check of every step.
//! - [`strategy`]: computer players: [`HoldAt`] (the assignment's computer is
//!   `HoldAt(20)`) and [`Optimal`], which plays a solved table.
//! - [`pig_game`]: the assignment's [`PigGame`], which steps the [`Driver`] with the
//!   person ([`console::Person`]) and the Computer at the table and prints each step's
//!   events on a [`cards_core::console::Console`]. [`console`]: the prompt, its answers
//!   and the person as an agent; [`console::Ending`] says how a game ended. [`render`]:
//!   every line of the assignment's output made from events (the prompt and the refusal
//!   of an answer are the console's).
//! - [`face`]: Pig as every front sees it (the web page, replays, the command line's
//!   frame), the workspace's [`cards_core::face::Face`]: its [`face::Setup`] (rules,
//!   goal, Computer), the answers `n`/`y` as action tokens, the page's lines, seating and
//!   [`face::View`], and the ending.
//! - [`files`]: dice files, read (`pig --dice FILE`) and written from a seed (`pig
//!   dice`).
//! - [`solver`]: value iteration over (my score, opponent's score, turn points), and the
//!   exact evaluation of two fixed strategies; [`simulate`]: many seeded games
//!   ([`simulate::Setup`], played by a [`simulate::Worker`] per thread).
//! - [`check`]: checking a transcript of anyone's Pig program against the rules, line by
//!   line, accepting every reading the text allows (`pig check`, `pig grade` on every
//!   game, and the kit's tests), and the answers `pig grade` gives
//!   ([`check::answers`]).
//!
//! The binary's own modules (`src/main.rs` and `src/cli/`, feature `cli`, none of them
//! the library's) add the command line (clap), `pig grade` (running a program many
//! times with scripted answers on the workspace's `grader` crate; `docs/grading.md`)
//! and the SVG picture of `pig solve --plot` (plotters: the chance of winning over both
//! scores, with the hold boundary where there is one). Built with `default-features =
//! false`, the library depends on `cards-core`, `rand`, `serde` and `thiserror` alone,
//! and does no I/O but through the console it is given and the table files it is asked
//! to read or write.
//!
//! The small functions a simulated game goes through (the dice, the player's roll and
//! hold, the game's step, the strategies) are marked `#[inline]` (never forced): without
//! it another crate built without cross-crate link-time optimisation, such as the
//! Python package (`crates/python`), can only call them, step after step (issue 42).
//!
//! # Example
//! The rules without a console: a roll is the player's decision, then chance's throw.
//! Then a whole game on the one loop, with scripted answers and recorded dice: the
//! Human throws double 2s (8 points) and snake eyes; the Computer throws double 6s, 24
//! points, past the goal of 10.
//!
//! ```
//! use cards_core::protocol::{Actor, ChanceSource, Driver, GameState, Outcome, Scripted};
//! use pig::game::RollEffect;
//! use pig::{Action, Event, Game, PigDice, PigPlayer, Rules, Throw, Variant};
//!
//! let players = [PigPlayer::new("Human"), PigPlayer::new("Computer")];
//! let dice = |a, b| PigDice::new(a, b).map(Throw::Pair).ok_or("not dice");
//!
//! let mut state = Game::new(Rules::default(), players);
//! let mut events = Vec::new();
//! state.apply(Action::Roll, &mut events)?;
//! assert_eq!((state.actor(), events.len()), (Actor::Chance, 0));
//! state.apply_chance(&dice(2, 2)?, &mut events)?;
//! assert!(matches!(events[..], [Event::Rolled { roll_points: 8, turn_points: 8, .. }]));
//!
//! let mut game = Game::new(Rules::new(Variant::TwoDice).with_goal(10)?, players);
//! let mut chance = ChanceSource::recorded(vec![dice(2, 2)?, dice(1, 1)?, dice(6, 6)?]);
//! let mut answers = Scripted::new(vec![Action::Roll; 3]);
//! let mut busts = 0;
//! let outcome = Driver::new().play(&mut game, &mut chance, &mut answers, |_, _, events| {
//!     busts += events
//!         .iter()
//!         .filter(|e| matches!(e, Event::Rolled { effect: RollEffect::Busted, .. }))
//!         .count();
//!     Ok(())
//! })?;
//! assert_eq!((outcome, busts), (Outcome::Winner { seat: 1 }, 1));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Decisions where the assignment is silent
//! - **Answers**: `y`/`Y` holds and `n`/`N` rolls; spaces around the letter are
//!   ignored; anything else (`yes` included) prints `Please answer Y or N.` and the
//!   prompt again ([`console::parse_answer`]).
//! - **Quitting**: `q` or `quit` (any case, blanks around it) at the prompt ends the game
//!   as War's and Quattro's do: the prompt's line is ended, then a blank line,
//!   `You quit: nobody won.` and `Total Points: Human 28, Computer 29`, the points banked
//!   so far (a turn's unbanked points do not count), and the exit status is 0
//!   ([`Ending::Quit`]; trycmd cases `quit`, `quit_at_once`). The assignment knows no
//!   quitting, so `pig check` reads a `q` as an invalid answer, and `pig grade` never
//!   answers `q`.
//! - **End of input** while the human is asked: a newline ends the prompt's line on
//!   stdout (the transcript ends with a whole line), `pig: the input ended before the
//!   game did; nobody won` goes to stderr, and the exit status is 1 (tested by the
//!   trycmd case `end_of_input`).
//! - **Dice from the seed**: the assignment's two dice come from one draw,
//!   [`cards_core::rng::below`]`(36)`: the first die is its sixes plus 1, the second
//!   the rest plus 1 (the 36 ordered pairs equally likely, as two throws would be, at
//!   half the draws); classic Pig's die is `below(6) + 1`.
//! - **Dice files** (`--dice FILE`): one roll a line, the two dice separated by
//!   whitespace (`3 5`), or one die a line under classic rules; blank lines are
//!   skipped. The file is read through [`cards_core::input::read_file`] (at most 4 MB,
//!   a leading byte-order mark dropped, bytes that are not UTF-8 refused naming their
//!   line). The whole file is checked before the game starts: a die that is not 1 to
//!   6, a line with too few or too many dice, or a file without rolls is refused in one
//!   line naming the line, column and token (exit status 2, nothing on stdout). A file
//!   that runs out before the game ends stops it: the transcript so far stays on
//!   stdout, its last line ended, `pig: the dice file FILE ran out after N rolls, before
//!   the game ended; nobody won` goes to stderr, and the exit status is 1, as for the
//!   end of the answers. Rolls left over when somebody wins are ignored. `--dice` and
//!   `--seed` exclude each other: the file is all the dice.
//! - **A goal other than 100** (`--goal`, for short demonstrations and for the solver's
//!   tests) changes nothing else; the welcome names the goal.
//! - **Holding at 0** is a legal move. A strategy `hold:0` is refused,
//!   since two of them would pass the dice forever; every other strategy rolls at 0, so
//!   every simulated game ends.
//! - **The optimal strategy** rolls when rolling wins at least as often as holding (ties
//!   within the solver's 1e-9 roll), and always with no points in the turn. "The
//!   optimal player against hold:20" is this strategy (optimal against an optimal
//!   opponent) playing hold:20, not a best response to hold:20. Under the two-dice rules
//!   at goal 100 it never holds: `docs/pig.md` explains why, and a test checks it
//!   against a closed form.
//! - **Value tables** (`--table`) are read only for an optimal player: a table no
//!   player would read, one for other rules or another goal, and a truncated, damaged
//!   or foreign file are refused in one line with exit status 2 before anything is
//!   played (tested in `tests/cli.rs`). `--out` may name the table being read.
//! - **Solve's output files** (`--out`, `--plot`) are opened before the solving and
//!   written before the report is printed: a regular file is emptied first, a device or
//!   pipe is not (it cannot be); a file that cannot be written (`/dev/full`) is one line
//!   on stderr, exit status 2, nothing on stdout; a file that is standard output itself
//!   (`--plot /dev/stdout`) gets the file alone, the report going to stderr.
//! - **Counts**: `simulate --games` and `--threads` take 1 or more (rayon would read 0
//!   threads as all cores).
//! - **Simulation seats**: strategy A moves first in every game; swap `--a` and `--b`
//!   for the other seat.
//! - **Recorded games** (`--record FILE`, `pig replay FILE`, the module `replay`): the
//!   options are `rules=RULES` and `goal=N`, the actions the answers `n` (roll) and `y`
//!   (hold) for both seats; the dice come again from the seed, so `--record` refuses
//!   `--dice`.
//! - **Classic rules** (`--rules classic`): one die, `Roll=(5)` in the roll line.

#[cfg(feature = "conformance")]
pub mod audit;
pub mod check;
pub mod console;
pub mod dice;
pub mod error;
pub mod face;
pub mod files;
pub mod game;
pub mod pig_game;
pub mod player;
pub mod render;
#[cfg(feature = "replay")]
pub mod replay;
pub mod rules;
pub mod simulate;
pub mod solver;
pub mod strategy;

pub use cards_core::protocol::{Actor, Agent, ChanceSource, Driver, GameState};
pub use console::Ending;
pub use dice::{PigDice, Throw};
pub use error::{InvalidAnswer, Refusal};
pub use game::{Action, Event, Game, NoWinner, Observation, Outcome};
pub use pig_game::PigGame;
pub use player::PigPlayer;
pub use rules::{Rules, Variant};
pub use solver::{Solution, solve};
pub use strategy::{AnyStrategy, HoldAt, Optimal, StrategySpec};
