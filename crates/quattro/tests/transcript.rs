//! An independent check of whole bots-only transcripts: many seeded games are played by
//! the `quattro` binary with `--bots 4 --reveal`, the printed text is parsed back (never
//! the engine's state) and every move is checked against the rules of `docs/quattro.md`,
//! re-derived here from the text alone: a card played was in the hand just revealed and
//! matches the top card (colour, number or action, or is wild; a Wild Draw Four only
//! without the colour to follow), draws only without a playable card, the counts are
//! arithmetic, Skip / Reverse / Draw Two / Wild Draw Four do what they say to the next
//! lines, no card is created or lost, and the game ends with the player who played their
//! last card. A violation names the line, the rule and what was expected.

use std::collections::BTreeMap;
use std::fmt;
use std::process::{Command, Stdio};

use proptest::prelude::*;

const PLAYERS: usize = 4;
const HAND_SIZE: usize = 3;
const COLORS: [char; 4] = ['R', 'Y', 'G', 'B'];

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Face {
    Number(u8),
    Skip,
    Reverse,
    DrawTwo,
    Wild,
    WildDrawFour,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Card {
    /// `None` for the wild cards.
    color: Option<char>,
    face: Face,
}

impl Card {
    fn is_wild(self) -> bool {
        self.color.is_none()
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(color) = self.color {
            write!(f, "{color}")?;
        }
        match self.face {
            Face::Number(n) => write!(f, "{n}"),
            Face::Skip => write!(f, "S"),
            Face::Reverse => write!(f, "R"),
            Face::DrawTwo => write!(f, "+2"),
            Face::Wild => write!(f, "W"),
            Face::WildDrawFour => write!(f, "W+4"),
        }
    }
}

fn parse_card(code: &str) -> Result<Card, String> {
    let bad = || format!("`{code}` is not a card code");
    match code {
        "W" => {
            return Ok(Card {
                color: None,
                face: Face::Wild,
            });
        }
        "W+4" => {
            return Ok(Card {
                color: None,
                face: Face::WildDrawFour,
            });
        }
        _ => {}
    }
    let mut chars = code.chars();
    let color = chars
        .next()
        .filter(|c| COLORS.contains(c))
        .ok_or_else(bad)?;
    let face = match chars.as_str() {
        "S" => Face::Skip,
        "R" => Face::Reverse,
        "+2" => Face::DrawTwo,
        n if n.len() == 1 => Face::Number(n.parse().map_err(|_| bad())?),
        _ => return Err(bad()),
    };
    Ok(Card {
        color: Some(color),
        face,
    })
}

fn parse_cards(text: &str) -> Result<Vec<Card>, String> {
    text.split_whitespace().map(parse_card).collect()
}

/// The deck of a rule set, as card -> copies: R, Y, G, B x 0-9 (Quattro); the Uno rules
/// add a Skip, a Reverse and a Draw Two per colour, two Wild and two Wild Draw Four.
fn deck(uno: bool) -> BTreeMap<Card, usize> {
    let mut deck = BTreeMap::new();
    for color in COLORS {
        let mut faces: Vec<Face> = (0..=9).map(Face::Number).collect();
        if uno {
            faces.extend([Face::Skip, Face::Reverse, Face::DrawTwo]);
        }
        for face in faces {
            deck.insert(
                Card {
                    color: Some(color),
                    face,
                },
                1,
            );
        }
    }
    if uno {
        for face in [Face::Wild, Face::WildDrawFour] {
            deck.insert(Card { color: None, face }, 2);
        }
    }
    deck
}

fn color_named(name: &str) -> Option<char> {
    match name {
        "red" => Some('R'),
        "yellow" => Some('Y'),
        "green" => Some('G'),
        "blue" => Some('B'),
        _ => None,
    }
}

fn show(cards: &[Card]) -> String {
    let codes: Vec<String> = cards.iter().map(Card::to_string).collect();
    format!("[{}]", codes.join(" "))
}

fn sorted(cards: &[Card]) -> Vec<Card> {
    let mut cards = cards.to_vec();
    cards.sort();
    cards
}

/// Removes one `card` from `cards`, if there.
fn remove(cards: &mut Vec<Card>, card: Card) -> bool {
    match cards.iter().position(|&c| c == card) {
        Some(at) => {
            cards.remove(at);
            true
        }
        None => false,
    }
}

/// `Player 3` -> seat 2.
fn parse_player(text: &str) -> Result<usize, String> {
    text.strip_prefix("Player ")
        .and_then(|n| n.parse::<usize>().ok())
        .filter(|n| (1..=PLAYERS).contains(n))
        .map(|n| n - 1)
        .ok_or_else(|| format!("`{text}` is not a player"))
}

/// `3 cards`, `1 card` -> 3, 1.
fn parse_count(text: &str) -> Result<usize, String> {
    text.strip_suffix(" cards")
        .or_else(|| text.strip_suffix(" card"))
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| format!("`{text}` is not a number of cards"))
}

