//! Checking a transcript of someone's War program against the assignment's rules
//! (`war check`).
//!
//! The deal is random and the text leaves the screen's format to the student ("it
//! doesn't have to be completely identical"), so nothing is compared byte for byte.
//! The transcript is read by the facts the text fixes, the conventions the kit's
//! handout gives students (`kits/war/handout/README.md`), and the game is replayed on
//! the hands it shows:
//!
//! - **Cards** are read by what `Card`'s `toString` shows, in the forms the kit's tests
//!   read: a code such as `6C`, `10H`, `AS`, `TH`, `14S` or `HA` (upper case), a value
//!   and a suit symbol (`6♣`, `♣6`), or words (`Six of Clubs`, `6 of Hearts`, `Queen
//!   Hearts`).
//! - **A hand** is a run of cards separated by blanks and punctuation only, on one line
//!   or one card a line, with its number of cards on its line or the line before
//!   (`Player 1 (26 cards): 6C 10H …`, `Alice has 26 cards:`). Both hands, Player 1's
//!   first, make a display of the 52 cards. A pile is listed top first or top last, the
//!   same way all game (the one the battles bear out).
//! - **The prompt** is the line that names Enter, shown after the hands; it must name q
//!   and a number too. An answer may follow it on its line (a terminal session) or not
//!   (captured output): an answer the checker is not given is read from what the
//!   program did.
//! - **The summary**: the last line naming battles with a number, the last naming wars
//!   (`Battles fought: 312`, `12 battles and 3 wars`), and the winner on a line that
//!   says "win" and names them.
//!
//! The rules replayed between two displays: each player plays their top card, the
//! higher value takes both (aces high, suits make no difference) to the bottom of their
//! pile in any order; a tie is a war of four cards each, the fourth face up, its
//! deciding comparison counted as a battle and every war of a chain as a war; a player
//! who must lay a card and has none loses at once (both short: the fewer cards lose,
//! as many each: no winner; where the table's cards go then is not checked). Enter
//! plays one battle (with its wars), a number that many (or as many as make that
//! number with the wars' battles counted among them: both readings pass), q ends with
//! the summary. The first broken rule is reported with its line ([`Violation`]); what
//! the checker could not read in the free format ("no hands shown after the battle") is
//! a [`Problem::Unreadable`], told apart from a [`Problem::Rule`] broken. Hands shown
//! after battles that brought won cards back into play unshown are followed by
//! choosing an order they allow; a rule that seems broken after that is reported as
//! unreadable, since another order may break none ([`rounds_in_sight`] tells a grader
//! how many battles it can ask for without that).

use std::collections::VecDeque;
use std::fmt;

use cards_core::names::count_of;

use crate::card::{Card, Rank, Suit};

/// A transcript that keeps every rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// The winner's name as the hands show it, if the game had one.
    pub winner: Option<String>,
    /// Whether the game was quit (q, or the input ended) before its end.
    pub quit: bool,
    /// The battles fought (a war's deciding comparison included).
    pub battles: u64,
    /// The wars fought (every war of a chain).
    pub wars: u64,
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
            (_, true) => "quit".to_owned(),
            (Some(name), false) => format!("won by {name}"),
            (None, false) => "no winner".to_owned(),
        };
        write!(
            f,
            "ok: {} and {}, {how}, {}; readings: {}",
            count_of(self.battles, "battle"),
            count_of(self.wars, "war"),
            count_of(self.lines as u64, "line"),
            self.readings.join("; ")
        )
    }
}

/// The rule of the top cards, in the handout's words.
const TOP: &str = "each player takes the top card of their pile (the first or the last card the hands show, the same end all game), and the cards taken go to the bottom of the winner's pile (in any order)";
/// The rule of the higher card.
const HIGHER: &str =
    "the higher card takes both: aces are the highest and 2s the lowest; suits make no difference";
/// The rule of a war.
const WAR: &str = "a tie starts a war: each player takes four cards from the top of their pile, three face down, the fourth face up, and the higher fourth card takes all the cards on the table (both shown cards and the four of each player, 10 for one war)";
/// The rule of a player short of cards.
const SHORT: &str = "a player who must put down a card and has none loses at once (both short: the one with fewer cards loses; as many each: no winner)";
/// The cards each player lays in a war.
const WAR_CARDS: usize = 4;
/// The rounds (battles with their wars) searched between two displays when the answer
/// is not known.
const MAX_ROUNDS: usize = 100_000;
/// The states searched between two displays when won cards come back to the top in an
/// order the transcript does not show.
const SEARCH_BUDGET: usize = 20_000;
/// The choices searched in a whole transcript.
const WORK_BUDGET: usize = 1_000_000;

// ----- reading the text -----

/// A card found in the text and where.
#[derive(Clone, Copy, Debug)]
struct Token {
    card: Card,
    start: usize,
    end: usize,
}

/// A run of cards separated by blanks and punctuation only.
#[derive(Clone, Debug)]
struct Group {
    cards: Vec<Card>,
    start: usize,
    end: usize,
}

/// Both hands as listed (Player 1's first), or one hand of all 52 (`single`: whose is
/// not shown).
#[derive(Clone, Debug)]
struct Display {
    hands: [Vec<Card>; 2],
    single: bool,
    groups: Vec<usize>,
    start: usize,
    end: usize,
}

const RANK_WORDS: [(&str, Rank); 14] = [
    ("two", Rank::Two),
    ("deuce", Rank::Two),
    ("three", Rank::Three),
    ("four", Rank::Four),
    ("five", Rank::Five),
    ("six", Rank::Six),
    ("seven", Rank::Seven),
    ("eight", Rank::Eight),
    ("nine", Rank::Nine),
    ("ten", Rank::Ten),
    ("jack", Rank::Jack),
    ("queen", Rank::Queen),
    ("king", Rank::King),
    ("ace", Rank::Ace),
];
const SUIT_WORDS: [(&str, Suit); 4] = [
    ("club", Suit::Clubs),
    ("diamond", Suit::Diamonds),
    ("heart", Suit::Hearts),
    ("spade", Suit::Spades),
];
const SUIT_SYMBOLS: [(char, Suit); 8] = [
    ('♣', Suit::Clubs),
    ('♦', Suit::Diamonds),
    ('♥', Suit::Hearts),
    ('♠', Suit::Spades),
    ('♧', Suit::Clubs),
    ('♢', Suit::Diamonds),
    ('♡', Suit::Hearts),
    ('♤', Suit::Spades),
];

fn word_char(c: char) -> bool {
    c.is_alphanumeric()
}

fn at_word_end(text: &str, at: usize) -> bool {
    text[at..].chars().next().is_none_or(|c| !word_char(c))
}

/// Whether `text` at `at` starts with `word`, in any case.
fn starts_with_word(text: &str, at: usize, word: &str) -> bool {
    text.as_bytes()
        .get(at..at + word.len())
        .is_some_and(|b| b.eq_ignore_ascii_case(word.as_bytes()))
}

/// A suit word (`Clubs`, `heart`) or symbol at `at`, and where it ends.
fn suit_word_at(text: &str, at: usize) -> Option<(Suit, usize)> {
    let first = text[at..].chars().next()?;
    if let Some((symbol, suit)) = SUIT_SYMBOLS.iter().find(|(s, _)| *s == first) {
        return Some((*suit, at + symbol.len_utf8()));
    }
    for (word, suit) in SUIT_WORDS {
        if starts_with_word(text, at, word) {
            let mut end = at + word.len();
            if starts_with_word(text, end, "s") {
                end += 1;
            }
            if at_word_end(text, end) {
                return Some((suit, end));
            }
        }
    }
    None
}

/// A suit word or symbol after a rank ending at `after`, joined by `of` (`6 of Clubs`),
/// a blank or a dash (`Queen Hearts`, `Q-Hearts`).
fn of_suit(text: &str, rank: Rank, after: usize) -> Option<(Card, usize)> {
    let blanks = |at: usize| text[at..].len() - text[at..].trim_start_matches(' ').len();
    let mut suit = after + blanks(after);
    if starts_with_word(text, suit, "of") && at_word_end(text, suit + 2) {
        suit += 2 + blanks(suit + 2);
    } else if text[suit..].starts_with(['-', '_']) {
        suit += 1;
    }
    if suit == after {
        return None;
    }
    suit_word_at(text, suit).map(|(s, end)| (Card::new(rank, s), end))
}

/// A value written with digits or a letter at `at` (`10`, `2`-`9`, `11`-`14` and `1`
/// for the face cards and the ace, `T` `J` `Q` `K` `A`), and where it ends.
fn rank_symbol_at(text: &str, at: usize) -> Option<(Rank, usize)> {
    let rest = &text[at..];
    let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits > 0 {
        let value: usize = rest[..digits.min(3)].parse().ok()?;
        let rank = match value {
            1 | 14 => Rank::Ace,
            2..=13 => Rank::ALL[value - 2],
            _ => return None,
        };
        return (digits <= 2).then_some((rank, at + digits));
    }
    let rank = match rest.chars().next()? {
        'T' => Rank::Ten,
        'J' => Rank::Jack,
        'Q' => Rank::Queen,
        'K' => Rank::King,
        'A' => Rank::Ace,
        _ => return None,
    };
    Some((rank, at + 1))
}

fn suit_letter(c: char) -> Option<Suit> {
    Suit::ALL.into_iter().find(|s| s.letter() == c)
}

fn suit_symbol(c: char) -> Option<Suit> {
    SUIT_SYMBOLS
        .iter()
        .find(|(s, _)| *s == c)
        .map(|(_, suit)| *suit)
}

/// The card whose name starts at `at` (a word start), and where it ends. What the War
/// kit reads as a card's `toString` (`KitCards.identify`): a code, the value then the
/// suit (`6C`, `10H`, `AS`, `TH`, `14S`) or the suit then the value (`C6`, `HA`); a value
/// and a suit symbol either way round (`6♣`, `♣6`); or words (`Six of Clubs`, `6 of
/// Hearts`, `Queen Hearts`, `Ace of ♠`). Codes are upper case, words any case.
fn card_at(text: &str, at: usize) -> Option<(Card, usize)> {
    let first = text[at..].chars().next()?;
    // A suit symbol, then the value.
    if let Some(suit) = suit_symbol(first) {
        let after = at + first.len_utf8();
        let (rank, end) = rank_symbol_at(text, after)?;
        return at_word_end(text, end).then_some((Card::new(rank, suit), end));
    }
    // A suit letter, then the value.
    if let Some(suit) = suit_letter(first)
        && let Some((rank, end)) = rank_symbol_at(text, at + 1)
        && at_word_end(text, end)
    {
        return Some((Card::new(rank, suit), end));
    }
    if let Some((rank, after)) = rank_symbol_at(text, at) {
        let next = text[after..].chars().next();
        if let Some(suit) = next.and_then(suit_letter)
            && at_word_end(text, after + 1)
        {
            return Some((Card::new(rank, suit), after + 1));
        }
        if let Some(c) = next
            && let Some(suit) = suit_symbol(c)
        {
            return Some((Card::new(rank, suit), after + c.len_utf8()));
        }
        // A `T` stands for ten only in a code (`TH`): `T of Hearts` is no card.
        if first != 'T'
            && at_word_end(text, after)
            && let Some(found) = of_suit(text, rank, after)
        {
            return Some(found);
        }
    }
    for (word, rank) in RANK_WORDS {
        if starts_with_word(text, at, word) && at_word_end(text, at + word.len()) {
            return of_suit(text, rank, at + word.len());
        }
    }
    None
}

