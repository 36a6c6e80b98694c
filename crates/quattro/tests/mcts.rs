//! The IS-MCTS player (`quattro::mcts`) as a player: it only ever makes legal plays under
//! both rule sets, a seed decides its choice, and as the console's opponent it plays the
//! same game for the same seed. (That it cannot peek is checked next to its worlds, in
//! `src/game/world.rs`: `the_choice_is_the_same_whatever_the_hidden_cards_are`.)

use cards_core::ismcts::Budget;
use cards_core::protocol::{Actor, ChanceSource, GameState, Ignore, Tape};
use cards_core::rng::rng_from_seed;
use pretty_assertions::assert_eq;
use quattro::console::{self, Opponent, Options};
use quattro::game::{Action, Game};
use quattro::mcts;
use quattro::rules::{PLAYERS, Rules, Variant};
use quattro::simulate::bots;
use quattro::strategy;

#[test]
fn the_search_only_makes_legal_plays_under_both_rule_sets() {
    let mut legal = Vec::new();
    let mut decisions = 0u64;
    for variant in [Variant::Quattro, Variant::Uno] {
        for seed in 0..24u64 {
            let mut game = Game::new(Rules::new(variant), bots());
            let mut rng = rng_from_seed(seed);
            let searcher = (seed % PLAYERS as u64) as usize;
            loop {
                match game.actor() {
                    Actor::Over => break,
                    Actor::Chance => {
                        let shuffled = game.apply_sampled_chance(&mut rng, &mut Ignore);
                        assert!(shuffled.is_ok(), "{shuffled:?}");
                    }
                    Actor::Seat(seat) => {
                        let view = game.view(seat).unwrap_or_else(|| panic!("seat {seat}"));
                        let action = if seat == searcher {
                            game.legal_actions(&mut legal);
                            decisions += 1;
                            let chosen = mcts::choose(&view, Budget::Iterations(40), decisions);
                            let chosen = chosen.unwrap_or_else(|| panic!("no choice: {game:?}"));
                            assert!(
                                legal.contains(&chosen),
                                "{variant:?}: {chosen:?} is not one of {legal:?}"
                            );
                            chosen
                        } else {
                            strategy::next_play(&view)
                        };
                        let applied = game.apply(action, &mut Ignore);
                        assert!(applied.is_ok(), "{action:?}: {applied:?}");
                    }
                }
            }
        }
    }
    assert!(decisions > 100, "only {decisions} decisions");
}

#[test]
fn a_seed_decides_the_choice() {
    let mut game = Game::new(Rules::new(Variant::Uno), bots());
    let mut rng = rng_from_seed(4);
    let mut legal: Vec<Action> = Vec::new();
    // The first turn with a real choice.
    let view = loop {
        match game.actor() {
            Actor::Chance => assert!(game.apply_sampled_chance(&mut rng, &mut Ignore).is_ok()),
            Actor::Seat(seat) => {
                game.legal_actions(&mut legal);
                if legal.len() > 1 {
                    break game.view(seat).unwrap_or_else(|| panic!("seat {seat}"));
                }
                let action = strategy::next_play(&game.view(seat).unwrap_or_else(|| panic!()));
                assert!(game.apply(action, &mut Ignore).is_ok());
            }
            Actor::Over => panic!("seed 4's game had no choice"),
        }
    };
    let choices: Vec<_> = (0..3)
        .map(|_| mcts::choose(&view, Budget::Iterations(300), 12))
        .collect();
    assert_eq!(choices, vec![choices[0]; 3]);
    assert!(choices[0].is_some_and(|action| legal.contains(&action)));
    let timed = mcts::choose(&view, Budget::Millis(5), 12);
    assert!(
        timed.is_some_and(|action| legal.contains(&action)),
        "{timed:?}"
    );
}

/// `quattro --bots 4 --opponent mcts`: four searches play a printed game, the same for
/// the same seed (the search is seeded by what each seat sees).
#[test]
fn the_searching_opponents_play_the_same_game_for_a_seed() {
    let transcript = || {
        let mut game = Game::new(Rules::new(Variant::Uno), bots());
        let mut chance = ChanceSource::seeded(rng_from_seed(21));
        let mut out = Vec::new();
        let options = Options {
            opponent: Opponent::Mcts,
            ..Options::default()
        };
        let mut tape = Tape::new(&game);
        let played = console::play_bots(&mut game, &mut chance, &mut out, &options, &mut tape);
        assert!(played.is_ok(), "{played:?}");
        String::from_utf8(out).unwrap_or_else(|e| panic!("{e}"))
    };
    let first = transcript();
    assert!(first.contains("Player 1"), "{first}");
    assert_eq!(first, transcript());
}
