//! Quattro from Python, under both rule sets (the assignment's `quattro` and `uno`):
//! the protocol's state ([`QuattroState`]) with a fixed action encoding and a fixed-size
//! observation, the bots' strategy as a policy ([`QuattroBot`]) and a batched call that
//! plays bot games natively ([`play_quattro`]). The PettingZoo environment is written
//! in Python on top of these (`python/cardgames/quattro.py`); docs/python.md documents
//! the encodings field by field.
//!
//! Chance happens inside, from the seed: a state reset with seed `s` shuffles from
//! `cards_core::rng::rng_from_seed(s)`, the deal and every reshuffle, as `quattro --seed
//! s` does, so the same seed and the same moves are the binary's game.
//!
//! # Encodings
//! A card *kind* is 0–53: the number cards `colour × 10 + number` (0–39, colours in
//! rainbow order R, Y, G, B), the action cards `40 + colour × 3 + symbol` (Skip,
//! Reverse, Draw Two), Wild 52, Wild Draw Four 53. An *action* is 0–62: a card kind
//! 0–51 plays that card; 52 plays a last Wild (no colour), 53–56 a Wild naming R, Y, G,
//! B; 57 a last Wild Draw Four, 58–61 a Wild Draw Four naming a colour; 62 draws. The
//! encoding follows the order of `quattro::Action`, so the protocol's legal actions
//! come out sorted.

use ::quattro::deck::MAX_CARDS;
use ::quattro::simulate::Worker;
use ::quattro::{
    Action, Card, DeckOrder, Game, NoWinner, Observation, Outcome, PLAYERS, Rules, Variant,
};
use ::quattro::{Symbol, WildCard};
use cards_core::Color;
use cards_core::protocol::{Actor, GameState};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyDict};

use crate::common::{broken, no_seat, play_batch};
use crate::face::{FaceState, PyGame, face_state, setup_from};

/// Card kinds: 40 number cards, 12 action cards, the two wild cards.
const KINDS: usize = 54;
const WILD: usize = 52;
const WILD_DRAW_FOUR: usize = 53;
/// Actions: see the module docs.
const ACTIONS: usize = 63;
const DRAW: usize = 62;

// The observation's fields, by offset (docs/python.md has the table).
const HAND: usize = 0;
const TOP: usize = HAND + KINDS;
const COLOR: usize = TOP + KINDS;
const SIZES: usize = COLOR + 4;
const DRAW_PILE: usize = SIZES + PLAYERS;
const CLOCKWISE: usize = DRAW_PILE + 1;
const SEAT: usize = CLOCKWISE + 1;
const RULES: usize = SEAT + 1;
const ORDER: usize = RULES + 1;
/// The observation's length: 176.
const OBSERVATION: usize = ORDER + MAX_CARDS;

/// The card's kind, 0–53.
fn kind(card: Card) -> usize {
    match card {
        Card::Standard(card) => card.color().index() * 10 + usize::from(card.number()),
        Card::Special(card) => {
            let symbol = match card.symbol() {
                Symbol::Skip => 0,
                Symbol::Reverse => 1,
                Symbol::DrawTwo => 2,
            };
            40 + ::quattro::ColoredCard::color(&card).index() * 3 + symbol
        }
        Card::Wild(WildCard::Wild) => WILD,
        Card::Wild(WildCard::WildDrawFour) => WILD_DRAW_FOUR,
    }
}

/// The card of kind `kind`, if it is one.
fn card_of(kind: usize) -> Option<Card> {
    Some(match kind {
        0..40 => Card::number(Color::ALL[kind / 10], (kind % 10) as u8),
        40..52 => Card::special(Color::ALL[(kind - 40) / 3], Symbol::ALL[(kind - 40) % 3]),
        WILD => Card::Wild(WildCard::Wild),
        WILD_DRAW_FOUR => Card::Wild(WildCard::WildDrawFour),
        _ => return None,
    })
}

