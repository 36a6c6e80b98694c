//! For the games' tests: running a binary on hostile input with a deadline, so that a
//! test of "it ends" cannot itself hang, and on a full or closed stdout; and a game
//! played by the protocol's own loop with its actions and events written down (what a
//! recording of it must replay to). The helpers whose names start with `assert` panic,
//! like the test they serve.

use std::ffi::OsStr;
use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

use crate::protocol::{Agent, ChanceSource, Driver, GameState, PlayError, Record};
use crate::rng::rng_from_seed;

/// What [`played`] gives: every seat's action in order, every event, the game at its end.
pub type Played<G> = (
    Vec<<G as GameState>::Action>,
    Vec<<G as GameState>::Event>,
    G,
);

/// A game played to its end from `start` by the protocol's own loop ([`Driver::play`]),
/// `agents` choosing at every seat and chance drawn from `seed` as the binaries draw it:
/// every seat's action in order, every event, and the game at its end.
pub fn played<G, A>(start: &G, seed: u64, agents: &mut A) -> Result<Played<G>, PlayError<G::Error>>
where
    G: GameState + Clone,
    A: Agent<G> + ?Sized,
{
    let mut game = start.clone();
    let mut record = Record::new();
    let mut events = Vec::new();
    Driver::new().play(
        &mut game,
        &mut ChanceSource::seeded(rng_from_seed(seed)),
        agents,
        |_, step, new| {
            record.push(step);
            events.extend_from_slice(new);
            Ok(())
        },
    )?;
    Ok((record.actions, events, game))
}

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

/// The address space a program gets in [`run_on_zeros`], in KiB (`ulimit -v`): 64 MiB.
/// Each binary peaks at 5 to 10 MB of memory on endless input; one that held the input
/// (as each once did, up to gigabytes) fails to allocate well before the time limit.
pub const MEMORY_LIMIT_KIB: u32 = 64 * 1024;

