//! The rule switches, and the five values of them the seven rule sets of the assignments
//! play by.
//!
//! There is one engine ([`crate::Game`]); a rule set is a [`Rules`] value (which extra
//! rules are on) plus a [`Variant`] (how a deal is read and a game printed). Assignment 2
//! builds Problem 2 by adding the Rule of Two to Problem 1 and Problem 3 by adding the
//! Loco rule; Assignment 4's FullGame is its Game with the 2-card and 8-card rules on.
//!
//! [`Rules`] is the game's settings, as every game's `Rules` in the workspace is (War's
//! players and caps, Quattro's deck and turn cap, Pig's dice and goal). Ochos Locos has
//! no cap and no goal to set: its games end by the rules (a winner, the deck run out, or
//! a stalemate). Its players are not settings but the table's seats, added one by one as
//! the assignments' `addPlayer` does ([`crate::Game::add_player`]).

use std::fmt;
use std::str::FromStr;

use cards_core::names::{RuleSet, UnknownRuleSet, parse_rule_set};

/// Which extra rules a game plays with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// What a 2 does, if anything.
    pub two: Option<TwoRule>,
    /// What an 8 does, if anything.
    pub eight: Option<EightRule>,
    /// When a game ends without a winner.
    pub end: EndRule,
}

/// The rule for 2s: the next player answers with a 2 or misses the turn and draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TwoRule {
    /// Which 2 the assignment's players answer with when holding several. The game
    /// accepts any 2; the [`Strategy`](crate::Strategy) agents follow this order.
    pub answer: Order,
    /// How many cards a player who cannot answer draws.
    pub penalty: Penalty,
}

/// An order in which a player looks through their hand for a forced card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// The first in rainbow order, red-yellow-green-blue (Assignment 2).
    Rainbow,
    /// The first in the order the cards were received (Assignment 4).
    Hand,
}

/// The penalty for not answering a 2.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Penalty {
    /// Always two cards, whatever came before (Assignment 2's `TAKE TWO`).
    Two,
    /// Two cards for each 2 in the chain of consecutive 2s just played (Assignment 4).
    TwoPerTwo,
}

// ANCHOR: penalty
impl Penalty {
    /// The number of cards to draw after a chain of `twos` consecutive 2s.
    pub const fn cards(self, twos: u8) -> u8 {
        match self {
            Penalty::Two => 2,
            Penalty::TwoPerTwo => twos.saturating_mul(2),
        }
    }
}
// ANCHOR_END: penalty

/// The rule for 8s: the player who lays one chooses the colour to follow (unless it is
/// their last card). The game accepts any colour; the variants say how the assignment's
/// players choose, which the [`Strategy`](crate::Strategy) agents do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EightRule {
    /// Assignment 2's Loco rule: a player who may play an 8 always does (the first in
    /// rainbow order), before any other choice, and chooses the first colour in rainbow
    /// order among the cards left in their hand.
    Loco,
    /// Assignment 4's 8-card rule: an 8 is played when the player's strategy picks it,
    /// and the player chooses the colour they hold most of, counting the hand as it is
    /// when they choose (the 8 being played included); ties go red, yellow, green, blue.
    MostHeld,
}

/// The rule for the end of the deck: how a game can end without a winner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndRule {
    /// Assignment 2: play goes on when the draw pile is empty (a player who cannot
    /// play passes) until someone wins, or every player has passed in a row
    /// (a stalemate, which the text does not foresee).
    PlayOn,
    /// Assignment 4: the game ends when a draw takes the last card of the deck, or a
    /// draw is needed from an empty deck.
    DeckOut,
}

impl Rules {
    // ANCHOR: match_making
    /// Assignment 2, Problem 1: matching only.
    pub const MATCH_MAKING: Rules = Rules {
        two: None,
        eight: None,
        end: EndRule::PlayOn,
    };
    // ANCHOR_END: match_making
    // ANCHOR: take_two
    /// Assignment 2, Problem 2: Problem 1 with the Rule of Two.
    pub const TAKE_TWO: Rules = Rules {
        two: Some(TwoRule {
            answer: Order::Rainbow,
            penalty: Penalty::Two,
        }),
        ..Rules::MATCH_MAKING
    };
    // ANCHOR_END: take_two
    // ANCHOR: going_wild
    /// Assignment 2, Problems 3 and 4: Problem 2 with the Loco rule.
    pub const GOING_WILD: Rules = Rules {
        eight: Some(EightRule::Loco),
        ..Rules::TAKE_TWO
    };
    // ANCHOR_END: going_wild
    // ANCHOR: game
    /// Assignment 4, Parts I and II: the `Game` class.
    pub const GAME: Rules = Rules {
        two: None,
        eight: None,
        end: EndRule::DeckOut,
    };
    // ANCHOR_END: game
    // ANCHOR: full_game
    /// Assignment 4, Part III: the `FullGame` class, `Game` with the 2-card and 8-card
    /// rules.
    pub const FULL_GAME: Rules = Rules {
        two: Some(TwoRule {
            answer: Order::Hand,
            penalty: Penalty::TwoPerTwo,
        }),
        eight: Some(EightRule::MostHeld),
        ..Rules::GAME
    };
    // ANCHOR_END: full_game
}