fn tokens(text: &str) -> Vec<Token> {
    let mut tokens = Vec::new();
    let mut previous: Option<char> = None;
    let mut skip_to = 0;
    for (at, c) in text.char_indices() {
        if at >= skip_to
            && previous.is_none_or(|p| !word_char(p))
            && (word_char(c) || suit_symbol(c).is_some())
            && let Some((card, end)) = card_at(text, at)
        {
            tokens.push(Token {
                card,
                start: at,
                end,
            });
            skip_to = end;
        }
        previous = Some(c);
    }
    tokens
}

fn groups(text: &str, tokens: &[Token]) -> Vec<Group> {
    let mut groups: Vec<Group> = Vec::new();
    let mut last_end = None;
    for token in tokens {
        let joined =
            last_end.is_some_and(|end: usize| !text[end..token.start].chars().any(word_char));
        match groups.last_mut() {
            Some(group) if joined => {
                group.cards.push(token.card);
                group.end = token.end;
            }
            _ => groups.push(Group {
                cards: vec![token.card],
                start: token.start,
                end: token.end,
            }),
        }
        last_end = Some(token.end);
    }
    groups
}

fn whole_deck(cards: &[&Card]) -> bool {
    let mut seen = [false; 52];
    cards.len() == 52
        && cards
            .iter()
            .all(|c| !std::mem::replace(&mut seen[c.index()], true))
}

/// Every display of the 52 cards, in order.
fn displays(groups: &[Group]) -> Vec<Display> {
    let mut displays = Vec::new();
    let mut i = 0;
    while i < groups.len() {
        let a = &groups[i].cards;
        if whole_deck(&a.iter().collect::<Vec<_>>()) {
            displays.push(Display {
                hands: [a.clone(), Vec::new()],
                single: true,
                groups: vec![i],
                start: groups[i].start,
                end: groups[i].end,
            });
        } else if let Some(next) = groups.get(i + 1)
            && whole_deck(&a.iter().chain(&next.cards).collect::<Vec<_>>())
        {
            displays.push(Display {
                hands: [a.clone(), next.cards.clone()],
                single: false,
                groups: vec![i, i + 1],
                start: groups[i].start,
                end: next.end,
            });
            i += 1;
        }
        i += 1;
    }
    displays
}

/// The first two neighbouring runs of cards from `from` on that hold at least 26
/// different cards without being the 52 once each: hands that lost or doubled cards
/// (battle lines make runs of a card or a few).
fn broken_display(groups: &[Group], from: usize, to: usize) -> Option<(usize, Vec<Card>)> {
    // The groups are in the order of the text: the range is found, not filtered.
    let first = groups.partition_point(|g| g.start < from);
    let last = groups.partition_point(|g| g.start < to).max(first);
    let inside: Vec<&Group> = groups[first..last].iter().collect();
    for pair in inside.windows(2) {
        let cards: Vec<Card> = pair[0]
            .cards
            .iter()
            .chain(&pair[1].cards)
            .copied()
            .collect();
        let mut seen = [false; 52];
        let distinct = cards
            .iter()
            .filter(|c| !std::mem::replace(&mut seen[c.index()], true))
            .count();
        if distinct >= 26 && !(distinct == 52 && cards.len() == 52) {
            return Some((pair[0].start, cards));
        }
    }
    None
}

fn show(cards: &[Card]) -> String {
    cards
        .iter()
        .map(Card::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// What is wrong with cards that are not the 52 once each.
fn not_the_deck(cards: &[Card]) -> String {
    let mut times = [0u32; 52];
    for card in cards {
        times[card.index()] += 1;
    }
    let missing: Vec<Card> = Card::deck()
        .into_iter()
        .filter(|c| times[c.index()] == 0)
        .collect();
    let twice: Vec<Card> = Card::deck()
        .into_iter()
        .filter(|c| times[c.index()] > 1)
        .collect();
    let mut what = format!("the hands show {} cards", cards.len());
    if !missing.is_empty() {
        what += &format!(", without {}", show(&missing));
    }
    if !twice.is_empty() {
        what += &format!(", {} more than once", show(&twice));
    }
    what + ": the 52 cards stay in the game, each once (no card may be lost or doubled: the winner of a battle takes both shown cards, the winner of a war all the cards on the table)"
}

// ----- the game between two displays -----

/// A pile, top first: the cards whose order is known, then the cards of each take, in
/// an order the transcript has not shown yet.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Pile {
    known: VecDeque<Card>,
    bags: VecDeque<Vec<Card>>,
}

impl Pile {
    fn of(cards: &[Card]) -> Pile {
        Pile {
            known: cards.iter().copied().collect(),
            bags: VecDeque::new(),
        }
    }

    fn len(&self) -> usize {
        self.known.len() + self.bags.iter().map(Vec::len).sum::<usize>()
    }

    /// Whether `shown` (top first) is this pile: the known cards, then each take's
    /// cards in any order.
    fn is(&self, shown: &[Card]) -> bool {
        if shown.len() != self.len() || !shown.iter().zip(&self.known).all(|(a, b)| a == b) {
            return false;
        }
        let mut at = self.known.len();
        for bag in &self.bags {
            let part = &shown[at..at + bag.len()];
            if !bag.iter().all(|c| part.contains(c)) {
                return false;
            }
            at += bag.len();
        }
        true
    }

    /// Every way of taking `count` cards (or all, if fewer) from the top: the cards and
    /// the pile left.
    fn take(&self, count: usize, budget: &mut Budget) -> Vec<(Vec<Card>, Pile)> {
        let mut done = Vec::new();
        let mut todo = vec![(Vec::new(), self.clone())];
        while let Some((taken, mut pile)) = todo.pop() {
            if taken.len() == count || pile.len() == 0 {
                done.push((taken, pile));
                continue;
            }
            if let Some(card) = pile.known.pop_front() {
                let mut taken = taken;
                taken.push(card);
                todo.push((taken, pile));
                continue;
            }
            let Some(bag) = pile.bags.pop_front() else {
                continue;
            };
            // Only a choice costs: a game without one is followed to its end.
            if !budget.pay(bag.len()) {
                break;
            }
            for (i, card) in bag.iter().enumerate() {
                let mut rest = bag.clone();
                rest.remove(i);
                let mut next = pile.clone();
                if !rest.is_empty() {
                    next.bags.push_front(rest);
                }
                let mut taken = taken.clone();
                taken.push(*card);
                todo.push((taken, next));
            }
        }
        done
    }
}

/// The choices a search may still follow (where won cards come back in an order no
/// hands showed); a game without a choice costs nothing.
#[derive(Clone, Copy, Debug)]
struct Budget {
    left: usize,
    /// Whether a choice was left unfollowed.
    cut: bool,
}

impl Budget {
    fn new(left: usize) -> Budget {
        Budget { left, cut: false }
    }

    /// Pays for `choices` ways to go on; false, and cut, if they cannot be paid.
    fn pay(&mut self, choices: usize) -> bool {
        if choices <= 1 {
            return true;
        }
        if self.left < choices {
            self.left = 0;
            self.cut = true;
            return false;
        }
        self.left -= choices;
        true
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
enum End {
    /// The seat that won (the other ran out of cards).
    Won(usize),
    /// Both ran out together.
    NoWinner,
}

/// A state of the game between displays.
#[derive(Clone, Debug)]
struct State {
    piles: [Pile; 2],
    rounds: u64,
    battles: u64,
    wars: u64,
    /// The comparisons of cards in the last round (1 plus its wars' deciding ones).
    last: u64,
    /// How the game ended, and whether a player was short of cards at a war.
    end: Option<(End, bool)>,
    /// The cards on the table when a war was cut short: where they go is not checked.
    table: Vec<Card>,
}

impl State {
    /// The game at hands shown (top first): nothing played yet from there.
    fn of(shown: &[Vec<Card>; 2]) -> State {
        State {
            piles: [Pile::of(&shown[0]), Pile::of(&shown[1])],
            rounds: 0,
            battles: 0,
            wars: 0,
            last: 0,
            end: None,
            table: Vec::new(),
        }
    }

    /// Every state after one battle with its wars (a choice wherever a card comes from
    /// a take whose order is not known).
    fn round(&self, budget: &mut Budget) -> Vec<State> {
        let mut out = Vec::new();
        let mut start = self.clone();
        start.last = 0;
        let mut todo = vec![(start, Vec::new(), true)];
        while let Some((state, table, first)) = todo.pop() {
            if budget.cut {
                break;
            }
            let need = if first { 1 } else { WAR_CARDS };
            let firsts = state.piles[0].take(need, budget);
            let seconds = state.piles[1].take(need, budget);
            // Every pair of choices is a state to follow: a choice of both costs them all.
            let pairs = firsts.len().saturating_mul(seconds.len());
            if !budget.pay(pairs) {
                break;
            }
            for (laid1, pile1) in &firsts {
                for (laid2, pile2) in &seconds {
                    let mut next = state.clone();
                    next.piles = [pile1.clone(), pile2.clone()];
                    let mut table: Vec<Card> = table.clone();
                    table.extend(laid1);
                    table.extend(laid2);
                    if laid1.len() < need || laid2.len() < need {
                        // A short player is out; the table's fate is not checked.
                        let end = match laid1.len().cmp(&laid2.len()) {
                            std::cmp::Ordering::Greater => End::Won(0),
                            std::cmp::Ordering::Less => End::Won(1),
                            std::cmp::Ordering::Equal => End::NoWinner,
                        };
                        next.rounds += 1;
                        next.end = Some((end, true));
                        next.table = table;
                        out.push(next);
                        continue;
                    }
                    next.battles += 1;
                    next.last += 1;
                    let (Some(up1), Some(up2)) = (laid1.last(), laid2.last()) else {
                        continue;
                    };
                    match up1.compare_rank(*up2) {
                        std::cmp::Ordering::Equal => {
                            next.wars += 1;
                            todo.push((next, table, false));
                        }
                        order => {
                            let taker = usize::from(order == std::cmp::Ordering::Less);
                            next.piles[taker].bags.push_back(table);
                            next.rounds += 1;
                            if next.piles[1 - taker].len() == 0 {
                                next.end = Some((End::Won(taker), false));
                            }
                            out.push(next);
                        }
                    }
                }
            }
        }
        out
    }

    fn is(&self, shown: &[Vec<Card>; 2]) -> bool {
        if let Some((_, true)) = self.end {
            // Each player holds the cards they kept, and the table's cards went anywhere
            // (or nowhere): that is not checked.
            return (0..2).all(|p| {
                let kept: Vec<Card> = self.piles[p]
                    .known
                    .iter()
                    .chain(self.piles[p].bags.iter().flatten())
                    .copied()
                    .collect();
                kept.iter().all(|c| shown[p].contains(c))
                    && shown[p]
                        .iter()
                        .all(|c| kept.contains(c) || self.table.contains(c))
            });
        }
        self.piles[0].is(&shown[0]) && self.piles[1].is(&shown[1])
    }
}

// ----- the checker -----

/// The answer typed at one prompt.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Answer {
    Enter,
    Number(u64),
    Quit,
    Other(String),
    Unknown,
}

/// What an answer asks for, as the text names the options: the empty line (Enter), a
/// number of battles (digits, 1 or more), `q`. Anything else (`Q`, `quit`, ` 3`, `0`)
/// the text says nothing of: a program may refuse it, or take it as it likes.
fn read_answer(text: &str) -> Answer {
    let text = text.strip_suffix('\r').unwrap_or(text);
    if text.is_empty() {
        Answer::Enter
    } else if text == "q" {
        Answer::Quit
    } else if text.bytes().all(|b| b.is_ascii_digit()) {
        match text.parse::<u64>() {
            Ok(n) if n >= 1 => Answer::Number(n),
            _ => Answer::Other(text.to_owned()),
        }
    } else {
        Answer::Other(text.to_owned())
    }
}

struct Text<'t> {
    text: &'t str,
    line_starts: Vec<usize>,
}

impl<'t> Text<'t> {
    /// The line (from 1) of a byte offset.
    fn line_of(&self, at: usize) -> usize {
        self.line_starts.partition_point(|&s| s <= at)
    }

    fn line(&self, line: usize) -> Option<&'t str> {
        let start = *self.line_starts.get(line.checked_sub(1)?)?;
        let end = self
            .line_starts
            .get(line)
            .map_or(self.text.len(), |&e| e - 1);
        self.text.get(start..end)
    }

    fn count(&self) -> usize {
        self.line_starts.len() - usize::from(self.text.ends_with('\n') || self.text.is_empty())
    }
}

