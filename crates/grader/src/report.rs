//! The three ways to report a grading: a text table for people, JSON for scripts, and
//! Gradescope's `results.json`.
//!
//! # Text (`--format text`, the default)
//!
//! One row a case: its name, its result ([`Verdict::kind`]) and its score; under every
//! case that did not simply pass, an indented line saying what happened (the first
//! differing line with its column, the rule broken, the exit status or signal, the
//! timeout). Then a summary line: cases passed, the score, and, when a case differed only
//! in whitespace or `--strict` is on, whether whitespace counts; and a line naming the
//! isolation (and, where no control group could be made, that only per-process limits
//! apply). A compile step's line comes first, with what it printed when it failed. Case
//! names and quoted lines are escaped ([`printable`]).
//!
//! # JSON (`--format json`)
//!
//! One object:
//!
//! | field | type | meaning |
//! |---|---|---|
//! | `command` | array of strings | the command graded, program first |
//! | `strict` | boolean | whether only the project's own reading counts (`--strict`: whitespace differences cost marks, the text's other readings are refused) |
//! | `isolation` | string | how the programs were isolated: `bubblewrap`, `dedicated-user` or `none` ([`crate::sandbox`]) |
//! | `limits` | string | what a run's limits came to: one budget a run (a control group), or per-process limits only ([`crate::cgroup`]) |
//! | `compile` | object or null | the compile step (`--compile LINE`), if any: `line`, `ok`, `seconds`, `messages` (its first lines of output, escaped) |
//! | `seconds` | number | how long the grading took |
//! | `passed` | integer | cases that earned their marks |
//! | `failed` | integer | cases that did not |
//! | `score` | number | marks earned, all cases |
//! | `max_score` | number | marks available |
//! | `cases` | array of objects | one a case, in order, as below |
//!
//! Each case:
//!
//! | field | type | meaning |
//! |---|---|---|
//! | `name` | string | the case's name |
//! | `result` | string | `pass`, `whitespace`, `wrong-output`, `rule-broken`, `crashed`, `timed-out`, `too-much-output`, `no-output` or `not-compiled` (the compile step failed; nothing ran) |
//! | `passed` | boolean | whether the case earned its marks (`whitespace` does unless strict) |
//! | `score` | number | marks earned: `max_score` or 0 |
//! | `max_score` | number | marks the case is worth |
//! | `seconds` | number | how long the run took |
//! | `detail` | string | what happened, in one sentence (as the text table shows it) |
//! | `line` | integer or null | `wrong-output`, `rule-broken`, `whitespace`: the line (from 1) |
//! | `column` | integer or null | `wrong-output`: where the lines start to differ (from 1) |
//! | `expected` | string or null | `wrong-output`: the expected line (null: the expected output had ended); `rule-broken`: what the rule required |
//! | `got` | string or null | `wrong-output`, `rule-broken`: the program's line (null: its output had ended) |
//! | `exit_code` | integer or null | `crashed`: the exit status, if it exited |
//! | `signal` | integer or null | `crashed`: the signal that ended it, if one did |
//! | `killed` | string | how the run's end was made sure of: `everything` (the sandbox's processes), `group` (the process group, `--no-sandbox`), or `failed: WHY` |
//!
//! # Gradescope (`--format gradescope`)
//!
//! The `results.json` a Gradescope autograder writes to `/autograder/results/`:
//!
//! | field | type | meaning |
//! |---|---|---|
//! | `score` | number | the submission's total: the sum of the tests' scores |
//! | `execution_time` | number | how long the grading took, in seconds |
//! | `output` | string | the compile step (what it printed, if it failed), cases passed, the isolation and the limits |
//! | `output_format` | string | `text`: a student's output quoted in `output` is shown as text, never as HTML |
//! | `tests` | array of objects | one a case, in order |
//! | `tests[].name` | string | the case's name |
//! | `tests[].score` | number | marks earned: `max_score` or 0 |
//! | `tests[].max_score` | number | marks the case is worth |
//! | `tests[].status` | string | `passed` or `failed` |
//! | `tests[].output` | string | what happened (the `detail` above), shown to the student |
//! | `tests[].output_format` | string | `text` |
//! | `tests[].visibility` | string | `visible`: students see every test |

use std::io::{self, Write};
use std::str::FromStr;

use serde::Serialize;

use crate::CaseResult;
use crate::outcome::{Exit, Killed};
use crate::sandbox::{Compiled, Isolation};
use crate::text::printable;
use crate::verdict::Verdict;