/// What a player is known to hold: how many cards, and which of them are known (all of
/// them once their hand has been revealed; before that, the cards seen drawn).
#[derive(Clone, Debug)]
struct Hand {
    count: usize,
    known: Vec<Card>,
    revealed: bool,
}

/// Reads a transcript line by line and checks each fact as it comes.
struct Check<'t> {
    lines: Vec<&'t str>,
    next: usize,
    uno: bool,
    deck: BTreeMap<Card, usize>,
    hands: Vec<Hand>,
    /// The discard pile, top last.
    discards: Vec<Card>,
    /// The colour to follow (the top card's, or the one named for a wild card).
    color: char,
    /// Seat to move.
    current: usize,
    clockwise: bool,
    /// Turns taken: plays, draws and passes (a missed turn is no turn).
    turns: usize,
    passes_in_row: usize,
}

impl<'t> Check<'t> {
    fn new(text: &'t str, uno: bool) -> Check<'t> {
        Check {
            lines: text.lines().collect(),
            next: 0,
            uno,
            deck: deck(uno),
            hands: vec![
                Hand {
                    count: HAND_SIZE,
                    known: Vec::new(),
                    revealed: false,
                };
                PLAYERS
            ],
            discards: Vec::new(),
            color: 'R',
            current: 0,
            clockwise: true,
            turns: 0,
            passes_in_row: 0,
        }
    }

    fn total(&self) -> usize {
        self.deck.values().sum()
    }

    /// A violation at the last line read.
    fn fail(&self, rule: &str, detail: impl fmt::Display) -> String {
        let at = self.next.max(1);
        format!(
            "line {at}: {rule}\n  line {at}: {}\n  {detail}",
            self.lines.get(at - 1).unwrap_or(&"<end of transcript>")
        )
    }

    fn line(&mut self) -> Result<&'t str, String> {
        let line = self.lines.get(self.next).copied();
        self.next += 1;
        line.ok_or_else(|| {
            self.fail(
                "the transcript goes on to the end of the game",
                "it ends here",
            )
        })
    }

    fn parsed<T>(&self, parsed: Result<T, String>) -> Result<T, String> {
        parsed.map_err(|e| self.fail("every line is one the rules describe", e))
    }

    fn expect(&mut self, want: &str, rule: &str) -> Result<(), String> {
        if self.line()? != want {
            return Err(self.fail(rule, format!("expected: {want}")));
        }
        Ok(())
    }

    fn top(&self) -> Card {
        self.discards[self.discards.len() - 1]
    }

    fn next_seat(&self, seat: usize) -> usize {
        if self.clockwise {
            (seat + 1) % PLAYERS
        } else {
            (seat + PLAYERS - 1) % PLAYERS
        }
    }

    /// Cards in the draw pile: the deck less the hands and the discards.
    fn draw_pile(&self) -> Result<usize, String> {
        let held: usize = self.hands.iter().map(|h| h.count).sum::<usize>() + self.discards.len();
        self.total().checked_sub(held).ok_or_else(|| {
            self.fail(
                "no card is created: the hands and the discard pile hold at most the deck",
                format!("{held} cards of {}", self.total()),
            )
        })
    }