/// Whether a line names the word (any case, not inside another word), such as `enter`.
fn names_word(line: &str, word: &str) -> bool {
    let lower = line.to_lowercase();
    let mut from = 0;
    while let Some(at) = lower[from..].find(word) {
        let start = from + at;
        let end = start + word.len();
        let before = lower[..start].chars().next_back();
        let after = lower[end..].chars().next();
        if before.is_none_or(|c| !c.is_alphabetic()) && after.is_none_or(|c| !c.is_alphabetic()) {
            return true;
        }
        from = end;
    }
    false
}

/// The number the last of `lines` that names `word` (or its plural) gives: the number
/// nearest the word, a player's number left out.
fn summary_number(lines: &[(usize, &str)], word: &str) -> Option<(usize, u64)> {
    for &(number, line) in lines.iter().rev() {
        let lower = line.to_lowercase();
        let words: Vec<(usize, usize)> = lower
            .match_indices(word)
            .filter(|&(at, _)| {
                let before = lower[..at].chars().next_back();
                let mut end = at + word.len();
                if lower[end..].starts_with('s') {
                    end += 1;
                }
                let after = lower[end..].chars().next();
                before.is_none_or(|c| !c.is_alphabetic())
                    && after.is_none_or(|c| !c.is_alphabetic())
            })
            .map(|(at, _)| (at, at + word.len()))
            .collect();
        if words.is_empty() {
            continue;
        }
        let mut best: Option<(usize, u64)> = None;
        let bytes = lower.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            if !bytes[i].is_ascii_digit() || (i > 0 && bytes[i - 1].is_ascii_digit()) {
                i += 1;
                continue;
            }
            let end = (i..bytes.len())
                .find(|&j| !bytes[j].is_ascii_digit())
                .unwrap_or(bytes.len());
            let before = lower[..i].trim_end().trim_end_matches('#').trim_end();
            if !before.ends_with("player")
                && let Ok(value) = lower[i..end].parse::<u64>()
            {
                for &(ws, we) in &words {
                    let distance = if i >= we {
                        i - we
                    } else {
                        ws.saturating_sub(end)
                    };
                    if best.is_none_or(|(d, _)| distance < d) {
                        best = Some((distance, value));
                    }
                }
            }
            i = end;
        }
        if let Some((_, value)) = best {
            return Some((number, value));
        }
    }
    None
}

struct Checker<'t> {
    text: Text<'t>,
    /// What is left of [`WORK_BUDGET`].
    work: std::cell::Cell<usize>,
    groups: Vec<Group>,
    readings: Vec<String>,
    names: [String; 2],
    top_last: Option<bool>,
    /// The first line of hands reached only by choosing an order for won cards that came
    /// back into play unshown (a number's battles played through a pile): the game
    /// followed from there is one of several the hands allow.
    guessed: Option<usize>,
}

type Step<T> = Result<T, Violation>;

impl Checker<'_> {
    fn reading(&mut self, reading: &str) {
        // One example of a kind is enough: `such as` readings are kept once.
        let kind = reading.split(" (such as").next().unwrap_or(reading);
        if !self
            .readings
            .iter()
            .any(|r| r == reading || r.starts_with(kind) && r.contains("(such as"))
        {
            self.readings.push(reading.to_owned());
        }
    }

    fn at(&self, line: usize, problem: Problem) -> Violation {
        Violation {
            line,
            problem,
            got: self.text.line(line).map(str::to_owned),
        }
    }

    /// A broken rule at `line`; after hands reached by a guessed order, what could not
    /// be read: in another order the hands allow, the game may break no rule there.
    fn rule(&self, line: usize, rule: impl Into<String>) -> Violation {
        match self.guessed {
            Some(guessed) if line > guessed => self.unreadable(
                line,
                format!(
                    "the game after the hands of line {guessed}, reached only by guessing the order in which won cards came back into play before any hands showed them (fewer battles at a time would show it); in the order followed: {}",
                    rule.into()
                ),
            ),
            _ => self.at(line, Problem::Rule(rule.into())),
        }
    }

    fn unreadable(&self, line: usize, what: impl Into<String>) -> Violation {
        self.at(line, Problem::Unreadable(what.into()))
    }

    /// A display's piles, top first, as `top_last` reads them.
    fn piles(display: &Display, top_last: bool) -> [Vec<Card>; 2] {
        let mut hands = display.hands.clone();
        if top_last {
            hands.iter_mut().for_each(|h| h.reverse());
        }
        hands
    }

    /// Each hand of a display shows its number of cards on its lines or the line before.
    fn counts_shown(&self, display: &Display) -> Step<()> {
        for &g in &display.groups {
            let group = &self.groups[g];
            let first = self.text.line_of(group.start);
            let last = self.text.line_of(group.end.saturating_sub(1));
            let from = self.text.line_starts[first.saturating_sub(2)];
            let to = self
                .text
                .line_starts
                .get(last)
                .map_or(self.text.text.len(), |&e| e - 1);
            let mut rest = String::new();
            let mut at = from;
            for token in tokens(&self.text.text[from..to]) {
                rest.push_str(&self.text.text[at..from + token.start]);
                rest.push(' ');
                at = from + token.end;
            }
            rest.push_str(&self.text.text[at..to]);
            let count = group.cards.len().to_string();
            let shown = rest
                .split(|c: char| !c.is_ascii_digit())
                .any(|number| number == count);
            if !shown {
                return Err(self.rule(
                    first,
                    format!(
                        "Player's toString shows the number of cards and each card: this hand of {count} cards shows no count on its line or the line before"
                    ),
                ));
            }
        }
        Ok(())
    }

    /// The deal: 26 cards each, not in the order of a new deck.
    fn deal(&mut self, display: &Display) -> Step<()> {
        let line = self.text.line_of(display.start);
        if display.hands[0].len() != 26 || display.hands[1].len() != 26 {
            return Err(self.rule(
                line,
                format!(
                    "the deck of 52 cards is dealt to the two players: 26 each, not {} and {}",
                    display.hands[0].len(),
                    display.hands[1].len()
                ),
            ));
        }
        let [a, b] = &display.hands;
        let interleaved: Vec<Card> = a.iter().zip(b).flat_map(|(x, y)| [*x, *y]).collect();
        let swapped: Vec<Card> = b.iter().zip(a).flat_map(|(x, y)| [*x, *y]).collect();
        let joined: Vec<Card> = a.iter().chain(b).copied().collect();
        let sorted = |cards: &[Card], key: &dyn Fn(&Card) -> (u8, u8)| {
            cards.windows(2).all(|w| key(&w[0]) < key(&w[1]))
                || cards.windows(2).all(|w| key(&w[0]) > key(&w[1]))
        };
        let by_suit = |c: &Card| (c.suit() as u8, c.rank().value());
        let by_rank = |c: &Card| (c.rank().value(), c.suit() as u8);
        for cards in [&interleaved, &swapped, &joined] {
            if sorted(cards, &by_suit) || sorted(cards, &by_rank) {
                return Err(self.rule(
                    line,
                    "Game deals the deck randomly to the two players: these hands are a new deck in order, not shuffled",
                ));
            }
        }
        Ok(())
    }

    /// A player's name as the first display shows it: the text before the count or the
    /// cards on its line (or the line before).
    fn name(&self, group: &Group, seat: usize) -> String {
        let line = self.text.line_of(group.start);
        let start = self.text.line_starts[line - 1];
        let mut before = self.text.text[start..group.start].to_owned();
        if before.trim().is_empty()
            && let Some(previous) = self.text.line(line - 1)
        {
            before = previous.to_owned();
        }
        let count = group.cards.len().to_string();
        if let Some(at) = before.find(&count) {
            before.truncate(at);
        }
        let words: Vec<&str> = before
            .split_whitespace()
            .filter(|w| {
                ![
                    "has", "holds", "with", "hand", "hands", "card", "cards", "pile", "(",
                ]
                .contains(
                    &w.to_lowercase()
                        .trim_matches(|c: char| !c.is_alphanumeric()),
                )
            })
            .collect();
        let name = words
            .join(" ")
            .trim_matches(|c: char| !c.is_alphanumeric())
            .to_owned();
        if name.chars().any(char::is_alphabetic) {
            name
        } else {
            format!("Player {}", seat + 1)
        }
    }

    fn describe_top(&self, state: &State) -> String {
        let top = |p: usize| {
            state.piles[p]
                .known
                .front()
                .map_or("no card".to_owned(), Card::to_string)
        };
        format!(
            "{}'s top card is {}, {}'s {}",
            self.names[0],
            top(0),
            self.names[1],
            top(1)
        )
    }

    /// Why one battle from `state` (its piles known, no take pending) cannot give
    /// `shown` (top first): the rule the hands tell.
    fn diagnose(&self, state: &State, shown: &[Vec<Card>; 2]) -> String {
        let old: [Vec<Card>; 2] = [
            state.piles[0].known.iter().copied().collect(),
            state.piles[1].known.iter().copied().collect(),
        ];
        let mut budget = Budget::new(SEARCH_BUDGET);
        let Some(want) = state.round(&mut budget).into_iter().next() else {
            return format!("{TOP}; {HIGHER}; {WAR}");
        };
        // The cards each player put down, as the hands after show them: the old pile
        // less its first j cards starts the new one.
        let played =
            |p: usize| (0..=old[p].len().min(24)).find(|&j| shown[p].starts_with(&old[p][j..]));
        let (Some(j1), Some(j2)) = (played(0), played(1)) else {
            return format!("{TOP}: {}", self.describe_top(state));
        };
        let card = |p: usize, i: usize| old[p].get(i).map_or("?".to_owned(), Card::to_string);
        let wars = usize::try_from(want.wars - state.wars).unwrap_or(0);
        let short = matches!(want.end, Some((_, true)));
        let want_cards = 1 + WAR_CARDS * wars;
        if j1 == 1 && j2 == 1 && wars > 0 {
            return format!(
                "{} and {} have the same value: {WAR}; suits make no difference",
                card(0, 0),
                card(1, 0)
            );
        }
        if j1 == j2 && j1 > 1 && wars == 0 {
            return format!(
                "{} and {} do not have the same value, so there is no war: {HIGHER}",
                card(0, 0),
                card(1, 0)
            );
        }
        if short {
            return format!("{SHORT}: the game ends there");
        }
        if j1 != j2 || j1 != want_cards {
            return format!(
                "{WAR}; here {} put down {j1} cards and {} {j2}, where each puts down {want_cards}",
                self.names[0], self.names[1]
            );
        }
        let taker = usize::from(want.piles[1].bags.iter().any(|b| !b.is_empty()));
        let gained = |p: usize| shown[p].len() > old[p].len() - j1;
        if gained(1 - taker) && !gained(taker) {
            let up = want_cards - 1;
            return format!(
                "{} is higher than {}: {HIGHER}",
                card(taker, up),
                card(1 - taker, up)
            );
        }
        format!(
            "{TOP}: the winner takes all {} cards on the table to the bottom of their pile",
            2 * want_cards
        )
    }

    /// From `state`, the rounds that lead to `shown`: the state there, or why none does.
    /// `max`: the most rounds the answer allows.
    fn follow(
        &self,
        state: &State,
        shown: &[Vec<Card>; 2],
        max: usize,
    ) -> Result<Option<(State, bool)>, ()> {
        // Each search has its share, and the whole check a bound: a transcript can ask
        // for a search at every display.
        let share = SEARCH_BUDGET.min(self.work.get());
        let mut budget = Budget::new(share);
        let result = self.search(state, shown, max, &mut budget);
        self.work.set(self.work.get() - (share - budget.left));
        // A search that paid for a choice followed won cards in an order it chose.
        Ok(result?.map(|after| (after, budget.left < share)))
    }

    fn search(
        &self,
        state: &State,
        shown: &[Vec<Card>; 2],
        max: usize,
        budget: &mut Budget,
    ) -> Result<Option<State>, ()> {
        let mut frontier = vec![state.clone()];
        for _ in 0..max {
            let mut next = Vec::new();
            for s in &frontier {
                if s.end.is_some() {
                    continue;
                }
                for after in s.round(budget) {
                    if after.is(shown) {
                        return Ok(Some(after));
                    }
                    next.push(after);
                }
            }
            if budget.cut {
                return Err(());
            }
            if next.is_empty() {
                break;
            }
            frontier = next;
        }
        Ok(None)
    }
}

