//! Many games without output, in parallel: the distribution of battles and wars per
//! game, how often wars happen, how often Player 1 wins and how often games are stopped.
//!
//! Game `i` of a simulation seeded with `s` is dealt and played with its own generator,
//! `stream_rng(s, i)`, and every tally is an integer (sums and sorted per-game counts),
//! so the figures are the same whatever the number of threads and the order in which
//! they finish. Each worker reuses one [`Game`] (piles, table, repetition buffers), so
//! nothing is allocated per game besides the per-game record.

use cards_core::rng::stream_rng;
use rayon::prelude::*;
use serde::Serialize;

use crate::game::{Game, NoWinnerReason, Order, Outcome, Rules};
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
    /// Worker threads; `None` uses every core.
    pub threads: Option<usize>,
}

/// Why a simulation could not run.
#[derive(Debug, thiserror::Error)]
pub enum SimulationError {
    /// Zero games asked for.
    #[error("there must be at least one game to simulate")]
    NoGames,
    /// Zero threads asked for.
    #[error("there must be at least one thread")]
    NoThreads,
    /// The thread pool could not be built.
    #[error("cannot start the worker threads: {0}")]
    Threads(#[from] rayon::ThreadPoolBuildError),
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
    /// All wars over all battles.
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
    pub min: u32,
    /// 50th percentile.
    pub median: u32,
    /// 90th percentile.
    pub p90: u32,
    /// 99th percentile.
    pub p99: u32,
    /// Most.
    pub max: u32,
}

impl Distribution {
    /// The distribution of `counts`, which must be sorted and not empty.
    fn of_sorted(counts: &[u32]) -> Distribution {
        let total: u64 = counts.iter().map(|&c| u64::from(c)).sum();
        let rank = |percent: u64| {
            let n = counts.len() as u64;
            // Nearest rank: ceil(p/100 · n), 1-based.
            let rank = (percent * n).div_ceil(100).max(1);
            counts[(rank - 1) as usize]
        };
        Distribution {
            total,
            mean: total as f64 / counts.len() as f64,
            min: counts[0],
            median: rank(50),
            p90: rank(90),
            p99: rank(99),
            max: counts[counts.len() - 1],
        }
    }
}

/// One game's numbers.
#[derive(Clone, Copy, Debug)]
struct Record {
    battles: u32,
    wars: u32,
    outcome: Outcome,
}

/// Plays one game on a reused `game`: game number `index` of a simulation seeded with
/// `seed`. Returns (battles, wars, outcome). This is what the benchmark times.
pub fn play_one(game: &mut Game, seed: u64, index: u64) -> (u64, u64, Outcome) {
    let mut rng = stream_rng(seed, index);
    game.deal(&mut rng);
    let outcome = game.play_to_end(&mut rng);
    (game.battles(), game.wars(), outcome)
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
        builder = builder.num_threads(threads);
    }
    let pool = builder.build()?;
    Ok(pool.install(|| run(simulation, progress)))
}

fn run(simulation: &Simulation, progress: &(dyn Fn() + Sync)) -> Report {
    let Simulation {
        rules, games, seed, ..
    } = *simulation;
    let records: Vec<Record> = (0..games)
        .into_par_iter()
        .map_init(
            || Game::new(rules, &mut stream_rng(seed, 0)),
            |game, index| {
                let (battles, wars, outcome) = play_one(game, seed, index);
                progress();
                // The cap is a u64, but a game that fought more than u32::MAX battles
                // would take hours; saturate rather than wrap.
                Record {
                    battles: u32::try_from(battles).unwrap_or(u32::MAX),
                    wars: u32::try_from(wars).unwrap_or(u32::MAX),
                    outcome,
                }
            },
        )
        .collect();

    let mut wins = vec![0u64; rules.players()];
    let (mut cycles, mut capped, mut out_together) = (0, 0, 0);
    for record in &records {
        match record.outcome {
            Outcome::Winner { seat } => wins[seat.min(MAX_PLAYERS - 1)] += 1,
            Outcome::NoWinner { reason } => match reason {
                NoWinnerReason::Repetition { .. } => cycles += 1,
                NoWinnerReason::BattleCap { .. } => capped += 1,
                NoWinnerReason::OutOfCards { .. } => out_together += 1,
            },
        }
    }
    let mut battles: Vec<u32> = records.iter().map(|r| r.battles).collect();
    let mut wars: Vec<u32> = records.iter().map(|r| r.wars).collect();
    battles.par_sort_unstable();
    wars.par_sort_unstable();
    let battles = Distribution::of_sorted(&battles);
    let wars = Distribution::of_sorted(&wars);
    let share = |count: u64| count as f64 / games as f64;
    Report {
        games,
        players: rules.players(),
        order: match rules.order() {
            Order::Shuffled => "shuffled",
            Order::Fixed => "fixed",
        },
        seed,
        max_battles: rules.max_battles(),
        war_share: if battles.total == 0 {
            0.0
        } else {
            wars.total as f64 / battles.total as f64
        },
        battles,
        wars,
        first_player_win_share: share(wins[0]),
        wins,
        cycles,
        cycle_share: share(cycles),
        capped,
        capped_share: share(capped),
        out_together,
    }
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
        let mut text = format!(
            "{} games, {} players, won cards returned {}, seed {}, at most {} battles a game\n",
            self.games, self.players, self.order, self.seed, self.max_battles
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
            "Player 1 wins: {} ({} of {} games)\n",
            percent(self.first_player_win_share),
            self.wins[0],
            self.games
        ));
        if self.players > 2 {
            let all: Vec<String> = self.wins.iter().map(ToString::to_string).collect();
            text.push_str(&format!("wins by player: {}\n", all.join(" ")));
        }
        text.push_str(&format!(
            "stopped for cycling: {} ({} games)\n",
            percent(self.cycle_share),
            self.cycles
        ));
        text.push_str(&format!(
            "stopped at the battle cap: {} ({} games)\n",
            percent(self.capped_share),
            self.capped
        ));
        text.push_str(&format!(
            "no winner, last players out together: {} games\n",
            self.out_together
        ));
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
        let mut game = Game::new(sim.rules, &mut stream_rng(0, 0));
        let mut total = 0;
        for index in 0..sim.games {
            total += play_one(&mut game, sim.seed, index).0;
        }
        assert_eq!(report(&sim).battles.total, total);
    }

    #[test]
    fn nearest_rank_percentiles() {
        let counts: Vec<u32> = (1..=200).collect();
        let d = Distribution::of_sorted(&counts);
        assert_eq!(
            (d.min, d.median, d.p90, d.p99, d.max),
            (1, 100, 180, 198, 200)
        );
        assert_eq!(d.mean, 100.5);
        let one = Distribution::of_sorted(&[7]);
        assert_eq!((one.median, one.p99), (7, 7));
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
    }
}
