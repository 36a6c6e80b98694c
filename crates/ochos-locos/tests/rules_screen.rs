//! Every rules screen held to the engine: each sentence of each rule set's rules text
//! (`?` at the terminal, the page's rules panel) is a claim, and each claim has a
//! hand-built position here that shows the game doing what it says. A sentence no check
//! knows fails the test, so a new or reworded claim cannot go unchecked.

// The helpers build this file's own positions: a bad one is this test's mistake.
#![allow(clippy::expect_used)]

use cards_core::ColorCard;
use cards_core::protocol::{Actor, GameState};
use cards_core::{Color, Outcome};
use ochos_locos::deck::DeckOrder;
use ochos_locos::render::rules_text;
use ochos_locos::rules::{EightRule, EndRule, Penalty};
use ochos_locos::{Action, Game, NoWinner, Player, Refusal, Rules, Variant};

fn cards(text: &str) -> Vec<ColorCard> {
    text.split_whitespace()
        .map(|code| code.parse().expect("a card code of this test"))
        .collect()
}

/// Two players, Alice (seat 0, to play first) and Bob, dealt `alice`, `bob` (five
/// cards each), the discard card and the deck (top first).
fn dealt(rules: Rules, alice: &str, bob: &str, discard: &str, deck: &str) -> Game {
    let order = cards(&format!("{alice} {bob} {discard} {deck}"));
    let mut game = Game::new(rules);
    game.add_player(Player::new("Alice"));
    game.add_player(Player::new("Bob"));
    for &card in &order {
        assert!(game.add_card(card).is_ok());
    }
    game.restart();
    let order = DeckOrder::from_cards(&order).expect("distinct cards of the deck");
    game.apply_chance(&order, &mut Vec::new())
        .expect("the deal of this test");
    game
}

fn play(card: &str) -> Action {
    Action::Play {
        card: cards(card)[0],
        chosen: None,
    }
}

fn play_naming(card: &str, color: Color) -> Action {
    Action::Play {
        card: cards(card)[0],
        chosen: Some(color),
    }
}

fn legal(game: &Game) -> Vec<Action> {
    let mut actions = Vec::new();
    game.legal_actions(&mut actions);
    actions
}

fn apply(game: &mut Game, action: Action) {
    game.apply(action, &mut Vec::new())
        .unwrap_or_else(|why| panic!("{action:?} refused: {why}"));
}

fn refused(game: &mut Game, action: Action) -> Refusal {
    match game.apply(action, &mut Vec::new()) {
        Ok(_) => panic!("{action:?} was accepted"),
        Err(why) => why,
    }
}

fn hand(game: &Game, seat: usize) -> usize {
    game.players()[seat].hand().len()
}

/// "On your turn, lay a card that matches the top of the discard pile in colour or
/// number."
fn lay_a_match(rules: Rules) {
    let mut game = dealt(rules, "R3 B5 Y7 G1 Y4", "G3 G4 G6 G7 B1", "R5", "B3 B4 B6");
    assert_eq!(legal(&game), [play("R3"), play("B5")]);
    assert!(matches!(
        refused(&mut game, play("Y7")),
        Refusal::NoMatch { .. }
    ));
    apply(&mut game, play("B5"));
    assert_eq!(game.discard_card(), Some(cards("B5")[0]));
}

/// "If you can play, you must; if you cannot, you draw a card."
fn must_play_else_draw(rules: Rules) {
    let mut game = dealt(rules, "R3 Y7 G1 Y4 G6", "Y5 G4 B6 G7 B1", "R5", "B3 B4 B7");
    assert!(matches!(
        refused(&mut game, Action::Draw),
        Refusal::MustPlay { .. }
    ));
    apply(&mut game, play("R3"));
    // Bob holds nothing red and no 3: drawing is all he may do, one card, and then it
    // is Alice's turn.
    assert_eq!(legal(&game), [Action::Draw]);
    apply(&mut game, Action::Draw);
    assert_eq!(hand(&game, 1), 6);
    assert_eq!(game.actor(), Actor::Seat(0));
}

