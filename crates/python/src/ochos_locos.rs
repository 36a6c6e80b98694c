//! Ochos Locos from Python: the protocol's state in any of the seven rule sets
//! ([`OchosLocosState`]), the assignments' players as policies that choose from an
//! observation array ([`OchosLocosStrategy`]), and a batched call that plays many games
//! natively ([`play_ochos_locos`]). The PettingZoo environment is written in Python on
//! top of these (`python/cardgames/ochos_locos.py`).
//!
//! The deal is the game's one chance node, and it happens inside, from the seed: a state
//! reset with seed `s` shuffles the 32 cards with `cards_core::rng::rng_from_seed(s)` as
//! `ochos-locos RULES --seed s` does (`Deal::random`), so the same seed deals the same
//! hands as the binary whoever plays; the seats of Parts II and III get the strategies
//! the binary draws for them after the shuffle ([`OchosLocosState::strategies`]).
//!
//! Actions are one `Discrete(49)` space for every rule set: 0–31 lay the card of that
//! slot (colour × 8 + number − 1, colours R, Y, G, B), 32–47 lay an 8 naming a colour
//! (32 + 4 × the 8's colour + the colour named), 48 draws (or takes the 2s' penalty, or
//! passes with an empty deck). The observation is [`OBSERVATION_SIZE`] integers, laid
//! out by the `OBS_*` offsets below (docs/python.md lists them field by field).

use cards_core::protocol::GameState;
use cards_core::{Color, ColorCard};
use ochos_locos::deck::{DeckOrder, card_slot};
use ochos_locos::face::RulesChoice;
use ochos_locos::render::{Renderer, Style};
use ochos_locos::rules::{DealFormat, MAX_PLAYERS, Variant};
use ochos_locos::simulate::{Setup, Worker};
use ochos_locos::{Action, Event, Game, NoWinner, Outcome, Strategy};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

use crate::common::{Texts, batch_size, broken, from_seat, no_seat, play_batch, refused};
use crate::face::{FaceState, PyGame, face_state};

/// The size of the action space.
pub const ACTIONS: usize = 49;
/// The first action that lays an 8 and names a colour.
const NAMING: i64 = 32;
/// The draw (a penalty facing a 2, a pass with an empty deck).
const DRAW: i64 = 48;

/// The seat's hand, oldest card first, as card slots; -1 past its end (32 entries).
pub const OBS_HAND: usize = 0;
/// 1 where the card of that slot is in the seat's hand (32 entries).
pub const OBS_HELD: usize = 32;
/// The discard card's slot.
pub const OBS_DISCARD: usize = 64;
/// The card to match: the discard card, or after an 8 that named a colour, the 8 of it.
pub const OBS_TO_MATCH: usize = 65;
/// The colour named with the last 8 while in force (0–3: R, Y, G, B), else -1.
pub const OBS_CHOSEN: usize = 66;
/// Fresh 2s waiting for an answer (Rule of Two).
pub const OBS_PENDING_TWOS: usize = 67;
/// Cards left in the deck.
pub const OBS_DECK: usize = 68;
/// Cards held by each seat from the observer round the table, 0 past the table (6).
pub const OBS_COUNTS: usize = 69;
/// The number of players.
pub const OBS_PLAYERS: usize = OBS_COUNTS + MAX_PLAYERS;
/// The observing seat.
pub const OBS_SEAT: usize = OBS_PLAYERS + 1;
/// The rule set, its index in the assignments' order (0 match-making … 6 completos).
pub const OBS_RULES: usize = OBS_SEAT + 1;
/// The length of an observation.
pub const OBSERVATION_SIZE: usize = OBS_RULES + 1;

const SLOTS: usize = 32;

fn parse_variant(rules: &str) -> PyResult<Variant> {
    rules
        .parse()
        .map_err(|error| refused("Ochos Locos rules", error))
}

fn variant_index(variant: Variant) -> usize {
    Variant::ALL
        .iter()
        .position(|&v| v == variant)
        .unwrap_or_default()
}

fn slot_card(slot: usize) -> ColorCard {
    ColorCard::new(Color::ALL[slot / 8 % 4], (slot % 8) as u8 + 1)
}

fn encode(action: Action) -> i64 {
    match action {
        Action::Draw => DRAW,
        Action::Play { card, chosen: None } => card_slot(card) as i64,
        Action::Play {
            card,
            chosen: Some(color),
        } => NAMING + 4 * card.color().index() as i64 + color.index() as i64,
    }
}

