//! Many games between two strategies, on all cores, on the workspace's one simulation
//! harness ([`cards_core::sim`]): each side's wins with a 95% interval and the turns per
//! game. Game `n` draws its dice from its own stream
//! ([`cards_core::rng::stream_rng`]`(seed, n)`), and the tallies are integers, so the
//! figures do not depend on the number of threads.
//!
//! Each game runs on the protocol's quiet path, [`Driver::play_trusted`], with the two
//! strategies as statically dispatched agents; a [`Worker`] reuses its game
//! ([`Game::restart`]) and its driver from game to game, so a game allocates nothing.
//!
//! The command line and Python name strategies at run time ([`AnyStrategy`]);
//! [`Setup::with_seats_typed`] hands their pair on as two concrete types, so that each
//! game's loop is compiled for the two strategies it plays, with nothing of the other
//! strategy in it (a hold-at-20 seat reads two numbers of its observation, and the
//! compiled loop then builds no other).

use cards_core::names::RuleSet;
use cards_core::protocol::{Agent, Driver, PlayError};
use cards_core::rng::stream_rng;
use cards_core::sim::{Played, Simulation};

use crate::error::Refusal;
use crate::game::{Game, Outcome};
use crate::player::PigPlayer;
use crate::rules::Rules;
use crate::strategy::{AnyStrategy, HoldAt, Optimal};

/// One thread's table: `a` (moving first) plays `b` game after game on one reused
/// [`Game`] and [`Driver`], each game's dice from its own stream of the run's seed.
#[derive(Debug)]
pub struct Worker<A, B> {
    game: Game,
    seats: (A, B),
    driver: Driver<Game>,
}

impl<A: Agent<Game>, B: Agent<Game>> Worker<A, B> {
    /// `a` against `b`, with these rules (dice and goal).
    pub fn new(rules: Rules, a: A, b: B) -> Worker<A, B> {
        let players = [PigPlayer::new("A"), PigPlayer::new("B")];
        Worker {
            game: Game::new(rules, players),
            seats: (a, b),
            driver: Driver::new(),
        }
    }

    /// Plays game number `index` of a run seeded `seed` (its dice from
    /// `stream_rng(seed, index)`); returns its outcome (a winner: seat 0 is A) and the number of
    /// turns. Allocates nothing.
    pub fn play(&mut self, seed: u64, index: u64) -> Result<(Outcome, u32), PlayError<Refusal>> {
        let mut dice = stream_rng(seed, index);
        self.game.restart();
        let outcome =
            self.driver
                .play_trusted(&mut self.game, &mut dice, &mut self.seats, |_| {})?;
        Ok((outcome, self.game.turns()))
    }
}

/// What to simulate: two strategies and their names, as the harness plays them (`pig
/// simulate`): A moves first in every game. Pig has no figures of its own beyond the
/// shared report (its length is in turns, both players' together).
#[derive(Clone, Debug)]
pub struct Setup<A, B> {
    /// The rules: the dice and the goal.
    pub rules: Rules,
    /// Player A's strategy, and its name (`optimal`).
    pub a: (A, String),
    /// Player B's strategy, and its name (`hold:20`).
    pub b: (B, String),
}

impl<A, B> Simulation for Setup<A, B>
where
    A: Agent<Game> + Clone + Send + Sync,
    B: Agent<Game> + Clone + Send + Sync,
{
    type Worker = Worker<A, B>;
    type Extra = ();
    type Error = PlayError<Refusal>;

    fn game(&self) -> &'static str {
        "pig"
    }

    fn rules(&self) -> String {
        format!(
            "{} rules, goal {}, A moves first",
            self.rules.variant().name(),
            self.rules.goal()
        )
    }

    fn seats(&self) -> Vec<String> {
        vec![format!("A {}", self.a.1), format!("B {}", self.b.1)]
    }

    fn length_unit(&self) -> &'static str {
        "turns"
    }

    fn worker(&self) -> Worker<A, B> {
        Worker::new(self.rules, self.a.0.clone(), self.b.0.clone())
    }

    fn play(
        &self,
        worker: &mut Worker<A, B>,
        seed: u64,
        index: u64,
        _extra: &mut (),
    ) -> Result<Played, PlayError<Refusal>> {
        let (outcome, turns) = worker.play(seed, index)?;
        Ok(Played {
            outcome: outcome.map_no_winner(|reason| match reason {}),
            length: u64::from(turns),
        })
    }
}

/// What to do with a [`Setup`] whose two strategies have types fixed at compile time:
/// the caller of [`Setup::with_seats_typed`] (simulating, or Python's batched call).
pub trait WithSeats {
    /// What the caller makes of the setup.
    type Output;

