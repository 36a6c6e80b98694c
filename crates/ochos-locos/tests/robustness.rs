//! Endless input and an unwritable stderr: the binary ends with one error line and exit
//! status 2, in bounded time and memory, whatever arrives on standard input or as a
//! file, and a full stderr never turns a finished run into a panic.

// Test helpers: a failure to start or wait for the binary is the test failing.
#![allow(clippy::expect_used)]

use std::fs::File;
use std::process::{Command, Output, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

/// Runs the binary with `args`, stdin from `/dev/zero` and stderr to `stderr` (a pipe
/// when `None`); kills it after 20 seconds.
fn run(args: &[&str], stderr: Option<File>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ochos-locos"))
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .stdin(File::open("/dev/zero").expect("/dev/zero"))
        .stdout(Stdio::piped())
        .stderr(stderr.map_or_else(Stdio::piped, Stdio::from))
        .spawn()
        .expect("the binary starts");
    let deadline = Instant::now() + Duration::from_secs(20);
    while child.try_wait().expect("wait").is_none() {
        if Instant::now() > deadline {
            child.kill().expect("kill");
            panic!("ochos-locos {args:?} < /dev/zero did not end within 20 s");
        }
        sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("output")
}

fn assert_one_error_line(output: &Output, expected: &str) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains(expected), "{stderr}");
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
    let full = || File::create("/dev/full").expect("/dev/full");
    let simulated = run(&["simulate", "completos", "--games", "1000"], Some(full()));
    assert_eq!(simulated.status.code(), Some(0), "{simulated:?}");
    assert!(!simulated.stdout.is_empty());
    let refused = run(&["completos"], Some(full()));
    assert_eq!(refused.status.code(), Some(2), "{refused:?}");
    assert!(refused.stdout.is_empty());
}

#[test]
fn a_full_stderr_keeps_the_status_of_a_game_cut_short() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ochos-locos"))
        .args(["completos", "--sample", "--human", "Bob"])
        .env_remove("RUST_BACKTRACE")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(File::create("/dev/full").expect("/dev/full"))
        .spawn()
        .expect("the binary starts");
    // No answers: the game is cut short (status 1), and its message is lost, not a panic.
    assert_eq!(child.wait().expect("wait").code(), Some(1));
}
