//! Grading other people's programs, for the games' `grade` subcommands
//! (`ochos-locos grade`, `pig grade`, `war grade`): run a command once per case, with the
//! case's standard input or played as a person would, isolated, in parallel; judge each
//! run; report as a table, JSON or Gradescope's `results.json`; and pack a Gradescope
//! autograder ([`zip`]).
//!
//! The crate knows no game. A game hands [`grade`] its cases (a name, the bytes for
//! standard input, the marks, and what the check needs: the expected output, the answers
//! given) and a check that turns a program's output into a [`Verdict`]; or, for an
//! interactive program, hands [`grade_paced`] its cases, an answerer per case that reads
//! the screen, and a check of each conversation's transcript with the answers given (War).
//! Ochos Locos compares with the expected outputs of every reading the text allows ([`compare`],
//! [`compare_cut`]), Pig checks the transcript against the rules. Everything else is
//! here, from the bottom up (each module uses only those before it in this list):
//!
//! - [`limits`] and [`outcome`]: what a run may use ([`Limits`]) and what it gave
//!   ([`Run`]: how it ended, [`Exit`], its output, how its end was made sure of,
//!   [`Killed`]).
//! - [`text`]: a program's lines escaped and cut for the reports ([`printable`]).
//! - [`seccomp`] and [`cgroup`]: the system calls a run may not make, and one memory and
//!   process budget a run (a control group, where the machine gives one).
//! - [`files`]: the copies of a submission, opened without following a student's links,
//!   and the given files laid over them.
//! - [`sandbox`]: where a graded program runs. Isolated by default (bubblewrap: no
//!   cases, results or network in sight, its own copy of the submission, its own PID
//!   namespace; a dedicated user id as root without bubblewrap), with limits on memory,
//!   processes, file size and CPU time; `--no-sandbox` for programs one trusts.
//! - [`pace`]: what playing an interactive program as a person needs: the answerer's
//!   [`pace::Reply`], the [`pace::Conversation`] with its transcript, and how the grader
//!   sees that a program waits for input.
//! - [`run`]: one run of a program, killed with everything it started at the timeout or
//!   when its output passes the limit, by the `kill(2)` system call, waited for with a
//!   deadline; what actually happened is reported. The compile step is such a run
//!   ([`run::compile`]). Its input is given all at once ([`run::run`]) or, to an
//!   interactive program, a line at a time once it asks ([`run::converse`]).
//! - [`verdict`]: the result model: pass (with the reading seen), whitespace only, wrong
//!   output (the first differing line: its number, both versions cut and escaped, the
//!   column where they part), a broken rule, crashed (exit status or signal, the end of
//!   standard error), timed out, too much output, printed nothing.
//! - [`report`]: the three output formats, with every field documented, and the exit
//!   status (0 every case passed, 1 some failed; 2, bad usage, is the caller's). The
//!   report always holds one result per case given, in order, or grading fails.
//! - [`zip`]: the Gradescope autograder: the zip whose `run_autograder` grades each
//!   submission with the binary packed in it.
//!
//! With the feature `clap` (the games' binaries only), `args` declares the grading
//! arguments their `grade` and `gradescope` share, once: a run's (`--timeout`, `--jobs`,
//! `--format`, `--report`, `--submission`, `--no-sandbox`, `--compile`,
//! `--compile-timeout`, `--given`, `--bind`, `--env`, the program), over
//! [`sandbox_compiled`], [`Options`] and [`deliver`]; an autograder's (`--out`,
//! `--timeout`, `--setup`, `--compile`, `--given`, `--env`, `--bind`), over
//! [`zip::Autograder`]; and the marking (`--weight`, `--points`, `--visibility`,
//! `--tell-case`, and the feedback flags of a grader with expected outputs), over
//! [`report::Marking`] and [`zip::marking_args`].
//!
//! # Example
//!
//! ```
//! use std::ffi::OsString;
//! use grader::{Case, Options, Sandbox, compare, grade};
//!
//! let cases = vec![Case::with("echo", b"hello\n".to_vec(), "hello\n")];
//! let command: Vec<OsString> = vec!["cat".into()];
//! let report = grade(&Sandbox::none(), &command, &cases, &Options::default(), |case, output| {
//!     compare(case.data, output.text)
//! })?;
//! assert!(report.all_passed());
//! # Ok::<(), grader::GradeError>(())
//! ```

