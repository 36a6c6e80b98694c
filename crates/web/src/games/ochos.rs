//! Ochos Locos on the page: any of the seven rule sets, the person at one seat and the
//! assignments' strategies at the others, or the strategies at every seat while the
//! person watches over one seat's shoulder.
//!
//! The deal is the game's one chance node, drawn from the seed exactly as `ochos-locos
//! RULES --seed S --players N` draws it (the same seats, names and strategies, the same
//! cards). The page sees `observe(seat)`: its hand, the card to match, the colour in
//! force, the 2s waiting, the deck's size and every seat's card count.

use cards_core::ColorCard;
use cards_core::face::{Face, Line, Viewer, setup_from_map};
use cards_core::protocol::{ChanceSource, Driver, GameState, Seat};
use cards_core::replay::Frame;
use cards_core::rng::rng_from_seed;
use ochos_locos::deck::DeckOrder;
use ochos_locos::game::{Action, Game};
use ochos_locos::{Strategy, Variant};
use serde_json::{Map, Value, json};

use super::step::{FrameJson, Stepped, status};
use super::{
    Entry, Legal, Log, Options, OutcomeJson, Snapshot, Tape, Until, action_type, apply_person,
    color_field, legal_actions, only_fields, play_on, seat_to_act, session_tape, string_field,
};
use crate::error::ApiError;
use crate::kind::Kind;

/// A game of Ochos Locos held by the server.
#[derive(Clone, Debug)]
pub struct Ochos {
    variant: Variant,
    game: Game,
    chance: ChanceSource<DeckOrder>,
    driver: Driver<Game>,
    tape: Tape<Game>,
    strategies: Vec<Strategy>,
    seat: Seat,
    playing: bool,
}

/// The options a start request may give.
pub const OPTIONS: [&str; 4] = ["rules", "players", "seat", "watch"];

impl Ochos {
    /// What rebuilds the game for its recording: its start and every seat's action.
    pub fn tape(&self) -> &Tape<Game> {
        &self.tape
    }

    /// A new game from `options` and `seed`, played on to the person's first turn (or,
    /// watching, to the first turn); and what happened.
    pub fn new(options: Options<'_>, seed: u64) -> Result<(Ochos, Vec<Entry>), ApiError> {
        options.only(&OPTIONS)?;
        let variant: Variant = match options.string("rules")? {
            None => Variant::Completos,
            Some(name) => name
                .parse()
                .map_err(|e| ApiError::malformed(format!("rules: {e}")))?,
        };
        // The page gives a count of players; the face's setup reads it (and the rule set)
        // as a recording's options are read, and draws the seats from the seed.
        let mut fields = Map::new();
        fields.insert("rules".into(), Value::from(variant.name()));
        if let Some(players) = options.number("players")? {
            fields.insert("players".into(), Value::from(players));
        }
        let setup: ochos_locos::face::Setup =
            setup_from_map(fields).map_err(ApiError::malformed)?;
        let game = Game::start(&setup, None, seed).map_err(ApiError::malformed)?;
        let players = game.players().len();
        let seat = options.number("seat")?.unwrap_or(0);
        let seat = usize::try_from(seat)
            .ok()
            .filter(|&s| s < players)
            .ok_or_else(|| {
                ApiError::malformed(format!("seat {seat}: the seats are 0 to {}", players - 1))
            })?;
        let playing = !options.flag("watch")?.unwrap_or(false);
        // The person's seat is part of the game's recording (`human=N`), so that the
        // terminal's replay tells it as the person's game.
        let game = game.with_person(playing.then_some(seat));
        let mut ochos = Ochos {
            variant,
            tape: session_tape(&game),
            chance: ChanceSource::seeded(rng_from_seed(seed)),
            driver: Driver::new(),
            strategies: game.bots().map_err(ApiError::internal)?,
            game,
            seat,
            playing,
        };
        let mut log = Log::default();
        let until = if playing {
            Until::Person
        } else {
            Until::Actions(0)
        };
        ochos.play_on(until, &mut log)?;
        Ok((ochos, log.into_entries()))
    }

