//! Pig solved: the probability of winning from every position under optimal play, by
//! value iteration, and the exact winning chances of any two fixed strategies.
//!
//! # The equations
//! A position is `(i, j, k)`: the player to move has banked `i`, the opponent `j`, and
//! the turn holds `k` points (`i + k` below the goal, or the game would be over). `P` is
//! the mover's probability of winning when both play optimally:
//!
//! ```text
//! hold(i, j, k) = 1 - P(j, i + k, 0)
//! roll(i, j, k) = b · (1 - P(j, i, 0)) + Σ_r p_r · (1 if i + k + r ≥ goal else P(i, j, k + r))
//! P(i, j, k)    = max(roll, hold)
//! ```
//! where `b` is the chance of a bust and `p_r` the chance of scoring `r` points
//! ([`Variant::chances`]: the dice's outcomes summed, the same dice the game throws).
//!
//! # The order of the sweeps
//! Rolling only raises `k`; holding raises `i + j` by `k`; only a bust (or holding at 0)
//! leads to a position with the same score sum `i + j`. So the positions are solved one
//! score-sum layer at a time, highest sum first: every value a layer reads from above it
//! is final, and within a pair `(i, j)` the turn totals are swept from high to low, so a
//! roll reads values updated in the same sweep (Gauss–Seidel). A layer is swept until
//! no value moves by [`TOLERANCE`] or more. The values live in one flat `Vec<f64>`
//! (see `Layout`), and a sweep allocates nothing.

use std::collections::HashMap;
use std::io::{self, Read, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use cards_core::protocol::Agent;

use crate::game::{Action, Game, Observation};
use crate::rules::{Rules, Variant};

/// Value iteration stops when a sweep moves no value by this much.
pub const TOLERANCE: f64 = 1e-9;

/// The largest goal the solver accepts: the table has `goal²(goal+1)/2` values, 108 MB
/// at this goal (and as many decisions, a byte each: 13.5 MB more).
pub const MAX_GOAL: u32 = 300;

/// Where each position's value sits in the flat tables: row `i` (the mover's score)
/// holds `goal` blocks, one per opponent score `j`, of `goal - i` turn totals each.
#[derive(Clone, Debug)]
struct Layout {
    goal: usize,
    row: Vec<usize>,
    len: usize,
}

impl Layout {
    fn new(goal: u32) -> Layout {
        let goal = goal as usize;
        let mut row = Vec::with_capacity(goal);
        let mut len = 0;
        for i in 0..goal {
            row.push(len);
            len += goal * (goal - i);
        }
        Layout { goal, row, len }
    }

    /// The start of the turn totals of `(i, j)`; they run for `goal - i` values.
    #[inline]
    fn block(&self, i: usize, j: usize) -> usize {
        self.row[i] + j * (self.goal - i)
    }

    fn contains(&self, i: u32, j: u32, k: u32) -> bool {
        let (i, j, k) = (i as usize, j as usize, k as usize);
        i < self.goal && j < self.goal && i + k < self.goal
    }

    /// The score sums, highest first, each with the mover scores `i` of its pairs.
    fn layers(&self) -> impl Iterator<Item = (usize, std::ops::RangeInclusive<usize>)> {
        let top = self.goal - 1;
        (0..=2 * top)
            .rev()
            .map(move |sum| (sum, sum.saturating_sub(top)..=sum.min(top)))
    }
}

/// A roll's chances as probabilities.
#[derive(Clone, Debug)]
struct Probabilities {
    bust: f64,
    points: Vec<(usize, f64)>,
}

impl Probabilities {
    fn new(variant: Variant) -> Probabilities {
        let chances = variant.chances();
        let total = f64::from(chances.total);
        Probabilities {
            bust: f64::from(chances.bust) / total,
            points: chances
                .points
                .iter()
                .map(|&(points, weight)| (points as usize, f64::from(weight) / total))
                .collect(),
        }
    }

    /// The value of rolling: `bust` if the dice bust, `win` if the roll reaches the goal
    /// (turn total `end` or more), else `turn[k + r]`.
    #[inline]
    fn roll(&self, turn: &[f64], k: usize, end: usize, bust: f64, win: f64) -> f64 {
        let mut value = self.bust * bust;
        for &(r, p) in &self.points {
            let next = k + r;
            value += p * if next >= end { win } else { turn[next] };
        }
        value
    }
}

/// How the value iteration went.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolveStats {
    /// Score-sum layers solved (`2·goal - 1`).
    pub layers: u32,
    /// Sweeps over all layers together.
    pub sweeps: u64,
    /// The most sweeps any one layer needed.
    pub max_layer_sweeps: u32,
    /// Position values computed, over all sweeps.
    pub updates: u64,
}

