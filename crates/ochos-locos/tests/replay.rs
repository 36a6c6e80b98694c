//! Recorded games against the games they record, through the real binary: a game
//! played with `--record FILE` and stepped through with `ochos-locos replay FILE` must
//! tell the same game. The expectations come from the game as it was played, never from
//! the replay: the person's transcript (`--human NAME --echo`) tells every turn in
//! sentences, which the replay must tell again, in the same order, for every rule set;
//! and the assignment's own output, without `--human`, shows each player's hand after
//! each of their turns, which the replay's last position must show.

// A test's helpers fail the test on a broken setup (no binary, no pipe).
#![allow(clippy::unwrap_used)]

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_ochos-locos");

/// Runs the binary with `args` in `dir`, `stdin` as its input: its status and stdout.
fn run(dir: &Path, args: &[&str], stdin: &str) -> (i32, String) {
    let mut child = Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    // The game may stop reading before the end of the answers: a broken pipe is fine.
    let _ = input.write_all(stdin.as_bytes());
    drop(input);
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.code() != Some(2),
        "{args:?}: exit status 2: {stderr}"
    );
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8(output.stdout).unwrap(),
    )
}

/// The person's-mode lines that tell a turn, in the person's transcript: everything
/// but the welcome, the questions, the answers echoed, the refusals and the views of
/// the table before each of the person's turns.
fn told_in_transcript(transcript: &str) -> Vec<&str> {
    const ASKED: [&str; 9] = [
        "Ochos Locos (",
        "Type ? at",
        "Your turn, ",
        "Your hand:",
        "To match:",
        "Your plays:",
        "Your play (",
        "Colour to follow (",
        "'R' is not a play",
    ];
    // The game ends where `Play again?` is asked (these answers never say y): the
    // recording holds the game, not the session's question after it.
    transcript
        .lines()
        .take_while(|line| !line.starts_with(cards_core::console::AGAIN_PROMPT))
        .filter(|line| !ASKED.iter().any(|start| line.starts_with(start)))
        .filter(|line| !(line.contains(" holds ") && line.contains(", the deck ")))
        .collect()
}

/// The same lines in a replay stepped through from the start to the end, one `n` a
/// step: everything but the step headers, the prompts, the start, the hands, the card
/// to match and whose turn it is.
fn told_in_replay(replay: &str) -> Vec<&str> {
    const PROMPT: &str = "[Enter/n next, b back, s start, e end, q quit] ";
    const SHOWN: [&str; 7] = [
        "-- step ",
        "  ",
        "To match:",
        "Your turn, ",
        "Ochos Locos (",
        "The cards are dealt next.",
        "This is the end",
    ];
    replay
        .lines()
        .map(|line| line.trim_start_matches(PROMPT))
        .filter(|line| !line.is_empty() && !line.ends_with(" to play."))
        .filter(|line| !SHOWN.iter().any(|start| line.starts_with(start)))
        .collect()
}

/// For every rule set, a person's game (every question answered `1`, every colour `R`,
/// so that any game is played to its end) and its replay tell the same turns.
#[test]
fn a_replay_tells_every_turn_of_the_person_s_game() {
    let dir = tempfile::tempdir().unwrap();
    // Answers for any game: `1` plays the first play offered; after an 8, `R` names
    // red; an `R` where a play is asked is refused and the next `1` answers.
    let answers = "1\nR\n".repeat(200);
    let steps = "n\n".repeat(400);
    for (rules, human) in [
        ("match-making", "1"),
        ("take-two", "2"),
        ("going-wild", "3"),
        ("more-the-merrier", "2"),
        ("faciles", "Alice"),
        ("diversidad", "Bob"),
        ("completos", "Carol"),
    ] {
        for seed in ["1", "5", "77"] {
            let args = [
                rules,
                "--seed",
                seed,
                "--human",
                human,
                "--echo",
                "--record",
                "game.json",
            ];
            let (status, transcript) = run(dir.path(), &args, &answers);
            assert_eq!(status, 0, "{args:?}: {transcript}");
            let (status, replay) = run(dir.path(), &["replay", "game.json"], &steps);
            assert_eq!(status, 0, "{args:?}: {replay}");
            let played = told_in_transcript(&transcript);
            assert!(played.len() > 3, "{args:?}: {transcript}");
            // The last line tells how the game ended.
            let last = played[played.len() - 1];
            assert!(
                last.starts_with("You win")
                    || last.contains(" wins: ")
                    || last.starts_with("Nobody won"),
                "{args:?}: {last}"
            );
            assert_eq!(told_in_replay(&replay), played, "{args:?}");
        }
    }
}

/// The assignment's output of a seeded game (Assignment 4: `NAME HAND: PLAY`, the hand
/// after the turn) is the same with `--record`, and each player's last line gives the
/// hand the replay's last position shows.
#[test]
fn the_last_position_of_a_replay_holds_the_hands_the_assignment_output_shows() {
    let dir = tempfile::tempdir().unwrap();
    for (rules, players) in [("faciles", "2"), ("diversidad", "3"), ("completos", "4")] {
        for seed in ["2", "13", "2026"] {
            let plain = ["--seed", seed, "--players", players];
            let (_, output) = run(dir.path(), &[&[rules][..], &plain].concat(), "");
            let recorded = [&[rules][..], &plain, &["--record", "game.json"]].concat();
            let (_, with_record) = run(dir.path(), &recorded, "");
            assert_eq!(with_record, output, "{recorded:?}");
            let (status, replay) = run(dir.path(), &["replay", "game.json"], "e\n");
            assert_eq!(status, 0);
            let last = replay.rsplit("-- step ").next().unwrap();
            let names = ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank"];
            let mut seen = 0;
            for name in names {
                // `Alice G5 Y4: G4`, or `Alice: Y4` for a last card.
                // (Not the closing `Alice is the winner!`, which has no colon.)
                let Some(line) = output.lines().rev().find(|line| {
                    line.contains(':')
                        && (line.starts_with(&format!("{name} "))
                            || line.starts_with(&format!("{name}:")))
                }) else {
                    continue;
                };
                seen += 1;
                let hand = line[name.len()..].split(':').next().unwrap().trim();
                let hand = if hand.is_empty() { "no cards" } else { hand };
                let shown = last
                    .lines()
                    .find(|l| l.starts_with(&format!("  {name} (")))
                    .unwrap_or_else(|| panic!("{rules} {seed}: no hand of {name}: {last}"));
                assert!(
                    shown.ends_with(&format!("): {hand}")),
                    "{rules} {seed}: {shown} is not {hand}"
                );
            }
            assert!(seen >= 2, "{rules} {seed}: {output}");
        }
    }
}
