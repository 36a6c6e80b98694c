//! Pig on the page: the person (seat 0, `You`, who moves first) against the Computer,
//! which holds at N turn points (`hold:N`, the assignment's is `hold:20`) or plays the
//! solved strategy (`optimal`), under the assignment's two dice or classic Pig's one.
//!
//! The dice are the game's chance nodes, thrown from the seed as `pig --seed S` throws
//! them. Everything in Pig is public: the page sees `observe(0)`, the scores, the turn's
//! points and whose turn it is, and the dice of each roll.

use std::sync::Arc;

use cards_core::face::{Face, Viewer, setup_from_map};
use cards_core::protocol::{ChanceSource, Driver, GameState, Seat, Step};
use cards_core::replay::Frame;
use cards_core::rng::rng_from_seed;
use pig::face::{LastRoll, PERSON};
use pig::{Action, AnyStrategy, Event, Game, Optimal, Rules, Solution, StrategySpec, Throw};
use serde_json::{Value, json};

use super::step::{FrameJson, Stepped, status};
use super::{
    Entry, Legal, Log, Nobody, Options, OutcomeJson, Snapshot, Tape, Until, action_type,
    apply_person, legal_actions, only_fields, play_on, seat_to_act, session_tape,
};
use crate::error::ApiError;
use crate::kind::Kind;

/// The person's seat.
pub const YOU: Seat = PERSON;

/// The goals a game may have (each rule set's solved table for a goal is kept once
/// solved, so the goals are few).
pub const GOALS: [u32; 4] = [20, 30, 50, 100];

/// The options a start request may give.
pub const OPTIONS: [&str; 3] = ["rules", "goal", "computer"];

/// A checked setup: what [`Pig::new`] needs, once the solved table (for `optimal`) is
/// found or made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The dice.
    pub rules: Rules,
    /// The points to win.
    pub goal: u32,
    /// The Computer.
    pub computer: StrategySpec,
}

impl Setup {
    /// Reads the options as the game's setup reads them ([`pig::face::Setup`]), within
    /// the page's goals; the page's Computer, unless named, plays the solved strategy.
    pub fn parse(options: Options<'_>) -> Result<Setup, ApiError> {
        options.only(&OPTIONS)?;
        // An option given as null is not given.
        let given = options
            .0
            .iter()
            .filter(|(_, value)| !value.is_null())
            .map(|(key, value)| (key.clone(), value.clone()))
            .collect();
        let setup: pig::face::Setup = setup_from_map(given).map_err(ApiError::malformed)?;
        let goal = setup.goal;
        if !GOALS.contains(&goal) {
            return Err(ApiError::malformed(format!(
                "goal {goal}: the page plays to 20, 30, 50 or 100"
            )));
        }
        Ok(Setup {
            rules: setup.rules,
            goal,
            computer: setup.computer.unwrap_or(StrategySpec::Optimal),
        })
    }

    /// The game's own setup.
    fn face(self) -> pig::face::Setup {
        pig::face::Setup {
            rules: self.rules,
            goal: self.goal,
            computer: Some(self.computer),
        }
    }
}

/// A game of Pig held by the server.
#[derive(Clone, Debug)]
pub struct Pig {
    setup: Setup,
    game: Game,
    chance: ChanceSource<Throw>,
    driver: Driver<Game>,
    tape: Tape<Game>,
    computer: AnyStrategy,
    /// The dice of the last roll, and who threw them.
    last_roll: Option<LastRoll>,
}

impl Pig {
    /// What rebuilds the game for its recording: its start and every seat's action.
    pub fn tape(&self) -> &Tape<Game> {
        &self.tape
    }

    /// A new game of `setup` and `seed` (with the solved table when the Computer is
    /// `optimal`, else the game's own); the person moves first.
    pub fn new(
        setup: Setup,
        solution: Option<Arc<Solution>>,
        seed: u64,
    ) -> Result<(Pig, Vec<Entry>), ApiError> {
        let game = Game::start(&setup.face(), Some(YOU), seed).map_err(ApiError::malformed)?;
        let computer = match (setup.computer, solution) {
            (StrategySpec::Optimal, Some(solution)) => AnyStrategy::Optimal(Optimal(solution)),
            _ => game
                .bots()
                .map_err(ApiError::internal)?
                .pop()
                .ok_or_else(|| ApiError::internal("broken invariant: Pig seats no Computer"))?,
        };
        let pig = Pig {
            setup,
            game,
            chance: ChanceSource::seeded(rng_from_seed(seed)),
            driver: Driver::new(),
            tape: session_tape(&game),
            computer,
            last_roll: None,
        };
        Ok((pig, game.opening()))
    }

    /// The query of the page's address that replays this game.
    pub fn replay_query(&self) -> String {
        format!(
            "rules={}&goal={}&computer={}",
            cards_core::names::RuleSet::name(self.setup.rules),
            self.setup.goal,
            self.setup.computer
        )
    }