/// Why the solver refused, or a table could not be read.
#[derive(Debug, thiserror::Error)]
pub enum SolveError {
    /// The goal is 0 or too large for memory.
    #[error("the solver takes goals from 1 to {MAX_GOAL}, not {0}")]
    Goal(u32),
    /// The file could not be read or written.
    #[error("{0}")]
    Io(#[from] io::Error),
    /// The file is not a table written by `pig solve --out`.
    #[error("not a Pig value table: {0}")]
    Format(&'static str),
    /// A strategy being evaluated gave no decision in a position.
    #[error("the strategy gave no decision with {i} banked against {j} and {k} turn points: {why}")]
    NoDecision {
        /// The mover's banked points.
        i: u32,
        /// The opponent's banked points.
        j: u32,
        /// The turn's points.
        k: u32,
        /// The strategy's reason.
        why: String,
    },
}

/// Checks that the solver takes the rules' goal (at most [`MAX_GOAL`]).
pub fn check_goal(rules: Rules) -> Result<Rules, SolveError> {
    if (1..=MAX_GOAL).contains(&rules.goal()) {
        Ok(rules)
    } else {
        Err(SolveError::Goal(rules.goal()))
    }
}

/// The solved game: the winning probability of the player to move, under optimal play by
/// both, for every position.
#[derive(Clone, Debug)]
pub struct Solution {
    rules: Rules,
    layout: Layout,
    probabilities: Probabilities,
    values: Vec<f64>,
    /// The optimal decision in each position, in the layout of `values`: whether it
    /// rolls ([`Solution::should_roll`]). Worked out once from the values when the
    /// table is solved or read, so that a game asks the table, not the Bellman sum.
    rolls: Vec<bool>,
    stats: Option<SolveStats>,
}

/// One rule set's table (dice and goal), once solved.
type Solved = Arc<Mutex<Option<Arc<Solution>>>>;

/// The solved tables of this process, by rules.
static SOLVED: OnceLock<Mutex<HashMap<Rules, Solved>>> = OnceLock::new();

/// The solved table for `rules`, shared: solved the first time it is asked
/// for in this process (about a second at goal 100), then kept, so that every optimal
/// Computer a front seats ([`crate::face`]) plays from one table. Two callers asking for
/// the same table at once wait for one solving; other tables are not held up. A goal
/// the solver refuses ([`check_goal`]) is refused before anything is kept, so the tables
/// kept are at most the two rule sets' [`MAX_GOAL`] goals (a front that lets anyone
/// choose the goal keeps its own, shorter, list: the web page's four).
pub fn solved(rules: Rules) -> Result<Arc<Solution>, SolveError> {
    let rules = check_goal(rules)?;
    // A panic while solving leaves nothing half-written in a slot: a poisoned lock's
    // contents are still whole.
    let slot = {
        let mut tables = SOLVED
            .get_or_init(Mutex::default)
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        Arc::clone(tables.entry(rules).or_default())
    };
    let mut slot = slot.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(solution) = &*slot {
        return Ok(Arc::clone(solution));
    }
    let solution = Arc::new(solve(rules)?);
    SOLVES.fetch_add(1, Ordering::Relaxed);
    *slot = Some(Arc::clone(&solution));
    Ok(solution)
}

/// How many tables [`solved`] has solved in this process.
static SOLVES: AtomicUsize = AtomicUsize::new(0);

/// How many tables [`solved`] has solved in this process: each rule set (dice and goal) at most
/// once, however many ask for it, and at the same time (a server's statistics).
pub fn tables_solved() -> usize {
    SOLVES.load(Ordering::Relaxed)
}

/// Solves Pig with these rules (dice and goal) by value iteration (see the module's doc).
pub fn solve(rules: Rules) -> Result<Solution, SolveError> {
    let rules = check_goal(rules)?;
    let layout = Layout::new(rules.goal());
    let probabilities = Probabilities::new(rules.variant());
    let mut values = vec![0.0; layout.len];
    let mut stats = SolveStats::default();
    for (sum, movers) in layout.layers() {
        stats.layers += 1;
        let mut sweeps = 0;
        loop {
            sweeps += 1;
            let mut change: f64 = 0.0;
            for i in movers.clone() {
                let j = sum - i;
                change = change.max(optimal_block(&mut values, &layout, &probabilities, i, j));
                stats.updates += (layout.goal - i) as u64;
            }
            if change < TOLERANCE {
                break;
            }
        }
        stats.sweeps += u64::from(sweeps);
        stats.max_layer_sweeps = stats.max_layer_sweeps.max(sweeps);
    }
    Ok(Solution::new(
        rules,
        layout,
        probabilities,
        values,
        Some(stats),
    ))
}

// ANCHOR: bellman
/// One Bellman update of the turn totals of `(i, j)`, highest first; returns the largest
/// change.
fn optimal_block(
    values: &mut [f64],
    layout: &Layout,
    probabilities: &Probabilities,
    i: usize,
    j: usize,
) -> f64 {
    let end = layout.goal - i;
    let start = layout.block(i, j);
    let bust = 1.0 - values[layout.block(j, i)];
    // Holding with k points leads to the opponent's (j, i + k, 0).
    let opponent_row = layout.row[j];
    let stride = layout.goal - j;
    let mut change: f64 = 0.0;
    for k in (0..end).rev() {
        let roll = probabilities.roll(&values[start..start + end], k, end, bust, 1.0);
        let hold = 1.0 - values[opponent_row + (i + k) * stride];
        let new = roll.max(hold);
        let old = &mut values[start + k];
        change = change.max((new - *old).abs());
        *old = new;
    }
    change
}
// ANCHOR_END: bellman

impl Solution {
    /// The solution with these values, and its decisions worked out from them.
    fn new(
        rules: Rules,
        layout: Layout,
        probabilities: Probabilities,
        values: Vec<f64>,
        stats: Option<SolveStats>,
    ) -> Solution {
        let goal = rules.goal();
        let mut solution = Solution {
            rules,
            layout,
            probabilities,
            values,
            rolls: Vec::new(),
            stats,
        };
        let mut rolls = vec![true; solution.values.len()];
        for i in 0..goal {
            for j in 0..goal {
                let start = solution.layout.block(i as usize, j as usize);
                for k in 1..goal - i {
                    rolls[start + k as usize] = solution.rolls_better(i, j, k);
                }
            }
        }
        solution.rolls = rolls;
        solution
    }

    /// The rules solved: the dice and the goal.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The goal solved (the rules').
    pub fn goal(&self) -> u32 {
        self.rules.goal()
    }

    /// How the iteration went; `None` for a table read from a file.
    pub fn stats(&self) -> Option<SolveStats> {
        self.stats
    }

    /// The number of positions (values in the table).
    pub fn positions(&self) -> usize {
        self.values.len()
    }

    /// The mover's winning probability with `i` banked, the opponent `j`, and `k` turn
    /// points; `None` outside the table (`i + k` at or past the goal is no position).
    pub fn value(&self, i: u32, j: u32, k: u32) -> Option<f64> {
        self.layout
            .contains(i, j, k)
            .then(|| self.values[self.layout.block(i as usize, j as usize) + k as usize])
    }

    /// The first player's winning probability at the start, both playing optimally.
    pub fn first_player_wins(&self) -> f64 {
        self.values[0]
    }

    /// The winning probabilities of rolling and of holding in a position (the two sides
    /// of the max); `None` outside the table.
    pub fn roll_and_hold(&self, i: u32, j: u32, k: u32) -> Option<(f64, f64)> {
        if !self.layout.contains(i, j, k) {
            return None;
        }
        let (i, j, k) = (i as usize, j as usize, k as usize);
        let start = self.layout.block(i, j);
        let end = self.layout.goal - i;
        let bust = 1.0 - self.values[self.layout.block(j, i)];
        let roll = self
            .probabilities
            .roll(&self.values[start..start + end], k, end, bust, 1.0);
        let hold = 1.0 - self.values[self.layout.block(j, i + k)];
        Some((roll, hold))
    }

    /// The optimal decision: roll when rolling wins at least as often as holding, ties
    /// (within [`TOLERANCE`], the values' accuracy) included. With no points in the
    /// turn it always rolls: holding at 0 only passes the dice, which is what a bust
    /// does, so rolling is never worse; and a strategy that rolls at 0 cannot keep a game
    /// from ending. Outside the table (a game with another goal) it rolls.
    ///
    /// The decisions are worked out when the table is solved or read; this looks one up.
    pub fn should_roll(&self, i: u32, j: u32, k: u32) -> bool {
        !self.layout.contains(i, j, k)
            || self.rolls[self.layout.block(i as usize, j as usize) + k as usize]
    }

    /// Whether rolling is at least as good as holding (ties within [`TOLERANCE`]
    /// roll), from the values: what [`Solution::should_roll`] keeps for each position.
    fn rolls_better(&self, i: u32, j: u32, k: u32) -> bool {
        k == 0
            || self
                .roll_and_hold(i, j, k)
                .is_none_or(|(roll, hold)| roll >= hold - TOLERANCE)
    }

    /// The smallest turn total (from 1) at which the optimal player holds with `i`
    /// banked against `j`; `None` if it rolls on to the goal.
    pub fn hold_from(&self, i: u32, j: u32) -> Option<u32> {
        (1..self.goal().saturating_sub(i)).find(|&k| !self.should_roll(i, j, k))
    }

    /// How many positions with points in the turn (`k` ≥ 1) the optimal player holds
    /// in, and how many such positions there are.
    pub fn hold_positions(&self) -> (usize, usize) {
        let mut holds = 0;
        let mut all = 0;
        let goal = self.goal();
        for i in 0..goal {
            for j in 0..goal {
                for k in 1..goal - i {
                    all += 1;
                    holds += usize::from(!self.should_roll(i, j, k));
                }
            }
        }
        (holds, all)
    }

    /// Writes the table in the format [`Solution::read_from`] reads:
    ///
    /// - 8 bytes `PIGVALS1`;
    /// - 1 byte: the rules (0 two-dice, 1 classic);
    /// - 4 bytes: the goal, little-endian;
    /// - the values, `f64` little-endian, in the order of positions `(i, j, k)` with `i`
    ///   slowest and `k` fastest (`i`, `j` below the goal, `k` below `goal - i`).
    pub fn write_to(&self, mut out: impl Write) -> io::Result<()> {
        out.write_all(MAGIC)?;
        out.write_all(&[rules_code(self.rules.variant())])?;
        out.write_all(&self.goal().to_le_bytes())?;
        let mut buffer = Vec::with_capacity(8 * 4096);
        for chunk in self.values.chunks(4096) {
            buffer.clear();
            for value in chunk {
                buffer.extend_from_slice(&value.to_le_bytes());
            }
            out.write_all(&buffer)?;
        }
        out.flush()
    }

    /// Reads a table written by [`Solution::write_to`], checking its header, its length
    /// and that every value is a probability.
    pub fn read_from(mut input: impl Read) -> Result<Solution, SolveError> {
        let mut header = [0u8; 13];
        input
            .read_exact(&mut header)
            .map_err(|error| match error.kind() {
                io::ErrorKind::UnexpectedEof => SolveError::Format("too short"),
                _ => SolveError::Io(error),
            })?;
        if &header[..8] != MAGIC {
            return Err(SolveError::Format("it does not start with PIGVALS1"));
        }
        let variant = match header[8] {
            0 => Variant::TwoDice,
            1 => Variant::Classic,
            _ => return Err(SolveError::Format("unknown rules")),
        };
        let goal = u32::from_le_bytes([header[9], header[10], header[11], header[12]]);
        let rules = Rules::new(variant)
            .with_goal(goal)
            .ok()
            .and_then(|rules| check_goal(rules).ok())
            .ok_or(SolveError::Format("goal out of range"))?;
        let layout = Layout::new(goal);
        let expected = 8 * layout.len;
        let mut bytes = Vec::with_capacity(expected);
        // One byte more than the table tells a longer file from the table without
        // reading all of an endless one.
        input.take(expected as u64 + 1).read_to_end(&mut bytes)?;
        if bytes.len() != expected {
            return Err(SolveError::Format("wrong length for its goal"));
        }
        let values: Vec<f64> = bytes
            .chunks_exact(8)
            .map(|b| f64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]))
            .collect();
        if !values.iter().all(|v| (0.0..=1.0).contains(v)) {
            return Err(SolveError::Format("a value is not a probability"));
        }
        Ok(Solution::new(
            rules,
            layout,
            Probabilities::new(variant),
            values,
            None,
        ))
    }
}