/// The action's number, 0–62; `None` for a move no rule allows (a colour named with a
/// coloured card).
fn encode(action: Action) -> Option<usize> {
    match action {
        Action::Draw => Some(DRAW),
        Action::Play { card, color } => {
            let base = match card {
                Card::Wild(WildCard::Wild) => WILD,
                Card::Wild(WildCard::WildDrawFour) => WILD + 5,
                _ => return color.is_none().then(|| kind(card)),
            };
            Some(base + color.map_or(0, |color| 1 + color.index()))
        }
    }
}

fn decode(action: i64) -> PyResult<Action> {
    let refuse = || {
        PyValueError::new_err(format!(
            "action {action} is not a Quattro action: 0 to 62 (see docs/python.md)"
        ))
    };
    let index = usize::try_from(action).map_err(|_| refuse())?;
    let wild = |card: WildCard, offset: usize| Action::Play {
        card: Card::Wild(card),
        color: offset.checked_sub(1).map(|c| Color::ALL[c]),
    };
    match index {
        0..WILD => card_of(index).map(Action::play).ok_or_else(refuse),
        52..57 => Ok(wild(WildCard::Wild, index - WILD)),
        57..62 => Ok(wild(WildCard::WildDrawFour, index - WILD - 5)),
        DRAW => Ok(Action::Draw),
        _ => Err(refuse()),
    }
}

/// The action as a person types it at the console: `R5`, `W:G` (a wild card naming
/// green), `W` (a last wild card), `draw`.
fn action_text(action: Action) -> String {
    match action {
        Action::Draw => "draw".to_owned(),
        Action::Play { card, color: None } => card.to_string(),
        Action::Play {
            card,
            color: Some(color),
        } => format!("{card}:{}", color.letter()),
    }
}

fn codes<'a>(cards: impl Iterator<Item = &'a Card>) -> Vec<String> {
    cards.map(Card::to_string).collect()
}

/// Writes what `view` shows into `out` (the layout of docs/python.md).
fn write_observation(view: &Observation<'_>, out: &mut [i32; OBSERVATION]) {
    out.fill(0);
    for (at, &card) in view.hand.iter().enumerate() {
        out[HAND + kind(card)] += 1;
        if let Some(slot) = out.get_mut(ORDER + at) {
            *slot = kind(card) as i32 + 1;
        }
    }
    out[TOP + kind(view.top)] = 1;
    out[COLOR + view.color.index()] = 1;
    for offset in 0..PLAYERS {
        out[SIZES + offset] = view.hand_sizes[(view.seat + offset) % PLAYERS] as i32;
    }
    out[DRAW_PILE] = view.draw_pile as i32;
    out[CLOCKWISE] = i32::from(view.clockwise);
    out[SEAT] = view.seat as i32;
    out[RULES] = i32::from(view.rules.variant() == Variant::Uno);
}

fn le_bytes(values: &[i32]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}

impl PyGame for Game {
    type Told = ();

    fn decode(action: i64) -> PyResult<Action> {
        decode(action)
    }

    fn encode(action: Action) -> PyResult<i64> {
        encode(action)
            .map(|number| number as i64)
            .ok_or_else(|| broken("an unencodable legal action"))
    }

    fn told(&self, _: &::quattro::face::Setup) -> PyResult<()> {
        Ok(())
    }
}

