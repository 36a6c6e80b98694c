//! Checking a transcript of someone's Pig program against the assignment's rules, line
//! by line (`pig check`, and `pig grade` on every game it plays).
//!
//! The dice are random, so there is no expected output to compare with; instead every
//! line is checked for its exact form and its arithmetic, and the game's course for the
//! rules: turns alternate from the Human, each opened by a blank line and
//! `Player: NAME, Total Points = N` and closed by the same line with the new total; a roll
//! scores the sum of the dice, doubles twice the sum, snake eyes lose the turn's points
//! and end the turn; `Turn Points` and `Total Points` add up; the Human is asked
//! `Hold dice (Y/N?) ?` before every roll, holds on Y and rolls on N, and an invalid
//! answer gets an error line and the question again; the Computer rolls until its turn
//! holds 20 points; the winner's line comes after a blank line once a total reaches 100.
//! The first line that breaks a rule is reported with its number and what the rule
//! required.
//!
//! # Readings the text allows
//!
//! A grader must not fail a program for a reading the assignment allows, so each of
//! these is accepted, and the report says which one it saw ([`Checked::readings`]):
//!
//! - **When a win is declared.** At once, when banked plus turn points reach 100 (the
//!   roll's line, the player's line, a blank line, the winner's line: this crate's own
//!   game), or only when the turn ends (the Human keeps being asked, the Computer keeps
//!   rolling until its turn holds 20; snake eyes then still lose the turn's points).
//! - **What snake eyes print as `Roll Points`**: 0 (this crate's), the dice's face value
//!   2, or that value doubled, 4; `Turn Points` must be 0 and `Total Points` the banked
//!   total, as the text says.
//! - **The welcome**: any text, at least one line, before the first turn.
//! - **The error line** after an invalid answer: any text, on one or more lines, right
//!   after the prompt or on the next line.
//! - **Answers**: upper or lower case, with blanks around them.
//! - Trailing blanks and a carriage return at the end of a line are ignored, and
//!   anything after the winner's line (a goodbye) is not checked.
//!
//! # Where the answers come from
//!
//! `pig grade` knows the answers it fed the program ([`check`] with `Some(answers)`):
//! each prompt takes the next one, the prompt must not end its line (the text: "not
//! terminated with a newline"), and an invalid answer must be refused. A saved
//! transcript (`pig check`, `answers` `None`) is read either as a terminal session,
//! where the answer typed follows the prompt on its line (`Hold dice (Y/N?) ?n`), or as
//! captured output, where the next output follows the prompt directly
//! (`Hold dice (Y/N?) ?Roll=(…)`); the decision is then read from what follows.

use std::fmt;

use cards_core::rng::{below, stream_rng};

use crate::console;
use crate::render;

/// The goal of the assignment's game.
pub const GOAL: u32 = 100;
/// The Computer's turn ends once its turn holds this many points.
pub const COMPUTER_HOLDS_AT: u32 = 20;
const NAMES: [&str; 2] = ["Human", "Computer"];

/// A transcript that keeps every rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// The winner's name.
    pub winner: &'static str,
    /// The lines checked (up to the winner's line).
    pub lines: usize,
    /// The readings of the text seen, in the order first seen.
    pub readings: Vec<String>,
}

/// The first line that breaks a rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// Its number, from 1 (one past the last line when the transcript ended too soon).
    pub line: usize,
    /// What the rule required there.
    pub rule: String,
    /// The line as the program wrote it (`None`: the transcript had ended).
    pub got: Option<String>,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}; got ", self.line, self.rule)?;
        match &self.got {
            // Quoted like any input in an error: the line is the graded program's, and
            // an escape sequence in it must not act on the grader's terminal.
            Some(line) => write!(f, "`{}`", cards_core::input::quoted_line(line)),
            None => write!(f, "the end of the transcript"),
        }
    }
}

impl fmt::Display for Checked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "ok: a whole game, {} lines, won by {}; readings: {}",
            self.lines,
            self.winner,
            self.readings.join("; ")
        )
    }
}

/// One element of a transcript: a line, or a prompt and what follows it on its line.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Kind {
    /// `Hold dice (Y/N?) ?`; `after` is the text after it on its line that is no line
    /// of the game (an echoed answer, or an error line glued to it); `ends_line` when
    /// nothing at all follows it on its line.
    Prompt {
        after: Option<String>,
        ends_line: bool,
    },
    Blank,
    Player {
        name: String,
        total: u32,
    },
    Roll {
        dice: (u8, u8),
        points: u32,
        turn: u32,
        total: u32,
    },
    Winner(String),
    Text,
}

#[derive(Clone, Debug)]
struct Item {
    line: usize,
    text: String,
    kind: Kind,
}

