//! Running a program once: stdin given, stdout and stderr captured up to a limit, the
//! whole process group killed at the timeout, nothing left running afterwards.
//!
//! The program starts in a process group of its own
//! (`std::os::unix::process::CommandExt::process_group(0)`), so that whatever it starts
//! (a shell script's `sleep`, a JVM's helpers) is in the same group. Whenever a run ends,
//! however it ends (the program exited, the timeout passed, the output grew past the
//! limit), the whole group is killed with `kill -KILL -- -PGID` (the `/bin/kill` program:
//! the workspace forbids `unsafe`, so no `libc::killpg`). A program that leaves the group
//! on purpose (`setsid`) escapes this; nothing in a student's Java or Python does.
//!
//! The grader never waits on the program without a deadline: it polls the child every
//! few milliseconds until it exits or the timeout passes, and the threads that read its
//! output are waited for only a short while after the group is killed.

use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

/// How long a run may take and how much it may print.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock time before the program's process group is killed.
    pub timeout: Duration,
    /// Bytes of standard output kept; a program that prints more is killed and its run
    /// marked [`Exit::TooMuchOutput`].
    pub max_output: usize,
    /// Bytes of standard error kept (the rest is read and dropped).
    pub max_stderr: usize,
}

impl Default for Limits {
    /// 10 seconds, 1 MiB of output, 16 KiB of error output.
    fn default() -> Limits {
        Limits {
            timeout: Duration::from_secs(10),
            max_output: 1 << 20,
            max_stderr: 16 << 10,
        }
    }
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// The program exited with this status.
    Code(i32),
    /// The program was ended by this signal (a crash: 11 is a segmentation fault, 6 an
    /// abort).
    Signal(i32),
    /// The timeout passed; the process group was killed.
    TimedOut,
    /// The program printed more than [`Limits::max_output`] bytes; the process group was
    /// killed.
    TooMuchOutput,
}

/// What one run of a program gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    /// How it ended.
    pub exit: Exit,
    /// Its standard output (at most [`Limits::max_output`] bytes).
    pub stdout: Vec<u8>,
    /// The start of its standard error (at most [`Limits::max_stderr`] bytes).
    pub stderr: Vec<u8>,
    /// Wall-clock time from start to end.
    pub elapsed: Duration,
}

/// How often a running child is polled.
const POLL: Duration = Duration::from_millis(2);
/// How long the output readers are waited for once the group is dead.
const DRAIN: Duration = Duration::from_secs(2);

/// Runs `command` (the program and its arguments) once with `stdin` as its standard
/// input, within `limits`, with the variables `env` added to its environment. An error
/// only if the program cannot be started at all (no such file, not executable);
/// everything the program does is in the [`Run`].
pub fn run(
    command: &[OsString],
    stdin: &[u8],
    env: &[(&str, &str)],
    limits: Limits,
) -> io::Result<Run> {
    let (program, args) = command
        .split_first()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no command to run"))?;
    let start = Instant::now();
    let mut child = Command::new(program)
        .args(args)
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()?;
    let group = child.id();

    // Standard input: written by a thread of its own, so that a program that reads
    // nothing (and a full pipe) cannot block the grader. A program that exits without
    // reading is no error here.
    if let Some(mut input) = child.stdin.take() {
        let bytes = stdin.to_vec();
        thread::spawn(move || {
            let _ = input.write_all(&bytes);
        });
    }
    let overflow = Arc::new(AtomicBool::new(false));
    let (sender, receiver) = mpsc::channel();
    if let Some(out) = child.stdout.take() {
        spawn_reader(
            out,
            limits.max_output,
            Some(Arc::clone(&overflow)),
            0,
            &sender,
        );
    }
    if let Some(err) = child.stderr.take() {
        spawn_reader(err, limits.max_stderr, None, 1, &sender);
    }
    drop(sender);

    let exit = wait(&mut child, start, limits.timeout, &overflow);
    // Whatever happened, nothing of the program's group outlives the run: this also
    // ends children that still hold the output pipes open, so the readers finish.
    kill_group(group);
    let exit = match exit {
        Some(_) if overflow.load(Ordering::SeqCst) => Exit::TooMuchOutput,
        Some(exit) => exit,
        None => {
            // Killed: reap the child (its group was just killed, so this is quick).
            let _ = child.wait();
            if overflow.load(Ordering::SeqCst) {
                Exit::TooMuchOutput
            } else {
                Exit::TimedOut
            }
        }
    };
    let mut stdout = Vec::new();
    let mut stderr = Vec::new();
    let drained = Instant::now() + DRAIN;
    for _ in 0..2 {
        let left = drained.saturating_duration_since(Instant::now());
        match receiver.recv_timeout(left) {
            Ok((0, bytes)) => stdout = bytes,
            Ok((_, bytes)) => stderr = bytes,
            Err(_) => break,
        }
    }
    Ok(Run {
        exit,
        stdout,
        stderr,
        elapsed: start.elapsed(),
    })
}

