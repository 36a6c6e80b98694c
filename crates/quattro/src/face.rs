//! Quattro as every front sees it: the one [`Face`] of the game (see
//! [`cards_core::face`]). The web page, the recordings (`--record FILE`,
//! `quattro replay FILE`) and, later, the Python module and the graders set the game up,
//! read and write its actions, and tell what happened through this file only.
//!
//! - **Setup** ([`Setup`]): `rules` (`quattro` or `uno`, the [`Variant`]) and
//!   `max-turns` (the turn limit), together the game's [`Rules`]; and the table, one
//!   option a seat in seat order, `seat1` to `seat4`, each `human:NAME` or
//!   `bot:Player K` ([`Seated`]). These are the options of every recording Quattro ever
//!   wrote, so an old recording replays. Left out of a web request: the Quattro deck,
//!   [`Rules::DEFAULT_MAX_TURNS`], and the table of the person at their seat (named
//!   `You`) against the bots, or four bots with nobody playing; a recording names them
//!   all (`cards_core::replay::play_back`). A table is named whole or not at all: three
//!   seats of four describe no game.
//! - **Actions**: a token is what the person types at the move question, for every seat:
//!   a card's code (`R5`, `b+2`: any case), `d` for a draw, and a wild card with the
//!   colour it names, `W:G`, `W+4:b` (a wild card played as the last card names none:
//!   `W`). As JSON (the page's), an [`Action`] is `{"type": "play", "card": "W",
//!   "colour": "G"}` or `{"type": "draw"}`.
//! - **Lines**: one a card played, a colour named, a draw, a penalty, a skip, a reversal,
//!   a reshuffle, a pass, the deal and the end. A card another seat draws is never named
//!   to a seat: only to the one who drew it, or to a viewer shown every hand.
//! - **View** ([`View`]): the seat's hand sorted as the legal moves are, the top card,
//!   the colour to follow, the draw pile's size, the direction and who plays next.

use std::fmt;
use std::str::FromStr;

use cards_core::console::is_quit;
use cards_core::face::{Face, Line, Seating, Viewer, text};
use cards_core::input::quoted;
use cards_core::names::RuleSet;
use cards_core::protocol::{Actor, GameState, Seat};
use serde::{Deserialize, Serialize};

use crate::card::Card;
use crate::console;
use crate::error::{SetupError, validate_name};
use crate::game::{Action, Event, Game, NoWinner, Outcome};
use crate::player::Player;
use crate::render;
use crate::rules::{PLAYERS, Rules, Variant};
use crate::strategy::Bot;

/// What a Quattro game is built from: its options in a recording (`rules=uno`,
/// `max-turns=1000`, `seat1=human:Ann`, …) and in a web request (`{"rules": "uno"}`).
/// A field left out takes the default the [module](self) names.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Setup {
    /// The rule set: `quattro` or `uno`.
    #[serde(with = "text::option", skip_serializing_if = "Option::is_none")]
    pub rules: Option<Variant>,
    /// The turn limit (`--max-turns`).
    #[serde(
        rename = "max-turns",
        with = "turn_limit",
        skip_serializing_if = "Option::is_none"
    )]
    pub max_turns: Option<u32>,
    /// Who sits in seat 1.
    #[serde(with = "text::option", skip_serializing_if = "Option::is_none")]
    pub seat1: Option<Seated>,
    /// Who sits in seat 2.
    #[serde(with = "text::option", skip_serializing_if = "Option::is_none")]
    pub seat2: Option<Seated>,
    /// Who sits in seat 3.
    #[serde(with = "text::option", skip_serializing_if = "Option::is_none")]
    pub seat3: Option<Seated>,
    /// Who sits in seat 4.
    #[serde(with = "text::option", skip_serializing_if = "Option::is_none")]
    pub seat4: Option<Seated>,
}

impl Setup {
    /// The setup of a bots' game of `rules`, the table left to its default (four bots
    /// when nobody plays).
    pub fn of(rules: Rules) -> Setup {
        Setup {
            rules: Some(rules.variant()),
            max_turns: Some(rules.max_turns()),
            ..Setup::default()
        }
    }

