//! The settings of a game ([`Rules`]), as in every game of the workspace: the deck
//! ([`Variant`]) and the turn cap. There are two decks, the game as the assignment
//! specifies it and the same game with the Uno expansion cards; one engine plays both,
//! the variant only deciding which cards are in the deck.

use std::fmt;
use std::str::FromStr;

use cards_core::Color;
use cards_core::names::{RuleSet, UnknownRuleSet, parse_rule_set};

use crate::card::{Card, Symbol, WildCard};

/// Which cards the deck holds: the named rule set (`--rules`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Variant {
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

impl RuleSet for Variant {
    const ALL: &'static [Variant] = &[Variant::Quattro, Variant::Uno];

    /// The name used on the command line (`--rules quattro`).
    fn name(self) -> &'static str {
        match self {
            Variant::Quattro => "quattro",
            Variant::Uno => "uno",
        }
    }
}

impl Variant {
    // ANCHOR: deck
    /// The deck in a fixed order (colour by colour, numbers first), before shuffling.
    pub fn deck(self) -> Vec<Card> {
        let mut deck: Vec<Card> = cards_core::ColorCard::all(0..=9).map(Card::from).collect();
        if self == Variant::Uno {
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

    /// Whether the deck of this variant holds `card`.
    pub fn has(self, card: Card) -> bool {
        match self {
            Variant::Quattro => matches!(card, Card::Standard(_)),
            Variant::Uno => true,
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Variant {
    type Err = UnknownRuleSet;

    fn from_str(text: &str) -> Result<Variant, UnknownRuleSet> {
        parse_rule_set(text)
    }
}

/// The settings of a game: its deck ([`Variant`]) and the most turns it may take before
/// it ends with no winner (`--max-turns`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    variant: Variant,
    max_turns: u32,
}

impl Rules {
    /// The turn cap when none is given: far above any game seen in simulation (see the
    /// crate docs), so it only stops a game that has lost its way.
    pub const DEFAULT_MAX_TURNS: u32 = 1000;

    /// The game of `variant` with the default turn cap.
    pub const fn new(variant: Variant) -> Rules {
        Rules {
            variant,
            max_turns: Rules::DEFAULT_MAX_TURNS,
        }
    }

    /// The same rules ending a game with no winner once `max_turns` turns have been
    /// taken. Any cap is a game: 0 ends it after its first turn (a recording may name
    /// it); the command line asks for 1 or more.
    pub const fn with_max_turns(self, max_turns: u32) -> Rules {
        Rules { max_turns, ..self }
    }

    /// The deck's variant.
    pub const fn variant(self) -> Variant {
        self.variant
    }

    /// The turn cap.
    pub const fn max_turns(self) -> u32 {
        self.max_turns
    }

    /// The variant's deck in its fixed order ([`Variant::deck`]).
    pub fn deck(self) -> Vec<Card> {
        self.variant.deck()
    }

    /// Whether the variant's deck holds `card` ([`Variant::has`]).
    pub fn has(self, card: Card) -> bool {
        self.variant.has(card)
    }
}

impl Default for Rules {
    /// The assignment's game: the 40 number cards, the default turn cap.
    fn default() -> Rules {
        Rules::new(Variant::Quattro)
    }
}

impl From<Variant> for Rules {
    /// [`Rules::new`].
    fn from(variant: Variant) -> Rules {
        Rules::new(variant)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn deck_compositions() {
        let quattro = Variant::Quattro.deck();
        assert_eq!(quattro.len(), 40);
        assert!(quattro.iter().all(|&c| Variant::Quattro.has(c)));
        let uno = Variant::Uno.deck();
        assert_eq!(uno.len(), 56);
        let count = |want: Card| uno.iter().filter(|&&c| c == want).count();
        assert_eq!(count(Card::Wild(WildCard::Wild)), 2);
        assert_eq!(count(Card::Wild(WildCard::WildDrawFour)), 2);
        assert_eq!(count(Card::special(Color::Blue, Symbol::DrawTwo)), 1);
        assert!(!Variant::Quattro.has(Card::Wild(WildCard::Wild)));
    }

    /// The default is the assignment's game: its 40 number cards and the cap of 1000
    /// turns that `--max-turns` and the face's setup take when none is given; a cap set
    /// keeps the deck, and the deck is the variant's.
    #[test]
    fn the_rules_are_the_deck_and_the_turn_cap() {
        let assignment = Rules::default();
        assert_eq!(
            (assignment.variant(), assignment.max_turns()),
            (Variant::Quattro, 1000)
        );
        assert_eq!(assignment.deck().len(), 40);
        assert!(!assignment.has(Card::Wild(WildCard::Wild)));
        let uno = Rules::new(Variant::Uno).with_max_turns(7);
        assert_eq!((uno.variant(), uno.max_turns()), (Variant::Uno, 7));
        assert_eq!(uno.deck(), Variant::Uno.deck());
        assert!(uno.has(Card::Wild(WildCard::Wild)));
        assert_eq!(Rules::from(Variant::Uno), Rules::new(Variant::Uno));
    }

    #[test]
    fn parses_names() {
        assert_eq!("UNO".parse(), Ok(Variant::Uno));
        assert_eq!("quattro".parse(), Ok(Variant::Quattro));
        assert_eq!(
            "uni".parse::<Variant>().map_err(|e| e.to_string()),
            Err("unknown rule set 'uni': use quattro or uno".to_owned())
        );
    }
}
