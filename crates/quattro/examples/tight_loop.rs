//! The tight loop of the benchmark (`benches/tight_loop.rs`) as a program, for
//! instruction counts next to the engine's (`bench/quattro.sh`):
//! `tight_loop [--rules uno] GAMES` plays games 0 to GAMES - 1 of seed 1 and prints how
//! many each seat won, to compare with `quattro simulate --seed 1 --threads 1`.

#[path = "../benches/tight_loop.rs"]
mod tight_loop;

use tight_loop::{Ending, Table};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let uno = args.iter().any(|arg| arg == "uno");
    let games = args
        .iter()
        .find_map(|arg| arg.parse::<u64>().ok())
        .unwrap_or(20_000);
    let mut table = Table::new(uno, 1000);
    let mut wins = [0u64; 4];
    let mut turns = 0u64;
    for index in 0..games {
        let played = table.play(1, index);
        if let Ending::Winner(seat) = played.ending {
            wins[seat] += 1;
        }
        turns += u64::from(played.turns);
    }
    println!("wins by seat {wins:?}, {turns} turns");
}
