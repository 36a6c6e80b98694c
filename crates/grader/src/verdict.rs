//! The result model: what one case's run came to ([`Verdict`]), how it scores, and the
//! exact comparison of an output with the expected one ([`compare`]).

use std::fmt;

use crate::outcome::{Exit, Run};
pub use crate::text::{QUOTED_CHARS, quoted};
use crate::text::{printable, shorten};

/// What one case came to.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// The output is right.
    Pass {
        /// What the grader noticed without holding it against the program (for Pig: the
        /// readings of the text it saw).
        note: Option<String>,
    },
    /// Every line is right but for trailing whitespace or the final newline: full marks,
    /// or none with `--strict`.
    Whitespace {
        /// The first line with trailing whitespace (spaces, tabs, a carriage return),
        /// if any.
        trailing_on_line: Option<usize>,
        /// Whether the last line lacks its newline.
        missing_final_newline: bool,
    },
    /// The first line that differs from the expected output.
    WrongOutput {
        /// Its number, from 1.
        line: usize,
        /// Where the two lines start to differ: a character position from 1.
        column: usize,
        /// The expected line (`None`: the expected output had ended).
        expected: Option<String>,
        /// The program's line (`None`: the program's output had ended).
        got: Option<String>,
    },
    /// The first line that breaks a rule (the output is checked by rules, not compared).
    RuleBroken {
        /// Its number, from 1.
        line: usize,
        /// What the rule required there.
        rule: String,
        /// The program's line (`None`: the output had ended).
        got: Option<String>,
    },
    /// The program exited with a status other than 0, or was ended by a signal.
    Crashed {
        /// How it ended: [`Exit::Code`] or [`Exit::Signal`].
        exit: Exit,
        /// The lines of its standard error that say why (cut and escaped): a Java
        /// exception and its top frame, or else the last few lines (a Python
        /// traceback's exception line is its last).
        stderr: Vec<String>,
    },
    /// The program ran past the timeout and was killed with everything it started.
    TimedOut {
        /// The timeout, in seconds.
        seconds: f64,
        /// The program's own process had ended, but something it started held its
        /// standard output open until the timeout.
        held: bool,
    },
    /// The program printed more than the limit and was killed with everything it
    /// started.
    TooMuchOutput {
        /// The limit, in bytes.
        limit: usize,
    },
    /// The program exited normally but printed nothing on standard output.
    NoOutput,
    /// The compile step failed, so nothing was run: every case is this.
    NotCompiled {
        /// The compile line.
        line: String,
        /// The first line of what it printed that names an error (cut and escaped).
        first_error: Option<String>,
    },
}