/// One of the seven rule sets, as a subcommand names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Assignment 2, Problem 1 (three players).
    MatchMaking,
    /// Assignment 2, Problem 2 (Rule of Two).
    TakeTwo,
    /// Assignment 2, Problem 3 (Loco rule).
    GoingWild,
    /// Assignment 2, Problem 4 (N players).
    MoreTheMerrier,
    /// Assignment 4, Part I.
    Faciles,
    /// Assignment 4, Part II (strategies).
    Diversidad,
    /// Assignment 4, Part III (FullGame).
    Completos,
}

/// How a deal file is laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DealFormat {
    /// Assignment 2: hands of cards only, one line each, for a fixed number of players
    /// (`Some(3)`, Problems 1–3) or after a line with the number of players (`None`,
    /// Problem 4).
    Numbered {
        /// The fixed number of players, if the deal does not say.
        players: Option<usize>,
    },
    /// Assignment 4: the number of players, then `Name [Strategy] C1 … C5` lines.
    Named {
        /// Whether each line names a strategy letter (Parts II and III).
        strategies: bool,
    },
}

/// The smallest number of players of any rule set.
pub const MIN_PLAYERS: usize = 2;
/// The largest: six hands of five and a discard card take 31 of the 32 cards.
pub const MAX_PLAYERS: usize = 6;
/// Cards in a starting hand.
pub const HAND_SIZE: usize = 5;

impl Variant {
    /// All rule sets, in the assignments' order.
    pub const ALL: [Variant; 7] = [
        Variant::MatchMaking,
        Variant::TakeTwo,
        Variant::GoingWild,
        Variant::MoreTheMerrier,
        Variant::Faciles,
        Variant::Diversidad,
        Variant::Completos,
    ];

    /// The subcommand's name (`match-making`).
    pub const fn name(self) -> &'static str {
        match self {
            Variant::MatchMaking => "match-making",
            Variant::TakeTwo => "take-two",
            Variant::GoingWild => "going-wild",
            Variant::MoreTheMerrier => "more-the-merrier",
            Variant::Faciles => "faciles",
            Variant::Diversidad => "diversidad",
            Variant::Completos => "completos",
        }
    }

    /// The rules it plays by.
    pub const fn rules(self) -> Rules {
        match self {
            Variant::MatchMaking => Rules::MATCH_MAKING,
            Variant::TakeTwo => Rules::TAKE_TWO,
            Variant::GoingWild | Variant::MoreTheMerrier => Rules::GOING_WILD,
            Variant::Faciles | Variant::Diversidad => Rules::GAME,
            Variant::Completos => Rules::FULL_GAME,
        }
    }

    // ANCHOR: format
    /// How its deals are written.
    pub const fn format(self) -> DealFormat {
        match self {
            Variant::MatchMaking | Variant::TakeTwo | Variant::GoingWild => {
                DealFormat::Numbered { players: Some(3) }
            }
            Variant::MoreTheMerrier => DealFormat::Numbered { players: None },
            Variant::Faciles => DealFormat::Named { strategies: false },
            Variant::Diversidad | Variant::Completos => DealFormat::Named { strategies: true },
        }
    }
    // ANCHOR_END: format

    /// Whether it belongs to Assignment 2 (numbered output) rather than 4 (named).
    pub const fn is_assignment_2(self) -> bool {
        matches!(self.format(), DealFormat::Numbered { .. })
    }

    /// The players a deal has when nobody says: 3 where the rule set fixes it, else 4
    /// (as in the assignments' examples).
    pub const fn default_players(self) -> usize {
        match self.format() {
            DealFormat::Numbered { players: Some(n) } => n,
            _ => 4,
        }
    }

    /// The assignment's own example deal for this rule set.
    pub const fn sample(self) -> &'static str {
        match self {
            Variant::MatchMaking => include_str!("samples/a2-p1-match-making-1.in"),
            Variant::TakeTwo => include_str!("samples/a2-p2-take-two.in"),
            Variant::GoingWild => include_str!("samples/a2-p3-going-wild.in"),
            Variant::MoreTheMerrier => include_str!("samples/a2-p4-more-the-merrier.in"),
            Variant::Faciles => include_str!("samples/a4-p1-faciles.in"),
            Variant::Diversidad => include_str!("samples/a4-p2-diversidad.in"),
            Variant::Completos => include_str!("samples/a4-p3-completos.in"),
        }
    }
}

impl RuleSet for Variant {
    const ALL: &'static [Variant] = &Variant::ALL;

    fn name(self) -> &'static str {
        Variant::name(self)
    }
}

impl FromStr for Variant {
    type Err = UnknownRuleSet;

    /// Reads a subcommand's name (`going-wild`).
    fn from_str(name: &str) -> Result<Variant, UnknownRuleSet> {
        parse_rule_set(name)
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
