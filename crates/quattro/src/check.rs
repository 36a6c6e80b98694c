//! Checking a transcript of someone's Quattro program against the assignment's rules
//! (`quattro check`).
//!
//! The deal is random and the text leaves the wording to the student, so nothing is
//! compared byte for byte. The transcript is read by the conventions the kit's handout
//! gives students (`kits/quattro/handout/README.md`), and the game is replayed on what
//! it shows:
//!
//! - **Cards** are codes: the colour's letter (`R`, `Y`, `G`, `B`) then the number
//!   (`R5`). A code right after "e.g.", "such as", "example" or "like" is an example in
//!   a prompt, not a card.
//! - **The top card** is on a line with the word "top" or "discard" (or, before the
//!   human's first turn, "first"); **the human's hand** on the lines right after it
//!   (a header such as `Your hand:` may come between) or right before it, listed in any
//!   order, one card a line or all on one.
//! - **A refusal** is a line with a word such as not, n't, invalid, try, again, error,
//!   exception, sorry, wrong or must (or the question asked again); not a line that
//!   starts with a bot's name, which is the bot's whatever its words.
//! - **The human's move** is on a line speaking to them ("you", "your", or their name):
//!   the card played or drawn, or a draw without its card; or, when no such line names
//!   it, the change of the hand at the next turn. An answer typed, as a terminal shows
//!   it after its question or alone on the next line, is the human's line too.
//! - **A bot's move** is a line after the human's move that names a card (played), or
//!   that speaks of a draw (draws, picks, takes) or a pass; a count such as `2 cards` on
//!   it, or on any line naming the bot, is its number of cards.
//! - **The end**: a line with a word such as "wins" or "winner".
//!
//! The rules replayed: three cards dealt to each of the four players and the first top
//! card turned from the 27 left; a card played matches the top card by colour or
//! number; a draw only without a match, its card joining the hand; every card in one
//! place at a time; the three bots moving in turn between two of the human's turns, each
//! move reported and each count right; when a card must be drawn from an empty pile,
//! every discard but the top card goes back (the top card stays); the player who plays
//! their last card named the winner at once. With the answers typed ([`check`]'s
//! `answers`), a blank name and every answer not played are refused with a message and
//! asked again. Whether a refilled pile was shuffled, and whether the deal was, cannot
//! be told from one game (a grader that plays many can).
//!
//! The first broken rule is reported with its line ([`Violation`]); what the checker
//! could not read in the free format ("no hand shown after the top card") is a
//! [`Problem::Unreadable`], told apart from a [`Problem::Rule`] broken.

use std::fmt;

use cards_core::names::count_of;

/// A transcript that keeps every rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// The winner's name as the transcript shows it (`you` when it only says so), if
    /// the game had one.
    pub winner: Option<String>,
    /// Whether the game stopped before its end (a quit, or the answers ran out).
    pub quit: bool,
    /// The human's turns shown.
    pub turns: u64,
    /// The times the draw pile ran out and was refilled from the discard pile.
    pub refills: u64,
    /// The lines of the transcript.
    pub lines: usize,
    /// The readings of the text seen, in the order first seen.
    pub readings: Vec<String>,
}

// What a checker reports is every checker's (`cards_core::check`).
pub use cards_core::check::{Problem, Violation};

impl fmt::Display for Checked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let how = match (&self.winner, self.quit) {
            (Some(name), _) => format!("won by {name}"),
            (None, true) => "stopped before its end".to_owned(),
            (None, false) => "no winner".to_owned(),
        };
        write!(
            f,
            "ok: {} of the human's and {}, {how}, {}; readings: {}",
            count_of(self.turns, "turn"),
            count_of(self.refills, "refill"),
            count_of(self.lines as u64, "line"),
            self.readings.join("; ")
        )
    }
}

/// Rule 1: the deal.
const DEALT: &str = "each player is dealt three cards";
/// Rules 4 and 5: what may be played.
const MATCH: &str =
    "a card is played only if it matches the top card's colour or number (rules 4 and 5)";
/// Rules 5 and 6: a draw only without a match.
const DRAW_ONLY: &str =
    "rule 5: with a matching card the player plays it; a player draws only without one (rule 6)";
/// The 40 cards.
const ONE_PLACE: &str =
    "each of the 40 cards is in one place at a time (a hand, the draw pile or the discard pile)";
/// The refill.
const RECYCLED: &str = "the draw pile ran out and the discard pile was not recycled: every discard but the top card goes back into the draw pile";
/// The top card after a refill.
const TOP_STAYS: &str = "the top card after recycling must stay the same: it is retained in the discard pile when the draw pile is refilled";
/// The top card.
const TOP: &str = "the top card is the last card played (or the first card turned)";
/// The bots' moves.
const REPORTED: &str = "the human is told what cards the other players played, and if they had to take a card from the draw pile: each bot's move is shown, three between two of the human's turns";
/// A bot's draw.
const ONE_CARD: &str = "a player without a matching card takes one card from the draw pile";
/// The counts.
const COUNTS: &str = "the human is told how many cards the other players hold (3 dealt, one more for each card drawn, one fewer for each card played)";
/// The end.
const WINNER: &str =
    "a player who has no cards remaining is declared the winner, and the game ends at that point";
/// Task 3, the name.
const NAME: &str = "a blank name is refused and the name asked again (Task 3); the blank name was taken as the name";
/// Task 3, a selection.
const REFUSED: &str =
    "an invalid selection is refused with a message and the human asked again (Task 3)";

/// The cards left in the draw pile after the deal and the first top card.
const DRAW_PILE: usize = 40 - 4 * 3 - 1;

// ----- reading the text -----

const COLOURS: [char; 4] = ['R', 'Y', 'G', 'B'];

/// A card: its colour's index in [`COLOURS`] times 10 plus its number.
type Code = u8;

fn code_name(card: Code) -> String {
    format!("{}{}", COLOURS[usize::from(card / 10)], card % 10)
}

fn matches(card: Code, top: Code) -> bool {
    card / 10 == top / 10 || card % 10 == top % 10
}

