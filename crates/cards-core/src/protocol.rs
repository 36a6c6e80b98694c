//! The game protocol: the few questions every game of the workspace answers, so that one
//! loop, one simulator, one grader and one web page can serve all four (after
//! OpenSpiel's `State`).
//!
//! - [`GameState::actor`]: who acts now: a [`Seat`], chance, or nobody ([`Actor`]).
//! - [`GameState::legal_actions`] and [`GameState::apply`]: the seat's choices, and
//!   carrying one out. `apply` either changes the state and appends what happened as
//!   events, or refuses with the game's error and changes nothing.
//! - [`GameState::sample_chance`] and [`GameState::apply_chance`]: chance is explicit. At
//!   a chance node (a shuffle, a deal, a roll of the dice) the outcome comes from a
//!   [`ChanceSource`]: a seeded stream, a recorded list (a deck file, a dice file), or a
//!   list then a stream.
//! - [`GameState::observe`]: what a seat may see. [`Agent`]s (strategies, bots, a person
//!   at the terminal, a script, a web page) choose from an observation and the legal
//!   actions, never from the whole state.
//! - [`GameState::outcome`]: one [`Outcome`] type for all games: a winner, or no winner
//!   with the game's reason.
//!
//! [`Driver`] is the one game loop: it asks the actor, applies, and hands each step's
//! events to whoever renders or tallies them. `conformance` (with the `conformance`
//! feature, which the games' tests turn on) checks any game against the
//! protocol's promises.
//!
//! # Example
//!
//! A coin-flip race: each turn the seat to act flips (chance decides heads or tails);
//! the first seat to two heads wins.
//!
//! ```
//! use cards_core::protocol::{
//!     Actor, Agent, ChanceSource, Driver, EventSink, GameState, Outcome, Seat, Stop,
//! };
//! use rand::Rng;
//!
//! #[derive(Clone, Debug, PartialEq)]
//! struct Race { heads: [u8; 2], seat: Seat, flipping: bool }
//!
//! #[derive(Debug, thiserror::Error)]
//! #[error("not now")]
//! struct NotNow;
//!
//! impl GameState for Race {
//!     type Action = ();          // "flip": the only move
//!     type Chance = bool;        // heads?
//!     type Event = (Seat, bool);
//!     type Observation<'a> = [u8; 2];
//!     type NoWinner = std::convert::Infallible;
//!     type Error = NotNow;
//!
//!     fn seats(&self) -> usize { 2 }
//!     fn actor(&self) -> Actor {
//!         if self.heads.contains(&2) { Actor::Over }
//!         else if self.flipping { Actor::Chance }
//!         else { Actor::Seat(self.seat) }
//!     }
//!     fn legal_actions(&self, actions: &mut Vec<()>) {
//!         actions.clear();
//!         if let Actor::Seat(_) = self.actor() { actions.push(()) }
//!     }
//!     fn apply<S: EventSink<(Seat, bool)>>(&mut self, _: (), _: &mut S) -> Result<(), NotNow> {
//!         let Actor::Seat(_) = self.actor() else { return Err(NotNow) };
//!         self.flipping = true;
//!         Ok(())
//!     }
//!     fn sample_chance<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<bool, NotNow> {
//!         if self.actor() != Actor::Chance { return Err(NotNow) }
//!         Ok(cards_core::rng::below(rng, 2) == 1)
//!     }
//!     fn apply_chance<S: EventSink<(Seat, bool)>>(&mut self, heads: &bool, events: &mut S) -> Result<(), NotNow> {
//!         if self.actor() != Actor::Chance { return Err(NotNow) }
//!         self.heads[self.seat] += u8::from(*heads);
//!         events.push((self.seat, *heads));
//!         self.flipping = false;
//!         if !self.heads.contains(&2) { self.seat = 1 - self.seat }
//!         Ok(())
//!     }
//!     fn observe(&self, seat: Seat) -> Option<[u8; 2]> { (seat < 2).then_some(self.heads) }
//!     fn outcome(&self) -> Option<Outcome<std::convert::Infallible>> {
//!         (self.actor() == Actor::Over).then(|| Outcome::Winner { seat: self.seat })
//!     }
//! }
//!
//! /// Always flips (there is nothing else to do).
//! struct Flipper;
//! impl Agent<Race> for Flipper {
//!     fn choose(&mut self, _: Seat, _: &[u8; 2], legal: &[()]) -> Result<(), Stop> {
//!         legal.first().copied().ok_or(Stop::NoAction)
//!     }
//! }
//!
//! // Tails, heads, heads, heads: seat 1 wins on the fourth flip.
//! let mut game = Race { heads: [0, 0], seat: 0, flipping: false };
//! let mut chance = ChanceSource::recorded(vec![false, true, true, true]);
//! let mut flips = Vec::new();
//! let outcome = Driver::new()
//!     .play(&mut game, &mut chance, &mut Flipper, |_, _, events| {
//!         flips.extend_from_slice(events);
//!         Ok(())
//!     })
//!     .unwrap();
//! assert_eq!(outcome, Outcome::Winner { seat: 1 });
//! assert_eq!(flips, [(0, false), (1, true), (0, true), (1, true)]);
//! ```

use std::fmt;
use std::io;

use rand::Rng;

use crate::rng::{GameRng, below};

/// A seat at the table, counted from 0 in seating order.
pub type Seat = usize;

/// Who acts now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Actor {
    /// The player in this seat chooses one of the legal actions.
    Seat(Seat),
    /// Chance: a shuffle, a deal or a roll of the dice comes next.
    Chance,
    /// Nobody: the game is over and [`GameState::outcome`] says how it ended.
    Over,
}

/// How a game ended, in every game: a winner, or no winner and the game's reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome<R> {
    /// The player in `seat` won.
    Winner {
        /// The winner's seat.
        seat: Seat,
    },
    /// The game ended without a winner.
    NoWinner {
        /// Why (each game has its own reasons: a stalemate, the deck running out, a
        /// repeated position, a limit reached).
        reason: R,
    },
}

impl<R> Outcome<R> {
    /// The winner's seat, if there is one.
    pub fn winner(&self) -> Option<Seat> {
        match self {
            Outcome::Winner { seat } => Some(*seat),
            Outcome::NoWinner { .. } => None,
        }
    }

    /// The same ending with the reason for no winner turned into another type (a
    /// game's reason into the simulation report's phrase, say).
    pub fn map_no_winner<S>(self, f: impl FnOnce(R) -> S) -> Outcome<S> {
        match self {
            Outcome::Winner { seat } => Outcome::Winner { seat },
            Outcome::NoWinner { reason } => Outcome::NoWinner { reason: f(reason) },
        }
    }