#[cfg(feature = "clap")]
pub mod args;
pub mod cgroup;
pub mod files;
pub mod limits;
pub mod outcome;
pub mod pace;
pub mod report;
pub mod run;
pub mod sandbox;
pub mod seccomp;
pub mod text;
pub mod verdict;
pub mod zip;

use std::ffi::OsString;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};
use std::thread;
use std::time::Instant;

pub use limits::Limits;
pub use outcome::{Exit, Killed, Run};
pub use report::{Format, Report};
pub use sandbox::{Isolation, Request, Sandbox, SandboxError};
pub use text::{printable, shorten};
pub use verdict::{Verdict, compare, compare_cut};

/// One case: what the program reads, what the case is worth, and what the check needs
/// to judge it (`data`: the expected output, the answers given), which travels with it.
#[derive(Clone, Debug, PartialEq)]
pub struct Case<T = ()> {
    /// The case's name, as reports show it (escaped).
    pub name: String,
    /// The program's standard input.
    pub stdin: Vec<u8>,
    /// The marks a passing case earns.
    pub max_score: f64,
    /// What the check judges the output by.
    pub data: T,
}

impl Case<()> {
    /// A case worth 1 mark, with nothing for the check.
    pub fn new(name: impl Into<String>, stdin: Vec<u8>) -> Case<()> {
        Case::with(name, stdin, ())
    }
}

impl<T> Case<T> {
    /// A case worth 1 mark, judged by `data`.
    pub fn with(name: impl Into<String>, stdin: Vec<u8>, data: T) -> Case<T> {
        Case {
            name: name.into(),
            stdin,
            max_score: 1.0,
            data,
        }
    }
}

/// How to grade.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Options {
    /// Time, output and resource limits of each run.
    pub limits: Limits,
    /// How many cases run at once (at least 1).
    pub jobs: usize,
    /// The project's own reading only: trailing whitespace and a missing final newline
    /// cost the case's marks, and the other readings a text allows are refused.
    pub strict: bool,
    /// Whether each run has the case's name in [`CASE_VARIABLE`] (`--tell-case`): off
    /// by default, as a program that knows which case it runs can hand back an answer
    /// learnt from earlier reports.
    pub tell_case: bool,
}

impl Default for Options {
    /// The default [`Limits`], one job per core, not strict.
    fn default() -> Options {
        Options {
            limits: Limits::default(),
            jobs: default_jobs(),
            strict: false,
            tell_case: false,
        }
    }
}

/// The name of game `game` (from 1) in the report of a game played N times (Pig, War,
/// Quattro): `game-01`, so that the names sort in order.
pub fn game_name(game: u64) -> String {
    format!("game-{game:02}")
}

/// One job per core.
pub fn default_jobs() -> usize {
    thread::available_parallelism().map_or(1, usize::from)
}

/// Why a run's output was cut before the program ended it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cut {
    /// The timeout passed.
    Timeout,
    /// The output passed the limit.
    OutputLimit,
}

/// A run's standard output, as a check sees it.
#[derive(Clone, Copy, Debug)]
pub struct Output<'a> {
    /// The output, read as UTF-8 (invalid bytes replaced); when cut, its whole lines
    /// only (a line cut in the middle is dropped).
    pub text: &'a str,
    /// Whether the program was stopped before it ended its output, and why: a check
    /// passes a cut output only for a reading of the text that never ends (an
    /// Assignment 2 game nobody can finish); otherwise [`Output::cut_verdict`].
    pub cut: Option<Cut>,
    /// Whether only the project's own reading counts (`--strict`).
    pub strict: bool,
    /// The verdict of the cut itself (timed out, too much output), for the check to
    /// return when its readings do not allow the cut.
    cut_verdict: Option<&'a Verdict>,
}

