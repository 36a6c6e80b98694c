//! Running a program once: stdin given, stdout and stderr captured up to a limit, in
//! its sandbox ([`crate::sandbox`]), ended at the timeout with every process it started,
//! and a report of what actually happened.
//!
//! Standard input is given in one of two ways, over one and the same run: all at once
//! and then closed ([`run`]: a case's input file), or as a person types
//! ([`converse`]: a line at a time, each once the program has asked for it and chosen
//! from what it printed; [`crate::pace`] says how the grader sees that it asks).
//!
//! The program (the sandbox's first process: `bwrap`, `setpriv` or `prlimit`) starts in
//! a process group of its own. Whenever a run ends, however it ends (the program exited,
//! the timeout passed, the output grew past the limit), the group is sent `SIGKILL` with
//! the `kill(2)` system call (`rustix`). Under bubblewrap that also ends the sandbox's
//! PID namespace, and with it every process the program started, `setsid` or not; in the
//! dedicated-user fallback every process of the run's user id is killed as well. Then
//! the grader waits for the program with a deadline, and says so if it did not die.
//!
//! The grader never waits without a deadline: it polls the child every few milliseconds
//! until it exits or the timeout passes, and it reads the program's output until the
//! pipe closes or the run's deadline passes. A program whose own process has ended while
//! something it started still holds its standard output open at the timeout (possible
//! only without a PID namespace) has timed out: its output never ended.

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, Read, Write};
use std::os::fd::OwnedFd;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Child, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use crate::limits::Limits;
use crate::outcome::{Exit, Killed, Run};
use crate::pace::{Conversation, Pace, Person, Reply};
use crate::sandbox::{Compiled, Isolation, Prepared, Sandbox};

/// How often a running child is polled.
const POLL: Duration = Duration::from_millis(2);
/// How long the output readers are waited for once the program is dead, at most.
const DRAIN: Duration = Duration::from_millis(500);
/// How long a killed program is waited for before the kill is reported failed.
const REAP: Duration = Duration::from_secs(5);

/// Runs `command` (the program and its arguments) once in `sandbox`, from job slot
/// `slot`, with `stdin` as its standard input, within `limits`, with the variables
/// `env` added to its environment. An error only if the program cannot be started at
/// all (no sandbox tool, no such program); everything the program does is in the
/// [`Run`].
pub fn run(
    sandbox: &Sandbox,
    slot: usize,
    command: &[OsString],
    stdin: &[u8],
    env: &[(&str, &str)],
    limits: Limits,
) -> io::Result<Run> {
    start(sandbox, slot, command, Stdin::All(stdin), env, limits).map(|talk| talk.run)
}

/// Runs `command` as [`run`] does, but plays it as a person would ([`crate::pace`]):
/// nothing is written to its standard input until `answerer` answers, and the answerer
/// is asked, with the program's output so far, only when the program waits for input
/// and something changed since it was last asked (new output, or its last answer read).
/// Each answer is one line, written once the previous one has been read.
///
/// The timeout, the output limit, the kill of everything the program started and the
/// [`Run`] are exactly [`run`]'s: a program that never asks times out, one that ends
/// without reading an answer ends as it does (no error). The [`Conversation`] holds the
/// answers given with their places in the output, for the transcript. An answerer that
/// panics ends the run, with everything the program started, before its panic goes on.
pub fn converse<F>(
    sandbox: &Sandbox,
    slot: usize,
    command: &[OsString],
    env: &[(&str, &str)],
    limits: Limits,
    mut answerer: F,
) -> io::Result<Conversation>
where
    F: FnMut(&[u8]) -> Reply,
{
    let stdin = Stdin::Paced(Pace::default(), &mut answerer);
    start(sandbox, slot, command, stdin, env, limits)
}

