//! A strong player for the card games with hidden hands: single-observer information-set
//! Monte Carlo tree search (ISMCTS-SO; Cowling, Powley and Whitehouse, "Information Set
//! Monte Carlo Tree Search", IEEE Transactions on Computational Intelligence and AI in
//! Games 4(2), 2012), over the game protocol ([`GameState`]).
//!
//! The assignments' strategies are fixed rules; a researcher asking how far they are from
//! good play, and a player wanting a real opponent, need a player that looks ahead. A
//! seat cannot see the other hands nor the order of the deck, so the search never plays
//! the true game: each iteration *determinizes*, dealing the cards the seat has not seen
//! at random into the other hands (their known sizes) and the deck, and plays that world.
//!
//! One iteration: sample a world from what the seat saw ([`Determinize::world`]); walk
//! down the one tree shared by all worlds, at each node choosing among the children whose
//! action is legal *in this world* by UCB1 with availability counts (a child's
//! exploration term counts the visits of its parent in which it was legal, not all of
//! them); add one node for an action of this world not yet in the tree; play the world to
//! its end with the rollout policy ([`Rollout`]: uniformly random, or a game's own
//! strategy); and credit every node on the path with the result *for the seat that chose
//! its action* (1 for that seat's win, 0 for another seat's, an equal share 1/seats for
//! a game without a winner, or one cut short: [`reward`]), so that each seat in the tree plays for itself. After the
//! budget ([`Budget`]), the action at the root tried most often is chosen (ties to the
//! first in the game's order of legal actions).
//!
//! **It cannot peek, by construction.** [`Search::choose`] takes only what the seat saw
//! (a game's [`Determinize::Seen`], an owned copy of its observation), never the game;
//! a game builds each world from that alone, putting the cards the seat has not seen in a
//! canonical order before shuffling them with the search's own generator. So for one
//! observation and one seed the choice is the same whatever the hidden cards are (each
//! game's tests play two deals with the same observation and different hidden cards).
//!
//! The tree is an arena ([`Vec`] of nodes, linked by index) that a [`Search`] keeps
//! between decisions (cleared, not freed), and the world, the list of legal actions and
//! the path are buffers it reuses: once a search has run at least as many iterations as
//! it is asked to, a decision allocates nothing, provided the game's world and its quiet
//! step ([`GameState::apply_trusted`]) do not.

use std::time::{Duration, Instant};

use rand::Rng;

use crate::protocol::{Actor, GameState, Outcome, Seat, settle_chance};
use crate::rng::{GameRng, below, rng_from_seed};

/// A game the search can play from one seat's point of view: a world is built from what
/// the seat saw, and nothing else.
pub trait Determinize: GameState + Sized {
    /// What one seat saw: its hand and every public fact, owned (the game's observation,
    /// copied out of the game).
    type Seen;

    /// The seat that saw `seen`: the one the search plays for.
    fn observer(seen: &Self::Seen) -> Seat;

    /// A world that agrees with everything in `seen`: the seat's hand and the public
    /// facts as they are, the cards the seat has not seen dealt by `rng` (from a
    /// canonical order, so that only `seen` and `rng` decide) into the other hands and
    /// the deck.
    fn world<R: Rng + ?Sized>(seen: &Self::Seen, rng: &mut R) -> Self;

    /// Turns `self`, a world built earlier, into a new one as [`world`](Self::world)
    /// would build it from the same generator, reusing its buffers (so that iterations
    /// need not allocate). The default builds a new one.
    fn resample<R: Rng + ?Sized>(&mut self, seen: &Self::Seen, rng: &mut R) {
        *self = Self::world(seen, rng);
    }
}

/// How a rollout chooses, from a world, at a seat: the search's model of every player
/// after the tree's edge.
pub trait Rollout<G: GameState> {
    /// One of `legal` (never empty), for `seat` in `world`.
    fn choose<R: Rng + ?Sized>(
        &mut self,
        world: &G,
        seat: Seat,
        legal: &[G::Action],
        rng: &mut R,
    ) -> G::Action;

    /// Whether [`choose`](Self::choose) reads `legal` (a policy that follows a rule on the
    /// seat's observation does not, and is spared building the list).
    fn wants_legal_actions(&self) -> bool {
        true
    }
}

