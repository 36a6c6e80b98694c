//! Ochos Locos as every front sees it ([`Face`]): its setup (a rule set or three rule
//! switches, the seats, the person's seat, a short deck), its actions as the console's
//! answers, its events as the page's lines, a seat's view, its rules and its ending.
//!
//! The setup and its `key=value` options are [`Setup`]'s.

use cards_core::face::{Face, Line, Seating, Viewer};
use cards_core::protocol::{Actor, GameState, Seat};
use cards_core::rng::rng_from_seed;
use cards_core::{Color, ColorCard};
use serde::Serialize;

use crate::console::{colors_for, offers, parse_color, parse_play};
use crate::deck::full_deck;
use crate::files::Deal;
use crate::game::{Action, Event, Game, NoWinner, Outcome, Play, Turn};
use crate::player::Player;
use crate::rules::Variant;
use crate::strategy::Strategy;

mod setup;

use setup::table;
pub use setup::{RulesChoice, Seats, Setup, rule_set, rules_name};

/// What a seat sees, as the page draws it. The card to match after an 8 is no real card
/// (an 8 of the colour named): the page is told the colour instead.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    /// The rule set's name (or the three switches).
    pub rules: String,
    /// The seat's hand, oldest card first.
    pub hand: Vec<String>,
    /// The top of the discard pile (none before the deal).
    pub discard: Option<String>,
    /// The colour named with the last 8, while it is in force (`blue`).
    pub colour: Option<&'static str>,
    /// Consecutive fresh 2s waiting for an answer.
    pub pending_twos: u8,
    /// Whether the seat to play must answer a 2.
    pub facing_two: bool,
    /// What not answering the 2s costs, said on the page ("draw 4").
    pub penalty: Option<u8>,
    /// Cards left in the deck.
    pub deck: usize,
}

/// The seats' names as a front shows them: Assignment 2 numbers its players (`1`, `2`),
/// which the page's sentences ("1 wins", "1's hand") cannot carry, so they are `Player
/// 1`, `Player 2` there, as its console says `player 1`. A name a recording gave is shown
/// with what a person cannot see in it escaped (`Ann\u{202e}`), as the terminal's replay
/// shows it.
pub fn page_names(game: &Game) -> Vec<String> {
    let numbered = rule_set(game).is_some_and(Variant::is_assignment_2);
    game.players()
        .iter()
        .map(|player| cards_core::invisible::printable(player.name()))
        .map(|name| match numbered {
            true => format!("Player {name}"),
            false => name,
        })
        .collect()
}

fn name(names: &[String], seat: Seat) -> String {
    names
        .get(seat)
        .cloned()
        .unwrap_or_else(|| format!("seat {seat}"))
}

fn ending_text(names: &[String], outcome: &Outcome) -> String {
    match outcome {
        Outcome::Winner { seat } => format!("{} wins", name(names, *seat)),
        Outcome::NoWinner {
            reason: NoWinner::DeckRanOut,
        } => "The deck ran out: nobody wins".into(),
        Outcome::NoWinner {
            reason: NoWinner::Stalemate,
        } => "Stalemate: nobody can play or draw, nobody wins".into(),
    }
}

impl Face for Game {
    const NAME: &'static str = "ochos-locos";
    const TITLE: &'static str = "Ochos Locos";
    const CHANCE_NEXT: &'static str = "The cards are dealt next";

    type Setup = Setup;
    type Bot = Strategy;
    type Memo = ();
    type View = View;

    /// The table waiting for its deal: the seats the setup names, or for a count the
    /// names and strategies `ochos-locos RULES --seed S --players N` draws (its cards are
    /// dealt again by the game's own chance node from the same seed: the same shuffle
    /// of the same sorted deck).
    fn start(setup: &Setup, person: Option<Seat>, seed: u64) -> Result<Game, String> {
        setup.check()?;
        let rules = match setup.rules {
            RulesChoice::Set(variant) => variant.rules(),
            RulesChoice::Switches(rules) => rules,
        };
        let seats = match (&setup.players, setup.rules) {
            (Some(Seats::Named(seats)), _) => seats.clone(),
            (count, RulesChoice::Set(variant)) => {
                let count = match count {
                    Some(Seats::Count(count)) => *count,
                    _ => variant.default_players(),
                };
                Deal::random(variant, count, &mut rng_from_seed(seed))
                    .map_err(|e| e.to_string())?
                    .seats
                    .into_iter()
                    .map(|seat| (seat.name, seat.strategy))
                    .collect()
            }
            (_, RulesChoice::Switches(_)) => {
                return Err("broken invariant: a checked setup of switches names its seats".into());
            }
        };
        let mut game = table(rules, &seats);
        let cards: Vec<ColorCard> = match &setup.cards {
            Some(cards) => cards.clone(),
            None => full_deck().collect(),
        };
        for card in cards {
            game.add_card(card).map_err(|e| e.to_string())?;
        }
        game.restart();
        let person = person.or(setup.human);
        if let Some(seat) = person
            && seat >= seats.len()
        {
            return Err(format!(
                "seat {seat}: the seats are 0 to {}",
                seats.len() - 1
            ));
        }
        Ok(game.with_person(person))
    }

