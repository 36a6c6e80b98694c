//! Ochos Locos's recorded games (`ochos-locos RULES --seed N --record FILE`,
//! `ochos-locos replay FILE`): the workspace's one recording format
//! ([`cards_core::replay`]) with this game's words in it.
//!
//! The options rebuild the table before the deal, any table the library can build and
//! leave waiting for its deal ([`crate::files::Deal::table`], [`Game::restart`]; a game
//! set up card by card, Java-style, has no deal to draw again), with 2 to 6 seats:
//!
//! - `rules=NAME`: the rule set (`completos`…), when the game's [`Rules`] and seats are
//!   one the rule set deals ([`rule_set`]); otherwise the three switches instead,
//!   `two=none|rainbow-two|rainbow-two-per-two|hand-two|hand-two-per-two` (the Rule of
//!   Two: which 2 the bots answer with, the penalty), `eight=none|loco|most-held` and
//!   `end=play-on|deck-out`.
//! - `players=NAME:S,NAME:S,…`: the seats in order, each a name and its strategy's
//!   letter (`B`, `C`, `N`, `S`, or `R` for Assignment 2's rainbow rule); `%`, `,`, `:`,
//!   blanks and control characters in a name are written `%XX` (UTF-8 bytes).
//! - `human=N`: the seat a person played, counted from 1 in seating order; absent when
//!   the strategies played every seat.
//! - `cards=C1 C2 …`: the cards to deal, in card order, only when they are not the
//!   whole deck of 32 (a deal file with a short draw pile).
//!
//! The actions are every seat's plays, the strategies' too, as the person types them
//! at `--human`'s prompt (read back by the console's own parser): a card (`G4`), `d` for
//! the draw (or a penalty, or a pass), and an 8 that names a colour as the card, a colon
//! and the colour's letter (`B8:G`: the two answers to the two questions). The deal
//! comes again from the seed: a game dealt from a file or `--sample` cannot be recorded.

use std::io::{self, Write};

use cards_core::ColorCard;
use cards_core::input::quoted;
use cards_core::protocol::{Actor, GameState, Seat};
use cards_core::replay::{self, Frame, Recorded, ReplayError};

use crate::console::{colors_for, offers, parse_color, parse_play, seat_names};
use crate::deck::{DECK_SIZE, MAX_NUMBER, MIN_NUMBER, full_deck};
use crate::error::RuleError;
use crate::files::Deal;
use crate::game::{Action, Game};
use crate::player::MAX_NAME;
use crate::player::Player;
use crate::render::{Narrator, Style};
use crate::rules::{
    DealFormat, EightRule, EndRule, HAND_SIZE, MAX_PLAYERS, MIN_PLAYERS, Order, Penalty, Rules,
    TwoRule, Variant,
};
use crate::strategy::Strategy;
use cards_core::console::is_quit;

/// The game's name in a recording.
pub const GAME: &str = "ochos-locos";

/// The table of `deal` under `variant`, waiting for its cards, with `person` at the seat
/// they play (none: the strategies at every seat): the start of a recording.
pub fn start(variant: Variant, deal: &Deal, person: Option<Seat>) -> Result<Game, RuleError> {
    Ok(deal.table(variant)?.0.with_person(person))
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
            DealFormat::Named { strategies: true } => Strategy::LETTERED.contains(&strategy),
        };
        variant.rules() == game.rules()
            && crate::files::check_players(*variant, players.len()).is_ok()
            && players.iter().all(|player| fits(player.strategy()))
    })
}

impl Recorded for Game {
    const GAME: &'static str = GAME;

    fn options(&self) -> Vec<String> {
        let mut options = Vec::new();
        match rule_set(self) {
            Some(variant) => options.push(format!("rules={variant}")),
            None => {
                let rules = self.rules();
                options.push(format!("two={}", two_word(rules.two)));
                options.push(format!("eight={}", eight_word(rules.eight)));
                options.push(format!("end={}", end_word(rules.end)));
            }
        }
        let players: Vec<String> = self
            .players()
            .iter()
            .map(|player| {
                format!(
                    "{}:{}",
                    escape(player.name()),
                    strategy_letter(player.strategy())
                )
            })
            .collect();
        options.push(format!("players={}", players.join(",")));
        if let Some(seat) = self.person() {
            options.push(format!("human={}", seat + 1));
        }
        if let Some(cards) = self.to_deal()
            && !cards.iter().copied().eq(full_deck())
        {
            let cards: Vec<String> = cards.iter().map(ToString::to_string).collect();
            options.push(format!("cards={}", cards.join(" ")));
        }
        options
    }