    /// Why nobody won, if nobody did.
    pub fn no_winner(&self) -> Option<&R> {
        match self {
            Outcome::Winner { .. } => None,
            Outcome::NoWinner { reason } => Some(reason),
        }
    }
}

/// Where a game appends its events: a `Vec` for whoever reads them (renderers, tests),
/// or [`Ignore`] for a simulation that counts outcomes only, so that the events are
/// never even built (the game is generic over the sink).
pub trait EventSink<E> {
    /// Appends `event`.
    fn push(&mut self, event: E);
}

impl<E> EventSink<E> for Vec<E> {
    #[inline]
    fn push(&mut self, event: E) {
        Vec::push(self, event);
    }
}

/// An [`EventSink`] that drops every event.
#[derive(Clone, Copy, Debug, Default)]
pub struct Ignore;

impl<E> EventSink<E> for Ignore {
    #[inline]
    fn push(&mut self, _event: E) {}
}

/// A game's rules as a state machine: the one interface every game implements.
///
/// Invariants every implementation keeps (and `conformance::check` tests):
/// - [`actor`](GameState::actor) is [`Actor::Over`] exactly when
///   [`outcome`](GameState::outcome) is `Some`;
/// - at a seat's turn the legal actions are not empty, and each of them is accepted by
///   [`apply`](GameState::apply);
/// - a refused action or chance outcome changes nothing and appends no event;
/// - every game ends: each game bounds its length by a rule (a stalemate, a cycle check,
///   a turn limit).
pub trait GameState {
    /// What a seat may do (play a card, draw, roll, hold…).
    type Action: Copy + PartialEq + fmt::Debug;
    /// One outcome of chance: a deck order, a roll of the dice.
    type Chance: Clone + fmt::Debug;
    /// What happened, as renderers and tallies read it.
    type Event: Clone + fmt::Debug;
    /// What one seat may see: its own hand and what is public, never another hand or
    /// the order of the deck.
    type Observation<'a>
    where
        Self: 'a;
    /// Why a game may end without a winner.
    type NoWinner: Copy + PartialEq + fmt::Debug;
    /// Why an action or a chance outcome was refused.
    type Error: std::error::Error;

    /// How many seats the table has.
    fn seats(&self) -> usize;

    /// Who acts now.
    fn actor(&self) -> Actor;

    /// Replaces the contents of `actions` with the legal actions of the seat to act, in
    /// the game's documented order (empty unless a seat acts). A buffer the caller
    /// reuses, so that simulations allocate nothing per move.
    fn legal_actions(&self, actions: &mut Vec<Self::Action>);

    /// Carries out `action` for the seat to act and appends what happened to `events`;
    /// or refuses it (not legal now, not a seat's turn), changing nothing.
    fn apply<S: EventSink<Self::Event>>(
        &mut self,
        action: Self::Action,
        events: &mut S,
    ) -> Result<(), Self::Error>;

    /// Draws the outcome of the chance node the game is at from a seeded generator; an
    /// error if chance does not act now.
    fn sample_chance<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<Self::Chance, Self::Error>;

    /// Carries out a chance outcome (drawn by [`sample_chance`](GameState::sample_chance)
    /// or recorded) and appends what happened to `events`; or refuses it (chance does
    /// not act now, or the outcome is impossible here, such as a deck order that is not
    /// the cards to be shuffled), changing nothing.
    fn apply_chance<S: EventSink<Self::Event>>(
        &mut self,
        outcome: &Self::Chance,
        events: &mut S,
    ) -> Result<(), Self::Error>;

    /// Draws the chance outcome from `rng` and carries it out, without handing the
    /// outcome back: what [`sample_chance`](GameState::sample_chance) then
    /// [`apply_chance`](GameState::apply_chance) do, and what a game may do faster by
    /// overriding it (an outcome the game drew itself needs no check that it fits, and
    /// no copy). The quiet loop of simulations uses it; `conformance::check` checks
    /// that it leaves the same state and events as the two steps.
    fn apply_sampled_chance<R: Rng + ?Sized, S: EventSink<Self::Event>>(
        &mut self,
        rng: &mut R,
        events: &mut S,
    ) -> Result<(), Self::Error> {
        let outcome = self.sample_chance(rng)?;
        self.apply_chance(&outcome, events)
    }

    /// What the player in `seat` may see now; `None` if the table has no such seat
    /// (`seat >= seats()`), the one answer every game gives to a seat that does not
    /// exist (never a panic, never an empty or a whole-game view). A game may also answer
    /// `None` while only chance acts and a seat has nothing to see yet (Quattro before its
    /// deal: no hand, no discard pile); the seat to act always has an observation.
    fn observe(&self, seat: Seat) -> Option<Self::Observation<'_>>;

    /// The quiet path's step: `seat`, the seat to act (the one [`actor`](GameState::actor)
    /// just named), carries out `action`, which a trusted agent chose from the legal
    /// actions; then the chance that follows it (drawn from `rng`); and says who acts
    /// next. No event is built.
    ///
    /// This is the one place where a game may go faster than its checked path, for
    /// [`Driver::play_trusted`] (the simulators): it may skip checking the action again
    /// (the driver debug-asserts that it is legal, and that `seat` is the seat to act),
    /// take the seat as given rather than work it out again, and fuse the seat's action
    /// with the chance node that always follows it (War's take of the table, Pig's
    /// throw). The default is [`apply`](GameState::apply), then
    /// [`apply_sampled_chance`](GameState::apply_sampled_chance) while chance acts.
    /// `conformance::check` checks that an override leaves the same state.
    fn apply_trusted<R: Rng + ?Sized>(
        &mut self,
        seat: Seat,
        action: Self::Action,
        rng: &mut R,
    ) -> Result<Actor, Self::Error> {
        // `apply` finds the seat to act itself.
        let _ = seat;
        self.apply(action, &mut Ignore)?;
        settle_chance(self, rng)
    }

    /// How the game ended, once it is over.
    fn outcome(&self) -> Option<Outcome<Self::NoWinner>>;
}

/// Applies chance from `rng` while chance acts (the default end of
/// [`GameState::apply_trusted`], and the start of a quiet game); returns who acts then.
pub fn settle_chance<G: GameState + ?Sized, R: Rng + ?Sized>(
    game: &mut G,
    rng: &mut R,
) -> Result<Actor, G::Error> {
    loop {
        match game.actor() {
            Actor::Chance => game.apply_sampled_chance(rng, &mut Ignore)?,
            actor => return Ok(actor),
        }
    }
}

