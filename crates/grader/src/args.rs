//! The grading arguments every game's `grade` and `gradescope` share, declared once in
//! clap (feature `clap`, which only the games' binaries turn on), so that the two
//! binaries' options cannot drift apart in meaning or in words:
//!
//! - [`RunArgs`], a grading run: how long a run may take and how many at once, the
//!   report's format and file, the submission, how it is isolated, compiled and
//!   completed with the given files, and the program to grade. Their meaning is
//!   [`crate::sandbox_compiled`]'s, [`Options`]' and [`crate::deliver`]'s.
//! - [`AutograderArgs`], the Gradescope autograder: the zip, its timeout, its setup and
//!   compile lines, the given files, the variables and folders passed on
//!   ([`Autograder`]).
//! - [`MarkingArgs`], both: how the cases are marked and what students see of them
//!   (`--weight`, `--points`, `--visibility`, `--tell-case`), and, for a grader that
//!   compares with expected outputs, what a wrong output's test quotes
//!   (`--show-expected`, `--verdict-only`). Their meaning is [`Marking`]'s, and an
//!   autograder's grade line repeats them ([`marking_args`]).
//!
//! - [`PlayedArgs`] and [`PlayedAutograderArgs`], a game played N times as a person
//!   (Pig, War, Quattro): `--games` and the `--seed` of the answers; with
//!   [`MarkingArgs::unmatched_game`], the one error of a pattern that names no game.
//!
//! What only one game has stays in that game: the cases it reads, Ochos Locos'
//! `--strict`, `--part` and `--problem`. The games flatten these and word their own
//! errors. The help is worded to be true of all: a played game's cases are its games,
//! and each is one run.

use std::ffi::OsString;
use std::io::{self, Write};
use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use clap::builder::{PossibleValuesParser, TypedValueParser};

use crate::report::{self, Feedback, Marking, Visibility};
use crate::zip::{self, Autograder, marking_args};
use crate::{Format, Limits, Options, Report, Request, Sandbox, SandboxError};

/// How a game played as a person is graded (`pig grade`, `war grade`, `quattro grade`):
/// how many games, and the seed of the answers.
#[derive(Args, Clone, Debug)]
pub struct PlayedArgs {
    /// Games to play, 1 to 1000.
    #[arg(long, value_name = "N", default_value_t = 20,
          value_parser = clap::value_parser!(u64).range(1..=1000))]
    pub games: u64,
    /// Seed of the answers (a random one is chosen and shown on stderr if none is given).
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
}

/// [`PlayedArgs`] for an autograder (`GAME gradescope`): the seed is given, the same for
/// every student.
#[derive(Args, Clone, Debug)]
pub struct PlayedAutograderArgs {
    /// Games to play, 1 to 1000.
    #[arg(long, value_name = "N", default_value_t = 20,
          value_parser = clap::value_parser!(u64).range(1..=1000))]
    pub games: u64,
    /// Seed of the answers: every student meets the same person.
    #[arg(long, value_name = "S")]
    pub seed: u64,
}

