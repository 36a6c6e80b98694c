//! Endless and oversized input: the binary ends with one error line and exit
//! status 2, in bounded time and memory, whatever arrives on standard input or as a file.

// Test helpers: a failure to start or wait for the binary is the test failing.
#![allow(clippy::expect_used)]

use std::fs::File;
use std::process::{Command, Output, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

/// Runs the binary with `args` and stdin from `/dev/zero`; kills it after 20 seconds.
fn run_on_zeros(args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_quattro"))
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .stdin(File::open("/dev/zero").expect("/dev/zero"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let deadline = Instant::now() + Duration::from_secs(20);
    while child.try_wait().expect("wait").is_none() {
        if Instant::now() > deadline {
            child.kill().expect("kill");
            panic!("quattro {args:?} < /dev/zero did not end within 20 s");
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