fn decode(action: i64) -> PyResult<Action> {
    match action {
        0..=31 => Ok(Action::Play {
            card: slot_card(action as usize),
            chosen: None,
        }),
        32..=47 => {
            let k = (action - NAMING) as usize;
            Ok(Action::Play {
                card: ColorCard::new(Color::ALL[k / 4], 8),
                chosen: Some(Color::ALL[k % 4]),
            })
        }
        DRAW => Ok(Action::Draw),
        _ => Err(PyValueError::new_err(format!(
            "action {action} is not an Ochos Locos action: 0-31 lay a card (colour*8 + \
             number-1), 32-47 lay an 8 naming a colour (32 + 4*its colour + the colour \
             named), 48 draws"
        ))),
    }
}

fn strategy_name(strategy: Strategy) -> String {
    match strategy.letter() {
        Some(letter) => letter.to_string(),
        None => "rainbow".to_owned(),
    }
}

fn parse_strategy(name: &str) -> PyResult<Strategy> {
    let strategy = match name {
        "B" | "basic" => Strategy::Basic,
        "C" | "colour-first" | "color-first" => Strategy::ColorFirst,
        "N" | "number-first" => Strategy::NumberFirst,
        "S" | "strategic" => Strategy::Strategic,
        "rainbow" | "assignment-2" => Strategy::Rainbow,
        "M" | "mcts" => Strategy::Mcts,
        _ => {
            return Err(PyValueError::new_err(format!(
                "unknown strategy {name:?}: expected B (basic), C (colour-first), N \
                 (number-first), S (strategic), rainbow (Assignment 2's player) or M \
                 (IS-MCTS, the strong player)"
            )));
        }
    };
    Ok(strategy)
}

fn no_winner_text(reason: NoWinner) -> &'static str {
    match reason {
        NoWinner::DeckRanOut => "the deck ran out",
        NoWinner::Stalemate => "stalemate",
    }
}

fn cards_text(cards: impl IntoIterator<Item = ColorCard>) -> Vec<String> {
    cards.into_iter().map(|card| card.to_string()).collect()
}

/// What an Ochos Locos state keeps beside the game: its rule set (the observation's
/// `rules`), and the binary's text of the steps.
#[derive(Clone)]
pub struct Told {
    variant: Variant,
    renderer: Renderer,
    texts: Texts,
}

impl AsRef<Texts> for Told {
    fn as_ref(&self) -> &Texts {
        &self.texts
    }
}

impl PyGame for Game {
    type Told = Told;

    fn decode(action: i64) -> PyResult<Action> {
        decode(action)
    }

    fn encode(action: Action) -> PyResult<i64> {
        Ok(encode(action))
    }

    /// The rule set asked for: the observation names it, and the binary's text differs
    /// between rule sets of the same rules.
    fn told(&self, setup: &::ochos_locos::face::Setup) -> PyResult<Told> {
        let RulesChoice::Set(variant) = setup.rules else {
            return Err(PyValueError::new_err(
                "the Python state plays one of the seven rule sets: name it with rules, \
                 not with the two, eight and end switches",
            ));
        };
        Ok(Told {
            variant,
            renderer: Renderer::new(variant, Style::default()),
            texts: Texts::default(),
        })
    }

    /// The step as the binary prints it.
    fn tell(&self, told: &mut Told, events: &[Event]) -> PyResult<()> {
        let mut text = Vec::new();
        for event in events {
            told.renderer
                .write_event(&mut text, self, event)
                .map_err(broken)?;
        }
        told.texts.push(String::from_utf8(text).map_err(broken)?);
        Ok(())
    }
}

