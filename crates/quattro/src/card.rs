// ANCHOR: card_module_docs
//! The cards: the assignment's `Card` hierarchy in Rust form, their codes, and when one
//! may be played on another.
//!
//! The UML has an abstract `Card`, an abstract `ColourCard` below it, the concrete
//! `StandardColourCard` and `SpecialColourCard`, a `WildCard`, and the `SpecialAbility`
//! interface that the special and wild cards implement. Rust has no class inheritance,
//! and a game only ever holds a closed set of card kinds, so:
//!
//! - [`Card`] is an enum with one variant per concrete class; its methods are the
//!   common behaviour (`matches`, the code, the colour).
//! - `ColourCard` is the trait [`ColoredCard`]: what every coloured card has (a colour).
//! - `StandardColourCard` is [`StandardColoredCard`], the workspace's [`ColorCard`]
//!   (`R5`), which already knows colours, numbers 0–9 and case-insensitive parsing.
//! - `SpecialColourCard` is [`SpecialColoredCard`] (Skip, Reverse, Draw Two of a colour);
//!   it and [`WildCard`] (Wild, Wild Draw Four) implement [`SpecialAbility`], whose one
//!   operation, [`SpecialAbility::activate`], says what the card does as an [`Ability`].
//!   The engine applies abilities without knowing which card they came from.
// ANCHOR_END: card_module_docs

use std::fmt;

use cards_core::{Color, ColorCard};

/// The UML's `StandardColourCard`: a coloured number card such as `R5`, the only kind
/// of card in the game as the assignment specifies it.
pub type StandardColoredCard = ColorCard;

// ANCHOR: colored_card
/// The UML's `ColourCard` (abstract there): the behaviour every coloured card shares.
pub trait ColoredCard {
    /// `getColour()`.
    fn color(&self) -> Color;
}
// ANCHOR_END: colored_card

impl ColoredCard for ColorCard {
    fn color(&self) -> Color {
        // `cards_core`'s inherent method, which takes precedence over this one.
        ColorCard::color(*self)
    }
}

/// What a special card does when it is played. Each field is one of the common Uno
/// effects; a card may combine them (Wild Draw Four names a colour, makes the next
/// player draw four, and skips them).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ability {
    /// The direction of play turns round.
    pub reverses: bool,
    /// How many cards the next player must draw.
    pub next_draws: u8,
    /// The next player misses their turn.
    pub skips_next: bool,
    /// The player who plays the card names the colour to follow.
    pub names_color: bool,
}

// ANCHOR: special_ability
/// `SpecialAbility` (an interface in the UML): a card that does something when played.
pub trait SpecialAbility {
    /// `activate()`: the effect of playing the card, for the engine to carry out.
    fn activate(&self) -> Ability;
}
// ANCHOR_END: special_ability

/// The symbol printed on a [`SpecialColoredCard`]: its action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Symbol {
    /// The next player misses their turn. Code `S` (`RS`).
    Skip,
    /// Play changes direction. Code `R` (`RR`).
    Reverse,
    /// The next player draws two cards and misses their turn. Code `+2` (`R+2`).
    DrawTwo,
}

impl Symbol {
    /// All symbols, in the order they are listed.
    pub const ALL: [Symbol; 3] = [Symbol::Skip, Symbol::Reverse, Symbol::DrawTwo];

    /// The symbol's part of a card code.
    pub const fn code(self) -> &'static str {
        match self {
            Symbol::Skip => "S",
            Symbol::Reverse => "R",
            Symbol::DrawTwo => "+2",
        }
    }

    /// The name of the action, lower case.
    pub const fn name(self) -> &'static str {
        match self {
            Symbol::Skip => "skip",
            Symbol::Reverse => "reverse",
            Symbol::DrawTwo => "draw two",
        }
    }
}

/// The UML's `SpecialColourCard`: a coloured action card (only with `--rules uno`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SpecialColoredCard {
    color: Color,
    symbol: Symbol,
}

impl SpecialColoredCard {
    /// The `symbol` card of `color`.
    pub const fn new(color: Color, symbol: Symbol) -> SpecialColoredCard {
        SpecialColoredCard { color, symbol }
    }

    /// Its symbol: what the card does.
    pub const fn symbol(self) -> Symbol {
        self.symbol
    }
}

impl ColoredCard for SpecialColoredCard {
    fn color(&self) -> Color {
        self.color
    }
}

impl SpecialAbility for SpecialColoredCard {
    fn activate(&self) -> Ability {
        match self.symbol {
            Symbol::Skip => Ability {
                skips_next: true,
                ..Ability::default()
            },
            Symbol::Reverse => Ability {
                reverses: true,
                ..Ability::default()
            },
            Symbol::DrawTwo => Ability {
                next_draws: 2,
                skips_next: true,
                ..Ability::default()
            },
        }
    }
}

/// `WildCard`: a card of no colour that matches anything; its player names the colour
/// to follow (only with `--rules uno`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum WildCard {
    /// Names a colour. Code `W`.
    Wild,
    /// Names a colour; the next player draws four and misses their turn. Code `W+4`.
    /// It may only be played by a player holding no card of the colour to follow.
    WildDrawFour,
}

