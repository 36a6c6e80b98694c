//! For the games' tests: running a binary on hostile input with a deadline, so that a
//! test of "it ends" cannot itself hang.

use std::ffi::OsStr;
use std::fs::File;
use std::io;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

/// Runs `program` with `args`, its standard input read from the file at `stdin` (such
/// as `/dev/zero`) and its standard error into `stderr` (such as `/dev/full`; captured
/// when `None`), without `RUST_BACKTRACE`; kills it and fails if it has not ended
/// within `deadline`.
pub fn run_on(
    program: &Path,
    args: &[impl AsRef<OsStr>],
    stdin: &Path,
    stderr: Option<File>,
    deadline: Duration,
) -> io::Result<Output> {
    let mut child = Command::new(program)
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .stdin(File::open(stdin)?)
        .stdout(Stdio::piped())
        .stderr(stderr.map_or_else(Stdio::piped, Stdio::from))
        .spawn()?;
    let until = Instant::now() + deadline;
    while child.try_wait()?.is_none() {
        if Instant::now() > until {
            child.kill()?;
            child.wait()?;
            return Err(io::Error::new(
                io::ErrorKind::TimedOut,
                format!("{} did not end within {deadline:?}", program.display()),
            ));
        }
        sleep(Duration::from_millis(20));
    }
    child.wait_with_output()
}

/// Checks that `output` is a refusal: exit status 2 and exactly one line on stderr that
/// contains `expected`.
pub fn is_one_error_line(output: &Output, expected: &str) -> Result<(), String> {
    let stderr = String::from_utf8_lossy(&output.stderr);
    if output.status.code() != Some(2) {
        return Err(format!(
            "exit status {:?}, not 2: {stderr}",
            output.status.code()
        ));
    }
    if stderr.lines().count() != 1 || !stderr.contains(expected) {
        return Err(format!(
            "stderr is not one line with `{expected}`: {stderr}"
        ));
    }
    Ok(())
}

/// Runs `program` with `args`, its standard input from `/dev/zero` (an endless stream
/// with no line end) and its standard error into `stderr` (captured when `None`), giving
/// it 20 seconds to end; panics if it does not (a test helper: the panic is the test
/// failing).
pub fn run_on_zeros(program: &str, args: &[&str], stderr: Option<File>) -> Output {
    match run_on(
        Path::new(program),
        args,
        Path::new("/dev/zero"),
        stderr,
        Duration::from_secs(20),
    ) {
        Ok(output) => output,
        Err(error) => panic!("{program} {args:?} < /dev/zero: {error}"),
    }
}

/// Panics unless `output` is a refusal: exit status 2 and exactly one line on stderr
/// that contains `expected` (a test helper).
pub fn assert_one_error_line(output: &Output, expected: &str) {
    if let Err(problem) = is_one_error_line(output, expected) {
        panic!("{problem}");
    }
}
