//! Benchmarks: the solver for the assignment's goal, against straightforward value
//! iteration (`value_iteration.rs`), and simulated games per second.
//!
//! Run briefly: `cargo bench -p pig --bench pig -- --sample-count 3`; the solvers alone:
//! `cargo bench -p pig --bench pig -- goal_100`.

#[path = "value_iteration.rs"]
mod value_iteration;

use std::sync::Arc;

use divan::{Bencher, black_box};
use pig::simulate::Worker;
use pig::solver::TOLERANCE;
use pig::{HoldAt, Optimal, Rules, Variant, solve};
use value_iteration::ValueIteration;

fn main() {
    divan::main();
}

/// Solving Pig for goal 100 with both rule sets (about half a million positions).
#[divan::bench(args = [Variant::TwoDice, Variant::Classic], sample_count = 3, sample_size = 1)]
fn solve_goal_100(variant: Variant) -> f64 {
    solve(black_box(Rules::new(variant)))
        .map(|s| s.first_player_wins())
        .unwrap_or(f64::NAN)
}

/// The same by textbook value iteration: every position swept in natural order until no
/// value moves by the solver's tolerance.
#[divan::bench(args = [Variant::TwoDice, Variant::Classic], sample_count = 3, sample_size = 1)]
fn value_iteration_goal_100(variant: Variant) -> f64 {
    ValueIteration::solve(black_box(Rules::new(variant)), TOLERANCE).value(0, 0, 0)
}

/// One game of hold:20 against hold:20 on the protocol's loop, as `pig simulate` plays
/// it (one game per iteration: the counter gives games per second).
#[divan::bench(sample_count = 20, sample_size = 1000)]
fn game_hold20_vs_hold20(bencher: Bencher) {
    let mut table = Worker::new(Rules::default(), HoldAt(20), HoldAt(20));
    let mut game = 0;
    bencher
        .counter(divan::counter::ItemsCount::new(1usize))
        .bench_local(|| {
            game += 1;
            table.play(1, game).ok()
        });
}

/// One game of the optimal strategy against hold:20.
#[divan::bench(sample_count = 20, sample_size = 1000)]
fn game_optimal_vs_hold20(bencher: Bencher) {
    let Ok(solution) = solve(Rules::default()) else {
        return;
    };
    let optimal = Optimal(Arc::new(solution));
    let mut table = Worker::new(Rules::default(), optimal, HoldAt(20));
    let mut game = 0;
    bencher
        .counter(divan::counter::ItemsCount::new(1usize))
        .bench_local(|| {
            game += 1;
            table.play(1, game).ok()
        });
}