/// How many battles (each with its wars) can be played from the last hands `screen`
/// shows before a card won since comes back into play, read either end as the top (the
/// fewer of the two): a program that shows the hands only after the battles a number
/// plays lets the checker follow that many without guessing the order in which won
/// cards went under a pile. `u64::MAX` when the game ends first; `None` when the screen
/// shows no hands of the 52 cards.
pub fn rounds_in_sight(screen: &str) -> Option<u64> {
    let groups = groups(screen, &tokens(screen));
    let last = displays(&groups).pop().filter(|d| !d.single)?;
    [false, true]
        .into_iter()
        .map(|top_last| {
            let shown = Checker::piles(&last, top_last);
            let mut state = State::of(&shown);
            // Two 26-card piles cannot both last more rounds than their cards.
            for rounds in 0..=52 {
                if state.end.is_some() {
                    return u64::MAX;
                }
                // A round with no won card in play has one outcome and pays nothing.
                let mut budget = Budget::new(1);
                match state.round(&mut budget).as_slice() {
                    [next] if !budget.cut && budget.left == 1 => state = next.clone(),
                    _ => return rounds,
                }
            }
            u64::MAX
        })
        .min()
}

/// Checks a transcript of one game. `answers`: the answers the program was given, in
/// order (a grader that typed them), or `None` for a saved transcript, where an answer
/// is read from its echo after the prompt or from what the program did.
pub fn check(transcript: &str, answers: Option<&[String]>) -> Result<Checked, Violation> {
    let normalized = transcript.replace("\r\n", "\n");
    let text = normalized.as_str();
    let mut line_starts = vec![0];
    line_starts.extend(text.match_indices('\n').map(|(at, _)| at + 1));
    let tokens = tokens(text);
    let groups = groups(text, &tokens);
    let displays = displays(&groups);
    let mut checker = Checker {
        text: Text { text, line_starts },
        groups,
        readings: Vec::new(),
        names: ["Player 1".to_owned(), "Player 2".to_owned()],
        top_last: None,
        work: std::cell::Cell::new(WORK_BUDGET),
        guessed: None,
    };
    let last_line = checker.text.count();
    let end_line = last_line + 1;

    if tokens
        .iter()
        .any(|t| t.card.to_string() != text[t.start..t.end])
    {
        checker.reading("cards named in words or with suit symbols");
    } else if !tokens.is_empty() {
        checker.reading("card codes such as `6C`");
    }

    // The initial hands.
    let Some(first) = displays.first() else {
        if let Some((at, cards)) = broken_display(&checker.groups, 0, text.len()) {
            return Err(checker.rule(checker.text.line_of(at), not_the_deck(&cards)));
        }
        return Err(checker.unreadable(
            1,
            "no initial hands: both players' cards (the 52, each shown as Card's toString, the hands separated by text such as `Player 2 (26 cards):`)",
        ));
    };
    let first_line = checker.text.line_of(first.start);
    if first.single {
        return Err(checker.rule(
            first_line,
            "the deck of 52 cards is dealt to the two players: 26 each, not 52 and 0",
        ));
    }
    checker.deal(first)?;
    checker.counts_shown(first)?;
    checker.names = [
        checker.name(&checker.groups[first.groups[0]], 0),
        checker.name(&checker.groups[first.groups[1]], 1),
    ];

    // The prompts: the lines naming Enter that start with the text of the prompt shown
    // after the hands (what follows it on its line may be the answer echoed).
    let enter_lines: Vec<usize> = (1..=last_line)
        .filter(|&l| checker.text.line(l).is_some_and(|t| names_word(t, "enter")))
        .collect();
    // The prompt's lines: those naming Enter that start as the first one after the
    // initial hands does (a refusal that names Enter reads otherwise).
    let first_after = checker.text.line_of(first.end.saturating_sub(1));
    let opening = enter_lines
        .iter()
        .find(|&&l| l > first_after)
        .and_then(|&l| checker.text.line(l))
        .unwrap_or("");
    let after_display: Vec<&str> = enter_lines
        .iter()
        .filter_map(|&l| checker.text.line(l))
        .filter(|t| {
            let shared = t
                .chars()
                .zip(opening.chars())
                .take_while(|(a, b)| a == b)
                .count();
            shared >= opening.chars().count().min(t.chars().count()).min(8) && shared > 0
        })
        .collect();
    let prompt = common_prefix(&after_display);
    let prompts: Vec<usize> = enter_lines
        .iter()
        .copied()
        .filter(|&l| {
            !prompt.is_empty()
                && checker
                    .text
                    .line(l)
                    .is_some_and(|t| t.trim_end().starts_with(prompt.trim_end()))
        })
        .collect();
    let Some(&first_prompt) = prompts.first() else {
        return Err(checker.rule(
            checker.text.line_of(first.end.saturating_sub(1)) + 1,
            "after the hands, Game prompts the user with three options: [Enter] to play another battle, a number to play that many battles, or q to quit",
        ));
    };
    if !prompts_name_options(&checker.text, first_prompt) {
        return Err(checker.rule(
            first_prompt,
            "the prompt names its three options: [Enter] to play another battle, a number to play that many battles, or q to quit",
        ));
    }
    // The initial hands may be shown twice; other hands before the prompt were played.
    if let Some(d) = displays
        .iter()
        .skip(1)
        .take_while(|d| checker.text.line_of(d.start) < first_prompt)
        .find(|d| d.hands != first.hands)
    {
        return Err(checker.rule(
            checker.text.line_of(d.start),
            "the initial hands are shown, then the prompt: no battle before the user asks",
        ));
    }
    if let Some((at, cards)) = broken_display(
        &checker.groups,
        first.end,
        checker.text.line_starts[first_prompt - 1],
    ) {
        return Err(checker.rule(checker.text.line_of(at), not_the_deck(&cards)));
    }

    let mut state = State::of(&first.hands);
    let mut quit = false;
    // The two readings of a number typed at the prompt: that many battles with their
    // wars (a), or as many as make it with the wars' battles counted among them (b).
    let (mut reading_a, mut reading_b, mut numbers_seen) = (true, true, false);
    // The first prompt after which nothing was shown although battles may have been
    // played (answers unknown): the summary's count tells.
    let mut silent: Option<usize> = None;
    let mut summary_from = 1;
    let mut answers = answers.map(|a| a.iter());
    // The last prompt and what was answered there: a game that ends unasked after an
    // answer known to ask for battles was stopped by the program.
    let mut last_answer: Option<(usize, Answer)> = None;
    for (i, &line) in prompts.iter().enumerate() {
        let from = checker.text.line_starts[line - 1];
        let next_line = prompts.get(i + 1).copied();
        let to = next_line.map_or(text.len(), |l| checker.text.line_starts[l - 1]);
        if let Some((end, short)) = &state.end {
            // A player who ran out in a battle may be found out at the next one: "a
            // player who must put down a card and has none loses", so a prompt may come
            // once more, as long as nothing is played after it.
            let unchanged = |d: &Display| {
                let shown = Checker::piles(d, checker.top_last.unwrap_or(false));
                let all = || {
                    shown[0]
                        .iter()
                        .chain(&shown[1])
                        .copied()
                        .collect::<Vec<_>>()
                };
                state.is(&shown)
                    || d.single
                        && (state.is(&[Vec::new(), all()]) || state.is(&[all(), Vec::new()]))
            };
            if !short
                && displays
                    .iter()
                    .filter(|d| d.start >= from && d.start < to)
                    .all(unchanged)
            {
                if let Some(given) = &mut answers {
                    given.next();
                }
                checker
                    .reading("the game found over at the prompt after a player ran out of cards");
                summary_from = displays
                    .iter()
                    .filter(|d| d.start >= from && d.start < to)
                    .map(|d| checker.text.line_of(d.end.saturating_sub(1)) + 1)
                    .fold(line + 1, usize::max);
                continue;
            }
            let why = match (end, short) {
                (_, true) => format!("{SHORT}, so the game is over"),
                (End::Won(seat), false) => format!(
                    "the game is played until one of the players runs out of cards: {} has none, so the game is over",
                    checker.names[1 - seat]
                ),
                (End::NoWinner, false) => {
                    "the game is over: both players ran out of cards".to_owned()
                }
            };
            return Err(checker.rule(
                line,
                format!("{why}: the winner and the numbers of battles and wars follow, no prompt"),
            ));
        }
        let answer = match &mut answers {
            Some(given) => given.next().map_or(Answer::Unknown, |a| read_answer(a)),
            None => {
                let echoed = checker
                    .text
                    .line(line)
                    .and_then(|t| t.get(prompt.trim_end().len()..))
                    .unwrap_or("")
                    .trim()
                    .to_owned();
                if !echoed.is_empty()
                    && !echoed.contains(char::is_whitespace)
                    && echoed.chars().count() <= 12
                    && prompt_exact(&checker.text, &prompts, &prompt)
                {
                    checker.reading("answers echoed after the prompt");
                    read_answer(&echoed)
                } else {
                    Answer::Unknown
                }
            }
        };
        last_answer = Some((line, answer.clone()));
        let max = match answer {
            Answer::Enter => 1,
            Answer::Number(n) => usize::try_from(n).unwrap_or(MAX_ROUNDS).min(MAX_ROUNDS),
            Answer::Quit => 1,
            Answer::Other(_) | Answer::Unknown => MAX_ROUNDS,
        };
        let (start_rounds, start_battles) = (state.rounds, state.battles);
        let segment: Vec<&Display> = {
            let first = displays.partition_point(|d| d.start < from);
            let last = displays.partition_point(|d| d.start < to).max(first);
            displays[first..last].iter().collect()
        };
        let mut last_end = from;
        for display in &segment {
            if state.end.is_none()
                && let Some((at, cards)) = broken_display(&checker.groups, last_end, display.start)
            {
                return Err(checker.rule(checker.text.line_of(at), not_the_deck(&cards)));
            }
            last_end = display.end;
            let dline = checker.text.line_of(display.start);
            checker.counts_shown(display)?;
            let orientations = match checker.top_last {
                Some(t) => vec![t],
                None => vec![false, true],
            };
            let mut found = None;
            let mut lost_track = false;
            // One battle first, either end the top: what most screens show; only then
            // more battles between two displays.
            let tries = orientations
                .iter()
                .map(|&t| (t, 1))
                .chain(orientations.iter().map(|&t| (t, max)))
                .filter(|&(_, m)| m >= 1);
            'search: for (top_last, max) in tries {
                // Until the battles show which end is the top, the piles are as the
                // first hands list them: read them the same way as this display.
                let mut base = state.clone();
                if checker.top_last.is_none() && top_last {
                    for pile in &mut base.piles {
                        pile.known.make_contiguous().reverse();
                    }
                }
                let state = &base;
                let shown = Checker::piles(display, top_last);
                let candidates = if display.single {
                    let all = shown[0].clone();
                    vec![[all.clone(), Vec::new()], [Vec::new(), all]]
                } else {
                    vec![shown]
                };
                for shown in candidates {
                    // The same hands again (after a refused answer) play nothing.
                    if state.end.is_none() && state.is(&shown) {
                        found = Some((top_last, None));
                        break 'search;
                    }
                    match checker.follow(state, &shown, max) {
                        Ok(Some((after, guessed))) => {
                            if guessed && checker.guessed.is_none() {
                                checker.guessed = Some(dline);
                            }
                            found = Some((top_last, Some((after, shown))));
                            break 'search;
                        }
                        Ok(None) => {}
                        Err(()) => lost_track = true,
                    }
                }
            }
            let Some((top_last, after)) = found else {
                if lost_track && matches!(answer, Answer::Number(_)) {
                    return Err(checker.unreadable(
                        dline,
                        "the hands after these battles: won cards came back into play in an order no hands showed, too many ways to follow",
                    ));
                }
                let shown = Checker::piles(display, checker.top_last.unwrap_or(false));
                let why = checker.diagnose(&state, &shown);
                return Err(checker.rule(
                    dline,
                    format!(
                        "{why}; the hands before: {}",
                        hands_before(&checker, &state)
                    ),
                ));
            };
            if let Some((after, shown)) = after {
                if checker.top_last.is_none() {
                    checker.top_last = Some(top_last);
                    checker.reading(if top_last {
                        "piles listed top last"
                    } else {
                        "piles listed top first"
                    });
                }
                if answer == Answer::Enter && after.rounds - start_rounds > 1 {
                    return Err(checker.rule(
                        dline,
                        "[Enter] plays one battle (with the wars it sets off), then the hands are shown",
                    ));
                }
                if answer == Answer::Quit {
                    return Err(checker.rule(
                        dline,
                        "q quits the game: no battle is played, the summary follows",
                    ));
                }
                state = after;
                // From here the hands shown are the piles (after a war cut short, where
                // the table's cards went is not checked).
                state.piles = [Pile::of(&shown[0]), Pile::of(&shown[1])];
            }
        }
        if state.end.as_ref().is_none_or(|(_, short)| !short)
            && let Some((at, cards)) = broken_display(&checker.groups, last_end, to)
        {
            return Err(checker.rule(checker.text.line_of(at), not_the_deck(&cards)));
        }
        let rounds = state.rounds - start_rounds;
        let comparisons = state.battles - start_battles;
        if rounds == 0 && next_line.is_none() && matches!(answer, Answer::Enter | Answer::Number(_))
        {
            silent = silent.or(Some(line));
        }
        match &answer {
            Answer::Quit => {
                if let Some(next) = next_line {
                    return Err(checker.rule(
                        next,
                        "q quits the game: the winner, if any, and the numbers of battles and wars follow, no prompt",
                    ));
                }
                quit = true;
            }
            Answer::Enter => {
                // After the last prompt the battle may end the game, its hands unshown:
                // the summary tells (below).
                if rounds == 0 && next_line.is_some() {
                    return Err(checker.unreadable(
                        next_line.unwrap_or(end_line),
                        "no hands shown after the battle: after a battle, Game shows the updated hands (both players' cards)",
                    ));
                }
            }
            Answer::Number(n) => {
                numbers_seen = true;
                if rounds == 0 && next_line.is_some() {
                    return Err(checker.unreadable(
                        next_line.unwrap_or(end_line),
                        "no hands shown after the battles a number played: Game shows the updated hands",
                    ));
                }
                let n = *n;
                // After the last prompt, fewer battles shown than asked may be the
                // battle that ends the game with its hands unshown: the summary tells
                // (below), as after Enter.
                let cut_by_the_end = next_line.is_none() && rounds < n;
                if state.end.is_none() && rounds > 0 && !cut_by_the_end {
                    reading_a &= rounds == n;
                    reading_b &= comparisons >= n && comparisons - state.last < n;
                    if !reading_a && !reading_b {
                        return Err(checker.rule(
                            next_line.unwrap_or(end_line),
                            format!(
                                "a number plays that many battles (here {n}) with their wars, or as many as make {n} with the wars' battles counted among them: the hands show {rounds} battles played, {comparisons} with the wars' battles"
                            ),
                        ));
                    }
                }
                if segment.len() == 1 && rounds > 1 {
                    checker.reading("hands shown once after the battles a number plays");
                }
            }
            Answer::Other(_) | Answer::Unknown => {
                if segment.len() == 1 && rounds > 1 {
                    checker.reading("hands shown once after the battles a number plays");
                }
                if rounds == 0 && next_line.is_some() {
                    if let Answer::Other(given) = &answer {
                        checker.reading(&format!(
                            "answers the text does not name (such as `{}`) refused",
                            cards_core::input::quoted(given)
                        ));
                    } else if silent.is_none() {
                        silent = Some(line);
                    }
                }
            }
        }
        summary_from = segment
            .last()
            .map_or(line + 1, |d| {
                checker.text.line_of(d.end.saturating_sub(1)) + 1
            })
            .max(line + 1);
    }
    if numbers_seen {
        checker.reading(if reading_a {
            "a number plays that many battles with their wars"
        } else {
            "a number counts the wars' battles among its battles"
        });
    }
    // The summary.
    let lines: Vec<(usize, &str)> = (summary_from..=last_line)
        .filter_map(|l| checker.text.line(l).map(|t| (l, t)))
        .collect();
    if state.end.is_none()
        && !quit
        && let Some((_, battles)) = summary_number(&lines, "battle")
        && battles > state.battles
    {
        // The last battles may end the game without hands shown after them (the text
        // asks for the hands before the prompt, and no prompt follows the end): play on
        // to an end with the summary's counts.
        let wars = summary_number(&lines, "war").map(|(_, w)| w);
        if let Some(end) = play_to_the_end(&state, battles, wars) {
            state = end;
            checker.reading("no hands shown after the battle that ends the game");
        }
    }
    if state.end.is_none() {
        // Answers known (a grader typed them), the last one asking for battles: the
        // input did not end there, so only the program can have stopped the game.
        if let Some((line, asked @ (Answer::Enter | Answer::Number(_)))) = &last_answer
            && answers.is_some()
        {
            let typed = match asked {
                Answer::Number(n) => format!("`{n}`"),
                _ => "Enter".to_owned(),
            };
            let at = summary_number(&lines, "battle").map_or(end_line, |(l, _)| l);
            return Err(checker.rule(
                at,
                format!(
                    "the game goes on until a player runs out of cards; only q ends the game before (the answer at line {line} was {typed}, and both players still hold cards)"
                ),
            ));
        }
        quit = true;
    }
    let ask = "once the game ends or is quitted, Game prints the final winner, if any, the number of battles fought, and the number of wars fought";
    let Some((bline, battles)) = summary_number(&lines, "battle") else {
        return Err(checker.rule(
            end_line,
            format!("{ask}: no line names the battles fought with their number"),
        ));
    };
    let Some((wline, wars)) = summary_number(&lines, "war") else {
        return Err(checker.rule(
            end_line,
            format!("{ask}: no line names the wars fought with their number"),
        ));
    };
    let war_battles = state.wars - short_wars(&state);
    if battles != state.battles {
        if let Some(at) = silent
            && battles > state.battles
        {
            return Err(checker.unreadable(
                at,
                format!("no hands shown after the battles played at this prompt (the summary counts {battles} battles, the hands shown {})", state.battles),
            ));
        }
        let cut_short = matches!(state.end, Some((_, true)));
        let why = if cut_short && battles == state.battles + 1 {
            format!("a war cut short is a war but no battle: {SHORT}")
        } else if battles + war_battles == state.battles && war_battles > 0 {
            "a war's deciding comparison (the fourth cards) counts as a battle too".to_owned()
        } else {
            "the battles fought, a war's deciding comparison included".to_owned()
        };
        return Err(checker.rule(
            bline,
            format!("{why}; the hands shown make {} battles", state.battles),
        ));
    }
    if wars != state.wars {
        return Err(checker.rule(
            wline,
            format!(
                "the wars fought, every war of a chain included: the hands shown make {} wars",
                state.wars
            ),
        ));
    }
    let winner = match &state.end {
        Some((End::Won(seat), _)) => Some(*seat),
        _ => None,
    };
    let names = [
        checker.names[0].to_lowercase(),
        checker.names[1].to_lowercase(),
    ];
    let claimed: Vec<(usize, usize)> = lines
        .iter()
        .filter_map(|&(l, t)| claimed_winner(t, &names).map(|seat| (l, seat)))
        .collect();
    match (winner, quit) {
        (Some(seat), false) => {
            if !claimed.iter().any(|&(_, s)| s == seat) {
                let line = claimed.last().map_or(end_line, |&(l, _)| l);
                return Err(checker.rule(
                    line,
                    format!(
                        "{ask}: {} won (the other ran out of cards), on a line that says \"win\"",
                        checker.names[seat]
                    ),
                ));
            }
        }
        _ => {
            let more = match state.piles[0].len().cmp(&state.piles[1].len()) {
                std::cmp::Ordering::Greater => Some(0),
                std::cmp::Ordering::Less => Some(1),
                std::cmp::Ordering::Equal => None,
            };
            if let Some(&(l, s)) = claimed.last() {
                if quit && Some(s) == more {
                    checker.reading("the player with more cards named the winner at q");
                } else {
                    return Err(checker.rule(
                        l,
                        format!(
                            "{ask}: nobody won this game, yet {} is named the winner",
                            checker.names[s]
                        ),
                    ));
                }
            }
        }
    }
    Ok(Checked {
        winner: winner.filter(|_| !quit).map(|s| checker.names[s].clone()),
        quit,
        battles: state.battles,
        wars: state.wars,
        lines: last_line,
        readings: checker.readings,
    })
}

