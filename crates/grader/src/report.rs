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
//! | `tests[].output` | string | what happened (the `detail` above), shown to the student; a wrong output's expected line only with `--show-expected`, its line only without `--verdict-only` ([`Feedback`]) |
//! | `tests[].output_format` | string | `text` |
//! | `tests[].visibility` | string | when students see the test: `visible` (default), `hidden`, `after_due_date` or `after_published` (`--visibility`, [`Visibility`]) |
//!
//! # Marks and what the students see ([`Marking`])
//!
//! Every case is worth 1 mark unless `--weight PATTERN=POINTS` says otherwise (a case
//! name, or a pattern with `*`: `*-chained-twos=3`), and `--points N` scales the marks
//! so that they add up to `N` (a problem's share of an assignment). These count in every
//! format. `--visibility [PATTERN=]VISIBILITY`, `--show-expected` and `--verdict-only`
//! concern only the Gradescope format: what a student is shown.

use std::io::{self, Write};
use std::str::FromStr;

use serde::{Deserialize, Serialize};

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

/// When Gradescope shows a test to the student: its `visibility`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Visibility {
    /// Always (Gradescope's default).
    #[default]
    Visible,
    /// Never: the instructor sees it; its marks count.
    Hidden,
    /// Once the assignment's due date has passed.
    AfterDueDate,
    /// Once the grades are published.
    AfterPublished,
}

impl Visibility {
    /// Gradescope's name for it.
    pub fn name(self) -> &'static str {
        match self {
            Visibility::Visible => "visible",
            Visibility::Hidden => "hidden",
            Visibility::AfterDueDate => "after_due_date",
            Visibility::AfterPublished => "after_published",
        }
    }
}

impl FromStr for Visibility {
    type Err = String;

    fn from_str(name: &str) -> Result<Visibility, String> {
        match name.replace('-', "_").as_str() {
            "visible" => Ok(Visibility::Visible),
            "hidden" => Ok(Visibility::Hidden),
            "after_due_date" => Ok(Visibility::AfterDueDate),
            "after_published" => Ok(Visibility::AfterPublished),
            _ => Err(format!(
                "unknown visibility '{}': use visible, hidden, after_due_date or after_published",
                printable(name)
            )),
        }
    }
}

/// Whether the case name `name` matches `pattern`: the name itself, or a pattern where
/// `*` stands for any characters (`*-random`, `*two*`).
pub fn matches(pattern: &str, name: &str) -> bool {
    let mut parts = pattern.split('*');
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = name.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    let Some((last, middle)) = parts.split_last() else {
        return rest.is_empty();
    };
    for part in middle {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.len() >= last.len() && rest.ends_with(last)
}

/// How the cases are marked and what the students see of them: the instructor's
/// `--weight`, `--points`, `--visibility` and `--show-expected`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Marking {
    /// `--weight PATTERN=POINTS`: the marks of the cases whose names match (the last
    /// matching one wins; a case no pattern matches is worth 1).
    pub weights: Vec<(String, f64)>,
    /// `--points N`: the marks scaled to add up to `N`.
    pub points: Option<f64>,
    /// `--visibility [PATTERN=]VISIBILITY`: the tests' visibility on Gradescope (no
    /// pattern: every case; the last matching one wins; default visible).
    pub visibility: Vec<(Option<String>, Visibility)>,
    /// What Gradescope's outputs say of a wrong output (`--show-expected`,
    /// `--verdict-only`; by default the line and the program's line, not the expected
    /// line: a student could harvest the expected outputs).
    pub feedback: Feedback,
}

/// What a student is shown of a wrong output on Gradescope.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Feedback {
    /// The expected line, the program's and the column where they part, as the text
    /// report shows them (`--show-expected`).
    Expected,
    /// The line's number and the program's line ([`Verdict::detail_without_expected`]).
    #[default]
    Line,
    /// Only that the output is wrong (`--verdict-only`,
    /// [`Verdict::detail_verdict_only`]).
    Verdict,
}