fn items(transcript: &str) -> Vec<Item> {
    let mut items = Vec::new();
    for (index, raw) in transcript.split_terminator('\n').enumerate() {
        let line = index + 1;
        let raw = raw.trim_end_matches([' ', '\t', '\r']);
        let mut rest = raw;
        loop {
            if let Some(after) = rest.strip_prefix(console::PROMPT) {
                rest = after;
                let structural = after.is_empty()
                    || after.starts_with(console::PROMPT)
                    || !matches!(classify(after), Kind::Text);
                items.push(Item {
                    line,
                    text: raw.to_owned(),
                    kind: Kind::Prompt {
                        after: (!structural).then(|| after.to_owned()),
                        ends_line: after.is_empty(),
                    },
                });
                if structural {
                    continue;
                }
                break;
            }
            if !rest.is_empty() || items.last().is_none_or(|item: &Item| item.line != line) {
                items.push(Item {
                    line,
                    text: raw.to_owned(),
                    kind: classify(rest),
                });
            }
            break;
        }
    }
    items
}

fn classify(line: &str) -> Kind {
    if line.trim().is_empty() {
        return Kind::Blank;
    }
    if let Some((name, total)) = line
        .strip_prefix("Player: ")
        .and_then(|rest| rest.split_once(", Total Points = "))
        && let Some(total) = number(total)
    {
        return Kind::Player {
            name: name.to_owned(),
            total,
        };
    }
    if let Some(kind) = roll(line) {
        return kind;
    }
    if let Some(name) = line.strip_prefix("The winner is: ") {
        return Kind::Winner(name.to_owned());
    }
    Kind::Text
}

fn roll(line: &str) -> Option<Kind> {
    let rest = line.strip_prefix("Roll=(")?;
    let (dice, rest) = rest.split_once("), Roll Points = ")?;
    let (die1, die2) = dice.split_once(',')?;
    let (points, rest) = rest.split_once(", Turn Points = ")?;
    let (turn, total) = rest.split_once(", Total Points = ")?;
    let die = |text: &str| match text.as_bytes() {
        &[digit @ b'1'..=b'6'] => Some(digit - b'0'),
        _ => None,
    };
    Some(Kind::Roll {
        dice: (die(die1)?, die(die2)?),
        points: number(points)?,
        turn: number(turn)?,
        total: number(total)?,
    })
}

/// A number as the game prints it: digits only.
fn number(text: &str) -> Option<u32> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// The Human's answer to one prompt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Answer {
    Hold,
    Roll,
    Invalid,
}

fn read_answer(answer: &str) -> Answer {
    // The assignment knows no quitting: a program that follows it refuses `q` as it
    // refuses any answer but Y and N.
    match console::parse_answer(answer) {
        Ok(console::Answer::Hold) => Answer::Hold,
        Ok(console::Answer::Roll) => Answer::Roll,
        Ok(console::Answer::Quit) | Err(_) => Answer::Invalid,
    }
}

/// How the program declares a win.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum WinReading {
    AtOnce,
    EndOfTurn,
}

struct Checker<'a> {
    items: Vec<Item>,
    next: usize,
    last_line: usize,
    answers: Option<std::slice::Iter<'a, String>>,
    readings: Vec<String>,
    /// The line of the roll that took a total to exactly 100 where the program played on
    /// (the win read as declared when the turn ends).
    exactly_the_goal: Option<usize>,
}

type Step<T> = Result<T, Violation>;

