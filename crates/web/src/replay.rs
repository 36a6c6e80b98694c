//! Finished games stepped through on the page: a session's recording
//! (`GET /api/games/ID/recording`, the file `GAME --record FILE` writes and `GAME replay
//! FILE` reads) and a recording played again into frames (`POST /api/replays`), both in
//! the workspace's one format, [`cards_core::replay`].
//!
//! The server never trusts a recording's story: it rebuilds the game from the options,
//! draws chance from the seed and applies each action with the protocol
//! ([`play_back`]), so a file can show nothing the rules would not have done. Each frame
//! is told as the live page tells a step ([`crate::games::live::frame`], with the same
//! lines); since the game is over, every hand is shown, unless the recording stops before
//! the end (a game quit at the terminal): then a frame shows only what seat 0 saw.
//!
//! Written once over the games' face ([`Face`]); the four games' types are named only by
//! [`cardgames::with_game`].

use cardgames::{Visit, with_game};
use cards_core::face::Face;
use cards_core::protocol::{Actor, Step};
use cards_core::replay::{Frame, Recording, ReplayError, play_back};
use serde_json::{Value, json};

use crate::error::ApiError;
use crate::games::live;
use crate::games::step::FrameJson;
use crate::kind::Kind;
use crate::table::Table;

/// The largest recording `POST /api/replays` reads: far above a long game's (a War to
/// its end is a few thousand tokens of a few bytes), far below what would hold the
/// server up.
pub const MAX_RECORDING: usize = 1 << 20;

/// The most frames a replay sent to the page may have: each is a whole position, so a
/// War played to its battle cap is stepped through at the terminal instead.
pub const MAX_FRAMES: usize = 20_000;

/// The recording of a session's game, once it is over (before, it would tell every
/// card and roll to come).
pub fn recording(table: &Table, seed: u64, over: bool) -> Result<Recording, ApiError> {
    if !over {
        return Err(ApiError::illegal(
            "the game is not over yet: its recording (which holds the seed) is given at the end",
        ));
    }
    table.recording(seed)
}

/// A recording played again: the answer of `POST /api/replays`.
struct FramesOf<'a>(&'a Recording);

impl Visit for FramesOf<'_> {
    type Out = Result<Value, ApiError>;
    fn visit<G: Face>(self) -> Result<Value, ApiError> {
        let too_long = || {
            ApiError::malformed(format!(
                "the recorded game is longer than the {} steps the page steps through: use `{} replay FILE`",
                MAX_FRAMES - 1,
                G::NAME
            ))
        };
        // Each action is a step at least: a long file is refused before it is played.
        if self.0.actions.len() >= MAX_FRAMES {
            return Err(too_long());
        }
        let frames = play_back::<G>(self.0).map_err(refused)?;
        if frames.len() > MAX_FRAMES {
            return Err(too_long());
        }
        Ok(replay_json(self.0, &frames))
    }
}

/// A recording refused, with its one-line reason.
fn refused(error: ReplayError) -> ApiError {
    ApiError::malformed(error.to_string())
}

/// Every frame of `frames` (a replay of `recording`) as the page steps through them.
pub fn replay_json<G: Face>(recording: &Recording, frames: &[Frame<G>]) -> Value {
    let json_frames = frames_json(frames);
    // A rule set named in the recording's own words (`rules=diversidad`), where the
    // game's rules alone could name two.
    let named = recording
        .options
        .iter()
        .find_map(|option| option.strip_prefix("rules="));
    let json_frames: Vec<FrameJson> = match named {
        None => json_frames,
        Some(name) => json_frames
            .into_iter()
            .map(|mut frame| {
                if let Some(rules) = frame.view.get_mut("rules") {
                    *rules = Value::from(name);
                }
                frame
            })
            .collect(),
    };
    let rules_text = frames
        .first()
        .map(|frame| crate::games::rule_sentences(&frame.state.rules_text()))
        .unwrap_or_default();
    let complete = is_complete(frames);
    json!({
        "game": G::NAME,
        "title": G::TITLE,
        "seed": recording.seed.to_string(),
        "options": recording.options,
        "complete": complete,
        "steps": json_frames.len().saturating_sub(1),
        "rules_text": rules_text,
        "frames": json_frames,
    })
}

