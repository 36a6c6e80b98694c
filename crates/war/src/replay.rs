//! War's recorded games at the console (`war replay FILE`): the position a replay shows,
//! in the console's own lines ([`show`]). The recording itself (its options, the action
//! token `1`) is the face's ([`crate::face`]), read and written by the workspace's
//! [`cards_core::replay::record`] and [`cards_core::replay::play_back`].
//!
//! The steps of a replay are the deal, each battle with its wars, and with shuffled
//! returns each take of the table (the order the won cards go under the pile): the
//! chance outcomes come again from the seed, so a game dealt from a deck file cannot be
//! recorded.

use std::io::{self, Write};

use cards_core::face::Face;
use cards_core::names::plural;
use cards_core::protocol::{Actor, GameState, Step};
use cards_core::replay::{Frame, Recording, ReplayError};

use crate::deck::ChanceNode;
use crate::game::{Event, Game};
use crate::render::{render_events, render_hands, render_summary, rules_text};

/// Reads a recorded game of War and plays it again: every position, for stepping.
pub fn frames(text: &str) -> Result<Vec<Frame<Game>>, ReplayError> {
    cards_core::replay::play_back(&Recording::from_json(text, <Game as Face>::NAME)?)
}

/// Writes one position in the console's own lines: what its step did (the deal's hands,
/// a battle with its wars as the prompt shows it, or the order in which a take's won
/// cards went under the pile), then every player's whole hand (the game is over when it
/// is replayed: nothing is hidden) and what comes next, or at the end who won or why
/// nobody did, with the numbers of battles and wars.
pub fn show(frame: &Frame<Game>, out: &mut impl Write) -> io::Result<()> {
    let mut text = String::new();
    write_frame(frame, &mut text).map_err(io::Error::other)?;
    out.write_all(text.as_bytes())
}

