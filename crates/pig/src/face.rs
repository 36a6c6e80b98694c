//! Pig as every front sees it ([`Face`]): the person (seat 0, the Human, who moves
//! first) against the Computer (seat 1), which holds at N turn points (`hold:N`, the
//! assignment's `hold:20`) or plays the solved strategy (`optimal`).
//!
//! - **Setup** ([`Setup`]): `rules` (`two-dice`, `classic`: the dice, a [`Variant`]),
//!   `goal` (1 to [`MAX_GOAL`](crate::rules::MAX_GOAL)), which together are the game's
//!   [`Rules`] ([`Setup::check`] builds them), and `computer` (`hold:N`, `optimal`). A
//!   recording writes `rules` and `goal` alone, as every recording of Pig did
//!   (`rules=two-dice`, `goal=100`): it holds both seats' actions, so it needs no
//!   strategy; a web request and an address name the Computer too.
//! - **Tokens**: the Human's answers at the prompt, for both seats: `n` rolls, `y`
//!   holds ([`console::parse_answer`] reads them), so a recording reads as the game was
//!   played.
//! - **Lines**: the page's, `You roll 2,2: 8 points, 8 this turn`. Everything in Pig is
//!   public: every viewer reads the same lines.
//! - **View** ([`View`]): the rule set, goal, both scores (the winner's with the points
//!   of the turn that won), whose turn it is, its points and the last roll's dice.

use cards_core::face::{Face, Line, Seating, Viewer, text};
use cards_core::names::RuleSet;
use cards_core::protocol::{GameState, Seat};
use serde::{Deserialize, Serialize};

use crate::console::{self, Answer, COMPUTER, HUMAN};
use crate::dice::Throw;
use crate::game::{Action, Event, Game, Outcome, RollEffect};
use crate::player::PigPlayer;
use crate::render;
use crate::rules::{Rules, Variant};
use crate::solver;
use crate::strategy::{AnyStrategy, HoldAt, Optimal, StrategySpec};

/// The seat of the person, the Human, who moves first.
pub const PERSON: Seat = 0;

/// The seats as the page names them: the person's is always seat 0.
const NAMES: [&str; 2] = ["You", "Computer"];

/// What a game of Pig is built from: the dice, the goal and how the Computer plays, as a
/// recording and a web request write them (the dice and the goal are checked into the
/// game's [`Rules`] by [`Setup::check`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Setup {
    /// The dice (`two-dice`, the assignment's; `classic`).
    #[serde(with = "text")]
    pub rules: Variant,
    /// The points to win, 1 to [`MAX_GOAL`](crate::rules::MAX_GOAL) (at most
    /// [`solver::MAX_GOAL`] against the `optimal` Computer).
    #[serde(with = "text")]
    pub goal: u32,
    /// How the Computer plays (`None`: not named; it plays the assignment's `hold:20`).
    /// Never written down: a recording holds every seat's actions instead, and its
    /// options are `rules` and `goal` alone, as they always were.
    #[serde(
        skip_serializing,
        deserialize_with = "text::option::deserialize",
        default
    )]
    pub computer: Option<StrategySpec>,
}

impl Default for Setup {
    /// The assignment's game: two dice, to 100, the Computer not named (`hold:20`).
    fn default() -> Setup {
        Setup::of(Rules::default())
    }
}

impl Setup {
    /// The game with these rules (dice and goal), the Computer not named.
    pub const fn of(rules: Rules) -> Setup {
        Setup {
            rules: rules.variant(),
            goal: rules.goal(),
            computer: None,
        }
    }

    /// The game's rules; refuses a setup that describes no game, naming the setting.
    pub fn check(&self) -> Result<Rules, String> {
        let rules = Rules::new(self.rules)
            .with_goal(self.goal)
            .map_err(|refused| refused.to_string())?;
        if self.computer == Some(StrategySpec::Optimal) && self.goal > solver::MAX_GOAL {
            return Err(format!(
                "`goal={}`: the optimal Computer plays to at most {} points",
                self.goal,
                solver::MAX_GOAL
            ));
        }
        Ok(rules)
    }
}

/// The last roll, as the view shows it (kept by [`Face::remember`]: the game itself
/// keeps no dice).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct LastRoll {
    /// Who threw the dice.
    pub seat: Seat,
    /// What they showed: two dice, or classic Pig's one.
    pub dice: Vec<u8>,
}

