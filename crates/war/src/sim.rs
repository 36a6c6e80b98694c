//! Many games without output, in parallel: the distribution of battles and wars per
//! game, how often wars happen, how often Player 1 wins and how often games are stopped.
//!
//! Game `i` of a simulation seeded with `s` is dealt and played with its own generator,
//! `stream_rng(s, i)`, and every tally is an integer (sums, win counts and histograms of
//! the per-game counts), so the figures are the same whatever the number of threads and
//! the order in which they finish. Each of rayon's runs of games reuses one [`Worker`]: a [`Game`] (piles,
//! table, repetition buffers), the one game loop ([`Driver`]) and a chance source
//! reseeded per game, with [`AlwaysBattle`] at every seat, all statically dispatched;
//! so nothing is allocated per game, and memory does not grow with the number of
//! games: a histogram is as long as the longest game.

use cards_core::names::count_of;
use cards_core::protocol::{Actor, ChanceSource, Driver, PlayError};
use cards_core::rng::stream_rng;
use rayon::prelude::*;
use serde::Serialize;

use crate::deck::CardOrder;
use crate::game::{AlwaysBattle, Game, NoWinnerReason, Order, Outcome, RuleError, Rules};
use crate::player::MAX_PLAYERS;

/// What to simulate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Simulation {
    /// The rules of every game.
    pub rules: Rules,
    /// How many games (at least 1).
    pub games: u64,
    /// The seed of game 0's stream; game `i` uses stream `i`.
    pub seed: u64,
    /// Worker threads (1 to [`MAX_THREADS`]); `None` uses every core.
    pub threads: Option<usize>,
}

/// The most worker threads a simulation starts. Far more threads than cores only slow
/// a simulation down (ten games on 3000 threads took over a minute on two cores).
pub const MAX_THREADS: usize = 256;

/// Why a simulation could not run.
#[derive(Debug, thiserror::Error)]
pub enum SimulationError {
    /// Zero games asked for.
    #[error("there must be at least one game to simulate")]
    NoGames,
    /// Zero threads asked for.
    #[error("there must be at least one thread")]
    NoThreads,
    /// More than [`MAX_THREADS`] threads asked for.
    #[error("at most {MAX_THREADS} threads, not {0}")]
    TooManyThreads(usize),
    /// The thread pool could not be built.
    #[error("cannot start the worker threads: {0}")]
    Threads(#[from] rayon::ThreadPoolBuildError),
    /// A game broke off: the rules refused their own step (a bug, reported rather than
    /// tallied).
    #[error("game {index} of the simulation broke off: {error}")]
    Game {
        /// The game's number (its stream of the seed).
        index: u64,
        /// What went wrong.
        error: PlayError<RuleError>,
    },
}

/// The figures of a simulation (also its `--json` form).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// Games played.
    pub games: u64,
    /// Players per game.
    pub players: usize,
    /// `"shuffled"` or `"fixed"`.
    pub order: &'static str,
    /// The simulation's seed.
    pub seed: u64,
    /// The battle cap of each game.
    pub max_battles: u64,
    /// Battles per game (wars' deciding battles included).
    pub battles: Distribution,
    /// Wars per game (chained wars each counted).
    pub wars: Distribution,
    /// Battles that were a war's deciding comparison, over all games. A war cut short
    /// because a player ran out of cards compares nothing, so it is a war but no battle.
    pub war_battles: u64,
    /// The share of battles that are wars: `war_battles` over all battles.
    pub war_share: f64,
    /// Games won by each player, Player 1 first.
    pub wins: Vec<u64>,
    /// The share of games Player 1 won.
    pub first_player_win_share: f64,
    /// Games stopped because a position repeated (fixed order only).
    pub cycles: u64,
    /// The share of games stopped because a position repeated.
    pub cycle_share: f64,
    /// Games stopped by the battle cap.
    pub capped: u64,
    /// The share of games stopped by the battle cap.
    pub capped_share: f64,
    /// Games whose last players ran out of cards together.
    pub out_together: u64,
}