/// What a run's standard input gets.
enum Stdin<'a> {
    /// These bytes, all at once, then the end of file.
    All(&'a [u8]),
    /// Lines from an answerer, at the pace of a person.
    Paced(Pace, &'a mut dyn FnMut(&[u8]) -> Reply),
}

/// Prepares the run's sandbox and runs it: [`run`] and [`converse`].
fn start(
    sandbox: &Sandbox,
    slot: usize,
    command: &[OsString],
    stdin: Stdin<'_>,
    env: &[(&str, &str)],
    limits: Limits,
) -> io::Result<Conversation> {
    // The run's time starts now: a copy of the submission made for it counts against it.
    let start = Instant::now();
    let prepared = match sandbox.prepare(command, &limits, slot, start + limits.timeout) {
        Ok(prepared) => prepared,
        Err(error) if error.kind() == io::ErrorKind::TimedOut => {
            return Ok(Conversation {
                run: Run {
                    exit: Exit::TimedOut,
                    stdout: Vec::new(),
                    stderr: error.to_string().into_bytes(),
                    elapsed: start.elapsed(),
                    killed: Killed::Everything,
                    out_of_memory: false,
                },
                answers: Vec::new(),
                closed_at: None,
            });
        }
        Err(error) => return Err(error),
    };
    run_prepared(sandbox, prepared, stdin, env, limits, start)
}

/// The compile step: `line` run by `/bin/sh` in the grading's copy of the submission
/// (the submission itself with no sandbox), isolated as the runs are, under `limits`
/// (its timeout is the compile's), with no cases in sight. What it leaves is what
/// every run starts from. Its outcome is kept in the sandbox ([`Sandbox::compiled`]) and
/// returned; an error only when it could not be started at all.
pub fn compile<'a>(
    sandbox: &'a mut Sandbox,
    line: &str,
    limits: &Limits,
) -> io::Result<&'a Compiled> {
    let prepared = sandbox.prepare_compile(line, limits)?;
    let run = run_prepared(
        sandbox,
        prepared,
        Stdin::All(b""),
        &[],
        *limits,
        Instant::now(),
    )?
    .run;
    sandbox.keep_compiled(line, &run, limits)
}

