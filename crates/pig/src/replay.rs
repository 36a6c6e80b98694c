//! Pig's recorded games (`pig --record FILE`, `pig replay FILE`): the workspace's one
//! recording format ([`cards_core::replay`]) with Pig's words in it.
//!
//! The options are `rules=RULES` and `goal=N`; the actions are the Human's answers at
//! the prompt, for both seats: `n` rolls the dice, `y` holds (the words
//! [`console::parse_answer`] reads, so the file reads as the game was played). The dice
//! come again from the seed: a game played from a dice file cannot be recorded.

use std::io::{self, Write};

use cards_core::protocol::{Actor, GameState, Step};
use cards_core::replay::{self, Frame, Recorded, Recording, ReplayError};

use crate::console::{self, Answer, COMPUTER, HUMAN};
use crate::game::{Action, Event, Game, Outcome};
use crate::player::PigPlayer;
use crate::render;
use crate::rules::Rules;

/// The largest goal a game may have (the command line's bound too).
pub const MAX_GOAL: u32 = 10_000;

/// The game's name in a recording.
pub const GAME: &str = "pig";

impl Recorded for Game {
    const GAME: &'static str = GAME;

    fn options(&self) -> Vec<String> {
        vec![
            format!("rules={}", self.rules()),
            format!("goal={}", self.goal()),
        ]
    }

    /// The Human (seat 0, first to play) against the Computer, as `pig` plays them.
    fn from_options(options: &[String]) -> Result<Game, ReplayError> {
        let (mut rules, mut goal) = (None, None);
        for option in options {
            let bad = |why: &str| {
                ReplayError::Options(format!("`{}`: {why}", cards_core::input::quoted(option)))
            };
            match option.split_once('=') {
                Some(("rules", value)) if rules.is_none() => {
                    rules = Some(
                        value
                            .parse::<Rules>()
                            .map_err(|error| bad(&error.to_string()))?,
                    );
                }
                Some(("goal", value)) if goal.is_none() => {
                    goal = Some(
                        value
                            .parse::<u32>()
                            .ok()
                            .filter(|goal| (1..=MAX_GOAL).contains(goal))
                            .ok_or_else(|| bad("the goal is a number of points from 1 to 10000"))?,
                    );
                }
                _ => return Err(bad("not rules=RULES or goal=N, or given twice")),
            }
        }
        let (Some(rules), Some(goal)) = (rules, goal) else {
            return Err(ReplayError::Options(
                "both rules=RULES and goal=N are needed".to_owned(),
            ));
        };
        Ok(Game::new(
            rules,
            goal,
            [PigPlayer::new(HUMAN), PigPlayer::new(COMPUTER)],
        ))
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
            Err(why) => Err(why.to_owned()),
        }
    }
}

/// A recording of a game with these rules, goal and seed, and these actions.
pub fn recording(rules: Rules, goal: u32, seed: u64, actions: &[Action]) -> Recording {
    let start = Game::new(
        rules,
        goal,
        [PigPlayer::new(HUMAN), PigPlayer::new(COMPUTER)],
    );
    Game::recording(&start, seed, actions)
}

/// Reads a recorded game of Pig and plays it again: every position, for stepping.
pub fn frames(text: &str) -> Result<Vec<Frame<Game>>, ReplayError> {
    replay::frames(text)
}

