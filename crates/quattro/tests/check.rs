//! `quattro::check::check` on transcripts of the project's own console (`--echo`, the
//! human's answers in the transcript) and on hand-made transcripts, each breaking one
//! rule at a known line.

// A test: a setup that fails is the test failing.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use quattro::check::{Problem, check};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn case(name: &str) -> String {
    std::fs::read_to_string(root().join("tests/cmd/quattro").join(name)).unwrap()
}

/// The console's games of the assignment's rules with a human at the table, as
/// `tests/cmd/quattro` records them (`--echo`).
const HUMAN_GAMES: [&str; 8] = [
    "deck-human.stdout",
    "whole-game-win.stdout",
    "play-again.stdout",
    "invalid-answers.stdout",
    "name-refused.stdout",
    "draw-refused-names-every-playable-card.stdout",
    "quit-at-move.stdout",
    "hostile-crlf-answers.stdout",
];

#[test]
fn our_consoles_games_pass() {
    for name in HUMAN_GAMES {
        let text = case(name);
        let checked = check(&text, None).unwrap_or_else(|v| panic!("{name}: {v}"));
        eprintln!("{name}: {checked}");
    }
}

/// A hand-worked start in the kit solution's words: Ann plays R1 on R5 (same colour),
/// Player 2 Y1 on it (same number), Player 3 draws (4 cards), Player 4 Y4 on Y1 (same
/// colour); Ann's next turn shows Y4 on top and her two cards left.
const START: &str = "\
What is your name? 
Ann, your turn. Top card: R5
Your hand:
  R1
  Y7
  G2
Player 2 holds 3 cards.
Player 3 holds 3 cards.
Player 4 holds 3 cards.
Type the code of a card to play, or draw: You play R1.
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
Type the code of a card to play, or draw: ";

fn rule_at(text: &str, answers: Option<&[String]>) -> (usize, String) {
    match check(text, answers) {
        Ok(checked) => panic!("passed: {checked}"),
        Err(v) => match v.problem {
            Problem::Rule(rule) => (v.line, rule),
            Problem::Unreadable(what) => panic!("unreadable at line {}: {what}", v.line),
        },
    }
}

fn answers(list: &[&str]) -> Vec<String> {
    list.iter().map(|&a| a.to_owned()).collect()
}

#[test]
fn a_hand_worked_start_passes_in_every_reading() {
    let checked = check(START, None).unwrap();
    assert_eq!(
        (checked.turns, checked.winner, checked.quit),
        (2, None, true)
    );
    // The answers the text allows: the code in either case, the place in the hand.
    for typed in ["R1", "r1", "1"] {
        check(START, Some(&answers(&["Ann", typed]))).unwrap();
    }
    // The hand listed top last (reversed) is the same hand.
    let reversed = START
        .replace("  R1\n  Y7\n  G2\n", "  G2\n  Y7\n  R1\n")
        .replace("  Y7\n  G2\n", "  G2\n  Y7\n");
    check(&reversed, None).unwrap();
    // A terminal session of a program that colours its cards.
    let coloured = START.replace("R1", "\u{1b}[31mR1\u{1b}[0m");
    check(&coloured, None).unwrap();
    // A bot's line may say why it draws in words of a refusal.
    let why = START.replace(
        "Player 3 draws a card",
        "Player 3 can't play and draws a card",
    );
    check(&why, None).unwrap();
}

#[test]
fn the_top_card_is_the_last_card_played() {
    let text = START.replace("Top card: Y4", "Top card: Y1");
    let (line, rule) = rule_at(&text, None);
    assert_eq!(line, 15);
    assert!(
        rule.contains("the top card is the last card played"),
        "{rule}"
    );
}

#[test]
fn a_count_shown_must_be_the_players() {
    // Player 3 drew one card: 4, not 3.
    let text = START.replace("Player 3 holds 4 cards.", "Player 3 holds 3 cards.");
    let (line, rule) = rule_at(&text, None);
    assert_eq!(line, 20);
    assert!(
        rule.contains("how many cards the other players hold"),
        "{rule}"
    );
    // On a bot's line, its count before or after the move passes; another does not.
    let text = START.replace("draws a card (4 cards)", "draws a card (5 cards)");
    let (line, rule) = rule_at(&text, None);
    assert_eq!(line, 12);
    assert!(rule.contains("takes one card from the draw pile"), "{rule}");
}

#[test]
fn a_draw_is_taken_only_without_a_match() {
    // R1 matches R5: drawing B3 instead breaks rule 5.
    let text = START
        .replace("You play R1.", "You draw B3.")
        .replace(
            "Player 2 plays Y1 (2 cards).",
            "Player 2 plays R9 (2 cards).",
        )
        .replace(
            "Player 4 plays Y4 (2 cards).",
            "Player 4 plays R4 (2 cards).",
        )
        .replace(
            "Top card: Y4\nYour hand:\n  Y7\n  G2\n",
            "Top card: R4\nYour hand:\n  R1\n  Y7\n  G2\n  B3\n",
        );
    let (line, rule) = rule_at(&text, None);
    assert_eq!(line, 10);
    assert!(rule.contains("rule 5"), "{rule}");
}