/// Runs a prepared command (from [`Sandbox::prepare`]) whose time started at `start`.
fn run_prepared(
    sandbox: &Sandbox,
    mut prepared: Prepared,
    stdin: Stdin<'_>,
    env: &[(&str, &str)],
    limits: Limits,
    start: Instant,
) -> io::Result<Conversation> {
    let deadline = start + limits.timeout;
    let mut child = prepared
        .command
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()?;
    let group = child.id();

    // Standard input, all at once: written by a thread of its own, so that a program
    // that reads nothing (and a full pipe) cannot block the grader. A program that exits
    // without reading is no error here. Paced: by the person, between polls.
    let paced = matches!(stdin, Stdin::Paced(..));
    let mut person = None;
    // A person that could not be set up ends the run at once, by the usual end.
    let mut unpaced = None;
    match (child.stdin.take(), stdin) {
        (Some(mut input), Stdin::All(bytes)) => {
            let bytes = bytes.to_vec();
            thread::spawn(move || {
                let _ = input.write_all(&bytes);
            });
        }
        (Some(input), Stdin::Paced(pace, answerer)) => {
            match Person::new(answerer, pace, File::from(OwnedFd::from(input)), group) {
                Ok(made) => person = Some(made),
                Err(error) => unpaced = Some(error),
            }
        }
        (None, _) => {}
    }
    let overflow = Arc::new(AtomicBool::new(false));
    // A second descriptor of the output pipe, for the person to see whether the grader
    // has read all the program printed (a prompt must be whole on the screen).
    let mut probe = None;
    let out = child.stdout.take().map(|pipe| {
        let pipe = OwnedFd::from(pipe);
        if paced {
            probe = pipe.try_clone().ok();
        }
        Reader::spawn(
            File::from(pipe),
            limits.max_output,
            Keep::Head,
            Some(Arc::clone(&overflow)),
        )
    });
    let err = child
        .stderr
        .take()
        .map(|pipe| Reader::spawn(pipe, limits.max_stderr, Keep::Tail, None));

    let mut tick = || match (person.as_mut(), out.as_ref()) {
        (Some(person), Some(out)) => {
            let pending = probe
                .as_ref()
                .is_some_and(|fd| rustix::io::ioctl_fionread(fd).is_ok_and(|n| n > 0));
            person.tick(out.len(), pending, &mut || out.snapshot())
        }
        _ => unpaced.is_some(),
    };
    let exited = wait(&mut child, deadline, &overflow, &mut tick);
    // Whatever happened, nothing of the program outlives the run. It is killed before the
    // person lets go of its input: a program still waiting for a line when its time is
    // up would otherwise read the end of its input and go on printing, after its time,
    // into the transcript the check reads.
    let mut killed = kill(sandbox.isolation(), group, prepared.uid);
    let (answers, closed_at, panicked) = person.map_or((Vec::new(), None, None), |person| {
        (person.answers, person.closed_at, person.panicked)
    });
    if exited.is_none() && child_reaped(&mut child).is_err() {
        killed = Killed::Failed(format!(
            "the program (process {group}) did not die within {} s of SIGKILL",
            REAP.as_secs()
        ));
    }
    // The run's time ends with its program (exited, or killed and reaped); what follows
    // is the grader's tidying.
    let elapsed = start.elapsed();
    // Its output: to the end of the pipe, or until the deadline passes (something it
    // started holds the pipe open), and then a short while for what is in flight.
    let drain_until = match exited {
        Some(_) => deadline.max(Instant::now() + DRAIN),
        None => Instant::now() + DRAIN,
    };
    let stdout_done = out.as_ref().is_none_or(|r| r.wait_done(drain_until));
    if !stdout_done {
        // The holder may be outside the group (`setsid`, without a PID namespace):
        // nothing more can be done about it than saying so.
        kill(sandbox.isolation(), group, prepared.uid);
    }
    let _ = err.as_ref().map(|r| r.wait_done(Instant::now() + DRAIN));
    let exit = if overflow.load(Ordering::SeqCst) {
        Exit::TooMuchOutput
    } else {
        match exited {
            None => Exit::TimedOut,
            Some(_) if !stdout_done => Exit::OutputHeld,
            Some(exit) => from_sandbox(sandbox.isolation(), exit),
        }
    };
    let out_of_memory = prepared
        .budget
        .as_ref()
        .is_some_and(crate::cgroup::Budget::out_of_memory);
    if let Some(budget) = &prepared.budget
        && !budget.kill_all(200)
    {
        killed = Killed::Failed("processes of the run's control group kept coming back".into());
    }
    if sandbox.isolation() == Isolation::DedicatedUser
        && let Some(uid) = prepared.uid
        && !crate::sandbox::sweep_user_files(uid, sandbox.stage_dir())
    {
        killed = Killed::Failed(format!(
            "files of user {uid} in /tmp, /var/tmp, /dev/shm or /run/lock, or its System V IPC \
             objects, could not be removed"
        ));
    }
    let run = Run {
        exit,
        stdout: out.map(Reader::take).unwrap_or_default(),
        stderr: err.map(Reader::take).unwrap_or_default(),
        elapsed,
        killed,
        out_of_memory,
    };
    // The working directory goes now, while nothing of the run can write to it.
    drop(prepared.workdir.take());
    if let Some(panic) = panicked {
        std::panic::resume_unwind(panic);
    }
    if let Some(error) = unpaced {
        return Err(error);
    }
    Ok(Conversation {
        run,
        answers,
        closed_at,
    })
}

/// Bubblewrap reports a program ended by signal N as exit status 128 + N, as shells do.
fn from_sandbox(isolation: Isolation, exit: Exit) -> Exit {
    match (isolation, exit) {
        (Isolation::Bubblewrap, Exit::Code(code)) if (129..=192).contains(&code) => {
            Exit::Signal(code - 128)
        }
        _ => exit,
    }
}

