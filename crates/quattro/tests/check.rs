//! `quattro::check::check` on transcripts of the project's own console (`--echo`, the
//! human's answers in the transcript) and on hand-made transcripts, each breaking one
//! rule at a known line.

// A test: a setup that fails is the test failing.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use quattro::check::{Problem, check};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn case(name: &str) -> String {
    std::fs::read_to_string(root().join("tests/cmd/quattro").join(name)).unwrap()
}

/// The console's games of the assignment's rules with a human at the table, as
/// `tests/cmd/quattro` records them (`--echo`).
const HUMAN_GAMES: [&str; 8] = [
    "deck-human.stdout",
    "whole-game-win.stdout",
    "play-again.stdout",
    "invalid-answers.stdout",
    "name-refused.stdout",
    "draw-refused-names-every-playable-card.stdout",
    "quit-at-move.stdout",
    "hostile-crlf-answers.stdout",
];

#[test]
fn our_consoles_games_pass() {
    for name in HUMAN_GAMES {
        let text = case(name);
        let checked = check(&text, None).unwrap_or_else(|v| panic!("{name}: {v}"));
        eprintln!("{name}: {checked}");
    }
}
