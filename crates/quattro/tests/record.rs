//! `quattro --record FILE` and `quattro replay FILE` end to end: a game played at the
//! console (answers piped in) and its recording stepped through tell the same moves, line
//! for line, so the replay is the game that was played, not another one the same code
//! would make up. The console's loop and the replay's are apart; the lines compared are
//! the transcript's own.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use pretty_assertions::assert_eq;

/// Runs `quattro` with `args` in `dir`, `stdin` piped in: (exit status, stdout, stderr).
fn quattro(dir: &Path, args: &[&str], stdin: &str) -> (Option<i32>, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_quattro"))
        .args(args)
        .current_dir(dir)
        .env_remove("RUST_BACKTRACE")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("quattro: {e}"));
    if let Some(mut input) = child.stdin.take() {
        // The game may stop reading early (a game over): that is no failure here.
        let _ = input.write_all(stdin.as_bytes());
    }
    let output = child
        .wait_with_output()
        .unwrap_or_else(|e| panic!("quattro: {e}"));
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// An empty scratch directory of this test's own.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    dir
}

/// Answers that play any game to its end without knowing it: at each question every card
/// code in turn, then `d`, a colour and `n`; the console refuses all but a legal one and
/// asks again, so each move is the first legal answer of the list, and `n` ends the
/// session at `Play again?`.
fn answers() -> String {
    let mut cycle: Vec<String> = Vec::new();
    for color in ["R", "Y", "G", "B"] {
        cycle.extend((0..10).map(|n| format!("{color}{n}")));
        cycle.extend(["S", "R", "+2"].map(|action| format!("{color}{action}")));
    }
    cycle.extend(["W", "W+4", "d", "blue", "n"].map(str::to_owned));
    let mut answers = String::from("Ann\n");
    for _ in 0..40 {
        answers.push_str(&cycle.join("\n"));
        answers.push('\n');
    }
    answers
}

/// The lines that tell a move or what it did, in order: what both the console and the
/// replay print for every step, from the person's side with the bots' cards shown.
fn moves(transcript: &str) -> Vec<&str> {
    const STARTS: [&str; 5] = [
        "The first card on the discard pile is",
        "The draw pile is empty: the ",
        "The direction of play",
        "Every player passed",
        "The game has reached",
    ];
    // Not a refusal (`You can't draw while…`), nor the counts (`Player 2 has 3 cards`).
    const VERBS: [&str; 11] = [
        "play ",
        "plays ",
        "name ",
        "names ",
        "draw ",
        "draws ",
        "can't play and",
        "miss ",
        "misses ",
        "have no cards",
        "has no cards",
    ];
    transcript
        .lines()
        .filter(|line| {
            let told = line
                .strip_prefix("You ")
                .or_else(|| line.strip_prefix("(Player "))
                .or_else(|| line.strip_prefix("Player "))
                .map(|rest| rest.trim_start_matches(|c: char| c.is_ascii_digit()))
                .map(|rest| rest.trim_start());
            let moved = told.is_some_and(|rest| VERBS.iter().any(|verb| rest.starts_with(verb)));
            // The bots' hands: the console shows them before their moves, the replay at
            // every step, so they are no move.
            let hand = line.starts_with('(');
            let shuffle_due = line.starts_with("The draw pile is empty: the discards");
            (moved && !hand) || (STARTS.iter().any(|s| line.starts_with(s)) && !shuffle_due)
        })
        .collect()
}

#[test]
fn a_recorded_game_replays_the_moves_the_console_told() {
    let dir = scratch("quattro-record-replays");
    let mut endings = Vec::new();
    // Quattro 4 and Uno 70 and 82 reshuffle the discards; Uno 82 and 134 have the
    // person name a wild card's colour; the last game stops at its turn limit.
    for (rules, seed, max_turns) in [
        ("quattro", "1", "1000"),
        ("quattro", "4", "1000"),
        ("uno", "7", "1000"),
        ("uno", "70", "1000"),
        ("uno", "82", "1000"),
        ("uno", "134", "1000"),
        ("uno", "82", "9"),
    ] {
        let file = format!("{rules}-{seed}-{max_turns}.json");
        let args = [
            "--seed",
            seed,
            "--rules",
            rules,
            "--max-turns",
            max_turns,
            "--reveal",
            "--echo",
            "--record",
            &file,
        ];
        let (status, played, stderr) = quattro(&dir, &args, &answers());
        assert_eq!((status, stderr.as_str()), (Some(0), ""), "{rules} {seed}");
        // Every step forward, then past the end: a few times, as a person would (1000
        // commands in a row that move nowhere end the viewer, as input no person types).
        let (_, first, _) = quattro(&dir, &["replay", &file], "q\n");
        let last: usize = first
            .lines()
            .next()
            .and_then(|line| line.strip_prefix("-- step 0 of "))
            .and_then(|line| line.strip_suffix(" --"))
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{rules} {seed}: {first}"));
        let steps = "\n".repeat(last + 3);
        let (status, replayed, stderr) = quattro(&dir, &["replay", &file], &steps);
        assert_eq!((status, stderr.as_str()), (Some(0), ""), "{rules} {seed}");
        let (told, shown) = (moves(&played), moves(&replayed));
        if seed != "1" && seed != "7" && max_turns != "9" {
            assert!(
                told.iter()
                    .any(|line| line.starts_with("The draw pile is empty"))
                    || told.iter().any(|line| line.starts_with("You name")),
                "{rules} {seed}: {told:?}"
            );
        }
        assert!(told.len() > 5, "{played}");
        assert_eq!(told, shown, "{rules} {seed}");
        endings.push(told[told.len() - 1].to_owned());
        // The end (`e`) is the console's last move and its ending.
        let (_, end, _) = quattro(&dir, &["replay", &file], "e\n");
        let end = moves(&end);
        assert_eq!(end, told[told.len() - end.len()..], "{rules} {seed}");
        assert!(end.len() >= 2, "{end:?}");
    }
    // The person wins some of these games, a bot others, and one has no winner.
    assert!(
        endings
            .iter()
            .any(|line| line.starts_with("You have no cards left"))
    );
    assert!(
        endings
            .iter()
            .any(|line| line.contains("has no cards left and wins"))
    );
    assert!(
        endings.iter().any(|line| line.contains("limit of 9 turns")),
        "{endings:?}"
    );
}

#[test]
fn a_session_ended_at_the_name_question_leaves_no_file() {
    let dir = scratch("quattro-record-no-game");
    for (stdin, status) in [("q\n", Some(0)), ("", Some(1))] {
        let (found, _, _) = quattro(&dir, &["--seed", "3", "--record", "game.json"], stdin);
        assert_eq!(found, status, "{stdin:?}");
        assert!(!dir.join("game.json").exists(), "{stdin:?}");
    }
    // A game quit at its first move is written: the deal, and no move yet.
    let (found, _, _) = quattro(&dir, &["--seed", "3", "--record", "game.json"], "Ann\nq\n");
    assert_eq!(found, Some(0));
    let text = std::fs::read_to_string(dir.join("game.json")).unwrap_or_default();
    assert!(text.contains("\"seed\": \"3\""), "{text}");
    assert!(text.contains("\"actions\": []"), "{text}");
}
