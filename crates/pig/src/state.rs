//! The rules as a pure state machine: the assignment's `PigPlayer`, and [`PigState`], the
//! game as a [`GameState`] of the workspace's protocol: a player's action
//! ([`Action::Roll`] or [`Action::Hold`]), the throw of the dice as an explicit chance
//! outcome, and what happened as [`Event`]s.

use std::convert::Infallible;

use cards_core::protocol::EventSink;
#[cfg(feature = "conformance")]
use cards_core::protocol::conformance::Audit;
use cards_core::protocol::{Actor, GameState, Outcome, Seat};
use rand::Rng;

#[cfg(feature = "conformance")]
use crate::dice::PigDice;
use crate::dice::{Rules, Score, Throw};

/// The assignment's goal: the first player to 100 points wins.
pub const DEFAULT_GOAL: u32 = 100;

/// The assignment's `PigPlayer`: a name, the points banked in earlier turns, and the
/// points of the turn being played.
///
/// Java's `PigPlayer` owned its `PigDice`; here [`PigPlayer::roll`] takes the throw, so
/// the same player serves seeded games, dice files, tests and the solver's rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PigPlayer {
    name: &'static str,
    banked: u32,
    turn_points: u32,
}

impl PigPlayer {
    /// A player with no points.
    pub const fn new(name: &'static str) -> PigPlayer {
        PigPlayer {
            name,
            banked: 0,
            turn_points: 0,
        }
    }

    /// `getName()`.
    pub const fn name(&self) -> &'static str {
        self.name
    }

    /// The points banked by holding in earlier turns.
    pub const fn banked(&self) -> u32 {
        self.banked
    }

    /// `getTurnPoints()`: the points of the turn being played.
    pub const fn turn_points(&self) -> u32 {
        self.turn_points
    }

    /// `getTotalPoints()`: banked plus turn points, the `Total Points` of every line.
    pub const fn total(&self) -> u32 {
        self.banked + self.turn_points
    }

    /// `roll()`: adds a roll's points to the turn, or loses the turn's points on a bust.
    /// Returns the roll's points (0 for a bust).
    pub fn roll(&mut self, throw: Throw) -> u32 {
        match throw.score() {
            Score::Points(points) => {
                self.turn_points += points;
                points
            }
            Score::Bust => {
                self.turn_points = 0;
                0
            }
        }
    }

    /// `hold()`: banks the turn's points.
    pub fn hold(&mut self) {
        self.banked += self.turn_points;
        self.turn_points = 0;
    }

    /// `hasWon()`: banked plus turn points reach the goal.
    pub const fn has_won(&self, goal: u32) -> bool {
        self.total() >= goal
    }
}

/// What the player to act may do: the protocol's action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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

/// What happened: the protocol's event, one per roll of the dice or hold. (Deciding to
/// roll reports nothing: the roll's event comes with what the dice show.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// The dice were rolled.
    Rolled {
        /// Who rolled (0 moves first).
        player: usize,
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
        player: usize,
        /// The banked total after holding.
        total: u32,
    },
}

impl Event {
    /// Whether the event ended the turn (a hold, a bust or a win).
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

/// Why an action or a throw was refused; nothing changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// The game has a winner already.
    #[error("the game is over")]
    GameOver,
    /// The dice are rolling: chance acts now, not a player.
    #[error("the dice are rolling: no player acts until they show a throw")]
    DiceRolling,
    /// No dice are rolling: a player decides now, not chance.
    #[error("no dice are rolling: the player to act must roll first")]
    NoRoll,
    /// The dice are not those of the game's rules.
    #[error("a {thrown} throw in a game with {game} rules")]
    WrongDice {
        /// The rules the throw belongs to.
        thrown: Rules,
        /// The game's rules.
        game: Rules,
    },
    /// A die that shows no face of a die.
    #[error("a die shows 1 to 6, not {0}")]
    NotAFace(u8),
}

/// What a player sees: the protocol's observation, and all a strategy needs. Everything
/// in Pig is public, so every seat sees the same scores; only the point of view differs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TurnView {
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
pub struct PigState {
    rules: Rules,
    goal: u32,
    players: [PigPlayer; 2],
    current: usize,
    turns: u32,
    rolling: bool,
    winner: Option<usize>,
}