/// The largest mark a case may be given.
const MAX_WEIGHT: f64 = 1_000_000.0;

/// Reads `--weight PATTERN=POINTS` (points: a number from 0 to a million).
pub fn parse_weight(text: &str) -> Result<(String, f64), String> {
    let usage = || {
        format!(
            "'{}': a weight is PATTERN=POINTS, a case name (or a pattern with *) and a \
             number of marks from 0 (like 01-win-by-eight=3 or '*-random=0.5')",
            printable(text)
        )
    };
    let (pattern, points) = text.rsplit_once('=').ok_or_else(usage)?;
    match points.trim().parse::<f64>() {
        Ok(points) if !pattern.is_empty() && (0.0..=MAX_WEIGHT).contains(&points) => {
            Ok((pattern.to_owned(), points))
        }
        _ => Err(usage()),
    }
}

/// Reads `--points N`: more than 0, at most a million.
pub fn parse_points(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(points) if points > 0.0 && points <= MAX_WEIGHT => Ok(points),
        _ => Err("the points are a number more than 0 (like 40 or 12.5)".to_owned()),
    }
}

/// Reads `--visibility [PATTERN=]VISIBILITY`.
pub fn parse_visibility(text: &str) -> Result<(Option<String>, Visibility), String> {
    match text.rsplit_once('=') {
        Some((pattern, name)) if !pattern.is_empty() => {
            Ok((Some(pattern.to_owned()), name.parse()?))
        }
        Some(_) => Err(format!(
            "'{}': give a case name or pattern before the =",
            printable(text)
        )),
        None => Ok((None, text.parse()?)),
    }
}

impl Marking {
    /// Each pattern of `--weight` and `--visibility` that matches none of `names`: an
    /// instructor's typing error, refused before anything runs.
    pub fn unmatched<'a>(&'a self, names: &[&str]) -> Option<&'a str> {
        self.weights
            .iter()
            .map(|(pattern, _)| pattern.as_str())
            .chain(self.visibility.iter().filter_map(|(p, _)| p.as_deref()))
            .find(|pattern| !names.iter().any(|name| matches(pattern, name)))
    }

    /// The marks of the case `name` before `--points` scales them.
    fn weight(&self, name: &str) -> f64 {
        self.weights
            .iter()
            .rev()
            .find(|(pattern, _)| matches(pattern, name))
            .map_or(1.0, |(_, points)| *points)
    }

    /// The visibility of the case `name`.
    fn visibility(&self, name: &str) -> Visibility {
        self.visibility
            .iter()
            .rev()
            .find(|(pattern, _)| pattern.as_deref().is_none_or(|p| matches(p, name)))
            .map_or(Visibility::Visible, |(_, visibility)| *visibility)
    }

    /// Applies the marking to `report`: each case's marks (its score is its marks when
    /// it passed, 0 otherwise), its visibility, and whether expected lines are shown.
    /// An error when `--points` is asked of cases whose weights add up to 0.
    pub fn apply(&self, report: &mut Report) -> Result<(), String> {
        let total: f64 = report.results.iter().map(|r| self.weight(&r.name)).sum();
        let scale = match self.points {
            Some(_) if total <= 0.0 => {
                return Err(
                    "--points: the cases' weights add up to 0, so there is nothing to scale"
                        .to_owned(),
                );
            }
            Some(points) => points / total,
            None => 1.0,
        };
        let strict = report.strict;
        for result in &mut report.results {
            // Kept whole (40 marks over 12 cases): the reports round what they show.
            result.max_score = self.weight(&result.name) * scale;
            result.score = if result.verdict.passed(strict) {
                result.max_score
            } else {
                0.0
            };
            result.visibility = self.visibility(&result.name);
        }
        report.feedback = self.feedback;
        Ok(())
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
    /// What Gradescope's outputs say of a wrong output ([`Marking::feedback`]); the text
    /// and JSON reports, the instructor's, always quote the expected line.
    pub feedback: Feedback,
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

    /// Writes Gradescope's `results.json` of this report as the part `part` of an
    /// autograder that grades several, after `earlier` (the `results.json` the parts
    /// before wrote, if any): see `grade --part`.
    pub fn write_gradescope_part(
        &self,
        part: &str,
        earlier: Option<&str>,
        out: &mut impl Write,
    ) -> io::Result<()> {
        write_json(out, &self.gradescope().after(part, earlier)?)
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
                shown(result.score),
                shown(result.max_score)
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
            shown(self.score()),
            shown(self.max_score())
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
            score: shown(self.score()),
            max_score: shown(self.max_score()),
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
            score: shown(self.score()),
            execution_time: (self.seconds * 1000.0).round() / 1000.0,
            output,
            output_format: "text".to_owned(),
            tests: self
                .results
                .iter()
                .map(|result| GradescopeTest {
                    name: printable(&result.name),
                    score: shown(result.score),
                    max_score: shown(result.max_score),
                    status: if result.verdict.passed(self.strict) {
                        "passed"
                    } else {
                        "failed"
                    }
                    .to_owned(),
                    output: match self.feedback {
                        Feedback::Expected => result.verdict.to_string(),
                        Feedback::Line => result.verdict.detail_without_expected(),
                        Feedback::Verdict => result.verdict.detail_verdict_only(),
                    },
                    output_format: "text".to_owned(),
                    visibility: result.visibility.name().to_owned(),
                })
                .collect(),
        }
    }
}

