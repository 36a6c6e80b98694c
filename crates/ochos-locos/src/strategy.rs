//! How a player picks the card to play: Assignment 4's `findMatch` and its overrides in
//! the subclasses `ColorPlayer`, `NumberPlayer` and `StrategicPlayer`, and Assignment 2's
//! choice rule.
//!
//! Java overrides a method in a subclass; here a [`Player`](crate::Player) holds a
//! `&'static dyn Strategy`, so a player's kind is data chosen when the deal is read
//! (`C`, `N`, `S`, `B`) and costs no allocation.

use std::fmt;

use cards_core::ColorCard;

/// A way of choosing which card of a hand to play on the card to match.
pub trait Strategy: fmt::Debug + Sync {
    /// The position in `hand` of the card to play on `target`, or `None` to draw.
    /// Only a card that [`matches`](ColorCard::matches) `target` may be returned.
    fn find_match(&self, hand: &[ColorCard], target: ColorCard) -> Option<usize>;

    /// The letter that names it in a deal file, if it has one.
    fn letter(&self) -> Option<char>;

    /// A short description for reports (`colour first`).
    fn describe(&self) -> &'static str;
}

/// Assignment 4's `Player`: the first card, in the order received, that matches by
/// colour or number.
#[derive(Clone, Copy, Debug, Default)]
pub struct BasicPlayer;

/// Assignment 4's `ColorPlayer`: the first colour match, else a regular match.
#[derive(Clone, Copy, Debug, Default)]
pub struct ColorPlayer;

/// Assignment 4's `NumberPlayer`: the first number match, else a regular match.
#[derive(Clone, Copy, Debug, Default)]
pub struct NumberPlayer;

/// Assignment 4's `StrategicPlayer`: with more number matches than colour matches in
/// hand, the first number match; otherwise the first colour match; otherwise none.
#[derive(Clone, Copy, Debug, Default)]
pub struct StrategicPlayer;

/// Assignment 2's player: with more number matches than colour matches, the number
/// match first in rainbow order; otherwise the colour match with the lowest number.
#[derive(Clone, Copy, Debug, Default)]
pub struct RainbowPlayer;

fn first(hand: &[ColorCard], test: impl Fn(ColorCard) -> bool) -> Option<usize> {
    hand.iter().position(|&card| test(card))
}

/// The position of the smallest card (in `key`'s order) that passes `test`.
fn least(
    hand: &[ColorCard],
    test: impl Fn(ColorCard) -> bool,
    key: impl Fn(ColorCard) -> u8,
) -> Option<usize> {
    (0..hand.len())
        .filter(|&i| test(hand[i]))
        .min_by_key(|&i| key(hand[i]))
}

fn count(hand: &[ColorCard], test: impl Fn(ColorCard) -> bool) -> usize {
    hand.iter().filter(|&&card| test(card)).count()
}

impl Strategy for BasicPlayer {
    fn find_match(&self, hand: &[ColorCard], target: ColorCard) -> Option<usize> {
        first(hand, |card| card.matches(target))
    }
    fn describe(&self) -> &'static str {
        "basic"
    }
    fn letter(&self) -> Option<char> {
        Some('B')
    }
}

impl Strategy for ColorPlayer {
    fn find_match(&self, hand: &[ColorCard], target: ColorCard) -> Option<usize> {
        first(hand, |card| card.matches_color(target))
            .or_else(|| BasicPlayer.find_match(hand, target))
    }
    fn describe(&self) -> &'static str {
        "colour first"
    }
    fn letter(&self) -> Option<char> {
        Some('C')
    }
}

impl Strategy for NumberPlayer {
    fn find_match(&self, hand: &[ColorCard], target: ColorCard) -> Option<usize> {
        first(hand, |card| card.matches_number(target))
            .or_else(|| BasicPlayer.find_match(hand, target))
    }
    fn describe(&self) -> &'static str {
        "number first"
    }
    fn letter(&self) -> Option<char> {
        Some('N')
    }
}

impl Strategy for StrategicPlayer {
    fn find_match(&self, hand: &[ColorCard], target: ColorCard) -> Option<usize> {
        let numbers = count(hand, |card| card.matches_number(target));
        let colors = count(hand, |card| card.matches_color(target));
        if numbers > colors {
            first(hand, |card| card.matches_number(target))
        } else {
            first(hand, |card| card.matches_color(target))
        }
    }
    fn describe(&self) -> &'static str {
        "strategic"
    }
    fn letter(&self) -> Option<char> {
        Some('S')
    }
}