/// Kills the run's process group (and, in the dedicated-user fallback, every process of
/// its user id) with `SIGKILL`, and says what was killed.
fn kill(isolation: Isolation, group: u32, uid: Option<u32>) -> Killed {
    use rustix::io::Errno;
    use rustix::process::{Pid, Signal, kill_process_group};
    let Some(pid) = i32::try_from(group).ok().and_then(Pid::from_raw) else {
        return Killed::Failed(format!("no process group {group}"));
    };
    match kill_process_group(pid, Signal::KILL) {
        Ok(()) | Err(Errno::SRCH) => {}
        Err(error) => return Killed::Failed(format!("kill(-{group}, SIGKILL): {error}")),
    }
    match (isolation, uid) {
        (Isolation::Bubblewrap, _) => Killed::Everything,
        (Isolation::DedicatedUser, Some(uid)) => {
            if crate::sandbox::kill_user(uid, 200) {
                Killed::Everything
            } else {
                Killed::Failed(format!("processes of user {uid} kept coming back"))
            }
        }
        _ => Killed::Group,
    }
}

/// Reaps a killed child, with a deadline.
fn child_reaped(child: &mut Child) -> Result<(), ()> {
    let until = Instant::now() + REAP;
    while Instant::now() < until {
        match child.try_wait() {
            Ok(Some(_)) => return Ok(()),
            Ok(None) => thread::sleep(POLL),
            Err(_) => return Err(()),
        }
    }
    Err(())
}

/// Waits for the child until it exits (its exit), the deadline passes or the output
/// overflows or `tick`, called at every poll, says so (`None`: the caller kills it).
fn wait(
    child: &mut Child,
    deadline: Instant,
    overflow: &AtomicBool,
    tick: &mut dyn FnMut() -> bool,
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
        if overflow.load(Ordering::SeqCst) || Instant::now() >= deadline || tick() {
            return None;
        }
        thread::sleep(POLL);
    }
}

#[derive(Clone, Copy)]
enum Keep {
    /// The first bytes (standard output).
    Head,
    /// The last bytes (standard error).
    Tail,
}

/// A thread reading one of the program's pipes into a buffer the grader can take at
/// any time, whether the pipe has ended or not.
struct Reader {
    kept: Arc<Mutex<Vec<u8>>>,
    done: Arc<AtomicBool>,
    limit: usize,
}

impl Reader {
    /// Reads `pipe` to its end, keeping `limit` bytes; past the limit, sets `overflow`
    /// (if given: the caller then kills the program) and reads the rest without keeping
    /// it (a closed pipe would end the program by SIGPIPE before the grader saw the
    /// flood).
    fn spawn(
        mut pipe: impl Read + Send + 'static,
        limit: usize,
        keep: Keep,
        overflow: Option<Arc<AtomicBool>>,
    ) -> Reader {
        let kept = Arc::new(Mutex::new(Vec::new()));
        let done = Arc::new(AtomicBool::new(false));
        let (buffer, finished) = (Arc::clone(&kept), Arc::clone(&done));
        thread::spawn(move || {
            let mut chunk = [0u8; 8192];
            loop {
                match pipe.read(&mut chunk) {
                    Ok(0) => break,
                    Ok(n) => {
                        let mut kept = buffer.lock().unwrap_or_else(PoisonError::into_inner);
                        match keep {
                            Keep::Head => {
                                let room = limit.saturating_sub(kept.len());
                                kept.extend_from_slice(&chunk[..n.min(room)]);
                                if n > room
                                    && let Some(flag) = &overflow
                                {
                                    flag.store(true, Ordering::SeqCst);
                                }
                            }
                            Keep::Tail => {
                                kept.extend_from_slice(&chunk[..n]);
                                if kept.len() > 2 * limit {
                                    let cut = kept.len() - limit;
                                    kept.drain(..cut);
                                }
                            }
                        }
                    }
                    Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                    Err(_) => break,
                }
            }
            finished.store(true, Ordering::SeqCst);
        });
        Reader { kept, done, limit }
    }

    /// Waits until the pipe has ended or `until` passes; whether it ended.
    fn wait_done(&self, until: Instant) -> bool {
        while !self.done.load(Ordering::SeqCst) {
            if Instant::now() >= until {
                return false;
            }
            thread::sleep(POLL);
        }
        true
    }

