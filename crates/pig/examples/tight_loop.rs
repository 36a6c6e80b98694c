//! The tight loop of the benchmarks (`benches/tight_loop.rs`) as a program of its own,
//! for instruction counts next to the engine's (`bench/pig.sh`): GAMES games (200,000 by
//! default) of hold:20 against hold:20 from seed 1, as `pig simulate --a hold:20 --b
//! hold:20 --seed 1 --threads 1` plays them, and A's wins.
//!
//! `valgrind --tool=callgrind target/release/examples/pig_tight_loop 200000`

#![allow(clippy::unwrap_used)]

#[path = "../benches/tight_loop.rs"]
#[allow(dead_code)]
mod tight_loop;

use tight_loop::Hold;

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .map_or(200_000, |n| n.parse().unwrap());
    let a_wins: u64 = (0..games)
        .map(|index| u64::from(tight_loop::play(&Hold(20), &Hold(20), 1, index).winner == 0))
        .sum();
    println!("{games} games, A won {a_wins}");
}
