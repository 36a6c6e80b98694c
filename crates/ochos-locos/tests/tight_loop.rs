//! The tight loop of the benchmarks (`benches/tight_loop.rs`) plays exactly the engine's
//! games: for each of N seeded games (2,000 by default; `TIGHT_LOOP_GAMES` sets N) of
//! `completos` with four players and the default strategies (C, N, S, B), the engine's
//! simulate worker, as `ochos-locos simulate` runs it, and the tight loop agree on the
//! winner (or that the deck ran out), the number of turns, the cards each seat holds at
//! the end and the cards left in the deck.
//!
//! The ignored test checks 100,000 games of each seed:
//! `cargo test --release -p ochos-locos --test tight_loop -- --ignored`

#![allow(clippy::unwrap_used)]

#[path = "../benches/tight_loop.rs"]
mod tight_loop;

use ochos_locos::simulate::{Setup, Worker};
use ochos_locos::{NoWinner, Outcome, Strategy, Variant};

fn games() -> u64 {
    std::env::var("TIGHT_LOOP_GAMES").map_or(2_000, |n| n.parse().unwrap())
}

#[test]
fn the_tight_loop_plays_the_engines_games() {
    check(games());
}

#[test]
#[ignore = "100,000 games of each seed: run in release"]
fn the_tight_loop_plays_the_engines_games_100_000() {
    check(100_000);
}

fn check(games: u64) {
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
    let (mut won, mut ran_out) = (0, 0);
    for seed in [1, 2020] {
        for index in 0..games {
            let (outcome, turns) = worker.play(seed, index).unwrap();
            let game = worker.game();
            let engine = tight_loop::Game {
                winner: match outcome {
                    Outcome::Winner { seat } => Some(seat),
                    Outcome::NoWinner { reason } => {
                        assert_eq!(reason, NoWinner::DeckRanOut, "game {index}");
                        None
                    }
                },
                turns: u64::from(turns),
                held: std::array::from_fn(|seat| game.players()[seat].hand().len() as u32),
                deck: game.deck().len() as u32,
            };
            let tight = tight_loop::play(seed, index);
            assert_eq!(engine, tight, "seed {seed}, game {index}");
            match tight.winner {
                Some(_) => won += 1,
                None => ran_out += 1,
            }
        }
    }
    // Both endings are exercised.
    assert!(won > 0 && ran_out > 0, "{won} won, {ran_out} ran out");
}
