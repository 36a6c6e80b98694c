//! The fuzz checks of Ochos Locos.

use std::io;

use cards_core::console::Console;
use cards_core::protocol::{ChanceSource, Driver};
use cards_core::rng::rng_from_seed;

use crate::{
    assert_one_short_line, assert_stopped_for_the_input, file_text, seed_and_answers, split_choice,
};

/// An Ochos Locos deal in the rule set the first byte picks (of the seven), the rest
/// its text: refused in one short line, or written back to the same deal and played
/// to its end.
pub fn ochos_locos_deal(data: &[u8]) {
    use ochos_locos::{Deal, Strategy, Variant};

    let (choice, bytes) = split_choice(data);
    let variant = Variant::ALL[choice % Variant::ALL.len()];
    let Some(text) = file_text(bytes) else { return };
    let deal = match ochos_locos::files::parse_deal(variant, &text) {
        Ok(deal) => deal,
        Err(error) => return assert_one_short_line(&error),
    };
    let written = deal_text(variant, &deal);
    let again = ochos_locos::files::parse_deal(variant, &written)
        .unwrap_or_else(|error| panic!("a written deal is refused: {error}\n{written}"));
    assert_eq!(
        deal_text(variant, &again),
        written,
        "writing back changes the deal"
    );
    assert!(
        deal.cards().eq(again.cards()),
        "writing back changes the cards"
    );
    let names = |deal: &Deal| -> Vec<(String, Strategy)> {
        deal.seats
            .iter()
            .map(|s| (s.name.clone(), s.strategy))
            .collect()
    };
    assert_eq!(
        names(&deal),
        names(&again),
        "writing back changes the seats"
    );

    let (mut game, order) = deal
        .table(variant)
        .unwrap_or_else(|error| panic!("an accepted deal cannot be played: {error}"));
    let mut strategies: Vec<Strategy> = deal.seats.iter().map(|seat| seat.strategy).collect();
    let mut chance = ChanceSource::recorded(vec![order]);
    if let Err(error) =
        Driver::new().play(&mut game, &mut chance, &mut strategies, |_, _, _| Ok(()))
    {
        panic!("an accepted deal does not play to its end: {error}");
    }
}

/// A random Ochos Locos deal in the rule set the seed picks, a person at its first seat
/// answering with the fuzzer's bytes, the strategies at the others.
pub fn ochos_locos_answers(data: &[u8]) {
    use ochos_locos::console::{Person, Table};
    use ochos_locos::{Deal, Variant};

    let (seed, answers) = seed_and_answers(data);
    let variant = Variant::ALL[(seed % 7) as usize];
    // Every rule set takes three players; the others take two to six.
    let players = Some(2 + (seed / 7) as usize % 5)
        .filter(|&n| ochos_locos::files::check_players(variant, n).is_ok())
        .unwrap_or(3);
    let mut rng = rng_from_seed(seed);
    let deal = Deal::random(variant, players, &mut rng)
        .unwrap_or_else(|error| panic!("no random deal for {variant}: {error}"));
    let (mut game, order) = deal
        .table(variant)
        .unwrap_or_else(|error| panic!("a random deal cannot be played: {error}"));
    let names = deal.seats.iter().map(|seat| seat.name.clone()).collect();
    let mut console = Console::new(answers, io::sink());
    let mut table = Table {
        strategies: deal.seats.iter().map(|seat| seat.strategy).collect(),
        seat: 0,
        person: Person::new(&mut console, names),
    };
    let mut chance = ChanceSource::recorded(vec![order]);
    let played = Driver::new().play(&mut game, &mut chance, &mut table, |_, _, _| Ok(()));
    assert_stopped_for_the_input(played.map(|_| ()));
}

/// `deal` as `ochos-locos deal` writes it.
fn deal_text(variant: ochos_locos::Variant, deal: &ochos_locos::Deal) -> String {
    let mut text = Vec::new();
    ochos_locos::files::write_deal(&mut text, variant, deal)
        .unwrap_or_else(|error| panic!("writing to memory failed: {error}"));
    String::from_utf8_lossy(&text).into_owned()
}
