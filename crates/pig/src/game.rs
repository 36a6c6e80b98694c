//! The rules as a pure state machine: [`Game`], the game as a [`GameState`] of the
//! workspace's protocol: a player's action ([`Action::Roll`] or [`Action::Hold`]), the
//! throw of the dice as an explicit chance outcome, and what happened as [`Event`]s.

use cards_core::protocol::{self, Actor, EventSink, GameState, Ignore, Seat};
use rand::Rng;

use crate::dice::Throw;
use crate::error::Refusal;
use crate::player::{PigPlayer, StrategySpec};
use crate::rules::Rules;

/// What the player to act may do: the protocol's action.
///
/// Its serde shape is the web page's action object, `{"type": "roll"}` or
/// `{"type": "hold"}`, so that a front reads a page's action with serde alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Throw the dice (again): chance then decides what they show.
    Roll,
    /// Bank the turn's points and pass the dice.
    Hold,
}

impl Action {
    /// The legal actions at a player's turn, in the order
    /// [`GameState::legal_actions`] gives them: roll, then hold. Both are legal at every
    /// turn, holding with no points in the turn included (it passes the dice).
    pub const ALL: [Action; 2] = [Action::Roll, Action::Hold];
}

/// What a roll did to the turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RollEffect {
    /// The points were added; the same player decides again.
    Scored,
    /// Snake eyes (a 1 in classic Pig): the turn's points are lost and the turn is over.
    Busted,
    /// Banked plus turn points reached the goal: the roller has won, mid-turn.
    Won,
}

/// What happened: the protocol's event, one per roll of the dice or hold, and the end of
/// the game. (Deciding to roll reports nothing: the roll's event comes with what the dice
/// show.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// The dice were rolled.
    Rolled {
        /// Who rolled (0 moves first).
        seat: Seat,
        /// What the dice showed.
        throw: Throw,
        /// The roll's points (0 for a bust).
        roll_points: u32,
        /// The turn's points after the roll.
        turn_points: u32,
        /// Banked plus turn points after the roll.
        total: u32,
        /// Whether the turn goes on.
        effect: RollEffect,
    },
    /// The player held.
    Held {
        /// Who held.
        seat: Seat,
        /// The banked total after holding.
        total: u32,
    },
    /// The game is over: the last event of the step that ended it (the roll that
    /// reached the goal).
    GameOver {
        /// How it ended: always a winner in Pig.
        outcome: Outcome,
    },
}

impl Event {
    /// Whether the event ended the turn (a hold, a bust, a win or the end of the game).
    pub const fn ends_turn(&self) -> bool {
        !matches!(
            self,
            Event::Rolled {
                effect: RollEffect::Scored,
                ..
            }
        )
    }
}

/// What a player sees: the protocol's observation, and all a strategy needs. Everything
/// in Pig is public, so every seat sees the same scores; only the point of view differs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Observation {
    /// The points needed to win.
    pub goal: u32,
    /// The seat's banked points.
    pub my_score: u32,
    /// The other seat's banked points.
    pub opponent_score: u32,
    /// The points of the turn being played (the other seat's, when it is not this
    /// seat's turn).
    pub turn_points: u32,
    /// Whether the turn being played is this seat's.
    pub my_turn: bool,
}

/// A game of Pig between two players: the assignment's `PigGame` without its console.
///
/// As a [`GameState`]: the player to act ([`Actor::Seat`]) chooses [`Action::Roll`] or
/// [`Action::Hold`]; after a roll the game is at a chance node ([`Actor::Chance`]) whose
/// outcome is the [`Throw`]; once a player reaches the goal it is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Game {
    rules: Rules,
    players: [PigPlayer; 2],
    current: usize,
    turns: u32,
    rolling: bool,
    winner: Option<usize>,
    // Who plays, for the fronts ([`crate::face`]): the rules never read these, but a
    // front rebuilds the game from its setup, so the game carries the whole of it.
    computer: Option<StrategySpec>,
    person: Option<Seat>,
}

impl Game {
    /// A new game: `players[0]` moves first; the first to the rules' goal wins.
    pub fn new(rules: Rules, players: [PigPlayer; 2]) -> Game {
        Game {
            rules,
            players,
            current: 0,
            turns: 0,
            rolling: false,
            winner: None,
            computer: None,
            person: None,
        }
    }