impl Checker<'_> {
    fn peek(&self) -> Option<&Item> {
        self.items.get(self.next)
    }

    fn take(&mut self) -> Option<Item> {
        let item = self.items.get(self.next).cloned();
        self.next += 1;
        item
    }

    fn violation(&self, item: Option<&Item>, rule: impl Into<String>) -> Violation {
        Violation {
            line: item.map_or(self.last_line + 1, |item| item.line),
            rule: rule.into(),
            got: item.map(|item| item.text.clone()),
        }
    }

    fn reading(&mut self, reading: String) {
        if !self.readings.contains(&reading) {
            self.readings.push(reading);
        }
    }

    /// The first error line seen after an invalid answer (the wording is free).
    fn error_reading(&mut self, text: &str) {
        if !self.readings.iter().any(|r| r.starts_with("error lines")) {
            let text = cards_core::input::quoted_line(text);
            self.readings.push(format!("error lines such as `{text}`"));
        }
    }

    fn expect_blank(&mut self, rule: &str) -> Step<()> {
        match self.take() {
            Some(Item {
                kind: Kind::Blank, ..
            }) => Ok(()),
            other => Err(self.violation(other.as_ref(), rule)),
        }
    }

    fn expect_player(&mut self, seat: usize, total: u32, rule: &str) -> Step<()> {
        let item = self.take();
        match &item {
            Some(Item {
                kind: Kind::Player { name, total: t },
                ..
            }) if name == NAMES[seat] && *t == total => Ok(()),
            other => Err(self.violation(
                other.as_ref(),
                format!("{rule}: `{}`", render::player_line(NAMES[seat], total)),
            )),
        }
    }

    /// The violation of a prompt that ends its line although the answers are known. If
    /// other prompts do not end theirs, the prompt is printed right and the newline is an
    /// extra blank line before what follows it.
    fn prompt_ends_its_line(&self, item: Option<&Item>, given: &str) -> Violation {
        let printed_right = self.items.iter().any(|other| {
            matches!(
                other.kind,
                Kind::Prompt {
                    ends_line: false,
                    ..
                }
            )
        });
        let next = self.peek().map(|next| &next.kind);
        let rule = match next {
            _ if !printed_right => {
                format!("the prompt `{}` is not ended by a newline", console::PROMPT)
            }
            Some(Kind::Player { .. }) => format!(
                "an extra blank line before the end-of-turn line: after the answer `{}` comes `Player: NAME, Total Points = N`, not preceded by a blank line (rule 6)",
                cards_core::input::quoted(given.trim())
            ),
            Some(Kind::Roll { .. }) => format!(
                "an extra blank line before the roll's line: after the answer `{}` comes `Roll=(A,B), …` at once",
                cards_core::input::quoted(given.trim())
            ),
            _ => format!(
                "an extra blank line after the prompt `{}` (answered `{}`)",
                console::PROMPT,
                cards_core::input::quoted(given.trim())
            ),
        };
        self.violation(item, rule)
    }

    /// If `item` ends the turn (a player's line) right after a roll with a single 1: the
    /// rule that only double 1s end it.
    fn single_one_ended_the_turn(&self, item: Option<&Item>) -> Option<String> {
        let Some(Item {
            kind: Kind::Player { .. },
            ..
        }) = item
        else {
            return None;
        };
        let before = self.next.checked_sub(2).and_then(|at| self.items.get(at))?;
        match before.kind {
            Kind::Roll { dice: (a, b), .. } if (a == 1) != (b == 1) => Some(format!(
                "only double 1s (snake eyes) end the turn: after ({a},{b}), a single 1, the turn goes on"
            )),
            _ => None,
        }
    }

    /// The welcome: at least one line of any text, then a blank line before the first
    /// turn's line.
    fn welcome(&mut self) -> Step<()> {
        let start = self
            .items
            .iter()
            .position(|item| !matches!(item.kind, Kind::Text | Kind::Blank))
            .unwrap_or(self.items.len());
        let text_lines = self.items[..start]
            .iter()
            .filter(|item| item.kind == Kind::Text)
            .count();
        if text_lines == 0 {
            let first = self.items.first();
            return Err(self.violation(
                first,
                "the game begins with a welcome message and a short explanation",
            ));
        }
        if start == 0 || self.items[start - 1].kind != Kind::Blank {
            let item = self.items.get(start);
            return Err(self.violation(
                item,
                "a blank line comes before the first turn's `Player: Human, Total Points = 0`",
            ));
        }
        self.next = start - 1;
        self.reading(format!(
            "a welcome of {}",
            cards_core::names::count_of(text_lines as u64, "line")
        ));
        Ok(())
    }

    /// The Human's decision at a prompt (and the error lines and prompts again of
    /// invalid answers): whether they hold.
    fn decision(&mut self) -> Step<bool> {
        loop {
            let item = self.take();
            let Some(Item {
                kind: Kind::Prompt { after, ends_line },
                ..
            }) = &item
            else {
                if let Some(rule) = self.single_one_ended_the_turn(item.as_ref()) {
                    return Err(self.violation(item.as_ref(), rule));
                }
                return Err(self.violation(
                    item.as_ref(),
                    format!("the Human is asked `{}` before every roll", console::PROMPT),
                ));
            };
            let echoed = after.as_deref().map(read_answer);
            let answer = match &mut self.answers {
                Some(answers) => {
                    let Some(given) = answers.next() else {
                        return Err(self.violation(
                            item.as_ref(),
                            "a game that ends before the grader's answers run out",
                        ));
                    };
                    if *ends_line {
                        return Err(self.prompt_ends_its_line(item.as_ref(), given));
                    }
                    let answer = read_answer(given);
                    if answer != Answer::Invalid
                        && after.as_deref().is_some_and(|a| a.trim() != given.trim())
                    {
                        return Err(self.violation(
                            item.as_ref(),
                            format!(
                                "after the prompt, answered `{}`, comes the roll's line or the player's line",
                                given.trim()
                            ),
                        ));
                    }
                    (answer, given.trim().to_owned())
                }
                None => match (echoed, after) {
                    (Some(answer), Some(text)) => {
                        // A valid answer after the prompt is an echo; anything else
                        // there is an echoed invalid answer or an error line.
                        if answer != Answer::Invalid {
                            self.reading("answers echoed after the prompt".to_owned());
                        }
                        (answer, text.trim().to_owned())
                    }
                    _ => {
                        let answer = match self.peek().map(|i| &i.kind) {
                            Some(Kind::Roll { .. }) => Answer::Roll,
                            Some(Kind::Player { .. }) => Answer::Hold,
                            _ => Answer::Invalid,
                        };
                        (answer, String::new())
                    }
                },
            };
            match answer {
                (Answer::Hold, _) => return Ok(true),
                (Answer::Roll, _) => return Ok(false),
                (Answer::Invalid, given) => {
                    // An error line (glued to the prompt, or on lines of its own), then
                    // the prompt again.
                    let mut error_lines = usize::from(self.answers.is_some() && after.is_some());
                    let mut text_lines = 0;
                    while let Some(Item {
                        kind: Kind::Text, ..
                    }) = self.peek()
                    {
                        if error_lines == 0 {
                            let text = self.peek().map(|i| i.text.clone()).unwrap_or_default();
                            self.error_reading(&text);
                        }
                        error_lines += 1;
                        text_lines += 1;
                        self.next += 1;
                    }
                    if error_lines == 0 && self.answers.is_none() {
                        // A terminal session where the answer is echoed: the error
                        // line may be missing only if nothing else follows.
                        error_lines = 1;
                    }
                    let refused = format!(
                        "an invalid answer{} gets an error line, then the prompt `{}` again",
                        if given.is_empty() {
                            String::new()
                        } else {
                            format!(" (`{}`)", cards_core::input::quoted(&given))
                        },
                        console::PROMPT
                    );
                    match self.peek() {
                        Some(Item {
                            kind: Kind::Prompt { .. },
                            ..
                        }) if error_lines > 0 => {}
                        other => {
                            let other = other.cloned();
                            return Err(self.violation(other.as_ref(), refused));
                        }
                    }
                    // The text after the prompt was the error line when the answers are
                    // known, or when no other line followed it.
                    if let Some(text) = after
                        && (self.answers.is_some() || text_lines == 0)
                    {
                        self.error_reading(text);
                    }
                }
            }
        }
    }

    /// One roll's line: its form, its points and the running totals. Returns the turn
    /// points after it, or `None` after snake eyes.
    fn roll(&mut self, seat: usize, banked: u32, turn: u32) -> Step<Option<u32>> {
        let item = self.take();
        let Some(Item {
            kind:
                Kind::Roll {
                    dice: (a, b),
                    points,
                    turn: turn_after,
                    total,
                },
            ..
        }) = &item
        else {
            let ends_turn = matches!(
                item,
                Some(Item {
                    kind: Kind::Player { .. },
                    ..
                })
            );
            if seat == 1 && ends_turn && banked + turn >= COMPUTER_HOLDS_AT {
                // Holding once the total (banked plus turn) reaches 20 is the mistake
                // here, whatever the last roll was: the rule counts the turn's points.
                return Err(self.violation(
                    item.as_ref(),
                    format!(
                        "the Computer rolls until its turn holds {COMPUTER_HOLDS_AT} points: Turn Points counts, not Total Points (the turn has {turn}, the total {}), so it rolls again: `Roll=(A,B), Roll Points = P, Turn Points = T, Total Points = N`",
                        banked + turn
                    ),
                ));
            }
            if let Some(rule) = self.single_one_ended_the_turn(item.as_ref()) {
                return Err(self.violation(item.as_ref(), rule));
            }
            let rule = match seat {
                0 => "the Human answered N, so the dice are rolled: `Roll=(A,B), Roll Points = P, Turn Points = T, Total Points = N`".to_owned(),
                _ => format!(
                    "the Computer rolls until its turn holds {COMPUTER_HOLDS_AT} points (it has {turn}): `Roll=(A,B), Roll Points = P, Turn Points = T, Total Points = N`"
                ),
            };
            return Err(self.violation(item.as_ref(), rule));
        };
        let (a, b) = (*a, *b);
        if (a, b) == (1, 1) {
            let reading = match points {
                0 => "snake eyes print Roll Points = 0",
                2 => "snake eyes print the dice's face value, Roll Points = 2",
                4 => "snake eyes print the doubled face value, Roll Points = 4",
                _ => {
                    return Err(self.violation(
                        item.as_ref(),
                        "snake eyes score nothing: Roll Points = 0 (or the face value 2)",
                    ));
                }
            };
            self.reading(reading.to_owned());
            if (*turn_after, *total) != (0, banked) {
                return Err(self.violation(
                    item.as_ref(),
                    format!(
                        "snake eyes lose the turn's points: Turn Points = 0, Total Points = {banked}"
                    ),
                ));
            }
            return Ok(None);
        }
        let sum = u32::from(a) + u32::from(b);
        let want = if a == b { 2 * sum } else { sum };
        if *points != want {
            let why = if (a == 1 || b == 1) && *points == 0 {
                format!(
                    "only double 1s (snake eyes) lose the turn's points: ({a},{b}) scores the sum of the dice, Roll Points = {want}"
                )
            } else if a == b {
                format!("doubles score twice the sum: Roll Points = {want}")
            } else {
                format!("a roll scores the sum of the dice: Roll Points = {want}")
            };
            return Err(self.violation(item.as_ref(), why));
        }
        let turn = turn + want;
        if (*turn_after, *total) != (turn, banked + turn) {
            return Err(self.violation(
                item.as_ref(),
                format!(
                    "the turn's points add up: Turn Points = {turn}, Total Points = {} (banked {banked} plus the turn)",
                    banked + turn
                ),
            ));
        }
        Ok(Some(turn))
    }

    /// The game, turn by turn, to the winner's line.
    fn game(&mut self) -> Step<&'static str> {
        let mut banked = [0u32; 2];
        let mut seat = 0;
        let mut win: Option<WinReading> = None;
        self.expect_blank("a blank line opens every turn")?;
        loop {
            self.expect_player(seat, banked[seat], "each turn opens with the player's line")?;
            let mut turn = 0;
            // The turn: returns whether it ended by snake eyes.
            let busted = loop {
                let reached = banked[seat] + turn >= GOAL;
                if reached && win != Some(WinReading::EndOfTurn) {
                    // Reached the goal: a win at once comes now (the player's line);
                    // otherwise the turn goes on.
                    let at_once = matches!(
                        self.peek(),
                        Some(Item {
                            kind: Kind::Player { .. },
                            ..
                        })
                    );
                    if at_once {
                        if seat == 0 || turn < COMPUTER_HOLDS_AT {
                            win = Some(WinReading::AtOnce);
                        }
                        break false;
                    }
                    win = Some(WinReading::EndOfTurn);
                    if banked[seat] + turn == GOAL {
                        self.exactly_the_goal = self
                            .next
                            .checked_sub(1)
                            .and_then(|at| self.items.get(at))
                            .map(|item| item.line);
                    }
                }
                let rolls = match seat {
                    0 => !self.decision()?,
                    _ => turn < COMPUTER_HOLDS_AT,
                };
                if !rolls {
                    if seat == 1 {
                        // The Computer holds: its player's line must come now.
                        if let Some(Item {
                            kind: Kind::Roll { .. },
                            ..
                        }) = self.peek()
                        {
                            let item = self.peek().cloned();
                            return Err(self.violation(
                                item.as_ref(),
                                format!(
                                    "the Computer holds once its turn reaches {COMPUTER_HOLDS_AT} points (it has {turn}): `{}`",
                                    render::player_line(NAMES[1], banked[1] + turn)
                                ),
                            ));
                        }
                    }
                    break false;
                }
                match self.roll(seat, banked[seat], turn)? {
                    Some(points) => turn = points,
                    None => break true,
                }
            };
            if busted {
                turn = 0;
            }
            banked[seat] += turn;
            self.expect_player(
                seat,
                banked[seat],
                if busted {
                    "snake eyes end the turn with the player's line"
                } else {
                    "the turn ends with the player's line"
                },
            )?;
            if banked[seat] >= GOAL {
                self.expect_blank("a blank line comes before the winner's line")?;
                let item = self.take();
                match &item {
                    Some(Item {
                        kind: Kind::Winner(name),
                        ..
                    }) if name == NAMES[seat] => {}
                    other => {
                        return Err(self.violation(
                            other.as_ref(),
                            format!(
                                "{} has {} points and wins: `{}`",
                                NAMES[seat],
                                banked[seat],
                                render::winner_line(NAMES[seat])
                            ),
                        ));
                    }
                }
                self.reading(
                    match win {
                        Some(WinReading::AtOnce) => {
                            "the win declared at once when a total reaches 100"
                        }
                        Some(WinReading::EndOfTurn) => "the win declared when the turn ends",
                        None => "the win at the end of a Computer turn (either reading)",
                    }
                    .to_owned(),
                );
                return Ok(NAMES[seat]);
            }
            self.expect_blank("a blank line opens every turn")?;
            seat = 1 - seat;
        }
    }
}