    /// The game this setup describes, before its deal ([`Face::start`]): the table it
    /// names; with none named, `person` at their seat (named `You`) against the bots, or,
    /// with nobody playing, four bots (`Player 1` to `Player 4`, as `quattro --bots 4`).
    /// Nothing is left to chance.
    pub fn game(&self, person: Option<Seat>) -> Result<Game, SetupError> {
        if let Some(seat) = person.filter(|&seat| seat >= PLAYERS) {
            return Err(SetupError::NoSuchSeat(seat));
        }
        let seats = [&self.seat1, &self.seat2, &self.seat3, &self.seat4];
        let players: [Player; PLAYERS] = if seats.iter().all(|seat| seat.is_none()) {
            std::array::from_fn(|seat| {
                if person == Some(seat) {
                    Player::human("You")
                } else {
                    Player::bot(seat)
                }
            })
        } else {
            if let Some(missing) = seats.iter().position(|seat| seat.is_none()) {
                return Err(SetupError::Missing(missing));
            }
            // Every seat is named (checked above): the fallback bot is never seated.
            let players = seats.map(|seated| {
                seated
                    .as_ref()
                    .map_or_else(|| Player::bot(0), Seated::player)
            });
            if let Some(seat) = person.filter(|&seat| !players[seat].is_human()) {
                return Err(SetupError::BotSeat(seat));
            }
            players
        };
        let rules = Rules::new(self.rules.unwrap_or_default())
            .with_max_turns(self.max_turns.unwrap_or(Rules::DEFAULT_MAX_TURNS));
        Ok(Game::new(rules, players))
    }
}

/// Who sits in a seat, as a setup names them: `human:NAME` (a name the console takes,
/// since a replay prints it at the terminal) or `bot:Player K` (a bot is always named
/// after a seat, [`Player::bot`], its own or another's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seated {
    /// A person, by name.
    Human(String),
    /// A bot named after seat `K` (counting from 0): `bot:Player K+1`.
    Bot(Seat),
}

impl Seated {
    /// The player who starts a game in this seat, with no cards yet.
    pub fn player(&self) -> Player {
        match self {
            Seated::Human(name) => Player::human(name.as_str()),
            Seated::Bot(named_after) => Player::bot(*named_after),
        }
    }

    /// Who sits as `player`.
    pub fn of(player: &Player) -> Seated {
        if player.is_human() {
            return Seated::Human(player.name().to_owned());
        }
        // A bot is only ever made by `Player::bot`, so its name gives its number back.
        let number = player
            .name()
            .strip_prefix("Player ")
            .and_then(|number| number.parse::<usize>().ok())
            .unwrap_or(1);
        Seated::Bot(number.saturating_sub(1))
    }
}

impl fmt::Display for Seated {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Seated::Human(name) => write!(f, "human:{name}"),
            Seated::Bot(named_after) => write!(f, "bot:Player {}", named_after + 1),
        }
    }
}

impl FromStr for Seated {
    type Err = SetupError;

    fn from_str(value: &str) -> Result<Seated, SetupError> {
        match value.split_once(':') {
            Some(("human", name)) => match validate_name(name)? {
                valid if valid == name => Ok(Seated::Human(valid)),
                _ => Err(SetupError::NameBlanks),
            },
            Some(("bot", name)) => name
                .strip_prefix("Player ")
                .and_then(|number| number.parse::<usize>().ok())
                .filter(|&number| number >= 1)
                .map(|number| Seated::Bot(number - 1))
                // `Player 02` and `Player +2` read as 2, but are no bot's name.
                .filter(|bot| bot.player().name() == name)
                .ok_or(SetupError::BotName),
            _ => Err(SetupError::Seat),
        }
    }
}

/// The turn limit: a `u32` whose refusal says what is wanted (a bare "invalid digit"
/// would not), as the recordings before the face said it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct TurnLimit(u32);

impl FromStr for TurnLimit {
    type Err = SetupError;

    fn from_str(text: &str) -> Result<TurnLimit, SetupError> {
        text.parse()
            .map(TurnLimit)
            .map_err(|_| SetupError::TurnLimit)
    }
}

/// The `max-turns` field, through [`TurnLimit`].
mod turn_limit {
    use cards_core::face::text;
    use serde::{Deserializer, Serializer};

    pub(super) fn serialize<S: Serializer>(limit: &Option<u32>, out: S) -> Result<S::Ok, S::Error> {
        text::option::serialize(limit, out)
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(
        input: D,
    ) -> Result<Option<u32>, D::Error> {
        text::deserialize(input).map(|super::TurnLimit(limit)| Some(limit))
    }
}

/// What a seat sees of the table, as the page shows it: [`Face::view`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    /// The rule set's name (`quattro`, `uno`).
    pub rules: &'static str,
    /// The seat's cards in the order of the legal moves: number cards, action cards,
    /// wild cards.
    pub hand: Vec<String>,
    /// The top card of the discard pile.
    pub top: String,
    /// The colour to follow, by name (`red`).
    pub colour: &'static str,
    /// How many cards the draw pile holds.
    pub draw_pile: usize,
    /// Whether play goes up the seats.
    pub clockwise: bool,
    /// The seat that plays after this one.
    pub next: Seat,
}

