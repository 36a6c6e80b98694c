//! Endless input: the binary ends with one error line and exit status 2, in bounded time
//! and memory, whether the endless stream is the answers or a dice file.
//!
//! An answer that is not UTF-8, a full or closed stdout and a full stderr: the documented
//! refusal or exit status, never a panic.

#![allow(clippy::unwrap_used)]

use cards_core::testing::{
    assert_a_closed_pipe_is_no_failure, assert_a_full_stdout_is_one_error_line,
    assert_one_error_line, dev_full, run_on_zeros, run_with,
};

const PROGRAM: &str = env!("CARGO_BIN_EXE_pig");

#[test]
fn endless_answers_end_the_game() {
    let output = run_on_zeros(PROGRAM, &["--seed", "1"], None);
    assert_one_error_line(&output, "pig: the input is not answers");
    // The game had begun: its first prompt is on stdout, and its line was ended.
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.starts_with("Welcome to the Game of Pig!\n"),
        "{stdout}"
    );
}

#[test]
fn an_endless_dice_file_is_refused_before_anything_is_played() {
    let output = run_on_zeros(PROGRAM, &["--dice", "/dev/zero"], None);
    assert_one_error_line(&output, "pig: /dev/zero is larger than 4 MB");
    assert!(output.stdout.is_empty());
}

#[test]
fn an_endless_transcript_is_refused() {
    let output = run_on_zeros(PROGRAM, &["check", "/dev/zero"], None);
    assert_one_error_line(&output, "pig: /dev/zero is larger than 4 MB");
    assert!(output.stdout.is_empty());
}

#[test]
fn an_answer_that_is_not_text_is_refused_and_asked_again() {
    let output = run_with(PROGRAM, &["--seed", "1"], b"\xff\xfe\nq\n", None, None);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert!(output.stderr.is_empty(), "{output:?}");
    assert!(
        stdout.contains(&format!(
            "Hold dice (Y/N?) ?{}\nHold dice (Y/N?) ?",
            cards_core::console::NOT_TEXT
        )),
        "{stdout}"
    );
}

#[test]
fn a_full_stdout_is_one_error_line() {
    assert_a_full_stdout_is_one_error_line(PROGRAM, &["--seed", "1"], b"q\n");
    assert_a_full_stdout_is_one_error_line(PROGRAM, &["dice", "--seed", "1"], b"");
    assert_a_full_stdout_is_one_error_line(
        PROGRAM,
        &["simulate", "--games", "100", "--seed", "1"],
        b"",
    );
}

#[test]
fn a_closed_pipe_on_stdout_is_no_failure() {
    assert_a_closed_pipe_is_no_failure(PROGRAM, &["dice", "--seed", "1", "--count", "100000"]);
    assert_a_closed_pipe_is_no_failure(PROGRAM, &["simulate", "--games", "100", "--seed", "1"]);
}

#[test]
fn a_full_stderr_keeps_the_exit_status() {
    // A refusal (2), a game cut short by the end of input (1), a chosen seed announced (0):
    // each message is lost, the status stays, and nothing panics (101).
    let refused = run_with(PROGRAM, &["--rules", "nope"], b"", None, Some(dev_full()));
    assert_eq!(refused.status.code(), Some(2), "{refused:?}");
    assert!(refused.stdout.is_empty());
    let cut_short = run_with(PROGRAM, &["--seed", "1"], b"", None, Some(dev_full()));
    assert_eq!(cut_short.status.code(), Some(1), "{cut_short:?}");
    let announced = run_with(PROGRAM, &["dice"], b"", None, Some(dev_full()));
    assert_eq!(announced.status.code(), Some(0), "{announced:?}");
    assert!(!announced.stdout.is_empty());
}

/// `pig replay FILE < /dev/zero` printed for ever (issue 37): the viewer stops after
/// the consoles' bound of refused commands.
#[test]
fn endless_commands_end_the_replay_viewer() {
    let recording = r#"{"format": "cards-replay 1", "game": "pig",
        "options": ["rules=two-dice", "goal=100"], "seed": "1", "actions": []}"#;
    cards_core::testing::assert_endless_commands_end_the_viewer(PROGRAM, "pig", recording);
}

/// Issue 37: `pig check` quoted a graded program's line with a right-to-left override
/// (or a tag character) raw, so that it read backwards on the grader's terminal.
#[test]
fn pig_check_quotes_invisible_characters_escaped() {
    let game = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/cmd/pig/human_wins.stdout"
    ))
    .unwrap();
    let transcript = game.replacen(
        "Player: Human, Total Points = 0",
        "Player: Hu\u{202e}man\u{e0041}, Total Points = 0",
        1,
    );
    let path =
        cards_core::testing::temporary_file("pig-check-invisible.txt", transcript.as_bytes());
    let output = run_with(PROGRAM, &["check", path.to_str().unwrap()], b"", None, None);
    let _ = std::fs::remove_file(&path);
    let shown = String::from_utf8(output.stdout).unwrap();
    assert_eq!(
        shown,
        "line 7: each turn opens with the player's line: `Player: Human, Total Points = 0`; \
         got `Player: Hu\\u{202e}man\\u{e0041}, Total Points = 0`\n"
    );
    assert_eq!(output.status.code(), Some(1));
}
