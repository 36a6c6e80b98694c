//! Playing an interactive program as a person would ([`crate::run::converse`]): an
//! answer only after the program has asked, one line at a time, chosen from what the
//! screen shows.
//!
//! Given all its input at once, a program that opens a new `Scanner(System.in)` on each
//! turn fails where a person would see it work: the first `Scanner` fills its buffer with
//! every line already in the pipe, and the next one finds nothing (`NoSuchElementException`).
//! A person types a line only once the prompt for it has appeared, so each read finds
//! one line. The runner does the same: it writes an answer only when
//!
//! - everything it wrote before has been read (the input pipe is empty: `FIONREAD` on its
//!   own end), so the pipe never holds more than the one line being answered;
//! - everything the program printed has reached the grader (the output pipe is empty),
//!   and the output has not grown between two looks ten milliseconds apart, so the
//!   answerer sees the whole screen, prompt included;
//! - and the program waits for input. Where the kernel shows the grader what each thread
//!   of the run is doing (`/proc/PID/task/TID/syscall`: the grader runs the program as
//!   its own user, or is root with `CAP_SYS_PTRACE`), that is exact: a thread blocked in
//!   `read` (or `readv`, `pread64`, `preadv`, `preadv2`) on the input pipe, whatever its
//!   descriptor number. A program seen by the kernel but waiting in `poll`, `select` or
//!   `epoll` instead gets its answer after 2 s of quiet with no thread runnable. Where the
//!   kernel hides it (Docker's default drops `CAP_SYS_PTRACE`, so root there cannot see
//!   the threads of a dedicated user's program), the program waits for input once its
//!   output has been quiet for [`SETTLE`], its input read, and no thread of it runnable
//!   (state `R` in `/proc/PID/task/TID/stat`, which anyone may read) at any look in
//!   that time. There, and only there, a program that keeps a core busy while it waits
//!   (a thread spinning beside the one reading) is never seen to ask, and times out.
//!
//! Only the first condition matters for the `Scanner` case, and it holds in every
//! isolation: an answer given early (a program that computes silently for longer than
//! [`SETTLE`] where the kernel hides its threads) waits in the pipe, alone, until the
//! program reads it; only its place in the transcript is then early. The run's processes
//! are the runner's child and its descendants (`/proc/PID/task/TID/children`, or every
//! process's parent where the kernel has no such file): under bubblewrap all of the
//! sandbox's PID namespace; without one, what left the tree (an orphan) is not looked at.
//!
//! The answerer ([`Reply`]) is asked with the output so far whenever the program waits
//! for input and something changed since it was last asked: new output, or its last
//! answer read. It answers a line, waits for more output, or closes the input.

use std::fs;
use std::time::{Duration, Instant};

use crate::outcome::Run;

/// Quiet, with the input read and no thread of the program runnable, after which a
/// program whose threads the kernel hides is taken to wait for input.
pub const SETTLE: Duration = Duration::from_millis(250);
/// The same for a program whose threads the kernel shows but none of which is reading
/// the input (one that waits in `poll`, `select` or `epoll`).
pub const LONG_SETTLE: Duration = Duration::from_secs(2);
/// How often the runner looks at the program while it has something to ask, at first:
/// after each look that finds it not waiting, twice as long, up to [`SLOWEST`] (a look
/// reads a few files per thread in `/proc`, and a program may compute for a long while).
const SAMPLE: Duration = Duration::from_millis(10);
/// The longest time between two looks.
const SLOWEST: Duration = Duration::from_millis(80);

/// What the answerer does when the program waits for input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// Types this line. Without its line end: the runner adds `\n`, and writes only
    /// what comes before a newline in it (one line at a time).
    Answer(Vec<u8>),
    /// Gives nothing yet: asked again when more output has arrived and the program
    /// waits again. A program that never prints what the answerer waits for times out.
    Wait,
    /// Closes the program's standard input (end of file, as Ctrl-D at a terminal); the
    /// answerer is not asked again.
    Close,
}

/// One answer given: where, and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// How many bytes of standard output ([`Run::stdout`]) the program had printed when
    /// the answer was given: the answer follows them on the screen.
    pub at: usize,
    /// The line written, with its `\n`.
    pub line: Vec<u8>,
}

/// A run of a program played as a person ([`crate::run::converse`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conversation {
    /// The run, exactly as [`crate::run::run`] reports one; its `stdout` is what the
    /// program printed, without the answers.
    pub run: Run,
    /// The answers given, in order (their `at` never decreasing). An answer the program
    /// never read is listed too: it was typed.
    pub answers: Vec<Answer>,
    /// Where in the output the input was closed ([`Reply::Close`]), if it was.
    pub closed_at: Option<usize>,
}