/// The player a summary line names the winner: the name nearest the word "win" on a
/// line that says it (`Player 2 wins!`, `Winner: Bob`, `Player 1 is out, Player 2
/// wins`), unless the line says nobody won.
fn claimed_winner(line: &str, names: &[String; 2]) -> Option<usize> {
    let lower = line.to_lowercase();
    let wins: Vec<usize> = lower.match_indices("win").map(|(at, _)| at).collect();
    if wins.is_empty()
        || ["no win", "nobody", "no one", "neither"]
            .iter()
            .any(|none| lower.contains(none))
    {
        return None;
    }
    let mut best: Option<(usize, usize)> = None;
    for (seat, name) in names.iter().enumerate() {
        for (at, _) in lower.match_indices(name.as_str()) {
            let end = at + name.len();
            let after = lower[end..].chars().next();
            if after.is_some_and(char::is_alphanumeric) {
                continue;
            }
            for &win in &wins {
                let distance = if win >= end {
                    win - end
                } else {
                    at.saturating_sub(win)
                };
                if best.is_none_or(|(d, _)| distance < d) {
                    best = Some((distance, seat));
                }
            }
        }
    }
    best.map(|(_, seat)| seat)
}

/// A game played on from `state` to an end after `battles` battles and `wars` wars
/// (where the summary gives them), within the search's budget.
fn play_to_the_end(state: &State, battles: u64, wars: Option<u64>) -> Option<State> {
    let mut budget = Budget::new(SEARCH_BUDGET);
    let mut frontier = vec![state.clone()];
    while !frontier.is_empty() && !budget.cut {
        let mut next = Vec::new();
        for s in &frontier {
            for after in s.round(&mut budget) {
                if after.end.is_some() {
                    if after.battles == battles && wars.is_none_or(|w| after.wars == w) {
                        return Some(after);
                    }
                } else if after.battles < battles {
                    next.push(after);
                }
            }
        }
        frontier = next;
    }
    None
}

