//! The book's figures of game lengths. A table of a simulation (`turns per game: mean
//! 23.89, median 19, p90 44, …`) hides the shape of the distribution: a long tail, a
//! wall where a game is cut off. This crate plays the same seeded games as each game's
//! `simulate` (game `i` of seed `s` from `stream_rng(s, i)`, through the game crate's
//! own `simulate::Worker`), counts how many games had each length, and draws the
//! histogram as SVG with `plotters`. One thread, so the file is the same on every
//! machine; the `figures` binary writes it, and the book shows the command next to the
//! picture.

use std::fmt;

use plotters::prelude::*;

/// A game whose lengths the book draws, in the setup of its figures page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Figure {
    /// Ochos Locos, Assignment 4 Part II (diversidad), four players with the strategies
    /// C, N, S, B in seat order (`ochos-locos simulate diversidad`).
    OchosLocos,
    /// Quattro, its own rules, bots in the four seats, at most
    /// `quattro::Rules::DEFAULT_MAX_TURNS` turns (`quattro simulate`).
    Quattro,
    /// War, two players, won cards returned shuffled, the default cap on battles
    /// (`war simulate`).
    War,
}

impl Figure {
    /// The program whose `simulate` plays the same games.
    pub fn game(self) -> &'static str {
        match self {
            Figure::OchosLocos => "ochos-locos",
            Figure::Quattro => "quattro",
            Figure::War => "war",
        }
    }

    /// The setup in words, for the title.
    fn setup(self) -> &'static str {
        match self {
            Figure::OchosLocos => "Ochos Locos, diversidad, 4 players (C N S B)",
            Figure::Quattro => "Quattro, quattro rules, 4 bots",
            Figure::War => "War, 2 players, won cards shuffled",
        }
    }

    /// What a length counts.
    fn unit(self) -> &'static str {
        match self {
            Figure::War => "battles",
            Figure::OchosLocos | Figure::Quattro => "turns",
        }
    }
}

/// Why no figure was drawn.
#[derive(Debug, thiserror::Error)]
pub enum FigureError {
    /// No games asked for.
    #[error("there must be at least one game")]
    NoGames,
    /// The game's setup was refused (a bug: the setups are fixed).
    #[error("the {game} setup was refused: {message}")]
    Setup {
        /// The game.
        game: &'static str,
        /// What its crate said.
        message: String,
    },
    /// A game broke off: the rules refused their own step.
    #[error("game {index} of the {game} simulation broke off: {message}")]
    Game {
        /// The game.
        game: &'static str,
        /// Its number (its stream of the seed).
        index: u64,
        /// What went wrong.
        message: String,
    },
    /// plotters could not draw.
    #[error("cannot draw the figure: {0}")]
    Drawing(String),
}

/// How many games had each length: `games[n]` games lasted `n`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lengths {
    /// The game and its setup.
    pub figure: Figure,
    /// The run's seed.
    pub seed: u64,
    /// `games[n]`: the games of length `n`.
    pub games: Vec<u64>,
}

fn game_error(figure: Figure, index: u64, error: impl fmt::Display) -> FigureError {
    FigureError::Game {
        game: figure.game(),
        index,
        message: error.to_string(),
    }
}

/// Plays games `0..games` of `seed` in `figure`'s setup and counts their lengths.
pub fn lengths(figure: Figure, games: u64, seed: u64) -> Result<Lengths, FigureError> {
    if games == 0 {
        return Err(FigureError::NoGames);
    }
    let mut counts: Vec<u64> = Vec::new();
    let mut add = |length: u64| {
        // A length is bounded by the game's own cap (War's 100000 battles at most).
        let index = usize::try_from(length).unwrap_or(usize::MAX);
        if index >= counts.len() {
            counts.resize(index + 1, 0);
        }
        counts[index] += 1;
    };
    match figure {
        Figure::OchosLocos => {
            use ochos_locos::{Strategy, Variant, simulate};
            let strategies = [
                Strategy::ColorFirst,
                Strategy::NumberFirst,
                Strategy::Strategic,
                Strategy::Basic,
            ];
            let setup = simulate::Setup::new(Variant::Diversidad, &strategies).map_err(|e| {
                FigureError::Setup {
                    game: figure.game(),
                    message: e.to_string(),
                }
            })?;
            let mut worker =
                simulate::Worker::new(setup.face()).map_err(|e| FigureError::Setup {
                    game: figure.game(),
                    message: e.to_string(),
                })?;
            for index in 0..games {
                let (_, turns) = worker
                    .play(seed, index)
                    .map_err(|e| game_error(figure, index, e))?;
                add(u64::from(turns));
            }
        }
        Figure::Quattro => {
            let setup = quattro::face::Setup::of(quattro::Rules::default());
            let mut worker =
                quattro::simulate::Worker::new(&setup).map_err(|e| game_error(figure, 0, e))?;
            for index in 0..games {
                let (_, turns) = worker
                    .play(seed, index)
                    .map_err(|e| game_error(figure, index, e))?;
                add(u64::from(turns));
            }
        }
        Figure::War => {
            let rules = war::Rules::new(2).map_err(|e| FigureError::Setup {
                game: figure.game(),
                message: e.to_string(),
            })?;
            let mut worker =
                war::simulate::Worker::new(&war::face::Setup::of(&rules)).map_err(|e| {
                    FigureError::Setup {
                        game: figure.game(),
                        message: e.to_string(),
                    }
                })?;
            for index in 0..games {
                let record = worker
                    .play(seed, index)
                    .map_err(|e| game_error(figure, index, e))?;
                add(record.battles);
            }
        }
    }
    Ok(Lengths {
        figure,
        seed,
        games: counts,
    })
}