/// "An 8 is laid as any card is, on its colour or on another 8. Whoever lays it,
/// unless it is their last card, names a colour: the next card must be of that colour
/// or an 8."
fn eight_matches_and_names(rules: Rules) {
    let mut game = dealt(
        rules,
        "B8 G8 R3 Y1 Y4",
        "Y3 B1 R8 G4 Y6",
        "G5",
        "B3 B4 B6 B7",
    );
    // B8 matches neither green nor 5.
    assert!(matches!(
        refused(&mut game, play_naming("B8", Color::Red)),
        Refusal::NoMatch { .. }
    ));
    assert!(matches!(
        refused(&mut game, play("G8")),
        Refusal::NoColorNamed { .. }
    ));
    apply(&mut game, play_naming("G8", Color::Blue));
    // Blue named: Bob's B1 (the colour) and R8 (an 8) may follow; G4, green like the
    // 8 itself, may not.
    let mut bob = legal(&game);
    bob.retain(|action| matches!(action, Action::Play { .. }));
    let laid: Vec<ColorCard> = bob
        .iter()
        .map(|action| match action {
            Action::Play { card, .. } => *card,
            Action::Draw => unreachable!("retained plays only"),
        })
        .collect();
    assert!(laid.contains(&cards("B1")[0]) && laid.contains(&cards("R8")[0]));
    assert!(!laid.contains(&cards("G4")[0]), "{laid:?}");
    assert!(matches!(
        refused(&mut game, play("G4")),
        Refusal::NoMatch { .. }
    ));

    // Alice lays her reds down to a last card, an 8, while Bob draws what never
    // matches: the last 8 names nothing.
    let mut game = dealt(
        rules,
        "R1 R3 R4 R6 R8",
        "Y5 Y7 G5 G7 B5",
        "R5",
        "Y1 G1 B1 B3 B4 B6",
    );
    for card in ["R1", "R3", "R4", "R6"] {
        apply(&mut game, play(card));
        apply(&mut game, Action::Draw);
    }
    assert!(matches!(
        refused(&mut game, play_naming("R8", Color::Blue)),
        Refusal::ColorNotWanted { .. }
    ));
    assert_eq!(legal(&game), [play("R8")]);
}

/// "An 8 is a card like any other."
fn eight_plain(rules: Rules) {
    let mut game = dealt(rules, "B8 G8 R3 Y1 Y4", "Y3 G4 R8 B6 Y6", "G5", "B3 B4 B7");
    assert!(matches!(
        refused(&mut game, play("B8")),
        Refusal::NoMatch { .. }
    ));
    assert!(matches!(
        refused(&mut game, play_naming("G8", Color::Blue)),
        Refusal::ColorNotWanted { .. }
    ));
    apply(&mut game, play("G8"));
    // On a green 8: green, or an 8.
    assert_eq!(legal(&game), [play("G4"), play("R8")]);
}

/// "A 2 must be answered: the next player lays a 2 if they hold one (any 2), or else
/// misses the turn and draws 2 cards [for each 2 in a row just played]."
fn two_answered(rules: Rules, penalty: Penalty) {
    let mut game = dealt(
        rules,
        "G2 R3 Y1 Y4 Y6",
        "B2 G4 G6 G7 B1",
        "G5",
        "B3 B4 B6 B7 R4 R6",
    );
    apply(&mut game, play("G2"));
    // Bob's greens match the 2's colour, but only a 2 answers it: any 2, a blue one.
    assert_eq!(legal(&game), [play("B2")]);
    assert!(matches!(
        refused(&mut game, play("G4")),
        Refusal::MustAnswerTwo { .. }
    ));
    apply(&mut game, play("B2"));
    // Alice holds no 2: she may only take the penalty, for the two 2s in a row.
    assert_eq!(legal(&game), [Action::Draw]);
    apply(&mut game, Action::Draw);
    let owed = match penalty {
        Penalty::Two => 2,
        Penalty::TwoPerTwo => 4,
    };
    assert_eq!(hand(&game, 0), 4 + owed);
    // She missed her turn: Bob plays, on the 2 as on any card.
    assert_eq!(game.actor(), Actor::Seat(1));
    assert!(legal(&game).contains(&play("B1")));
}

/// "The first player with no cards left wins."
fn first_out_wins(rules: Rules) {
    let mut game = dealt(
        rules,
        "R1 R3 R4 R6 R7",
        "Y5 Y7 G5 G7 B5",
        "R5",
        "Y1 G1 B1 B3 B4 B6",
    );
    for card in ["R1", "R3", "R4", "R6"] {
        apply(&mut game, play(card));
        apply(&mut game, Action::Draw);
    }
    apply(&mut game, play("R7"));
    assert_eq!(game.outcome(), Some(Outcome::Winner { seat: 0 }));
    assert_eq!(game.actor(), Actor::Over);
}

/// "The game ends with no winner when a draw takes the deck's last card or finds the
/// deck empty."
fn deck_out(rules: Rules) {
    // A deck of one card: Alice cannot play, her draw takes it.
    let mut game = dealt(rules, "Y1 Y3 Y4 Y6 Y7", "G1 G3 G4 G6 G7", "R5", "B1");
    apply(&mut game, Action::Draw);
    assert_eq!(
        game.outcome(),
        Some(Outcome::NoWinner {
            reason: NoWinner::DeckRanOut
        })
    );
    // No deck at all: the first draw finds it empty.
    let mut game = dealt(rules, "Y1 Y3 Y4 Y6 Y7", "G1 G3 G4 G6 G7", "R5", "");
    apply(&mut game, Action::Draw);
    assert_eq!(
        game.outcome(),
        Some(Outcome::NoWinner {
            reason: NoWinner::DeckRanOut
        })
    );
}