/// Where chance outcomes come from: a recorded list first (a deck file, a dice file, a
/// replay), then a seeded generator if there is one.
///
/// `--deck FILE --seed S` is a list of one deal followed by the stream of seed `S`, so
/// shuffles during play still replay exactly; `--dice FILE` is a list alone, and running
/// out of it is an error ([`PlayError::ChanceRanOut`]).
#[derive(Clone, Debug)]
pub struct ChanceSource<C> {
    recorded: Vec<C>,
    next: usize,
    rng: Option<GameRng>,
}

impl<C: Clone> ChanceSource<C> {
    /// Outcomes sampled from `rng`.
    pub fn seeded(rng: GameRng) -> ChanceSource<C> {
        ChanceSource {
            recorded: Vec::new(),
            next: 0,
            rng: Some(rng),
        }
    }

    /// Exactly `outcomes`, in order, and nothing after them.
    pub fn recorded(outcomes: Vec<C>) -> ChanceSource<C> {
        ChanceSource {
            recorded: outcomes,
            next: 0,
            rng: None,
        }
    }

    /// `outcomes` in order, then outcomes sampled from `rng`.
    ///
    /// Each recorded outcome stands in for the one `rng` would have given: the
    /// generator is drawn from all the same (and its outcome dropped), so that what comes
    /// after the list is exactly what the seed alone would give at that point. So a deck
    /// file written from seed `S` (`war deal --seed S`), played with `--seed S`, replays
    /// the game of `--seed S` exactly, the shuffles during play included.
    pub fn recorded_then_seeded(outcomes: Vec<C>, rng: GameRng) -> ChanceSource<C> {
        ChanceSource {
            recorded: outcomes,
            next: 0,
            rng: Some(rng),
        }
    }

    /// How many outcomes have been taken from the recorded list.
    pub fn recorded_used(&self) -> usize {
        self.next
    }

    /// Takes the outcome of the chance node `game` is at and carries it out, appending
    /// its events; returns the outcome (for a record of the game).
    pub fn apply<G, S>(&mut self, game: &mut G, events: &mut S) -> Result<C, PlayError<G::Error>>
    where
        G: GameState<Chance = C>,
        S: EventSink<G::Event>,
    {
        let outcome = match self.take_recorded(game)? {
            Some(outcome) => outcome.clone(),
            None => match &mut self.rng {
                Some(rng) => game.sample_chance(rng).map_err(chance_refused)?,
                None => return Err(self.ran_out()),
            },
        };
        game.apply_chance(&outcome, events)
            .map_err(chance_refused)?;
        Ok(outcome)
    }

    /// The next recorded outcome, if any is left; the generator (if any) is drawn all
    /// the same, to keep the stream in step with a game played from the seed alone.
    fn take_recorded<G: GameState<Chance = C>>(
        &mut self,
        game: &G,
    ) -> Result<Option<&C>, PlayError<G::Error>> {
        let Some(outcome) = self.recorded.get(self.next) else {
            return Ok(None);
        };
        if let Some(rng) = &mut self.rng {
            game.sample_chance(rng).map_err(chance_refused)?;
        }
        self.next += 1;
        Ok(Some(outcome))
    }

    fn ran_out<E: std::error::Error>(&self) -> PlayError<E> {
        PlayError::ChanceRanOut {
            used: self.recorded.len(),
        }
    }
}

fn chance_refused<E: std::error::Error>(error: E) -> PlayError<E> {
    PlayError::Refused { seat: None, error }
}

/// Why an agent gave no action.
#[derive(Debug)]
pub enum Stop {
    /// The person asked to stop (`q`).
    Quit,
    /// The person's input ended (or a script ran out of answers).
    InputEnded,
    /// The agent had nothing to choose from: the legal actions were empty, which the
    /// protocol forbids at a seat's turn.
    NoAction,
    /// No agent sits in this seat.
    Unseated(Seat),
    /// Reading or writing failed.
    Io(io::Error),
}

impl From<io::Error> for Stop {
    fn from(error: io::Error) -> Stop {
        Stop::Io(error)
    }
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stop::Quit => f.write_str("the player quit"),
            Stop::InputEnded => f.write_str("the input ended"),
            Stop::NoAction => f.write_str("a seat had to act with no legal action"),
            Stop::Unseated(seat) => write!(f, "nobody sits in seat {}", seat + 1),
            Stop::Io(error) => error.fmt(f),
        }
    }
}

/// Whoever chooses at a seat: a strategy or bot, a person at the terminal, a script of
/// answers, a web page.
///
/// An agent sees the seat's observation and the legal actions, and returns one of them
/// (the game refuses anything else).
pub trait Agent<G: GameState + ?Sized> {
    /// The action of the player in `seat`.
    fn choose(
        &mut self,
        seat: Seat,
        observation: &G::Observation<'_>,
        legal: &[G::Action],
    ) -> Result<G::Action, Stop>;

    /// Whether the agent in `seat` reads the legal actions. An agent that chooses from
    /// its observation alone (the assignments' strategies follow their own rule, as the
    /// Java `findMatch` does) says `false`, and the loop then spares the work of listing
    /// them and hands it an empty list; the game still refuses anything illegal.
    fn wants_legal_actions(&self, _seat: Seat) -> bool {
        true
    }
}

impl<G: GameState + ?Sized, A: Agent<G> + ?Sized> Agent<G> for &mut A {
    fn choose(
        &mut self,
        seat: Seat,
        observation: &G::Observation<'_>,
        legal: &[G::Action],
    ) -> Result<G::Action, Stop> {
        (**self).choose(seat, observation, legal)
    }

    fn wants_legal_actions(&self, seat: Seat) -> bool {
        (**self).wants_legal_actions(seat)
    }
}

/// A table of agents, one per seat: seat `i` is the `i`-th agent.
impl<G: GameState + ?Sized, A: Agent<G>> Agent<G> for [A] {
    fn choose(
        &mut self,
        seat: Seat,
        observation: &G::Observation<'_>,
        legal: &[G::Action],
    ) -> Result<G::Action, Stop> {
        self.get_mut(seat)
            .ok_or(Stop::Unseated(seat))?
            .choose(seat, observation, legal)
    }

    fn wants_legal_actions(&self, seat: Seat) -> bool {
        self.get(seat)
            .is_none_or(|agent| agent.wants_legal_actions(seat))
    }
}

