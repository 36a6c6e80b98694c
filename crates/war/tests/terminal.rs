//! Terminal tests (issue 12): the real `war` binary played through a pseudo-terminal
//! with `expectrl`, as at a student's keyboard. Each answer is typed only once its
//! prompt has been seen. A wrong answer is refused and asked again; `q` quits with exit
//! status 0 and the summary; Ctrl-D at the prompt is the end of the input (exit status
//! 1, the summary, and one line on stderr); Ctrl-C kills the game by SIGINT. Whatever
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
const PROGRAM: &str = env!("CARGO_BIN_EXE_war");
/// The question asked before each battle.
const PROMPT: &str = "Enter: one battle, a number: that many, h: hands, ?: rules, q: quit > ";
/// The line on stderr when the input ends first.
const INPUT_ENDED: &str = "war: the input ended before the game did; nobody won\n";

#[test]
fn a_wrong_answer_is_asked_again_battles_are_played_and_q_quits_with_status_0() {
    let Some(mut war) = Terminal::spawn(PROGRAM, &["--seed", "57"], false) else {
        return;
    };
    let deal = war.expect(PROMPT);
    assert!(deal.contains("Player 1 (26 cards): 2H 5S JH"), "{deal}");
    war.answer("");
    let battle = war.expect(PROMPT);
    assert!(
        battle.contains(
            "Battle 1: Player 1 plays 2H, Player 2 plays 9D. Player 2 wins and takes 2 cards.\n"
        ),
        "{battle}"
    );
    war.answer("x");
    let refusal = war.expect(PROMPT);
    assert_eq!(
        refusal,
        "x\nPlease press Enter for one battle, type a number of battles (1 or more), \
         h for the hands, ? for the rules, or q to quit.\n"
            .to_owned()
            + PROMPT
    );
    war.answer("3");
    let battles = war.expect(PROMPT);
    assert!(
        battles.contains("Battle 3: Player 1 plays JH, Player 2 plays JD."),
        "{battles}"
    );
    assert!(battles.contains("War 1 (battle 4)"), "{battles}");
    assert!(battles.contains("Battle 5: Player 1 plays 6C"), "{battles}");
    war.answer("q");
    let (end, status) = war.finish();
    assert_eq!(
        end,
        "q\n\nNo winner: the game was quit.\nBattles fought: 5\nWars fought: 1\n"
    );
    assert!(matches!(status, WaitStatus::Exited(_, 0)), "{status:?}");
}

#[test]
fn ctrl_d_at_the_prompt_is_the_end_of_the_input_status_1() {
    let Some(mut war) = Terminal::spawn(PROGRAM, &["--seed", "57"], false) else {
        return;
    };
    war.expect(PROMPT);
    war.answer("");
    war.expect(PROMPT);
    war.press(ControlCode::EndOfTransmission);
    let (end, status) = war.finish();
    // The counts on stdout, and why the game ended once, on stderr.
    assert!(
        end.contains("\nBattles fought: 1\nWars fought: 0\n"),
        "{end}"
    );
    assert!(end.contains(INPUT_ENDED), "{end}");
    assert_eq!(end.matches("input ended").count(), 1, "{end}");
    assert!(matches!(status, WaitStatus::Exited(_, 1)), "{status:?}");
}

#[test]
fn ctrl_c_at_the_prompt_ends_the_game_by_sigint() {
    let Some(mut war) = Terminal::spawn(PROGRAM, &["--seed", "57"], false) else {
        return;
    };
    war.expect(PROMPT);
    war.answer("2");
    war.expect(PROMPT);
    war.press(ControlCode::EndOfText);
    let (end, status) = war.finish();
    assert!(!end.contains("Battles fought"), "{end}");
    assert!(
        matches!(status, WaitStatus::Signaled(_, Signal::SIGINT, _)),
        "{status:?}"
    );
}

#[test]
fn a_colour_terminal_gets_red_hearts_and_diamonds_and_bold_clubs_and_spades() {
    let Some(mut war) = Terminal::spawn(PROGRAM, &["--seed", "57"], true) else {
        return;
    };
    let deal = war.expect(PROMPT);
    // 2H red (SGR 31), 5S bold (SGR 1), each back to plain (SGR 0).
    assert!(
        deal.contains("Player 1 (26 cards): \u{1b}[31m2H\u{1b}[0m \u{1b}[1m5S\u{1b}[0m"),
        "{deal:?}"
    );
    war.answer("q");
    let (_, status) = war.finish();
    assert!(matches!(status, WaitStatus::Exited(_, 0)), "{status:?}");
}

#[test]
fn a_dumb_terminal_gets_no_colour() {
    // The check that the text holds no escape sequence is the pty helper's.
    let Some(mut war) = Terminal::spawn_dumb(PROGRAM, &["--seed", "57"]) else {
        return;
    };
    let deal = war.expect(PROMPT);
    assert!(deal.contains("Player 1 (26 cards): 2H 5S JH"), "{deal:?}");
    war.answer("q");
    let (_, status) = war.finish();
    assert!(matches!(status, WaitStatus::Exited(_, 0)), "{status:?}");
}
