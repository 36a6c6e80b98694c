//! An independent check of whole `--auto` transcripts: many seeded games are played by
//! the `war` binary, the printed text is parsed back (never the engine's state), and
//! every battle is checked against the rules of `docs/war.md`, re-derived here from the
//! text alone: the cards shown are the tops of the piles as last listed, the highest rank
//! wins (Ace high) and ties go to war, a war lays three cards face down and plays the
//! fourth, the winner takes exactly the table and slips it under their pile, no card is
//! created or lost, players with no cards are announced out, and the summary agrees with
//! the lines printed. A violation names the line, the rule and what was expected.

use std::collections::HashMap;
use std::fmt;
use std::process::{Command, Stdio};

use proptest::prelude::*;

const DECK: usize = 52;
/// Cards each player at war puts down: three face down, the fourth face up.
const WAR_CARDS: usize = 4;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Card {
    /// 2 to 14 (Ace high).
    rank: u8,
    suit: char,
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rank = match self.rank {
            11 => "J".to_owned(),
            12 => "Q".to_owned(),
            13 => "K".to_owned(),
            14 => "A".to_owned(),
            n => n.to_string(),
        };
        write!(f, "{rank}{}", self.suit)
    }
}

fn parse_card(text: &str) -> Result<Card, String> {
    let bad = || format!("`{text}` is not a card");
    let suit = text.chars().last().ok_or_else(bad)?;
    if !"CDHS".contains(suit) {
        return Err(bad());
    }
    let rank = match &text[..text.len() - 1] {
        "J" => 11,
        "Q" => 12,
        "K" => 13,
        "A" => 14,
        n => match n.parse::<u8>() {
            Ok(n) if (2..=10).contains(&n) => n,
            _ => return Err(bad()),
        },
    };
    Ok(Card { rank, suit })
}

fn parse_cards(text: &str) -> Result<Vec<Card>, String> {
    text.split_whitespace().map(parse_card).collect()
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

/// `Player 3` -> seat 2.
fn parse_player(text: &str) -> Result<usize, String> {
    text.strip_prefix("Player ")
        .and_then(|n| n.parse::<usize>().ok())
        .filter(|&n| n >= 1)
        .map(|n| n - 1)
        .ok_or_else(|| format!("`{text}` is not a player"))
}

/// `Player 1 and Player 2`, `Player 1, Player 3 and Player 4` -> seats.
fn parse_players(text: &str) -> Result<Vec<usize>, String> {
    text.replace(" and ", ", ")
        .split(", ")
        .map(parse_player)
        .collect()
}

/// `10 cards`, `1 card` -> 10, 1.
fn parse_count(text: &str) -> Result<usize, String> {
    text.strip_suffix(" cards")
        .or_else(|| text.strip_suffix(" card"))
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| format!("`{text}` is not a number of cards"))
}

/// How a comparison of face-up cards was decided, as printed.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Decision {
    /// `Player W wins and takes N cards` or `Player W takes the N cards on the table`.
    Takes { seat: usize, cards: usize },
    /// `Player A and Player B tie: war!`
    Tie { seats: Vec<usize> },
    /// `Nobody takes the N cards on the table.`
    Nobody { cards: usize },
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names = |seats: &[usize]| -> String {
            let names: Vec<String> = seats.iter().map(|s| format!("Player {}", s + 1)).collect();
            names.join(", ")
        };
        match self {
            Decision::Takes { seat, cards } => write!(f, "Player {} takes {cards}", seat + 1),
            Decision::Tie { seats } => write!(f, "{} tie", names(seats)),
            Decision::Nobody { cards } => write!(f, "nobody takes the {cards} cards"),
        }
    }
}

/// The tail of a battle or war line (`Player 2 wins and takes 2 cards.`, `Player 1 and
/// Player 2 tie: war!`), or a decision on its own line.
fn parse_decision(text: &str) -> Result<Decision, String> {
    if let Some(seats) = text.strip_suffix(" tie: war!") {
        return Ok(Decision::Tie {
            seats: parse_players(seats)?,
        });
    }
    let body = text
        .strip_suffix('.')
        .ok_or_else(|| format!("`{text}` is not a decision"))?;
    if let Some(cards) = body
        .strip_prefix("Nobody takes the ")
        .and_then(|t| t.strip_suffix(" on the table"))
    {
        return Ok(Decision::Nobody {
            cards: parse_count(cards)?,
        });
    }
    if let Some((who, cards)) = body.split_once(" wins and takes ") {
        return Ok(Decision::Takes {
            seat: parse_player(who)?,
            cards: parse_count(cards)?,
        });
    }
    if let Some((who, cards)) = body
        .strip_suffix(" on the table")
        .and_then(|b| b.split_once(" takes the "))
    {
        return Ok(Decision::Takes {
            seat: parse_player(who)?,
            cards: parse_count(cards)?,
        });
    }
    Err(format!("`{text}` is not a decision"))
}