    fn setup(&self) -> Setup {
        let rules = match rule_set(self) {
            Some(variant) => RulesChoice::Set(variant),
            None => RulesChoice::Switches(self.rules()),
        };
        let seats = self
            .players()
            .iter()
            .map(|player| (player.name().to_owned(), player.strategy()))
            .collect();
        let cards = self
            .cards_in_play()
            .filter(|cards| !cards.iter().copied().eq(full_deck()))
            .map(<[ColorCard]>::to_vec);
        Setup {
            rules,
            players: Some(Seats::Named(seats)),
            human: self.person(),
            cards,
        }
    }

    fn person(&self) -> Option<Seat> {
        Game::person(self)
    }

    fn bots(&self) -> Result<Vec<Strategy>, String> {
        Ok(self.players().iter().map(Player::strategy).collect())
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

    /// Reads a token as the console reads its answers (any case, blanks around, the
    /// numbers of the plays it lists), the colour after a colon.
    fn parse_token(&self, token: &str) -> Result<Action, String> {
        if cards_core::console::is_quit(token) {
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
        let offer = parse_play(play, &observation, &offers(&legal)).map_err(|e| e.to_string())?;
        let Some(card) = offer else {
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
                chosen: Some(parse_color(color, &colors).map_err(|e| e.to_string())?),
            }),
        }
    }

    /// The card (`R8 → blue` for an 8 that names a colour), or the draw as what it is
    /// now: the penalty of a 2, a pass at an empty deck, or a draw.
    fn label(&self, action: &Action) -> String {
        match action {
            Action::Play { card, chosen: None } => card.to_string(),
            Action::Play {
                card,
                chosen: Some(color),
            } => format!("{card} → {}", color.name()),
            Action::Draw if self.facing_two() => "Take the penalty".into(),
            Action::Draw if self.deck().is_empty() => "Pass".into(),
            Action::Draw => "Draw".into(),
        }
    }

    /// Every Ochos Locos event is public (a draw tells how many cards, never which): the
    /// viewer changes nothing.
    fn lines(&self, events: &[Event], _viewer: Viewer, out: &mut Vec<Line>) {
        let names = page_names(self);
        for event in events {
            match *event {
                Event::Dealt { discard } => out.push(
                    Line::new(
                        None,
                        "deal",
                        format!("The cards are dealt; {discard} starts the discard pile"),
                    )
                    .with_cards(vec![discard.to_string()]),
                ),
                Event::GameOver { outcome } => {
                    out.push(Line::new(None, "end", ending_text(&names, &outcome)));
                }
                Event::Turn(Turn { seat: player, play }) => {
                    let who = name(&names, player);
                    let line = match play {
                        Play::Card { card, chosen } => Line::new(
                            Some(player),
                            "played",
                            match chosen {
                                Some(color) => {
                                    format!("{who} plays {card} and names {}", color.name())
                                }
                                None => format!("{who} plays {card}"),
                            },
                        )
                        .with_cards(vec![card.to_string()]),
                        Play::Draw { drawn: 0 } => Line::new(
                            Some(player),
                            "passed",
                            format!("{who} cannot play and the deck is empty: passes"),
                        ),
                        Play::Draw { .. } => {
                            Line::new(Some(player), "drew", format!("{who} draws a card"))
                        }
                        // Said as a player would: "draws 4 cards", and only a deck
                        // that ran short makes the owed count worth telling.
                        Play::Penalty { owed, drawn } => Line::new(
                            Some(player),
                            "drew",
                            match drawn {
                                _ if drawn == owed => {
                                    format!("{who} cannot answer the 2 and draws {owed} cards")
                                }
                                0 => format!(
                                    "{who} cannot answer the 2; the deck is empty, so none of the {owed} cards owed is drawn"
                                ),
                                1 => format!(
                                    "{who} cannot answer the 2 and draws 1 card, all the deck held of the {owed} owed"
                                ),
                                _ => format!(
                                    "{who} cannot answer the 2 and draws {drawn} cards, all the deck held of the {owed} owed"
                                ),
                            },
                        ),
                    };
                    out.push(line);
                }
            }
        }
    }

    fn seating(&self) -> Vec<Seating> {
        page_names(self)
            .into_iter()
            .zip(self.players())
            .map(|(name, player)| Seating {
                name,
                plays: player.strategy().describe().into(),
                cards: Some(player.hand().len()),
                score: None,
            })
            .collect()
    }

    fn view(&self, seat: Seat, _memo: &()) -> Option<View> {
        let obs = self.observe(seat)?;
        Some(View {
            rules: rules_name(self),
            hand: obs.hand.iter().map(ToString::to_string).collect(),
            discard: obs.discard_card.map(|card| card.to_string()),
            colour: obs.chosen_color.map(Color::name),
            pending_twos: obs.pending_twos,
            facing_two: obs.facing_two(),
            penalty: obs
                .rules
                .two
                .filter(|_| obs.facing_two())
                .map(|two| two.penalty.cards(obs.pending_twos)),
            deck: obs.deck_size,
        })
    }

    fn cards(&self) -> Vec<Vec<String>> {
        self.players()
            .iter()
            .map(|player| player.hand().iter().map(ToString::to_string).collect())
            .collect()
    }

    fn rules_text(&self) -> String {
        crate::render::rules_text_of(&rules_name(self), self.rules())
    }

    fn ending(&self, outcome: &Outcome) -> String {
        ending_text(&page_names(self), outcome)
    }
}
