//! The assignment's two exceptions (Task 3) as error types: no name entered, and an
//! invalid selection of a card to play. Task 5 asks for a custom exception with a default
//! constructor, a one-argument constructor taking a message, and `getMessage()`; in Rust
//! that is `Default`, `new(message)`, [`message`](NoNameError::message) and `Display`.
//! The console shows exactly these messages and asks again. The game refuses a step with
//! a [`Refusal`]: an invalid selection, or a chance outcome that is not possible.

use std::fmt;

use cards_core::Color;

use crate::card::Card;

// ANCHOR: no_name_error
/// The exception for a missing name: the human typed nothing (or only blanks).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct NoNameError {
    message: String,
}

impl NoNameError {
    /// The error with `message` (Java's one-argument constructor).
    pub fn new(message: impl Into<String>) -> NoNameError {
        NoNameError {
            message: message.into(),
        }
    }

    /// `getMessage()`.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl Default for NoNameError {
    /// The default constructor's message, which is also what the console shows.
    fn default() -> NoNameError {
        NoNameError::new("A name is required: please type your name (it can't be blank).")
    }
}
// ANCHOR_END: no_name_error

/// The longest name a player may take, in characters: it is printed on every turn.
pub const MAX_NAME: usize = 24;

/// Checks the human's name: surrounding blanks are dropped; nothing left, more than
/// [`MAX_NAME`] characters, characters that are not printable (control characters, NUL,
/// escapes that would redraw the terminal) and a bot's name (`Player 2`…) are refused,
/// each with its own message.
pub fn validate_name(text: &str) -> Result<String, NoNameError> {
    let name = text.trim();
    if name.is_empty() {
        return Err(NoNameError::default());
    }
    if name.chars().count() > MAX_NAME {
        return Err(NoNameError::new(format!(
            "A name has at most {MAX_NAME} characters: please type a shorter one."
        )));
    }
    // A name with a character that shows as nothing (a zero-width space, a direction
    // override) would look like another, or scramble the lines it is printed in.
    if name.chars().any(cards_core::invisible::is_hidden) {
        return Err(NoNameError::new(
            "A name is made of letters, digits, spaces and punctuation: please type it again.",
        ));
    }
    if (2..=4).any(|seat| name.eq_ignore_ascii_case(&format!("Player {seat}"))) {
        return Err(NoNameError::new(
            "Player 2, Player 3 and Player 4 are the bots: please choose another name.",
        ));
    }
    Ok(name.to_owned())
}

// ANCHOR: invalid_selection
/// The exception for an invalid selection: why the card (or `draw`) the human chose
/// can't be played. The engine refuses illegal moves with the same type, so the console
/// and the rules can never disagree about what is legal.
#[derive(Clone, Debug, Default, PartialEq, Eq, thiserror::Error)]
pub enum InvalidSelectionError {
    /// The default: nothing usable was typed (a blank answer).
    #[default]
    #[error(
        "That is not a valid selection: type the code of a card in your hand (such as R5), or draw."
    )]
    Unspecified,
    /// An error with its own message (Java's one-argument constructor).
    #[error("{0}")]
    Message(String),
    /// The text is not the code of any card of this game.
    #[error(
        "'{}' is not a card: type a code as shown in your hand (such as R5), or draw.",
        cards_core::input::quoted(.0)
    )]
    NotACard(String),
    /// The player does not hold this card.
    #[error("You don't hold {0}: choose a card from your hand.")]
    NotInHand(Card),
    /// A number that is no card of the hand as shown.
    #[error(
        "There is no card {number} in your hand: type a number from 1 to {held}, a code such as R5, or draw."
    )]
    NoSuchNumber {
        /// The number typed.
        number: usize,
        /// How many cards the hand holds.
        held: usize,
    },
    /// The card matches neither the colour to follow nor the top card.
    #[error("{card} doesn't match the top card: {}", what_matches(*.top, *.color))]
    NoMatch {
        /// The card chosen.
        card: Card,
        /// The top card of the discard pile.
        top: Card,
        /// The colour to follow.
        color: Color,
    },
    /// `draw` while holding a playable card: all of them are named.
    #[error("You can't draw while you hold {0}.")]
    MustPlay(PlayableCards),
    /// A Wild Draw Four while holding a card of the colour to follow (the Uno rule).
    #[error("You may play W+4 only when you hold no {} card.", .0.name())]
    DrawFourNotAllowed(Color),
    /// A wild card played without naming a colour (the engine's check).
    #[error("A wild card needs a colour: R, Y, G or B.")]
    NoColor,
    /// The answer to "which colour?" is not a colour.
    #[error("'{0}' is not a colour: type R, Y, G or B.")]
    NotAColor(String),
    /// A colour named with a card that names none (any card but a wild one that is not
    /// the last card).
    #[error("{0} names no colour: only a wild card that is not your last card does.")]
    ColorNotNeeded(Card),
    /// A move while the cards are being dealt or shuffled.
    #[error("Nobody moves now: the cards are being dealt or shuffled.")]
    NoTurn,
    /// A move after the game ended.
    #[error("The game is over.")]
    GameOver,
}
// ANCHOR_END: invalid_selection

