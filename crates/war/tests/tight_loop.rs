//! The differential test of issue 13: the tight loop of `benches/tight_loop.rs` plays
//! exactly the engine's games. For each of N seeded games (2,000 by default; N from
//! `TIGHT_LOOP_GAMES` when set), the simulator's worker and the tight loop must agree
//! on the whole record: how the game ended, the battles, the wars, the wars' deciding
//! battles, the battles by wars in a row and the longest run.
//!
//! `TIGHT_LOOP_GAMES=100000 cargo test --release -p war --test tight_loop`, or the
//! ignored test of 100,000 games of each loop:
//! `cargo test --release -p war --test tight_loop -- --ignored`

// A test: a setup that fails is the test failing.
#![allow(clippy::unwrap_used)]

#[path = "../benches/tight_loop.rs"]
mod tight_loop;

use tight_loop::{End, Record};
use war::face::Setup;
use war::simulate::{GameRecord, Worker};
use war::{NoWinner, Outcome};

/// How many games each comparison plays.
fn games() -> u64 {
    std::env::var("TIGHT_LOOP_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(2_000)
}

/// The engine's record in the tight loop's terms.
fn engine(worker: &mut Worker, seed: u64, index: u64) -> Record {
    let GameRecord {
        battles,
        wars,
        war_battles,
        wars_in_a_row,
        longest_row,
        outcome,
    } = worker.play(seed, index).unwrap();
    let end = match outcome {
        Outcome::Winner { seat } => End::Winner(seat),
        Outcome::NoWinner {
            reason: NoWinner::OutOfCards { .. },
        } => End::OutOfCards,
        Outcome::NoWinner {
            reason: NoWinner::BattleCap { .. },
        } => End::BattleCap,
        Outcome::NoWinner { reason } => panic!("game {index}: {reason}"),
    };
    Record {
        end,
        battles,
        wars,
        war_battles,
        rows: wars_in_a_row,
        longest_row,
    }
}

/// Both play the first `games` games of `seed`; returns the endings seen, to show that
/// the comparison covers more than one kind.
fn compare(players: usize, seed: u64, games: u64, tight: impl Fn(u64, u64) -> Record) -> [u64; 3] {
    let setup = Setup {
        players,
        ..Setup::default()
    };
    let mut worker = Worker::new(&setup).unwrap();
    let mut endings = [0; 3];
    for index in 0..games {
        let record = engine(&mut worker, seed, index);
        assert_eq!(
            tight(seed, index),
            record,
            "{players} players, seed {seed}, game {index}"
        );
        endings[match record.end {
            End::Winner(_) => 0,
            End::OutOfCards => 1,
            End::BattleCap => 2,
        }] += 1;
    }
    endings
}

#[test]
fn two_players_play_the_engines_games() {
    let games = games();
    let endings = compare(2, 1, games, tight_loop::play_two);
    assert_eq!(endings[0] + endings[1] + endings[2], games);
    assert!(endings[0] > 0);
}

#[test]
fn the_general_loop_plays_the_engines_two_player_games() {
    compare(2, 7, games() / 4, |seed, index| {
        tight_loop::play(2, seed, index)
    });
}

#[test]
fn three_to_eight_players_play_the_engines_games() {
    let mut endings = [0; 3];
    for players in 3..=8 {
        let seen = compare(players, 3, games() / 4, |seed, index| {
            tight_loop::play(players, seed, index)
        });
        for (total, n) in endings.iter_mut().zip(seen) {
            *total += n;
        }
    }
    assert!(endings[0] > 0, "{endings:?}");
}

/// The check of issue 18 on 100,000 seeded games: the two-player loop on games 0..100,000
/// of seed 1, and the general loop on 100,000 more, spread over 2 to 8 players. Ignored
/// (about a minute in a debug build); run it with `--ignored`, in release.
#[test]
#[ignore]
fn a_hundred_thousand_games_agree() {
    const GAMES: u64 = 100_000;
    let endings = compare(2, 1, GAMES, tight_loop::play_two);
    assert_eq!(endings.iter().sum::<u64>(), GAMES);
    let mut played = 0;
    for players in 2..=8 {
        let games = GAMES / 7 + u64::from(players == 2) * (GAMES % 7);
        compare(players, 5, games, |seed, index| {
            tight_loop::play(players, seed, index)
        });
        played += games;
    }
    assert_eq!(played, GAMES);
}