    /// How many bytes are kept so far.
    fn len(&self) -> usize {
        self.kept
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }

    /// A copy of what is kept so far.
    fn snapshot(&self) -> Vec<u8> {
        self.kept
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// What was read so far (for standard error, its last bytes up to the limit).
    fn take(self) -> Vec<u8> {
        let mut kept =
            std::mem::take(&mut *self.kept.lock().unwrap_or_else(PoisonError::into_inner));
        if kept.len() > self.limit {
            kept.drain(..kept.len() - self.limit);
        }
        kept
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sandbox::Request;

    fn sh(script: &str) -> Vec<OsString> {
        ["/bin/sh", "-c", script].map(OsString::from).to_vec()
    }

    fn limits(millis: u64) -> Limits {
        Limits {
            timeout: Duration::from_millis(millis),
            ..Limits::default()
        }
    }

    /// No sandbox, and the default isolation (bubblewrap here; the tests need one).
    fn sandboxes() -> Vec<(Sandbox, tempfile::TempDir)> {
        let mut all = Vec::new();
        for no_sandbox in [true, false] {
            let dir = tempfile::tempdir().unwrap();
            let request = Request {
                no_sandbox,
                submission: dir.path().to_path_buf(),
                ..Request::new()
            };
            let sandbox = Sandbox::new(&request).unwrap_or_else(|e| panic!("{e}"));
            all.push((sandbox, dir));
        }
        all
    }

    #[test]
    fn captures_output_and_status() {
        for (sandbox, _dir) in sandboxes() {
            let script = sh("cat; echo oops >&2; exit 3");
            let run = run(&sandbox, 0, &script, b"hello\n", &[], limits(5000)).unwrap();
            assert_eq!(run.exit, Exit::Code(3), "{}", sandbox.isolation());
            assert_eq!(run.stdout, b"hello\n");
            assert_eq!(run.stderr, b"oops\n");
        }
    }

    #[test]
    fn a_signal_is_a_crash() {
        for (sandbox, _dir) in sandboxes() {
            let run = run(&sandbox, 0, &sh("kill -SEGV $$"), b"", &[], limits(5000)).unwrap();
            assert_eq!(run.exit, Exit::Signal(11), "{}", sandbox.isolation());
        }
    }

    #[test]
    fn a_hang_is_killed_with_its_children() {
        for (sandbox, _dir) in sandboxes() {
            let marker = format!("grader-test-sleeper-{}", std::process::id());
            let script = format!("(exec -a {marker} sleep 300) & sleep 300; wait");
            let command = ["/bin/bash", "-c", &script].map(OsString::from).to_vec();
            let run = run(&sandbox, 0, &command, b"", &[], limits(300)).unwrap();
            assert_eq!(run.exit, Exit::TimedOut);
            assert!(run.elapsed < Duration::from_secs(3), "{:?}", run.elapsed);
            assert!(!process_named(&marker), "{marker} is still running");
        }
    }

    #[test]
    fn a_child_left_behind_after_exit_is_killed() {
        for (sandbox, _dir) in sandboxes() {
            let marker = format!("grader-test-orphan-{}", std::process::id());
            let script = format!("(exec -a {marker} sleep 300) & echo done");
            let command = ["/bin/bash", "-c", &script].map(OsString::from).to_vec();
            let run = run(&sandbox, 0, &command, b"", &[], limits(5000)).unwrap();
            assert_eq!(
                (run.exit, run.stdout.as_slice()),
                (Exit::Code(0), &b"done\n"[..])
            );
            assert!(!process_named(&marker), "{marker} is still running");
        }
    }

    /// Without a PID namespace a `setsid` grandchild escapes the group; holding the
    /// output open, it makes the run a timeout (its output never ended), not "printed
    /// nothing". In the sandbox it dies with the program.
    #[test]
    fn a_setsid_grandchild_holding_the_output() {
        for (sandbox, _dir) in sandboxes() {
            let marker = format!("grader-test-setsid-{}", std::process::id());
            let script =
                format!("echo right; setsid bash -c 'exec -a {marker} sleep 3' & sleep 0.3");
            let command = ["/bin/bash", "-c", &script].map(OsString::from).to_vec();
            let run = run(&sandbox, 0, &command, b"", &[], limits(1000)).unwrap();
            assert_eq!(run.stdout, b"right\n");
            assert!(run.elapsed < Duration::from_secs(3), "{:?}", run.elapsed);
            match sandbox.isolation() {
                Isolation::None => {
                    assert_eq!(run.exit, Exit::OutputHeld);
                    // It escaped the group: end it here, as nothing in the grader can.
                    kill_named(&marker);
                }
                _ => {
                    assert_eq!(run.exit, Exit::Code(0));
                    assert_eq!(run.killed, Killed::Everything);
                    assert!(!process_named(&marker), "{marker} is still running");
                }
            }
        }
    }

    #[test]
    fn a_flood_is_cut_off() {
        for (sandbox, _dir) in sandboxes() {
            let limits = Limits {
                max_output: 1000,
                ..limits(5000)
            };
            let run = run(&sandbox, 0, &sh("yes"), b"", &[], limits).unwrap();
            assert_eq!(run.exit, Exit::TooMuchOutput);
            assert_eq!(run.stdout.len(), 1000);
        }
    }

    #[test]
    fn standard_error_keeps_its_end() {
        for (sandbox, _dir) in sandboxes() {
            let limits = Limits {
                max_stderr: 100,
                ..limits(5000)
            };
            let script = sh("seq 1 5000 >&2; echo LAST >&2; exit 1");
            let run = run(&sandbox, 0, &script, b"", &[], limits).unwrap();
            assert_eq!(run.stderr.len(), 100);
            assert!(run.stderr.ends_with(b"5000\nLAST\n"), "{:?}", run.stderr);
        }
    }

    /// The memory and file size limits hold in every isolation: an allocation past the
    /// limit fails, a file past the limit ends the program with SIGXFSZ (25).
    #[test]
    fn memory_and_file_size_are_limited() {
        for (sandbox, _dir) in sandboxes() {
            let limits = Limits {
                memory: 200 << 20,
                file_size: 1 << 20,
                ..limits(5000)
            };
            let script = sh(
                "python3 -c 'bytearray(1 << 30)' 2>&1 | tail -n 1; exec head -c 2000000 /dev/zero > big",
            );
            let run = run(&sandbox, 0, &script, b"", &[], limits).unwrap();
            assert_eq!(run.stdout, b"MemoryError\n", "{}", sandbox.isolation());
            assert_eq!(run.exit, Exit::Signal(25), "{}", sandbox.isolation());
        }
    }

    #[test]
    fn a_program_that_reads_nothing_gets_its_input_anyway() {
        for (sandbox, _dir) in sandboxes() {
            let big = vec![b'x'; 1 << 20];
            let run = run(&sandbox, 0, &sh("echo hi"), &big, &[], limits(5000)).unwrap();
            assert_eq!(run.exit, Exit::Code(0));
        }
    }

    /// Types the next line whenever the screen ends with a question (`? `).
    fn person(lines: &[&str]) -> impl FnMut(&[u8]) -> Reply {
        let mut lines: Vec<Vec<u8>> = lines.iter().rev().map(|l| l.as_bytes().to_vec()).collect();
        move |screen: &[u8]| {
            if screen.ends_with(b"? ") {
                lines.pop().map_or(Reply::Close, Reply::Answer)
            } else {
                Reply::Wait
            }
        }
    }

    /// Where the kernel hides the program's threads (Docker without `CAP_SYS_PTRACE`),
    /// quiet output, the input read and nothing runnable are the question: a program
    /// that reads each line with a reader of its own still gets one line at a time.
    #[test]
    fn where_the_threads_are_hidden_quiet_is_the_question() {
        let hidden = Pace {
            syscalls: false,
            ..Pace::default()
        };
        let script = "for turn in 1 2; do printf 'card %s? ' $turn; line=$(head -n 1); \
                      [ -n \"$line\" ] || exit 1; echo \"played $line\"; done";
        for (sandbox, _dir) in sandboxes() {
            let mut answerer = person(&["R5", "B7"]);
            let talk = start(
                &sandbox,
                0,
                &sh(script),
                Stdin::Paced(hidden, &mut answerer),
                &[],
                limits(60_000),
            )
            .unwrap();
            assert_eq!(
                talk.run.exit,
                Exit::Code(0),
                "{}: {talk:?}",
                sandbox.isolation()
            );
            assert_eq!(
                talk.transcript(),
                b"card 1? R5\nplayed R5\ncard 2? B7\nplayed B7\n"
            );
        }
    }

    /// Where the kernel shows the threads (the program runs as the grader's user), a
    /// silent pause is no question: the answer waits for the program's read.
    #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
    #[test]
    fn where_the_threads_are_seen_only_a_read_is_the_question() {
        let script = "printf 'card? '; sleep 1; printf 'sure? '; read card; echo \"got $card\"";
        let talk = converse(
            &Sandbox::none(),
            0,
            &sh(script),
            &[],
            limits(60_000),
            person(&["B7"]),
        )
        .unwrap();
        assert_eq!(talk.run.exit, Exit::Code(0), "{talk:?}");
        assert_eq!(talk.transcript(), b"card? sure? B7\ngot B7\n");
    }

    /// A thread blocked reading the input is a question even while another process of
    /// the program keeps a core busy (a JVM's compiler, a student's timer thread).
    #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
    #[test]
    fn a_read_is_a_question_beside_a_busy_process() {
        let script = "(while :; do :; done) & printf 'card? '; read card; echo \"got $card\"";
        let talk = converse(
            &Sandbox::none(),
            0,
            &sh(script),
            &[],
            limits(20_000),
            person(&["B7"]),
        )
        .unwrap();
        assert_eq!(talk.run.exit, Exit::Code(0), "{talk:?}");
        assert_eq!(talk.transcript(), b"card? B7\ngot B7\n");
    }

    /// A broken answerer (a panic on output it did not expect) leaves nothing of the
    /// program running: the run is ended as at a timeout before the panic goes on.
    #[test]
    fn a_panicking_answerer_ends_the_run_first() {
        for (sandbox, _dir) in sandboxes() {
            let marker = format!("grader-test-asked-{}", std::process::id());
            let script = format!("(exec -a {marker} sleep 300) & printf 'card? '; read card");
            let command = ["/bin/bash", "-c", &script].map(OsString::from).to_vec();
            let outcome = std::panic::catch_unwind(|| {
                converse(&sandbox, 0, &command, &[], limits(60_000), |_: &[u8]| {
                    panic!("an answerer that cannot read the screen")
                })
            });
            assert!(outcome.is_err(), "{}", sandbox.isolation());
            assert!(!process_named(&marker), "{marker} is still running");
        }
    }

    #[test]
    fn a_missing_program_is_an_error_or_a_crash() {
        let sandbox = Sandbox::none();
        assert!(run(&sandbox, 0, &[], b"", &[], limits(100)).is_err());
    }

    /// Whether a process whose command line starts with `name` is running (after a
    /// moment for the kernel to finish the kill).
    fn process_named(name: &str) -> bool {
        thread::sleep(Duration::from_millis(100));
        !pids_named(name).is_empty()
    }

    fn pids_named(name: &str) -> Vec<i32> {
        let Ok(entries) = std::fs::read_dir("/proc") else {
            return Vec::new();
        };
        entries
            .flatten()
            .filter(|entry| {
                std::fs::read(entry.path().join("cmdline"))
                    .map(|line| line.starts_with(name.as_bytes()))
                    .unwrap_or(false)
            })
            .filter_map(|entry| entry.file_name().to_str()?.parse().ok())
            .collect()
    }

    fn kill_named(name: &str) {
        for pid in pids_named(name) {
            if let Some(pid) = rustix::process::Pid::from_raw(pid) {
                let _ = rustix::process::kill_process(pid, rustix::process::Signal::KILL);
            }
        }
    }
}