face_state!(
    /// A game of Ochos Locos under one of the seven rule sets, and its deal: the
    /// protocol's state, from Python.
    OchosLocosState(Game) [texts] {
    /// A new game waiting for its deal: `rules` names the rule set (`match-making`,
    /// `take-two`, `going-wild`, `more-the-merrier`, `faciles`, `diversidad`,
    /// `completos`), `players` the seats (the rule set's default if None), and any
    /// other option of Ochos Locos' setup by name (`players` as named seats, `cards`);
    /// the deal will come from `seed` as `ochos-locos RULES --seed SEED` deals it, and
    /// so do the seats' names and strategies.
    #[new]
    #[pyo3(signature = (seed = 0, rules = None, players = None, **options))]
    fn new(
        seed: u64,
        rules: Option<Bound<'_, PyAny>>,
        players: Option<Bound<'_, PyAny>>,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<OchosLocosState> {
        let named = [("rules", rules), ("players", players)];
        Ok(OchosLocosState {
            state: FaceState::new(seed, &named, options)?,
        })
    }

    /// The rule set's name.
    #[getter]
    fn rules(&self) -> &'static str {
        self.state.told.variant.name()
    }

    /// The number of players.
    #[getter]
    fn players(&self) -> usize {
        self.state.game.players().len()
    }

    /// The length of an observation.
    #[classattr]
    const OBSERVATION_SIZE: usize = OBSERVATION_SIZE;

    /// The size of the action space.
    #[classattr]
    const ACTIONS: usize = ACTIONS;

    /// The cards the deal orders, in card order: its outcomes are their 32! orders,
    /// equally likely (too many to list, so there is no `chance_outcomes()`). Empty once
    /// dealt.
    fn to_deal(&self) -> Vec<String> {
        self.state.game
            .to_deal()
            .map(|cards| cards_text(cards.iter().copied()))
            .unwrap_or_default()
    }

    /// Deals `cards` (card codes such as "R5", in deal-file order: five a seat, the
    /// discard card, the deck top first), the recorded outcome of the chance node;
    /// raises ValueError, changing nothing, unless they are exactly `to_deal()`'s cards.
    fn apply_chance(&mut self, cards: Vec<String>) -> PyResult<()> {
        let cards = cards
            .iter()
            .map(|text| {
                text.parse::<ColorCard>()
                    .map_err(|error| refused(&format!("card {text:?}"), error))
            })
            .collect::<PyResult<Vec<_>>>()?;
        let order = DeckOrder::from_cards(&cards)
            .map_err(|_| PyValueError::new_err("a deal orders at most the 32 cards"))?;
        self.state.apply_chance(&order)
    }

    /// The strong player's choice (IS-MCTS, the letter M) for `seat`, the seat to act:
    /// `iterations` searches from what the seat has seen (its hand, the cards played, the
    /// other hands' sizes), never the hidden cards, so the same view and `seed` give the
    /// same action whatever the others hold. `seed` None: one drawn from the view, as the
    /// binaries' M seats do. ValueError when `seat` is not the one to act.
    #[pyo3(signature = (seat, iterations = 5000, seed = None))]
    fn mcts_action(&self, seat: usize, iterations: u32, seed: Option<u64>) -> PyResult<i64> {
        let players = self.state.game.players().len();
        let view = self
            .state
            .game
            .observe(seat)
            .ok_or_else(|| no_seat("this game", seat, players))?;
        if self.state.game.actor() != cards_core::protocol::Actor::Seat(seat) {
            return Err(PyValueError::new_err(format!(
                "seat {seat} is not the one to act"
            )));
        }
        if iterations == 0 {
            return Err(PyValueError::new_err("a search takes 1 iteration or more"));
        }
        let seed = seed.unwrap_or_else(|| ::ochos_locos::mcts::seed_of(&view));
        let budget = cards_core::ismcts::Budget::Iterations(iterations);
        ::ochos_locos::mcts::choose(&view, budget, seed)
            .map(encode)
            .ok_or_else(|| PyValueError::new_err("the seat has nothing to choose before the deal"))
    }

    /// What `seat` sees, as `OBSERVATION_SIZE` integers (docs/python.md lists the
    /// fields): its own hand and the public facts, never another hand or the deck's
    /// order. ValueError for a seat past the table.
    fn observation(&self, seat: usize) -> PyResult<Vec<i32>> {
        let view = self
            .state
            .game
            .observe(seat)
            .ok_or_else(|| no_seat("this game", seat, self.state.game.players().len()))?;
        let mut out = vec![0i32; OBSERVATION_SIZE];
        out[OBS_HAND..OBS_HAND + SLOTS].fill(-1);
        for (place, &card) in view.hand.iter().enumerate().take(SLOTS) {
            out[OBS_HAND + place] = card_slot(card) as i32;
            out[OBS_HELD + card_slot(card)] = 1;
        }
        let slot = |card: Option<ColorCard>| card.map_or(-1, |card| card_slot(card) as i32);
        out[OBS_DISCARD] = slot(view.discard_card);
        out[OBS_TO_MATCH] = slot(view.card_to_match);
        out[OBS_CHOSEN] = view.chosen_color.map_or(-1, |color| color.index() as i32);
        out[OBS_PENDING_TWOS] = i32::from(view.pending_twos);
        out[OBS_DECK] = view.deck_size as i32;
        let counts: Vec<usize> = view.card_counts().collect();
        out[OBS_COUNTS..OBS_COUNTS + MAX_PLAYERS].copy_from_slice(&from_seat(
            &counts,
            seat,
            MAX_PLAYERS,
        ));
        out[OBS_PLAYERS] = counts.len() as i32;
        out[OBS_SEAT] = seat as i32;
        out[OBS_RULES] = variant_index(self.state.told.variant) as i32;
        Ok(out)
    }

    /// For tests and debugging only, NOT an observation: everything, every hand and the
    /// deck's order included (`hands`, `deck` top first, `discard_pile` bottom first,
    /// `chosen_colour`, `pending_twos`, `current_player`).
    fn full_state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let state = PyDict::new(py);
        let hands: Vec<Vec<String>> = self
            .state
            .game
            .players()
            .iter()
            .map(|player| cards_text(player.hand().iter().copied()))
            .collect();
        state.set_item("hands", hands)?;
        state.set_item("deck", cards_text(self.state.game.deck().iter().copied()))?;
        state.set_item(
            "discard_pile",
            cards_text(self.state.game.discard_pile().iter().copied()),
        )?;
        state.set_item(
            "chosen_colour",
            self.state.game
                .chosen_color()
                .map(|color| color.letter().to_string()),
        )?;
        let pending = self.state.game.observe(0).map_or(0, |view| view.pending_twos);
        state.set_item("pending_twos", pending)?;
        state.set_item("current_player", self.current_player())?;
        Ok(state)
    }

    /// Why a finished game has no winner ("the deck ran out", "stalemate"), else None.
    fn no_winner(&self) -> Option<&'static str> {
        match self.state.game.outcome() {
            Some(Outcome::NoWinner { reason }) => Some(no_winner_text(reason)),
            _ => None,
        }
    }

    /// The strategies of the seats in the binary's game of this seed (`ochos-locos RULES
    /// --seed SEED`): "rainbow" for Assignment 2, "B" for faciles, a random "B", "C",
    /// "N" or "S" a seat for diversidad and completos.
    fn strategies(&self) -> Vec<String> {
        self.state
            .game
            .players()
            .iter()
            .map(|player| strategy_name(player.strategy()))
            .collect()
    }

    /// Turns played so far.
    fn turns(&self) -> usize {
        self.state.actions().len()
    }

    fn __repr__(&self) -> String {
        let counts: Vec<usize> = self.state.game.players().iter().map(|p| p.hand().len()).collect();
        format!(
            "OchosLocosState(rules={:?}, hands={counts:?}, discard={}, deck={}, current_player={})",
            self.state.told.variant.name(),
            self.state.game
                .discard_card()
                .map_or("none".to_owned(), |card| card.to_string()),
            self.state.game.deck().len(),
            self.current_player()
        )
    }
});

