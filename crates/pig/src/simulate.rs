//! Many games between two strategies, on all cores, with figures that do not depend on
//! the number of threads: game `n` draws its dice from its own stream
//! ([`cards_core::rng::stream_rng`]`(seed, n)`), and the tallies are integers.
//!
//! Each game runs on the protocol's one loop, [`Driver`], with the two strategies as
//! statically dispatched agents; a worker reuses its driver and chance source from game to
//! game, so a game allocates nothing.

use cards_core::names::{RuleSet, count_of};
use cards_core::protocol::{Agent, ChanceSource, Driver, Outcome, PlayError, Seat};
use cards_core::rng::stream_rng;
use rayon::prelude::*;
use serde::Serialize;

use crate::dice::{Rules, Throw};
use crate::state::{PigPlayer, PigState, RuleError};

/// Games a worker plays between two progress reports.
const CHUNK: u64 = 1024;

/// The integer results of a batch of games. Player A moves first in every game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    /// Games played.
    pub games: u64,
    /// Games won by A and by B.
    pub wins: [u64; 2],
    /// Turns played, both players' together, over all games.
    pub turns: u64,
}

impl Tally {
    fn add(self, other: Tally) -> Tally {
        Tally {
            games: self.games + other.games,
            wins: [self.wins[0] + other.wins[0], self.wins[1] + other.wins[1]],
            turns: self.turns + other.turns,
        }
    }
}

/// A table where `a` (moving first) plays `b` game after game, each game seeded from its
/// own stream of one seed.
#[derive(Debug)]
pub struct Simulator<A, B> {
    rules: Rules,
    goal: u32,
    seed: u64,
    seats: (A, B),
    driver: Driver<PigState>,
    chance: ChanceSource<Throw>,
}

impl<A: Agent<PigState>, B: Agent<PigState>> Simulator<A, B> {
    /// `a` against `b`, with these rules and goal, on the streams of `seed`.
    pub fn new(rules: Rules, goal: u32, seed: u64, a: A, b: B) -> Simulator<A, B> {
        Simulator {
            rules,
            goal,
            seed,
            seats: (a, b),
            driver: Driver::new(),
            chance: ChanceSource::seeded(stream_rng(seed, 0)),
        }
    }

    /// Plays game number `game` (its dice from `stream_rng(seed, game)`); returns the
    /// winner's seat (0 for A) and the number of turns. Allocates nothing once the
    /// driver's buffers have grown in the first game.
    pub fn play(&mut self, game: u64) -> Result<(Seat, u32), PlayError<RuleError>> {
        self.chance.reseed(stream_rng(self.seed, game));
        let players = [PigPlayer::new("A"), PigPlayer::new("B")];
        let mut state = PigState::new(self.rules, self.goal, players);
        let outcome =
            self.driver
                .play_quietly(&mut state, &mut self.chance, &mut self.seats, |_| {})?;
        match outcome {
            Outcome::Winner { seat } => Ok((seat, state.turns())),
            Outcome::NoWinner { reason } => match reason {},
        }
    }
}

