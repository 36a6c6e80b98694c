//! The assignment's `PigGame`: Human against Computer at a console, printing exactly the
//! assignment's lines, in its own file as the assignment's class is.
//!
//! The game runs on the protocol's one loop, [`Driver::step`], one step at a time, so
//! that the Human's prompts come between the lines the steps' events print. The Human is
//! an [`Agent`] like the Computer's strategy: [`Person`] asks at the console.

use std::io::{self, BufRead, Write};

use cards_core::console::{Console, QUIT};
use cards_core::protocol::{Actor, Agent, ChanceSource, Driver, GameState, PlayError, Stop, Tape};

use crate::console::{COMPUTER, Ending, HUMAN, Person};
use crate::dice::Throw;
use crate::error::Refusal;
use crate::game::{Event, Game, Outcome, RollEffect};
use crate::player::PigPlayer;
use crate::render;
use crate::rules::Rules;

/// The game's output, remembering whether its last line is unfinished (a prompt waiting
/// for its answer), so that a game cut short still ends with a whole line.
#[derive(Debug)]
struct Transcript<W> {
    out: W,
    line_open: bool,
}

impl<W: Write> Write for Transcript<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let written = self.out.write(buf)?;
        if let Some(&last) = buf.get(..written).and_then(<[u8]>::last) {
            self.line_open = last != b'\n';
        }
        Ok(written)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// Why a console game stopped other than by its end, a quit or the end of input: an I/O
/// error (`PlayError::Stopped(Stop::Io(_))`), or a bug (a refused step, a broken
/// invariant); the one type of every game, [`cards_core::console::ConsoleError`].
pub type ConsoleError = cards_core::console::ConsoleError<Refusal>;

/// The assignment's `PigGame`: the Human (seat 0, moving first, answering at the
/// console) against the Computer (seat 1, an agent `S`), the dice from a
/// [`ChanceSource`] (seeded, or the rolls of a dice file).
#[derive(Debug)]
pub struct PigGame<S, R, W> {
    state: Game,
    chance: ChanceSource<Throw>,
    computer: S,
    console: Console<R, Transcript<W>>,
    driver: Driver<Game>,
    /// What `?` shows.
    rules: String,
    /// Whether the welcome ends with [`render::HINT`] (a person at a terminal).
    hint: bool,
    /// The game written down so far, both seats' actions, for `--record`.
    tape: Tape<Game>,
}

impl<S: Agent<Game>, R: BufRead, W: Write> PigGame<S, R, W> {
    /// A game with these rules (dice and goal), dice and computer strategy, the Human
    /// answering on `input` and the game written to `output`.
    pub fn new(
        rules: Rules,
        chance: ChanceSource<Throw>,
        computer: S,
        input: R,
        output: W,
    ) -> PigGame<S, R, W> {
        let players = [PigPlayer::new(HUMAN), PigPlayer::new(COMPUTER)];
        let output = Transcript {
            out: output,
            line_open: false,
        };
        let state = Game::new(rules, players);
        PigGame {
            tape: Tape::new(&state),
            state,
            chance,
            computer,
            console: Console::new(input, output),
            driver: Driver::new(),
            rules: render::rules_text(rules),
            hint: false,
        }
    }

    /// With `echo`, each answer is written after its prompt ([`Console::with_echo`]).
    pub fn with_echo(mut self, echo: bool) -> PigGame<S, R, W> {
        self.console = self.console.with_echo(echo);
        self
    }

    /// With `hint`, the welcome ends with [`render::HINT`] (`?` for the rules, `q` to
    /// quit): the binary turns it on for a person at a terminal only, so a piped
    /// transcript stays the assignment's exactly.
    pub fn with_hint(mut self, hint: bool) -> PigGame<S, R, W> {
        self.hint = hint;
        self
    }

