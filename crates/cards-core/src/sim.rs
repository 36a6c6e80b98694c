//! The one simulation harness of the four games: many seeded games on all cores, the
//! same figures for any number of threads, and one report, in text and in JSON, with the
//! same fields for every game.
//!
//! A game's library says how to play one game of a run ([`Simulation`]) and needs
//! nothing else from here; the runner that spreads the games over threads (`run`, with
//! rayon) and the JSON report are in the `sim` feature, which only the binaries turn on.
//! `run` hands the games to the threads in chunks, each played on one worker that stays put (its game, loop and
//! chance source are reused: nothing is allocated per game), and adds up integer tallies,
//! so that any split of the games gives the same figures. Game `i` of a run seeded `s`
//! draws its chance from `stream_rng(s, i)` alone.
//!
//! # The report
//!
//! [`Report`] is also the `--json` schema of every `simulate` subcommand:
//!
//! | field | meaning |
//! |---|---|
//! | `game` | the program: `ochos-locos`, `quattro`, `war` or `pig` |
//! | `rules` | the rule set and the setup, in words |
//! | `games`, `seed` | how many games (a number), and the run's seed (a string of digits, `"seed": "1"`: JavaScript and jq would round a 64-bit number) |
//! | `seats` | one entry a seat, in seating order: `name`, `wins`, `share` of the games, and `wilson95`, the 95% Wilson score interval of that share, `[low, high]` |
//! | `no_winner` | games without a winner, by reason (an object: reason → games) |
//! | `length` | game length: `unit` (`turns`, `battles`), `mean`, `median`, `p90`, `p99`, `max` (nearest-rank percentiles) |
//! | `extra` | the game's own figures (War's wars, Pig's turns…), documented by each game |

use std::collections::BTreeMap;
use std::fmt::{self, Write as _};

#[cfg(feature = "sim")]
use rayon::prelude::*;
use serde::Serialize;

use crate::protocol::Outcome;

#[cfg(feature = "sim")]
/// The most worker threads a simulation starts: far more threads than cores only slows
/// a run down.
pub const MAX_THREADS: usize = 256;

/// How many games a thread plays on one worker before it takes more (and reports
/// progress).
#[cfg(feature = "sim")]
const CHUNK: u64 = 1024;

/// One game's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    /// How it ended: the game's outcome, a reason for no winner given as the report's
    /// short phrase (`the deck ran out`; [`Outcome::map_no_winner`]).
    pub outcome: Outcome<&'static str>,
    /// How long it lasted, in the simulation's [`length_unit`](Simulation::length_unit).
    pub length: u64,
}

/// A game's own figures, tallied as integers so that any split of the games adds up to
/// the same.
pub trait Extra: Default + Send + Serialize {
    /// Adds another part of the run's tallies.
    fn merge(&mut self, other: Self);

    /// The figures as lines of text for the report (after the common ones).
    fn write_text(&self, games: u64, out: &mut String) -> fmt::Result;
}

/// No figures of the game's own.
impl Extra for () {
    fn merge(&mut self, _other: ()) {}

    fn write_text(&self, _games: u64, _out: &mut String) -> fmt::Result {
        Ok(())
    }
}

/// What a game tells the harness.
pub trait Simulation: Sync {
    /// What one thread reuses from game to game: a game, a loop, a chance source.
    type Worker: Send;
    /// The game's own figures.
    type Extra: Extra;
    /// Why a game broke off (the rules refusing their own step: a bug).
    type Error: std::error::Error + Send;

    /// The program (`war`).
    fn game(&self) -> &'static str;
    /// The rule set and the setup, in words.
    fn rules(&self) -> String;
    /// The seats' names, in seating order.
    fn seats(&self) -> Vec<String>;
    /// What a game's length counts (`turns`, `battles`).
    fn length_unit(&self) -> &'static str;
    /// A new worker.
    fn worker(&self) -> Self::Worker;
    /// Plays game `index` of a run seeded `seed` on `worker` (its chance from
    /// `stream_rng(seed, index)`), adding its own figures to `extra`.
    fn play(
        &self,
        worker: &mut Self::Worker,
        seed: u64,
        index: u64,
        extra: &mut Self::Extra,
    ) -> Result<Played, Self::Error>;
}