impl PigState {
    /// A new game: `players[0]` moves first; the first to `goal` points wins (a goal of
    /// 0 is taken as 1: somebody must roll).
    pub fn new(rules: Rules, goal: u32, players: [PigPlayer; 2]) -> PigState {
        PigState {
            rules,
            goal: goal.max(1),
            players,
            current: 0,
            turns: 0,
            rolling: false,
            winner: None,
        }
    }

    /// The rules.
    pub const fn rules(&self) -> Rules {
        self.rules
    }

    /// The points needed to win.
    pub const fn goal(&self) -> u32 {
        self.goal
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
    pub const fn turns(&self) -> u32 {
        self.turns + if self.winner.is_some() { 0 } else { 1 }
    }

    fn pass(&mut self) {
        self.current = 1 - self.current;
        self.turns += 1;
    }
}

impl PigState {
    /// Scores a throw known to be of the game's dice for the player who rolled.
    fn score(&mut self, throw: Throw, events: &mut impl EventSink<Event>) {
        self.rolling = false;

        let player = self.current;
        let goal = self.goal;
        let me = &mut self.players[player];
        let roll_points = me.roll(throw);
        let (turn_points, total) = (me.turn_points(), me.total());
        let effect = if throw.score() == Score::Bust {
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
            player,
            throw,
            roll_points,
            turn_points,
            total,
            effect,
        });
    }
}

impl GameState for PigState {
    type Action = Action;
    type Chance = Throw;
    type Event = Event;
    type Observation<'a> = TurnView;
    /// Somebody always reaches the goal: a game of Pig cannot end without a winner.
    type NoWinner = Infallible;
    type Error = RuleError;

    fn seats(&self) -> usize {
        2
    }

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
    ) -> Result<(), RuleError> {
        match self.actor() {
            Actor::Over => return Err(RuleError::GameOver),
            Actor::Chance => return Err(RuleError::DiceRolling),
            Actor::Seat(_) => {}
        }
        match action {
            Action::Roll => self.rolling = true,
            Action::Hold => {
                let player = self.current;
                let me = &mut self.players[player];
                me.hold();
                let total = me.total();
                self.pass();
                events.push(Event::Held { player, total });
            }
        }
        Ok(())
    }

    /// The throw of the rules' dice ([`Rules::throw`]): two dice from one draw, or
    /// classic Pig's one die.
    fn sample_chance<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<Throw, RuleError> {
        match self.actor() {
            Actor::Chance => Ok(self.rules.throw(rng)),
            Actor::Over => Err(RuleError::GameOver),
            Actor::Seat(_) => Err(RuleError::NoRoll),
        }
    }

    /// Scores the throw for the player who rolled: the points join the turn's, or snake
    /// eyes (a 1 in classic Pig) lose them and pass the dice; reaching the goal wins at
    /// once. Refuses a throw of the other rules' dice, or a die that is no face.
    fn apply_chance<S: EventSink<Event>>(
        &mut self,
        throw: &Throw,
        events: &mut S,
    ) -> Result<(), RuleError> {
        match self.actor() {
            Actor::Over => return Err(RuleError::GameOver),
            Actor::Seat(_) => return Err(RuleError::NoRoll),
            Actor::Chance => {}
        }
        let throw = *throw;
        if throw.rules() != self.rules {
            return Err(RuleError::WrongDice {
                thrown: throw.rules(),
                game: self.rules,
            });
        }
        match throw {
            Throw::Single(face) if !throw.is_possible() => return Err(RuleError::NotAFace(face)),
            _ => {}
        }
        self.score(throw, events);
        Ok(())
    }

    /// A throw of the game's own dice needs no check (the simulator's path, once a
    /// roll).
    fn apply_sampled_chance<R: Rng + ?Sized, S: EventSink<Event>>(
        &mut self,
        rng: &mut R,
        events: &mut S,
    ) -> Result<(), RuleError> {
        let throw = self.sample_chance(rng)?;
        self.score(throw, events);
        Ok(())
    }

    /// The scores as `seat` sees them: everything in Pig is public.
    fn observe(&self, seat: Seat) -> Option<TurnView> {
        let other = match seat {
            0 => 1,
            1 => 0,
            _ => return None,
        };
        Some(TurnView {
            goal: self.goal,
            my_score: self.players[seat].banked,
            opponent_score: self.players[other].banked,
            turn_points: self.players[self.current].turn_points,
            my_turn: self.current == seat && self.winner.is_none(),
        })
    }

    fn outcome(&self) -> Option<Outcome<Infallible>> {
        self.winner.map(|seat| Outcome::Winner { seat })
    }
}

