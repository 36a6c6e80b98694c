//! The tight loop of `benches/tight_loop.rs` alone, for counting its instructions beside
//! the engine's (`bench/ochos-locos.sh`): plays games 0 to N − 1 of seed 1 (N is the first
//! argument, 40,000 by default) and prints the turns played in all.
//!
//! `valgrind --tool=callgrind target/release/examples/ochos_locos_tight_loop 40000`

#[path = "../benches/tight_loop.rs"]
mod tight_loop;

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(40_000);
    let turns: u64 = (0..games)
        .map(|index| tight_loop::play(1, index).turns)
        .sum();
    println!("{games} games, {turns} turns");
}