impl<'a> Output<'a> {
    /// An output as the grader hands it to a check: `text`, and if it was cut, why and
    /// the cut's own verdict (for a check's tests; [`grade`] makes them).
    pub fn new(text: &'a str, cut: Option<(Cut, &'a Verdict)>, strict: bool) -> Output<'a> {
        Output {
            text,
            cut: cut.map(|(why, _)| why),
            strict,
            cut_verdict: cut.map(|(_, verdict)| verdict),
        }
    }

    /// What a cut output comes to when no reading allows the cut: timed out, or too
    /// much output (`None` when the output was not cut).
    pub fn cut_verdict(&self) -> Option<Verdict> {
        self.cut_verdict.cloned()
    }

    /// `verdict`, the check's of this output, given the cut: a game cut off (by the
    /// timeout or the output limit) is the cut's verdict, unless a line before the cut
    /// already broke a rule. No reading of a game's text lets it go on for ever.
    pub fn judged(&self, verdict: Verdict) -> Verdict {
        match self.cut_verdict() {
            None => verdict,
            Some(cut) => match verdict {
                broken @ Verdict::RuleBroken { got: Some(_), .. } => broken,
                _ => cut,
            },
        }
    }
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
    /// How the end of the run was made sure of.
    pub killed: Killed,
    /// When Gradescope shows it to the student ([`report::Marking`]).
    pub visibility: report::Visibility,
}

/// Why grading could not be done at all: one line each.
#[derive(Debug)]
pub enum GradeError {
    /// The program (or the sandbox's tool) could not be started.
    Start {
        /// The program that could not be started.
        program: String,
        /// Why.
        error: std::io::Error,
    },
    /// A case was not graded (a check failed on it): the report would have been
    /// short of it.
    Lost {
        /// The case's name.
        case: String,
    },
}

impl std::fmt::Display for GradeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GradeError::Start { program, error } => {
                write!(f, "cannot run {}: {error}", printable(program))
            }
            GradeError::Lost { case } => write!(
                f,
                "case {} was not graded (its check failed): no report, rather than one short \
                 of a case",
                printable(case)
            ),
        }
    }
}

impl std::error::Error for GradeError {}

/// The environment variable that holds the case's name in each run (`GRADER_CASE`)
/// when the instructor asks for it ([`Options::tell_case`], `--tell-case`: a test
/// fixture seeding its dice by it); graded programs need not read it.
pub const CASE_VARIABLE: &str = "GRADER_CASE";

