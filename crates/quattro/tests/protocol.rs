//! The game protocol's conformance check (`cards_core::protocol::conformance::check`)
//! under every rule set: from the deal to the end with random legal moves, every step is
//! audited (no card created or lost, plays match, draws only without a playable card),
//! illegal moves and wrong kinds of step are refused without change, and the recorded
//! game replays.

use cards_core::names::RuleSet;
use cards_core::protocol::GameState;
use cards_core::protocol::conformance::check;
use cards_core::protocol::{ChanceSource, Driver, Step, Uniform};
use cards_core::rng::rng_from_seed;
use proptest::prelude::*;
use quattro::simulate::bots;
use quattro::{Event, Game, Rules, Variant};

/// Far more steps than a game of at most `MAX_TURNS` turns takes (a turn is one move and
/// at most one reshuffle, and the deal is one step).
const MAX_TURNS: u32 = 300;
const MAX_STEPS: usize = 2 * MAX_TURNS as usize + 2;

fn conforms(variant: Variant, chance_seed: u64, agent_seed: u64) -> Result<(), String> {
    let game = Game::new(Rules::new(variant).with_max_turns(MAX_TURNS), bots());
    let chance = ChanceSource::seeded(rng_from_seed(chance_seed));
    check(game, chance, agent_seed, MAX_STEPS)
        .map(drop)
        .map_err(|e| format!("{variant}, chance seed {chance_seed}, agent seed {agent_seed}: {e}"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn every_rule_set_conforms(chance_seed: u64, agent_seed: u64) {
        for &variant in Variant::ALL {
            conforms(variant, chance_seed, agent_seed).map_err(TestCaseError::fail)?;
        }
    }
}

/// Reshuffles are rare in random games (about one game in 30 under Quattro rules), so
/// the games that have them, found by playing each seed's game as the check will (random
/// legal moves from the seed, chance from the same seed), are checked on purpose: a
/// player's draw and, under Uno rules, a penalty that wait for the reshuffle.
#[test]
fn games_with_reshuffles_conform() {
    for &variant in Variant::ALL {
        let (mut games, mut mid_penalty) = (0, 0);
        for seed in 0..400 {
            let mut game = Game::new(Rules::new(variant).with_max_turns(MAX_TURNS), bots());
            let (mut reshuffles, mut penalties) = (0, 0);
            Driver::new()
                .play(
                    &mut game,
                    &mut ChanceSource::seeded(rng_from_seed(seed)),
                    &mut Uniform(rng_from_seed(seed)),
                    |_, step, events| {
                        if let (Step::Chance(_), Some(Event::Reshuffled { .. })) =
                            (step, events.first())
                        {
                            reshuffles += 1;
                            penalties += events
                                .iter()
                                .filter(|e| matches!(e, Event::DrewPenalty { .. }))
                                .count();
                        }
                        Ok(())
                    },
                )
                .unwrap_or_else(|e| panic!("{variant}, seed {seed}: {e}"));
            if reshuffles > 0 {
                conforms(variant, seed, seed).unwrap();
                games += 1;
                mid_penalty += penalties;
            }
        }
        assert!(games >= 5, "{variant}: only {games} games with a reshuffle");
        if variant == Variant::Uno {
            assert!(mid_penalty > 0, "no penalty waited for a reshuffle");
        }
    }
}

/// All the events of a bots' game of Quattro rules with chance from `chance`.
fn bot_game_events(mut chance: ChanceSource<quattro::DeckOrder>) -> Vec<Event> {
    let mut game = Game::new(Rules::new(Variant::Quattro), bots());
    let mut events = Vec::new();
    Driver::new()
        .play(&mut game, &mut chance, &mut quattro::Bot, |_, _, step| {
            events.extend_from_slice(step);
            Ok(())
        })
        .unwrap_or_else(|error| panic!("{error}"));
    events
}

/// `--deck FILE --seed S` (`ChanceSource::recorded_then_seeded`): the deal comes from the
/// file, every reshuffle during play from the seed's stream, in step with the game of
/// `--seed S` alone. So the deal of seed S played from its recorded order with seed S is
/// the game of seed S, every card drawn after a reshuffle included; with another seed the
/// same deal reshuffles differently. (A transcript shows the bots' draws only with
/// `--reveal`, so a console case whose reshuffle only feeds the bots cannot tell.)
#[test]
fn after_a_recorded_deal_the_reshuffles_come_from_the_seed() {
    let reshuffles = |events: &[Event]| {
        events
            .iter()
            .filter(|event| matches!(event, Event::Reshuffled { .. }))
            .count()
    };
    let (seed, alone) = (0..)
        .map(|seed| {
            (
                seed,
                bot_game_events(ChanceSource::seeded(rng_from_seed(seed))),
            )
        })
        .find(|(_, events)| reshuffles(events) > 0)
        .unwrap_or_else(|| unreachable!());
    let deal = Game::new(Rules::new(Variant::Quattro), bots())
        .sample_chance(&mut rng_from_seed(seed))
        .unwrap_or_else(|error| panic!("{error}"));
    let from_deck = |rng_seed| {
        bot_game_events(ChanceSource::recorded_then_seeded(
            vec![deal],
            rng_from_seed(rng_seed),
        ))
    };
    assert_eq!(from_deck(seed), alone, "seed {seed}");
    let first = alone
        .iter()
        .position(|event| matches!(event, Event::Reshuffled { .. }))
        .unwrap_or_else(|| unreachable!());
    let other = from_deck(seed + 1);
    assert_eq!(
        other[..=first],
        alone[..=first],
        "the same deal and play up to it"
    );
    assert_ne!(
        other[first..],
        alone[first..],
        "seed {seed}: the reshuffle's draws"
    );
}