/// The mean and some order statistics of a per-game count. Percentiles use the
/// nearest-rank method: the p-th percentile is the smallest count that at least p% of
/// the games do not exceed.
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

impl Distribution {
    /// The distribution of the counts in `histogram`, which must hold at least one.
    fn of(histogram: &Histogram) -> Distribution {
        let games: u64 = histogram.games.iter().sum();
        let total: u64 = histogram
            .games
            .iter()
            .zip(0..)
            .map(|(&games, count)| games * count)
            .sum();
        // The smallest count that the `rank`-th game (1-based, by count) has.
        let at_rank = |rank: u64| {
            let mut seen = 0;
            (0..)
                .zip(&histogram.games)
                .find(|&(_, &games)| {
                    seen += games;
                    seen >= rank
                })
                .map_or(0, |(count, _)| count)
        };
        // Nearest rank: ceil(p/100 · n), 1-based (in u128, which cannot overflow).
        let percentile = |percent: u64| {
            let rank = (u128::from(percent) * u128::from(games)).div_ceil(100);
            at_rank(u64::try_from(rank).unwrap_or(games).max(1))
        };
        Distribution {
            total,
            mean: total as f64 / games as f64,
            min: at_rank(1),
            median: percentile(50),
            p90: percentile(90),
            p99: percentile(99),
            max: at_rank(games),
        }
    }
}

/// How many games had each count: `games[n]` games had `n` battles (or wars). It grows
/// to the largest count seen, so it costs memory by the length of the longest game,
/// never by the number of games.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Histogram {
    games: Vec<u64>,
}

impl Histogram {
    fn add(&mut self, count: u64) {
        // Exact on 64-bit targets. The length is that of a real game, bounded by the
        // battle cap: thousands of battles at most in practice.
        let index = count as usize;
        if index >= self.games.len() {
            self.games.resize(index + 1, 0);
        }
        self.games[index] += 1;
    }

    fn merge(mut self, other: Histogram) -> Histogram {
        if other.games.len() > self.games.len() {
            return other.merge(self);
        }
        for (mine, theirs) in self.games.iter_mut().zip(other.games) {
            *mine += theirs;
        }
        self
    }
}

/// One game's numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Battles fought, wars' deciding battles included.
    pub battles: u64,
    /// Wars started.
    pub wars: u64,
    /// Battles that were a war's deciding comparison.
    pub war_battles: u64,
    /// How the game ended.
    pub outcome: Outcome,
}

/// What one thread reuses from game to game: the game, the loop and the chance source.
#[derive(Clone, Debug)]
pub struct Worker {
    game: Game,
    driver: Driver<Game>,
    chance: ChanceSource<CardOrder>,
}

impl Worker {
    /// A worker for games under `rules`.
    pub fn new(rules: Rules) -> Worker {
        Worker {
            game: Game::new(rules),
            driver: Driver::new(),
            chance: ChanceSource::seeded(stream_rng(0, 0)),
        }
    }

    /// Plays game number `index` of a simulation seeded with `seed`, dealt and shuffled
    /// from its own stream `stream_rng(seed, index)`. This is what the benchmark times.
    pub fn play(&mut self, seed: u64, index: u64) -> Result<GameRecord, PlayError<RuleError>> {
        self.game.restart();
        self.chance.reseed(stream_rng(seed, index));
        // Each action is one battle; the battles beyond them are wars' deciding ones.
        let mut actions = 0;
        let outcome = self.driver.play_quietly(
            &mut self.game,
            &mut self.chance,
            &mut AlwaysBattle,
            |actor| {
                if let Actor::Seat(_) = actor {
                    actions += 1;
                }
            },
        )?;
        let war_battles = self
            .game
            .battles()
            .checked_sub(actions)
            .ok_or(PlayError::Invariant(
                "every battle action fights at least one battle",
            ))?;
        Ok(GameRecord {
            battles: self.game.battles(),
            wars: self.game.wars(),
            war_battles,
            outcome,
        })
    }
}

