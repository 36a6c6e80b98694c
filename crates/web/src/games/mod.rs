//! The four games as the server holds them: each module turns a game of the workspace
//! into the JSON a seat may see and reads the actions a page may send, using nothing but
//! the protocol (`observe(seat)`, `legal_actions`, `apply`, the `Driver` for the other
//! seats' agents, a seeded `ChanceSource`).
//!
//! What happened between two of the person's turns is told as [`Entry`]s, made from the
//! protocol's events by each game's own list of what is public: a card laid face up, a
//! roll of the dice, a draw *without* the card drawn (unless the viewer drew it), a war's
//! face-down cards by their number only.

pub mod live;
pub mod step;

pub use cards_core::protocol::Tape;
use cards_core::protocol::{Actor, Agent, ChanceSource, Driver, GameState, Seat, Step, Stop};
use cards_core::replay::MAX_STEPS;
use serde::Serialize;
use serde_json::Value;

use crate::error::ApiError;

/// The most entries a response carries: a War played to its end in one request tells
/// its last battles only, so that a response (and a session) stays small.
pub const MAX_ENTRIES: usize = 300;

/// One line of what happened, as the viewing seat may know it (the face's line).
pub use cards_core::face::Line as Entry;

/// The entries of one request, keeping the last [`MAX_ENTRIES`] and counting the rest.
#[derive(Clone, Debug, Default)]
pub struct Log {
    entries: std::collections::VecDeque<Entry>,
    dropped: usize,
}

impl Log {
    /// Adds an entry, dropping the oldest beyond [`MAX_ENTRIES`].
    pub fn push(&mut self, entry: Entry) {
        if self.entries.len() == MAX_ENTRIES {
            self.entries.pop_front();
            self.dropped += 1;
        }
        self.entries.push_back(entry);
    }

    /// The entries, with a first line saying how many earlier ones were left out.
    pub fn into_entries(self) -> Vec<Entry> {
        let mut out = Vec::with_capacity(self.entries.len() + 1);
        if self.dropped > 0 {
            out.push(Entry::new(
                None,
                "skipped",
                format!("… {} earlier lines not shown", self.dropped),
            ));
        }
        out.extend(self.entries);
        out
    }
}

/// A game's rules text as the terminal's `?` shows it (`rules_text` of the game's
/// crate, wrapped for a terminal), as the page's rules panel lists it: one sentence an
/// item, the terminal's line breaks and its `Rules (completos): ` opening dropped (the
/// panel's heading names the rule set). The page and the terminal so say the same.
pub fn rule_sentences(text: &str) -> Vec<String> {
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let flat = match flat.split_once(": ") {
        Some((head, rest)) if head.starts_with("Rules") => rest,
        _ => flat.as_str(),
    };
    let mut sentences = Vec::new();
    let mut current = String::new();
    let mut words = flat.split(' ').peekable();
    while let Some(word) = words.next() {
        if !current.is_empty() {
            current.push(' ');
        }
        current.push_str(word);
        // A sentence ends at a full stop whose next word starts with a capital or a
        // digit ("… misses a turn. Reverse: …"), never inside "(double 6s: 24)".
        let next_starts = words
            .peek()
            .and_then(|w| w.chars().next())
            .is_none_or(|c| c.is_uppercase() || c.is_ascii_digit());
        if word.ends_with('.') && next_starts {
            sentences.push(capitalised(&current));
            current.clear();
        }
    }
    if !current.is_empty() {
        sentences.push(capitalised(&current));
    }
    sentences
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// One action a page may send now, with a label for its button.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Legal {
    /// The action, exactly as `POST /api/games/{id}/actions` takes it.
    pub action: Value,
    /// A short label (`R8 → blue`, `Draw`, `Roll`).
    pub label: String,
}

/// A player as everyone sees them (the face's seating).
pub use cards_core::face::Seating as PlayerJson;

/// How the game ended.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct OutcomeJson {
    /// The winner's seat, if somebody won.
    pub winner: Option<Seat>,
    /// The ending in words.
    pub text: String,
}

/// What a seat may know of a game now: the body of every game response but its
/// identity and log.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Snapshot {
    /// The seat whose observation this is.
    pub seat: Seat,
    /// Whether the person plays (`false`: the computer plays every seat and the person
    /// watches).
    pub playing: bool,
    /// The players in seating order.
    pub players: Vec<PlayerJson>,
    /// The seat to act, when a seat acts.
    pub to_act: Option<Seat>,
    /// Whether the page may send one of `legal` now.
    pub your_turn: bool,
    /// The game's own view, built from `observe(seat)`.
    pub view: Value,
    /// The actions the page may send now (empty unless it is the person's turn).
    pub legal: Vec<Legal>,
    /// How the game ended, once it has.
    pub outcome: Option<OutcomeJson>,
    /// The rules of the rule set played, one sentence an item ([`rule_sentences`]).
    pub rules_text: Vec<String>,
}

/// An agent for the person's seat: the server never asks it (it stops the loop before
/// the person's turn), so being asked is a bug, reported as an unseated seat.
#[derive(Clone, Copy, Debug, Default)]
pub struct Nobody;

impl<G: GameState + ?Sized> Agent<G> for Nobody {
    fn choose(
        &mut self,
        seat: Seat,
        _observation: &G::Observation<'_>,
        _legal: &[G::Action],
    ) -> Result<G::Action, Stop> {
        Err(Stop::Unseated(seat))
    }
}