/// How many games, from which seed, on how many threads.
#[cfg(feature = "sim")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Games to play (at least 1).
    pub games: u64,
    /// The run's seed.
    pub seed: u64,
    /// Worker threads (1 to [`MAX_THREADS`]); `None` for one a core.
    pub threads: Option<usize>,
}

/// Why a run stopped.
#[cfg(feature = "sim")]
#[derive(Debug, thiserror::Error)]
pub enum SimError<E: std::error::Error> {
    /// No games asked for.
    #[error("there must be at least one game")]
    NoGames,
    /// A thread count out of range.
    #[error("the number of threads is 1 to {MAX_THREADS}, not {0}")]
    Threads(usize),
    /// The threads could not be started.
    #[error("cannot start the worker threads: {0}")]
    Pool(#[from] rayon::ThreadPoolBuildError),
    /// A game broke off (the lowest-numbered one that did).
    #[error("game {index} of the simulation broke off: {error}")]
    Game {
        /// The game's number (its stream of the seed).
        index: u64,
        /// What went wrong.
        error: E,
    },
}

/// Plays the games of `options` on a pool of threads and reports; `progress` is told the
/// number of games of each chunk as it finishes (from any thread).
#[cfg(feature = "sim")]
pub fn run<S: Simulation>(
    simulation: &S,
    options: &Options,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Report<S::Extra>, SimError<S::Error>> {
    if options.games == 0 {
        return Err(SimError::NoGames);
    }
    let mut builder = rayon::ThreadPoolBuilder::new();
    if let Some(threads) = options.threads {
        if !(1..=MAX_THREADS).contains(&threads) {
            return Err(SimError::Threads(threads));
        }
        builder = builder.num_threads(threads);
    }
    let pool = builder.build()?;
    let seats = simulation.seats();
    let Options { games, seed, .. } = *options;
    let tally = pool.install(|| {
        (0..games.div_ceil(CHUNK))
            .into_par_iter()
            .map(|chunk| {
                let mut worker = simulation.worker();
                let mut tally = Tally::new(seats.len());
                let first = chunk * CHUNK;
                let last = (first + CHUNK).min(games);
                for index in first..last {
                    match simulation.play(&mut worker, seed, index, &mut tally.extra) {
                        Ok(played) => tally.add(played),
                        Err(error) => {
                            tally.failed = Some((index, error));
                            break;
                        }
                    }
                }
                progress(last - first);
                tally
            })
            .reduce(|| Tally::new(seats.len()), Tally::merge)
    });
    if let Some((index, error)) = tally.failed {
        return Err(SimError::Game { index, error });
    }
    Ok(Report {
        game: simulation.game(),
        rules: simulation.rules(),
        games,
        seed,
        seats: seats
            .into_iter()
            .zip(&tally.wins)
            .map(|(name, &wins)| SeatFigures {
                name,
                wins,
                share: wins as f64 / games as f64,
                wilson95: wilson_interval(wins, games),
            })
            .collect(),
        no_winner: tally.no_winner.into_iter().collect(),
        length: Lengths::of(simulation.length_unit(), &tally.lengths),
        extra: tally.extra,
    })
}

/// The integer tallies of some of the games.
#[cfg(feature = "sim")]
struct Tally<X, E> {
    wins: Vec<u64>,
    /// Games without a winner by reason, in the order first seen: a game has one to three
    /// reasons, so a short list found by pointer beats a map's string comparisons, paid
    /// at every such game (most of them, in some rule sets).
    no_winner: Vec<(&'static str, u64)>,
    lengths: Histogram,
    extra: X,
    failed: Option<(u64, E)>,
}

#[cfg(feature = "sim")]
impl<X: Extra, E> Tally<X, E> {
    fn new(seats: usize) -> Tally<X, E> {
        Tally {
            wins: vec![0; seats],
            no_winner: Vec::new(),
            lengths: Histogram::default(),
            extra: X::default(),
            failed: None,
        }
    }

    fn add(&mut self, played: Played) {
        match played.outcome {
            Outcome::Winner { seat } => {
                if let Some(wins) = self.wins.get_mut(seat) {
                    *wins += 1;
                }
            }
            Outcome::NoWinner { reason } => self.count_no_winner(reason, 1),
        }
        self.lengths.add(played.length);
    }

    fn count_no_winner(&mut self, reason: &'static str, games: u64) {
        let same = |seen: &&'static str| std::ptr::eq(*seen, reason) || *seen == reason;
        match self.no_winner.iter_mut().find(|(seen, _)| same(seen)) {
            Some((_, count)) => *count += games,
            None => self.no_winner.push((reason, games)),
        }
    }

    fn merge(mut self, other: Tally<X, E>) -> Tally<X, E> {
        for (mine, theirs) in self.wins.iter_mut().zip(other.wins) {
            *mine += theirs;
        }
        for (reason, games) in other.no_winner {
            self.count_no_winner(reason, games);
        }
        self.lengths = std::mem::take(&mut self.lengths).merge(other.lengths);
        self.extra.merge(other.extra);
        // The lowest-numbered failure wins, whatever the order of the merges.
        self.failed = match (self.failed, other.failed) {
            (Some(a), Some(b)) => Some(if a.0 <= b.0 { a } else { b }),
            (a, b) => a.or(b),
        };
        self
    }
}

/// A run's figures: the `--json` schema (see the module docs) and the text report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report<X> {
    /// The program.
    pub game: &'static str,
    /// The rule set and setup, in words.
    pub rules: String,
    /// Games played.
    pub games: u64,
    /// The run's seed, written in JSON as a string of digits (see
    /// [`seed_string`](crate::rng::seed_string)).
    #[serde(serialize_with = "crate::rng::seed_string::serialize")]
    pub seed: u64,
    /// Each seat's wins.
    pub seats: Vec<SeatFigures>,
    /// Games without a winner, by reason.
    pub no_winner: BTreeMap<&'static str, u64>,
    /// Game length.
    pub length: Lengths,
    /// The game's own figures.
    pub extra: X,
}

/// One seat's wins.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatFigures {
    /// The seat's name.
    pub name: String,
    /// Games won.
    pub wins: u64,
    /// `wins / games`.
    pub share: f64,
    /// The 95% Wilson score interval of the share, `[low, high]`.
    pub wilson95: (f64, f64),
}

/// The distribution of game length.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Lengths {
    /// What a length counts.
    pub unit: &'static str,
    /// The mean.
    pub mean: f64,
    /// The 50th percentile (nearest rank).
    pub median: u64,
    /// The 90th percentile.
    pub p90: u64,
    /// The 99th percentile.
    pub p99: u64,
    /// The longest.
    pub max: u64,
}

