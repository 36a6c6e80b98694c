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
//! The pseudo-terminal side (the start on a pty, the answers, the check of the
//! terminal's settings at the end) is shared by the four games' terminal tests:
//! `tests/support/pty.rs` at the top of the workspace.

#[path = "../../../tests/support/pty.rs"]
mod pty;

use pty::{ControlCode, Signal, Terminal, WaitStatus};

/// The game under test.
const PROGRAM: &str = env!("CARGO_BIN_EXE_quattro");
/// The first question.
const NAME: &str = "What is your name? ";
/// The question on each of the human's turns.
const MOVE: &str = "Your move (a card code such as R5 or its number, or draw; ? rules, q quits): ";
/// The line on stderr when the input ends first.
const INPUT_ENDED: &str = "quattro: the input ended before the game did; nobody won\n";

/// Starts seed 2's game and answers the name question with Ann: gives the text up to
/// the first move question.
fn start_as_ann(color: bool) -> Option<(Terminal, String)> {
    let mut quattro = Terminal::spawn(PROGRAM, &["--seed", "2"], color)?;
    quattro.expect(NAME);
    quattro.answer("Ann");
    let first_turn = quattro.expect(MOVE);
    Some((quattro, first_turn))
}

#[test]
fn wrong_answers_are_asked_again_a_card_is_played_and_q_quits_with_status_0() {
    let Some(mut quattro) = Terminal::spawn(PROGRAM, &["--seed", "2"], false) else {
        return;
    };
    // The first line says which game before anything is asked.
    assert_eq!(
        quattro.expect(NAME),
        "Quattro: you against three bots.\n".to_owned() + NAME
    );
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
        first_turn.contains("Top card: R1\nYour hand:\n  1) R0  red 0\n  2) G2  green 2\n"),
        "{first_turn}"
    );
    quattro.answer("X9");
    assert_eq!(
        quattro.expect(MOVE),
        "X9\n'X9' is not a card: type a code as shown in your hand (such as R5), or draw.\n"
            .to_owned()
            + MOVE
    );
    // The first card of the hand as listed, by its number.
    quattro.answer("1");
    let second_turn = quattro.expect(MOVE);
    assert!(
        second_turn.starts_with("1\nYou play R0 (2 cards left).\n"),
        "{second_turn}"
    );
    assert!(second_turn.contains("Top card: G9\n"), "{second_turn}");
    quattro.answer("G2");
    let third_turn = quattro.expect(MOVE);
    assert!(
        third_turn.starts_with("G2\nYou play G2 (1 card left).\n"),
        "{third_turn}"
    );
    quattro.answer("q");
    let (end, status) = quattro.finish();
    assert_eq!(
        end,
        "q\n\nYou quit: nobody won.\nCards held: Ann 1, Player 2 3, Player 3 3, Player 4 3\n"
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
    let Some(mut quattro) = Terminal::spawn(PROGRAM, &["--seed", "2"], false) else {
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
    // R1, the top card, in red (SGR 31), then back to plain (SGR 0).
    assert!(
        first_turn.contains("Top card: \u{1b}[31mR1\u{1b}[0m\n"),
        "{first_turn:?}"
    );
    // G2 in the hand, in green (SGR 32).
    assert!(first_turn.contains("\u{1b}[32mG2"), "{first_turn:?}");
    quattro.answer("q");
    let (_, status) = quattro.finish();
    assert!(matches!(status, WaitStatus::Exited(_, 0)), "{status:?}");
}