/// The integer tallies of some of the games; merging the tallies of any split of the
/// games, in any order, gives the same result.
#[derive(Debug, Default)]
struct Tally {
    battles: Histogram,
    wars: Histogram,
    war_battles: u64,
    wins: [u64; MAX_PLAYERS],
    cycles: u64,
    capped: u64,
    out_together: u64,
    /// The lowest-numbered game that broke off, if any.
    failed: Option<(u64, PlayError<RuleError>)>,
}

impl Tally {
    fn add(&mut self, record: &GameRecord) {
        self.battles.add(record.battles);
        self.wars.add(record.wars);
        self.war_battles += record.war_battles;
        match record.outcome {
            Outcome::Winner { seat } => self.wins[seat] += 1,
            Outcome::NoWinner { reason } => match reason {
                NoWinnerReason::Repetition { .. } => self.cycles += 1,
                NoWinnerReason::BattleCap { .. } => self.capped += 1,
                NoWinnerReason::OutOfCards { .. } => self.out_together += 1,
            },
        }
    }

    fn fail(&mut self, index: u64, error: PlayError<RuleError>) {
        if self.failed.as_ref().is_none_or(|(first, _)| index < *first) {
            self.failed = Some((index, error));
        }
    }

    fn merge(mut self, other: Tally) -> Tally {
        if let Some((index, error)) = other.failed {
            self.fail(index, error);
        }
        let mut wins = self.wins;
        for (mine, theirs) in wins.iter_mut().zip(other.wins) {
            *mine += theirs;
        }
        Tally {
            battles: self.battles.merge(other.battles),
            wars: self.wars.merge(other.wars),
            war_battles: self.war_battles + other.war_battles,
            wins,
            cycles: self.cycles + other.cycles,
            capped: self.capped + other.capped,
            out_together: self.out_together + other.out_together,
            failed: self.failed,
        }
    }
}

/// Runs the simulation; `progress` is called once per finished game (from any thread).
pub fn simulate(
    simulation: &Simulation,
    progress: &(dyn Fn() + Sync),
) -> Result<Report, SimulationError> {
    if simulation.games == 0 {
        return Err(SimulationError::NoGames);
    }
    let mut builder = rayon::ThreadPoolBuilder::new();
    if let Some(threads) = simulation.threads {
        if threads == 0 {
            return Err(SimulationError::NoThreads);
        }
        if threads > MAX_THREADS {
            return Err(SimulationError::TooManyThreads(threads));
        }
        builder = builder.num_threads(threads);
    }
    let pool = builder.build()?;
    pool.install(|| run(simulation, progress))
}

/// How many games a thread plays on one worker before it takes more.
const CHUNK: u64 = 1024;

fn run(simulation: &Simulation, progress: &(dyn Fn() + Sync)) -> Result<Report, SimulationError> {
    let Simulation {
        rules, games, seed, ..
    } = *simulation;
    // Games go to the threads in chunks, each played on one worker that stays put (a
    // fold would move the worker and the tally, generator buffer and all, at every game).
    let tally = (0..games.div_ceil(CHUNK))
        .into_par_iter()
        .map(|chunk| {
            let mut worker = Worker::new(rules);
            let mut tally = Tally::default();
            for index in chunk * CHUNK..((chunk + 1) * CHUNK).min(games) {
                match worker.play(seed, index) {
                    Ok(record) => tally.add(&record),
                    Err(error) => tally.fail(index, error),
                }
                progress();
            }
            tally
        })
        .reduce(Tally::default, Tally::merge);
    if let Some((index, error)) = tally.failed {
        return Err(SimulationError::Game { index, error });
    }

    let battles = Distribution::of(&tally.battles);
    let wars = Distribution::of(&tally.wars);
    let share = |count: u64| count as f64 / games as f64;
    let wins = tally.wins[..rules.players()].to_vec();
    Ok(Report {
        games,
        players: rules.players(),
        order: match rules.order() {
            Order::Shuffled => "shuffled",
            Order::Fixed => "fixed",
        },
        seed,
        max_battles: rules.max_battles(),
        war_battles: tally.war_battles,
        war_share: if battles.total == 0 {
            0.0
        } else {
            tally.war_battles as f64 / battles.total as f64
        },
        battles,
        wars,
        first_player_win_share: share(wins[0]),
        wins,
        cycles: tally.cycles,
        cycle_share: share(tally.cycles),
        capped: tally.capped,
        capped_share: share(tally.capped),
        out_together: tally.out_together,
    })
}

