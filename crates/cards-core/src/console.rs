//! Asking a person at a terminal: print a prompt, read a line, re-ask on an invalid
//! answer, and report the end of input instead of looping or panicking.
//!
//! A [`Console`] wraps any reader and writer, so games are tested with byte strings and
//! run with stdin and stdout. The end of input is `Ok(None)`: the caller decides how the
//! game ends (the games print a message and exit with status 1).

use std::fmt;
use std::io::{self, BufRead, Write};

use crate::protocol::{Outcome, PlayError};

/// How a game played at the console ended, in every game (`R` is the game's reason for
/// an end without a winner): what the binaries turn into an exit status.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending<R> {
    /// The game was played to its end.
    Over(Outcome<R>),
    /// The person quit (`q`): exit status 0.
    Quit,
    /// The person's input ended before the game did: exit status 1.
    InputEnded,
}

/// Why a console game stopped other than by its end, a quit or the end of input, in
/// every game (`E` is the game's `Refusal`): an I/O error (`PlayError::Stopped` of
/// `Stop::Io`), or a bug (a refused step, a broken invariant). Each game's `console`
/// names it for its rules: `pub type ConsoleError = cards_core::console::ConsoleError<Refusal>`.
pub type ConsoleError<E> = PlayError<E>;

/// What is said when the person quits (`q` or `quit` at any question), in every game.
pub const QUIT: &str = "You quit: nobody won.";

/// Whether `answer` asks to quit: `q` or `quit`, in any case, blanks around it ignored.
/// The one quit word of every game's prompts.
pub fn is_quit(answer: &str) -> bool {
    let answer = answer.trim();
    answer.eq_ignore_ascii_case("q") || answer.eq_ignore_ascii_case("quit")
}

/// A person's answer at a question: what was asked for, or `q`/`quit`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reply<T> {
    /// The answer.
    Answer(T),
    /// The person typed `q` or `quit` (any case).
    Quit,
}

/// `parse(answer)`, unless the answer is to quit ([`is_quit`]).
pub fn or_quit<T, E>(
    answer: &str,
    parse: impl FnOnce(&str) -> Result<T, E>,
) -> Result<Reply<T>, E> {
    if is_quit(answer) {
        return Ok(Reply::Quit);
    }
    parse(answer).map(Reply::Answer)
}

/// A prompt-and-answer channel to a person.
#[derive(Debug)]
pub struct Console<R, W> {
    input: R,
    output: W,
    echo: bool,
    line: Vec<u8>,
}

/// The refusal of an answer that is not UTF-8 text (a stray byte, a terminal in another
/// encoding): [`Console::ask`] drops the line and asks again, as for any bad answer.
pub const NOT_TEXT: &str =
    "That answer is not readable text (it is not UTF-8): please type it again.";

/// The longest answer kept, in bytes: far beyond any name or answer a game asks for.
pub const MAX_ANSWER: usize = 4096;

/// How far a line may run without ending before the input counts as endless.
pub const MAX_LINE: usize = 1 << 20;

/// How many answers in a row may be refused before the input counts as not a person's
/// (`yes x | game` would otherwise be asked again for ever).
pub const MAX_REFUSALS: usize = 1000;

/// The refusal of an answer longer than [`MAX_ANSWER`]: asked again.
pub const TOO_LONG: &str = "That answer is too long: please type it again.";

/// An answer longer than [`MAX_ANSWER`] bytes (the inner error of an
/// [`io::ErrorKind::InvalidInput`]); [`Console::ask`] asks again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("an answer longer than {MAX_ANSWER} bytes")]
pub struct AnswerTooLong;

/// Input that is not a person's answers, so the game stops (the inner error of an
/// [`io::ErrorKind::InvalidInput`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EndlessInput {
    /// A line runs on past [`MAX_LINE`] bytes.
    #[error("the input is not answers: a line runs on past {} MB", MAX_LINE >> 20)]
    Line,
    /// [`MAX_REFUSALS`] answers in a row were refused.
    #[error("the input is not answers: {MAX_REFUSALS} answers in a row were refused")]
    Refusals,
}

/// The console on the process's standard input and output.
pub type StdConsole = Console<io::StdinLock<'static>, io::StdoutLock<'static>>;

impl StdConsole {
    /// A console on stdin and stdout.
    pub fn stdio() -> StdConsole {
        Console::new(io::stdin().lock(), io::stdout().lock())
    }
}

impl<R: BufRead, W: Write> Console<R, W> {
    /// A console reading `input` and writing `output`.
    pub fn new(input: R, output: W) -> Console<R, W> {
        Console {
            input,
            output,
            echo: false,
            line: Vec::new(),
        }
    }

    /// With `echo`, each answer read is written back after its prompt, so a transcript
    /// of a piped session reads as it would on a terminal. Off by default: assignment
    /// graders compare standard output exactly, and a terminal echoes by itself.
    pub fn with_echo(mut self, echo: bool) -> Console<R, W> {
        self.echo = echo;
        self
    }

