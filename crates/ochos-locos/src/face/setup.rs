//! The setup of an Ochos Locos game and its codec: a recording's options, an address's
//! and a web request's settings are read by one parser with one set of messages.

use std::collections::BTreeMap;

use cards_core::ColorCard;
use cards_core::face::text;
use cards_core::input::quoted;
use cards_core::protocol::Seat;
use serde::{Deserialize, Serialize};

use crate::deck::{DECK_SIZE, MAX_NUMBER, MIN_NUMBER};
use crate::files::check_players;
use crate::game::Game;
use crate::player::{MAX_NAME, Player};
use crate::rules::{
    DealFormat, EightRule, EndRule, HAND_SIZE, MAX_PLAYERS, MIN_PLAYERS, Order, Penalty, Rules,
    TwoRule, Variant,
};
use crate::strategy::Strategy;

/// What an Ochos Locos game is built from.
///
/// The setup is written down as `key=value` options, the recording format's (see
/// `docs/replay.md`), and a web request's settings are read by the same parser:
///
/// - `rules=NAME`: the rule set (`completos`…; the default). A recording names it when
///   the game's [`Rules`] and seats are one the rule set deals ([`rule_set`]); otherwise
///   it gives the three switches instead, `two=none|rainbow-two|rainbow-two-per-two|
///   hand-two|hand-two-per-two` (the Rule of Two: which 2 the bots answer with, the
///   penalty), `eight=none|loco|most-held` and `end=play-on|deck-out`.
/// - `players=N` (a count: the names and strategies the command line draws for the seed,
///   [`Deal::random`](crate::files::Deal::random); by default the rule set's own count)
///   or `players=NAME:S,NAME:S,…`: the seats in order, each a name and its strategy's
///   letter (`B`, `C`, `N`, `S`, or `R` for Assignment 2's rainbow rule); `%`, `,`, `:`,
///   blanks and what a person cannot see in a name are written `%XX` (UTF-8 bytes).
/// - `human=N`: the seat a person played, counted from 1; absent when the strategies
///   played every seat.
/// - `cards=C1 C2 …`: the cards to deal, in card order, only when they are not the whole
///   deck of 32 (a table set up with a short draw pile).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "Written", into = "Written")]
pub struct Setup {
    /// The rules played.
    pub rules: RulesChoice,
    /// The seats; `None`: the rule set's own number of players, drawn from the seed.
    pub players: Option<Seats>,
    /// The seat a person plays (0-based), if one does.
    pub human: Option<Seat>,
    /// The cards to deal, in card order, when not the whole deck.
    pub cards: Option<Vec<ColorCard>>,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup {
            rules: RulesChoice::Set(Variant::Completos),
            players: None,
            human: None,
            cards: None,
        }
    }
}

/// The rules of a setup: one of the seven rule sets, or rules none of them has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RulesChoice {
    /// A rule set (its rules, and its way of naming and seating players).
    Set(Variant),
    /// The three switches, for a table no rule set deals.
    Switches(Rules),
}

/// The seats of a setup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seats {
    /// This many, named and given strategies as the rule set's random deal does.
    Count(usize),
    /// Each seat's name and strategy, in seating order.
    Named(Vec<(String, Strategy)>),
}

/// The setup as text, each option as a recording writes it: what [`Setup`] is read
/// from and written as, so that a recording, an address and a web request's JSON (a
/// number where text is expected) are read by one parser with one set of messages.
#[derive(Default, Serialize, Deserialize)]
struct Written {
    #[serde(
        with = "text::option",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    rules: Option<String>,
    #[serde(
        with = "text::option",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    two: Option<String>,
    #[serde(
        with = "text::option",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    eight: Option<String>,
    #[serde(
        with = "text::option",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    end: Option<String>,
    #[serde(
        with = "text::option",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    players: Option<String>,
    #[serde(
        with = "text::option",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    human: Option<String>,
    #[serde(
        with = "text::option",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    cards: Option<String>,
    // Any other key, kept to be refused by name with the keys there are (a typo must not
    // silently change nothing); serde's own refusal would not name the option's value.
    #[serde(flatten, skip_serializing)]
    unknown: BTreeMap<String, AnyText>,
}

