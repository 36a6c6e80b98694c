//! Ochos Locos on the page: any of the seven rule sets, the person at one seat and the
//! assignments' strategies at the others, or the strategies at every seat while the
//! person watches over one seat's shoulder.
//!
//! The deal is the game's one chance node, drawn from the seed exactly as `ochos-locos
//! RULES --seed S --players N` draws it (the same seats, names and strategies, the same
//! cards). The page sees `observe(seat)`: its hand, the card to match, the colour in
//! force, the 2s waiting, the deck's size and every seat's card count.

use cards_core::protocol::{ChanceSource, Driver, GameState, Seat};
use cards_core::replay::Frame;
use cards_core::rng::rng_from_seed;
use cards_core::{ColorCard, Outcome};
use ochos_locos::deck::DeckOrder;
use ochos_locos::files::{Deal, check_players};
use ochos_locos::game::{Action, Event, Game, NoWinner, Play, Turn};
use ochos_locos::{Strategy, Variant};
use serde_json::{Value, json};

use super::step::{FrameJson, Stepped, status};
use super::{
    Entry, Legal, Log, Options, OutcomeJson, PlayerJson, Snapshot, Tape, Until, action_type,
    apply_person, color_field, legal_actions, only_fields, play_on, seat_to_act, session_tape,
    string_field,
};
use crate::error::ApiError;
use crate::kind::Kind;

/// A game of Ochos Locos held by the server.
#[derive(Clone, Debug)]
pub struct Ochos {
    variant: Variant,
    game: Game,
    chance: ChanceSource<DeckOrder>,
    driver: Driver<Game>,
    tape: Tape<Game>,
    strategies: Vec<Strategy>,
    names: Vec<String>,
    seat: Seat,
    playing: bool,
}

/// The options a start request may give.
pub const OPTIONS: [&str; 4] = ["rules", "players", "seat", "watch"];

impl Ochos {
    /// What rebuilds the game for its recording: its start and every seat's action.
    pub fn tape(&self) -> &Tape<Game> {
        &self.tape
    }

    /// A new game from `options` and `seed`, played on to the person's first turn (or,
    /// watching, to the first turn); and what happened.
    pub fn new(options: Options<'_>, seed: u64) -> Result<(Ochos, Vec<Entry>), ApiError> {
        options.only(&OPTIONS)?;
        let variant: Variant = match options.string("rules")? {
            None => Variant::Completos,
            Some(name) => name
                .parse()
                .map_err(|e| ApiError::malformed(format!("rules: {e}")))?,
        };
        let players = match options.number("players")? {
            None => variant.default_players(),
            Some(n) => usize::try_from(n).unwrap_or(usize::MAX),
        };
        check_players(variant, players).map_err(|e| ApiError::malformed(e.to_string()))?;
        let seat = options.number("seat")?.unwrap_or(0);
        let seat = usize::try_from(seat)
            .ok()
            .filter(|&s| s < players)
            .ok_or_else(|| {
                ApiError::malformed(format!("seat {seat}: the seats are 0 to {}", players - 1))
            })?;
        let playing = !options.flag("watch")?.unwrap_or(false);
        // The seats, names and strategies of the command line's deal for this seed; its
        // cards are dropped here and dealt again by the game's own chance node from the
        // same seed (the same shuffle of the same sorted deck).
        let deal = Deal::random(variant, players, &mut rng_from_seed(seed))
            .map_err(|e| ApiError::malformed(e.to_string()))?;
        // The deal's table waits for its cards, all 32, in card order.
        let (game, _) = deal
            .table(variant)
            .map_err(|e| ApiError::internal(e.to_string()))?;
        // The person's seat is part of the game's recording (`human=N`), so that the
        // terminal's replay tells it as the person's game.
        let game = game.with_person(playing.then_some(seat));
        let mut ochos = Ochos {
            variant,
            tape: session_tape(&game),
            game,
            chance: ChanceSource::seeded(rng_from_seed(seed)),
            driver: Driver::new(),
            strategies: deal.seats.iter().map(|s| s.strategy).collect(),
            names: page_names(Some(variant), deal.seats.iter().map(|s| s.name.as_str())),
            seat,
            playing,
        };
        let mut log = Log::default();
        let until = if playing {
            Until::Person
        } else {
            Until::Actions(0)
        };
        ochos.play_on(until, &mut log)?;
        Ok((ochos, log.into_entries()))
    }