/// One player's part of a battle or war line: `Player 1 plays 6C`,
/// `Player 2 lays KD 9H AC face down and plays KH`, `Player 1 lays 3C 4H face down`.
#[derive(Debug)]
struct Laid {
    seat: usize,
    face_down: Vec<Card>,
    face_up: Option<Card>,
}

impl Laid {
    fn cards(&self) -> Vec<Card> {
        self.face_down.iter().copied().chain(self.face_up).collect()
    }
}

fn parse_laid(text: &str) -> Result<Laid, String> {
    let (who, down, up) = if let Some((who, rest)) = text.split_once(" lays ") {
        match rest.split_once(" face down and plays ") {
            Some((down, up)) => (who, down, Some(up)),
            None => (
                who,
                rest.strip_suffix(" face down")
                    .ok_or_else(|| format!("`{text}`: cards laid are `face down`"))?,
                None,
            ),
        }
    } else if let Some((who, up)) = text.split_once(" plays ") {
        (who, "", Some(up))
    } else {
        return Err(format!("`{text}` is neither `plays` nor `lays`"));
    };
    Ok(Laid {
        seat: parse_player(who)?,
        face_down: parse_cards(down)?,
        face_up: up.map(parse_card).transpose()?,
    })
}

/// A battle or war line: `Battle 12: <laid>, <laid>. <decision>`,
/// `War 3 (battle 13): <laid>, <laid>.` (the decision may come on a later line), or a
/// war nobody could lay a card in, `War 2: Player 5 and Player 7 have no cards to lay.`
struct Fight {
    /// The number after `Battle` or `War`.
    number: u64,
    /// A war's deciding battle, `(battle N)`.
    battle: Option<u64>,
    laid: Vec<Laid>,
    /// The players a war line says have no cards to lay (then `laid` is empty).
    without_cards: Option<Vec<usize>>,
    decision: Option<Decision>,
}

fn parse_fight(line: &str, word: &str) -> Result<Fight, String> {
    let (head, rest) = line
        .split_once(':')
        .ok_or_else(|| format!("a {word} line has a `{word} N:` head"))?;
    let head = head
        .strip_prefix(word)
        .ok_or_else(|| format!("not a {word} line"))?
        .trim();
    let (number, battle) = match head.split_once(" (battle ") {
        Some((n, b)) => (n, Some(b.strip_suffix(')').unwrap_or("?"))),
        None => (head, None),
    };
    let number = number
        .parse()
        .map_err(|_| format!("`{number}` is not a number"))?;
    let battle = battle
        .map(|b| b.parse().map_err(|_| format!("`{b}` is not a number")))
        .transpose()?;
    let rest = rest.trim_start();
    if let Some(who) = rest
        .strip_suffix(" have no cards to lay.")
        .or_else(|| rest.strip_suffix(" has no cards to lay."))
    {
        return Ok(Fight {
            number,
            battle,
            laid: Vec::new(),
            without_cards: Some(parse_players(who)?),
            decision: None,
        });
    }
    let (body, decision) = match rest.split_once(". ") {
        Some((body, decision)) => (body, Some(parse_decision(decision)?)),
        None => (
            rest.strip_suffix('.')
                .ok_or_else(|| "a line without a decision ends with `.`".to_owned())?,
            None,
        ),
    };
    if body.is_empty() {
        return Err(format!(
            "a {word} line lists the cards laid, or says who has none to lay"
        ));
    }
    let laid = body.split(", ").map(parse_laid).collect::<Result<_, _>>()?;
    Ok(Fight {
        number,
        battle,
        laid,
        without_cards: None,
        decision,
    })
}