    /// Every card whose place is known (known hands and the discard pile) is a card of the
    /// deck, no more often than the deck has it.
    fn no_card_twice(&self) -> Result<(), String> {
        let mut seen: BTreeMap<Card, usize> = BTreeMap::new();
        for card in self
            .hands
            .iter()
            .flat_map(|h| &h.known)
            .chain(&self.discards)
        {
            *seen.entry(*card).or_default() += 1;
        }
        for (card, n) in seen {
            let copies = self.deck.get(&card).copied().unwrap_or(0);
            if n > copies {
                return Err(self.fail(
                    "no card is created: each card is in one place, as often as the deck has it",
                    format!(
                        "{card} is seen {n} times (the deck has {copies}); discards: {}; hands: {:?}",
                        show(&self.discards),
                        self.hands.iter().map(|h| show(&h.known)).collect::<Vec<_>>()
                    ),
                ));
            }
        }
        self.draw_pile().map(|_| ())
    }

    /// Whether `card` may be played on the top card from `hand`.
    fn playable(&self, card: Card, hand: &[Card]) -> bool {
        let top = self.top();
        match card.face {
            Face::Wild => true,
            Face::WildDrawFour => !hand.iter().any(|c| c.color == Some(self.color)),
            face => card.color == Some(self.color) || (!top.is_wild() && face == top.face),
        }
    }

    fn run(mut self) -> Result<(), String> {
        self.opening()?;
        loop {
            if self.reveal()? {
                return Ok(());
            }
            if self.turn()? {
                return Ok(());
            }
        }
    }

    /// The title, the rules in brief and the first discard card.
    fn opening(&mut self) -> Result<(), String> {
        let title = if self.uno {
            "Quattro with Uno rules: four bots play, Player 1, Player 2, Player 3 and Player 4."
        } else {
            "Quattro: four bots play, Player 1, Player 2, Player 3 and Player 4."
        };
        self.expect(title, "the title names the rule set played")?;
        loop {
            let line = self.line()?;
            if let Some(code) = line
                .strip_prefix("The first card on the discard pile is ")
                .and_then(|c| c.strip_suffix('.'))
            {
                let card = self.parsed(parse_card(code))?;
                if card.is_wild() {
                    return Err(self.fail(
                        "a wild card turned up goes under the draw pile: the first discard is coloured",
                        "",
                    ));
                }
                self.discards.push(card);
                self.color = card.color.unwrap_or('R');
                return self.no_card_twice();
            }
            if self.next > 6 {
                return Err(self.fail("the opening names the first discard card", ""));
            }
        }
    }

    /// `(Player N holds ...)` before the move of the player whose turn it is; or the end
    /// of the transcript after a game over. Returns whether the transcript ended.
    fn reveal(&mut self) -> Result<bool, String> {
        let line = self.line()?;
        let Some(rest) = line
            .strip_prefix('(')
            .and_then(|l| l.strip_suffix(')'))
            .and_then(|l| l.split_once(" holds "))
        else {
            return Err(self.fail(
                "with --reveal each bot's hand is shown before its move",
                format!("expected: (Player {} holds ...)", self.current + 1),
            ));
        };
        let seat = self.parsed(parse_player(rest.0))?;
        if seat != self.current {
            return Err(self.fail(
                "play goes round in the direction of play, past a player who misses a turn",
                format!("expected Player {} to move", self.current + 1),
            ));
        }
        let cards = self.parsed(parse_cards(rest.1))?;
        let hand = &self.hands[seat];
        let mut rest_unknown = cards.clone();
        let known_held = hand.known.iter().all(|&c| remove(&mut rest_unknown, c));
        let same = !hand.revealed || rest_unknown.is_empty();
        if cards.len() != hand.count || !known_held || !same {
            return Err(self.fail(
                "no card is created or lost: a hand is the cards dealt and drawn less those played",
                format!(
                    "expected {} cards{} {}",
                    hand.count,
                    if hand.revealed { ":" } else { ", among them" },
                    show(&sorted(&hand.known))
                ),
            ));
        }
        self.hands[seat] = Hand {
            count: cards.len(),
            known: cards,
            revealed: true,
        };
        self.no_card_twice()?;
        Ok(false)
    }

