//! Terminal tests (issue 12): the real `pig` binary played through a pseudo-terminal
//! with `expectrl`, as at a student's keyboard. Each answer is typed only once its
//! prompt has been seen. A wrong answer is refused and asked again; the dice are rolled
//! and held over a few turns; `q` quits with exit status 0 and the points banked;
//! Ctrl-D at the prompt is the end of the input (exit status 1 and one line on stderr);
//! Ctrl-C kills the game by SIGINT. Whatever
//! the ending, the terminal is left as it was: `stty -a` run on the same pty gives the
//! same settings before and after the game, in canonical mode with echo and signals on,
//! and `expectrl`'s own echo query agrees.
//!
//! `expectrl` turns echo off in the child's terminal before the game starts; these tests
//! turn it on again, as a terminal normally is, so the transcript shows the typed answers
//! as the screen would. A pty merges stdout and stderr and writes `\n` as `\r\n`: the
//! transcripts are matched with `\r\n` turned back into `\n`. `NO_COLOR=1` keeps the
//! text plain (and the tests check that no escape sequence slips through). When this
//! machine cannot open a pseudo-terminal, the tests pass with a note on stderr.

// The helpers below unwrap like the tests they serve: a failure there is the test's failure.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::fs::OpenOptions;
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use expectrl::process::Termios;
use expectrl::process::unix::{Signal, WaitStatus};
use expectrl::session::OsSession;
use expectrl::{ControlCode, Eof, Expect};

/// How long any one wait (for a prompt, for the end of the output, for the exit) may take.
const TIMEOUT: Duration = Duration::from_secs(10);
/// The question asked before each of the human's rolls.
const PROMPT: &str = "Hold dice (Y/N?) ?";
/// The line on stderr when the input ends first.
const INPUT_ENDED: &str = "pig: the input ended before the game did; nobody won\n";

/// A game running on a pseudo-terminal.
struct Terminal {
    session: OsSession,
    /// `stty -a` on the pty just after the start (`None` when there is no `stty`).
    settings: Option<String>,
}

impl Terminal {
    /// Starts `pig ARGS` on a new pty with `NO_COLOR=1`, or gives `None` (with a note)
    /// when this machine has no pseudo-terminals.
    fn spawn(args: &[&str]) -> Option<Self> {
        if let Err(error) = OpenOptions::new().read(true).write(true).open("/dev/ptmx") {
            eprintln!("note: skipped, no pseudo-terminal can be opened here: {error}");
            return None;
        }
        let program = env!("CARGO_BIN_EXE_pig");
        let mut command = if sigint_ignored() {
            // A child inherits an ignored SIGINT (a test run as a background job of a
            // script): give the game the default disposition a terminal session has.
            let mut command = Command::new("env");
            command.args(["--default-signal=INT", program]);
            command
        } else {
            Command::new(program)
        };
        command.args(args).env("NO_COLOR", "1");
        let mut session = OsSession::spawn(command).unwrap();
        session.set_expect_timeout(Some(TIMEOUT));
        assert!(
            session.set_echo(true).unwrap(),
            "echo could not be turned on"
        );
        let settings = stty(&session);
        Some(Self { session, settings })
    }

    /// Waits for `text` and gives everything written up to it and including it.
    fn expect(&mut self, text: &str) -> String {
        let found = self
            .session
            .expect(text)
            .unwrap_or_else(|error| panic!("waiting for {text:?}: {error}"));
        plain(found.as_bytes())
    }

    /// Types `line` and Enter.
    fn answer(&mut self, line: &str) {
        self.session.send_line(line).unwrap();
    }

    /// Types a control character (Ctrl-C, Ctrl-D).
    fn press(&mut self, key: ControlCode) {
        self.session.send(key).unwrap();
    }

