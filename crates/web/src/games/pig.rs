//! Pig on the page: the person (seat 0, `You`, who moves first) against the Computer,
//! which holds at N turn points (`hold:N`, the assignment's is `hold:20`) or plays the
//! solved strategy (`optimal`), under the assignment's two dice or classic Pig's one.
//!
//! The dice are the game's chance nodes, thrown from the seed as `pig --seed S` throws
//! them. Everything in Pig is public: the page sees `observe(0)`, the scores, the turn's
//! points and whose turn it is, and the dice of each roll.

use std::sync::Arc;

use cards_core::protocol::{ChanceSource, Driver, GameState, Seat, Step};
use cards_core::replay::Frame;
use cards_core::rng::rng_from_seed;
use pig::game::RollEffect;
use pig::{
    Action, AnyStrategy, Event, Game, HoldAt, Optimal, PigPlayer, Rules, Solution, StrategySpec,
    Throw,
};
use serde_json::{Value, json};

use super::step::{FrameJson, Stepped, status};
use super::{
    Entry, Legal, Log, Nobody, Options, OutcomeJson, PlayerJson, Snapshot, Tape, Until,
    action_type, apply_person, legal_actions, only_fields, play_on, seat_to_act, session_tape,
};
use crate::error::ApiError;
use crate::kind::Kind;

/// The person's seat.
pub const YOU: Seat = 0;

/// The goals a game may have (each rule set's solved table for a goal is kept once
/// solved, so the goals are few).
pub const GOALS: [u32; 4] = [20, 30, 50, 100];

/// The options a start request may give.
pub const OPTIONS: [&str; 3] = ["rules", "goal", "computer"];

const NAMES: [&str; 2] = ["You", "Computer"];

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
    /// Reads the options.
    pub fn parse(options: Options<'_>) -> Result<Setup, ApiError> {
        options.only(&OPTIONS)?;
        let rules = match options.string("rules")? {
            None => Rules::TwoDice,
            Some(name) => name
                .parse()
                .map_err(|e| ApiError::malformed(format!("rules: {e}")))?,
        };
        let goal = options.number("goal")?.unwrap_or(100);
        let goal = GOALS
            .into_iter()
            .find(|&g| u64::from(g) == goal)
            .ok_or_else(|| {
                ApiError::malformed(format!("goal {goal}: the page plays to 20, 30, 50 or 100"))
            })?;
        let computer = match options.string("computer")? {
            None => StrategySpec::Optimal,
            Some(text) => text
                .parse()
                .map_err(|e| ApiError::malformed(format!("computer: {e}")))?,
        };
        Ok(Setup {
            rules,
            goal,
            computer,
        })
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
    last_roll: Option<(Seat, Vec<u8>)>,
}

impl Pig {
    /// What rebuilds the game for its recording: its start and every seat's action.
    pub fn tape(&self) -> &Tape<Game> {
        &self.tape
    }

    /// A new game of `setup` and `seed` (with the solved table when the Computer is
    /// `optimal`); the person moves first.
    pub fn new(
        setup: Setup,
        solution: Option<Arc<Solution>>,
        seed: u64,
    ) -> Result<(Pig, Vec<Entry>), ApiError> {
        let computer = match setup.computer {
            StrategySpec::HoldAt(n) => AnyStrategy::HoldAt(HoldAt(n)),
            StrategySpec::Optimal => AnyStrategy::Optimal(Optimal(solution.ok_or_else(|| {
                ApiError::internal("the optimal Computer needs its solved table")
            })?)),
        };
        let players = [PigPlayer::new(NAMES[0]), PigPlayer::new(NAMES[1])];
        let game = Game::new(setup.rules, setup.goal, players);
        let pig = Pig {
            setup,
            game,
            chance: ChanceSource::seeded(rng_from_seed(seed)),
            driver: Driver::new(),
            tape: session_tape(&game),
            computer,
            last_roll: None,
        };
        Ok((pig, opening(&game)))
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
            |_, events| entries(events, log, last_roll),
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
        entries(&events, &mut log, &mut self.last_roll);
        self.play_on(&mut log)?;
        Ok(log.into_entries())
    }

    /// What the person sees now.
    pub fn snapshot(&self) -> Result<Snapshot, ApiError> {
        let position = position(&self.game, self.last_roll.as_ref()).ok_or_else(|| {
            ApiError::internal("broken invariant: the page's seat has no observation")
        })?;
        let players = players(position.scores, |s| {
            if s == YOU {
                "you".into()
            } else {
                self.setup.computer.to_string()
            }
        });
        let to_act = seat_to_act(&self.game);
        let legal = if to_act == Some(YOU) {
            legal_actions(&self.game)
                .into_iter()
                .map(|action| match action {
                    Action::Roll => Legal {
                        action: json!({"type": "roll"}),
                        label: "Roll".into(),
                    },
                    Action::Hold => Legal {
                        action: json!({"type": "hold"}),
                        label: "Hold".into(),
                    },
                })
                .collect()
        } else {
            Vec::new()
        };
        Ok(Snapshot {
            seat: YOU,
            playing: true,
            players,
            to_act,
            your_turn: !legal.is_empty(),
            view: position.view,
            legal,
            rules_text: rules_text(self.setup.rules, self.setup.goal),
            outcome: outcome(&self.game),
        })
    }
}

/// A game's scores as the page shows them, and its `view`.
struct Position {
    scores: [u32; 2],
    view: Value,
}

