//! Grading other people's programs, for the games' `grade` subcommands
//! (`ochos-locos grade`, `pig grade`): run a command once per case, with the case's
//! standard input, in parallel; judge each run; report as a table, JSON or Gradescope's
//! `results.json`.
//!
//! The crate knows no game. A game hands [`grade`] its cases (a name, the bytes for
//! standard input, the marks) and a check that turns a program's output into a
//! [`Verdict`]: Ochos Locos compares with the expected output ([`compare`]), Pig checks
//! the transcript against the rules. Everything else is here:
//!
//! - [`run`]: one run of a program, in a process group of its own, killed with the whole
//!   group at the timeout or when its output passes the limit; nothing of it is left
//!   running after the run, however it ended.
//! - [`verdict`]: the result model: pass, whitespace only, wrong output (the first
//!   differing line: its number, both versions and the column where they part), a broken
//!   rule, crashed (exit status or signal), timed out, too much output, printed nothing.
//! - [`report`]: the three output formats, with every field documented, and the exit
//!   status (0 every case passed, 1 some failed; 2, bad usage, is the caller's).
//!
//! # Example
//!
//! ```
//! use std::ffi::OsString;
//! use grader::{Case, Options, compare, grade};
//!
//! let cases = vec![Case::new("echo", b"hello\n".to_vec())];
//! let command: Vec<OsString> = vec!["cat".into()];
//! let report = grade(&command, &cases, &Options::default(), |_, output| {
//!     compare("hello\n", output)
//! })?;
//! assert!(report.all_passed());
//! # Ok::<(), grader::GradeError>(())
//! ```

pub mod report;
pub mod run;
pub mod verdict;

use std::ffi::OsString;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

pub use report::{Format, Report};
pub use run::{Exit, Limits, Run};
pub use verdict::{Verdict, compare};

/// One case: what the program reads, and what the case is worth.
#[derive(Clone, Debug, PartialEq)]
pub struct Case {
    /// The case's name, as reports show it.
    pub name: String,
    /// The program's standard input.
    pub stdin: Vec<u8>,
    /// The marks a passing case earns.
    pub max_score: f64,
}

impl Case {
    /// A case worth 1 mark.
    pub fn new(name: impl Into<String>, stdin: Vec<u8>) -> Case {
        Case {
            name: name.into(),
            stdin,
            max_score: 1.0,
        }
    }
}

/// How to grade.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Options {
    /// Time and output limits of each run.
    pub limits: Limits,
    /// How many cases run at once (at least 1).
    pub jobs: usize,
    /// Whether trailing whitespace and a missing final newline cost the case's marks
    /// (by default they are reported and cost nothing).
    pub strict: bool,
}

impl Default for Options {
    /// The default [`Limits`], one job per core, not strict.
    fn default() -> Options {
        Options {
            limits: Limits::default(),
            jobs: default_jobs(),
            strict: false,
        }
    }
}

/// One job per core.
pub fn default_jobs() -> usize {
    thread::available_parallelism().map_or(1, usize::from)
}

/// What one case came to.
#[derive(Clone, Debug, PartialEq)]
pub struct CaseResult {
    /// The case's name.
    pub name: String,
    /// What happened.
    pub verdict: Verdict,
    /// The marks earned: `max_score` or 0.
    pub score: f64,
    /// The marks the case is worth.
    pub max_score: f64,
    /// How long the run took, in seconds.
    pub seconds: f64,
}

/// Why grading could not be done at all.
#[derive(Debug)]
pub struct GradeError {
    /// The program that could not be started.
    pub program: String,
    /// Why.
    pub error: std::io::Error,
}

impl std::fmt::Display for GradeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot run {}: {}", self.program, self.error)
    }
}

impl std::error::Error for GradeError {}

/// The environment variable that holds the case's name in each run (`GRADER_CASE`), for
/// programs that want to know (a test fixture seeding its dice by it); graded programs
/// need not read it.
pub const CASE_VARIABLE: &str = "GRADER_CASE";