/// How to write a report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// A table for people.
    Text,
    /// One JSON object for scripts.
    Json,
    /// Gradescope's `results.json`.
    Gradescope,
}

impl Format {
    /// The names `--format` takes.
    pub const NAMES: [&'static str; 3] = ["text", "json", "gradescope"];
}

impl FromStr for Format {
    type Err = String;

    fn from_str(name: &str) -> Result<Format, String> {
        match name {
            "text" => Ok(Format::Text),
            "json" => Ok(Format::Json),
            "gradescope" => Ok(Format::Gradescope),
            _ => Err(format!(
                "unknown format '{name}': use text, json or gradescope"
            )),
        }
    }
}

/// The results of grading one program on every case.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// The command graded, program first.
    pub command: Vec<String>,
    /// Whether only the project's own reading counts (whitespace differences cost
    /// marks, other readings of the text are refused).
    pub strict: bool,
    /// How the programs were isolated.
    pub isolation: Isolation,
    /// What the limits of a run came to (one budget a run, or per-process only).
    pub limits: String,
    /// What the compile step came to, if there was one.
    pub compiled: Option<Compiled>,
    /// How long the whole grading took, in seconds.
    pub seconds: f64,
    /// One result a case, in the cases' order.
    pub results: Vec<CaseResult>,
}

impl Report {
    /// Cases that earned their marks.
    pub fn passed(&self) -> usize {
        self.results
            .iter()
            .filter(|r| r.verdict.passed(self.strict))
            .count()
    }

    /// Whether every case earned its marks.
    pub fn all_passed(&self) -> bool {
        self.passed() == self.results.len()
    }

    /// Marks earned.
    pub fn score(&self) -> f64 {
        self.results.iter().map(|r| r.score).sum()
    }

    /// Marks available.
    pub fn max_score(&self) -> f64 {
        self.results.iter().map(|r| r.max_score).sum()
    }

    /// The exit status of a grading: 0 when every case passed, 1 when some failed.
    pub fn exit_status(&self) -> u8 {
        u8::from(!self.all_passed())
    }

    /// Writes the report in `format`.
    pub fn write(&self, format: Format, out: &mut impl Write) -> io::Result<()> {
        match format {
            Format::Text => self.write_text(out),
            Format::Json => write_json(out, &self.json()),
            Format::Gradescope => write_json(out, &self.gradescope()),
        }
    }

    /// The compile step's lines for people: what ran, and if it failed, what it said.
    fn compile_lines(&self) -> Vec<String> {
        let Some(compiled) = &self.compiled else {
            return Vec::new();
        };
        let line = printable(&compiled.line);
        if compiled.ok {
            return vec![format!(
                "compiled with `{line}` in {:.1} s",
                compiled.seconds
            )];
        }
        let mut lines = vec![format!(
            "the compile step `{line}` failed, so no case was run; it printed:"
        )];
        lines.extend(compiled.messages.iter().map(|m| format!("    {m}")));
        lines
    }

    fn write_text(&self, out: &mut impl Write) -> io::Result<()> {
        for line in self.compile_lines() {
            writeln!(out, "{line}")?;
        }
        let width = self
            .results
            .iter()
            .map(|r| printable(&r.name).chars().count())
            .max()
            .unwrap_or(0)
            .max(4);
        let kind = 15;
        writeln!(out, "{:<width$}  {:<kind$}  score", "case", "result")?;
        for result in &self.results {
            writeln!(
                out,
                "{:<width$}  {:<kind$}  {}/{}",
                printable(&result.name),
                result.verdict.kind(),
                result.score,
                result.max_score
            )?;
            let shown = match &result.verdict {
                Verdict::Pass { note: None } => false,
                Verdict::Pass { note: Some(_) } | Verdict::Whitespace { .. } => true,
                _ => true,
            };
            if shown {
                writeln!(out, "    {}", result.verdict)?;
            }
            if let Killed::Failed(why) = &result.killed {
                writeln!(out, "    could not be killed: {why}")?;
            }
        }
        let whitespace = if self.strict {
            "; the project's reading only, whitespace differences cost marks (--strict)"
        } else if self
            .results
            .iter()
            .any(|r| matches!(r.verdict, Verdict::Whitespace { .. }))
        {
            "; whitespace differences reported, not scored"
        } else {
            ""
        };
        writeln!(
            out,
            "{} of {} cases passed; score {}/{}{whitespace}",
            self.passed(),
            self.results.len(),
            self.score(),
            self.max_score()
        )?;
        writeln!(
            out,
            "isolation: {} ({})",
            self.isolation,
            self.isolation.about()
        )?;
        if self.isolation != Isolation::None && self.limits.starts_with("per-process") {
            writeln!(out, "limits: {}", self.limits)?;
        }
        Ok(())
    }