/// Plays games `0..games` between `a` and `b` on the current rayon pool; `progress` is
/// told how many games each finished chunk held. Each worker plays its chunk with its own
/// copies of the strategies.
///
/// An error (an agent or the game refusing, which the strategies never cause) stops the
/// run: no game is counted for anybody that was not played to its end.
pub fn simulate<A, B>(
    rules: Rules,
    goal: u32,
    a: &A,
    b: &B,
    games: u64,
    seed: u64,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Tally, PlayError<RuleError>>
where
    A: Agent<PigState> + Clone + Sync,
    B: Agent<PigState> + Clone + Sync,
{
    let chunks = games.div_ceil(CHUNK);
    (0..chunks)
        .into_par_iter()
        .map(|chunk| {
            let mut table = Simulator::new(rules, goal, seed, a.clone(), b.clone());
            let mut tally = Tally::default();
            for game in chunk * CHUNK..((chunk + 1) * CHUNK).min(games) {
                let (winner, turns) = table.play(game)?;
                let wins = tally
                    .wins
                    .get_mut(winner)
                    .ok_or(PlayError::Invariant("a winner in neither of the two seats"))?;
                *wins += 1;
                tally.games += 1;
                tally.turns += u64::from(turns);
            }
            progress(tally.games);
            Ok(tally)
        })
        .try_reduce(Tally::default, |x, y| Ok(x.add(y)))
}

/// A 95% confidence interval for a proportion: Wilson's score interval, which stays
/// inside 0–1 and behaves for shares near 0 or 1.
pub fn wilson_interval(successes: u64, trials: u64) -> (f64, f64) {
    if trials == 0 {
        return (0.0, 1.0);
    }
    const Z: f64 = 1.959_963_984_540_054;
    let n = trials as f64;
    let p = successes as f64 / n;
    let z2 = Z * Z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// One side's figures in a [`Report`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Side {
    /// The strategy's name (`hold:20`, `optimal`).
    pub strategy: String,
    /// Games won.
    pub wins: u64,
    /// Share of games won.
    pub share: f64,
    /// 95% confidence interval of the share (Wilson).
    pub ci95: [f64; 2],
}

/// What `pig simulate` prints (as text or, with `--json`, as this structure).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// The rules played.
    pub rules: String,
    /// The goal.
    pub goal: u32,
    /// The seed of the streams.
    pub seed: u64,
    /// Games played.
    pub games: u64,
    /// Player A, who moves first.
    pub a: Side,
    /// Player B.
    pub b: Side,
    /// Turns per game, both players' together.
    pub mean_turns: f64,
}

impl Report {
    /// The report of a tally.
    pub fn new(rules: Rules, goal: u32, seed: u64, names: [String; 2], tally: &Tally) -> Report {
        let [a_name, b_name] = names;
        let side = |strategy: String, wins: u64| {
            let (low, high) = wilson_interval(wins, tally.games);
            Side {
                strategy,
                wins,
                share: if tally.games == 0 {
                    0.0
                } else {
                    wins as f64 / tally.games as f64
                },
                ci95: [low, high],
            }
        };
        Report {
            rules: rules.name().to_owned(),
            goal,
            seed,
            games: tally.games,
            a: side(a_name, tally.wins[0]),
            b: side(b_name, tally.wins[1]),
            mean_turns: if tally.games == 0 {
                0.0
            } else {
                tally.turns as f64 / tally.games as f64
            },
        }
    }