    /// The same game with the Computer (seat 1) named as `computer` plays (`None`: not
    /// named, as in a recording, which holds every seat's actions instead).
    pub const fn with_computer(mut self, computer: Option<StrategySpec>) -> Game {
        self.computer = computer;
        self
    }

    /// The same game with a person at `person` (`None`: nobody).
    pub const fn with_person(mut self, person: Option<Seat>) -> Game {
        self.person = person;
        self
    }

    /// How the Computer plays, if the game was set up naming it.
    pub const fn computer(&self) -> Option<StrategySpec> {
        self.computer
    }

    /// The seat a person plays, if one does.
    pub const fn person(&self) -> Option<Seat> {
        self.person
    }

    /// The rules.
    pub const fn rules(&self) -> Rules {
        self.rules
    }

    /// The points needed to win (the rules').
    pub const fn goal(&self) -> u32 {
        self.rules.goal()
    }

    /// The player whose turn it is (0 or 1); after the game, the winner.
    pub const fn current(&self) -> usize {
        self.current
    }

    /// A player: 0 moves first, 1 second.
    ///
    /// # Panics
    /// If `index` is not 0 or 1: a bug in the caller, never user input.
    pub const fn player(&self, index: usize) -> &PigPlayer {
        &self.players[index]
    }

    /// Turns begun so far, the one being played included (the winner's last turn counts).
    #[inline]
    pub const fn turns(&self) -> u32 {
        self.turns + if self.winner.is_some() { 0 } else { 1 }
    }

    /// `restart()`: back to before the first roll, for the next game: the same players
    /// (with no points), rules and goal.
    #[inline]
    pub fn restart(&mut self) {
        let players = self.players.map(|player| PigPlayer::new(player.name()));
        *self = Game::new(self.rules, players)
            .with_computer(self.computer)
            .with_person(self.person);
    }

    #[inline]
    fn pass(&mut self) {
        self.current = 1 - self.current;
        self.turns += 1;
    }

    /// Banks the turn's points of the player to act and passes the dice.
    #[inline]
    fn hold(&mut self, events: &mut impl EventSink<Event>) {
        let player = self.current;
        let me = &mut self.players[player];
        me.hold();
        let total = me.total();
        self.pass();
        events.push(Event::Held {
            seat: player,
            total,
        });
    }

    /// Scores a throw known to be of the game's dice for the player who rolled.
    #[inline]
    fn score(&mut self, throw: Throw, events: &mut impl EventSink<Event>) {
        self.rolling = false;

        let player = self.current;
        let goal = self.rules.goal();
        let me = &mut self.players[player];
        let roll_points = me.roll(throw);
        let (turn_points, total) = (me.turn_points(), me.total());
        // A roll takes no points only when it busts (`Score::Points` is never 0): the
        // throw was scored once, by the player.
        let effect = if roll_points == 0 {
            self.pass();
            RollEffect::Busted
        } else if me.has_won(goal) {
            self.winner = Some(player);
            self.turns += 1;
            RollEffect::Won
        } else {
            RollEffect::Scored
        };
        events.push(Event::Rolled {
            seat: player,
            throw,
            roll_points,
            turn_points,
            total,
            effect,
        });
        if effect == RollEffect::Won {
            events.push(Event::GameOver {
                outcome: Outcome::Winner { seat: player },
            });
        }
    }
}

impl GameState for Game {
    type Action = Action;
    type Chance = Throw;
    type Event = Event;
    type Observation<'a> = Observation;
    /// Somebody always reaches the goal: a game of Pig cannot end without a winner.
    type NoWinner = NoWinner;
    type Error = Refusal;

    fn seats(&self) -> usize {
        2
    }

    #[inline]
    fn actor(&self) -> Actor {
        match (self.winner, self.rolling) {
            (Some(_), _) => Actor::Over,
            (None, true) => Actor::Chance,
            (None, false) => Actor::Seat(self.current),
        }
    }

    /// Roll, then hold ([`Action::ALL`]) at a player's turn; nothing while the dice roll
    /// or once the game is over.
    fn legal_actions(&self, actions: &mut Vec<Action>) {
        actions.clear();
        if let Actor::Seat(_) = self.actor() {
            actions.extend_from_slice(&Action::ALL);
        }
    }

