//! Endless and oversized input: the binary ends with one error line and exit
//! status 2, in bounded time and memory, whatever arrives on standard input or as a file.

use cards_core::testing::{assert_one_error_line, run_on_zeros};

const PROGRAM: &str = env!("CARGO_BIN_EXE_war");

#[test]
fn endless_answers_end_the_game() {
    let output = run_on_zeros(PROGRAM, &["--seed", "1"], None);
    assert_one_error_line(&output, "war: the input is not answers");
}

#[test]
fn an_endless_deck_file_is_refused_before_anything_is_played() {
    let output = run_on_zeros(PROGRAM, &["--deck", "/dev/zero", "--seed", "1"], None);
    assert_one_error_line(&output, "war: /dev/zero is larger than 4 MB");
    assert!(output.stdout.is_empty());
}