const MAGIC: &[u8; 8] = b"PIGVALS1";

const fn rules_code(variant: Variant) -> u8 {
    match variant {
        Variant::TwoDice => 0,
        Variant::Classic => 1,
    }
}

/// The exact winning chances of two fixed strategies against each other.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Evaluation {
    /// The probability that A wins when A moves first.
    pub a_first: f64,
    /// The probability that A wins when B moves first.
    pub a_second: f64,
    /// How the iteration went.
    pub stats: SolveStats,
}

/// Evaluates strategy `a` against strategy `b` by the same layered sweeps as [`solve`],
/// with each player's decisions fixed instead of maximised: each agent is asked once in
/// every position, as the game would ask it (its seat's view, both actions legal).
/// Games in which both players would pass forever count as won by nobody.
pub fn evaluate<A, B>(rules: Rules, a: &mut A, b: &mut B) -> Result<Evaluation, SolveError>
where
    A: Agent<Game> + ?Sized,
    B: Agent<Game> + ?Sized,
{
    let rules = check_goal(rules)?;
    let layout = Layout::new(rules.goal());
    let probabilities = Probabilities::new(rules.variant());
    let (a_rolls, b_rolls) = (decisions(&layout, a)?, decisions(&layout, b)?);
    // a_moves: A to move with i banked against B's j; b_moves: B to move with i against
    // A's j. Both hold A's chance of winning.
    let mut a_moves = vec![0.0; layout.len];
    let mut b_moves = vec![0.0; layout.len];
    let mut stats = SolveStats::default();
    for (sum, movers) in layout.layers() {
        stats.layers += 1;
        let mut sweeps = 0;
        loop {
            sweeps += 1;
            let mut change: f64 = 0.0;
            for i in movers.clone() {
                let j = sum - i;
                let fixed = Fixed {
                    layout: &layout,
                    probabilities: &probabilities,
                    i,
                    j,
                };
                change = change.max(fixed.block(&mut a_moves, &b_moves, &a_rolls, 1.0));
                change = change.max(fixed.block(&mut b_moves, &a_moves, &b_rolls, 0.0));
                stats.updates += 2 * (layout.goal - i) as u64;
            }
            if change < TOLERANCE {
                break;
            }
        }
        stats.sweeps += u64::from(sweeps);
        stats.max_layer_sweeps = stats.max_layer_sweeps.max(sweeps);
    }
    Ok(Evaluation {
        a_first: a_moves[0],
        a_second: b_moves[0],
        stats,
    })
}

