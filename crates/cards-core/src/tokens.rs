//! Splitting a deal file into lines and whitespace-separated tokens that remember where
//! they stand, so every parse error can name its line, column and token.
//!
//! Blank lines are skipped; a game's parser asks for the next line it expects
//! ([`Tokens::next_line`]) or for all the tokens that remain ([`Tokens::rest`]), and
//! reports problems with [`ParseError`].

use std::fmt;

/// One whitespace-separated word of the input and where it stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    /// The word.
    pub text: &'a str,
    /// 1-based line number.
    pub line: usize,
    /// 1-based column (in characters) of the word's first character.
    pub column: usize,
}

impl Token<'_> {
    /// An error about this token.
    pub fn error(&self, message: impl fmt::Display) -> ParseError {
        ParseError {
            line: self.line,
            column: Some(self.column),
            // Only what the message can show is kept: a token may be megabytes long.
            token: Some(
                self.text
                    .chars()
                    .take(crate::input::QUOTED_CHARS + 1)
                    .collect(),
            ),
            message: message.to_string(),
        }
    }
}

/// A non-blank input line and its tokens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenLine<'a> {
    /// 1-based line number.
    pub number: usize,
    /// The line's words in order (never empty).
    pub tokens: Vec<Token<'a>>,
}

impl TokenLine<'_> {
    /// An error about the line as a whole.
    pub fn error(&self, message: impl fmt::Display) -> ParseError {
        ParseError {
            line: self.number,
            column: None,
            token: None,
            message: message.to_string(),
        }
    }
}

/// A problem in the input, with where it is.
///
/// Displays on one line: ``line 3, column 7: `X3`: 'X' is not a colour (R, Y, G or B)``.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct ParseError {
    /// 1-based line number (the line after the last one for a missing line).
    pub line: usize,
    /// 1-based column, when the problem is one token.
    pub column: Option<usize>,
    /// The offending token, when there is one.
    pub token: Option<String>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}", self.line)?;
        if let Some(column) = self.column {
            write!(f, ", column {column}")?;
        }
        if let Some(token) = &self.token {
            write!(f, ": `{}`", crate::input::quoted(token))?;
        }
        write!(f, ": {}", self.message)
    }
}

/// The input as a sequence of non-blank lines, read front to back.
#[derive(Clone, Debug)]
pub struct Tokens<'a> {
    lines: Vec<TokenLine<'a>>,
    next: usize,
    line_count: usize,
}

impl<'a> Tokens<'a> {
    /// Splits `text` into lines and tokens. Any Unicode whitespace separates tokens.
    pub fn new(text: &'a str) -> Tokens<'a> {
        let mut lines = Vec::new();
        let mut line_count = 0;
        for (index, line) in text.lines().enumerate() {
            line_count = index + 1;
            let tokens: Vec<Token<'a>> = words(line)
                .map(|(column, text)| Token {
                    text,
                    line: index + 1,
                    column,
                })
                .collect();
            if !tokens.is_empty() {
                lines.push(TokenLine {
                    number: index + 1,
                    tokens,
                });
            }
        }
        Tokens {
            lines,
            next: 0,
            line_count,
        }
    }

    /// Whether the input has no tokens at all.
    pub fn is_blank(&self) -> bool {
        self.lines.is_empty()
    }

    /// Refuses input with no tokens at all: `message` says what it should hold (an
    /// error about the whole input, at line 1).
    pub fn refuse_blank(&self, message: impl fmt::Display) -> Result<(), ParseError> {
        if !self.is_blank() {
            return Ok(());
        }
        Err(ParseError {
            line: 1,
            column: None,
            token: None,
            message: message.to_string(),
        })
    }

    /// The next non-blank line; `what` names it in the error when the input has ended
    /// (`missing the discard card`).
    pub fn next_line(&mut self, what: &str) -> Result<TokenLine<'a>, ParseError> {
        match self.lines.get(self.next) {
            Some(line) => {
                self.next += 1;
                Ok(line.clone())
            }
            None => Err(self.end_error(what)),
        }
    }

    /// All tokens of the remaining lines, in order.
    pub fn rest(&mut self) -> Vec<Token<'a>> {
        let rest = self.lines[self.next..]
            .iter()
            .flat_map(|line| line.tokens.iter().copied())
            .collect();
        self.next = self.lines.len();
        rest
    }

    /// An error for input that ended where `what` was expected.
    pub fn end_error(&self, what: &str) -> ParseError {
        ParseError {
            line: self.line_count + 1,
            column: None,
            token: None,
            message: format!("missing {what}: the input ends here"),
        }
    }

    /// Whether every line has been read.
    pub fn at_end(&self) -> bool {
        self.next >= self.lines.len()
    }
}

/// The words of a line with their 1-based character columns.
fn words(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut column = 0;
    let mut start: Option<(usize, usize)> = None;
    let mut out = Vec::new();
    for (byte, ch) in line.char_indices() {
        column += 1;
        match (ch.is_whitespace(), start) {
            (false, None) => start = Some((byte, column)),
            (true, Some((from, col))) => {
                out.push((col, &line[from..byte]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((from, col)) = start {
        out.push((col, &line[from..]));
    }
    out.into_iter()
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn tokens_know_their_place() {
        let mut tokens = Tokens::new("4\n\n  Alice  R1\tB3\nB3\n");
        assert_eq!(tokens.next_line("the count").map(|l| l.number), Ok(1));
        let line = tokens.next_line("a hand").unwrap();
        let found: Vec<_> = line
            .tokens
            .iter()
            .map(|t| (t.text, t.line, t.column))
            .collect();
        assert_eq!(found, [("Alice", 3, 3), ("R1", 3, 10), ("B3", 3, 13)]);
        assert_eq!(
            line.tokens[1].error("bad").to_string(),
            "line 3, column 10: `R1`: bad"
        );
        assert!(!tokens.at_end());
        assert_eq!(tokens.rest().len(), 1);
        assert_eq!(
            tokens.next_line("the draw pile").map_err(|e| e.to_string()),
            Err("line 5: missing the draw pile: the input ends here".to_owned())
        );
        assert!(tokens.at_end());
    }

    #[test]
    fn blank_input_is_blank() {
        assert!(Tokens::new(" \n\t\n").is_blank());
        assert!(!Tokens::new("x").is_blank());
        assert_eq!(
            Tokens::new("\n \n")
                .refuse_blank("the deck is empty")
                .map_err(|e| e.to_string()),
            Err("line 1: the deck is empty".to_owned())
        );
        assert_eq!(Tokens::new("x").refuse_blank("unused"), Ok(()));
    }
}