impl Lengths {
    /// The figures of a histogram of lengths counted in `unit`.
    pub fn of(unit: &'static str, histogram: &Histogram) -> Lengths {
        let d = histogram.distribution();
        Lengths {
            unit,
            mean: d.mean,
            median: d.median,
            p90: d.p90,
            p99: d.p99,
            max: d.max,
        }
    }
}

impl<X: Extra> Report<X> {
    /// The report as text: the same figures as the JSON.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        // Writing to a String cannot fail.
        let _ = self.write_text(&mut out);
        out
    }

    fn write_text(&self, out: &mut String) -> fmt::Result {
        let games = self.games;
        writeln!(
            out,
            "{}: {}, {}, seed {}",
            self.game,
            self.rules,
            crate::names::count_of(games, "game"),
            self.seed
        )?;
        let width = self
            .seats
            .iter()
            .map(|s| s.name.chars().count())
            .max()
            .unwrap_or(4)
            .max(4);
        writeln!(
            out,
            "{:<width$}  {:>9}  {:>7}  95% interval",
            "seat", "wins", "share"
        )?;
        for seat in &self.seats {
            writeln!(
                out,
                "{:<width$}  {:>9}  {:>6.2}%  {:.2}% to {:.2}%",
                seat.name,
                seat.wins,
                100.0 * seat.share,
                100.0 * seat.wilson95.0,
                100.0 * seat.wilson95.1
            )?;
        }
        if self.no_winner.is_empty() {
            writeln!(out, "no winner: 0 games")?;
        }
        for (reason, count) in &self.no_winner {
            writeln!(
                out,
                "no winner ({reason}): {}, {:.2}%",
                crate::names::count_of(*count, "game"),
                100.0 * *count as f64 / games as f64
            )?;
        }
        let l = &self.length;
        writeln!(
            out,
            "{} per game: mean {:.2}, median {}, p90 {}, p99 {}, max {}",
            l.unit, l.mean, l.median, l.p90, l.p99, l.max
        )?;
        self.extra.write_text(games, out)
    }

    /// The report as pretty JSON, with a final newline.
    #[cfg(feature = "sim")]
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).map_or_else(
            |error| format!("{{\"error\": \"{error}\"}}\n"),
            |json| json + "\n",
        )
    }
}