/// `Player 1 (3 cards): 6C 10H AS`, `Player 2 (0 cards)`.
fn parse_hand(line: &str) -> Result<(usize, Vec<Card>), String> {
    let (head, cards) = line.split_once(": ").unwrap_or((line, ""));
    let (who, count) = head
        .strip_suffix(')')
        .and_then(|h| h.split_once(" ("))
        .ok_or_else(|| "a hand line is `Player N (C cards): ...`".to_owned())?;
    let seat = parse_player(who)?;
    let count = parse_count(count)?;
    let cards = parse_cards(cards)?;
    if cards.len() != count {
        return Err(format!(
            "the hand says {count} cards but lists {}",
            cards.len()
        ));
    }
    Ok((seat, cards))
}

/// The piles and the cards left on the table after a whole battle (for repetitions).
type Position = (Vec<Vec<Card>>, Vec<Card>);

/// Reads a transcript line by line and checks each fact as it comes.
struct Check<'t> {
    lines: Vec<&'t str>,
    /// Index of the next line to read.
    next: usize,
    fixed: bool,
    piles: Vec<Vec<Card>>,
    /// Announced out.
    out: Vec<bool>,
    /// Cards on the table, in the order put down (a pot left by an earlier battle first).
    table: Vec<Card>,
    battles: u64,
    wars: u64,
    /// Position after each whole battle (by battles fought then), for `--order fixed`.
    positions: HashMap<u64, Position>,
    /// Players announced out during the last battle.
    out_last_battle: Vec<usize>,
    /// The battle's winner and the table they took, until the hands are checked.
    won: Option<(usize, Vec<Card>)>,
    /// The opening's line (from 1) and how many players it said play.
    opened: Option<(usize, usize)>,
}

impl<'t> Check<'t> {
    fn new(text: &'t str, fixed: bool) -> Check<'t> {
        Check {
            lines: text.lines().collect(),
            next: 0,
            fixed,
            piles: Vec::new(),
            out: Vec::new(),
            table: Vec::new(),
            battles: 0,
            wars: 0,
            positions: HashMap::new(),
            out_last_battle: Vec::new(),
            won: None,
            opened: None,
        }
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
        line.ok_or_else(|| self.fail("the transcript goes on to the summary", "it ends here"))
    }

    fn peek(&self) -> Option<&'t str> {
        self.lines.get(self.next).copied()
    }

    fn parsed<T>(&self, parsed: Result<T, String>) -> Result<T, String> {
        parsed.map_err(|e| self.fail("every line is one the rules describe", e))
    }

    fn active(&self) -> Vec<usize> {
        (0..self.piles.len())
            .filter(|&s| !self.piles[s].is_empty())
            .collect()
    }

    fn run(mut self) -> Result<(), String> {
        let players = self.piles_at_deal()?;
        self.positions.insert(0, (self.piles.clone(), Vec::new()));
        loop {
            let line = self.line()?;
            if line.is_empty() {
                break;
            }
            if !line.starts_with("Battle ") {
                return Err(self.fail("after the hands comes a battle or the summary", ""));
            }
            if self.active().len() < 2 {
                return Err(self.fail(
                    "the game ends when fewer than two players hold cards",
                    format!("players holding cards: {:?}", self.active()),
                ));
            }
            self.next -= 1;
            self.battle()?;
            self.hands(players)?;
            if self.fixed {
                self.positions
                    .insert(self.battles, (self.piles.clone(), self.table.clone()));
            }
        }
        self.summary()
    }