impl Verdict {
    /// The short name of the result, as the JSON `result` field and the table show it:
    /// `pass`, `whitespace`, `wrong-output`, `rule-broken`, `crashed`, `timed-out`,
    /// `too-much-output`, `no-output`, `not-compiled`.
    pub fn kind(&self) -> &'static str {
        match self {
            Verdict::Pass { .. } => "pass",
            Verdict::Whitespace { .. } => "whitespace",
            Verdict::WrongOutput { .. } => "wrong-output",
            Verdict::RuleBroken { .. } => "rule-broken",
            Verdict::Crashed { .. } => "crashed",
            Verdict::TimedOut { .. } => "timed-out",
            Verdict::TooMuchOutput { .. } => "too-much-output",
            Verdict::NoOutput => "no-output",
            Verdict::NotCompiled { .. } => "not-compiled",
        }
    }

    /// Whether the case earns its marks: a pass always, a whitespace difference unless
    /// `strict`.
    pub fn passed(&self, strict: bool) -> bool {
        match self {
            Verdict::Pass { .. } => true,
            Verdict::Whitespace { .. } => !strict,
            _ => false,
        }
    }

    /// What happened, as the verdict says it ([`std::fmt::Display`]), but with the
    /// expected line of a wrong output left out (its number and the program's line
    /// stay): what a student sees on Gradescope unless the instructor asks for the
    /// expected lines, so that failing on purpose cannot harvest the expected outputs.
    pub fn detail_without_expected(&self) -> String {
        match self {
            Verdict::WrongOutput { line, got, .. } => format!(
                "line {line}: the output differs from the expected one (which is not shown); \
                 got {}",
                got.as_ref()
                    .map_or_else(|| "the end of the output".to_owned(), |l| format!("`{l}`"))
            ),
            other => other.to_string(),
        }
    }

    /// What happened, with nothing of a wrong output but that it is wrong (not even the
    /// line where it parts from the expected one, which a student could otherwise
    /// move down submission by submission to learn the expected lines): Gradescope's
    /// outputs with `--verdict-only`.
    pub fn detail_verdict_only(&self) -> String {
        match self {
            Verdict::WrongOutput { .. } => {
                "the output differs from the expected one (which is not shown)".to_owned()
            }
            other => other.detail_without_expected(),
        }
    }

    /// The verdict of a run that did not end well on its own (killed, crashed, silent),
    /// or `None` when its output is to be checked.
    pub fn of_exit(run: &Run, limits_timeout: f64, max_output: usize) -> Option<Verdict> {
        match run.exit {
            Exit::TimedOut => Some(Verdict::TimedOut {
                seconds: limits_timeout,
                held: false,
            }),
            Exit::OutputHeld => Some(Verdict::TimedOut {
                seconds: limits_timeout,
                held: true,
            }),
            Exit::TooMuchOutput => Some(Verdict::TooMuchOutput { limit: max_output }),
            exit @ (Exit::Signal(_) | Exit::Code(1..) | Exit::Code(..0)) => {
                let mut stderr = Vec::new();
                if run.out_of_memory {
                    stderr.push(
                        "(the kernel ended it: its processes together passed the run's memory \
                         budget)"
                            .to_owned(),
                    );
                }
                stderr.extend(stderr_lines(&String::from_utf8_lossy(&run.stderr)));
                Some(Verdict::Crashed { exit, stderr })
            }
            Exit::Code(0) if run.stdout.is_empty() => Some(Verdict::NoOutput),
            Exit::Code(_) => None,
        }
    }
}

impl fmt::Display for Verdict {
    /// One paragraph saying what happened, for people: the table's detail, the JSON
    /// `detail` and Gradescope's `output`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Wrong lines are quoted when the verdict is made; a rule's line is quoted here.
        fn shown(line: Option<&String>) -> String {
            line.map_or_else(|| "the end of the output".to_owned(), |l| format!("`{l}`"))
        }
        fn quoted_rule(line: Option<&String>) -> String {
            line.map_or_else(
                || "the end of the output".to_owned(),
                |l| format!("`{}`", quoted(l, 1)),
            )
        }
        match self {
            Verdict::Pass { note: None } => write!(f, "the output is right"),
            // A note may quote the program (Pig's error lines): escaped and cut too.
            Verdict::Pass { note: Some(note) } => {
                write!(
                    f,
                    "the output is right ({})",
                    printable(&shorten(note, 600))
                )
            }
            Verdict::Whitespace {
                trailing_on_line,
                missing_final_newline,
            } => {
                let mut parts = Vec::new();
                if let Some(line) = trailing_on_line {
                    parts.push(format!("trailing whitespace (first on line {line})"));
                }
                if *missing_final_newline {
                    parts.push("no newline at the end of the last line".to_owned());
                }
                if parts.is_empty() {
                    parts.push("the line endings".to_owned());
                }
                write!(f, "every line is right but for {}", parts.join(" and "))
            }
            Verdict::WrongOutput {
                line,
                column,
                expected,
                got,
            } => write!(
                f,
                "line {line}, column {column}: expected {}, got {}",
                shown(expected.as_ref()),
                shown(got.as_ref())
            ),
            Verdict::RuleBroken { line, rule, got } => {
                let rule = printable(&shorten(rule, 600));
                write!(f, "line {line}: {rule}; got {}", quoted_rule(got.as_ref()))
            }
            Verdict::Crashed { exit, stderr } => {
                match exit {
                    Exit::Signal(signal) => {
                        write!(f, "crashed: killed by signal {signal}")?;
                        if let Some(name) = signal_name(*signal) {
                            write!(f, " ({name})")?;
                        }
                    }
                    Exit::Code(code) => write!(f, "crashed: exit status {code}")?,
                    _ => write!(f, "crashed")?,
                }
                if stderr.is_empty() {
                    Ok(())
                } else {
                    write!(f, "; stderr ends: {}", stderr.join(" | "))
                }
            }
            Verdict::TimedOut {
                seconds,
                held: false,
            } => write!(f, "timed out after {seconds} s; killed"),
            Verdict::TimedOut {
                seconds,
                held: true,
            } => write!(
                f,
                "timed out after {seconds} s: the program ended, but a process it started kept \
                 its standard output open"
            ),
            Verdict::TooMuchOutput { limit } => {
                write!(f, "printed more than {limit} bytes; cut off and killed")
            }
            Verdict::NoOutput => write!(f, "printed nothing"),
            Verdict::NotCompiled { line, first_error } => {
                write!(f, "not run: the compile step `{}` failed", quoted(line, 1))?;
                match first_error {
                    Some(error) => write!(f, " (first error: {error})"),
                    None => Ok(()),
                }
            }
        }
    }
}

