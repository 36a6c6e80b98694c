//! The engine's `simulate` against the tight loop (`tight_loop.rs`), one game per
//! iteration on one thread, side by side: two-dice Pig to 100, hold:20 against hold:20
//! and the optimal strategy against hold:20. The engine is timed as `pig simulate`
//! plays: the harness's worker for a [`Setup`] of the command line's strategies
//! ([`AnyStrategy`]), one game after another from seed 1.
//!
//! `cargo bench -p pig --bench tight`

// A benchmark: a setup that fails is the benchmark failing.
#![allow(clippy::unwrap_used)]

#[path = "tight_loop.rs"]
mod tight_loop;

use std::sync::Arc;

use cards_core::sim::Simulation;
use divan::{Bencher, black_box, counter::ItemsCount};
use pig::simulate::Setup;
use pig::{AnyStrategy, HoldAt, Optimal, Rules, Solution, solve};
use tight_loop::{Decide, Hold, OptimalBits};

/// Two dice to the tight loop's goal (the assignment's 100).
fn rules() -> Rules {
    Rules::default().with_goal(tight_loop::GOAL).unwrap()
}

fn main() {
    divan::main();
}

fn solution() -> Arc<Solution> {
    Arc::new(solve(rules()).unwrap())
}

fn engine(bencher: Bencher, a: AnyStrategy) {
    let game = Setup {
        rules: rules(),
        a: (a, "a".to_owned()),
        b: (AnyStrategy::HoldAt(HoldAt(20)), "hold:20".to_owned()),
    };
    let mut worker = game.worker();
    let mut index = 0;
    bencher.counter(ItemsCount::new(1usize)).bench_local(|| {
        index += 1;
        game.play(&mut worker, 1, index, &mut ()).unwrap()
    });
}

fn tight<A: Decide>(bencher: Bencher, a: &A) {
    let b = Hold(20);
    let mut index = 0;
    bencher.counter(ItemsCount::new(1usize)).bench_local(|| {
        index += 1;
        tight_loop::play(black_box(a), &b, 1, index)
    });
}

/// hold:20 against hold:20, the engine.
#[divan::bench(sample_count = 30, sample_size = 2000)]
fn engine_hold20_vs_hold20(bencher: Bencher) {
    engine(bencher, AnyStrategy::HoldAt(HoldAt(20)));
}

/// hold:20 against hold:20, the tight loop.
#[divan::bench(sample_count = 30, sample_size = 2000)]
fn tight_hold20_vs_hold20(bencher: Bencher) {
    tight(bencher, &Hold(20));
}

/// The optimal strategy against hold:20, the engine.
#[divan::bench(sample_count = 30, sample_size = 2000)]
fn engine_optimal_vs_hold20(bencher: Bencher) {
    engine(bencher, AnyStrategy::Optimal(Optimal(solution())));
}

/// The optimal strategy against hold:20, the tight loop.
#[divan::bench(sample_count = 30, sample_size = 2000)]
fn tight_optimal_vs_hold20(bencher: Bencher) {
    tight(bencher, &OptimalBits::new(&solution()));
}