    /// The opening (`War, N players: …`, three lines saying how a battle goes), then
    /// `Initial hands:` and the deal: 52 cards, one at a time from Player 1.
    fn piles_at_deal(&mut self) -> Result<usize, String> {
        let mut line = self.line()?;
        if line.starts_with("War, ") {
            let players: usize = line["War, ".len()..]
                .split(' ')
                .next()
                .and_then(|n| n.parse().ok())
                .ok_or_else(|| self.fail("the opening names how many play", ""))?;
            let said = format!(
                "War, {players} players: in each battle every player turns over the top card of\n\
                 their pile, and the highest takes the cards on the table; a tie for the highest\n\
                 is a war."
            );
            let mut opening = line.to_owned();
            for _ in 0..2 {
                opening.push('\n');
                opening.push_str(self.line()?);
            }
            if opening != said {
                return Err(self.fail("the opening says how a battle goes", ""));
            }
            self.opened = Some((self.next - 2, players));
            line = self.line()?;
        }
        if line != "Initial hands:" {
            return Err(self.fail("the transcript opens with `Initial hands:`", ""));
        }
        while self.peek().is_some_and(|l| l.starts_with("Player ")) {
            let line = self.line()?;
            let (seat, cards) = self.parsed(parse_hand(line))?;
            if seat != self.piles.len() {
                return Err(self.fail("the hands are listed in seat order", ""));
            }
            self.piles.push(cards);
        }
        let players = self.piles.len();
        if !(2..=8).contains(&players) {
            return Err(self.fail("2 to 8 players", format!("{players} hands")));
        }
        if let Some((at, said)) = self.opened
            && said != players
        {
            return Err(format!(
                "line {at}: the opening names as many players as are dealt hands\n  \
                 line {at}: {}\n  {players} hands",
                self.lines[at - 1]
            ));
        }
        for (seat, pile) in self.piles.iter().enumerate() {
            let want = DECK / players + usize::from(seat < DECK % players);
            if pile.len() != want {
                return Err(self.fail(
                    "52 cards are dealt one at a time from Player 1",
                    format!("Player {} holds {}, not {want}", seat + 1, pile.len()),
                ));
            }
        }
        self.out = vec![false; players];
        self.whole_deck()?;
        Ok(players)
    }

    /// All 52 cards, each exactly once, in the piles and on the table.
    fn whole_deck(&self) -> Result<(), String> {
        let mut all: Vec<Card> = self.piles.iter().flatten().copied().collect();
        all.extend(&self.table);
        let all = sorted(&all);
        let twice: Vec<Card> = all
            .windows(2)
            .filter(|w| w[0] == w[1])
            .map(|w| w[0])
            .collect();
        if all.len() != DECK || !twice.is_empty() {
            return Err(self.fail(
                "all 52 cards are present exactly once",
                format!(
                    "{} cards, twice: {}, table: {}",
                    all.len(),
                    show(&twice),
                    show(&self.table)
                ),
            ));
        }
        Ok(())
    }

    /// Takes the top `n` cards of a pile.
    fn lay(&mut self, seat: usize, n: usize) -> Vec<Card> {
        self.piles[seat].drain(..n).collect()
    }

    /// One battle with all its wars, up to the hands listed after it.
    fn battle(&mut self) -> Result<(), String> {
        self.out_last_battle.clear();
        self.won = None;
        let line = self.line()?;
        let fight = self.parsed(parse_fight(line, "Battle"))?;
        if fight.number != self.battles + 1 || fight.battle.is_some() {
            return Err(self.fail(
                "battles are numbered in order, a war's deciding battle included",
                format!("expected Battle {}", self.battles + 1),
            ));
        }
        self.battles += 1;
        let active = self.active();
        let seats: Vec<usize> = fight.laid.iter().map(|l| l.seat).collect();
        if seats != active {
            return Err(self.fail(
                "every player still in the game plays a card, in seat order",
                format!("players holding cards: {}", seats_text(&active)),
            ));
        }
        // The battle's card of each player, face up.
        let mut shown: Vec<(usize, Card)> = Vec::new();
        for laid in &fight.laid {
            let top = self.piles[laid.seat][0];
            if !laid.face_down.is_empty() || laid.face_up != Some(top) {
                return Err(self.fail(
                    "each player plays the top card of their pile as last listed",
                    format!("Player {}'s top card is {top}", laid.seat + 1),
                ));
            }
            self.lay(laid.seat, 1);
            self.table.push(top);
            shown.push((laid.seat, top));
        }
        // A decision at the end of the line just read, if any.
        let mut pending = fight.decision;
        loop {
            let best = shown.iter().map(|&(_, c)| c.rank).max().unwrap_or(0);
            let tied: Vec<usize> = shown
                .iter()
                .filter(|&&(_, c)| c.rank == best)
                .map(|&(s, _)| s)
                .collect();
            let decision = match pending.take() {
                Some(decision) => decision,
                None => {
                    let line = self.line()?;
                    self.parsed(parse_decision(line))?
                }
            };
            if tied.len() == 1 {
                let want = Decision::Takes {
                    seat: tied[0],
                    cards: self.table.len(),
                };
                if decision != want {
                    return Err(self.fail(
                        "the highest rank (Ace high) wins and takes every card on the table",
                        format!("expected: {want}; cards shown: {}", shown_text(&shown)),
                    ));
                }
                self.won = Some((tied[0], std::mem::take(&mut self.table)));
                break;
            }
            let want = Decision::Tie {
                seats: tied.clone(),
            };
            if decision != want {
                return Err(self.fail(
                    "players sharing the highest rank go to war",
                    format!("expected: {want}; cards shown: {}", shown_text(&shown)),
                ));
            }
            match self.war(&tied)? {
                War::Compare { cards, decision } => {
                    shown = cards;
                    pending = decision;
                }
                War::Taken => break,
                War::Left => break,
            }
        }
        self.end_battle()
    }