/// Any value, kept as text for the message that refuses its key (`colour=3`).
struct AnyText(String);

impl<'de> Deserialize<'de> for AnyText {
    fn deserialize<D: serde::Deserializer<'de>>(input: D) -> Result<AnyText, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = AnyText;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("any value")
            }
            fn visit_str<E>(self, text: &str) -> Result<AnyText, E> {
                Ok(AnyText(text.to_owned()))
            }
            fn visit_u64<E>(self, n: u64) -> Result<AnyText, E> {
                Ok(AnyText(n.to_string()))
            }
            fn visit_i64<E>(self, n: i64) -> Result<AnyText, E> {
                Ok(AnyText(n.to_string()))
            }
            fn visit_f64<E>(self, n: f64) -> Result<AnyText, E> {
                Ok(AnyText(n.to_string()))
            }
            fn visit_bool<E>(self, b: bool) -> Result<AnyText, E> {
                Ok(AnyText(b.to_string()))
            }
            fn visit_unit<E>(self) -> Result<AnyText, E> {
                Ok(AnyText("null".to_owned()))
            }
            // A list or an object is named by its kind, its contents skipped.
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<AnyText, A::Error> {
                while seq.next_element::<serde::de::IgnoredAny>()?.is_some() {}
                Ok(AnyText("[…]".to_owned()))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<AnyText, A::Error> {
                while map
                    .next_entry::<serde::de::IgnoredAny, serde::de::IgnoredAny>()?
                    .is_some()
                {}
                Ok(AnyText("{…}".to_owned()))
            }
        }
        input.deserialize_any(Visit)
    }
}

/// The keys of the options, for the error that names an unknown one.
const KEYS: &str = "rules, two, eight, end, players, human and cards";

/// The value of option `key`, if given, read by `parse`; what `parse` refuses is said
/// after the option.
fn parse_field<T>(
    key: &str,
    value: &Option<String>,
    parse: impl Fn(&str) -> Result<T, String>,
) -> Result<Option<T>, String> {
    value
        .as_deref()
        .map(|value| parse(value).map_err(|why| format!("`{}`: {why}", option_text(key, value))))
        .transpose()
}

/// `key=value` quoted for a message.
fn option_text(key: &str, value: &str) -> String {
    quoted(&format!("{key}={value}")).to_string()
}

impl From<Setup> for Written {
    fn from(setup: Setup) -> Written {
        let mut written = Written::default();
        match setup.rules {
            RulesChoice::Set(variant) => written.rules = Some(variant.name().to_owned()),
            RulesChoice::Switches(rules) => {
                written.two = Some(two_word(rules.two).to_owned());
                written.eight = Some(eight_word(rules.eight).to_owned());
                written.end = Some(end_word(rules.end).to_owned());
            }
        }
        written.players = setup.players.map(|seats| match seats {
            Seats::Count(count) => count.to_string(),
            Seats::Named(seats) => seats
                .iter()
                .map(|(name, strategy)| format!("{}:{}", escape(name), strategy_letter(*strategy)))
                .collect::<Vec<_>>()
                .join(","),
        });
        written.human = setup.human.map(|seat| (seat + 1).to_string());
        written.cards = setup.cards.map(|cards| {
            cards
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        });
        written
    }
}

impl TryFrom<Written> for Setup {
    type Error = String;

