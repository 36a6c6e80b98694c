//! The rule sets: which dice a roll throws and how they score, the goal, and the chance
//! outcomes the game samples and the solver enumerates (one list, [`Rules::outcomes`],
//! for both).

use std::fmt;
use std::str::FromStr;

use cards_core::names::{RuleSet, UnknownRuleSet, parse_rule_set};
use cards_core::rng::below;
use rand::Rng;

use crate::dice::{PigDice, Score, Throw};

/// The assignment's goal: the first player to 100 points wins.
pub const DEFAULT_GOAL: u32 = 100;

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
    /// ([`Game::sample_chance`](crate::Game)), so a seed gives the same rolls
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
                .flat_map(|a| (1..=6).filter_map(move |b| PigDice::new(a, b)))
                .map(Throw::Pair)
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

/// Classic Pig's die: `below(6) + 1`.
fn face<R: Rng + ?Sized>(rng: &mut R) -> u8 {
    // below(6) is less than 6, so the cast is exact.
    below(rng, 6) as u8 + 1
}

/// Which rules a throw belongs to (here, with the rules, so that the dice know nothing
/// of them).
impl Throw {
    /// The rules this throw belongs to: two dice are the assignment's, one die classic
    /// Pig's.
    pub const fn rules(self) -> Rules {
        match self {
            Throw::Pair(_) => Rules::TwoDice,
            Throw::Single(_) => Rules::Classic,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards_core::rng::rng_from_seed;
    use pretty_assertions::assert_eq;

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
