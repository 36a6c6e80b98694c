//! The `quattro` binary: parses the command line, picks the seed, plays, and turns the
//! ending into an exit status (see [`cards_core::cli`]).

mod cli;

use std::io::{self, Write};
use std::process::ExitCode;

use cards_core::cli::{EXIT_CUT_SHORT, is_broken_pipe, report, report_usage};
use cards_core::console::Console;
use cards_core::rng::{resolve_seed, rng_from_seed};
use clap::Parser;
use quattro::console::{self, Ending};
use quattro::{Game, Player, Rules, render, simulate};

use crate::cli::{Cli, Command, PlayArgs, SimulateArgs};

const PROGRAM: &str = "quattro";

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // --help and --version are no errors.
        Err(error) if !error.use_stderr() => {
            return match error.print() {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
                Err(e) => report(PROGRAM, e),
            };
        }
        Err(error) => return report_usage(PROGRAM, &error.render().to_string()),
    };
    let result = match cli.command {
        Some(Command::Simulate(args)) => run_simulate(&args),
        None => run_game(&cli.play),
    };
    match result {
        Ok(code) => code,
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => report(PROGRAM, error),
    }
}

fn run_game(args: &PlayArgs) -> io::Result<ExitCode> {
    let rules = Rules::from(args.rules);
    if args.bots == 4 {
        let mut rng = rng_from_seed(resolve_seed(PROGRAM, args.seed));
        let mut game = Game::new(rules, simulate::bots(), args.max_turns, &mut rng);
        let mut out = io::BufWriter::new(io::stdout().lock());
        console::play_bots(&mut game, &mut rng, &mut out, args.reveal)?;
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
    let seed = resolve_seed(PROGRAM, args.seed);
    let mut console = Console::new(io::stdin().lock(), io::stdout().lock()).with_echo(args.echo);
    let Some(name) = console::ask_name(&mut console)? else {
        writeln!(console.output(), "\n{}", console::INPUT_ENDED)?;
        return Ok(ExitCode::from(EXIT_CUT_SHORT));
    };
    let mut players = simulate::bots();
    players[0] = Player::new(name, true);
    let mut rng = rng_from_seed(seed);
    let mut game = Game::new(rules, players, args.max_turns, &mut rng);
    let ending = console::play_with_human(&mut game, &mut rng, &mut console, args.reveal)?;
    console.output().flush()?;
    Ok(match ending {
        Ending::Finished(_) => ExitCode::SUCCESS,
        Ending::InputEnded => ExitCode::from(EXIT_CUT_SHORT),
    })
}

fn run_simulate(args: &SimulateArgs) -> io::Result<ExitCode> {
    let rules = Rules::from(args.rules);
    let seed = resolve_seed(PROGRAM, args.seed);
    let tally = simulate::simulate(rules, args.games, seed, args.max_turns);
    let mut out = io::stdout().lock();
    render::tally(&mut out, &tally, rules, seed)?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