    fn try_from(written: Written) -> Result<Setup, String> {
        if let Some((key, AnyText(value))) = written.unknown.iter().next() {
            return Err(format!(
                "`{}`: no such option; the keys are {KEYS}",
                option_text(key, value)
            ));
        }
        let rules = parse_field("rules", &written.rules, |value| {
            value.parse::<Variant>().map_err(|e| e.to_string())
        })?;
        let two = parse_field("two", &written.two, |value| {
            parse_word(value, &TWO_RULES, two_word)
        })?;
        let eight = parse_field("eight", &written.eight, |value| {
            parse_word(value, &EIGHT_RULES, eight_word)
        })?;
        let end = parse_field("end", &written.end, |value| {
            parse_word(value, &END_RULES, end_word)
        })?;
        let players = parse_field("players", &written.players, parse_seats)?;
        let human = parse_field("human", &written.human, |value| {
            value
                .parse::<usize>()
                .ok()
                .filter(|&seat| seat >= 1)
                .map(|seat| seat - 1)
                .ok_or_else(|| "the person's seat is a number from 1".to_owned())
        })?;
        let cards = parse_field("cards", &written.cards, parse_cards)?;
        let rules = match (rules, two, eight, end) {
            (Some(variant), None, None, None) => RulesChoice::Set(variant),
            (None, Some(two), Some(eight), Some(end)) => {
                RulesChoice::Switches(Rules { two, eight, end })
            }
            (None, None, None, None) => RulesChoice::Set(Variant::Completos),
            (Some(_), ..) => {
                return Err(
                    "rules=NAME and the switches two=, eight=, end= do not go together".to_owned(),
                );
            }
            _ => {
                return Err(
                    "without rules=NAME, all three of two=, eight= and end= are needed".to_owned(),
                );
            }
        };
        let setup = Setup {
            rules,
            players,
            human,
            cards,
        };
        setup.check()?;
        Ok(setup)
    }
}

impl Setup {
    /// What is wrong with the setup as a whole (each option may be well formed, and the
    /// table they make none the game can deal), naming the option.
    pub(super) fn check(&self) -> Result<(), String> {
        let written = Written::from(self.clone());
        let quote = |key: &str, value: &Option<String>| {
            option_text(key, value.as_deref().unwrap_or_default())
        };
        let count = match (&self.players, self.rules) {
            (Some(Seats::Named(seats)), rules) => {
                if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&seats.len()) {
                    return Err(format!(
                        "`{}`: {} seats: a game has {MIN_PLAYERS} to {MAX_PLAYERS}",
                        quote("players", &written.players),
                        seats.len()
                    ));
                }
                if let RulesChoice::Set(variant) = rules
                    && rule_set(&table(variant.rules(), seats)) != Some(variant)
                {
                    return Err(format!(
                        "`{}`: not a table of {variant}, which deals {}",
                        quote("players", &written.players),
                        seats_of(variant)
                    ));
                }
                seats.len()
            }
            (Some(Seats::Count(count)), RulesChoice::Set(variant)) => {
                check_players(variant, *count)
                    .map_err(|e| format!("`{}`: {e}", quote("players", &written.players)))?;
                *count
            }
            (None, RulesChoice::Set(variant)) => variant.default_players(),
            (_, RulesChoice::Switches(_)) => {
                return Err(
                    "without rules=NAME, the seats are named: players=NAME:S,… is needed"
                        .to_owned(),
                );
            }
        };
        if let Some(seat) = self.human
            && seat >= count
        {
            return Err(format!(
                "`{}`: the seats are 1 to {count}",
                quote("human", &written.human)
            ));
        }
        if let Some(cards) = &self.cards
            && cards.len() <= count * HAND_SIZE
        {
            return Err(format!(
                "`{}`: {count} hands of {HAND_SIZE} and a discard card need more than {} cards",
                quote("cards", &written.cards),
                cards.len()
            ));
        }
        Ok(())
    }
}

/// A game of `rules` with these seats and no cards: what a rule set's seats are checked on.
pub(super) fn table(rules: Rules, seats: &[(String, Strategy)]) -> Game {
    let mut game = Game::new(rules);
    for (name, strategy) in seats {
        game.add_player(Player::with_strategy(name.clone(), *strategy));
    }
    game
}