/// Wars cut short (counted as wars, not battles).
fn short_wars(state: &State) -> u64 {
    u64::from(matches!(state.end, Some((_, true))) && state.wars > 0)
}

fn hands_before(checker: &Checker<'_>, state: &State) -> String {
    let pile = |p: usize| -> String {
        let cards: Vec<Card> = state.piles[p].known.iter().take(6).copied().collect();
        let more = if state.piles[p].len() > 6 { " …" } else { "" };
        format!("{} {}{more}", checker.names[p], show(&cards))
    };
    format!("{}; {} (top first)", pile(0), pile(1))
}

/// The longest common start of the lines, cut after its last `>`, `:`, `?` or `]`
/// unless one line is exactly it (a prompt no answer follows).
fn common_prefix(lines: &[&str]) -> String {
    let Some(first) = lines.first() else {
        return String::new();
    };
    let mut len = first.len();
    for line in lines {
        len = first
            .char_indices()
            .zip(line.chars())
            .take_while(|((_, a), b)| a == b)
            .last()
            .map_or(0, |((at, a), _)| at + a.len_utf8())
            .min(len);
    }
    let prefix = &first[..len];
    if lines.iter().any(|l| l.trim_end() == prefix.trim_end()) {
        return prefix.to_owned();
    }
    match prefix.rfind(['>', ':', '?', ']']) {
        Some(at) => prefix[..=at].to_owned(),
        None => prefix.trim_end_matches(char::is_alphanumeric).to_owned(),
    }
}

/// Whether the prompt's own text is known (some prompt line is exactly it), so that what
/// follows it on a line is an echoed answer.
fn prompt_exact(text: &Text<'_>, prompts: &[usize], prompt: &str) -> bool {
    prompts.len() > 1
        && prompts.iter().any(|&l| {
            text.line(l)
                .is_some_and(|t| t.trim_end() == prompt.trim_end())
        })
}

/// Whether the prompt (its line and the lines around it) names q and a number.
fn prompts_name_options(text: &Text<'_>, line: usize) -> bool {
    let block: String = (line.saturating_sub(2).max(1)..=line + 3)
        .filter_map(|l| text.line(l))
        .collect::<Vec<_>>()
        .join("\n");
    let q = names_word(&block, "q") || names_word(&block, "quit");
    let number = names_word(&block, "number")
        || names_word(&block, "n")
        || names_word(&block, "#")
        || block.contains(|c: char| c.is_ascii_digit());
    q && number
}

#[cfg(test)]
mod tests {
    //! Hand-worked games: the decks below were laid out by hand so that each battle's
    //! outcome is known without playing it (the comments say why), and each transcript
    //! moves the cards as the rules say, written out card by card.
    use super::*;
    use cards_core::rng::below;
    use pretty_assertions::assert_eq;

    const PROMPT: &str = "Enter: one battle, a number: that many, q: quit > ";

    /// Deck A, top first. Battle 1: AS beats 5D (aces high). Battle 2: 8D ties 8H, a
    /// war: 2C 3C 4C QC against 2H 3H 6S QD, the fourth cards QC and QD tie, a second
    /// war: 5C 6C 7C KC against 5H 6H 7H 3S, KC beats 3S and Player 1 takes 18 cards.
    /// Battle 3: 9C beats 4S.
    const A1: &str =
        "AS 8D 2C 3C 4C QC 5C 6C 7C KC 9C 10C JC 8C AC 2D 3D 4D 6D 7D 9D 10D JD KD AD 4H";
    const A2: &str =
        "5D 8H 2H 3H 6S QD 5H 6H 7H 3S 4S 10H JH 9H QH KH AH 2S 5S 7S 8S 9S 10S JS QS KS";

    /// Deck B, top first: Player 1 wins three battles (kings against 2s); then every
    /// compared card ties (3C 3H, then the fourth cards 4C 4H, 5C 5H, 6C 6H, 7C 7H, 9C
    /// 9S): five wars are laid in full, and at the sixth Player 2 holds only JH QH, two
    /// cards for a war of four, and is out. 3 + 1 + 5 = 9 battles, 6 wars.
    const B1: &str =
        "KS KH KD 3C 2C 4D 5D 4C 6D 7D 8D 5C 9D 10D JD 6C QD AD AC 7C 8C 10C JC 9C QC QS";
    const B2: &str =
        "2S 2H 2D 3H 3S 3D 4S 4H 5S 6S 7S 5H 8S KC 10S 6H JS AS AH 7H 8H 9H 10H 9S JH QH";