#[test]
fn a_card_that_does_not_match_is_not_played() {
    let text = START.replace("Player 4 plays Y4", "Player 4 plays G4");
    let (line, rule) = rule_at(&text.replace("Top card: Y4", "Top card: G4"), None);
    assert_eq!(line, 13);
    assert!(rule.contains("does not match"), "{rule}");
}

#[test]
fn an_invalid_selection_is_refused_with_a_message() {
    // Z9 typed first, then R1: a program that asks again without a word fails Task 3.
    let silent = START.replace(
        "Type the code of a card to play, or draw: You play R1.",
        "Type the code of a card to play, or draw: Type the code of a card to play, or draw: You play R1.",
    );
    let given = answers(&["Ann", "Z9", "R1"]);
    let (line, rule) = rule_at(&silent, Some(&given));
    assert_eq!(line, 10);
    assert!(
        rule.contains("an invalid selection is refused with a message"),
        "{rule}"
    );
    let told = START.replace(
        "Type the code of a card to play, or draw: You play R1.",
        "Type the code of a card to play, or draw: You don't hold Z9.\nType the code of a card to play, or draw: You play R1.",
    );
    check(&told, Some(&given)).unwrap();
}

#[test]
fn a_blank_name_is_refused() {
    let (line, rule) = rule_at(START, Some(&answers(&["", "Ann", "R1"])));
    assert_eq!(line, 1);
    assert!(
        rule.contains("the blank name was taken as the name"),
        "{rule}"
    );
    let asked_again = START.replacen(
        "What is your name? \n",
        "What is your name? A name is required.\nWhat is your name? \n",
        1,
    );
    check(&asked_again, Some(&answers(&["", "Ann", "R1"]))).unwrap();
}

#[test]
fn a_program_without_card_codes_is_unreadable_not_wrong() {
    let text =
        "What is your name? Ann\nAnn, your turn. Top card: Red 5\nYour hand: Yellow 7, Red 1\n";
    let violation = check(text, None).unwrap_err();
    assert!(!violation.is_rule(), "{violation}");
    assert_eq!(violation.line, 4);
}

#[test]
fn a_long_transcript_is_read_in_one_pass() {
    // 50,000 refusals at one turn (about 3 MB, the most `quattro check` reads is 4):
    // the lines are not compared each with each, so the check ends, and finds the play
    // after them.
    let refusals = "Type the code of a card to play, or draw: You don't hold Z9.\n".repeat(50_000);
    let text = START.replace(
        "Type the code of a card to play, or draw: You play R1.",
        &format!("{refusals}Type the code of a card to play, or draw: You play R1."),
    );
    let checked = check(&text, None).unwrap();
    assert_eq!(checked.turns, 2);
}

/// What `quattro --seed SEED --echo` prints given `input`.
fn ours(seed: u64, input: &str) -> String {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_quattro"))
        .args(["--seed", &seed.to_string(), "--echo"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap()
}

#[test]
fn our_consoles_random_games_pass_the_rules_shown_midway_included() {
    // The rules (`?`) say "the first player with no cards left wins": no winner named.
    // With its answers too: `q` quits, said on a line ("You quit: nobody won.").
    let input = "Ann\n?\ndraw\nhello\nq\n";
    let text = ours(1, input);
    for given in [None, Some(answers(&input.lines().collect::<Vec<_>>()))] {
        let checked = check(&text, given.as_deref()).unwrap_or_else(|v| panic!("{v}\n{text}"));
        assert!(checked.quit && checked.winner.is_none(), "{checked}");
    }
    // Whole games: draw when nothing matches, else the first place that matches.
    let moves = "draw\n1\n2\n3\n4\n5\n6\n7\n8\n".repeat(60);
    for seed in 1..=30 {
        let input = format!("Ann\n{moves}");
        let text = ours(seed, &input);
        let given = answers(&input.lines().collect::<Vec<_>>());
        for given in [None, Some(given)] {
            let checked = check(&text, given.as_deref())
                .unwrap_or_else(|v| panic!("seed {seed}: {v}\n{text}"));
            assert!(checked.winner.is_some(), "seed {seed}: {checked}");
        }
    }
}

#[test]
fn a_line_quoted_in_a_verdict_cannot_act_on_the_terminal() {
    // A bot's play that does not match, with an escape sequence on its line.
    let text = START.replace(
        "Player 4 plays Y4 (2 cards).",
        "Player 4 plays G4 (2 cards).\u{1b}[2J",
    );
    let said = check(&text, None).unwrap_err().to_string();
    assert!(said.starts_with("line 13: "), "{said}");
    assert!(!said.contains('\u{1b}'), "{said}");
}