/// The rollout of the paper: a uniformly random legal action.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomRollout;

impl<G: GameState> Rollout<G> for RandomRollout {
    fn choose<R: Rng + ?Sized>(
        &mut self,
        _world: &G,
        _seat: Seat,
        legal: &[G::Action],
        rng: &mut R,
    ) -> G::Action {
        legal[below(rng, legal.len() as u64) as usize]
    }
}

/// How long a search thinks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// A number of iterations: the same choice for the same seed on every machine (for
    /// experiments and tests).
    Iterations(u32),
    /// As many iterations as fit in this many milliseconds (at least one): for play,
    /// where the machine's speed decides and a seed no longer replays.
    Millis(u64),
}

/// The exploration constant of UCB1: 0.7, the value Cowling, Powley and Whitehouse use
/// for rewards in [0, 1].
pub const EXPLORATION: f64 = 0.7;

/// The longest rollout, in steps, after which the result is counted as no winner (every
/// game of the workspace ends by its own rule long before; this only bounds a world a
/// game built badly).
pub const MAX_ROLLOUT: u32 = 100_000;

const NONE: u32 = u32::MAX;

#[derive(Clone, Debug)]
struct Node<A> {
    // The action that leads here from the parent (`None` at the root) and the seat that
    // chose it: the node's rewards are that seat's.
    action: Option<A>,
    mover: Seat,
    first_child: u32,
    next_sibling: u32,
    visits: u32,
    // Visits of the parent in which this node's action was legal.
    available: u32,
    reward: f64,
}

impl<A> Node<A> {
    fn new(action: Option<A>, mover: Seat) -> Node<A> {
        Node {
            action,
            mover,
            first_child: NONE,
            next_sibling: NONE,
            visits: 0,
            available: 0,
            reward: 0.0,
        }
    }
}

/// What the last [`Search::choose`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Iterations run (0 when the seat had a single legal action: nothing to search).
    pub iterations: u32,
    /// Nodes in the tree, the root included.
    pub nodes: usize,
}

/// A searcher: the tree and the buffers one decision after another reuses.
#[derive(Clone, Debug)]
pub struct Search<G: GameState> {
    nodes: Vec<Node<G::Action>>,
    legal: Vec<G::Action>,
    root_actions: Vec<G::Action>,
    path: Vec<u32>,
    world: Option<G>,
    exploration: f64,
    stats: Stats,
}

impl<G: GameState> Default for Search<G> {
    fn default() -> Search<G> {
        Search::new()
    }
}

impl<G: GameState> Search<G> {
    /// An empty searcher with the paper's exploration constant ([`EXPLORATION`]).
    pub fn new() -> Search<G> {
        Search {
            nodes: Vec::new(),
            legal: Vec::new(),
            root_actions: Vec::new(),
            path: Vec::new(),
            world: None,
            exploration: EXPLORATION,
            stats: Stats::default(),
        }
    }

    /// The same searcher with another exploration constant (larger: wider, shallower).
    #[must_use]
    pub fn with_exploration(mut self, exploration: f64) -> Search<G> {
        self.exploration = exploration;
        self
    }

    /// What the last decision did.
    pub fn stats(&self) -> Stats {
        self.stats
    }
}

impl<G: Determinize> Search<G> {
    /// The action the seat that saw `seen` should take, after searching for `budget`
    /// with the generator of `seed` (which alone decides the worlds and the rollouts);
    /// `None` if that seat is not to act (the game is over, or another seat or chance
    /// acts). A seat with one legal action gets it at once, without a search.
    pub fn choose<P: Rollout<G>>(
        &mut self,
        seen: &G::Seen,
        budget: Budget,
        seed: u64,
        rollout: &mut P,
    ) -> Option<G::Action> {
        let me = G::observer(seen);
        let mut rng = rng_from_seed(seed);
        let mut world = match self.world.take() {
            Some(mut world) => {
                world.resample(seen, &mut rng);
                world
            }
            None => G::world(seen, &mut rng),
        };
        self.stats = Stats::default();
        let chosen = if world.actor() == Actor::Seat(me) {
            world.legal_actions(&mut self.root_actions);
            match self.root_actions.as_slice() {
                [] => None,
                [only] => Some(*only),
                _ => {
                    self.search(&mut world, seen, budget, &mut rng, rollout);
                    self.best()
                }
            }
        } else {
            None
        };
        self.world = Some(world);
        chosen
    }

