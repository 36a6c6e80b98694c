//! War on the page: 2 to 8 players; War leaves nobody a choice, so the person turns the
//! cards for the table: one battle (`Action::Battle`, the game's one action), N battles
//! (N actions, each checked legal), or on to the end.
//!
//! Chance (the deal and, with shuffled returns, each take of the table) comes from the
//! seed, as `war --seed S` draws it. The page sees `observe(0)`: every player's card
//! count, the cards face up on the table, the battles and wars so far. Piles are face
//! down, the person's own included: a war's face-down cards are told by their number.

use cards_core::Outcome;
use cards_core::face::{Face, Viewer, setup_from_map};
use cards_core::protocol::{Actor, ChanceSource, Driver, GameState};
use cards_core::replay::Frame;
use cards_core::rng::rng_from_seed;
use serde_json::{Value, json};
use war::face::Shown;
use war::{Action, AlwaysBattle, DeckOrder, Event, Game, NoWinner};

use super::step::{FrameJson, Stepped, status};
use super::{
    Entry, Legal, Log, Options, OutcomeJson, PlayerJson, Snapshot, Tape, Until, action_type,
    apply_person, only_fields, play_on, seat_to_act, session_tape,
};
use crate::error::ApiError;
use crate::kind::Kind;

/// The most battles one request may ask for (`to_end` is bounded by the game's own cap).
pub const MAX_COUNT: u64 = 10_000;

/// The options a start request may give.
pub const OPTIONS: [&str; 2] = ["players", "order"];

/// A game of War held by the server.
#[derive(Clone, Debug)]
pub struct War {
    game: Game,
    chance: ChanceSource<DeckOrder>,
    driver: Driver<Game>,
    tape: Tape<Game>,
    /// The face-up cards of the last battle and its wars, by seat.
    shown: Vec<Shown>,
}

impl War {
    /// What rebuilds the game for its recording: its start and every seat's action.
    pub fn tape(&self) -> &Tape<Game> {
        &self.tape
    }

    /// A new game from `options` and `seed`, dealt and waiting for the first battle.
    pub fn new(options: Options<'_>, seed: u64) -> Result<(War, Vec<Entry>), ApiError> {
        options.only(&OPTIONS)?;
        let setup: war::face::Setup = setup_from_map(options.0.clone())
            .map_err(|e| ApiError::malformed(format!("options: {e}")))?;
        let game = Game::start(&setup, Some(0), seed).map_err(ApiError::malformed)?;
        let mut war = War {
            tape: session_tape(&game),
            game,
            chance: ChanceSource::seeded(rng_from_seed(seed)),
            driver: Driver::new(),
            shown: Vec::new(),
        };
        let mut log = Log::default();
        war.play_on(&mut log)?;
        Ok((war, log.into_entries()))
    }

    /// The query of the page's address that replays this game.
    pub fn replay_query(&self) -> String {
        let rules = self.game.rules();
        format!("players={}&order={}", rules.players(), rules.order())
    }

    /// Chance's steps (the takes of the table) up to the next battle.
    fn play_on(&mut self, log: &mut Log) -> Result<(), ApiError> {
        let shown = &mut self.shown;
        play_on(
            &mut self.game,
            &mut self.chance,
            &mut self.driver,
            &mut self.tape,
            &mut AlwaysBattle,
            |_| true,
            Until::Person,
            |game, events| entries(game, events, log, shown),
        )
    }

    /// Carries out the page's `action`: `battle` (with an optional `count`, 1 to
    /// [`MAX_COUNT`]) or `to_end`.
    pub fn act(&mut self, action: &Value) -> Result<Vec<Entry>, ApiError> {
        let kind = action_type(action, "battle or to_end")?;
        only_fields(action, &["type", "count"])?;
        let count = match kind {
            "battle" => match action.get("count") {
                None | Some(Value::Null) => 1,
                Some(n) => n
                    .as_u64()
                    .filter(|n| (1..=MAX_COUNT).contains(n))
                    .ok_or_else(|| {
                        ApiError::malformed(format!(
                            "\"count\" is a number of battles, 1 to {MAX_COUNT}"
                        ))
                    })?,
            },
            "to_end" => u64::MAX,
            other => {
                return Err(ApiError::malformed(format!(
                    "'{other}' is no action of War: battle or to_end"
                )));
            }
        };
        let mut log = Log::default();
        for done in 0..count {
            let Some(seat) = seat_to_act(&self.game) else {
                if done == 0 {
                    return Err(ApiError::illegal("the game is over"));
                }
                break;
            };
            let events = apply_person(&mut self.game, &mut self.tape, seat, Action::Battle)?;
            entries(&self.game, &events, &mut log, &mut self.shown);
            self.play_on(&mut log)?;
        }
        Ok(log.into_entries())
    }