/// Whether `agent` rolls, in every position of `layout`.
fn decisions<A: Agent<Game> + ?Sized>(
    layout: &Layout,
    agent: &mut A,
) -> Result<Vec<bool>, SolveError> {
    let goal = layout.goal as u32;
    let mut rolls = vec![false; layout.len];
    for i in 0..goal {
        for j in 0..goal {
            let start = layout.block(i as usize, j as usize);
            for k in 0..goal - i {
                let view = Observation {
                    goal,
                    my_score: i,
                    opponent_score: j,
                    turn_points: k,
                    my_turn: true,
                };
                let action = agent.choose(0, &view, &Action::ALL).map_err(|stop| {
                    SolveError::NoDecision {
                        i,
                        j,
                        k,
                        why: stop.to_string(),
                    }
                })?;
                rolls[start + k as usize] = action == Action::Roll;
            }
        }
    }
    Ok(rolls)
}

/// One pair `(i, j)` of a fixed-strategy evaluation.
struct Fixed<'a> {
    layout: &'a Layout,
    probabilities: &'a Probabilities,
    i: usize,
    j: usize,
}

impl Fixed<'_> {
    /// Updates the mover's table for `(i, j)`: `win` is A's chance when the mover reaches
    /// the goal (1 if the mover is A); a bust or hold leads into the other table.
    fn block(&self, own: &mut [f64], other: &[f64], rolls: &[bool], win: f64) -> f64 {
        let (layout, i, j) = (self.layout, self.i, self.j);
        let end = layout.goal - i;
        let start = layout.block(i, j);
        let bust = other[layout.block(j, i)];
        let opponent_row = layout.row[j];
        let stride = layout.goal - j;
        let mut change: f64 = 0.0;
        for k in (0..end).rev() {
            let new = if rolls[start + k] {
                self.probabilities
                    .roll(&own[start..start + end], k, end, bust, win)
            } else {
                other[opponent_row + (i + k) * stride]
            };
            let old = &mut own[start + k];
            change = change.max((new - *old).abs());
            *old = new;
        }
        change
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Many callers asking at once for a table nobody has solved yet get one table,
    /// solved once (the web server's cold start of many optimal Computers).
    #[test]
    fn a_table_asked_for_at_once_is_solved_once() {
        // Nothing else in this test process calls `super::solved`: the count is this one's.
        let before = tables_solved();
        let tables: Vec<Arc<Solution>> = std::thread::scope(|scope| {
            let callers: Vec<_> = (0..16)
                .map(|_| scope.spawn(|| super::solved(rules(Variant::TwoDice, 7)).unwrap()))
                .collect();
            callers.into_iter().map(|c| c.join().unwrap()).collect()
        });
        assert!(tables.iter().all(|t| Arc::ptr_eq(t, &tables[0])));
        assert_eq!(tables_solved() - before, 1);
    }

    use crate::strategy::{HoldAt, Optimal};
    use cards_core::names::RuleSet;
    use pretty_assertions::assert_eq;
    use std::collections::HashMap;
    use std::sync::Arc;

    fn rules(variant: Variant, goal: u32) -> Rules {
        Rules::new(variant).with_goal(goal).unwrap()
    }

    fn solved(variant: Variant, goal: u32) -> Solution {
        solve(rules(variant, goal)).unwrap()
    }

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() < tolerance
    }

    /// An independent computation: plain value iteration over a cube of positions
    /// `[i][j][k]` in natural order, every one of the 36 (or 6) throws scored by the
    /// game's own `PigPlayer`: no layers, no flat layout, no summed chances.
    fn naive(variant: Variant, goal: u32) -> HashMap<(u32, u32, u32), f64> {
        use crate::player::PigPlayer;
        let gains: Vec<u32> = variant
            .outcomes()
            .into_iter()
            .map(|throw| {
                let mut player = PigPlayer::new("x");
                player.roll(throw);
                player.turn_points()
            })
            .collect();
        let weight = 1.0 / gains.len() as f64;
        let g = goal as usize;
        let at = |i: u32, j: u32, k: u32| (i as usize * g + j as usize) * g + k as usize;
        let mut cube = vec![0.0f64; g * g * g];
        loop {
            let mut change: f64 = 0.0;
            for i in 0..goal {
                for j in 0..goal {
                    for k in 0..goal - i {
                        let hold = 1.0 - cube[at(j, i + k, 0)];
                        let roll: f64 = gains
                            .iter()
                            .map(|&gained| {
                                weight
                                    * if gained == 0 {
                                        1.0 - cube[at(j, i, 0)]
                                    } else if i + k + gained >= goal {
                                        1.0
                                    } else {
                                        cube[at(i, j, k + gained)]
                                    }
                            })
                            .sum();
                        let new = roll.max(hold);
                        change = change.max((new - cube[at(i, j, k)]).abs());
                        cube[at(i, j, k)] = new;
                    }
                }
            }
            if change < 1e-12 {
                break;
            }
        }
        let mut values = HashMap::new();
        for i in 0..goal {
            for j in 0..goal {
                for k in 0..goal - i {
                    values.insert((i, j, k), cube[at(i, j, k)]);
                }
            }
        }
        values
    }

    #[test]
    fn matches_an_independent_computation() {
        // Classic Pig to 40 is the smallest goal around where holding pays (56
        // positions), so the hold term is checked too.
        for (rules, goal) in [
            (Variant::TwoDice, 12),
            (Variant::Classic, 10),
            (Variant::Classic, 40),
        ] {
            let fast = solved(rules, goal);
            let slow = naive(rules, goal);
            assert_eq!(fast.positions(), slow.len());
            for (&(i, j, k), &want) in &slow {
                let got = fast.value(i, j, k).unwrap_or(f64::NAN);
                assert!(
                    close(got, want, 1e-7),
                    "{rules} {goal} ({i},{j},{k}): {got} vs {want}"
                );
            }
        }
    }

    /// Neller and Presser, "Optimal Play of the Dice Game Pig" (2004): the first player
    /// of classic Pig to 100 wins 53.06% of games under optimal play. (About 3 s in a
    /// debug build.)
    #[test]
    fn classic_pig_as_published() {
        let solution = solved(Variant::Classic, 100);
        assert!(
            close(solution.first_player_wins(), 0.5306, 5e-5),
            "{}",
            solution.first_player_wins()
        );
    }

    /// More points never hurt: the chance of winning grows with the mover's banked and
    /// turn points and falls with the opponent's (what makes rolling at 0 safe).
    #[test]
    fn more_points_never_hurt() {
        for &rules in Variant::ALL {
            let goal = 30;
            let s = solved(rules, goal);
            let v = |i, j, k| s.value(i, j, k).unwrap_or(f64::NAN);
            for i in 0..goal {
                for j in 0..goal {
                    for k in 0..goal - i {
                        let here = v(i, j, k);
                        assert!((0.0..=1.0).contains(&here), "{rules} ({i},{j},{k})");
                        if i + k + 1 < goal {
                            assert!(v(i, j, k + 1) >= here - 1e-8, "{rules} k at ({i},{j},{k})");
                            assert!(v(i + 1, j, k) >= here - 1e-8, "{rules} i at ({i},{j},{k})");
                        }
                        if j + 1 < goal {
                            assert!(v(i, j + 1, k) <= here + 1e-8, "{rules} j at ({i},{j},{k})");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn goal_one_by_hand() {
        // Roll until you score: P = 35/36 + 1/36 (1 - P), so P = 36/37; classic: 6/7.
        let two = solved(Variant::TwoDice, 1);
        assert!(close(two.first_player_wins(), 36.0 / 37.0, 1e-9));
        let classic = solved(Variant::Classic, 1);
        assert!(close(classic.first_player_wins(), 6.0 / 7.0, 1e-9));
        assert!(two.should_roll(0, 0, 0));
    }

    #[test]
    fn evaluation_agrees_with_the_solution() {
        let solution = Arc::new(solved(Variant::Classic, 20));
        let optimal = Optimal(Arc::clone(&solution));
        let both = evaluate(
            rules(Variant::Classic, 20),
            &mut optimal.clone(),
            &mut optimal.clone(),
        )
        .unwrap();
        assert!(close(both.a_first, solution.first_player_wins(), 1e-7));
        assert!(close(both.a_first + both.a_second, 1.0, 1e-7));
        // The optimal strategy guarantees at least the game's value against anybody,
        // and does better against hold:10 from either seat.
        for n in [5, 10, 20] {
            let against = evaluate(
                rules(Variant::Classic, 20),
                &mut optimal.clone(),
                &mut HoldAt(n),
            )
            .unwrap();
            assert!(
                against.a_first >= both.a_first - 1e-7 && against.a_second >= both.a_second - 1e-7,
                "hold:{n}: {against:?} vs {both:?}"
            );
        }
        let against = evaluate(
            rules(Variant::Classic, 20),
            &mut optimal.clone(),
            &mut HoldAt(10),
        )
        .unwrap();
        assert!(against.a_first > both.a_first + 0.01 && against.a_second > both.a_second + 0.01);
        let mirror = evaluate(
            rules(Variant::TwoDice, 30),
            &mut HoldAt(10),
            &mut HoldAt(10),
        )
        .unwrap();
        assert!(close(mirror.a_first + mirror.a_second, 1.0, 1e-7));
    }

    /// The two-dice rules at the assignment's goal, computed another way, which also checks
    /// the claim that the optimal player never holds there.
    ///
    /// If nobody ever holds, banked scores never move: a turn from `a` banked wins at
    /// once with the chance `f(goal - a)` of scoring that many points before snake eyes,
    /// `f(n) = Σ over the 36 throws of (1 if it scores n or more, else f(n - points)) / 36`,
    /// and otherwise passes the dice. So the mover at `(a, b, 0)` wins
    /// `W(a, b) = f_a / (1 - (1 - f_a)(1 - f_b))`, at `(i, j, k)` rolling wins
    /// `f(goal - i - k) + (1 - f)(1 - W(j, i))` and holding `1 - W(j, i + k)`. If rolling
    /// beats holding everywhere, these values are the optimal ones, and the solver must
    /// agree. Against hold:20 the optimal player then wins each of its turns with
    /// `f(goal)`, while hold:20's banked score walks a chain computed here turn by turn.
    #[test]
    fn two_dice_rules_at_100_never_hold_closed_form() {
        use crate::dice::PigDice;
        let goal = 100u32;
        let g = goal as usize;
        let points: Vec<Option<usize>> = (1..=6)
            .flat_map(|a| (1..=6).map(move |b| (a, b)))
            .map(|(a, b)| {
                let dice = PigDice::new(a, b).unwrap_or_else(|| panic!("({a},{b})"));
                (!dice.is_snake_eyes()).then_some(dice.points() as usize)
            })
            .collect();
        let mut f = vec![1.0f64; g + 1];
        for n in 1..=g {
            f[n] = points
                .iter()
                .flatten()
                .map(|&r| if r >= n { 1.0 } else { f[n - r] })
                .sum::<f64>()
                / 36.0;
        }
        let turn_wins = |banked: usize| f[g - banked];
        let w = |a: usize, b: usize| {
            let (fa, fb) = (turn_wins(a), turn_wins(b));
            fa / (1.0 - (1.0 - fa) * (1.0 - fb))
        };

        let s = solved(Variant::TwoDice, goal);
        assert!(close(s.first_player_wins(), 1.0 / (2.0 - f[g]), 1e-7));
        let mut smallest_margin = f64::INFINITY;
        for i in 0..g {
            for j in 0..g {
                for k in 0..g - i {
                    let n = g - i - k;
                    let roll = f[n] + (1.0 - f[n]) * (1.0 - w(j, i));
                    let hold = 1.0 - w(j, i + k);
                    smallest_margin = smallest_margin.min(roll - hold);
                    let (i, j, k) = (i as u32, j as u32, k as u32);
                    let got = s.value(i, j, k).unwrap_or(f64::NAN);
                    assert!(close(got, roll, 1e-7), "({i},{j},{k}): {got} vs {roll}");
                    assert!(s.should_roll(i, j, k), "({i},{j},{k})");
                }
            }
        }
        // Not a near thing: holding always hands the opponent a turn it wins outright
        // about 7 times in 10.
        assert!(smallest_margin > 0.5, "{smallest_margin}");
        assert_eq!(s.hold_positions(), (0, 495_000));

        // hold:20's turn from `b` banked: where its banked score ends up (index g: it won).
        let hold20_turn = |b: usize| {
            let mut ends = vec![0.0f64; g + 1];
            let mut ongoing = [0.0f64; 20];
            ongoing[0] = 1.0;
            for k in 0..20 {
                let p = ongoing[k] / 36.0;
                for r in &points {
                    match *r {
                        None => ends[b] += p,
                        Some(r) if b + k + r >= g => ends[g] += p,
                        Some(r) if k + r >= 20 => ends[b + k + r] += p,
                        Some(r) => ongoing[k + r] += p,
                    }
                }
            }
            ends
        };
        // a[b]: the optimal player, to move against hold:20's `b`, wins.
        let q = turn_wins(0);
        let mut a = vec![0.0f64; g];
        for b in (0..g).rev() {
            let ends = hold20_turn(b);
            let later: f64 = (b + 1..g).map(|next| ends[next] * a[next]).sum();
            a[b] = (q + (1.0 - q) * later) / (1.0 - (1.0 - q) * ends[b]);
        }
        let ends = hold20_turn(0);
        let second: f64 = (0..g).map(|next| ends[next] * a[next]).sum();
        let optimal = Optimal(Arc::new(s));
        let e = evaluate(
            rules(Variant::TwoDice, goal),
            &mut optimal.clone(),
            &mut HoldAt(20),
        )
        .unwrap();
        assert!(close(e.a_first, a[0], 1e-7), "{} vs {}", e.a_first, a[0]);
        assert!(
            close(e.a_second, second, 1e-7),
            "{} vs {second}",
            e.a_second
        );
    }

    #[test]
    fn the_table_round_trips() {
        let solution = solved(Variant::TwoDice, 15);
        let mut bytes = Vec::new();
        solution.write_to(&mut bytes).unwrap();
        assert_eq!(bytes.len(), 13 + 8 * solution.positions());
        let read = Solution::read_from(&bytes[..]).unwrap();
        assert_eq!(
            (read.rules(), read.goal(), read.stats()),
            (rules(Variant::TwoDice, 15), 15, None)
        );
        assert_eq!(read.values, solution.values);
        assert!(Solution::read_from(&bytes[..40]).is_err());
        assert!(Solution::read_from(&b"PIGVALS2xxxxxxxx"[..]).is_err());
    }

    /// A truncated, padded, damaged or foreign file is refused with the reason, never
    /// read as a table.
    #[test]
    fn damaged_tables_are_refused() {
        type Damage = fn(&mut Vec<u8>);
        let mut table = Vec::new();
        solved(Variant::Classic, 5).write_to(&mut table).unwrap();
        let changed = |change: Damage| {
            let mut bytes = table.clone();
            change(&mut bytes);
            match Solution::read_from(&bytes[..]) {
                Err(SolveError::Format(why)) => why,
                other => panic!("{other:?}"),
            }
        };
        let cases: [(Damage, &str); 8] = [
            (|b| b.truncate(10), "too short"),
            (|b| b.clear(), "too short"),
            (|b| b[0] = b'X', "it does not start with PIGVALS1"),
            (|b| b[8] = 7, "unknown rules"),
            (
                |b| b[9..13].copy_from_slice(&0u32.to_le_bytes()),
                "goal out of range",
            ),
            (|b| b.truncate(b.len() - 1), "wrong length for its goal"),
            (|b| b.push(0), "wrong length for its goal"),
            (
                |b| b[13..21].copy_from_slice(&f64::NAN.to_le_bytes()),
                "a value is not a probability",
            ),
        ];
        for (change, want) in cases {
            assert_eq!(changed(change), want);
        }
        // A file that never ends (`--table /dev/zero` behind a header) is not read to
        // its end.
        let endless = (&table[..13]).chain(io::repeat(0));
        assert!(matches!(
            Solution::read_from(endless),
            Err(SolveError::Format("wrong length for its goal"))
        ));
    }

    /// A goal of 0 is no rules at all; a goal any game may have, but above the
    /// solver's bound, is refused by the solver.
    #[test]
    fn refuses_unreasonable_goals() {
        assert!(Rules::default().with_goal(0).is_err());
        let beyond = rules(Variant::TwoDice, MAX_GOAL + 1);
        assert!(matches!(solve(beyond), Err(SolveError::Goal(301))));
        assert!(matches!(super::solved(beyond), Err(SolveError::Goal(301))));
        let table = rules(Variant::Classic, MAX_GOAL + 1);
        let refused = evaluate(table, &mut HoldAt(20), &mut HoldAt(20));
        assert!(matches!(refused, Err(SolveError::Goal(301))));
    }
}
