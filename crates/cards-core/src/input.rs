//! Reading what a user gives, safely: a whole input file with a size limit, and words
//! quoted for an error message so that nothing a user typed can flood or garble the
//! terminal.
//!
//! A deal, a deck or a dice file is a few kilobytes; a file past [`MAX_INPUT`] is refused
//! after reading just past the limit, so an endless input (`< /dev/zero`) costs bounded
//! memory and time. Error messages quote at most [`QUOTED_CHARS`] characters of a word
//! and escape what is not printable (`\u{1b}`, `\0`, `\u{202e}`), naming an invisible
//! byte-order mark.

use std::fmt;
use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

/// The largest input file read, in bytes: far above any deal, deck or dice file of a
/// game (a million rolls would not fit, a game needs a few hundred).
pub const MAX_INPUT: u64 = 4 << 20;

/// How many characters of a word an error message quotes.
pub const QUOTED_CHARS: usize = 40;

/// The byte-order mark some editors put at the start of a file.
const BOM: char = '\u{feff}';

/// Why an input could not be read as text.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    /// The file could not be opened or read.
    #[error("cannot read {what}: {error}")]
    Io {
        /// What was read (a file's name, `standard input`).
        what: String,
        /// The system's reason.
        error: io::Error,
    },
    /// The input is larger than [`MAX_INPUT`].
    #[error("{what} is larger than {} MB: it cannot be a game's input", MAX_INPUT >> 20)]
    TooLarge {
        /// What was read.
        what: String,
    },
    /// The input is not UTF-8 text.
    #[error("{what}: line {line}: not text (the bytes are not UTF-8)")]
    NotText {
        /// What was read.
        what: String,
        /// The line of the first byte that is not UTF-8.
        line: usize,
    },
}

/// Reads all of `source` as text, refusing more than [`MAX_INPUT`] bytes or bytes that
/// are not UTF-8, and dropping a leading byte-order mark. `what` names the input in
/// errors (`deal.txt`, `standard input`).
pub fn read_text(source: impl Read, what: &str) -> Result<String, InputError> {
    let mut bytes = Vec::new();
    source
        .take(MAX_INPUT + 1)
        .read_to_end(&mut bytes)
        .map_err(|error| InputError::Io {
            what: what.to_owned(),
            error,
        })?;
    if bytes.len() as u64 > MAX_INPUT {
        return Err(InputError::TooLarge {
            what: what.to_owned(),
        });
    }
    let text = String::from_utf8(bytes).map_err(|error| {
        let valid = &error.as_bytes()[..error.utf8_error().valid_up_to()];
        InputError::NotText {
            what: what.to_owned(),
            line: valid.iter().filter(|&&b| b == b'\n').count() + 1,
        }
    })?;
    Ok(match text.strip_prefix(BOM) {
        Some(rest) => rest.to_owned(),
        None => text,
    })
}

/// [`read_text`] of the file at `path`, named by its path in errors. Opening a device or
/// a pipe is fine: nothing is written or truncated.
pub fn read_file(path: &Path) -> Result<String, InputError> {
    let what = path.display().to_string();
    let file = File::open(path).map_err(|error| InputError::Io {
        what: what.clone(),
        error,
    })?;
    read_text(file, &what)
}

/// A word as an error message shows it: control and invisible characters escaped
/// (`\u{1b}`, `\u{202e}`, [`crate::invisible::is_hidden`]), a byte-order mark named, and at most [`QUOTED_CHARS`] characters shown, escapes and
/// names included (then `…`); a word's first character is always shown.
pub fn quoted(word: &str) -> Quoted<'_> {
    Quoted {
        text: word,
        limit: QUOTED_CHARS,
    }
}

/// A whole line as a report shows it (a graded program's line that broke a rule): like
/// [`quoted`], but up to [`QUOTED_LINE_CHARS`] characters, so that the part that is
/// wrong is seen.
pub fn quoted_line(line: &str) -> Quoted<'_> {
    Quoted {
        text: line,
        limit: QUOTED_LINE_CHARS,
    }
}

/// How many characters [`quoted_line`] shows at most.
pub const QUOTED_LINE_CHARS: usize = 200;