    /// A war among `tied`: each lays the next three cards face down and plays the fourth
    /// (all they have if fewer); those who could not lay four are out.
    fn war(&mut self, tied: &[usize]) -> Result<War, String> {
        let line = self.line()?;
        let fight = self.parsed(parse_fight(line, "War"))?;
        if fight.number != self.wars + 1 {
            return Err(self.fail(
                "wars are numbered in order, each chained war counting once",
                format!("expected War {}", self.wars + 1),
            ));
        }
        self.wars += 1;
        let held: Vec<(usize, usize)> = tied.iter().map(|&s| (s, self.piles[s].len())).collect();
        let full: Vec<usize> = held
            .iter()
            .filter(|&&(_, n)| n >= WAR_CARDS)
            .map(|&(s, _)| s)
            .collect();
        // Who comes through: those who lay four; if none can, the one who held the most
        // outlasts the others (nobody if several held that many).
        let survivors = if full.is_empty() {
            let most = held.iter().map(|&(_, n)| n).max().unwrap_or(0);
            let last: Vec<usize> = held
                .iter()
                .filter(|&&(_, n)| n == most)
                .map(|&(s, _)| s)
                .collect();
            if last.len() == 1 { last } else { Vec::new() }
        } else {
            full
        };
        let want_battle = (survivors.len() >= 2).then_some(self.battles + 1);
        if fight.battle != want_battle {
            return Err(self.fail(
                "a war is a battle (numbered next) only when two or more players at war can lay four cards",
                match want_battle {
                    Some(b) => format!("expected (battle {b})"),
                    None => "expected no deciding battle".to_owned(),
                },
            ));
        }
        if let Some(b) = want_battle {
            self.battles = b;
        }
        let laying: Vec<usize> = held
            .iter()
            .filter(|&&(_, n)| n > 0)
            .map(|&(s, _)| s)
            .collect();
        let seats: Vec<usize> = fight.laid.iter().map(|l| l.seat).collect();
        if seats != laying {
            return Err(self.fail(
                "every player at war who holds cards lays them, in seat order",
                format!("expected {}", seats_text(&laying)),
            ));
        }
        let want_without = laying.is_empty().then(|| tied.to_vec());
        if fight.without_cards != want_without {
            return Err(self.fail(
                "a war line names the players at war as having no cards to lay exactly when none of them holds a card",
                format!(
                    "cards held at war (seat, count): {held:?}; named: {:?}",
                    fight.without_cards.as_deref().map(seats_text)
                ),
            ));
        }
        let mut shown = Vec::new();
        for laid in &fight.laid {
            let n = self.piles[laid.seat].len().min(WAR_CARDS);
            let want = self.piles[laid.seat][..n].to_vec();
            let face_up = (n == WAR_CARDS).then(|| want[WAR_CARDS - 1]);
            if laid.cards() != want || laid.face_up != face_up {
                return Err(self.fail(
                    "at war a player lays the next three cards of their pile face down and plays the fourth (all they have if fewer)",
                    format!("Player {}'s next cards: {}", laid.seat + 1, show(&want)),
                ));
            }
            self.lay(laid.seat, n);
            self.table.extend(&want);
            if let Some(card) = face_up
                && survivors.contains(&laid.seat)
            {
                shown.push((laid.seat, card));
            }
        }
        let losers: Vec<usize> = tied
            .iter()
            .copied()
            .filter(|s| !survivors.contains(s))
            .collect();
        if !losers.is_empty() && fight.decision.is_some() {
            return Err(self.fail(
                "players at war who could not lay four cards are out before the war is decided",
                format!("expected out: {}", seats_text(&losers)),
            ));
        }
        for &seat in &losers {
            self.expect_out(seat)?;
        }
        if survivors.len() >= 2 {
            return Ok(War::Compare {
                cards: shown,
                decision: fight.decision,
            });
        }
        let line = self.line()?;
        let decision = self.parsed(parse_decision(line))?;
        let want = match survivors.first() {
            Some(&seat) => Decision::Takes {
                seat,
                cards: self.table.len(),
            },
            None => Decision::Nobody {
                cards: self.table.len(),
            },
        };
        if decision != want {
            return Err(self.fail(
                "if fewer than two players at war can lay four cards, the one who held the most takes the table; if several held that many, nobody does",
                format!("expected: {want}; cards held at war (seat, count): {held:?}"),
            ));
        }
        Ok(match survivors.first() {
            Some(&seat) => {
                self.won = Some((seat, std::mem::take(&mut self.table)));
                War::Taken
            }
            None => War::Left,
        })
    }

