//! Comparing an expected output with the game's own, line by line, to grade a
//! solution's output or check a hand-written test case (`ochos-locos check`).

use std::fmt;

/// How an expected output compares with the actual one.
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
        /// The expected line, if the expected output has one there.
        expected: Option<String>,
        /// The actual line, if the game printed one there.
        actual: Option<String>,
    },
    /// Every line is the same, but the bytes are not: line endings or a missing final
    /// newline.
    LineEndings,
}

/// Compares `expected` with `actual`.
pub fn compare(expected: &str, actual: &str) -> Verdict {
    if expected == actual {
        return Verdict::Same {
            lines: actual.lines().count(),
        };
    }
    let mut want = expected.lines();
    let mut got = actual.lines();
    for line in 1.. {
        match (want.next(), got.next()) {
            (None, None) => break,
            (w, g) if w != g => {
                return Verdict::Differs {
                    line,
                    expected: w.map(str::to_owned),
                    actual: g.map(str::to_owned),
                };
            }
            _ => {}
        }
    }
    Verdict::LineEndings
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
                format!("`{text}`")
            })
        }
        match self {
            Verdict::Same { lines } => write!(f, "ok: all {lines} lines match"),
            Verdict::Differs {
                line,
                expected,
                actual,
            } => write!(
                f,
                "line {line} differs: expected {}, the game prints {}",
                shown(expected.as_ref()),
                shown(actual.as_ref())
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
            "line 2 differs: expected `x`, the game prints `b`"
        );
        assert_eq!(
            compare("a\n", "a\nb\n").to_string(),
            "line 2 differs: expected the end of the output, the game prints `b`"
        );
        assert_eq!(
            compare("a\nb\nc\n", "a\nb\n"),
            Verdict::Differs {
                line: 3,
                expected: Some("c".into()),
                actual: None
            }
        );
        assert_eq!(compare("a\r\nb", "a\nb\n"), Verdict::LineEndings);
    }
}