/// Whether the recording plays to the end of its game.
fn is_complete<G: Face>(frames: &[Frame<G>]) -> bool {
    frames
        .last()
        .is_some_and(|frame| frame.state.actor() == Actor::Over)
}

/// The page's frames of a replay: every card shown once the game is over, the first
/// frame opened with the game's opening lines, each choice the events do not tell said,
/// and a recording that stops early said so at its last frame.
fn frames_json<G: Face>(frames: &[Frame<G>]) -> Vec<FrameJson> {
    let complete = is_complete(frames);
    let mut memo = G::Memo::default();
    frames
        .iter()
        .enumerate()
        .map(|(index, frame)| {
            let mut shown = live::frame(frame, &mut memo, complete);
            if index == 0 {
                let mut log = live::opening(&frame.state);
                log.append(&mut shown.log);
                shown.log = log;
            }
            if let Some(Step::Action { seat, action }) = &frame.step
                && let Some(line) = frame.state.chose(*seat, action)
            {
                shown.log.insert(0, line);
            }
            if !complete && index + 1 == frames.len() {
                shown.status = format!("The recording stops here. {}", shown.status);
            }
            shown
        })
        .collect()
}

/// Plays a recording (the body of `POST /api/replays`) again into the page's frames;
/// a recording that is not one, or of no game this server steps through, is refused
/// with the one-line message of its [`ReplayError`].
pub fn replay(body: &Value) -> Result<Value, ApiError> {
    let recording: Recording = serde_json::from_value(body.clone())
        .map_err(|error| refused(ReplayError::Malformed(error.to_string())))?;
    if recording.format != cards_core::replay::FORMAT {
        return Err(refused(ReplayError::Format(recording.format)));
    }
    let kind = Kind::from_slug(&recording.game).ok_or_else(|| {
        ApiError::malformed(format!(
            "this is a recorded game of `{}`, not of ochos-locos, quattro, war or pig",
            cards_core::input::quoted(&recording.game)
        ))
    })?;
    with_game(kind, FramesOf(&recording))
}

#[cfg(test)]
mod tests {
    //! Each game's frames, from games played by the protocol's `Driver` with the games'
    //! own agents (not from a recording): every card where the rules keep it, the log
    //! the live page would show, the outcome the game reached.

    use cards_core::protocol::{Agent, ChanceSource, Driver, Outcome};
    use cards_core::rng::rng_from_seed;
    use pretty_assertions::assert_eq;

    use super::*;
    use crate::games::Entry;
    use cards_core::protocol::GameState;

    /// Plays `start` to its end with `agents`, chance from `seed`: every position.
    fn played<G: GameState + Clone>(
        start: G,
        seed: u64,
        mut agents: impl Agent<G>,
    ) -> Vec<Frame<G>> {
        let mut game = start.clone();
        let mut frames = vec![Frame {
            state: start,
            step: None,
            events: Vec::new(),
        }];
        let mut chance = ChanceSource::seeded(rng_from_seed(seed));
        Driver::new()
            .play(
                &mut game,
                &mut chance,
                &mut agents,
                |state, step, events| {
                    frames.push(Frame {
                        state: state.clone(),
                        step: Some(step.clone()),
                        events: events.to_vec(),
                    });
                    Ok(())
                },
            )
            .unwrap();
        frames
    }

    fn shown<G: Face>(frames: &[Frame<G>], reveal: bool) -> Vec<FrameJson> {
        let mut memo = G::Memo::default();
        frames
            .iter()
            .map(|f| live::frame(f, &mut memo, reveal))
            .collect()
    }

    fn cards(hands: &[Option<Vec<String>>]) -> usize {
        hands.iter().flatten().map(Vec::len).sum()
    }

    /// The ending as the live page says it, from the game's own outcome.
    fn check_end(last: &FrameJson, winner: Option<usize>) {
        let outcome = last.outcome.as_ref().unwrap();
        assert_eq!(outcome.winner, winner);
        assert_eq!(last.status, outcome.text);
        assert_eq!(last.to_act, None);
    }

