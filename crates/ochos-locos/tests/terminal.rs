//! Terminal tests (issue 12): the real `ochos-locos` binary played through a
//! pseudo-terminal with `expectrl`, as at a student's keyboard: `ochos-locos completos
//! --sample --human Bob`, Bob's seat of the assignment's example. Each answer is typed
//! only once its prompt has been seen. Wrong plays and a wrong colour are refused and
//! asked again, and the game is played to its end (exit status 0; Ochos Locos has no
//! quit answer); Ctrl-D at a question is the end of the input (exit status 1 and one
//! line on stderr); Ctrl-C kills the game by SIGINT. Whatever
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
/// The question on each of the human's turns.
const PLAY: &str = "Your play: ";
/// The question after the human plays an 8.
const COLOUR: &str = "Colour to follow (R, Y, G or B): ";
/// The line on stderr when the input ends first.
const INPUT_ENDED: &str = "ochos-locos: the input ended before the game did; nobody won\n";
/// The arguments of every test: the example deal, Bob's seat played at the terminal.
const ARGS: [&str; 4] = ["completos", "--sample", "--human", "Bob"];

/// A game running on a pseudo-terminal.
struct Terminal {
    session: OsSession,
    /// `stty -a` on the pty just after the start (`None` when there is no `stty`).
    settings: Option<String>,
    /// Whether the game may colour its cards (`NO_COLOR` unset).
    color: bool,
}

impl Terminal {
    /// Starts `ochos-locos ARGS` on a new pty, with `NO_COLOR=1` unless `color`, or gives
    /// `None` (with a note) when this machine has no pseudo-terminals.
    fn spawn(args: &[&str], color: bool) -> Option<Self> {
        if let Err(error) = OpenOptions::new().read(true).write(true).open("/dev/ptmx") {
            eprintln!("note: skipped, no pseudo-terminal can be opened here: {error}");
            return None;
        }
        let program = env!("CARGO_BIN_EXE_ochos-locos");
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

#[test]
fn wrong_answers_are_asked_again_and_the_game_is_played_to_its_end_status_0() {
    let Some(mut game) = Terminal::spawn(&ARGS, false) else {
        return;
    };
    let first_turn = game.expect(PLAY);
    assert_eq!(
        first_turn,
        "Alice Y3 Y7 Y8 B7: B1\nAlice holds 4, Carol holds 5, Dave holds 5, the deck 11\n\
         Your hand: R8 Y1 G4 G8 B8\nTo match: B1\nYour plays: 1) Y1 2) B8\n"
            .to_owned()
            + PLAY
    );
    game.answer("x");
    assert_eq!(
        game.expect(PLAY),
        "x\n'x' is not a play: type a card (like Y1) or its number (1 to 2).\n".to_owned() + PLAY
    );
    game.answer("1");
    let second_turn = game.expect(PLAY);
    assert!(
        second_turn.starts_with("1\nBob R8 G4 G8 B8: Y1\n"),
        "{second_turn}"
    );
    assert!(
        second_turn.contains("To match: B7\nYour plays: 1) B8\n"),
        "{second_turn}"
    );
    game.answer("2");
    assert_eq!(
        game.expect(PLAY),
        "2\nThere is no play 2: type a card (like B8) or its number (1).\n".to_owned() + PLAY
    );
    game.answer("b8");
    assert_eq!(game.expect(COLOUR), "b8\n".to_owned() + COLOUR);
    game.answer("purple");
    assert_eq!(
        game.expect(COLOUR),
        "purple\n'purple' is not a colour: type R, Y, G or B (or red, yellow, green, blue).\n"
            .to_owned()
            + COLOUR
    );
    game.answer("blue");
    let third_turn = game.expect(PLAY);
    assert!(
        third_turn.starts_with("blue\nBob R8 G4 G8: B8 (B)\n"),
        "{third_turn}"
    );
    for _ in 0..2 {
        game.answer("1");
        game.expect(PLAY);
    }
    game.answer("1");
    let (end, status) = game.finish();
    assert_eq!(
        end,
        "1\nBob R8 G8 R1 G1 Y2: Y4\nCarol R3 R7 G6 B4: DRAW\nDave: Y5\nDave is the winner!\n"
    );
    assert!(matches!(status, WaitStatus::Exited(_, 0)), "{status:?}");
}

#[test]
fn ctrl_d_at_the_play_question_is_the_end_of_the_input_status_1() {
    let Some(mut game) = Terminal::spawn(&ARGS, false) else {
        return;
    };
    game.expect(PLAY);
    game.answer("1");
    game.expect(PLAY);
    game.press(ControlCode::EndOfTransmission);
    let (end, status) = game.finish();
    assert!(end.contains(INPUT_ENDED), "{end}");
    assert!(!end.contains("winner"), "{end}");
    assert!(matches!(status, WaitStatus::Exited(_, 1)), "{status:?}");
}

#[test]
fn ctrl_d_at_the_colour_question_is_the_end_of_the_input_status_1() {
    let Some(mut game) = Terminal::spawn(&ARGS, false) else {
        return;
    };
    game.expect(PLAY);
    game.answer("2");
    game.expect(COLOUR);
    game.press(ControlCode::EndOfTransmission);
    let (end, status) = game.finish();
    assert!(end.contains(INPUT_ENDED), "{end}");
    assert!(matches!(status, WaitStatus::Exited(_, 1)), "{status:?}");
}

#[test]
fn ctrl_c_at_the_play_question_ends_the_game_by_sigint() {
    let Some(mut game) = Terminal::spawn(&ARGS, false) else {
        return;
    };
    game.expect(PLAY);
    game.answer("1");
    game.expect(PLAY);
    game.press(ControlCode::EndOfText);
    let (end, status) = game.finish();
    assert!(!end.contains("winner"), "{end}");
    assert!(!end.contains(INPUT_ENDED), "{end}");
    assert!(
        matches!(status, WaitStatus::Signaled(_, Signal::SIGINT, _)),
        "{status:?}"
    );
}

#[test]
fn without_no_color_a_terminal_gets_the_cards_in_colour() {
    let Some(mut game) = Terminal::spawn(&ARGS, true) else {
        return;
    };
    let first_turn = game.expect(PLAY);
    // B1, the card to match, in blue (SGR 34), then back to plain (SGR 0).
    assert!(
        first_turn.contains("To match: \u{1b}[34mB1\u{1b}[0m\n"),
        "{first_turn:?}"
    );
    // R8, the first card in Bob's hand, in red (SGR 31).
    assert!(
        first_turn.contains("Your hand: \u{1b}[31mR8\u{1b}[0m"),
        "{first_turn:?}"
    );
    game.press(ControlCode::EndOfTransmission);
    let (end, status) = game.finish();
    assert!(end.contains(INPUT_ENDED), "{end}");
    assert!(matches!(status, WaitStatus::Exited(_, 1)), "{status:?}");
}