/// What rebuilds a session's game for its recording (`GET /api/games/ID/recording`): a
/// [`Tape`] of the game as it was before anything happened and every seat's action in
/// order, the person's and the computer's alike (the chance outcomes come again from the
/// seed), capped at what a recording holds ([`MAX_STEPS`]): a game's own caps end it long
/// before, and a session must stay small anyway.
pub fn session_tape<G: GameState + Clone>(start: &G) -> Tape<G> {
    Tape::with_cap(start, MAX_STEPS)
}

/// How far the server plays on with the computer's agents.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Until {
    /// Until a seat for which `person(seat)` holds must act (or the end).
    Person,
    /// Until this many seat actions have been taken (or the end): watching.
    Actions(usize),
    /// To the end.
    End,
}

/// Plays `game` on with `agents` and `chance` through the protocol's [`Driver`],
/// handing each step's events to `log` and each action to `tape`, until `until` (and
/// never past a seat for which `person` holds, whose action only the page gives).
#[allow(clippy::too_many_arguments)] // the session's parts, borrowed apart
pub fn play_on<G, A>(
    game: &mut G,
    chance: &mut ChanceSource<G::Chance>,
    driver: &mut Driver<G>,
    tape: &mut Tape<G>,
    agents: &mut A,
    person: impl Fn(Seat) -> bool,
    until: Until,
    mut log: impl FnMut(&G, &[G::Event]),
) -> Result<(), ApiError>
where
    G: GameState,
    A: Agent<G> + ?Sized,
{
    let mut actions = 0;
    loop {
        match game.actor() {
            Actor::Over => return Ok(()),
            Actor::Seat(seat) if person(seat) => return Ok(()),
            Actor::Seat(_) if until == Until::Actions(actions) => return Ok(()),
            Actor::Seat(_) => actions += 1,
            Actor::Chance => {}
        }
        let step = driver
            .step(game, chance, agents)
            .map_err(|e| ApiError::internal(format!("the game loop stopped: {e}")))?;
        if let Some(step) = &step {
            tape.push(step);
        }
        log(game, driver.events());
    }
}

/// Applies the person's `action` for `seat`: only if `seat` is to act and the action is
/// among the legal actions (and the game's `apply` refuses anything else, unchanged);
/// an applied action goes on `tape`. Returns the events.
pub fn apply_person<G: GameState>(
    game: &mut G,
    tape: &mut Tape<G>,
    seat: Seat,
    action: G::Action,
) -> Result<Vec<G::Event>, ApiError> {
    match game.actor() {
        Actor::Over => return Err(ApiError::illegal("the game is over")),
        Actor::Seat(s) if s == seat => {}
        _ => return Err(ApiError::illegal("it is not your turn")),
    }
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    if !legal.contains(&action) {
        return Err(ApiError::illegal(format!(
            "{action:?} is not one of the legal actions now"
        )));
    }
    let mut events = Vec::new();
    game.apply(action, &mut events)
        .map_err(|e| ApiError::illegal(e.to_string()))?;
    tape.push(&Step::Action { seat, action });
    Ok(events)
}

/// The legal actions of the seat to act.
pub fn legal_actions<G: GameState>(game: &G) -> Vec<G::Action> {
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    legal
}

/// The seat to act, if a seat acts.
pub fn seat_to_act<G: GameState>(game: &G) -> Option<Seat> {
    match game.actor() {
        Actor::Seat(seat) => Some(seat),
        Actor::Chance | Actor::Over => None,
    }
}

/// A game's setup options (`{"rules": "uno"}`), as the start request or the page's URL
/// gives them: numbers and booleans may come as strings (`"7"`, `"1"`).
#[derive(Clone, Copy, Debug)]
pub struct Options<'a>(pub &'a serde_json::Map<String, Value>);

impl Options<'_> {
    /// Refuses an option not among `known` (a typo must not silently change nothing).
    pub fn only(&self, known: &[&str]) -> Result<(), ApiError> {
        match self.0.keys().find(|key| !known.contains(&key.as_str())) {
            Some(key) => Err(ApiError::malformed(format!(
                "unknown option \"{key}\" (this game takes: {})",
                known.join(", ")
            ))),
            None => Ok(()),
        }
    }

    /// A string option.
    pub fn string(&self, key: &str) -> Result<Option<&str>, ApiError> {
        match self.0.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(text)) => Ok(Some(text)),
            Some(_) => Err(ApiError::malformed(format!("option \"{key}\" is a string"))),
        }
    }

    /// A whole-number option (a JSON number or a string of digits).
    pub fn number(&self, key: &str) -> Result<Option<u64>, ApiError> {
        let wrong = || ApiError::malformed(format!("option \"{key}\" is a whole number"));
        match self.0.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Number(n)) => n.as_u64().map(Some).ok_or_else(wrong),
            Some(Value::String(text)) => text.trim().parse().map(Some).map_err(|_| wrong()),
            Some(_) => Err(wrong()),
        }
    }

    /// A yes/no option (`true`, `false`, `"1"`, `"0"`, `"true"`, `"false"`).
    pub fn flag(&self, key: &str) -> Result<Option<bool>, ApiError> {
        match self.0.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Bool(b)) => Ok(Some(*b)),
            Some(Value::String(text)) if matches!(text.as_str(), "1" | "true" | "yes") => {
                Ok(Some(true))
            }
            Some(Value::String(text)) if matches!(text.as_str(), "0" | "false" | "no" | "") => {
                Ok(Some(false))
            }
            Some(_) => Err(ApiError::malformed(format!(
                "option \"{key}\" is true or false"
            ))),
        }
    }
}
