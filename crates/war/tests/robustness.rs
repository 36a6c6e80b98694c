//! Endless and oversized input: the binary ends with one error line and exit
//! status 2, in bounded time and memory, whatever arrives on standard input or as a file.
//!
//! Bytes that are not UTF-8, a full or closed stdout and a full stderr: the documented
//! refusal or exit status, never a panic.

#![allow(clippy::unwrap_used)]

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

/// Runs the binary with `args`, `input` on its standard input, and stdout and stderr into
/// the files given (captured when `None`), without `RUST_BACKTRACE`.
fn run_with(
    args: &[&str],
    input: &[u8],
    stdout: Option<std::fs::File>,
    stderr: Option<std::fs::File>,
) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(PROGRAM)
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .stdin(Stdio::piped())
        .stdout(stdout.map_or_else(Stdio::piped, Stdio::from))
        .stderr(stderr.map_or_else(Stdio::piped, Stdio::from))
        .spawn()
        .unwrap();
    if let Some(mut stdin) = child.stdin.take() {
        // The program may stop reading early (a refusal): a closed pipe is no failure here.
        let _ = stdin.write_all(input);
    }
    child.wait_with_output().unwrap()
}

/// `/dev/full`, opened for writing: every write fails with "no space left on device".
fn full() -> std::fs::File {
    std::fs::File::create("/dev/full").unwrap()
}

/// A file holding `bytes` in the temporary directory, named after `name` and this process.
fn temporary_file(name: &str, bytes: &[u8]) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("{name}-{}", std::process::id()));
    std::fs::write(&path, bytes).unwrap();
    path
}

/// Stdout that cannot be written (`> /dev/full`): one error line, exit 2, whatever the
/// command; never a panic (101) or a silent success.
fn assert_a_full_stdout_is_one_error_line(args: &[&str], input: &[u8]) {
    let output = run_with(args, input, Some(full()), None);
    assert_one_error_line(&output, "No space left on device");
}

/// The reader of stdout closed the pipe (`PROGRAM … | head -c 1`): exit 0, as
/// `cards_core::cli::write_stdout` documents, and nothing on stderr.
fn assert_a_closed_pipe_is_no_failure(args: &[&str]) {
    use std::process::{Command, Stdio};
    let mut child = Command::new(PROGRAM)
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0), "{args:?}: {output:?}");
    assert!(output.stderr.is_empty(), "{args:?}: {output:?}");
}
#[test]
fn a_deck_that_is_not_text_is_refused_naming_its_line() {
    let path = temporary_file("war-deck-not-text.txt", b"2C 3C\n\xff\xfe\n");
    let output = run_with(
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
fn a_full_stdout_is_one_error_line() {
    assert_a_full_stdout_is_one_error_line(&["--seed", "1", "--auto"], b"");
    assert_a_full_stdout_is_one_error_line(&["--seed", "1", "--quiet"], b"");
    assert_a_full_stdout_is_one_error_line(&["--seed", "1"], b"q\n");
    assert_a_full_stdout_is_one_error_line(&["deal", "--seed", "1"], b"");
    assert_a_full_stdout_is_one_error_line(&["simulate", "--games", "100", "--seed", "1"], b"");
}

#[test]
fn a_closed_pipe_on_stdout_is_no_failure() {
    assert_a_closed_pipe_is_no_failure(&["--seed", "1", "--auto"]);
    assert_a_closed_pipe_is_no_failure(&["deal", "--seed", "1"]);
    assert_a_closed_pipe_is_no_failure(&["simulate", "--games", "100", "--seed", "1"]);
}

#[test]
fn a_full_stderr_keeps_the_exit_status() {
    // A refusal (2), a game cut short by the end of input (1), a chosen seed announced (0):
    // each message is lost, the status stays, and nothing panics (101).
    let refused = run_with(&["--players", "0"], b"", None, Some(full()));
    assert_eq!(refused.status.code(), Some(2), "{refused:?}");
    assert!(refused.stdout.is_empty());
    let cut_short = run_with(&["--seed", "1"], b"", None, Some(full()));
    assert_eq!(cut_short.status.code(), Some(1), "{cut_short:?}");
    let announced = run_with(&["deal"], b"", None, Some(full()));
    assert_eq!(announced.status.code(), Some(0), "{announced:?}");
    assert!(!announced.stdout.is_empty());
}