fn write_frame(frame: &Frame<Game>, text: &mut String) -> std::fmt::Result {
    use std::fmt::Write as _;
    let game = &frame.state;
    match &frame.step {
        None => {
            text.push_str(&rules_text(game.rules()));
            if game.actor() != Actor::Chance {
                text.push_str("Initial hands (the game starts from these piles):\n");
            }
        }
        Some(Step::Chance(order)) => {
            let mut rest = Vec::with_capacity(frame.events.len());
            for event in &frame.events {
                match *event {
                    Event::Dealt => text.push_str("Initial hands:\n"),
                    Event::Took { seat, cards } => writeln!(
                        text,
                        "Player {} slips the {cards} card{} under their pile, shuffled: {order}.",
                        seat + 1,
                        plural(cards as u64),
                    )?,
                    other => rest.push(other),
                }
            }
            render_events(&rest, text)?;
        }
        Some(Step::Action { .. }) => {
            // With shuffled returns the battle's winner takes the table a step later,
            // once chance has ordered the cards: the line says so now, as the prompt's.
            let mut events = frame.events.clone();
            if let Some(ChanceNode::Take { seat }) = game.chance_node() {
                events.push(Event::Took {
                    seat,
                    cards: game.table().len(),
                });
            }
            render_events(&events, text)?;
        }
    }
    match (game.actor(), game.chance_node()) {
        (Actor::Over, _) => {
            render_hands(game, text)?;
            text.push('\n');
            render_summary(game, None, text)
        }
        (Actor::Seat(_), _) => {
            render_hands(game, text)?;
            writeln!(text, "Next: battle {}.", game.battles() + 1)
        }
        (Actor::Chance, Some(ChanceNode::Take { seat })) => writeln!(
            text,
            "Next: the cards on the table are shuffled and go under Player {}'s pile.",
            seat + 1
        ),
        (Actor::Chance, _) => writeln!(
            text,
            "Next: the 52 cards are shuffled and dealt one at a time, Player 1 first."
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Card;
    use crate::console;
    use crate::face::BATTLE;
    use crate::game::Action;
    use crate::game::{NoWinner, Outcome};
    use crate::rules::{MAX_PLAYERS, Rules, WonCardOrder};
    use crate::strategy::AlwaysBattle;
    use cards_core::replay::{MAX_STEPS, record};
    use pretty_assertions::assert_eq;

    /// A game the protocol's own loop plays with the game's bot at every seat, its
    /// actions and events written down as it goes.
    fn played(start: &Game, seed: u64) -> (Vec<Action>, Vec<Event>, Game) {
        cards_core::testing::played(start, seed, &mut AlwaysBattle).unwrap()
    }

    fn rules(players: usize, order: WonCardOrder) -> Rules {
        Rules::new(players).unwrap().with_order(order)
    }

    fn recording(start: &Game, seed: u64, actions: &[Action]) -> Recording {
        record(start, seed, actions).unwrap()
    }

    fn last_shown(frames: &[Frame<Game>]) -> String {
        let mut out = Vec::new();
        show(&frames[frames.len() - 1], &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    /// Every player count and both orders, a few seeds each: the replay goes through
    /// the same events to the same end, and its last frame names the winner (or why
    /// there is none) as the person's summary does.
    #[test]
    fn a_recorded_game_replays_to_the_same_events_and_end() {
        for players in 2..=MAX_PLAYERS {
            for order in [WonCardOrder::Shuffled, WonCardOrder::Fixed] {
                for seed in [1, 7, 1406] {
                    let start = Game::new(rules(players, order));
                    let (actions, events, end) = played(&start, seed);
                    let json = recording(&start, seed, &actions).to_json();
                    let frames = frames(&json).unwrap();
                    let what = format!("{players} players, {order:?}, seed {seed}");
                    let replayed: Vec<Event> =
                        frames.iter().flat_map(|f| f.events.clone()).collect();
                    assert_eq!(replayed, events, "{what}");
                    let last = &frames[frames.len() - 1].state;
                    assert_eq!(last, &end, "{what}");
                    let mut summary = String::new();
                    render_summary(&end, None, &mut summary).unwrap();
                    assert!(last_shown(&frames).ends_with(&summary), "{what}");
                    // One frame a step: the start, the deal, each battle and each take.
                    let takes = match order {
                        WonCardOrder::Shuffled => events
                            .iter()
                            .filter(|e| matches!(e, Event::Took { .. }))
                            .count(),
                        WonCardOrder::Fixed => 0,
                    };
                    assert_eq!(frames.len(), 2 + actions.len() + takes, "{what}");
                }
            }
        }
    }

    /// The winner of a hand-worked game from piles: Player 1's ace, king and queen beat
    /// Player 2's 2, 3 and 4, three battles, no war (the console's test game).
    #[test]
    fn a_game_from_piles_records_its_piles_and_replays() {
        let hand = |text: &str| -> Vec<Card> {
            text.split_whitespace()
                .map(|c| c.parse().unwrap())
                .collect()
        };
        let start = Game::from_piles(
            rules(2, WonCardOrder::Fixed),
            [hand("AS KC QC"), hand("2D 3D 4D")],
        )
        .unwrap();
        let recording = recording(&start, 0, &[Action::Battle; 3]);
        assert_eq!(recording.actions, ["1", "1", "1"]);
        let frames = frames(&recording.to_json()).unwrap();
        assert_eq!(frames.len(), 4);
        assert_eq!(frames[0].state, start);
        assert_eq!(frames[3].state.outcome(), Some(Outcome::Winner { seat: 0 }));
        assert_eq!(
            last_shown(&frames),
            "Battle 3: Player 1 plays QC, Player 2 plays 4D. Player 1 wins and takes 2 cards.\n\
             Player 2 has no cards left and is out of the game.\n\
             Player 1 (6 cards): AS 2D KC 3D QC 4D\n\
             Player 2 (0 cards)\n\
             \n\
             Player 1 wins the game: every other player ran out of cards!\n\
             Battles fought: 3\n\
             Wars fought: 0\n"
        );
    }

    /// A game stopped by its cap replays to the same end, and says why nobody won.
    #[test]
    fn a_game_cut_off_by_the_cap_says_so() {
        let start = Game::new(
            rules(3, WonCardOrder::Shuffled)
                .with_max_battles(5)
                .unwrap(),
        );
        let (actions, _, end) = played(&start, 7);
        assert!(matches!(
            end.outcome(),
            Some(Outcome::NoWinner {
                reason: NoWinner::BattleCap { max_battles: 5 }
            })
        ));
        let frames = frames(&recording(&start, 7, &actions).to_json()).unwrap();
        let shown = last_shown(&frames);
        assert!(
            shown.contains("\nNo winner: the game reached the cap of 5 battles (--max-battles).\n"),
            "{shown}"
        );
    }

    fn recorded(seed: u64) -> Recording {
        let start = Game::new(Rules::default());
        let (actions, _, _) = played(&start, seed);
        recording(&start, seed, &actions)
    }

    #[test]
    fn a_bad_token_one_after_the_end_or_another_game_is_refused() {
        let mut bad = recorded(3);
        bad.actions[2] = "battle\u{7}".to_owned();
        assert_eq!(
            frames(&bad.to_json()).unwrap_err().to_string(),
            format!("step 3: `battle\\u{{7}}`: {}", console::BadAnswer)
        );
        let mut long = recorded(3);
        long.actions.push(BATTLE.to_owned());
        assert_eq!(
            frames(&long.to_json()).unwrap_err().to_string(),
            format!("step {}: `1`: the game is already over", long.actions.len())
        );
        let mut other = recorded(3);
        other.game = "pig".to_owned();
        assert_eq!(
            frames(&other.to_json()).unwrap_err().to_string(),
            "this is a recorded game of `pig`, not of war"
        );
    }

    /// A game quit after two battles replays to the third battle's turn.
    #[test]
    fn a_game_cut_short_replays_to_where_it_stopped() {
        let mut short = recorded(3);
        short.actions.truncate(2);
        let frames = frames(&short.to_json()).unwrap();
        let last = &frames[frames.len() - 1].state;
        assert_eq!(last.outcome(), None);
        assert!(last.battles() >= 2);
        assert!(last_shown(&frames).ends_with(&format!("Next: battle {}.\n", last.battles() + 1)));
    }

    /// More actions than a replay keeps are refused before any is played; a game of War
    /// always ends (at the latest at its cap), so a long file of battles is refused where
    /// its game is over.
    #[test]
    fn a_too_long_file_is_refused() {
        let mut long = recorded(1);
        long.actions = vec![BATTLE.to_owned(); MAX_STEPS + 1];
        assert_eq!(frames(&long.to_json()).unwrap_err(), ReplayError::TooLong);
        long.actions.truncate(MAX_STEPS);
        let ended = match frames(&long.to_json()).unwrap_err() {
            ReplayError::Step { message, .. } => message,
            other => panic!("{other:?}"),
        };
        assert_eq!(ended, "the game is already over");
    }

    /// A game that runs to the default cap replays: its steps at the most are the deal,
    /// a battle and a take of the table (with shuffled returns) each battle, and the
    /// start, within what a replay keeps.
    #[test]
    fn a_game_to_the_default_cap_fits_in_a_replay() {
        let most = 2 + 2 * Rules::DEFAULT_MAX_BATTLES;
        assert!(most <= MAX_STEPS as u64, "{most}");
    }
}