/// Why a chance outcome (the order of a shuffle) was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ChanceError {
    /// Nothing is to be shuffled now: a player is to move, or the game is over.
    #[error("no shuffle is due now")]
    NotDue,
    /// The order lacks a card that is to be shuffled (one copy of it, at least).
    #[error("the order lacks {0}, one of the cards to be shuffled")]
    Missing(Card),
    /// The order holds a card more often than the cards to be shuffled do.
    #[error("the order holds {0} more often than the cards to be shuffled do")]
    Extra(Card),
}

/// Why the game refused a step: the seat's move ([`InvalidSelectionError`]), or the
/// chance outcome ([`ChanceError`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The move is not legal now.
    #[error(transparent)]
    Action(#[from] InvalidSelectionError),
    /// The chance outcome is not possible now.
    #[error(transparent)]
    Chance(#[from] ChanceError),
    /// The game found itself in a state its rules never reach: a bug, named by the
    /// invariant it breaks.
    #[error("broken invariant: {0}")]
    Broken(&'static str),
}

/// Why a setup (a recording's options, a web request's) describes no game: each names
/// what is wrong; the setup's field and value are named around it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A person's name with blanks around it (the console would have dropped them).
    #[error("a name has no blanks around it")]
    NameBlanks,
    /// A person's name the console refuses.
    #[error(transparent)]
    Name(#[from] NoNameError),
    /// A bot not named `Player N`.
    #[error("a bot is named Player N (N from 1)")]
    BotName,
    /// A seat that is neither `human:NAME` nor `bot:Player N`.
    #[error("a seat is human:NAME or bot:Player N")]
    Seat,
    /// A turn limit that is no `u32`.
    #[error("the turn limit is a whole number from 0 to {}", u32::MAX)]
    TurnLimit,
    /// A table named in part: this seat (from 0) is left out.
    #[error("seat{}= is missing", .0 + 1)]
    Missing(usize),
    /// The person is to play a seat (from 0) a bot sits in.
    #[error("seat{}: a bot sits there, so no person can play it", .0 + 1)]
    BotSeat(usize),
    /// The person is to play a seat (from 0) past the table.
    #[error("seat {0}: Quattro has seats 0 to 3")]
    NoSuchSeat(usize),
}

// ANCHOR: java_constructors
impl InvalidSelectionError {
    /// The error with `message` (Java's one-argument constructor).
    pub fn new(message: impl Into<String>) -> InvalidSelectionError {
        InvalidSelectionError::Message(message.into())
    }

    /// `getMessage()`.
    pub fn message(&self) -> String {
        self.to_string()
    }
}
// ANCHOR_END: java_constructors

/// The playable cards a refused draw names: at least one (so the refusal always has a
/// reason to give), each once, in the order they are held (the order received).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayableCards {
    first: Card,
    /// Only a refused draw builds this, so the list costs nothing on the way to a legal
    /// move.
    rest: Vec<Card>,
}

impl PlayableCards {
    /// `cards` without repeats, in their order; `None` if there are none.
    pub fn new(cards: impl IntoIterator<Item = Card>) -> Option<PlayableCards> {
        let mut cards = cards.into_iter();
        let first = cards.next()?;
        let mut rest: Vec<Card> = Vec::new();
        for card in cards {
            if card != first && !rest.contains(&card) {
                rest.push(card);
            }
        }
        Some(PlayableCards { first, rest })
    }

    /// The cards, in order.
    pub fn cards(&self) -> impl Iterator<Item = Card> + '_ {
        std::iter::once(self.first).chain(self.rest.iter().copied())
    }
}

