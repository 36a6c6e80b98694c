//! The tight loop of `benches/tight_loop.rs` as a plain binary, for instruction counts
//! (`valgrind --tool=callgrind`) beside `war simulate` on the same games:
//! `cargo build --release -p war --example war_tight_loop`, then
//! `tight_loop GAMES [PLAYERS] [general]` plays games 0..GAMES of seed 1 (two players:
//! the loop specialised for two, unless `general` is given) and prints the battles
//! fought, as a checksum.

#[path = "../benches/tight_loop.rs"]
mod tight_loop;

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|n| n.parse().ok()).unwrap_or(5000);
    let players: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(2);
    let general = args.next().is_some_and(|word| word == "general");
    let mut battles = 0;
    for index in 0..games {
        let record = if players == 2 && !general {
            tight_loop::play_two(1, index)
        } else {
            tight_loop::play(players, 1, index)
        };
        battles += record.battles;
    }
    println!("{games} games, {players} players, seed 1: {battles} battles");
}
