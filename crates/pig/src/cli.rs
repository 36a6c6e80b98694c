//! The command line: parse with clap, check the setup, run, and turn the result into an
//! exit status (0 played, 1 the input ended first, 2 bad usage or input).

use std::fs::File;
use std::io::{self, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use cards_core::cli::{EXIT_CUT_SHORT, is_broken_pipe, parse_args, report};
use cards_core::console::Console;
use cards_core::rng::{resolve_seed, rng_from_seed};
use clap::{Args, Parser, Subcommand};
use pig::game::{GameEnd, PigGame, PlayError};
use pig::simulate::{Report, simulate};
use pig::solver::{Solution, SolveError, TOLERANCE, check_goal, evaluate, solve};
use pig::state::DEFAULT_GOAL;
use pig::{Rules, SeededDice, StrategySpec};

const PROGRAM: &str = "pig";

/// The largest goal a game may have: enough for any demonstration, and far from
/// overflowing a score.
const MAX_GAME_GOAL: u32 = 10_000;

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
roll. The Computer rolls until its turn holds 20 points or more.",
    after_help = "Examples:
  pig --seed 42                         play; the same seed gives the same dice
  pig --seed 42 --echo < answers.txt    answers from a file, one a line, shown after the prompts
  pig --computer optimal                play against the solved strategy
  pig solve --plot hold.svg             the optimal strategy, its chances, a picture
  pig simulate --games 100000 --a optimal --b hold:20 --seed 1",
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
    /// The Computer's strategy: hold:N (roll until the turn holds N points) or optimal.
    #[arg(long, value_name = "STRATEGY", default_value = "hold:20")]
    computer: StrategySpec,
    /// Rules and goal, and where an optimal Computer finds its table.
    #[command(flatten)]
    game: GameArgs,
    /// Echo each answer after its prompt, for readable transcripts of piped input.
    #[arg(long)]
    echo: bool,
}

#[derive(Debug, Args)]
struct GameArgs {
    /// The points needed to win (the assignment's is 100; 1 to 10000, and at most 300
    /// for the optimal strategy, whose table grows as the cube of the goal).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_GOAL,
          value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_GAME_GOAL)))]
    goal: u32,
    /// seed: the assignment's two dice; classic: one die, a 1 loses the turn.
    #[arg(long, value_name = "RULES", default_value = "seed")]
    rules: Rules,
    /// A value table written by `pig solve --out`, for the optimal strategy (without
    /// one, the strategy is solved first: about a second for goal 100).
    #[arg(long, value_name = "FILE")]
    table: Option<PathBuf>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Solve Pig by value iteration and print the chances of optimal play.
    #[command(after_help = "Examples:
  pig solve                             the assignment's game: two dice, goal 100
  pig solve --rules classic             classic Pig: one die, a 1 loses the turn
  pig solve --out pig100.table          keep the table for `pig --computer optimal --table`
  pig solve --plot hold.svg             draw where the optimal player holds

The table format: 8 bytes PIGVALS1, 1 byte rules (0 seed, 1 classic), the goal as a
little-endian u32, then each position's winning chance as a little-endian f64, the
mover's score slowest, then the opponent's, then the turn points.")]
    Solve(SolveArgs),
    /// Play many games between two strategies and report their win shares.
    #[command(
        after_help = "Strategies: hold:N (roll until the turn holds N points) or optimal.
A moves first in every game; swap --a and --b for the other seat. Game n of a run
uses its own stream of the seed, so the figures do not depend on the number of threads.

Example:
  pig simulate --games 100000 --a optimal --b hold:20 --seed 1 --json"
    )]
    Simulate(SimulateArgs),
}

#[derive(Debug, Args)]
struct SolveArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The strategy the optimal player is measured against.
    #[arg(long, value_name = "STRATEGY", default_value = "hold:20")]
    against: StrategySpec,
    /// Write the value table to FILE.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Draw the optimal hold boundary as an SVG picture.
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
}