/// What a seat sees: everything in Pig is public, so every seat sees the same.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    /// The rule set's name (`two-dice`, `classic`).
    pub rules: &'static str,
    /// The points to win.
    pub goal: u32,
    /// Each seat's points, by seat: banked, and for the winner the points of the turn
    /// that won too (the game ends on the roll that reaches the goal, before any hold).
    pub scores: [u32; 2],
    /// Whose turn it is; after the end, the winner's (who won mid-turn).
    pub turn: Seat,
    /// The points of that turn.
    pub turn_points: u32,
    /// The last roll of the game so far (`null` before the first).
    pub last_roll: Option<LastRoll>,
}

impl Game {
    /// Each seat's points as everyone sees them: banked, plus the winning turn's.
    fn shown_scores(&self) -> [u32; 2] {
        let mut scores = [self.player(0).banked(), self.player(1).banked()];
        if let Some(winner) = self.outcome().and_then(|o| o.winner())
            && let Some(score) = scores.get_mut(winner)
        {
            *score += self.player(winner).turn_points();
        }
        scores
    }
}

impl Game {
    /// The line a replay tells for `seat`'s choice of `action`, where the step's events
    /// tell nothing: deciding to roll reports no event (the roll's event comes with the
    /// dice), so that each step of a replay has its line (kind `chose`). A hold's event
    /// tells it: `None`.
    pub fn choice_line(seat: Seat, action: Action) -> Option<Line> {
        let text = match (action, seat) {
            (Action::Hold, _) => return None,
            (Action::Roll, PERSON) => "You choose to roll",
            (Action::Roll, _) => "The Computer chooses to roll",
        };
        Some(Line::new(Some(seat), "chose", text))
    }
}

/// The dice a throw shows.
fn dice(throw: Throw) -> Vec<u8> {
    match throw {
        Throw::Pair(d) => vec![d.die1(), d.die2()],
        Throw::Single(face) => vec![face],
    }
}

/// The line of one event, in the page's words (`None`: the end, which the winning roll's
/// line tells).
fn line(event: &Event) -> Option<Line> {
    let line = match *event {
        Event::Rolled {
            seat: player,
            throw,
            roll_points,
            turn_points,
            total,
            effect,
        } => {
            let you = player == PERSON;
            let who = NAMES[player.min(1)];
            let verb = if you { "roll" } else { "rolls" };
            let text = match effect {
                RollEffect::Scored => {
                    format!("{who} {verb} {throw}: {roll_points} points, {turn_points} this turn")
                }
                RollEffect::Busted => format!("{who} {verb} {throw}: the turn's points are lost"),
                RollEffect::Won => format!(
                    "{who} {verb} {throw} and {} {total}: {}",
                    if you { "reach" } else { "reaches" },
                    if you { "you win!" } else { "the Computer wins" }
                ),
            };
            Line::new(Some(player), "roll", text).with_dice(dice(throw))
        }
        Event::Held {
            seat: player,
            total,
        } => {
            let who = NAMES[player.min(1)];
            let verb = if player == PERSON { "hold" } else { "holds" };
            Line::new(
                Some(player),
                "hold",
                format!("{who} {verb}: {total} points banked"),
            )
        }
        Event::GameOver { .. } => return None,
    };
    Some(line)
}

impl Face for Game {
    const NAME: &'static str = "pig";
    const TITLE: &'static str = "Pig";
    const CHANCE_NEXT: &'static str = "The dice are thrown next";

    type Setup = Setup;
    type Bot = AnyStrategy;
    /// The last roll.
    type Memo = Option<LastRoll>;
    type View = View;

    /// The Human (seat 0, first to play) against the Computer, as `pig` plays them. Pig's
    /// setup draws nothing: `seed` is for the dice alone. A person plays seat 0 or none.
    fn start(setup: &Setup, person: Option<Seat>, _seed: u64) -> Result<Game, String> {
        let rules = setup.check()?;
        if let Some(seat) = person.filter(|&seat| seat != PERSON) {
            return Err(format!(
                "seat {seat}: the person plays seat {PERSON}, the Human, who moves first"
            ));
        }
        let players = [PigPlayer::new(HUMAN), PigPlayer::new(COMPUTER)];
        Ok(Game::new(rules, players)
            .with_computer(setup.computer)
            .with_person(person))
    }