/// The rules checked step by step for the protocol's conformance check, from the dice's
/// faces and the assignment's scoring, not from the code that plays them.
#[cfg(feature = "conformance")]
impl Audit for PigState {
    /// Points move exactly as the event says: a roll adds its points to the turn (the
    /// sum of the dice, twice the sum for doubles, the face of classic Pig's die), snake
    /// eyes (a 1) clear the turn's points and pass the dice, reaching the goal wins, a
    /// hold banks the turn's points and passes; a decision to roll moves nothing; the
    /// other player's points never move.
    fn audit(&self, before: &PigState, events: &[Event]) -> Result<(), String> {
        if (self.rules, self.goal) != (before.rules, before.goal) {
            return Err("the rules or the goal changed".into());
        }
        let mover = before.current;
        let other = [1, 0][mover];
        if self.players[other] != before.players[other] {
            return Err(format!("seat {other} did not act, but its points moved"));
        }
        let (was, now) = (before.players[mover], self.players[mover]);
        let expect = |ok: bool, what: &str| if ok { Ok(()) } else { Err(what.to_owned()) };
        match *events {
            [] => {
                expect(
                    before.actor() == Actor::Seat(mover) && self.actor() == Actor::Chance,
                    "a step without an event must be a decision to roll",
                )?;
                expect(
                    now == was && self.current == mover && self.turns == before.turns,
                    "deciding to roll moved points or passed the dice",
                )
            }
            [Event::Held { player, total }] => {
                expect(
                    before.actor() == Actor::Seat(mover) && player == mover,
                    "a hold by a player who was not to act",
                )?;
                expect(
                    now.banked == was.banked + was.turn_points
                        && now.turn_points == 0
                        && total == now.banked,
                    "a hold must bank exactly the turn's points",
                )?;
                expect(
                    self.actor() == Actor::Seat(other) && self.turns == before.turns + 1,
                    "a hold must pass the dice",
                )
            }
            [
                Event::Rolled {
                    player,
                    throw,
                    roll_points,
                    turn_points,
                    total,
                    effect,
                },
            ] => {
                expect(
                    before.actor() == Actor::Chance && player == mover,
                    "a roll that chance did not throw for the player to act",
                )?;
                expect(throw.rules() == self.rules, "a throw of the other rules")?;
                expect(now.banked == was.banked, "a roll moved banked points")?;
                expect(
                    total == now.banked + now.turn_points && turn_points == now.turn_points,
                    "the event's points are not the player's",
                )?;
                match points_by_hand(throw) {
                    None => {
                        expect(
                            roll_points == 0 && now.turn_points == 0,
                            "snake eyes must clear the turn's points",
                        )?;
                        expect(
                            effect == RollEffect::Busted
                                && self.actor() == Actor::Seat(other)
                                && self.turns == before.turns + 1,
                            "snake eyes must pass the dice",
                        )
                    }
                    Some(points) => {
                        expect(
                            roll_points == points && now.turn_points == was.turn_points + points,
                            "a roll must add its points to the turn",
                        )?;
                        if total >= self.goal {
                            expect(
                                effect == RollEffect::Won
                                    && self.outcome() == Some(Outcome::Winner { seat: mover }),
                                "reaching the goal must win at once",
                            )
                        } else {
                            expect(
                                effect == RollEffect::Scored
                                    && self.actor() == Actor::Seat(mover)
                                    && self.turns == before.turns,
                                "below the goal the roller decides again",
                            )
                        }
                    }
                }
            }
            _ => Err(format!(
                "{} events in one step: a step of Pig reports at most one",
                events.len()
            )),
        }
    }

    /// Nothing is illegal at a player's turn (holding at 0 included); any action is
    /// while the dice roll or once the game is over.
    fn illegal_actions(&self) -> Vec<Action> {
        match self.actor() {
            Actor::Seat(_) => Vec::new(),
            Actor::Chance | Actor::Over => Action::ALL.to_vec(),
        }
    }

