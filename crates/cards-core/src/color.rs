//! Colours and the coloured card of Ochos Locos and Quattro.
//!
//! A [`ColorCard`] is a colour and a number, written as two characters: `R5` is the red
//! five. This is Assignment 4's `Card(String card)` constructor: the letter is one of
//! `R`, `Y`, `G`, `B` and the digit any of `0`–`9`; each game checks its own range
//! (Ochos Locos uses 1–8, Quattro 0–9).

use std::fmt;
use std::str::FromStr;

use crate::input::quoted;

/// A card colour. The derived order is the assignments' *rainbow order*: red, yellow,
/// green, blue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Color {
    /// `R`
    Red,
    /// `Y`
    Yellow,
    /// `G`
    Green,
    /// `B`
    Blue,
}

impl Color {
    /// All colours in rainbow order.
    pub const ALL: [Color; 4] = [Color::Red, Color::Yellow, Color::Green, Color::Blue];

    /// The colour's letter as printed in deals and output (`R`, `Y`, `G`, `B`).
    pub const fn letter(self) -> char {
        match self {
            Color::Red => 'R',
            Color::Yellow => 'Y',
            Color::Green => 'G',
            Color::Blue => 'B',
        }
    }

    /// The colour written with `letter` (upper case only), if any.
    pub const fn from_letter(letter: char) -> Option<Color> {
        match letter {
            'R' => Some(Color::Red),
            'Y' => Some(Color::Yellow),
            'G' => Some(Color::Green),
            'B' => Some(Color::Blue),
            _ => None,
        }
    }

    /// The colour's position in rainbow order (0 for red … 3 for blue), for tables.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour held most among `colors`; ties go to the first in rainbow order, and
    /// no colour at all gives red. Ochos Locos's 8-card rule and Quattro's bots name a
    /// colour this way.
    pub fn most_held(colors: impl IntoIterator<Item = Color>) -> Color {
        let mut counts = [0usize; 4];
        for color in colors {
            counts[color.index()] += 1;
        }
        let mut best = Color::Red;
        for color in Color::ALL {
            if counts[color.index()] > counts[best.index()] {
                best = color;
            }
        }
        best
    }

    /// The ANSI foreground colour (SGR code) in which a terminal shows the colour.
    pub const fn ansi_code(self) -> u8 {
        match self {
            Color::Red => 31,
            Color::Yellow => 33,
            Color::Green => 32,
            Color::Blue => 34,
        }
    }

    /// The colour's English name, lower case (`red`).
    pub const fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Yellow => "yellow",
            Color::Green => "green",
            Color::Blue => "blue",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A colour named in words: its letter or its name, in any case (`B`, `blue`), as the
/// consoles and the web page's actions take it; written back as its letter.
impl FromStr for Color {
    type Err = ColorError;

    fn from_str(text: &str) -> Result<Color, ColorError> {
        Color::ALL
            .into_iter()
            .find(|c| {
                text.eq_ignore_ascii_case(c.name())
                    || text.eq_ignore_ascii_case(&c.letter().to_string())
            })
            .ok_or(ColorError)
    }
}

/// A word that names no colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no colour: R, Y, G or B (red, yellow, green, blue)")]
pub struct ColorError;

/// A coloured, numbered card such as `R5`.
///
/// The derived order is colour first (rainbow order), then number, so sorting a hand
/// groups it by colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ColorCard {
    color: Color,
    number: u8,
}

/// Why a text is not a coloured card.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ColorCardError {
    /// Not two characters.
    #[error("a card is a colour letter (R, Y, G, B) and a digit, like R5")]
    Shape,
    /// A lower-case colour letter, in a context that wants upper case.
    #[error("colour letters are upper case: write {}", quoted(.0))]
    LowerCase(String),
    /// The first character is not a colour letter.
    #[error("'{}' is not a colour (R, Y, G or B)", quoted(&.0.to_string()))]
    Color(char),
    /// The second character is not a digit.
    #[error("'{}' is not a card number", quoted(&.0.to_string()))]
    Number(char),
    /// A digit outside the game's range.
    #[error("{number} is out of range: numbers run from {min} to {max}")]
    Range {
        /// The number written.
        number: u8,
        /// The lowest number the game allows.
        min: u8,
        /// The highest number the game allows.
        max: u8,
    },
}

impl ColorCard {
    /// The card of this colour and number.
    ///
    /// # Panics
    /// If `number` is not a digit (0–9): that is a bug in the caller, never user input,
    /// which goes through [`str::parse`].
    pub const fn new(color: Color, number: u8) -> ColorCard {
        assert!(number <= 9, "a card number is a digit");
        ColorCard { color, number }
    }

    /// `getColor()`.
    pub const fn color(self) -> Color {
        self.color
    }

    /// `getNumber()`.
    pub const fn number(self) -> u8 {
        self.number
    }

    /// `matches(Card)`: the same colour or the same number.
    pub const fn matches(self, other: ColorCard) -> bool {
        self.matches_color(other) || self.matches_number(other)
    }

    /// `matchesColor(Card)`.
    pub const fn matches_color(self, other: ColorCard) -> bool {
        self.color as u8 == other.color as u8
    }

    /// `matchesNumber(Card)`.
    pub const fn matches_number(self, other: ColorCard) -> bool {
        self.number == other.number
    }

    /// A dense index (colour × 10 + number, 0–39), for bit sets and tables.
    pub const fn index(self) -> usize {
        self.color as usize * 10 + self.number as usize
    }