    fn json(&self) -> JsonReport<'_> {
        JsonReport {
            command: &self.command,
            strict: self.strict,
            isolation: self.isolation.name(),
            limits: &self.limits,
            compile: self.compiled.as_ref().map(|c| JsonCompile {
                line: printable(&c.line),
                ok: c.ok,
                seconds: (c.seconds * 1000.0).round() / 1000.0,
                messages: &c.messages,
            }),
            seconds: (self.seconds * 1000.0).round() / 1000.0,
            passed: self.passed(),
            failed: self.results.len() - self.passed(),
            score: self.score(),
            max_score: self.max_score(),
            cases: self
                .results
                .iter()
                .map(|result| JsonCase::new(result, self.strict))
                .collect(),
        }
    }

    fn gradescope(&self) -> Gradescope {
        let mut output = self.compile_lines().join("\n");
        if !output.is_empty() {
            output.push_str("\n\n");
        }
        output.push_str(&format!(
            "{} of {} cases passed. Isolation: {} ({}).",
            self.passed(),
            self.results.len(),
            self.isolation,
            self.isolation.about(),
        ));
        // As in the text report: the limits are named where they are weaker than one
        // budget a run.
        if self.isolation != Isolation::None && self.limits.starts_with("per-process") {
            output.push_str(&format!(" Limits: {}.", self.limits));
        }
        Gradescope {
            score: self.score(),
            execution_time: (self.seconds * 1000.0).round() / 1000.0,
            output,
            output_format: "text",
            tests: self
                .results
                .iter()
                .map(|result| GradescopeTest {
                    name: printable(&result.name),
                    score: result.score,
                    max_score: result.max_score,
                    status: if result.verdict.passed(self.strict) {
                        "passed"
                    } else {
                        "failed"
                    },
                    output: result.verdict.to_string(),
                    output_format: "text",
                    visibility: "visible",
                })
                .collect(),
        }
    }
}

fn write_json(out: &mut impl Write, value: &impl Serialize) -> io::Result<()> {
    serde_json::to_writer_pretty(&mut *out, value).map_err(io::Error::other)?;
    writeln!(out)
}

#[derive(Serialize)]
struct JsonReport<'a> {
    command: &'a [String],
    strict: bool,
    isolation: &'static str,
    limits: &'a str,
    compile: Option<JsonCompile<'a>>,
    seconds: f64,
    passed: usize,
    failed: usize,
    score: f64,
    max_score: f64,
    cases: Vec<JsonCase>,
}

#[derive(Serialize)]
struct JsonCase {
    name: String,
    result: &'static str,
    passed: bool,
    score: f64,
    max_score: f64,
    seconds: f64,
    detail: String,
    line: Option<usize>,
    column: Option<usize>,
    expected: Option<String>,
    got: Option<String>,
    exit_code: Option<i32>,
    signal: Option<i32>,
    killed: String,
}

impl JsonCase {
    fn new(result: &CaseResult, strict: bool) -> JsonCase {
        let mut case = JsonCase {
            name: printable(&result.name),
            result: result.verdict.kind(),
            passed: result.verdict.passed(strict),
            score: result.score,
            max_score: result.max_score,
            seconds: (result.seconds * 1000.0).round() / 1000.0,
            detail: result.verdict.to_string(),
            line: None,
            column: None,
            expected: None,
            got: None,
            exit_code: None,
            signal: None,
            killed: match &result.killed {
                Killed::Everything => "everything".to_owned(),
                Killed::Group => "group".to_owned(),
                Killed::Failed(why) => format!("failed: {why}"),
            },
        };
        match &result.verdict {
            Verdict::WrongOutput {
                line,
                column,
                expected,
                got,
            } => {
                case.line = Some(*line);
                case.column = Some(*column);
                case.expected.clone_from(expected);
                case.got.clone_from(got);
            }
            Verdict::RuleBroken { line, rule, got } => {
                case.line = Some(*line);
                case.expected = Some(rule.clone());
                case.got.clone_from(got);
            }
            Verdict::Whitespace {
                trailing_on_line, ..
            } => case.line = *trailing_on_line,
            Verdict::Crashed { exit, .. } => match exit {
                Exit::Code(code) => case.exit_code = Some(*code),
                Exit::Signal(signal) => case.signal = Some(*signal),
                _ => {}
            },
            _ => {}
        }
        case
    }
}

