//! How a player picks what to play: Assignment 4's `findMatch` and its overrides in the
//! subclasses `ColorPlayer`, `NumberPlayer` and `StrategicPlayer`, and Assignment 2's
//! choice rule.
//!
//! Java overrides a method in a subclass; here a player's kind is a [`Strategy`] value,
//! chosen when the deal is read (`C`, `N`, `S`, `B`) and held by the
//! [`Player`](crate::Player) as a Java player is of its class. An enum rather than a
//! trait object, so that the simulator's players are dispatched statically.
//!
//! A strategy knows cards and rules, not the game: the game ([`crate::game::Game`]) says
//! which plays the rules allow and asks each seat's strategy, as an agent of the game
//! protocol, to choose among them ([`Strategy::next_action`], in [`crate::game`]), the
//! way the assignments' players do ([`Strategy::action_on`]): [`Strategy::find_match`]
//! for an ordinary turn, the rule set's order for answering a 2
//! ([`crate::rules::TwoRule::answer`]), Assignment 2's preference for a playable 8 and
//! the colours both assignments' players name ([`name_color`]).

use crate::action::Action;
use crate::card::{Color, ColorCard, EIGHT, TWO};
use crate::deck::{DECK_SIZE, Hand, MAX_NUMBER, MIN_NUMBER};
use crate::hand::Place;
use crate::rules::{EightRule, Order, Rules};

/// A way of choosing which card of a hand to play: one per Java class (and Assignment
/// 2's rule).
// Named after the rule each follows, not the Java class (every one ends in `Player`):
// the class names are in each variant's documentation and the crate's mapping table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// Assignment 4's `Player`: the first card, in the order received, that matches by
    /// colour or number.
    Basic,
    /// Assignment 4's `ColorPlayer`: the first colour match, else a regular match.
    ColorFirst,
    /// Assignment 4's `NumberPlayer`: the first number match, else a regular match.
    NumberFirst,
    /// Assignment 4's `StrategicPlayer`: with more number matches than colour matches in
    /// hand, the first number match; otherwise the first colour match; otherwise none.
    Strategic,
    /// Assignment 2's player: with more number matches than colour matches, the number
    /// match first in rainbow order; otherwise the colour match with the lowest number.
    Rainbow,
    /// No assignment's: the strong player, information-set Monte Carlo tree search
    /// ([`crate::mcts`]) at its default budget, letter `M` on the command line
    /// (`--strategies`, `players=`), never in a deal file. It needs the whole observation
    /// (the discard pile, the other hands' sizes), so it chooses in
    /// [`Strategy::next_action`]; asked about a hand alone ([`Strategy::find_match`],
    /// [`Strategy::action_on`]) it answers as [`Strategy::Basic`].
    Mcts,
}

impl Strategy {
    /// The strategies a deal file can name, in the order `B`, `C`, `N`, `S`.
    pub const LETTERED: [Strategy; 4] = [
        Strategy::Basic,
        Strategy::ColorFirst,
        Strategy::NumberFirst,
        Strategy::Strategic,
    ];

    /// `findMatch(Card)`: the [`Place`] in `hand` of the card to play on `target` (as
    /// [`Hand::get`] and indexing read it), or `None` to draw. Only a card that
    /// [`matches`](ColorCard::matches) `target` is returned.
    ///
    /// The Java goes through the hand from the oldest card; a [`Hand`] knows where each
    /// colour and number lies, so "the first card of the colour" is a lookup that finds
    /// the card that walk would.
    #[inline]
    pub fn find_match(self, hand: &Hand, target: ColorCard) -> Option<Place> {
        // ANCHOR: lettered
        // ANCHOR: basic
        let regular = hand.first_match(target);
        match self {
            Strategy::Basic => regular,
            // The search needs more than a hand and a card (see the variant).
            Strategy::Mcts => regular,
            // ANCHOR_END: basic
            Strategy::ColorFirst => hand.first_of_color(target.color()).or(regular),
            Strategy::NumberFirst => hand.first_of_number(target.number()).or(regular),
            Strategy::Strategic => {
                let numbers = hand.count_number(target.number());
                let colors = hand.count_color(target.color());
                if numbers > colors {
                    hand.first_of_number(target.number())
                } else {
                    hand.first_of_color(target.color())
                }
            }
            // ANCHOR_END: lettered
            // ANCHOR: rainbow
            Strategy::Rainbow => {
                let numbers = hand.count_number(target.number());
                let colors = hand.count_color(target.color());
                if numbers > colors {
                    // The number match first in rainbow order.
                    Color::ALL
                        .into_iter()
                        .find_map(|color| hand.position(ColorCard::new(color, target.number())))
                } else {
                    // The colour match with the lowest number.
                    (MIN_NUMBER..=MAX_NUMBER)
                        .find_map(|number| hand.position(ColorCard::new(target.color(), number)))
                }
            }
        }
        // ANCHOR_END: rainbow
    }