face_state!(
    /// A game of Quattro and its shuffles: the protocol's state, from Python.
    QuattroState(Game) [] {
    /// A new game before its deal (a chance node), four bots at the table: `rules` is
    /// "quattro" (the assignment's) or "uno", the game ends with no winner after
    /// `max_turns` turns, and any other option of Quattro's setup by name (`seat1` to
    /// `seat4`); the shuffles come from `seed` as `quattro --seed SEED` draws them.
    #[new]
    #[pyo3(signature = (seed = 0, rules = None, max_turns = None, **options))]
    fn new(
        seed: u64,
        rules: Option<Bound<'_, PyAny>>,
        max_turns: Option<Bound<'_, PyAny>>,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<QuattroState> {
        let named = [("rules", rules), ("max-turns", max_turns)];
        Ok(QuattroState {
            state: FaceState::new(seed, &named, options)?,
        })
    }

    /// The rules' name: "quattro" or "uno".
    #[getter]
    fn rules(&self) -> String {
        self.state.game.rules().variant().to_string()
    }

    /// The legal actions of `seat` as a mask: 63 bytes, 1 for a legal action (all 0
    /// unless `seat` is to act).
    fn legal_mask<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyByteArray>> {
        let mut mask = [0u8; ACTIONS];
        if self.state.game.actor() == Actor::Seat(seat) {
            for action in self.state.legal_actions()? {
                mask[action as usize] = 1;
            }
        }
        Ok(PyByteArray::new(py, &mask))
    }

    /// Action `action` as typed at the console: "R5", "W:G", "W", "draw"; ValueError
    /// for a number that is no action.
    #[staticmethod]
    fn action_name(action: i64) -> PyResult<String> {
        decode(action).map(action_text)
    }

    /// The cards the chance node is to shuffle, as codes in their current order: the
    /// whole deck at the deal, every discard but the top at a reshuffle; empty unless
    /// chance acts. Every order of them is an outcome (a uniform shuffle).
    fn chance_cards(&self) -> Vec<String> {
        if self.state.game.actor() != Actor::Chance {
            return Vec::new();
        }
        if self.state.game.top().is_none() {
            return codes(self.state.game.rules().deck().iter());
        }
        let (_, _, discard) = self.piles();
        codes(discard.iter().skip(1))
    }

    /// Carries out the chance outcome `order` (card codes, top first: the deal's deck,
    /// or the new draw pile); raises ValueError, changing nothing, if chance does not act
    /// or `order` is not exactly the cards to shuffle.
    fn apply_chance(&mut self, order: Vec<String>) -> PyResult<()> {
        let cards = order
            .iter()
            .map(|code| {
                Card::parse_code(code)
                    .ok()
                    .filter(|&card| self.state.game.rules().has(card))
                    .ok_or_else(|| PyValueError::new_err(format!("{code:?} is no card here")))
            })
            .collect::<PyResult<Vec<Card>>>()?;
        let order = DeckOrder::from_cards(cards)
            .map_err(|_| PyValueError::new_err("more cards than the deck holds"))?;
        self.state.apply_chance(&order)
    }

    /// The strong player's choice (IS-MCTS, `quattro --opponent mcts`) for `seat`, the
    /// seat to act: `iterations` searches from what the seat sees, never the hidden
    /// cards, so the same view and `seed` give the same action whatever the others hold.
    /// `seed` None: one drawn from the view, as the console's opponent does. ValueError
    /// when `seat` is not the one to act.
    #[pyo3(signature = (seat, iterations = 3000, seed = None))]
    fn mcts_action(&self, seat: usize, iterations: u32, seed: Option<u64>) -> PyResult<i64> {
        let view = self.observed(seat)?;
        if self.state.game.actor() != Actor::Seat(seat) {
            return Err(PyValueError::new_err(format!(
                "seat {seat} is not the one to act"
            )));
        }
        if iterations == 0 {
            return Err(PyValueError::new_err("a search takes 1 iteration or more"));
        }
        let seed = seed.unwrap_or_else(|| ::quattro::mcts::seed_of(&view));
        let budget = cards_core::ismcts::Budget::Iterations(iterations);
        let action = ::quattro::mcts::choose(&view, budget, seed)
            .ok_or_else(|| broken("a seat to act has no legal action"))?;
        <Game as PyGame>::encode(action)
    }

    /// What `seat` sees, the protocol's `observe(seat)`: 176 integers (docs/python.md);
    /// ValueError before the deal or for a seat past the table.
    fn observation(&self, seat: usize) -> PyResult<Vec<i32>> {
        Ok(self.observation_array(seat)?.to_vec())
    }

    /// `observation(seat)` as little-endian int32 bytes, for numpy.
    fn observation_bytes<'py>(
        &self,
        py: Python<'py>,
        seat: usize,
    ) -> PyResult<Bound<'py, PyByteArray>> {
        Ok(PyByteArray::new(
            py,
            &le_bytes(&self.observation_array(seat)?),
        ))
    }

    /// Why the game ended with no winner: "everyone passed" or "the turn limit";
    /// None while it goes on or if someone won.
    fn no_winner(&self) -> Option<&'static str> {
        match self.state.game.outcome()? {
            Outcome::NoWinner {
                reason: NoWinner::EveryonePassed,
            } => Some("everyone passed"),
            Outcome::NoWinner {
                reason: NoWinner::TurnLimit(_),
            } => Some("the turn limit"),
            Outcome::Winner { .. } => None,
        }
    }

    /// The cards each seat holds (public).
    fn hand_sizes(&self) -> Vec<usize> {
        (0..PLAYERS)
            .map(|seat| self.state.game.player(seat).hand().len())
            .collect()
    }

    /// Turns taken so far (a missed turn is not a turn).
    fn turns(&self) -> u32 {
        self.state.game.turns()
    }

    /// The top card's code (None before the deal).
    fn top(&self) -> Option<String> {
        self.state.game.top().map(|card| card.to_string())
    }

    /// The colour to follow, as its letter: "R", "Y", "G" or "B" (None before the deal).
    fn color(&self) -> Option<String> {
        self.state.game
            .top()
            .map(|_| self.state.game.color().letter().to_string())
    }

    /// **Not an observation: the whole hidden state, for tests and debugging.** A dict
    /// of every hand (`hands`, by seat, in the order received), the draw pile and the
    /// discard pile (`draw_pile`, `discard_pile`, top first), as card codes, and
    /// `current`, `color`, `clockwise`, `turns`. An agent that reads it cheats.
    fn debug_full_state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let (hands, draw, discard) = self.piles();
        let dict = PyDict::new(py);
        let hands: Vec<Vec<String>> = hands.iter().map(|hand| codes(hand.iter())).collect();
        dict.set_item("hands", hands)?;
        dict.set_item("draw_pile", codes(draw.iter()))?;
        dict.set_item("discard_pile", codes(discard.iter()))?;
        dict.set_item("current", self.state.game.current())?;
        dict.set_item("color", self.color())?;
        dict.set_item("clockwise", self.state.game.clockwise())?;
        dict.set_item("turns", self.state.game.turns())?;
        Ok(dict)
    }

    fn __repr__(&self) -> String {
        format!(
            "QuattroState(rules={:?}, top={:?}, color={:?}, hand_sizes={:?}, draw_pile={}, current_player={})",
            self.rules(),
            self.top(),
            self.color(),
            self.hand_sizes(),
            self.state.game.draw_pile_len(),
            self.current_player()
        )
    }
});