    /// The move of the player just revealed, and what it sets off. Returns whether the
    /// game (and the transcript) ended.
    fn turn(&mut self) -> Result<bool, String> {
        let seat = self.current;
        let name = format!("Player {}", seat + 1);
        let hand = self.hands[seat].known.clone();
        let can_play: Vec<Card> = hand
            .iter()
            .copied()
            .filter(|&c| self.playable(c, &hand))
            .collect();
        let mut line = self.line()?;
        if line.starts_with("The draw pile is empty") {
            if !can_play.is_empty() {
                return Err(self.fail(
                    "a player draws only without a playable card",
                    format!("{name} could play {}", show(&can_play)),
                ));
            }
            self.reshuffle(line, 1)?;
            line = self.line()?;
        }
        self.turns += 1;
        if let Some(rest) = line.strip_prefix(&format!("{name} plays ")) {
            self.passes_in_row = 0;
            return self.play(seat, rest, &hand);
        }
        if !can_play.is_empty() {
            return Err(self.fail(
                "a player who can play does not draw (or pass)",
                format!(
                    "{name} could play {} on {} (colour to follow {})",
                    show(&can_play),
                    self.top(),
                    self.color
                ),
            ));
        }
        if line == format!("{name} can't play and there is nothing to draw: {name} passes.") {
            if self.draw_pile()? > 0 || self.discards.len() > 1 {
                return Err(self.fail(
                    "a player passes only with nothing to draw, even after a reshuffle",
                    format!(
                        "draw pile: {}, discards: {}",
                        self.draw_pile()?,
                        self.discards.len()
                    ),
                ));
            }
            self.passes_in_row += 1;
        } else {
            let (card, now) = line
                .strip_prefix(&format!("{name} draws "))
                .and_then(|r| r.strip_suffix(").").and_then(|r| r.split_once(" (now ")))
                .ok_or_else(|| self.fail("a player plays a card or draws one", ""))?;
            let card = self.parsed(parse_card(card))?;
            let now = self.parsed(parse_count(now))?;
            if self.draw_pile()? == 0 {
                return Err(self.fail(
                    "an empty draw pile is refilled (reshuffle announced) before a draw",
                    "",
                ));
            }
            self.passes_in_row = 0;
            self.drew(seat, &[card], now)?;
        }
        self.current = self.next_seat(seat);
        self.after_turn()
    }

    /// `The draw pile is empty: the N cards under the top discard are shuffled into a new
    /// draw pile.`, needed when fewer than `needed` cards are left to draw.
    fn reshuffle(&mut self, line: &str, needed: usize) -> Result<(), String> {
        let n = line
            .strip_prefix("The draw pile is empty: the ")
            .and_then(|r| {
                r.strip_suffix(" under the top discard are shuffled into a new draw pile.")
            })
            .ok_or_else(|| self.fail("every line is one the rules describe", ""))?;
        let n = self.parsed(parse_count(n))?;
        let left = self.draw_pile()?;
        if left >= needed || n + 1 != self.discards.len() || n == 0 {
            return Err(self.fail(
                "an empty draw pile is refilled with every discard but the top one",
                format!(
                    "draw pile: {left}, cards to draw: {needed}, discards: {}",
                    self.discards.len()
                ),
            ));
        }
        let top = self.top();
        self.discards = vec![top];
        Ok(())
    }

    /// `seat` drew `cards` and now holds `now`.
    fn drew(&mut self, seat: usize, cards: &[Card], now: usize) -> Result<(), String> {
        let hand = &mut self.hands[seat];
        hand.count += cards.len();
        hand.known.extend(cards);
        if now != hand.count {
            let count = hand.count;
            return Err(self.fail(
                "a draw adds its cards to the count",
                format!("expected now {count}"),
            ));
        }
        self.no_card_twice()
    }