    #[test]
    fn ochos_locos_frames_hold_all_32_cards_and_the_live_lines() {
        use ochos_locos::Variant;
        use ochos_locos::files::Deal;
        for variant in Variant::ALL {
            for seed in 0..5 {
                let players = variant.default_players();
                let deal = Deal::random(variant, players, &mut rng_from_seed(seed)).unwrap();
                let (start, _) = deal.table(variant).unwrap();
                let strategies: Vec<_> = deal.seats.iter().map(|s| s.strategy).collect();
                let frames = played(start, seed, strategies);
                let json = shown(&frames, true);
                assert!(json[0].hands.iter().all(|h| h.as_deref() == Some(&[][..])));
                for (frame, out) in frames.iter().zip(&json).skip(1) {
                    let deck = out.view["deck"].as_u64().unwrap() as usize;
                    let discard = frame.state.discard_pile().len();
                    assert_eq!(cards(&out.hands) + deck + discard, 32, "{variant} {seed}");
                    for (player, count) in out.players.iter().zip(&out.hands) {
                        assert_eq!(player.cards, count.as_ref().map(Vec::len));
                    }
                }
                // One line per turn and one for the deal, as the live log has them.
                let turns = frames
                    .iter()
                    .filter(|f| matches!(f.step, Some(cards_core::protocol::Step::Action { .. })))
                    .count();
                let lines: Vec<&Entry> = json.iter().flat_map(|f| &f.log).collect();
                assert_eq!(lines.iter().filter(|e| e.kind == "deal").count(), 1);
                assert_eq!(
                    lines
                        .iter()
                        .filter(|e| matches!(e.kind.as_str(), "played" | "drew" | "passed"))
                        .count(),
                    turns
                );
                let last = json.last().unwrap();
                let state = &frames.last().unwrap().state;
                check_end(last, state.outcome().and_then(|o| o.winner()));
                if let Some(Outcome::Winner { seat }) = state.outcome() {
                    assert_eq!(last.hands[seat].as_deref(), Some(&[][..]));
                    // Assignment 2's numbered players are "Player N" on the page.
                    let name = state.players()[seat].name();
                    let shown = match variant.is_assignment_2() {
                        true => format!("Player {name}"),
                        false => name.to_owned(),
                    };
                    assert_eq!(last.log.last().unwrap().text, format!("{shown} wins"));
                    assert_eq!(last.players[seat].name, shown);
                }
                // Not revealed: seat 0's hand only.
                let hidden = shown(&frames, false);
                for out in &hidden {
                    assert!(out.hands.iter().skip(1).all(Option::is_none));
                    assert!(out.hands[0].is_some());
                }
            }
        }
    }

    #[test]
    fn quattro_frames_hold_the_whole_deck_and_show_draws_only_when_revealed() {
        use quattro::{Bot, Player, Rules, Variant};
        for (variant, deck) in [(Variant::Quattro, 40), (Variant::Uno, 56)] {
            for seed in 0..8 {
                let players = [
                    Player::human("You"),
                    Player::bot(1),
                    Player::bot(2),
                    Player::bot(3),
                ];
                let start = quattro::Game::new(Rules::new(variant), players);
                let frames = played(start, seed, [Bot; 4]);
                let json = shown(&frames, true);
                for (frame, out) in frames.iter().zip(&json).skip(1) {
                    let pile = out.view["draw_pile"].as_u64().unwrap() as usize;
                    let discards = frame.state.discard_pile_len();
                    assert_eq!(
                        cards(&out.hands) + pile + discards,
                        deck,
                        "{variant:?} {seed}"
                    );
                }
                let draws = |json: &[FrameJson]| -> Vec<String> {
                    json.iter()
                        .flat_map(|f| &f.log)
                        .filter(|e| e.kind == "drew" && e.seat != Some(0))
                        .map(|e| e.text.clone())
                        .collect()
                };
                // A bot's draw names its card only in a finished game's replay.
                let hidden = shown(&frames, false);
                for (open, closed) in draws(&json).iter().zip(draws(&hidden)) {
                    assert!(
                        closed.ends_with(" draws a card") || closed.contains(" as a penalty"),
                        "{closed}"
                    );
                    if closed.ends_with(" draws a card") {
                        assert!(!open.ends_with(" draws a card"), "{open}");
                    }
                }
                assert!(
                    hidden
                        .iter()
                        .all(|f| f.hands.iter().skip(1).all(Option::is_none))
                );
                let state = &frames.last().unwrap().state;
                check_end(
                    json.last().unwrap(),
                    state.outcome().and_then(|o| o.winner()),
                );
            }
        }
    }