impl Checker<'_> {
    /// A violation after a total reached exactly 100 and the program played on, where it
    /// then ends a turn right after a roll above 100 (a win declared at once, but only
    /// above 100): named as that.
    fn at_the_goal(&self, violation: Violation) -> Violation {
        let Some(exact) = self.exactly_the_goal else {
            return violation;
        };
        let at = self.items.iter().position(|item| {
            item.line == violation.line && matches!(item.kind, Kind::Player { .. })
        });
        let after_a_roll_above = at
            .and_then(|at| at.checked_sub(1))
            .and_then(|before| self.items.get(before))
            .is_some_and(|item| matches!(item.kind, Kind::Roll { total, .. } if total > GOAL));
        if !after_a_roll_above {
            return violation;
        }
        Violation {
            rule: format!(
                "100 points win: the total reached exactly {GOAL} at line {exact} and the game went on, but here a total above {GOAL} ends the turn at once; a program that declares the win at once does so at {GOAL} (the goal is to be the first to accumulate {GOAL} points)"
            ),
            ..violation
        }
    }
}

/// Checks a transcript of one game. `answers`: the Human's answers the program was
/// given, in order (`pig grade`), or `None` for a saved transcript (`pig check`).
pub fn check(transcript: &str, answers: Option<&[String]>) -> Result<Checked, Violation> {
    let items = items(transcript);
    let last_line = transcript.split_terminator('\n').count();
    let mut checker = Checker {
        items,
        next: 0,
        last_line,
        answers: answers.map(|a| a.iter()),
        readings: Vec::new(),
        exactly_the_goal: None,
    };
    checker.welcome()?;
    let winner = checker
        .game()
        .map_err(|violation| checker.at_the_goal(violation))?;
    let lines = checker
        .items
        .get(checker.next.saturating_sub(1))
        .map_or(last_line, |item| item.line);
    Ok(Checked {
        winner,
        lines,
        readings: checker.readings,
    })
}

