//! Quattro on the page: the person in seat 0 (`You`, who plays first) against three
//! [`Bot`]s, under either rule set (`quattro`: 40 number cards; `uno`: with Skip,
//! Reverse, Draw Two, Wild and Wild Draw Four).
//!
//! Chance (the deal and every reshuffle) comes from the seed, as `quattro --seed S`
//! draws it. The page sees `observe(0)`, the seat's [`quattro::Observation`]: its hand, the
//! top card, the colour to follow, every seat's card count, the draw pile's size, the
//! direction. A bot's draw is told without its card.

use cards_core::Outcome;
use cards_core::protocol::{ChanceSource, Driver, GameState, Seat};
use cards_core::replay::Frame;
use cards_core::rng::rng_from_seed;
use quattro::{
    Action, Bot, Card, DEFAULT_MAX_TURNS, DeckOrder, Event, Game, NoWinner, Player, Rules,
};
use serde_json::{Value, json};

use super::step::{FrameJson, Stepped, status};
use super::{
    Entry, Legal, Log, Options, OutcomeJson, PlayerJson, Snapshot, Tape, Until, action_type,
    apply_person, color_field, legal_actions, only_fields, play_on, seat_to_act, session_tape,
    string_field,
};
use crate::error::ApiError;
use crate::kind::Kind;

/// The person's seat.
pub const YOU: Seat = 0;

/// The options a start request may give.
pub const OPTIONS: [&str; 1] = ["rules"];

/// A game of Quattro held by the server.
#[derive(Clone, Debug)]
pub struct Quattro {
    game: Game,
    chance: ChanceSource<DeckOrder>,
    driver: Driver<Game>,
    tape: Tape<Game>,
    bots: [Bot; 4],
    names: Vec<String>,
}

impl Quattro {
    /// What rebuilds the game for its recording: its start and every seat's action.
    pub fn tape(&self) -> &Tape<Game> {
        &self.tape
    }

    /// A new game from `options` and `seed`, played on to the person's first turn; and
    /// what happened.
    pub fn new(options: Options<'_>, seed: u64) -> Result<(Quattro, Vec<Entry>), ApiError> {
        options.only(&OPTIONS)?;
        let rules = match options.string("rules")? {
            None => Rules::Quattro,
            Some(name) => name
                .parse()
                .map_err(|e| ApiError::malformed(format!("rules: {e}")))?,
        };
        let players = [
            Player::human("You"),
            Player::bot(1),
            Player::bot(2),
            Player::bot(3),
        ];
        let names = players.iter().map(|p| p.name().to_owned()).collect();
        let game = Game::new(rules, players, DEFAULT_MAX_TURNS);
        let mut quattro = Quattro {
            tape: session_tape(&game),
            game,
            chance: ChanceSource::seeded(rng_from_seed(seed)),
            driver: Driver::new(),
            bots: [Bot; 4],
            names,
        };
        let mut log = Log::default();
        quattro.play_on(&mut log)?;
        Ok((quattro, log.into_entries()))
    }

    /// The query of the page's address that replays this game.
    pub fn replay_query(&self) -> String {
        format!(
            "rules={}",
            cards_core::names::RuleSet::name(self.game.rules())
        )
    }

    fn play_on(&mut self, log: &mut Log) -> Result<(), ApiError> {
        let names = &self.names;
        play_on(
            &mut self.game,
            &mut self.chance,
            &mut self.driver,
            &mut self.tape,
            &mut self.bots,
            |s| s == YOU,
            Until::Person,
            |_, events| entries(names, events, log, false),
        )
    }

    /// Carries out the page's `action` (`play` a card, naming a colour with a wild card,
    /// or `draw`) at the person's turn, then the bots' turns up to the person's next.
    pub fn act(&mut self, action: &Value) -> Result<Vec<Entry>, ApiError> {
        let kind = action_type(action, "play or draw")?;
        only_fields(action, &["type", "card", "colour"])?;
        let mv = match kind {
            "draw" => Action::Draw,
            "play" => {
                let text = string_field(action, "card")?;
                let card =
                    Card::parse_code(text).map_err(|e| ApiError::malformed(e.to_string()))?;
                Action::Play {
                    card,
                    color: color_field(action)?,
                }
            }
            other => {
                return Err(ApiError::malformed(format!(
                    "'{other}' is no action of Quattro: play or draw"
                )));
            }
        };
        let events = apply_person(&mut self.game, &mut self.tape, YOU, mv)?;
        let mut log = Log::default();
        entries(&self.names, &events, &mut log, false);
        self.play_on(&mut log)?;
        Ok(log.into_entries())
    }

