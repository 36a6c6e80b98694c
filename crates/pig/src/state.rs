//! The rules as a pure state machine: the assignment's `PigPlayer`, a game state, its
//! legal moves, and [`PigState::apply`], which plays a move with its chance outcome and
//! reports what happened as an [`Event`].

use crate::dice::{Rules, Score, Throw};

/// The assignment's goal: the first player to 100 points wins.
pub const DEFAULT_GOAL: u32 = 100;

/// The assignment's `PigPlayer`: a name, the points banked in earlier turns, and the
/// points of the turn being played.
///
/// Java's `PigPlayer` owned its `PigDice`; here [`PigPlayer::roll`] takes the throw, so
/// the same player serves seeded games, scripted tests and the solver's rules.
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

/// A decision in a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Throw the dice again.
    Roll,
    /// Bank the turn's points and pass the dice.
    Hold,
}

/// A move together with its chance outcome: what [`PigState::apply`] plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Roll, and the dice showed this.
    Roll(Throw),
    /// Hold.
    Hold,
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

/// What a move did.
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

/// Why a move cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// The game has a winner already.
    #[error("the game is over")]
    GameOver,
    /// The dice are not those of the game's rules.
    #[error("a {thrown} throw in a game with {game} rules")]
    WrongDice {
        /// The rules the throw belongs to.
        thrown: Rules,
        /// The game's rules.
        game: Rules,
    },
}

/// What the player to move sees: all a strategy needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TurnView {
    /// The points needed to win.
    pub goal: u32,
    /// The mover's banked points.
    pub my_score: u32,
    /// The opponent's banked points.
    pub opponent_score: u32,
    /// The points of the turn so far.
    pub turn_points: u32,
}

