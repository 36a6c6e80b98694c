//! The `simulate` subcommand every game shares (with the `clap` and `sim` features): its
//! common options ([`SimArgs`]), a progress bar on a terminal, and the report on stdout.

use std::io::{self, IsTerminal};
use std::process::ExitCode;

use crate::cli::resolve_seed;
use crate::cli::{report, write_stdout};
use crate::sim::{self, MAX_THREADS, Options, Simulation};

/// The simulation's default number of games.
pub const DEFAULT_GAMES: u64 = 10_000;

/// Runs shorter than this many games show no progress bar (they end before it helps).
const LONG_RUN: u64 = 200_000;

/// The options every `simulate` subcommand takes, with the same meaning everywhere.
#[derive(Clone, Debug, clap::Args)]
pub struct SimArgs {
    /// How many games (at least 1).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_GAMES, value_parser = parse_games)]
    pub games: u64,
    /// The run's seed: game i draws its chance from stream i of it (a random seed is
    /// chosen and shown on stderr if none is given).
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Worker threads, 1 to 256 (default: one a core). The figures are the same for
    /// any number.
    #[arg(long, value_name = "N", value_parser = parse_threads)]
    pub threads: Option<usize>,
    /// Print the report as JSON (the schema is the same for every game).
    #[arg(long)]
    pub json: bool,
}

fn parse_games(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(0) => Err("the number of games is at least 1".to_owned()),
        Ok(games) => Ok(games),
        Err(error) if *error.kind() == std::num::IntErrorKind::PosOverflow => {
            Err(format!("the number of games is at most {}", u64::MAX))
        }
        Err(_) => Err("expected a whole number of games, at least 1".to_owned()),
    }
}

fn parse_threads(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(threads) if (1..=MAX_THREADS).contains(&threads) => Ok(threads),
        _ => Err(format!(
            "expected a number of threads from 1 to {MAX_THREADS}"
        )),
    }
}

/// Runs a `simulate` subcommand of `program` once its own options have made
/// `simulation`: announces a random seed if none was given (after every option was
/// checked), shows a progress bar on a terminal for a long text run, prints the report
/// (text, or JSON with `--json`) on stdout; exit status 0, or 2 with one error line.
pub fn simulate<S: Simulation>(program: &str, simulation: &S, args: &SimArgs) -> ExitCode {
    match figures(program, simulation, args) {
        Ok(text) => write_stdout(program, &text),
        Err(error) => report(program, error),
    }
}

/// What [`simulate`] prints: the report of the run `args` ask for, as text or JSON (the
/// seed announced, and the progress shown, as there).
pub fn figures<S: Simulation>(
    program: &str,
    simulation: &S,
    args: &SimArgs,
) -> Result<String, sim::SimError<S::Error>> {
    let options = Options {
        games: args.games,
        seed: resolve_seed(program, args.seed),
        threads: args.threads,
    };
    let bar = (!args.json && args.games >= LONG_RUN && io::stderr().is_terminal())
        .then(|| indicatif::ProgressBar::new(args.games));
    let result = sim::run(simulation, &options, &|games| {
        if let Some(bar) = &bar {
            bar.inc(games);
        }
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let figures = result?;
    Ok(if args.json {
        figures.to_json()
    } else {
        figures.to_text()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;
    use pretty_assertions::assert_eq;

    #[derive(Debug, Parser)]
    struct Cli {
        #[command(flatten)]
        sim: SimArgs,
    }

    #[test]
    fn options_are_checked_while_parsing() {
        let parse = |args: &[&str]| {
            Cli::try_parse_from(args)
                .map(|cli| (cli.sim.games, cli.sim.threads))
                .map_err(|e| e.kind())
        };
        assert_eq!(parse(&["s"]), Ok((DEFAULT_GAMES, None)));
        assert_eq!(
            parse(&["s", "--games", "5", "--threads", "2"]),
            Ok((5, Some(2)))
        );
        assert_eq!(
            parse_games("18446744073709551616"),
            Err("the number of games is at most 18446744073709551615".to_owned())
        );
        for bad in [
            ["s", "--games", "0"],
            ["s", "--threads", "0"],
            ["s", "--threads", "257"],
        ] {
            assert_eq!(parse(&bad), Err(clap::error::ErrorKind::ValueValidation));
        }
    }
}