impl Report {
    /// The report as text, one figure a line.
    pub fn to_text(&self) -> String {
        let row = |name: &str, d: &Distribution| {
            format!(
                "{name:<18}{:>10.2}{:>8}{:>8}{:>8}{:>8}\n",
                d.mean, d.median, d.p90, d.p99, d.max
            )
        };
        let percent = |share: f64| format!("{:.2}%", share * 100.0);
        let games = |count: u64| count_of(count, "game");
        let mut text = format!(
            "{}, {} players, won cards returned {}, seed {}, at most {} battles a game\n",
            games(self.games),
            self.players,
            self.order,
            self.seed,
            self.max_battles
        );
        text.push_str(&format!(
            "{:<18}{:>10}{:>8}{:>8}{:>8}{:>8}\n",
            "per game", "mean", "median", "p90", "p99", "max"
        ));
        text.push_str(&row("battles", &self.battles));
        text.push_str(&row("wars", &self.wars));
        text.push_str(&format!(
            "battles that are wars: {}\n",
            percent(self.war_share)
        ));
        text.push_str(&format!(
            "Player 1 wins: {} ({} of {})\n",
            percent(self.first_player_win_share),
            self.wins[0],
            games(self.games)
        ));
        if self.players > 2 {
            let all: Vec<String> = self.wins.iter().map(ToString::to_string).collect();
            text.push_str(&format!("wins by player: {}\n", all.join(" ")));
        }
        text.push_str(&format!(
            "stopped for cycling: {} ({})\n",
            percent(self.cycle_share),
            games(self.cycles)
        ));
        text.push_str(&format!(
            "stopped at the battle cap: {} ({})\n",
            percent(self.capped_share),
            games(self.capped)
        ));
        text.push_str(&format!(
            "no winner, last players out together: {}\n",
            games(self.out_together)
        ));
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Event;
    use pretty_assertions::assert_eq;

    fn simulation(players: usize, order: Order, threads: usize) -> Simulation {
        Simulation {
            rules: Rules::new(players)
                .unwrap_or_else(|e| panic!("{e}"))
                .with_order(order),
            games: 80,
            seed: 11,
            threads: Some(threads),
        }
    }

    fn report(simulation: &Simulation) -> Report {
        simulate(simulation, &|| {}).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn one_thread_and_several_agree() {
        for (players, order) in [
            (2, Order::Shuffled),
            (2, Order::Fixed),
            (5, Order::Shuffled),
        ] {
            let one = report(&simulation(players, order, 1));
            let three = report(&simulation(players, order, 3));
            assert_eq!(one, three, "{players} players, {order:?}");
        }
    }

    #[test]
    fn figures_add_up() {
        let r = report(&simulation(2, Order::Fixed, 2));
        assert_eq!(
            r.wins.iter().sum::<u64>() + r.cycles + r.capped + r.out_together,
            80
        );
        assert!(r.battles.min <= r.battles.median && r.battles.median <= r.battles.p90);
        assert!(r.battles.p90 <= r.battles.p99 && r.battles.p99 <= r.battles.max);
        assert!(r.wars.total <= r.battles.total);
        assert!(r.cycles > 0, "fixed-order games do cycle");
        let shuffled = report(&simulation(2, Order::Shuffled, 2));
        assert_eq!(shuffled.cycles, 0, "only fixed order is checked for cycles");
    }

    #[test]
    fn a_record_is_the_game_played_alone() {
        let sim = simulation(3, Order::Shuffled, 2);
        let mut worker = Worker::new(sim.rules);
        let mut total = 0;
        for index in 0..sim.games {
            total += worker
                .play(sim.seed, index)
                .unwrap_or_else(|e| panic!("{e}"))
                .battles;
        }
        assert_eq!(report(&sim).battles.total, total);
    }

    /// The share of battles that are wars counts the wars' deciding battles, read here
    /// from the events, not every war: a war cut short by a player running out compares
    /// no cards.
    #[test]
    fn war_share_counts_deciding_battles() {
        let sim = simulation(4, Order::Shuffled, 2);
        let (mut battles, mut war_battles, mut wars) = (0, 0, 0);
        for index in 0..sim.games {
            let mut game = Game::new(sim.rules);
            let played = Driver::new().play(
                &mut game,
                &mut ChanceSource::seeded(stream_rng(sim.seed, index)),
                &mut AlwaysBattle,
                |_, _, events| {
                    for event in events {
                        if let Event::War { battle, .. } = event {
                            wars += 1;
                            war_battles += u64::from(battle.is_some());
                        }
                    }
                    Ok(())
                },
            );
            assert!(played.is_ok());
            battles += game.battles();
        }
        let r = report(&sim);
        assert!(
            war_battles < wars,
            "some wars were cut short in these games"
        );
        assert_eq!((r.war_battles, r.wars.total), (war_battles, wars));
        assert_eq!(r.war_share, war_battles as f64 / battles as f64);
    }

    #[test]
    fn nearest_rank_percentiles() {
        let d = Distribution::of(&histogram((1..=200).rev()));
        assert_eq!(
            (d.min, d.median, d.p90, d.p99, d.max),
            (1, 100, 180, 198, 200)
        );
        assert_eq!(d.mean, 100.5);
        let one = Distribution::of(&histogram([7]));
        assert_eq!((one.median, one.p99), (7, 7));
        let d = Distribution::of(&histogram([5, 0, 9, 0, 5, 0]));
        assert_eq!(
            (d.total, d.min, d.median, d.p90, d.p99, d.max),
            (19, 0, 0, 9, 9, 9)
        );
    }

    fn histogram(counts: impl IntoIterator<Item = u64>) -> Histogram {
        let mut histogram = Histogram::default();
        for count in counts {
            histogram.add(count);
        }
        histogram
    }

    #[test]
    fn histograms_merge_in_any_order() {
        let (a, b) = (histogram([3, 1, 3]), histogram([0, 7]));
        let want = histogram([3, 1, 3, 0, 7]);
        assert_eq!(a.clone().merge(b.clone()), want);
        assert_eq!(b.merge(a), want);
    }

    #[test]
    fn one_game_is_one_game() {
        let mut sim = simulation(2, Order::Shuffled, 1);
        sim.games = 1;
        let text = report(&sim).to_text();
        assert!(text.starts_with("1 game, 2 players, "), "{text}");
        assert!(text.contains(" of 1 game)\n"), "{text}");
        assert!(
            text.contains("stopped for cycling: 0.00% (0 games)\n"),
            "{text}"
        );
    }

    #[test]
    fn refuses_empty_runs() {
        let mut sim = simulation(2, Order::Shuffled, 1);
        sim.games = 0;
        assert!(matches!(
            simulate(&sim, &|| {}),
            Err(SimulationError::NoGames)
        ));
        sim.games = 1;
        sim.threads = Some(0);
        assert!(matches!(
            simulate(&sim, &|| {}),
            Err(SimulationError::NoThreads)
        ));
        sim.threads = Some(MAX_THREADS + 1);
        assert!(matches!(
            simulate(&sim, &|| {}),
            Err(SimulationError::TooManyThreads(257))
        ));
    }
}