/// Runs `command` once per case in `sandbox`, `options.jobs` at a time, and judges each
/// run: a run that crashed or printed nothing is judged by that; otherwise
/// `check(case, output)` judges its standard output, cut or not ([`Output`]). The report
/// has one result per case, in the order of `cases`, or the grading fails.
///
/// With [`Options::tell_case`], each run has the case's name in its environment as
/// [`CASE_VARIABLE`]; otherwise nothing tells it which case it runs.
///
/// An error when the program cannot be started at all (no such file, not executable)
/// or a case could not be judged; everything the program does is a verdict.
pub fn grade<T, F>(
    sandbox: &Sandbox,
    command: &[OsString],
    cases: &[Case<T>],
    options: &Options,
    check: F,
) -> Result<Report, GradeError>
where
    T: Sync,
    F: Fn(&Case<T>, &Output<'_>) -> Verdict + Sync,
{
    grade_each(sandbox, command, cases, options, |slot, case, env| {
        run::run(sandbox, slot, command, &case.stdin, env, options.limits).map(|run| {
            judge(case, &run, &run.stdout, options, |output| {
                check(case, output)
            })
        })
    })
}

/// Plays `command` once per case as a person would ([`run::converse`]), `options.jobs`
/// at a time, and judges each conversation: what [`grade`] does for a program given its
/// input all at once, for an interactive one (a program that opens a new `Scanner` on
/// each turn is graded as fairly as one that keeps one). The cases' `stdin` is not used:
/// each run's input comes from `answerer(case)`, a fresh answerer per case, asked with
/// the screen whenever the program waits for input ([`pace::Reply`]).
///
/// The sandbox, the limits, the jobs, the report and its order, a failed compile, and
/// the verdicts of a crash, a timeout, too much output or no output are [`grade`]'s.
/// `check(case, output, conversation)` judges the rest: `output.text` is the
/// conversation's transcript (what a terminal would have shown, each answer after its
/// prompt: [`pace::Conversation::transcript`]; its whole lines only when cut), and the
/// conversation holds the answers actually given, in order, with where each was typed,
/// and the program's own output without them (`conversation.run.stdout`).
pub fn grade_paced<T, A, R, F>(
    sandbox: &Sandbox,
    command: &[OsString],
    cases: &[Case<T>],
    options: &Options,
    answerer: A,
    check: F,
) -> Result<Report, GradeError>
where
    T: Sync,
    A: Fn(&Case<T>) -> R + Sync,
    R: FnMut(&[u8]) -> pace::Reply,
    F: Fn(&Case<T>, &Output<'_>, &pace::Conversation) -> Verdict + Sync,
{
    grade_each(sandbox, command, cases, options, |slot, case, env| {
        run::converse(sandbox, slot, command, env, options.limits, answerer(case)).map(|talk| {
            let transcript = talk.transcript();
            judge(case, &talk.run, &transcript, options, |output| {
                check(case, output, &talk)
            })
        })
    })
}

/// What [`grade`] and [`grade_paced`] share: the program checked, the compile's
/// outcome, the cases spread over the jobs (`run_one(slot, case, env)` runs and judges
/// one), and the report with one result per case, in order, or an error.
fn grade_each<T, R>(
    sandbox: &Sandbox,
    command: &[OsString],
    cases: &[Case<T>],
    options: &Options,
    run_one: R,
) -> Result<Report, GradeError>
where
    T: Sync,
    R: Fn(usize, &Case<T>, &[(&str, &str)]) -> std::io::Result<CaseResult> + Sync,
{
    let program = || {
        command
            .first()
            .map_or_else(String::new, |p| p.to_string_lossy().into_owned())
    };
    if let Err(error) = sandbox.check_program(command) {
        return Err(GradeError::Start {
            program: program(),
            error,
        });
    }
    let started = Instant::now();
    let report = |results: Vec<CaseResult>| Report {
        command: command
            .iter()
            .map(|word| word.to_string_lossy().into_owned())
            .collect(),
        strict: options.strict,
        isolation: sandbox.isolation(),
        limits: sandbox.limits_about(&options.limits),
        compiled: sandbox.compiled().cloned(),
        seconds: started.elapsed().as_secs_f64(),
        results,
        // Gradescope's outputs leave the expected lines out unless the instructor asks
        // (report::Marking::apply); the text and JSON reports always show them.
        feedback: report::Feedback::Line,
    };
    if let Some(compiled) = sandbox.compiled().filter(|c| !c.ok) {
        // Nothing to run: every case says why, with the compiler's first error.
        let first_error = compiled
            .messages
            .iter()
            .find(|line| line.contains("error"))
            .or(compiled.messages.first())
            .cloned();
        let results = cases
            .iter()
            .map(|case| CaseResult {
                name: case.name.clone(),
                verdict: Verdict::NotCompiled {
                    line: compiled.line.clone(),
                    first_error: first_error.clone(),
                },
                score: 0.0,
                max_score: case.max_score,
                seconds: 0.0,
                killed: Killed::Everything,
                visibility: report::Visibility::Visible,
            })
            .collect();
        return Ok(report(results));
    }
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<CaseResult>>> = Mutex::new(vec![None; cases.len()]);
    let failure: Mutex<Option<std::io::Error>> = Mutex::new(None);
    let jobs = options.jobs.clamp(1, cases.len().max(1));
    let failed = |m: &Mutex<Option<std::io::Error>>| m.lock().map_or(true, |f| f.is_some());
    thread::scope(|scope| {
        let workers: Vec<_> = (0..jobs)
            .map(|slot| {
                let (next, results, failure, run_one) = (&next, &results, &failure, &run_one);
                scope.spawn(move || {
                    loop {
                        let index = next.fetch_add(1, Ordering::SeqCst);
                        let Some(case) = cases.get(index) else { break };
                        if failed(failure) {
                            break;
                        }
                        let told = [(CASE_VARIABLE, case.name.as_str())];
                        let env: &[(&str, &str)] = if options.tell_case { &told } else { &[] };
                        match run_one(slot, case, env) {
                            Ok(result) => {
                                let mut results =
                                    results.lock().unwrap_or_else(PoisonError::into_inner);
                                if let Some(place) = results.get_mut(index) {
                                    *place = Some(result);
                                }
                            }
                            Err(error) => {
                                failure
                                    .lock()
                                    .unwrap_or_else(PoisonError::into_inner)
                                    .get_or_insert(error);
                            }
                        }
                    }
                })
            })
            .collect();
        // A worker that panicked (a check's bug) leaves its case without a result,
        // which is caught below.
        for worker in workers {
            let _ = worker.join();
        }
    });
    if let Some(error) = failure.into_inner().unwrap_or_else(PoisonError::into_inner) {
        return Err(GradeError::Start {
            program: program(),
            error,
        });
    }
    let slots = results.into_inner().unwrap_or_else(PoisonError::into_inner);
    let mut results = Vec::with_capacity(cases.len());
    for (case, slot) in cases.iter().zip(slots) {
        match slot {
            Some(result) => results.push(result),
            None => {
                return Err(GradeError::Lost {
                    case: case.name.clone(),
                });
            }
        }
    }
    Ok(report(results))
}

/// Sets up the sandbox `request` asks for and, if there is a `compile` line, runs the
/// compile step in it ([`run::compile`]) with `limits` (its own timeout): what the
/// runs start from. A failed compile is no error here: the grading then reports every
/// case as not compiled, with what the compiler said.
///
/// `given` (`--given DIR`, the files the assignment gives the students) is laid over
/// the grading's copy of the submission ([`files::lay_over`]; without a sandbox, over
/// the submission itself) twice: before the compile step, so that it compiles against
/// the given sources and classes, and again after it, so that a given class the
/// student's sources also define (a submitted `Helper.java`, or a second top-level
/// class `Helper` in another file) is the given one again when the runs start. A
/// student's link at a given file's path is replaced, never followed.
pub fn sandbox_compiled(
    request: &Request,
    compile: Option<&str>,
    given: Option<&std::path::Path>,
    limits: &Limits,
) -> Result<Sandbox, SandboxError> {
    let mut sandbox = Sandbox::new(request)?;
    let lay = |sandbox: &Sandbox| match given {
        Some(dir) => files::lay_over(dir, &sandbox.start_dir())
            .map(|_| ())
            .map_err(|error| {
                SandboxError(format!(
                    "--given {}: {}",
                    printable(&dir.display().to_string()),
                    printable(&error.to_string())
                ))
            }),
        None => Ok(()),
    };
    lay(&sandbox)?;
    if let Some(line) = compile {
        run::compile(&mut sandbox, line, limits).map_err(|error| {
            SandboxError(format!(
                "the compile step `{}` could not be started: {error}",
                printable(line)
            ))
        })?;
        lay(&sandbox)?;
    }
    Ok(sandbox)
}

/// How long a compile step may take by default (`--compile-timeout`): a few files of
/// Java take seconds, on a loaded machine more.
pub const COMPILE_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(120);

/// Writes `text` to `path` whole or not at all: into a temporary file beside it, then
/// renamed over it (a report is never half written).
pub fn write_whole(path: &std::path::Path, text: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => std::path::Path::new("."),
    };
    let mut file = tempfile::NamedTempFile::new_in(dir)?;
    file.write_all(text)?;
    file.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// A grading that is one part of several in one Gradescope `results.json` (`grade
/// --part NAME --format gradescope --report FILE`): the part's name, and the marks it is
/// worth when it cannot be graded at all.
#[derive(Clone, Copy, Debug)]
pub struct Part<'a> {
    /// The part's name, which prefixes its tests' names (`take-two: 01-win-by-eight`).
    pub name: &'a str,
    /// The marks a part that could not be graded loses (`--points`).
    pub points: f64,
}

/// The `results.json` the parts before wrote, if `path` holds one (a regular file, never
/// followed through a link).
fn earlier_parts(path: &std::path::Path) -> std::io::Result<Option<String>> {
    match std::fs::symlink_metadata(path) {
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(error) => Err(error),
        Ok(_) => files::read_regular(path)
            .map(Some)
            .map_err(std::io::Error::other),
    }
}

/// Writes `report` in `format` to the file `to` (whole, [`write_whole`]) or, without one,
/// to `out`: what `grade --report FILE` does in every game's binary. With `part`
/// (Gradescope's format and a file only), the report is added to the parts already in
/// the file.
pub fn deliver(
    report: &Report,
    format: Format,
    to: Option<&std::path::Path>,
    part: Option<Part<'_>>,
    out: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    let mut text = Vec::new();
    match (part, to) {
        (Some(part), Some(path)) if format == Format::Gradescope => {
            let earlier = earlier_parts(path)?;
            report.write_gradescope_part(part.name, earlier.as_deref(), &mut text)?;
        }
        (Some(_), _) => {
            return Err(std::io::Error::other(
                "--part is for --format gradescope with --report FILE",
            ));
        }
        (None, _) => report.write(format, &mut text)?,
    }
    match to {
        Some(path) => write_whole(path, &text),
        None => {
            out.write_all(&text)?;
            out.flush()
        }
    }
}

/// When a grading could not be done (`why`): with `--format gradescope --report FILE`,
/// FILE becomes a results.json saying so (the student sees why, not an autograder
/// failure); otherwise nothing is written (the error goes to standard error).
///
/// With `part`, the parts already in FILE keep their marks, and this part is one failed
/// test, worth the part's points, that says why.
pub fn deliver_failure(
    why: &str,
    format: Format,
    to: Option<&std::path::Path>,
    part: Option<Part<'_>>,
) -> std::io::Result<()> {
    match (format, to) {
        (Format::Gradescope, Some(path)) => {
            let mut text = Vec::new();
            match part {
                Some(part) => {
                    let earlier = earlier_parts(path)?;
                    report::gradescope_failure_part(
                        why,
                        part.name,
                        part.points,
                        earlier.as_deref(),
                        &mut text,
                    )?;
                }
                None => report::gradescope_failure(why, &mut text)?,
            }
            write_whole(path, &text)
        }
        _ => Ok(()),
    }
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

/// The verdict on one run whose screen was `shown` (its standard output, or the
/// transcript of a conversation), and the marks it earns.
fn judge<T, F>(case: &Case<T>, run: &Run, shown: &[u8], options: &Options, check: F) -> CaseResult
where
    F: FnOnce(&Output<'_>) -> Verdict,
{
    let limits = &options.limits;
    let verdict = match Verdict::of_exit(run, limits.timeout.as_secs_f64(), limits.max_output) {
        Some(cut @ (Verdict::TimedOut { held: false, .. } | Verdict::TooMuchOutput { .. })) => {
            let text = String::from_utf8_lossy(shown);
            let whole = text.rfind('\n').map_or("", |end| &text[..=end]);
            let output = Output {
                text: whole,
                cut: Some(if matches!(cut, Verdict::TimedOut { .. }) {
                    Cut::Timeout
                } else {
                    Cut::OutputLimit
                }),
                strict: options.strict,
                cut_verdict: Some(&cut),
            };
            check(&output)
        }
        Some(verdict) => verdict,
        None => {
            let text = String::from_utf8_lossy(shown);
            let output = Output {
                text: &text,
                cut: None,
                strict: options.strict,
                cut_verdict: None,
            };
            check(&output)
        }
    };
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
        killed: run.killed.clone(),
        visibility: report::Visibility::Visible,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;
    use std::time::Duration;

    fn sh(script: &str) -> Vec<OsString> {
        ["/bin/sh", "-c", script].map(OsString::from).to_vec()
    }

    fn isolated() -> (Sandbox, tempfile::TempDir) {
        let dir = tempfile::tempdir().unwrap();
        let request = Request {
            submission: dir.path().to_path_buf(),
            ..Request::new()
        };
        (
            Sandbox::new(&request).unwrap_or_else(|e| panic!("{e}")),
            dir,
        )
    }

    #[test]
    fn cases_come_back_in_order_with_their_own_expected_text() {
        let (sandbox, _dir) = isolated();
        let cases: Vec<Case<String>> = (0..8)
            .map(|i| {
                Case::with(
                    format!("case-{i}"),
                    format!("{i}\n").into_bytes(),
                    format!("{i}\n"),
                )
            })
            .collect();
        let options = Options {
            jobs: 4,
            ..Options::default()
        };
        let report = grade(
            &sandbox,
            &sh("sleep 0.1; cat"),
            &cases,
            &options,
            |case, output| compare(&case.data, output.text),
        )
        .unwrap();
        let names: Vec<&str> = report.results.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(
            names,
            (0..8).map(|i| format!("case-{i}")).collect::<Vec<_>>()
        );
        assert!(report.all_passed());
        assert_eq!(report.isolation, sandbox.isolation());
        assert_ne!(report.isolation, Isolation::None);
    }

    /// Nothing tells a program which case it runs unless the instructor asks (issue 37,
    /// item 8): knowing it, a program replays answers learnt from earlier reports.
    #[test]
    fn the_case_is_told_only_when_asked() {
        let cases = vec![Case::new("01-win-by-eight", Vec::new())];
        let check = |_: &Case, output: &Output<'_>| compare("untold\n", output.text);
        let command = sh("echo \"${GRADER_CASE:-untold}\"");
        let report = grade(
            &Sandbox::none(),
            &command,
            &cases,
            &Options::default(),
            check,
        )
        .unwrap();
        assert!(report.all_passed(), "{report:?}");
        let told = Options {
            tell_case: true,
            ..Options::default()
        };
        let report = grade(&Sandbox::none(), &command, &cases, &told, |_, output| {
            compare("01-win-by-eight\n", output.text)
        })
        .unwrap();
        assert!(report.all_passed(), "{report:?}");
    }

    #[test]
    fn strict_scores_whitespace() {
        let cases = vec![Case::new("a", Vec::new())];
        let check = |_: &Case, output: &Output<'_>| compare("x\n", output.text);
        for (strict, score) in [(false, 1.0), (true, 0.0)] {
            let options = Options {
                strict,
                ..Options::default()
            };
            let report = grade(
                &Sandbox::none(),
                &sh("printf 'x '"),
                &cases,
                &options,
                check,
            )
            .unwrap();
            assert_eq!(report.results[0].score, score);
            assert_eq!(report.all_passed(), !strict);
        }
    }

    /// A check that fails on a case (here: panics) leaves the case without a result;
    /// the grading fails rather than report fewer cases than it was given.
    #[test]
    fn a_case_that_was_not_judged_fails_the_grading() {
        let cases = vec![Case::new("a", Vec::new()), Case::new("b", Vec::new())];
        let result = grade(
            &Sandbox::none(),
            &sh("echo x"),
            &cases,
            &Options::default(),
            |case, _| {
                assert_ne!(case.name, "b", "a broken check");
                Verdict::Pass { note: None }
            },
        );
        assert_eq!(
            result.map(|_| ()).map_err(|e| e.to_string()),
            Err("case b was not graded (its check failed): no report, rather than one short of a case".into())
        );
    }

    /// A cut output reaches the check, which passes it only for a reading that never
    /// ends; otherwise it is the cut's own verdict.
    #[test]
    fn a_cut_output_is_judged_by_the_check() {
        let cases = vec![Case::new("a", Vec::new())];
        let options = Options {
            limits: Limits {
                timeout: Duration::from_millis(500),
                max_output: 1000,
                ..Limits::default()
            },
            ..Options::default()
        };
        let report = grade(
            &Sandbox::none(),
            &sh("yes DRAW"),
            &cases,
            &options,
            |_, output| {
                if output.cut == Some(Cut::OutputLimit) && output.text.lines().all(|l| l == "DRAW")
                {
                    Verdict::Pass {
                        note: Some("endless".into()),
                    }
                } else {
                    output.cut_verdict().unwrap_or(Verdict::NoOutput)
                }
            },
        )
        .unwrap();
        assert!(report.all_passed(), "{report:?}");
        let report = grade(
            &Sandbox::none(),
            &sh("echo right; sleep 5"),
            &cases,
            &options,
            |_, output| match output.cut_verdict() {
                Some(cut) => compare_cut("right\n", output.text, cut),
                None => compare("right\n", output.text),
            },
        )
        .unwrap();
        assert_eq!(report.results[0].verdict.kind(), "timed-out");
    }

    #[test]
    fn a_program_that_cannot_be_found_is_an_error() {
        let cases = vec![Case::new("a", Vec::new())];
        for program in [
            "/no/such/program",
            "./no-such-program",
            "no-such-program-anywhere",
        ] {
            let command = [OsString::from(program)];
            let error = grade(
                &Sandbox::none(),
                &command,
                &cases,
                &Options::default(),
                |_, _| Verdict::NoOutput,
            )
            .map(|_| ())
            .map_err(|e| e.to_string());
            assert_eq!(
                error,
                Err(format!(
                    "cannot run {program}: No such file or directory (os error 2)"
                )),
            );
        }
    }
}