#[derive(Serialize)]
struct JsonCompile<'a> {
    line: String,
    ok: bool,
    seconds: f64,
    messages: &'a [String],
}

/// Gradescope's `results.json`. `output_format` is `text`, so that whatever a student's
/// program printed (quoted in `output`) is shown as text, never as HTML.
#[derive(Serialize)]
struct Gradescope {
    score: f64,
    execution_time: f64,
    output: String,
    output_format: &'static str,
    tests: Vec<GradescopeTest>,
}

#[derive(Serialize)]
struct GradescopeTest {
    name: String,
    score: f64,
    max_score: f64,
    status: &'static str,
    output: String,
    output_format: &'static str,
    visibility: &'static str,
}

/// Gradescope's `results.json` for a grading that could not be done at all (the
/// grader's one-line error, `why`): no marks, and the reason where the student and the
/// instructor see it, rather than Gradescope's bare "autograder failed".
pub fn gradescope_failure(why: &str, out: &mut impl Write) -> io::Result<()> {
    write_json(
        out,
        &Gradescope {
            score: 0.0,
            execution_time: 0.0,
            output: format!(
                "The autograder could not grade this submission: {}",
                printable(why)
            ),
            output_format: "text",
            tests: Vec::new(),
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    fn report() -> Report {
        let result = |name: &str, verdict: Verdict, score| CaseResult {
            name: name.into(),
            verdict,
            score,
            max_score: 1.0,
            seconds: 0.01,
            killed: Killed::Everything,
        };
        Report {
            command: vec!["./a.out".into()],
            strict: false,
            isolation: Isolation::Bubblewrap,
            limits: "one budget a run".into(),
            compiled: None,
            seconds: 0.5,
            results: vec![
                result("01-ok", Verdict::Pass { note: None }, 1.0),
                result(
                    "02-wrong",
                    Verdict::WrongOutput {
                        line: 3,
                        column: 6,
                        expected: Some("3: R8 LOCO Y".into()),
                        got: Some("3: R8".into()),
                    },
                    0.0,
                ),
                result(
                    "03-crash",
                    Verdict::Crashed {
                        exit: Exit::Signal(11),
                        stderr: Vec::new(),
                    },
                    0.0,
                ),
            ],
        }
    }

    fn written(format: Format) -> String {
        let mut out = Vec::new();
        report().write(format, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn text_table() {
        assert_eq!(
            written(Format::Text),
            "\
case      result           score
01-ok     pass             1/1
02-wrong  wrong-output     0/1
    line 3, column 6: expected `3: R8 LOCO Y`, got `3: R8`
03-crash  crashed          0/1
    crashed: killed by signal 11 (segmentation fault)
1 of 3 cases passed; score 1/3
isolation: bubblewrap (each run in a bubblewrap sandbox: its own copy of the submission, no cases, results or network in sight, a clean environment, no kernel keyrings, every process it started killed at its end)
"
        );
        assert_eq!(report().exit_status(), 1);
    }

    #[test]
    fn json_fields() {
        let value: serde_json::Value = serde_json::from_str(&written(Format::Json)).unwrap();
        assert_eq!(value["passed"], 1);
        assert_eq!(value["failed"], 2);
        assert_eq!(value["cases"][1]["result"], "wrong-output");
        assert_eq!(value["cases"][1]["column"], 6);
        assert_eq!(value["cases"][2]["signal"], 11);
        assert_eq!(value["cases"][2]["exit_code"], serde_json::Value::Null);
    }

    #[test]
    fn gradescope_results() {
        let value: serde_json::Value = serde_json::from_str(&written(Format::Gradescope)).unwrap();
        assert_eq!(value["score"], 1.0);
        assert_eq!(value["tests"][1]["name"], "02-wrong");
        assert_eq!(value["tests"][1]["max_score"], 1.0);
        assert_eq!(value["tests"][1]["visibility"], "visible");
        assert_eq!(
            value["tests"][2]["output"],
            "crashed: killed by signal 11 (segmentation fault)"
        );
        assert_eq!(value["tests"][0]["status"], "passed");
        assert_eq!(value["tests"][1]["status"], "failed");
        assert_eq!(value["execution_time"], 0.5);
        // A student's output is never shown as HTML.
        assert_eq!(value["output_format"], "text");
        assert_eq!(value["tests"][1]["output_format"], "text");
    }
}
