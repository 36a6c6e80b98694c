//! The command line: parse with clap, check the setup, run, and turn the result into an
//! exit status (0 played, 1 the answers or the dice file ended first, 2 bad usage or
//! input).

#[cfg(feature = "grade")]
mod grade;
#[cfg(feature = "plot")]
mod plot;

use std::fs::File;
use std::io::{self, BufReader, BufWriter, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use cards_core::ParseError;
use cards_core::cli::{INPUT_ENDED, finish, is_broken_pipe, parse_game_args, resolve_seed};
use cards_core::input::{InputError, MAX_INPUT, read_file};
use cards_core::names::count_of;
use cards_core::protocol::{Agent, ChanceSource, PlayError, Stop};
use cards_core::record::{RecordError, Recorder, ReplayFileError, replay_file};
use cards_core::rng::rng_from_seed;
use cards_core::sim::SimError;
use cards_core::sim_cli::{SimArgs, figures};
use clap::{Args, Parser, Subcommand};
#[cfg(feature = "grade")]
use grader::args::{AutograderArgs, PlayedArgs, PlayedAutograderArgs, RunArgs};
use pig::error::Refusal;
use pig::files;
use pig::rules::{DEFAULT_GOAL, MAX_GOAL, SetupError, Variant};
use pig::simulate::{Setup, WithSeats};
use pig::solver::{Solution, SolveError, TOLERANCE, check_goal, evaluate, solve};
use pig::{AnyStrategy, Rules, StrategySpec, Throw};
use pig::{Ending, PigGame};

const PROGRAM: &str = "pig";

#[derive(Debug, Parser)]
#[command(
    name = "pig",
    version,
    about = "The dice game Pig: you (Human) against the Computer, first to 100 points.",
    long_about = "The dice game Pig, as the assignment \"PA3 - The Game of Pig\" specifies it: \
you (Human) play against the Computer with two dice, and the first to 100 points wins.\n\n\
Each roll scores the sum of the dice; doubles score twice the sum (double 6s: 24); double 1s \
(snake eyes) lose the turn's points and end the turn. Before each of your rolls the game asks \
`Hold dice (Y/N?) ?`: answer Y to hold (bank the turn's points and pass the dice) or N to \
roll; q or quit ends the game there. The Computer rolls until its turn holds 20 points or more.",
    after_help = "Examples:
  pig --seed 42                         play; the same seed gives the same dice
  pig --seed 42 --echo < answers.txt    answers from a file, one a line, shown after the prompts
  pig --computer optimal                play against the solved strategy
  pig dice --seed 7 > rolls.txt         write the rolls of seed 7, one a line (`3 5`)
  pig --dice rolls.txt                  play with those rolls: the game of --seed 7
  pig --seed 42 --record game.json      play, and write the game down for `pig replay`
  pig replay game.json                  step through it: Enter/n, b, s, e, q
  pig solve --plot hold.svg             the optimal strategy, its chances, a picture
  pig simulate --games 100000 --a optimal --b hold:20 --seed 1

At the prompt, ? shows the rules. Exit status: 0 the game was played to its end, or you
quit (q or quit at the prompt: nobody wins, and the points banked so far are shown);
1 the answers or the dice file ran out before it ended (the game so far is on stdout,
why on stderr); 2 bad usage or input, such as a bad dice file (nothing is played).",
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    play: PlayArgs,
}

#[derive(Debug, Args)]
struct PlayArgs {
    /// Seed for the dice (a random one is chosen and shown on stderr if none is given).
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Play with the rolls in FILE instead of seeded dice: one roll a line, the two dice
    /// separated by a space (`3 5`; one die a line with --rules classic: `4`), as
    /// `pig dice` writes them. The file is checked whole before the game starts; if it
    /// runs out before the game ends, the game stops with exit status 1.
    #[arg(long, value_name = "FILE", conflicts_with = "seed")]
    dice: Option<PathBuf>,
    /// The Computer's strategy: hold:N (roll until the turn holds N points) or optimal.
    #[arg(long, value_name = "STRATEGY", default_value = "hold:20")]
    computer: StrategySpec,
    /// Rules and goal, and where an optimal Computer finds its table.
    #[command(flatten)]
    game: GameArgs,
    /// Echo each answer after its prompt, for readable transcripts of piped input.
    #[arg(long)]
    echo: bool,
    /// Write the game to FILE when it ends (also on q or the end of the input), for
    /// `pig replay FILE` or the web page: the seed and every answer, as JSON.
    #[arg(long, value_name = "FILE", conflicts_with = "dice")]
    record: Option<PathBuf>,
}