    /// Dice of the other rule set, and a face no die has.
    fn impossible_chance(&self) -> Vec<Throw> {
        let other = match self.rules {
            Rules::TwoDice => Throw::Single(3),
            Rules::Classic => PigDice::new(3, 4).map_or(Throw::Single(7), Throw::Pair),
        };
        vec![other, Throw::Single(7)]
    }
}

/// A roll's points worked out from its faces as the assignment states the rules: the sum
/// of the dice, twice the sum for doubles, `None` for snake eyes; classic Pig's die its
/// face, `None` for a 1.
#[cfg(feature = "conformance")]
fn points_by_hand(throw: Throw) -> Option<u32> {
    match throw {
        Throw::Pair(dice) => {
            let (a, b) = (u32::from(dice.die1()), u32::from(dice.die2()));
            match (a, b) {
                (1, 1) => None,
                _ if a == b => Some(2 * (a + b)),
                _ => Some(a + b),
            }
        }
        Throw::Single(1) => None,
        Throw::Single(face) => Some(u32::from(face)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::PigDice;
    use cards_core::rng::{below, rng_from_seed};
    use pretty_assertions::assert_eq;

    fn pair(a: u8, b: u8) -> Throw {
        Throw::Pair(PigDice::new(a, b).unwrap_or_else(|| panic!("({a},{b})")))
    }

    fn game(rules: Rules, goal: u32) -> PigState {
        PigState::new(rules, goal, [PigPlayer::new("A"), PigPlayer::new("B")])
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
    fn play(state: &mut PigState, steps: &[Play]) -> Vec<Event> {
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
        state: &mut PigState,
        error: RuleError,
        attempt: impl FnOnce(&mut PigState, &mut Vec<Event>) -> Result<(), RuleError>,
    ) {
        let before = *state;
        let mut events = Vec::new();
        assert_eq!(attempt(state, &mut events), Err(error));
        assert_eq!((*state, events), (before, Vec::new()));
    }

    #[test]
    fn the_assignments_example_roll() {
        // 10 banked, 3 in the turn, then (2,2): 8 points, 11 in the turn, 21 in all.
        let mut state = game(Rules::TwoDice, 100);
        play(
            &mut state,
            &[roll(4, 6), Play::Hold, roll(1, 2), Play::Hold],
        );
        play(&mut state, &[roll(1, 2)]);
        assert_eq!(state.current(), 0);
        assert_eq!(
            play(&mut state, &[roll(2, 2)]),
            vec![Event::Rolled {
                player: 0,
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
        let mut state = game(Rules::TwoDice, 40);
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
                Event::Rolled { player, total, .. } | Event::Held { player, total } => {
                    (player, total)
                }
            })
            .collect();
        assert_eq!(totals, [(0, 10), (0, 18), (0, 18)]);
        assert_eq!(state.actor(), Actor::Seat(1));

        let events = play(&mut state, &[roll(5, 5), roll(1, 1)]);
        assert_eq!(
            events[1],
            Event::Rolled {
                player: 1,
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

        let events = play(&mut state, &[roll(6, 6)]);
        assert!(matches!(
            events[..],
            [Event::Rolled {
                player: 0,
                roll_points: 24,
                turn_points: 24,
                total: 42,
                effect: RollEffect::Won,
                ..
            }]
        ));
        assert_eq!(state.actor(), Actor::Over);
        assert_eq!(state.outcome(), Some(Outcome::Winner { seat: 0 }));
        assert_eq!(state.turns(), 3);
    }

    #[test]
    fn chance_and_players_each_act_only_in_their_turn() {
        let mut state = game(Rules::TwoDice, 100);
        // At a player's turn chance has nothing to throw.
        refused(&mut state, RuleError::NoRoll, |s, e| {
            s.apply_chance(&pair(3, 4), e)
        });
        assert_eq!(
            state.sample_chance(&mut rng_from_seed(1)),
            Err(RuleError::NoRoll)
        );
        // While the dice roll no player acts.
        state.apply(Action::Roll, &mut Vec::new()).unwrap();
        refused(&mut state, RuleError::DiceRolling, |s, e| {
            s.apply(Action::Hold, e)
        });
        refused(&mut state, RuleError::DiceRolling, |s, e| {
            s.apply(Action::Roll, e)
        });
    }

    #[test]
    fn impossible_throws_are_refused() {
        let mut seed = game(Rules::TwoDice, 100);
        seed.apply(Action::Roll, &mut Vec::new()).unwrap();
        let wrong = RuleError::WrongDice {
            thrown: Rules::Classic,
            game: Rules::TwoDice,
        };
        refused(&mut seed, wrong, |s, e| {
            s.apply_chance(&Throw::Single(3), e)
        });

        let mut classic = game(Rules::Classic, 100);
        classic.apply(Action::Roll, &mut Vec::new()).unwrap();
        for face in [0, 7] {
            refused(&mut classic, RuleError::NotAFace(face), |s, e| {
                s.apply_chance(&Throw::Single(face), e)
            });
        }
        let wrong = RuleError::WrongDice {
            thrown: Rules::TwoDice,
            game: Rules::Classic,
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
            let mut state = game(Rules::TwoDice, 100);
            state.apply(Action::Roll, &mut Vec::new()).unwrap();
            let before = state;
            assert_eq!(
                state.sample_chance(&mut rng_from_seed(seed)),
                Ok(pair(die1, die2))
            );
            assert_eq!(state, before);

            let mut state = game(Rules::Classic, 100);
            state.apply(Action::Roll, &mut Vec::new()).unwrap();
            assert_eq!(
                state.sample_chance(&mut rng_from_seed(seed)),
                Ok(Throw::Single(single))
            );
        }
    }

    #[test]
    fn holding_at_zero_passes() {
        let mut state = game(Rules::TwoDice, 100);
        assert_eq!(
            play(&mut state, &[Play::Hold]),
            vec![Event::Held {
                player: 0,
                total: 0
            }]
        );
        assert_eq!(state.actor(), Actor::Seat(1));
    }

    #[test]
    fn reaching_the_goal_wins_mid_turn() {
        let mut state = game(Rules::TwoDice, 30);
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
        refused(&mut state, RuleError::GameOver, |s, e| {
            s.apply(Action::Hold, e)
        });
        refused(&mut state, RuleError::GameOver, |s, e| {
            s.apply_chance(&pair(2, 2), e)
        });
        assert_eq!(
            state.sample_chance(&mut rng_from_seed(1)),
            Err(RuleError::GameOver)
        );
    }

    /// Classic Pig by hand: a 6 scores 6, then a 1 loses the turn's 6 and passes.
    #[test]
    fn classic_rules() {
        let mut state = game(Rules::Classic, 100);
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
        let mut state = game(Rules::TwoDice, 100);
        play(&mut state, &[roll(3, 4), Play::Hold, roll(2, 6)]);
        let b_sees = TurnView {
            goal: 100,
            my_score: 0,
            opponent_score: 7,
            turn_points: 8,
            my_turn: true,
        };
        assert_eq!(state.observe(1), Some(b_sees));
        assert_eq!(
            state.observe(0),
            Some(TurnView {
                my_score: 7,
                opponent_score: 0,
                my_turn: false,
                ..b_sees
            })
        );
        assert_eq!(state.observe(2), None);
    }

    /// The audit catches a step that does not follow the rules.
    #[test]
    fn the_audit_checks_points() {
        let mut state = game(Rules::TwoDice, 100);
        state.apply(Action::Roll, &mut Vec::new()).unwrap();
        let before = state;
        let mut events = Vec::new();
        state.apply_chance(&pair(3, 3), &mut events).unwrap();
        assert_eq!(state.audit(&before, &events), Ok(()));
        let Event::Rolled {
            throw,
            turn_points,
            total,
            effect,
            player,
            ..
        } = events[0]
        else {
            panic!("{events:?}")
        };
        // (3,3) is doubles: 12 points, not the 6 of the plain sum.
        let lie = Event::Rolled {
            player,
            throw,
            roll_points: 6,
            turn_points,
            total,
            effect,
        };
        assert!(state.audit(&before, &[lie]).is_err());
        assert!(state.audit(&before, &[]).is_err());
        assert_eq!(state.illegal_actions(), []);
        assert_eq!(before.illegal_actions(), Action::ALL);
    }
}
