//! The fuzz checks of Quattro.

use std::io;

use cards_core::console::Console;
use cards_core::protocol::ChanceSource;
use cards_core::rng::rng_from_seed;

use crate::{
    assert_one_short_line, assert_stopped_for_the_input, file_text, seed_and_answers, split_choice,
};

/// A Quattro deck file under the rules the first byte picks (Quattro or Uno): refused in
/// one short line, or written back to the same order.
pub fn quattro_deck(data: &[u8]) {
    use quattro::{Rules, Variant};

    let (choice, bytes) = split_choice(data);
    let rules = Rules::new([Variant::Quattro, Variant::Uno][choice % 2]);
    let Some(text) = file_text(bytes) else { return };
    let order = match quattro::files::parse_deck(rules, &text) {
        Ok(order) => order,
        Err(error) => return assert_one_short_line(&error),
    };
    let write = |order| {
        let mut out = Vec::new();
        quattro::files::write_deck(&mut out, rules, order, 0)
            .unwrap_or_else(|error| panic!("writing to memory fails: {error}"));
        String::from_utf8(out).unwrap_or_else(|error| panic!("a deck file is not text: {error}"))
    };
    let written = write(&order);
    let again = quattro::files::parse_deck(rules, &written)
        .unwrap_or_else(|error| panic!("a written deck is refused: {error}\n{written}"));
    assert!(order == again, "writing back changes the deck");
    assert_eq!(write(&again), written);
}

/// A seeded Quattro game (Quattro or Uno rules, by the seed's parity), the fuzzer's
/// bytes as the person's answers: first the name, then each move.
pub fn quattro_answers(data: &[u8]) {
    use cards_core::console::Reply;
    use quattro::console;

    let (seed, answers) = seed_and_answers(data);
    let rules = quattro::Rules::new(
        [quattro::Variant::Quattro, quattro::Variant::Uno][(seed % 2) as usize],
    );
    let mut console = Console::new(answers, io::sink());
    let name = match console::ask_name(&mut console, rules) {
        Ok(Some(Reply::Answer(name))) => name,
        Ok(Some(Reply::Quit) | None) => return,
        Err(error) => return assert_one_short_line(&error),
    };
    let mut players = quattro::simulate::bots();
    players[0] = quattro::Player::human(name);
    let mut game = quattro::Game::new(rules, players);
    let mut chance = ChanceSource::seeded(rng_from_seed(seed));
    let mut tape = cards_core::protocol::Tape::new(&game);
    let played = console::play(
        &mut game,
        &mut chance,
        &mut console,
        &console::Options::default(),
        &mut tape,
    );
    assert_stopped_for_the_input(played.map(|_| ()));
}
