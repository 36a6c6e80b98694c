//! Command-line arguments (clap) and what each command runs. Only the binary knows clap.

use std::process::ExitCode;

use cards_core::cli::{EXIT_CUT_SHORT, is_broken_pipe, parse_args, report};
use cards_core::console::StdConsole;
use cards_core::rng::{resolve_seed, rng_from_seed};
use std::io::{self, Write};

use clap::{Args, Parser, Subcommand, ValueEnum};
use indicatif::ProgressBar;

use war::console::{self, Ending, Mode};
use war::sim::{Simulation, simulate};
use war::{Game, Order, Rules};

const ABOUT: &str = "The card game War: battles, wars and the statistics of a game.";

const LONG_ABOUT: &str = "\
The card game War. The 52 cards are shuffled and dealt to the players. In each battle \
every player turns up their top card; the highest rank wins all the cards on the table \
(2 is lowest, ace highest, suits do not count). A tie starts a war: the tied players each \
put down four cards, the fourth face up, and the highest fourth card takes everything \
(10 cards for a two-player war); another tie chains another war. A player who must put \
down a card and has none is out; the last player with cards wins.

Won cards go under the winner's pile shuffled (--order shuffled, the default) or in the \
order they were put down (--order fixed); a fixed-order game that would repeat forever \
is stopped when its position repeats, and any game stops after --max-battles battles.

At the prompt: press Enter to play one battle, type a number to play that many battles \
(each with its wars, whose deciding battles count too, so a few more may be counted), or q \
to quit. End of input quits as q does, but exits with status 1. \
At the end the winner (if any), the number of battles and the number of wars are printed. \
Exit status: 0 when the game ended or was quit, 1 when the input ended first, 2 for bad \
arguments.";

const EXAMPLES: &str = "\
Examples:
  war --seed 7                          play at the terminal: Enter, a number or q at each prompt
  war --seed 7 --auto                   play a whole game without asking
  war --seed 7 --quiet                  print only the winner and the numbers of battles and wars
  war --seed 7 --players 4 --auto       four players; ties for the highest card go to war
  war --seed 7 --echo < answers.txt     answers from a file, echoed into the transcript
  war simulate --games 100000 --seed 1  statistics of many games (see war simulate --help)";

const SIMULATE_ABOUT: &str = "\
Play many games without output, on every core, and print the mean, median, 90th and \
99th percentile of battles and wars per game, the share of battles that are wars, \
Player 1's share of wins and the share of games stopped for cycling or at the battle cap. \
Game i is played with its own random stream of the seed, so the figures are the same \
for a given seed whatever the number of threads. A progress bar is shown on a terminal.";

const SIMULATE_EXAMPLES: &str = "\
Examples:
  war simulate --games 100000 --seed 1
  war simulate --games 10000 --players 4 --seed 1 --json
  war simulate --games 10000 --order fixed --seed 1 --threads 1";

/// `war`: play War at the terminal.
#[derive(Debug, Parser)]
#[command(
    name = "war",
    version,
    about = ABOUT,
    long_about = LONG_ABOUT,
    after_help = EXAMPLES,
    args_conflicts_with_subcommands = true,
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    game: GameArgs,
    /// Play to the end without asking, showing every battle.
    #[arg(long)]
    auto: bool,
    /// Play to the end and print only the summary.
    #[arg(long)]
    quiet: bool,
    /// Echo each answer after the prompt (for readable transcripts of piped input).
    #[arg(long)]
    echo: bool,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play many games without output and print their statistics.
    #[command(long_about = SIMULATE_ABOUT, after_help = SIMULATE_EXAMPLES)]
    Simulate(SimulateArgs),
}

#[derive(Debug, Args)]
struct SimulateArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Number of games to play.
    #[arg(long, value_name = "N", default_value_t = 10_000)]
    games: u64,
    /// Worker threads, 1 to 256 (default: one per core).
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
    /// Print the figures as JSON.
    #[arg(long)]
    json: bool,
}

/// The settings of a game, shared by play and simulate.
#[derive(Debug, Args)]
struct GameArgs {
    /// Seed of the shuffles; without it a random seed is chosen and printed on stderr.
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// Number of players, 2 to 8.
    #[arg(long, value_name = "N", default_value_t = 2)]
    players: usize,
    /// The order in which won cards go under the winner's pile.
    #[arg(long, value_enum, default_value_t = OrderArg::Shuffled)]
    order: OrderArg,
    /// Stop a game without winner after this many battles.
    #[arg(long, value_name = "N", default_value_t = Rules::DEFAULT_MAX_BATTLES)]
    max_battles: u64,
}

impl GameArgs {
    fn rules(&self) -> Result<Rules, war::SetupError> {
        let order = match self.order {
            OrderArg::Shuffled => Order::Shuffled,
            OrderArg::Fixed => Order::Fixed,
        };
        Rules::new(self.players)?
            .with_order(order)
            .with_max_battles(self.max_battles)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum OrderArg {
    /// Shuffle the won cards before putting them under the pile.
    Shuffled,
    /// Battle cards in seat order, then each war's cards player by player.
    Fixed,
}

/// Parses the arguments and runs the command; the exit status follows the workspace:
/// 0 ok, 1 cut short by the end of input, 2 bad usage.
pub fn main() -> ExitCode {
    let cli = match parse_args::<Cli>("war") {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    match &cli.command {
        Some(Command::Simulate(args)) => run_simulation(args),
        None => play(&cli),
    }
}

fn play(cli: &Cli) -> ExitCode {
    let rules = match cli.game.rules() {
        Ok(rules) => rules,
        Err(error) => return report("war", error),
    };
    let mode = if cli.quiet {
        Mode::Quiet
    } else if cli.auto {
        Mode::Auto
    } else {
        Mode::Interactive
    };
    let mut rng = rng_from_seed(resolve_seed("war", cli.game.seed));
    let mut game = Game::new(rules, &mut rng);
    let mut console = StdConsole::stdio().with_echo(cli.echo);
    match console::play(&mut game, &mut rng, &mut console, mode) {
        Ok(Ending::EndOfInput) => ExitCode::from(EXIT_CUT_SHORT),
        Ok(Ending::Over(_) | Ending::Quit) => ExitCode::SUCCESS,
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => report("war", error),
    }
}

fn run_simulation(args: &SimulateArgs) -> ExitCode {
    let rules = match args.game.rules() {
        Ok(rules) => rules,
        Err(error) => return report("war", error),
    };
    let simulation = Simulation {
        rules,
        games: args.games,
        seed: resolve_seed("war", args.game.seed),
        threads: args.threads,
    };
    // indicatif draws nothing when stderr is not a terminal.
    let bar = ProgressBar::new(args.games);
    let result = simulate(&simulation, &|| bar.inc(1));
    bar.finish_and_clear();
    let figures = match result {
        Ok(figures) => figures,
        Err(error) => return report("war", error),
    };
    let text = if args.json {
        match serde_json::to_string_pretty(&figures) {
            Ok(json) => json + "\n",
            Err(error) => return report("war", error),
        }
    } else {
        figures.to_text()
    };
    let mut stdout = io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => report("war", error),
    }
}