    /// Where the game writes what it shows.
    pub fn output(&mut self) -> &mut W {
        &mut self.output
    }

    /// Gives back the writer (for tests that inspect the transcript).
    pub fn into_output(self) -> W {
        self.output
    }

    /// Reads one line without its line ending; `None` at the end of input. A line that
    /// is not UTF-8 is consumed and reported as [`io::ErrorKind::InvalidData`]; a line
    /// longer than [`MAX_ANSWER`] bytes is consumed without being kept and reported as
    /// [`AnswerTooLong`] ([`io::ErrorKind::InvalidInput`]); and a "line" that runs on
    /// past [`MAX_LINE`] bytes (`< /dev/zero`) is [`EndlessInput`], so that memory stays
    /// bounded and reading ends, whatever the input.
    pub fn read_line(&mut self) -> io::Result<Option<&str>> {
        self.line.clear();
        let mut read = 0usize;
        loop {
            let buffer = match self.input.fill_buf() {
                Ok(buffer) => buffer,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
            };
            if buffer.is_empty() {
                break;
            }
            let (length, ended) = match buffer.iter().position(|&byte| byte == b'\n') {
                Some(at) => (at + 1, true),
                None => (buffer.len(), false),
            };
            if read + length <= MAX_ANSWER {
                self.line.extend_from_slice(&buffer[..length]);
            }
            read += length;
            self.input.consume(length);
            if ended {
                break;
            }
            if read > MAX_LINE {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidInput,
                    EndlessInput::Line,
                ));
            }
        }
        if read == 0 {
            return Ok(None);
        }
        if read > MAX_ANSWER {
            return Err(io::Error::new(io::ErrorKind::InvalidInput, AnswerTooLong));
        }
        let answer = std::str::from_utf8(&self.line)
            .map_err(|error| io::Error::new(io::ErrorKind::InvalidData, error))?
            .trim_end_matches(['\n', '\r']);
        if self.echo {
            // What a person typed goes into the transcript as text: control characters
            // (an escape sequence, NUL) and invisible ones (a direction override) are
            // written escaped, never acted on.
            for c in answer.chars() {
                if crate::invisible::is_hidden(c) {
                    write!(self.output, "{}", c.escape_default())?;
                } else {
                    write!(self.output, "{c}")?;
                }
            }
            writeln!(self.output)?;
        }
        Ok(Some(answer))
    }

    /// Writes `prompt` as it is (no newline is added), then reads the answer.
    pub fn prompt(&mut self, prompt: &str) -> io::Result<Option<&str>> {
        self.output.write_all(prompt.as_bytes())?;
        self.output.flush()?;
        self.read_line()
    }

    /// Asks until `parse` accepts an answer. Each refusal is written as one line (the
    /// error's `Display`), then the prompt comes again. `None` at the end of input.
    pub fn ask<T, E: fmt::Display>(
        &mut self,
        prompt: &str,
        mut parse: impl FnMut(&str) -> Result<T, E>,
    ) -> io::Result<Option<T>> {
        for _ in 0..MAX_REFUSALS {
            let answer = match self.prompt(prompt) {
                Ok(Some(answer)) => answer,
                Ok(None) => return Ok(None),
                // One stray byte must not end the game: refuse the line, ask again.
                Err(error) if error.kind() == io::ErrorKind::InvalidData => {
                    writeln!(self.output, "{NOT_TEXT}")?;
                    continue;
                }
                Err(error) if is_too_long(&error) => {
                    writeln!(self.output, "{TOO_LONG}")?;
                    continue;
                }
                Err(error) => return Err(error),
            };
            match parse(answer) {
                Ok(value) => return Ok(Some(value)),
                Err(refusal) => writeln!(self.output, "{refusal}")?,
            }
        }
        Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            EndlessInput::Refusals,
        ))
    }
}

/// The question at the end of a game played to its end at the prompt, in the games where
/// another game follows naturally (War, Quattro: the next game is dealt from a seed of its
/// own, drawn from the first and announced, so each game replays alone).
pub const AGAIN_PROMPT: &str = "Play again? (y/n) ";

/// The refusal of an answer to [`AGAIN_PROMPT`] that is neither yes nor no.
pub const AGAIN_REFUSAL: &str = "Please answer y to play again or n to stop.";

/// Reads the answer to [`AGAIN_PROMPT`]: `y`/`yes` is `true`; `n`/`no`/`q`/`quit` is
/// `false`; any case, blanks around it ignored.
pub fn parse_again(text: &str) -> Result<bool, &'static str> {
    let text = text.trim();
    let is = |words: &[&str]| words.iter().any(|word| text.eq_ignore_ascii_case(word));
    if is(&["y", "yes"]) {
        Ok(true)
    } else if is(&["n", "no", "q", "quit"]) {
        Ok(false)
    } else {
        Err(AGAIN_REFUSAL)
    }
}