    /// The query of the page's address that replays this game.
    pub fn replay_query(&self) -> String {
        let mut query = format!(
            "rules={}&players={}&seat={}",
            self.variant,
            self.names.len(),
            self.seat
        );
        if !self.playing {
            query.push_str("&watch=1");
        }
        query
    }

    fn play_on(&mut self, until: Until, log: &mut Log) -> Result<(), ApiError> {
        let (seat, playing) = (self.seat, self.playing);
        let names = &self.names;
        play_on(
            &mut self.game,
            &mut self.chance,
            &mut self.driver,
            &mut self.tape,
            &mut self.strategies,
            |s| playing && s == seat,
            until,
            |_, events| entries(names, events, log),
        )
    }

    /// Carries out the page's `action`: a play or a draw at the person's turn, or
    /// (watching) `next` and `to_end`.
    pub fn act(&mut self, action: &Value) -> Result<Vec<Entry>, ApiError> {
        let kind = action_type(action, "play, draw, next or to_end")?;
        only_fields(action, &["type", "card", "colour"])?;
        let mut log = Log::default();
        match kind {
            "play" | "draw" => {
                let action = if kind == "draw" {
                    Action::Draw
                } else {
                    let text = string_field(action, "card")?;
                    let card: ColorCard = text
                        .parse()
                        .map_err(|e| ApiError::malformed(format!("card '{text}': {e}")))?;
                    Action::Play {
                        card,
                        chosen: color_field(action)?,
                    }
                };
                if !self.playing {
                    return Err(ApiError::illegal("you are watching: send next or to_end"));
                }
                let events = apply_person(&mut self.game, &mut self.tape, self.seat, action)?;
                entries(&self.names, &events, &mut log);
                self.play_on(Until::Person, &mut log)?;
            }
            "next" | "to_end" => {
                if self.playing {
                    return Err(ApiError::illegal("you play a seat: send a play or a draw"));
                }
                if self.game.outcome().is_some() {
                    return Err(ApiError::illegal("the game is over"));
                }
                let until = if kind == "next" {
                    Until::Actions(1)
                } else {
                    Until::End
                };
                self.play_on(until, &mut log)?;
            }
            other => {
                return Err(ApiError::malformed(format!(
                    "'{other}' is no action of Ochos Locos: play, draw, next or to_end"
                )));
            }
        }
        Ok(log.into_entries())
    }

    /// What the person's seat may see now.
    pub fn snapshot(&self) -> Result<Snapshot, ApiError> {
        let obs = self.game.observe(self.seat).ok_or_else(|| {
            ApiError::internal("broken invariant: the page's seat has no observation")
        })?;
        let counts: Vec<usize> = obs.card_counts().collect();
        let players = self
            .names
            .iter()
            .zip(&self.strategies)
            .enumerate()
            .map(|(s, (name, strategy))| PlayerJson {
                name: name.clone(),
                plays: if self.playing && s == self.seat {
                    "you".into()
                } else {
                    strategy.describe().into()
                },
                cards: counts.get(s).copied(),
                score: None,
            })
            .collect();
        let to_act = seat_to_act(&self.game);
        let over = self.game.outcome().is_some();
        let legal = if !self.playing {
            if over {
                Vec::new()
            } else {
                vec![
                    Legal {
                        action: json!({"type": "next"}),
                        label: "Next turn".into(),
                    },
                    Legal {
                        action: json!({"type": "to_end"}),
                        label: "Play to the end".into(),
                    },
                ]
            }
        } else if to_act == Some(self.seat) {
            legal_actions(&self.game)
                .into_iter()
                .map(|action| legal(action, obs.facing_two(), obs.deck_size))
                .collect()
        } else {
            Vec::new()
        };
        let view = view_json(self.variant, &obs);
        Ok(Snapshot {
            seat: self.seat,
            playing: self.playing,
            players,
            to_act,
            your_turn: !legal.is_empty(),
            view,
            legal,
            outcome: self.game.outcome().map(|o| outcome(&self.names, o)),
            rules_text: super::rule_sentences(&ochos_locos::render::rules_text(self.variant)),
        })
    }