    fn from_options(options: &[String]) -> Result<Game, ReplayError> {
        let mut found = Found::default();
        for option in options {
            let bad = |why: String| ReplayError::Options(format!("`{}`: {why}", quoted(option)));
            let Some((key, value)) = option.split_once('=') else {
                return Err(bad(format!("not KEY=VALUE; the keys are {KEYS}")));
            };
            let twice = || bad(format!("{key} is given twice"));
            match key {
                "rules" if found.rules.is_some() => return Err(twice()),
                "rules" => {
                    let variant = value.parse::<Variant>().map_err(|e| bad(e.to_string()))?;
                    found.rules = Some(variant);
                }
                "two" if found.two.is_some() => return Err(twice()),
                "two" => found.two = Some(parse_word(value, &TWO_RULES, two_word).map_err(bad)?),
                "eight" if found.eight.is_some() => return Err(twice()),
                "eight" => {
                    found.eight = Some(parse_word(value, &EIGHT_RULES, eight_word).map_err(bad)?);
                }
                "end" if found.end.is_some() => return Err(twice()),
                "end" => found.end = Some(parse_word(value, &END_RULES, end_word).map_err(bad)?),
                "players" if found.players.is_some() => return Err(twice()),
                "players" => found.players = Some((parse_players(value).map_err(bad)?, option)),
                "human" if found.human.is_some() => return Err(twice()),
                "human" => {
                    let seat = value
                        .parse::<usize>()
                        .ok()
                        .filter(|&seat| seat >= 1)
                        .ok_or_else(|| bad("the person's seat is a number from 1".to_owned()))?;
                    found.human = Some((seat - 1, option));
                }
                "cards" if found.cards.is_some() => return Err(twice()),
                "cards" => found.cards = Some((parse_cards(value).map_err(bad)?, option)),
                _ => return Err(bad(format!("no such option; the keys are {KEYS}"))),
            }
        }
        found.game()
    }

    /// The answer that takes the action at `--human`'s prompt: the card (`G4`), the card
    /// and the colour an 8 names (`B8:G`), or `d`.
    fn token(action: &Action) -> String {
        match action {
            Action::Play { card, chosen: None } => card.to_string(),
            Action::Play {
                card,
                chosen: Some(color),
            } => format!("{card}:{}", color.letter()),
            Action::Draw => "d".to_owned(),
        }
    }

    fn parse_token(&self, token: &str) -> Result<Action, String> {
        if is_quit(token) {
            return Err("a quit is not recorded as an action".to_owned());
        }
        if token.trim() == "?" {
            return Err("`?` (the rules) is not recorded as an action".to_owned());
        }
        let Actor::Seat(seat) = self.actor() else {
            return Err("no seat is to play here".to_owned());
        };
        let observation = self
            .observe(seat)
            .ok_or_else(|| "broken invariant: the seat to play has no view".to_owned())?;
        let mut legal = Vec::new();
        self.legal_actions(&mut legal);
        let (play, color) = match token.split_once(':') {
            Some((play, color)) => (play, Some(color)),
            None => (token, None),
        };
        let Some(card) = parse_play(play, &observation, &offers(&legal))? else {
            return match color {
                None => Ok(Action::Draw),
                Some(_) => Err("a draw names no colour".to_owned()),
            };
        };
        let colors = colors_for(&legal, card);
        match (colors.is_empty(), color) {
            (true, None) => Ok(Action::Play { card, chosen: None }),
            (true, Some(_)) => Err(format!("{card} names no colour here: write {card} alone")),
            (false, None) => Err(format!(
                "{card} names a colour here: write it after a colon, as {card}:R"
            )),
            (false, Some(color)) => Ok(Action::Play {
                card,
                chosen: Some(parse_color(color, &colors)?),
            }),
        }
    }
}