/// One of the assignments' players as a policy: it chooses from an observation array
/// (as `OchosLocosState.observation` gives it) what that player would play.
#[pyclass(module = "cardgames._native", frozen)]
pub struct OchosLocosStrategy {
    strategy: Strategy,
}

#[pymethods]
impl OchosLocosStrategy {
    /// `name`: "B" (basic: Assignment 4's Player), "C" (colour first), "N" (number
    /// first), "S" (strategic), or "rainbow" (Assignment 2's player); the rules (2s,
    /// 8s) come from the observation.
    #[new]
    fn new(name: &str) -> PyResult<OchosLocosStrategy> {
        let strategy = parse_strategy(name)?;
        if strategy == Strategy::Mcts {
            // An observation array holds the seat's hand and the table's state, not every
            // card played, which the search needs to deal the hidden cards it may not see.
            return Err(PyValueError::new_err(
                "M (IS-MCTS) chooses from everything its seat has seen, more than an \
                 observation array: use OchosLocosState.mcts_action(seat) or \
                 cardgames.ochos_locos.MctsAgent",
            ));
        }
        Ok(OchosLocosStrategy { strategy })
    }

    /// The strategy's name, as the constructor takes it.
    #[getter]
    fn name(&self) -> String {
        strategy_name(self.strategy)
    }

