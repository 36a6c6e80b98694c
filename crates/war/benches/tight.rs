//! Issue 13's yardstick: one game, single-threaded, on the engine's simulate worker
//! ([`war::simulate::Worker`], what `war simulate` plays) beside the tight loop of
//! `tight_loop.rs` (the same games, checked by `tests/tight_loop.rs`), default rules.
//!
//! `cargo bench -p war --bench tight`

// A benchmark: a setup that fails is the benchmark failing.
#![allow(clippy::unwrap_used)]

#[path = "tight_loop.rs"]
mod tight_loop;

use divan::{Bencher, black_box, counter::ItemsCount};
use war::face::Setup;
use war::simulate::Worker;

fn main() {
    divan::main();
}

const SEED: u64 = 1;

/// The engine: one game on the simulator's worker.
#[divan::bench(args = [2, 4, 8], sample_count = 30, sample_size = 2000)]
fn engine(bencher: Bencher, players: usize) {
    let setup = Setup {
        players,
        ..Setup::default()
    };
    let mut worker = Worker::new(&setup).unwrap();
    let mut index = 0;
    bencher.counter(ItemsCount::new(1usize)).bench_local(|| {
        index += 1;
        worker.play(SEED, black_box(index)).unwrap()
    });
}

/// The tight loop specialised for two players.
#[divan::bench(sample_count = 30, sample_size = 2000)]
fn tight_two(bencher: Bencher) {
    let mut index = 0;
    bencher.counter(ItemsCount::new(1usize)).bench_local(|| {
        index += 1;
        tight_loop::play_two(SEED, black_box(index))
    });
}

/// The tight loop for 2 to 8 players.
#[divan::bench(args = [2, 4, 8], sample_count = 30, sample_size = 2000)]
fn tight(bencher: Bencher, players: usize) {
    let mut index = 0;
    bencher.counter(ItemsCount::new(1usize)).bench_local(|| {
        index += 1;
        tight_loop::play(players, SEED, black_box(index))
    });
}