    /// The letter that names it in a deal file (`B`, `C`, `N`, `S`) or, for the search,
    /// on the command line only (`M`), if it has one.
    pub const fn letter(self) -> Option<char> {
        match self {
            Strategy::Basic => Some('B'),
            Strategy::ColorFirst => Some('C'),
            Strategy::NumberFirst => Some('N'),
            Strategy::Strategic => Some('S'),
            Strategy::Rainbow => None,
            Strategy::Mcts => Some('M'),
        }
    }

    /// A short description for reports (`colour first`).
    pub const fn describe(self) -> &'static str {
        match self {
            Strategy::Basic => "basic",
            Strategy::ColorFirst => "colour first",
            Strategy::NumberFirst => "number first",
            Strategy::Strategic => "strategic",
            Strategy::Rainbow => "assignment 2",
            Strategy::Mcts => "IS-MCTS",
        }
    }

    /// The strategy a deal file's letter names: `B`, `C`, `N` or `S`.
    pub fn for_letter(letter: &str) -> Option<Strategy> {
        Strategy::LETTERED
            .into_iter()
            .find(|strategy| strategy.letter().is_some_and(|l| letter == l.to_string()))
    }

    /// The strategy a seat's letter names where a seat is chosen (`--strategies`, a
    /// setup's `players=`): a deal file's, or `M` for the search. A deal file is the
    /// assignment's input and keeps its four letters ([`Strategy::for_letter`]).
    pub fn for_seat_letter(letter: &str) -> Option<Strategy> {
        match letter {
            "M" => Some(Strategy::Mcts),
            letter => Strategy::for_letter(letter),
        }
    }

    /// What the assignment's player does on a turn under `rules`, holding `hand` (oldest
    /// card first), with `target` the card to match and `pending_twos` fresh 2s waiting:
    /// answer a fresh 2, else (Assignment 2) play a playable 8, else [`find_match`]; an 8
    /// names the colour the rule set's players name ([`name_color`]). The game asks it
    /// from a seat's observation ([`Strategy::next_action`]).
    ///
    /// [`find_match`]: Strategy::find_match
    #[inline]
    pub fn action_for(
        self,
        rules: &Rules,
        hand: &Hand,
        target: ColorCard,
        pending_twos: u8,
    ) -> Action {
        // ANCHOR: next_action
        let place = match rules.two {
            Some(rule) if pending_twos > 0 => match rule.answer {
                Order::Hand => hand.first_of_number(TWO),
                Order::Rainbow => Color::ALL
                    .into_iter()
                    .find_map(|color| hand.position(ColorCard::new(color, TWO))),
            },
            _ => {
                // The Loco rule comes before the player's usual choice: the first
                // playable 8 in rainbow order.
                let loco = match rules.eight {
                    Some(EightRule::Loco) => Color::ALL
                        .into_iter()
                        .map(|color| ColorCard::new(color, EIGHT))
                        .filter(|eight| eight.matches(target))
                        .find_map(|eight| hand.position(eight)),
                    _ => None,
                };
                loco.or_else(|| self.find_match(hand, target))
            }
        };
        // ANCHOR_END: next_action
        let Some((place, &card)) = place.and_then(|place| Some((place, hand.get(place)?))) else {
            return Action::Draw;
        };
        let chosen = match rules.eight {
            // A winning 8 (the last card) names nothing.
            Some(rule) if card.number() == EIGHT && hand.len() > 1 => {
                Some(name_color(rule, hand, place))
            }
            _ => None,
        };
        Action::Play { card, chosen }
    }

    /// [`Strategy::action_for`] a hand given as a plain list of cards, as a front end
    /// that holds an observation as plain data has it (the Python package's policies
    /// choose from an observation array). A hand holds at most the deck's 32 cards: the
    /// rest of a longer list is not read.
    pub fn action_on(
        self,
        rules: Rules,
        hand: &[ColorCard],
        target: ColorCard,
        pending_twos: u8,
    ) -> Action {
        let held = Hand::from_cards(&hand[..hand.len().min(DECK_SIZE)]).unwrap_or_default();
        self.action_for(&rules, &held, target, pending_twos)
    }
}