    /// The query of the page's address that replays this game.
    pub fn replay_query(&self) -> String {
        let mut query = format!(
            "rules={}&players={}&seat={}",
            self.variant,
            self.strategies.len(),
            self.seat
        );
        if !self.playing {
            query.push_str("&watch=1");
        }
        query
    }

    fn play_on(&mut self, until: Until, log: &mut Log) -> Result<(), ApiError> {
        let (seat, playing) = (self.seat, self.playing);
        play_on(
            &mut self.game,
            &mut self.chance,
            &mut self.driver,
            &mut self.tape,
            &mut self.strategies,
            |s| playing && s == seat,
            until,
            |game, events| entries(game, events, log),
        )
    }

    /// Carries out the page's `action`: a play or a draw at the person's turn, or
    /// (watching) `next` and `to_end`.
    pub fn act(&mut self, action: &Value) -> Result<Vec<Entry>, ApiError> {
        let kind = action_type(action, "play, draw, next or to_end")?;
        only_fields(action, &["type", "card", "colour"])?;
        let mut log = Log::default();
        match kind {
            "play" | "draw" => {
                let action = if kind == "draw" {
                    Action::Draw
                } else {
                    let text = string_field(action, "card")?;
                    let card: ColorCard = text
                        .parse()
                        .map_err(|e| ApiError::malformed(format!("card '{text}': {e}")))?;
                    Action::Play {
                        card,
                        chosen: color_field(action)?,
                    }
                };
                if !self.playing {
                    return Err(ApiError::illegal("you are watching: send next or to_end"));
                }
                let events = apply_person(&mut self.game, &mut self.tape, self.seat, action)?;
                entries(&self.game, &events, &mut log);
                self.play_on(Until::Person, &mut log)?;
            }
            "next" | "to_end" => {
                if self.playing {
                    return Err(ApiError::illegal("you play a seat: send a play or a draw"));
                }
                if self.game.outcome().is_some() {
                    return Err(ApiError::illegal("the game is over"));
                }
                let until = if kind == "next" {
                    Until::Actions(1)
                } else {
                    Until::End
                };
                self.play_on(until, &mut log)?;
            }
            other => {
                return Err(ApiError::malformed(format!(
                    "'{other}' is no action of Ochos Locos: play, draw, next or to_end"
                )));
            }
        }
        Ok(log.into_entries())
    }

    /// What the person's seat may see now.
    pub fn snapshot(&self) -> Result<Snapshot, ApiError> {
        if self.game.observe(self.seat).is_none() {
            return Err(ApiError::internal(
                "broken invariant: the page's seat has no observation",
            ));
        }
        let mut players = self.game.seating();
        if self.playing
            && let Some(you) = players.get_mut(self.seat)
        {
            you.plays = "you".into();
        }
        let to_act = seat_to_act(&self.game);
        let over = self.game.outcome().is_some();
        let legal = if !self.playing {
            if over {
                Vec::new()
            } else {
                vec![
                    Legal {
                        action: json!({"type": "next"}),
                        label: "Next turn".into(),
                    },
                    Legal {
                        action: json!({"type": "to_end"}),
                        label: "Play to the end".into(),
                    },
                ]
            }
        } else if to_act == Some(self.seat) {
            legal_actions(&self.game)
                .into_iter()
                .map(|action| legal(&self.game, action))
                .collect()
        } else {
            Vec::new()
        };
        let view = view_json(&self.game, self.seat, Some(self.variant));
        Ok(Snapshot {
            seat: self.seat,
            playing: self.playing,
            players,
            to_act,
            your_turn: !legal.is_empty(),
            view,
            legal,
            outcome: self.game.outcome().map(|o| outcome(&self.game, o)),
            rules_text: super::rule_sentences(&ochos_locos::render::rules_text(self.variant)),
        })
    }