impl QuattroState {
    fn observed(&self, seat: usize) -> PyResult<Observation<'_>> {
        if seat >= PLAYERS {
            return Err(no_seat("Quattro", seat, PLAYERS));
        }
        self.state
            .game
            .observe(seat)
            .ok_or_else(|| PyValueError::new_err("nothing to observe before the deal"))
    }

    fn observation_array(&self, seat: usize) -> PyResult<[i32; OBSERVATION]> {
        let mut out = [0; OBSERVATION];
        write_observation(&self.observed(seat)?, &mut out);
        Ok(out)
    }

    /// Hands by seat, the draw pile and the discard pile, top first: the game's cards
    /// as `Game::all_cards` lists them, cut at the piles' lengths.
    fn piles(&self) -> (Vec<Vec<Card>>, Vec<Card>, Vec<Card>) {
        let game = &self.state.game;
        let mut all = game.all_cards();
        let hands = (0..PLAYERS)
            .map(|seat| all.by_ref().take(game.player(seat).hand().len()).collect())
            .collect();
        let draw = all.by_ref().take(game.draw_pile_len()).collect();
        (hands, draw, all.collect())
    }
}

/// The bots' strategy (`quattro::strategy`) as a policy: the action (0–62) for an
/// observation as `QuattroState.observation` gives it, from that alone.
#[pyclass(module = "cardgames._native", frozen)]
pub struct QuattroBot;