/// The 95% Wilson score interval of a share of `successes` in `trials` (`(0, 1)` for no
/// trials): unlike the normal approximation it stays inside [0, 1] and is sound near 0
/// and 1, where a strategy's win share often is.
pub fn wilson_interval(successes: u64, trials: u64) -> (f64, f64) {
    if trials == 0 {
        return (0.0, 1.0);
    }
    const Z: f64 = 1.959_963_984_540_054;
    let n = trials as f64;
    let p = successes as f64 / n;
    let z2 = Z * Z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// How many games had each count: `games[n]` games counted `n`. It grows to the largest
/// count seen, so it costs memory by the length of the longest game, never by the number
/// of games.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Histogram {
    games: Vec<u64>,
}

/// The mean and order statistics of a per-game count. Percentiles use the nearest-rank
/// method: the p-th percentile is the smallest count that at least p% of the games do
/// not exceed.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Distribution {
    /// Total over all games.
    pub total: u64,
    /// `total / games`.
    pub mean: f64,
    /// Fewest.
    pub min: u64,
    /// 50th percentile.
    pub median: u64,
    /// 90th percentile.
    pub p90: u64,
    /// 99th percentile.
    pub p99: u64,
    /// Most.
    pub max: u64,
}

impl Histogram {
    /// Counts one game with `count`.
    pub fn add(&mut self, count: u64) {
        // A count is a real game's length, bounded by the game's own cap.
        let index = usize::try_from(count).unwrap_or(usize::MAX);
        if index >= self.games.len() {
            self.games.resize(index + 1, 0);
        }
        self.games[index] += 1;
    }

    /// Both histograms' games.
    pub fn merge(mut self, other: Histogram) -> Histogram {
        if other.games.len() > self.games.len() {
            return other.merge(self);
        }
        for (mine, theirs) in self.games.iter_mut().zip(other.games) {
            *mine += theirs;
        }
        self
    }

    /// The distribution of the counts (all zero for no games).
    pub fn distribution(&self) -> Distribution {
        let games: u64 = self.games.iter().sum();
        let total: u64 = self
            .games
            .iter()
            .zip(0..)
            .map(|(&g, count)| g * count)
            .sum();
        let at_rank = |rank: u64| {
            let mut seen = 0;
            (0..)
                .zip(&self.games)
                .find(|&(_, &g)| {
                    seen += g;
                    seen >= rank
                })
                .map_or(0, |(count, _)| count)
        };
        // Nearest rank: ceil(p/100 · n), 1-based, in u128 (which cannot overflow).
        let percentile = |percent: u64| {
            let rank = (u128::from(percent) * u128::from(games)).div_ceil(100);
            at_rank(u64::try_from(rank).unwrap_or(games).max(1))
        };
        Distribution {
            total,
            mean: if games == 0 {
                0.0
            } else {
                total as f64 / games as f64
            },
            min: at_rank(1),
            median: percentile(50),
            p90: percentile(90),
            p99: percentile(99),
            max: at_rank(games),
        }
    }
}

#[cfg(all(test, feature = "sim"))]
mod tests {
    use super::*;
    use crate::rng::{below, stream_rng};
    use pretty_assertions::assert_eq;

    /// A die race: game `i` rolls one die from its stream; 6 wins for seat 0, 1 for seat
    /// 1, anything else is no winner; the length is the face.
    struct Dice;

    #[derive(Debug, Default, PartialEq, Serialize)]
    struct Sixes(u64);

    impl Extra for Sixes {
        fn merge(&mut self, other: Sixes) {
            self.0 += other.0;
        }
        fn write_text(&self, _games: u64, out: &mut String) -> fmt::Result {
            writeln!(out, "sixes: {}", self.0)
        }
    }

