//! The dice: the assignment's `PigDice`, the two rule sets, and the chance outcomes the
//! game samples and the solver enumerates (one list, [`Rules::outcomes`], for both).

use std::fmt;
use std::str::FromStr;

use cards_core::names::{RuleSet, UnknownRuleSet, parse_rule_set};
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
    pub fn roll<R: Rng + ?Sized>(rng: &mut R) -> PigDice {
        // below(36) is less than 36, so both quotient and remainder are below 6.
        let pair = below(rng, 36) as u8;
        PigDice {
            die1: pair / 6 + 1,
            die2: pair % 6 + 1,
        }
    }

    /// `getDie1()`: the first die's face.
    pub const fn die1(self) -> u8 {
        self.die1
    }

    /// `getDie2()`: the second die's face.
    pub const fn die2(self) -> u8 {
        self.die2
    }

    /// `isDoubles()`: both dice show the same face.
    pub const fn is_doubles(self) -> bool {
        self.die1 == self.die2
    }

    /// `isSnakeEyes()`: double 1s, which lose the turn.
    pub const fn is_snake_eyes(self) -> bool {
        self.die1 == 1 && self.die2 == 1
    }

    // ANCHOR: points
    /// `getPoints()`: the roll's points: the sum, twice the sum for doubles (double 6s
    /// score 24), nothing for snake eyes.
    pub const fn points(self) -> u32 {
        let sum = self.die1 as u32 + self.die2 as u32;
        if self.is_snake_eyes() {
            0
        } else if self.is_doubles() {
            2 * sum
        } else {
            sum
        }
    }
    // ANCHOR_END: points
}

impl fmt::Display for PigDice {
    /// `toString()`: `2,2`, as inside `Roll=(2,2)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.die1, self.die2)
    }
}

const fn is_face(value: u8) -> bool {
    value >= 1 && value <= 6
}

