//! The data of the Ochos Locos Assignment 4 kit (`kits/ochos-locos-a4/`), from the
//! `ochos-locos` engine: every card code, the three match tests on every pair of cards,
//! each strategy's `findMatch` on thousands of hands, and whole games of Parts I–III.
//!
//! Also the game files both Ochos Locos kits share ([`game_file`]): a deal in the rule
//! set's input format, then every output line with the rule that makes it, so that a
//! failing JUnit test can tell the student why the line is what it is.

use std::fmt::Write as _;

use cards_core::protocol::{Actor, GameState};
use cards_core::rng::{below, stream_rng};
use cards_core::{Color, ColorCard, Outcome};
use ochos_locos::deck::{Hand, full_deck};
use ochos_locos::game::{NoWinner, Play};
use ochos_locos::render::{self, Style};
use ochos_locos::rules::{DealFormat, EightRule, MAX_PLAYERS, MIN_PLAYERS};
use ochos_locos::{Deal, Strategy, Variant};
use rand::Rng;

use crate::{DataFile, KitError};

const KIT: &str = "ochos-locos-a4";

/// The seed every data file of both Ochos Locos kits is drawn from. Changing it changes
/// every file: `kits data --check` would then ask for them to be written again.
pub const SEED: u64 = 20;

/// How many hands each strategy's `findMatch` is tried on.
pub const HANDS_PER_STRATEGY: u64 = 1000;

/// How many random games each rule set's game file holds, after the text's example.
pub const GAMES_PER_RULE_SET: u64 = 40;

/// The data files of the kit.
pub fn files() -> Result<Vec<DataFile>, KitError> {
    let mut files = vec![cards(), matches(), find_match()?];
    for (variant, name, stream) in [
        (Variant::Faciles, "faciles", 1),
        (Variant::Diversidad, "diversidad", 2),
        (Variant::Completos, "completos", 3),
    ] {
        files.push(game_file(KIT, variant, name, stream, GAMES_PER_RULE_SET)?);
    }
    Ok(files)
}

fn data(path: &str, contents: String) -> DataFile {
    DataFile {
        path: format!("tests/data/{path}"),
        contents,
    }
}

/// `cards.txt`: each card's code, colour letter and number.
fn cards() -> DataFile {
    let mut text = String::from(
        "# Every card of the deck: its code (the constructor's argument and toString's\n\
         # result), then getColor() and getNumber().\n",
    );
    for card in full_deck() {
        let _ = writeln!(text, "{card} {} {}", card.color().letter(), card.number());
    }
    data("cards.txt", text)
}

/// `matches.txt`: every ordered pair of cards and the three match tests.
fn matches() -> DataFile {
    let mut text = String::from(
        "# Every ordered pair of cards A B: A.matches(B), A.matchesColor(B),\n\
         # A.matchesNumber(B).\n",
    );
    for a in full_deck() {
        for b in full_deck() {
            let _ = writeln!(
                text,
                "{a} {b} {} {} {}",
                a.matches(b),
                a.matches_color(b),
                a.matches_number(b)
            );
        }
    }
    data("matches.txt", text)
}

/// A random hand of 0 to 10 distinct cards, and a discard card not in it.
fn random_hand(rng: &mut impl Rng) -> (Vec<ColorCard>, ColorCard) {
    let mut deck: Vec<ColorCard> = full_deck().collect();
    cards_core::shuffle(&mut deck, rng);
    let size = below(rng, 11) as usize;
    let discard = deck[0];
    (deck[1..=size].to_vec(), discard)
}

