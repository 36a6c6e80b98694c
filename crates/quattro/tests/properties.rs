//! Invariants over many seeded games, in both rule sets: no card is created or lost,
//! refused moves change nothing, bots only make legal moves, and every game ends.

use cards_core::rng::{below, rng_from_seed};
use proptest::prelude::*;
use quattro::simulate::{bots, play_out};
use quattro::{Card, Event, Game, Move, Outcome, PLAYERS, Rules, bot};

fn sorted(cards: impl Iterator<Item = Card>) -> Vec<Card> {
    let mut cards: Vec<Card> = cards.collect();
    cards.sort();
    cards
}

fn rules() -> impl Strategy<Value = Rules> {
    prop_oneof![Just(Rules::Quattro), Just(Rules::Uno)]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Random legal moves (not only the bots' choices), with a reshuffle now and then:
    /// after every move the game holds exactly the deck's cards. Every seed is played
    /// under both rule sets.
    #[test]
    fn no_card_is_created_or_lost(seed: u64) {
        for rules in Rules::ALL {
            let deck = sorted(rules.deck().into_iter());
            let mut rng = rng_from_seed(seed);
            let mut game = Game::new(rules, bots(), 400, &mut rng);
            prop_assert_eq!(&sorted(game.all_cards()), &deck);
            while game.outcome().is_none() {
                let moves = game.legal_moves();
                prop_assert!(!moves.is_empty());
                let mv = moves[below(&mut rng, moves.len() as u64) as usize];
                let events = game.apply(mv, &mut rng);
                prop_assert!(events.is_ok(), "{:?} refused: {:?}", mv, events);
                prop_assert_eq!(&sorted(game.all_cards()), &deck);
                prop_assert!(game.discard_pile_len() >= 1);
                prop_assert_eq!(game.top().colour().unwrap_or(game.colour()), game.colour());
            }
        }
    }

    /// A refused move leaves the game exactly as it was.
    #[test]
    fn refused_moves_change_nothing(seed: u64, rules in rules()) {
        let mut rng = rng_from_seed(seed);
        let mut game = Game::new(rules, bots(), 400, &mut rng);
        let mut events = Vec::new();
        while game.outcome().is_none() {
            let legal = game.legal_moves();
            let candidates = rules.deck().into_iter().map(Move::play).chain([Move::Draw]);
            for mv in candidates.filter(|mv| !legal.contains(mv)) {
                if let Move::Play { card, .. } = mv && card.is_wild() {
                    continue; // a wild card is legal with a colour, not without
                }
                let before = game.clone();
                prop_assert!(game.apply_into(mv, &mut rng, &mut events).is_err(), "{:?}", mv);
                prop_assert_eq!(&game, &before);
            }
            let mv = bot::next_play(&game.view(game.current()));
            game.apply_into(mv, &mut rng, &mut events).map_err(|e| TestCaseError::fail(e.to_string()))?;
        }
    }

    /// Bots choose legal moves, and their games end with a winner who holds no cards.
    #[test]
    fn bot_games_end_with_a_winner(seed: u64, rules in rules()) {
        let mut rng = rng_from_seed(seed);
        let mut game = Game::new(rules, bots(), quattro::DEFAULT_MAX_TURNS, &mut rng);
        let mut events = Vec::new();
        while game.outcome().is_none() {
            let view = game.view(game.current());
            let mv = bot::next_play(&view);
            prop_assert!(view.check_move(mv).is_ok(), "{:?}", mv);
            game.apply_into(mv, &mut rng, &mut events).map_err(|e| TestCaseError::fail(e.to_string()))?;
            let ended = events.iter().filter(|e| matches!(e, Event::Ended(_))).count();
            prop_assert_eq!(ended, usize::from(game.outcome().is_some()));
        }
        match game.outcome() {
            Some(Outcome::Winner(seat)) => {
                prop_assert!(seat < PLAYERS);
                prop_assert!(game.player(seat).has_won());
            }
            other => prop_assert!(false, "no winner: {:?}", other),
        }
    }

    /// The same seed plays the same game.
    #[test]
    fn seeded_games_replay(seed: u64, rules in rules()) {
        let play = || {
            let mut rng = rng_from_seed(seed);
            let mut game = Game::new(rules, bots(), 400, &mut rng);
            let outcome = play_out(&mut game, &mut rng, &mut Vec::new());
            (outcome, game.turns())
        };
        prop_assert_eq!(play(), play());
    }
}