fn face<R: Rng + ?Sized>(rng: &mut R) -> u8 {
    // below(6) is less than 6, so the cast is exact.
    below(rng, 6) as u8 + 1
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
    pub const fn score(self) -> Score {
        match self {
            Throw::Pair(dice) if dice.is_snake_eyes() => Score::Bust,
            Throw::Pair(dice) => Score::Points(dice.points()),
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

    /// The rules this throw belongs to.
    pub const fn rules(self) -> Rules {
        match self {
            Throw::Pair(_) => Rules::TwoDice,
            Throw::Single(_) => Rules::Classic,
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

/// The rule set: which dice are thrown and how they score.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Rules {
    /// The assignment's rules: two dice, the sum; doubles score twice the sum; snake
    /// eyes lose the turn.
    #[default]
    TwoDice,
    /// Classic Pig: one die, its face; a 1 loses the turn.
    Classic,
}

impl RuleSet for Rules {
    const ALL: &'static [Rules] = &[Rules::TwoDice, Rules::Classic];

    /// The rules' name on the command line (`two-dice`, `classic`).
    fn name(self) -> &'static str {
        match self {
            Rules::TwoDice => "two-dice",
            Rules::Classic => "classic",
        }
    }
}

impl Rules {
    /// How many dice a roll throws: two under the two-dice rules, one in classic Pig.
    pub const fn dice(self) -> usize {
        match self {
            Rules::TwoDice => 2,
            Rules::Classic => 1,
        }
    }

    /// One line describing the rules.
    pub const fn describe(self) -> &'static str {
        match self {
            Rules::TwoDice => {
                "two dice score their sum, doubles twice the sum, snake eyes lose the turn"
            }
            Rules::Classic => "one die scores its face, a 1 loses the turn",
        }
    }

    /// Throws the dice of these rules: two dice from one draw ([`PigDice::roll`]), or
    /// one die, [`below`]`(rng, 6) + 1`. The game's chance nodes draw exactly this
    /// ([`PigState::sample_chance`](crate::PigState)), so a seed gives the same rolls
    /// whoever plays.
    pub fn throw<R: Rng + ?Sized>(self, rng: &mut R) -> Throw {
        match self {
            Rules::TwoDice => Throw::Pair(PigDice::roll(rng)),
            Rules::Classic => Throw::Single(face(rng)),
        }
    }

    /// Every throw, each equally likely: the 36 ordered pairs, or the 6 faces.
    pub fn outcomes(self) -> Vec<Throw> {
        match self {
            Rules::TwoDice => (1..=6)
                .flat_map(|a| (1..=6).map(move |b| Throw::Pair(PigDice { die1: a, die2: b })))
                .collect(),
            Rules::Classic => (1..=6).map(Throw::Single).collect(),
        }
    }

    /// The chance of each score, summed over [`Rules::outcomes`]: what the solver needs.
    pub fn chances(self) -> Chances {
        let outcomes = self.outcomes();
        let mut chances = Chances {
            total: outcomes.len() as u32,
            bust: 0,
            points: Vec::new(),
        };
        for throw in outcomes {
            match throw.score() {
                Score::Bust => chances.bust += 1,
                Score::Points(points) => {
                    match chances.points.iter_mut().find(|(p, _)| *p == points) {
                        Some((_, weight)) => *weight += 1,
                        None => chances.points.push((points, 1)),
                    }
                }
            }
        }
        chances.points.sort_unstable();
        chances
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Rules {
    type Err = UnknownRuleSet;

    /// `two-dice` or `classic`, case and surrounding spaces ignored.
    fn from_str(text: &str) -> Result<Rules, UnknownRuleSet> {
        parse_rule_set(text)
    }
}

/// The scores of a roll with their weights: each weight counts equally likely throws out
/// of `total`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chances {
    /// The number of equally likely throws (36 or 6).
    pub total: u32,
    /// How many of them lose the turn.
    pub bust: u32,
    /// `(points, how many throws score them)`, fewest points first.
    pub points: Vec<(u32, u32)>,
}

#[cfg(test)]
mod tests {
    use super::*;
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

    #[test]
    fn throws_score() {
        assert_eq!(Throw::Pair(dice(1, 1)).score(), Score::Bust);
        assert_eq!(Throw::Pair(dice(3, 3)).score(), Score::Points(12));
        assert_eq!(Throw::Single(1).score(), Score::Bust);
        assert_eq!(Throw::Single(5).score(), Score::Points(5));
        assert_eq!(Throw::Single(5).to_string(), "5");
    }

    #[test]
    fn chances_add_up() {
        let two = Rules::TwoDice.chances();
        assert_eq!((two.total, two.bust), (36, 1));
        assert_eq!(
            two.points,
            vec![
                (3, 2),
                (4, 2),
                (5, 4),
                (6, 4),
                (7, 6),
                (8, 5),
                (9, 4),
                (10, 2),
                (11, 2),
                (12, 1),
                (16, 1),
                (20, 1),
                (24, 1)
            ]
        );
        let classic = Rules::Classic.chances();
        assert_eq!(
            classic,
            Chances {
                total: 6,
                bust: 1,
                points: vec![(2, 1), (3, 1), (4, 1), (5, 1), (6, 1)]
            }
        );
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
                .map(|_| Rules::TwoDice.throw(&mut rng))
                .collect::<Vec<_>>()
        };
        assert_eq!(throws(9), throws(9));
    }

    /// The solver's chances are summed over [`Rules::outcomes`]; the game samples with
    /// [`Rules::throw`]. Both must be the same list of equally likely throws: every
    /// sampled throw is one of the outcomes, and every outcome comes up.
    #[test]
    fn sampled_throws_are_the_solvers_outcomes() {
        for &rules in Rules::ALL {
            let outcomes = rules.outcomes();
            let mut seen = vec![0u32; outcomes.len()];
            let mut rng = rng_from_seed(5);
            for _ in 0..100 * outcomes.len() {
                let throw = rules.throw(&mut rng);
                let at = outcomes.iter().position(|&o| o == throw);
                let at = at.unwrap_or_else(|| panic!("{rules}: {throw:?} is no outcome"));
                seen[at] += 1;
            }
            assert!(seen.iter().all(|&n| n > 0), "{rules}: {seen:?}");
            assert!(
                outcomes
                    .iter()
                    .all(|o| o.is_possible() && o.rules() == rules)
            );
        }
    }

    #[test]
    fn impossible_faces() {
        assert!(Throw::Single(6).is_possible());
        assert!(!Throw::Single(0).is_possible());
        assert!(!Throw::Single(7).is_possible());
        assert_eq!((Rules::TwoDice.dice(), Rules::Classic.dice()), (2, 1));
    }

    #[test]
    fn rules_parse() {
        assert_eq!("Classic".parse(), Ok(Rules::Classic));
        assert_eq!(" Two-Dice ".parse(), Ok(Rules::TwoDice));
        assert_eq!(
            "dice".parse::<Rules>().map_err(|e| e.to_string()),
            Err("unknown rule set 'dice': use two-dice or classic".to_owned())
        );
        // The old name clashed with `--seed`: it is gone, not kept as an alias.
        assert!("seed".parse::<Rules>().is_err());
    }
}