fn show(cards: &[Code]) -> String {
    if cards.is_empty() {
        return "no cards".to_owned();
    }
    cards
        .iter()
        .map(|&c| code_name(c))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The words of a line, lower case, with where each starts.
fn words(line: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut start = None;
    for (at, c) in line
        .char_indices()
        .chain(std::iter::once((line.len(), ' ')))
    {
        let inside = c.is_alphanumeric() || c == '\'' || c == '’';
        match (start, inside) {
            (None, true) => start = Some(at),
            (Some(from), false) => {
                out.push((from, line[from..at].to_lowercase()));
                start = None;
            }
            _ => {}
        }
    }
    out
}

fn has_word(words: &[(usize, String)], list: &[&str]) -> bool {
    words.iter().any(|(_, w)| {
        let w = w.trim_matches(|c| c == '\'' || c == '’');
        list.contains(&w)
    })
}

const REFUSAL_WORDS: [&str; 17] = [
    "not",
    "cannot",
    "invalid",
    "try",
    "again",
    "error",
    "exception",
    "sorry",
    "wrong",
    "must",
    "required",
    "unknown",
    "please",
    "illegal",
    "blank",
    "oops",
    "only",
];
const DRAW_WORDS: [&str; 17] = [
    "draw", "draws", "drew", "drawn", "drawing", "pick", "picks", "picked", "take", "takes",
    "took", "taken", "pass", "passes", "passed", "skip", "skips",
];
const PLAY_WORDS: [&str; 14] = [
    "play",
    "plays",
    "played",
    "lay",
    "lays",
    "laid",
    "put",
    "puts",
    "throw",
    "throws",
    "threw",
    "discards",
    "discarded",
    "drops",
];
const WIN_WORDS: [&str; 5] = ["win", "wins", "won", "winner", "winning"];
const EXAMPLE_WORDS: [&str; 4] = ["e.g", "such as", "example", "like"];

/// What a line says, as far as the checker reads it.
#[derive(Clone, Debug, Default)]
struct Info {
    /// The cards named, with where (examples after "such as" and the like left out).
    codes: Vec<(usize, Code)>,
    words: Vec<(usize, String)>,
    refusal: bool,
    top: Option<Code>,
    you: bool,
    draw_word: bool,
    win: bool,
    nobody: bool,
    refill: bool,
    /// Where the human's answer echoed after a question on this line starts (a
    /// terminal shows what was typed after the question): see [`echoed`].
    answer: Option<usize>,
}

fn codes(line: &str) -> Vec<(usize, Code)> {
    let lower = line.to_lowercase();
    let examples: Vec<usize> = EXAMPLE_WORDS
        .iter()
        .flat_map(|w| lower.match_indices(w).map(|(at, m)| at + m.len()))
        .collect();
    let bytes = line.as_bytes();
    let mut out = Vec::new();
    for at in 0..bytes.len().saturating_sub(1) {
        let Some(colour) = COLOURS.iter().position(|&c| c as u8 == bytes[at]) else {
            continue;
        };
        let digit = bytes[at + 1];
        if !digit.is_ascii_digit() {
            continue;
        }
        let before_ok =
            at == 0 || !(bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] >= 0x80);
        let after_ok = bytes
            .get(at + 2)
            .is_none_or(|&b| !(b.is_ascii_alphanumeric() || b >= 0x80));
        if !before_ok || !after_ok {
            continue;
        }
        // An example in a prompt ("a code such as R5") is no card of the game.
        if examples.iter().any(|&e| e <= at && at - e <= 4) {
            continue;
        }
        let number = digit - b'0';
        out.push((at, colour as u8 * 10 + number));
    }
    out
}

fn info(line: &str, name: Option<&str>) -> Info {
    let words = words(line);
    let lower = line.to_lowercase();
    let codes = codes(line);
    let refusal =
        has_word(&words, &REFUSAL_WORDS) || lower.contains("n't") || lower.contains("n’t");
    let you = has_word(&words, &["you", "your", "you're", "yours"])
        || name.is_some_and(|n| {
            let n = n.to_lowercase();
            !n.is_empty() && words.iter().any(|(_, w)| *w == n)
                || (n.contains(' ') && lower.contains(&n))
        });
    let top_at = words
        .iter()
        .filter(|(_, w)| w == "top" || w == "discard")
        .map(|(at, _)| *at)
        .next();
    let top = if refusal {
        None
    } else {
        top_at.and_then(|t| {
            codes
                .iter()
                .find(|(at, _)| *at > t)
                .or(codes.last())
                .map(|&(_, c)| c)
        })
    };
    let nobody =
        lower.contains("nobody") || lower.contains("no one") || lower.contains("no winner");
    Info {
        refusal,
        top,
        you,
        draw_word: has_word(&words, &DRAW_WORDS),
        win: has_word(&words, &WIN_WORDS),
        nobody,
        refill: [
            "shuffl", "refill", "recycl", "ran out", "runs out", "run out", "empty",
        ]
        .iter()
        .any(|w| lower.contains(w)),
        answer: echoed(line),
        codes,
        words,
    }
}

/// The words of a question put to the human, one of which a line ending with an
/// answer has before its last colon or question mark.
const QUESTION_WORDS: [&str; 11] = [
    "type", "enter", "choose", "select", "which", "what", "pick", "name", "move", "code", "number",
];

/// Whether `token` has the shape of an answer the human types: a card's code (or an
/// unknown one such as `Z9`), a place in the hand, a word of drawing, a colour's letter.
fn answer_like(token: &str) -> bool {
    let mut chars = token.chars();
    let first = chars.next();
    let rest = chars.as_str();
    is_draw_answer(token)
        || (!token.is_empty() && token.chars().all(|c| c.is_ascii_digit()))
        || (first.is_some_and(|c| c.is_ascii_alphabetic())
            && (rest.is_empty() || (rest.len() <= 2 && rest.chars().all(|c| c.is_ascii_digit()))))
}

/// Where the answer starts on a line that is a question with the human's answer after
/// it, as a terminal shows what was typed (`Type the code of a card to play, or draw:
/// R4`, or `…: ` with nothing typed yet): the text after the last colon or question
/// mark is empty or one token of an answer's shape, and the text before it asks (a `?`
/// or a word of a question) and names no card. Without this a typed `R4` or `draw` after
/// the question reads as a bot's play or draw.
fn echoed(line: &str) -> Option<usize> {
    let at = line.rfind([':', '?'])?;
    let (question, answer) = (&line[..at], line[at + 1..].trim());
    let asks = line[at..].starts_with('?')
        || question.contains('?')
        || has_word(&words(question), &QUESTION_WORDS);
    (asks && codes(question).is_empty() && (answer.is_empty() || answer_like(answer)))
        .then_some(at + 1)
}

