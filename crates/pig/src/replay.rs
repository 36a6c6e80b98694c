//! Pig's recorded games (`pig --record FILE`, `pig replay FILE`): the workspace's one
//! recording format ([`cards_core::replay`]), written and read through Pig's face
//! ([`crate::face`]), and how a replay is shown at the console ([`show`]).
//!
//! The options are `rules=RULES` and `goal=N` (the face's [`Setup`], written without
//! its Computer: the file holds both seats' actions); the actions are the Human's
//! answers at the prompt, for both seats: `n` rolls the dice, `y` holds (the words
//! [`console::parse_answer`](crate::console::parse_answer) reads, so the file reads as
//! the game was played). The dice come again from the seed: a game played from a dice
//! file cannot be recorded.

use std::io::{self, Write};

use cards_core::face::Face;
use cards_core::protocol::{Actor, GameState, Step};
use cards_core::replay::{self, Frame, Recording, ReplayError};

use crate::face::Setup;
use crate::game::{Action, Event, Game, Outcome};
use crate::render;
use crate::rules::Rules;

pub use crate::rules::MAX_GOAL;

/// The game's name in a recording.
pub const GAME: &str = <Game as Face>::NAME;

/// A recording of a game with these rules (dice and goal) and seed, and these actions,
/// as `pig --record` writes it.
pub fn recording(rules: Rules, seed: u64, actions: &[Action]) -> Result<Recording, ReplayError> {
    let setup = Setup::of(rules);
    let start = <Game as Face>::start(&setup, None, seed).map_err(ReplayError::Options)?;
    replay::record(&start, seed, actions)
}

/// Reads a recorded game of Pig and plays it again: every position, for stepping.
pub fn frames(text: &str) -> Result<Vec<Frame<Game>>, ReplayError> {
    replay::play_back(&Recording::from_json(text, GAME)?)
}

/// Writes one position: what its step did, in the game's own lines, and whose turn it is.
pub fn show(frame: &Frame<Game>, out: &mut impl Write) -> io::Result<()> {
    let state = &frame.state;
    match &frame.step {
        None => write!(out, "{}", render::welcome(state.rules()))?,
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
        if let Event::Held { seat, total } = *event {
            writeln!(
                out,
                "{}",
                render::player_line(state.player(seat).name(), total)
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
    use crate::console::{COMPUTER, HUMAN};
    use crate::player::PigPlayer;
    use crate::rules::Variant;
    use crate::strategy::HoldAt;
    use pretty_assertions::assert_eq;

    fn rules(variant: Variant, goal: u32) -> Rules {
        Rules::new(variant).with_goal(goal).unwrap()
    }

    /// A game the protocol's own loop plays (hold at 10 against hold at 25), its
    /// actions and events written down as it goes.
    fn played(rules: Rules, seed: u64) -> (Vec<Action>, Vec<Event>, Game) {
        let start = Game::new(rules, [PigPlayer::new(HUMAN), PigPlayer::new(COMPUTER)]);
        cards_core::testing::played(&start, seed, &mut (HoldAt(10), HoldAt(25))).unwrap()
    }

    #[test]
    fn a_recorded_game_replays_to_the_same_events_and_winner() {
        for (variant, goal, seed) in [
            (Variant::TwoDice, 100, 7),
            (Variant::Classic, 50, 1810),
            (Variant::TwoDice, 1, 3),
        ] {
            let rules = rules(variant, goal);
            let (actions, events, end) = played(rules, seed);
            let json = recording(rules, seed, &actions).unwrap().to_json();
            let frames = frames(&json).unwrap();
            let replayed: Vec<Event> = frames.iter().flat_map(|f| f.events.clone()).collect();
            assert_eq!(replayed, events, "{variant} {goal} {seed}");
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
        let (actions, _, _) = played(rules(Variant::TwoDice, 20), 5);
        let mut long = recording(rules(Variant::TwoDice, 20), 5, &actions).unwrap();
        long.actions.push("n".to_owned());
        assert_eq!(
            frames(&long.to_json()).unwrap_err().to_string(),
            format!("step {}: `n`: the game is already over", long.actions.len())
        );
        for (options, error) in [
            (
                vec!["rules=three-dice", "goal=20"],
                "options: `three-dice`: ",
            ),
            (
                vec!["rules=classic", "goal=0"],
                "options: `goal=0`: the goal is a number of points from 1 to 10000",
            ),
            (vec!["rules=classic", "goal=x"], "options: `x`: "),
            (vec!["colour=red"], "options: unknown field `colour`"),
            (
                vec!["goal=5", "goal=6", "rules=classic"],
                "options: `goal=6`: the key is given twice",
            ),
        ] {
            let mut bad = recording(rules(Variant::TwoDice, 20), 5, &actions).unwrap();
            bad.options = options.iter().map(|&o| o.to_owned()).collect();
            let found = frames(&bad.to_json()).unwrap_err().to_string();
            assert!(found.starts_with(error), "{found}");
        }
    }

    /// A recording names every setting: one left out would replay the game under
    /// the default rules, another game than the one recorded (the dice differ), as if it
    /// were this one.
    #[test]
    fn a_recording_that_leaves_a_setting_out_is_refused() {
        let (actions, _, _) = played(rules(Variant::Classic, 100), 11);
        let mut short = recording(rules(Variant::Classic, 100), 11, &actions).unwrap();
        assert_eq!(short.options, ["rules=classic", "goal=100"]);
        short.options = vec!["goal=100".to_owned()];
        assert_eq!(
            frames(&short.to_json()).unwrap_err().to_string(),
            "options: `rules` missing: a recording of pig names rules, goal"
        );
    }

    /// Holding with no points passes the dice and scores nothing: a file of holds alone
    /// never ends its game, and is refused before it fills memory.
    #[test]
    fn a_game_that_never_ends_is_refused() {
        let mut holds = recording(rules(Variant::TwoDice, 100), 1, &[]).unwrap();
        holds.actions = vec!["y".to_owned(); cards_core::replay::MAX_STEPS];
        assert_eq!(frames(&holds.to_json()).unwrap_err(), ReplayError::TooLong);
        holds.actions.push("y".to_owned());
        assert_eq!(frames(&holds.to_json()).unwrap_err(), ReplayError::TooLong);
    }
}
