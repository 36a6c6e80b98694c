//! The dice: the assignment's `PigDice`, and a roll's outcome, a [`Throw`] (two dice, or
//! classic Pig's one die), with what it scores.

use std::fmt;

use cards_core::rng::below;
use rand::Rng;

/// The assignment's `PigDice`: the two dice as they lie after a roll.
///
/// Java's `PigDice` rolled itself; here a roll is a value made from a random number
/// generator ([`PigDice::roll`]) or written down ([`PigDice::new`], a dice file), so that
/// seeded games, recorded rolls and the solver use the same scoring.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PigDice {
    die1: u8,
    die2: u8,
}

impl PigDice {
    /// The dice showing `die1` and `die2`; `None` unless both are faces 1–6.
    pub const fn new(die1: u8, die2: u8) -> Option<PigDice> {
        if is_face(die1) && is_face(die2) {
            Some(PigDice { die1, die2 })
        } else {
            None
        }
    }

    /// `roll()`: throws both dice at once: one of the 36 equally likely pairs, from one
    /// draw ([`below`]`(rng, 36)`, the first die its sixes and the second the rest).
    #[inline]
    pub fn roll<R: Rng + ?Sized>(rng: &mut R) -> PigDice {
        PigDice::from_draw(below(rng, 36))
    }

    /// The pair of draw `pair` (below 36): the first die its sixes, the second the rest.
    #[inline]
    pub(crate) const fn from_draw(pair: u64) -> PigDice {
        // Below 36, so both quotient and remainder are below 6. Worked out in the draw's
        // own width, the faces give the draw back in `pair()` with no arithmetic left
        // (the compiler sees through 6·(q + 1 − 1) + (r + 1 − 1)).
        PigDice {
            die1: (pair / 6) as u8 + 1,
            die2: (pair % 6) as u8 + 1,
        }
    }

    /// `getDie1()`: the first die's face.
    #[inline]
    pub const fn die1(self) -> u8 {
        self.die1
    }

    /// `getDie2()`: the second die's face.
    #[inline]
    pub const fn die2(self) -> u8 {
        self.die2
    }

    /// `isDoubles()`: both dice show the same face.
    #[inline]
    pub const fn is_doubles(self) -> bool {
        self.die1 == self.die2
    }

    /// `isSnakeEyes()`: double 1s, which lose the turn.
    #[inline]
    pub const fn is_snake_eyes(self) -> bool {
        self.die1 == 1 && self.die2 == 1
    }

    /// `getPoints()`: the roll's points: the sum, twice the sum for doubles (double 6s
    /// score 24), nothing for snake eyes; read from a table of the 36 pairs worked out
    /// once, when the crate is compiled, by the rule as the assignment states it.
    #[inline]
    pub const fn points(self) -> u32 {
        POINTS[self.pair()]
    }

    /// The pair's place among the 36, `6·(die1 − 1) + (die2 − 1)`: the number
    /// [`PigDice::roll`] draws. A thrown pair's place is the draw itself, so the
    /// compiler reads a seeded roll's points straight from the draw.
    #[inline]
    const fn pair(self) -> usize {
        // Both dice are faces 1 to 6 (`new` and `roll` make no other), so the place is
        // below 36.
        (self.die1 - 1) as usize * 6 + (self.die2 - 1) as usize
    }
}

// ANCHOR: points
/// `getPoints()` as the assignment states it: the sum of the dice, twice the sum for
/// doubles (double 6s score 24), nothing for snake eyes (which lose the turn).
const fn points_of(die1: u8, die2: u8) -> u32 {
    let sum = die1 as u32 + die2 as u32;
    if die1 == 1 && die2 == 1 {
        0
    } else if die1 == die2 {
        2 * sum
    } else {
        sum
    }
}
// ANCHOR_END: points

/// `points_of` each of the 36 pairs, by [`PigDice`]'s place `6·(die1 − 1) + (die2 −
/// 1)`: the throw is then one draw and one read of this table, where working the points
/// out from the faces took two comparisons and a choice on every roll.
const POINTS: [u32; 36] = {
    let mut points = [0; 36];
    let mut at = 0;
    while at < 36 {
        points[at] = points_of(at as u8 / 6 + 1, at as u8 % 6 + 1);
        at += 1;
    }
    points
};

impl fmt::Display for PigDice {
    /// `toString()`: `2,2`, as inside `Roll=(2,2)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.die1, self.die2)
    }
}

const fn is_face(value: u8) -> bool {
    value >= 1 && value <= 6
}

/// What one roll shows: the assignment's two dice, or classic Pig's single die.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Throw {
    /// Two dice (the two-dice rules).
    Pair(PigDice),
    /// One die, 1–6 (classic Pig).
    Single(u8),
}

