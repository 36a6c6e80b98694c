//! The tight loop of the benchmark (`benches/tight_loop.rs`) plays exactly the engine's
//! games: for each of N seeded games of each rule set (2,000 by default,
//! `TIGHT_LOOP_GAMES` to change it), the same outcome (winner, or why there is none) and
//! the same number of turns as `quattro simulate`'s worker.
//! `a_hundred_thousand_games` (ignored: run it with `--release -- --ignored`) checks
//! 100,000 games of each rule set.

#[path = "../benches/tight_loop.rs"]
mod tight_loop;

use quattro::simulate::Worker;
use quattro::{NoWinner, Outcome, Rules, Variant};
use tight_loop::{Ending, Played, Table};

const SEED: u64 = 1;

fn games() -> u64 {
    std::env::var("TIGHT_LOOP_GAMES")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(2_000)
}

fn same_games(rules: Rules) {
    same_games_of(games(), rules);
}

fn same_games_of(games: u64, rules: Rules) {
    let mut engine = Worker::new(&quattro::face::Setup::of(rules))
        .unwrap_or_else(|error| panic!("{rules:?}: {error}"));
    let mut table = Table::new(rules.variant() == Variant::Uno, rules.max_turns());
    for index in 0..games {
        let (outcome, turns) = engine
            .play(SEED, index)
            .unwrap_or_else(|error| panic!("game {index}: {error}"));
        let ending = match outcome {
            Outcome::Winner { seat } => Ending::Winner(seat),
            Outcome::NoWinner {
                reason: NoWinner::EveryonePassed,
            } => Ending::EveryonePassed,
            Outcome::NoWinner {
                reason: NoWinner::TurnLimit(_),
            } => Ending::TurnLimit,
        };
        assert_eq!(
            table.play(SEED, index),
            Played { ending, turns },
            "{rules:?} rules, game {index} of seed {SEED}"
        );
    }
}

#[test]
fn quattro_rules() {
    same_games(Rules::new(Variant::Quattro));
}

#[test]
fn uno_rules() {
    same_games(Rules::new(Variant::Uno));
}

/// A low turn limit, so that games ending at the limit are compared too.
#[test]
fn turn_limit() {
    for variant in [Variant::Quattro, Variant::Uno] {
        same_games(Rules::new(variant).with_max_turns(12));
    }
}

/// The check, 100,000 games of each rule set (CI runs the few thousand above):
/// `cargo test -p quattro --release --test tight_loop -- --ignored`.
#[test]
#[ignore = "100,000 games a rule set; run with --release -- --ignored"]
fn a_hundred_thousand_games() {
    for variant in [Variant::Quattro, Variant::Uno] {
        same_games_of(100_000, Rules::new(variant));
    }
}
