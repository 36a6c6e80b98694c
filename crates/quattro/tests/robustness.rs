//! Endless and oversized input: the binary ends with one error line and exit
//! status 2, in bounded time and memory, whatever arrives on standard input or as a file.

use std::path::Path;
use std::process::Output;
use std::time::Duration;

use cards_core::testing::{is_one_error_line, run_on};

/// Runs the binary with `args` and stdin from `/dev/zero`; it must end within 20 s.
fn run_on_zeros(args: &[&str]) -> Output {
    let program = Path::new(env!("CARGO_BIN_EXE_quattro"));
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
    // The name is asked first: a line of zeros that never ends.
    let output = run_on_zeros(&["--seed", "1"]);
    assert_one_error_line(&output, "quattro: the input is not answers");
}

#[test]
fn an_endless_deck_file_is_refused_before_anything_is_played() {
    let output = run_on_zeros(&["--deck", "/dev/zero", "--seed", "1"]);
    assert_one_error_line(&output, "quattro: /dev/zero is larger than 4 MB");
    assert!(output.stdout.is_empty());
}