    /// A hold banks the turn's points and passes the dice (event [`Event::Held`]); a
    /// roll sets the dice rolling (no event yet: see
    /// [`apply_chance`](GameState::apply_chance)).
    fn apply<S: EventSink<Event>>(
        &mut self,
        action: Action,
        events: &mut S,
    ) -> Result<(), Refusal> {
        match self.actor() {
            Actor::Over => return Err(Refusal::GameOver),
            Actor::Chance => return Err(Refusal::DiceRolling),
            Actor::Seat(_) => {}
        }
        match action {
            Action::Roll => self.rolling = true,
            Action::Hold => self.hold(events),
        }
        Ok(())
    }

    /// The quiet path (the simulator's): the action of a trusted agent is carried out
    /// without the checks of [`apply`](GameState::apply), and a roll is thrown and scored
    /// at once, from `rng` as [`sample_chance`](GameState::sample_chance) draws it, in
    /// one step instead of two (the decision, then chance). No event is built.
    #[inline]
    fn apply_trusted<R: Rng + ?Sized>(
        &mut self,
        seat: Seat,
        action: Action,
        rng: &mut R,
    ) -> Result<Actor, Refusal> {
        // The roll and the hold are the current player's, as in `apply`: the seat is
        // only checked.
        debug_assert_eq!(
            self.actor(),
            Actor::Seat(seat),
            "{action:?} trusted for seat {seat} out of its turn"
        );
        match action {
            Action::Roll => self.score(self.rules.throw(rng), &mut Ignore),
            Action::Hold => self.hold(&mut Ignore),
        }
        Ok(self.actor())
    }

    /// The throw of the rules' dice ([`Rules::throw`]): two dice from one draw, or
    /// classic Pig's one die.
    fn sample_chance<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<Throw, Refusal> {
        match self.actor() {
            Actor::Chance => Ok(self.rules.throw(rng)),
            Actor::Over => Err(Refusal::GameOver),
            Actor::Seat(_) => Err(Refusal::NoRoll),
        }
    }

    /// Scores the throw for the player who rolled: the points join the turn's, or snake
    /// eyes (a 1 in classic Pig) lose them and pass the dice; reaching the goal wins at
    /// once. Refuses a throw of the other rules' dice, or a die that is no face.
    fn apply_chance<S: EventSink<Event>>(
        &mut self,
        throw: &Throw,
        events: &mut S,
    ) -> Result<(), Refusal> {
        match self.actor() {
            Actor::Over => return Err(Refusal::GameOver),
            Actor::Seat(_) => return Err(Refusal::NoRoll),
            Actor::Chance => {}
        }
        let throw = *throw;
        if throw.variant() != self.rules.variant() {
            return Err(Refusal::WrongDice {
                thrown: throw.variant(),
                game: self.rules.variant(),
            });
        }
        match throw {
            Throw::Single(face) if !throw.is_possible() => return Err(Refusal::NotAFace(face)),
            _ => {}
        }
        self.score(throw, events);
        Ok(())
    }

    /// The scores as `seat` sees them: everything in Pig is public.
    #[inline]
    fn observe(&self, seat: Seat) -> Option<Observation> {
        let other = match seat {
            0 => 1,
            1 => 0,
            _ => return None,
        };
        Some(Observation {
            goal: self.rules.goal(),
            my_score: self.players[seat].banked(),
            opponent_score: self.players[other].banked(),
            turn_points: self.players[self.current].turn_points(),
            my_turn: self.current == seat && self.winner.is_none(),
        })
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        self.winner.map(|seat| Outcome::Winner { seat })
    }
}

/// Why a game of Pig ends without a winner: it never does (somebody always reaches the
/// goal), so there is no reason to give.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NoWinner {}

