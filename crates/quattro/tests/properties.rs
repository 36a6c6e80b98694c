//! Invariants over many seeded games, in both rule sets, through the game protocol:
//! legal moves are exactly the moves the game accepts, refused moves change nothing,
//! bots only make legal moves, every game ends, and a deck written by `quattro deal`
//! replays the seed's game.

use cards_core::names::RuleSet;
use cards_core::protocol::{Actor, ChanceSource, Driver, GameState, Outcome as AnyOutcome, Record};
use cards_core::rng::rng_from_seed;
use proptest::prelude::*;
use quattro::files::{parse_deck, write_deck};
use quattro::simulate::bots;
use quattro::{Action, Bot, Event, Game, Outcome, PLAYERS, Rules, Variant};

fn rules() -> impl Strategy<Value = Rules> {
    prop_oneof![
        Just(Rules::new(Variant::Quattro)),
        Just(Rules::new(Variant::Uno))
    ]
}

/// Every move a player could name: each card of the deck, with and without each colour,
/// and a draw.
fn every_move(rules: Rules) -> Vec<Action> {
    let mut moves = vec![Action::Draw];
    for card in rules.deck() {
        moves.push(Action::play(card));
        for color in cards_core::Color::ALL {
            moves.push(Action::Play {
                card,
                color: Some(color),
            });
        }
    }
    moves.sort();
    moves.dedup();
    moves
}

/// Plays the bots' game of `seed` with `chance`, and returns its events and outcome.
fn bot_game(
    rules: Rules,
    chance: &mut ChanceSource<quattro::DeckOrder>,
) -> Result<(Vec<Event>, Outcome), String> {
    let mut game = Game::new(rules, bots());
    let mut events = Vec::new();
    let outcome = Driver::new()
        .play(&mut game, chance, &mut Bot, |_, _, step| {
            events.extend_from_slice(step);
            Ok(())
        })
        .map_err(|e| e.to_string())?;
    Ok((events, outcome))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// At every seat's turn of a bots' game, the game accepts exactly the legal moves,
    /// and a refused move leaves it exactly as it was, with no event.
    #[test]
    fn legal_moves_are_exactly_the_accepted_ones(seed: u64, rules in rules()) {
        let mut game = Game::new(rules.with_max_turns(400), bots());
        let mut chance = ChanceSource::seeded(rng_from_seed(seed));
        let mut driver = Driver::new();
        let mut legal = Vec::new();
        let moves = every_move(rules);
        let mut events = Vec::new();
        while game.actor() != Actor::Over {
            if let Actor::Seat(_) = game.actor() {
                game.legal_actions(&mut legal);
                for &mv in &moves {
                    let mut copy = game.clone();
                    let accepted = copy.apply(mv, &mut events).is_ok();
                    prop_assert_eq!(accepted, legal.contains(&mv), "{:?}", mv);
                    if !accepted {
                        prop_assert_eq!(&copy, &game);
                        prop_assert!(events.is_empty());
                    }
                    events.clear();
                }
            }
            driver.step(&mut game, &mut chance, &mut Bot).map_err(|e| TestCaseError::fail(e.to_string()))?;
        }
    }

    /// Bots' games end with a winner who holds no cards, told by exactly one `GameOver`.
    #[test]
    fn bot_games_end_with_a_winner(seed: u64, rules in rules()) {
        let (events, outcome) = bot_game(rules, &mut ChanceSource::seeded(rng_from_seed(seed)))
            .map_err(TestCaseError::fail)?;
        let ended: Vec<&Event> = events.iter().filter(|e| matches!(e, Event::GameOver { .. })).collect();
        prop_assert_eq!(ended, [&Event::GameOver { outcome }]);
        prop_assert!(matches!(outcome, AnyOutcome::Winner { seat } if seat < PLAYERS), "{:?}", outcome);
    }

    /// The same seed plays the same game, and so does the deck `quattro deal` writes for
    /// it played with the same seed (reshuffles included), and the recorded chance
    /// outcomes alone.
    #[test]
    fn a_seed_its_deck_file_and_its_record_play_the_same_game(seed: u64, rules in rules()) {
        let seeded = bot_game(rules, &mut ChanceSource::seeded(rng_from_seed(seed)))
            .map_err(TestCaseError::fail)?;
        prop_assert_eq!(&bot_game(rules, &mut ChanceSource::seeded(rng_from_seed(seed))), &Ok(seeded.clone()));

        let deal = Game::new(rules.with_max_turns(1), bots())
            .sample_chance(&mut rng_from_seed(seed))
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        let mut file = Vec::new();
        write_deck(&mut file, rules, &deal, seed).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let text = String::from_utf8(file).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let read = parse_deck(rules, &text).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let mut chance = ChanceSource::recorded_then_seeded(vec![read], rng_from_seed(seed));
        prop_assert_eq!(&bot_game(rules, &mut chance), &Ok(seeded.clone()));
        prop_assert_eq!(chance.recorded_used(), 1);

        let mut record = Record::new();
        let mut game = Game::new(rules, bots());
        Driver::new()
            .play(&mut game, &mut ChanceSource::seeded(rng_from_seed(seed)), &mut Bot, |_, step, _| {
                record.push(step);
                Ok(())
            })
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(bot_game(rules, &mut ChanceSource::recorded(record.chance)), Ok(seeded));
    }
}

/// Every rule set's deck file from `quattro deal` names each card of the deck as often as
/// the deck has it.
#[test]
fn deal_files_hold_the_deck() {
    for &variant in Variant::ALL {
        let deal = Game::new(Rules::new(variant).with_max_turns(1), bots())
            .sample_chance(&mut rng_from_seed(7))
            .unwrap();
        let mut dealt = deal.cards().to_vec();
        dealt.sort();
        let mut deck = variant.deck();
        deck.sort();
        assert_eq!(dealt, deck, "{variant}");
    }
}
