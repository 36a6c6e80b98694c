//! Endless input and an unwritable stderr: the binary ends with one error line and exit
//! status 2, in bounded time and memory, whatever arrives on standard input or as a
//! file, and a full stderr never turns a finished run into a panic.

use std::fs::File;
use std::process::Output;

use cards_core::testing::{assert_one_error_line as one_error_line, run_on_zeros};

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
    let full = || File::create("/dev/full").unwrap();
    let simulated = run(&["simulate", "completos", "--games", "1000"], Some(full()));
    assert_eq!(simulated.status.code(), Some(0), "{simulated:?}");
    assert!(!simulated.stdout.is_empty());
    let refused = run(&["completos"], Some(full()));
    assert_eq!(refused.status.code(), Some(2), "{refused:?}");
    assert!(refused.stdout.is_empty());
}

#[test]
fn a_full_stderr_keeps_the_status_of_a_game_cut_short() {
    // No answers: the game is cut short (status 1), and its message is lost, not a panic.
    let full = File::create("/dev/full").unwrap();
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