/// The options of a grading run (`grade`), the program to grade last.
#[derive(Args, Clone, Debug)]
pub struct RunArgs {
    /// Seconds each run may take before the program is killed with everything it
    /// started.
    #[arg(long, value_name = "SECS", default_value = "10", value_parser = crate::parse_timeout)]
    pub timeout: Duration,
    /// How many runs at once, 1 to 256 (default: one per core).
    #[arg(long, value_name = "N", value_parser = crate::parse_jobs)]
    pub jobs: Option<usize>,
    /// The report: a table (text), one JSON object (json), or Gradescope's results.json
    /// (gradescope).
    #[arg(long, value_name = "FORMAT", default_value = "text",
          value_parser = PossibleValuesParser::new(Format::NAMES)
              .try_map(|name| name.parse::<Format>()))]
    pub format: Format,
    /// The student's files: copied once for the grading, and each run gets its own copy
    /// as its working directory, at DIR's own path, in a sandbox where nothing else of
    /// the machine is visible.
    #[arg(long, value_name = "DIR", default_value = ".")]
    pub submission: PathBuf,
    /// Run the program without a sandbox, as the grader, in DIR itself: it could read
    /// the grader's files and change the results. For programs one trusts; the report
    /// says so.
    #[arg(long)]
    pub no_sandbox: bool,
    /// A line /bin/sh runs once, first, in the sandbox, on the grading's copy of the
    /// submission (none of the grader's files in sight), such as `javac -proc:none
    /// ./*.java`: the runs start from what it leaves. If it fails, no run starts and the
    /// report shows what it printed.
    #[arg(long, value_name = "LINE")]
    pub compile: Option<String>,
    /// Seconds the compile step may take.
    #[arg(long, value_name = "SECS", default_value = "120", value_parser = crate::parse_timeout)]
    pub compile_timeout: Duration,
    /// The files the assignment gives the students (a kit's given classes): laid over the
    /// grading's copy of the submission before the compile step and again after it, so
    /// that the given versions win over a student's copy (a link in their place is
    /// replaced, never followed).
    #[arg(long, value_name = "DIR")]
    pub given: Option<PathBuf>,
    /// Show DIR to the program, read-only (a toolchain outside the system's directories,
    /// such as /opt/sdkman), and the folders of the grader's PATH inside it on the runs'
    /// PATH; may be given more than once.
    #[arg(long, value_name = "DIR")]
    pub bind: Vec<PathBuf>,
    /// Pass the grader's variable NAME to the program (runs start with a clean
    /// environment: PATH, LANG and HOME only); may be given more than once.
    #[arg(long, value_name = "NAME")]
    pub env: Vec<String>,
    /// Write the report to FILE (whole, or not at all) instead of standard output; with
    /// --format gradescope, a grading that cannot be done writes a results.json saying
    /// why.
    #[arg(long, value_name = "FILE")]
    pub report: Option<PathBuf>,
    /// The program to grade and its arguments, after `--`.
    #[arg(last = true, required = true, value_name = "COMMAND")]
    pub command: Vec<OsString>,
}

impl RunArgs {
    /// The sandbox these options ask for, with `hidden` (the cases' folder) kept out of
    /// the program's sight.
    pub fn request(&self, hidden: Vec<PathBuf>) -> Request {
        Request {
            no_sandbox: self.no_sandbox,
            submission: self.submission.clone(),
            hidden,
            binds: self.bind.clone(),
            env: self.env.clone(),
        }
    }

    /// The sandbox of [`RunArgs::request`], set up, with the given files laid over the
    /// submission and the compile step run in it, within `--compile-timeout`
    /// ([`crate::sandbox_compiled`]).
    pub fn sandbox(&self, hidden: Vec<PathBuf>) -> Result<Sandbox, SandboxError> {
        let limits = Limits {
            timeout: self.compile_timeout,
            ..Limits::default()
        };
        crate::sandbox_compiled(
            &self.request(hidden),
            self.compile.as_deref(),
            self.given.as_deref(),
            &limits,
        )
    }

    /// The runs' options: `--timeout` and `--jobs` from here, `strict` and `tell_case`
    /// from the game's own and the marking's options.
    pub fn options(&self, strict: bool, tell_case: bool) -> Options {
        Options {
            limits: Limits {
                timeout: self.timeout,
                ..Limits::default()
            },
            jobs: self.jobs.unwrap_or_else(crate::default_jobs),
            strict,
            tell_case,
        }
    }

    /// Writes `report` in `--format` to `--report FILE` or to `out` ([`crate::deliver`]).
    pub fn deliver(
        &self,
        report: &Report,
        part: Option<crate::Part<'_>>,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        crate::deliver(report, self.format, self.report.as_deref(), part, out)
    }