impl fmt::Display for PlayableCards {
    /// `a card you can play (R5)`, `cards you can play (R5, R7 and G2)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some((last, middle)) = self.rest.split_last() else {
            return write!(f, "a card you can play ({})", self.first);
        };
        write!(f, "cards you can play ({}", self.first)?;
        for card in middle {
            write!(f, ", {card}")?;
        }
        write!(f, " and {last})")
    }
}

/// What would match `top` with `color` to follow, in words.
fn what_matches(top: Card, color: Color) -> String {
    let color = color.name();
    match top {
        Card::Standard(top) => {
            // Said aloud, 8 starts with a vowel: "an 8".
            let article = if top.number() == 8 { "an" } else { "a" };
            format!("{top} takes a {color} card or {article} {}.", top.number())
        }
        Card::Special(special) => {
            format!(
                "{top} takes a {color} card or another {}.",
                special.symbol().name()
            )
        }
        Card::Wild(_) => format!("the colour named is {color}."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn names() {
        assert_eq!(validate_name("  Ann Lee \n"), Ok("Ann Lee".to_owned()));
        assert_eq!(validate_name(" \t"), Err(NoNameError::default()));
        assert_eq!(NoNameError::new("no").message(), "no");
    }

    fn card(code: &str) -> Card {
        Card::parse_code(code).unwrap()
    }

    fn playable(codes: &[&str]) -> PlayableCards {
        PlayableCards::new(codes.iter().map(|&code| card(code)))
            .unwrap_or_else(|| panic!("no cards in {codes:?}"))
    }

    /// A card held twice is named once; no card, no list.
    #[test]
    fn playable_cards_are_named_once_each_in_order() {
        let named: Vec<String> = playable(&["W", "R5", "W", "R5", "Y5"])
            .cards()
            .map(|c| c.to_string())
            .collect();
        assert_eq!(named, ["W", "R5", "Y5"]);
        assert_eq!(PlayableCards::new([]), None);
    }

    #[test]
    fn messages_say_why() {
        let cases = [
            (
                InvalidSelectionError::NoMatch {
                    card: card("R5"),
                    top: card("G7"),
                    color: Color::Green,
                },
                "R5 doesn't match the top card: G7 takes a green card or a 7.",
            ),
            (
                InvalidSelectionError::NoMatch {
                    card: card("R5"),
                    top: card("Y8"),
                    color: Color::Yellow,
                },
                "R5 doesn't match the top card: Y8 takes a yellow card or an 8.",
            ),
            (
                InvalidSelectionError::NoMatch {
                    card: card("R5"),
                    top: card("W"),
                    color: Color::Blue,
                },
                "R5 doesn't match the top card: the colour named is blue.",
            ),
            (
                InvalidSelectionError::DrawFourNotAllowed(Color::Red),
                "You may play W+4 only when you hold no red card.",
            ),
            (
                InvalidSelectionError::MustPlay(playable(&["R9"])),
                "You can't draw while you hold a card you can play (R9).",
            ),
            (
                InvalidSelectionError::MustPlay(playable(&["G2", "R5"])),
                "You can't draw while you hold cards you can play (G2 and R5).",
            ),
            (
                InvalidSelectionError::MustPlay(playable(&["R7", "W", "R5", "W"])),
                "You can't draw while you hold cards you can play (R7, W and R5).",
            ),
            (InvalidSelectionError::new("custom"), "custom"),
        ];
        for (error, want) in cases {
            assert_eq!(error.message(), want);
        }
        assert_eq!(
            InvalidSelectionError::default(),
            InvalidSelectionError::Unspecified
        );
    }
}
