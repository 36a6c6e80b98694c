//! Endless input and an unwritable stderr: the binary ends with one error line and exit
//! status 2, in bounded time and memory, whatever arrives on standard input or as a
//! file, and a full stderr never turns a finished run into a panic.
//!
//! Bytes that are not UTF-8 and a full or closed stdout: the documented refusal or exit
//! status, never a panic.

#![allow(clippy::unwrap_used)]

use std::fs::File;
use std::process::Output;

use cards_core::testing::{
    assert_a_closed_pipe_is_no_failure, assert_a_full_stdout_is_one_error_line,
    assert_one_error_line as one_error_line, dev_full, run_on_zeros, run_with, temporary_file,
};
use ochos_locos::console::PLAY_PROMPT;

const PROGRAM: &str = env!("CARGO_BIN_EXE_ochos-locos");

/// Runs the binary with `args`, stdin from `/dev/zero` and stderr to `stderr` (captured
/// when `None`).
fn run(args: &[&str], stderr: Option<File>) -> Output {
    run_on_zeros(PROGRAM, args, stderr)
}

/// A refusal: one error line, exit 2, and nothing on stdout.
fn assert_one_error_line(output: &Output, expected: &str) {
    one_error_line(output, expected);
    assert!(output.stdout.is_empty(), "{output:?}");
}

#[test]
fn an_endless_deal_on_standard_input_is_refused() {
    let output = run(&["completos"], None);
    assert_one_error_line(
        &output,
        "ochos-locos: standard input is larger than 4 MB: it cannot be a game's input",
    );
}

#[test]
fn an_endless_deal_file_is_refused() {
    let output = run(&["match-making", "/dev/zero"], None);
    assert_one_error_line(
        &output,
        "ochos-locos: /dev/zero is larger than 4 MB: it cannot be a game's input",
    );
}

#[test]
fn an_endless_file_to_check_is_refused() {
    let deal = "src/samples/a4-p3-completos.in";
    let output = run(&["check", "completos", deal, "/dev/zero"], None);
    assert_one_error_line(&output, "ochos-locos: /dev/zero is larger than 4 MB");
}

#[test]
fn endless_answers_end_the_game() {
    let output = run(&["completos", "--sample", "--human", "Bob"], None);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert_eq!(
        stderr,
        "ochos-locos: the input is not answers: a line runs on past 1 MB\n"
    );
}

#[test]
fn a_full_stderr_keeps_the_exit_status() {
    // The announced seed and the refusal go to a stderr that cannot be written: the run
    // still ends with its documented status, never 101 from a panic.
    let simulated = run(
        &["simulate", "completos", "--games", "1000"],
        Some(dev_full()),
    );
    assert_eq!(simulated.status.code(), Some(0), "{simulated:?}");
    assert!(!simulated.stdout.is_empty());
    let refused = run(&["completos"], Some(dev_full()));
    assert_eq!(refused.status.code(), Some(2), "{refused:?}");
    assert!(refused.stdout.is_empty());
}

#[test]
fn a_full_stderr_keeps_the_status_of_a_game_cut_short() {
    // No answers: the game is cut short (status 1), and its message is lost, not a panic.
    let full = dev_full();
    let output = cards_core::testing::run_on(
        std::path::Path::new(PROGRAM),
        &["completos", "--sample", "--human", "Bob"],
        std::path::Path::new("/dev/null"),
        Some(full),
        std::time::Duration::from_secs(20),
    )
    .unwrap();
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn a_deal_that_is_not_text_is_refused_naming_its_line() {
    let output = run_with(PROGRAM, &["completos"], b"4\n\xff\xfe\n", None, None);
    assert_one_error_line(
        &output,
        "standard input: line 2: not text (the bytes are not UTF-8)",
    );
    let path = temporary_file("ochos-locos-deal-not-text.txt", b"4\n\xff\xfe\n");
    let output = run_with(
        PROGRAM,
        &["completos", path.to_str().unwrap()],
        b"",
        None,
        None,
    );
    let _ = std::fs::remove_file(&path);
    assert_one_error_line(&output, "line 2: not text (the bytes are not UTF-8)");
}

#[test]
fn an_answer_that_is_not_text_is_refused_and_asked_again() {
    let answers = b"\xff\xfe\n1\n1\nG\n1\n1\nG\n1\n";
    let output = run_with(
        PROGRAM,
        &["completos", "--sample", "--human", "Bob"],
        answers,
        None,
        None,
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    assert!(output.stderr.is_empty(), "{output:?}");
    assert!(
        stdout.contains(&format!(
            "{PLAY_PROMPT}{}\n{PLAY_PROMPT}",
            cards_core::console::NOT_TEXT
        )),
        "{stdout}"
    );
    assert!(
        stdout.ends_with("You win: you laid your last card!\n"),
        "{stdout}"
    );
}

#[test]
fn a_full_stdout_is_one_error_line() {
    assert_a_full_stdout_is_one_error_line(PROGRAM, &["completos", "--sample"], b"");
    assert_a_full_stdout_is_one_error_line(
        PROGRAM,
        &["completos", "--sample", "--human", "Bob"],
        b"1\n",
    );
    assert_a_full_stdout_is_one_error_line(PROGRAM, &["deal", "completos", "--seed", "1"], b"");
    assert_a_full_stdout_is_one_error_line(
        PROGRAM,
        &["simulate", "completos", "--games", "100", "--seed", "1"],
        b"",
    );
}

#[test]
fn a_closed_pipe_on_stdout_is_no_failure() {
    assert_a_closed_pipe_is_no_failure(PROGRAM, &["completos", "--sample"]);
    assert_a_closed_pipe_is_no_failure(
        PROGRAM,
        &["simulate", "completos", "--games", "100", "--seed", "1"],
    );
}

/// `yes x | ochos-locos replay FILE` printed for ever (issue 37): the viewer stops after
/// the consoles' bound of refused commands.
#[test]
fn endless_commands_end_the_replay_viewer() {
    let recording = r#"{"format": "cards-replay 1", "game": "ochos-locos",
        "options": ["rules=completos", "players=Alice:N,Bob:N,Carol:N,Dave:S"],
        "seed": "1", "actions": []}"#;
    cards_core::testing::assert_endless_commands_end_the_viewer(PROGRAM, "ochos-locos", recording);
}
