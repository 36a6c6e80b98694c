//! The game's settings, [`Rules`], as in every game of the workspace: the dice
//! ([`Variant`]: the assignment's two, or classic Pig's one) and the goal; the chance
//! outcomes the game samples and the solver enumerates (one list, [`Variant::outcomes`],
//! for both); and why a goal is refused ([`SetupError`]).

use std::fmt;
use std::str::FromStr;

use cards_core::names::{RuleSet, UnknownRuleSet, parse_rule_set};
use cards_core::rng::below;
use rand::Rng;

use crate::dice::{PigDice, Score, Throw};

/// The assignment's goal: the first player to 100 points wins.
pub const DEFAULT_GOAL: u32 = 100;

/// The largest goal a game may have (the command line's bound too): enough for any
/// demonstration, and far from overflowing a score.
pub const MAX_GOAL: u32 = 10_000;

/// The settings of a game, checked: the dice and a goal of 1 to [`MAX_GOAL`] points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    variant: Variant,
    goal: u32,
}

impl Rules {
    /// The rules with these dice and the assignment's goal, [`DEFAULT_GOAL`].
    pub const fn new(variant: Variant) -> Rules {
        Rules {
            variant,
            goal: DEFAULT_GOAL,
        }
    }

    /// The same rules with the first to `goal` points (1 to [`MAX_GOAL`]) winning.
    pub const fn with_goal(self, goal: u32) -> Result<Rules, SetupError> {
        if goal == 0 || goal > MAX_GOAL {
            return Err(SetupError::Goal(goal));
        }
        Ok(Rules { goal, ..self })
    }

    /// The dice.
    #[inline]
    pub const fn variant(self) -> Variant {
        self.variant
    }

    /// The points to win.
    #[inline]
    pub const fn goal(self) -> u32 {
        self.goal
    }

    /// Throws the dice ([`Variant::throw`]).
    #[inline]
    pub fn throw<R: Rng + ?Sized>(self, rng: &mut R) -> Throw {
        self.variant.throw(rng)
    }
}

impl Default for Rules {
    /// The assignment's game: two dice, first to 100.
    fn default() -> Rules {
        Rules::new(Variant::TwoDice)
    }
}

/// Why rules are refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A goal of 0, or above [`MAX_GOAL`]; named as every front writes it (the
    /// recording's and the page's `goal=`, Python's `goal=`).
    #[error("`goal={0}`: the goal is a number of points from 1 to {MAX_GOAL}")]
    Goal(u32),
}

/// The dice of a game: which are thrown and how they score.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Variant {
    /// The assignment's rules: two dice, the sum; doubles score twice the sum; snake
    /// eyes lose the turn.
    #[default]
    TwoDice,
    /// Classic Pig: one die, its face; a 1 loses the turn.
    Classic,
}

impl RuleSet for Variant {
    const ALL: &'static [Variant] = &[Variant::TwoDice, Variant::Classic];

    /// The rules' name on the command line (`two-dice`, `classic`).
    fn name(self) -> &'static str {
        match self {
            Variant::TwoDice => "two-dice",
            Variant::Classic => "classic",
        }
    }
}

impl Variant {
    /// How many dice a roll throws: two under the two-dice rules, one in classic Pig.
    pub const fn dice(self) -> usize {
        match self {
            Variant::TwoDice => 2,
            Variant::Classic => 1,
        }
    }