    impl Simulation for Dice {
        type Worker = ();
        type Extra = Sixes;
        type Error = std::io::Error;
        fn game(&self) -> &'static str {
            "dice"
        }
        fn rules(&self) -> String {
            "one die".into()
        }
        fn seats(&self) -> Vec<String> {
            vec!["Six".into(), "One".into()]
        }
        fn length_unit(&self) -> &'static str {
            "pips"
        }
        fn worker(&self) {}
        fn play(
            &self,
            _: &mut (),
            seed: u64,
            index: u64,
            extra: &mut Sixes,
        ) -> Result<Played, std::io::Error> {
            let face = below(&mut stream_rng(seed, index), 6) + 1;
            let outcome = match face {
                6 => Outcome::Winner { seat: 0 },
                1 => Outcome::Winner { seat: 1 },
                _ => Outcome::NoWinner {
                    reason: "no six and no one",
                },
            };
            extra.0 += u64::from(face == 6);
            Ok(Played {
                outcome,
                length: face,
            })
        }
    }

    #[test]
    fn figures_do_not_depend_on_the_threads_and_add_up() {
        let options = |threads| Options {
            games: 5000,
            seed: 3,
            threads: Some(threads),
        };
        let one = run(&Dice, &options(1), &|_| {}).unwrap();
        let two = run(&Dice, &options(2), &|_| {}).unwrap();
        assert_eq!(one, two);
        let no_winner: u64 = one.no_winner.values().sum();
        assert_eq!(one.seats[0].wins + one.seats[1].wins + no_winner, 5000);
        assert_eq!(one.extra.0, one.seats[0].wins);
        assert_eq!(one.length.max, 6);
        // The interval holds the share, and the die's 1/6 (over 5000 games).
        let six = &one.seats[0];
        assert!(six.wilson95.0 < six.share && six.share < six.wilson95.1);
        assert!(six.wilson95.0 < 1.0 / 6.0 && 1.0 / 6.0 < six.wilson95.1);
        assert!(one.to_text().contains("sixes: "));
        assert!(one.to_json().contains("\"wilson95\""));
    }

    #[test]
    fn the_seed_survives_a_standard_json_reader_as_a_string() {
        // Above 2^53 a JSON number would be rounded by a reader that holds numbers as
        // doubles (JavaScript, jq): 13537527073888940176 reads as 13537527073888940000.
        let seed = 13_537_527_073_888_940_176_u64;
        assert!(seed > 1 << 53);
        let report = run(
            &Dice,
            &Options {
                games: 10,
                seed,
                threads: Some(1),
            },
            &|_| {},
        )
        .unwrap();
        let json: serde_json::Value = serde_json::from_str(&report.to_json()).unwrap();
        assert_eq!(json["seed"].as_str(), Some("13537527073888940176"));
        assert_eq!(json["seed"].as_str().unwrap().parse::<u64>(), Ok(seed));
        assert_eq!(json["games"].as_u64(), Some(10));
    }

    #[test]
    fn bad_options_are_refused() {
        let refused = |games, threads| {
            run(
                &Dice,
                &Options {
                    games,
                    seed: 1,
                    threads,
                },
                &|_| {},
            )
            .map(|_| ())
            .map_err(|e| e.to_string())
        };
        assert_eq!(
            refused(0, None),
            Err("there must be at least one game".into())
        );
        assert_eq!(
            refused(1, Some(0)),
            Err("the number of threads is 1 to 256, not 0".into())
        );
        assert_eq!(
            refused(1, Some(257)),
            Err("the number of threads is 1 to 256, not 257".into())
        );
    }

    #[test]
    fn wilson_interval_matches_a_worked_value() {
        // 81 of 263: 0.3080; the Wilson 95% interval is [0.2553, 0.3662] (worked by
        // hand from the formula with z = 1.96).
        let (low, high) = wilson_interval(81, 263);
        assert!((low - 0.2553).abs() < 5e-4, "{low}");
        assert!((high - 0.3662).abs() < 5e-4, "{high}");
        assert_eq!(wilson_interval(0, 0), (0.0, 1.0));
        // 50 of 100: [0.4038, 0.5962], symmetric about one half.
        let (low, high) = wilson_interval(50, 100);
        assert!((low - 0.4038).abs() < 1e-4 && (high - 0.5962).abs() < 1e-4);
        assert_eq!(wilson_interval(0, 10).0, 0.0);
    }

    #[test]
    fn percentiles_use_the_nearest_rank() {
        let mut h = Histogram::default();
        for count in 1..=10 {
            h.add(count);
        }
        let d = h.distribution();
        assert_eq!((d.min, d.median, d.p90, d.p99, d.max), (1, 5, 9, 10, 10));
        assert_eq!(d.total, 55);
        assert_eq!(Histogram::default().distribution().mean, 0.0);
    }
}
