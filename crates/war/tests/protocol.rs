//! War keeps the game protocol's promises (`cards_core::protocol::conformance::check`):
//! over random seeds, for 2, 3 and 8 players and both orders of won cards, every step is
//! checked against the rules (`war::audit`), refusals change nothing, and the recorded
//! game replays. And a deck file recorded from a seed replays that seed's game.

// A test: a setup that fails is the test failing.
#![allow(clippy::unwrap_used)]

use cards_core::protocol::conformance::check;
use cards_core::protocol::{ChanceSource, Driver, GameState};
use cards_core::rng::rng_from_seed;
use proptest::prelude::*;
use war::{AlwaysBattle, Event, Game, Outcome, Rules, WonCardOrder};

/// Battles before a game is stopped: low, so that debug builds stay fast (two-player
/// games with shuffled returns last about 250 battles; fixed-order games may cycle).
const CAP: u64 = 1_000;
/// Each battle is an action and at most one chance step (the take), after the deal.
const MAX_STEPS: usize = 2 * CAP as usize + 2;

fn rules(players: usize, fixed: bool) -> Rules {
    let order = if fixed {
        WonCardOrder::Fixed
    } else {
        WonCardOrder::Shuffled
    };
    Rules::new(players)
        .and_then(|r| r.with_order(order).with_max_battles(CAP))
        .unwrap()
}

fn conforms(players: usize, fixed: bool, seed: u64) -> Result<Outcome, String> {
    check(
        Game::new(rules(players, fixed)),
        ChanceSource::seeded(rng_from_seed(seed)),
        seed,
        MAX_STEPS,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn war_keeps_the_protocol(
        seed: u64,
        players in prop::sample::select(vec![2usize, 3, 8]),
        fixed: bool,
    ) {
        let checked = conforms(players, fixed, seed);
        prop_assert!(checked.is_ok(), "{checked:?}");
    }
}

/// Every table size and order, whatever the random cases above drew.
#[test]
fn every_table_and_order_keeps_the_protocol() {
    for players in [2, 3, 8] {
        for fixed in [false, true] {
            for seed in 0..3 {
                if let Err(error) = conforms(players, fixed, seed) {
                    panic!("{players} players, fixed {fixed}, seed {seed}: {error}");
                }
            }
        }
    }
}

/// The events and outcome of a whole game from `chance`.
fn play(players: usize, chance: &mut ChanceSource<war::DeckOrder>) -> (Vec<Event>, Outcome) {
    let mut game = Game::new(rules(players, false));
    let mut events = Vec::new();
    let outcome = Driver::new()
        .play(&mut game, chance, &mut AlwaysBattle, |_, _, step| {
            events.extend_from_slice(step);
            Ok(())
        })
        .unwrap();
    (events, outcome)
}

/// `war deal --seed S` then `war --deck FILE --seed S`: the recorded deal stands in for
/// the seed's, and the shuffles of won cards that follow are the seed's too.
#[test]
fn a_recorded_deal_replays_the_seed() {
    for seed in 0..8 {
        let deal = Game::new(rules(2, false))
            .sample_chance(&mut rng_from_seed(seed))
            .unwrap();
        let mut text = Vec::new();
        war::files::write_deck(&mut text, rules(2, false), &deal).unwrap();
        let text = String::from_utf8(text).unwrap();
        let read = war::files::parse_deck(rules(2, false), &text).unwrap();
        assert_eq!(read, deal);
        for players in [2, 5] {
            let seeded = play(players, &mut ChanceSource::seeded(rng_from_seed(seed)));
            let recorded = play(
                players,
                &mut ChanceSource::recorded_then_seeded(vec![read], rng_from_seed(seed)),
            );
            assert_eq!(seeded, recorded, "seed {seed}, {players} players");
        }
        let checked = check(
            Game::new(rules(3, false)),
            ChanceSource::recorded_then_seeded(vec![read], rng_from_seed(seed)),
            seed,
            MAX_STEPS,
        );
        assert!(checked.is_ok(), "{checked:?}");
    }
}
