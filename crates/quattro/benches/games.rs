//! How many whole bot games per second one thread plays (`cargo bench -p quattro`).

use cards_core::names::RuleSet;
use quattro::face::Setup;
use quattro::simulate::Worker;
use quattro::{Rules, Variant};

fn main() {
    divan::main();
}

/// One game to its end, as the simulator plays it: a new deal from the game's stream of
/// the seed, then the bots play; the game, the loop and the chance source are reused.
#[divan::bench(args = Variant::ALL, sample_count = 20, sample_size = 200)]
fn one_game(bencher: divan::Bencher, variant: &Variant) {
    let Ok(mut simulator) = Worker::new(&Setup::of(Rules::new(*variant))) else {
        return;
    };
    let mut index = 0;
    bencher
        .counter(divan::counter::ItemsCount::new(1u32))
        .bench_local(|| {
            index += 1;
            simulator.play(1, index)
        });
}