    fn cards(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_owned).collect()
    }

    /// The piles after a battle: each loses its first `played` cards; the winner puts
    /// `won` (the table, in the order chosen) at the bottom.
    fn after(
        piles: &[Vec<String>; 2],
        played: usize,
        winner: usize,
        won: &str,
    ) -> [Vec<String>; 2] {
        let mut next = [piles[0][played..].to_vec(), piles[1][played..].to_vec()];
        next[winner].extend(cards(won));
        next
    }

    fn hands(piles: &[Vec<String>; 2]) -> String {
        let hand = |p: usize| {
            let n = piles[p].len();
            let plural = if n == 1 { "card" } else { "cards" };
            if n == 0 {
                format!("Player {} (0 cards)\n", p + 1)
            } else {
                format!("Player {} ({n} {plural}): {}\n", p + 1, piles[p].join(" "))
            }
        };
        hand(0) + &hand(1)
    }

    fn summary(winner: &str, battles: u64, wars: u64) -> String {
        format!("\n{winner}\nBattles fought: {battles}\nWars fought: {wars}\n")
    }

    fn answers(list: &[&str]) -> Vec<String> {
        list.iter().map(|a| (*a).to_owned()).collect()
    }

    fn deck_a() -> [Vec<String>; 2] {
        [cards(A1), cards(A2)]
    }

    /// The three battles of deck A, worked by hand.
    fn deck_a_battles() -> Vec<[Vec<String>; 2]> {
        let one = after(&deck_a(), 1, 0, "5D AS");
        let two = after(
            &one,
            9,
            0,
            "8D 8H 2C 3C 4C QC 2H 3H 6S QD 5C 6C 7C KC 5H 6H 7H 3S",
        );
        let three = after(&two, 1, 0, "4S 9C");
        vec![one, two, three]
    }

    /// Captured output of deck A: the initial hands, `rounds` battles with Enter, q.
    fn enter_game(rounds: usize, end: &str) -> String {
        let mut text = format!("Initial hands:\n{}", hands(&deck_a()));
        for piles in deck_a_battles().iter().take(rounds) {
            text += PROMPT;
            text += "Battle!\n";
            text += &hands(piles);
        }
        text + PROMPT + end
    }

    fn broken(result: Result<Checked, Violation>) -> (usize, String) {
        match result {
            Err(Violation {
                line,
                problem: Problem::Rule(rule),
                ..
            }) => (line, rule),
            other => panic!("not a broken rule: {other:?}"),
        }
    }

    #[test]
    fn a_battle_and_a_chain_of_wars_pass_with_or_without_the_answers() {
        let text = enter_game(3, &summary("No winner: the game was quit.", 5, 2));
        let given = answers(&["", "", "", "q"]);
        for answers in [Some(given.as_slice()), None] {
            let checked = check(&text, answers).unwrap_or_else(|v| panic!("{v}"));
            assert_eq!((checked.battles, checked.wars, checked.quit), (5, 2, true));
            assert_eq!(checked.winner, None);
        }
    }

    #[test]
    fn the_higher_card_takes_both() {
        let wrong = after(&deck_a(), 1, 1, "AS 5D");
        let text = format!(
            "{}{PROMPT}\n{}{PROMPT}{}",
            hands(&deck_a()),
            hands(&wrong),
            summary("", 1, 0)
        );
        let (line, rule) = broken(check(&text, None));
        assert_eq!(line, 4);
        assert!(
            rule.starts_with(
                "AS is higher than 5D: the higher card takes both: aces are the highest"
            ),
            "{rule}"
        );
    }

    #[test]
    fn a_tie_is_a_war_of_four_cards_each() {
        let one = after(&deck_a(), 1, 0, "5D AS");
        // The tie 8D 8H taken as a battle by Player 2, as if suits decided.
        let no_war = after(&one, 1, 1, "8D 8H");
        // A war of three cards each: 2C 3C 4C against 2H 3H 6S, 4C below 6S.
        let three = after(&one, 4, 1, "8D 8H 2C 3C 4C 2H 3H 6S");
        for (wrong, want) in [
            (no_war, "8D and 8H have the same value: a tie starts a war"),
            (three, "a tie starts a war: each player takes four cards"),
        ] {
            let text = format!(
                "{}{PROMPT}\n{}{PROMPT}\n{}{PROMPT}{}",
                hands(&deck_a()),
                hands(&one),
                hands(&wrong),
                summary("", 2, 1)
            );
            let (line, rule) = broken(check(&text, None));
            assert_eq!(line, 7);
            assert!(rule.starts_with(want), "{rule}");
        }
    }

    #[test]
    fn every_war_of_a_chain_counts_and_its_deciding_comparison_is_a_battle() {
        let text = enter_game(3, &summary("", 5, 1));
        let (_, rule) = broken(check(&text, None));
        assert!(
            rule.starts_with(
                "the wars fought, every war of a chain included: the hands shown make 2 wars"
            ),
            "{rule}"
        );
        let text = enter_game(3, &summary("", 3, 2));
        let (_, rule) = broken(check(&text, None));
        assert!(
            rule.starts_with(
                "a war's deciding comparison (the fourth cards) counts as a battle too"
            ),
            "{rule}"
        );
    }

    #[test]
    fn cards_lost_in_a_battle_are_named() {
        let wrong = after(&deck_a(), 1, 0, "AS");
        let text = format!(
            "{}{PROMPT}\n{}{PROMPT}{}",
            hands(&deck_a()),
            hands(&wrong),
            summary("", 1, 0)
        );
        let (line, rule) = broken(check(&text, None));
        assert_eq!(line, 4);
        assert!(
            rule.starts_with("the hands show 51 cards, without 5D: the 52 cards stay in the game"),
            "{rule}"
        );
    }

    fn deck_b_game(after_short: &str) -> String {
        let b = [cards(B1), cards(B2)];
        let one = after(&b, 1, 0, "KS 2S");
        let two = after(&one, 1, 0, "KH 2H");
        let three = after(&two, 1, 0, "KD 2D");
        // Player 1 holds QC QS and the six won cards, and lays QC QS KS 2S in the short
        // war: KH 2H KD 2D are left; the table (2 + 5 × 8 laid in full, and 4 + 2 of the
        // short war) goes to Player 1, here at the bottom.
        let mut p1 = cards("KH 2H KD 2D");
        p1.extend(cards(B1)[3..26].iter().cloned());
        p1.extend(cards("KS 2S"));
        p1.extend(cards(B2)[3..26].iter().cloned());
        let last = [p1, Vec::new()];
        let mut text = hands(&b);
        for piles in [&one, &two, &three, &last] {
            text += PROMPT;
            text += "\n";
            text += &hands(piles);
        }
        text + after_short
    }

    #[test]
    fn a_player_short_of_cards_at_a_war_loses_at_once() {
        let text = deck_b_game(&summary("Player 1 wins the game!", 9, 6));
        let checked =
            check(&text, Some(&answers(&["", "", "", ""]))).unwrap_or_else(|v| panic!("{v}"));
        assert_eq!(checked.winner.as_deref(), Some("Player 1"));
        assert_eq!((checked.battles, checked.wars, checked.quit), (9, 6, false));
        // A prompt after the short war: the game went on.
        let text = deck_b_game(&format!(
            "{PROMPT}{}",
            summary("Player 1 wins the game!", 9, 6)
        ));
        let (_, rule) = broken(check(&text, None));
        assert!(rule.starts_with(SHORT), "{rule}");
        // The short war counted as a battle.
        let text = deck_b_game(&summary("Player 1 wins the game!", 10, 6));
        let (_, rule) = broken(check(&text, None));
        assert!(
            rule.starts_with("a war cut short is a war but no battle"),
            "{rule}"
        );
        // The wrong winner named.
        let text = deck_b_game(&summary("Player 2 wins the game!", 9, 6));
        let (_, rule) = broken(check(&text, None));
        assert!(rule.contains("Player 1 won"), "{rule}");
    }

    #[test]
    fn a_number_plays_that_many_battles_in_either_reading() {
        let battles = deck_a_battles();
        let each = format!(
            "{}{PROMPT}3\n{}{}{}{PROMPT}q{}",
            hands(&deck_a()),
            hands(&battles[0]),
            hands(&battles[1]),
            hands(&battles[2]),
            summary("", 5, 2)
        );
        let checked = check(&each, Some(&answers(&["3", "q"]))).unwrap_or_else(|v| panic!("{v}"));
        assert!(
            checked
                .readings
                .contains(&"a number plays that many battles with their wars".to_owned())
        );
        // The hands once, after the three battles.
        let once = format!(
            "{}{PROMPT}3\n{}{PROMPT}q{}",
            hands(&deck_a()),
            hands(&battles[2]),
            summary("", 5, 2)
        );
        let checked = check(&once, Some(&answers(&["3", "q"]))).unwrap_or_else(|v| panic!("{v}"));
        assert!(
            checked
                .readings
                .contains(&"hands shown once after the battles a number plays".to_owned())
        );
        // 4 typed, two battles played: 1 + 3 comparisons make 4 (the wars' battles
        // counted among the number).
        let four = format!(
            "{}{PROMPT}\n{}{}{PROMPT}{}",
            hands(&deck_a()),
            hands(&battles[0]),
            hands(&battles[1]),
            summary("", 4, 2)
        );
        let checked = check(&four, Some(&answers(&["4", "q"]))).unwrap_or_else(|v| panic!("{v}"));
        assert!(
            checked
                .readings
                .contains(&"a number counts the wars' battles among its battles".to_owned())
        );
        // 5 typed, the same two battles: neither reading.
        let (_, rule) = broken(check(&four, Some(&answers(&["5", "q"]))));
        assert!(
            rule.starts_with("a number plays that many battles (here 5)"),
            "{rule}"
        );
    }

    #[test]
    fn enter_plays_one_battle_and_q_quits() {
        // Enter answered by two battles.
        let battles = deck_a_battles();
        let two = format!(
            "{}{PROMPT}\n{}{}{PROMPT}{}",
            hands(&deck_a()),
            hands(&battles[0]),
            hands(&battles[1]),
            summary("", 4, 2)
        );
        let (line, rule) = broken(check(&two, Some(&answers(&["", "q"]))));
        assert_eq!(line, 6);
        assert!(rule.starts_with("[Enter] plays one battle"), "{rule}");
        // q at once: no battle, no war.
        let quit = format!(
            "{}{PROMPT}{}",
            hands(&deck_a()),
            summary("No winner.", 0, 0)
        );
        let checked = check(&quit, Some(&answers(&["q"]))).unwrap_or_else(|v| panic!("{v}"));
        assert_eq!((checked.battles, checked.wars, checked.quit), (0, 0, true));
        // q answered by another prompt.
        let again = format!(
            "{}{PROMPT}\n{PROMPT}{}",
            hands(&deck_a()),
            summary("", 0, 0)
        );
        let (line, rule) = broken(check(&again, Some(&answers(&["q", "q"]))));
        assert_eq!(line, 4);
        assert!(rule.starts_with("q quits the game"), "{rule}");
    }

    #[test]
    fn hands_missing_after_a_battle_are_unreadable_not_a_rule() {
        let text = format!(
            "{}{PROMPT}Battle 1: Player 1 plays AS, Player 2 plays 5D.\n{PROMPT}{}",
            hands(&deck_a()),
            summary("", 1, 0)
        );
        let violation =
            check(&text, Some(&answers(&["", "q"]))).expect_err("no hands after the battle");
        assert!(!violation.is_rule());
        assert_eq!(violation.line, 4);
        assert!(
            violation
                .to_string()
                .starts_with("line 4: could not read: no hands shown after the battle"),
            "{violation}"
        );
        // Without the answers, the summary's count tells.
        let violation = check(&text, None).expect_err("no hands after the battle");
        assert!(!violation.is_rule(), "{violation}");
    }

    /// Cards in words, one a line, piles top last, names of the program's own, the
    /// summary on one line: the another-design variant's screen.
    #[test]
    fn cards_in_words_and_piles_listed_top_last_pass() {
        let word = |code: &String| {
            let (rank, suit) = code.split_at(code.len() - 1);
            let rank = match rank {
                "J" => "Jack",
                "Q" => "Queen",
                "K" => "King",
                "A" => "Ace",
                other => other,
            };
            let suit = match suit {
                "C" => "Clubs",
                "D" => "Diamonds",
                "H" => "Hearts",
                _ => "Spades",
            };
            format!("  {rank} of {suit}\n")
        };
        let show = |piles: &[Vec<String>; 2]| {
            let mut text = String::new();
            for (name, pile) in ["Alice", "Bob"].iter().zip(piles) {
                text += &format!("{name} has {} cards:\n", pile.len());
                text.extend(pile.iter().rev().map(word));
            }
            text
        };
        let options =
            "Options:\n  [Enter]  fight one battle\n  <n>      fight n battles\n  q        quit\n";
        let battles = deck_a_battles();
        let text = format!(
            "{}{options}{}{options}{}{options}The game lasted 4 battles, with 2 wars.\nNobody won.\n",
            show(&deck_a()),
            show(&battles[0]),
            show(&battles[1])
        );
        let checked = check(&text, None).unwrap_or_else(|v| panic!("{v}"));
        assert_eq!((checked.battles, checked.wars), (4, 2));
        assert!(
            checked
                .readings
                .contains(&"piles listed top last".to_owned())
        );
    }

    #[test]
    fn a_transcript_without_hands_is_unreadable() {
        let violation = check("Welcome to War!\n", None).expect_err("no hands");
        assert!(!violation.is_rule());
        assert!(
            violation
                .to_string()
                .starts_with("line 1: could not read: no initial hands"),
            "{violation}"
        );
    }

    #[test]
    fn the_winner_is_the_name_nearest_the_word_win() {
        let names = ["player 1".to_owned(), "player 2".to_owned()];
        assert_eq!(
            claimed_winner("Player 1 has no cards left. Player 2 wins!", &names),
            Some(1)
        );
        assert_eq!(claimed_winner("The winner is Player 1", &names), Some(0));
        assert_eq!(
            claimed_winner("No winner: Player 1 and Player 2 ran out of cards", &names),
            None
        );
        assert_eq!(claimed_winner("Player 12 plays", &names), None);
        let names = ["alice".to_owned(), "bob".to_owned()];
        assert_eq!(claimed_winner("Winner: Bob", &names), Some(1));
        assert_eq!(claimed_winner("Nobody won.", &names), None);
    }

    /// Each way the War kit reads a card's `toString` names the same card here.
    #[test]
    fn a_card_is_read_in_every_form_the_kit_reads() {
        let read = |text: &str| -> Vec<String> {
            tokens(text).iter().map(|t| t.card.to_string()).collect()
        };
        for text in [
            "QH",
            "12H",
            "HQ",
            "H12",
            "Q♥",
            "♥Q",
            "Queen of Hearts",
            "queen of hearts",
            "Queen Hearts",
            "Q-Hearts",
            "Q of ♥",
            "QUEEN OF HEARTS",
        ] {
            assert_eq!(read(text), ["QH"], "{text}");
        }
        for text in ["10S", "TS", "S10", "Ten of Spades", "10 of Spades", "10♠"] {
            assert_eq!(read(text), ["10S"], "{text}");
        }
        for text in ["AC", "1C", "14C", "CA", "Ace of Clubs"] {
            assert_eq!(read(text), ["AC"], "{text}");
        }
        assert_eq!(read("Deuce of Diamonds, 2D"), ["2D", "2D"]);
        // Not cards: the words and numbers around them.
        assert_eq!(
            read("Battle 14: Player 1 (26 cards) has 3 wars; as THE q: quit, T of Hearts, HAS"),
            Vec::<String>::new()
        );
    }

    /// Deck C: Player 1 holds the 26 highest cards, each above Player 2's card in the
    /// same place (both listed from aces down), so Player 1 wins 26 battles in a row and
    /// Player 2, out of cards, loses; no war.
    fn deck_c_game(after_last: &str) -> String {
        let p1 = cards(
            "AC AD AH AS KC KD KH KS QC QD QH QS JC JD JH JS 10C 10D 10H 10S 9C 9D 9H 9S 8C 8D",
        );
        let p2 =
            cards("8H 8S 7C 7D 7H 7S 6C 6D 6H 6S 5C 5D 5H 5S 4C 4D 4H 4S 3C 3D 3H 3S 2C 2D 2H 2S");
        let mut piles = [p1.clone(), p2.clone()];
        let mut text = hands(&piles);
        for (a, b) in p1.iter().zip(&p2) {
            piles = after(&piles, 1, 0, &format!("{a} {b}"));
            text += PROMPT;
            text += "\n";
            text += &hands(&piles);
        }
        text + after_last
    }

    #[test]
    fn a_game_may_end_at_once_or_at_the_prompt_after_a_player_ran_out() {
        let end = summary("Player 1 wins the game!", 26, 0);
        let checked = check(&deck_c_game(&end), None).unwrap_or_else(|v| panic!("{v}"));
        assert_eq!(checked.winner.as_deref(), Some("Player 1"));
        assert_eq!(
            (checked.battles, checked.wars, checked.quit),
            (26, 0, false)
        );
        // One prompt more, at which the program finds Player 2 without a card.
        let text = deck_c_game(&format!("{PROMPT}{end}"));
        let checked = check(&text, None).unwrap_or_else(|v| panic!("{v}"));
        assert_eq!(checked.battles, 26);
        assert!(
            checked
                .readings
                .iter()
                .any(|r| r.starts_with("the game found over at the prompt"))
        );
        // The winner must be the one with the cards.
        let text = deck_c_game(&summary("Player 2 wins the game!", 26, 0));
        let (_, rule) = broken(check(&text, None));
        assert!(rule.contains("Player 1 won"), "{rule}");
    }

    #[test]
    fn after_a_war_cut_short_the_tables_cards_may_go_anywhere() {
        // Deck B's end with the table's 46 cards on top of Player 1's pile, not under it.
        let text = deck_b_game(&summary("Player 1 wins the game!", 9, 6));
        let moved: Vec<String> = text
            .lines()
            .map(
                |line| match line.strip_prefix("Player 1 (52 cards): KH 2H KD 2D ") {
                    Some(rest) => format!("Player 1 (52 cards): {rest} KH 2H KD 2D"),
                    None => line.to_owned(),
                },
            )
            .collect();
        let moved = moved.join("\n") + "\n";
        assert_ne!(moved, text);
        let checked = check(&moved, None).unwrap_or_else(|v| panic!("{v}"));
        assert_eq!(checked.winner.as_deref(), Some("Player 1"));
    }

    #[test]
    fn an_answer_the_text_does_not_name_may_be_refused() {
        let battles = deck_a_battles();
        let text = format!(
            "{}{PROMPT}maybe\nPlease press Enter, a number or q.\n{PROMPT}\n{}{PROMPT}q\n{}",
            hands(&deck_a()),
            hands(&battles[0]),
            summary("No winner.", 1, 0)
        );
        let checked =
            check(&text, Some(&answers(&["maybe", "", "q"]))).unwrap_or_else(|v| panic!("{v}"));
        assert_eq!(checked.battles, 1);
        assert!(
            checked
                .readings
                .contains(&"answers the text does not name (such as `maybe`) refused".to_owned())
        );
        // Read from the terminal session alone: the echoed answers.
        let checked = check(&text, None).unwrap_or_else(|v| panic!("{v}"));
        assert_eq!(checked.battles, 1);
    }

    #[test]
    fn the_initial_hands_may_be_shown_twice_but_no_battle_comes_before_the_prompt() {
        let twice = format!(
            "{}Your hands again:\n{}{PROMPT}q\n{}",
            hands(&deck_a()),
            hands(&deck_a()),
            summary("", 0, 0)
        );
        check(&twice, None).unwrap_or_else(|v| panic!("{v}"));
        let played = format!(
            "{}{}{PROMPT}q\n{}",
            hands(&deck_a()),
            hands(&deck_a_battles()[0]),
            summary("", 1, 0)
        );
        let (line, rule) = broken(check(&played, None));
        assert_eq!(line, 3);
        assert!(rule.contains("no battle before the user asks"), "{rule}");
    }

    /// Hands shown once after 40 battles that no game from the deal reaches: the search
    /// meets won cards coming back in orders no hands showed, and stops at its bound.
    #[test]
    fn a_search_through_unshown_orders_is_bounded() {
        let swapped = [cards(A2), cards(A1)];
        let text = format!(
            "{}{PROMPT}40\n{}{PROMPT}q\n{}",
            hands(&deck_a()),
            hands(&swapped),
            summary("", 40, 0)
        );
        let violation = check(&text, Some(&answers(&["40", "q"]))).expect_err("not reachable");
        assert_eq!(violation.line, 4, "{violation}");
        assert!(!violation.is_rule(), "{violation}");
    }

    /// A War game as the kit's solution plays it, written here apart from the checker:
    /// piles top first, the table shuffled into the winner's pile, a player short at a
    /// war out at once. `once`: the hands shown once after the battles a number plays
    /// (a reading the text allows) rather than after each.
    struct Played {
        piles: [VecDeque<(u8, char)>; 2],
        battles: u64,
        wars: u64,
        winner: Option<Option<usize>>,
        text: String,
        answers: Vec<String>,
        /// Each pile's cards left of those the last hands showed (above any won since).
        fresh: [usize; 2],
        /// Whether a number's battles laid a card won after the last hands shown.
        unseen_order: bool,
    }

    impl Played {
        fn show(&mut self) {
            self.fresh = [self.piles[0].len(), self.piles[1].len()];
            for (p, pile) in self.piles.iter().enumerate() {
                let cards: Vec<String> = pile
                    .iter()
                    .map(|&(value, suit)| {
                        let rank = match value {
                            11 => "J".to_owned(),
                            12 => "Q".to_owned(),
                            13 => "K".to_owned(),
                            14 => "A".to_owned(),
                            v => v.to_string(),
                        };
                        format!("{rank}{suit}")
                    })
                    .collect();
                let plural = if cards.len() == 1 { "card" } else { "cards" };
                self.text += &format!("Player {} ({} {plural})", p + 1, cards.len());
                if !cards.is_empty() {
                    self.text += &format!(": {}", cards.join(" "));
                }
                self.text += "\n";
            }
        }

        /// One battle with its wars.
        fn round(&mut self, rng: &mut cards_core::rng::GameRng) {
            let mut table = Vec::new();
            let mut need = 1;
            loop {
                let laid: [Vec<(u8, char)>; 2] = std::array::from_fn(|p| {
                    let n = need.min(self.piles[p].len());
                    self.unseen_order |= n > self.fresh[p];
                    self.fresh[p] = self.fresh[p].saturating_sub(n);
                    self.piles[p].drain(..n).collect()
                });
                table.extend(laid.iter().flatten().copied());
                if laid[0].len() < need || laid[1].len() < need {
                    self.text += "A player has no cards left and is out of the game.\n";
                    let winner = match laid[0].len().cmp(&laid[1].len()) {
                        std::cmp::Ordering::Greater => Some(0),
                        std::cmp::Ordering::Less => Some(1),
                        std::cmp::Ordering::Equal => None,
                    };
                    if let Some(w) = winner {
                        self.piles[w].extend(table);
                    }
                    self.winner = Some(winner);
                    return;
                }
                self.battles += 1;
                let (a, b) = (laid[0][need - 1].0, laid[1][need - 1].0);
                if a == b {
                    self.wars += 1;
                    need = WAR_CARDS;
                    continue;
                }
                let taker = usize::from(a < b);
                for i in (1..table.len()).rev() {
                    table.swap(i, below(rng, i as u64 + 1) as usize);
                }
                self.piles[taker].extend(table);
                self.text += &format!("Player {} takes the cards.\n", taker + 1);
                if self.piles[1 - taker].is_empty() {
                    self.winner = Some(Some(taker));
                }
                return;
            }
        }
    }

    /// A whole game of the kit's solution (or its variant showing the hands once after
    /// a number's battles), answered as `war grade` answers: mostly Enter, a quarter of
    /// the time a number from 2 to 10, lowered to the battles in sight (`in_sight`), or
    /// not lowered (a person typing numbers into a saved transcript).
    fn solution_game(seed: u64, once: bool, in_sight: bool) -> Played {
        let mut rng = cards_core::rng::stream_rng(seed, 0);
        let mut deck: Vec<(u8, char)> = "CDHS"
            .chars()
            .flat_map(|s| (2..=14).map(move |v| (v, s)))
            .collect();
        for i in (1..deck.len()).rev() {
            deck.swap(i, below(&mut rng, i as u64 + 1) as usize);
        }
        let mut game = Played {
            piles: [
                deck.iter().step_by(2).copied().collect(),
                deck.iter().skip(1).step_by(2).copied().collect(),
            ],
            battles: 0,
            wars: 0,
            winner: None,
            text: "Initial hands:\n".to_owned(),
            answers: Vec::new(),
            fresh: [26, 26],
            unseen_order: false,
        };
        game.show();
        while game.winner.is_none() {
            game.text += PROMPT;
            if game.answers.len() == 249 {
                game.answers.push("q".to_owned());
                game.text += &summary("No winner: the game was quit.", game.battles, game.wars);
                return game;
            }
            let sight = if in_sight {
                // As `war grade` reads the screen: its last 16 KiB.
                let mut from = game.text.len().saturating_sub(16 * 1024);
                while !game.text.is_char_boundary(from) {
                    from += 1;
                }
                rounds_in_sight(&game.text[from..]).unwrap_or(0)
            } else {
                u64::MAX
            };
            let n = if below(&mut rng, 4) == 0 {
                (2 + below(&mut rng, 9)).min(sight)
            } else {
                1
            };
            let n = if n >= 2 { n } else { 1 };
            game.answers
                .push(if n == 1 { String::new() } else { n.to_string() });
            for _ in 0..n {
                game.round(&mut rng);
                if !once {
                    game.show();
                }
                if game.winner.is_some() {
                    break;
                }
            }
            if once {
                game.show();
            }
        }
        let winner = match game.winner {
            Some(Some(p)) => format!("Player {} wins the game!", p + 1),
            _ => "No winner: Player 1 and Player 2 ran out of cards at the same time.".to_owned(),
        };
        game.text += &summary(&winner, game.battles, game.wars);
        game
    }

    /// Games the kit's solution could play, showing the hands after each battle or once
    /// after a number's battles, with the answers `war grade` gives: every one passes,
    /// and no number's battles bring a won card back into play (worked out here by the
    /// game itself, apart from the checker's `rounds_in_sight`).
    #[test]
    fn every_game_graded_of_a_correct_program_passes_whichever_hands_it_shows() {
        let mut failed = Vec::new();
        for seed in 0..50 {
            for once in [false, true] {
                let game = solution_game(seed, once, true);
                assert!(
                    !game.unseen_order,
                    "seed {seed}: a won card came back into play"
                );
                if let Err(v) = check(&game.text, Some(&game.answers)) {
                    failed.push(format!("seed {seed}, hands once: {once}: {v}"));
                }
            }
        }
        assert!(
            failed.is_empty(),
            "{} of 100 games failed:\n{}",
            failed.len(),
            failed.join("\n")
        );
    }

    /// Numbers typed whatever the hands (a saved transcript): where won cards come back
    /// into play between two hands shown the checker may lose track and say it could
    /// not read them, but it never finds a correct program breaking a rule (a war that
    /// would leave a player short, in some order of the won cards, is not taken for the
    /// end when the game went on).
    #[test]
    fn a_correct_program_breaks_no_rule_whatever_the_numbers() {
        let mut broke = Vec::new();
        let mut followed = 0;
        for seed in 0..80 {
            let game = solution_game(seed, true, false);
            match check(&game.text, Some(&game.answers)) {
                Err(v) if v.is_rule() => broke.push(format!("seed {seed}: {v}")),
                Err(_) => {}
                Ok(_) => followed += usize::from(game.unseen_order),
            }
        }
        assert!(
            broke.is_empty(),
            "{} of 80 games broke a rule:\n{}",
            broke.len(),
            broke.join("\n")
        );
        assert!(followed > 0, "no game followed won cards back into play");
    }
}