    /// `seat` plays the card in `rest` (`R5 (2 cards left).` or `W, their last card.`).
    fn play(&mut self, seat: usize, rest: &str, hand: &[Card]) -> Result<bool, String> {
        let name = format!("Player {}", seat + 1);
        let (code, left) = if let Some(code) = rest.strip_suffix(", their last card.") {
            (code, 0)
        } else {
            let (code, left) = rest
                .strip_suffix(" left).")
                .and_then(|r| r.split_once(" ("))
                .ok_or_else(|| self.fail("every line is one the rules describe", ""))?;
            (code, self.parsed(parse_count(left))?)
        };
        let card = self.parsed(parse_card(code))?;
        if !hand.contains(&card) {
            return Err(self.fail(
                "a card played is in the player's hand as revealed",
                format!("{name} holds {}", show(hand)),
            ));
        }
        if !self.playable(card, hand) {
            return Err(self.fail(
                if card.face == Face::WildDrawFour {
                    "a Wild Draw Four is played only without a card of the colour to follow"
                } else {
                    "a card played matches the top card by colour (the colour to follow), number or action, or is wild"
                },
                format!(
                    "top card {}, colour to follow {}, hand {}",
                    self.top(),
                    self.color,
                    show(hand)
                ),
            ));
        }
        remove(&mut self.hands[seat].known, card);
        self.hands[seat].count -= 1;
        if left != self.hands[seat].count {
            return Err(self.fail(
                "the cards left are the count before the play less one",
                format!("expected {} left", self.hands[seat].count),
            ));
        }
        self.discards.push(card);
        if let Some(color) = card.color {
            self.color = color;
        }
        if left == 0 {
            self.expect(
                &format!("{name} has no cards left and wins the game!"),
                "a player who plays their last card wins at once",
            )?;
            return self.end();
        }
        if card.is_wild() {
            let line = self.line()?;
            let color = line
                .strip_prefix(&format!("{name} names "))
                .and_then(|c| c.strip_suffix('.'))
                .and_then(color_named)
                .ok_or_else(|| {
                    self.fail(
                        "a wild card's player names a colour",
                        format!("expected: {name} names <colour>."),
                    )
                })?;
            self.color = color;
        }
        if card.face == Face::Reverse {
            self.expect(
                "The direction of play is reversed.",
                "a Reverse turns the direction of play",
            )?;
            self.clockwise = !self.clockwise;
        }
        let next = self.next_seat(seat);
        let owed = match card.face {
            Face::DrawTwo => 2,
            Face::WildDrawFour => 4,
            _ => 0,
        };
        if owed > 0 {
            self.penalty(next, owed)?;
        }
        if matches!(card.face, Face::Skip | Face::DrawTwo | Face::WildDrawFour) {
            self.expect(
                &format!("Player {} misses a turn.", next + 1),
                "after a Skip, Draw Two or Wild Draw Four the next player misses a turn",
            )?;
            self.current = self.next_seat(next);
        } else {
            self.current = next;
        }
        self.after_turn()
    }

    /// The next player draws `owed` cards (fewer only if nothing is left to draw).
    fn penalty(&mut self, seat: usize, owed: usize) -> Result<(), String> {
        let name = format!("Player {}", seat + 1);
        let mut line = self.line()?;
        if line.starts_with("The draw pile is empty") {
            self.reshuffle(line, owed)?;
            line = self.line()?;
        }
        let rule = "after a Draw Two / Wild Draw Four the next player draws 2 / 4";
        let (count, rest) = line
            .strip_prefix(&format!("{name} draws "))
            .and_then(|r| r.strip_suffix(").").and_then(|r| r.split_once(": ")))
            .ok_or_else(|| self.fail(rule, format!("expected: {name} draws {owed} cards: ...")))?;
        let count = self.parsed(parse_count(count))?;
        let (cards, now) = rest
            .split_once(" (now ")
            .ok_or_else(|| self.fail(rule, ""))?;
        let cards = self.parsed(parse_cards(cards))?;
        let now = self.parsed(parse_count(now))?;
        let available = self.draw_pile()? + self.discards.len() - 1;
        if count != cards.len() || count != owed.min(available) {
            return Err(self.fail(rule, format!("expected {} cards", owed.min(available))));
        }
        self.drew(seat, &cards, now)
    }