/// See [`quoted`].
#[derive(Clone, Copy, Debug)]
pub struct Quoted<'a> {
    text: &'a str,
    limit: usize,
}

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The bound is on what is shown, not on what is read: a named mark is 24
        // characters and an escape up to 10, so a word of them would otherwise show
        // hundreds (found by fuzzing: fuzz/regressions/pig_dice/).
        let mut shown = 0;
        let mut piece = String::new();
        for c in self.text.chars() {
            piece.clear();
            match c {
                BOM => piece.push_str("<byte-order mark U+FEFF>"),
                c if crate::invisible::is_hidden(c) => piece.extend(c.escape_default()),
                c => piece.push(c),
            }
            let width = piece.chars().count();
            if shown > 0 && shown + width > self.limit {
                return f.write_str("…");
            }
            f.write_str(&piece)?;
            shown += width;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn words_are_quoted_short_and_printable() {
        assert_eq!(quoted("R5").to_string(), "R5");
        assert_eq!(quoted("\u{1b}[2J").to_string(), "\\u{1b}[2J");
        assert_eq!(quoted("a\0b").to_string(), "a\\u{0}b");
        assert_eq!(
            quoted("\u{feff}R5").to_string(),
            "<byte-order mark U+FEFF>R5"
        );
        let long = "x".repeat(1000);
        let shown = quoted(&long).to_string();
        assert_eq!(shown.chars().count(), QUOTED_CHARS + 1);
        assert!(shown.ends_with('…'));
        assert_eq!(
            quoted(&"x".repeat(QUOTED_CHARS)).to_string(),
            "x".repeat(QUOTED_CHARS)
        );
    }

    /// Issue 37: `pig check` and the replays' errors showed a right-to-left override
    /// raw, and reports tag characters, variation selectors and Hangul fillers.
    #[test]
    fn invisible_characters_are_quoted_escaped() {
        assert_eq!(quoted("ok\u{202e}ssap").to_string(), "ok\\u{202e}ssap");
        assert_eq!(
            quoted_line("A\u{e0041}\u{fe0f}\u{3164}B").to_string(),
            "A\\u{e0041}\\u{fe0f}\\u{3164}B"
        );
    }

    #[test]
    fn lines_are_quoted_longer_and_printable() {
        let line = format!("{}\u{1b}[2J", "y".repeat(150));
        assert_eq!(
            quoted_line(&line).to_string(),
            format!("{}\\u{{1b}}[2J", "y".repeat(150))
        );
        let long = "z".repeat(1000);
        assert_eq!(
            quoted_line(&long).to_string().chars().count(),
            QUOTED_LINE_CHARS + 1
        );
    }

    /// Found by fuzzing: a token of 40 byte-order marks was quoted as 40 names, a
    /// thousand characters; what is shown is bounded, names and escapes included.
    #[test]
    fn what_is_shown_is_bounded_whatever_the_characters() {
        let marks = "\u{feff}".repeat(40);
        assert_eq!(quoted(&marks).to_string(), "<byte-order mark U+FEFF>…");
        let escapes = "\u{1b}".repeat(100);
        let shown = quoted(&escapes).to_string();
        assert_eq!(shown, format!("{}…", "\\u{1b}".repeat(6)));
        for word in [marks.as_str(), escapes.as_str(), "\0\u{feff}x\u{7f}"] {
            assert!(
                quoted(word).to_string().chars().count() <= QUOTED_CHARS + 1,
                "{word:?}"
            );
        }
    }

    #[test]
    fn inputs_are_bounded_text() {
        assert_eq!(
            read_text(&b"\xef\xbb\xbfR5\n"[..], "t").ok(),
            Some("R5\n".to_owned())
        );
        let endless = io::repeat(b'0');
        assert!(matches!(
            read_text(endless, "zeros"),
            Err(InputError::TooLarge { .. })
        ));
        let bad = read_text(&b"ok\nok\n\xff\n"[..], "bad.txt").map_err(|e| e.to_string());
        assert_eq!(
            bad,
            Err("bad.txt: line 3: not text (the bytes are not UTF-8)".to_owned())
        );
    }
}