/// The rule set whose deals this game is one of: its rules, its number of players, and
/// its seats' strategies (Assignment 2's rainbow rule; basic in faciles; a letter in
/// diversidad and completos). The first of the seven in the assignments' order, so a
/// three-player game of Problem 4 is `going-wild`'s and a diversidad game of basic
/// players `faciles`' (the same game either way). `None`: rules or seats no rule set
/// has, which a recording writes as the three switches.
pub fn rule_set(game: &Game) -> Option<Variant> {
    let players = game.players();
    Variant::ALL.into_iter().find(|variant| {
        let fits = |strategy: Strategy| match variant.format() {
            DealFormat::Numbered { .. } => strategy == Strategy::Rainbow,
            DealFormat::Named { strategies: false } => strategy == Strategy::Basic,
            // The search (M) may sit wherever the assignment's players choose.
            DealFormat::Named { strategies: true } => {
                Strategy::LETTERED.contains(&strategy) || strategy == Strategy::Mcts
            }
        };
        variant.rules() == game.rules()
            && check_players(*variant, players.len()).is_ok()
            && players.iter().all(|player| fits(player.strategy()))
    })
}

/// The rules of a game in words: its rule set's name, or its three switches.
pub fn rules_name(game: &Game) -> String {
    match rule_set(game) {
        Some(variant) => variant.name().to_owned(),
        None => {
            let rules = game.rules();
            format!(
                "two={}, eight={}, end={}",
                two_word(rules.two),
                eight_word(rules.eight),
                end_word(rules.end)
            )
        }
    }
}

/// What a rule set deals, for the error about a table that is not its.
fn seats_of(variant: Variant) -> &'static str {
    match variant.format() {
        DealFormat::Numbered { players: Some(_) } => "3 seats of strategy R",
        DealFormat::Numbered { players: None } => "2 to 6 seats of strategy R",
        DealFormat::Named { strategies: false } => "2 to 6 seats of strategy B",
        DealFormat::Named { strategies: true } => "2 to 6 seats of strategy B, C, N or S",
    }
}

/// Every Rule of Two, with none.
const TWO_RULES: [Option<TwoRule>; 5] = [
    None,
    Some(TwoRule {
        answer: Order::Rainbow,
        penalty: Penalty::Two,
    }),
    Some(TwoRule {
        answer: Order::Rainbow,
        penalty: Penalty::TwoPerTwo,
    }),
    Some(TwoRule {
        answer: Order::Hand,
        penalty: Penalty::Two,
    }),
    Some(TwoRule {
        answer: Order::Hand,
        penalty: Penalty::TwoPerTwo,
    }),
];
const EIGHT_RULES: [Option<EightRule>; 3] =
    [None, Some(EightRule::Loco), Some(EightRule::MostHeld)];
const END_RULES: [EndRule; 2] = [EndRule::PlayOn, EndRule::DeckOut];

fn two_word(rule: Option<TwoRule>) -> &'static str {
    match rule.map(|rule| (rule.answer, rule.penalty)) {
        None => "none",
        Some((Order::Rainbow, Penalty::Two)) => "rainbow-two",
        Some((Order::Rainbow, Penalty::TwoPerTwo)) => "rainbow-two-per-two",
        Some((Order::Hand, Penalty::Two)) => "hand-two",
        Some((Order::Hand, Penalty::TwoPerTwo)) => "hand-two-per-two",
    }
}

fn eight_word(rule: Option<EightRule>) -> &'static str {
    match rule {
        None => "none",
        Some(EightRule::Loco) => "loco",
        Some(EightRule::MostHeld) => "most-held",
    }
}

fn end_word(rule: EndRule) -> &'static str {
    match rule {
        EndRule::PlayOn => "play-on",
        EndRule::DeckOut => "deck-out",
    }
}

/// The value of `all` whose word is `text`.
fn parse_word<T: Copy>(text: &str, all: &[T], word: fn(T) -> &'static str) -> Result<T, String> {
    all.iter()
        .copied()
        .find(|&value| word(value) == text)
        .ok_or_else(|| {
            let words: Vec<&str> = all.iter().map(|&value| word(value)).collect();
            format!("one of {}", cards_core::names::or_list(words))
        })
}

