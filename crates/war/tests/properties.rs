//! Invariants over many seeded games played through the protocol's loop: no card is
//! created or lost, the counts agree with what was reported, every game ends, and a
//! winner holds every card.

// A test: a setup that fails is the test failing.
#![allow(clippy::unwrap_used)]

use cards_core::protocol::{ChanceSource, Driver, GameState};
use cards_core::rng::rng_from_seed;
use proptest::prelude::*;
use war::{AlwaysBattle, Event, Game, Outcome, Rules, WonCardOrder};

const CAP: u64 = 20_000;

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

/// Each of the 52 cards exactly once, in the piles or on the table.
fn holds_the_deck_once(game: &Game) -> bool {
    let mut seen = [false; 52];
    let cards = game
        .players()
        .iter()
        .flat_map(|p| p.cards())
        .chain(game.table().iter().copied());
    for card in cards {
        if std::mem::replace(&mut seen[card.index()], true) {
            return false;
        }
    }
    seen.iter().all(|&s| s)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn no_card_created_or_lost_and_every_game_ends(
        seed: u64,
        players in 2usize..=8,
        fixed: bool,
    ) {
        let mut game = Game::new(rules(players, fixed));
        let (mut battles, mut wars) = (0, 0);
        let mut broken = None;
        let outcome = Driver::new().play(
            &mut game,
            &mut ChanceSource::seeded(rng_from_seed(seed)),
            &mut AlwaysBattle,
            |game, step, events| {
                for event in events {
                    match event {
                        Event::Battle { .. } | Event::War { battle: Some(_), .. } => battles += 1,
                        _ => {}
                    }
                    if let Event::War { .. } = event {
                        wars += 1;
                    }
                }
                if broken.is_none()
                    && (!holds_the_deck_once(game)
                        || (battles, wars) != (game.battles(), game.wars())
                        || game.wars() > game.battles())
                {
                    broken = Some(format!("after {step:?}: {events:?}"));
                }
                Ok(())
            },
        );
        prop_assert_eq!(broken, None);
        prop_assert!(game.battles() <= CAP, "a game must end by the cap");
        match &outcome {
            Ok(Outcome::Winner { seat }) => {
                prop_assert_eq!(game.players()[*seat].card_count(), 52);
                prop_assert!(game.table().is_empty());
            }
            Ok(Outcome::NoWinner { .. }) => {}
            Err(error) => prop_assert!(false, "{error}"),
        }
        prop_assert_eq!(outcome.ok(), game.outcome());
    }

    #[test]
    fn a_seed_replays_the_same_game(seed: u64, players in 2usize..=4) {
        let play = || {
            let mut game = Game::new(rules(players, false));
            let mut events = Vec::new();
            let outcome = Driver::new().play(
                &mut game,
                &mut ChanceSource::seeded(rng_from_seed(seed)),
                &mut AlwaysBattle,
                |_, _, step| {
                    events.extend_from_slice(step);
                    Ok(())
                },
            );
            (outcome.ok(), events, game.battles(), game.wars())
        };
        prop_assert_eq!(play(), play());
    }
}
