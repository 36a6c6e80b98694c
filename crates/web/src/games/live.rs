//! One live game of any of the four, written once over the game's face
//! ([`cards_core::face::Face`]): its start from a request's options, the computer's seats
//! played through the protocol's [`Driver`] up to the person's turn, the page's actions
//! read as the game's own (serde) action objects, and what the person's seat may see.
//!
//! What the server adds to a game is the session's: the person's `seat` (or `watch`, the
//! computer at every seat while the person looks over one seat's shoulder, stepping with
//! `next` and `to_end`), and for a game where nobody has a choice (War, whose person
//! turns the cards for the whole table, [`Face::TABLE_TURNS`]) a `count` of turns and
//! `to_end`.

use cards_core::face::{Face, Line, Viewer, setup_from_map};
use cards_core::protocol::{Actor, ChanceSource, Driver, Seat};
use cards_core::replay::Frame;
use cards_core::rng::rng_from_seed;
use serde_json::{Map, Value, json};

use super::step::{FrameJson, status};
use super::{
    Entry, Legal, Log, Options, OutcomeJson, PlayerJson, Snapshot, Tape, Until, apply_person,
    legal_actions, play_on, seat_to_act, session_tape,
};
use crate::error::ApiError;

/// The most turns one request may ask for with `count` (`to_end` is bounded by the
/// game's own cap).
pub const MAX_COUNT: u64 = 10_000;

/// The options of a start request that are the session's, not the game's.
const SESSION_OPTIONS: [&str; 2] = ["seat", "watch"];

/// A live game of `G` as the server holds it.
#[derive(Clone, Debug)]
pub struct Live<G: Face> {
    /// The options the start request gave, as the page's address repeats them.
    query: String,
    /// The rule set the start request named (`more-the-merrier`), which the page shows
    /// where the game's rules alone could name two (a three-player `more-the-merrier`
    /// plays `going-wild`'s rules), as a replay shows the recording's own.
    rules: Option<String>,
    game: G,
    chance: ChanceSource<G::Chance>,
    driver: Driver<G>,
    tape: Tape<G>,
    bots: Vec<G::Bot>,
    memo: G::Memo,
    seat: Seat,
    playing: bool,
}

impl<G: Face> Live<G> {
    /// A new game from a start request's `options` and `seed`, played on to the person's
    /// first turn (or, watching, to the first turn); and what happened.
    pub fn new(options: &Map<String, Value>, seed: u64) -> Result<(Live<G>, Vec<Entry>), ApiError> {
        let session = Options(options);
        let seat = session.number("seat")?.unwrap_or(0);
        let playing = !session.flag("watch")?.unwrap_or(false);
        let mut fields = options.clone();
        for key in SESSION_OPTIONS {
            fields.remove(key);
        }
        let setup: G::Setup =
            setup_from_map(fields).map_err(|e| ApiError::malformed(format!("options: {e}")))?;
        let seat = usize::try_from(seat).unwrap_or(usize::MAX);
        let game = G::start(&setup, playing.then_some(seat), seed).map_err(ApiError::malformed)?;
        if seat >= game.seats() {
            return Err(ApiError::malformed(format!(
                "seat {seat}: the seats are 0 to {}",
                game.seats().saturating_sub(1)
            )));
        }
        let bots = game.bots().map_err(ApiError::internal)?;
        let mut live = Live {
            query: query(options),
            rules: options
                .get("rules")
                .and_then(Value::as_str)
                .map(str::to_owned),
            tape: session_tape(&game),
            chance: ChanceSource::seeded(rng_from_seed(seed)),
            driver: Driver::new(),
            bots,
            memo: G::Memo::default(),
            seat,
            playing,
            game,
        };
        let mut log = Log::default();
        for line in live.game.opening() {
            log.push(line);
        }
        let until = if playing {
            Until::Person
        } else {
            Until::Actions(0)
        };
        live.play_on(until, &mut log)?;
        Ok((live, log.into_entries()))
    }

    /// What rebuilds the game for its recording: its start and every seat's action.
    pub fn tape(&self) -> &Tape<G> {
        &self.tape
    }

    /// The game itself, every hand and the deck included: for checks of what a response
    /// may hold against the server's own game (`tests/api.rs`); never sent to a page.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The query of the page's address that starts this game again: the options the
    /// start request gave, the session's `seat` and `watch` among them.
    pub fn replay_query(&self) -> String {
        self.query.clone()
    }

    /// Whether the person acts at `seat`'s turn: their own seat, or every seat in a game
    /// where the person turns the cards for the table.
    fn persons_turn(&self, seat: Seat) -> bool {
        self.playing && (seat == self.seat || G::TABLE_TURNS.is_some())
    }

    fn viewer(&self) -> Viewer {
        Viewer::Seat(self.seat)
    }

