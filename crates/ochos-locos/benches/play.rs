//! Games per second: random `completos` deals played to the end by one reused `Game`
//! (`cargo bench -p ochos-locos`).

use cards_core::rng::rng_from_seed;
use cards_core::{ColorCard, shuffle};
use ochos_locos::{Deal, Variant};

fn main() {
    divan::main();
}

/// One iteration shuffles the 32 cards, deals them to four players with random
/// strategies and plays the game to its end; nothing is allocated per game.
#[divan::bench(args = [Variant::Faciles, Variant::Completos, Variant::MoreTheMerrier])]
fn play_random_deal(bencher: divan::Bencher, variant: Variant) {
    let mut rng = rng_from_seed(2020);
    let deal = Deal::random(variant, 4, &mut rng).unwrap_or_else(|e| panic!("{e}"));
    let mut game = deal.to_game(variant);
    let mut cards: Vec<ColorCard> = deal.cards().collect();
    bencher.bench_local(|| {
        shuffle(&mut cards, &mut rng);
        game.redeal(&cards);
        let mut turns = 0u32;
        while game.next_play().is_some() {
            turns += 1;
        }
        divan::black_box(turns)
    });
}