/// Waits for the child until it exits (its exit), the timeout passes or the output
/// overflows (`None`: the caller kills the group).
fn wait(
    child: &mut Child,
    start: Instant,
    timeout: Duration,
    overflow: &AtomicBool,
) -> Option<Exit> {
    loop {
        match child.try_wait() {
            Ok(Some(status)) => {
                return Some(match (status.code(), status.signal()) {
                    (Some(code), _) => Exit::Code(code),
                    (None, Some(signal)) => Exit::Signal(signal),
                    (None, None) => Exit::Code(-1),
                });
            }
            Ok(None) => {}
            Err(_) => return None,
        }
        if overflow.load(Ordering::SeqCst) || start.elapsed() >= timeout {
            return None;
        }
        thread::sleep(POLL);
    }
}

/// Reads `pipe` to its end, keeping the first `limit` bytes; past the limit, sets
/// `overflow` (if given: the caller then kills the program) or drops the rest. Sends
/// what it kept, tagged with `tag`.
fn spawn_reader(
    mut pipe: impl Read + Send + 'static,
    limit: usize,
    overflow: Option<Arc<AtomicBool>>,
    tag: u8,
    sender: &mpsc::Sender<(u8, Vec<u8>)>,
) {
    let sender = sender.clone();
    thread::spawn(move || {
        let mut kept = Vec::new();
        let mut buffer = [0u8; 8192];
        loop {
            match pipe.read(&mut buffer) {
                Ok(0) => break,
                Ok(n) => {
                    let room = limit.saturating_sub(kept.len());
                    kept.extend_from_slice(&buffer[..n.min(room)]);
                    // Past the limit the rest is read and dropped (a closed pipe would
                    // end the program by SIGPIPE before the grader saw the flood).
                    if n > room
                        && let Some(flag) = &overflow
                    {
                        flag.store(true, Ordering::SeqCst);
                    }
                }
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(_) => break,
            }
        }
        let _ = sender.send((tag, kept));
    });
}

/// Kills every process of the group `group` with SIGKILL, through `/bin/kill` (a group
/// that no longer exists is no error).
pub fn kill_group(group: u32) {
    let _ = Command::new("/bin/kill")
        .args(["-KILL", "--", &format!("-{group}")])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str) -> Vec<OsString> {
        ["/bin/sh", "-c", script].map(OsString::from).to_vec()
    }

    fn limits(millis: u64) -> Limits {
        Limits {
            timeout: Duration::from_millis(millis),
            ..Limits::default()
        }
    }

    #[test]
    fn captures_output_and_status() {
        let run = run(
            &sh("cat; echo oops >&2; exit 3"),
            b"hello\n",
            &[],
            limits(5000),
        )
        .unwrap();
        assert_eq!(run.exit, Exit::Code(3));
        assert_eq!(run.stdout, b"hello\n");
        assert_eq!(run.stderr, b"oops\n");
    }

    #[test]
    fn a_signal_is_a_crash() {
        let run = run(&sh("kill -SEGV $$"), b"", &[], limits(5000)).unwrap();
        assert_eq!(run.exit, Exit::Signal(11));
    }

    #[test]
    fn a_hang_is_killed_with_its_children() {
        let marker = format!("grader-test-sleeper-{}", std::process::id());
        let script = format!("(exec -a {marker} sleep 300) & sleep 300; wait");
        let command = ["/bin/bash", "-c", &script].map(OsString::from).to_vec();
        let run = run(&command, b"", &[], limits(300)).unwrap();
        assert_eq!(run.exit, Exit::TimedOut);
        assert!(run.elapsed < Duration::from_secs(3), "{:?}", run.elapsed);
        thread::sleep(Duration::from_millis(100));
        assert!(!process_named(&marker), "{marker} is still running");
    }

    #[test]
    fn a_child_left_behind_after_exit_is_killed() {
        let marker = format!("grader-test-orphan-{}", std::process::id());
        let script = format!("(exec -a {marker} sleep 300) & echo done");
        let command = ["/bin/bash", "-c", &script].map(OsString::from).to_vec();
        let run = run(&command, b"", &[], limits(5000)).unwrap();
        assert_eq!(
            (run.exit, run.stdout.as_slice()),
            (Exit::Code(0), &b"done\n"[..])
        );
        thread::sleep(Duration::from_millis(100));
        assert!(!process_named(&marker), "{marker} is still running");
    }

    #[test]
    fn a_flood_is_cut_off() {
        let limits = Limits {
            max_output: 1000,
            ..limits(5000)
        };
        let run = run(&sh("yes"), b"", &[], limits).unwrap();
        assert_eq!(run.exit, Exit::TooMuchOutput);
        assert_eq!(run.stdout.len(), 1000);
    }

    #[test]
    fn a_program_that_reads_nothing_gets_its_input_anyway() {
        let big = vec![b'x'; 1 << 20];
        let run = run(&sh("echo hi"), &big, &[], limits(5000)).unwrap();
        assert_eq!(run.exit, Exit::Code(0));
    }

    #[test]
    fn a_missing_program_is_an_error() {
        let command = [OsString::from("/no/such/program")];
        assert!(run(&command, b"", &[], limits(100)).is_err());
        assert!(run(&[], b"", &[], limits(100)).is_err());
    }

    /// Whether a process whose command line starts with `name` is running.
    fn process_named(name: &str) -> bool {
        let Ok(entries) = std::fs::read_dir("/proc") else {
            return false;
        };
        entries.flatten().any(|entry| {
            std::fs::read(entry.path().join("cmdline"))
                .map(|line| line.starts_with(name.as_bytes()))
                .unwrap_or(false)
        })
    }
}