impl Conversation {
    /// The answers typed, in order, without their line ends.
    pub fn typed(&self) -> Vec<String> {
        self.answers
            .iter()
            .map(|answer| {
                let line = String::from_utf8_lossy(&answer.line);
                line.strip_suffix('\n').unwrap_or(&line).to_owned()
            })
            .collect()
    }

    /// What a terminal would have shown: the output with each answer where it was typed
    /// (a terminal echoes the line and its end). The checkers read this.
    pub fn transcript(&self) -> Vec<u8> {
        let out = &self.run.stdout;
        let mut text = Vec::with_capacity(out.len() + self.answers.len() * 4);
        let mut from = 0;
        for answer in &self.answers {
            let at = answer.at.clamp(from, out.len());
            text.extend_from_slice(&out[from..at]);
            text.extend_from_slice(&answer.line);
            from = at;
        }
        text.extend_from_slice(&out[from..]);
        text
    }
}

/// How the runner watches the program: [`SETTLE`] and [`LONG_SETTLE`], and whether it
/// reads the threads' system calls (off only in tests of the hidden case).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pace {
    pub(crate) settle: Duration,
    pub(crate) long_settle: Duration,
    pub(crate) syscalls: bool,
}

impl Default for Pace {
    fn default() -> Pace {
        Pace {
            settle: SETTLE,
            long_settle: LONG_SETTLE,
            syscalls: true,
        }
    }
}

/// What a look at the run's threads found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Look {
    /// A thread is blocked reading the input pipe.
    pub(crate) reading: bool,
    /// A thread is runnable or running.
    pub(crate) busy: bool,
    /// Every thread's system call could be read.
    pub(crate) visible: bool,
}

/// The system calls that read a descriptor given as their first argument.
#[cfg(target_arch = "x86_64")]
const READS: &[u64] = &[0, 17, 19, 295, 327];
#[cfg(target_arch = "aarch64")]
const READS: &[u64] = &[63, 65, 67, 69, 286];
#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
const READS: &[u64] = &[];

/// The state letter and parent of a process or thread, from its `stat` (the name, in
/// parentheses, may hold anything: the fields follow its last `)`).
fn stat_of(path: &str) -> Option<(u8, u32)> {
    let text = fs::read(path).ok()?;
    let close = text.iter().rposition(|&b| b == b')')?;
    let rest = std::str::from_utf8(&text[close + 1..]).ok()?;
    let mut fields = rest.split_ascii_whitespace();
    let state = *fields.next()?.as_bytes().first()?;
    let parent = fields.next()?.parse().ok()?;
    Some((state, parent))
}

fn numbers(dir: &str) -> Vec<u32> {
    fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .filter_map(|entry| entry.file_name().to_str()?.parse().ok())
                .collect()
        })
        .unwrap_or_default()
}

/// The children of every process, from every process's parent (where the kernel has
/// no `children` files).
fn children_by_parent() -> Vec<(u32, u32)> {
    numbers("/proc")
        .into_iter()
        .filter_map(|pid| Some((stat_of(&format!("/proc/{pid}/stat"))?.1, pid)))
        .collect()
}

/// Looks at every thread of `root` and its descendants: whether one is blocked reading
/// the pipe whose inode is `pipe`, whether one is runnable, whether all could be seen.
pub(crate) fn look(root: u32, pipe: u64, syscalls: bool) -> Look {
    let mut seen = Look {
        visible: syscalls && !READS.is_empty(),
        ..Look::default()
    };
    let pipe_link = format!("pipe:[{pipe}]");
    let mut by_parent: Option<Vec<(u32, u32)>> = None;
    let mut todo = vec![root];
    let mut done: Vec<u32> = Vec::new();
    // A bound on the walk, against a fork bomb racing it (the process limit is 256).
    while let Some(pid) = todo.pop() {
        if done.contains(&pid) || done.len() > 4096 {
            continue;
        }
        done.push(pid);
        let mut has_children_files = true;
        for tid in numbers(&format!("/proc/{pid}/task")) {
            let task = format!("/proc/{pid}/task/{tid}");
            let Some((state, _)) = stat_of(&format!("{task}/stat")) else {
                // Ended since it was listed: nothing to tell.
                continue;
            };
            seen.busy |= state == b'R';
            match fs::read_to_string(format!("{task}/children")) {
                Ok(list) => todo.extend(
                    list.split_ascii_whitespace()
                        .filter_map(|child| child.parse::<u32>().ok()),
                ),
                Err(_) => has_children_files = false,
            }
            if !seen.visible {
                continue;
            }
            match fs::read_to_string(format!("{task}/syscall")) {
                Ok(call) if call.starts_with("running") => seen.busy = true,
                Ok(call) => {
                    let mut words = call.split_ascii_whitespace();
                    let number = words.next().and_then(|n| n.parse::<u64>().ok());
                    let fd = words
                        .next()
                        .and_then(|a| u64::from_str_radix(a.trim_start_matches("0x"), 16).ok());
                    if let (Some(number), Some(fd)) = (number, fd)
                        && READS.contains(&number)
                        && fs::read_link(format!("/proc/{pid}/fd/{fd}"))
                            .is_ok_and(|link| link.as_os_str() == pipe_link.as_str())
                    {
                        seen.reading = true;
                    }
                }
                // Gone since listed, or hidden: a thread that ended is no matter, a
                // hidden one makes the settle rule apply.
                Err(error) => {
                    seen.visible &= error.kind() == std::io::ErrorKind::NotFound;
                }
            }
        }
        if !has_children_files {
            let all = by_parent.get_or_insert_with(children_by_parent);
            todo.extend(all.iter().filter(|(p, _)| *p == pid).map(|(_, c)| *c));
        }
    }
    seen
}