/// The dice and the goal the command line names (with clap's bounds on the goal), and
/// where a table is.
#[derive(Debug, Args)]
struct GameArgs {
    /// The points needed to win (the assignment's is 100; 1 to 10000, and at most 300
    /// for the optimal strategy, whose table grows as the cube of the goal).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_GOAL,
          value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_GOAL)))]
    goal: u32,
    /// two-dice: the assignment's two dice; classic: one die, a 1 loses the turn.
    #[arg(long, value_name = "RULES", default_value = "two-dice")]
    rules: Variant,
    /// A value table written by `pig solve --out`, for the optimal strategy (without
    /// one, the strategy is solved first: about a second for goal 100).
    #[arg(long, value_name = "FILE")]
    table: Option<PathBuf>,
}

impl GameArgs {
    /// The game's rules. Clap has checked the goal's bounds already, with its own words
    /// (`0 is not in 1..=10000`).
    fn rules(&self) -> Result<Rules, SetupError> {
        Rules::new(self.rules).with_goal(self.goal)
    }
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Step through a game written by `pig --record FILE`, move by move.
    #[command(
        after_help = "Each line read is a command: Enter or n the next step, b or p \
the one before, s the start, e the end, q to quit (the end of the input quits too). A file \
whose answer is not legal at its step is refused, naming the step (exit status 2).

Examples:
  pig --seed 42 --record game.json      play, and write the game down
  pig replay game.json                  step through it"
    )]
    Replay {
        /// The recorded game.
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },
    /// Solve Pig by value iteration and print the chances of optimal play.
    #[command(after_help = "Examples:
  pig solve                             the assignment's game: two dice, goal 100
  pig solve --rules classic             classic Pig: one die, a 1 loses the turn
  pig solve --out pig100.table          keep the table for `pig --computer optimal --table`
  pig solve --plot pig.svg              a picture: the chances of winning, the hold boundary

The table format: 8 bytes PIGVALS1, 1 byte rules (0 two-dice, 1 classic), the goal as a
little-endian u32, then each position's winning chance as a little-endian f64, the
mover's score slowest, then the opponent's, then the turn points.")]
    Solve(SolveArgs),
    /// Play many games between two strategies and report their win shares.
    #[command(
        after_help = "Strategies: hold:N (roll until the turn holds N points) or optimal.
A moves first in every game; swap --a and --b for the other seat. Game n of a run
uses its own stream of the seed, so the figures do not depend on the number of threads.
The report gives each side's wins, share and 95% interval and the turns per game (mean,
median, 90th and 99th percentile, longest); --json prints the same figures in the report
format every game's simulate shares.

Example:
  pig simulate --games 100000 --a optimal --b hold:20 --seed 1 --json"
    )]
    Simulate(SimulateArgs),
    /// Write the rolls a seed gives, one a line, as a dice file for `pig --dice`.
    #[command(
        after_help = "Each line is one roll: the two dice, the first die first (`3 5`), or with
--rules classic the one die (`4`). These are the rolls `pig --seed S` would throw, in
order, so the same answers play the same game:

Example:
  pig dice --seed 7 > rolls.txt
  pig --dice rolls.txt          the game of `pig --seed 7`"
    )]
    Dice(DiceArgs),
    /// Check a saved transcript of a Pig game against the rules, line by line.
    #[command(after_help = CHECK_HELP)]
    Check {
        /// The transcript: a terminal session (`script`), or a program's captured output.
        transcript: PathBuf,
    },
    #[cfg(feature = "grade")]
    /// Grade a Pig program: play it N times with scripted answers and check every game.
    #[command(after_help = GRADE_HELP)]
    Grade(GradeArgs),
    #[cfg(feature = "grade")]
    /// Write a Gradescope autograder zip: setup.sh, run_autograder, this binary.
    #[command(after_help = GRADESCOPE_HELP)]
    Gradescope(GradescopeArgs),
}

