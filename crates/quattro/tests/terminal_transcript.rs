//! `quattro::check::check` on what a terminal shows: the program's output with each
//! answer where it was typed, after its question or alone on the next line (what
//! `quattro grade` checks, and what a student's saved terminal session holds). Hand-worked
//! games in the words of the Quattro kit's solution and of two of its variants, read with
//! the answers typed and without them.

// A test: a setup that fails is the test failing.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use quattro::check::{Problem, check};

/// The kit solution's words. Ann holds R1 Y7 G2 on R5: `draw` is refused (R1 matches),
/// `Z9` is refused (not held), R1 is played; Player 2 plays Y1 (same number), Player 3
/// draws (4 cards), Player 4 plays Y4 (same colour). On Y4 Ann plays Y7; Player 2 plays
/// Y2 (same colour, 1 card), Player 3 B2 (same number, 3 cards), Player 4 draws (3
/// cards). On B2 Ann holds G2; the input ends there.
const KIT: &str = "\
Welcome to Quattro! Match the top card's colour or number; the first to play all their cards wins.
What is your name? 
A name is required: please type your name (it can't be blank).
What is your name? Ann

Ann, your turn. Top card: R5
Your hand:
  R1
  Y7
  G2
Player 2 holds 3 cards.
Player 3 holds 3 cards.
Player 4 holds 3 cards.
Type the code of a card to play, or draw: draw
You can't draw while you hold a card you can play.
Type the code of a card to play, or draw: Z9
You don't hold Z9: choose a card from your hand.
Type the code of a card to play, or draw: R1
You play R1.
Player 2 plays Y1 (2 cards).
Player 3 draws a card (4 cards).
Player 4 plays Y4 (2 cards).

Ann, your turn. Top card: Y4
Your hand:
  Y7
  G2
Player 2 holds 2 cards.
Player 3 holds 4 cards.
Player 4 holds 2 cards.
Type the code of a card to play, or draw: Y7
You play Y7.
Player 2 plays Y2 (1 card).
Player 3 plays B2 (3 cards).
Player 4 draws a card (3 cards).

Ann, your turn. Top card: B2
Your hand:
  G2
Player 2 holds 1 card.
Player 3 holds 3 cards.
Player 4 holds 3 cards.
Type the code of a card to play, or draw: 
The input ended: nobody won.
";

const KIT_ANSWERS: [&str; 6] = ["", "Ann", "draw", "Z9", "R1", "Y7"];

fn answers(typed: &[&str]) -> Vec<String> {
    typed.iter().map(|a| (*a).to_owned()).collect()
}

#[test]
fn answers_typed_after_the_question_are_the_humans() {
    let typed = answers(&KIT_ANSWERS);
    let checked = check(KIT, Some(&typed)).unwrap_or_else(|v| panic!("{v}"));
    assert_eq!((checked.turns, checked.quit), (3, true), "{checked}");
    let checked = check(KIT, None).unwrap_or_else(|v| panic!("{v}"));
    assert_eq!((checked.turns, checked.quit), (3, true), "{checked}");
}

/// The same game with the kit variant's console (`another-console`): the question has
/// its line, the answer goes on the next, and no line says what the human played.
#[test]
fn answers_alone_on_the_line_after_the_question_are_the_humans() {
    let text = "\
What is your name? Ann
--- Ann ---
Your cards: R1, Y7, G2
Discard pile: R5
Which card? (0 if you have none)
0
Exception: You can't draw while you hold a card you can play.
Which card? (0 if you have none)
R1
Player 2 laid Y1, 2 cards left
Player 3 picks up, 4 cards left
Player 4 laid Y4, 2 cards left
--- Ann ---
Your cards: Y7, G2
Discard pile: Y4
Which card? (0 if you have none)
Y7
Player 2 laid Y2, 1 card left
Player 3 laid B2, 3 cards left
Player 4 picks up, 3 cards left
--- Ann ---
Your cards: G2
Discard pile: B2
Which card? (0 if you have none)
";
    let typed = answers(&["Ann", "0", "R1", "Y7"]);
    let checked = check(text, Some(&typed)).unwrap_or_else(|v| panic!("{v}"));
    assert_eq!(checked.turns, 3, "{checked}");
    let checked = check(text, None).unwrap_or_else(|v| panic!("{v}"));
    assert_eq!(checked.turns, 3, "{checked}");
}

/// The kit variant where a bot starts: the blank name refused and the name asked again,
/// then the first card turned and the bots' moves before Ann's first turn (R5 turned;
/// Player 2 plays R1, Player 3 draws, Player 4 plays Y1; Ann plays Y7 on it).
#[test]
fn a_blank_name_refused_before_the_bots_first_moves_is_refused() {
    let text = "\
What is your name? 
A name is required: please type your name (it can't be blank).
What is your name? Ann
The first card is R5.
Player 2 plays R1 (2 cards).
Player 3 draws a card (4 cards).
Player 4 plays Y1 (2 cards).

Ann, your turn. Top card: Y1
Your hand:
  Y7
  G2
  B3
Player 2 holds 2 cards.
Player 3 holds 4 cards.
Player 4 holds 2 cards.
Type the code of a card to play, or draw: Y7
You play Y7.
";
    let typed = answers(&["", "Ann", "Y7"]);
    check(text, Some(&typed)).unwrap_or_else(|v| panic!("{v}"));
    // Without the refusal, the blank name was taken.
    let taken = text.replace(
        "A name is required: please type your name (it can't be blank).\nWhat is your name? Ann\n",
        "",
    );
    let v = check(&taken, Some(&typed)).unwrap_err();
    assert!(
        matches!(&v.problem, Problem::Rule(r) if r.contains("the blank name was taken")),
        "{v}"
    );
}

/// Read as the human's, an answer typed is still judged: a program that takes the
/// `draw` typed while Ann holds R1 breaks rule 5, at the line that says so (the game
/// cut there).
#[test]
fn a_draw_typed_and_taken_with_a_match_is_still_a_broken_rule() {
    let cut = KIT.find("You play R1.").unwrap() + "You play R1.\n".len();
    let taken = KIT[..cut].replace(
        "You can't draw while you hold a card you can play.\n\
         Type the code of a card to play, or draw: Z9\n\
         You don't hold Z9: choose a card from your hand.\n\
         Type the code of a card to play, or draw: R1\n\
         You play R1.\n",
        "You draw B9.\n",
    );
    assert!(taken.ends_with("draw\nYou draw B9.\n"), "{taken}");
    for typed in [Some(answers(&["", "Ann", "draw"])), None] {
        let v = check(&taken, typed.as_deref()).unwrap_err();
        assert!(
            matches!(&v.problem, Problem::Rule(r) if r.contains("rule 5: with a matching card the player plays it")),
            "{v}"
        );
        assert_eq!(v.line, 15, "{v}");
    }
}