    /// Says `why` the grading could not be done where `--format gradescope --report
    /// FILE` asks ([`crate::deliver_failure`]).
    pub fn deliver_failure(&self, why: &str, part: Option<crate::Part<'_>>) -> io::Result<()> {
        crate::deliver_failure(why, self.format, self.report.as_deref(), part)
    }

    /// What every game's `grade` ends with: the report `graded` delivered
    /// ([`RunArgs::deliver`]) and its exit status returned (0 every case passed, 1 some
    /// failed); or, when the grading could not be done, the game's failure said where
    /// `--format gradescope --report FILE` asks ([`RunArgs::deliver_failure`]), so that
    /// the student sees why, and handed back. `write` words a failure to write as the
    /// game's error.
    pub fn conclude<E: std::fmt::Display>(
        &self,
        graded: Result<Report, E>,
        part: Option<crate::Part<'_>>,
        out: &mut dyn Write,
        write: impl Fn(io::Error) -> E,
    ) -> Result<u8, E> {
        let report = match graded {
            Ok(report) => report,
            Err(failure) => {
                self.deliver_failure(&failure.to_string(), part)
                    .map_err(&write)?;
                return Err(failure);
            }
        };
        self.deliver(&report, part, out).map_err(write)?;
        Ok(report.exit_status())
    }
}

/// The options of a Gradescope autograder (`gradescope`) that every game's share: what
/// the zip packs besides the game's own (its cases, its grade line's game options, the
/// student's command).
#[derive(Args, Clone, Debug)]
pub struct AutograderArgs {
    /// The zip to write.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Seconds each run may take.
    #[arg(long, value_name = "SECS", default_value = "10", value_parser = crate::parse_timeout)]
    pub timeout: Duration,
    /// A line setup.sh runs once (after installing bubblewrap if missing), such as
    /// `apt-get install -y default-jdk`.
    #[arg(long, value_name = "LINE")]
    pub setup: Option<String>,
    /// A line the grader runs once, first, in its sandbox, on its copy of the
    /// submission, such as `javac -proc:none ./*.java` (a failure is shown to the
    /// student, and no run starts).
    #[arg(long, value_name = "LINE")]
    pub compile: Option<String>,
    /// The files the assignment gives the students (a kit's given classes): packed into
    /// the zip and laid by the grader over its copy of each submission, before and after
    /// the compile step (`grade --given`).
    #[arg(long, value_name = "DIR")]
    pub given: Option<PathBuf>,
    /// Pass the autograder's variable NAME to the program; may be given more than once.
    #[arg(long, value_name = "NAME")]
    pub env: Vec<String>,
    /// Show the autograder machine's folder DIR to the program, read-only; may be given
    /// more than once.
    #[arg(long, value_name = "DIR")]
    pub bind: Vec<String>,
}

impl AutograderArgs {
    /// `--timeout` again, for the grade line of every part (the compile line, the
    /// variables and the folders travel in the zip's own way).
    pub fn grade_args(&self) -> Vec<String> {
        vec![
            "--timeout".to_owned(),
            self.timeout.as_secs_f64().to_string(),
        ]
    }

    /// The autograder that grades `parts` with `program` (this binary), set up, given
    /// files, variables and folders as these options say.
    pub fn autograder(&self, program: &str, parts: Vec<zip::Part>) -> Autograder {
        Autograder {
            program: program.to_owned(),
            parts,
            setup: self.setup.clone(),
            given: self.given.clone(),
            env: self.env.clone(),
            binds: self.bind.clone(),
        }
    }

    /// Packs `autograder` into `--out` and says so on `out` (`wrote FILE`). A debug
    /// build is packed as it is, with a warning on standard error: it works, but makes a
    /// zip ten times larger.
    pub fn write(&self, autograder: &Autograder, out: &mut dyn Write) -> io::Result<()> {
        if cfg!(debug_assertions) {
            eprintln!(
                "{}: warning: this is a debug build, packed as it is (tens of MB): build \
                 with `cargo build --release` for a zip of a few MB",
                autograder.program
            );
        }
        let bytes = autograder.zip()?;
        std::fs::write(&self.out, bytes)?;
        writeln!(out, "wrote {}", self.out.display())?;
        out.flush()
    }
}