    fn play_on(&mut self, log: &mut Log) -> Result<(), ApiError> {
        let last_roll = &mut self.last_roll;
        let mut agents = (Nobody, &mut self.computer);
        play_on(
            &mut self.game,
            &mut self.chance,
            &mut self.driver,
            &mut self.tape,
            &mut agents,
            |s| s == YOU,
            Until::Person,
            |game, events| entries(game, events, log, last_roll),
        )
    }

    /// Carries out the page's `action` (`roll` or `hold`), then the dice and the
    /// Computer's turn, up to the person's next decision.
    pub fn act(&mut self, action: &Value) -> Result<Vec<Entry>, ApiError> {
        only_fields(action, &["type"])?;
        let action = match action_type(action, "roll or hold")? {
            "roll" => Action::Roll,
            "hold" => Action::Hold,
            other => {
                return Err(ApiError::malformed(format!(
                    "'{other}' is no action of Pig: roll or hold"
                )));
            }
        };
        let events = apply_person(&mut self.game, &mut self.tape, YOU, action)?;
        let mut log = Log::default();
        entries(&self.game, &events, &mut log, &mut self.last_roll);
        self.play_on(&mut log)?;
        Ok(log.into_entries())
    }

    /// What the person sees now.
    pub fn snapshot(&self) -> Result<Snapshot, ApiError> {
        let view = view(&self.game, &self.last_roll).ok_or_else(|| {
            ApiError::internal("broken invariant: the page's seat has no observation")
        })?;
        let to_act = seat_to_act(&self.game);
        let legal = if to_act == Some(YOU) {
            legal_actions(&self.game)
                .into_iter()
                .map(|action| Legal {
                    action: json!(action),
                    label: self.game.label(&action),
                })
                .collect()
        } else {
            Vec::new()
        };
        Ok(Snapshot {
            seat: YOU,
            playing: true,
            players: self.game.seating(),
            to_act,
            your_turn: !legal.is_empty(),
            view,
            legal,
            rules_text: rules_text(&self.game),
            outcome: outcome(&self.game),
        })
    }
}

/// The page's `view` of the game (`None`: seat 0 has no observation, a broken
/// invariant).
fn view(game: &Game, last_roll: &Option<LastRoll>) -> Option<Value> {
    let view = game.view(YOU, last_roll)?;
    serde_json::to_value(view).ok()
}

fn outcome(game: &Game) -> Option<OutcomeJson> {
    game.outcome().map(|o| OutcomeJson {
        winner: o.winner(),
        text: game.ending(&o),
    })
}

impl Stepped for Game {
    const KIND: Kind = Kind::Pig;

    /// The last roll's seat and dice.
    type Memo = Option<LastRoll>;

    /// Everything in Pig is public: `reveal` changes nothing.
    fn frame(frame: &Frame<Game>, last_roll: &mut Self::Memo, _reveal: bool) -> FrameJson {
        let mut log = Log::default();
        // The live log tells an action by its outcome (a hold's total, a roll's dice);
        // the replay says what was chosen, so that each step has its line.
        if let Some(Step::Action { seat, action }) = frame.step
            && let Some(line) = Game::choice_line(seat, action)
        {
            log.push(line);
        }
        let state = &frame.state;
        entries(state, &frame.events, &mut log, last_roll);
        let players = state.seating();
        let outcome = outcome(state);
        let status = status(
            state.actor(),
            outcome.as_ref(),
            &players,
            <Game as Face>::CHANCE_NEXT,
        );
        FrameJson {
            log: log.into_entries(),
            players,
            to_act: seat_to_act(state),
            view: view(state, last_roll).unwrap_or(Value::Null),
            hands: Vec::new(),
            status,
            outcome,
        }
    }

    fn opening(start: &Game) -> Vec<Entry> {
        Face::opening(start)
    }

    fn rules_text(start: &Game) -> Vec<String> {
        rules_text(start)
    }
}

/// The terminal's rules text ([`Face::rules_text`]) for the page: the same sentences but
/// the two about the terminal's answers (Y/N, q), whose place the page's Roll and Hold
/// buttons take, and the players called as the page calls them.
fn rules_text(game: &Game) -> Vec<String> {
    super::rule_sentences(&Face::rules_text(game))
        .into_iter()
        .filter(|s| !s.starts_with("Before each roll, answer") && !s.starts_with("Answer q"))
        .map(|s| {
            s.replace(
                "Human plays against Computer",
                "You play against the Computer",
            )
        })
        .collect()
}

/// The lines of `events` (everything in Pig is public), and the last roll kept.
fn entries(game: &Game, events: &[Event], log: &mut Log, last_roll: &mut Option<LastRoll>) {
    let mut lines = Vec::new();
    game.lines(events, Viewer::Seat(YOU), &mut lines);
    for line in lines {
        log.push(line);
    }
    Game::remember(last_roll, events);
}
