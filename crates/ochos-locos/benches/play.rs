//! Games per second: random deals played to the end on one reused
//! [`ochos_locos::simulate::Worker`] (game, loop and seats), exactly as
//! `ochos-locos simulate` plays them (`cargo bench -p ochos-locos`).

// A benchmark: a setup that fails is the benchmark failing.
#![allow(clippy::unwrap_used)]

use ochos_locos::simulate::{Setup, Worker};
use ochos_locos::{Strategy, Variant};

fn main() {
    divan::main();
}

/// One iteration lets chance deal the 32 cards (a shuffle from the game's own stream) to
/// four players and plays the game to its end; nothing is allocated per game.
#[divan::bench(args = [Variant::Faciles, Variant::Completos, Variant::MoreTheMerrier])]
fn play_random_deal(bencher: divan::Bencher, variant: Variant) {
    let strategies = match variant {
        Variant::Faciles => [Strategy::Basic; 4],
        Variant::Completos => [
            Strategy::ColorFirst,
            Strategy::NumberFirst,
            Strategy::Strategic,
            Strategy::Basic,
        ],
        _ => [Strategy::Rainbow; 4],
    };
    let setup = Setup::new(variant, &strategies).unwrap();
    let mut worker = Worker::new(setup.face()).unwrap();
    let mut index = 0;
    bencher
        .counter(divan::counter::ItemsCount::new(1usize))
        .bench_local(|| {
            index += 1;
            worker.play(2020, index).unwrap();
        });
}
