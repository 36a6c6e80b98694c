//! The fuzz checks of War.

use std::io;

use cards_core::console::Console;
use cards_core::protocol::ChanceSource;
use cards_core::rng::rng_from_seed;

use crate::{assert_one_short_line, assert_stopped_for_the_input, file_text, seed_and_answers};

/// A War deck file: refused in one short line, or written back to the same order.
pub fn war_deck(data: &[u8]) {
    let Some(text) = file_text(data) else { return };
    let order = match war::files::parse_deck(war::Rules::default(), &text) {
        Ok(order) => order,
        Err(error) => return assert_one_short_line(&error),
    };
    let written = deck_text(&order);
    let again = war::files::parse_deck(war::Rules::default(), &written)
        .unwrap_or_else(|error| panic!("a written deck is refused: {error}\n{written}"));
    assert_eq!(
        order.cards(),
        again.cards(),
        "writing back changes the deck"
    );
    assert_eq!(deck_text(&again), written);
}

/// `order` as `war deal` writes it.
fn deck_text(order: &war::DeckOrder) -> String {
    let mut text = Vec::new();
    war::files::write_deck(&mut text, war::Rules::default(), order)
        .unwrap_or_else(|error| panic!("writing to memory failed: {error}"));
    String::from_utf8_lossy(&text).into_owned()
}

/// A seeded War game, played interactively with the fuzzer's bytes as the answers.
pub fn war_answers(data: &[u8]) {
    let (seed, answers) = seed_and_answers(data);
    let mut game = war::Game::new(war::Rules::default());
    let mut chance = ChanceSource::seeded(rng_from_seed(seed));
    let mut console = Console::new(answers, io::sink());
    let mut tape = cards_core::protocol::Tape::new(&game);
    let options = war::console::Options::default();
    let played = war::console::play(&mut game, &mut chance, &mut console, &options, &mut tape);
    assert_stopped_for_the_input(played.map(|_| ()));
}