impl SpecialAbility for WildCard {
    fn activate(&self) -> Ability {
        match self {
            WildCard::Wild => Ability {
                names_color: true,
                ..Ability::default()
            },
            WildCard::WildDrawFour => Ability {
                names_color: true,
                next_draws: 4,
                skips_next: true,
                ..Ability::default()
            },
        }
    }
}

// Three bytes (kind, colour, number or action) padded to an aligned four: every pass over
// a hand or pile then loads a card in one move rather than two loads and a merge, and a
// shuffle swaps words (BENCHMARKS.md, issue 42's third pass). The kind is a byte laid
// first (`u8`), which gave the bot's pass over its hand shorter code than the layout the
// compiler chose (issue 42's sixth pass).
#[repr(u8, align(4))]
// ANCHOR: card_enum
/// `Card` (abstract in the UML): any card of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Card {
    /// A number card, `R5`.
    Standard(StandardColoredCard),
    /// A coloured action card, `RS`, `RR`, `R+2`.
    Special(SpecialColoredCard),
    /// A wild card, `W`, `W+4`.
    Wild(WildCard),
}
// ANCHOR_END: card_enum

/// Why a text is not a card code.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{}' is not a card code", cards_core::input::quoted(.0))]
pub struct CardCodeError(pub String);

impl Card {
    /// The number card of `color` and `number` (0–9).
    pub const fn number(color: Color, number: u8) -> Card {
        Card::Standard(ColorCard::new(color, number))
    }

    /// The `symbol` card of `color`.
    pub const fn special(color: Color, symbol: Symbol) -> Card {
        Card::Special(SpecialColoredCard::new(color, symbol))
    }

    /// The card's colour; `None` for a wild card.
    pub fn color(self) -> Option<Color> {
        match self {
            Card::Standard(card) => Some(card.color()),
            Card::Special(card) => Some(card.color()),
            Card::Wild(_) => None,
        }
    }

    /// What the card does when played; `None` for a number card.
    pub fn ability(self) -> Option<Ability> {
        match self {
            Card::Standard(_) => None,
            Card::Special(card) => Some(card.activate()),
            Card::Wild(card) => Some(card.activate()),
        }
    }

    /// Whether this is a wild card (it needs a colour named when played).
    pub const fn is_wild(self) -> bool {
        matches!(self, Card::Wild(_))
    }

    // ANCHOR: card_matches
    /// `matches(Card)`: whether this card may be played on `top` when `color` is the
    /// colour to follow (the top card's colour, or the colour named after a wild card).
    /// A coloured card matches on colour, a number card on number, an action card on its
    /// action; a wild card matches anything. (Whether a Wild Draw Four is *allowed* also
    /// depends on the hand: see [`crate::Game::check_play`].)
    pub fn matches(self, top: Card, color: Color) -> bool {
        match self {
            Card::Wild(_) => true,
            Card::Standard(card) => {
                card.color() == color
                    || matches!(top, Card::Standard(top) if card.matches_number(top))
            }
            Card::Special(card) => {
                card.color == color
                    || matches!(top, Card::Special(top) if card.symbol() == top.symbol())
            }
        }
    }
    // ANCHOR_END: card_matches

    /// The card's code as shown and typed: `R5`, `RS`, `RR`, `R+2`, `W`, `W+4`.
    pub fn code(self) -> impl fmt::Display {
        self
    }

    /// The card's name in words: `red 5`, `red skip`, `wild draw four`.
    pub fn name(self) -> impl fmt::Display {
        CardName(self)
    }

    /// Parses a code, ignoring case and surrounding blanks (`r5`, ` w+4 `). Whether the
    /// card belongs to the game being played is the caller's question
    /// ([`crate::Rules::has`]).
    pub fn parse_code(text: &str) -> Result<Card, CardCodeError> {
        let code = text.trim().to_ascii_uppercase();
        let error = || CardCodeError(text.trim().to_owned());
        match code.as_str() {
            "W" => return Ok(Card::Wild(WildCard::Wild)),
            "W+4" => return Ok(Card::Wild(WildCard::WildDrawFour)),
            _ => {}
        }
        let mut chars = code.chars();
        let color = chars
            .next()
            .and_then(Color::from_letter)
            .ok_or_else(error)?;
        let rest = chars.as_str();
        if let Some(symbol) = Symbol::ALL.into_iter().find(|a| a.code() == rest) {
            return Ok(Card::special(color, symbol));
        }
        ColorCard::parse_ignore_case(&code)
            .map(Card::Standard)
            .map_err(|_| error())
    }

    /// A key that sorts a hand for display: by colour in rainbow order (wild cards last),
    /// numbers before actions.
    pub fn sort_key(self) -> (usize, u8) {
        match self {
            Card::Standard(card) => (card.color().index(), card.number()),
            Card::Special(card) => (card.color.index(), 10 + card.symbol as u8),
            Card::Wild(card) => (Color::ALL.len(), card as u8),
        }
    }
}