/// The codes of `cards` in the order of the legal moves (number cards, then action cards,
/// then wild cards; by colour in rainbow order).
fn sorted(cards: &[Card]) -> Vec<String> {
    let mut cards = cards.to_vec();
    cards.sort();
    cards.iter().map(ToString::to_string).collect()
}

impl Game {
    /// The seat the person who is `viewer` plays: the viewer's own, or, for a viewer
    /// shown every hand, the first seat a person plays.
    fn you(&self, viewer: Viewer) -> Option<Seat> {
        match viewer {
            Viewer::Seat(seat) => Some(seat),
            Viewer::All => self.person(),
        }
    }

    /// The name of `seat` (a seat past the table is named by its number).
    fn name_of(&self, seat: Seat) -> String {
        self.players()
            .get(seat)
            .map_or_else(|| format!("seat {seat}"), |p| p.name().to_owned())
    }

    /// `Player 2 plays`, `You play`.
    fn says(&self, you: Option<Seat>, seat: Seat, verb: &str, your_verb: &str) -> String {
        if you == Some(seat) {
            format!("You {your_verb}")
        } else {
            format!("{} {verb}", self.name_of(seat))
        }
    }

    /// The line of one event, as `viewer` may know it.
    fn line(&self, event: &Event, viewer: Viewer) -> Line {
        let you = self.you(viewer);
        let codes = |cards: &[Card]| cards.iter().map(ToString::to_string).collect();
        // "draws 4 cards", as a person says it, not "draws 4".
        let count_of = |n: usize| match n {
            1 => "1 card".to_owned(),
            n => format!("{n} cards"),
        };
        match *event {
            Event::Dealt { top } => Line::new(
                None,
                "deal",
                format!("The cards are dealt; {top} is turned up"),
            )
            .with_cards(vec![top.to_string()]),
            Event::Played { seat, card } => Line::new(
                Some(seat),
                "played",
                format!("{} {card}", self.says(you, seat, "plays", "play")),
            )
            .with_cards(vec![card.to_string()]),
            Event::ColorNamed { seat, color } => Line::new(
                Some(seat),
                "colour",
                format!("{} {}", self.says(you, seat, "names", "name"), color.name()),
            ),
            Event::Reshuffled { cards } => Line::new(
                None,
                "reshuffled",
                format!("The discards are shuffled into a new draw pile of {cards}"),
            ),
            Event::Drew { seat, card } if you == Some(seat) => {
                Line::new(Some(seat), "drew", format!("You draw {card}"))
                    .with_cards(vec![card.to_string()])
            }
            Event::Drew { seat, card } if viewer.sees(seat) => Line::new(
                Some(seat),
                "drew",
                format!("{} draws {card}", self.name_of(seat)),
            )
            .with_cards(vec![card.to_string()]),
            Event::Drew { seat, .. } => Line::new(
                Some(seat),
                "drew",
                format!("{} draws a card", self.name_of(seat)),
            ),
            Event::Passed { seat } => Line::new(
                Some(seat),
                "passed",
                format!(
                    "{} cannot play or draw: {}",
                    self.name_of(seat),
                    if you == Some(seat) {
                        "you pass"
                    } else {
                        "passes"
                    }
                ),
            ),
            Event::Reversed { clockwise } => Line::new(
                None,
                "reversed",
                if clockwise {
                    "Play goes up the seats again"
                } else {
                    "Play goes the other way"
                },
            ),
            Event::DrewPenalty { seat, cards } if you == Some(seat) => Line::new(
                Some(seat),
                "drew",
                format!("You draw {} as a penalty", count_of(cards.cards().len())),
            )
            .with_cards(codes(cards.cards())),
            Event::DrewPenalty { seat, cards } => {
                let line = Line::new(
                    Some(seat),
                    "drew",
                    format!(
                        "{} draws {} as a penalty",
                        self.name_of(seat),
                        count_of(cards.cards().len())
                    ),
                );
                if viewer.sees(seat) {
                    line.with_cards(codes(cards.cards()))
                } else {
                    line
                }
            }
            Event::Skipped { seat } => Line::new(
                Some(seat),
                "skipped",
                format!("{} a turn", self.says(you, seat, "misses", "miss")),
            ),
            Event::GameOver { outcome: end } => Line::new(None, "end", self.ending(&end)),
        }
    }
}

impl Face for Game {
    const NAME: &'static str = "quattro";
    const TITLE: &'static str = "Quattro";
    const CHANCE_NEXT: &'static str = "The cards are shuffled and dealt next";

    type Setup = Setup;
    type Bot = Bot;
    type Memo = ();
    type View = View;

