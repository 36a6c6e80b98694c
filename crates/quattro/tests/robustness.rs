//! Endless and oversized input: the binary ends with one error line and exit
//! status 2, in bounded time and memory, whatever arrives on standard input or as a file.
//!
//! Bytes that are not UTF-8, a full or closed stdout and a full stderr: the documented
//! refusal or exit status, never a panic.

#![allow(clippy::unwrap_used)]

use cards_core::testing::{
    assert_a_closed_pipe_is_no_failure, assert_a_full_stdout_is_one_error_line,
    assert_one_error_line, dev_full, run_on_zeros, run_with, temporary_file,
};

const PROGRAM: &str = env!("CARGO_BIN_EXE_quattro");

#[test]
fn endless_answers_end_the_game() {
    // The name is asked first: a line of zeros that never ends.
    let output = run_on_zeros(PROGRAM, &["--seed", "1"], None);
    assert_one_error_line(&output, "quattro: the input is not answers");
}

#[test]
fn an_endless_deck_file_is_refused_before_anything_is_played() {
    let output = run_on_zeros(PROGRAM, &["--deck", "/dev/zero", "--seed", "1"], None);
    assert_one_error_line(&output, "quattro: /dev/zero is larger than 4 MB");
    assert!(output.stdout.is_empty());
}

#[test]
fn a_deck_that_is_not_text_is_refused_naming_its_line() {
    let path = temporary_file("quattro-deck-not-text.txt", b"R5 R6\n\xff\xfe\n");
    let output = run_with(
        PROGRAM,
        &["--deck", path.to_str().unwrap(), "--seed", "1"],
        b"",
        None,
        None,
    );
    let _ = std::fs::remove_file(&path);
    assert_one_error_line(&output, "line 2: not text (the bytes are not UTF-8)");
    assert!(output.stdout.is_empty());
}

#[test]
fn an_answer_that_is_not_text_is_refused_and_asked_again() {
    let output = run_with(
        PROGRAM,
        &["--seed", "1"],
        b"\xff\xfe\nAda\nquit\n",
        None,
        None,
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert!(output.stderr.is_empty(), "{output:?}");
    assert!(
        stdout.starts_with(&format!(
            "Quattro: you against three bots.\nWhat is your name? {}\nWhat is your name? Welcome to Quattro, Ada!",
            cards_core::console::NOT_TEXT
        )),
        "{stdout}"
    );
}

#[test]
fn a_full_stdout_is_one_error_line() {
    assert_a_full_stdout_is_one_error_line(PROGRAM, &["--seed", "1"], b"Ada\nquit\n");
    assert_a_full_stdout_is_one_error_line(PROGRAM, &["deal", "--seed", "1"], b"");
    assert_a_full_stdout_is_one_error_line(
        PROGRAM,
        &["simulate", "--games", "100", "--seed", "1"],
        b"",
    );
}

#[test]
fn a_closed_pipe_on_stdout_is_no_failure() {
    assert_a_closed_pipe_is_no_failure(PROGRAM, &["deal", "--seed", "1"]);
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
    let announced = run_with(PROGRAM, &["deal"], b"", None, Some(dev_full()));
    assert_eq!(announced.status.code(), Some(0), "{announced:?}");
    assert!(!announced.stdout.is_empty());
}

/// `quattro replay FILE < /dev/zero` printed for ever (issue 37): the viewer stops after
/// the consoles' bound of refused commands.
#[test]
fn endless_commands_end_the_replay_viewer() {
    let recording = r#"{"format": "cards-replay 1", "game": "quattro",
        "options": ["rules=quattro", "max-turns=1000", "seat1=human:Ann",
            "seat2=bot:Player 2", "seat3=bot:Player 3", "seat4=bot:Player 4"],
        "seed": "3", "actions": []}"#;
    cards_core::testing::assert_endless_commands_end_the_viewer(PROGRAM, "quattro", recording);
}
