//! Straightforward value iteration for Pig, the textbook way, to measure the crate's
//! solver against (issue 13) and to check it (`tests/value_iteration.rs`).
//!
//! Every position `(i, j, k)` (the mover has banked `i`, the opponent `j`, the turn holds
//! `k`; `i + k` below the goal) gets the Bellman update
//!
//! ```text
//! P(i, j, k) = max( 1 - P(j, i + k, 0),                                   hold
//!                   b · (1 - P(j, i, 0)) + Σ_r p_r · (1 if i + k + r ≥ goal
//!                                                     else P(i, j, k + r)) )  roll
//! ```
//!
//! over all positions in their natural order (`i`, then `j`, then `k`, each upwards), in
//! place, sweep after sweep, until no value moves by `tolerance` or more. The chances
//! `b` and `p_r` are counted from the game's own throws
//! ([`Variant::outcomes`](pig::Variant::outcomes), each scored by
//! [`Throw::score`](pig::Throw::score)). No layers, no ordering of the
//! positions, one cube of `goal³` values.

use pig::Rules;
use pig::dice::Score;

/// The values of every position, and how many sweeps it took.
#[derive(Clone, Debug)]
pub struct ValueIteration {
    goal: usize,
    bust: f64,
    points: Vec<(usize, f64)>,
    values: Vec<f64>,
    /// Sweeps over all positions until the largest change was below the tolerance.
    pub sweeps: u32,
}

impl ValueIteration {
    /// Iterates the Bellman update for these rules (dice and goal) until a sweep changes
    /// no value by `tolerance` or more.
    pub fn solve(rules: Rules, tolerance: f64) -> ValueIteration {
        let outcomes = rules.variant().outcomes();
        let each = 1.0 / outcomes.len() as f64;
        let mut bust = 0.0;
        let mut points: Vec<(usize, f64)> = Vec::new();
        for throw in outcomes {
            match throw.score() {
                Score::Bust => bust += each,
                Score::Points(r) => match points.iter_mut().find(|(p, _)| *p == r as usize) {
                    Some((_, p)) => *p += each,
                    None => points.push((r as usize, each)),
                },
            }
        }
        let goal = rules.goal() as usize;
        let mut solved = ValueIteration {
            goal,
            bust,
            points,
            values: vec![0.0; goal * goal * goal],
            sweeps: 0,
        };
        loop {
            solved.sweeps += 1;
            let mut change: f64 = 0.0;
            for i in 0..goal {
                for j in 0..goal {
                    for k in 0..goal - i {
                        let (roll, hold) = solved.roll_and_hold(i, j, k);
                        let new = roll.max(hold);
                        let at = solved.at(i, j, k);
                        change = change.max((new - solved.values[at]).abs());
                        solved.values[at] = new;
                    }
                }
            }
            if change < tolerance {
                return solved;
            }
        }
    }

    fn at(&self, i: usize, j: usize, k: usize) -> usize {
        (i * self.goal + j) * self.goal + k
    }

    /// The mover's chance of winning at `(i, j, k)`.
    pub fn value(&self, i: usize, j: usize, k: usize) -> f64 {
        self.values[self.at(i, j, k)]
    }

    /// The chances of winning by rolling and by holding at `(i, j, k)`, from the
    /// current values.
    pub fn roll_and_hold(&self, i: usize, j: usize, k: usize) -> (f64, f64) {
        let hold = 1.0 - self.value(j, i + k, 0);
        let mut roll = self.bust * (1.0 - self.value(j, i, 0));
        for &(r, p) in &self.points {
            roll += p * if i + k + r >= self.goal {
                1.0
            } else {
                self.value(i, j, k + r)
            };
        }
        (roll, hold)
    }
}