/// Runs `program` with `args`, its standard input from `/dev/zero` (an endless stream
/// with no line end), its address space limited to [`MEMORY_LIMIT_KIB`] and its standard
/// error into `stderr` (captured when `None`), giving it 20 seconds to end; panics if it
/// does not (a test helper: the panic is the test failing).
pub fn run_on_zeros(program: &str, args: &[&str], stderr: Option<File>) -> Output {
    // The limit is set by a shell, which then becomes the program (`exec`): setting it
    // from Rust would take `unsafe` (`pre_exec`), which the workspace forbids.
    let script = format!("ulimit -v {MEMORY_LIMIT_KIB} && exec \"$0\" \"$@\"");
    let mut shell_args = vec!["-c", script.as_str(), program];
    shell_args.extend_from_slice(args);
    match run_on(
        Path::new("/bin/sh"),
        &shell_args,
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

/// Runs `program` with `args`, `input` on its standard input, and stdout and stderr into
/// the files given (captured when `None`), without `RUST_BACKTRACE`; panics when the
/// program cannot be started (a test helper).
pub fn run_with(
    program: &str,
    args: &[&str],
    input: &[u8],
    stdout: Option<File>,
    stderr: Option<File>,
) -> Output {
    let started = Command::new(program)
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .stdin(Stdio::piped())
        .stdout(stdout.map_or_else(Stdio::piped, Stdio::from))
        .stderr(stderr.map_or_else(Stdio::piped, Stdio::from))
        .spawn();
    let mut child = match started {
        Ok(child) => child,
        Err(error) => panic!("{program} could not be started: {error}"),
    };
    if let Some(mut stdin) = child.stdin.take() {
        // The program may stop reading early (a refusal): a closed pipe is no failure here.
        let _ = stdin.write_all(input);
    }
    match child.wait_with_output() {
        Ok(output) => output,
        Err(error) => panic!("{program} {args:?}: {error}"),
    }
}

/// `/dev/full`, opened for writing: every write fails with "no space left on device".
pub fn dev_full() -> File {
    match File::create("/dev/full") {
        Ok(file) => file,
        Err(error) => panic!("/dev/full: {error}"),
    }
}

/// A file holding `bytes` in the temporary directory, named after `name` and this process.
pub fn temporary_file(name: &str, bytes: &[u8]) -> PathBuf {
    let path = std::env::temp_dir().join(format!("{name}-{}", std::process::id()));
    if let Err(error) = std::fs::write(&path, bytes) {
        panic!("{}: {error}", path.display());
    }
    path
}

/// Stdout that cannot be written (`> /dev/full`): panics unless the run is one error
/// line with exit status 2, never a panic (101) or a silent success.
pub fn assert_a_full_stdout_is_one_error_line(program: &str, args: &[&str], input: &[u8]) {
    let output = run_with(program, args, input, Some(dev_full()), None);
    assert_one_error_line(&output, "No space left on device");
}

/// The reader of stdout closed the pipe (`PROGRAM … | head -c 1`): panics unless the
/// exit status is 0, as [`crate::cli::write_stdout`] documents, with nothing on stderr.
pub fn assert_a_closed_pipe_is_no_failure(program: &str, args: &[&str]) {
    let started = Command::new(program)
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match started {
        Ok(child) => child,
        Err(error) => panic!("{program} could not be started: {error}"),
    };
    drop(child.stdout.take());
    let output = match child.wait_with_output() {
        Ok(output) => output,
        Err(error) => panic!("{program} {args:?}: {error}"),
    };
    assert_eq!(output.status.code(), Some(0), "{args:?}: {output:?}");
    assert!(output.stderr.is_empty(), "{args:?}: {output:?}");
}

/// `PROGRAM replay FILE` on commands that never move (`< /dev/zero`, `x` a line as from
/// `yes x |`), the file holding `recording`: panics unless the viewer stops within 20
/// seconds with one error line and exit status 2, after the consoles' bound of refusals
/// ([`crate::console::MAX_REFUSALS`]), having printed a bounded amount (a refusal is a
/// prompt and a line, under 200 bytes). Stdout goes to a file: the viewer prints more
/// than a pipe holds before it ends, and nothing reads the pipe until it has.
pub fn assert_endless_commands_end_the_viewer(program: &str, name: &str, recording: &str) {
    let path = temporary_file(&format!("{name}-replay-endless.json"), recording.as_bytes());
    let words = temporary_file(
        &format!("{name}-replay-words"),
        "x\n".repeat(3 * crate::console::MAX_REFUSALS).as_bytes(),
    );
    let shown = std::env::temp_dir().join(format!("{name}-replay-shown-{}", std::process::id()));
    for stdin in [Path::new("/dev/zero"), words.as_path()] {
        let what = format!("{name} replay < {}", stdin.display());
        let stdout = match File::create(&shown) {
            Ok(file) => file,
            Err(error) => panic!("{}: {error}", shown.display()),
        };
        let mut child = match Command::new(program)
            .arg("replay")
            .arg(&path)
            .env_remove("RUST_BACKTRACE")
            .stdin(File::open(stdin).unwrap_or_else(|e| panic!("{what}: {e}")))
            .stdout(stdout)
            .stderr(Stdio::piped())
            .spawn()
        {
            Ok(child) => child,
            Err(error) => panic!("{what}: {error}"),
        };
        let until = Instant::now() + Duration::from_secs(20);
        while child.try_wait().ok().flatten().is_none() {
            if Instant::now() > until {
                let _ = child.kill();
                let _ = child.wait();
                panic!("{what}: did not end within 20 s");
            }
            sleep(Duration::from_millis(20));
        }
        let output = child
            .wait_with_output()
            .unwrap_or_else(|e| panic!("{what}: {e}"));
        if let Err(problem) = is_one_error_line(
            &output,
            &format!("{name}: the input is not commands: 1000 commands in a row moved nowhere"),
        ) {
            panic!("{what}: {problem}");
        }
        let printed = std::fs::metadata(&shown).map_or(0, |m| m.len());
        let bound = 200 * crate::console::MAX_REFUSALS as u64 + 64 * 1024;
        assert!(printed < bound, "{what}: {printed} bytes on stdout");
    }
    for file in [&path, &words, &shown] {
        let _ = std::fs::remove_file(file);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The limit bites: `tail` holds its input's last lines, and `/dev/zero` has no line
    /// end, so it holds everything, as the binaries once did, and runs out of memory.
    #[test]
    fn a_program_that_holds_endless_input_fails_under_the_limit() {
        let output = run_on_zeros("tail", &[], None);
        assert!(!output.status.success(), "{output:?}");
        assert!(
            String::from_utf8_lossy(&output.stderr).contains("memory exhausted"),
            "{output:?}"
        );
    }
}