    #[test]
    fn war_frames_hold_all_52_cards_in_piles_and_on_the_table() {
        use war::{AlwaysBattle, Rules, WonCardOrder};
        for players in 2..=8 {
            for order in [WonCardOrder::Shuffled, WonCardOrder::Fixed] {
                let seed = players as u64;
                let rules = Rules::new(players)
                    .unwrap()
                    .with_order(order)
                    .with_max_battles(3000)
                    .unwrap();
                let frames = played(war::Game::new(rules), seed, AlwaysBattle);
                let json = shown(&frames, true);
                for out in json.iter().skip(1) {
                    let table = out.view["table"].as_u64().unwrap() as usize;
                    assert_eq!(cards(&out.hands) + table, 52, "{players} {order:?}");
                    for (player, pile) in out.players.iter().zip(&out.hands) {
                        assert_eq!(player.cards, pile.as_ref().map(Vec::len));
                    }
                }
                // A line for each battle turned (each action), its wars' lines after it.
                let battles = frames
                    .iter()
                    .filter(|f| matches!(f.step, Some(cards_core::protocol::Step::Action { .. })))
                    .count();
                let lines = json
                    .iter()
                    .flat_map(|f| &f.log)
                    .filter(|e| e.kind == "battle")
                    .count();
                assert_eq!(lines, battles);
                let state = &frames.last().unwrap().state;
                check_end(
                    json.last().unwrap(),
                    state.outcome().and_then(|o| o.winner()),
                );
                // Face down, the person's pile too, unless revealed.
                assert!(
                    shown(&frames, false)
                        .iter()
                        .all(|f| f.hands.iter().all(Option::is_none))
                );
            }
        }
    }

    #[test]
    fn pig_frames_show_the_dice_and_the_winning_total() {
        use pig::{AnyStrategy, HoldAt, PigPlayer, Rules, Variant};
        for variant in [Variant::TwoDice, Variant::Classic] {
            let rules = Rules::new(variant).with_goal(30).unwrap();
            for seed in 0..10 {
                let start =
                    pig::Game::new(rules, [PigPlayer::new("Human"), PigPlayer::new("Computer")]);
                let agents = (
                    AnyStrategy::HoldAt(HoldAt(15)),
                    AnyStrategy::HoldAt(HoldAt(20)),
                );
                let frames = played(start, seed, agents);
                let json = shown(&frames, true);
                let state = &frames.last().unwrap().state;
                let last = json.last().unwrap();
                let winner = state.outcome().and_then(|o| o.winner()).unwrap();
                check_end(last, Some(winner));
                // The winner's total as the game's last event tells it: the banked
                // points and, won mid-turn, that turn's.
                let total = frames
                    .last()
                    .unwrap()
                    .events
                    .iter()
                    .rev()
                    .find_map(|e| match *e {
                        pig::Event::Rolled { total, .. } | pig::Event::Held { total, .. } => {
                            Some(total)
                        }
                        pig::Event::GameOver { .. } => None,
                    })
                    .unwrap();
                assert!(total >= 30);
                assert_eq!(last.players[winner].score, Some(total), "{variant} {seed}");
                // Every roll's line carries its dice, and the view keeps the last.
                for (frame, out) in frames.iter().zip(&json) {
                    if let Some(cards_core::protocol::Step::Chance(_)) = frame.step {
                        let roll = out.log.iter().find(|e| e.kind == "roll").unwrap();
                        assert_eq!(out.view["last_roll"]["dice"], serde_json::json!(roll.dice));
                    }
                }
            }
        }
    }
}