fn words(cards: &[ColorCard]) -> String {
    cards
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// `find-match.txt`: each strategy's choice on the text's example, then on random hands.
fn find_match() -> Result<DataFile, KitError> {
    let mut text = String::from(
        "# LETTER DISCARD : HAND -> RESULT. LETTER is the strategy (B Player, C ColorPlayer,\n\
         # N NumberPlayer, S StrategicPlayer); the hand is in the order the cards were\n\
         # added; RESULT is what findMatch(DISCARD) returns (null: no card matches).\n",
    );
    let example: Vec<ColorCard> = ["R8", "G8", "Y4", "G2", "B1"]
        .iter()
        .filter_map(|code| code.parse().ok())
        .collect();
    let g4: ColorCard = "G4".parse().map_err(|e| engine(format!("G4: {e}")))?;
    for (index, strategy) in Strategy::LETTERED.into_iter().enumerate() {
        let mut line = |cards: &[ColorCard], discard: ColorCard| -> Result<(), KitError> {
            let hand = Hand::from_cards(cards).map_err(|e| engine(e.to_string()))?;
            let result = strategy
                .find_match(&hand, discard)
                .map_or("null".to_owned(), |place| hand[place].to_string());
            let letter = strategy.letter().unwrap_or('B');
            let _ = writeln!(text, "{letter} {discard} : {} -> {result}", words(cards));
            Ok(())
        };
        line(&example, g4)?;
        for i in 0..HANDS_PER_STRATEGY {
            let mut rng = stream_rng(SEED, 1000 * index as u64 + i);
            let (hand, discard) = random_hand(&mut rng);
            line(&hand, discard)?;
        }
    }
    Ok(data("find-match.txt", text))
}

fn engine(message: String) -> KitError {
    KitError::Engine { kit: KIT, message }
}

/// A game file, `games-NAME.txt`: the text's example game for `variant`, then `count`
/// random deals (2 to 6 players where the rule set allows it), from the stream
/// `stream` of [`SEED`].
///
/// Each game is a block: `game NAME`, the deal's lines in `variant`'s input format,
/// `output`, each line of the expected output followed by ` | ` and the rule that makes
/// it, and `end`.
pub fn game_file(
    kit: &'static str,
    variant: Variant,
    name: &str,
    stream: u64,
    count: u64,
) -> Result<DataFile, KitError> {
    let fail = |message: String| KitError::Engine { kit, message };
    let mut text = format!(
        "# Whole games of {}: `game NAME`, the input (as the program reads it), `output`,\n\
         # each expected line of output, ` | ` and why it is so, then `end`.\n",
        variant.name()
    );
    let sample = ochos_locos::files::parse_deal(variant, variant.sample())
        .map_err(|e| fail(format!("the sample of {}: {e}", variant.name())))?;
    let mut games = vec![("example".to_owned(), sample)];
    for i in 0..count {
        let mut rng = stream_rng(SEED, 1_000_000 * stream + i);
        let players = match variant.format() {
            DealFormat::Numbered { players: Some(n) } => n,
            _ => MIN_PLAYERS + below(&mut rng, (MAX_PLAYERS - MIN_PLAYERS + 1) as u64) as usize,
        };
        let deal = Deal::random(variant, players, &mut rng).map_err(|e| fail(e.to_string()))?;
        games.push((format!("random-{:02}", i + 1), deal));
    }
    for (game_name, deal) in &games {
        let _ = writeln!(text, "game {game_name}");
        let mut written = Vec::new();
        ochos_locos::files::write_deal(&mut written, variant, deal)
            .map_err(|error| fail(error.to_string()))?;
        text.push_str(&String::from_utf8_lossy(&written));
        text.push_str("output\n");
        let lines = explained_output(variant, deal).map_err(fail)?;
        for (line, why) in lines {
            let _ = writeln!(text, "{line} | {why}");
        }
        text.push_str("end\n");
    }
    Ok(data(&format!("games-{name}.txt"), text))
}

/// The game of `deal` as the program prints it, each line with the rule behind it.
pub fn explained_output(variant: Variant, deal: &Deal) -> Result<Vec<(String, String)>, String> {
    let mut out = Vec::new();
    render::play(variant, deal, Style::default(), &mut out).map_err(|e| e.to_string())?;
    let output = String::from_utf8(out).map_err(|e| e.to_string())?;
    let mut game = deal.to_game(variant).map_err(|e| e.to_string())?;
    let a2 = variant.is_assignment_2();
    let mut whys = Vec::new();
    if a2 {
        whys.push(format!(
            "the first line is `0: ` and the starting discard card ({}); it triggers no rule, as nobody laid it",
            deal.discard
        ));
    }
    let mut first_turn = true;
    while let Actor::Seat(seat) = game.actor() {
        let observation = game
            .observe(seat)
            .ok_or("no observation of the seat to act")?;
        // A starting 2 or 8 where its rule is played: the first turn says it is in force
        // for nobody (the mistake that it is shows there).
        let starting = if std::mem::take(&mut first_turn) {
            let card = deal.discard;
            match card.number() {
                2 if observation.rules.two.is_some() => Some(format!(
                    "; the starting card {card} was laid by nobody, so {} is not in force: it is matched as any card",
                    if a2 {
                        "the Rule of Two"
                    } else {
                        "the 2-card rule"
                    }
                )),
                8 if observation.rules.eight.is_some() => Some(format!(
                    "; the starting card {card} was laid by nobody, so it names no colour: it stands for its own, {}",
                    card.color()
                )),
                _ => None,
            }
        } else {
            None
        };
        let before = Before {
            hand: observation.hand.to_vec(),
            target: observation.card_to_match.ok_or("no card to match")?,
            chosen: observation.chosen_color,
            twos: observation.pending_twos,
            two_rule: observation.facing_two(),
            strategy: game.players()[seat].strategy(),
            loco: matches!(observation.rules.eight, Some(EightRule::Loco)),
            eight_rule: observation.rules.eight.is_some(),
        };
        let turn = game
            .next_play()
            .ok_or("the game stopped before its outcome")?;
        let why = if a2 {
            why_a2(&before, turn.play)
        } else {
            why_a4(&before, turn.play)
        };
        whys.push(why + starting.as_deref().unwrap_or(""));
        match game.outcome() {
            Some(Outcome::NoWinner {
                reason: NoWinner::Stalemate,
            }) => whys.push(
                "every player in turn has passed with the draw pile empty, so nobody can ever play again: the game stops"
                    .to_owned(),
            ),
            Some(Outcome::Winner { .. }) if !a2 => {
                whys.push("a player whose hand is empty wins: the game ends".to_owned())
            }
            Some(Outcome::NoWinner { .. }) if !a2 => whys.push(
                "the game ends, without a winner, when a draw takes the deck's last card (or finds the deck empty)"
                    .to_owned(),
            ),
            _ => {}
        }
    }
    let lines: Vec<&str> = output.lines().collect();
    if lines.len() != whys.len() {
        return Err(format!(
            "{} lines of output but {} explanations",
            lines.len(),
            whys.len()
        ));
    }
    Ok(lines.into_iter().map(str::to_owned).zip(whys).collect())
}

/// The state a turn starts from, as the player sees it.
struct Before {
    hand: Vec<ColorCard>,
    target: ColorCard,
    chosen: Option<Color>,
    twos: u8,
    two_rule: bool,
    strategy: Strategy,
    // Assignment 2's Loco rule is on (Problems 3 and 4).
    loco: bool,
    // An 8 carries a rule (the Loco rule, or Part III's 8-card rule).
    eight_rule: bool,
}

impl Before {
    /// What the player must match, in words.
    fn target(&self) -> String {
        match self.chosen {
            Some(color) => format!("{color} (the colour named with the last 8) or any 8"),
            None => self.target.to_string(),
        }
    }

    fn count(&self, test: impl Fn(ColorCard) -> bool) -> usize {
        self.hand.iter().filter(|&&card| test(card)).count()
    }
}

fn draw_why(before: &Before, drawn: u8, a2: bool) -> String {
    let head = format!("no card of the hand matches {}", before.target());
    match (drawn, a2) {
        (0, true) => format!("{head}, and the draw pile is empty: DRAW, a pass"),
        (_, true) => format!("{head}: DRAW, and take the top card of the draw pile"),
        (0, false) => format!("{head}, and the deck is empty: DRAW"),
        (_, false) => format!(
            "{head}: DRAW; the deck's top card goes to the end of the hand (the line shows the hand after the draw)"
        ),
    }
}

fn eight_why(before: &Before, card: ColorCard, chosen: Option<Color>, rule: &str) -> String {
    if !before.eight_rule {
        return String::new();
    }
    match chosen {
        Some(color) if card.number() == 8 => format!("; {rule}: {color}"),
        _ if card.number() == 8 => {
            "; an 8 laid as the last card wins and names no colour".to_owned()
        }
        _ => String::new(),
    }
}

fn why_a4(before: &Before, play: Play) -> String {
    let target = before.target();
    match play {
        Play::Penalty { owed, drawn } => format!(
            "the 2-card rule: facing {} 2{} in a row with no 2 in hand, the player misses the turn and draws {owed} cards (2 for each 2; the deck gave {drawn}): DRAW",
            before.twos,
            if before.twos == 1 { "" } else { "s" },
        ),
        Play::Draw { drawn } => draw_why(before, drawn, false),
        Play::Card { card, chosen } => {
            let choice = if before.two_rule {
                "the 2-card rule: facing a 2, the player lays the first 2 of the hand (hand order)"
                    .to_owned()
            } else {
                match before.strategy {
                    // No deal file seats the search (M); told as Basic, its fallback.
                    Strategy::Basic | Strategy::Mcts => format!(
                        "Player.findMatch: the first card of the hand, oldest first, that matches {target} by colour or number"
                    ),
                    Strategy::ColorFirst => format!(
                        "ColorPlayer.findMatch: the first card of the hand that matches {target} by colour; only without one, the first regular match"
                    ),
                    Strategy::NumberFirst => format!(
                        "NumberPlayer.findMatch: the first card of the hand that matches {target} by number; only without one, the first regular match"
                    ),
                    Strategy::Strategic | Strategy::Rainbow => {
                        let numbers = before.count(|c| c.matches_number(before.target));
                        let colors = before.count(|c| c.matches_color(before.target));
                        let by = if numbers > colors { "number" } else { "colour" };
                        format!(
                            "StrategicPlayer.findMatch: {numbers} number match(es) against {colors} colour match(es) on {target}: the first {by} match of the hand"
                        )
                    }
                }
            };
            let eight = eight_why(
                before,
                card,
                chosen,
                "the 8-card rule names the colour held most, the 8 itself included (ties: R, Y, G, B)",
            );
            format!("{choice}{eight}; the line shows the hand after the card left it")
        }
    }
}

fn why_a2(before: &Before, play: Play) -> String {
    let target = before.target();
    match play {
        Play::Penalty { drawn, .. } => format!(
            "the Rule of Two: a 2 was just laid and the player holds no 2: TAKE TWO, the turn is skipped and two cards are drawn ({drawn} left in the draw pile)"
        ),
        Play::Draw { drawn } => draw_why(before, drawn, true),
        Play::Card { card, chosen } => {
            let choice = if before.two_rule {
                "the Rule of Two: facing a 2 just laid, the player lays a 2, the first in rainbow order R, Y, G, B"
                    .to_owned()
            } else if before.loco && card.number() == 8 {
                format!(
                    "the Loco rule: a player who may play an 8 on {target} does, before any counting, the first such 8 in rainbow order R, Y, G, B"
                )
            } else {
                let numbers = before.count(|c| c.matches_number(before.target));
                let colors = before.count(|c| c.matches_color(before.target));
                if numbers > colors {
                    format!(
                        "more cards of the matching number ({numbers}) than of the matching colour ({colors}) on {target}: the card of that number first in rainbow order R, Y, G, B"
                    )
                } else {
                    format!(
                        "at least as many cards of the matching colour ({colors}) as of the matching number ({numbers}) on {target}: the card of that colour first in counting order 1-8"
                    )
                }
            };
            let eight = eight_why(
                before,
                card,
                chosen,
                "LOCO and the colour named: the first colour in rainbow order among the cards left in the hand",
            );
            let win = if before.hand.len() == 1 {
                "; it was the last card: (WINNER)"
            } else {
                ""
            };
            format!("{choice}{eight}{win}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(files: &[DataFile], name: &str) -> String {
        files
            .iter()
            .find(|file| file.path == format!("tests/data/{name}"))
            .map(|file| file.contents.clone())
            .unwrap_or_default()
    }

    /// The lines of a game file's first game, the text's example, without their reasons.
    fn example_output(text: &str) -> Vec<String> {
        text.lines()
            .skip_while(|line| *line != "output")
            .skip(1)
            .take_while(|line| *line != "end")
            .map(|line| line.split(" | ").next().unwrap_or("").to_owned())
            .collect()
    }

    #[test]
    fn the_texts_examples_are_in_the_data() {
        let files = files().unwrap_or_default();
        // Part I: the text's output, with the first line the seed lost at a page break.
        let faciles = example_output(&file(&files, "games-faciles.txt"));
        assert_eq!(
            faciles.first().map(String::as_str),
            Some("Alice Y7 Y8 B1 B7: Y3")
        );
        assert_eq!(
            faciles.get(1).map(String::as_str),
            Some("Bob R8 G4 G8 B8: Y1")
        );
        assert_eq!(faciles.get(26).map(String::as_str), Some("Carol: Y4"));
        assert_eq!(
            faciles.last().map(String::as_str),
            Some("Carol is the winner!")
        );
        // Part II: the text's last lines.
        let diversidad = example_output(&file(&files, "games-diversidad.txt"));
        assert_eq!(
            diversidad[diversidad.len() - 2..],
            ["Dave: Y5".to_owned(), "Dave is the winner!".to_owned()]
        );
        // Part III under the written rule: the text's `Bob Y1 G4 G8 B8: R8 (G)` form.
        let completos = example_output(&file(&files, "games-completos.txt"));
        assert!(completos.contains(&"Bob R8 G4 G8: B8 (G)".to_owned()));
        assert_eq!(
            completos.last().map(String::as_str),
            Some("Bob is the winner!")
        );
        // findMatch: the text's example, Alice's R8 G8 Y4 G2 B1 on G4 plays G8.
        let find_match = file(&files, "find-match.txt");
        assert!(find_match.contains("B G4 : R8 G8 Y4 G2 B1 -> G8\n"));
    }

    #[test]
    fn every_card_and_pair_is_listed() {
        let files = files().unwrap_or_default();
        let cards = file(&files, "cards.txt");
        assert_eq!(cards.lines().filter(|l| !l.starts_with('#')).count(), 32);
        assert!(cards.contains("\nR1 R 1\n") && cards.contains("\nB8 B 8\n"));
        let matches = file(&files, "matches.txt");
        assert_eq!(
            matches.lines().filter(|l| !l.starts_with('#')).count(),
            1024
        );
        // Same colour, same number, neither; and a card with itself.
        for line in [
            "R5 R2 true true false",
            "R5 G5 true false true",
            "R5 G2 false false false",
            "Y3 Y3 true true true",
        ] {
            assert!(matches.contains(&format!("{line}\n")), "{line}");
        }
    }

    #[test]
    fn every_output_line_has_its_reason() {
        for data in files().unwrap_or_default() {
            let mut in_output = false;
            for line in data.contents.lines() {
                match line {
                    "output" => in_output = true,
                    "end" => in_output = false,
                    _ if in_output => {
                        let (_, why) = line.split_once(" | ").unwrap_or(("", ""));
                        assert!(!why.is_empty(), "{}: {line}", data.path);
                        // A penalty's line is explained by the 2-card rule.
                        if line.contains(": DRAW | ") && why.contains('2') {
                            assert!(
                                why.contains("no card") || why.contains("2-card rule"),
                                "{line}"
                            );
                        }
                    }
                    _ => {}
                }
            }
        }
    }
}