    fn expect_out(&mut self, seat: usize) -> Result<(), String> {
        let line = self.line()?;
        let want = format!(
            "Player {} has no cards left and is out of the game.",
            seat + 1
        );
        if line != want {
            return Err(self.fail(
                "a player with no cards (or who cannot lay a war's four) is announced out",
                format!("expected: {want}"),
            ));
        }
        self.out[seat] = true;
        self.out_last_battle.push(seat);
        Ok(())
    }

    /// After the table is taken or left: players left with no cards are out; a last
    /// player collects a table nobody won.
    fn end_battle(&mut self) -> Result<(), String> {
        let mut holding: Vec<usize> = self.piles.iter().map(Vec::len).collect();
        if let Some((seat, cards)) = &self.won {
            holding[*seat] += cards.len();
        }
        for (seat, &held) in holding.iter().enumerate() {
            if held == 0 && !self.out[seat] {
                self.expect_out(seat)?;
            }
        }
        let active: Vec<usize> = (0..holding.len()).filter(|&s| holding[s] > 0).collect();
        if active.len() == 1 && !self.table.is_empty() {
            let line = self.line()?;
            let decision = self.parsed(parse_decision(line))?;
            let want = Decision::Takes {
                seat: active[0],
                cards: self.table.len(),
            };
            if decision != want || self.won.is_some() {
                return Err(self.fail(
                    "the last player with cards takes a table nobody won",
                    format!("expected: {want}"),
                ));
            }
            self.won = Some((active[0], std::mem::take(&mut self.table)));
        }
        Ok(())
    }

    /// The piles listed after a battle: each lost exactly the cards it laid; the winner's
    /// has the table under it (in the order put down with `--order fixed`).
    fn hands(&mut self, players: usize) -> Result<(), String> {
        for seat in 0..players {
            let line = self.line()?;
            let (listed, cards) = self.parsed(parse_hand(line))?;
            if listed != seat {
                return Err(self.fail(
                    "after each battle every player's pile is listed, in seat order",
                    format!("expected Player {}", seat + 1),
                ));
            }
            let kept = &self.piles[seat];
            if cards.len() < kept.len() || cards[..kept.len()] != kept[..] {
                return Err(self.fail(
                    "a pile loses exactly the cards its player laid, from the top",
                    format!("expected it to start with {}", show(kept)),
                ));
            }
            let under = &cards[kept.len()..];
            let won: &[Card] = match &self.won {
                Some((winner, won)) if *winner == seat => won,
                _ => &[],
            };
            if self.fixed && under != won {
                return Err(self.fail(
                    "with --order fixed the winner slips the table under their pile in the order put down (battle cards in seat order, then each war's cards player by player)",
                    format!("expected under the pile: {}", show(won)),
                ));
            }
            if sorted(under) != sorted(won) {
                return Err(self.fail(
                    "the winner takes exactly the cards on the table, under their pile; nobody else gains a card",
                    format!("expected under the pile (any order): {}", show(won)),
                ));
            }
            self.piles[seat] = cards;
        }
        self.won = None;
        self.whole_deck()
    }