impl Lengths {
    /// The number of games.
    pub fn total(&self) -> u64 {
        self.games.iter().sum()
    }

    /// The mean length.
    pub fn mean(&self) -> f64 {
        let sum: u64 = self
            .games
            .iter()
            .enumerate()
            .map(|(length, &games)| length as u64 * games)
            .sum();
        sum as f64 / self.total().max(1) as f64
    }

    /// The smallest length that at least `p`% of the games do not exceed (nearest rank,
    /// as the simulators' reports count it).
    pub fn percentile(&self, p: u64) -> u64 {
        let rank = (self.total() * p).div_ceil(100).max(1);
        let mut seen = 0;
        for (length, &games) in self.games.iter().enumerate() {
            seen += games;
            if seen >= rank {
                return length as u64;
            }
        }
        self.games.len().saturating_sub(1) as u64
    }

    /// The longest game.
    pub fn max(&self) -> u64 {
        self.games.iter().rposition(|&g| g > 0).unwrap_or(0) as u64
    }
}

const WIDTH: u32 = 900;
const HEIGHT: u32 = 540;
const FONT: &str = "sans-serif";
/// At most this many bars: longer games are grouped into wider bins (enough for one
/// length a bar in Quattro and Ochos Locos, whose lengths come in blocks of four turns
/// that wider bins would blur).
const BARS: u64 = 160;

fn drawing(error: impl fmt::Display) -> FigureError {
    FigureError::Drawing(error.to_string())
}

/// The histogram as an SVG document: one bar per bin of lengths, the median and the
/// 90th percentile marked, the figures of the simulators' reports in the subtitle.
pub fn svg(lengths: &Lengths) -> Result<String, FigureError> {
    let mut svg = String::new();
    draw(lengths, &mut svg)?;
    Ok(svg)
}

fn draw(lengths: &Lengths, svg: &mut String) -> Result<(), FigureError> {
    let figure = lengths.figure;
    let max = lengths.max();
    let width = (max + 1).div_ceil(BARS).max(1);
    let bins: Vec<u64> = lengths
        .games
        .chunks(usize::try_from(width).unwrap_or(1))
        .map(|chunk| chunk.iter().sum())
        .collect();
    let tallest = bins.iter().copied().max().unwrap_or(0).max(1);
    let right = bins.len() as u64 * width;

    let root = SVGBackend::with_string(svg, (WIDTH, HEIGHT)).into_drawing_area();
    root.fill(&WHITE).map_err(drawing)?;
    let title = format!(
        "{}: {} per game, {} games, seed {}",
        figure.setup(),
        figure.unit(),
        lengths.total(),
        lengths.seed
    );
    let root = root.titled(&title, (FONT, 22)).map_err(drawing)?;
    let subtitle = format!(
        "mean {:.2}, median {} (orange line), p90 {} (red line), p99 {}, max {}{}",
        lengths.mean(),
        lengths.percentile(50),
        lengths.percentile(90),
        lengths.percentile(99),
        max,
        if width > 1 {
            format!("; each bar {width} {}", figure.unit())
        } else {
            String::new()
        }
    );
    let root = root.titled(&subtitle, (FONT, 16)).map_err(drawing)?;
    let mut chart = ChartBuilder::on(&root)
        .margin(14)
        .x_label_area_size(45)
        .y_label_area_size(65)
        .build_cartesian_2d(0u64..right, 0u64..tallest + tallest / 20 + 1)
        .map_err(drawing)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_desc(format!("{} in the game", figure.unit()))
        .y_desc("games")
        .axis_desc_style((FONT, 18))
        .label_style((FONT, 14))
        .draw()
        .map_err(drawing)?;
    let bar = RGBColor(49, 104, 142).filled();
    chart
        .draw_series(bins.iter().enumerate().map(|(bin, &games)| {
            let start = bin as u64 * width;
            Rectangle::new([(start, 0), (start + width, games)], bar)
        }))
        .map_err(drawing)?;
    let mark = |at: u64, color: RGBColor| {
        PathElement::new(vec![(at, 0), (at, tallest)], color.stroke_width(2))
    };
    chart
        .draw_series([
            mark(lengths.percentile(50), RGBColor(230, 120, 20)),
            mark(lengths.percentile(90), RGBColor(200, 30, 30)),
        ])
        .map_err(drawing)?;
    root.present().map_err(drawing)?;
    Ok(())
}