const CHECK_HELP: &str = "\
The transcript is checked line by line: the welcome (any text), the turns (a blank line and
`Player: Human, Total Points = 0`, the prompts `Hold dice (Y/N?) ?`, the roll lines
`Roll=(2,2), Roll Points = 8, Turn Points = 11, Total Points = 21` with their arithmetic,
the player's line closing the turn), the Computer holding at 20, invalid answers refused
and asked again, and `The winner is: NAME` after a blank line at 100. It may be a terminal
session, where each answer follows its prompt (`Hold dice (Y/N?) ?n`), or captured
output, where the next line follows the prompt. Where the text allows more than one
reading (a win at once or at the end of the turn, snake eyes' Roll Points, the welcome and
error wording), each is accepted and the report names the one seen.

Prints `ok: …` and exit status 0, or the first line that breaks a rule and what the rule
required, and exit status 1.

Example:
  pig check alice-session.txt";

#[cfg(feature = "grade")]
const GRADE_HELP: &str = "\
COMMAND is run once per game, its answers on standard input: a seeded mix of y, n, Y, N and
invalid answers (x, maybe, 7, hold), one a line. Each transcript is checked as `pig check`
does, knowing the answers, so a prompt must not end its line and an invalid answer must
get an error line and the prompt again. A game passes (naming the readings of the text it
took), or fails with the first line that breaks a rule, a crash (exit status or signal,
the last lines of standard error), a timeout, or no output.

Each game runs isolated: in a bubblewrap sandbox, with its own copy of --submission (as
the compile step left it) as its working directory and nothing else of the machine in
sight (a clean environment, no network, no kernel keyrings), every process it starts
killed when the game ends, and limits on memory (one budget for all its processes where a
control group can be made), processes, file size and CPU time (without bubblewrap, as
root: a dedicated user id; --no-sandbox: as the grader). The report names the isolation
and the limits. The same --seed gives the same answers; the program's dice
are its own.

Exit status: 0 every game passed, 1 some failed, 2 bad usage (nothing graded).

Examples:
  pig grade --games 20 --seed 1 --submission student --compile 'javac -proc:none ./*.java' -- java Pig
  pig grade --games 20 --seed 1 --format gradescope -- python3 pig.py > results.json";

#[cfg(feature = "grade")]
#[derive(Debug, Args)]
struct GradeArgs {
    #[command(flatten)]
    played: PlayedArgs,
    #[command(flatten)]
    run: RunArgs,
    #[command(flatten)]
    marking: MarkingArgs,
}

#[cfg(feature = "grade")]
const GRADESCOPE_HELP: &str = "\
The zip follows Gradescope's layout: Gradescope unpacks it into /autograder/source, runs
setup.sh once (it installs bubblewrap when missing, then --setup), and for each
submission runs run_autograder, which grades the files in /autograder/submission with
`pig grade` (isolated, --format gradescope, the same --seed for every student) into
/autograder/results/results.json. Set AUTOGRADER_ROOT to try the zip in a folder laid out
the same way. The binary packed is this one: build it in release with grading (`cargo build
--release -p pig --features grade`) on Linux x86-64.

Example:
  pig gradescope --games 20 --seed 1 --out autograder.zip --given dist/pig-instructor/given \
    --compile 'javac -proc:none ./*.java' -- java Pig";

#[cfg(feature = "grade")]
/// The marks of the games and what students see of them: the options `grade` and
/// `gradescope` share. No feedback flags: Pig's reports quote the rule broken, never an
/// expected output.
type MarkingArgs = grader::args::MarkingArgs<grader::args::NoFeedbackArgs>;

#[cfg(feature = "grade")]
#[derive(Debug, Args)]
struct GradescopeArgs {
    #[command(flatten)]
    played: PlayedAutograderArgs,
    #[command(flatten)]
    autograder: AutograderArgs,
    #[command(flatten)]
    marking: MarkingArgs,
    /// The student's program and its arguments, after `--`, run in the submission.
    #[arg(last = true, required = true, value_name = "COMMAND")]
    command: Vec<String>,
}

#[derive(Debug, Args)]
struct DiceArgs {
    /// Seed of the rolls (a random one is chosen and shown on stderr if none is given).
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// How many rolls to write (1 or more; a game to 100 rarely needs 200).
    #[arg(long, value_name = "N", default_value_t = 1000, value_parser = at_least_one::<u64>)]
    count: u64,
    /// two-dice: two dice a roll, the assignment's; classic: one die a roll.
    #[arg(long, value_name = "RULES", default_value = "two-dice")]
    rules: Variant,
}