/// The counts shown on a line: `N card(s)` with where.
fn counts(line: &str) -> Vec<(usize, i64)> {
    let words = words(line);
    words
        .windows(2)
        .filter(|w| w[1].1 == "card" || w[1].1 == "cards")
        .filter_map(|w| w[0].1.parse::<i64>().ok().map(|n| (w[0].0, n)))
        .collect()
}

/// The name of a bot at the start of its move's line: the words before the verb, those
/// that start with a capital letter or a digit.
fn bot_name(line: &str) -> String {
    let trimmed = line.trim_start_matches(|c: char| !c.is_alphanumeric());
    let mut name = Vec::new();
    for word in trimmed.split_whitespace() {
        let clean = word.trim_end_matches(|c: char| !c.is_alphanumeric());
        let first = clean.chars().next();
        let lower = clean.to_lowercase();
        if first.is_some_and(|c| c.is_uppercase() || c.is_ascii_digit())
            && !PLAY_WORDS.contains(&lower.as_str())
            && !DRAW_WORDS.contains(&lower.as_str())
            && codes(clean).is_empty()
        {
            name.push(clean);
            if clean.len() != word.len() {
                break;
            }
        } else {
            break;
        }
    }
    name.join(" ")
}

/// A way a program may read the human's answers: a card's code, its place in the hand
/// as listed (from the first card shown or the last), or either.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reading {
    Code,
    First,
    Last,
    CodeOrFirst,
    CodeOrLast,
}

/// The human's move as a line tells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Told {
    Play(Code),
    Draw(Option<Code>),
}

/// The move a line speaking to the human tells, if any: a card with a verb of drawing
/// nearest before it is drawn, any other card played; a draw word alone a draw.
fn told(info: &Info) -> Option<Told> {
    if let Some(&(at, card)) = info.codes.last() {
        let verb = info.words.iter().rfind(|(w_at, w)| {
            *w_at < at && (DRAW_WORDS.contains(&w.as_str()) || PLAY_WORDS.contains(&w.as_str()))
        });
        return Some(match verb {
            Some((_, w)) if DRAW_WORDS.contains(&w.as_str()) => Told::Draw(Some(card)),
            _ => Told::Play(card),
        });
    }
    info.draw_word.then_some(Told::Draw(None))
}

// ----- the game -----

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Blank,
    /// A line of a hand shown (or a top line with its hand).
    Shown,
    Win,
    Refusal,
    Human,
    Refill,
    BotPlay(Code),
    BotDraw,
    Other,
}

/// The human's turn: its top line, its hand, and the lines it spans.
#[derive(Clone, Debug)]
struct Turn {
    top_line: usize,
    top: Code,
    hand: Vec<Code>,
    /// The hand as listed, for answers by place.
    listed: Vec<Code>,
    first: usize,
    last: usize,
}

struct Checker<'t> {
    lines: Vec<&'t str>,
    infos: Vec<Info>,
    readings: Vec<String>,
    answers: Option<&'t [String]>,
    /// The ways of reading the answers that explain every move so far, each with its
    /// next answer.
    ways: Vec<(Reading, usize)>,
    name: Option<String>,
    top: Code,
    discard: Vec<Code>,
    draw_left: usize,
    refills: u64,
    refilled_since_turn: bool,
    /// The top card that stayed on the discard pile at the last refill.
    kept_top: Option<Code>,
    bots: [i64; 3],
    bot_names: [Option<String>; 3],
    /// Whether each bot's count was shown since the human's last turn.
    shown: [bool; 3],
    next_bot: usize,
    hand: Vec<Code>,
}

