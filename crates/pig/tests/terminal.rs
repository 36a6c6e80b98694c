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
//! The pseudo-terminal side (the start on a pty, the answers, the check of the
//! terminal's settings at the end) is shared by the four games' terminal tests:
//! `tests/support/pty.rs` at the top of the workspace.

#[path = "../../../tests/support/pty.rs"]
mod pty;

use pty::{ControlCode, Signal, Terminal, WaitStatus};

/// The game under test.
const PROGRAM: &str = env!("CARGO_BIN_EXE_pig");
/// The question asked before each of the human's rolls.
const PROMPT: &str = "Hold dice (Y/N?) ?";
/// The line on stderr when the input ends first.
const INPUT_ENDED: &str = "pig: the input ended before the game did; nobody won\n";

#[test]
fn a_wrong_answer_is_asked_again_turns_are_played_and_q_quits_with_status_0() {
    let Some(mut pig) = Terminal::spawn(PROGRAM, &["--seed", "1810"], false) else {
        return;
    };
    let welcome = pig.expect(PROMPT);
    assert!(
        welcome.starts_with("Welcome to the Game of Pig!\n"),
        "{welcome}"
    );
    assert!(
        welcome.ends_with(&format!(
            "N to roll.\nType ? at the prompt for the rules, q to quit.\n\n\
             Player: Human, Total Points = 0\n{PROMPT}"
        )),
        "at a terminal the welcome ends with the hint: {welcome}"
    );
    pig.answer("?");
    let rules = pig.expect(PROMPT);
    assert!(
        rules.starts_with("?\nRules: Human plays against Computer;")
            && rules.ends_with(&format!("Answer q to quit.\n{PROMPT}")),
        "{rules}"
    );
    pig.answer("maybe");
    assert_eq!(
        pig.expect(PROMPT),
        "maybe\nPlease answer Y or N.\n".to_owned() + PROMPT
    );
    pig.answer("y");
    let computer = pig.expect(PROMPT);
    assert!(
        computer.contains(
            "Player: Computer, Total Points = 0\nRoll=(2,1), Roll Points = 3, Turn Points = 3"
        ),
        "{computer}"
    );
    assert!(
        computer.contains("Player: Computer, Total Points = 21\n"),
        "{computer}"
    );
    pig.answer("n");
    let roll = pig.expect(PROMPT);
    assert_eq!(
        roll,
        "n\nRoll=(1,4), Roll Points = 5, Turn Points = 5, Total Points = 5\n".to_owned() + PROMPT
    );
    pig.answer("N");
    let double = pig.expect(PROMPT);
    assert_eq!(
        double,
        "N\nRoll=(6,6), Roll Points = 24, Turn Points = 29, Total Points = 29\n".to_owned()
            + PROMPT
    );
    pig.answer("Y");
    let held = pig.expect(PROMPT);
    assert!(
        held.starts_with("Y\nPlayer: Human, Total Points = 29\n"),
        "{held}"
    );
    assert!(
        held.contains("Player: Computer, Total Points = 48\n"),
        "{held}"
    );
    pig.answer("n");
    pig.expect(PROMPT);
    pig.answer("n");
    pig.expect(PROMPT);
    pig.answer("y");
    let computer_busts = pig.expect(PROMPT);
    assert!(
        computer_busts.contains(
            "Roll=(1,1), Roll Points = 0, Turn Points = 0, Total Points = 48\n\
             Player: Computer, Total Points = 48\n"
        ),
        "{computer_busts}"
    );
    pig.answer("n");
    let snake_eyes = pig.expect(PROMPT);
    assert!(
        snake_eyes
            .starts_with("n\nRoll=(1,1), Roll Points = 0, Turn Points = 0, Total Points = 61\n"),
        "{snake_eyes}"
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
        end.ends_with("\nYou quit: nobody won.\nTotal Points: Human 61, Computer 48\n"),
        "{end:?}"
    );
    assert!(matches!(status, WaitStatus::Exited(_, 0)), "{status:?}");
}

#[test]
fn ctrl_d_at_the_prompt_is_the_end_of_the_input_status_1() {
    let Some(mut pig) = Terminal::spawn(PROGRAM, &["--seed", "1810"], false) else {
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
    let Some(mut pig) = Terminal::spawn(PROGRAM, &["--seed", "1810"], false) else {
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