    /// The action this player takes on `observation` (its seat's, at its turn).
    fn action(&self, observation: Vec<i32>) -> PyResult<i64> {
        if observation.len() != OBSERVATION_SIZE {
            return Err(PyValueError::new_err(format!(
                "an Ochos Locos observation has {OBSERVATION_SIZE} fields, not {}",
                observation.len()
            )));
        }
        let card = |value: i32| {
            usize::try_from(value)
                .ok()
                .filter(|&slot| slot < SLOTS)
                .map(slot_card)
        };
        let hand: Vec<ColorCard> = observation[OBS_HAND..OBS_HAND + SLOTS]
            .iter()
            .map_while(|&value| card(value))
            .collect();
        let target = card(observation[OBS_TO_MATCH])
            .ok_or_else(|| PyValueError::new_err("the observation has no card to match"))?;
        let variant = usize::try_from(observation[OBS_RULES])
            .ok()
            .and_then(|index| Variant::ALL.get(index))
            .ok_or_else(|| PyValueError::new_err("the observation names no rule set"))?;
        let pending = u8::try_from(observation[OBS_PENDING_TWOS])
            .map_err(|_| PyValueError::new_err("the observation's 2s are out of range"))?;
        Ok(encode(self.strategy.action_on(
            variant.rules(),
            &hand,
            target,
            pending,
        )))
    }
}

/// The seats of a batched run: `strategies` letters (diversidad, completos), or the
/// binary's defaults (`ochos-locos simulate`): C, N, S, B in turn, B for faciles,
/// Assignment 2's player for its problems.
fn seats(
    variant: Variant,
    players: Option<usize>,
    letters: Option<&str>,
) -> PyResult<Vec<Strategy>> {
    match (letters, variant.format()) {
        (Some(letters), DealFormat::Named { strategies: true }) => letters
            .chars()
            .map(|letter| parse_strategy(&letter.to_string()))
            .collect(),
        (Some(_), _) => Err(PyValueError::new_err(format!(
            "{variant} has no strategies: strategies are for diversidad and completos"
        ))),
        (None, format) => {
            let players = players.unwrap_or(variant.default_players());
            let cycle: &[Strategy] = match format {
                DealFormat::Numbered { .. } => &[Strategy::Rainbow],
                DealFormat::Named { strategies: false } => &[Strategy::Basic],
                DealFormat::Named { strategies: true } => &[
                    Strategy::ColorFirst,
                    Strategy::NumberFirst,
                    Strategy::Strategic,
                    Strategy::Basic,
                ],
            };
            Ok(cycle.iter().copied().cycle().take(players).collect())
        }
    }
}

/// Plays `games` games natively, as `ochos-locos simulate RULES --seed SEED --threads
/// 1` does (game `i` dealt from `stream_rng(seed, i)`), the seats choosing with
/// `strategies` (one letter a seat, diversidad and completos) or the binary's default
/// seats. Returns `(winners, turns)`: bytes of one `i8` a game (the winner's seat, -1
/// for none) and of one little-endian `u32` a game; `cardgames.ochos_locos.play_batch`
/// turns them into numpy arrays.
#[pyfunction]
#[pyo3(signature = (games, seed = 1, rules = "completos", strategies = None, players = None))]
pub fn play_ochos_locos<'py>(
    py: Python<'py>,
    games: u64,
    seed: u64,
    rules: &str,
    strategies: Option<&str>,
    players: Option<usize>,
) -> PyResult<(Bound<'py, PyBytes>, Bound<'py, PyBytes>)> {
    let variant = parse_variant(rules)?;
    batch_size(games)?;
    let seats = seats(variant, players, strategies)?;
    let setup = Setup::new(variant, &seats).map_err(|error| refused("players", error))?;
    let worker = move || Worker::new(setup.face());
    let (winners, [turns]) = play_batch(py, games, seed, worker, |worker, seed, index| {
        let (outcome, length) = worker.play(seed, index).map_err(|e| e.to_string())?;
        Ok((outcome.winner(), [u64::from(length)]))
    })?;
    Ok((PyBytes::new(py, &winners), PyBytes::new(py, &turns)))
}

/// Adds Ochos Locos's classes and functions to the module.
pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<OchosLocosState>()?;
    module.add_class::<OchosLocosStrategy>()?;
    module.add_function(wrap_pyfunction!(play_ochos_locos, module)?)?;
    Ok(())
}