impl Checker<'_> {
    fn reading(&mut self, what: &str) {
        if !self.readings.iter().any(|r| r == what) {
            self.readings.push(what.to_owned());
        }
    }

    fn at(&self, line: usize, problem: Problem) -> Violation {
        Violation {
            line: line + 1,
            problem,
            got: self.lines.get(line).map(|l| (*l).to_owned()),
        }
    }

    fn rule(&self, line: usize, rule: impl Into<String>) -> Violation {
        self.at(line, Problem::Rule(rule.into()))
    }

    fn unreadable(&self, line: usize, what: impl Into<String>) -> Violation {
        self.at(line, Problem::Unreadable(what.into()))
    }

    /// A card someone is given from the draw pile: refilled first when empty. `None`:
    /// there is nothing to draw (every other card is in the hands).
    fn draw(&mut self) -> Option<()> {
        if self.draw_left == 0 {
            if self.discard.len() <= 1 {
                return None;
            }
            self.draw_left = self.discard.len() - 1;
            self.discard = vec![self.top];
            self.refills += 1;
            self.refilled_since_turn = true;
            self.kept_top = Some(self.top);
        }
        self.draw_left -= 1;
        Some(())
    }

    /// The rule a card found on `place` breaks: a card that stayed on top at a refill
    /// and is played or drawn again was put back in the draw pile too (or instead).
    fn one_place(&self, card: Code, place: &str) -> String {
        if self.kept_top == Some(card) && place == "discard pile" {
            format!(
                "{ONE_PLACE}: {} stayed on the discard pile at the refill ({TOP_STAYS}, and it is not put in the draw pile)",
                code_name(card)
            )
        } else {
            format!("{ONE_PLACE}: {} is on the {place}", code_name(card))
        }
    }

    fn in_place(&self, card: Code) -> Option<&'static str> {
        if self.discard.contains(&card) {
            Some("discard pile")
        } else if self.hand.contains(&card) {
            Some("human's hand")
        } else {
            None
        }
    }

    /// Checks the counts of the bots named on line `l` against theirs (`moving`: the
    /// bot whose move the line is, whose count may be shown before or after it).
    fn counts(&mut self, l: usize, moving: Option<(usize, i64)>) -> Result<(), Violation> {
        let line = self.lines[l];
        let shown = counts(line);
        if shown.is_empty() {
            return Ok(());
        }
        if let Some((bot, before)) = moving {
            if let Some(&(_, n)) = shown.first() {
                self.shown[bot] = true;
                let after = self.bots[bot];
                if n != before && n != after {
                    let rule = if n > after && n > before {
                        ONE_CARD
                    } else {
                        COUNTS
                    };
                    return Err(self.rule(
                        l,
                        format!("{rule}: {} holds {after} cards", self.bot_label(bot)),
                    ));
                }
            }
            return Ok(());
        }
        // A count on a line naming a bot is that bot's: the count after its name.
        let mut named: Vec<(usize, usize)> = Vec::new();
        for (bot, name) in self.bot_names.iter().enumerate() {
            if let Some(name) = name {
                for (at, _) in line.match_indices(name.as_str()) {
                    let end = at + name.len();
                    if line[end..]
                        .chars()
                        .next()
                        .is_none_or(|c| !c.is_alphanumeric())
                    {
                        named.push((at, bot));
                    }
                }
            }
        }
        named.sort_unstable();
        for (i, &(at, bot)) in named.iter().enumerate() {
            let until = named.get(i + 1).map_or(line.len(), |&(next, _)| next);
            if let Some(&(_, n)) = shown.iter().find(|(c_at, _)| *c_at > at && *c_at < until) {
                self.shown[bot] = true;
                if n != self.bots[bot] {
                    return Err(self.rule(
                        l,
                        format!(
                            "{COUNTS}: {} holds {} cards",
                            self.bot_label(bot),
                            self.bots[bot]
                        ),
                    ));
                }
            }
        }
        Ok(())
    }

    fn bot_label(&self, bot: usize) -> String {
        self.bot_names[bot]
            .clone()
            .unwrap_or_else(|| format!("bot {}", bot + 1))
    }

    /// A bot's move at line `l`. `Ok(true)`: the bot played its last card.
    fn bot_move(&mut self, l: usize, kind: Kind) -> Result<bool, Violation> {
        let bot = self.next_bot;
        self.next_bot = (bot + 1) % 3;
        let name = bot_name(self.lines[l]);
        if !name.is_empty() && !self.infos[l].you {
            match &self.bot_names[bot] {
                None => {
                    if self.bot_names.iter().flatten().any(|n| *n == name) {
                        return Err(self.rule(
                            l,
                            format!(
                                "each player has their turn in order: {} moves next",
                                self.bot_label(bot)
                            ),
                        ));
                    }
                    self.bot_names[bot] = Some(name);
                }
                Some(known) if *known != name => {
                    // A bot named out of its turn: the move of the one before it was
                    // not shown (or the players do not take turns in order).
                    let rule = if self.bot_names.iter().flatten().any(|n| *n == name) {
                        REPORTED
                    } else {
                        "each player has their turn in order"
                    };
                    return Err(self.rule(l, format!("{rule}: {known} moves next")));
                }
                Some(_) => {}
            }
        }
        let before = self.bots[bot];
        match kind {
            Kind::BotPlay(card) => {
                if let Some(place) = self.in_place(card) {
                    return Err(self.rule(l, self.one_place(card, place)));
                }
                if !matches(card, self.top) {
                    return Err(self.rule(
                        l,
                        format!(
                            "{MATCH}: {} does not match {}",
                            code_name(card),
                            code_name(self.top)
                        ),
                    ));
                }
                if before <= 0 {
                    return Err(self.rule(
                        l,
                        format!("{COUNTS}: {} holds no cards", self.bot_label(bot)),
                    ));
                }
                self.bots[bot] -= 1;
                self.discard.push(card);
                self.top = card;
            }
            _ => {
                let ran_out = self.draw_left == 0;
                if self.draw().is_some() {
                    self.bots[bot] += 1;
                    let shown = counts(self.lines[l]);
                    if ran_out && shown.first().is_some_and(|&(_, n)| n == before) {
                        return Err(self.rule(l, RECYCLED));
                    }
                }
            }
        }
        self.counts(l, Some((bot, before)))?;
        Ok(self.bots[bot] == 0)
    }
}

/// The hand shown with the top card of line `t`: the lines of cards right after it
/// (past one header line without a card), else right before it. Its cards as listed,
/// and the lines it spans.
fn hand_of(lines: &[&str], infos: &[Info], t: usize) -> Option<(Vec<Code>, usize, usize)> {
    let is_hand = |l: usize| {
        let i = &infos[l];
        !i.codes.is_empty()
            && !i.refusal
            && i.top.is_none()
            && !i.win
            && i.answer.is_none()
            && !has_word(&i.words, &PLAY_WORDS)
            && !has_word(&i.words, &DRAW_WORDS)
    };
    let mut from = t + 1;
    if from < lines.len()
        && infos[from].codes.is_empty()
        && !lines[from].trim().is_empty()
        && !infos[from].refusal
        // A question is no header: the line after it is the answer typed.
        && infos[from].answer.is_none()
        && !lines[from].contains('?')
        && from + 1 < lines.len()
        && is_hand(from + 1)
    {
        from += 1;
    }
    let mut to = from;
    while to < lines.len() && is_hand(to) {
        to += 1;
    }
    if to > from {
        let cards = (from..to)
            .flat_map(|l| infos[l].codes.iter().map(|&(_, c)| c))
            .collect();
        return Some((cards, t, to - 1));
    }
    let mut start = t;
    while start > 0 && is_hand(start - 1) {
        start -= 1;
    }
    if start < t {
        let cards = (start..t)
            .flat_map(|l| infos[l].codes.iter().map(|&(_, c)| c))
            .collect();
        return Some((cards, start, t));
    }
    None
}

/// The human's name as the transcript echoes it after the question naming "name".
fn echoed_name(lines: &[&str], infos: &[Info], until: usize) -> Option<String> {
    (0..until)
        .filter(|&l| !infos[l].refusal && has_word(&infos[l].words, &["name"]))
        .filter_map(|l| {
            let line = lines[l];
            let at = line.rfind(['?', ':'])?;
            let name = line[at + 1..].trim_matches(|c: char| !c.is_alphanumeric());
            (!name.is_empty()).then(|| name.to_owned())
        })
        .next_back()
}

