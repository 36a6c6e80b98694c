//! Asking a person at a terminal: print a prompt, read a line, re-ask on an invalid
//! answer, and report the end of input instead of looping or panicking.
//!
//! A [`Console`] wraps any reader and writer, so games are tested with byte strings and
//! run with stdin and stdout. The end of input is `Ok(None)`: the caller decides how the
//! game ends (the games print a message and exit with status 1).

use std::fmt;
use std::io::{self, BufRead, Write};

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
    /// is not UTF-8 is consumed and reported as [`io::ErrorKind::InvalidData`].
    pub fn read_line(&mut self) -> io::Result<Option<&str>> {
        self.line.clear();
        if self.input.read_until(b'\n', &mut self.line)? == 0 {
            return Ok(None);
        }
        let answer = std::str::from_utf8(&self.line)
            .map_err(|error| io::Error::new(io::ErrorKind::InvalidData, error))?
            .trim_end_matches(['\n', '\r']);
        if self.echo {
            writeln!(self.output, "{answer}")?;
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
        loop {
            let answer = match self.prompt(prompt) {
                Ok(Some(answer)) => answer,
                Ok(None) => return Ok(None),
                // One stray byte must not end the game: refuse the line, ask again.
                Err(error) if error.kind() == io::ErrorKind::InvalidData => {
                    writeln!(self.output, "{NOT_TEXT}")?;
                    continue;
                }
                Err(error) => return Err(error),
            };
            match parse(answer) {
                Ok(value) => return Ok(Some(value)),
                Err(refusal) => writeln!(self.output, "{refusal}")?,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

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
    fn end_of_input_is_none() {
        let mut console = Console::new(&b"x"[..], Vec::new()).with_echo(true);
        assert_eq!(console.ask("? ", yes_no).ok(), Some(None));
        let shown = String::from_utf8(console.into_output()).unwrap_or_default();
        assert_eq!(shown, "? x\nPlease answer Y or N.\n? ");
    }
}