/// How a game of Pig ends: always [`Outcome::Winner`](protocol::Outcome::Winner).
pub type Outcome = protocol::Outcome<NoWinner>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::PigDice;
    use crate::rules::Variant;
    use cards_core::rng::{below, rng_from_seed};
    use pretty_assertions::assert_eq;

    fn pair(a: u8, b: u8) -> Throw {
        Throw::Pair(PigDice::new(a, b).unwrap_or_else(|| panic!("({a},{b})")))
    }

    fn game(variant: Variant, goal: u32) -> Game {
        let rules = Rules::new(variant).with_goal(goal).unwrap();
        Game::new(rules, [PigPlayer::new("A"), PigPlayer::new("B")])
    }

    /// A step of a test: a decision, or a roll (decided, then thrown).
    #[derive(Clone, Copy, Debug)]
    enum Play {
        Hold,
        Roll(Throw),
    }

    fn roll(a: u8, b: u8) -> Play {
        Play::Roll(pair(a, b))
    }

    /// Plays `steps` (each must be accepted) and returns their events.
    fn play(state: &mut Game, steps: &[Play]) -> Vec<Event> {
        let mut events = Vec::new();
        for &step in steps {
            let done = match step {
                Play::Hold => state.apply(Action::Hold, &mut events),
                Play::Roll(throw) => state
                    .apply(Action::Roll, &mut events)
                    .and_then(|()| state.apply_chance(&throw, &mut events)),
            };
            done.unwrap_or_else(|e| panic!("{step:?}: {e}"));
        }
        events
    }

    /// Checks that `attempt` is refused with `error`, changing nothing and reporting
    /// nothing.
    fn refused(
        state: &mut Game,
        error: Refusal,
        attempt: impl FnOnce(&mut Game, &mut Vec<Event>) -> Result<(), Refusal>,
    ) {
        let before = *state;
        let mut events = Vec::new();
        assert_eq!(attempt(state, &mut events), Err(error));
        assert_eq!((*state, events), (before, Vec::new()));
    }

    #[test]
    fn the_assignments_example_roll() {
        // 10 banked, 3 in the turn, then (2,2): 8 points, 11 in the turn, 21 in all.
        let mut state = game(Variant::TwoDice, 100);
        play(
            &mut state,
            &[roll(4, 6), Play::Hold, roll(1, 2), Play::Hold],
        );
        play(&mut state, &[roll(1, 2)]);
        assert_eq!(state.current(), 0);
        assert_eq!(
            play(&mut state, &[roll(2, 2)]),
            vec![Event::Rolled {
                seat: 0,
                throw: pair(2, 2),
                roll_points: 8,
                turn_points: 11,
                total: 21,
                effect: RollEffect::Scored,
            }]
        );
    }

    /// Rolling is two steps: the player decides (no event; chance acts next), then the
    /// throw is applied. Worked by hand, to 40: A throws (4,6) for 10 and (2,2), doubles,
    /// for 2·4 = 8, holds 18; B throws (5,5) for 2·10 = 20, then snake eyes: the turn's 20
    /// are lost and B keeps 0; A throws (6,6) for 24: 18 + 24 = 42 reaches 40 and wins
    /// mid-turn.
    #[test]
    fn a_roll_is_a_decision_then_a_chance_outcome() {
        let mut state = game(Variant::TwoDice, 40);
        let mut events = Vec::new();
        assert_eq!(state.actor(), Actor::Seat(0));
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        assert_eq!(legal, [Action::Roll, Action::Hold]);

        assert_eq!(state.apply(Action::Roll, &mut events), Ok(()));
        assert_eq!((state.actor(), events.len()), (Actor::Chance, 0));
        state.legal_actions(&mut legal);
        assert_eq!(legal, []);

        state.apply_chance(&pair(4, 6), &mut events).unwrap();
        events.extend(play(&mut state, &[roll(2, 2), Play::Hold]));
        let totals: Vec<(usize, u32)> = events
            .iter()
            .map(|e| match *e {
                Event::Rolled { seat, total, .. } | Event::Held { seat, total } => (seat, total),
                Event::GameOver { .. } => panic!("the game is not over: {e:?}"),
            })
            .collect();
        assert_eq!(totals, [(0, 10), (0, 18), (0, 18)]);
        assert_eq!(state.actor(), Actor::Seat(1));

        let events = play(&mut state, &[roll(5, 5), roll(1, 1)]);
        assert_eq!(
            events[1],
            Event::Rolled {
                seat: 1,
                throw: pair(1, 1),
                roll_points: 0,
                turn_points: 0,
                total: 0,
                effect: RollEffect::Busted,
            }
        );
        assert!(matches!(
            events[0],
            Event::Rolled {
                roll_points: 20,
                turn_points: 20,
                ..
            }
        ));
        assert_eq!((state.actor(), state.turns()), (Actor::Seat(0), 3));

        // The win is told by the roll, then the end by one GameOver, the step's last.
        let events = play(&mut state, &[roll(6, 6)]);
        assert!(matches!(
            events[..],
            [
                Event::Rolled {
                    seat: 0,
                    roll_points: 24,
                    turn_points: 24,
                    total: 42,
                    effect: RollEffect::Won,
                    ..
                },
                Event::GameOver {
                    outcome: Outcome::Winner { seat: 0 }
                }
            ]
        ));
        assert_eq!(state.actor(), Actor::Over);
        assert_eq!(state.outcome(), Some(Outcome::Winner { seat: 0 }));
        assert_eq!(state.turns(), 3);
    }

    #[test]
    fn chance_and_players_each_act_only_in_their_turn() {
        let mut state = game(Variant::TwoDice, 100);
        // At a player's turn chance has nothing to throw.
        refused(&mut state, Refusal::NoRoll, |s, e| {
            s.apply_chance(&pair(3, 4), e)
        });
        assert_eq!(
            state.sample_chance(&mut rng_from_seed(1)),
            Err(Refusal::NoRoll)
        );
        // While the dice roll no player acts.
        state.apply(Action::Roll, &mut Vec::new()).unwrap();
        refused(&mut state, Refusal::DiceRolling, |s, e| {
            s.apply(Action::Hold, e)
        });
        refused(&mut state, Refusal::DiceRolling, |s, e| {
            s.apply(Action::Roll, e)
        });
    }

    #[test]
    fn impossible_throws_are_refused() {
        let mut seed = game(Variant::TwoDice, 100);
        seed.apply(Action::Roll, &mut Vec::new()).unwrap();
        let wrong = Refusal::WrongDice {
            thrown: Variant::Classic,
            game: Variant::TwoDice,
        };
        refused(&mut seed, wrong, |s, e| {
            s.apply_chance(&Throw::Single(3), e)
        });

        let mut classic = game(Variant::Classic, 100);
        classic.apply(Action::Roll, &mut Vec::new()).unwrap();
        for face in [0, 7] {
            refused(&mut classic, Refusal::NotAFace(face), |s, e| {
                s.apply_chance(&Throw::Single(face), e)
            });
        }
        let wrong = Refusal::WrongDice {
            thrown: Variant::TwoDice,
            game: Variant::Classic,
        };
        refused(&mut classic, wrong, |s, e| s.apply_chance(&pair(2, 3), e));
    }

    /// The chance node draws what the seeded dice always drew: two dice from one draw,
    /// `below(rng, 36)` = 6 × (die1 − 1) + (die2 − 1), or one die, `below(rng, 6) + 1`
    /// (classic Pig); sampling changes nothing.
    #[test]
    fn sampling_draws_the_dice_in_order() {
        for seed in 0..20 {
            let pair_drawn = below(&mut rng_from_seed(seed), 36) as u8;
            let (die1, die2) = (pair_drawn / 6 + 1, pair_drawn % 6 + 1);
            let single = below(&mut rng_from_seed(seed), 6) as u8 + 1;
            let mut state = game(Variant::TwoDice, 100);
            state.apply(Action::Roll, &mut Vec::new()).unwrap();
            let before = state;
            assert_eq!(
                state.sample_chance(&mut rng_from_seed(seed)),
                Ok(pair(die1, die2))
            );
            assert_eq!(state, before);

            let mut state = game(Variant::Classic, 100);
            state.apply(Action::Roll, &mut Vec::new()).unwrap();
            assert_eq!(
                state.sample_chance(&mut rng_from_seed(seed)),
                Ok(Throw::Single(single))
            );
        }
    }

    #[test]
    fn holding_at_zero_passes() {
        let mut state = game(Variant::TwoDice, 100);
        assert_eq!(
            play(&mut state, &[Play::Hold]),
            vec![Event::Held { seat: 0, total: 0 }]
        );
        assert_eq!(state.actor(), Actor::Seat(1));
    }

    #[test]
    fn reaching_the_goal_wins_mid_turn() {
        let mut state = game(Variant::TwoDice, 30);
        let events = play(&mut state, &[roll(6, 6), roll(3, 4)]);
        assert!(events[1].ends_turn());
        assert!(matches!(
            events[1],
            Event::Rolled {
                effect: RollEffect::Won,
                total: 31,
                ..
            }
        ));
        assert_eq!(state.outcome(), Some(Outcome::Winner { seat: 0 }));
        assert_eq!(state.turns(), 1);
        let mut legal = vec![Action::Roll];
        state.legal_actions(&mut legal);
        assert_eq!(legal, []);
        refused(&mut state, Refusal::GameOver, |s, e| {
            s.apply(Action::Hold, e)
        });
        refused(&mut state, Refusal::GameOver, |s, e| {
            s.apply_chance(&pair(2, 2), e)
        });
        assert_eq!(
            state.sample_chance(&mut rng_from_seed(1)),
            Err(Refusal::GameOver)
        );
    }

    /// Classic Pig by hand: a 6 scores 6, then a 1 loses the turn's 6 and passes.
    #[test]
    fn classic_rules() {
        let mut state = game(Variant::Classic, 100);
        let events = play(
            &mut state,
            &[Play::Roll(Throw::Single(6)), Play::Roll(Throw::Single(1))],
        );
        assert!(matches!(
            events[0],
            Event::Rolled {
                roll_points: 6,
                turn_points: 6,
                ..
            }
        ));
        assert!(matches!(
            events[1],
            Event::Rolled {
                effect: RollEffect::Busted,
                turn_points: 0,
                total: 0,
                ..
            }
        ));
        assert_eq!(state.actor(), Actor::Seat(1));
    }

    /// Both seats see the same public scores, each from its side.
    #[test]
    fn observations_are_public() {
        let mut state = game(Variant::TwoDice, 100);
        play(&mut state, &[roll(3, 4), Play::Hold, roll(2, 6)]);
        let b_sees = Observation {
            goal: 100,
            my_score: 0,
            opponent_score: 7,
            turn_points: 8,
            my_turn: true,
        };
        assert_eq!(state.observe(1), Some(b_sees));
        assert_eq!(
            state.observe(0),
            Some(Observation {
                my_score: 7,
                opponent_score: 0,
                my_turn: false,
                ..b_sees
            })
        );
        assert_eq!(state.observe(2), None);
    }

    /// A generator that gives these numbers, in order: the pair of dice `index`
    /// (`6·(die1 − 1) + (die2 − 1)`) is drawn by `below(36)` from the middle of its
    /// 36th of the `u64`s, `(2·index + 1)·2^64 / 72`.
    struct Draws(Vec<u64>);

    impl Draws {
        fn pairs(dice: &[(u64, u64)]) -> Draws {
            let index = |&(a, b): &(u64, u64)| 6 * (a - 1) + (b - 1);
            let middle = |i: u64| (((2 * i + 1) as u128) << 64) / 72;
            Draws(dice.iter().map(|d| middle(index(d)) as u64).collect())
        }
    }

    impl rand::TryRng for Draws {
        type Error = std::convert::Infallible;
        fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
            unreachable!("the dice draw u64s")
        }
        fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
            Ok(self.0.remove(0))
        }
        fn try_fill_bytes(&mut self, _: &mut [u8]) -> Result<(), Self::Error> {
            unreachable!("the dice draw u64s")
        }
    }

    /// The quiet path by hand, to 40: each trusted roll is thrown at once and the next
    /// actor said. A throws (6,6), 2·12 = 24, and (3,3), 2·6 = 12, and holds 36; B
    /// throws snake eyes and loses the turn; A throws (2,2), 2·4 = 8: 36 + 8 = 44
    /// reaches 40 and wins mid-turn, in the third turn.
    #[test]
    fn the_quiet_path_rolls_and_throws_in_one_step() {
        let mut state = game(Variant::TwoDice, 40);
        let mut dice = Draws::pairs(&[(6, 6), (3, 3), (1, 1), (2, 2)]);
        let mut step = |seat, action| state.apply_trusted(seat, action, &mut dice);
        assert_eq!(step(0, Action::Roll), Ok(Actor::Seat(0)));
        assert_eq!(step(0, Action::Roll), Ok(Actor::Seat(0)));
        assert_eq!(step(0, Action::Hold), Ok(Actor::Seat(1)));
        assert_eq!(step(1, Action::Roll), Ok(Actor::Seat(0)));
        assert_eq!(step(0, Action::Roll), Ok(Actor::Over));
        assert_eq!(state.outcome(), Some(Outcome::Winner { seat: 0 }));
        assert_eq!((state.player(0).total(), state.player(1).total()), (44, 0));
        assert_eq!(state.turns(), 3);
        // The same throws, drawn again, are what the checked path's chance node samples.
        let mut checked = game(Variant::TwoDice, 40);
        checked.apply(Action::Roll, &mut Vec::new()).unwrap();
        let drawn = checked.sample_chance(&mut Draws::pairs(&[(6, 6)]));
        assert_eq!(drawn, Ok(pair(6, 6)));
    }

    /// `restart` is the game before its first roll, the same players and rules.
    #[test]
    fn restart_is_a_new_game() {
        let mut state = game(Variant::Classic, 30);
        play(&mut state, &[Play::Roll(Throw::Single(6)), Play::Hold]);
        state.restart();
        assert_eq!(state, game(Variant::Classic, 30));
    }
}