    /// What the person's seat may see now.
    pub fn snapshot(&self) -> Result<Snapshot, ApiError> {
        let view = self.game.observe(YOU);
        let players = self
            .names
            .iter()
            .enumerate()
            .map(|(s, name)| PlayerJson {
                name: name.clone(),
                plays: if s == YOU { "you".into() } else { "bot".into() },
                cards: view.as_ref().map(|v| v.hand_sizes[s]),
                score: None,
            })
            .collect();
        let to_act = seat_to_act(&self.game);
        let legal = if to_act == Some(YOU) {
            legal_actions(&self.game).into_iter().map(legal).collect()
        } else {
            Vec::new()
        };
        let json_view = view.as_ref().map_or(Value::Null, view_json);
        Ok(Snapshot {
            seat: YOU,
            playing: true,
            players,
            to_act,
            your_turn: !legal.is_empty(),
            view: json_view,
            legal,
            outcome: self.game.outcome().map(|o| outcome(&self.names, o)),
            rules_text: super::rule_sentences(&quattro::render::rules_text(self.game.rules())),
        })
    }

    /// The game itself, every hand and the deck included: for checks of what a response
    /// may hold against the server's own game (`tests/api.rs`); never sent to a page.
    pub fn game(&self) -> &Game {
        &self.game
    }
}

/// The position as a seat sees it.
fn view_json(v: &quattro::Observation<'_>) -> Value {
    json!({
        "rules": cards_core::names::RuleSet::name(v.rules),
        "hand": sorted(v.hand),
        "top": v.top.to_string(),
        "colour": v.color.name(),
        "draw_pile": v.draw_pile,
        "clockwise": v.clockwise,
        "next": v.next_seat(),
    })
}

/// A hand in the order of the legal moves: number cards, action cards, wild cards.
fn sorted(hand: &[Card]) -> Vec<String> {
    let mut hand = hand.to_vec();
    hand.sort();
    hand.iter().map(ToString::to_string).collect()
}

impl Stepped for Game {
    const KIND: Kind = Kind::Quattro;
    type Memo = ();

    /// With `reveal`, every hand and every card drawn is shown; otherwise what seat 0
    /// (the person) saw, as on the live page.
    fn frame(frame: &Frame<Game>, _: &mut (), reveal: bool) -> FrameJson {
        let state = &frame.state;
        let names: Vec<String> = state
            .players()
            .iter()
            .map(|p| p.name().to_owned())
            .collect();
        let mut log = Log::default();
        entries(&names, &frame.events, &mut log, reveal);
        let view = state.observe(YOU);
        let players: Vec<PlayerJson> = state
            .players()
            .iter()
            .enumerate()
            .map(|(s, player)| PlayerJson {
                name: player.name().to_owned(),
                plays: if s == YOU { "you".into() } else { "bot".into() },
                cards: Some(player.hand().len()),
                score: None,
            })
            .collect();
        let hands = state
            .players()
            .iter()
            .enumerate()
            .map(|(s, player)| (reveal || s == YOU).then(|| sorted(player.hand())))
            .collect();
        let outcome = state.outcome().map(|o| outcome(&names, o));
        let status = status(
            state.actor(),
            outcome.as_ref(),
            &players,
            "The cards are shuffled and dealt next",
        );
        FrameJson {
            log: log.into_entries(),
            to_act: seat_to_act(state),
            players,
            view: view.as_ref().map_or(Value::Null, view_json),
            hands,
            status,
            outcome,
        }
    }

    fn rules_text(start: &Game) -> Vec<String> {
        super::rule_sentences(&quattro::render::rules_text(start.rules()))
    }
}

fn legal(mv: Action) -> Legal {
    match mv {
        Action::Play { card, color: None } => Legal {
            action: json!({"type": "play", "card": card.to_string()}),
            label: card.to_string(),
        },
        Action::Play {
            card,
            color: Some(color),
        } => Legal {
            action: json!({"type": "play", "card": card.to_string(), "colour": color.letter().to_string()}),
            label: format!("{card} → {}", color.name()),
        },
        Action::Draw => Legal {
            action: json!({"type": "draw"}),
            label: "Draw".into(),
        },
    }
}