impl<G: GameState + ?Sized, A: Agent<G>> Agent<G> for Vec<A> {
    fn choose(
        &mut self,
        seat: Seat,
        observation: &G::Observation<'_>,
        legal: &[G::Action],
    ) -> Result<G::Action, Stop> {
        self.as_mut_slice().choose(seat, observation, legal)
    }

    fn wants_legal_actions(&self, seat: Seat) -> bool {
        self.as_slice().wants_legal_actions(seat)
    }
}

impl<G: GameState + ?Sized, A: Agent<G>, const N: usize> Agent<G> for [A; N] {
    fn choose(
        &mut self,
        seat: Seat,
        observation: &G::Observation<'_>,
        legal: &[G::Action],
    ) -> Result<G::Action, Stop> {
        self.as_mut_slice().choose(seat, observation, legal)
    }

    fn wants_legal_actions(&self, seat: Seat) -> bool {
        self.as_slice().wants_legal_actions(seat)
    }
}

/// Two agents of different kinds at a two-seat table (a person and a strategy, two
/// strategies): seat 0 is the first, seat 1 the second.
impl<G: GameState + ?Sized, A: Agent<G>, B: Agent<G>> Agent<G> for (A, B) {
    fn choose(
        &mut self,
        seat: Seat,
        observation: &G::Observation<'_>,
        legal: &[G::Action],
    ) -> Result<G::Action, Stop> {
        match seat {
            0 => self.0.choose(seat, observation, legal),
            1 => self.1.choose(seat, observation, legal),
            _ => Err(Stop::Unseated(seat)),
        }
    }

    fn wants_legal_actions(&self, seat: Seat) -> bool {
        match seat {
            0 => self.0.wants_legal_actions(seat),
            1 => self.1.wants_legal_actions(seat),
            _ => true,
        }
    }
}

/// An agent that plays a list of actions in order, whatever the seat (a replay, or a
/// test's script); when the list runs out, it stops with [`Stop::InputEnded`].
#[derive(Clone, Debug)]
pub struct Scripted<A> {
    actions: Vec<A>,
    next: usize,
}

impl<A> Scripted<A> {
    /// Plays `actions` in order.
    pub fn new(actions: Vec<A>) -> Scripted<A> {
        Scripted { actions, next: 0 }
    }
}

impl<G: GameState + ?Sized> Agent<G> for Scripted<G::Action> {
    fn choose(
        &mut self,
        _seat: Seat,
        _observation: &G::Observation<'_>,
        _legal: &[G::Action],
    ) -> Result<G::Action, Stop> {
        let action = *self.actions.get(self.next).ok_or(Stop::InputEnded)?;
        self.next += 1;
        Ok(action)
    }
}

/// An agent that picks uniformly among the legal actions, from a seeded generator.
#[derive(Clone, Debug)]
pub struct Uniform(pub GameRng);

impl<G: GameState + ?Sized> Agent<G> for Uniform {
    fn choose(
        &mut self,
        _seat: Seat,
        _observation: &G::Observation<'_>,
        legal: &[G::Action],
    ) -> Result<G::Action, Stop> {
        if legal.is_empty() {
            return Err(Stop::NoAction);
        }
        let at = below(&mut self.0, legal.len() as u64) as usize;
        Ok(legal[at])
    }
}

/// What one step of the loop applied.
#[derive(Clone, Debug, PartialEq)]
pub enum Step<A, C> {
    /// A chance outcome.
    Chance(C),
    /// An action of the player in `seat`.
    Action {
        /// Who acted.
        seat: Seat,
        /// What they did.
        action: A,
    },
}

/// The step type of a game.
pub type StepOf<G> = Step<<G as GameState>::Action, <G as GameState>::Chance>;

/// A game written down as it is played, for its recording: the game before its first
/// step, every seat's action in the order applied (people's and agents' alike), and how
/// many steps were played, chance's included. The chance outcomes are not kept (a
/// recording draws them again from its seed; a [`Record`] keeps them too). Every front
/// end that records keeps one: the consoles' `play`, the web page's sessions (which cap
/// it, [`Tape::with_cap`], so that a session stays small).
#[derive(Clone, Debug)]
pub struct Tape<G: GameState> {
    /// The game before its first step.
    pub start: G,
    /// The seats' actions, as they were applied.
    pub actions: Vec<G::Action>,
    /// The steps played: the actions and chance's outcomes.
    pub steps: usize,
    /// Whether more actions came than the cap: then the tape stopped growing, and the
    /// game cannot be recorded from it.
    pub overflowed: bool,
    cap: usize,
}

impl<G: GameState + Clone> Tape<G> {
    /// A tape of `start`, nothing played yet, as long as the game goes.
    pub fn new(start: &G) -> Tape<G> {
        Tape::with_cap(start, usize::MAX)
    }

    /// A tape of `start` that keeps at most `cap` actions.
    pub fn with_cap(start: &G, cap: usize) -> Tape<G> {
        Tape {
            start: start.clone(),
            actions: Vec::new(),
            steps: 0,
            overflowed: false,
            cap,
        }
    }
}

impl<G: GameState> Tape<G> {
    /// Writes down a step just applied.
    pub fn push(&mut self, step: &StepOf<G>) {
        self.steps += 1;
        if let Step::Action { action, .. } = step {
            if self.actions.len() >= self.cap {
                self.overflowed = true;
            } else {
                self.actions.push(*action);
            }
        }
    }
}

/// Why the loop stopped before the game was over.
#[derive(Debug, thiserror::Error)]
pub enum PlayError<E: std::error::Error> {
    /// The game refused what an agent chose (`seat`) or what chance gave (`None`): a bug
    /// in an agent, or a recorded list that does not fit the game.
    #[error("{error}")]
    Refused {
        /// Who chose it; `None` for chance.
        seat: Option<Seat>,
        /// The game's reason.
        error: E,
    },
    /// The recorded chance outcomes ran out (after `used` of them) and there is no seed
    /// to go on with.
    #[error("the recorded chance outcomes ran out after {used}")]
    ChanceRanOut {
        /// How many were used.
        used: usize,
    },
    /// An agent or an observer stopped the game.
    #[error("{0}")]
    Stopped(Stop),
    /// The game broke one of the protocol's invariants.
    #[error("broken invariant: {0}")]
    Invariant(&'static str),
}

impl<E: std::error::Error> From<Stop> for PlayError<E> {
    fn from(stop: Stop) -> PlayError<E> {
        PlayError::Stopped(stop)
    }
}

impl<E: std::error::Error> From<std::io::Error> for PlayError<E> {
    /// Writing the game or reading an answer failed: the game stops ([`Stop::Io`]).
    fn from(error: std::io::Error) -> PlayError<E> {
        PlayError::Stopped(Stop::Io(error))
    }
}

/// The one game loop: asks the game who acts, gets the action from the seat's agent or
/// the outcome from the chance source, applies it, and hands over the events. Its
/// buffers are reused from step to step and game to game, so a simulation allocates
/// nothing per move.
#[derive(Clone, Debug)]
pub struct Driver<G: GameState> {
    legal: Vec<G::Action>,
    events: Vec<G::Event>,
}

impl<G: GameState> Default for Driver<G> {
    fn default() -> Driver<G> {
        Driver::new()
    }
}

impl<G: GameState> Driver<G> {
    /// A loop with empty buffers.
    pub fn new() -> Driver<G> {
        Driver {
            legal: Vec::new(),
            events: Vec::new(),
        }
    }