/// A strategy's letter in `players=`: the deal files' `B`, `C`, `N`, `S`, `M` for the
/// search, and `R` for Assignment 2's rainbow rule (which has none there: its players
/// all play it).
fn strategy_letter(strategy: Strategy) -> char {
    strategy.letter().unwrap_or('R')
}

/// `players=`: a count (a web request's `4`), or the seats.
fn parse_seats(value: &str) -> Result<Seats, String> {
    if !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()) {
        // Digits alone name no seat (a seat is NAME:S): a count, however large, is
        // refused by the rule set's own check, not read as a number that overflows.
        return Ok(Seats::Count(value.parse().unwrap_or(usize::MAX)));
    }
    let seats = value
        .split(',')
        .map(|seat| -> Result<(String, Strategy), String> {
            let (name, letter) = seat
                .split_once(':')
                .ok_or("each seat is NAME:S, a name and a strategy letter")?;
            let strategy = match letter {
                "R" => Strategy::Rainbow,
                letter => Strategy::for_seat_letter(letter).ok_or(
                    "a strategy is one of B, C, N, S (Assignment 4), R (Assignment 2) or M (the search)",
                )?,
            };
            let name = unescape(name)?;
            if name.chars().any(char::is_control) {
                // Every line of a replay shows the name: an escape sequence in it would
                // act on the terminal (set its title, clear the screen).
                return Err("a name holds no control characters (an escape, NUL)".to_owned());
            }
            if name.chars().count() > MAX_NAME {
                return Err(format!("a name has at most {MAX_NAME} characters"));
            }
            Ok((name, strategy))
        })
        .collect::<Result<Vec<_>, String>>()?;
    if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&seats.len()) {
        return Err(format!(
            "{} seats: a game has {MIN_PLAYERS} to {MAX_PLAYERS}",
            seats.len()
        ));
    }
    Ok(Seats::Named(seats))
}

fn parse_cards(value: &str) -> Result<Vec<ColorCard>, String> {
    let mut cards = Vec::new();
    for word in value.split_whitespace() {
        let card = ColorCard::parse_in_range(word, MIN_NUMBER, MAX_NUMBER)
            .map_err(|_| format!("'{}' is not a card (R1 to B8)", quoted(word)))?;
        if cards.contains(&card) {
            return Err(format!("{card} is there twice"));
        }
        cards.push(card);
        if cards.len() > DECK_SIZE {
            return Err(format!("more than the deck's {DECK_SIZE} cards"));
        }
    }
    Ok(cards)
}

/// A name as `players=` writes it: the characters that would break the list, or a
/// terminal, or that a person reading the file cannot see
/// ([`cards_core::invisible::is_hidden`]), as `%XX`.
fn escape(name: &str) -> String {
    let mut text = String::with_capacity(name.len());
    for c in name.chars() {
        if matches!(c, '%' | ',' | ':') || c.is_whitespace() || cards_core::invisible::is_hidden(c)
        {
            let mut bytes = [0; 4];
            for byte in c.encode_utf8(&mut bytes).bytes() {
                text.push_str(&format!("%{byte:02X}"));
            }
        } else {
            text.push(c);
        }
    }
    text
}

fn unescape(text: &str) -> Result<String, &'static str> {
    const BAD: &str = "a % in a name is followed by two hex digits of a UTF-8 character";
    let mut bytes = Vec::with_capacity(text.len());
    let mut rest = text.as_bytes();
    while let Some((&byte, after)) = rest.split_first() {
        if byte == b'%' {
            let hex = after.get(..2).ok_or(BAD)?;
            let hex = std::str::from_utf8(hex).map_err(|_| BAD)?;
            bytes.push(u8::from_str_radix(hex, 16).map_err(|_| BAD)?);
            rest = after.get(2..).unwrap_or_default();
        } else {
            bytes.push(byte);
            rest = after;
        }
    }
    String::from_utf8(bytes).map_err(|_| BAD)
}