/// The text without its terminal escape sequences (`ESC [ … letter`): a terminal
/// session (`script`) of a program that colours its cards holds them around the codes.
fn without_escapes(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' && chars.peek() == Some(&'[') {
            chars.next();
            // Parameters and intermediates, up to the final byte.
            for next in chars.by_ref() {
                if ('@'..='~').contains(&next) {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

fn is_draw_answer(answer: &str) -> bool {
    let a = answer.trim().to_lowercase();
    [
        "draw", "0", "d", "pass", "p", "pick", "take", "none", "skip",
    ]
    .contains(&a.as_str())
}

/// Checks a transcript of one game. `answers`: the answers the program was given, in
/// order (a grader that typed them), or `None` for a saved transcript, where the moves
/// are read from what the program showed.
pub fn check(transcript: &str, answers: Option<&[String]>) -> Result<Checked, Violation> {
    let normalized = without_escapes(&transcript.replace("\r\n", "\n"));
    let lines: Vec<&str> = normalized.split('\n').collect();
    let lines: Vec<&str> = match lines.last() {
        Some(&"") => lines[..lines.len() - 1].to_vec(),
        _ => lines,
    };
    // One game is checked: a session's next games (`Play again?`) are the same rules
    // played again.
    let lines: Vec<&str> = match lines.iter().position(|l| {
        let w = words(l);
        l.contains('?')
            && has_word(&w, &["play"])
            && (has_word(&w, &["again"]) || has_word(&w, &["another"]))
    }) {
        Some(at) => lines[..=at].to_vec(),
        None => lines,
    };
    let plain: Vec<Info> = lines.iter().map(|l| info(l, None)).collect();
    let end = lines.len();

    // The name phase: up to the first top card shown.
    let Some(first_top) = (0..end).find(|&l| {
        plain[l].top.is_some()
            || (has_word(&plain[l].words, &["first"])
                && !plain[l].codes.is_empty()
                && !plain[l].refusal)
    }) else {
        let mut checker = empty_checker(&lines, plain, answers);
        checker.reading("card codes such as `R5`");
        return Err(checker.unreadable(
            end,
            "no top card: a line with the word \"top\" or \"discard\" and the top card's code, such as `Top card: R5`",
        ));
    };
    let blanks = answers.map_or(0, |a| a.iter().take_while(|a| a.trim().is_empty()).count());
    let name = match answers {
        Some(a) => a.get(blanks).map(|n| n.trim().to_owned()),
        None => echoed_name(&lines, &plain, first_top),
    };
    let infos: Vec<Info> = lines.iter().map(|l| info(l, name.as_deref())).collect();
    let mut c = empty_checker(&lines, infos, answers);
    c.name = name.clone();
    c.ways = [
        Reading::Code,
        Reading::First,
        Reading::Last,
        Reading::CodeOrFirst,
        Reading::CodeOrLast,
    ]
    .map(|r| (r, blanks + 1))
    .to_vec();
    c.reading("card codes such as `R5`");
    let asked = (0..first_top)
        .filter(|&l| has_word(&c.infos[l].words, &["name"]))
        .count();
    if blanks > 0 && asked < blanks + 1 {
        let at = (0..first_top)
            .find(|&l| has_word(&c.infos[l].words, &["name"]))
            .unwrap_or(first_top);
        return Err(c.rule(at, NAME));
    }

    // The human's turns: the top lines with a hand.
    let mut turns: Vec<Turn> = Vec::new();
    let mut l = first_top;
    while l < end {
        if let Some(top) = c.infos[l].top
            && let Some((listed, first, last)) = hand_of(&lines, &c.infos, l)
        {
            let mut hand = listed.clone();
            hand.sort_unstable();
            turns.push(Turn {
                top_line: l,
                top,
                hand,
                listed,
                first,
                last,
            });
            l = last + 1;
            continue;
        }
        l += 1;
    }
    let Some(first_turn) = turns.first().cloned() else {
        return Err(c.unreadable(
            first_top,
            "no hand shown with the top card: the human's cards as codes on the lines right after the top card's line (or right before it)",
        ));
    };
    if first_turn.last > first_turn.top_line {
        c.reading("the hand after the top card");
    } else {
        c.reading("the hand before the top card");
    }
    let mut kinds = vec![Kind::Other; end];
    for turn in &turns {
        for k in kinds.iter_mut().take(turn.last + 1).skip(turn.first) {
            *k = Kind::Shown;
        }
    }
    // The bots' names: the names that start lines without a word of a refusal, not to
    // the human, more than once (their moves, their counts). A move of theirs with such
    // a word ("Player 2 can't play and draws a card") is still a move, not a refusal.
    let mut named = std::collections::HashMap::<String, usize>::new();
    for l in first_top..end {
        let i = &c.infos[l];
        if kinds[l] != Kind::Shown && !i.refusal && !i.you && i.top.is_none() && i.answer.is_none()
        {
            let name = bot_name(lines[l]);
            let common = [
                "the", "a", "an", "it", "this", "that", "there", "no", "card", "cards",
            ];
            if !name.is_empty() && !common.contains(&name.to_lowercase().as_str()) {
                *named.entry(name).or_default() += 1;
            }
        }
    }
    for l in first_top..end {
        if kinds[l] == Kind::Shown {
            continue;
        }
        let i = &c.infos[l];
        let a_bots = || {
            !i.you
                && (!i.codes.is_empty() || i.draw_word)
                && named.get(&bot_name(lines[l])).is_some_and(|&n| n > 1)
        };
        // An answer typed, alone on its line (after a question printed with its line's
        // end) or after its question, is the human's.
        let typed = i.answer.is_some() || answer_like(lines[l].trim());
        kinds[l] = if lines[l].trim().is_empty() {
            Kind::Blank
        } else if typed && !a_bots() {
            Kind::Human
        } else if i.refusal && !a_bots() {
            Kind::Refusal
        } else if i.win {
            Kind::Win
        } else if i.top.is_some() {
            Kind::Other
        } else if i.you {
            Kind::Human
        } else if i.refill && i.codes.is_empty() {
            Kind::Refill
        } else if let Some(&(_, card)) = i.codes.first() {
            Kind::BotPlay(card)
        } else if i.draw_word {
            Kind::BotDraw
        } else {
            Kind::Other
        };
    }

    // The deal.
    c.top = c.infos[first_top]
        .top
        .or(c.infos[first_top].codes.first().map(|&(_, x)| x))
        .unwrap_or(0);
    c.discard = vec![c.top];
    let first_line = first_turn.top_line;
    if first_turn.listed.len() != 3 {
        return Err(c.rule(
            first_line,
            format!(
                "{DEALT}: the human's first hand holds {}",
                show(&first_turn.listed)
            ),
        ));
    }

    // The bots that move before the human's first turn are the last of the round.
    let before: Vec<usize> = (first_top + 1..first_turn.first)
        .filter(|&l| matches!(kinds[l], Kind::BotPlay(_) | Kind::BotDraw))
        .collect();
    if before.len() > 3 {
        return Err(c.rule(
            before[3],
            "each player has their turn in order: the human's turn comes after the three bots'",
        ));
    }
    c.next_bot = (3 - before.len()) % 3;
    c.hand = first_turn.hand.clone();
    if c.hand.windows(2).any(|w| w[0] == w[1]) || c.hand.contains(&c.top) {
        return Err(c.rule(
            first_line,
            format!(
                "{ONE_PLACE}: the hand {} and the top card {}",
                show(&first_turn.listed),
                code_name(c.top)
            ),
        ));
    }
    if !before.is_empty() {
        c.reading("a bot plays first");
    }
    // Counts shown before anybody has played are 3.
    for l in first_top..first_turn.first {
        if matches!(kinds[l], Kind::Other | Kind::Blank)
            && (before.is_empty() || l < before[0])
            && let Some(&(_, n)) = counts(lines[l]).iter().find(|&&(_, n)| n != 3)
        {
            return Err(c.rule(l, format!("{DEALT}: {n} shown before anybody played")));
        }
    }
    for &l in &before {
        if c.bot_move(l, kinds[l])? {
            return Err(c.rule(l, WINNER));
        }
    }

    let mut human_turns = 0u64;
    for (k, turn) in turns.iter().enumerate() {
        human_turns += 1;
        // The top card shown.
        if turn.top != c.top {
            let rule = if c.refilled_since_turn {
                TOP_STAYS
            } else {
                TOP
            };
            return Err(c.rule(
                turn.top_line,
                format!("{rule}: {} was expected", code_name(c.top)),
            ));
        }
        if turn.hand != c.hand {
            return Err(c.rule(
                turn.top_line,
                format!(
                    "the human's hand is what they were dealt, less the cards they played, with the cards they drew: {} was expected, {} shown",
                    show(&c.hand),
                    show(&turn.listed)
                ),
            ));
        }
        if k > 0
            && let Some(bot) = (0..3).find(|&b| !c.shown[b])
        {
            return Err(c.rule(
                turn.top_line,
                format!(
                    "{COUNTS}: {}'s count was not shown since the human's last turn",
                    c.bot_label(bot)
                ),
            ));
        }
        c.refilled_since_turn = false;
        c.shown = [false; 3];
        let block_end = turns.get(k + 1).map_or(end, |t| t.first);
        let next_hand = turns.get(k + 1).map(|t| t.hand.clone());
        // Counts shown in the turn's own lines (around the hand).
        for l in turn.first..=turn.last {
            c.counts(l, None)?;
        }

        // The human's part: up to the first bot's move or the end.
        let moves: Vec<usize> = (turn.last + 1..block_end)
            .filter(|&l| {
                matches!(kinds[l], Kind::BotPlay(_) | Kind::BotDraw)
                    // With one card left the human may win: their name may be unknown.
                    || (kinds[l] == Kind::Win && (c.claims(l) || c.hand.len() == 1))
            })
            .collect();
        let human_end = moves.first().copied().unwrap_or(block_end);
        let mut refusals = 0usize;
        let mut said: Option<(usize, Told)> = None;
        let dealt = k == 0 && c.bot_names.iter().all(Option::is_none);
        // A refusal says what is wrong, or asks again: a line with a refusal's word, or
        // one that starts as another of the turn does (the question repeated). Counted
        // by the lines' first 12 characters, once each: a turn may be long.
        let head = |l: usize| -> Option<&str> {
            let (at, _) = lines[l].char_indices().nth(11)?;
            let end = at + lines[l][at..].chars().next().map_or(0, char::len_utf8);
            Some(&lines[l][..end])
        };
        let mut heads: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
        for l in turn.last + 1..human_end {
            if let Some(h) = head(l) {
                *heads.entry(h).or_default() += 1;
            }
        }
        for l in turn.last + 1..human_end {
            if kinds[l] == Kind::Refusal
                || head(l).is_some_and(|h| heads.get(h).is_some_and(|&n| n > 1))
            {
                refusals += 1;
            }
            if dealt
                && kinds[l] == Kind::Other
                && let Some(&(_, n)) = counts(lines[l]).iter().find(|&&(_, n)| n != 3)
            {
                return Err(c.rule(l, format!("{DEALT}: {n} shown before anybody played")));
            }
            match kinds[l] {
                // What was said before a refusal was refused.
                Kind::Refusal => said = None,
                Kind::Human => {
                    // A question (before a colon or question mark, naming no card)
                    // tells nothing: what follows it does, the answer echoed or the
                    // program's next output.
                    let text = lines[l];
                    let said_here = match text.rfind([':', '?']) {
                        Some(at) if codes(&text[..at]).is_empty() => {
                            told(&info(&text[at + 1..], name.as_deref()))
                        }
                        _ => told(&c.infos[l]),
                    };
                    if let Some(t) = said_here {
                        said = Some((l, t));
                    }
                    c.counts(l, None)?;
                }
                Kind::Other | Kind::Refill => c.counts(l, None)?,
                _ => {}
            }
        }
        let at_line = said.map_or(human_end.min(end.saturating_sub(1)), |(l, _)| l);
        // The move: from the next hand shown, else from what the line said.
        let hand = c.hand.clone();
        let top0 = c.top;
        let mut moved: Option<Told> = match &next_hand {
            Some(next) => {
                let removed: Vec<Code> =
                    hand.iter().filter(|x| !next.contains(x)).copied().collect();
                let added: Vec<Code> = next.iter().filter(|x| !hand.contains(x)).copied().collect();
                match (removed.as_slice(), added.as_slice()) {
                    ([card], []) if next.len() + 1 == hand.len() => Some(Told::Play(*card)),
                    ([], [card]) if next.len() == hand.len() + 1 => Some(Told::Draw(Some(*card))),
                    ([], []) if next.len() == hand.len() => None,
                    _ => {
                        let line = turns.get(k + 1).map_or(end, |t| t.top_line);
                        return Err(c.rule(
                            line,
                            format!(
                                "at each turn the player plays one card of their hand or draws one card, which joins the hand: from {} the hand became {}",
                                show(&hand),
                                show(next)
                            ),
                        ));
                    }
                }
            }
            None => said.map(|(_, t)| t),
        };
        if let (Some(Told::Play(shown)), Some((l, Told::Play(told_card)))) = (moved, said)
            && shown != told_card
        {
            return Err(c.rule(
                l,
                format!(
                    "a card played leaves the hand: {} left it",
                    code_name(shown)
                ),
            ));
        }
        if let (Some(Told::Draw(None)), Some((_, Told::Draw(Some(card))))) = (moved, said) {
            moved = Some(Told::Draw(Some(card)));
        }
        let mut human_won = false;
        match moved {
            Some(Told::Play(card)) => {
                if !hand.contains(&card) {
                    return Err(c.rule(
                        at_line,
                        format!(
                            "a player plays a card of their hand: {} is not in it",
                            code_name(card)
                        ),
                    ));
                }
                if !matches(card, c.top) {
                    return Err(c.rule(
                        at_line,
                        format!(
                            "{MATCH}: {} does not match {}",
                            code_name(card),
                            code_name(c.top)
                        ),
                    ));
                }
                c.hand.retain(|&x| x != card);
                c.discard.push(card);
                c.top = card;
                human_won = c.hand.is_empty();
                c.answer(&turn.listed, top0, Some(card), refusals, at_line)?;
            }
            Some(Told::Draw(card)) => {
                if let Some(&held) = hand.iter().find(|&&x| matches(x, c.top)) {
                    return Err(c.rule(
                        at_line,
                        format!(
                            "{DRAW_ONLY}: {} matches {}",
                            code_name(held),
                            code_name(c.top)
                        ),
                    ));
                }
                if c.draw().is_none() {
                    return Err(c.rule(
                        at_line,
                        "a card is drawn only from cards that are in no hand",
                    ));
                }
                if let Some(card) = card {
                    if let Some(place) = c.in_place(card) {
                        return Err(c.rule(at_line, c.one_place(card, place)));
                    }
                    c.hand.push(card);
                    c.hand.sort_unstable();
                }
                c.answer(&turn.listed, top0, None, refusals, at_line)?;
            }
            None => {
                if next_hand.is_some() {
                    // The hand did not change: a draw that brought nothing.
                    if hand.iter().any(|&x| matches(x, c.top)) {
                        let line = turns.get(k + 1).map_or(end, |t| t.top_line);
                        return Err(c.rule(line, "at each turn the player plays a matching card of their hand (rule 5): the hand did not change"));
                    }
                    let ran_out = c.draw_left == 0;
                    if c.draw().is_some() {
                        let line = turns.get(k + 1).map_or(end, |t| t.top_line);
                        return Err(c.rule(
                            line,
                            if ran_out { RECYCLED.to_owned() } else { "without a match the player takes the top card of the draw pile, which joins the hand (rule 6): the hand did not change".to_owned() },
                        ));
                    }
                    c.answer(&turn.listed, top0, None, refusals, at_line)?;
                } else {
                    // The transcript ends at the human's turn.
                    // The transcript ends at the human's turn: a quit there may be
                    // said anywhere after the hand.
                    return finish(&c, &kinds, turn.last + 1, human_turns);
                }
            }
        }
        if human_won {
            return c.won(&kinds, human_end, None, human_turns);
        }

        // The bots' moves.
        let mut bot_moves = 0;
        for l in human_end..block_end {
            match kinds[l] {
                Kind::BotPlay(_) | Kind::BotDraw => {
                    if bot_moves == 3 {
                        return Err(c.rule(l, "each player has their turn in order: after the three bots it is the human's turn"));
                    }
                    bot_moves += 1;
                    let bot = c.next_bot;
                    if c.bot_move(l, kinds[l])? {
                        return c.won(&kinds, l + 1, Some(bot), human_turns);
                    }
                }
                Kind::Win if c.claims(l) => {
                    return Err(c.rule(l, format!("{WINNER}: nobody has played their last card")));
                }
                Kind::Human | Kind::Other | Kind::Refill => c.counts(l, None)?,
                _ => {}
            }
        }
        if let Some(next) = turns.get(k + 1) {
            if bot_moves < 3 {
                return Err(c.rule(next.top_line, REPORTED));
            }
        } else {
            return finish(&c, &kinds, block_end, human_turns);
        }
    }
    finish(&c, &kinds, end, human_turns)
}

fn empty_checker<'t>(
    lines: &[&'t str],
    infos: Vec<Info>,
    answers: Option<&'t [String]>,
) -> Checker<'t> {
    Checker {
        lines: lines.to_vec(),
        infos,
        readings: Vec::new(),
        answers,
        ways: Vec::new(),
        name: None,
        top: 0,
        discard: Vec::new(),
        draw_left: DRAW_PILE,
        refills: 0,
        refilled_since_turn: false,
        kept_top: None,
        bots: [3; 3],
        bot_names: [None, None, None],
        shown: [true; 3],
        next_bot: 0,
        hand: Vec::new(),
    }
}

/// The end of a transcript without a winner, from line `from`: a quit, the answers run
/// out, or a program that stopped.
fn finish(c: &Checker<'_>, kinds: &[Kind], from: usize, turns: u64) -> Result<Checked, Violation> {
    let end = c.lines.len();
    if let Some(l) = (from..end).find(|&l| kinds[l] == Kind::Win && c.claims(l)) {
        return Err(c.rule(l, format!("{WINNER}: nobody has played their last card")));
    }
    let said_end = (from.saturating_sub(1)..end).any(|l| {
        let i = &c.infos[l];
        i.nobody
            || has_word(
                &i.words,
                &["quit", "quits", "bye", "goodbye", "ended", "stopped"],
            )
    });
    let answers_left = c.answers.is_some_and(|a| {
        let next = c.ways.iter().map(|w| w.1).min().unwrap_or(a.len());
        a[next.min(a.len())..].iter().any(|x| !x.trim().is_empty())
    });
    if !said_end && answers_left {
        let rule = if c.draw_left == 0 {
            RECYCLED
        } else {
            "the game goes on until a player has no cards remaining (rule 8)"
        };
        return Err(Violation {
            line: end + 1,
            problem: Problem::Rule(rule.to_owned()),
            got: None,
        });
    }
    if !said_end && c.answers.is_none() && c.draw_left == 0 && c.refills == 0 {
        return Err(Violation {
            line: end + 1,
            problem: Problem::Rule(RECYCLED.to_owned()),
            got: None,
        });
    }
    Ok(Checked {
        winner: None,
        quit: true,
        turns,
        refills: c.refills,
        lines: end,
        readings: c.readings.clone(),
    })
}

impl Checker<'_> {
    /// Whether line `l`, which speaks of winning, names a winner: the human ("you",
    /// their name) or a bot by the name its moves showed. Words of winning that name
    /// nobody known are the rules' text (`the first player with no cards left wins`).
    fn claims(&self, l: usize) -> bool {
        let info = &self.infos[l];
        let line = self.lines[l];
        !info.nobody
            && (info.you
                || self
                    .bot_names
                    .iter()
                    .flatten()
                    .any(|n| line.contains(n.as_str())))
    }

    /// The end after a player played their last card (`bot`, or the human): the next
    /// line that is not blank names the winner, and nothing is played after it.
    fn won(
        &self,
        kinds: &[Kind],
        from: usize,
        bot: Option<usize>,
        turns: u64,
    ) -> Result<Checked, Violation> {
        let end = self.lines.len();
        let who = match bot {
            Some(b) => self.bot_label(b),
            None => self.name.clone().unwrap_or_else(|| "the human".to_owned()),
        };
        let Some(l) =
            (from..end).find(|&l| !matches!(kinds[l], Kind::Blank | Kind::Other | Kind::Refill))
        else {
            return Err(Violation {
                line: end + 1,
                problem: Problem::Rule(format!("{WINNER}: {who} played their last card")),
                got: None,
            });
        };
        let line = self.lines[l];
        let names_them = match bot {
            Some(b) => self.bot_names[b]
                .as_deref()
                .is_none_or(|n| line.contains(n)),
            // The human's name is not known from a captured output: a line naming no
            // bot names them.
            None => {
                self.infos[l].you
                    || match self.name.as_deref() {
                        Some(n) => line.contains(n),
                        None => !self
                            .bot_names
                            .iter()
                            .flatten()
                            .any(|b| line.contains(b.as_str())),
                    }
            }
        };
        if kinds[l] != Kind::Win || !names_them || self.infos[l].nobody {
            return Err(self.rule(l, format!("{WINNER}: {who} played their last card")));
        }
        // Nothing is played after the winner, up to a new game (`Play again?`).
        let again = (l + 1..end)
            .find(|&a| self.lines[a].to_lowercase().contains("again"))
            .unwrap_or(end);
        if let Some(after) = (l + 1..again)
            .find(|&a| matches!(kinds[a], Kind::BotPlay(_) | Kind::BotDraw | Kind::Shown))
        {
            return Err(self.rule(after, format!("{WINNER}: the game ended when {who} won")));
        }
        Ok(Checked {
            winner: Some(who),
            quit: false,
            turns,
            refills: self.refills,
            lines: end,
            readings: self.readings.clone(),
        })
    }

    /// With the answers typed: the answer each way of reading them (codes, places
    /// counted from either end, or both) takes is the first that can be played (a
    /// matching card, or a draw without one): the ways whose answer made the move
    /// (`card` played, or a draw) stay. No way left: an answer that could be played was
    /// refused, or the move was none typed. Answers refused before it need a message.
    fn answer(
        &mut self,
        listed: &[Code],
        top: Code,
        card: Option<Code>,
        refusals: usize,
        line: usize,
    ) -> Result<(), Violation> {
        let Some(answers) = self.answers else {
            return Ok(());
        };
        let playable = listed.iter().any(|&x| matches(x, top));
        let take = |reading: Reading, a: &str| -> Option<Option<Code>> {
            let a = a.trim();
            if is_draw_answer(a) {
                return (!playable).then_some(None);
            }
            let by_code = listed
                .iter()
                .copied()
                .find(|&x| a.eq_ignore_ascii_case(&code_name(x)));
            let place = a.parse::<usize>().ok().and_then(|p| match reading {
                Reading::Code => None,
                Reading::First | Reading::CodeOrFirst => {
                    p.checked_sub(1).and_then(|i| listed.get(i).copied())
                }
                Reading::Last | Reading::CodeOrLast => listed
                    .len()
                    .checked_sub(p)
                    .and_then(|i| listed.get(i).copied()),
            });
            let chosen = match reading {
                Reading::Code => by_code,
                Reading::First | Reading::Last => place,
                Reading::CodeOrFirst | Reading::CodeOrLast => by_code.or(place),
            };
            chosen.filter(|&x| matches(x, top)).map(Some)
        };
        let mut kept = Vec::new();
        let mut first_wrong = None;
        let mut silent = None;
        for &(reading, start) in &self.ways.clone() {
            let rest = &answers[start.min(answers.len())..];
            match rest.iter().position(|a| take(reading, a).is_some()) {
                // No answer this way could have made the move: the program does not
                // read this way.
                None => {}
                Some(offset) => {
                    let at = start + offset;
                    if take(reading, &answers[at]) == Some(card) {
                        // Answers refused without a word: this way holds only if
                        // another way explains the turn.
                        if at > start && refusals == 0 {
                            silent.get_or_insert(start);
                            continue;
                        }
                        if card.is_none() {
                            let typed = answers[at].trim().to_lowercase();
                            self.reading(&format!("a draw typed as `{typed}`"));
                        }
                        kept.push((reading, at + 1));
                    } else if first_wrong.is_none() {
                        first_wrong = Some(at);
                    }
                }
            }
        }
        if let (true, Some(start)) = (kept.is_empty(), silent) {
            return Err(self.rule(
                line,
                format!("{REFUSED}: `{}` was typed first", answers[start].trim()),
            ));
        }
        if kept.is_empty() {
            let typed = first_wrong.map_or(String::new(), |at| answers[at].trim().to_owned());
            let did = match card {
                Some(card) => format!("{} was played", code_name(card)),
                None => "a card was drawn".to_owned(),
            };
            return Err(self.rule(
                line,
                format!(
                    "the human's answer is taken as typed: a matching card typed is played, and draw taken without one; `{typed}` could be played, and {did}"
                ),
            ));
        }
        self.ways = kept;
        if card.is_some() {
            let code = self.ways.iter().all(|(r, _)| *r == Reading::Code);
            let place = self
                .ways
                .iter()
                .all(|(r, _)| matches!(r, Reading::First | Reading::Last));
            if code {
                self.reading("cards chosen by code");
            } else if place {
                self.reading("cards chosen by their place in the hand");
            }
        }
        Ok(())
    }
}
