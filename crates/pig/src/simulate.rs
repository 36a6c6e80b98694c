//! Many games between two strategies, on all cores, with figures that do not depend on
//! the number of threads: game `n` draws its dice from its own stream
//! ([`cards_core::rng::stream_rng`]`(seed, n)`), and the tallies are integers.

use cards_core::rng::{GameRng, stream_rng};
use rayon::prelude::*;
use serde::Serialize;

use crate::dice::Rules;
use crate::state::{Action, Move, PigPlayer, PigState};
use crate::strategy::Strategy;

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

/// Plays one game between `a` (moving first) and `b` with dice from `rng`; returns the
/// winner (0 for A) and the number of turns. Allocates nothing.
pub fn play_one<A, B>(rules: Rules, goal: u32, a: &A, b: &B, rng: &mut GameRng) -> (usize, u32)
where
    A: Strategy + ?Sized,
    B: Strategy + ?Sized,
{
    let mut state = PigState::new(rules, goal, [PigPlayer::new("A"), PigPlayer::new("B")]);
    loop {
        if let Some(winner) = state.winner() {
            return (winner, state.turns());
        }
        let view = state.view();
        let decision = if state.current() == 0 {
            a.decide(&view)
        } else {
            b.decide(&view)
        };
        let action = match decision {
            Move::Roll => Action::Roll(rules.throw(rng)),
            Move::Hold => Action::Hold,
        };
        // The throw comes from the game's own rules and the game is not over, so the
        // move is legal; an error could only repeat the check above.
        if state.apply(action).is_err() {
            return (state.current(), state.turns());
        }
    }
}

/// Plays games `0..games` between `a` and `b` on the current rayon pool; `progress` is
/// told how many games each finished chunk held.
pub fn simulate<A, B>(
    rules: Rules,
    goal: u32,
    a: &A,
    b: &B,
    games: u64,
    seed: u64,
    progress: &(dyn Fn(u64) + Sync),
) -> Tally
where
    A: Strategy + Sync + ?Sized,
    B: Strategy + Sync + ?Sized,
{
    let chunks = games.div_ceil(CHUNK);
    (0..chunks)
        .into_par_iter()
        .map(|chunk| {
            let mut tally = Tally::default();
            for game in chunk * CHUNK..((chunk + 1) * CHUNK).min(games) {
                let mut rng = stream_rng(seed, game);
                let (winner, turns) = play_one(rules, goal, a, b, &mut rng);
                tally.games += 1;
                tally.wins[winner] += 1;
                tally.turns += u64::from(turns);
            }
            progress(tally.games);
            tally
        })
        .reduce(Tally::default, Tally::add)
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
            "{} games, {} rules, goal {}, seed {}; A moves first\n{}{}Mean turns per game: {:.2}\n",
            self.games,
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
    use crate::strategy::{HoldAt, Optimal, Strategy};
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
        let run = || simulate(Rules::Seed, 100, &HoldAt(20), &HoldAt(25), 3000, 7, &|_| {});
        let one = on_threads(1, run);
        let two = on_threads(2, run);
        assert_eq!(one, two);
        assert_eq!(one.games, 3000);
        assert_eq!(one.wins[0] + one.wins[1], 3000);
    }

    #[test]
    fn the_optimal_share_agrees_with_the_solver() {
        let goal = 30;
        for rules in Rules::ALL {
            let solution = Arc::new(solve(rules, goal).unwrap_or_else(|e| panic!("{e}")));
            let optimal = Optimal(Arc::clone(&solution));
            let exact =
                evaluate(rules, goal, &optimal, &HoldAt(20)).unwrap_or_else(|e| panic!("{e}"));
            let tally = simulate(rules, goal, &optimal, &HoldAt(20), 20_000, 1, &|_| {});
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

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Every game ends with one winner at or past the goal, the loser below it, and
        /// the turns counted.
        #[test]
        fn every_game_ends(seed: u64, a in 1u32..60, b in 1u32..60, goal in 1u32..150, classic: bool) {
            let rules = if classic { Rules::Classic } else { Rules::Seed };
            let mut state = PigState::new(rules, goal, [PigPlayer::new("A"), PigPlayer::new("B")]);
            let mut rng = stream_rng(seed, 0);
            let mut dice_points = [0u32; 2];
            while state.winner().is_none() {
                let strategy = HoldAt(if state.current() == 0 { a } else { b });
                let action = match strategy.decide(&state.view()) {
                    Move::Roll => {
                        let throw = rules.throw(&mut rng);
                        if let crate::dice::Score::Points(p) = throw.score() {
                            dice_points[state.current()] += p;
                        }
                        Action::Roll(throw)
                    }
                    Move::Hold => Action::Hold,
                };
                prop_assert!(state.apply(action).is_ok());
                prop_assert!(state.turns() < 100_000);
            }
            let winner = state.winner().unwrap_or(9);
            prop_assert!(state.player(winner).total() >= goal);
            prop_assert!(state.player(1 - winner).total() < goal);
            for (p, &given) in dice_points.iter().enumerate() {
                // Points never exceed what the dice gave.
                prop_assert!(state.player(p).total() <= given);
            }
            let (w, turns) = play_one(rules, goal, &HoldAt(a), &HoldAt(b), &mut stream_rng(seed, 0));
            prop_assert_eq!((w, turns), (winner, state.turns()));
        }
    }
}