/// Marks as the reports show them: to a millionth, so that marks scaled by `--points`
/// (40 over 12 cases) add up to the points, not to 40.000000000000004.
fn shown(marks: f64) -> f64 {
    (marks * 1e6).round() / 1e6
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
            score: shown(result.score),
            max_score: shown(result.max_score),
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
#[derive(Serialize, Deserialize)]
struct Gradescope {
    score: f64,
    execution_time: f64,
    output: String,
    output_format: String,
    tests: Vec<GradescopeTest>,
}

#[derive(Serialize, Deserialize)]
struct GradescopeTest {
    name: String,
    score: f64,
    max_score: f64,
    status: String,
    output: String,
    output_format: String,
    visibility: String,
}

impl Gradescope {
    /// These results as the part `part` of an autograder that grades several (the
    /// problems of an assignment, `grade --part NAME`), after `earlier` (the
    /// `results.json` the parts before wrote, if any): the scores and times added, the
    /// tests named `PART: case` after the earlier ones, the outputs one paragraph a
    /// part.
    fn after(mut self, part: &str, earlier: Option<&str>) -> io::Result<Gradescope> {
        let part = printable(part);
        for test in &mut self.tests {
            test.name = format!("{part}: {}", test.name);
        }
        self.output = format!("{part}: {}", self.output);
        let Some(earlier) = earlier else {
            return Ok(self);
        };
        let mut merged: Gradescope = serde_json::from_str(earlier).map_err(|error| {
            io::Error::other(format!(
                "the results of the parts before {part} cannot be read: {error}"
            ))
        })?;
        merged.score = shown(merged.score + self.score);
        merged.execution_time =
            ((merged.execution_time + self.execution_time) * 1000.0).round() / 1000.0;
        merged.output = format!("{}\n\n{}", merged.output, self.output);
        merged.tests.extend(self.tests);
        Ok(merged)
    }
}

/// Gradescope's `results.json` for a grading that could not be done at all (the
/// grader's one-line error, `why`): no marks, and the reason where the student and the
/// instructor see it, rather than Gradescope's bare "autograder failed".
pub fn gradescope_failure(why: &str, out: &mut impl Write) -> io::Result<()> {
    write_json(out, &failure(why))
}

fn failure(why: &str) -> Gradescope {
    Gradescope {
        score: 0.0,
        execution_time: 0.0,
        output: format!(
            "The autograder could not grade this submission: {}",
            printable(why)
        ),
        output_format: "text".to_owned(),
        tests: Vec::new(),
    }
}

/// [`gradescope_failure`] for the part `part` of an autograder that grades several,
/// after `earlier` (as [`Report::write_gradescope_part`]): the parts before keep their
/// marks, and this one is a failed test worth `points` that says why.
pub fn gradescope_failure_part(
    why: &str,
    part: &str,
    points: f64,
    earlier: Option<&str>,
    out: &mut impl Write,
) -> io::Result<()> {
    let mut failed = failure(why);
    failed.output = format!("could not be graded: {}", printable(why));
    failed.tests.push(GradescopeTest {
        name: "not graded".to_owned(),
        score: 0.0,
        max_score: points,
        status: "failed".to_owned(),
        output: failed.output.clone(),
        output_format: "text".to_owned(),
        visibility: Visibility::Visible.name().to_owned(),
    });
    write_json(out, &failed.after(part, earlier)?)
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
            visibility: Visibility::Visible,
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
            feedback: Feedback::Expected,
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

    /// Gradescope's outputs leave a wrong output's expected line out unless the
    /// instructor asks (issue 37, item 8): a report for the student shows the line's
    /// number and the program's line only. The text and JSON reports show it always.
    #[test]
    fn the_expected_line_is_shown_only_when_asked() {
        let mut report = report();
        report.feedback = Feedback::Line;
        let mut out = Vec::new();
        report.write(Format::Gradescope, &mut out).unwrap();
        let value: serde_json::Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(
            value["tests"][1]["output"],
            "line 3: the output differs from the expected one (which is not shown); got `3: R8`"
        );
        assert!(!String::from_utf8_lossy(&out).contains("LOCO"));
        for format in [Format::Text, Format::Json] {
            let mut out = Vec::new();
            report.write(format, &mut out).unwrap();
            assert!(String::from_utf8_lossy(&out).contains("3: R8 LOCO Y"));
        }
        Marking {
            feedback: Feedback::Expected,
            ..Marking::default()
        }
        .apply(&mut report)
        .unwrap();
        let mut out = Vec::new();
        report.write(Format::Gradescope, &mut out).unwrap();
        assert!(String::from_utf8_lossy(&out).contains("expected `3: R8 LOCO Y`"));
        // Only the verdict: not even the line where the outputs part.
        Marking {
            feedback: Feedback::Verdict,
            ..Marking::default()
        }
        .apply(&mut report)
        .unwrap();
        let mut out = Vec::new();
        report.write(Format::Gradescope, &mut out).unwrap();
        let value: serde_json::Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(
            value["tests"][1]["output"],
            "the output differs from the expected one (which is not shown)"
        );
    }

    /// Weights by name and pattern, the total scaled to the points asked for, and each
    /// test's visibility (issue 43, item 7).
    #[test]
    fn weights_points_and_visibility() {
        let mut report = report();
        let marking = Marking {
            weights: vec![("*-wrong".into(), 3.0), ("0*-ok".into(), 2.0)],
            points: Some(40.0),
            visibility: vec![
                (None, Visibility::AfterDueDate),
                (Some("03-*".into()), Visibility::Hidden),
            ],
            feedback: Feedback::Line,
        };
        assert_eq!(marking.unmatched(&["01-ok", "02-wrong", "03-crash"]), None);
        assert_eq!(marking.unmatched(&["01-ok", "03-crash"]), Some("*-wrong"));
        marking.apply(&mut report).unwrap();
        // 2 + 3 + 1 = 6 weights for 40 points.
        assert_eq!(report.max_score(), 40.0);
        let mut out = Vec::new();
        report.write(Format::Gradescope, &mut out).unwrap();
        let value: serde_json::Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(value["score"], 13.333333);
        assert_eq!(value["tests"][0]["max_score"], 13.333333);
        assert_eq!(value["tests"][2]["max_score"], 6.666667);
        // Twelve cases for 5 points add up to 5, not 5.000004.
        let mut twelve = report.clone();
        twelve.results = vec![report.results[0].clone(); 12];
        Marking {
            points: Some(5.0),
            ..Marking::default()
        }
        .apply(&mut twelve)
        .unwrap();
        let mut out = Vec::new();
        twelve.write(Format::Gradescope, &mut out).unwrap();
        let twelve: serde_json::Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(twelve["score"], 5.0);
        assert_eq!(value["tests"][0]["visibility"], "after_due_date");
        assert_eq!(value["tests"][1]["max_score"], 20.0);
        assert_eq!(value["tests"][2]["visibility"], "hidden");
        let zero = Marking {
            weights: vec![("*".into(), 0.0)],
            points: Some(10.0),
            ..Marking::default()
        };
        assert!(zero.apply(&mut report).is_err());
    }

    #[test]
    fn patterns() {
        for (pattern, name, matched) in [
            ("01-ok", "01-ok", true),
            ("01-ok", "01-okay", false),
            ("*", "anything", true),
            ("*-random", "13-random", true),
            ("*-random", "13-random-x", false),
            ("*two*", "03-chained-twos", true),
            ("a*a", "a", false),
            ("a*a", "aa", true),
            ("game-0*", "game-07", true),
        ] {
            assert_eq!(matches(pattern, name), matched, "{pattern} {name}");
        }
        assert_eq!(parse_weight("*-random=0.5"), Ok(("*-random".into(), 0.5)));
        assert_eq!(parse_weight("a=b=2"), Ok(("a=b".into(), 2.0)));
        assert!(parse_weight("x=-1").is_err());
        assert!(parse_weight("=1").is_err());
        assert!(parse_weight("x=NaN").is_err());
        assert_eq!(parse_visibility("hidden"), Ok((None, Visibility::Hidden)));
        assert_eq!(
            parse_visibility("*-random=after-due-date"),
            Ok((Some("*-random".into()), Visibility::AfterDueDate))
        );
        assert!(parse_visibility("secret").is_err());
    }

    /// Several parts add up to one results.json: scores and tests added, each test
    /// named by its part; a part that could not be graded is one failed test worth its
    /// points.
    #[test]
    fn parts_add_up() {
        let mut first = Vec::new();
        report()
            .write_gradescope_part("match-making", None, &mut first)
            .unwrap();
        let first = String::from_utf8(first).unwrap();
        let mut second = Vec::new();
        report()
            .write_gradescope_part("take-two", Some(&first), &mut second)
            .unwrap();
        let mut third = Vec::new();
        gradescope_failure_part(
            "no such program",
            "going-wild",
            5.0,
            Some(&String::from_utf8(second).unwrap()),
            &mut third,
        )
        .unwrap();
        let value: serde_json::Value = serde_json::from_slice(&third).unwrap();
        assert_eq!(value["score"], 2.0);
        let names: Vec<&str> = value["tests"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["name"].as_str().unwrap())
            .collect();
        assert_eq!(
            names,
            [
                "match-making: 01-ok",
                "match-making: 02-wrong",
                "match-making: 03-crash",
                "take-two: 01-ok",
                "take-two: 02-wrong",
                "take-two: 03-crash",
                "going-wild: not graded"
            ]
        );
        assert_eq!(value["tests"][6]["max_score"], 5.0);
        let output = value["output"].as_str().unwrap();
        assert!(
            output.starts_with("match-making: 1 of 3 cases passed"),
            "{output}"
        );
        assert!(output.contains("\n\ntake-two: 1 of 3"), "{output}");
        assert!(
            output.ends_with("going-wild: could not be graded: no such program"),
            "{output}"
        );
        let mut out = Vec::new();
        assert!(
            report()
                .write_gradescope_part("x", Some("not json"), &mut out)
                .is_err()
        );
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
