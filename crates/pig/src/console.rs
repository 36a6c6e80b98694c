//! The console's part of the assignment's game: the Human's prompt and answers, and the
//! person at the console as an agent ([`Person`]); [`Ending`] says how a game at the
//! console ended. The game itself, the assignment's `PigGame`, is in
//! [`crate::pig_game`].

use std::io::{BufRead, Write};

use cards_core::console::{Console, is_quit};
use cards_core::protocol::{Agent, Seat, Stop};

use crate::error::InvalidAnswer;
use crate::game::{Action, Game, NoWinner, Observation};
use crate::strategy::offered;

/// The human's name, as the assignment requires.
pub const HUMAN: &str = "Human";
/// The computer's name, as the assignment requires.
pub const COMPUTER: &str = "Computer";

/// Asked before every roll of the human, the first of a turn included (no newline).
pub const PROMPT: &str = "Hold dice (Y/N?) ?";
pub use crate::error::INVALID_ANSWER;

/// An answer to [`PROMPT`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// `y`/`Y`: bank the turn's points and pass the dice.
    Hold,
    /// `n`/`N`: throw the dice.
    Roll,
    /// `q` or `quit`, in any case: end the game now, as War's and Quattro's prompts allow.
    Quit,
}

/// Reads an answer to [`PROMPT`]: `y`/`Y` holds, `n`/`N` rolls, `q` or `quit` (any case)
/// quits; blanks around the answer are ignored; anything else is refused.
pub fn parse_answer(answer: &str) -> Result<Answer, InvalidAnswer> {
    let answer = answer.trim();
    match answer {
        "y" | "Y" => Ok(Answer::Hold),
        "n" | "N" => Ok(Answer::Roll),
        _ if is_quit(answer) => Ok(Answer::Quit),
        _ => Err(InvalidAnswer),
    }
}

/// How a console game ended: played to its end, quit, or the input ended (the one
/// type of every game, [`cards_core::console::Ending`]).
pub type Ending = cards_core::console::Ending<NoWinner>;

/// The person at the console, as an agent: asked [`PROMPT`] before every roll
/// (the first of a turn included, so holding at 0 is possible), until the answer is Y
/// (hold) or N (roll); `q` or `quit` stops the game ([`Stop::Quit`]), and so does the end
/// of input ([`Stop::InputEnded`]).
/// `?` shows the rules ([`render::rules_text`](crate::render::rules_text)) and asks
/// again.
#[derive(Debug)]
pub struct Person<'c, R, W> {
    console: &'c mut Console<R, W>,
    /// What `?` shows.
    rules: &'c str,
}

impl<'c, R, W> Person<'c, R, W> {
    /// The person at `console`, shown `rules` on `?`.
    pub fn new(console: &'c mut Console<R, W>, rules: &'c str) -> Person<'c, R, W> {
        Person { console, rules }
    }
}

impl<R: BufRead, W: Write> Agent<Game> for Person<'_, R, W> {
    fn choose(&mut self, _: Seat, _: &Observation, legal: &[Action]) -> Result<Action, Stop> {
        let rules = self.rules.trim_end();
        let answer = self
            .console
            .ask(PROMPT, |answer| match answer.trim() {
                "?" => Err(rules.to_owned()),
                _ => parse_answer(answer).map_err(|refused| refused.to_string()),
            })?
            .ok_or(Stop::InputEnded)?;
        let action = match answer {
            Answer::Hold => Action::Hold,
            Answer::Roll => Action::Roll,
            Answer::Quit => return Err(Stop::Quit),
        };
        offered(action, legal)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn answers() {
        let cases = [
            ("y", Ok(Answer::Hold)),
            ("Y", Ok(Answer::Hold)),
            (" n ", Ok(Answer::Roll)),
            ("N\r", Ok(Answer::Roll)),
            ("q", Ok(Answer::Quit)),
            (" Q\t", Ok(Answer::Quit)),
            ("quit", Ok(Answer::Quit)),
            ("QuIt\r", Ok(Answer::Quit)),
            ("yes", Err(InvalidAnswer)),
            ("qq", Err(InvalidAnswer)),
            ("quitter", Err(InvalidAnswer)),
            ("", Err(InvalidAnswer)),
        ];
        for (answer, want) in cases {
            assert_eq!(parse_answer(answer), want, "{answer:?}");
        }
        // The refusal is the assignment's one line.
        assert_eq!(InvalidAnswer.to_string(), INVALID_ANSWER);
    }
}
