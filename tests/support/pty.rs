//! The pseudo-terminal side of the games' terminal tests (`crates/GAME/tests/terminal.rs`,
//! each of which includes this file as a module): a game started on a pty with
//! `expectrl`, answered after its prompts, and checked at its end for the exit status
//! and for a terminal left as it was (`stty -a` on the same pty the same before and
//! after, canonical mode, echo and signals on).
//!
//! `expectrl` turns echo off in the child's terminal before the game starts; the echo is
//! turned on again, as a terminal normally is, so the transcript shows the typed answers
//! as the screen would. A pty merges stdout and stderr and writes `\n` as `\r\n`: the
//! transcripts are given with `\r\n` turned back into `\n`. With `NO_COLOR=1` (unless a
//! test asks for colour) the text is checked to hold no escape sequence. When this
//! machine cannot open a pseudo-terminal, `spawn` gives `None` and the test passes with a
//! note on stderr.

// Test support: a failure here is the test's failure.
#![allow(clippy::unwrap_used, clippy::expect_used, dead_code)]

use std::fs::OpenOptions;
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use expectrl::process::Termios;
use expectrl::session::OsSession;
use expectrl::{Eof, Expect};

pub use expectrl::ControlCode;
pub use expectrl::process::unix::{Signal, WaitStatus};

/// How long any one wait (for a prompt, for the end of the output, for the exit) may take.
const TIMEOUT: Duration = Duration::from_secs(10);

/// A game running on a pseudo-terminal.
pub struct Terminal {
    session: OsSession,
    /// `stty -a` on the pty just after the start (`None` when there is no `stty`).
    settings: Option<String>,
    /// Whether the game may colour its cards (`NO_COLOR` unset).
    color: bool,
}

impl Terminal {
    /// Starts `program ARGS` on a new pty, with `NO_COLOR=1` unless `color`, or gives
    /// `None` (with a note) when this machine has no pseudo-terminals.
    pub fn spawn(program: &str, args: &[&str], color: bool) -> Option<Self> {
        Self::spawn_on(program, args, color, false)
    }

    /// Starts `program ARGS` on a pty whose `TERM` is `dumb`, `NO_COLOR` unset: a
    /// terminal without escape sequences, so the text is checked to hold none.
    pub fn spawn_dumb(program: &str, args: &[&str]) -> Option<Self> {
        Self::spawn_on(program, args, false, true)
    }

    fn spawn_on(program: &str, args: &[&str], color: bool, dumb: bool) -> Option<Self> {
        if let Err(error) = OpenOptions::new().read(true).write(true).open("/dev/ptmx") {
            eprintln!("note: skipped, no pseudo-terminal can be opened here: {error}");
            return None;
        }
        let mut command = if sigint_ignored() {
            // A child inherits an ignored SIGINT (a test run as a background job of a
            // script): give the game the default disposition a terminal session has.
            let mut command = Command::new("env");
            command.args(["--default-signal=INT", program]);
            command
        } else {
            Command::new(program)
        };
        command.args(args);
        if dumb {
            command.env_remove("NO_COLOR").env("TERM", "dumb");
        } else if color {
            // A colour terminal, whatever the test runs under (TERM=dumb turns colour off).
            command.env_remove("NO_COLOR").env("TERM", "xterm");
        } else {
            command.env("NO_COLOR", "1");
        }
        let mut session = OsSession::spawn(command).unwrap();
        session.set_expect_timeout(Some(TIMEOUT));
        assert!(
            session.set_echo(true).unwrap(),
            "echo could not be turned on"
        );
        let settings = stty(&session);
        Some(Self {
            session,
            settings,
            color,
        })
    }

    /// Waits for `text` and gives everything written up to it and including it.
    pub fn expect(&mut self, text: &str) -> String {
        let found = self
            .session
            .expect(text)
            .unwrap_or_else(|error| panic!("waiting for {text:?}: {error}"));
        self.text(found.as_bytes())
    }

    /// Types `line` and Enter.
    pub fn answer(&mut self, line: &str) {
        self.session.send_line(line).unwrap();
    }

    /// Types a control character (Ctrl-C, Ctrl-D).
    pub fn press(&mut self, key: ControlCode) {
        self.session.send(key).unwrap();
    }

    /// Reads the output to its end, waits for the game to end, checks that the terminal
    /// was left as it was, and gives the rest of the output and how the game ended.
    pub fn finish(mut self) -> (String, WaitStatus) {
        let rest = self
            .session
            .expect(Eof)
            .unwrap_or_else(|error| panic!("waiting for the end of the output: {error}"));
        let rest = self.text(rest.as_bytes());
        let started = Instant::now();
        let status = loop {
            match self.session.get_process().status().unwrap() {
                WaitStatus::StillAlive if started.elapsed() < TIMEOUT => {
                    thread::sleep(Duration::from_millis(10));
                }
                WaitStatus::StillAlive => panic!("the game still runs after its output ended"),
                status => break status,
            }
        };
        assert!(self.session.is_echo().unwrap(), "the game left echo off");
        if let Some(before) = &self.settings {
            let after = stty(&self.session).unwrap();
            assert_eq!(before, &after, "the game changed the terminal's settings");
            let flags: Vec<&str> = after.split_whitespace().collect();
            for flag in ["icanon", "echo", "isig"] {
                assert!(flags.contains(&flag), "{flag} is off: {after}");
            }
        }
        (rest, status)
    }

    /// The pty's output as text, `\r\n` back to `\n`, checked for escape sequences
    /// unless the game may colour.
    fn text(&self, bytes: &[u8]) -> String {
        let text = String::from_utf8_lossy(bytes).replace("\r\n", "\n");
        assert!(
            self.color || !text.contains('\u{1b}'),
            "an escape sequence with NO_COLOR=1: {text:?}"
        );
        text
    }
}

/// The pty's settings as `stty -a` prints them, run on the same pty; `None` (with a
/// note) when there is no `stty`: the echo is still checked through `expectrl`.
fn stty(session: &OsSession) -> Option<String> {
    let pty = session.get_process().get_raw_handle().unwrap();
    match Command::new("stty")
        .arg("-a")
        .stdin(Stdio::from(pty))
        .output()
    {
        Ok(output) => {
            assert!(output.status.success(), "stty -a failed: {output:?}");
            Some(String::from_utf8(output.stdout).unwrap())
        }
        Err(error) => {
            eprintln!("note: no stty ({error}): only echo is checked");
            None
        }
    }
}

/// Whether this process ignores SIGINT (Linux tells in `/proc/self/status`).
fn sigint_ignored() -> bool {
    let Ok(status) = std::fs::read_to_string("/proc/self/status") else {
        return false;
    };
    status
        .lines()
        .find_map(|line| line.strip_prefix("SigIgn:"))
        .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
        .is_some_and(|mask| mask & (1 << (2 - 1)) != 0)
}