    /// The events of the last step.
    pub fn events(&self) -> &[G::Event] {
        &self.events
    }

    /// Plays one step: `None` once the game is over (and then nothing is applied),
    /// otherwise what was applied; its events are in [`events`](Driver::events).
    ///
    /// Front ends that interleave their own output with an agent's prompts (a person at
    /// the terminal) call this in their loop; the others call [`play`](Driver::play).
    pub fn step<A: Agent<G> + ?Sized>(
        &mut self,
        game: &mut G,
        chance: &mut ChanceSource<G::Chance>,
        agents: &mut A,
    ) -> Result<Option<StepOf<G>>, PlayError<G::Error>> {
        self.events.clear();
        step(game, chance, agents, &mut self.legal, &mut self.events)
    }

    /// Plays to the end, handing each step and its events to `observer` (a renderer, a
    /// tally, a recorder), and returns the outcome.
    pub fn play<A, O>(
        &mut self,
        game: &mut G,
        chance: &mut ChanceSource<G::Chance>,
        agents: &mut A,
        mut observer: O,
    ) -> Result<Outcome<G::NoWinner>, PlayError<G::Error>>
    where
        A: Agent<G> + ?Sized,
        O: FnMut(&G, &StepOf<G>, &[G::Event]) -> Result<(), Stop>,
    {
        while let Some(step) = self.step(game, chance, agents)? {
            observer(game, &step, &self.events)?;
        }
        game.outcome()
            .ok_or_else(|| PlayError::Invariant("the game is over but has no outcome"))
    }

    /// The quiet path: plays to the end with trusted agents (the simulators'
    /// strategies), without building any event or copying any chance outcome, drawing
    /// chance from `rng`, and returns the outcome; `observer` is told the seat of each
    /// action (to count turns, say).
    ///
    /// Each step asks who acts once, and carries out the agent's action and the chance
    /// that follows it in one [`GameState::apply_trusted`], which need not check the
    /// action again: that is the agents' promise, asserted here in debug builds and
    /// checked for every game by `conformance::check`. Agents that choose from
    /// their observation alone are given no list of legal actions
    /// ([`Agent::wants_legal_actions`]).
    pub fn play_trusted<A, R, O>(
        &mut self,
        game: &mut G,
        rng: &mut R,
        agents: &mut A,
        mut observer: O,
    ) -> Result<Outcome<G::NoWinner>, PlayError<G::Error>>
    where
        A: Agent<G> + ?Sized,
        R: Rng + ?Sized,
        O: FnMut(Seat),
    {
        let mut actor = settle_chance(game, rng).map_err(chance_refused)?;
        while let Actor::Seat(seat) = actor {
            // An agent that reads no list gets an empty one, without a write to the buffer.
            let legal: &[G::Action] = if agents.wants_legal_actions(seat) {
                game.legal_actions(&mut self.legal);
                &self.legal
            } else {
                &[]
            };
            let observation = game
                .observe(seat)
                .ok_or_else(|| PlayError::Invariant("the seat to act has no observation"))?;
            let action = agents.choose(seat, &observation, legal)?;
            drop(observation);
            if cfg!(debug_assertions) {
                game.legal_actions(&mut self.legal);
                debug_assert!(
                    self.legal.contains(&action),
                    "a trusted agent chose {action:?}, not one of {:?}",
                    self.legal
                );
                // The seat handed to `apply_trusted` is the one the game names: the
                // actor the last step returned agrees with `actor()`.
                debug_assert_eq!(
                    game.actor(),
                    Actor::Seat(seat),
                    "the seat to act is not the one the last step named"
                );
            }
            observer(seat);
            actor = game
                .apply_trusted(seat, action, rng)
                .map_err(|error| PlayError::Refused {
                    seat: Some(seat),
                    error,
                })?;
        }
        game.outcome()
            .ok_or_else(|| PlayError::Invariant("the game is over but has no outcome"))
    }
}

/// One step of the loop, its events into `events`.
fn step<G, A, S>(
    game: &mut G,
    chance: &mut ChanceSource<G::Chance>,
    agents: &mut A,
    legal: &mut Vec<G::Action>,
    events: &mut S,
) -> Result<Option<StepOf<G>>, PlayError<G::Error>>
where
    G: GameState,
    A: Agent<G> + ?Sized,
    S: EventSink<G::Event>,
{
    match game.actor() {
        Actor::Over => Ok(None),
        Actor::Chance => Ok(Some(Step::Chance(chance.apply(game, events)?))),
        Actor::Seat(seat) => {
            let action = act(game, agents, seat, legal, events)?;
            Ok(Some(Step::Action { seat, action }))
        }
    }
}

/// The agent in `seat` chooses and the game applies it.
fn act<G, A, S>(
    game: &mut G,
    agents: &mut A,
    seat: Seat,
    legal: &mut Vec<G::Action>,
    events: &mut S,
) -> Result<G::Action, PlayError<G::Error>>
where
    G: GameState,
    A: Agent<G> + ?Sized,
    S: EventSink<G::Event>,
{
    if agents.wants_legal_actions(seat) {
        game.legal_actions(legal);
    } else {
        legal.clear();
    }
    let observation = game
        .observe(seat)
        .ok_or_else(|| PlayError::Invariant("the seat to act has no observation"))?;
    let action = agents.choose(seat, &observation, legal)?;
    drop(observation);
    game.apply(action, events)
        .map_err(|error| PlayError::Refused {
            seat: Some(seat),
            error,
        })?;
    Ok(action)
}

/// Every chance outcome and action of a game, in order: replaying them
/// ([`ChanceSource::recorded`], [`Scripted`]) plays the same game again.
#[derive(Clone, Debug)]
pub struct Record<A, C> {
    /// The chance outcomes.
    pub chance: Vec<C>,
    /// The seats' actions.
    pub actions: Vec<A>,
}

impl<A: Clone, C: Clone> Record<A, C> {
    /// An empty record.
    pub fn new() -> Record<A, C> {
        Record {
            chance: Vec::new(),
            actions: Vec::new(),
        }
    }

