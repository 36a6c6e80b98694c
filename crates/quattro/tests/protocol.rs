//! The game protocol's conformance check (`cards_core::protocol::conformance::check`)
//! over random seeds, under every rule set: from the deal to the end with random legal
//! moves, every step is audited (no card created or lost, plays match, draws only
//! without a playable card), illegal moves and wrong kinds of step are refused without
//! change, and the recorded game replays.

use cards_core::names::RuleSet;
use cards_core::protocol::ChanceSource;
use cards_core::protocol::conformance::check;
use cards_core::rng::rng_from_seed;
use proptest::prelude::*;
use quattro::simulate::bots;
use quattro::{Game, Rules};

/// Far more steps than a game of at most `MAX_TURNS` turns takes (a turn is one move and
/// at most one reshuffle, and the deal is one step).
const MAX_TURNS: u32 = 300;
const MAX_STEPS: usize = 2 * MAX_TURNS as usize + 2;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_rule_set_conforms(chance_seed: u64, agent_seed: u64) {
        for &rules in Rules::ALL {
            let game = Game::new(rules, bots(), MAX_TURNS);
            let chance = ChanceSource::seeded(rng_from_seed(chance_seed));
            check(game, chance, agent_seed, MAX_STEPS)
                .map_err(|e| TestCaseError::fail(format!("{rules}: {e}")))?;
        }
    }
}