impl Throw {
    /// What the roll does to the turn.
    #[inline]
    pub const fn score(self) -> Score {
        match self {
            // Snake eyes, the only pair that scores nothing.
            Throw::Pair(dice) => match dice.points() {
                0 => Score::Bust,
                points => Score::Points(points),
            },
            Throw::Single(1) => Score::Bust,
            Throw::Single(face) => Score::Points(face as u32),
        }
    }

    /// Whether the dice show faces 1 to 6 (a [`Throw::Single`] can be written with any
    /// number; a [`PigDice`] is checked when it is made).
    pub const fn is_possible(self) -> bool {
        match self {
            Throw::Pair(_) => true,
            Throw::Single(face) => is_face(face),
        }
    }
}

impl fmt::Display for Throw {
    /// The dice as inside `Roll=(…)`: `2,2`, or `5` for one die.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Throw::Pair(dice) => dice.fmt(f),
            Throw::Single(face) => write!(f, "{face}"),
        }
    }
}

/// What a roll does to the turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// The roll adds this many points to the turn (never 0).
    Points(u32),
    /// The turn's points are lost and the turn ends (snake eyes; a 1 in classic Pig).
    Bust,
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;
    use cards_core::rng::rng_from_seed;
    use pretty_assertions::assert_eq;

    fn dice(a: u8, b: u8) -> PigDice {
        PigDice::new(a, b).unwrap_or_else(|| panic!("({a},{b}) are not dice"))
    }

    #[test]
    fn scoring_follows_the_assignment() {
        let cases = [
            ((1, 5), 6, false, false),
            ((2, 2), 8, true, false),
            ((6, 6), 24, true, false),
            ((1, 1), 0, true, true),
            ((6, 1), 7, false, false),
        ];
        for ((a, b), points, doubles, snake_eyes) in cases {
            let d = dice(a, b);
            assert_eq!(
                (d.points(), d.is_doubles(), d.is_snake_eyes()),
                (points, doubles, snake_eyes),
                "{d}"
            );
        }
        assert_eq!(dice(2, 2).to_string(), "2,2");
        assert_eq!(PigDice::new(0, 3), None);
        assert_eq!(PigDice::new(3, 7), None);
    }

    /// Every pair's points, worked out by hand from the assignment's rule (row: the
    /// first die, 1 to 6; column: the second): the table the points are read from holds
    /// these, in the order of the draw.
    #[test]
    fn every_pair_scores_as_worked_by_hand() {
        let by_hand = [
            [0, 3, 4, 5, 6, 7],
            [3, 8, 5, 6, 7, 8],
            [4, 5, 12, 7, 8, 9],
            [5, 6, 7, 16, 9, 10],
            [6, 7, 8, 9, 20, 11],
            [7, 8, 9, 10, 11, 24],
        ];
        for (a, row) in (1..=6).zip(by_hand) {
            for (b, points) in (1..=6).zip(row) {
                let d = dice(a, b);
                assert_eq!(d.points(), points, "{d}");
                let score = if (a, b) == (1, 1) {
                    Score::Bust
                } else {
                    Score::Points(points)
                };
                assert_eq!(Throw::Pair(d).score(), score, "{d}");
            }
        }
    }

    #[test]
    fn throws_score() {
        assert_eq!(Throw::Pair(dice(1, 1)).score(), Score::Bust);
        assert_eq!(Throw::Pair(dice(3, 3)).score(), Score::Points(12));
        assert_eq!(Throw::Single(1).score(), Score::Bust);
        assert_eq!(Throw::Single(5).score(), Score::Points(5));
        assert_eq!(Throw::Single(5).to_string(), "5");
    }

    #[test]
    fn seeded_dice_are_fair_enough_and_reproducible() {
        let mut counts = [0u32; 36];
        let mut rng = rng_from_seed(3);
        for _ in 0..36_000 {
            let d = PigDice::roll(&mut rng);
            counts[usize::from((d.die1() - 1) * 6 + d.die2() - 1)] += 1;
        }
        assert!(
            counts.iter().all(|&n| (800..1200).contains(&n)),
            "{counts:?}"
        );
        let throws = |seed| {
            let mut rng = rng_from_seed(seed);
            (0..5)
                .map(|_| Variant::TwoDice.throw(&mut rng))
                .collect::<Vec<_>>()
        };
        assert_eq!(throws(9), throws(9));
    }

    #[test]
    fn impossible_faces() {
        assert!(Throw::Single(6).is_possible());
        assert!(!Throw::Single(0).is_possible());
        assert!(!Throw::Single(7).is_possible());
        assert_eq!((Variant::TwoDice.dice(), Variant::Classic.dice()), (2, 1));
    }
}