// ANCHOR: name_color
/// The colour the assignment's player names when laying the 8 at [`Place`] `played` of `hand`
/// (the hand as it is before the 8 leaves it, with at least one other card).
pub fn name_color(rule: EightRule, hand: &Hand, played: Place) -> Color {
    let eight = hand.get(played).map_or(Color::Red, |card| card.color());
    match rule {
        // The first colour in rainbow order among the cards that stay.
        EightRule::Loco => Color::ALL
            .into_iter()
            .find(|&color| hand.count_color(color) > usize::from(color == eight))
            .unwrap_or(eight),
        // The colour held most, the 8 being played included; ties in rainbow order.
        EightRule::MostHeld => Color::most_held(hand.iter().map(|card| card.color())),
    }
}
// ANCHOR_END: name_color

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    fn cards(text: &str) -> Hand {
        let cards: Vec<ColorCard> = text
            .split_whitespace()
            .map(|t| t.parse().unwrap_or_else(|e| panic!("{t}: {e}")))
            .collect();
        Hand::from_cards(&cards).unwrap()
    }

    /// The card `strategy` plays from `hand` on `target`, as text ("DRAW" for none).
    fn check(strategy: Strategy, hand: &str, target: &str, want: &str) {
        let hand = cards(hand);
        let target = *cards(target).first().expect("a target card");
        let got = strategy
            .find_match(&hand, target)
            .map_or("DRAW".to_owned(), |place| hand[place].to_string());
        assert_eq!(got, want, "{strategy:?} with {hand:?} on {target}");
    }

    #[test]
    fn assignment_2_examples() {
        use Strategy::Rainbow;
        // Example 1: more threes than reds: the first three in rainbow order.
        check(Rainbow, "R3 R7 Y3 Y7 G8 B3 B7 B8", "G3", "R3");
        // Example 2: at least as many blues as eights: the lowest blue.
        check(Rainbow, "R3 R7 Y3 Y7 G8 B7 B8", "B8", "B7");
        // Example 3: no match.
        check(Rainbow, "R1 R2 G3 G5 B6 B7 B8", "Y4", "DRAW");
        // Rainbow order, not hand order, and counting order for colours.
        check(Rainbow, "B4 Y4 G1", "R4", "Y4");
        check(Rainbow, "R7 R2 Y3", "R3", "R2");
    }

    #[test]
    fn assignment_4_strategies() {
        use Strategy::*;
        // The text's example: Alice holds R8 G8 Y4 G2 B1 and the discard is G4.
        check(Basic, "R8 G8 Y4 G2 B1", "G4", "G8");
        check(ColorFirst, "R8 Y4 G2 B1", "G4", "G2");
        check(ColorFirst, "R8 Y4 B1", "G4", "Y4");
        check(NumberFirst, "R8 G8 Y4 G2", "G4", "Y4");
        check(NumberFirst, "R8 G8 G2", "G4", "G8");
        // Strategic: more numbers than colours plays a number, else a colour.
        check(Strategic, "G1 Y4 R4", "G4", "Y4");
        check(Strategic, "Y4 G1", "G4", "G1");
        check(Strategic, "R1 B2", "G4", "DRAW");
        for strategy in Strategy::LETTERED {
            check(strategy, "R1 B2", "G4", "DRAW");
        }
    }

    #[test]
    fn letters_name_strategies() {
        for strategy in Strategy::LETTERED {
            let letter = strategy.letter().map(String::from).unwrap_or_default();
            assert_eq!(Strategy::for_letter(&letter), Some(strategy));
        }
        assert!(Strategy::for_letter("X").is_none());
        assert!(Strategy::for_letter("c").is_none());
        assert!(Strategy::for_letter("").is_none());
        // The search is seated by M, never read from a deal file.
        assert_eq!(Strategy::for_seat_letter("M"), Some(Strategy::Mcts));
        assert_eq!(Strategy::for_letter("M"), None);
        assert_eq!(Strategy::for_seat_letter("S"), Some(Strategy::Strategic));
        assert!(Strategy::for_seat_letter("m").is_none());
    }

    #[test]
    fn colors_named_with_an_eight() {
        // Loco: the first colour in rainbow order among the cards that stay (B8 G3 Y8
        // R1 without Y8: R).
        let hand = cards("B8 G3 Y8 R1");
        let y8 = hand.first_of_color(Color::Yellow).unwrap();
        assert_eq!(name_color(EightRule::Loco, &hand, y8), Color::Red);
        // Most held, the 8 itself counted: G8 B1 B3 Y3 Y4 is Y 2, B 2, G 1: yellow.
        let hand = cards("G8 B1 B3 Y3 Y4");
        let g8 = hand.first_of_color(Color::Green).unwrap();
        assert_eq!(name_color(EightRule::MostHeld, &hand, g8), Color::Yellow);
    }
}