/// Runs `command` once per case, `options.jobs` at a time, and judges each run: a run
/// that timed out, printed too much, crashed or printed nothing is judged by that;
/// otherwise `check(index, output)` judges its standard output (read as UTF-8, invalid
/// bytes replaced). The results come in the order of `cases`.
///
/// Each run has the case's name in its environment as [`CASE_VARIABLE`].
///
/// An error only when the program cannot be started at all (no such file, not
/// executable); everything the program does is a verdict.
pub fn grade<F>(
    command: &[OsString],
    cases: &[Case],
    options: &Options,
    check: F,
) -> Result<Report, GradeError>
where
    F: Fn(usize, &str) -> Verdict + Sync,
{
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<CaseResult>>> = Mutex::new(vec![None; cases.len()]);
    let failure: Mutex<Option<std::io::Error>> = Mutex::new(None);
    let jobs = options.jobs.clamp(1, cases.len().max(1));
    thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::SeqCst);
                    let Some(case) = cases.get(index) else { break };
                    if failure.lock().map_or(true, |f| f.is_some()) {
                        break;
                    }
                    let env = [(CASE_VARIABLE, case.name.as_str())];
                    match run::run(command, &case.stdin, &env, options.limits) {
                        Ok(run) => {
                            let result = judge(index, case, &run, options, &check);
                            if let Ok(mut results) = results.lock() {
                                results[index] = Some(result);
                            }
                        }
                        Err(error) => {
                            if let Ok(mut failure) = failure.lock() {
                                failure.get_or_insert(error);
                            }
                        }
                    }
                }
            });
        }
    });
    let program = || {
        command
            .first()
            .map_or_else(String::new, |p| p.to_string_lossy().into_owned())
    };
    if let Some(error) = failure.into_inner().ok().flatten() {
        return Err(GradeError {
            program: program(),
            error,
        });
    }
    let results: Vec<CaseResult> = results
        .into_inner()
        .unwrap_or_default()
        .into_iter()
        .flatten()
        .collect();
    Ok(Report {
        command: command
            .iter()
            .map(|word| word.to_string_lossy().into_owned())
            .collect(),
        strict: options.strict,
        results,
    })
}

/// Reads `--timeout SECS`: seconds, more than 0 and at most a day (`2`, `0.5`).
pub fn parse_timeout(text: &str) -> Result<std::time::Duration, String> {
    match text.parse::<f64>() {
        Ok(seconds) if seconds > 0.0 && seconds <= 86_400.0 => {
            Ok(std::time::Duration::from_secs_f64(seconds))
        }
        _ => Err("the timeout is a number of seconds, more than 0 (like 2 or 0.5)".to_owned()),
    }
}

/// Reads `--jobs N`: 1 to 256 cases at once.
pub fn parse_jobs(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(jobs) if (1..=256).contains(&jobs) => Ok(jobs),
        _ => Err("the number of jobs is a whole number from 1 to 256".to_owned()),
    }
}

fn judge<F>(index: usize, case: &Case, run: &Run, options: &Options, check: &F) -> CaseResult
where
    F: Fn(usize, &str) -> Verdict,
{
    let verdict = Verdict::of_exit(
        run,
        options.limits.timeout.as_secs_f64(),
        options.limits.max_output,
    )
    .unwrap_or_else(|| check(index, &String::from_utf8_lossy(&run.stdout)));
    let score = if verdict.passed(options.strict) {
        case.max_score
    } else {
        0.0
    };
    CaseResult {
        name: case.name.clone(),
        verdict,
        score,
        max_score: case.max_score,
        seconds: run.elapsed.as_secs_f64(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;
    use std::time::{Duration, Instant};

    fn sh(script: &str) -> Vec<OsString> {
        ["/bin/sh", "-c", script].map(OsString::from).to_vec()
    }

    #[test]
    fn cases_run_in_parallel_and_come_back_in_order() {
        let cases: Vec<Case> = (0..8)
            .map(|i| Case::new(format!("case-{i}"), format!("{i}\n").into_bytes()))
            .collect();
        let options = Options {
            jobs: 8,
            ..Options::default()
        };
        let start = Instant::now();
        let report = grade(&sh("sleep 0.3; cat"), &cases, &options, |i, output| {
            compare(&format!("{i}\n"), output)
        })
        .unwrap();
        assert!(
            start.elapsed() < Duration::from_secs(2),
            "{:?}",
            start.elapsed()
        );
        let names: Vec<&str> = report.results.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(
            names,
            (0..8).map(|i| format!("case-{i}")).collect::<Vec<_>>()
        );
        assert!(report.all_passed());
    }

    #[test]
    fn strict_scores_whitespace() {
        let cases = vec![Case::new("a", Vec::new())];
        let check = |_: usize, output: &str| compare("x\n", output);
        for (strict, score) in [(false, 1.0), (true, 0.0)] {
            let options = Options {
                strict,
                ..Options::default()
            };
            let report = grade(&sh("printf 'x '"), &cases, &options, check).unwrap();
            assert_eq!(report.results[0].score, score);
            assert_eq!(report.all_passed(), !strict);
        }
    }

    #[test]
    fn a_program_that_cannot_start_is_an_error() {
        let cases = vec![Case::new("a", Vec::new())];
        let command = [OsString::from("/no/such/program")];
        let error = grade(&command, &cases, &Options::default(), |_, _| {
            Verdict::NoOutput
        })
        .map(|_| ())
        .map_err(|e| e.to_string());
        assert_eq!(
            error,
            Err("cannot run /no/such/program: No such file or directory (os error 2)".into())
        );
    }
}