    fn search<P: Rollout<G>>(
        &mut self,
        world: &mut G,
        seen: &G::Seen,
        budget: Budget,
        rng: &mut GameRng,
        rollout: &mut P,
    ) {
        self.nodes.clear();
        if let Budget::Iterations(n) = budget {
            // One node an iteration at most, and the root: reserved once, so that a later
            // decision at the same budget never grows the arena mid-search.
            self.nodes.reserve(n as usize + 1);
        }
        self.nodes.push(Node::new(None, G::observer(seen)));
        let deadline = match budget {
            Budget::Iterations(_) => None,
            Budget::Millis(ms) => Some(Instant::now() + Duration::from_millis(ms)),
        };
        let mut iterations = 0;
        loop {
            let more = match (budget, deadline) {
                (Budget::Iterations(n), _) => iterations < n,
                // At least one iteration, so the root's choice rests on something.
                (_, Some(deadline)) => iterations == 0 || Instant::now() < deadline,
                (_, None) => false,
            };
            if !more {
                break;
            }
            if iterations > 0 {
                world.resample(seen, rng);
            }
            self.iterate(world, rng, rollout);
            iterations += 1;
        }
        self.stats = Stats {
            iterations,
            nodes: self.nodes.len(),
        };
    }

    /// One iteration on a freshly sampled `world`: select, expand, roll out, credit.
    fn iterate<P: Rollout<G>>(&mut self, world: &mut G, rng: &mut GameRng, rollout: &mut P) {
        self.path.clear();
        self.path.push(0);
        let mut node = 0u32;
        let mut expanded = false;
        let mut steps = 0u32;
        let mut broken = false;
        // Selection and expansion: down the tree while every legal action has a child.
        while !expanded {
            let seat = match world.actor() {
                Actor::Over => break,
                Actor::Chance => {
                    // Chance is not in the tree: each world's draws are its own.
                    if settle_chance(world, rng).is_err() {
                        broken = true;
                        break;
                    }
                    continue;
                }
                Actor::Seat(seat) => seat,
            };
            world.legal_actions(&mut self.legal);
            if self.legal.is_empty() {
                broken = true;
                break;
            }
            let (next, new) = self.select(node, seat, rng);
            node = next;
            expanded = new;
            self.path.push(node);
            let Some(action) = self.nodes[node as usize].action else {
                broken = true;
                break;
            };
            if world.apply_trusted(seat, action, rng).is_err() {
                broken = true;
                break;
            }
            steps += 1;
        }
        // Rollout: the rest of the game by the policy.
        while !broken {
            match world.actor() {
                Actor::Over => break,
                Actor::Chance => broken = settle_chance(world, rng).is_err(),
                Actor::Seat(seat) => {
                    if steps >= MAX_ROLLOUT {
                        broken = true;
                        break;
                    }
                    if rollout.wants_legal_actions() {
                        world.legal_actions(&mut self.legal);
                        if self.legal.is_empty() {
                            broken = true;
                            break;
                        }
                    } else {
                        self.legal.clear();
                    }
                    let action = rollout.choose(world, seat, &self.legal, rng);
                    broken = world.apply_trusted(seat, action, rng).is_err();
                    steps += 1;
                }
            }
        }
        let outcome = if broken { None } else { world.outcome() };
        let seats = world.seats();
        for &index in &self.path {
            let node = &mut self.nodes[index as usize];
            node.visits += 1;
            node.reward += reward(outcome.as_ref(), node.mover, seats);
        }
    }

