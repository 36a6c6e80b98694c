//! Pig against the workspace's game protocol: `cards_core::protocol::conformance::check`
//! plays whole games with uniformly random legal actions and seeded dice, and checks at
//! every step the protocol's promises (who acts, legal and illegal actions refused
//! without a trace, replays) and Pig's own rules (`Audit for Game`: every point moved
//! as the dice's faces say), under both rule sets.

use cards_core::names::RuleSet;
use cards_core::protocol::conformance::check;
use cards_core::protocol::{ChanceSource, Outcome};
use cards_core::rng::rng_from_seed;
use pig::{Game, PigPlayer, Rules, Variant};
use proptest::prelude::*;

/// Random play takes a few hundred steps to 30 and some thousands to 100; this bound
/// only catches a game that never ends.
const MAX_STEPS: usize = 200_000;

/// Checks one game with these dice to `goal`, the dice from `dice_seed` and the random
/// player's choices from `agent_seed`.
fn conforms(rules: Variant, goal: u32, dice_seed: u64, agent_seed: u64) -> Result<(), String> {
    let players = [PigPlayer::new("A"), PigPlayer::new("B")];
    let game = Game::new(
        Rules::new(rules)
            .with_goal(goal)
            .map_err(|e| e.to_string())?,
        players,
    );
    let dice = ChanceSource::seeded(rng_from_seed(dice_seed));
    match check(game, dice, agent_seed, MAX_STEPS)? {
        Outcome::Winner { seat } if seat < 2 => Ok(()),
        outcome => Err(format!("{rules}: outcome {outcome:?}")),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Short games (goal 30) over random seeds, both rule sets each time.
    #[test]
    fn short_games_keep_the_protocol(dice_seed: u64, agent_seed: u64) {
        for &rules in Variant::ALL {
            prop_assert_eq!(conforms(rules, 30, dice_seed, agent_seed), Ok(()));
        }
    }
}

/// A few games at the assignment's goal, both rule sets.
#[test]
fn games_to_100_keep_the_protocol() {
    for seed in 0..4 {
        for &rules in Variant::ALL {
            assert_eq!(
                conforms(rules, 100, seed, seed + 100),
                Ok(()),
                "seed {seed}"
            );
        }
    }
}