impl<R: BufRead, W: Write> Console<R, W> {
    /// Asks [`AGAIN_PROMPT`] until answered: `true` to play again. The end of input is a
    /// no (the session ends as the game did), after ending the prompt's line.
    pub fn ask_again(&mut self) -> io::Result<bool> {
        match self.ask(AGAIN_PROMPT, parse_again)? {
            Some(true) => {
                writeln!(self.output)?;
                Ok(true)
            }
            Some(false) => Ok(false),
            None => {
                writeln!(self.output)?;
                Ok(false)
            }
        }
    }
}

/// Whether `error` is [`AnswerTooLong`].
fn is_too_long(error: &io::Error) -> bool {
    error
        .get_ref()
        .is_some_and(|inner| inner.downcast_ref::<AnswerTooLong>().is_some())
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;
    use std::io::Read;

    fn yes_no(answer: &str) -> Result<bool, &'static str> {
        match answer.trim() {
            "y" | "Y" => Ok(true),
            "n" | "N" => Ok(false),
            _ => Err("Please answer Y or N."),
        }
    }

    #[test]
    fn reasks_until_valid() {
        let mut console = Console::new(&b"maybe\r\n\nN\n"[..], Vec::new());
        assert_eq!(console.ask("? ", yes_no).ok(), Some(Some(false)));
        let shown = String::from_utf8(console.into_output()).unwrap_or_default();
        assert_eq!(
            shown,
            "? Please answer Y or N.\n? Please answer Y or N.\n? "
        );
    }

    #[test]
    fn bytes_that_are_not_text_are_refused_not_fatal() {
        let mut console = Console::new(&b"\xff\xfeY\ny\n"[..], Vec::new());
        assert_eq!(console.ask("? ", yes_no).ok(), Some(Some(true)));
        let shown = String::from_utf8(console.into_output()).unwrap_or_default();
        assert_eq!(shown, format!("? {NOT_TEXT}\n? "));
    }

    #[test]
    fn long_answers_are_refused_and_endless_input_ends() {
        let mut input = vec![b'x'; MAX_ANSWER + 1];
        input.extend_from_slice(b"\ny\n");
        let mut console = Console::new(&input[..], Vec::new());
        assert_eq!(console.ask("? ", yes_no).ok(), Some(Some(true)));
        let shown = String::from_utf8(console.into_output()).unwrap_or_default();
        assert_eq!(shown, format!("? {TOO_LONG}\n? "));

        // `< /dev/zero`: no line ever ends; reading stops, memory stays small.
        let mut console = Console::new(io::BufReader::new(io::repeat(0)), io::sink());
        let error = console.ask("? ", yes_no).map(|_| ()).unwrap_err();
        assert!(
            error.get_ref().is_some_and(|e| e.is::<EndlessInput>()),
            "{error}"
        );

        // `yes x | game`: refused for ever, until the refusals stop the game.
        let mut console = Console::new(
            io::BufReader::new(
                io::repeat(b'x')
                    .take(1 << 16)
                    .chain(&b"\n"[..])
                    .chain(io::repeat(b'\n')),
            ),
            io::sink(),
        );
        let error = console.ask("? ", yes_no).map(|_| ()).unwrap_err();
        assert!(
            error.get_ref().is_some_and(|e| e.is::<EndlessInput>()),
            "{error}"
        );
    }

    #[test]
    fn echoed_answers_escape_control_characters() {
        let mut console = Console::new(&b"\x1b[2J\0n\nY\n"[..], Vec::new()).with_echo(true);
        assert_eq!(console.ask("? ", yes_no).ok(), Some(Some(true)));
        let shown = String::from_utf8(console.into_output()).unwrap_or_default();
        assert_eq!(shown, "? \\u{1b}[2J\\u{0}n\nPlease answer Y or N.\n? Y\n");
    }

    #[test]
    fn end_of_input_is_none() {
        let mut console = Console::new(&b"x"[..], Vec::new()).with_echo(true);
        assert_eq!(console.ask("? ", yes_no).ok(), Some(None));
        let shown = String::from_utf8(console.into_output()).unwrap_or_default();
        assert_eq!(shown, "? x\nPlease answer Y or N.\n? ");
    }

    #[test]
    fn play_again_takes_yes_or_no_and_the_end_of_input_is_no() {
        for (input, want, shown) in [
            ("y\n", true, "Play again? (y/n) \n"),
            (" YES \n", true, "Play again? (y/n) \n"),
            (
                "maybe\nn\n",
                false,
                "Play again? (y/n) Please answer y to play again or n to stop.\nPlay again? (y/n) ",
            ),
            ("Q\n", false, "Play again? (y/n) "),
            ("", false, "Play again? (y/n) \n"),
        ] {
            let mut console = Console::new(input.as_bytes(), Vec::new());
            assert_eq!(console.ask_again().unwrap(), want, "{input:?}");
            assert_eq!(
                String::from_utf8(console.into_output()).unwrap(),
                shown,
                "{input:?}"
            );
        }
    }
}