/// A game of Pig between two players: the assignment's `PigGame` without its console.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PigState {
    rules: Rules,
    goal: u32,
    players: [PigPlayer; 2],
    current: usize,
    turns: u32,
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

    /// The winner, once there is one.
    pub const fn winner(&self) -> Option<usize> {
        self.winner
    }

    /// The moves the player to move may make: roll or hold (holding at 0 points is
    /// allowed; it passes the dice), none once the game is over.
    pub const fn legal_moves(&self) -> &'static [Move] {
        if self.winner.is_some() {
            &[]
        } else {
            &[Move::Roll, Move::Hold]
        }
    }

    /// What the player to move sees.
    pub const fn view(&self) -> TurnView {
        let me = &self.players[self.current];
        TurnView {
            goal: self.goal,
            my_score: me.banked,
            opponent_score: self.players[1 - self.current].banked,
            turn_points: me.turn_points,
        }
    }

    /// Plays a move. A bust or a hold passes the dice; a roll that reaches the goal wins
    /// at once. On an error nothing changes.
    pub fn apply(&mut self, action: Action) -> Result<Event, RuleError> {
        if self.winner.is_some() {
            return Err(RuleError::GameOver);
        }
        let player = self.current;
        let goal = self.goal;
        let me = &mut self.players[player];
        match action {
            Action::Hold => {
                me.hold();
                let total = me.total();
                self.pass();
                Ok(Event::Held { player, total })
            }
            Action::Roll(throw) => {
                if throw.rules() != self.rules {
                    return Err(RuleError::WrongDice {
                        thrown: throw.rules(),
                        game: self.rules,
                    });
                }
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
                Ok(Event::Rolled {
                    player,
                    throw,
                    roll_points,
                    turn_points,
                    total,
                    effect,
                })
            }
        }
    }

    fn pass(&mut self) {
        self.current = 1 - self.current;
        self.turns += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::{Dice, PigDice, ScriptedDice};
    use pretty_assertions::assert_eq;

    fn pair(a: u8, b: u8) -> Action {
        Action::Roll(Throw::Pair(
            PigDice::new(a, b).unwrap_or_else(|| panic!("({a},{b})")),
        ))
    }

    fn game(goal: u32) -> PigState {
        PigState::new(
            Rules::Seed,
            goal,
            [PigPlayer::new("Human"), PigPlayer::new("Computer")],
        )
    }

    fn play(state: &mut PigState, actions: &[Action]) -> Vec<Event> {
        actions
            .iter()
            .map(|&a| state.apply(a).unwrap_or_else(|e| panic!("{a:?}: {e}")))
            .collect()
    }

    #[test]
    fn the_assignments_example_roll() {
        // 10 banked, 3 in the turn, then (2,2): 8 points, 11 in the turn, 21 in all.
        let mut state = game(100);
        play(
            &mut state,
            &[pair(4, 6), Action::Hold, pair(1, 2), Action::Hold],
        );
        let events = play(&mut state, &[pair(1, 2)]);
        assert_eq!(state.current(), 0);
        assert_eq!(
            play(&mut state, &[pair(2, 2)]),
            vec![Event::Rolled {
                player: 0,
                throw: Throw::Pair(PigDice::new(2, 2).unwrap_or_else(|| panic!())),
                roll_points: 8,
                turn_points: 11,
                total: 21,
                effect: RollEffect::Scored,
            }]
        );
        assert_eq!(events.len(), 1);
    }

    #[test]
    fn snake_eyes_lose_the_turn() {
        let mut state = game(100);
        let events = play(
            &mut state,
            &[pair(3, 4), Action::Hold, pair(5, 5), pair(1, 1)],
        );
        assert_eq!(
            events[3],
            Event::Rolled {
                player: 1,
                throw: Throw::Pair(PigDice::new(1, 1).unwrap_or_else(|| panic!())),
                roll_points: 0,
                turn_points: 0,
                total: 0,
                effect: RollEffect::Busted,
            }
        );
        assert_eq!((state.current(), state.turns()), (0, 3));
        assert_eq!(state.player(1).total(), 0);
        assert_eq!(state.player(0).total(), 7);
    }

    #[test]
    fn holding_at_zero_passes() {
        let mut state = game(100);
        assert_eq!(
            play(&mut state, &[Action::Hold]),
            vec![Event::Held {
                player: 0,
                total: 0
            }]
        );
        assert_eq!(state.current(), 1);
    }

    #[test]
    fn reaching_the_goal_wins_mid_turn() {
        let mut state = game(30);
        let events = play(&mut state, &[pair(6, 6), pair(3, 4)]);
        assert_eq!(events[1].ends_turn(), true);
        assert!(matches!(
            events[1],
            Event::Rolled {
                effect: RollEffect::Won,
                total: 31,
                ..
            }
        ));
        assert_eq!((state.winner(), state.turns()), (Some(0), 1));
        assert_eq!(state.legal_moves(), &[]);
        assert_eq!(state.apply(Action::Hold), Err(RuleError::GameOver));
    }

    #[test]
    fn wrong_dice_change_nothing() {
        let mut state = game(100);
        let before = state;
        assert_eq!(
            state.apply(Action::Roll(Throw::Single(3))),
            Err(RuleError::WrongDice {
                thrown: Rules::Classic,
                game: Rules::Seed
            })
        );
        assert_eq!(state, before);
    }

    #[test]
    fn classic_rules() {
        let mut state = PigState::new(
            Rules::Classic,
            100,
            [PigPlayer::new("A"), PigPlayer::new("B")],
        );
        let mut dice = ScriptedDice::new([Throw::Single(6), Throw::Single(1)]);
        let first = state.apply(Action::Roll(dice.roll()));
        let second = state.apply(Action::Roll(dice.roll()));
        assert!(matches!(first, Ok(Event::Rolled { roll_points: 6, .. })));
        assert!(matches!(
            second,
            Ok(Event::Rolled {
                effect: RollEffect::Busted,
                total: 0,
                ..
            })
        ));
    }
}
