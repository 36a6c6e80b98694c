//! The engine against the tight loop, per game: `ochos-locos simulate completos` (four
//! players, C N S B) as its worker plays a game, and the tight loop of
//! `benches/tight_loop.rs` playing the same game (`cargo bench -p ochos-locos --bench
//! tight`). `tests/tight_loop.rs` checks that they play the same games.

// A benchmark: a setup that fails is the benchmark failing.
#![allow(clippy::unwrap_used)]

#[path = "tight_loop.rs"]
mod tight_loop;

use ochos_locos::simulate::{Setup, Worker};
use ochos_locos::{Strategy, Variant};

fn main() {
    divan::main();
}

/// The engine: one game of `completos` on a reused simulate worker.
#[divan::bench(sample_count = 300, sample_size = 1000)]
fn engine(bencher: divan::Bencher) {
    let setup = Setup::new(
        Variant::Completos,
        &[
            Strategy::ColorFirst,
            Strategy::NumberFirst,
            Strategy::Strategic,
            Strategy::Basic,
        ],
    )
    .unwrap();
    let mut worker = Worker::new(setup.face()).unwrap();
    let mut index = 0;
    bencher
        .counter(divan::counter::ItemsCount::new(1usize))
        .bench_local(|| {
            index += 1;
            worker.play(1, index).unwrap()
        });
}

/// The tight loop: the same game.
#[divan::bench(sample_count = 300, sample_size = 1000)]
fn tight_loop(bencher: divan::Bencher) {
    let mut index = 0;
    bencher
        .counter(divan::counter::ItemsCount::new(1usize))
        .bench_local(|| {
            index += 1;
            tight_loop::play(1, index)
        });
}
