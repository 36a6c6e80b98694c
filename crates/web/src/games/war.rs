//! War on the page: 2 to 8 players; War leaves nobody a choice, so the person turns the
//! cards for the table: one battle (`Action::Battle`, the game's one action), N battles
//! (N actions, each checked legal), or on to the end.
//!
//! Chance (the deal and, with shuffled returns, each take of the table) comes from the
//! seed, as `war --seed S` draws it. The page sees `observe(0)`: every player's card
//! count, the cards face up on the table, the battles and wars so far. Piles are face
//! down, the person's own included: a war's face-down cards are told by their number.

use cards_core::Outcome;
use cards_core::protocol::{Actor, ChanceSource, Driver, GameState, Seat};
use cards_core::replay::Frame;
use cards_core::rng::rng_from_seed;
use serde_json::{Value, json};
use war::{Action, AlwaysBattle, DeckOrder, Event, Game, NoWinner, Rules, WonCardOrder};

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
    shown: Vec<(Seat, String)>,
}

impl War {
    /// What rebuilds the game for its recording: its start and every seat's action.
    pub fn tape(&self) -> &Tape<Game> {
        &self.tape
    }

    /// A new game from `options` and `seed`, dealt and waiting for the first battle.
    pub fn new(options: Options<'_>, seed: u64) -> Result<(War, Vec<Entry>), ApiError> {
        options.only(&OPTIONS)?;
        let players = options.number("players")?.unwrap_or(2);
        let rules = Rules::new(usize::try_from(players).unwrap_or(usize::MAX))
            .map_err(|e| ApiError::malformed(e.to_string()))?;
        let order = match options.string("order")? {
            None | Some("shuffled") => WonCardOrder::Shuffled,
            Some("fixed") => WonCardOrder::Fixed,
            Some(other) => {
                return Err(ApiError::malformed(format!(
                    "order '{other}': shuffled or fixed"
                )));
            }
        };
        let game = Game::new(rules.with_order(order));
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
        let order = match self.game.rules().order() {
            WonCardOrder::Shuffled => "shuffled",
            WonCardOrder::Fixed => "fixed",
        };
        format!("players={}&order={order}", self.game.rules().players())
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
            |_, events| entries(events, log, shown),
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
            entries(&events, &mut log, &mut self.shown);
            self.play_on(&mut log)?;
        }
        Ok(log.into_entries())
    }

    /// What the table shows now.
    pub fn snapshot(&self) -> Result<Snapshot, ApiError> {
        let view = self.game.observe(0).ok_or_else(|| {
            ApiError::internal("broken invariant: the page's seat has no observation")
        })?;
        let players = players(&view);
        let to_act = seat_to_act(&self.game);
        let legal = if to_act.is_some() {
            vec![
                Legal {
                    action: json!({"type": "battle"}),
                    label: "Battle".into(),
                },
                Legal {
                    action: json!({"type": "battle", "count": 10}),
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
        let json_view = view_json(&self.game, &view, &self.shown);
        Ok(Snapshot {
            seat: 0,
            playing: true,
            players,
            to_act,
            your_turn: !legal.is_empty(),
            view: json_view,
            legal,
            outcome: self.game.outcome().map(outcome),
            rules_text: super::rule_sentences(&war::render::rules_text(self.game.rules())),
        })
    }

    /// The game itself, every hand and the deck included: for checks of what a response
    /// may hold against the server's own game (`tests/api.rs`); never sent to a page.
    pub fn game(&self) -> &Game {
        &self.game
    }
}

fn players(view: &war::Observation<'_>) -> Vec<PlayerJson> {
    view.card_counts()
        .enumerate()
        .map(|(s, cards)| PlayerJson {
            name: format!("Player {}", s + 1),
            plays: if s == 0 {
                "you".into()
            } else {
                "computer".into()
            },
            cards: Some(cards),
            score: None,
        })
        .collect()
}

/// The table as everyone sees it.
fn view_json(game: &Game, view: &war::Observation<'_>, shown: &[(Seat, String)]) -> Value {
    json!({
        "order": match game.rules().order() { WonCardOrder::Shuffled => "shuffled", WonCardOrder::Fixed => "fixed" },
        "battles": view.battles(),
        "wars": view.wars(),
        "table": view.table_len(),
        "face_up": view.face_up().map(|c| c.to_string()).collect::<Vec<_>>(),
        "last_battle": shown.iter().map(|(seat, card)| json!({"seat": seat, "card": card})).collect::<Vec<_>>(),
    })
}

impl Stepped for Game {
    const KIND: Kind = Kind::War;

    /// The face-up cards of the last battle and its wars, by seat.
    type Memo = Vec<(Seat, String)>;

    /// With `reveal`, every pile's cards, top first; otherwise none (the person's own
    /// pile is face down too).
    fn frame(frame: &Frame<Game>, shown: &mut Self::Memo, reveal: bool) -> FrameJson {
        let state = &frame.state;
        let mut log = Log::default();
        entries(&frame.events, &mut log, shown);
        let view = state.observe(0);
        let players = view.as_ref().map(players).unwrap_or_default();
        let hands = state
            .players()
            .iter()
            .map(|player| reveal.then(|| player.cards().map(|c| c.to_string()).collect()))
            .collect();
        let outcome = state.outcome().map(outcome);
        let status = match state.actor() {
            Actor::Seat(_) if outcome.is_none() => "The next battle is to be turned".to_owned(),
            actor => status(
                actor,
                outcome.as_ref(),
                &players,
                "Chance deals, or gathers the table's cards, next",
            ),
        };
        FrameJson {
            log: log.into_entries(),
            to_act: seat_to_act(state),
            players,
            view: view.map_or(Value::Null, |view| view_json(state, &view, shown)),
            hands,
            status,
            outcome,
        }
    }

    fn rules_text(start: &Game) -> Vec<String> {
        super::rule_sentences(&war::render::rules_text(start.rules()))
    }
}

fn outcome(outcome: Outcome<NoWinner>) -> OutcomeJson {
    match outcome {
        Outcome::Winner { seat } => OutcomeJson {
            winner: Some(seat),
            text: format!("Player {} wins", seat + 1),
        },
        Outcome::NoWinner { reason } => OutcomeJson {
            winner: None,
            text: format!("Nobody wins: {reason}"),
        },
    }
}

/// The public lines of `events`: the cards turned face up, never a face-down card.
fn entries(events: &[Event], log: &mut Log, shown: &mut Vec<(Seat, String)>) {
    for event in events {
        let entry = match *event {
            Event::Dealt => Entry::new(None, "deal", "The 52 cards are dealt"),
            Event::Battle { battle } => {
                shown.clear();
                Entry::new(None, "battle", format!("Battle {battle}"))
            }
            Event::Played { seat, card } => {
                shown.push((seat, card.to_string()));
                Entry::new(
                    Some(seat),
                    "shown",
                    format!("Player {} shows {card}", seat + 1),
                )
                .with_cards(vec![card.to_string()])
            }
            Event::Tie { seats } => Entry::new(None, "tie", format!("{seats} tie: war!")),
            Event::War { war, seats, .. } => {
                Entry::new(None, "war", format!("War {war} between {seats}"))
            }
            Event::FaceDown { seat, .. } => Entry::new(
                Some(seat),
                "face_down",
                format!("Player {} lays a card face down", seat + 1),
            ),
            Event::Out { seat } => {
                Entry::new(Some(seat), "out", format!("Player {} is out", seat + 1))
            }
            Event::Took { seat, cards } => Entry::new(
                Some(seat),
                "took",
                format!("Player {} takes {cards} cards", seat + 1),
            ),
            Event::PotLeft { cards } => {
                Entry::new(None, "pot_left", format!("{cards} cards stay on the table"))
            }
            Event::GameOver { outcome: end } => Entry::new(None, "end", outcome(end).text),
        };
        log.push(entry);
    }
}