/// The keys of the options, for the error that names an unknown one.
const KEYS: &str = "rules, two, eight, end, players, human and cards";

/// The options read so far, each at most once.
#[derive(Default)]
struct Found<'a> {
    rules: Option<Variant>,
    two: Option<Option<TwoRule>>,
    eight: Option<Option<EightRule>>,
    end: Option<EndRule>,
    players: Option<(Vec<Player>, &'a String)>,
    human: Option<(Seat, &'a String)>,
    cards: Option<(Vec<ColorCard>, &'a String)>,
}

impl Found<'_> {
    /// The table the options describe, waiting for its deal, or what is wrong with them.
    fn game(self) -> Result<Game, ReplayError> {
        let options = |why: String| ReplayError::Options(why);
        let rules = match (self.rules, self.two, self.eight, self.end) {
            (Some(variant), None, None, None) => variant.rules(),
            (None, Some(two), Some(eight), Some(end)) => Rules { two, eight, end },
            (None, None, None, None) => {
                return Err(options(
                    "the rules are needed: rules=NAME, or two=, eight= and end=".to_owned(),
                ));
            }
            (Some(_), ..) => {
                return Err(options(
                    "rules=NAME and the switches two=, eight=, end= do not go together".to_owned(),
                ));
            }
            _ => {
                return Err(options(
                    "without rules=NAME, all three of two=, eight= and end= are needed".to_owned(),
                ));
            }
        };
        let Some((players, players_option)) = self.players else {
            return Err(options("players=NAME:S,… is needed".to_owned()));
        };
        let quote = |option: &String| quoted(option).to_string();
        if let Some(variant) = self.rules {
            let mut game = Game::new(rules);
            for player in &players {
                game.add_player(player.clone());
            }
            if rule_set(&game) != Some(variant) {
                return Err(options(format!(
                    "`{}`: not a table of {variant}, which deals {}",
                    quote(players_option),
                    seats_of(variant)
                )));
            }
        }
        let count = players.len();
        if let Some((seat, option)) = self.human
            && seat >= count
        {
            return Err(options(format!(
                "`{}`: the seats are 1 to {count}",
                quote(option)
            )));
        }
        let cards = match self.cards {
            None => full_deck().collect(),
            Some((cards, option)) if cards.len() <= count * HAND_SIZE => {
                return Err(options(format!(
                    "`{}`: {count} hands of {HAND_SIZE} and a discard card need more than {} cards",
                    quote(option),
                    cards.len()
                )));
            }
            Some((cards, _)) => cards,
        };
        let mut game = Game::new(rules);
        for player in players {
            game.add_player(player);
        }
        for card in cards {
            game.add_card(card);
        }
        game.restart();
        Ok(game.with_person(self.human.map(|(seat, _)| seat)))
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

/// A strategy's letter in `players=`: the deal files' `B`, `C`, `N`, `S`, and `R` for
/// Assignment 2's rainbow rule (which has none there: its players all play it).
fn strategy_letter(strategy: Strategy) -> char {
    strategy.letter().unwrap_or('R')
}

fn parse_players(value: &str) -> Result<Vec<Player>, String> {
    let players = value
        .split(',')
        .map(|seat| -> Result<Player, String> {
            let (name, letter) = seat
                .split_once(':')
                .ok_or("each seat is NAME:S, a name and a strategy letter")?;
            let strategy = match letter {
                "R" => Strategy::Rainbow,
                letter => Strategy::for_letter(letter)
                    .ok_or("a strategy is one of B, C, N, S (Assignment 4) or R (Assignment 2)")?,
            };
            let name = unescape(name)?;
            if name.chars().any(char::is_control) {
                // Every line of the replay shows the name: an escape sequence in it would
                // act on the terminal (set its title, clear the screen).
                return Err("a name holds no control characters (an escape, NUL)".to_owned());
            }
            if name.chars().count() > MAX_NAME {
                return Err(format!("a name has at most {MAX_NAME} characters"));
            }
            Ok(Player::with_strategy(name, strategy))
        })
        .collect::<Result<Vec<Player>, String>>()?;
    if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players.len()) {
        return Err(format!(
            "{} seats: a game has {MIN_PLAYERS} to {MAX_PLAYERS}",
            players.len()
        ));
    }
    Ok(players)
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
    }
    if cards.len() > DECK_SIZE {
        return Err(format!("more than the deck's {DECK_SIZE} cards"));
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
            rest = &after[2..];
        } else {
            bytes.push(byte);
            rest = after;
        }
    }
    String::from_utf8(bytes).map_err(|_| BAD)
}

