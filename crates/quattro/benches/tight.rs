//! The engine's simulate worker and the tight loop of the same rules side by side, one
//! whole game per iteration, on one thread (`cargo bench -p quattro --bench tight`).
//! Issue 13 asks the engine to stay within 2× of the tight loop.

#[path = "tight_loop.rs"]
mod tight_loop;

use cards_core::names::RuleSet;
use quattro::face::Setup;
use quattro::simulate::Worker;
use quattro::{Rules, Variant};

fn main() {
    divan::main();
}

/// The engine: game `index` of seed 1, as `quattro simulate` plays it.
#[divan::bench(args = Variant::ALL, sample_count = 30, sample_size = 2000)]
fn engine(bencher: divan::Bencher, variant: &Variant) {
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

/// The tight loop: the same games.
#[divan::bench(args = Variant::ALL, sample_count = 30, sample_size = 2000)]
fn tight(bencher: divan::Bencher, variant: &Variant) {
    let mut table = tight_loop::Table::new(*variant == Variant::Uno, Rules::DEFAULT_MAX_TURNS);
    let mut index = 0;
    bencher
        .counter(divan::counter::ItemsCount::new(1u32))
        .bench_local(|| {
            index += 1;
            table.play(1, index)
        });
}