#[derive(Debug, Args)]
struct SimulateArgs {
    /// Games to play (1 or more).
    #[arg(long, value_name = "N", default_value_t = 10_000, value_parser = at_least_one::<u64>)]
    games: u64,
    /// Player A's strategy (A moves first).
    #[arg(long = "a", value_name = "STRATEGY", default_value = "optimal")]
    a: StrategySpec,
    /// Player B's strategy.
    #[arg(long = "b", value_name = "STRATEGY", default_value = "hold:20")]
    b: StrategySpec,
    /// Seed of the games' dice streams (a random one is shown on stderr if none is given).
    #[arg(long, value_name = "S")]
    seed: Option<u64>,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
    /// Worker threads (default: all cores).
    #[arg(long, value_name = "N", value_parser = at_least_one::<usize>)]
    threads: Option<usize>,
    #[command(flatten)]
    game: GameArgs,
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

/// Why a run failed; each prints as one line.
#[derive(Debug, thiserror::Error)]
enum Failure {
    #[error("{0}")]
    Play(#[from] PlayError),
    #[error("{0}")]
    Solve(#[from] SolveError),
    #[error("{path}: {error}")]
    File { path: String, error: SolveError },
    #[error(
        "the table {path} is for {found_rules} rules and goal {found_goal}, not {rules} and {goal}"
    )]
    Mismatch {
        path: String,
        found_rules: Rules,
        found_goal: u32,
        rules: Rules,
        goal: u32,
    },
    #[error("--table is read only for the optimal strategy, and no player here plays it")]
    UnusedTable,
    #[error("--threads: {0}")]
    Threads(String),
    #[error("{0}")]
    Write(#[from] io::Error),
}

/// Parses the command line, runs it, and picks the exit status.
pub fn main() -> ExitCode {
    let cli = match parse_args::<Cli>(PROGRAM) {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    match run(cli) {
        Ok(None) => ExitCode::SUCCESS,
        Ok(Some(GameEnd::Won(_))) => ExitCode::SUCCESS,
        Ok(Some(GameEnd::InputEnded)) => {
            eprintln!("{PROGRAM}: the input ended before the game did; nobody won");
            ExitCode::from(EXIT_CUT_SHORT)
        }
        Err(Failure::Write(error) | Failure::Play(PlayError::Io(error)))
            if is_broken_pipe(&error) =>
        {
            ExitCode::SUCCESS
        }
        Err(failure) => report(PROGRAM, failure),
    }
}

fn run(cli: Cli) -> Result<Option<GameEnd>, Failure> {
    match cli.command {
        None => play(cli.play).map(Some),
        Some(Command::Solve(args)) => run_solve(args).map(|()| None),
        Some(Command::Simulate(args)) => run_simulate(args).map(|()| None),
    }
}

fn play(args: PlayArgs) -> Result<GameEnd, Failure> {
    let GameArgs { goal, rules, .. } = args.game;
    let solution = solution_for(&args.game, args.computer.needs_solution())?;
    let computer = strategy(args.computer, solution.as_ref());
    let seed = resolve_seed(PROGRAM, args.seed);
    let dice = SeededDice::new(rules, rng_from_seed(seed));
    let console = Console::stdio().with_echo(args.echo);
    let mut game = PigGame::new(rules, goal, dice, computer, console);
    Ok(game.play()?)
}

/// The strategy of a spec, given the solution when it needs one.
fn strategy(spec: StrategySpec, solution: Option<&Arc<Solution>>) -> pig::AnyStrategy {
    // solution_for gave a solution whenever the spec needs one; hold:20 is only a
    // fallback that cannot be reached.
    spec.build(solution)
        .unwrap_or(pig::AnyStrategy::HoldAt(pig::HoldAt(20)))
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
    check_goal(game.goal)?;
    let Some(path) = &game.table else {
        let start = Instant::now();
        let solution = solve(game.rules, game.goal)?;
        return Ok((solution, Some(start.elapsed().as_secs_f64())));
    };
    let solution = read_table(path)?;
    if (solution.rules(), solution.goal()) != (game.rules, game.goal) {
        return Err(Failure::Mismatch {
            path: path.display().to_string(),
            found_rules: solution.rules(),
            found_goal: solution.goal(),
            rules: game.rules,
            goal: game.goal,
        });
    }
    Ok((solution, None))
}

fn read_table(path: &Path) -> Result<Solution, Failure> {
    let file = File::open(path).map_err(|error| file_failure(path, error))?;
    Solution::read_from(BufReader::new(file)).map_err(|error| file_failure(path, error))
}

fn run_solve(args: SolveArgs) -> Result<(), Failure> {
    check_goal(args.game.goal)?;
    // The output files are opened before the solving, so a path that cannot be written
    // fails at once rather than after a long solve. They are emptied only when written:
    // `--out` may name the `--table` being read.
    let table_file = args.out.as_deref().map(open_output).transpose()?;
    let plot_file = args.plot.as_deref().map(open_output).transpose()?;
    let (solution, seconds) = load_or_solve(&args.game)?;
    let solution = Arc::new(solution);
    let (rules, goal) = (solution.rules(), solution.goal());
    let optimal = pig::Optimal(Arc::clone(&solution));
    let against = strategy(args.against, Some(&solution));
    let evaluation = evaluate(rules, goal, &optimal, &against)?;

    let mut out = BufWriter::new(io::stdout().lock());
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
            count(u64::from(stats.layers), "score-sum layer"),
            stats.max_layer_sweeps,
            count(solution.positions() as u64, "position"),
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
    if let (Some(path), Some(file)) = (&args.out, table_file) {
        file.set_len(0)
            .and_then(|()| solution.write_to(BufWriter::new(file)))
            .map_err(|error| file_failure(path, error))?;
        writeln!(out, "Table written to {}", path.display())?;
    }
    if let (Some(path), Some(mut file)) = (&args.plot, plot_file) {
        let svg = crate::plot::hold_boundary_svg(&solution);
        file.set_len(0)
            .and_then(|()| file.write_all(svg.as_bytes()))
            .map_err(|error| file_failure(path, error))?;
        writeln!(out, "Hold boundary drawn in {}", path.display())?;
    }
    out.flush()?;
    Ok(())
}

/// A file to write, opened (created if need be) without emptying it.
fn open_output(path: &Path) -> Result<File, Failure> {
    File::options()
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .map_err(|error| file_failure(path, error))
}

/// The one-line error about a file: `PATH: what went wrong`.
fn file_failure(path: &Path, error: impl Into<SolveError>) -> Failure {
    Failure::File {
        path: path.display().to_string(),
        error: error.into(),
    }
}

/// `1 position`, `2 positions`.
fn count(n: u64, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

fn run_simulate(args: SimulateArgs) -> Result<(), Failure> {
    let needs = args.a.needs_solution() || args.b.needs_solution();
    let solution = solution_for(&args.game, needs)?;
    let a = strategy(args.a, solution.as_ref());
    let b = strategy(args.b, solution.as_ref());
    let seed = resolve_seed(PROGRAM, args.seed);
    let (rules, goal, games) = (args.game.rules, args.game.goal, args.games);

    let bar = indicatif::ProgressBar::new(games);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games, {per_sec}, {eta} left",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let run = || simulate(rules, goal, &a, &b, games, seed, &|n| bar.inc(n));
    let tally = match args.threads {
        None => run(),
        Some(threads) => rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| Failure::Threads(e.to_string()))?
            .install(run),
    };
    bar.finish_and_clear();

    let report = Report::new(
        rules,
        goal,
        seed,
        [args.a.to_string(), args.b.to_string()],
        &tally,
    );
    let mut out = BufWriter::new(io::stdout().lock());
    if args.json {
        let json = serde_json::to_string_pretty(&report).map_err(io::Error::other)?;
        writeln!(out, "{json}")?;
    } else {
        out.write_all(report.text().as_bytes())?;
    }
    out.flush()?;
    Ok(())
}
