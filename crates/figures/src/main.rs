//! The `figures` binary: draws a figure of the book (`figures lengths GAME`), the
//! command shown next to it. The work is in the library; this is the command line.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use figures::{Figure, lengths, svg};

/// The book's figures: seeded games drawn as SVG.
#[derive(Parser, Debug)]
#[command(
    version,
    after_help = "Example (from the workspace's root):\n  \
    figures lengths war --games 2000 --seed 1 --out docs/book/src/war/lengths.svg\n\n\
    The games are those of `GAME simulate --seed N` (game i from stream i of the seed), \
    in the setup of the book's figures page, played on one thread."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// The histogram of game lengths: how many games lasted each number of turns
    /// (battles in War).
    Lengths {
        /// The game: ochos-locos (diversidad, strategies C N S B), quattro (its rules,
        /// four bots) or war (two players).
        game: GameArg,
        /// How many games to play.
        #[arg(long, value_name = "N", default_value_t = 2000)]
        games: u64,
        /// The run's seed: the same seed draws the same figure.
        #[arg(long, value_name = "N", default_value_t = 1)]
        seed: u64,
        /// The SVG file to write.
        #[arg(long, value_name = "FILE.svg")]
        out: PathBuf,
    },
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum GameArg {
    OchosLocos,
    Quattro,
    War,
}

fn main() -> ExitCode {
    let Command::Lengths {
        game,
        games,
        seed,
        out,
    } = Cli::parse().command;
    let figure = match game {
        GameArg::OchosLocos => Figure::OchosLocos,
        GameArg::Quattro => Figure::Quattro,
        GameArg::War => Figure::War,
    };
    let drawn = lengths(figure, games, seed).and_then(|lengths| Ok((svg(&lengths)?, lengths)));
    let (svg, lengths) = match drawn {
        Ok(drawn) => drawn,
        Err(error) => {
            eprintln!("figures: {error}");
            return ExitCode::from(2);
        }
    };
    if let Err(error) = std::fs::write(&out, svg) {
        eprintln!("figures: cannot write {}: {error}", out.display());
        return ExitCode::from(2);
    }
    println!(
        "{}: {} games, seed {}: mean {:.2}, median {}, p90 {}, max {}; drawn in {}",
        figure.game(),
        lengths.total(),
        seed,
        lengths.mean(),
        lengths.percentile(50),
        lengths.percentile(90),
        lengths.max(),
        out.display()
    );
    ExitCode::SUCCESS
}