    /// Reads the output to its end, waits for the game to end, checks that the terminal
    /// was left as it was, and gives the rest of the output and how the game ended.
    fn finish(mut self) -> (String, WaitStatus) {
        let rest = self
            .session
            .expect(Eof)
            .unwrap_or_else(|error| panic!("waiting for the end of the output: {error}"));
        let rest = plain(rest.as_bytes());
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

/// The pty's output as text, `\r\n` back to `\n`, checked for escape sequences (the
/// tests run with `NO_COLOR=1`).
fn plain(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes).replace("\r\n", "\n");
    assert!(
        !text.contains('\u{1b}'),
        "an escape sequence with NO_COLOR=1: {text:?}"
    );
    text
}

#[test]
fn a_wrong_answer_is_asked_again_turns_are_played_and_q_quits_with_status_0() {
    let Some(mut pig) = Terminal::spawn(&["--seed", "94"]) else {
        return;
    };
    let welcome = pig.expect(PROMPT);
    assert!(
        welcome.starts_with("Welcome to the Game of Pig!\n"),
        "{welcome}"
    );
    assert!(
        welcome.ends_with(&format!("Player: Human, Total Points = 0\n{PROMPT}")),
        "{welcome}"
    );
    pig.answer("maybe");
    assert_eq!(
        pig.expect(PROMPT),
        "maybe\nPlease answer Y or N.\n".to_owned() + PROMPT
    );
    pig.answer("y");
    let computer = pig.expect(PROMPT);
    assert!(
        computer.contains("Player: Computer, Total Points = 0\nRoll=(1,1)"),
        "{computer}"
    );
    pig.answer("n");
    let snake_eyes = pig.expect(PROMPT);
    assert!(
        snake_eyes.starts_with("n\nRoll=(1,1), Roll Points = 0"),
        "{snake_eyes}"
    );
    assert!(
        snake_eyes.contains("Player: Computer, Total Points = 29\n"),
        "{snake_eyes}"
    );
    pig.answer("n");
    let roll = pig.expect(PROMPT);
    assert_eq!(
        roll,
        "n\nRoll=(6,2), Roll Points = 8, Turn Points = 8, Total Points = 8\n".to_owned() + PROMPT
    );
    pig.answer("N");
    let double = pig.expect(PROMPT);
    assert_eq!(
        double,
        "N\nRoll=(5,5), Roll Points = 20, Turn Points = 28, Total Points = 28\n".to_owned()
            + PROMPT
    );
    pig.answer("Y");
    let held = pig.expect(PROMPT);
    assert!(
        held.starts_with("Y\nPlayer: Human, Total Points = 28\n"),
        "{held}"
    );
    pig.answer("n");
    pig.expect(PROMPT);
    pig.answer("q");
    let (end, status) = pig.finish();
    // Not pinned: how many blank lines come before the summary. Pig ends the prompt's
    // line after a quit as if the answer had not been shown, so a terminal (which echoed
    // `q` and its Enter) gets two blank lines where the `--echo` transcript has one.
    assert!(end.starts_with("q\n\n"), "{end:?}");
    assert!(
        end.ends_with("\nYou quit: nobody won.\nTotal Points: Human 28, Computer 29\n"),
        "{end:?}"
    );
    assert!(matches!(status, WaitStatus::Exited(_, 0)), "{status:?}");
}

#[test]
fn ctrl_d_at_the_prompt_is_the_end_of_the_input_status_1() {
    let Some(mut pig) = Terminal::spawn(&["--seed", "94"]) else {
        return;
    };
    pig.expect(PROMPT);
    pig.answer("n");
    pig.expect(PROMPT);
    pig.press(ControlCode::EndOfTransmission);
    let (end, status) = pig.finish();
    assert!(end.contains(INPUT_ENDED), "{end}");
    assert!(!end.contains("You quit"), "{end}");
    assert!(matches!(status, WaitStatus::Exited(_, 1)), "{status:?}");
}

#[test]
fn ctrl_c_at_the_prompt_ends_the_game_by_sigint() {
    let Some(mut pig) = Terminal::spawn(&["--seed", "94"]) else {
        return;
    };
    pig.expect(PROMPT);
    pig.answer("y");
    pig.expect(PROMPT);
    pig.press(ControlCode::EndOfText);
    let (end, status) = pig.finish();
    assert!(!end.contains("Total Points:"), "{end}");
    assert!(
        matches!(status, WaitStatus::Signaled(_, Signal::SIGINT, _)),
        "{status:?}"
    );
}