    /// [`Setup::game`]: nothing is left to chance, so `seed` is not used.
    fn start(setup: &Setup, person: Option<Seat>, _seed: u64) -> Result<Game, String> {
        setup.game(person).map_err(|error| error.to_string())
    }

    fn setup(&self) -> Setup {
        let [seat1, seat2, seat3, seat4] = self.players().each_ref().map(Seated::of);
        Setup {
            rules: Some(self.rules().variant()),
            max_turns: Some(self.rules().max_turns()),
            seat1: Some(seat1),
            seat2: Some(seat2),
            seat3: Some(seat3),
            seat4: Some(seat4),
        }
    }

    fn person(&self) -> Option<Seat> {
        self.players().iter().position(Player::is_human)
    }

    fn bots(&self) -> Result<Vec<Bot>, String> {
        Ok(vec![Bot; PLAYERS])
    }

    /// The answer that takes the action at the move question: the card's code, `d` for
    /// a draw, `W:G` for a wild card naming green.
    fn token(action: &Action) -> String {
        match *action {
            Action::Draw => "d".to_owned(),
            Action::Play { card, color: None } => card.to_string(),
            Action::Play {
                card,
                color: Some(color),
            } => format!("{card}:{}", color.letter()),
        }
    }

    /// Reads a token as the console reads the answer at the move question, refusing
    /// with the console's reasons (a card not held, one that does not match, a draw
    /// while holding a playable card); a quit or `?` is no action.
    fn parse_token(&self, token: &str) -> Result<Action, String> {
        if is_quit(token) {
            return Err("a quit is not recorded as an action".to_owned());
        }
        if token.trim() == "?" {
            return Err("`?` shows the rules: it is not recorded as an action".to_owned());
        }
        let view = match self.actor() {
            Actor::Seat(seat) => self.view(seat),
            Actor::Chance | Actor::Over => None,
        }
        .ok_or("nobody is to move here")?;
        let (answer, color) = match token.split_once(':') {
            Some((answer, color)) => (answer, Some(color)),
            None => (token, None),
        };
        let action = console::parse_selection(answer, &view).map_err(|error| error.to_string())?;
        let action = match (action, color) {
            (Action::Play { card, color: None }, Some(color)) => Action::Play {
                card,
                color: Some(console::parse_color(color).map_err(|error| error.to_string())?),
            },
            (Action::Draw, Some(_)) => return Err("a draw names no colour".to_owned()),
            (action, _) => action,
        };
        // A wild card without its colour, or a colour after another card.
        view.check_action(action)
            .map_err(|error| error.to_string())?;
        Ok(action)
    }

    /// The card's code (`R5`), with the colour a wild card names (`W → green`), or
    /// `Draw`.
    fn label(&self, action: &Action) -> String {
        match *action {
            Action::Play { card, color: None } => card.to_string(),
            Action::Play {
                card,
                color: Some(color),
            } => format!("{card} → {}", color.name()),
            Action::Draw => "Draw".to_owned(),
        }
    }

    fn lines(&self, events: &[Event], viewer: Viewer, out: &mut Vec<Line>) {
        out.extend(events.iter().map(|event| self.line(event, viewer)));
    }

    fn seating(&self) -> Vec<Seating> {
        self.players()
            .iter()
            .map(|player| Seating {
                name: quoted(player.name()).to_string(),
                plays: if player.is_human() { "person" } else { "bot" }.to_owned(),
                cards: Some(player.hand().len()),
                score: None,
            })
            .collect()
    }

    fn view(&self, seat: Seat, _: &()) -> Option<View> {
        let seen = self.observe(seat)?;
        Some(View {
            rules: seen.rules.variant().name(),
            hand: sorted(seen.hand),
            top: seen.top.to_string(),
            colour: seen.color.name(),
            draw_pile: seen.draw_pile,
            clockwise: seen.clockwise,
            next: seen.next_seat(),
        })
    }

    fn cards(&self) -> Vec<Vec<String>> {
        self.players().iter().map(|p| sorted(p.hand())).collect()
    }

    fn rules_text(&self) -> String {
        render::rules_text(self.rules())
    }

    /// `You win!` for the person's seat, `Player 2 wins` for another; or why nobody won.
    fn ending(&self, outcome: &Outcome) -> String {
        match *outcome {
            Outcome::Winner { seat } if self.person() == Some(seat) => "You win!".to_owned(),
            Outcome::Winner { seat } => format!("{} wins", self.name_of(seat)),
            Outcome::NoWinner {
                reason: NoWinner::EveryonePassed,
            } => "Everyone passed in a row: nobody wins".to_owned(),
            Outcome::NoWinner {
                reason: NoWinner::TurnLimit(turns),
            } => format!("The turn limit ({turns}) was reached: nobody wins"),
        }
    }
}
