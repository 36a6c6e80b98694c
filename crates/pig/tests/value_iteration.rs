//! The textbook value iteration of the benchmarks (`benches/value_iteration.rs`) and the
//! crate's layered solver agree: for small goals under both rule sets, every position's
//! chance of winning within [`AGREE`], and the same decision to roll or hold except where
//! rolling and holding tie within it.

#![allow(clippy::unwrap_used)]

#[path = "../benches/value_iteration.rs"]
mod value_iteration;

use cards_core::names::RuleSet;
use pig::solver::TOLERANCE;
use pig::{Rules, Variant, solve};
use value_iteration::ValueIteration;

/// The textbook iteration is run to a tighter tolerance than the solver's, so that the
/// difference measures the solver.
const TIGHTER: f64 = TOLERANCE / 1000.0;

/// How close the two must be. Both stop when a sweep moves no value by their tolerance,
/// which bounds the distance to the exact values only up to how slowly the sweeps
/// converge: the solver's values are within a few times its [`TOLERANCE`] of the
/// exact ones (1.2e-9 at worst here, classic goal 30), not within it.
const AGREE: f64 = 10.0 * TOLERANCE;

fn agree(variant: Variant, goal: u32) {
    let rules = Rules::new(variant).with_goal(goal).unwrap();
    let solution = solve(rules).unwrap();
    let plain = ValueIteration::solve(rules, TIGHTER);
    for i in 0..goal {
        for j in 0..goal {
            for k in 0..goal - i {
                let (iu, ju, ku) = (i as usize, j as usize, k as usize);
                let theirs = solution.value(i, j, k).unwrap();
                let ours = plain.value(iu, ju, ku);
                assert!(
                    (theirs - ours).abs() < AGREE,
                    "{variant}, goal {goal}, ({i}, {j}, {k}): {theirs} against {ours}"
                );
                let (roll, hold) = plain.roll_and_hold(iu, ju, ku);
                if solution.should_roll(i, j, k) != (roll >= hold) {
                    assert!(
                        (roll - hold).abs() < AGREE,
                        "{variant}, goal {goal}, ({i}, {j}, {k}): roll {roll}, hold {hold}"
                    );
                }
            }
        }
    }
}

#[test]
fn the_solver_agrees_with_plain_value_iteration() {
    for &variant in Variant::ALL {
        for goal in [1, 2, 7, 30] {
            agree(variant, goal);
        }
    }
}