    /// What the table shows now.
    pub fn snapshot(&self) -> Result<Snapshot, ApiError> {
        let players = players(&self.game);
        let to_act = seat_to_act(&self.game);
        let legal = if to_act.is_some() {
            let battle = serde_json::to_value(Action::Battle)
                .map_err(|e| ApiError::internal(format!("an action could not be written: {e}")))?;
            let mut ten = battle.clone();
            if let Some(fields) = ten.as_object_mut() {
                fields.insert("count".into(), json!(10));
            }
            vec![
                Legal {
                    action: battle,
                    label: self.game.label(&Action::Battle),
                },
                Legal {
                    action: ten,
                    label: "10 battles".into(),
                },
                Legal {
                    action: json!({"type": "to_end"}),
                    label: "To the end".into(),
                },
            ]
        } else {
            Vec::new()
        };
        Ok(Snapshot {
            seat: 0,
            playing: true,
            players,
            to_act,
            your_turn: !legal.is_empty(),
            view: view_json(&self.game, &self.shown).ok_or_else(|| {
                ApiError::internal("broken invariant: the page's seat has no observation")
            })?,
            legal,
            outcome: self.game.outcome().map(|end| outcome(&self.game, end)),
            rules_text: super::rule_sentences(&self.game.rules_text()),
        })
    }

    /// The game itself, every hand and the deck included: for checks of what a response
    /// may hold against the server's own game (`tests/api.rs`); never sent to a page.
    pub fn game(&self) -> &Game {
        &self.game
    }
}

/// The players as the face seats them, the page's own seat (0) as `you`.
fn players(game: &Game) -> Vec<PlayerJson> {
    let mut players = game.seating();
    if let Some(first) = players.first_mut() {
        first.plays = "you".into();
    }
    players
}

/// The table as everyone sees it (the face's view); `None` for a game without seats.
fn view_json(game: &Game, shown: &Vec<Shown>) -> Option<Value> {
    game.view(0, shown)
        .and_then(|view| serde_json::to_value(view).ok())
}

impl Stepped for Game {
    const KIND: Kind = Kind::War;

    /// The face-up cards of the last battle and its wars, by seat.
    type Memo = Vec<Shown>;

    /// With `reveal`, every pile's cards, top first; otherwise none (the person's own
    /// pile is face down too).
    fn frame(frame: &Frame<Game>, shown: &mut Self::Memo, reveal: bool) -> FrameJson {
        let state = &frame.state;
        let mut log = Log::default();
        entries(state, &frame.events, &mut log, shown);
        let players = players(state);
        let hands = state
            .cards()
            .into_iter()
            .map(|cards| reveal.then_some(cards))
            .collect();
        let outcome = state.outcome().map(|end| outcome(state, end));
        let status = match state.actor() {
            Actor::Seat(_) if outcome.is_none() => "The next battle is to be turned".to_owned(),
            actor => status(actor, outcome.as_ref(), &players, Game::CHANCE_NEXT),
        };
        FrameJson {
            log: log.into_entries(),
            to_act: seat_to_act(state),
            players,
            view: view_json(state, shown).unwrap_or(Value::Null),
            hands,
            status,
            outcome,
        }
    }

    fn rules_text(start: &Game) -> Vec<String> {
        super::rule_sentences(&start.rules_text())
    }
}

fn outcome(game: &Game, outcome: Outcome<NoWinner>) -> OutcomeJson {
    OutcomeJson {
        winner: outcome.winner(),
        text: game.ending(&outcome),
    }
}

/// The public lines of `events` (the face's: the cards turned face up, never a face-down
/// card), and the last battle's cards kept for the view.
fn entries(game: &Game, events: &[Event], log: &mut Log, shown: &mut Vec<Shown>) {
    Game::remember(shown, events);
    let mut lines = Vec::new();
    game.lines(events, Viewer::Seat(0), &mut lines);
    for line in lines {
        log.push(line);
    }
}
