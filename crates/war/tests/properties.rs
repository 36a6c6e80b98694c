//! Invariants over many seeded games: no card is created or lost, the counts agree with
//! what was reported, every game ends, and a winner holds every card.

use cards_core::rng::rng_from_seed;
use proptest::prelude::*;
use war::{Event, Game, Order, Outcome, Rules};

const CAP: u64 = 20_000;

fn rules(players: usize, fixed: bool) -> Rules {
    let order = if fixed { Order::Fixed } else { Order::Shuffled };
    Rules::new(players)
        .and_then(|r| r.with_order(order).with_max_battles(CAP))
        .unwrap_or_else(|e| panic!("{e}"))
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
        let mut rng = rng_from_seed(seed);
        let mut game = Game::new(rules(players, fixed), &mut rng);
        prop_assert!(holds_the_deck_once(&game));
        let mut events = Vec::new();
        let (mut battles, mut wars) = (0, 0);
        let mut steps = 0;
        while !game.is_over() {
            events.clear();
            let summary = game.play_battle(&mut rng, |e| events.push(e));
            prop_assert!(summary.is_ok());
            prop_assert!(holds_the_deck_once(&game), "after battle {}", game.battles());
            for event in &events {
                match event {
                    Event::Battle { .. } | Event::War { battle: Some(_), .. } => battles += 1,
                    _ => {}
                }
                if let Event::War { .. } = event {
                    wars += 1;
                }
            }
            prop_assert_eq!((battles, wars), (game.battles(), game.wars()));
            prop_assert!(game.wars() <= game.battles());
            steps += 1;
            prop_assert!(steps <= CAP, "a game must end by the cap");
        }
        match game.outcome() {
            Some(Outcome::Winner { seat }) => {
                prop_assert_eq!(game.players()[seat].card_count(), 52);
                prop_assert!(game.table().is_empty());
            }
            Some(Outcome::NoWinner { .. }) => {}
            None => prop_assert!(false, "over without an outcome"),
        }
    }

    #[test]
    fn a_seed_replays_the_same_game(seed: u64, players in 2usize..=4) {
        let play = || {
            let mut rng = rng_from_seed(seed);
            let mut game = Game::new(rules(players, false), &mut rng);
            let outcome = game.play_to_end(&mut rng);
            (outcome, game.battles(), game.wars())
        };
        prop_assert_eq!(play(), play());
    }
}