    /// The last lines: the winner or why there is none, and the counts.
    fn summary(&mut self) -> Result<(), String> {
        let line = self.line()?;
        let active = self.active();
        if let Some(who) = line.strip_suffix(" wins the game: every other player ran out of cards!")
        {
            let seat = self.parsed(parse_player(who))?;
            if active != [seat] || self.piles[seat].len() != DECK {
                return Err(self.fail(
                    "the winner is the last player with cards, holding all 52",
                    format!("players holding cards: {}", seats_text(&active)),
                ));
            }
        } else if let Some(reason) = line
            .strip_prefix("No winner: ")
            .and_then(|r| r.strip_suffix('.'))
        {
            self.no_winner(reason, &active)?;
        } else {
            return Err(self.fail("the summary names the winner or why there is none", ""));
        }
        let battles = format!("Battles fought: {}", self.battles);
        if self.line()? != battles {
            return Err(self.fail(
                "the battles fought are the battles printed (a war's deciding battle included)",
                format!("expected: {battles}"),
            ));
        }
        let wars = format!("Wars fought: {}", self.wars);
        if self.line()? != wars {
            return Err(self.fail(
                "the wars fought are the war lines printed",
                format!("expected: {wars}"),
            ));
        }
        if self.next < self.lines.len() {
            self.next += 1;
            return Err(self.fail("nothing follows the summary", ""));
        }
        Ok(())
    }

    fn no_winner(&self, reason: &str, active: &[usize]) -> Result<(), String> {
        if let Some(seats) = reason.strip_suffix(" ran out of cards at the same time") {
            let seats = self.parsed(parse_players(seats))?;
            if !active.is_empty() || seats != self.out_last_battle {
                return Err(self.fail(
                    "nobody wins only if the last players run out together",
                    format!(
                        "players holding cards: {}; out in the last battle: {}",
                        seats_text(active),
                        seats_text(&self.out_last_battle)
                    ),
                ));
            }
            return Ok(());
        }
        if active.len() < 2 {
            return Err(self.fail(
                "a game with one player left ends with that player winning",
                format!("players holding cards: {}", seats_text(active)),
            ));
        }
        if let Some(rest) = reason.strip_prefix("after battle ") {
            let (battle, earlier) = rest
                .strip_suffix(
                    ", so with won cards returned in a fixed order the game would repeat forever",
                )
                .and_then(|r| r.split_once(" the cards lay exactly as "))
                .ok_or_else(|| self.fail("a documented no-winner reason", ""))?;
            let battle: u64 = self.parsed(battle.parse().map_err(|_| "battle".to_owned()))?;
            let earlier: u64 = match earlier {
                "at the deal" => 0,
                e => self.parsed(
                    e.strip_prefix("after battle ")
                        .and_then(|e| e.parse().ok())
                        .ok_or_else(|| format!("`{e}`")),
                )?,
            };
            let same = self.positions.contains_key(&battle)
                && self.positions.get(&battle) == self.positions.get(&earlier);
            if !self.fixed || battle != self.battles || earlier >= battle || !same {
                return Err(self.fail(
                    "a repetition ends a --order fixed game when the piles and the table after the last battle are exactly those after an earlier one",
                    format!(
                        "battles fought: {}; positions listed after battle {earlier}: {:?}; after battle {battle}: {:?}",
                        self.battles,
                        self.positions.get(&earlier).map(|p| p.0.iter().map(Vec::len).collect::<Vec<_>>()),
                        self.positions.get(&battle).map(|p| p.0.iter().map(Vec::len).collect::<Vec<_>>()),
                    ),
                ));
            }
            return Ok(());
        }
        if let Some(cap) = reason
            .strip_prefix("the game reached the cap of ")
            .and_then(|r| r.strip_suffix(" battles (--max-battles)"))
        {
            let cap: u64 = self.parsed(cap.parse().map_err(|_| format!("`{cap}`")))?;
            if self.battles < cap {
                return Err(self.fail(
                    "--max-battles stops a game only once that many battles are fought",
                    format!("battles fought: {}", self.battles),
                ));
            }
            return Ok(());
        }
        Err(self.fail("a documented no-winner reason", ""))
    }
}

enum War {
    /// Two or more came through: their fourth cards are compared (the decision is at the
    /// end of the war line, or on the next line).
    Compare {
        cards: Vec<(usize, Card)>,
        decision: Option<Decision>,
    },
    /// Only one came through and took the table.
    Taken,
    /// Nobody came through: the table stays.
    Left,
}

fn seats_text(seats: &[usize]) -> String {
    let names: Vec<String> = seats.iter().map(|s| format!("Player {}", s + 1)).collect();
    format!("[{}]", names.join(", "))
}

fn shown_text(shown: &[(usize, Card)]) -> String {
    let names: Vec<String> = shown
        .iter()
        .map(|(s, c)| format!("Player {} {c}", s + 1))
        .collect();
    names.join(", ")
}