fn outcome(names: &[String], outcome: Outcome<NoWinner>) -> OutcomeJson {
    match outcome {
        Outcome::Winner { seat } => OutcomeJson {
            winner: Some(seat),
            text: if seat == YOU {
                "You win!".into()
            } else {
                format!("{} wins", name(names, seat))
            },
        },
        Outcome::NoWinner { reason } => OutcomeJson {
            winner: None,
            text: match reason {
                NoWinner::EveryonePassed => "Everyone passed in a row: nobody wins".into(),
                NoWinner::TurnLimit(turns) => {
                    format!("The turn limit ({turns}) was reached: nobody wins")
                }
            },
        },
    }
}

/// `Player 2 plays`, `You play`.
fn says(names: &[String], seat: Seat, verb: &str, your_verb: &str) -> String {
    if seat == YOU {
        format!("You {your_verb}")
    } else {
        format!("{} {verb}", name(names, seat))
    }
}

fn name(names: &[String], seat: Seat) -> String {
    names
        .get(seat)
        .cloned()
        .unwrap_or_else(|| format!("seat {seat}"))
}

/// The public lines of `events`, as the person (seat 0) may know them: the cards a bot
/// draws stay hidden, the person's own are shown; all are shown with `reveal` (a
/// finished game stepped through).
fn entries(names: &[String], events: &[Event], log: &mut Log, reveal: bool) {
    for event in events {
        let entry = match *event {
            Event::Dealt { top } => Entry::new(
                None,
                "deal",
                format!("The cards are dealt; {top} is turned up"),
            )
            .with_cards(vec![top.to_string()]),
            Event::Played { player, card } => Entry::new(
                Some(player),
                "played",
                format!("{} {card}", says(names, player, "plays", "play")),
            )
            .with_cards(vec![card.to_string()]),
            Event::ColorNamed { player, color } => Entry::new(
                Some(player),
                "colour",
                format!("{} {}", says(names, player, "names", "name"), color.name()),
            ),
            Event::Reshuffled { cards } => Entry::new(
                None,
                "reshuffled",
                format!("The discards are shuffled into a new draw pile of {cards}"),
            ),
            Event::Drew { player, card } if player == YOU => {
                Entry::new(Some(player), "drew", format!("You draw {card}"))
                    .with_cards(vec![card.to_string()])
            }
            Event::Drew { player, card } if reveal => Entry::new(
                Some(player),
                "drew",
                format!("{} draws {card}", name(names, player)),
            )
            .with_cards(vec![card.to_string()]),
            Event::Drew { player, .. } => Entry::new(
                Some(player),
                "drew",
                format!("{} draws a card", name(names, player)),
            ),
            Event::Passed { player } => Entry::new(
                Some(player),
                "passed",
                format!(
                    "{} cannot play or draw: {}",
                    name(names, player),
                    if player == YOU { "you pass" } else { "passes" }
                ),
            ),
            Event::Reversed { clockwise } => Entry::new(
                None,
                "reversed",
                if clockwise {
                    "Play goes up the seats again"
                } else {
                    "Play goes the other way"
                },
            ),
            Event::DrewPenalty { player, cards } if player == YOU => Entry::new(
                Some(player),
                "drew",
                format!("You draw {} as a penalty", cards.cards().len()),
            )
            .with_cards(cards.cards().iter().map(ToString::to_string).collect()),
            Event::DrewPenalty { player, cards } if reveal => Entry::new(
                Some(player),
                "drew",
                format!(
                    "{} draws {} as a penalty",
                    name(names, player),
                    cards.cards().len()
                ),
            )
            .with_cards(cards.cards().iter().map(ToString::to_string).collect()),
            Event::DrewPenalty { player, cards } => Entry::new(
                Some(player),
                "drew",
                format!(
                    "{} draws {} as a penalty",
                    name(names, player),
                    cards.cards().len()
                ),
            ),
            Event::Skipped { player } => Entry::new(
                Some(player),
                "skipped",
                format!("{} a turn", says(names, player, "misses", "miss")),
            ),
            Event::Ended(end) => Entry::new(None, "end", outcome(names, end).text),
        };
        log.push(entry);
    }
}
