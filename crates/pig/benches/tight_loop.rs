//! The tight loop the engine's `simulate` is measured against (issue 13): the
//! assignment's two-dice Pig to 100, written for those rules only, with no protocol, no
//! agents and no events. Game `n` of seed `S` draws its dice from the same stream as the
//! engine's ([`stream_rng`]`(S, n)`), a roll's two dice from one [`below`]`(rng, 36)`,
//! so it plays the same game: the differential test (`tests/tight_loop.rs`) checks that.
//!
//! A strategy is a [`Decide`], monomorphised into the loop: `hold:N` compares the turn's
//! points, and the optimal strategy reads one bit per position from a table made once
//! from the solver's [`Solution`].

use cards_core::rng::{below, stream_rng};
use pig::Solution;

/// The goal: the assignment's 100.
pub const GOAL: u32 = 100;

/// What a game gave: the winner's seat (0 moves first) and the turns played, both
/// players' together, the winner's last turn included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Game {
    /// 0 or 1.
    pub winner: usize,
    /// Turns begun.
    pub turns: u32,
}

/// A seat's strategy: whether it rolls with `banked` points against the opponent's
/// `opponent` and `turn` points in the turn.
pub trait Decide {
    /// Roll (true) or hold.
    fn rolls(&self, banked: u32, opponent: u32, turn: u32) -> bool;
}

/// `hold:N`: rolls while the turn has fewer than N points.
#[derive(Clone, Copy, Debug)]
pub struct Hold(pub u32);

impl Decide for Hold {
    #[inline]
    fn rolls(&self, _: u32, _: u32, turn: u32) -> bool {
        turn < self.0
    }
}

/// The solved strategy as one bit per position `(banked, opponent, turn)`, indexed
/// `(banked·GOAL + opponent)·GOAL + turn`: set where it rolls.
#[derive(Clone, Debug)]
pub struct OptimalBits {
    bits: Vec<u64>,
}

impl OptimalBits {
    /// The decisions of the solution for two-dice Pig to [`GOAL`] (read once, here).
    pub fn new(solution: &Solution) -> OptimalBits {
        let positions = (GOAL * GOAL * GOAL) as usize;
        let mut bits = vec![0u64; positions.div_ceil(64)];
        for i in 0..GOAL {
            for j in 0..GOAL {
                for k in 0..GOAL - i {
                    if solution.should_roll(i, j, k) {
                        let at = ((i * GOAL + j) * GOAL + k) as usize;
                        bits[at / 64] |= 1 << (at % 64);
                    }
                }
            }
        }
        OptimalBits { bits }
    }
}

impl Decide for OptimalBits {
    #[inline]
    fn rolls(&self, banked: u32, opponent: u32, turn: u32) -> bool {
        let at = ((banked * GOAL + opponent) * GOAL + turn) as usize;
        self.bits[at / 64] >> (at % 64) & 1 == 1
    }
}

/// A throw's points by its dice `(die1 - 1)·6 + (die2 - 1)`: the sum, twice the sum
/// for doubles, 0 for snake eyes (which loses the turn).
const POINTS: [u32; 36] = {
    let mut points = [0; 36];
    let mut at = 0;
    while at < 36 {
        let (a, b) = (at as u32 / 6 + 1, at as u32 % 6 + 1);
        points[at] = if a == 1 && b == 1 {
            0
        } else if a == b {
            2 * (a + b)
        } else {
            a + b
        };
        at += 1;
    }
    points
};

/// Game `game` of seed `seed`: `a` moves first against `b`.
#[inline]
pub fn play<A: Decide, B: Decide>(a: &A, b: &B, seed: u64, game: u64) -> Game {
    let mut rng = stream_rng(seed, game);
    let mut banked = [0u32; 2];
    let mut mover = 0;
    let mut turns = 1;
    loop {
        let (me, other) = (banked[mover], banked[1 - mover]);
        let mut turn = 0;
        loop {
            let rolls = if mover == 0 {
                a.rolls(me, other, turn)
            } else {
                b.rolls(me, other, turn)
            };
            if !rolls {
                banked[mover] = me + turn;
                break;
            }
            // The pair's index, 6 × (die1 − 1) + (die2 − 1), as the engine draws it.
            let points = POINTS[below(&mut rng, 36) as usize];
            if points == 0 {
                break;
            }
            turn += points;
            if me + turn >= GOAL {
                return Game {
                    winner: mover,
                    turns,
                };
            }
        }
        mover = 1 - mover;
        turns += 1;
    }
}
