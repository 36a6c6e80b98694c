//! Quattro's recorded games at the console (`quattro replay FILE`): the workspace's one
//! recording format ([`cards_core::replay`]), read through the game's [`Face`]: the
//! options are its [`Setup`](crate::face::Setup), the actions its tokens (see
//! [`crate::face`]). The shuffles come again from the seed: a game dealt from a deck file
//! cannot be recorded. What stays here is how a position is shown at the terminal.

use std::io::{self, Write};

use cards_core::face::Face;
use cards_core::protocol::{Actor, GameState, Step};
use cards_core::replay::{self, Frame, Recording, ReplayError};

use crate::game::{Action, Event, Game};
use crate::render::{self, Perspective};
use crate::rules::PLAYERS;
use crate::rules::Variant;
use cards_core::paint::CardStyle;

/// The game's name in a recording.
pub const GAME: &str = <Game as Face>::NAME;

/// Reads a recorded game of Quattro and plays it again: every position, for stepping.
pub fn frames(text: &str) -> Result<Vec<Frame<Game>>, ReplayError> {
    replay::play_back(&Recording::from_json(text, GAME)?)
}

/// Writes one position in plain text: see [`show_in`].
pub fn show(frame: &Frame<Game>, out: &mut impl Write) -> io::Result<()> {
    show_in(frame, out, CardStyle::Plain)
}

