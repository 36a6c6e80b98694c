//! Quattro on the page: the person in seat 0 (`You`, who plays first) against three
//! [`Bot`]s, under either rule set (`quattro`: 40 number cards; `uno`: with Skip,
//! Reverse, Draw Two, Wild and Wild Draw Four).
//!
//! Chance (the deal and every reshuffle) comes from the seed, as `quattro --seed S`
//! draws it. The page sees `observe(0)`, the seat's [`quattro::Observation`]: its hand, the
//! top card, the colour to follow, every seat's card count, the draw pile's size, the
//! direction. A bot's draw is told without its card.

use cards_core::Outcome;
use cards_core::face::{Face, Viewer, setup_from_map};
use cards_core::protocol::{ChanceSource, Driver, GameState, Seat};
use cards_core::replay::Frame;
use cards_core::rng::rng_from_seed;
use quattro::{Action, Bot, Card, DeckOrder, Event, Game, NoWinner};
use serde_json::Value;

use super::step::{FrameJson, Stepped, status};
use super::{
    Entry, Legal, Log, Options, OutcomeJson, PlayerJson, Snapshot, Tape, Until, action_type,
    apply_person, color_field, legal_actions, only_fields, play_on, seat_to_act, session_tape,
    string_field,
};
use crate::error::ApiError;
use crate::kind::Kind;

/// The person's seat.
pub const YOU: Seat = 0;

/// The options a start request may give.
pub const OPTIONS: [&str; 1] = ["rules"];

/// A game of Quattro held by the server.
#[derive(Clone, Debug)]
pub struct Quattro {
    game: Game,
    chance: ChanceSource<DeckOrder>,
    driver: Driver<Game>,
    tape: Tape<Game>,
    bots: [Bot; 4],
}

impl Quattro {
    /// What rebuilds the game for its recording: its start and every seat's action.
    pub fn tape(&self) -> &Tape<Game> {
        &self.tape
    }

    /// A new game from `options` and `seed`, played on to the person's first turn; and
    /// what happened.
    pub fn new(options: Options<'_>, seed: u64) -> Result<(Quattro, Vec<Entry>), ApiError> {
        options.only(&OPTIONS)?;
        let setup: quattro::face::Setup = setup_from_map(options.0.clone())
            .map_err(|e| ApiError::malformed(format!("rules: {e}")))?;
        let game = Game::start(&setup, Some(YOU), seed).map_err(ApiError::malformed)?;
        let mut quattro = Quattro {
            tape: session_tape(&game),
            game,
            chance: ChanceSource::seeded(rng_from_seed(seed)),
            driver: Driver::new(),
            bots: [Bot; 4],
        };
        let mut log = Log::default();
        quattro.play_on(&mut log)?;
        Ok((quattro, log.into_entries()))
    }

    /// The query of the page's address that replays this game.
    pub fn replay_query(&self) -> String {
        format!(
            "rules={}",
            cards_core::names::RuleSet::name(self.game.rules())
        )
    }

    fn play_on(&mut self, log: &mut Log) -> Result<(), ApiError> {
        play_on(
            &mut self.game,
            &mut self.chance,
            &mut self.driver,
            &mut self.tape,
            &mut self.bots,
            |s| s == YOU,
            Until::Person,
            |game, events| entries(game, events, log, Viewer::Seat(YOU)),
        )
    }

    /// Carries out the page's `action` (`play` a card, naming a colour with a wild card,
    /// or `draw`) at the person's turn, then the bots' turns up to the person's next.
    pub fn act(&mut self, action: &Value) -> Result<Vec<Entry>, ApiError> {
        let kind = action_type(action, "play or draw")?;
        only_fields(action, &["type", "card", "colour"])?;
        let mv = match kind {
            "draw" => Action::Draw,
            "play" => {
                let text = string_field(action, "card")?;
                let card =
                    Card::parse_code(text).map_err(|e| ApiError::malformed(e.to_string()))?;
                Action::Play {
                    card,
                    color: color_field(action)?,
                }
            }
            other => {
                return Err(ApiError::malformed(format!(
                    "'{other}' is no action of Quattro: play or draw"
                )));
            }
        };
        let events = apply_person(&mut self.game, &mut self.tape, YOU, mv)?;
        let mut log = Log::default();
        entries(&self.game, &events, &mut log, Viewer::Seat(YOU));
        self.play_on(&mut log)?;
        Ok(log.into_entries())
    }