    /// The report as lines of text.
    pub fn text(&self) -> String {
        let side = |label: &str, side: &Side| {
            format!(
                "{label} {:<9} wins {:>10} games: {:.4} (95% CI {:.4} to {:.4})\n",
                side.strategy, side.wins, side.share, side.ci95[0], side.ci95[1]
            )
        };
        format!(
            "{}, {} rules, goal {}, seed {}; A moves first\n{}{}Mean turns per game: {:.2}\n",
            count_of(self.games, "game"),
            self.rules,
            self.goal,
            self.seed,
            side("A", &self.a),
            side("B", &self.b),
            self.mean_turns
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::{evaluate, solve};
    use crate::state::Action;
    use crate::strategy::{HoldAt, Optimal};
    use cards_core::protocol::{Actor, GameState};
    use cards_core::rng::GameRng;
    use pretty_assertions::assert_eq;
    use proptest::prelude::*;
    use std::sync::Arc;

    fn on_threads(threads: usize, run: impl FnOnce() -> Tally + Send) -> Tally {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap_or_else(|e| panic!("{e}"))
            .install(run)
    }

    #[test]
    fn threads_do_not_change_the_figures() {
        let run = || {
            simulate(Rules::Seed, 100, &HoldAt(20), &HoldAt(25), 3000, 7, &|_| {})
                .unwrap_or_else(|e| panic!("{e}"))
        };
        let one = on_threads(1, run);
        let two = on_threads(2, run);
        assert_eq!(one, two);
        assert_eq!(one.games, 3000);
        assert_eq!(one.wins[0] + one.wins[1], 3000);
    }

    #[test]
    fn the_optimal_share_agrees_with_the_solver() {
        let goal = 30;
        for &rules in Rules::ALL {
            let solution = Arc::new(solve(rules, goal).unwrap_or_else(|e| panic!("{e}")));
            let optimal = Optimal(Arc::clone(&solution));
            let exact = evaluate(rules, goal, &mut optimal.clone(), &mut HoldAt(20))
                .unwrap_or_else(|e| panic!("{e}"));
            let tally = simulate(rules, goal, &optimal, &HoldAt(20), 20_000, 1, &|_| {})
                .unwrap_or_else(|e| panic!("{e}"));
            let (low, high) = wilson_interval(tally.wins[0], tally.games);
            assert!(
                (low..=high).contains(&exact.a_first),
                "{rules}: {} not in {low}..{high}",
                exact.a_first
            );
        }
    }

    #[test]
    fn wilson() {
        let (low, high) = wilson_interval(50, 100);
        assert!(
            (low - 0.4038).abs() < 1e-4 && (high - 0.5962).abs() < 1e-4,
            "{low} {high}"
        );
        assert_eq!(wilson_interval(0, 0), (0.0, 1.0));
        let (low, _) = wilson_interval(0, 10);
        assert_eq!(low, 0.0);
    }

    #[test]
    fn one_game_is_counted_in_the_singular() {
        let tally = Tally {
            games: 1,
            wins: [1, 0],
            turns: 3,
        };
        let report = Report::new(Rules::Seed, 10, 4, ["a".into(), "b".into()], &tally);
        assert!(
            report.text().starts_with("1 game, seed rules"),
            "{}",
            report.text()
        );
    }

    /// The loop the simulator replaced, written out by hand against the rules: the
    /// player to move decides by its hold total, a roll throws the rules' dice from the
    /// game's stream. The driver must play the same games.
    fn by_hand(rules: Rules, goal: u32, hold: [u32; 2], rng: &mut GameRng) -> (PigState, [u32; 2]) {
        let mut state = PigState::new(rules, goal, [PigPlayer::new("A"), PigPlayer::new("B")]);
        let mut events = Vec::new();
        let mut dice_points = [0u32; 2];
        while let Actor::Seat(seat) = state.actor() {
            let view = state.observe(seat);
            if view.turn_points < hold[seat] {
                let throw = rules.throw(rng);
                if let crate::dice::Score::Points(p) = throw.score() {
                    dice_points[seat] += p;
                }
                state
                    .apply(Action::Roll, &mut events)
                    .unwrap_or_else(|e| panic!("{e}"));
                state
                    .apply_chance(&throw, &mut events)
                    .unwrap_or_else(|e| panic!("{e}"));
            } else {
                state
                    .apply(Action::Hold, &mut events)
                    .unwrap_or_else(|e| panic!("{e}"));
            }
            assert!(state.turns() < 100_000);
        }
        (state, dice_points)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Every game ends with one winner at or past the goal, the loser below it, and
        /// the turns counted; and the driver plays the game the rules give by hand.
        #[test]
        fn every_game_ends(seed: u64, a in 1u32..60, b in 1u32..60, goal in 1u32..150, classic: bool) {
            let rules = if classic { Rules::Classic } else { Rules::Seed };
            let (state, dice_points) = by_hand(rules, goal, [a, b], &mut stream_rng(seed, 0));
            let winner = state.current();
            prop_assert_eq!(state.outcome(), Some(Outcome::Winner { seat: winner }));
            prop_assert!(state.player(winner).total() >= goal);
            prop_assert!(state.player(1 - winner).total() < goal);
            for (p, &given) in dice_points.iter().enumerate() {
                // Points never exceed what the dice gave.
                prop_assert!(state.player(p).total() <= given);
            }
            let mut table = Simulator::new(rules, goal, seed, HoldAt(a), HoldAt(b));
            prop_assert_eq!(
                table.play(0).map_err(|e| e.to_string()),
                Ok((winner, state.turns()))
            );
        }
    }
}