/// Writes one position, its cards in `style`: what its step did, in the console's own
/// lines, told to the person (the first human seat) as `quattro --reveal` tells it; then
/// whose turn it is (before the person's move, the summary the console shows them), or
/// what chance does next; and every hand, since the game has been played and nothing is
/// secret any more. The last position of a game played out says who won or why nobody
/// did.
pub fn show_in(frame: &Frame<Game>, out: &mut impl Write, style: CardStyle) -> io::Result<()> {
    let game = &frame.state;
    let who = Perspective {
        human: (0..PLAYERS).find(|&seat| game.player(seat).is_human()),
        reveal: true,
        style,
    };
    let name = |seat: usize| game.player(seat).name();
    match &frame.step {
        None => {
            let others: Vec<&str> = (1..PLAYERS).map(name).collect();
            let title = match game.rules().variant() {
                Variant::Quattro => "Quattro",
                Variant::Uno => "Quattro with Uno rules",
            };
            writeln!(
                out,
                "{title}: {} against {} and {}; at most {}.",
                name(0),
                others[..others.len() - 1].join(", "),
                others[others.len() - 1],
                cards_core::names::count_of(u64::from(game.rules().max_turns()), "turn")
            )?;
        }
        // A draw that waits for a reshuffle has no event of its own yet.
        Some(Step::Action {
            seat,
            action: Action::Draw,
        }) if frame.events.is_empty() => {
            if who.human == Some(*seat) {
                writeln!(out, "You draw.")?;
            } else {
                writeln!(out, "{} draws.", name(*seat))?;
            }
        }
        Some(_) => {}
    }
    for event in &frame.events {
        match *event {
            Event::Dealt { top } => render::opening(out, game, top, who)?,
            _ => render::event(out, game, event, who)?,
        }
    }
    match game.actor() {
        Actor::Seat(seat) => {
            if let (Some(view), true) = (game.view(seat), who.human == Some(seat)) {
                let names = game.players().clone().map(|p| p.name().to_owned());
                render::status(out, &names, &view, style)?;
            } else {
                writeln!(out)?;
                writeln!(out, "{}'s turn.", name(seat))?;
                if let Some(top) = game.top() {
                    let top_card = style.card(top);
                    if top.is_wild() {
                        let color = style.color_name(game.color());
                        writeln!(out, "Top card: {top_card} (colour to follow: {color})")?;
                    } else {
                        writeln!(out, "Top card: {top_card}")?;
                    }
                }
            }
            // Every hand but the one the person's status has just shown.
            for other in (0..PLAYERS).filter(|&other| other != seat || who.human != Some(seat)) {
                render::revealed_hand(out, game, other, style)?;
            }
        }
        Actor::Chance if game.top().is_none() => writeln!(out, "The cards are dealt next.")?,
        Actor::Chance => writeln!(
            out,
            "The draw pile is empty: the discards under the top card are shuffled next."
        )?,
        Actor::Over => {}
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::player::Player;
    use crate::rules::Rules;
    use crate::strategy::Bot;
    use cards_core::replay::{MAX_STEPS, Recording};
    use pretty_assertions::assert_eq;

    /// The table of `quattro`: Ann in seat 1 against the three bots.
    fn with_ann(variant: Variant, max_turns: u32) -> Game {
        let mut players = crate::simulate::bots();
        players[0] = Player::human("Ann");
        Game::new(Rules::new(variant).with_max_turns(max_turns), players)
    }

    /// A game the protocol's own loop plays with the bots at every seat (the person's
    /// too), its actions and events written down as it goes; also the game at its end.
    fn played(start: &Game, seed: u64) -> (Vec<Action>, Vec<Event>, Game) {
        cards_core::testing::played(start, seed, &mut Bot).unwrap()
    }

    /// The recording of the game that started as `start`, as `--record` writes it.
    fn recording(start: &Game, seed: u64, actions: &[Action]) -> Recording {
        replay::record(start, seed, actions).unwrap()
    }

    fn text_of(frame: &Frame<Game>) -> String {
        let mut out = Vec::new();
        show(frame, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn a_recorded_game_replays_to_the_same_events_and_end() {
        let mut kinds = (false, false, false);
        for rules in [Variant::Quattro, Variant::Uno] {
            for start in [
                with_ann(rules, 1000),
                Game::new(Rules::new(rules), crate::simulate::bots()),
                with_ann(rules, 7),
            ] {
                for seed in [1, 7, 88, 1810, u64::MAX] {
                    let (actions, events, end) = played(&start, seed);
                    let json = recording(&start, seed, &actions).to_json();
                    let frames = frames(&json).unwrap();
                    let replayed: Vec<Event> =
                        frames.iter().flat_map(|f| f.events.clone()).collect();
                    assert_eq!(replayed, events, "{rules} seed {seed}");
                    let last = &frames[frames.len() - 1];
                    assert_eq!(last.state, end);
                    assert_eq!(frames[0].state, start);
                    // Each frame shows on whole lines; the last says how the game ended.
                    for frame in &frames {
                        assert!(text_of(frame).ends_with('\n'));
                    }
                    let shown = text_of(last);
                    match end.outcome() {
                        Some(cards_core::protocol::Outcome::Winner { seat }) => {
                            kinds.0 = true;
                            assert!(shown.contains("wins the game") || shown.contains("you win"));
                            assert!(shown.contains(end.player(seat).name()), "{shown}");
                        }
                        _ => {
                            kinds.1 = true;
                            assert!(shown.contains("ends with no winner"), "{shown}");
                        }
                    }
                    // Wild cards with their colour and draws among the tokens.
                    let tokens = recording(&start, seed, &actions).actions;
                    kinds.2 |=
                        tokens.iter().any(|t| t.contains(':')) && tokens.iter().any(|t| t == "d");
                }
            }
        }
        assert_eq!(kinds, (true, true, true));
    }

    /// A game of Uno rules dealt, at Ann's first move: its recording (no actions yet),
    /// and the game.
    fn dealt(seed: u64) -> (Recording, Game) {
        let start = with_ann(Variant::Uno, 1000);
        let recording = recording(&start, seed, &[]);
        let frames = frames(&recording.to_json()).unwrap();
        (recording, frames[frames.len() - 1].state.clone())
    }

    #[test]
    fn an_illegal_token_or_one_after_the_end_is_refused_by_its_step() {
        let start = with_ann(Variant::Quattro, 1000);
        let (actions, _, _) = played(&start, 7);
        let mut illegal = recording(&start, 7, &actions);
        illegal.actions[0] = "Y12".to_owned();
        let error = frames(&illegal.to_json()).unwrap_err().to_string();
        assert_eq!(
            error,
            "step 1: `Y12`: 'Y12' is not a card: type a code as shown in your hand (such as \
             R5), or draw."
        );
        let mut long = recording(&start, 7, &actions);
        long.actions.push("d".to_owned());
        assert_eq!(
            frames(&long.to_json()).unwrap_err().to_string(),
            format!("step {}: `d`: the game is already over", long.actions.len())
        );
        // A game that stopped (quit) replays to the turn where it stopped.
        let mut short = recording(&start, 7, &actions);
        short.actions.truncate(5);
        let frames = frames(&short.to_json()).unwrap();
        assert!(matches!(
            frames[frames.len() - 1].state.actor(),
            Actor::Seat(_)
        ));
    }

    /// A file of more actions than a replay keeps steps is refused before anything is
    /// replayed, whatever its actions.
    #[test]
    fn a_file_longer_than_any_game_is_refused() {
        let start = with_ann(Variant::Quattro, u32::MAX);
        let mut long = recording(&start, 1, &[]);
        long.actions = vec!["d".to_owned(); MAX_STEPS + 1];
        assert_eq!(frames(&long.to_json()).unwrap_err(), ReplayError::TooLong);
    }

    #[test]
    fn the_start_and_a_persons_turn_are_shown_in_the_consoles_words() {
        let (_, game) = dealt(88);
        let start = with_ann(Variant::Uno, 1000);
        let frames = frames(&recording(&start, 88, &[]).to_json()).unwrap();
        assert_eq!(
            text_of(&frames[0]),
            "Quattro with Uno rules: Ann against Player 2, Player 3 and Player 4; at most \
             1000 turns.\nThe cards are dealt next.\n"
        );
        let shown = text_of(&frames[1]);
        assert!(
            shown.starts_with("Welcome to Quattro with Uno rules, Ann! You play against"),
            "{shown}"
        );
        assert!(!shown.contains("Type ?"), "{shown}");
        assert!(shown.contains("\nYour turn, Ann.\nTop card: "), "{shown}");
        for bot in 1..PLAYERS {
            let hand: Vec<String> = game
                .player(bot)
                .hand()
                .iter()
                .map(|c| c.to_string())
                .collect();
            assert!(
                shown.contains(&format!("(Player {} holds {})\n", bot + 1, hand.join(" "))),
                "{shown}"
            );
        }
    }
}