/// The `--auto` transcript of a game, played by the binary.
fn transcript(seed: u64, players: usize, fixed: bool) -> String {
    let mut args = vec![
        "--seed".to_owned(),
        seed.to_string(),
        "--auto".to_owned(),
        "--players".to_owned(),
        players.to_string(),
    ];
    if fixed {
        args.extend(["--order".to_owned(), "fixed".to_owned()]);
    }
    let output = Command::new(env!("CARGO_BIN_EXE_war"))
        .args(&args)
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("war {args:?}: {e}"));
    assert!(
        output.status.success() && output.stderr.is_empty(),
        "war {args:?}: {}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap_or_else(|e| panic!("war {args:?}: {e}"))
}

fn check(seed: u64, players: usize, fixed: bool) -> Result<(), String> {
    let text = transcript(seed, players, fixed);
    let order = if fixed { " --order fixed" } else { "" };
    Check::new(&text, fixed)
        .run()
        .map_err(|e| format!("war --seed {seed} --auto --players {players}{order}\n{e}"))
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 64,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// Each seed is played with both orders of won cards.
    #[test]
    fn auto_transcripts_follow_the_rules(seed: u64, players in 2usize..=8) {
        for fixed in [false, true] {
            if let Err(violation) = check(seed, players, fixed) {
                prop_assert!(false, "{}", violation);
            }
        }
    }
}

/// Seeds whose games show the rarer rules: players out at war, a table nobody takes,
/// chained wars, a war with no deciding battle, repetitions with `--order fixed`.
#[test]
fn games_with_the_rare_rules_follow_them() {
    let mut texts = String::new();
    for (seed, players, fixed) in [
        (67, 5, true),
        (1406, 4, false),
        (58, 7, true),
        (7, 2, false),
        (7, 5, false),
        (125, 2, true),
        (524, 7, true),
    ] {
        if let Err(violation) = check(seed, players, fixed) {
            panic!("{violation}");
        }
        texts.push_str(&transcript(seed, players, fixed));
    }
    // Coverage: these seeds must keep showing the rare cases, or other seeds are needed.
    let chained = texts
        .lines()
        .any(|l| l.starts_with("War ") && l.ends_with("tie: war!"));
    let short_war = texts
        .lines()
        .any(|l| l.starts_with("War ") && !l.contains("(battle "));
    let tie_after_out = texts
        .lines()
        .any(|l| l.starts_with("Player ") && l.ends_with("tie: war!"));
    let war_without_cards = texts
        .lines()
        .any(|l| l.starts_with("War ") && l.ends_with("have no cards to lay."));
    for (shown, case) in [
        (texts.contains("Nobody takes the "), "a table nobody takes"),
        (
            texts.contains(" takes the "),
            "a table taken after players ran out",
        ),
        (chained, "a chained war"),
        (short_war, "a war without a deciding battle"),
        (
            tie_after_out,
            "a tie among the players left after others ran out at war",
        ),
        (war_without_cards, "a war in which nobody has a card to lay"),
        (texts.contains("would repeat forever"), "a repetition"),
    ] {
        assert!(shown, "none of these games shows {case}");
    }
}

/// The text the check reads must be sentences: the two ways the transcript once broke
/// them (a tie after players ran out at war printed as `. Player 2 and Player 4 tie:
/// war!`, a war nobody could lay a card in printed as `War 2:.`) are refused, naming the
/// line.
#[test]
fn broken_sentences_are_refused() {
    for (seed, players, fixed, good, broken) in [
        (
            1406,
            4,
            false,
            "\nPlayer 1 and Player 2 tie: war!\n",
            "\n. Player 1 and Player 2 tie: war!\n",
        ),
        (
            524,
            7,
            true,
            "\nWar 2: Player 5 and Player 7 have no cards to lay.\n",
            "\nWar 2:.\n",
        ),
        // The opening names as many players as are dealt hands.
        (
            3,
            2,
            false,
            "War, 2 players: in each battle",
            "War, 3 players: in each battle",
        ),
    ] {
        let text = transcript(seed, players, fixed);
        assert!(text.contains(good), "seed {seed}: no `{}`", good.trim());
        let edited = text.replacen(good, broken, 1);
        match Check::new(&edited, fixed).run() {
            Ok(()) => panic!("seed {seed}: `{}` was accepted", broken.trim()),
            Err(violation) => assert!(
                violation.contains(broken.trim()),
                "seed {seed}: the violation names another line: {violation}"
            ),
        }
    }
}