    /// The game itself, every hand and the deck included: for checks of what a response
    /// may hold against the server's own game (`tests/api.rs`); never sent to a page.
    pub fn game(&self) -> &Game {
        &self.game
    }
}

/// The position as a seat sees it. The card to match after an 8 is no real card (an 8
/// of the colour named): the page is told the colour instead.
fn view_json(variant: Variant, obs: &ochos_locos::game::Observation<'_>) -> Value {
    json!({
        "rules": variant.name(),
        "hand": obs.hand.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "discard": obs.discard_card.map(|c| c.to_string()),
        "colour": obs.chosen_color.map(|c| c.name()),
        "pending_twos": obs.pending_twos,
        "facing_two": obs.facing_two(),
        // What not answering the 2s costs, said on the page ("draw 4").
        "penalty": obs.rules.two.filter(|_| obs.facing_two()).map(|two| two.penalty.cards(obs.pending_twos)),
        "deck": obs.deck_size,
    })
}

impl Stepped for Game {
    const KIND: Kind = Kind::OchosLocos;
    type Memo = ();

    /// Every event is public; `reveal` shows every hand, otherwise seat 0's only.
    fn frame(frame: &Frame<Game>, _: &mut (), reveal: bool) -> FrameJson {
        let state = &frame.state;
        let names = page_names(
            ochos_locos::replay::rule_set(state),
            state.players().iter().map(|p| p.name()),
        );
        let mut log = Log::default();
        entries(&names, &frame.events, &mut log);
        let obs = state.observe(0);
        let counts: Vec<usize> = obs
            .as_ref()
            .map(|o| o.card_counts().collect())
            .unwrap_or_default();
        let players: Vec<PlayerJson> = state
            .players()
            .iter()
            .enumerate()
            .map(|(s, player)| PlayerJson {
                name: names
                    .get(s)
                    .cloned()
                    .unwrap_or_else(|| cards_core::invisible::printable(player.name())),
                plays: player.strategy().describe().into(),
                cards: counts.get(s).copied(),
                score: None,
            })
            .collect();
        let hands = state
            .players()
            .iter()
            .enumerate()
            .map(|(s, player)| {
                (reveal || s == 0).then(|| player.hand().iter().map(ToString::to_string).collect())
            })
            .collect();
        let outcome = state.outcome().map(|o| outcome(&names, o));
        let status = status(
            state.actor(),
            outcome.as_ref(),
            &players,
            "The cards are dealt next",
        );
        FrameJson {
            log: log.into_entries(),
            to_act: seat_to_act(state),
            players,
            view: obs.map_or(Value::Null, |obs| view_json(state_variant(state), &obs)),
            hands,
            status,
            outcome,
        }
    }

    fn rules_text(start: &Game) -> Vec<String> {
        super::rule_sentences(&ochos_locos::render::rules_text(state_variant(start)))
    }
}

/// The first rule set that plays by the game's rules (two pairs share theirs, and differ
/// in the players and the deal only: a replay names the recording's own, see
/// [`crate::replay::replay_json`]).
fn state_variant(game: &Game) -> Variant {
    Variant::ALL
        .into_iter()
        .find(|v| v.rules() == game.rules())
        .unwrap_or(Variant::Completos)
}

fn legal(action: Action, facing_two: bool, deck: usize) -> Legal {
    match action {
        Action::Play { card, chosen: None } => Legal {
            action: json!({"type": "play", "card": card.to_string()}),
            label: card.to_string(),
        },
        Action::Play {
            card,
            chosen: Some(color),
        } => Legal {
            action: json!({"type": "play", "card": card.to_string(), "colour": color.letter().to_string()}),
            label: format!("{card} → {}", color.name()),
        },
        Action::Draw => Legal {
            action: json!({"type": "draw"}),
            label: if facing_two {
                "Take the penalty".into()
            } else if deck == 0 {
                "Pass".into()
            } else {
                "Draw".into()
            },
        },
    }
}

