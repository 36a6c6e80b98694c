//! The two rule sets: the game as the assignment specifies it, and the same game with the
//! Uno expansion cards in the deck. One engine plays both; the rule set only decides
//! which cards are in the deck.

use std::fmt;
use std::str::FromStr;

use cards_core::Color;
use cards_core::names::{RuleSet, UnknownRuleSet, parse_rule_set};

use crate::card::{Card, Symbol, WildCard};

/// Which cards the deck holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Rules {
    /// The assignment's game: 40 number cards, R, Y, G, B × 0–9.
    #[default]
    Quattro,
    /// The expansion made real: the 40 number cards, one Skip, Reverse and Draw Two of
    /// each colour (12), two Wilds and two Wild Draw Fours: 56 cards, every code but
    /// `W` and `W+4` unique.
    Uno,
}

/// The number of players: the game is Quattro, one person against three bots.
pub const PLAYERS: usize = 4;

/// How many cards each player is dealt (the assignment: three).
pub const HAND_SIZE: usize = 3;

/// How many wild cards of each kind the Uno deck holds.
const WILDS_OF_EACH_KIND: usize = 2;

impl RuleSet for Rules {
    const ALL: &'static [Rules] = &[Rules::Quattro, Rules::Uno];

    /// The name used on the command line (`--rules quattro`).
    fn name(self) -> &'static str {
        match self {
            Rules::Quattro => "quattro",
            Rules::Uno => "uno",
        }
    }
}

impl Rules {
    // ANCHOR: deck
    /// The deck in a fixed order (colour by colour, numbers first), before shuffling.
    pub fn deck(self) -> Vec<Card> {
        let mut deck: Vec<Card> = cards_core::ColorCard::all(0..=9).map(Card::from).collect();
        if self == Rules::Uno {
            for color in Color::ALL {
                deck.extend(Symbol::ALL.map(|symbol| Card::special(color, symbol)));
            }
            for wild in [WildCard::Wild, WildCard::WildDrawFour] {
                deck.extend([Card::Wild(wild)].repeat(WILDS_OF_EACH_KIND));
            }
        }
        deck
    }
    // ANCHOR_END: deck

    /// Whether the deck of these rules holds `card`.
    pub fn has(self, card: Card) -> bool {
        match self {
            Rules::Quattro => matches!(card, Card::Standard(_)),
            Rules::Uno => true,
        }
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Rules {
    type Err = UnknownRuleSet;

    fn from_str(text: &str) -> Result<Rules, UnknownRuleSet> {
        parse_rule_set(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn deck_compositions() {
        let quattro = Rules::Quattro.deck();
        assert_eq!(quattro.len(), 40);
        assert!(quattro.iter().all(|&c| Rules::Quattro.has(c)));
        let uno = Rules::Uno.deck();
        assert_eq!(uno.len(), 56);
        let count = |want: Card| uno.iter().filter(|&&c| c == want).count();
        assert_eq!(count(Card::Wild(WildCard::Wild)), 2);
        assert_eq!(count(Card::Wild(WildCard::WildDrawFour)), 2);
        assert_eq!(count(Card::special(Color::Blue, Symbol::DrawTwo)), 1);
        assert!(!Rules::Quattro.has(Card::Wild(WildCard::Wild)));
    }

    #[test]
    fn parses_names() {
        assert_eq!("UNO".parse(), Ok(Rules::Uno));
        assert_eq!("quattro".parse(), Ok(Rules::Quattro));
        assert_eq!(
            "uni".parse::<Rules>().map_err(|e| e.to_string()),
            Err("unknown rule set 'uni': use quattro or uno".to_owned())
        );
    }
}