    /// What the person's seat may see now.
    pub fn snapshot(&self) -> Result<Snapshot, ApiError> {
        let to_act = seat_to_act(&self.game);
        let legal = if to_act == Some(YOU) {
            legal_actions(&self.game)
                .into_iter()
                .map(|mv| legal(&self.game, mv))
                .collect::<Result<_, _>>()?
        } else {
            Vec::new()
        };
        Ok(Snapshot {
            seat: YOU,
            playing: true,
            players: players(&self.game),
            to_act,
            your_turn: !legal.is_empty(),
            view: view_json(&self.game)?,
            legal,
            outcome: self.game.outcome().map(|o| outcome(&self.game, o)),
            rules_text: super::rule_sentences(&self.game.rules_text()),
        })
    }

    /// The game itself, every hand and the deck included: for checks of what a response
    /// may hold against the server's own game (`tests/api.rs`); never sent to a page.
    pub fn game(&self) -> &Game {
        &self.game
    }
}

/// The position as the person's seat sees it ([`Face::view`]), `null` before the deal.
fn view_json(game: &Game) -> Result<Value, ApiError> {
    serde_json::to_value(Face::view(game, YOU, &()))
        .map_err(|e| ApiError::internal(format!("a view could not be written: {e}")))
}

/// The players as the face seats them, the person's seat saying `you`.
fn players(game: &Game) -> Vec<PlayerJson> {
    let mut players = game.seating();
    for (seat, player) in players.iter_mut().enumerate() {
        player.plays = if seat == YOU { "you" } else { "bot" }.into();
    }
    players
}

impl Stepped for Game {
    const KIND: Kind = Kind::Quattro;
    type Memo = ();

    /// With `reveal`, every hand and every card drawn is shown; otherwise what seat 0
    /// (the person) saw, as on the live page.
    fn frame(frame: &Frame<Game>, _: &mut (), reveal: bool) -> FrameJson {
        let state = &frame.state;
        let viewer = if reveal {
            Viewer::All
        } else {
            Viewer::Seat(YOU)
        };
        let mut log = Log::default();
        entries(state, &frame.events, &mut log, viewer);
        let players = players(state);
        let hands = state
            .cards()
            .into_iter()
            .enumerate()
            .map(|(s, hand)| viewer.sees(s).then_some(hand))
            .collect();
        let outcome = state.outcome().map(|o| outcome(state, o));
        let status = status(state.actor(), outcome.as_ref(), &players, Game::CHANCE_NEXT);
        FrameJson {
            log: log.into_entries(),
            to_act: seat_to_act(state),
            players,
            view: view_json(state).unwrap_or(Value::Null),
            hands,
            status,
            outcome,
        }
    }

    fn rules_text(start: &Game) -> Vec<String> {
        super::rule_sentences(&start.rules_text())
    }
}

/// The action as the page sends it (the action's own JSON) and its button's label.
fn legal(game: &Game, mv: Action) -> Result<Legal, ApiError> {
    Ok(Legal {
        action: serde_json::to_value(mv)
            .map_err(|e| ApiError::internal(format!("an action could not be written: {e}")))?,
        label: game.label(&mv),
    })
}

fn outcome(game: &Game, outcome: Outcome<NoWinner>) -> OutcomeJson {
    OutcomeJson {
        winner: match outcome {
            Outcome::Winner { seat } => Some(seat),
            Outcome::NoWinner { .. } => None,
        },
        text: game.ending(&outcome),
    }
}

/// The public lines of `events` ([`Face::lines`]), as `viewer` may know them.
fn entries(game: &Game, events: &[Event], log: &mut Log, viewer: Viewer) {
    let mut lines = Vec::new();
    game.lines(events, viewer, &mut lines);
    for line in lines {
        log.push(line);
    }
}