    /// After a turn: the game ends if everyone passed in a row or the turn limit came.
    fn after_turn(&mut self) -> Result<bool, String> {
        if self.passes_in_row >= PLAYERS {
            self.expect(
                "Every player passed in a row: nobody can play, so the game ends with no winner.",
                "if every player passes in a row, the game ends with no winner",
            )?;
            return self.end();
        }
        let limit = self.lines.get(self.next).and_then(|l| {
            l.strip_prefix("The game has reached its limit of ")
                .and_then(|l| l.strip_suffix(" turns and ends with no winner."))
        });
        if let Some(limit) = limit {
            self.next += 1;
            if limit != self.turns.to_string() {
                return Err(self.fail(
                    "the game ends at its turn limit, counting plays, draws and passes",
                    format!("turns taken: {}", self.turns),
                ));
            }
            return self.end();
        }
        Ok(false)
    }

    /// Nothing follows the end of the game.
    fn end(&mut self) -> Result<bool, String> {
        if self.next < self.lines.len() {
            self.next += 1;
            return Err(self.fail("nothing follows the end of the game", ""));
        }
        Ok(true)
    }
}

/// The `--bots 4 --reveal` transcript of a game, played by the binary.
fn transcript(seed: u64, uno: bool) -> String {
    let mut args = vec![
        "--bots".to_owned(),
        "4".to_owned(),
        "--reveal".to_owned(),
        "--seed".to_owned(),
        seed.to_string(),
    ];
    if uno {
        args.extend(["--rules".to_owned(), "uno".to_owned()]);
    }
    let output = Command::new(env!("CARGO_BIN_EXE_quattro"))
        .args(&args)
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("quattro {args:?}: {e}"));
    assert!(
        output.status.success() && output.stderr.is_empty(),
        "quattro {args:?}: {}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap_or_else(|e| panic!("quattro {args:?}: {e}"))
}

fn check(seed: u64, uno: bool) -> Result<(), String> {
    let text = transcript(seed, uno);
    let rules = if uno { " --rules uno" } else { "" };
    Check::new(&text, uno)
        .run()
        .map_err(|e| format!("quattro --bots 4 --reveal --seed {seed}{rules}\n{e}"))
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 64,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// Each seed is played under both rule sets.
    #[test]
    fn bot_transcripts_follow_the_rules(seed: u64) {
        for uno in [false, true] {
            if let Err(violation) = check(seed, uno) {
                prop_assert!(false, "{}", violation);
            }
        }
    }
}

/// Seeds whose games show every effect: reshuffles under both rule sets (13 and 19 with
/// the Quattro deck, 158 and 171 with Uno's), Skip, Reverse, Draw Two, Wild and Wild Draw
/// Four (158 and 171 each show them all).
#[test]
fn games_with_every_effect_follow_the_rules() {
    let mut texts = String::new();
    for (seed, uno) in [(13, false), (19, false), (158, true), (171, true)] {
        if let Err(violation) = check(seed, uno) {
            panic!("{violation}");
        }
        texts.push_str(&transcript(seed, uno));
    }
    // Coverage: these seeds must keep showing every effect, or other seeds are needed.
    let played = |suffix: &str| {
        texts.lines().any(|l| {
            l.split(" plays ")
                .nth(1)
                .is_some_and(|r| r.starts_with(suffix))
        })
    };
    let skip = ["RS", "YS", "GS", "BS"].iter().any(|&code| played(code));
    for (shown, case) in [
        (texts.contains("The draw pile is empty"), "a reshuffle"),
        (skip, "a Skip"),
        (
            texts.contains("The direction of play is reversed."),
            "a Reverse",
        ),
        (texts.contains(" draws 2 cards: "), "a Draw Two"),
        (played("W "), "a Wild"),
        (texts.contains(" draws 4 cards: "), "a Wild Draw Four"),
    ] {
        assert!(shown, "none of these games shows {case}");
    }
}
