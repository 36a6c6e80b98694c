//! The rules checked step by step for the protocol's conformance check
//! (`cards_core::protocol::conformance`): built with the feature `conformance`, which the
//! tests turn on, never in release builds.

use cards_core::protocol::conformance::Audit;
use cards_core::protocol::{Actor, GameState};

use crate::dice::{PigDice, Throw};
use crate::game::{Action, Event, Game, Outcome, RollEffect};
use crate::rules::Variant;

/// The rules checked step by step for the protocol's conformance check, from the dice's
/// faces and the assignment's scoring, not from the code that plays them.
impl Audit for Game {
    /// Points move exactly as the event says: a roll adds its points to the turn (the
    /// sum of the dice, twice the sum for doubles, the face of classic Pig's die), snake
    /// eyes (a 1) clear the turn's points and pass the dice, reaching the goal wins, a
    /// hold banks the turn's points and passes; a decision to roll moves nothing; the
    /// other player's points never move.
    fn audit(&self, before: &Game, events: &[Event]) -> Result<(), String> {
        if self.rules() != before.rules() {
            return Err("the rules or the goal changed".into());
        }
        let mover = before.current();
        let other = [1, 0][mover];
        if self.player(other) != before.player(other) {
            return Err(format!("seat {other} did not act, but its points moved"));
        }
        let (was, now) = (*before.player(mover), *self.player(mover));
        let expect = |ok: bool, what: &str| if ok { Ok(()) } else { Err(what.to_owned()) };
        // The end is told once, as the step's last event, with the game's outcome.
        let (events, over) = match events {
            [events @ .., Event::GameOver { outcome }] => (events, Some(*outcome)),
            _ => (events, None),
        };
        expect(
            over == self.outcome() && before.outcome().is_none(),
            "the game's end must be told by one GameOver, last, in the step that ended it",
        )?;
        match *events {
            [] => {
                expect(
                    before.actor() == Actor::Seat(mover) && self.actor() == Actor::Chance,
                    "a step without an event must be a decision to roll",
                )?;
                expect(
                    now == was && self.current() == mover && self.turns() == before.turns(),
                    "deciding to roll moved points or passed the dice",
                )
            }
            [
                Event::Held {
                    seat: player,
                    total,
                },
            ] => {
                expect(
                    before.actor() == Actor::Seat(mover) && player == mover,
                    "a hold by a player who was not to act",
                )?;
                expect(
                    now.banked() == was.banked() + was.turn_points()
                        && now.turn_points() == 0
                        && total == now.banked(),
                    "a hold must bank exactly the turn's points",
                )?;
                expect(
                    self.actor() == Actor::Seat(other) && self.turns() == before.turns() + 1,
                    "a hold must pass the dice",
                )
            }
            [
                Event::Rolled {
                    seat: player,
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
                expect(
                    throw.variant() == self.rules().variant(),
                    "a throw of the other rules",
                )?;
                expect(now.banked() == was.banked(), "a roll moved banked points")?;
                expect(
                    total == now.banked() + now.turn_points() && turn_points == now.turn_points(),
                    "the event's points are not the player's",
                )?;
                match points_by_hand(throw) {
                    None => {
                        expect(
                            roll_points == 0 && now.turn_points() == 0,
                            "snake eyes must clear the turn's points",
                        )?;
                        expect(
                            effect == RollEffect::Busted
                                && self.actor() == Actor::Seat(other)
                                && self.turns() == before.turns() + 1,
                            "snake eyes must pass the dice",
                        )
                    }
                    Some(points) => {
                        expect(
                            roll_points == points
                                && now.turn_points() == was.turn_points() + points,
                            "a roll must add its points to the turn",
                        )?;
                        if total >= self.goal() {
                            expect(
                                effect == RollEffect::Won
                                    && self.outcome() == Some(Outcome::Winner { seat: mover }),
                                "reaching the goal must win at once",
                            )
                        } else {
                            expect(
                                effect == RollEffect::Scored
                                    && self.actor() == Actor::Seat(mover)
                                    && self.turns() == before.turns(),
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
        let other = match self.rules().variant() {
            Variant::TwoDice => Throw::Single(3),
            Variant::Classic => PigDice::new(3, 4).map_or(Throw::Single(7), Throw::Pair),
        };
        vec![other, Throw::Single(7)]
    }
}

/// A roll's points worked out from its faces as the assignment states the rules: the sum
/// of the dice, twice the sum for doubles, `None` for snake eyes; classic Pig's die its
/// face, `None` for a 1.
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
    use crate::player::PigPlayer;
    use pretty_assertions::assert_eq;

    fn pair(a: u8, b: u8) -> Throw {
        Throw::Pair(PigDice::new(a, b).unwrap_or_else(|| panic!("({a},{b})")))
    }

    /// The audit catches a step that does not follow the rules.
    #[test]
    fn the_audit_checks_points() {
        let players = [PigPlayer::new("A"), PigPlayer::new("B")];
        let mut state = Game::new(crate::rules::Rules::default(), players);
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
            seat,
            ..
        } = events[0]
        else {
            panic!("{events:?}")
        };
        // (3,3) is doubles: 12 points, not the 6 of the plain sum.
        let lie = Event::Rolled {
            seat,
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