    /// Adds a step.
    pub fn push(&mut self, step: &Step<A, C>) {
        match step {
            Step::Chance(outcome) => self.chance.push(outcome.clone()),
            Step::Action { action, .. } => self.actions.push(action.clone()),
        }
    }
}

impl<A: Clone, C: Clone> Default for Record<A, C> {
    fn default() -> Record<A, C> {
        Record::new()
    }
}

#[cfg(any(test, feature = "conformance"))]
pub mod conformance {
    //! One check of the protocol's promises that runs on any game (each game crate
    //! calls it from a property test over many seeds).

    use super::*;

    /// What a game adds to the protocol so that [`check`] can test it: a rule check of
    /// each step, and some actions that are illegal now.
    pub trait Audit: GameState + Clone + PartialEq + fmt::Debug
    where
        Self::Event: PartialEq,
    {
        /// Checks one step against the game's rules: from `before`, the step produced
        /// `events` and led to `self`. At least: no card or point created or lost.
        fn audit(&self, before: &Self, events: &[Self::Event]) -> Result<(), String>;

        /// Some actions that may not be taken now: at a seat's turn, actions the seat
        /// could name but may not take (a card not in the hand, a draw while holding a
        /// playable card…); at a chance node, any action. May be empty.
        fn illegal_actions(&self) -> Vec<Self::Action>;

        /// Some chance outcomes that cannot happen now (a deck order missing a card or
        /// holding one twice, dice of the other rule set). None by default.
        fn impossible_chance(&self) -> Vec<Self::Chance> {
            Vec::new()
        }
    }

    /// Plays `game` to its end with uniformly random legal actions (from `agent_seed`)
    /// and chance from `chance`, checking at every step that:
    /// - the actor and the outcome agree, and a seat always has a legal action;
    /// - every legal action is accepted (tried on a copy), and every illegal one, every
    ///   impossible chance outcome, and the wrong kind of step (an action at a chance
    ///   node or after the end, chance at a seat's turn or after the end), is refused
    ///   with the state unchanged and no event;
    /// - drawing chance in one step ([`GameState::apply_sampled_chance`]) leaves the same
    ///   state and events as sampling, then applying; and the quiet path's step
    ///   ([`GameState::apply_trusted`]) of each legal action the same state as
    ///   [`apply`](GameState::apply) followed by the same chance;
    /// - the seat to act has an observation, and a seat past the table none;
    /// - [`Audit::audit`] accepts the step;
    /// - the game ends within `max_steps` steps;
    ///
    /// and then that replaying the recorded chance outcomes and actions from `fresh`
    /// (the same game before its first step) gives the same events and outcome.
    pub fn check<G>(
        mut game: G,
        mut chance: ChanceSource<G::Chance>,
        agent_seed: u64,
        max_steps: usize,
    ) -> Result<Outcome<G::NoWinner>, String>
    where
        G: Audit,
        G::Event: PartialEq,
        G::Chance: PartialEq,
    {
        let fresh = game.clone();
        let mut agent = Uniform(crate::rng::rng_from_seed(agent_seed));
        let mut driver = Driver::new();
        let mut record = Record::new();
        let mut all_events: Vec<G::Event> = Vec::new();
        let mut legal = Vec::new();
        let mut scratch = Vec::new();
        let mut some_action: Option<G::Action> = None;
        let mut some_chance: Option<G::Chance> = None;
        let mut probe = crate::rng::rng_from_seed(agent_seed ^ 0x5eed);
        for n in 0..=max_steps {
            if n == max_steps {
                return Err(format!("no end after {max_steps} steps: {game:?}"));
            }
            let actor = game.actor();
            if game.observe(game.seats()).is_some() {
                return Err(format!(
                    "seat {} of {} has an observation",
                    game.seats(),
                    game.seats()
                ));
            }
            if (actor == Actor::Over) != game.outcome().is_some() {
                return Err(format!("actor {actor:?} but outcome {:?}", game.outcome()));
            }
            game.legal_actions(&mut legal);
            // Chance outcomes that cannot happen now are refused: those the game names,
            // and at a seat's turn or after the end, any outcome at all.
            let mut wrong_chance = game.impossible_chance();
            if actor != Actor::Chance {
                wrong_chance.extend(some_chance.clone());
            }
            for outcome in &wrong_chance {
                refused(
                    &game,
                    |g| g.apply_chance(outcome, &mut scratch).is_err(),
                    "an impossible chance outcome",
                )?;
                no_events(&mut scratch, "an impossible chance outcome")?;
            }
            match actor {
                Actor::Over => {
                    for action in some_action.into_iter().chain(game.illegal_actions()) {
                        refused(
                            &game,
                            |g| g.apply(action, &mut scratch).is_err(),
                            "an action after the end",
                        )?;
                        no_events(&mut scratch, "an action after the end")?;
                    }
                    break;
                }
                Actor::Chance => {
                    if !legal.is_empty() {
                        return Err(format!("legal actions {legal:?} at a chance node"));
                    }
                    // Any action is refused here: one a seat took earlier, and those
                    // the game names (which lets a game whose only chance node comes
                    // first be checked too).
                    for action in some_action.into_iter().chain(game.illegal_actions()) {
                        refused(
                            &game,
                            |g| g.apply(action, &mut scratch).is_err(),
                            "an action at a chance node",
                        )?;
                        no_events(&mut scratch, "an action at a chance node")?;
                    }
                }
                Actor::Seat(seat) => {
                    if legal.is_empty() {
                        return Err(format!("seat {seat} to act with no legal action"));
                    }
                    if seat >= game.seats() {
                        return Err(format!("seat {seat} of {}", game.seats()));
                    }
                    if game.observe(seat).is_none() {
                        return Err(format!("seat {seat} to act has no observation"));
                    }
                    for &action in &legal {
                        let mut copy = game.clone();
                        if let Err(e) = copy.apply(action, &mut scratch) {
                            return Err(format!("legal action {action:?} refused: {e}"));
                        }
                        scratch.clear();
                        // The quiet path lands where the checked path and the same
                        // chance do.
                        let mut dice = probe.clone();
                        let then = settle_chance(&mut copy, &mut dice.clone())
                            .map_err(|e| format!("chance after {action:?} refused: {e}"))?;
                        let mut trusted = game.clone();
                        let actor = trusted
                            .apply_trusted(seat, action, &mut dice)
                            .map_err(|e| format!("apply_trusted({action:?}) refused: {e}"))?;
                        if trusted != copy || actor != then {
                            return Err(format!(
                                "apply_trusted({action:?}) differs from apply and chance"
                            ));
                        }
                    }
                    for action in game.illegal_actions() {
                        if legal.contains(&action) {
                            return Err(format!("{action:?} is both legal and illegal"));
                        }
                        refused(
                            &game,
                            |g| g.apply(action, &mut scratch).is_err(),
                            "an illegal action",
                        )?;
                        no_events(&mut scratch, "an illegal action")?;
                    }
                    if game.sample_chance(&mut probe).is_ok() {
                        return Err("chance sampled at a seat's turn".into());
                    }
                    some_action = legal.first().copied();
                }
            }
            if actor == Actor::Chance {
                let mut drawn = game.clone();
                let mut drawn_events = Vec::new();
                drawn
                    .apply_sampled_chance(&mut probe.clone(), &mut drawn_events)
                    .map_err(|e| format!("apply_sampled_chance refused: {e}"))?;
                let mut applied = game.clone();
                let applied_outcome = applied
                    .sample_chance(&mut probe)
                    .map_err(|e| format!("sample_chance refused: {e}"))?;
                applied
                    .apply_chance(&applied_outcome, &mut scratch)
                    .map_err(|e| format!("a sampled outcome was refused: {e}"))?;
                if drawn != applied || drawn_events != scratch {
                    return Err(
                        "apply_sampled_chance differs from sample_chance then apply_chance".into(),
                    );
                }
                scratch.clear();
            }
            let before = game.clone();
            let step = driver
                .step(&mut game, &mut chance, &mut agent)
                .map_err(|e| format!("step {n}: {e}"))?
                .ok_or("the driver saw no step where the game has an actor")?;
            if let Step::Chance(outcome) = &step {
                let mut copy = before.clone();
                if copy.apply_chance(outcome, &mut scratch).is_err() {
                    return Err(format!("chance outcome {outcome:?} refused on a copy"));
                }
                scratch.clear();
                some_chance = Some(outcome.clone());
            }
            game.audit(&before, driver.events())
                .map_err(|e| format!("step {n} ({step:?}): {e}"))?;
            all_events.extend_from_slice(driver.events());
            record.push(&step);
        }
        let outcome = game
            .outcome()
            .ok_or("the game is over but has no outcome")?;

        let mut replay = fresh;
        let mut replayed = Vec::new();
        let replayed_outcome = Driver::new()
            .play(
                &mut replay,
                &mut ChanceSource::recorded(record.chance),
                &mut Scripted::new(record.actions),
                |_, _, events| {
                    replayed.extend_from_slice(events);
                    Ok(())
                },
            )
            .map_err(|e| format!("replay: {e}"))?;
        if replayed != all_events || replayed_outcome != outcome {
            return Err("the replay of the recorded game differs".into());
        }
        Ok(outcome)
    }