#[pymethods]
impl QuattroBot {
    #[new]
    fn new() -> QuattroBot {
        QuattroBot
    }

    /// The bot's action for `observation` (176 integers; a numpy array will do).
    fn action(&self, observation: Vec<i64>) -> PyResult<usize> {
        let bad = |what: &str| PyValueError::new_err(format!("not a Quattro observation: {what}"));
        if observation.len() != OBSERVATION {
            return Err(bad("it has 176 fields"));
        }
        let one_hot = |start: usize, len: usize, what: &str| {
            let field = &observation[start..start + len];
            match field.iter().position(|&v| v == 1) {
                Some(at) if field.iter().sum::<i64>() == 1 => Ok(at),
                _ => Err(bad(what)),
            }
        };
        let top = card_of(one_hot(TOP, KINDS, "no top card")?).ok_or_else(|| bad("top card"))?;
        let color = Color::ALL[one_hot(COLOR, 4, "no colour to follow")?];
        let seat = usize::try_from(observation[SEAT])
            .ok()
            .filter(|&seat| seat < PLAYERS)
            .ok_or_else(|| bad("seat"))?;
        let hand = observation[ORDER..]
            .iter()
            .take_while(|&&v| v != 0)
            .map(|&v| {
                usize::try_from(v - 1)
                    .ok()
                    .and_then(card_of)
                    .ok_or_else(|| bad("hand"))
            })
            .collect::<PyResult<Vec<Card>>>()?;
        let mut hand_sizes = [0; PLAYERS];
        for offset in 0..PLAYERS {
            hand_sizes[(seat + offset) % PLAYERS] =
                usize::try_from(observation[SIZES + offset]).map_err(|_| bad("hand sizes"))?;
        }
        let view = Observation {
            seat,
            hand: &hand,
            top,
            color,
            hand_sizes,
            draw_pile: usize::try_from(observation[DRAW_PILE]).map_err(|_| bad("draw pile"))?,
            clockwise: observation[CLOCKWISE] == 1,
            // The observation holds the deck, not the turn cap: the bot never reads it.
            rules: Rules::new(if observation[RULES] == 1 {
                Variant::Uno
            } else {
                Variant::Quattro
            }),
        };
        encode(::quattro::strategy::next_play(&view)).ok_or_else(|| broken("the bot's move"))
    }
}

/// Plays `games` bot games natively, as `quattro simulate --seed SEED --rules RULES
/// --threads 1` does (game `i` from `stream_rng(seed, i)`). Returns `(winners, turns)`:
/// bytes of one `i8` a game (the winner's seat, -1 for no winner) and of one
/// little-endian `u32` a game; `cardgames.quattro.play_batch` makes numpy arrays of them.
#[pyfunction]
#[pyo3(signature = (games, seed = 1, rules = "quattro", max_turns = 1000))]
pub fn play_quattro<'py>(
    py: Python<'py>,
    games: u64,
    seed: u64,
    rules: &str,
    max_turns: u32,
) -> PyResult<(Bound<'py, PyBytes>, Bound<'py, PyBytes>)> {
    let setup = setup_from::<Game>(&[("rules", rules.into()), ("max-turns", max_turns.into())])?;
    let worker = move || Worker::new(&setup).map_err(|e| e.to_string());
    let (winners, [turns]) = play_batch(py, games, seed, worker, |worker, seed, index| {
        let (outcome, length) = worker.play(seed, index).map_err(|e| e.to_string())?;
        Ok((outcome.winner(), [u64::from(length)]))
    })?;
    Ok((PyBytes::new(py, &winners), PyBytes::new(py, &turns)))
}

/// Adds this module's classes and functions to `cardgames._native`.
pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<QuattroState>()?;
    module.add_class::<QuattroBot>()?;
    module.add_function(wrap_pyfunction!(play_quattro, module)?)?;
    Ok(())
}