/// Reads a recorded game of Ochos Locos and plays it again: every position, for stepping.
pub fn frames(text: &str) -> Result<Vec<Frame<Game>>, ReplayError> {
    replay::frames(text)
}

/// Writes one position in the person's-mode words: at the start who plays, then what
/// the step did (as `--human` tells it, the person's seat as "you"), and, the game being
/// over when it is replayed, every hand, the card to match and whose turn it is.
pub fn show(frame: &Frame<Game>, out: &mut impl Write) -> io::Result<()> {
    let game = &frame.state;
    let variant = rule_set(game);
    let raw = game.players().iter().map(Player::name);
    let names: Vec<String> = match variant {
        Some(variant) => seat_names(variant, raw),
        None => raw.map(str::to_owned).collect(),
    };
    // A name comes from the file: what a person cannot see in it (a right-to-left
    // override, a zero-width space) is shown escaped, on every line that names it.
    let names: Vec<String> = names
        .iter()
        .map(|name| cards_core::invisible::printable(name))
        .collect();
    let person = game.person().filter(|&seat| seat < names.len());
    let name = |seat: Seat| names.get(seat).map_or("?", String::as_str);
    if frame.step.is_none() {
        let rules = match variant {
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
        };
        match person {
            Some(seat) => {
                let others = (0..names.len()).filter(|&s| s != seat).map(name);
                writeln!(
                    out,
                    "Ochos Locos ({rules}): you played {} against {}.",
                    name(seat),
                    cards_core::names::and_list(others)
                )?;
            }
            None => writeln!(
                out,
                "Ochos Locos ({rules}): {} played, every seat by its strategy.",
                cards_core::names::and_list(names.iter().map(String::as_str))
            )?,
        }
    }
    let narrator = Narrator::new(
        Style::default(),
        person.unwrap_or(usize::MAX),
        names.clone(),
    );
    for event in &frame.events {
        narrator.write_event(out, game, event)?;
    }
    if game.discard_card().is_some() {
        for (seat, player) in game.players().iter().enumerate() {
            let who = match (person == Some(seat), player.strategy()) {
                (true, _) => "you",
                (false, Strategy::Rainbow) => "rainbow rule",
                (false, strategy) => strategy.describe(),
            };
            write!(out, "  {} ({who}):", name(seat))?;
            if player.hand().is_empty() {
                write!(out, " no cards")?;
            }
            for card in player.hand() {
                write!(out, " {card}")?;
            }
            writeln!(out)?;
        }
        write_to_match(out, game)?;
    }
    match game.actor() {
        Actor::Seat(seat) if person == Some(seat) => writeln!(out, "Your turn, {}.", name(seat)),
        Actor::Seat(seat) => writeln!(out, "{} to play.", name(seat)),
        Actor::Chance => writeln!(out, "The cards are dealt next."),
        Actor::Over => Ok(()),
    }
}

