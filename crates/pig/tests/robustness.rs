//! Endless input: the binary ends with one error line and exit status 2, in bounded time
//! and memory, whether the endless stream is the answers or a dice file.

use std::path::Path;
use std::process::Output;
use std::time::Duration;

use cards_core::testing::{is_one_error_line, run_on};

/// Runs the binary with `args` and stdin from `/dev/zero`; it must end within 20 s.
fn run_on_zeros(args: &[&str]) -> Output {
    let program = Path::new(env!("CARGO_BIN_EXE_pig"));
    run_on(
        program,
        args,
        Path::new("/dev/zero"),
        Duration::from_secs(20),
    )
    .unwrap_or_else(|e| panic!("{e}"))
}

fn assert_one_error_line(output: &Output, expected: &str) {
    if let Err(problem) = is_one_error_line(output, expected) {
        panic!("{problem}");
    }
}

#[test]
fn endless_answers_end_the_game() {
    let output = run_on_zeros(&["--seed", "1"]);
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
    let output = run_on_zeros(&["--dice", "/dev/zero"]);
    assert_one_error_line(&output, "pig: /dev/zero is larger than 4 MB");
    assert!(output.stdout.is_empty());
}

#[test]
fn an_endless_transcript_is_refused() {
    let output = run_on_zeros(&["check", "/dev/zero"]);
    assert_one_error_line(&output, "pig: /dev/zero is larger than 4 MB");
    assert!(output.stdout.is_empty());
}
