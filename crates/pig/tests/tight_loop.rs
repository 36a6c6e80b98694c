//! The tight loop of the benchmarks (`benches/tight_loop.rs`) plays exactly the engine's
//! games: for each of N seeded games (2,000 by default; `TIGHT_LOOP_GAMES` sets N), the
//! engine's simulate worker, as `pig simulate` runs it, and the tight loop agree on the
//! winner and the number of turns, for hold:20 against hold:20 and for the optimal
//! strategy against hold:20 (two dice, goal 100).
//!
//! The check of 100,000 games of each pairing, not run by default:
//! `cargo test --release -p pig --test tight_loop -- --ignored`

#![allow(clippy::unwrap_used)]

#[path = "../benches/tight_loop.rs"]
mod tight_loop;

use std::sync::Arc;

use cards_core::Outcome;
use cards_core::sim::Simulation;
use pig::simulate::Setup;
use pig::{AnyStrategy, HoldAt, Optimal, Rules, solve};
use tight_loop::{Decide, Game, Hold, OptimalBits};

/// Two dice to the tight loop's goal (the assignment's 100).
fn rules() -> Rules {
    Rules::default().with_goal(tight_loop::GOAL).unwrap()
}

fn games() -> u64 {
    std::env::var("TIGHT_LOOP_GAMES").map_or(2_000, |n| n.parse().unwrap())
}

fn agree<A: Decide>(engine_a: AnyStrategy, tight_a: &A, seed: u64, games: u64) {
    let game = Setup {
        rules: rules(),
        a: (engine_a, "a".to_owned()),
        b: (AnyStrategy::HoldAt(HoldAt(20)), "hold:20".to_owned()),
    };
    let mut worker = game.worker();
    for index in 0..games {
        let played = game.play(&mut worker, seed, index, &mut ()).unwrap();
        let Outcome::Winner { seat: winner } = played.outcome else {
            panic!("game {index}: no winner");
        };
        let engine = Game {
            winner,
            turns: u32::try_from(played.length).unwrap(),
        };
        let tight = tight_loop::play(tight_a, &Hold(20), seed, index);
        assert_eq!(engine, tight, "seed {seed}, game {index}");
    }
}

#[test]
fn hold20_against_hold20() {
    agree(AnyStrategy::HoldAt(HoldAt(20)), &Hold(20), 1, games());
}

#[test]
fn optimal_against_hold20() {
    let solution = Arc::new(solve(rules()).unwrap());
    let bits = OptimalBits::new(&solution);
    agree(AnyStrategy::Optimal(Optimal(solution)), &bits, 2, games());
}

/// 100,000 seeded games of each pairing (seed 1), engine and tight loop alike.
#[test]
#[ignore = "100,000 games of each pairing: run with --release -- --ignored"]
fn a_hundred_thousand_games_agree() {
    agree(AnyStrategy::HoldAt(HoldAt(20)), &Hold(20), 1, 100_000);
    let solution = Arc::new(solve(rules()).unwrap());
    let bits = OptimalBits::new(&solution);
    agree(AnyStrategy::Optimal(Optimal(solution)), &bits, 1, 100_000);
}
