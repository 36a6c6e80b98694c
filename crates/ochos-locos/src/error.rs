//! Why the game refuses an action or a deal ([`Refusal`]): the game changes nothing
//! then; and why the console refuses a person's answer ([`AnswerError`]): the question
//! comes again.

use cards_core::ColorCard;
use cards_core::input::quoted;

use crate::deck::DECK_SIZE;
use crate::rules::HAND_SIZE;

/// Why the game refused an action or a deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
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

/// Why an answer at `--human`'s prompts is refused (or, for `?`, what is shown instead):
/// each says what to type.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnswerError {
    /// `?`: the rules are shown, and the question comes again.
    #[error("{0}")]
    Rules(String),
    /// `d` while a 2 in the hand answers the 2 waiting.
    #[error("You may not draw while you hold a 2 to answer with: {hint}.")]
    MustAnswerTwo {
        /// What to type instead.
        hint: String,
    },
    /// `d` while a card may be laid.
    #[error("You may not draw while you have a card to play: {hint}.")]
    MustPlay {
        /// What to type instead.
        hint: String,
    },
    /// A number past the list of plays.
    #[error("There is no play {number}: {hint}.")]
    NoSuchPlay {
        /// The number typed.
        number: usize,
        /// What to type instead.
        hint: String,
    },
    /// Neither a card, a number nor `d`.
    #[error("'{}' is not a play: {hint}.", quoted(.answer))]
    NotAPlay {
        /// The answer.
        answer: String,
        /// What to type instead.
        hint: String,
    },
    /// A card the person does not hold.
    #[error("{card} is not in your hand: {hint}.")]
    NotInHand {
        /// The card named.
        card: ColorCard,
        /// What to type instead.
        hint: String,
    },
    /// A card held that the rules do not let the person lay now, and why.
    #[error("{card} cannot be played now, {why}: {hint}.")]
    CannotPlay {
        /// The card named.
        card: ColorCard,
        /// The rule that stops it.
        why: String,
        /// What to type instead.
        hint: String,
    },
    /// Not a colour that may be named.
    #[error("'{}' is not a colour: type R, Y, G or B (or red, yellow, green, blue).", quoted(.answer))]
    NotAColour {
        /// The answer.
        answer: String,
    },
}