impl Strategy for RainbowPlayer {
    fn find_match(&self, hand: &[ColorCard], target: ColorCard) -> Option<usize> {
        let numbers = count(hand, |card| card.matches_number(target));
        let colors = count(hand, |card| card.matches_color(target));
        if numbers > colors {
            least(
                hand,
                |card| card.matches_number(target),
                |card| card.color() as u8,
            )
        } else {
            least(hand, |card| card.matches_color(target), ColorCard::number)
        }
    }
    fn describe(&self) -> &'static str {
        "assignment 2"
    }
    fn letter(&self) -> Option<char> {
        None
    }
}

/// The strategy a deal file's letter names: `B`, `C`, `N` or `S`.
pub fn strategy_for_letter(letter: &str) -> Option<&'static dyn Strategy> {
    match letter {
        "B" => Some(&BasicPlayer),
        "C" => Some(&ColorPlayer),
        "N" => Some(&NumberPlayer),
        "S" => Some(&StrategicPlayer),
        _ => None,
    }
}

/// The strategies a deal file can name, in the order `B`, `C`, `N`, `S`.
pub const LETTERED: [&dyn Strategy; 4] =
    [&BasicPlayer, &ColorPlayer, &NumberPlayer, &StrategicPlayer];

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    fn cards(text: &str) -> Vec<ColorCard> {
        text.split_whitespace()
            .map(|t| t.parse().unwrap_or_else(|e| panic!("{t}: {e}")))
            .collect()
    }

    /// The card `strategy` plays from `hand` on `target`, as text ("DRAW" for none).
    fn check(strategy: &dyn Strategy, hand: &str, target: &str, want: &str) {
        let hand = cards(hand);
        let target = cards(target)[0];
        let got = strategy
            .find_match(&hand, target)
            .map_or("DRAW".to_owned(), |i| hand[i].to_string());
        assert_eq!(got, want, "{strategy:?} with {hand:?} on {target}");
    }

    #[test]
    fn assignment_2_examples() {
        // Example 1: more threes than reds: the first three in rainbow order.
        check(&RainbowPlayer, "R3 R7 Y3 Y7 G8 B3 B7 B8", "G3", "R3");
        // Example 2: at least as many blues as eights: the lowest blue.
        check(&RainbowPlayer, "R3 R7 Y3 Y7 G8 B7 B8", "B8", "B7");
        // Example 3: no match.
        check(&RainbowPlayer, "R1 R2 G3 G5 B6 B7 B8", "Y4", "DRAW");
        // Rainbow order, not hand order, and counting order for colours.
        check(&RainbowPlayer, "B4 Y4 G1", "R4", "Y4");
        check(&RainbowPlayer, "R7 R2 Y3", "R3", "R2");
    }

    #[test]
    fn assignment_4_strategies() {
        // The text's example: Alice holds R8 G8 Y4 G2 B1 and the discard is G4.
        check(&BasicPlayer, "R8 G8 Y4 G2 B1", "G4", "G8");
        check(&ColorPlayer, "R8 Y4 G2 B1", "G4", "G2");
        check(&ColorPlayer, "R8 Y4 B1", "G4", "Y4");
        check(&NumberPlayer, "R8 G8 Y4 G2", "G4", "Y4");
        check(&NumberPlayer, "R8 G8 G2", "G4", "G8");
        // Strategic: more numbers than colours plays a number, else a colour.
        check(&StrategicPlayer, "G1 Y4 R4", "G4", "Y4");
        check(&StrategicPlayer, "Y4 G1", "G4", "G1");
        check(&StrategicPlayer, "R1 B2", "G4", "DRAW");
        for strategy in LETTERED {
            check(strategy, "R1 B2", "G4", "DRAW");
        }
    }

    #[test]
    fn letters_name_strategies() {
        for strategy in LETTERED {
            let letter = strategy.letter().map(String::from).unwrap_or_default();
            assert_eq!(
                strategy_for_letter(&letter).and_then(|s| s.letter()),
                strategy.letter()
            );
        }
        assert!(strategy_for_letter("X").is_none());
        assert!(strategy_for_letter("c").is_none());
    }
}