    /// `play()`: welcome, then steps until somebody wins. The input ending at a prompt
    /// is [`Ending::InputEnded`]; `q` at a prompt is [`Ending::Quit`], after a blank
    /// line, [`QUIT`] and the banked scores; the dice running out (a dice file)
    /// is [`PlayError::ChanceRanOut`]. Whatever the end, the transcript ends with a
    /// whole line.
    pub fn play(&mut self) -> Result<Ending, ConsoleError> {
        self.welcome()?;
        self.start_turn()?;
        loop {
            match self.step() {
                Ok(true) => self.show()?,
                Ok(false) => return self.announce_winner(),
                Err(PlayError::Stopped(Stop::InputEnded)) => {
                    self.end_line()?;
                    return Ok(Ending::InputEnded);
                }
                Err(PlayError::Stopped(Stop::Quit)) => {
                    self.end_line()?;
                    self.quit_summary()?;
                    return Ok(Ending::Quit);
                }
                Err(error) => {
                    self.end_line()?;
                    return Err(error);
                }
            }
        }
    }

    /// The game written down so far: its start and both seats' actions in order (what
    /// `--record` writes).
    pub fn tape(&self) -> &Tape<Game> {
        &self.tape
    }

    /// Gives back the output (tests read the transcript from it).
    pub fn into_output(self) -> W {
        self.console.into_output().out
    }

    fn welcome(&mut self) -> Result<(), Stop> {
        let mut text = render::welcome(self.state.rules());
        if self.hint {
            text.push_str(render::HINT);
            text.push('\n');
        }
        Ok(self.console.output().write_all(text.as_bytes())?)
    }

    fn start_turn(&mut self) -> Result<(), Stop> {
        let player = self.state.player(self.state.current());
        let line = render::player_line(player.name(), player.total());
        Ok(writeln!(self.console.output(), "\n{line}")?)
    }

    /// One step of the loop: the Human or the Computer decides, or the dice fall;
    /// `false` once the game is over.
    fn step(&mut self) -> Result<bool, PlayError<Refusal>> {
        let mut seats = (
            Person::new(&mut self.console, &self.rules),
            &mut self.computer,
        );
        let step = self
            .driver
            .step(&mut self.state, &mut self.chance, &mut seats)?;
        if let Some(step) = &step {
            self.tape.push(step);
        }
        Ok(step.is_some())
    }

    /// Prints the last step's events: a roll's line, and the player's line when the turn
    /// ends; then opens the next turn, unless the game is over.
    fn show(&mut self) -> Result<(), Stop> {
        let mut turn_ended = false;
        for event in self.driver.events() {
            let out = self.console.output();
            if let Some(line) = render::roll_line(event) {
                writeln!(out, "{line}")?;
            }
            let (player, total) = match *event {
                Event::Held { seat, total } => (seat, total),
                Event::Rolled {
                    effect: RollEffect::Scored,
                    ..
                } => continue,
                Event::Rolled { seat, total, .. } => (seat, total),
                // The winner's line follows the roll's ([`PigGame::play`]).
                Event::GameOver { .. } => continue,
            };
            let line = render::player_line(self.state.player(player).name(), total);
            writeln!(out, "{line}")?;
            turn_ended = true;
        }
        if turn_ended && self.state.actor() != Actor::Over {
            self.start_turn()?;
        }
        Ok(())
    }

    fn announce_winner(&mut self) -> Result<Ending, ConsoleError> {
        let seat = match self.state.outcome() {
            Some(Outcome::Winner { seat }) => seat,
            Some(Outcome::NoWinner { reason }) => match reason {},
            None => {
                return Err(PlayError::Invariant(
                    "the loop stopped before the game ended",
                ));
            }
        };
        let name = self.state.player(seat).name();
        let out = self.console.output();
        writeln!(out, "\n{}", render::winner_line(name)).map_err(Stop::Io)?;
        out.flush().map_err(Stop::Io)?;
        Ok(Ending::Over(Outcome::Winner { seat }))
    }

    /// After a quit: a blank line, [`QUIT`], and both players' banked points.
    fn quit_summary(&mut self) -> Result<(), Stop> {
        let scores = [0, 1].map(|seat| {
            let player = self.state.player(seat);
            (player.name(), player.banked())
        });
        let out = self.console.output();
        writeln!(out, "\n{}\n{}", QUIT, render::quit_scores(&scores))?;
        Ok(out.flush()?)
    }