fn outcome(names: &[String], outcome: Outcome<NoWinner>) -> OutcomeJson {
    match outcome {
        Outcome::Winner { seat } => OutcomeJson {
            winner: Some(seat),
            text: format!("{} wins", name(names, seat)),
        },
        Outcome::NoWinner { reason } => OutcomeJson {
            winner: None,
            text: match reason {
                NoWinner::DeckRanOut => "The deck ran out: nobody wins".into(),
                NoWinner::Stalemate => "Stalemate: nobody can play or draw, nobody wins".into(),
            },
        },
    }
}

fn name(names: &[String], seat: Seat) -> String {
    names
        .get(seat)
        .cloned()
        .unwrap_or_else(|| format!("seat {seat}"))
}

/// The public lines of `events`: every Ochos Locos event is public (a draw tells how
/// many cards, never which).
fn entries(names: &[String], events: &[Event], log: &mut Log) {
    for event in events {
        match *event {
            Event::Dealt { discard } => log.push(
                Entry::new(
                    None,
                    "deal",
                    format!("The cards are dealt; {discard} starts the discard pile"),
                )
                .with_cards(vec![discard.to_string()]),
            ),
            Event::Turn(Turn {
                player,
                play,
                outcome: end,
            }) => {
                let who = name(names, player);
                let entry = match play {
                    Play::Card { card, chosen } => Entry::new(
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
                    Play::Draw { drawn: 0 } => Entry::new(
                        Some(player),
                        "passed",
                        format!("{who} cannot play and the deck is empty: passes"),
                    ),
                    Play::Draw { .. } => {
                        Entry::new(Some(player), "drew", format!("{who} draws a card"))
                    }
                    Play::Penalty { owed, drawn } => Entry::new(
                        Some(player),
                        "drew",
                        format!("{who} cannot answer the 2 and draws {drawn} of {owed}"),
                    ),
                };
                log.push(entry);
                if let Some(end) = end {
                    log.push(Entry::new(None, "end", outcome(names, end).text));
                }
            }
        }
    }
}

/// The seats' names as the page shows them: Assignment 2 numbers its players (`1`, `2`),
/// which the page's sentences ("1 wins", "1's hand") cannot carry, so they are
/// `Player 1`, `Player 2` there, as its console says `player 1`. A name a recording gave
/// is shown with what a person cannot see in it escaped (`Ann\u{202e}`), as the
/// terminal's replay shows it.
fn page_names<'a>(variant: Option<Variant>, names: impl Iterator<Item = &'a str>) -> Vec<String> {
    names
        .map(cards_core::invisible::printable)
        .map(|name| match variant.is_some_and(Variant::is_assignment_2) {
            true => format!("Player {name}"),
            false => name,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    /// The page's game of a seed is the command line's: `ochos-locos RULES --seed S
    /// --players N` deals the same cards to the same seats, names and strategies.
    #[test]
    fn a_seed_deals_what_the_command_line_deals() {
        for variant in Variant::ALL {
            for seed in 0..20 {
                let players = variant.default_players();
                let options = json!({"rules": variant.name(), "watch": true});
                let Value::Object(options) = options else {
                    unreachable!()
                };
                let (ochos, _) = Ochos::new(Options(&options), seed).unwrap();
                let deal = Deal::random(variant, players, &mut rng_from_seed(seed)).unwrap();
                let game = ochos.game();
                for (player, seat) in game.players().iter().zip(&deal.seats) {
                    assert_eq!(player.hand(), &seat.hand[..], "{variant} {seed}");
                    assert_eq!(player.name(), seat.name);
                    assert_eq!(player.strategy(), seat.strategy);
                }
                assert_eq!(game.discard_card(), Some(deal.discard));
                assert_eq!(game.deck().iter().copied().collect::<Vec<_>>(), deal.deck);
            }
        }
    }
}