/// The position the page shows (`None`: seat 0 has no observation, a broken invariant).
fn position(game: &Game, last_roll: Option<&(Seat, Vec<u8>)>) -> Option<Position> {
    let view = game.observe(YOU)?;
    let mut scores = [view.my_score, view.opponent_score];
    // The game ends on the roll that reaches the goal, before any hold: the winner's
    // total is the banked points and that turn's, and is what the page shows then.
    if let Some(winner) = game.outcome().and_then(|o| o.winner())
        && let Some(score) = scores.get_mut(winner)
    {
        *score += view.turn_points;
    }
    // Whose turn the turn's points are: after the end, the winner's (who won
    // mid-turn, before holding).
    let turn = match game.outcome() {
        Some(end) => end.winner().unwrap_or(YOU),
        None if view.my_turn => YOU,
        None => 1 - YOU,
    };
    let json_view = json!({
        "rules": cards_core::names::RuleSet::name(game.rules()),
        "goal": view.goal,
        "scores": scores,
        "turn": turn,
        "turn_points": view.turn_points,
        "last_roll": last_roll.map(|(seat, dice)| json!({"seat": seat, "dice": dice})),
    });
    Some(Position {
        scores,
        view: json_view,
    })
}

fn players(scores: [u32; 2], plays: impl Fn(Seat) -> String) -> Vec<PlayerJson> {
    NAMES
        .iter()
        .enumerate()
        .map(|(s, name)| PlayerJson {
            name: (*name).into(),
            plays: plays(s),
            cards: None,
            score: Some(scores[s]),
        })
        .collect()
}

fn outcome(game: &Game) -> Option<OutcomeJson> {
    game.outcome().map(|o| OutcomeJson {
        winner: o.winner(),
        text: match o.winner() {
            Some(YOU) => "You win!".into(),
            _ => "The Computer wins".into(),
        },
    })
}

/// The first line of a game.
fn opening(game: &Game) -> Vec<Entry> {
    vec![Entry::new(
        None,
        "start",
        format!("First to {} wins; {}", game.goal(), game.rules().describe()),
    )]
}

impl Stepped for Game {
    const KIND: Kind = Kind::Pig;

    /// The last roll's seat and dice.
    type Memo = Option<(Seat, Vec<u8>)>;

    /// Everything in Pig is public: `reveal` changes nothing.
    fn frame(frame: &Frame<Game>, last_roll: &mut Self::Memo, _reveal: bool) -> FrameJson {
        let mut log = Log::default();
        if let Some(Step::Action { seat, action }) = frame.step {
            // The live log tells an action by its outcome (a hold's total, a roll's
            // dice); the replay says what was chosen, so that each step has its line.
            if action == Action::Roll {
                let text = if seat == YOU {
                    "You choose to roll"
                } else {
                    "The Computer chooses to roll"
                };
                log.push(Entry::new(Some(seat), "chose", text));
            }
        }
        entries(&frame.events, &mut log, last_roll);
        let state = &frame.state;
        let position = position(state, last_roll.as_ref());
        let scores = position.as_ref().map_or([0, 0], |p| p.scores);
        let players = players(scores, |s| {
            if s == YOU {
                "you".into()
            } else {
                "computer".into()
            }
        });
        let outcome = outcome(state);
        let status = status(
            state.actor(),
            outcome.as_ref(),
            &players,
            "The dice are thrown next",
        );
        FrameJson {
            log: log.into_entries(),
            players,
            to_act: seat_to_act(state),
            view: position.map_or(Value::Null, |p| p.view),
            hands: Vec::new(),
            status,
            outcome,
        }
    }

    fn opening(start: &Game) -> Vec<Entry> {
        opening(start)
    }

    fn rules_text(start: &Game) -> Vec<String> {
        rules_text(start.rules(), start.goal())
    }
}

/// The terminal's rules text ([`pig::render::rules_text`]) for the page: the same
/// sentences but the two about the terminal's answers (Y/N, q), whose place the page's
/// Roll and Hold buttons take, and the players called as the page calls them.
fn rules_text(rules: Rules, goal: u32) -> Vec<String> {
    super::rule_sentences(&pig::render::rules_text(rules, goal))
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

fn dice(throw: Throw) -> Vec<u8> {
    match throw {
        Throw::Pair(d) => vec![d.die1(), d.die2()],
        Throw::Single(face) => vec![face],
    }
}

/// The lines of `events` (everything in Pig is public).
fn entries(events: &[Event], log: &mut Log, last_roll: &mut Option<(Seat, Vec<u8>)>) {
    for event in events {
        let entry = match *event {
            Event::Rolled {
                player,
                throw,
                roll_points,
                turn_points,
                total,
                effect,
            } => {
                let who = NAMES[player.min(1)];
                let verb = if player == YOU { "roll" } else { "rolls" };
                let faces = dice(throw);
                *last_roll = Some((player, faces.clone()));
                let text = match effect {
                    RollEffect::Scored => {
                        format!(
                            "{who} {verb} {throw}: {roll_points} points, {turn_points} this turn"
                        )
                    }
                    RollEffect::Busted => {
                        format!("{who} {verb} {throw}: the turn's points are lost")
                    }
                    RollEffect::Won => format!(
                        "{who} {verb} {throw} and {} {total}: {}",
                        if player == YOU { "reach" } else { "reaches" },
                        if player == YOU {
                            "you win!"
                        } else {
                            "the Computer wins"
                        }
                    ),
                };
                Entry::new(Some(player), "roll", text).with_dice(faces)
            }
            Event::Held { player, total } => {
                let who = NAMES[player.min(1)];
                let verb = if player == YOU { "hold" } else { "holds" };
                Entry::new(
                    Some(player),
                    "hold",
                    format!("{who} {verb}: {total} points banked"),
                )
            }
        };
        log.push(entry);
    }
}