    /// Ends an unfinished line (a prompt whose answer never came, or a roll the dice
    /// did not give) so the transcript ends with a whole line; the caller says on
    /// stderr why the game stopped.
    fn end_line(&mut self) -> Result<(), Stop> {
        let out = self.console.output();
        if out.line_open {
            writeln!(out)?;
        }
        Ok(out.flush()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::console::{INVALID_ANSWER, PROMPT};
    use crate::dice::PigDice;
    use crate::files;
    use crate::rules::Variant;
    use crate::strategy::HoldAt;
    use cards_core::rng::rng_from_seed;
    use pretty_assertions::assert_eq;
    use proptest::prelude::*;

    fn pairs(dice: &[(u8, u8)]) -> ChanceSource<Throw> {
        let throws = dice
            .iter()
            .map(|&(a, b)| Throw::Pair(PigDice::new(a, b).unwrap_or_else(|| panic!("({a},{b})"))));
        ChanceSource::recorded(throws.collect())
    }

    /// Plays a game to its end and returns how it ended and the transcript.
    fn run(
        goal: u32,
        chance: ChanceSource<Throw>,
        answers: &str,
        echo: bool,
    ) -> (Result<Ending, String>, String) {
        let rules = Rules::default().with_goal(goal).unwrap();
        let mut game =
            PigGame::new(rules, chance, HoldAt(20), answers.as_bytes(), Vec::new()).with_echo(echo);
        let end = game.play().map_err(|e| e.to_string());
        let text = String::from_utf8(game.into_output()).unwrap();
        (end, text)
    }

    fn transcript(goal: u32, dice: &[(u8, u8)], answers: &str) -> (Ending, String) {
        let (end, text) = run(goal, pairs(dice), answers, false);
        let end = end.unwrap();
        // Drop the welcome: the scripted part starts at the first turn.
        let start = text.find("\nPlayer:").unwrap_or(0);
        (end, text[start..].to_owned())
    }

    #[test]
    fn a_whole_scripted_game() {
        let (end, text) = transcript(
            30,
            &[(4, 6), (1, 1), (6, 6), (3, 4), (5, 6), (2, 2)],
            "n\nx\nY\nn\nn\n",
        );
        assert_eq!(end, Ending::Over(Outcome::Winner { seat: 0 }));
        let want = "
Player: Human, Total Points = 0
Hold dice (Y/N?) ?Roll=(4,6), Roll Points = 10, Turn Points = 10, Total Points = 10
Hold dice (Y/N?) ?Please answer Y or N.
Hold dice (Y/N?) ?Player: Human, Total Points = 10

Player: Computer, Total Points = 0
Roll=(1,1), Roll Points = 0, Turn Points = 0, Total Points = 0
Player: Computer, Total Points = 0

Player: Human, Total Points = 10
Hold dice (Y/N?) ?Roll=(6,6), Roll Points = 24, Turn Points = 24, Total Points = 34
Player: Human, Total Points = 34

The winner is: Human
";
        assert_eq!(text, want);
    }

    #[test]
    fn the_computer_holds_at_twenty() {
        let (end, text) = transcript(100, &[(5, 6), (4, 5), (2, 1), (1, 1)], "y\n");
        assert_eq!(end, Ending::InputEnded);
        let want = "
Player: Human, Total Points = 0
Hold dice (Y/N?) ?Player: Human, Total Points = 0

Player: Computer, Total Points = 0
Roll=(5,6), Roll Points = 11, Turn Points = 11, Total Points = 11
Roll=(4,5), Roll Points = 9, Turn Points = 20, Total Points = 20
Player: Computer, Total Points = 20

Player: Human, Total Points = 0
Hold dice (Y/N?) ?
";
        assert_eq!(text, want);
    }

    /// `quit` mid-turn ends the game at once: the prompt's line is ended, then a blank
    /// line, the quit line and the banked points; the Human's 5 points of the turn in
    /// play were never banked, so the Human has 10, the Computer the 20 it held.
    #[test]
    fn quit_ends_the_game_with_the_banked_scores() {
        let dice = [(4, 6), (5, 6), (6, 3), (2, 3), (6, 6)];
        for (answers, echo) in [("n\ny\nn\n  QUIT \nn\n", false), ("n\ny\nn\nq\n", true)] {
            let (end, text) = run(100, pairs(&dice), answers, echo);
            assert_eq!(end, Ok(Ending::Quit), "{answers:?}");
            let answer = |a: &str| {
                if echo {
                    format!("{a}\n")
                } else {
                    String::new()
                }
            };
            let want = format!(
                "
Player: Human, Total Points = 0
Hold dice (Y/N?) ?{n}Roll=(4,6), Roll Points = 10, Turn Points = 10, Total Points = 10
Hold dice (Y/N?) ?{y}Player: Human, Total Points = 10

Player: Computer, Total Points = 0
Roll=(5,6), Roll Points = 11, Turn Points = 11, Total Points = 11
Roll=(6,3), Roll Points = 9, Turn Points = 20, Total Points = 20
Player: Computer, Total Points = 20

Player: Human, Total Points = 10
Hold dice (Y/N?) ?{n}Roll=(2,3), Roll Points = 5, Turn Points = 5, Total Points = 15
Hold dice (Y/N?) ?{q}

You quit: nobody won.
Total Points: Human 10, Computer 20
",
                n = answer("n"),
                y = answer("y"),
                q = if echo { "q" } else { "" },
            );
            let start = text.find("\nPlayer:").unwrap_or(0);
            assert_eq!(&text[start..], want.as_str(), "echo {echo}");
        }
    }

    /// A dice file that runs out: the Human rolls (4,6), the Computer rolls (5,6) and
    /// (6,3), 11 + 9 = 20, and holds; the Human's next roll finds no dice. The game stops
    /// with the error, after ending the prompt's line (without echo the answer is not
    /// written, so the prompt's line is still open).
    #[test]
    fn dice_that_run_out_stop_the_game() {
        let dice = [(4, 6), (5, 6), (6, 3)];
        for echo in [false, true] {
            let (end, text) = run(100, pairs(&dice), "n\ny\nn\n", echo);
            assert_eq!(
                end,
                Err("the recorded chance outcomes ran out after 3".to_owned())
            );
            let answer = |a: &str| {
                if echo {
                    format!("{a}\n")
                } else {
                    String::new()
                }
            };
            let want = format!(
                "
Player: Human, Total Points = 0
Hold dice (Y/N?) ?{n}Roll=(4,6), Roll Points = 10, Turn Points = 10, Total Points = 10
Hold dice (Y/N?) ?{y}Player: Human, Total Points = 10

Player: Computer, Total Points = 0
Roll=(5,6), Roll Points = 11, Turn Points = 11, Total Points = 11
Roll=(6,3), Roll Points = 9, Turn Points = 20, Total Points = 20
Player: Computer, Total Points = 20

Player: Human, Total Points = 10
Hold dice (Y/N?) ?{n}{ended}",
                n = answer("n"),
                y = answer("y"),
                ended = if echo { "" } else { "\n" },
            );
            let start = text.find("\nPlayer:").unwrap_or(0);
            assert_eq!(&text[start..], want.as_str(), "echo {echo}");
        }
        // The Computer's roll can run out too: its lines are whole already.
        let (end, text) = run(100, pairs(&[]), "y\n", false);
        assert!(end.is_err());
        assert!(
            text.ends_with("Player: Computer, Total Points = 0\n"),
            "{text}"
        );
    }

    /// The rolls `pig dice --seed S` writes, played from the file, give the game of the
    /// seed itself.
    #[test]
    fn a_written_seed_replays_its_game() {
        for seed in [7, 1810] {
            let answers = "n\nn\ny\n".repeat(30);
            let mut file = Vec::new();
            files::write_dice(&mut file, Variant::TwoDice, &mut rng_from_seed(seed), 1000).unwrap();
            let text = String::from_utf8(file).unwrap();
            let throws = files::parse_dice(Variant::TwoDice, &text).unwrap();
            let from_file = run(100, ChanceSource::recorded(throws), &answers, false);
            let from_seed = run(
                100,
                ChanceSource::seeded(rng_from_seed(seed)),
                &answers,
                false,
            );
            assert_eq!(from_file, from_seed);
            assert!(matches!(
                from_seed.0,
                Ok(Ending::Over(Outcome::Winner { .. }))
            ));
        }
    }

    /// `Roll=(2,2), Roll Points = 8, Turn Points = 11, Total Points = 21` read back.
    fn read_roll_line(line: &str) -> Option<(PigDice, u32, u32, u32)> {
        let rest = line.strip_prefix("Roll=(")?;
        let (dice, rest) = rest.split_once("), Roll Points = ")?;
        let (die1, die2) = dice.split_once(',')?;
        let (roll, rest) = rest.split_once(", Turn Points = ")?;
        let (turn, total) = rest.split_once(", Total Points = ")?;
        let dice = PigDice::new(die1.parse().ok()?, die2.parse().ok()?)?;
        Some((
            dice,
            roll.parse().ok()?,
            turn.parse().ok()?,
            total.parse().ok()?,
        ))
    }

    /// `Player: Human, Total Points = 11` read back.
    fn read_player_line(line: &str) -> Option<(&str, u32)> {
        let (name, total) = line
            .strip_prefix("Player: ")?
            .split_once(", Total Points = ")?;
        Some((name, total.parse().ok()?))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// Whatever the dice and the answers (invalid ones included), the transcript
        /// keeps the assignment's form and its arithmetic: turns alternate from the
        /// Human, each opens after a blank line and closes with the same player line
        /// carrying banked plus turn points; every roll line adds up; snake eyes keep
        /// the banked total; the Computer holds at 20; the game ends with a winner at the
        /// goal, or at the end of the answers.
        #[test]
        fn transcripts_keep_the_assignments_form(
            seed: u64,
            goal in 1u32..150,
            answers in proptest::collection::vec(
                proptest::sample::select(vec!["y", "Y", "n", "N", "n", "n", "x", ""]),
                0..120,
            ),
        ) {
            let input = answers.iter().map(|a| format!("{a}\n")).collect::<String>();
            let dice = ChanceSource::seeded(rng_from_seed(seed));
            let (end, text) = run(goal, dice, &input, false);
            let end = end.unwrap();
            let welcome = render::welcome(Rules::default().with_goal(goal).unwrap());
            prop_assert!(text.starts_with(&welcome));
            // Prompts run into the next output (no newline): take them out.
            let body = text[welcome.len()..]
                .replace(PROMPT, "")
                .replace(&format!("{}\n", INVALID_ANSWER), "");
            let mut lines = body.lines();
            let mut banked = [0u32; 2];
            for turn in 0.. {
                let seat = turn % 2;
                let name = [HUMAN, COMPUTER][seat];
                prop_assert_eq!(lines.next(), Some(""));
                prop_assert_eq!(read_player_line(lines.next().unwrap_or_default()), Some((name, banked[seat])));
                let mut turn_points = 0;
                let closing = loop {
                    let line = lines.next().unwrap_or_default();
                    if let Some((dice, roll, turn_after, total)) = read_roll_line(line) {
                        prop_assert_eq!(roll, dice.points());
                        prop_assert!(seat == 0 || turn_points < 20, "the Computer rolled at {}", turn_points);
                        turn_points = if dice.is_snake_eyes() { 0 } else { turn_points + roll };
                        prop_assert_eq!((turn_after, total), (turn_points, banked[seat] + turn_points));
                        if dice.is_snake_eyes() {
                            prop_assert_eq!(read_player_line(lines.next().unwrap_or_default()), Some((name, banked[seat])));
                            break None;
                        }
                    } else if line.is_empty() && lines.clone().next().is_none() {
                        // The answers ran out at a prompt: its line was ended.
                        prop_assert_eq!(seat, 0);
                        prop_assert_eq!(end, Ending::InputEnded);
                        return Ok(());
                    } else {
                        prop_assert_eq!(read_player_line(line), Some((name, banked[seat] + turn_points)));
                        break Some(turn_points);
                    }
                };
                if let Some(points) = closing {
                    banked[seat] += points;
                    prop_assert!(seat == 0 || points >= 20 || banked[seat] >= goal);
                }
                if banked[seat] >= goal {
                    prop_assert_eq!(lines.next(), Some(""));
                    let winner = format!("The winner is: {name}");
                    prop_assert_eq!(lines.next(), Some(winner.as_str()));
                    prop_assert_eq!(lines.next(), None);
                    prop_assert_eq!(end, Ending::Over(Outcome::Winner { seat }));
                    return Ok(());
                }
            }
        }
    }
}
