//! Comparing an output (a solution's, or a hand-written test case) with the game's own,
//! the reference, line by line (`ochos-locos check RULES DEAL OUTPUT`).

use std::fmt;

/// How an output file compares with the game's own output (the reference).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Byte for byte the same; the number of lines.
    Same {
        /// Lines compared.
        lines: usize,
    },
    /// The first line that differs (1-based), with both versions; `None` where one
    /// output has already ended.
    Differs {
        /// The line number.
        line: usize,
        /// The file's line, if the file has one there.
        file: Option<String>,
        /// The game's line (the reference), if the game printed one there.
        game: Option<String>,
    },
    /// Every line is the same, but the bytes are not: line endings or a missing final
    /// newline.
    LineEndings,
}

/// Compares the output in a `file` with the `game`'s own (the reference).
pub fn compare(file: &str, game: &str) -> Verdict {
    if file == game {
        return Verdict::Same {
            lines: game.lines().count(),
        };
    }
    let mut want = file.lines();
    let mut got = game.lines();
    for line in 1.. {
        match (want.next(), got.next()) {
            (None, None) => break,
            (w, g) if w != g => {
                return Verdict::Differs {
                    line,
                    file: w.map(str::to_owned),
                    game: g.map(str::to_owned),
                };
            }
            _ => {}
        }
    }
    Verdict::LineEndings
}

/// The longest line a verdict shows whole: far longer than any line of a game, short
/// enough that a file of one endless line cannot flood the terminal.
const SHOWN_CHARS: usize = 200;

/// A line of the file as the verdict shows it: control, bidirectional, zero-width and
/// other invisible characters escaped ([`cards_core::invisible::is_hidden`]: an escape
/// sequence in the file must not act on the terminal, an invisible character must not
/// make two lines look alike or a line read backwards), at most [`SHOWN_CHARS`]
/// characters, then `…`.
fn printable(line: &str) -> String {
    let mut chars = line.chars();
    let head: String = chars.by_ref().take(SHOWN_CHARS).collect();
    let mut shown = cards_core::invisible::printable(&head);
    if chars.next().is_some() {
        shown.push('…');
    }
    shown
}

impl Verdict {
    /// Whether the outputs are the same.
    pub fn is_same(&self) -> bool {
        matches!(self, Verdict::Same { .. })
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fn shown(line: Option<&String>) -> String {
            line.map_or("the end of the output".to_owned(), |text| {
                format!("`{}`", printable(text))
            })
        }
        match self {
            Verdict::Same { lines } => write!(f, "ok: all {lines} lines match"),
            Verdict::Differs { line, file, game } => write!(
                f,
                "line {line} differs: the file has {}, the game (the reference) prints {}",
                shown(file.as_ref()),
                shown(game.as_ref())
            ),
            Verdict::LineEndings => write!(
                f,
                "the lines match, but not byte for byte: line endings or the final newline differ"
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn verdicts() {
        assert_eq!(compare("a\nb\n", "a\nb\n"), Verdict::Same { lines: 2 });
        assert_eq!(
            compare("a\nx\n", "a\nb\n").to_string(),
            "line 2 differs: the file has `x`, the game (the reference) prints `b`"
        );
        assert_eq!(
            compare("a\n", "a\nb\n").to_string(),
            "line 2 differs: the file has the end of the output, the game (the reference) \
             prints `b`"
        );
        assert_eq!(
            compare("a\nb\nc\n", "a\nb\n"),
            Verdict::Differs {
                line: 3,
                file: Some("c".into()),
                game: None
            }
        );
        assert_eq!(compare("a\r\nb", "a\nb\n"), Verdict::LineEndings);
    }

    #[test]
    fn a_differing_line_is_shown_printable_and_bounded() {
        assert_eq!(
            compare("\u{1b}[2J\n", "b\n").to_string(),
            "line 1 differs: the file has `\\u{1b}[2J`, the game (the reference) prints `b`"
        );
        let long = format!("{}\n", "x".repeat(10_000));
        let shown = compare(&long, "b\n").to_string();
        assert!(
            shown.contains(&format!("`{}…`", "x".repeat(SHOWN_CHARS))),
            "{shown}"
        );
        assert!(shown.len() < 300, "{shown}");
        assert_eq!(
            compare("a\u{202e}b\u{200b}\n", "b\n").to_string(),
            "line 1 differs: the file has `a\\u{202e}b\\u{200b}`, the game (the reference) prints `b`"
        );
        // Issue 37: tag characters, variation selectors and Hangul fillers were shown raw.
        assert_eq!(
            compare("b\u{e0041}\u{fe0f}\u{3164}\n", "b\n").to_string(),
            "line 1 differs: the file has `b\\u{e0041}\\u{fe0f}\\u{3164}`, the game (the reference) prints `b`"
        );
    }
}