    fn play_on(&mut self, until: Until, log: &mut Log) -> Result<(), ApiError> {
        let (seat, playing, table) = (self.seat, self.playing, G::TABLE_TURNS.is_some());
        let viewer = self.viewer();
        let memo = &mut self.memo;
        play_on(
            &mut self.game,
            &mut self.chance,
            &mut self.driver,
            &mut self.tape,
            &mut self.bots,
            |s| playing && (s == seat || table),
            until,
            |game, events| tell(game, events, viewer, memo, log),
        )
    }

    /// Carries out the page's `action`: one of the game's own action objects at the
    /// person's turn (with a `count` of turns where the person turns the cards for the
    /// table), or `to_end`; watching, `next` and `to_end`.
    pub fn act(&mut self, action: &Value) -> Result<Vec<Entry>, ApiError> {
        let Some(fields) = action.as_object() else {
            return Err(ApiError::malformed(
                "an action is a JSON object, like {\"type\": \"draw\"}",
            ));
        };
        let kind = fields
            .get("type")
            .and_then(Value::as_str)
            .ok_or_else(|| ApiError::malformed("an action is an object with a \"type\""))?;
        let mut log = Log::default();
        match kind {
            "next" | "to_end" if !self.playing => {
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
            "to_end" if G::TABLE_TURNS.is_some() => self.repeat(None, u64::MAX, &mut log)?,
            "next" | "to_end" => {
                return Err(ApiError::illegal(
                    "you play a seat: send one of your actions",
                ));
            }
            _ => {
                // The game's own action first: a request that is none is malformed,
                // whoever sends it; a real one may still not be the sender's to make.
                let (action, count) = self.read_action(fields)?;
                if !self.playing {
                    return Err(ApiError::illegal("you are watching: send next or to_end"));
                }
                self.repeat(Some(action), count, &mut log)?;
            }
        }
        Ok(log.into_entries())
    }

    /// One of the game's action objects (its serde shape: `{"type": "play", "card":
    /// "R8"}`), and, where the person turns the cards for the table, its `count`. A field
    /// the action does not have is refused, not ignored: a typo must not change nothing.
    fn read_action(&self, fields: &Map<String, Value>) -> Result<(G::Action, u64), ApiError> {
        let mut fields = fields.clone();
        let count = match fields.remove("count") {
            None | Some(Value::Null) => 1,
            Some(_) if G::TABLE_TURNS.is_none() => {
                return Err(unknown_field("count", G::TITLE));
            }
            Some(n) => n
                .as_u64()
                .filter(|n| (1..=MAX_COUNT).contains(n))
                .ok_or_else(|| {
                    ApiError::malformed(format!("\"count\" is a number of turns, 1 to {MAX_COUNT}"))
                })?,
        };
        let action: G::Action = serde_json::from_value(Value::Object(fields.clone()))
            .map_err(|e| ApiError::malformed(format!("no action of {}: {e}", G::TITLE)))?;
        // The fields the action has are those it is written with.
        let written = serde_json::to_value(action)
            .map_err(|e| ApiError::internal(format!("an action could not be written: {e}")))?;
        if let Some(key) = fields
            .iter()
            .find(|(key, value)| !value.is_null() && written.get(key.as_str()).is_none())
            .map(|(key, _)| key)
        {
            return Err(unknown_field(key, G::TITLE));
        }
        Ok((action, count))
    }

    /// The person's `action` (`None`: the one action a turn allows) `count` times, each
    /// followed by the computer's turns, stopping early at the end of the game.
    fn repeat(
        &mut self,
        action: Option<G::Action>,
        count: u64,
        log: &mut Log,
    ) -> Result<(), ApiError> {
        for done in 0..count {
            let seat = match self.game.actor() {
                Actor::Seat(seat) if self.persons_turn(seat) => seat,
                Actor::Over if done > 0 => return Ok(()),
                Actor::Over => return Err(ApiError::illegal("the game is over")),
                _ => return Err(ApiError::illegal("it is not your turn")),
            };
            let action = match action {
                Some(action) => action,
                None => match legal_actions(&self.game)[..] {
                    [only] => only,
                    _ => return Err(ApiError::illegal("you have a choice to make")),
                },
            };
            let events = apply_person(&mut self.game, &mut self.tape, seat, action)?;
            let viewer = self.viewer();
            tell(&self.game, &events, viewer, &mut self.memo, log);
            self.play_on(Until::Person, log)?;
        }
        Ok(())
    }

    /// What the person's seat may see now.
    pub fn snapshot(&self) -> Result<Snapshot, ApiError> {
        let view = self.game.view(self.seat, &self.memo).ok_or_else(|| {
            ApiError::internal("broken invariant: the page's seat has no observation")
        })?;
        let mut view = serde_json::to_value(view)
            .map_err(|e| ApiError::internal(format!("the view could not be written: {e}")))?;
        if let (Some(named), Some(rules)) = (&self.rules, view.get_mut("rules")) {
            *rules = Value::from(named.as_str());
        }
        let players = players(&self.game, self.playing.then_some(self.seat));
        let to_act = seat_to_act(&self.game);
        let legal = match to_act {
            _ if self.game.outcome().is_some() => Vec::new(),
            _ if !self.playing => vec![
                Legal {
                    action: json!({"type": "next"}),
                    label: "Next turn".into(),
                },
                Legal {
                    action: json!({"type": "to_end"}),
                    label: "Play to the end".into(),
                },
            ],
            Some(seat) if self.persons_turn(seat) => self.legal()?,
            _ => Vec::new(),
        };
        Ok(Snapshot {
            seat: self.seat,
            playing: self.playing,
            players,
            to_act,
            your_turn: !legal.is_empty(),
            view,
            legal,
            outcome: self.game.outcome().map(|o| outcome(&self.game, &o)),
            rules_text: super::rule_sentences(&self.game.rules_text()),
        })
    }

    /// The person's legal actions as the page's buttons (and, where the person turns
    /// the cards for the table, ten turns and the rest of the game).
    fn legal(&self) -> Result<Vec<Legal>, ApiError> {
        let mut legal = Vec::new();
        for action in legal_actions(&self.game) {
            legal.push(Legal {
                action: serde_json::to_value(action).map_err(|e| {
                    ApiError::internal(format!("an action could not be written: {e}"))
                })?,
                label: self.game.label(&action),
            });
        }
        if let (Some(turns), [only]) = (G::TABLE_TURNS, &legal[..]) {
            let mut ten = only.action.clone();
            if let Some(fields) = ten.as_object_mut() {
                fields.insert("count".into(), json!(10));
            }
            legal.push(Legal {
                action: ten,
                label: format!("10 {turns}"),
            });
            legal.push(Legal {
                action: json!({"type": "to_end"}),
                label: "To the end".into(),
            });
        }
        Ok(legal)
    }
}

/// A start request's options as an address's query (`rules=uno&players=4`), each value
/// as text (a number as its digits, `true` as `1`), escaped.
fn query(options: &Map<String, Value>) -> String {
    let parts: Vec<String> = options
        .iter()
        .filter_map(|(key, value)| {
            let value = match value {
                Value::Null => return None,
                Value::String(text) => text.clone(),
                Value::Bool(true) => "1".to_owned(),
                Value::Bool(false) => "0".to_owned(),
                other => other.to_string(),
            };
            Some(query_part(key, &value))
        })
        .collect();
    parts.join("&")
}

/// `key=value` as a part of an address's query, the value escaped.
fn query_part(key: &str, value: &str) -> String {
    let mut out = format!("{key}=");
    for byte in value.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' | b',' | b':' => {
                out.push(char::from(byte));
            }
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    out
}

