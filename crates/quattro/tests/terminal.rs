//! Terminal tests (issue 12): the real `quattro` binary played through a pseudo-terminal
//! with `expectrl`, as at a student's keyboard. Each answer is typed only once its
//! prompt has been seen. A blank name and a wrong move are refused and asked again; a
//! card is played; `q` quits with exit status 0 and the cards held; Ctrl-D at a question
//! is the end of the input (exit status 1 and one line on stderr); Ctrl-C kills the
//! game by SIGINT. Whatever
//! the ending, the terminal is left as it was: `stty -a` run on the same pty gives the
//! same settings before and after the game, in canonical mode with echo and signals on,
//! and `expectrl`'s own echo query agrees.
//!
//! `expectrl` turns echo off in the child's terminal before the game starts; these tests
//! turn it on again, as a terminal normally is, so the transcript shows the typed answers
//! as the screen would. A pty merges stdout and stderr and writes `\n` as `\r\n`: the
//! transcripts are matched with `\r\n` turned back into `\n`. `NO_COLOR=1` keeps the
//! text plain (and the tests check that no escape sequence slips through), except in the
//! test that checks that a terminal gets the cards in colour. When this machine cannot
//! open a pseudo-terminal, the tests pass with a note on stderr.

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
/// The first question.
const NAME: &str = "What is your name? ";
/// The question on each of the human's turns.
const MOVE: &str = "Your move (a card code such as R5, or draw): ";
/// The line on stderr when the input ends first.
const INPUT_ENDED: &str = "quattro: the input ended before the game did; nobody won\n";

/// A game running on a pseudo-terminal.
struct Terminal {
    session: OsSession,
    /// `stty -a` on the pty just after the start (`None` when there is no `stty`).
    settings: Option<String>,
    /// Whether the game may colour its cards (`NO_COLOR` unset).
    color: bool,
}

impl Terminal {
    /// Starts `quattro ARGS` on a new pty, with `NO_COLOR=1` unless `color`, or gives
    /// `None` (with a note) when this machine has no pseudo-terminals.
    fn spawn(args: &[&str], color: bool) -> Option<Self> {
        if let Err(error) = OpenOptions::new().read(true).write(true).open("/dev/ptmx") {
            eprintln!("note: skipped, no pseudo-terminal can be opened here: {error}");
            return None;
        }
        let program = env!("CARGO_BIN_EXE_quattro");
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
        if color {
            command.env_remove("NO_COLOR");
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
    fn expect(&mut self, text: &str) -> String {
        let found = self
            .session
            .expect(text)
            .unwrap_or_else(|error| panic!("waiting for {text:?}: {error}"));
        self.text(found.as_bytes())
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

/// Starts seed 5's game and answers the name question with Ann: gives the text up to
/// the first move question.
fn start_as_ann(color: bool) -> Option<(Terminal, String)> {
    let mut quattro = Terminal::spawn(&["--seed", "5"], color)?;
    quattro.expect(NAME);
    quattro.answer("Ann");
    let first_turn = quattro.expect(MOVE);
    Some((quattro, first_turn))
}

#[test]
fn wrong_answers_are_asked_again_a_card_is_played_and_q_quits_with_status_0() {
    let Some(mut quattro) = Terminal::spawn(&["--seed", "5"], false) else {
        return;
    };
    assert_eq!(quattro.expect(NAME), NAME);
    quattro.answer("   ");
    assert_eq!(
        quattro.expect(NAME),
        "   \nA name is required: please type your name (it can't be blank).\n".to_owned() + NAME
    );
    quattro.answer("Ann");
    let first_turn = quattro.expect(MOVE);
    assert!(
        first_turn.starts_with("Ann\nWelcome to Quattro, Ann!"),
        "{first_turn}"
    );
    assert!(
        first_turn.contains("Top card: R7\nYour hand:\n  R9  red 9\n  G0  green 0\n"),
        "{first_turn}"
    );
    quattro.answer("X9");
    assert_eq!(
        quattro.expect(MOVE),
        "X9\n'X9' is not a card: type a code as shown in your hand (such as R5), or draw.\n"
            .to_owned()
            + MOVE
    );
    quattro.answer("r9");
    let second_turn = quattro.expect(MOVE);
    assert!(
        second_turn.starts_with("r9\nYou play R9 (2 cards left).\n"),
        "{second_turn}"
    );
    assert!(second_turn.contains("Top card: G9\n"), "{second_turn}");
    quattro.answer("G6");
    let third_turn = quattro.expect(MOVE);
    assert!(
        third_turn.starts_with("G6\nYou play G6 (1 card left).\n"),
        "{third_turn}"
    );
    quattro.answer("q");
    let (end, status) = quattro.finish();
    assert_eq!(
        end,
        "q\n\nYou quit: nobody won.\nCards held: Ann 1, Player 2 3, Player 3 1, Player 4 3\n"
    );
    assert!(matches!(status, WaitStatus::Exited(_, 0)), "{status:?}");
}

#[test]
fn ctrl_d_at_the_move_question_is_the_end_of_the_input_status_1() {
    let Some((mut quattro, _)) = start_as_ann(false) else {
        return;
    };
    quattro.press(ControlCode::EndOfTransmission);
    let (end, status) = quattro.finish();
    assert!(
        end.contains("Cards held: Ann 3, Player 2 3, Player 3 3, Player 4 3\n"),
        "{end}"
    );
    assert!(end.contains(INPUT_ENDED), "{end}");
    assert!(matches!(status, WaitStatus::Exited(_, 1)), "{status:?}");
}

#[test]
fn ctrl_d_at_the_name_question_is_the_end_of_the_input_status_1() {
    let Some(mut quattro) = Terminal::spawn(&["--seed", "5"], false) else {
        return;
    };
    quattro.expect(NAME);
    quattro.press(ControlCode::EndOfTransmission);
    let (end, status) = quattro.finish();
    assert!(end.contains(INPUT_ENDED), "{end}");
    assert!(!end.contains("Welcome"), "{end}");
    assert!(matches!(status, WaitStatus::Exited(_, 1)), "{status:?}");
}

#[test]
fn ctrl_c_at_the_move_question_ends_the_game_by_sigint() {
    let Some((mut quattro, _)) = start_as_ann(false) else {
        return;
    };
    quattro.press(ControlCode::EndOfText);
    let (end, status) = quattro.finish();
    assert!(!end.contains("Cards held"), "{end}");
    assert!(
        matches!(status, WaitStatus::Signaled(_, Signal::SIGINT, _)),
        "{status:?}"
    );
}

#[test]
fn without_no_color_a_terminal_gets_the_cards_in_colour() {
    let Some((mut quattro, first_turn)) = start_as_ann(true) else {
        return;
    };
    // R7, the top card, in red (SGR 31), then back to plain (SGR 0).
    assert!(
        first_turn.contains("Top card: \u{1b}[31mR7\u{1b}[0m\n"),
        "{first_turn:?}"
    );
    // G0 in the hand, in green (SGR 32).
    assert!(first_turn.contains("\u{1b}[32mG0"), "{first_turn:?}");
    quattro.answer("q");
    let (_, status) = quattro.finish();
    assert!(matches!(status, WaitStatus::Exited(_, 0)), "{status:?}");
}