/// `--weight`, `--points`, `--visibility` and `--tell-case`, with the feedback flags `F`
/// in the middle (where `--help` lists them): [`FeedbackArgs`] for a grader with expected
/// outputs to hide (Ochos Locos), [`NoFeedbackArgs`] for one whose reports quote the rule
/// broken (Pig).
#[derive(Args, Clone, Debug, Default)]
pub struct MarkingArgs<F: Args + FeedbackChoice> {
    /// The marks of the cases whose names match PATTERN: a case's name, or a pattern
    /// with * for any characters; may be given more than once, the last that matches
    /// counts; other cases are worth 1.
    #[arg(long, value_name = "PATTERN=POINTS", value_parser = report::parse_weight)]
    pub weight: Vec<(String, f64)>,
    /// Scale the marks so that they add up to N (what they are worth in the assignment).
    #[arg(long, value_name = "N", value_parser = report::parse_points)]
    pub points: Option<f64>,
    /// Gradescope: when students see the tests, all of them or (PATTERN=) those whose
    /// names match: visible (the default), hidden, after_due_date or after_published;
    /// may be given more than once, the last that matches counts.
    #[arg(long, value_name = "[PATTERN=]VISIBILITY", value_parser = report::parse_visibility)]
    pub visibility: Vec<(Option<String>, Visibility)>,
    /// What a wrong output's test quotes.
    #[command(flatten)]
    pub feedback: F,
    /// Tell each run which case it is, in the variable GRADER_CASE (by default nothing
    /// does: a program that knows its case could print an answer learnt from earlier
    /// reports).
    #[arg(long)]
    pub tell_case: bool,
}

impl<F: Args + FeedbackChoice> MarkingArgs<F> {
    /// The marking these options ask for.
    pub fn marking(&self) -> Marking {
        Marking {
            weights: self.weight.clone(),
            points: self.points,
            visibility: self.visibility.clone(),
            feedback: self.feedback.feedback(),
        }
    }

    /// The first `--weight` or `--visibility` pattern that matches none of `names`,
    /// escaped for a one-line error: a typing error would otherwise silently change
    /// nothing. Each game words the error (its cases are games in Pig).
    pub fn unmatched(&self, names: &[&str]) -> Option<String> {
        self.marking().unmatched(names).map(crate::printable)
    }

    /// The error of a `--weight` or `--visibility` pattern that matches none of a played
    /// grading's `games` games (`game-01` to `game-NN`, [`crate::game_name`]).
    pub fn unmatched_game(&self, games: u64) -> Option<String> {
        let names: Vec<String> = (1..=games).map(crate::game_name).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        self.unmatched(&names).map(|pattern| {
            format!(
                "'{pattern}' matches no game (game-01 to {})",
                crate::game_name(games)
            )
        })
    }

    /// The same options for the grade line of an autograder, quoted for the shell, in
    /// `--help`'s order.
    pub fn grade_args(&self) -> Vec<String> {
        let mut args = marking_args(&self.marking());
        args.extend(self.feedback.flags().iter().map(|flag| (*flag).to_owned()));
        if self.tell_case {
            args.push("--tell-case".to_owned());
        }
        args
    }
}

/// What a wrong output's test quotes, as a grader's feedback flags choose it.
pub trait FeedbackChoice {
    /// The feedback chosen.
    fn feedback(&self) -> Feedback;
    /// The flags that choose it again, for an autograder's grade line.
    fn flags(&self) -> &'static [&'static str];
}

/// `--show-expected` and `--verdict-only`: for a grader that compares with expected
/// outputs, which a student failing on purpose could otherwise harvest.
#[derive(Args, Clone, Copy, Debug, Default)]
pub struct FeedbackArgs {
    /// Gradescope: a wrong output's test quotes the expected line (by default it says
    /// which line differs and shows the program's, not the expected one, so that
    /// failing on purpose cannot harvest the expected outputs).
    #[arg(long)]
    pub show_expected: bool,
    /// Gradescope: a wrong output's test says only that the output is wrong, not even
    /// which line (which a student could otherwise move down, submission by submission,
    /// to learn the expected lines).
    #[arg(long, conflicts_with = "show_expected")]
    pub verdict_only: bool,
}

