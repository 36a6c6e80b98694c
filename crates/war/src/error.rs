//! [`Refusal`]: why the game refused an action or a chance outcome.

use cards_core::protocol::Seat;

use crate::card::Card;
use crate::deck::ChanceNode;

/// Why the game refused an action or a chance outcome; the game is left as it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// Nothing can happen in a finished game.
    #[error("the game is over")]
    Over,
    /// A battle was asked for while chance must act first (deal, or order won cards).
    #[error("the cards must be {0} first: chance acts now, not a player")]
    ChanceActs(ChanceNode),
    /// A chance outcome was given while a player is to battle.
    #[error("Player {} is to battle: chance does not act now", .seat + 1)]
    SeatActs {
        /// The seat to act.
        seat: Seat,
    },
    /// An order of the wrong number of cards.
    #[error("{node} needs an order of {expected} cards, not {given}")]
    OrderLength {
        /// What chance decides now.
        node: ChanceNode,
        /// The number of cards to order.
        expected: usize,
        /// The number given.
        given: usize,
    },
    /// An order naming a card that is not among those to order.
    #[error("{card} is not among the cards {node} orders")]
    NotInPlay {
        /// What chance decides now.
        node: ChanceNode,
        /// The card.
        card: Card,
    },
    /// The game broke one of its own invariants (a bug, reported rather than hidden).
    #[error("broken invariant: {0}")]
    Broken(&'static str),
    /// An order naming the same card twice.
    #[error("{card} comes twice in the order")]
    Twice {
        /// The card.
        card: Card,
    },
}
