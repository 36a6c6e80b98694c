//! The assignment's `PigGame`: Human against Computer at a console, printing exactly the
//! assignment's lines.

use std::io::{self, BufRead, Write};

use cards_core::console::Console;

use crate::dice::Dice;
use crate::render;
use crate::state::{Action, Event, Move, PigPlayer, PigState, RollEffect};
use crate::strategy::Strategy;

/// The human's name, as the assignment requires.
pub const HUMAN: &str = "Human";
/// The computer's name, as the assignment requires.
pub const COMPUTER: &str = "Computer";

/// The computer's seat (the human, in seat 0, moves first, as the assignment requires).
const COMPUTER_SEAT: usize = 1;

/// How a game at the console ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// Somebody reached the goal: the winner's name.
    Won(&'static str),
    /// The input ended while the human was asked to decide: nobody won.
    InputEnded,
}

/// Why a game stopped with an error.
#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    /// Reading the answers or writing the game failed.
    #[error("{0}")]
    Io(#[from] io::Error),
    /// The dice did not fit the game's rules (a programming error in the dice).
    #[error("{0}")]
    Rules(#[from] crate::state::RuleError),
}

/// The assignment's `PigGame`: the Human (moving first, answering at the console)
/// against the Computer (deciding by a [`Strategy`]), with dice `D`.
#[derive(Debug)]
pub struct PigGame<D, S, R, W> {
    state: PigState,
    dice: D,
    computer: S,
    console: Console<R, W>,
}

impl<D: Dice, S: Strategy, R: BufRead, W: Write> PigGame<D, S, R, W> {
    /// A game to `goal` points with these rules, dice, computer strategy and console.
    pub fn new(
        rules: crate::dice::Rules,
        goal: u32,
        dice: D,
        computer: S,
        console: Console<R, W>,
    ) -> PigGame<D, S, R, W> {
        let players = [PigPlayer::new(HUMAN), PigPlayer::new(COMPUTER)];
        PigGame {
            state: PigState::new(rules, goal, players),
            dice,
            computer,
            console,
        }
    }

    /// `play()`: welcome, then turns until somebody wins (or the input ends).
    pub fn play(&mut self) -> Result<GameEnd, PlayError> {
        self.welcome()?;
        loop {
            self.start_turn()?;
            if !self.play_turn()? {
                self.stop_for_end_of_input()?;
                return Ok(GameEnd::InputEnded);
            }
            if let Some(winner) = self.state.winner() {
                let name = self.state.player(winner).name();
                self.announce_winner(name)?;
                return Ok(GameEnd::Won(name));
            }
        }
    }

    /// The game's state (for tests and callers that want the scores).
    pub fn state(&self) -> &PigState {
        &self.state
    }

    /// Gives back the console (tests read the transcript from its writer).
    pub fn into_console(self) -> Console<R, W> {
        self.console
    }

    fn welcome(&mut self) -> io::Result<()> {
        let text = render::welcome(self.state.rules(), self.state.goal());
        self.console.output().write_all(text.as_bytes())
    }

    fn start_turn(&mut self) -> io::Result<()> {
        let player = self.state.player(self.state.current());
        let line = render::player_line(player.name(), player.total());
        writeln!(self.console.output(), "\n{line}")
    }

    /// Plays one turn to its end; `false` if the input ended first.
    fn play_turn(&mut self) -> Result<bool, PlayError> {
        loop {
            let Some(decision) = self.decide()? else {
                return Ok(false);
            };
            let action = match decision {
                Move::Roll => Action::Roll(self.dice.roll()),
                Move::Hold => Action::Hold,
            };
            let event = self.state.apply(action)?;
            self.show(&event)?;
            if event.ends_turn() {
                return Ok(true);
            }
        }
    }

    /// The human is asked (before every roll, so holding at 0 is possible); the
    /// computer is never prompted.
    fn decide(&mut self) -> io::Result<Option<Move>> {
        if self.state.current() == COMPUTER_SEAT {
            return Ok(Some(self.computer.decide(&self.state.view())));
        }
        let hold = self.console.ask(render::PROMPT, render::parse_answer)?;
        Ok(hold.map(|hold| if hold { Move::Hold } else { Move::Roll }))
    }

    fn show(&mut self, event: &Event) -> io::Result<()> {
        let out = self.console.output();
        if let Some(line) = render::roll_line(event) {
            writeln!(out, "{line}")?;
        }
        let (player, total) = match *event {
            Event::Held { player, total } => (player, total),
            Event::Rolled {
                effect: RollEffect::Scored,
                ..
            } => return Ok(()),
            Event::Rolled { player, total, .. } => (player, total),
        };
        let line = render::player_line(self.state.player(player).name(), total);
        writeln!(out, "{line}")
    }

    fn announce_winner(&mut self, name: &str) -> io::Result<()> {
        writeln!(self.console.output(), "\n{}", render::winner_line(name))?;
        self.console.output().flush()
    }

    /// Ends the prompt's line so the transcript ends with a whole line; the caller
    /// reports the end of input on stderr.
    fn stop_for_end_of_input(&mut self) -> io::Result<()> {
        writeln!(self.console.output())?;
        self.console.output().flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::{PigDice, Rules, ScriptedDice, SeededDice};
    use crate::strategy::HoldAt;
    use cards_core::rng::rng_from_seed;
    use pretty_assertions::assert_eq;
    use proptest::prelude::*;

    fn transcript(goal: u32, dice: &[(u8, u8)], answers: &str) -> (GameEnd, String) {
        let console = Console::new(answers.as_bytes(), Vec::new());
        let mut game = PigGame::new(
            Rules::Seed,
            goal,
            ScriptedDice::pairs(dice.iter().copied()),
            HoldAt(20),
            console,
        );
        let end = game.play().unwrap_or_else(|e| panic!("{e}"));
        let out = game.into_console().into_output();
        let text = String::from_utf8(out).unwrap_or_else(|e| panic!("{e}"));
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
        assert_eq!(end, GameEnd::Won(HUMAN));
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
        assert_eq!(end, GameEnd::InputEnded);
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
            let console = Console::new(input.as_bytes(), Vec::new());
            let dice = SeededDice::new(Rules::Seed, rng_from_seed(seed));
            let mut game = PigGame::new(Rules::Seed, goal, dice, HoldAt(20), console);
            let end = game.play().unwrap_or_else(|e| panic!("{e}"));
            let text = String::from_utf8(game.into_console().into_output())
                .unwrap_or_else(|e| panic!("{e}"));
            let welcome = render::welcome(Rules::Seed, goal);
            prop_assert!(text.starts_with(&welcome));
            // Prompts run into the next output (no newline): take them out.
            let body = text[welcome.len()..]
                .replace(render::PROMPT, "")
                .replace(&format!("{}\n", render::INVALID_ANSWER), "");
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
                        prop_assert_eq!(end, GameEnd::InputEnded);
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
                    prop_assert_eq!(end, GameEnd::Won(name));
                    return Ok(());
                }
            }
        }
    }
}