    fn setup(&self) -> Setup {
        Setup {
            computer: self.computer(),
            ..Setup::of(self.rules())
        }
    }

    fn person(&self) -> Option<Seat> {
        Game::person(self)
    }

    /// The Computer's strategy at both seats (the Human's is asked of the person when one
    /// plays); `optimal` plays the table [`solver::solved`] keeps.
    fn bots(&self) -> Result<Vec<AnyStrategy>, String> {
        let bot = match self.computer().unwrap_or_default() {
            StrategySpec::HoldAt(n) => AnyStrategy::HoldAt(HoldAt(n)),
            StrategySpec::Optimal => AnyStrategy::Optimal(Optimal(
                solver::solved(self.rules()).map_err(|e| e.to_string())?,
            )),
        };
        Ok(vec![bot.clone(), bot])
    }

    /// The answer that takes the action: `n` rolls the dice, `y` holds.
    fn token(action: &Action) -> String {
        match action {
            Action::Roll => "n",
            Action::Hold => "y",
        }
        .to_owned()
    }

    fn parse_token(&self, token: &str) -> Result<Action, String> {
        match console::parse_answer(token) {
            Ok(Answer::Roll) => Ok(Action::Roll),
            Ok(Answer::Hold) => Ok(Action::Hold),
            Ok(Answer::Quit) => Err("a quit is not recorded as an action".to_owned()),
            Err(refused) => Err(refused.to_string()),
        }
    }

    fn label(&self, action: &Action) -> String {
        match action {
            Action::Roll => "Roll",
            Action::Hold => "Hold",
        }
        .to_owned()
    }

    /// Everything in Pig is public: every viewer reads the same lines.
    fn lines(&self, events: &[Event], _viewer: Viewer, out: &mut Vec<Line>) {
        out.extend(events.iter().filter_map(line));
    }

    fn remember(memo: &mut Option<LastRoll>, events: &[Event]) {
        for event in events {
            if let Event::Rolled { seat, throw, .. } = *event {
                *memo = Some(LastRoll {
                    seat,
                    dice: dice(throw),
                });
            }
        }
    }

    fn opening(&self) -> Vec<Line> {
        vec![Line::new(
            None,
            "start",
            format!(
                "First to {} wins; {}",
                self.goal(),
                self.rules().variant().describe()
            ),
        )]
    }

    /// The page's names: `You` (seat 0, `you`) and `Computer` (its strategy, or
    /// `computer` when the setup did not name it, as in a recording).
    fn seating(&self) -> Vec<Seating> {
        let scores = self.shown_scores();
        let computer = self
            .computer()
            .map_or_else(|| "computer".to_owned(), |spec| spec.to_string());
        NAMES
            .iter()
            .zip(["you".to_owned(), computer])
            .zip(scores)
            .map(|((name, plays), score)| Seating {
                name: (*name).to_owned(),
                plays,
                cards: None,
                score: Some(score),
            })
            .collect()
    }

    fn view(&self, seat: Seat, memo: &Option<LastRoll>) -> Option<View> {
        let observation = self.observe(seat)?;
        let turn = match self.outcome() {
            Some(end) => end.winner().unwrap_or(PERSON),
            None => self.current(),
        };
        Some(View {
            rules: self.rules().variant().name(),
            goal: observation.goal,
            scores: self.shown_scores(),
            turn,
            turn_points: observation.turn_points,
            last_roll: memo.clone(),
        })
    }

    /// Pig has no cards.
    fn cards(&self) -> Vec<Vec<String>> {
        Vec::new()
    }

    /// The console's rules (`?`) without the answers its prompt takes (Y/N, q), whose
    /// place a front's own controls take, and the players as a front calls them.
    fn rules_text(&self) -> String {
        render::rules_text(self.rules())
            .replace(
                "Human plays against Computer",
                "You play against the Computer",
            )
            .replace(" Answer q to quit.", "")
            .lines()
            .filter(|line| !line.starts_with("Before each roll, answer"))
            .map(|line| format!("{line}\n"))
            .collect()
    }

    fn ending(&self, outcome: &Outcome) -> String {
        match outcome.winner() {
            Some(PERSON) => "You win!",
            _ => "The Computer wins",
        }
        .to_owned()
    }

    fn chose(&self, seat: Seat, action: &Action) -> Option<Line> {
        Game::choice_line(seat, *action)
    }
}
