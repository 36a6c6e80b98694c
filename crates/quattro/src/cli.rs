//! The command line: clap's definition, and turning it into what to play.

use clap::{Parser, Subcommand, ValueEnum};

use quattro::{DEFAULT_MAX_TURNS, Rules};

const AFTER_HELP: &str = "\
How to play:
  You and three bots (Player 2, Player 3, Player 4) get 3 cards each. On your turn,
  play a card of the same colour or number as the top card of the discard pile by
  typing its code (R5 is the red 5; case doesn't matter), or type draw when none of
  your cards matches. The first player with no cards left wins. With --rules uno a
  wild card (W, W+4) asks you for a colour (R, Y, G or B).

Examples:
  quattro                        play (the seed is printed on stderr)
  quattro --seed 42              replay the game of seed 42
  quattro --bots 4 --seed 7      watch four bots play
  quattro --rules uno --reveal   play with Skip, Reverse, Draw Two and wild cards, bots' cards shown
  quattro simulate --games 10000 --rules uno --seed 1

Exit status: 0 when the game ends, 1 when the input ends first, 2 for bad usage.";

/// Quattro: an Uno-like card game, one human against three bots.
#[derive(Debug, Parser)]
#[command(
    name = "quattro",
    version,
    after_help = AFTER_HELP,
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub play: PlayArgs,
}

/// What else the program can do.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play many bot games and print win shares per seat and the mean game length.
    Simulate(SimulateArgs),
}

/// Options of a game.
#[derive(Debug, clap::Args)]
pub struct PlayArgs {
    /// Seed of the shuffles: the same seed (and answers) replays the same game.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Rule set: the assignment's game, or with the Uno expansion cards.
    #[arg(long, value_enum, default_value_t = RulesArg::Quattro)]
    pub rules: RulesArg,
    /// Number of bots: 3 (you play too) or 4 (the bots play alone and the game is printed).
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = clap::value_parser!(u8).range(3..=4))]
    pub bots: u8,
    /// Show the bots' cards (for teaching and debugging).
    #[arg(long)]
    pub reveal: bool,
    /// Echo your answers, so that a transcript of piped input reads like a terminal session.
    #[arg(long)]
    pub echo: bool,
    /// End a game with no winner after this many turns.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_TURNS, value_parser = positive::<u32>)]
    pub max_turns: u32,
}

/// Options of `simulate`.
#[derive(Debug, clap::Args)]
pub struct SimulateArgs {
    /// Number of games.
    #[arg(long, value_name = "N", value_parser = positive::<u64>)]
    pub games: u64,
    /// Rule set.
    #[arg(long, value_enum, default_value_t = RulesArg::Quattro)]
    pub rules: RulesArg,
    /// Seed: game i is played with stream i of this seed.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// End a game with no winner after this many turns.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_TURNS, value_parser = positive::<u32>)]
    pub max_turns: u32,
}

/// `--rules`.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum RulesArg {
    /// The assignment's 40 number cards.
    Quattro,
    /// Adds Skip, Reverse, Draw Two, Wild and Wild Draw Four (56 cards).
    Uno,
}

impl From<RulesArg> for Rules {
    fn from(rules: RulesArg) -> Rules {
        match rules {
            RulesArg::Quattro => Rules::Quattro,
            RulesArg::Uno => Rules::Uno,
        }
    }
}

/// A whole number of at least 1 (a number of games or turns).
fn positive<T: std::str::FromStr + PartialEq + From<u8>>(text: &str) -> Result<T, String> {
    match text.parse::<T>() {
        Ok(n) if n != T::from(0) => Ok(n),
        Ok(_) => Err("it must be at least 1".to_owned()),
        Err(_) => Err("expected a whole number".to_owned()),
    }
}
