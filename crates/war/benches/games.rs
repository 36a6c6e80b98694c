//! Games per second, single-threaded: whole games dealt and played on one reused
//! [`war::simulate::Worker`] (game, loop and chance source), as the simulator plays them (no
//! output).
//!
//! `cargo bench -p war --bench games -- --sample-count 20`

// A benchmark: a setup that fails is the benchmark failing.
#![allow(clippy::unwrap_used)]

use divan::{Bencher, counter::ItemsCount};
use war::WonCardOrder;
use war::face::Setup;
use war::simulate::Worker;

fn main() {
    divan::main();
}

fn bench_games(bencher: Bencher, players: usize, order: WonCardOrder) {
    let setup = Setup {
        players,
        order,
        ..Setup::default()
    };
    let mut worker = Worker::new(&setup).unwrap();
    let mut index = 0;
    bencher.counter(ItemsCount::new(1usize)).bench_local(|| {
        index += 1;
        worker.play(1, index).unwrap()
    });
}

/// One game with won cards shuffled back (the default), by number of players.
#[divan::bench(args = [2, 4, 8])]
fn shuffled(bencher: Bencher, players: usize) {
    bench_games(bencher, players, WonCardOrder::Shuffled);
}

/// One two-player game with won cards returned in a fixed order (repetition check on).
#[divan::bench]
fn fixed_two_players(bencher: Bencher) {
    bench_games(bencher, 2, WonCardOrder::Fixed);
}