/// The answers `pig grade` gives each game: far more than a game to 100 asks for.
pub const ANSWERS_PER_GAME: usize = 2000;

/// The mix of answers `pig grade` gives, each with its weight out of 100: mostly `n`
/// (roll) and `y` (hold), some in upper case, and some invalid (`x`, `maybe`, `7`,
/// `hold`), which a program must refuse and ask again.
pub const MIX: [(&str, u64); 8] = [
    ("n", 52),
    ("N", 12),
    ("y", 16),
    ("Y", 6),
    ("x", 4),
    ("maybe", 4),
    ("7", 3),
    ("hold", 3),
];

/// The answers of game `game` of a grading seeded with `seed` (`pig grade --seed`):
/// drawn from [`MIX`] with `cards_core::rng::stream_rng(seed, game)`, so that a game is
/// graded again with the same answers.
pub fn answers(seed: u64, game: u64) -> Vec<String> {
    let mut rng = stream_rng(seed, game);
    (0..ANSWERS_PER_GAME)
        .map(|_| {
            let mut pick = below(&mut rng, 100);
            let mut chosen = MIX[0].0;
            for (answer, weight) in MIX {
                if pick < weight {
                    chosen = answer;
                    break;
                }
                pick -= weight;
            }
            chosen.to_owned()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    const WELCOME: &str = "Welcome!\n";

    fn answers(list: &[&str]) -> Vec<String> {
        list.iter().map(|a| (*a).to_owned()).collect()
    }

    /// The crate's own game to 100, seed 1810 (the trycmd case `human_wins`).
    const OURS: &str = include_str!("../../../tests/cmd/pig/human_wins.stdout");
    const OURS_ANSWERS: [&str; 13] = [
        "maybe", "y", "n", "n", "y", "n", "n", "y", "n", "n", "n", "n", "n",
    ];

    #[test]
    fn our_own_game_passes_with_and_without_the_answers() {
        let checked = check(OURS, Some(&answers(&OURS_ANSWERS))).unwrap_or_else(|v| panic!("{v}"));
        assert_eq!(checked.winner, "Human");
        assert_eq!(
            checked.readings,
            [
                "a welcome of 5 lines",
                "error lines such as `Please answer Y or N.`",
                "snake eyes print Roll Points = 0",
                "the win declared at once when a total reaches 100"
            ]
        );
        let checked = check(OURS, None).unwrap_or_else(|v| panic!("{v}"));
        assert_eq!(checked.winner, "Human");
    }

    #[test]
    fn a_terminal_session_with_echoed_answers_passes() {
        let text = format!(
            "{WELCOME}\nPlayer: Human, Total Points = 0\n\
             Hold dice (Y/N?) ?maybe\nPlease answer Y or N.\n\
             Hold dice (Y/N?) ? N \n\
             Roll=(3,3), Roll Points = 12, Turn Points = 12, Total Points = 12\n\
             Hold dice (Y/N?) ?y\n\
             Player: Human, Total Points = 12\n\n\
             Player: Computer, Total Points = 0\n\
             Roll=(6,6), Roll Points = 24, Turn Points = 24, Total Points = 24\n\
             Player: Computer, Total Points = 24\n\n\
             Player: Human, Total Points = 12\n\
             Hold dice (Y/N?) ?n\n\
             Roll=(6,6), Roll Points = 24, Turn Points = 24, Total Points = 36\n\
             Hold dice (Y/N?) ?n\n\
             Roll=(6,6), Roll Points = 24, Turn Points = 48, Total Points = 60\n\
             Hold dice (Y/N?) ?n\n\
             Roll=(6,6), Roll Points = 24, Turn Points = 72, Total Points = 84\n\
             Hold dice (Y/N?) ?n\n\
             Roll=(5,5), Roll Points = 20, Turn Points = 92, Total Points = 104\n\
             Player: Human, Total Points = 104\n\nThe winner is: Human\nBye!\n"
        );
        let checked = check(&text, None).unwrap_or_else(|v| panic!("{v}"));
        assert_eq!(checked.winner, "Human");
        assert!(
            checked
                .readings
                .contains(&"answers echoed after the prompt".to_owned())
        );
    }

    fn violation(text: &str, given: Option<&[&str]>) -> String {
        let given = given.map(answers);
        match check(text, given.as_deref()) {
            Ok(checked) => panic!("passed: {checked}"),
            Err(violation) => violation.to_string(),
        }
    }

    #[test]
    fn broken_rules_are_reported_with_their_line() {
        let start = format!("{WELCOME}\nPlayer: Human, Total Points = 0\n");
        assert_eq!(
            violation(
                &format!(
                    "{start}Hold dice (Y/N?) ?Roll=(3,3), Roll Points = 6, Turn Points = 6, Total Points = 6\n"
                ),
                Some(&["n"])
            ),
            "line 4: doubles score twice the sum: Roll Points = 12; got \
             `Hold dice (Y/N?) ?Roll=(3,3), Roll Points = 6, Turn Points = 6, Total Points = 6`"
        );
        assert_eq!(
            violation(
                &format!(
                    "{start}Hold dice (Y/N?) ?Roll=(3,4), Roll Points = 7, Turn Points = 7, Total Points = 7\n"
                ),
                Some(&["x"])
            ),
            "line 4: an invalid answer (`x`) gets an error line, then the prompt \
             `Hold dice (Y/N?) ?` again; got `Hold dice (Y/N?) ?Roll=(3,4), Roll Points = 7, \
             Turn Points = 7, Total Points = 7`"
        );
        // Found by fuzzing (fuzz/regressions/pig_transcript/): the answer was quoted raw.
        assert_eq!(
            violation(
                &format!(
                    "{start}Hold dice (Y/N?) ?Roll=(3,4), Roll Points = 7, Turn Points = 7, Total Points = 7\n"
                ),
                Some(&["\u{2}"])
            ),
            "line 4: an invalid answer (`\\u{2}`) gets an error line, then the prompt \
             `Hold dice (Y/N?) ?` again; got `Hold dice (Y/N?) ?Roll=(3,4), Roll Points = 7, \
             Turn Points = 7, Total Points = 7`"
        );
        assert_eq!(
            violation(
                &format!(
                    "{start}Hold dice (Y/N?) ?Player: Human, Total Points = 0\n\n\
                     Player: Computer, Total Points = 0\n\
                     Roll=(6,5), Roll Points = 11, Turn Points = 11, Total Points = 11\n\
                     Roll=(6,4), Roll Points = 10, Turn Points = 21, Total Points = 21\n\
                     Roll=(2,4), Roll Points = 6, Turn Points = 27, Total Points = 27\n"
                ),
                Some(&["y"])
            ),
            "line 9: the Computer holds once its turn reaches 20 points (it has 21): \
             `Player: Computer, Total Points = 21`; got \
             `Roll=(2,4), Roll Points = 6, Turn Points = 27, Total Points = 27`"
        );
        assert_eq!(
            violation(&format!("{start}Hold dice (Y/N?) ?\n"), Some(&["n"])),
            "line 4: the prompt `Hold dice (Y/N?) ?` is not ended by a newline; got \
             `Hold dice (Y/N?) ?`"
        );
        assert_eq!(
            violation("Player: Human, Total Points = 0\n", None),
            "line 1: the game begins with a welcome message and a short explanation; got \
             `Player: Human, Total Points = 0`"
        );
        assert_eq!(
            violation(&start, None),
            "line 4: the Human is asked `Hold dice (Y/N?) ?` before every roll; got the end \
             of the transcript"
        );
    }

    /// Each of these mistakes is named as itself, not as a rule it does not break.
    #[test]
    fn a_blank_line_a_single_one_and_a_win_above_100_are_named() {
        let start = format!("{WELCOME}\nPlayer: Human, Total Points = 0\n");
        // An extra blank line before the end-of-turn line, the prompt printed right.
        assert_eq!(
            violation(
                &format!(
                    "{start}Hold dice (Y/N?) ?Roll=(3,4), Roll Points = 7, Turn Points = 7, Total Points = 7\n\
                     Hold dice (Y/N?) ?\nPlayer: Human, Total Points = 7\n"
                ),
                Some(&["n", "y"])
            ),
            "line 5: an extra blank line before the end-of-turn line: after the answer `y` comes \
             `Player: NAME, Total Points = N`, not preceded by a blank line (rule 6); got \
             `Hold dice (Y/N?) ?`"
        );
        // The turn ended on a single 1: the Human's, and the Computer's.
        assert_eq!(
            violation(
                &format!(
                    "{start}Hold dice (Y/N?) ?Roll=(3,1), Roll Points = 4, Turn Points = 4, Total Points = 4\n\
                     Player: Human, Total Points = 4\n"
                ),
                Some(&["n", "n"])
            ),
            "line 5: only double 1s (snake eyes) end the turn: after (3,1), a single 1, the turn \
             goes on; got `Player: Human, Total Points = 4`"
        );
        assert_eq!(
            violation(
                &format!(
                    "{start}Hold dice (Y/N?) ?Player: Human, Total Points = 0\n\n\
                     Player: Computer, Total Points = 0\n\
                     Roll=(1,5), Roll Points = 6, Turn Points = 6, Total Points = 6\n\
                     Player: Computer, Total Points = 6\n"
                ),
                Some(&["y"])
            ),
            "line 8: only double 1s (snake eyes) end the turn: after (1,5), a single 1, the turn \
             goes on; got `Player: Computer, Total Points = 6`"
        );
        // A Computer that holds once its total reaches 20 (banked 18 plus a turn of 5),
        // here after a roll with a single 1: the hold rule is what it broke.
        assert_eq!(
            violation(
                &format!(
                    "{start}Hold dice (Y/N?) ?Roll=(6,4), Roll Points = 10, Turn Points = 10, Total Points = 10\n\
                     Hold dice (Y/N?) ?Roll=(2,6), Roll Points = 8, Turn Points = 18, Total Points = 18\n\
                     Hold dice (Y/N?) ?Player: Human, Total Points = 18\n\n\
                     Player: Computer, Total Points = 0\n\
                     Roll=(6,6), Roll Points = 24, Turn Points = 24, Total Points = 24\n\
                     Player: Computer, Total Points = 24\n\n\
                     Player: Human, Total Points = 18\n\
                     Hold dice (Y/N?) ?Player: Human, Total Points = 18\n\n\
                     Player: Computer, Total Points = 24\n\
                     Roll=(1,4), Roll Points = 5, Turn Points = 5, Total Points = 29\n\
                     Player: Computer, Total Points = 29\n"
                ),
                Some(&["n", "n", "y", "y"])
            ),
            "line 17: the Computer rolls until its turn holds 20 points: Turn Points counts, not \
             Total Points (the turn has 5, the total 29), so it rolls again: `Roll=(A,B), Roll \
             Points = P, Turn Points = T, Total Points = N`; got `Player: Computer, Total Points = 29`"
        );
        assert_eq!(
            violation(
                &format!(
                    "{start}Hold dice (Y/N?) ?Roll=(1,5), Roll Points = 0, Turn Points = 0, Total Points = 0\n"
                ),
                Some(&["n"])
            ),
            "line 4: only double 1s (snake eyes) lose the turn's points: (1,5) scores the sum of \
             the dice, Roll Points = 6; got `Hold dice (Y/N?) ?Roll=(1,5), Roll Points = 0, Turn \
             Points = 0, Total Points = 0`"
        );
        // Exactly 100 plays on; then 104 wins at once.
        let text = format!(
            "{start}Hold dice (Y/N?) ?Roll=(6,6), Roll Points = 24, Turn Points = 24, Total Points = 24\n\
             Hold dice (Y/N?) ?Roll=(6,6), Roll Points = 24, Turn Points = 48, Total Points = 48\n\
             Hold dice (Y/N?) ?Roll=(6,6), Roll Points = 24, Turn Points = 72, Total Points = 72\n\
             Hold dice (Y/N?) ?Roll=(5,5), Roll Points = 20, Turn Points = 92, Total Points = 92\n\
             Hold dice (Y/N?) ?Roll=(2,2), Roll Points = 8, Turn Points = 100, Total Points = 100\n\
             Hold dice (Y/N?) ?Roll=(1,3), Roll Points = 4, Turn Points = 104, Total Points = 104\n\
             Player: Human, Total Points = 104\n\nThe winner is: Human\n"
        );
        assert_eq!(
            violation(&text, Some(&["n"; 7])),
            "line 10: 100 points win: the total reached exactly 100 at line 8 and the game went \
             on, but here a total above 100 ends the turn at once; a program that declares the \
             win at once does so at 100 (the goal is to be the first to accumulate 100 points); \
             got `Player: Human, Total Points = 104`"
        );
    }

    #[test]
    fn a_win_at_the_end_of_the_turn_is_accepted() {
        let text = format!(
            "{WELCOME}\nPlayer: Human, Total Points = 0\n\
             Hold dice (Y/N?) ?Roll=(6,6), Roll Points = 24, Turn Points = 24, Total Points = 24\n\
             Hold dice (Y/N?) ?Roll=(6,6), Roll Points = 24, Turn Points = 48, Total Points = 48\n\
             Hold dice (Y/N?) ?Roll=(6,6), Roll Points = 24, Turn Points = 72, Total Points = 72\n\
             Hold dice (Y/N?) ?Roll=(6,6), Roll Points = 24, Turn Points = 96, Total Points = 96\n\
             Hold dice (Y/N?) ?Roll=(2,3), Roll Points = 5, Turn Points = 101, Total Points = 101\n\
             Hold dice (Y/N?) ?Roll=(1,1), Roll Points = 2, Turn Points = 0, Total Points = 0\n\
             Player: Human, Total Points = 0\n\n\
             Player: Computer, Total Points = 0\n\
             Roll=(6,6), Roll Points = 24, Turn Points = 24, Total Points = 24\n\
             Player: Computer, Total Points = 24\n\n\
             Player: Human, Total Points = 0\n\
             Hold dice (Y/N?) ?Roll=(6,6), Roll Points = 24, Turn Points = 24, Total Points = 24\n\
             Hold dice (Y/N?) ?Roll=(6,6), Roll Points = 24, Turn Points = 48, Total Points = 48\n\
             Hold dice (Y/N?) ?Roll=(6,6), Roll Points = 24, Turn Points = 72, Total Points = 72\n\
             Hold dice (Y/N?) ?Roll=(6,6), Roll Points = 24, Turn Points = 96, Total Points = 96\n\
             Hold dice (Y/N?) ?Roll=(2,3), Roll Points = 5, Turn Points = 101, Total Points = 101\n\
             Hold dice (Y/N?) ?Player: Human, Total Points = 101\n\n\
             The winner is: Human\n"
        );
        let given = answers(&["n", "n", "n", "n", "n", "N", "n", "n", "n", "n", "n", "Y"]);
        let checked = check(&text, Some(&given)).unwrap_or_else(|v| panic!("{v}"));
        assert_eq!(
            checked.readings,
            [
                "a welcome of 1 line",
                "snake eyes print the dice's face value, Roll Points = 2",
                "the win declared when the turn ends"
            ]
        );
    }

    #[test]
    fn the_mix_is_seeded_and_has_every_kind_of_answer() {
        // `super::`: the tests' own `answers` reads a transcript's.
        let a = super::answers(1, 0);
        assert_eq!(a, super::answers(1, 0));
        assert_ne!(a, super::answers(1, 1));
        for (answer, _) in MIX {
            assert!(a.iter().any(|given| given == answer), "{answer}");
        }
        assert_eq!(MIX.iter().map(|(_, w)| w).sum::<u64>(), 100);
    }

    /// Our own game quits at `q`; the assignment's refuses it. No answer of the mix may
    /// quit, or grading this project's game would stop its games half-way.
    #[test]
    fn no_answer_of_the_mix_quits_our_game() {
        for (answer, _) in MIX {
            assert_ne!(
                console::parse_answer(answer),
                Ok(console::Answer::Quit),
                "{answer}"
            );
        }
    }
}