/// The discard card and what it asks for, and the deck's size.
fn write_to_match(out: &mut impl Write, game: &Game) -> io::Result<()> {
    let Some(discard) = game.discard_card() else {
        return Ok(());
    };
    write!(out, "To match: {discard}")?;
    let facing_two = game.rules().two.is_some() && game.pending_twos > 0;
    match game.chosen_color() {
        Some(color) => write!(out, ", colour in force {} (or an 8)", color.letter())?,
        None if facing_two && game.outcome().is_none() => write!(out, ", a 2 to answer")?,
        None => {}
    }
    writeln!(
        out,
        "; {} in the deck",
        cards_core::names::count_of(game.deck().len() as u64, "card")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Event;
    use cards_core::Color;
    use cards_core::replay::MAX_STEPS;
    use cards_core::rng::rng_from_seed;
    use pretty_assertions::assert_eq;

    /// Whether a game's events are a replay's: the deal and every turn.
    fn same_events(played: &[Event], frames: &[Frame<Game>]) -> bool {
        played
            .iter()
            .eq(frames.iter().flat_map(|frame| frame.events.iter()))
    }

    /// A seeded game the protocol's own loop plays with the strategies at every seat, as
    /// `ochos-locos RULES --seed N` deals it: its start, actions, events and end.
    fn played(
        variant: Variant,
        players: usize,
        seed: u64,
        person: Option<Seat>,
    ) -> (Game, Vec<Action>, Vec<Event>, Game, Deal) {
        let deal = Deal::random(variant, players, &mut rng_from_seed(seed)).unwrap();
        let start = start(variant, &deal, person).unwrap();
        let mut strategies: Vec<Strategy> = deal.seats.iter().map(|s| s.strategy).collect();
        let (actions, events, end) =
            cards_core::testing::played(&start, seed, &mut strategies).unwrap();
        (start, actions, events, end, deal)
    }

    fn player_counts(variant: Variant) -> Vec<usize> {
        match variant.format() {
            DealFormat::Numbered { players: Some(n) } => vec![n],
            _ => (MIN_PLAYERS..=MAX_PLAYERS).collect(),
        }
    }

    #[test]
    fn every_rule_set_replays_to_the_same_events_and_end() {
        for variant in Variant::ALL {
            for players in player_counts(variant) {
                for seed in [1, 7, 42, 2026] {
                    let person = Some(seed as usize % players);
                    let (start, actions, events, end, deal) =
                        played(variant, players, seed, person);
                    let json = Game::recording(&start, seed, &actions).to_json();
                    let frames = frames(&json).unwrap();
                    let what = format!("{variant} {players} players, seed {seed}");
                    assert!(same_events(&events, &frames), "{what}");
                    let last = &frames[frames.len() - 1].state;
                    assert_eq!(last, &end, "{what}");
                    assert!(last.outcome().is_some(), "{what}");
                    // The seed deals the cards `Deal::random` dealt: its discard card
                    // and its hands.
                    assert_eq!(
                        frames[1].events,
                        vec![Event::Dealt {
                            discard: deal.discard
                        }],
                        "{what}"
                    );
                    for (player, seat) in frames[1].state.players().iter().zip(&deal.seats) {
                        assert_eq!(player.hand(), &seat.hand[..], "{what}");
                    }
                    // One frame per step: the start, the deal, each action.
                    assert_eq!(frames.len(), 2 + actions.len(), "{what}");
                }
            }
        }
    }

    #[test]
    fn options_rebuild_any_table() {
        let (start, ..) = played(Variant::Completos, 4, 7, Some(1));
        let options = start.options();
        assert_eq!(options[0], "rules=completos");
        assert!(options[1].starts_with("players=Alice:"), "{options:?}");
        assert_eq!(options[2], "human=2");
        assert_eq!(options.len(), 3);
        assert_eq!(Game::from_options(&options).unwrap(), start);

        // Problem 4 with three players is Problem 3's game; with four, its own.
        let (three, ..) = played(Variant::MoreTheMerrier, 3, 1, None);
        assert_eq!(three.options(), ["rules=going-wild", "players=1:R,2:R,3:R"]);
        let (four, ..) = played(Variant::MoreTheMerrier, 4, 1, None);
        assert_eq!(four.options()[0], "rules=more-the-merrier");

        // Rules no rule set has, odd names, a short deck: the switches and escapes.
        let mut odd = Game::new(Rules {
            two: Some(TwoRule {
                answer: Order::Hand,
                penalty: Penalty::Two,
            }),
            eight: Some(EightRule::Loco),
            end: EndRule::DeckOut,
        });
        odd.add_player(Player::with_strategy("Ann Lee", Strategy::Rainbow));
        odd.add_player(Player::with_strategy("a,b:c%", Strategy::Strategic));
        odd.add_player(Player::with_strategy("Zoë\u{a0}K", Strategy::Basic));
        for card in full_deck().take(20) {
            odd.add_card(card);
        }
        odd.restart();
        let odd = odd.with_person(Some(2));
        let options = odd.options();
        assert_eq!(
            options[..5],
            [
                "two=hand-two",
                "eight=loco",
                "end=deck-out",
                "players=Ann%20Lee:R,a%2Cb%3Ac%25:S,Zoë%C2%A0K:B",
                "human=3"
            ]
        );
        assert!(options[5].starts_with("cards=R1 R2 R3"), "{options:?}");
        assert_eq!(Game::from_options(&options).unwrap(), odd);
    }

    fn strings(options: &[&str]) -> Vec<String> {
        options.iter().map(|&o| o.to_owned()).collect()
    }

    #[test]
    fn bad_options_are_refused_naming_the_option() {
        for (options, error) in [
            (
                vec!["rules=wild", "players=1:R,2:R,3:R"],
                "options: `rules=wild`: ",
            ),
            (
                vec!["rules=faciles", "players=Alice:B,Bob:B", "rules=faciles"],
                "options: `rules=faciles`: rules is given twice",
            ),
            (vec!["rules=faciles"], "options: players=NAME:S,… is needed"),
            (
                vec!["players=Alice:B,Bob:B"],
                "options: the rules are needed",
            ),
            (
                vec!["rules=faciles", "players=Alice:C,Bob:B"],
                "options: `players=Alice:C,Bob:B`: not a table of faciles",
            ),
            (
                vec!["rules=match-making", "players=1:R,2:R"],
                "options: `players=1:R,2:R`: not a table of match-making, which deals 3 seats",
            ),
            (
                vec!["rules=faciles", "players=Alice:X,Bob:B"],
                "options: `players=Alice:X,Bob:B`: a strategy is one of",
            ),
            (
                vec!["rules=faciles", "players=Alice"],
                "options: `players=Alice`: each seat is NAME:S",
            ),
            (
                vec!["rules=faciles", "players=Alice:B"],
                "options: `players=Alice:B`: 1 seats: a game has 2 to 6",
            ),
            (
                vec!["rules=faciles", "players=A%zz:B,Bob:B"],
                "options: `players=A%zz:B,Bob:B`: a % in a name",
            ),
            (
                vec!["rules=faciles", "players=A%1B]0;pwned%07:B,Bob:B"],
                "options: `players=A%1B]0;pwned%07:B,Bob:B`: a name holds no control characters",
            ),
            (
                vec![
                    "rules=faciles",
                    "players=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA:B,Bob:B",
                ],
                "options: `players=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA…`: a name has at most 40 characters",
            ),
            (
                vec!["rules=faciles", "players=Alice:B,Bob:B", "human=3"],
                "options: `human=3`: the seats are 1 to 2",
            ),
            (
                vec!["rules=faciles", "players=Alice:B,Bob:B", "human=0"],
                "options: `human=0`: the person's seat is a number from 1",
            ),
            (
                vec!["rules=faciles", "players=Alice:B,Bob:B", "cards=R1 R1"],
                "options: `cards=R1 R1`: R1 is there twice",
            ),
            (
                vec!["rules=faciles", "players=Alice:B,Bob:B", "cards=R1 R2 R9"],
                "options: `cards=R1 R2 R9`: 'R9' is not a card",
            ),
            (
                vec!["rules=faciles", "players=Alice:B,Bob:B", "cards=R1 R2 R3"],
                "options: `cards=R1 R2 R3`: 2 hands of 5 and a discard card need more than 3",
            ),
            (
                vec!["two=none", "eight=none", "players=Alice:B,Bob:B"],
                "options: without rules=NAME, all three",
            ),
            (
                vec!["rules=faciles", "end=play-on", "players=Alice:B,Bob:B"],
                "options: rules=NAME and the switches",
            ),
            (
                vec!["two=some", "eight=none", "end=play-on", "players=A:B,B:B"],
                "options: `two=some`: one of none, rainbow-two,",
            ),
            (
                vec!["colour=R", "players=Alice:B,Bob:B"],
                "options: `colour=R`: no such option; the keys are rules, two,",
            ),
            (vec!["faciles"], "options: `faciles`: not KEY=VALUE"),
        ] {
            let found = Game::from_options(&strings(&options))
                .unwrap_err()
                .to_string();
            assert!(found.starts_with(error), "{options:?}: {found}");
            assert!(!found.contains('\n'), "{found}");
        }
    }

    /// The actions' tokens: card names, the colour after a colon, `d`; read back as the
    /// console reads its answers (any case, blanks around), anything else refused.
    #[test]
    fn tokens_read_as_the_console_reads_answers() {
        let variant = Variant::Completos;
        let deal = crate::files::parse_deal(
            variant,
            "2\nAlice B G8 B4 G3 Y3 G2\nBob B R1 R4 R5 R6 R7\nG1\nY1 Y2\n",
        )
        .unwrap();
        let game = deal.to_game(variant).unwrap();
        let g8b = Action::Play {
            card: "G8".parse().unwrap(),
            chosen: Some(Color::Blue),
        };
        assert_eq!(Game::token(&g8b), "G8:B");
        assert_eq!(game.parse_token("G8:B"), Ok(g8b));
        assert_eq!(game.parse_token(" g8:blue"), Ok(g8b));
        let g3 = Action::Play {
            card: "G3".parse().unwrap(),
            chosen: None,
        };
        assert_eq!(Game::token(&g3), "G3");
        assert_eq!(game.parse_token("g3"), Ok(g3));
        // The console's numbers of the plays read too: 1) G8 2) G3 3) G2.
        assert_eq!(game.parse_token("2"), Ok(g3));
        for (token, error) in [
            (
                "G8",
                "G8 names a colour here: write it after a colon, as G8:R",
            ),
            ("G3:R", "G3 names no colour here: write G3 alone"),
            ("G8:X", "'X' is not a colour"),
            ("B4", "B4 cannot be played now"),
            ("d", "You may not draw while you have a card to play"),
            ("q", "a quit is not recorded as an action"),
            ("QUIT", "a quit is not recorded as an action"),
            ("?", "`?` (the rules) is not recorded as an action"),
            ("", "'' is not a play"),
            ("R7", "R7 is not in your hand"),
            ("4", "There is no play 4"),
        ] {
            let found = game.parse_token(token).unwrap_err();
            assert!(found.starts_with(error), "{token:?}: {found}");
        }
        // Bob has nothing to play on G1 once Alice has played G3: `d` is his draw.
        let mut after = game.clone();
        after.apply(g3, &mut Vec::new()).unwrap();
        assert_eq!(Game::token(&Action::Draw), "d");
        assert_eq!(after.parse_token("D"), Ok(Action::Draw));
        assert_eq!(after.parse_token("draw"), Ok(Action::Draw));
        assert_eq!(
            after.parse_token("d:R"),
            Err("a draw names no colour".to_owned())
        );
    }

    #[test]
    fn a_bad_action_an_action_after_the_end_or_too_many_are_refused_on_one_line() {
        let (start, actions, ..) = played(Variant::Faciles, 3, 5, Some(0));
        let recording = Game::recording(&start, 5, &actions);

        let mut long = recording.clone();
        long.actions.push("d".to_owned());
        assert_eq!(
            frames(&long.to_json()).unwrap_err().to_string(),
            format!("step {}: `d`: the game is already over", long.actions.len())
        );

        let mut quit = recording.clone();
        quit.actions[0] = "q".to_owned();
        assert_eq!(
            frames(&quit.to_json()).unwrap_err().to_string(),
            "step 1: `q`: a quit is not recorded as an action"
        );

        let mut escape = recording.clone();
        escape.actions[1] = "\u{1b}[2J".to_owned();
        let error = frames(&escape.to_json()).unwrap_err().to_string();
        assert!(error.starts_with("step 2: `\\u{1b}[2J`: "), "{error}");
        assert!(
            !error.contains('\u{1b}') && !error.contains('\n'),
            "{error}"
        );

        // A card the seat holds but may not lay: read, then refused by the rules.
        let frames_ok = frames(&recording.to_json()).unwrap();
        let first = &frames_ok[1].state;
        let seat = match first.actor() {
            Actor::Seat(seat) => seat,
            other => panic!("{other:?}"),
        };
        let mut legal = Vec::new();
        first.legal_actions(&mut legal);
        if let Some(&card) = first.players()[seat].hand().iter().find(|&&card| {
            !legal
                .iter()
                .any(|a| matches!(a, Action::Play { card: c, .. } if *c == card))
        }) {
            let mut illegal = recording.clone();
            illegal.actions[0] = card.to_string();
            let error = frames(&illegal.to_json()).unwrap_err().to_string();
            assert!(
                error.starts_with(&format!("step 1: `{card}`: {card} cannot be played now")),
                "{error}"
            );
        }

        // Every game ends, so no file can go on for ever; one longer than the
        // replay keeps is refused before it is played.
        let mut endless = recording;
        endless.actions = vec!["d".to_owned(); MAX_STEPS + 1];
        assert_eq!(
            frames(&endless.to_json()).unwrap_err(),
            ReplayError::TooLong
        );
    }

    /// Each position shows on whole lines; the last one tells how the game ended, the
    /// person's seat as "you", and every hand.
    #[test]
    fn a_position_shows_the_step_the_hands_and_the_end() {
        let (start, actions, _, end, _) = played(Variant::Completos, 3, 42, Some(1));
        let frames = frames(&Game::recording(&start, 42, &actions).to_json()).unwrap();
        let text = |frame: &Frame<Game>| {
            let mut out = Vec::new();
            show(frame, &mut out).unwrap();
            String::from_utf8(out).unwrap()
        };
        let first = text(&frames[0]);
        assert!(
            first.starts_with("Ochos Locos (completos): you played Bob against Alice and Carol.\n"),
            "{first}"
        );
        assert!(first.ends_with("The cards are dealt next.\n"), "{first}");
        let dealt = text(&frames[1]);
        assert!(dealt.contains("  Bob (you): "), "{dealt}");
        let last = text(&frames[frames.len() - 1]);
        let ending = match end.outcome().unwrap() {
            cards_core::Outcome::Winner { seat: 1 } => "You win: you laid your last card!\n",
            cards_core::Outcome::Winner { .. } => " You lose.\n",
            cards_core::Outcome::NoWinner { .. } => "Nobody won: ",
        };
        assert!(last.contains(ending), "{last}");
        for player in end.players() {
            let hand: Vec<String> = player.hand().iter().map(ToString::to_string).collect();
            assert!(last.contains(&hand.join(" ")), "{last}");
        }
        // With no person, nobody is "you".
        let (start, actions, ..) = played(Variant::TakeTwo, 3, 42, None);
        let frames = super::frames(&Game::recording(&start, 42, &actions).to_json()).unwrap();
        let all: String = frames.iter().map(text).collect();
        assert!(
            all.starts_with(
                "Ochos Locos (take-two): player 1, player 2 and player 3 played, every seat by \
                 its strategy.\n"
            ),
            "{all}"
        );
        assert!(!all.contains("You") && !all.contains("you"), "{all}");
    }

    /// Issue 37: a name with a right-to-left override (or a tag character, a zero-width
    /// space) was shown raw, on every line that names it. It is written `%XX` in the
    /// file, read back the same, and shown escaped.
    #[test]
    fn invisible_characters_in_a_name_are_shown_escaped() {
        let options = vec![
            "rules=completos".to_owned(),
            "players=Ann%E2%80%AEnna:N,B\u{e0041}ob:N,Carol\u{200b}:N,Dave:S".to_owned(),
        ];
        let game = Game::from_options(&options).unwrap();
        assert_eq!(game.players()[0].name(), "Ann\u{202e}nna");
        assert_eq!(
            game.options()[1],
            "players=Ann%E2%80%AEnna:N,B%F3%A0%81%81ob:N,Carol%E2%80%8B:N,Dave:S"
        );
        let frames = frames(&Game::recording(&game, 7, &[]).to_json()).unwrap();
        let mut out = Vec::new();
        for frame in &frames {
            show(frame, &mut out).unwrap();
        }
        let out = String::from_utf8(out).unwrap();
        assert!(
            out.starts_with(
                "Ochos Locos (completos): Ann\\u{202e}nna, B\\u{e0041}ob, Carol\\u{200b} and \
                 Dave played, every seat by its strategy.\n"
            ),
            "{out}"
        );
        assert!(
            !out.contains(['\u{202e}', '\u{e0041}', '\u{200b}']),
            "{out}"
        );
        assert!(out.contains("Ann\\u{202e}nna ("), "{out}");
    }
}