/// Writes one position: what its step did, in the game's own lines, and whose turn it is.
pub fn show(frame: &Frame<Game>, out: &mut impl Write) -> io::Result<()> {
    let state = &frame.state;
    match &frame.step {
        None => write!(out, "{}", render::welcome(state.rules(), state.goal()))?,
        Some(Step::Action { seat, action }) => {
            let verb = match action {
                Action::Roll => "rolls the dice",
                Action::Hold => "holds",
            };
            writeln!(out, "{} {verb}.", state.player(*seat).name())?;
        }
        Some(Step::Chance(_)) => {}
    }
    for event in &frame.events {
        if let Some(line) = render::roll_line(event) {
            writeln!(out, "{line}")?;
        }
        if let Event::Held { player, total } = *event {
            writeln!(
                out,
                "{}",
                render::player_line(state.player(player).name(), total)
            )?;
        }
    }
    match (state.actor(), state.outcome()) {
        (_, Some(Outcome::Winner { seat })) => {
            writeln!(out, "{}", render::winner_line(state.player(seat).name()))
        }
        (Actor::Seat(seat), _) => {
            let player = state.player(seat);
            writeln!(
                out,
                "{} to play: Total Points = {}, Turn Points = {}",
                player.name(),
                player.total(),
                player.turn_points()
            )
        }
        (Actor::Chance, _) => writeln!(out, "The dice are thrown next."),
        (Actor::Over, None) => writeln!(out, "The game is over."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strategy::HoldAt;
    use pretty_assertions::assert_eq;

    /// A game the protocol's own loop plays (hold at 10 against hold at 25), its
    /// actions and events written down as it goes.
    fn played(rules: Rules, goal: u32, seed: u64) -> (Vec<Action>, Vec<Event>, Game) {
        let start = Game::new(
            rules,
            goal,
            [PigPlayer::new(HUMAN), PigPlayer::new(COMPUTER)],
        );
        cards_core::testing::played(&start, seed, &mut (HoldAt(10), HoldAt(25))).unwrap()
    }

    #[test]
    fn a_recorded_game_replays_to_the_same_events_and_winner() {
        for (rules, goal, seed) in [
            (Rules::TwoDice, 100, 7),
            (Rules::Classic, 50, 1810),
            (Rules::TwoDice, 1, 3),
        ] {
            let (actions, events, end) = played(rules, goal, seed);
            let json = recording(rules, goal, seed, &actions).to_json();
            let frames = frames(&json).unwrap();
            let replayed: Vec<Event> = frames.iter().flat_map(|f| f.events.clone()).collect();
            assert_eq!(replayed, events, "{rules} {goal} {seed}");
            let last = &frames[frames.len() - 1].state;
            assert_eq!(last.outcome(), end.outcome());
            assert_eq!(last, &end);
            // Each frame shows on whole lines, the last one naming the winner.
            let mut out = Vec::new();
            show(&frames[frames.len() - 1], &mut out).unwrap();
            let winner = end
                .player(end.outcome().and_then(|o| o.winner()).unwrap())
                .name();
            assert!(
                String::from_utf8(out)
                    .unwrap()
                    .ends_with(&format!("The winner is: {winner}\n"))
            );
        }
    }

    #[test]
    fn bad_options_and_an_answer_after_the_end_are_refused() {
        let (actions, _, _) = played(Rules::TwoDice, 20, 5);
        let mut long = recording(Rules::TwoDice, 20, 5, &actions);
        long.actions.push("n".to_owned());
        assert_eq!(
            frames(&long.to_json()).unwrap_err().to_string(),
            format!("step {}: `n`: the game is already over", long.actions.len())
        );
        for (options, error) in [
            (
                vec!["rules=three-dice", "goal=20"],
                "options: `rules=three-dice`: ",
            ),
            (
                vec!["rules=classic", "goal=0"],
                "options: `goal=0`: the goal is a number of points from 1 to 10000",
            ),
            (
                vec!["rules=classic"],
                "options: both rules=RULES and goal=N are needed",
            ),
            (
                vec!["goal=5", "goal=6", "rules=classic"],
                "options: `goal=6`: not rules=RULES or goal=N, or given twice",
            ),
        ] {
            let mut bad = recording(Rules::TwoDice, 20, 5, &actions);
            bad.options = options.iter().map(|&o| o.to_owned()).collect();
            let found = frames(&bad.to_json()).unwrap_err().to_string();
            assert!(found.starts_with(error), "{found}");
        }
    }

    /// Holding with no points passes the dice and scores nothing: a file of holds alone
    /// never ends its game, and is refused before it fills memory.
    #[test]
    fn a_game_that_never_ends_is_refused() {
        let mut holds = recording(Rules::TwoDice, 100, 1, &[]);
        holds.actions = vec!["y".to_owned(); cards_core::replay::MAX_STEPS];
        assert_eq!(frames(&holds.to_json()).unwrap_err(), ReplayError::TooLong);
        holds.actions.push("y".to_owned());
        assert_eq!(frames(&holds.to_json()).unwrap_err(), ReplayError::TooLong);
    }
}