/// The runner's side of the conversation, looked after at every poll of the run.
pub(crate) struct Person<'a> {
    answerer: &'a mut dyn FnMut(&[u8]) -> Reply,
    pace: Pace,
    /// The program's standard input (non-blocking), until closed.
    input: Option<fs::File>,
    /// The inode of the input pipe.
    pipe: u64,
    /// The run's first process.
    root: u32,
    /// What of the last answer is not written yet (a pipe full of it).
    unsent: Vec<u8>,
    pub(crate) answers: Vec<Answer>,
    pub(crate) closed_at: Option<usize>,
    /// The output's length and the answers' number when the answerer was last asked.
    asked: Option<(usize, usize)>,
    /// The output's length at the last look, and since when it has not changed (with
    /// the input read and nothing runnable).
    length: usize,
    quiet_since: Instant,
    /// The output's length when the program was last seen waiting: it must be seen so
    /// twice in a row before the answerer is asked.
    waiting_at: Option<usize>,
    next_look: Instant,
    /// The time to the next look.
    every: Duration,
    /// What the answerer panicked with: the run is ended, and the panic goes on once
    /// nothing of the program is left.
    pub(crate) panicked: Option<Box<dyn std::any::Any + Send>>,
}

impl<'a> Person<'a> {
    /// A person typing into `input` (the write end of the pipe of the program whose
    /// first process is `root`), who asks `answerer`.
    pub(crate) fn new(
        answerer: &'a mut dyn FnMut(&[u8]) -> Reply,
        pace: Pace,
        input: fs::File,
        root: u32,
    ) -> std::io::Result<Person<'a>> {
        use std::os::unix::fs::MetadataExt;
        let pipe = input.metadata()?.ino();
        // Never blocked by a program that does not read: the rest of a line waits.
        let flags = rustix::fs::fcntl_getfl(&input)?;
        rustix::fs::fcntl_setfl(&input, flags | rustix::fs::OFlags::NONBLOCK)?;
        let now = Instant::now();
        Ok(Person {
            answerer,
            pace,
            input: Some(input),
            pipe,
            root,
            unsent: Vec::new(),
            answers: Vec::new(),
            closed_at: None,
            asked: None,
            length: 0,
            quiet_since: now,
            waiting_at: None,
            next_look: now,
            every: SAMPLE,
            panicked: None,
        })
    }

    /// Called at every poll of the run; looks when it is time: `length` is the output's
    /// length so far, `output_pending` whether the output pipe holds bytes the grader has
    /// not read, `screen` the output so far. Whether the run must end now (the answerer
    /// panicked: [`Person::panicked`]).
    pub(crate) fn tick(
        &mut self,
        length: usize,
        output_pending: bool,
        screen: &mut dyn FnMut() -> Vec<u8>,
    ) -> bool {
        let now = Instant::now();
        if self.input.is_some() && now >= self.next_look {
            self.step(now, length, output_pending, screen);
            self.next_look = now + self.every;
        }
        self.panicked.is_some()
    }

    fn step(
        &mut self,
        now: Instant,
        length: usize,
        output_pending: bool,
        screen: &mut dyn FnMut() -> Vec<u8>,
    ) {
        if !self.unsent.is_empty() {
            self.send();
            return;
        }
        if length != self.length {
            self.length = length;
            self.settle(now);
            self.every = SAMPLE;
        }
        if self.asked == Some((length, self.answers.len())) {
            return;
        }
        let Some(input) = &self.input else { return };
        // FIONREAD does not fail on a pipe; if it ever did, the pipe counts as empty
        // rather than the run waiting for nothing until its timeout.
        let unread = rustix::io::ioctl_fionread(input).unwrap_or(0);
        if unread > 0 || output_pending {
            self.settle(now);
            self.every = SAMPLE;
            return;
        }
        let seen = look(self.root, self.pipe, self.pace.syscalls);
        if seen.busy {
            // Not quiet; but a thread blocked reading is a question all the same, so
            // the waiting seen at the last look stands.
            self.quiet_since = now;
        }
        let settle = if seen.visible {
            self.pace.long_settle
        } else {
            self.pace.settle
        };
        let waiting = seen.reading || (!seen.busy && now - self.quiet_since >= settle);
        if !waiting {
            self.waiting_at = None;
            self.every = (self.every * 2).min(SLOWEST);
            return;
        }
        if self.waiting_at != Some(length) {
            self.waiting_at = Some(length);
            self.every = SAMPLE;
            return;
        }
        let shown = screen();
        if shown.len() != length {
            // Output arrived between the looks: it was not the whole screen.
            self.waiting_at = None;
            return;
        }
        self.asked = Some((length, self.answers.len()));
        let answerer = &mut self.answerer;
        let reply =
            match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| answerer(&shown))) {
                Ok(reply) => reply,
                Err(panic) => {
                    self.panicked = Some(panic);
                    self.input = None;
                    return;
                }
            };
        match reply {
            Reply::Answer(mut line) => {
                if let Some(end) = line.iter().position(|&b| b == b'\n') {
                    line.truncate(end);
                }
                line.push(b'\n');
                self.unsent = line.clone();
                self.answers.push(Answer { at: length, line });
                self.settle(now);
                self.send();
            }
            Reply::Wait => {}
            Reply::Close => {
                self.input = None;
                self.closed_at = Some(length);
            }
        }
    }

    fn settle(&mut self, now: Instant) {
        self.quiet_since = now;
        self.waiting_at = None;
    }

    /// Writes what it can of the answer; a program that closed its input ends the
    /// conversation (no error: it did not need the answer).
    fn send(&mut self) {
        use std::io::Write;
        let Some(input) = &mut self.input else {
            self.unsent.clear();
            return;
        };
        while !self.unsent.is_empty() {
            match input.write(&self.unsent) {
                Ok(0) => {
                    self.input = None;
                    self.unsent.clear();
                    return;
                }
                Ok(n) => {
                    self.unsent.drain(..n);
                }
                Err(error) if error.kind() == std::io::ErrorKind::Interrupted => {}
                Err(error) if error.kind() == std::io::ErrorKind::WouldBlock => return,
                Err(_) => {
                    self.input = None;
                    self.unsent.clear();
                    return;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outcome::{Exit, Killed};
    use std::os::unix::fs::MetadataExt;
    use std::process::{Command, Stdio};

    fn conversation(stdout: &[u8], answers: &[(usize, &str)]) -> Conversation {
        Conversation {
            run: Run {
                exit: Exit::Code(0),
                stdout: stdout.to_vec(),
                stderr: Vec::new(),
                elapsed: Duration::ZERO,
                killed: Killed::Group,
                out_of_memory: false,
            },
            answers: answers
                .iter()
                .map(|&(at, line)| Answer {
                    at,
                    line: line.as_bytes().to_vec(),
                })
                .collect(),
            closed_at: None,
        }
    }

    #[test]
    fn the_transcript_puts_each_answer_after_its_prompt() {
        let talk = conversation(b"name? hi Ana\nmove? ", &[(6, "Ana\n"), (19, "q\n")]);
        assert_eq!(talk.transcript(), b"name? Ana\nhi Ana\nmove? q\n");
        // Two answers at one place (a prompt answered twice, the first refused).
        let talk = conversation(b"card? ", &[(6, "ZZ\n"), (6, "R5\n")]);
        assert_eq!(talk.transcript(), b"card? ZZ\nR5\n");
        assert_eq!(conversation(b"", &[]).transcript(), b"");
    }

    /// A process blocked reading the pipe is seen so, through a shell between (its
    /// child), and not before it reads; the parents' list finds the same child.
    #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
    #[test]
    fn a_read_of_the_pipe_is_seen_through_the_tree() {
        let mut child = Command::new("/bin/sh")
            .args(["-c", "sleep 1; head -n 1 >/dev/null; echo"])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .spawn()
            .unwrap();
        let input = child.stdin.take().unwrap();
        let pipe = fs::File::from(std::os::fd::OwnedFd::from(input));
        let inode = pipe.metadata().unwrap().ino();
        let root = child.id();
        let first = look(root, inode, true);
        assert!(!first.reading, "{first:?}");
        let until = Instant::now() + Duration::from_secs(60);
        let mut seen = first;
        while !seen.reading && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(20));
            seen = look(root, inode, true);
        }
        assert!(seen.reading && seen.visible, "{seen:?}");
        assert!(
            children_by_parent()
                .iter()
                .any(|&(parent, _)| parent == root),
            "the shell's child is missing from the parents' list"
        );
        drop(pipe);
        assert!(child.wait().unwrap().success());
    }
}