    /// At `parent`, with `self.legal` the legal actions of `seat` in this world: a new
    /// child for an untried one (chosen at random), or else the child UCB1 prefers among
    /// those legal here; every child legal here counts one more availability.
    fn select(&mut self, parent: u32, seat: Seat, rng: &mut GameRng) -> (u32, bool) {
        let mut untried = 0u64;
        for action in &self.legal {
            if self.child(parent, action).is_none() {
                untried += 1;
            }
        }
        let mut chosen_untried = (untried > 0).then(|| below(rng, untried));
        let mut best = NONE;
        let mut best_score = f64::NEG_INFINITY;
        let mut new = NONE;
        for i in 0..self.legal.len() {
            let action = self.legal[i];
            match self.child(parent, &action) {
                Some(child) => {
                    let node = &mut self.nodes[child as usize];
                    node.available += 1;
                    if chosen_untried.is_none() {
                        let visits = f64::from(node.visits.max(1));
                        let score = node.reward / visits
                            + self.exploration * (f64::from(node.available).ln() / visits).sqrt();
                        if score > best_score {
                            best_score = score;
                            best = child;
                        }
                    }
                }
                None => {
                    if chosen_untried == Some(0) {
                        new = self.add_child(parent, action, seat);
                        chosen_untried = Some(u64::MAX);
                    } else if let Some(k) = chosen_untried.as_mut() {
                        *k = k.wrapping_sub(1);
                    }
                }
            }
        }
        if new != NONE {
            (new, true)
        } else {
            (best, false)
        }
    }

    fn child(&self, parent: u32, action: &G::Action) -> Option<u32> {
        let mut child = self.nodes[parent as usize].first_child;
        while child != NONE {
            let node = &self.nodes[child as usize];
            if node.action.as_ref() == Some(action) {
                return Some(child);
            }
            child = node.next_sibling;
        }
        None
    }

    fn add_child(&mut self, parent: u32, action: G::Action, mover: Seat) -> u32 {
        let index = self.nodes.len() as u32;
        let mut node = Node::new(Some(action), mover);
        node.available = 1;
        node.next_sibling = self.nodes[parent as usize].first_child;
        self.nodes.push(node);
        self.nodes[parent as usize].first_child = index;
        index
    }

    /// The root's most visited action, ties to the first in the game's order.
    fn best(&self) -> Option<G::Action> {
        let mut best: Option<(G::Action, u32)> = None;
        for &action in &self.root_actions {
            let visits = self
                .child(0, &action)
                .map_or(0, |child| self.nodes[child as usize].visits);
            if best.is_none_or(|(_, most)| visits > most) {
                best = Some((action, visits));
            }
        }
        best.map(|(action, _)| action)
    }
}

