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
//! The pseudo-terminal side (the start on a pty, the answers, the check of the
//! terminal's settings at the end) is shared by the four games' terminal tests:
//! `tests/support/pty.rs` at the top of the workspace.

#[path = "../../../tests/support/pty.rs"]
mod pty;

use pty::{ControlCode, Signal, Terminal, WaitStatus};

/// The game under test.
const PROGRAM: &str = env!("CARGO_BIN_EXE_ochos-locos");
/// The question on each of the human's turns.
const PLAY: &str = "Your play (? rules, q quits): ";
/// The question after the human plays an 8.
const COLOUR: &str = "Colour to follow (R, Y, G or B; ? rules, q quits): ";
/// The line on stderr when the input ends first.
const INPUT_ENDED: &str = "ochos-locos: the input ended before the game did; nobody won\n";
/// The arguments of every test: the example deal, Bob's seat played at the terminal.
const ARGS: [&str; 4] = ["completos", "--sample", "--human", "Bob"];

#[test]
fn wrong_answers_are_asked_again_and_the_game_is_played_to_its_end_status_0() {
    let Some(mut game) = Terminal::spawn(PROGRAM, &ARGS, false) else {
        return;
    };
    let first_turn = game.expect(PLAY);
    assert_eq!(
        first_turn,
        "Ochos Locos (completos): you play Bob against Alice, Carol and Dave.\n\
         Type ? at a question for the rules, q to quit.\n\
         The cards are dealt; the first card on the discard pile is B3.\n\
         Alice plays B1 (4 cards left).\nYour turn, Bob.\n\
         Alice holds 4, Carol holds 5, Dave holds 5, the deck 11\n\
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
        second_turn.starts_with("1\nYou play Y1 (4 cards left).\n"),
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
        third_turn.starts_with("blue\nYou play B8 and name blue (3 cards left).\n"),
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
        "1\nYou play Y4 (5 cards left).\nCarol cannot play and draws a card (now 4 cards).\n\
         Dave plays Y5 (no cards left).\nDave wins: they laid their last card first. You lose.\n"
    );
    assert!(matches!(status, WaitStatus::Exited(_, 0)), "{status:?}");
}

#[test]
fn ctrl_d_at_the_play_question_is_the_end_of_the_input_status_1() {
    let Some(mut game) = Terminal::spawn(PROGRAM, &ARGS, false) else {
        return;
    };
    game.expect(PLAY);
    game.answer("1");
    game.expect(PLAY);
    game.press(ControlCode::EndOfTransmission);
    let (end, status) = game.finish();
    assert!(end.contains(INPUT_ENDED), "{end}");
    assert!(!end.contains("wins"), "{end}");
    assert!(matches!(status, WaitStatus::Exited(_, 1)), "{status:?}");
}

#[test]
fn ctrl_d_at_the_colour_question_is_the_end_of_the_input_status_1() {
    let Some(mut game) = Terminal::spawn(PROGRAM, &ARGS, false) else {
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
    let Some(mut game) = Terminal::spawn(PROGRAM, &ARGS, false) else {
        return;
    };
    game.expect(PLAY);
    game.answer("1");
    game.expect(PLAY);
    game.press(ControlCode::EndOfText);
    let (end, status) = game.finish();
    assert!(!end.contains("wins"), "{end}");
    assert!(!end.contains(INPUT_ENDED), "{end}");
    assert!(
        matches!(status, WaitStatus::Signaled(_, Signal::SIGINT, _)),
        "{status:?}"
    );
}

#[test]
fn without_no_color_a_terminal_gets_the_cards_in_colour() {
    let Some(mut game) = Terminal::spawn(PROGRAM, &ARGS, true) else {
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
