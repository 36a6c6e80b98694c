//! Why the game refuses an action or a deal ([`RuleError`]): the game changes nothing
//! then.

use cards_core::ColorCard;

use crate::deck::DECK_SIZE;
use crate::rules::HAND_SIZE;

/// Why the game refused an action or a deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// The game is over.
    #[error("the game is over")]
    Over,
    /// A seat acted before the deal (or, Java-style, before players and a discard card).
    #[error("the cards are not dealt yet")]
    NotDealt,
    /// A deal came while a seat is to act.
    #[error("the cards are already dealt")]
    Dealt,
    /// A deal came for a game that has no cards to deal (set up by hand).
    #[error("nothing to deal: seat the players and lay a discard card by hand")]
    NothingToDeal,
    /// The deal is not an order of the game's cards.
    #[error("the deal is not an order of the cards to deal")]
    NotTheCards,
    /// More cards than the deck's 32.
    #[error("{cards} cards are more than the deck's {DECK_SIZE}")]
    TooManyCards {
        /// The cards given.
        cards: usize,
    },
    /// Too few cards (or more than the deck) for the seats.
    #[error(
        "{cards} cards cannot be dealt to {seats} players: each takes {HAND_SIZE}, then a discard card, at most {DECK_SIZE} in all"
    )]
    DealSize {
        /// The cards given.
        cards: usize,
        /// The players seated.
        seats: usize,
    },
    /// The card is not in the hand of the seat to act.
    #[error("{card} is not in the hand")]
    NotInHand {
        /// The card named.
        card: ColorCard,
    },
    /// The card matches neither the colour nor the number of the card to match.
    #[error("{card} does not match {target}")]
    NoMatch {
        /// The card named.
        card: ColorCard,
        /// The card to match (after an 8, an 8 of the colour in force).
        target: ColorCard,
    },
    /// Facing a fresh 2 under the Rule of Two, only a 2 answers.
    #[error("{card} does not answer the 2: only a 2 does, or the penalty")]
    MustAnswerTwo {
        /// The card named.
        card: ColorCard,
    },
    /// An 8 under the 8-card rule names a colour (unless it is the last card).
    #[error("{card} must name a colour")]
    NoColorNamed {
        /// The card named.
        card: ColorCard,
    },
    /// Only an 8 under the 8-card rule that is not the last card names a colour.
    #[error("{card} names no colour here")]
    ColorNotWanted {
        /// The card named.
        card: ColorCard,
    },
    /// Drawing while holding a card that may be played.
    #[error("no drawing while {card} may be played")]
    MustPlay {
        /// A card that may be played.
        card: ColorCard,
    },
}