    /// One line describing the dice.
    pub const fn describe(self) -> &'static str {
        match self {
            Variant::TwoDice => {
                "two dice score their sum, doubles twice the sum, snake eyes lose the turn"
            }
            Variant::Classic => "one die scores its face, a 1 loses the turn",
        }
    }

    /// Throws these dice: one draw among the equally likely throws, [`below`]`(rng,
    /// 36)` for two dice (the pair [`PigDice::roll`] throws), or `below(rng, 6) + 1` for
    /// one die. The game's chance nodes draw exactly this
    /// ([`Game::sample_chance`](crate::Game)), so a seed gives the same rolls
    /// whoever plays.
    #[inline]
    pub fn throw<R: Rng + ?Sized>(self, rng: &mut R) -> Throw {
        // One draw for either dice rather than one in each arm: half the code in the
        // game's step, which the simulators inline into their loop.
        let draw = below(rng, self.throws());
        match self {
            Variant::TwoDice => Throw::Pair(PigDice::from_draw(draw)),
            // Below 6, so the cast is exact.
            Variant::Classic => Throw::Single(draw as u8 + 1),
        }
    }

    /// How many equally likely throws the dice have: 36 pairs, or 6 faces.
    const fn throws(self) -> u64 {
        match self {
            Variant::TwoDice => 36,
            Variant::Classic => 6,
        }
    }

    /// Every throw, each equally likely: the 36 ordered pairs, or the 6 faces.
    pub fn outcomes(self) -> Vec<Throw> {
        match self {
            Variant::TwoDice => (1..=6)
                .flat_map(|a| (1..=6).filter_map(move |b| PigDice::new(a, b)))
                .map(Throw::Pair)
                .collect(),
            Variant::Classic => (1..=6).map(Throw::Single).collect(),
        }
    }

    /// The chance of each score, summed over [`Variant::outcomes`]: what the solver needs.
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

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Variant {
    type Err = UnknownRuleSet;

    /// `two-dice` or `classic`, case and surrounding spaces ignored.
    fn from_str(text: &str) -> Result<Variant, UnknownRuleSet> {
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

/// Which dice a throw belongs to (here, with the rules, so that the dice know nothing
/// of them).
impl Throw {
    /// The variant this throw belongs to: two dice are the assignment's, one die classic
    /// Pig's.
    #[inline]
    pub const fn variant(self) -> Variant {
        match self {
            Throw::Pair(_) => Variant::TwoDice,
            Throw::Single(_) => Variant::Classic,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards_core::rng::rng_from_seed;
    use pretty_assertions::assert_eq;

    /// The throw is the assignment's roll: two dice as `PigDice::roll` throws them from
    /// the same stream, or one die `below(6) + 1`, draw for draw.
    #[test]
    fn a_throw_draws_what_the_dice_roll_draws() {
        let (mut thrown, mut rolled) = (rng_from_seed(11), rng_from_seed(11));
        for _ in 0..2000 {
            let roll = Throw::Pair(PigDice::roll(&mut rolled));
            assert_eq!(Variant::TwoDice.throw(&mut thrown), roll);
        }
        for _ in 0..2000 {
            let face = below(&mut rolled, 6) as u8 + 1;
            assert_eq!(Variant::Classic.throw(&mut thrown), Throw::Single(face));
        }
    }

    #[test]
    fn chances_add_up() {
        let two = Variant::TwoDice.chances();
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
        let classic = Variant::Classic.chances();
        assert_eq!(
            classic,
            Chances {
                total: 6,
                bust: 1,
                points: vec![(2, 1), (3, 1), (4, 1), (5, 1), (6, 1)]
            }
        );
    }

    /// The solver's chances are summed over [`Variant::outcomes`]; the game samples with
    /// [`Variant::throw`]. Both must be the same list of equally likely throws: every
    /// sampled throw is one of the outcomes, and every outcome comes up.
    #[test]
    fn sampled_throws_are_the_solvers_outcomes() {
        for &rules in Variant::ALL {
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
                    .all(|o| o.is_possible() && o.variant() == rules)
            );
        }
    }

    #[test]
    fn rules_parse() {
        assert_eq!("Classic".parse(), Ok(Variant::Classic));
        assert_eq!(" Two-Dice ".parse(), Ok(Variant::TwoDice));
        assert_eq!(
            "dice".parse::<Variant>().map_err(|e| e.to_string()),
            Err("unknown rule set 'dice': use two-dice or classic".to_owned())
        );
        // The old name clashed with `--seed`: it is gone, not kept as an alias.
        assert!("seed".parse::<Variant>().is_err());
    }

    /// The assignment's game is the default; the goal's bounds are those the command
    /// line's `--goal` and the face's `goal=` have always taken (1 to 10000), and the
    /// refusal reads as the page and a recording have always shown it.
    #[test]
    fn the_goal_is_checked_from_1_to_10000() {
        let assignment = Rules::default();
        assert_eq!(
            (assignment.variant(), assignment.goal()),
            (Variant::TwoDice, 100)
        );
        assert_eq!(Rules::new(Variant::Classic).goal(), 100);
        for goal in [1, 2, 100, 300, 10_000] {
            let rules = Rules::new(Variant::Classic).with_goal(goal);
            assert_eq!(
                rules.map(|r| (r.variant(), r.goal())),
                Ok((Variant::Classic, goal))
            );
        }
        for goal in [0, 10_001, u32::MAX] {
            assert_eq!(
                Rules::default().with_goal(goal),
                Err(SetupError::Goal(goal))
            );
        }
        assert_eq!(
            SetupError::Goal(0).to_string(),
            "`goal=0`: the goal is a number of points from 1 to 10000"
        );
    }
}