/// Compares a program's output with the expected output exactly.
///
/// The same bytes pass. Otherwise the lines are compared without their trailing
/// whitespace (spaces, tabs, a carriage return): the first line that still differs is a
/// [`Verdict::WrongOutput`] with the column where the two lines part; if none does, the
/// difference is only whitespace at line ends or the final newline, a
/// [`Verdict::Whitespace`].
pub fn compare(expected: &str, got: &str) -> Verdict {
    if expected == got {
        return Verdict::Pass { note: None };
    }
    // Split at '\n' only, so that a carriage return stays on its line (`lines` would
    // drop it).
    let want: Vec<&str> = expected.split_terminator('\n').collect();
    let have: Vec<&str> = got.split_terminator('\n').collect();
    for index in 0..want.len().max(have.len()) {
        let (w, h) = (want.get(index).copied(), have.get(index).copied());
        let (wt, ht) = (w.map(trim_end), h.map(trim_end));
        if wt != ht {
            let column = match (wt, ht) {
                (Some(a), Some(b)) => {
                    a.chars().zip(b.chars()).take_while(|(x, y)| x == y).count() + 1
                }
                _ => 1,
            };
            return Verdict::WrongOutput {
                line: index + 1,
                column,
                expected: w.map(|line| quoted(line, column)),
                got: h.map(|line| quoted(line, column)),
            };
        }
    }
    let trailing_on_line = have
        .iter()
        .zip(&want)
        .position(|(h, w)| h != w && trim_end(h) == trim_end(w))
        .map(|index| index + 1);
    let missing_final_newline = expected.ends_with('\n') && !got.ends_with('\n');
    if trailing_on_line.is_none() && !missing_final_newline {
        // Same lines, same final newline: only line endings the expected output has
        // itself are left, or an extra final newline, which `lines` hides.
        return Verdict::Whitespace {
            trailing_on_line: None,
            missing_final_newline: !got.ends_with('\n'),
        };
    }
    Verdict::Whitespace {
        trailing_on_line,
        missing_final_newline,
    }
}

/// Compares a cut output (the program was stopped: [`crate::Output::cut`]) with the
/// expected one: a line that differs is a wrong output as in [`compare`]; an output
/// that is right as far as it goes (the program stopped while printing, or hung after
/// printing everything) is the cut's own verdict, timed out or too much output.
pub fn compare_cut(expected: &str, got: &str, cut: Verdict) -> Verdict {
    match compare(expected, got) {
        wrong @ Verdict::WrongOutput { got: Some(_), .. } => wrong,
        _ => cut,
    }
}