#[derive(Debug, Args)]
struct SolveArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The strategy the optimal player is measured against.
    #[arg(long, value_name = "STRATEGY", default_value = "hold:20")]
    against: StrategySpec,
    /// Write the value table to FILE (a file, a device or a pipe; if FILE is standard
    /// output, /dev/stdout, the report goes to stderr).
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Draw an SVG picture: the chance of winning of the player about to roll over both
    /// players' scores, with the hold boundary where there is one.
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
}

#[derive(Debug, Args)]
struct SimulateArgs {
    /// Player A's strategy (A moves first).
    #[arg(long = "a", value_name = "STRATEGY", default_value = "optimal")]
    a: StrategySpec,
    /// Player B's strategy.
    #[arg(long = "b", value_name = "STRATEGY", default_value = "hold:20")]
    b: StrategySpec,
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    sim: SimArgs,
}

/// A count that must be 1 or more (games, threads): zero games have no figures, and
/// rayon would read zero threads as "all cores".
fn at_least_one<T>(text: &str) -> Result<T, String>
where
    T: std::str::FromStr + PartialOrd + From<u8>,
    T::Err: std::fmt::Display,
{
    match text.parse::<T>() {
        Ok(n) if n >= T::from(1) => Ok(n),
        Ok(_) => Err("it must be 1 or more".to_owned()),
        Err(error) => Err(error.to_string()),
    }
}