/// "Once the deck is empty, a player who cannot play passes; if everyone passes in a
/// row, nobody wins (a stalemate)."
fn play_on_to_a_stalemate(rules: Rules) {
    let mut game = dealt(rules, "Y1 Y3 Y4 Y6 Y7", "G1 G3 G4 G6 G7", "R5", "");
    apply(&mut game, Action::Draw);
    assert_eq!(hand(&game, 0), 5, "a pass draws nothing");
    assert_eq!(game.outcome(), None);
    apply(&mut game, Action::Draw);
    assert_eq!(
        game.outcome(),
        Some(Outcome::NoWinner {
            reason: NoWinner::Stalemate
        })
    );
}

/// The sentences of `text` after its `Rules (NAME): ` heading, one line each.
fn sentences(text: &str) -> Vec<String> {
    let body = text.split_once("): ").map_or(text, |(_, body)| body);
    let joined = body.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut out = Vec::new();
    let mut rest = joined.as_str();
    // A sentence ends at ". " or ".)" / ")." runs at the end of a line's thought; the
    // texts use plain full stops, semicolons staying inside a sentence.
    while let Some(at) = rest.find(". ") {
        out.push(rest[..=at].to_owned());
        rest = &rest[at + 2..];
    }
    if !rest.is_empty() {
        out.push(rest.to_owned());
    }
    out
}

#[test]
fn every_rules_screen_says_what_its_rule_set_does() {
    for variant in Variant::ALL {
        let rules = variant.rules();
        let text = rules_text(variant);
        assert!(
            text.starts_with(&format!("Rules ({}): ", variant.name())),
            "{text}"
        );
        for sentence in sentences(&text) {
            let s = sentence.as_str();
            match s {
                "on your turn, lay a card that matches the top of the discard pile in colour or number." => {
                    lay_a_match(rules)
                }
                "If you can play, you must; if you cannot, you draw a card." => {
                    must_play_else_draw(rules)
                }
                "An 8 is laid as any card is, on its colour or on another 8." => {
                    assert!(rules.eight.is_some(), "{variant}: {s}");
                    eight_matches_and_names(rules)
                }
                "Whoever lays it, unless it is their last card, names a colour: the next card must be of that colour or an 8 (the bots lay an 8 whenever they can)." =>
                {
                    assert_eq!(rules.eight, Some(EightRule::Loco), "{variant}: {s}");
                    eight_matches_and_names(rules)
                }
                "Whoever lays it, unless it is their last card, names a colour: the next card must be of that colour or an 8." =>
                {
                    assert_eq!(rules.eight, Some(EightRule::MostHeld), "{variant}: {s}");
                    eight_matches_and_names(rules)
                }
                "An 8 is a card like any other." => {
                    assert_eq!(rules.eight, None, "{variant}: {s}");
                    eight_plain(rules)
                }
                "A 2 must be answered: the next player lays a 2 if they hold one (any 2), or else misses the turn and draws 2 cards." =>
                {
                    let two = rules.two.unwrap_or_else(|| panic!("{variant}: {s}"));
                    assert_eq!(two.penalty, Penalty::Two, "{variant}: {s}");
                    two_answered(rules, Penalty::Two)
                }
                "A 2 must be answered: the next player lays a 2 if they hold one (any 2), or else misses the turn and draws 2 cards for each 2 in a row just played." =>
                {
                    let two = rules.two.unwrap_or_else(|| panic!("{variant}: {s}"));
                    assert_eq!(two.penalty, Penalty::TwoPerTwo, "{variant}: {s}");
                    two_answered(rules, Penalty::TwoPerTwo)
                }
                "The first player with no cards left wins." => first_out_wins(rules),
                "The game ends with no winner when a draw takes the deck's last card or finds the deck empty." =>
                {
                    assert_eq!(rules.end, EndRule::DeckOut, "{variant}: {s}");
                    deck_out(rules)
                }
                "Once the deck is empty, a player who cannot play passes; if everyone passes in a row, nobody wins (a stalemate)." =>
                {
                    assert_eq!(rules.end, EndRule::PlayOn, "{variant}: {s}");
                    play_on_to_a_stalemate(rules)
                }
                other => panic!("{variant}: no position checks the claim {other:?}"),
            }
        }
        // Each rule the set has is stated: an 8 rule, a 2 rule, the end.
        let says = |part: &str| text.contains(part);
        assert_eq!(says("names a colour"), rules.eight.is_some(), "{text}");
        assert_eq!(says("A 2 must be answered"), rules.two.is_some(), "{text}");
    }
}