    /// The game itself, every hand and the deck included: for checks of what a response
    /// may hold against the server's own game (`tests/api.rs`); never sent to a page.
    pub fn game(&self) -> &Game {
        &self.game
    }
}

/// The face's view of `seat` as JSON; a live game names the rule set the page chose
/// (`variant`: two rule sets deal some tables alike, and the face names the first).
fn view_json(game: &Game, seat: Seat, variant: Option<Variant>) -> Value {
    let Some(view) = game.view(seat, &()) else {
        return Value::Null;
    };
    let mut view = serde_json::to_value(view).unwrap_or(Value::Null);
    if let (Some(variant), Some(rules)) = (variant, view.get_mut("rules")) {
        *rules = Value::from(variant.name());
    }
    view
}

impl Stepped for Game {
    const KIND: Kind = Kind::OchosLocos;
    type Memo = ();

    /// Every event is public; `reveal` shows every hand, otherwise seat 0's only.
    fn frame(frame: &Frame<Game>, _: &mut (), reveal: bool) -> FrameJson {
        let state = &frame.state;
        let mut log = Log::default();
        entries(state, &frame.events, &mut log);
        let players = state.seating();
        let hands = state
            .cards()
            .into_iter()
            .enumerate()
            .map(|(s, hand)| (reveal || s == 0).then_some(hand))
            .collect();
        let outcome = state.outcome().map(|o| outcome(state, o));
        let status = status(
            state.actor(),
            outcome.as_ref(),
            &players,
            <Game as Face>::CHANCE_NEXT,
        );
        FrameJson {
            log: log.into_entries(),
            to_act: seat_to_act(state),
            players,
            view: view_json(state, 0, None),
            hands,
            status,
            outcome,
        }
    }

    fn rules_text(start: &Game) -> Vec<String> {
        super::rule_sentences(&Face::rules_text(start))
    }
}

/// A legal action as the page's button: the action object is the action's serde shape.
fn legal(game: &Game, action: Action) -> Legal {
    Legal {
        action: serde_json::to_value(action).unwrap_or(Value::Null),
        label: game.label(&action),
    }
}

fn outcome(game: &Game, outcome: ochos_locos::Outcome) -> OutcomeJson {
    OutcomeJson {
        winner: outcome.winner(),
        text: game.ending(&outcome),
    }
}

/// The public lines of `events`, as the face tells them.
fn entries(game: &Game, events: &[ochos_locos::game::Event], log: &mut Log) {
    let mut lines: Vec<Line> = Vec::new();
    game.lines(events, Viewer::All, &mut lines);
    for line in lines {
        log.push(line);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ochos_locos::files::Deal;
    use pretty_assertions::assert_eq;

    /// The page's game of a seed is the command line's: `ochos-locos RULES --seed S
    /// --players N` deals the same cards to the same seats, names and strategies.
    #[test]
    fn a_seed_deals_what_the_command_line_deals() {
        for variant in Variant::ALL {
            for seed in 0..20 {
                let players = variant.default_players();
                let options = json!({"rules": variant.name(), "watch": true});
                let Value::Object(options) = options else {
                    unreachable!()
                };
                let (ochos, _) = Ochos::new(Options(&options), seed).unwrap();
                let deal = Deal::random(variant, players, &mut rng_from_seed(seed)).unwrap();
                let game = ochos.game();
                for (player, seat) in game.players().iter().zip(&deal.seats) {
                    assert_eq!(player.hand(), &seat.hand[..], "{variant} {seed}");
                    assert_eq!(player.name(), seat.name);
                    assert_eq!(player.strategy(), seat.strategy);
                }
                assert_eq!(game.discard_card(), Some(deal.discard));
                assert_eq!(game.deck().iter().copied().collect::<Vec<_>>(), deal.deck);
            }
        }
    }
}
