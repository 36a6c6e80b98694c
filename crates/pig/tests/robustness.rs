//! Endless input: the binary ends with one error line and exit status 2, in bounded time
//! and memory, whether the endless stream is the answers or a dice file.

use cards_core::testing::{assert_one_error_line, run_on_zeros};

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