impl std::str::FromStr for Card {
    type Err = CardCodeError;

    /// [`Card::parse_code`]: a code in any case, blanks around it ignored.
    fn from_str(text: &str) -> Result<Card, CardCodeError> {
        Card::parse_code(text)
    }
}

impl From<ColorCard> for Card {
    fn from(card: ColorCard) -> Card {
        Card::Standard(card)
    }
}

impl fmt::Display for Card {
    /// The card's code, `R5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Card::Standard(card) => write!(f, "{card}"),
            Card::Special(card) => write!(f, "{}{}", card.color, card.symbol.code()),
            Card::Wild(WildCard::Wild) => f.write_str("W"),
            Card::Wild(WildCard::WildDrawFour) => f.write_str("W+4"),
        }
    }
}

struct CardName(Card);

impl fmt::Display for CardName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Card::Standard(card) => write!(f, "{} {}", card.color().name(), card.number()),
            Card::Special(card) => write!(f, "{} {}", card.color.name(), card.symbol.name()),
            Card::Wild(WildCard::Wild) => f.write_str("wild"),
            Card::Wild(WildCard::WildDrawFour) => f.write_str("wild draw four"),
        }
    }
}

/// The ANSI foreground colour (SGR code) of wild cards, which have no colour of their own.
const WILD_SGR: u8 = 35;

impl cards_core::paint::Paint for Card {
    /// The card's colour at a terminal; wild cards in magenta.
    fn sgr(&self) -> u8 {
        self.color().map_or(WILD_SGR, Color::ansi_code)
    }
}

impl cards_core::deck::DeckCard for Card {
    const FILLER: Card = Card::Wild(WildCard::Wild);
}

/// The cards of space-separated codes (`"R1 G2 W+4"`), for the crate's tests.
#[cfg(test)]
pub(crate) fn cards(codes: &str) -> Vec<Card> {
    codes
        .split_whitespace()
        .map(|code| Card::parse_code(code).unwrap())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    fn card(code: &str) -> Card {
        Card::parse_code(code).unwrap()
    }

    /// The simulator's passes over hands and piles count on a card being one aligned
    /// word (three bytes were two loads and a merge each).
    #[test]
    fn a_card_is_one_aligned_word() {
        assert_eq!(std::mem::size_of::<Card>(), 4);
        assert_eq!(std::mem::align_of::<Card>(), 4);
    }

    /// Found by fuzzing (`fuzz/regressions/card_codes/`): the refusal wrote the code
    /// raw, NUL bytes included.
    #[test]
    fn a_refused_code_is_quoted_escaped() {
        let error = Card::parse_code("\0\0\0.").unwrap_err();
        assert_eq!(
            error.to_string(),
            "'\\u{0}\\u{0}\\u{0}.' is not a card code"
        );
    }

    #[test]
    fn codes_round_trip_and_ignore_case() {
        let cases = [
            ("r5", "R5", "red 5"),
            (" B0 ", "B0", "blue 0"),
            ("ys", "YS", "yellow skip"),
            ("gR", "GR", "green reverse"),
            ("b+2", "B+2", "blue draw two"),
            ("w", "W", "wild"),
            ("W+4", "W+4", "wild draw four"),
        ];
        for (typed, code, name) in cases {
            let c = card(typed);
            assert_eq!(
                (c.to_string(), c.name().to_string()),
                (code.into(), name.into())
            );
            assert_eq!(card(code), c);
        }
    }

    #[test]
    fn rejects_what_is_not_a_code() {
        for text in ["", "R", "R10", "X3", "draw", "W+2", "R+4", "5R", "RSS"] {
            assert_eq!(
                Card::parse_code(text),
                Err(CardCodeError(text.trim().into())),
                "{text:?}"
            );
        }
    }

    #[test]
    fn matching_on_color_number_action_and_wild() {
        use Color::*;
        // (card, top, colour to follow, matches)
        let cases = [
            ("R5", "R9", Red, true),
            ("G9", "R9", Red, true),
            ("G8", "R9", Red, false),
            ("RS", "GS", Green, true),
            ("RS", "G+2", Green, false),
            ("G+2", "RS", Red, false),
            ("R3", "RS", Red, true),
            ("W", "B7", Blue, true),
            ("W+4", "RS", Red, true),
            ("R5", "W", Blue, false),
            ("B5", "W", Blue, true),
            ("B5", "W+4", Blue, true),
        ];
        for (c, top, color, want) in cases {
            assert_eq!(
                card(c).matches(card(top), color),
                want,
                "{c} on {top}/{color}"
            );
        }
    }

    #[test]
    fn abilities() {
        assert_eq!(card("R5").ability(), None);
        let draw_four = card("W+4").ability().unwrap_or_default();
        assert!(draw_four.names_color && draw_four.skips_next && draw_four.next_draws == 4);
        assert!(
            card("GR")
                .ability()
                .is_some_and(|a| a.reverses && !a.skips_next)
        );
    }
}