/// The lines of a crashed program's standard error worth showing: a Java exception
/// line (`Exception in thread …`) and the frame under it, or else the last three
/// non-blank lines (a Python traceback ends with its exception), each quoted.
pub fn stderr_lines(stderr: &str) -> Vec<String> {
    let lines: Vec<&str> = stderr.lines().filter(|l| !l.trim().is_empty()).collect();
    let shown: Vec<&str> = match lines
        .iter()
        .position(|l| l.starts_with("Exception in thread "))
    {
        Some(at) => lines.iter().skip(at).take(2).copied().collect(),
        None => lines.iter().rev().take(3).rev().copied().collect(),
    };
    shown
        .into_iter()
        .map(|line| quoted(line.trim(), 1))
        .collect()
}

fn signal_name(signal: i32) -> Option<&'static str> {
    Some(match signal {
        4 => "illegal instruction",
        6 => "abort",
        8 => "arithmetic error",
        9 => "SIGKILL: out of memory, or killed",
        11 => "segmentation fault",
        24 => "the CPU time limit",
        25 => "the file size limit",
        _ => return None,
    })
}

fn trim_end(line: &str) -> &str {
    line.trim_end_matches([' ', '\t', '\r'])
}

/// A transcript checker's first violation (`war::check`, `quattro::check`) as a broken
/// rule: what could not be read says so by its words, `could not read: …`.
impl From<cards_core::check::Violation> for Verdict {
    fn from(violation: cards_core::check::Violation) -> Verdict {
        use cards_core::check::Problem;
        Verdict::RuleBroken {
            line: violation.line,
            rule: match violation.problem {
                Problem::Rule(rule) => rule,
                Problem::Unreadable(what) => format!("could not read: {what}"),
            },
            got: violation.got,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_checkers_violation_is_a_broken_rule_or_says_it_could_not_read() {
        use cards_core::check::{Problem, Violation};
        let rule = Verdict::from(Violation {
            line: 4,
            problem: Problem::Rule("each battle's winner takes the cards".into()),
            got: Some("Player 2 wins".into()),
        });
        assert_eq!(
            rule,
            Verdict::RuleBroken {
                line: 4,
                rule: "each battle's winner takes the cards".into(),
                got: Some("Player 2 wins".into()),
            }
        );
        let unread = Verdict::from(Violation {
            line: 9,
            problem: Problem::Unreadable("no hand shown after the battle".into()),
            got: None,
        });
        assert_eq!(
            unread,
            Verdict::RuleBroken {
                line: 9,
                rule: "could not read: no hand shown after the battle".into(),
                got: None,
            }
        );
    }
    use pretty_assertions::assert_eq;

    #[test]
    fn a_wrong_line_is_shown_escaped() {
        let verdict = compare("a\n", "\u{1b}[2Ja\u{0}\n");
        assert_eq!(
            verdict.to_string(),
            "line 1, column 1: expected `a`, got `\\u{1b}[2Ja\\u{0}`"
        );
    }

    #[test]
    fn same_bytes_pass() {
        assert_eq!(compare("a\nb\n", "a\nb\n"), Verdict::Pass { note: None });
    }

    #[test]
    fn the_first_differing_line_and_column() {
        assert_eq!(
            compare("0: B3\n3: R8 LOCO Y\n", "0: B3\n3: R8\n"),
            Verdict::WrongOutput {
                line: 2,
                column: 6,
                expected: Some("3: R8 LOCO Y".into()),
                got: Some("3: R8".into())
            }
        );
        assert_eq!(
            compare("a\nb\n", "a\n").to_string(),
            "line 2, column 1: expected `b`, got the end of the output"
        );
        assert_eq!(
            compare("a\n", "a\nextra\n").to_string(),
            "line 2, column 1: expected the end of the output, got `extra`"
        );
    }

    #[test]
    fn whitespace_is_reported_apart() {
        let verdict = compare("a\nb\n", "a \nb");
        assert_eq!(
            verdict,
            Verdict::Whitespace {
                trailing_on_line: Some(1),
                missing_final_newline: true
            }
        );
        assert!(verdict.passed(false));
        assert!(!verdict.passed(true));
        assert_eq!(
            verdict.to_string(),
            "every line is right but for trailing whitespace (first on line 1) and no \
             newline at the end of the last line"
        );
        assert_eq!(
            compare("a\nb\n", "a\r\nb\r\n"),
            Verdict::Whitespace {
                trailing_on_line: Some(1),
                missing_final_newline: false
            }
        );
    }

    #[test]
    fn runs_that_went_wrong() {
        let run = |exit, stdout: &[u8], stderr: &[u8]| Run {
            exit,
            stdout: stdout.to_vec(),
            stderr: stderr.to_vec(),
            elapsed: std::time::Duration::ZERO,
            killed: crate::Killed::Everything,
            out_of_memory: false,
        };
        assert_eq!(
            Verdict::of_exit(&run(Exit::Code(0), b"", b""), 1.0, 10),
            Some(Verdict::NoOutput)
        );
        assert_eq!(
            Verdict::of_exit(&run(Exit::Code(0), b"x", b""), 1.0, 10),
            None
        );
        assert_eq!(
            Verdict::of_exit(&run(Exit::Code(1), b"x", b"\nException in main\n"), 1.0, 10)
                .map(|v| v.to_string()),
            Some("crashed: exit status 1; stderr ends: Exception in main".into())
        );
        assert_eq!(
            Verdict::of_exit(&run(Exit::Signal(11), b"", b""), 1.0, 10).map(|v| v.to_string()),
            Some("crashed: killed by signal 11 (segmentation fault)".into())
        );
    }

    #[test]
    fn a_crash_shows_the_lines_that_say_why() {
        let python = "Traceback (most recent call last):\n  File \"a2p1.py\", line 9, in <module>\n    main()\n  File \"a2p1.py\", line 5, in main\n    hand = int(x)\nValueError: invalid literal for int() with base 10: 'R5'\n";
        assert_eq!(
            stderr_lines(python),
            [
                "File \"a2p1.py\", line 5, in main",
                "hand = int(x)",
                "ValueError: invalid literal for int() with base 10: 'R5'"
            ]
        );
        let java = "Exception in thread \"main\" java.lang.ArrayIndexOutOfBoundsException: Index 5 out of bounds for length 5\n\tat Game.play(Game.java:42)\n\tat Main.main(Main.java:7)\n";
        assert_eq!(
            stderr_lines(java),
            [
                "Exception in thread \"main\" java.lang.ArrayIndexOutOfBoundsException: Index 5 out of bounds for length 5",
                "at Game.play(Game.java:42)"
            ]
        );
    }

    #[test]
    fn notes_and_rules_are_escaped() {
        let pass = Verdict::Pass {
            note: Some("error lines such as `\u{1b}[32mok`".into()),
        };
        assert_eq!(
            pass.to_string(),
            "the output is right (error lines such as `\\u{1b}[32mok`)"
        );
    }

    #[test]
    fn quoted_lines_are_cut_and_escaped() {
        let long = format!("{}X{}", "a".repeat(5000), "b".repeat(1_000_000));
        let verdict = compare(&format!("{}\n", "a".repeat(5001)), &format!("{long}\n"));
        let shown = verdict.to_string();
        assert!(shown.len() < 1000, "{}", shown.len());
        assert!(shown.contains("aX"), "{shown}");
        assert_eq!(
            printable("ok\u{202e}ssap\u{200b}\u{1b}[2J"),
            "ok\\u{202e}ssap\\u{200b}\\u{1b}[2J"
        );
    }
}