    /// Every card with a number in `numbers`, colour by colour in rainbow order.
    pub fn all(numbers: std::ops::RangeInclusive<u8>) -> impl Iterator<Item = ColorCard> {
        Color::ALL.into_iter().flat_map(move |color| {
            numbers
                .clone()
                .map(move |number| ColorCard::new(color, number))
        })
    }

    /// Parses a card whose number must lie in `min..=max`, as deal files need.
    pub fn parse_in_range(text: &str, min: u8, max: u8) -> Result<ColorCard, ColorCardError> {
        let card: ColorCard = text.parse()?;
        if (min..=max).contains(&card.number) {
            Ok(card)
        } else {
            Err(ColorCardError::Range {
                number: card.number,
                min,
                max,
            })
        }
    }

    /// Parses a card ignoring the case of its letter (`r5` is `R5`), as people type.
    pub fn parse_ignore_case(text: &str) -> Result<ColorCard, ColorCardError> {
        text.trim().to_ascii_uppercase().parse()
    }
}

impl FromStr for ColorCard {
    type Err = ColorCardError;

    /// Parses `R5`: an upper-case colour letter and a digit. A lower-case letter is
    /// refused with a hint, because deal files and output always use upper case.
    fn from_str(text: &str) -> Result<ColorCard, ColorCardError> {
        let mut chars = text.chars();
        let (Some(letter), Some(digit), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(ColorCardError::Shape);
        };
        let color = match (
            Color::from_letter(letter),
            Color::from_letter(letter.to_ascii_uppercase()),
        ) {
            (Some(color), _) => color,
            // The hint names the card to write, so only when the digit makes one.
            (None, Some(_)) if digit.is_ascii_digit() => {
                return Err(ColorCardError::LowerCase(text.to_ascii_uppercase()));
            }
            (None, Some(color)) => color,
            (None, None) => return Err(ColorCardError::Color(letter)),
        };
        let number = digit.to_digit(10).ok_or(ColorCardError::Number(digit))?;
        // to_digit(10) is at most 9, so the cast is exact.
        Ok(ColorCard::new(color, number as u8))
    }
}

impl fmt::Display for ColorCard {
    /// `toString()`: the form the constructor takes, `R5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.color.letter(), self.number)
    }
}

#[cfg(test)]
mod most_held_tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn most_held_breaks_ties_in_rainbow_order() {
        use Color::*;
        assert_eq!(Color::most_held([Blue, Green, Blue]), Blue);
        assert_eq!(Color::most_held([Blue, Yellow]), Yellow);
        assert_eq!(Color::most_held([]), Red);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_colour_is_read_from_its_letter_or_name_in_any_case() {
        for (text, color) in [
            ("B", Color::Blue),
            ("blue", Color::Blue),
            ("gReEn", Color::Green),
            ("y", Color::Yellow),
        ] {
            assert_eq!(text.parse::<Color>(), Ok(color), "{text}");
        }
        for text in ["", "bl", "purple", "R5"] {
            assert_eq!(text.parse::<Color>(), Err(ColorError), "{text}");
        }
        assert_eq!(Color::Red.to_string().parse::<Color>(), Ok(Color::Red));
    }
    use pretty_assertions::assert_eq;

    fn card(text: &str) -> ColorCard {
        text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    #[test]
    fn parses_and_prints_every_card() {
        for c in ColorCard::all(0..=9) {
            assert_eq!(card(&c.to_string()), c);
        }
        assert_eq!(ColorCard::all(1..=8).count(), 32);
    }

    #[test]
    fn rejects_what_is_not_a_card() {
        let cases = [
            ("", ColorCardError::Shape),
            ("R", ColorCardError::Shape),
            ("R10", ColorCardError::Shape),
            ("X3", ColorCardError::Color('X')),
            ("r3", ColorCardError::LowerCase("R3".into())),
            ("RX", ColorCardError::Number('X')),
            // A lower-case letter is hinted at only when the hint is a card.
            ("y\0", ColorCardError::Number('\0')),
        ];
        for (text, want) in cases {
            assert_eq!(text.parse::<ColorCard>(), Err(want), "{text:?}");
        }
        assert_eq!(
            ColorCard::parse_in_range("R9", 1, 8),
            Err(ColorCardError::Range {
                number: 9,
                min: 1,
                max: 8
            })
        );
        assert_eq!(ColorCard::parse_ignore_case(" y7 "), Ok(card("Y7")));
    }

    /// Found by fuzzing (`fuzz/regressions/card_codes/`, `ochos_locos_deal/`): the
    /// messages wrote the character or the hint raw, a NUL or an escape included.
    #[test]
    fn refusals_escape_what_they_quote() {
        let message = |text: &str| text.parse::<ColorCard>().unwrap_err().to_string();
        assert_eq!(message("R\u{13}"), "'\\u{13}' is not a card number");
        assert_eq!(
            message("\u{1b}5"),
            "'\\u{1b}' is not a colour (R, Y, G or B)"
        );
        assert_eq!(message("y\0"), "'\\u{0}' is not a card number");
        assert_eq!(
            ColorCardError::LowerCase("Y\0".into()).to_string(),
            "colour letters are upper case: write Y\\u{0}"
        );
    }

    #[test]
    fn matching() {
        let g3 = card("G3");
        assert!(g3.matches(card("R3")) && g3.matches_number(card("R3")));
        assert!(g3.matches(card("G8")) && g3.matches_color(card("G8")));
        assert!(!g3.matches(card("B4")));
    }

    #[test]
    fn rainbow_order() {
        let mut hand = vec![card("B1"), card("G2"), card("Y3"), card("R4")];
        hand.sort();
        assert_eq!(hand, vec![card("R4"), card("Y3"), card("G2"), card("B1")]);
    }
}