impl FeedbackChoice for FeedbackArgs {
    fn feedback(&self) -> Feedback {
        if self.show_expected {
            Feedback::Expected
        } else if self.verdict_only {
            Feedback::Verdict
        } else {
            Feedback::Line
        }
    }

    fn flags(&self) -> &'static [&'static str] {
        match (self.show_expected, self.verdict_only) {
            (true, _) => &["--show-expected"],
            (false, true) => &["--verdict-only"],
            (false, false) => &[],
        }
    }
}

/// No feedback flags: a grader whose reports quote the rule broken, never an expected
/// output (Pig, which has none to hide), so that its tests always say everything.
#[derive(Args, Clone, Copy, Debug, Default)]
pub struct NoFeedbackArgs {}

impl FeedbackChoice for NoFeedbackArgs {
    fn feedback(&self) -> Feedback {
        Feedback::Expected
    }

    fn flags(&self) -> &'static [&'static str] {
        &[]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::{CommandFactory, Parser};
    use pretty_assertions::assert_eq;

    #[derive(Debug, Parser)]
    struct Compared {
        #[command(flatten)]
        marking: MarkingArgs<FeedbackArgs>,
    }

    #[derive(Debug, Parser)]
    struct Checked {
        #[command(flatten)]
        marking: MarkingArgs<NoFeedbackArgs>,
    }

    fn compared(args: &[&str]) -> Result<MarkingArgs<FeedbackArgs>, clap::Error> {
        Compared::try_parse_from(std::iter::once("grade").chain(args.iter().copied()))
            .map(|parsed| parsed.marking)
    }

    fn checked(args: &[&str]) -> Result<MarkingArgs<NoFeedbackArgs>, clap::Error> {
        Checked::try_parse_from(std::iter::once("grade").chain(args.iter().copied()))
            .map(|parsed| parsed.marking)
    }

    // A game's `grade`, as the binaries flatten it (a comment: a doc comment would be
    // its help's first line).
    #[derive(Debug, Parser)]
    struct Grade {
        #[command(flatten)]
        run: RunArgs,
        #[command(flatten)]
        marking: MarkingArgs<NoFeedbackArgs>,
    }

    // A game's `gradescope`, as the binaries flatten it.
    #[derive(Debug, Parser)]
    struct Gradescope {
        #[command(flatten)]
        autograder: AutograderArgs,
        #[command(flatten)]
        marking: MarkingArgs<FeedbackArgs>,
    }

    fn graded(args: &[&str]) -> Result<RunArgs, clap::Error> {
        Grade::try_parse_from(std::iter::once("grade").chain(args.iter().copied()))
            .map(|parsed| parsed.run)
    }

    fn packed(args: &[&str]) -> Result<AutograderArgs, clap::Error> {
        Gradescope::try_parse_from(std::iter::once("gradescope").chain(args.iter().copied()))
            .map(|parsed| parsed.autograder)
    }

    #[test]
    fn the_command_lines_are_well_formed() {
        Compared::command().debug_assert();
        Checked::command().debug_assert();
        Grade::command().debug_assert();
        Gradescope::command().debug_assert();
    }

    /// The grade line an autograder writes asks for what the instructor asked for: the
    /// options read back give the same marking (docs/grading.md, "Marks and what
    /// students see").
    #[test]
    fn the_grade_line_reads_back_as_the_same_marking() -> Result<(), clap::Error> {
        let given = [
            "--weight",
            "*-random=0.5",
            "--points",
            "40",
            "--visibility",
            "hidden",
            "--verdict-only",
            "--tell-case",
        ];
        let marking = compared(&given)?;
        let line = marking.grade_args();
        assert_eq!(
            line,
            [
                "--weight",
                "'*-random=0.5'",
                "--points",
                "40",
                "--visibility",
                "hidden",
                "--verdict-only",
                "--tell-case"
            ]
        );
        let unquoted: Vec<String> = line.iter().map(|arg| arg.replace('\'', "")).collect();
        let again = compared(&unquoted.iter().map(String::as_str).collect::<Vec<_>>())?;
        assert_eq!(again.marking(), marking.marking());
        assert!(again.tell_case);
        Ok(())
    }

    #[test]
    fn feedback_is_the_line_unless_asked_and_pig_always_says_everything() -> Result<(), clap::Error>
    {
        assert_eq!(compared(&[])?.marking().feedback, Feedback::Line);
        assert_eq!(
            compared(&["--show-expected"])?.marking().feedback,
            Feedback::Expected
        );
        assert_eq!(
            compared(&["--verdict-only"])?.marking().feedback,
            Feedback::Verdict
        );
        assert!(compared(&["--show-expected", "--verdict-only"]).is_err());
        assert_eq!(checked(&[])?.marking().feedback, Feedback::Expected);
        assert!(checked(&["--show-expected"]).is_err());
        assert_eq!(checked(&["--tell-case"])?.grade_args(), ["--tell-case"]);
        Ok(())
    }

    /// The defaults docs/grading.md gives: 10 seconds a run, 120 for the compile step,
    /// one run a core, a table on standard output, the current directory as the
    /// submission, isolated; the program after `--`, required.
    #[test]
    fn a_run_without_options_is_the_documented_one() -> Result<(), clap::Error> {
        let run = graded(&["--", "java", "Pig"])?;
        assert_eq!(run.command, [OsString::from("java"), OsString::from("Pig")]);
        assert_eq!(run.format, Format::Text);
        assert_eq!(run.report, None);
        assert_eq!(run.compile_timeout, Duration::from_secs(120));
        let options = run.options(false, false);
        assert_eq!(options.limits.timeout, Duration::from_secs(10));
        assert_eq!(options.jobs, crate::default_jobs());
        assert!(!options.strict && !options.tell_case);
        let request = run.request(Vec::new());
        assert!(!request.no_sandbox);
        assert_eq!(request.submission, PathBuf::from("."));
        assert!(request.hidden.is_empty() && request.binds.is_empty() && request.env.is_empty());
        assert!(graded(&[]).is_err(), "a grading needs a program");
        Ok(())
    }

    #[test]
    fn the_run_options_reach_the_sandbox_and_the_runs() -> Result<(), clap::Error> {
        let run = graded(&[
            "--timeout",
            "2.5",
            "--jobs",
            "3",
            "--submission",
            "alice",
            "--no-sandbox",
            "--bind",
            "/opt/sdkman",
            "--env",
            "PIG_SEED",
            "--env",
            "JAVA_HOME",
            "--",
            "./run.sh",
        ])?;
        let options = run.options(true, true);
        assert_eq!(options.limits.timeout, Duration::from_millis(2500));
        assert_eq!(options.jobs, 3);
        assert!(options.strict && options.tell_case);
        let request = run.request(vec![PathBuf::from("cases/completos")]);
        assert!(request.no_sandbox);
        assert_eq!(request.submission, PathBuf::from("alice"));
        assert_eq!(request.hidden, [PathBuf::from("cases/completos")]);
        assert_eq!(request.binds, [PathBuf::from("/opt/sdkman")]);
        assert_eq!(request.env, ["PIG_SEED", "JAVA_HOME"]);
        assert!(graded(&["--jobs", "0", "--", "x"]).is_err());
        assert!(graded(&["--timeout", "0", "--", "x"]).is_err());
        assert!(graded(&["--format", "html", "--", "x"]).is_err());
        Ok(())
    }

    /// docs/grading.md: with `--format gradescope --report FILE`, a grading that cannot
    /// be done still writes a results.json saying why; nothing goes to standard output,
    /// and the game's failure comes back for its exit status.
    #[test]
    fn a_grading_that_cannot_be_done_says_why_in_the_report_file()
    -> Result<(), Box<dyn std::error::Error>> {
        let dir = tempfile::tempdir()?;
        let file = dir.path().join("results.json");
        let file_arg = file.to_string_lossy().into_owned();
        let run = graded(&["--format", "gradescope", "--report", &file_arg, "--", "x"])?;
        let mut out = Vec::new();
        let why = "the sandbox cannot be set up".to_owned();
        let concluded = run.conclude(Err(why.clone()), None, &mut out, |e| e.to_string());
        assert_eq!(concluded, Err(why.clone()));
        assert!(out.is_empty());
        let written: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&file)?)?;
        assert!(written.to_string().contains(&why), "{written}");
        // Without a file, nothing is written anywhere: the error goes to standard error.
        let run = graded(&["--format", "gradescope", "--", "x"])?;
        assert_eq!(
            run.conclude(Err(why.clone()), None, &mut out, |e| e.to_string()),
            Err(why)
        );
        assert!(out.is_empty());
        Ok(())
    }

    /// The autograder's grade line asks `grade` for the timeout the instructor gave, and
    /// the zip carries the setup, given files, variables and folders.
    #[test]
    fn the_autograder_passes_its_options_on() -> Result<(), clap::Error> {
        let autograder = packed(&[
            "--out",
            "autograder.zip",
            "--timeout",
            "0.25",
            "--setup",
            "apt-get install -y default-jdk-headless",
            "--compile",
            "javac -proc:none ./*.java",
            "--given",
            "given",
            "--env",
            "PIG_SEED",
            "--bind",
            "/opt/sdkman",
        ])?;
        let line = autograder.grade_args();
        assert_eq!(line, ["--timeout", "0.25"]);
        let again = graded(&[&line[0], &line[1], "--", "x"])?;
        assert_eq!(again.timeout, autograder.timeout);
        assert_eq!(
            autograder.compile.as_deref(),
            Some("javac -proc:none ./*.java")
        );
        let zip = autograder.autograder("pig", Vec::new());
        assert_eq!(zip.program, "pig");
        assert_eq!(
            zip.setup.as_deref(),
            Some("apt-get install -y default-jdk-headless")
        );
        assert_eq!(zip.given, Some(PathBuf::from("given")));
        assert_eq!(zip.env, ["PIG_SEED"]);
        assert_eq!(zip.binds, ["/opt/sdkman"]);
        assert_eq!(
            packed(&["--out", "a.zip"])?.timeout,
            Duration::from_secs(10)
        );
        Ok(())
    }

    /// Both games show these options' help: it must not speak of one game's cases, files
    /// or rules (a Pig grading's cases are its games, and each is one run).
    #[test]
    fn the_shared_help_names_no_game() {
        for mut command in [Grade::command(), Gradescope::command()] {
            let help = command.render_long_help().to_string().to_lowercase();
            // The options only: the test's command has no about of its own.
            let help = help
                .split_once("options:")
                .map_or("", |(_, options)| options);
            for word in [
                "game",
                "pig",
                "ochos",
                "completos",
                "deal",
                "draw",
                "rule set",
            ] {
                assert!(!help.contains(word), "`{word}` in:\n{help}");
            }
        }
    }

    #[test]
    fn a_pattern_that_matches_no_case_is_named_escaped() -> Result<(), clap::Error> {
        let marking = checked(&["--weight", "game-1=2", "--visibility", "gam\u{1b}*=hidden"])?;
        assert_eq!(
            marking.unmatched(&["game-01", "game-02"]),
            Some("game-1".to_owned())
        );
        let marking = checked(&["--visibility", "gam\u{1b}*=hidden"])?;
        assert_eq!(
            marking.unmatched(&["game-01"]),
            Some("gam\\u{1b}*".to_owned())
        );
        Ok(())
    }
}