    /// Checks that a refusal appended no event.
    fn no_events<E: fmt::Debug>(events: &mut Vec<E>, what: &str) -> Result<(), String> {
        if events.is_empty() {
            Ok(())
        } else {
            Err(format!("{what} was refused but reported {events:?}"))
        }
    }

    /// Checks that `attempt` is refused (returns `true`) and changes nothing.
    fn refused<G: GameState + Clone + PartialEq + fmt::Debug>(
        game: &G,
        attempt: impl FnOnce(&mut G) -> bool,
        what: &str,
    ) -> Result<(), String> {
        let mut copy = game.clone();
        if !attempt(&mut copy) {
            return Err(format!("{what} was accepted"));
        }
        if copy != *game {
            return Err(format!("{what} was refused but changed the game"));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::conformance::{Audit, check};
    use super::*;
    use crate::rng::rng_from_seed;
    use pretty_assertions::assert_eq;

    /// A race to `GOAL` heads between two seats; each turn the seat may flip, or pass
    /// when `passing` is allowed. `bug` plants one broken promise, to check that the
    /// conformance check catches it.
    #[derive(Clone, Debug, PartialEq)]
    struct Race {
        heads: [u8; 2],
        seat: Seat,
        flipping: bool,
        flips: u32,
        bug: Bug,
    }

    #[derive(Clone, Copy, Debug, PartialEq)]
    enum Bug {
        None,
        /// A refused action still counts a flip.
        RefusalChangesState,
        /// Heads are counted twice but reported once.
        EventsLie,
        /// The game never ends.
        Endless,
        /// A coin may be flipped at a seat's turn.
        ChanceAnytime,
    }

    const GOAL: u8 = 3;

    #[derive(Clone, Copy, Debug, PartialEq)]
    enum Move {
        Flip,
        /// Never legal: there to be refused.
        Cheat,
    }

    #[derive(Debug, thiserror::Error)]
    #[error("not now")]
    struct NotNow;

    impl Race {
        fn new(bug: Bug) -> Race {
            Race {
                heads: [0, 0],
                seat: 0,
                flipping: false,
                flips: 0,
                bug,
            }
        }
    }

    impl GameState for Race {
        type Action = Move;
        type Chance = bool;
        type Event = (Seat, bool);
        type Observation<'a> = [u8; 2];
        type NoWinner = std::convert::Infallible;
        type Error = NotNow;

        fn seats(&self) -> usize {
            2
        }

        fn actor(&self) -> Actor {
            if self.bug != Bug::Endless && self.heads.iter().any(|&h| h >= GOAL) {
                Actor::Over
            } else if self.flipping {
                Actor::Chance
            } else {
                Actor::Seat(self.seat)
            }
        }

        fn legal_actions(&self, actions: &mut Vec<Move>) {
            actions.clear();
            if let Actor::Seat(_) = self.actor() {
                actions.push(Move::Flip);
            }
        }

        fn apply<S: EventSink<(Seat, bool)>>(
            &mut self,
            action: Move,
            _: &mut S,
        ) -> Result<(), NotNow> {
            if self.bug == Bug::RefusalChangesState {
                self.flips += 1;
            }
            let (Actor::Seat(_), Move::Flip) = (self.actor(), action) else {
                return Err(NotNow);
            };
            self.flipping = true;
            Ok(())
        }

        fn sample_chance<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<bool, NotNow> {
            if self.actor() != Actor::Chance {
                return Err(NotNow);
            }
            Ok(below(rng, 2) == 1)
        }

        fn apply_chance<S: EventSink<(Seat, bool)>>(
            &mut self,
            heads: &bool,
            events: &mut S,
        ) -> Result<(), NotNow> {
            if self.actor() != Actor::Chance && self.bug != Bug::ChanceAnytime {
                return Err(NotNow);
            }
            let count = if self.bug == Bug::EventsLie { 2 } else { 1 };
            self.heads[self.seat] = self.heads[self.seat].saturating_add(u8::from(*heads) * count);
            self.flips += 1;
            events.push((self.seat, *heads));
            self.flipping = false;
            if self.actor() != Actor::Over {
                self.seat = 1 - self.seat;
            }
            Ok(())
        }

        fn observe(&self, seat: Seat) -> Option<[u8; 2]> {
            (seat < 2).then_some(self.heads)
        }

        fn outcome(&self) -> Option<Outcome<std::convert::Infallible>> {
            (self.actor() == Actor::Over).then_some(Outcome::Winner { seat: self.seat })
        }
    }

    impl Audit for Race {
        fn audit(&self, before: &Race, events: &[(Seat, bool)]) -> Result<(), String> {
            let mut expected = before.heads;
            for &(seat, heads) in events {
                expected[seat] += u8::from(heads);
            }
            if expected == self.heads {
                Ok(())
            } else {
                Err(format!("heads {:?}, events say {expected:?}", self.heads))
            }
        }

        fn illegal_actions(&self) -> Vec<Move> {
            vec![Move::Cheat]
        }
    }

    #[test]
    fn a_correct_game_passes_and_replays() {
        for seed in 0..50 {
            let chance = ChanceSource::seeded(rng_from_seed(seed));
            let outcome = check(Race::new(Bug::None), chance, seed, 1000);
            assert!(matches!(outcome, Ok(Outcome::Winner { .. })), "{outcome:?}");
        }
    }

    #[test]
    fn each_broken_promise_is_caught() {
        let run = |bug| {
            check(
                Race::new(bug),
                ChanceSource::seeded(rng_from_seed(1)),
                1,
                1000,
            )
        };
        let refusal = run(Bug::RefusalChangesState).unwrap_err();
        assert!(refusal.contains("refused but changed"), "{refusal}");
        let lie = run(Bug::EventsLie).unwrap_err();
        assert!(lie.contains("events say"), "{lie}");
        let endless = run(Bug::Endless).unwrap_err();
        assert!(endless.contains("no end after 1000 steps"), "{endless}");
        let anytime = run(Bug::ChanceAnytime).unwrap_err();
        assert!(
            anytime.contains("impossible chance outcome was accepted"),
            "{anytime}"
        );
    }

    #[test]
    fn recorded_chance_runs_out_or_hands_over_to_the_seed() {
        // Seat 0 flips tails, seat 1 heads: then the list is empty.
        let mut game = Race::new(Bug::None);
        let mut chance = ChanceSource::recorded(vec![false, true]);
        let result = Driver::new().play(
            &mut game,
            &mut chance,
            &mut Uniform(rng_from_seed(0)),
            |_, _, _| Ok(()),
        );
        assert!(
            matches!(result, Err(PlayError::ChanceRanOut { used: 2 })),
            "{result:?}"
        );
        assert_eq!(game.heads, [0, 1]);

        // A recorded outcome stands in for the seeded one: after it, the stream goes on
        // as if the seed had given it.
        let seeded: Vec<bool> = {
            let mut game = Race::new(Bug::None);
            let mut record = Record::new();
            Driver::new()
                .play(
                    &mut game,
                    &mut ChanceSource::seeded(rng_from_seed(9)),
                    &mut Uniform(rng_from_seed(0)),
                    |_, step, _| {
                        record.push(step);
                        Ok(())
                    },
                )
                .unwrap();
            record.chance
        };
        let mut game = Race::new(Bug::None);
        let mut record = Record::new();
        let flipped = !seeded[0];
        Driver::new()
            .play(
                &mut game,
                &mut ChanceSource::recorded_then_seeded(vec![flipped], rng_from_seed(9)),
                &mut Uniform(rng_from_seed(0)),
                |_, step, _| {
                    record.push(step);
                    Ok(())
                },
            )
            .unwrap();
        assert_eq!(record.chance[0], flipped);
        // The two games may end at different flips; up to the shorter, they agree.
        let both = record.chance.len().min(seeded.len());
        assert!(both > 2, "{record:?}");
        assert_eq!(record.chance[1..both], seeded[1..both]);
    }

    /// The quiet loop stops as the checked one does: a script that runs out stops it with
    /// the agent's reason, after the turn it did play (one flip, whatever it showed: the
    /// first to three heads is far off, so seat 1 is to act).
    #[test]
    fn the_quiet_loop_stops_with_the_agents_reason() {
        let mut game = Race::new(Bug::None);
        let mut script = Scripted::new(vec![Move::Flip]);
        let mut seats = Vec::new();
        let result =
            Driver::new().play_trusted(&mut game, &mut rng_from_seed(3), &mut script, |seat| {
                seats.push(seat)
            });
        assert!(
            matches!(result, Err(PlayError::Stopped(Stop::InputEnded))),
            "{result:?}"
        );
        assert_eq!(seats, [0]);
        assert_eq!(game.flips, 1);
        assert_eq!(game.actor(), Actor::Seat(1));
    }

    #[test]
    fn agents_sit_by_seat_and_scripts_end() {
        let mut game = Race::new(Bug::None);
        let mut agents: Vec<Scripted<Move>> = vec![Scripted::new(vec![Move::Flip])];
        let mut chance = ChanceSource::recorded(vec![true, true]);
        let mut driver = Driver::new();
        assert!(matches!(
            driver.step(&mut game, &mut chance, &mut agents),
            Ok(Some(Step::Action {
                seat: 0,
                action: Move::Flip
            }))
        ));
        assert!(matches!(
            driver.step(&mut game, &mut chance, &mut agents),
            Ok(Some(Step::Chance(true)))
        ));
        assert_eq!(driver.events(), [(0, true)]);
        assert!(matches!(
            driver.step(&mut game, &mut chance, &mut agents),
            Err(PlayError::Stopped(Stop::Unseated(1)))
        ));
        let mut script = Scripted::new(vec![Move::Cheat]);
        let mut game = Race::new(Bug::None);
        assert!(matches!(
            driver.step(&mut game, &mut chance, &mut script),
            Err(PlayError::Refused { seat: Some(0), .. })
        ));
        assert_eq!(game, Race::new(Bug::None));
    }
}