    /// Does it, for the strategies' own types.
    fn with<A, B>(self, setup: Setup<A, B>) -> Self::Output
    where
        A: Agent<Game> + Clone + Send + Sync,
        B: Agent<Game> + Clone + Send + Sync;
}

impl Setup<AnyStrategy, AnyStrategy> {
    /// Hands the setup to `with` with each strategy as its own type (`HoldAt` or
    /// `Optimal`): the same games, each played on a loop compiled for its pair.
    pub fn with_seats_typed<W: WithSeats>(self, with: W) -> W::Output {
        fn typed<A, B>(rules: Rules, a: (A, String), b: (B, String)) -> Setup<A, B> {
            Setup { rules, a, b }
        }
        let Setup {
            rules,
            a: (a, a_name),
            b: (b, b_name),
        } = self;
        match (a, b) {
            (AnyStrategy::HoldAt(a), AnyStrategy::HoldAt(b)) => {
                with.with::<HoldAt, HoldAt>(typed(rules, (a, a_name), (b, b_name)))
            }
            (AnyStrategy::HoldAt(a), AnyStrategy::Optimal(b)) => {
                with.with::<HoldAt, Optimal>(typed(rules, (a, a_name), (b, b_name)))
            }
            (AnyStrategy::Optimal(a), AnyStrategy::HoldAt(b)) => {
                with.with::<Optimal, HoldAt>(typed(rules, (a, a_name), (b, b_name)))
            }
            (AnyStrategy::Optimal(a), AnyStrategy::Optimal(b)) => {
                with.with::<Optimal, Optimal>(typed(rules, (a, a_name), (b, b_name)))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Action;
    use crate::rules::Variant;
    use crate::solver::{evaluate, solve};
    use crate::strategy::{HoldAt, Optimal};
    use cards_core::protocol::{Actor, GameState};
    use cards_core::rng::GameRng;
    use cards_core::sim::{Options, Report, run, wilson_interval};
    use pretty_assertions::assert_eq;
    use proptest::prelude::*;
    use std::sync::Arc;

    fn simulate<A, B>(rules: Rules, a: A, b: B, games: u64, threads: usize) -> Report<()>
    where
        A: Agent<Game> + Clone + Send + Sync,
        B: Agent<Game> + Clone + Send + Sync,
    {
        let game = Setup {
            rules,
            a: (a, "a".to_owned()),
            b: (b, "b".to_owned()),
        };
        let options = Options {
            games,
            seed: 7,
            threads: Some(threads),
        };
        run(&game, &options, &|_| {}).unwrap()
    }

    #[test]
    fn threads_do_not_change_the_figures() {
        let one = simulate(Rules::default(), HoldAt(20), HoldAt(25), 3000, 1);
        let two = simulate(Rules::default(), HoldAt(20), HoldAt(25), 3000, 2);
        assert_eq!(one, two);
        assert_eq!(one.seats[0].wins + one.seats[1].wins, 3000);
        assert!(one.no_winner.is_empty(), "Pig always has a winner");
    }

    /// Runs a setup as it is handed on (its own types), as `pig simulate` does.
    struct Run;

    impl WithSeats for Run {
        type Output = Report<()>;

        fn with<A, B>(self, setup: Setup<A, B>) -> Report<()>
        where
            A: Agent<Game> + Clone + Send + Sync,
            B: Agent<Game> + Clone + Send + Sync,
        {
            let options = Options {
                games: 2000,
                seed: 5,
                threads: Some(1),
            };
            run(&setup, &options, &|_| {}).unwrap()
        }
    }

    /// Each of the four pairs handed on as its own types plays the games the run-time
    /// pair plays, each strategy in its seat: a pair swapped, or a strategy lost, in
    /// one arm of the match would change that pair's figures.
    #[test]
    fn strategies_as_their_own_types_play_the_same_games() {
        let rules = Rules::default().with_goal(40).unwrap();
        let solution = Arc::new(solve(rules).unwrap());
        let seat = |optimal: bool, hold| match optimal {
            true => AnyStrategy::Optimal(Optimal(Arc::clone(&solution))),
            false => AnyStrategy::HoldAt(HoldAt(hold)),
        };
        let mut figures = Vec::new();
        for (a, b) in [(false, false), (false, true), (true, false), (true, true)] {
            let setup = Setup {
                rules,
                a: (seat(a, 10), "a".to_owned()),
                b: (seat(b, 25), "b".to_owned()),
            };
            let options = Options {
                games: 2000,
                seed: 5,
                threads: Some(1),
            };
            let at_run_time = run(&setup, &options, &|_| {}).unwrap();
            let typed = setup.with_seats_typed(Run);
            assert_eq!(typed, at_run_time, "optimal: a {a}, b {b}");
            figures.push(typed.seats[0].wins);
        }
        figures.dedup();
        assert_eq!(
            figures.len(),
            4,
            "the four pairs play differently: {figures:?}"
        );
    }

    #[test]
    fn the_optimal_share_agrees_with_the_solver() {
        for &variant in Variant::ALL {
            let rules = Rules::new(variant).with_goal(30).unwrap();
            let solution = Arc::new(solve(rules).unwrap());
            let optimal = Optimal(Arc::clone(&solution));
            let exact = evaluate(rules, &mut optimal.clone(), &mut HoldAt(20)).unwrap();
            let report = simulate(rules, optimal, HoldAt(20), 20_000, 2);
            let (low, high) = wilson_interval(report.seats[0].wins, report.games);
            assert!(
                (low..=high).contains(&exact.a_first),
                "{variant}: {} not in {low}..{high}",
                exact.a_first
            );
        }
    }

    /// The loop the simulator replaced, written out by hand against the rules: the
    /// player to move decides by its hold total, a roll throws the rules' dice from the
    /// game's stream. The driver must play the same games.
    fn by_hand(rules: Rules, hold: [u32; 2], rng: &mut GameRng) -> (Game, [u32; 2]) {
        let mut state = Game::new(rules, [PigPlayer::new("A"), PigPlayer::new("B")]);
        let mut events = Vec::new();
        let mut dice_points = [0u32; 2];
        while let Actor::Seat(seat) = state.actor() {
            let view = state.observe(seat).unwrap();
            if view.turn_points < hold[seat] {
                let throw = rules.throw(rng);
                if let crate::dice::Score::Points(p) = throw.score() {
                    dice_points[seat] += p;
                }
                state.apply(Action::Roll, &mut events).unwrap();
                state.apply_chance(&throw, &mut events).unwrap();
            } else {
                state.apply(Action::Hold, &mut events).unwrap();
            }
            assert!(state.turns() < 100_000);
        }
        (state, dice_points)
    }

    /// Any simulated game replays alone from (seed, index): the worker's quiet path
    /// (which reuses one game and fuses each roll with its throw) and the checked loop
    /// ([`Driver::play`]: every action and throw checked, every event built, a fresh
    /// game) with the dice of `ChanceSource::seeded(stream_rng(seed, index))` give the
    /// same winner and number of turns.
    #[test]
    fn a_simulated_game_replays_alone_on_the_checked_loop() {
        let rules = Rules::default().with_goal(40).unwrap();
        let solution = Arc::new(solve(rules).unwrap());
        let seats = (Optimal(solution), HoldAt(20));
        let mut worker = Worker::new(rules, seats.0.clone(), seats.1);
        for index in (0..2000).rev() {
            let quiet = worker.play(11, index).unwrap();
            let players = [PigPlayer::new("A"), PigPlayer::new("B")];
            let mut game = Game::new(rules, players);
            let mut dice = cards_core::protocol::ChanceSource::seeded(stream_rng(11, index));
            let mut agents = seats.clone();
            let outcome = Driver::new()
                .play(&mut game, &mut dice, &mut agents, |_, _, _| Ok(()))
                .unwrap();
            assert_eq!(quiet, (outcome, game.turns()), "game {index}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Every game ends with one winner at or past the goal, the loser below it, and
        /// the turns counted; and the driver plays the game the rules give by hand.
        #[test]
        fn every_game_ends(seed: u64, a in 1u32..60, b in 1u32..60, goal in 1u32..150, classic: bool) {
            let variant = if classic { Variant::Classic } else { Variant::TwoDice };
            let rules = Rules::new(variant).with_goal(goal).unwrap();
            let (state, dice_points) = by_hand(rules, [a, b], &mut stream_rng(seed, 0));
            let winner = state.current();
            prop_assert_eq!(state.outcome(), Some(Outcome::Winner { seat: winner }));
            prop_assert!(state.player(winner).total() >= goal);
            prop_assert!(state.player(1 - winner).total() < goal);
            for (p, &given) in dice_points.iter().enumerate() {
                // Points never exceed what the dice gave.
                prop_assert!(state.player(p).total() <= given);
            }
            let mut table = Worker::new(rules, HoldAt(a), HoldAt(b));
            prop_assert_eq!(
                table.play(seed, 0).map_err(|e| e.to_string()),
                Ok((Outcome::Winner { seat: winner }, state.turns()))
            );
        }
    }
}
