//! Cards in their colours at a terminal, the one way for every game: a [`CardStyle`]
//! (plain, or ANSI colours) wraps a card, or anything else a game colours, in a
//! [`Painted`] value that displays with or without the escape codes.
//!
//! Plain is the default and writes the games' exact bytes (what the assignments print,
//! every test and every pipe reads); the binaries choose `Ansi` in one place, only when
//! standard output is a terminal and `NO_COLOR` is unset
//! (`cli::stdout_wants_color`, with the `clap` feature). Each card type says its own
//! colour by implementing [`Paint`].

use std::fmt;

use crate::color::{Color, ColorCard};

/// How cards are written: as their codes only, or in ANSI colours.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CardStyle {
    /// As codes and words only: the exact transcript, byte for byte.
    #[default]
    Plain,
    /// In ANSI colours, for a person at a terminal (the escape codes would corrupt a
    /// file or a test's expectation).
    Ansi,
}

/// A thing with a colour at the terminal: its ANSI foreground (SGR) code.
pub trait Paint {
    /// The SGR code a terminal shows it in (31 red, 33 yellow, 32 green, 34 blue, 35
    /// magenta, 1 bold).
    fn sgr(&self) -> u8;
}

impl Paint for Color {
    fn sgr(&self) -> u8 {
        self.ansi_code()
    }
}

impl Paint for ColorCard {
    fn sgr(&self) -> u8 {
        self.color().ansi_code()
    }
}

impl CardStyle {
    /// The style of a terminal that does (`true`) or does not want colours.
    pub fn ansi_if(colors: bool) -> CardStyle {
        match colors {
            true => CardStyle::Ansi,
            false => CardStyle::Plain,
        }
    }

    /// `card` (or a colour), in its own colour in this style.
    pub fn card<C: Paint>(self, card: C) -> Painted<C> {
        let sgr = card.sgr();
        self.paint(card, sgr)
    }

    /// A colour's name (`green`), in that colour in this style.
    pub fn color_name(self, color: Color) -> Painted<&'static str> {
        self.paint(color.name(), color.ansi_code())
    }

    /// `value`, in the colour of SGR code `sgr` in this style.
    pub fn paint<T>(self, value: T, sgr: u8) -> Painted<T> {
        Painted {
            value,
            sgr: match self {
                CardStyle::Plain => None,
                CardStyle::Ansi => Some(sgr),
            },
        }
    }
}

/// A value wrapped in its ANSI colour when the [`CardStyle`] says so. A width given when
/// formatting pads the value inside the colour, so columns line up as in plain text.
#[derive(Clone, Copy, Debug)]
pub struct Painted<T> {
    value: T,
    sgr: Option<u8>,
}

impl<T: fmt::Display> fmt::Display for Painted<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(code) = self.sgr {
            write!(f, "\x1b[{code}m")?;
        }
        if f.width().is_some() {
            f.pad(&self.value.to_string())?;
        } else {
            write!(f, "{}", self.value)?;
        }
        // Each value resets what it set, so nothing leaks into the rest of the line.
        if self.sgr.is_some() {
            f.write_str("\x1b[0m")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn color_only_when_wanted() {
        assert_eq!(CardStyle::ansi_if(true), CardStyle::Ansi);
        assert_eq!(CardStyle::ansi_if(false), CardStyle::Plain);
    }

    #[test]
    fn plain_is_the_value_and_ansi_wraps_it() {
        let card = ColorCard::new(Color::Red, 5);
        assert_eq!(CardStyle::Plain.card(card).to_string(), "R5");
        assert_eq!(CardStyle::Ansi.card(card).to_string(), "\x1b[31mR5\x1b[0m");
        assert_eq!(
            CardStyle::Ansi.card(Color::Blue).to_string(),
            "\x1b[34mB\x1b[0m"
        );
        // The padding goes inside the colour, so a plain and a coloured column align.
        assert_eq!(format!("{:>4}|", CardStyle::Plain.card(card)), "  R5|");
        assert_eq!(
            format!("{:>4}|", CardStyle::Ansi.paint("ab", 1)),
            "\x1b[1m  ab\x1b[0m|"
        );
    }
}
