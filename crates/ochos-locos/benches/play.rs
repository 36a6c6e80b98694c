//! Games per second: random deals played to the end through the protocol's `Driver`,
//! with one reused `Game`, `Driver` and chance source (`cargo bench -p ochos-locos`).

use cards_core::protocol::{ChanceSource, Driver};
use cards_core::rng::{rng_from_seed, stream_rng};
use ochos_locos::{Deal, Strategy, Variant};

fn main() {
    divan::main();
}

/// One iteration gathers the 32 cards, lets chance deal them (a shuffle from the game's
/// own stream) to four players with the strategies of a random deal, and plays the game
/// to its end; nothing is allocated per game.
#[divan::bench(args = [Variant::Faciles, Variant::Completos, Variant::MoreTheMerrier])]
fn play_random_deal(bencher: divan::Bencher, variant: Variant) {
    let deal = Deal::random(variant, 4, &mut rng_from_seed(2020)).unwrap_or_else(|e| panic!("{e}"));
    let mut game = deal.to_game(variant).unwrap_or_else(|e| panic!("{e}"));
    let mut strategies: Vec<Strategy> = deal.seats.iter().map(|seat| seat.strategy).collect();
    let mut driver = Driver::new();
    let mut chance = ChanceSource::recorded(Vec::new());
    let mut index = 0;
    bencher.bench_local(|| {
        game.gather();
        chance.reseed(stream_rng(2020, index));
        index += 1;
        let mut steps = 0u32;
        let outcome = driver
            .play(&mut game, &mut chance, &mut strategies, |_, _, _| {
                steps += 1;
                Ok(())
            })
            .unwrap_or_else(|e| panic!("{e}"));
        divan::black_box((steps, outcome))
    });
}