/// A field an action of the game does not have, refused.
fn unknown_field(key: &str, title: &str) -> ApiError {
    ApiError::malformed(format!(
        "unknown field \"{}\" (no action of {title} has it)",
        cards_core::input::quoted(key)
    ))
}

/// The lines of one step as `viewer` may know them, into `log`; and what the view keeps.
fn tell<G: Face>(game: &G, events: &[G::Event], viewer: Viewer, memo: &mut G::Memo, log: &mut Log) {
    G::remember(memo, events);
    let mut lines = Vec::new();
    game.lines(events, viewer, &mut lines);
    for line in lines {
        log.push(line);
    }
}

/// The players as the page shows them: `you` at the person's seat.
fn players<G: Face>(game: &G, person: Option<Seat>) -> Vec<PlayerJson> {
    game.seating()
        .into_iter()
        .enumerate()
        .map(|(seat, mut seating)| {
            if Some(seat) == person {
                seating.plays = "you".into();
            }
            seating
        })
        .collect()
}

fn outcome<G: Face>(game: &G, outcome: &cards_core::Outcome<G::NoWinner>) -> OutcomeJson {
    OutcomeJson {
        winner: outcome.winner(),
        text: game.ending(outcome),
    }
}

/// One position of a replay as the page draws it: the step's lines (every card shown
/// with `reveal`, otherwise what seat 0 saw), and the position after it.
pub fn frame<G: Face>(frame: &Frame<G>, memo: &mut G::Memo, reveal: bool) -> FrameJson {
    let state = &frame.state;
    let viewer = if reveal { Viewer::All } else { Viewer::Seat(0) };
    let mut log = Log::default();
    tell(state, &frame.events, viewer, memo, &mut log);
    // The seat the recording says a person played is "you", as on the live page.
    let players = players(state, state.person());
    let outcome = state.outcome().map(|o| outcome(state, &o));
    let hands = state.cards_seen(viewer);
    let view = state
        .view(0, memo)
        .and_then(|view| serde_json::to_value(view).ok())
        .unwrap_or(Value::Null);
    FrameJson {
        log: log.into_entries(),
        to_act: seat_to_act(state),
        status: status(state.actor(), outcome.as_ref(), &players, G::CHANCE_NEXT),
        players,
        view,
        hands,
        outcome,
    }
}

/// The lines of a game's start (before its first step).
pub fn opening<G: Face>(start: &G) -> Vec<Line> {
    start.opening()
}