/// Why a command did not run to its end; each prints as one line, and
/// `cards_core::cli::finish` gives it its exit status (2, but 0 for a closed pipe and 1
/// for a game cut short).
#[derive(Debug, thiserror::Error)]
enum Failure {
    #[error("{0}")]
    Play(#[from] PlayError<Refusal>),
    #[error("{path}: {error}")]
    Read { path: String, error: io::Error },
    #[error("{0}")]
    Input(#[from] InputError),
    #[error("{path}: {error}")]
    DiceFile { path: String, error: ParseError },
    #[error("the dice file {path} ran out after {}, before the game ended; nobody won",
            count_of(*used as u64, "roll"))]
    DiceRanOut { path: String, used: usize },
    #[error("the optimal strategy has no solved table (a bug: it is solved or read first)")]
    NoSolution,
    #[error("{0}")]
    Solve(#[from] SolveError),
    #[error("{path}: {error}")]
    File { path: String, error: SolveError },
    #[error(
        "the table {path} is for {found_rules} rules and goal {found_goal}, not {rules} and {goal}"
    )]
    Mismatch {
        path: String,
        found_rules: Variant,
        found_goal: u32,
        rules: Variant,
        goal: u32,
    },
    #[error("{0}")]
    Rules(#[from] SetupError),
    #[error("--table is read only for the optimal strategy, and no player here plays it")]
    UnusedTable,
    #[cfg(feature = "plot")]
    #[error("{0}")]
    Plot(#[from] plot::PlotError),
    /// `--plot` asked of a build without the plotter (the feature `plot`), which playing
    /// and solving do not need.
    #[cfg(not(feature = "plot"))]
    #[error(
        "--plot: this pig is built without its plotter (build it with `cargo build -p pig --features plot`)"
    )]
    NoPlot,
    #[error("--threads: {0}")]
    Threads(String),
    #[error("{0}")]
    Write(#[from] io::Error),
    #[cfg(feature = "grade")]
    #[error("{0}")]
    Grade(#[from] grader::GradeError),
    #[cfg(feature = "grade")]
    #[error("{0}")]
    Sandbox(#[from] grader::SandboxError),
    #[cfg(feature = "grade")]
    #[error("{0}")]
    Marking(String),
    #[error("{path}: {error}")]
    Replay {
        path: String,
        error: cards_core::replay::ReplayError,
    },
    #[error(transparent)]
    Record(#[from] RecordError),
    /// The person's answers ended before the game did (exit status 1).
    #[error("{INPUT_ENDED}")]
    InputEnded,
}

impl cards_core::cli::Failure for Failure {
    fn is_broken_pipe(&self) -> bool {
        match self {
            Failure::Write(error) | Failure::Play(PlayError::Stopped(Stop::Io(error))) => {
                is_broken_pipe(error)
            }
            _ => false,
        }
    }

    fn is_cut_short(&self) -> bool {
        matches!(self, Failure::InputEnded | Failure::DiceRanOut { .. })
    }
}

/// Parses the command line, runs it, and picks the exit status.
pub fn main() -> ExitCode {
    #[cfg(not(feature = "grade"))]
    // Playing needs none of the grader: its subcommands are in the build with `grade`.
    if let Some(code) =
        cards_core::cli::not_in_this_build(PROGRAM, &["grade", "gradescope"], "grade")
    {
        return code;
    }
    match parse_game_args::<Cli>(PROGRAM) {
        Ok(cli) => finish(PROGRAM, try_main(cli)),
        Err(code) => code,
    }
}

/// The command the arguments name, run.
fn try_main(cli: Cli) -> Result<ExitCode, Failure> {
    match cli.command {
        None => run_game(cli.play),
        Some(Command::Solve(args)) => run_solve(args),
        Some(Command::Simulate(args)) => run_simulate(args),
        Some(Command::Dice(args)) => run_dice(args),
        Some(Command::Check { transcript }) => run_check(&transcript),
        #[cfg(feature = "grade")]
        Some(Command::Grade(args)) => run_grade(args),
        #[cfg(feature = "grade")]
        Some(Command::Gradescope(args)) => run_gradescope(args),
        Some(Command::Replay { file }) => run_replay(&file),
    }
}

#[cfg(feature = "grade")]
/// `pig gradescope`: the autograder zip, grading with a fixed seed.
fn run_gradescope(args: GradescopeArgs) -> Result<ExitCode, Failure> {
    if let Some(message) = args.marking.unmatched_game(args.played.games) {
        return Err(Failure::Marking(message));
    }
    let mut grade = vec![
        "grade".to_owned(),
        "--games".to_owned(),
        args.played.games.to_string(),
        "--seed".to_owned(),
        args.played.seed.to_string(),
    ];
    grade.extend(args.autograder.grade_args());
    grade.extend(args.marking.grade_args());
    let zip = args.autograder.autograder(
        PROGRAM,
        vec![grader::zip::Part {
            grade,
            command: args.command,
            compile: args.autograder.compile.clone(),
            cases: None,
        }],
    );
    args.autograder.write(&zip, &mut io::stdout().lock())?;
    Ok(ExitCode::SUCCESS)
}

/// `pig check`: one saved transcript against the rules.
fn run_check(path: &Path) -> Result<ExitCode, Failure> {
    // A terminal session may hold bytes that are not UTF-8 (a stray key): they are read
    // leniently, but never past the workspace's input limit (`check /dev/zero`).
    let what = path.display().to_string();
    let mut bytes = Vec::new();
    File::open(path)
        .and_then(|file| file.take(MAX_INPUT + 1).read_to_end(&mut bytes))
        .map_err(|error| Failure::Read {
            path: what.clone(),
            error,
        })?;
    if bytes.len() as u64 > MAX_INPUT {
        return Err(InputError::TooLarge { what }.into());
    }
    let text = String::from_utf8_lossy(&bytes);
    let mut out = BufWriter::new(io::stdout().lock());
    let status = match pig::check::check(&text, None) {
        Ok(checked) => {
            writeln!(out, "{checked}")?;
            0
        }
        Err(violation) => {
            writeln!(out, "{violation}")?;
            1
        }
    };
    out.flush()?;
    Ok(ExitCode::from(status))
}

#[cfg(feature = "grade")]
/// `pig grade`: a program played N times and every game checked.
fn run_grade(args: GradeArgs) -> Result<ExitCode, Failure> {
    let seed = resolve_seed(PROGRAM, args.played.seed);
    let run = &args.run;
    // No --strict: without expected outputs there is no project's own reading to keep to.
    let options = run.options(false, args.marking.tell_case);
    if let Some(message) = args.marking.unmatched_game(args.played.games) {
        return Err(Failure::Marking(message));
    }
    let marking = args.marking.marking();
    let graded = run
        .sandbox(Vec::new())
        .map_err(Failure::from)
        .and_then(|sandbox| {
            grade::grade(args.played.games, seed, &sandbox, &run.command, &options)
                .map_err(Failure::from)
        })
        .and_then(|mut report| {
            marking.apply(&mut report).map_err(Failure::Marking)?;
            Ok(report)
        });
    let mut out = BufWriter::new(io::stdout().lock());
    let status = run.conclude(graded, None, &mut out, Failure::Write)?;
    Ok(ExitCode::from(status))
}

fn run_game(args: PlayArgs) -> Result<ExitCode, Failure> {
    let rules = args.game.rules()?;
    // The dice file is checked before anything else: a bad one plays nothing.
    let recorded = args
        .dice
        .as_deref()
        .map(|path| read_dice(path, rules.variant()))
        .transpose()?;
    let solution = solution_for(&args.game, args.computer.needs_solution())?;
    let computer = strategy(args.computer, solution.as_ref())?;
    // The seed, when the dice come from one (what `--record` writes down).
    let (chance, seed) = match recorded {
        Some(throws) => (ChanceSource::recorded(throws), None),
        None => {
            let seed = resolve_seed(PROGRAM, args.seed);
            (ChanceSource::seeded(rng_from_seed(seed)), Some(seed))
        }
    };
    // Created before the game, so that a file that cannot be written plays nothing.
    let mut recorder = match (&args.record, seed) {
        (Some(path), Some(seed)) => Some(Recorder::new(PROGRAM, Some(path), seed)?),
        _ => None,
    };
    let (input, output) = (io::stdin().lock(), io::stdout().lock());
    // The hint goes only to a person at a terminal: a piped game is the assignment's.
    let at_terminal = io::stdin().is_terminal() && io::stdout().is_terminal();
    let mut game = PigGame::new(rules, chance, computer, input, output)
        .with_echo(args.echo)
        .with_hint(at_terminal);
    let played = game.play();
    // Written whatever the end (a quit, the input ending), so that nothing is lost.
    if let Some(recorder) = &mut recorder {
        recorder.ended(game.tape())?;
    }
    let ending = played.map_err(|error| match (error, args.dice) {
        (PlayError::ChanceRanOut { used }, Some(path)) => Failure::DiceRanOut {
            path: path.display().to_string(),
            used,
        },
        (error, _) => Failure::Play(error),
    })?;
    match ending {
        Ending::Over(_) | Ending::Quit => Ok(ExitCode::SUCCESS),
        Ending::InputEnded => Err(Failure::InputEnded),
    }
}

/// `pig replay FILE`: steps through a recorded game, the commands on standard input.
fn run_replay(path: &Path) -> Result<ExitCode, Failure> {
    let mut out = io::stdout().lock();
    replay_file::<pig::Game, _, _, _>(path, io::stdin().lock(), &mut out, |frame, out| {
        pig::replay::show(frame, out)
    })
    .map_err(|error| match error {
        ReplayFileError::Read(error) => Failure::Input(error),
        ReplayFileError::Replay { path, error } => Failure::Replay {
            path: path.display().to_string(),
            error,
        },
        ReplayFileError::Io(error) => Failure::Write(error),
    })?;
    Ok(ExitCode::SUCCESS)
}

/// The rolls of a dice file, checked whole. The file is read with the workspace's size
/// limit, so `--dice /dev/zero` is refused at once rather than filling memory.
fn read_dice(path: &Path, variant: Variant) -> Result<Vec<Throw>, Failure> {
    let text = read_file(path)?;
    files::parse_dice(variant, &text).map_err(|error| Failure::DiceFile {
        path: path.display().to_string(),
        error,
    })
}

/// `pig dice`: the rolls of a seed, one a line.
fn run_dice(args: DiceArgs) -> Result<ExitCode, Failure> {
    let mut rng = rng_from_seed(resolve_seed(PROGRAM, args.seed));
    let mut out = BufWriter::new(io::stdout().lock());
    files::write_dice(&mut out, args.rules, &mut rng, args.count)?;
    Ok(ExitCode::SUCCESS)
}

/// `pig simulate`'s report, worked out on a loop compiled for the two strategies.
struct Figures<'a>(&'a SimArgs);

impl WithSeats for Figures<'_> {
    type Output = Result<String, SimError<PlayError<Refusal>>>;

    fn with<A, B>(self, setup: Setup<A, B>) -> Self::Output
    where
        A: Agent<pig::game::Game> + Clone + Send + Sync,
        B: Agent<pig::game::Game> + Clone + Send + Sync,
    {
        figures(PROGRAM, &setup, self.0)
    }
}

/// The strategy of a spec, given the solution when it needs one.
fn strategy(spec: StrategySpec, solution: Option<&Arc<Solution>>) -> Result<AnyStrategy, Failure> {
    spec.build(solution).ok_or(Failure::NoSolution)
}

/// The solved table when a strategy needs one: read from `--table`, or solved now. A
/// `--table` nobody would read is refused rather than silently ignored.
fn solution_for(game: &GameArgs, needed: bool) -> Result<Option<Arc<Solution>>, Failure> {
    if !needed {
        return match game.table {
            Some(_) => Err(Failure::UnusedTable),
            None => Ok(None),
        };
    }
    load_or_solve(game).map(|(solution, _)| Some(Arc::new(solution)))
}

/// Reads `--table` (checking it fits the rules and goal) or solves; also returns the
/// seconds spent solving (`None` for a table read).
fn load_or_solve(game: &GameArgs) -> Result<(Solution, Option<f64>), Failure> {
    let rules = check_goal(game.rules()?)?;
    let Some(path) = &game.table else {
        let start = Instant::now();
        let solution = solve(rules)?;
        return Ok((solution, Some(start.elapsed().as_secs_f64())));
    };
    let solution = read_table(path)?;
    if solution.rules() != rules {
        return Err(Failure::Mismatch {
            path: path.display().to_string(),
            found_rules: solution.rules().variant(),
            found_goal: solution.goal(),
            rules: rules.variant(),
            goal: rules.goal(),
        });
    }
    Ok((solution, None))
}

fn read_table(path: &Path) -> Result<Solution, Failure> {
    let file = File::open(path).map_err(|error| file_failure(path, error))?;
    Solution::read_from(BufReader::new(file)).map_err(|error| file_failure(path, error))
}

fn run_solve(args: SolveArgs) -> Result<ExitCode, Failure> {
    check_goal(args.game.rules()?)?;
    // The output files are opened before the solving, so a path that cannot be written
    // fails at once rather than after a long solve. They are emptied only when written:
    // `--out` may name the `--table` being read.
    let table_file = args.out.as_deref().map(Output::open).transpose()?;
    #[cfg(feature = "plot")]
    let plot_file = args.plot.as_deref().map(Output::open).transpose()?;
    #[cfg(not(feature = "plot"))]
    if args.plot.is_some() {
        return Err(Failure::NoPlot);
    }
    let (solution, seconds) = load_or_solve(&args.game)?;
    let solution = Arc::new(solution);
    let (rules, goal) = (solution.rules(), solution.goal());
    let mut optimal = pig::Optimal(Arc::clone(&solution));
    let mut against = strategy(args.against, Some(&solution))?;
    let evaluation = evaluate(rules, &mut optimal, &mut against)?;
    let rules = rules.variant();

    // The report is made whole first and printed after the files are written, so a file
    // that cannot be written (a full disk, /dev/full) leaves nothing on stdout.
    let mut out = Vec::new();
    writeln!(
        out,
        "Pig, {rules} rules ({}), goal {goal}",
        rules.describe()
    )?;
    match (solution.stats(), &args.game.table) {
        (Some(stats), _) => writeln!(
            out,
            "Value iteration converged to {TOLERANCE:e} in {} layer sweeps ({}, \
             at most {} sweeps in one; {}, {} updates) in {:.2} s",
            stats.sweeps,
            count_of(u64::from(stats.layers), "score-sum layer"),
            stats.max_layer_sweeps,
            count_of(solution.positions() as u64, "position"),
            stats.updates,
            seconds.unwrap_or_default()
        )?,
        (None, path) => writeln!(
            out,
            "Values read from {} ({} positions)",
            path.as_deref().unwrap_or(Path::new("a table")).display(),
            solution.positions()
        )?,
    }
    let (holds, positions) = solution.hold_positions();
    writeln!(
        out,
        "The optimal player holds in {holds} of the {positions} positions with turn points"
    )?;
    let against = &args.against;
    let chances = [
        (
            "First player wins, both playing optimally:".to_owned(),
            solution.first_player_wins(),
        ),
        (
            format!("Optimal player wins against {against}, moving first:"),
            evaluation.a_first,
        ),
        (
            format!("Optimal player wins against {against}, moving second:"),
            evaluation.a_second,
        ),
    ];
    let width = chances
        .iter()
        .map(|(label, _)| label.len())
        .max()
        .unwrap_or(0);
    for (label, chance) in chances {
        writeln!(out, "{label:<width$} {chance:.6}")?;
    }
    let mut to_stdout = false;
    if let Some(file) = table_file {
        file.write(|w| solution.write_to(w))?;
        writeln!(out, "Table written to {}", file.path.display())?;
        to_stdout |= file.is_stdout;
    }
    #[cfg(feature = "plot")]
    if let Some(file) = plot_file {
        let svg = plot::winning_chances_svg(&solution)?;
        file.write(|w| w.write_all(svg.as_bytes()))?;
        writeln!(out, "Chances of winning drawn in {}", file.path.display())?;
        to_stdout |= file.is_stdout;
    }
    // A file that is standard output itself (`--plot /dev/stdout > pic.svg`) would be
    // spoilt by the report after it: the report goes to stderr instead.
    if to_stdout {
        let _ = io::stderr().lock().write_all(&out);
        return Ok(ExitCode::SUCCESS);
    }
    let mut stdout = io::stdout().lock();
    stdout.write_all(&out)?;
    stdout.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// A file `pig solve` writes, opened before the solving.
struct Output {
    path: PathBuf,
    file: File,
    /// A regular file is emptied before it is written; a device or a pipe cannot be
    /// (truncating `/dev/null` fails with `Invalid argument`) and needs no emptying.
    regular: bool,
    /// The file is the one standard output writes to.
    is_stdout: bool,
}

impl Output {
    /// Opens (creates if need be) `path` for writing without emptying it.
    fn open(path: &Path) -> Result<Output, Failure> {
        let file = File::options()
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(|error| file_failure(path, error))?;
        let metadata = file.metadata().map_err(|error| file_failure(path, error))?;
        Ok(Output {
            path: path.to_owned(),
            regular: metadata.is_file(),
            is_stdout: is_stdout(&metadata),
            file,
        })
    }

    /// Empties a regular file, then writes it with `write`; any failure (a full device)
    /// is one line naming the path.
    fn write(
        &self,
        write: impl FnOnce(&mut BufWriter<&File>) -> io::Result<()>,
    ) -> Result<(), Failure> {
        let written = (|| {
            if self.regular {
                self.file.set_len(0)?;
            }
            let mut out = BufWriter::new(&self.file);
            write(&mut out)?;
            out.flush()
        })();
        written.map_err(|error| file_failure(&self.path, error))
    }
}

/// Whether the file of `metadata` is the one standard output writes to.
#[cfg(unix)]
fn is_stdout(metadata: &std::fs::Metadata) -> bool {
    use std::os::fd::AsFd;
    use std::os::unix::fs::MetadataExt;
    let stdout = io::stdout();
    let Ok(fd) = stdout.as_fd().try_clone_to_owned() else {
        return false;
    };
    File::from(fd)
        .metadata()
        .is_ok_and(|out| (out.dev(), out.ino()) == (metadata.dev(), metadata.ino()))
}

#[cfg(not(unix))]
fn is_stdout(_: &std::fs::Metadata) -> bool {
    false
}

/// The one-line error about a file: `PATH: what went wrong`.
fn file_failure(path: &Path, error: impl Into<SolveError>) -> Failure {
    Failure::File {
        path: path.display().to_string(),
        error: error.into(),
    }
}

fn run_simulate(args: SimulateArgs) -> Result<ExitCode, Failure> {
    let needs = args.a.needs_solution() || args.b.needs_solution();
    let solution = solution_for(&args.game, needs)?;
    let game = Setup {
        rules: args.game.rules()?,
        a: (strategy(args.a, solution.as_ref())?, args.a.to_string()),
        b: (strategy(args.b, solution.as_ref())?, args.b.to_string()),
    };
    let text = game
        .with_seats_typed(Figures(&args.sim))
        .map_err(|error| match error {
            SimError::Game { error, .. } => Failure::Play(error),
            error => Failure::Threads(error.to_string()),
        })?;
    let mut out = BufWriter::new(io::stdout().lock());
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