/// The result of a game for `seat` at a table of `seats`: 1 for its win, 0 for another
/// seat's, and without a winner (or for a rollout cut short, `None`) an equal share,
/// 1/`seats` (½ at two seats, a draw). An equal share rather than ½ at every table: at
/// four or six seats ½ would rate a game nobody wins above the seat's fair chance of
/// winning, and the search would play for the deck to run out.
pub fn reward<R>(outcome: Option<&Outcome<R>>, seat: Seat, seats: usize) -> f64 {
    match outcome {
        Some(Outcome::Winner { seat: winner }) if *winner == seat => 1.0,
        Some(Outcome::Winner { .. }) => 0.0,
        Some(Outcome::NoWinner { .. }) | None => 1.0 / seats.max(1) as f64,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{EventSink, Ignore};

    /// Nim with a hidden count: a pile of `left` stones, each seat in turn takes 1 or 2,
    /// whoever takes the last wins. The seat to act sees the pile (perfect information,
    /// so a world is the pile itself): the search should find the known winning move,
    /// leaving a multiple of 3.
    #[derive(Clone, Debug, PartialEq)]
    struct Nim {
        left: u32,
        seat: Seat,
    }

    #[derive(Debug, thiserror::Error)]
    #[error("not now")]
    struct NotNow;

    impl GameState for Nim {
        type Action = u32;
        type Chance = ();
        type Event = ();
        type Observation<'a> = u32;
        type NoWinner = std::convert::Infallible;
        type Error = NotNow;

        fn seats(&self) -> usize {
            2
        }
        fn actor(&self) -> Actor {
            if self.left == 0 {
                Actor::Over
            } else {
                Actor::Seat(self.seat)
            }
        }
        fn legal_actions(&self, actions: &mut Vec<u32>) {
            actions.clear();
            actions.extend((1..=2).filter(|&take| take <= self.left));
        }
        fn apply<S: EventSink<()>>(&mut self, take: u32, _: &mut S) -> Result<(), NotNow> {
            if take == 0 || take > 2 || take > self.left {
                return Err(NotNow);
            }
            self.left -= take;
            if self.left > 0 {
                self.seat = 1 - self.seat;
            }
            Ok(())
        }
        fn sample_chance<R: Rng + ?Sized>(&self, _: &mut R) -> Result<(), NotNow> {
            Err(NotNow)
        }
        fn apply_chance<S: EventSink<()>>(&mut self, _: &(), _: &mut S) -> Result<(), NotNow> {
            Err(NotNow)
        }
        fn observe(&self, seat: Seat) -> Option<u32> {
            (seat < 2).then_some(self.left)
        }
        fn outcome(&self) -> Option<Outcome<std::convert::Infallible>> {
            (self.left == 0).then_some(Outcome::Winner { seat: self.seat })
        }
    }

    impl Determinize for Nim {
        type Seen = Nim;
        fn observer(seen: &Nim) -> Seat {
            seen.seat
        }
        fn world<R: Rng + ?Sized>(seen: &Nim, _: &mut R) -> Nim {
            seen.clone()
        }
    }

    fn choose(left: u32, seed: u64, iterations: u32) -> Option<u32> {
        let seen = Nim { left, seat: 0 };
        Search::<Nim>::new().choose(
            &seen,
            Budget::Iterations(iterations),
            seed,
            &mut RandomRollout,
        )
    }

    #[test]
    fn the_search_finds_nims_winning_moves() {
        // Leave a multiple of 3: from 4, 7 or 10 take 1; from 5, 8 or 11 take 2.
        for seed in 0..5 {
            for (left, take) in [(4, 1), (5, 2), (7, 1), (8, 2), (10, 1), (11, 2)] {
                assert_eq!(
                    choose(left, seed, 2000),
                    Some(take),
                    "{left} left, seed {seed}"
                );
            }
        }
    }

    #[test]
    fn one_legal_action_is_taken_without_a_search_and_an_ended_game_has_none() {
        let mut search = Search::<Nim>::new();
        let seen = Nim { left: 1, seat: 1 };
        let got = search.choose(&seen, Budget::Iterations(100), 0, &mut RandomRollout);
        assert_eq!((got, search.stats().iterations), (Some(1), 0));
        let over = Nim { left: 0, seat: 1 };
        assert_eq!(
            search.choose(&over, Budget::Millis(1), 0, &mut RandomRollout),
            None
        );
    }

    #[test]
    fn a_seed_decides_and_the_tree_is_reused() {
        let mut search = Search::<Nim>::new();
        let seen = Nim { left: 30, seat: 0 };
        let first = search.choose(&seen, Budget::Iterations(300), 9, &mut RandomRollout);
        let stats = search.stats();
        assert_eq!(stats.iterations, 300);
        // One node per iteration at most, plus the root.
        assert!(stats.nodes <= 301 && stats.nodes > 30, "{stats:?}");
        let capacity = search.nodes.capacity();
        let again = search.choose(&seen, Budget::Iterations(300), 9, &mut RandomRollout);
        assert_eq!((again, search.stats()), (first, stats));
        assert_eq!(search.nodes.capacity(), capacity);
        let mut ignore = Ignore;
        let mut game = seen.clone();
        assert!(game.apply(first.unwrap_or(0), &mut ignore).is_ok());
    }

    #[test]
    fn rewards_are_the_movers() {
        let won: Outcome<()> = Outcome::Winner { seat: 1 };
        assert_eq!(reward(Some(&won), 1, 2), 1.0);
        assert_eq!(reward(Some(&won), 0, 2), 0.0);
        assert_eq!(reward(Some(&Outcome::NoWinner { reason: () }), 0, 2), 0.5);
        assert_eq!(reward(Some(&Outcome::NoWinner { reason: () }), 3, 4), 0.25);
        assert_eq!(reward::<()>(None, 0, 2), 0.5);
    }
}
