//! Dice files: a game's rolls written down, one a line, for `pig --dice FILE`; and
//! written from a seed by `pig dice`.
//!
//! Under the two-dice rules a line holds the two dice, the first die first (`3 5`); under
//! classic rules it holds one die (`4`). Blank lines are skipped. A file is read and
//! checked whole before anything is played, and every problem is reported with its line,
//! column and token.
//!
//! `pig dice --seed S` writes the rolls the seed gives, in the order a game draws them
//! ([`Variant::throw`](crate::rules::Variant::throw), the draw of the game's chance
//! nodes), so `pig --dice FILE` with the same answers plays the game of `pig --seed S`.

use std::io::{self, Write};

use cards_core::{ParseError, Token, Tokens};
use rand::Rng;

use crate::dice::{PigDice, Throw};
use crate::rules::Variant;

/// Reads the rolls of a dice file written for these dice.
pub fn parse_dice(variant: Variant, text: &str) -> Result<Vec<Throw>, ParseError> {
    let mut tokens = Tokens::new(text);
    tokens.refuse_blank(format_args!(
        "the dice file holds no rolls: {}",
        one_roll(variant)
    ))?;
    let mut throws = Vec::new();
    while !tokens.at_end() {
        let line = tokens.next_line("a roll")?;
        if let Some(extra) = line.tokens.get(variant.dice()) {
            return Err(extra.error(format!("{}; this is one die too many", one_roll(variant))));
        }
        let faces = line
            .tokens
            .iter()
            .map(face)
            .collect::<Result<Vec<u8>, ParseError>>()?;
        let throw = match (variant, faces.as_slice()) {
            (Variant::TwoDice, &[die1, die2]) => PigDice::new(die1, die2).map(Throw::Pair),
            (Variant::Classic, &[die]) => Some(Throw::Single(die)),
            _ => None,
        };
        // Every face was checked, so only a short line is left to refuse here.
        let throw = throw.ok_or_else(|| {
            line.tokens[0].error(format!("{}; this line has only one", one_roll(variant)))
        })?;
        throws.push(throw);
    }
    Ok(throws)
}

/// What one line holds with these dice, with an example.
fn one_roll(variant: Variant) -> &'static str {
    match variant {
        Variant::TwoDice => "a roll under the two-dice rules is two dice on a line, like `3 5`",
        Variant::Classic => "a roll under the classic rules is one die on a line, like `4`",
    }
}

/// A die's face: one digit, 1 to 6 (not `+3` or `03`, which a number parser would take,
/// and `pig dice` never writes).
fn face(token: &Token<'_>) -> Result<u8, ParseError> {
    match token.text.as_bytes() {
        &[digit @ b'1'..=b'6'] => Ok(digit - b'0'),
        _ => Err(token.error("a die shows a number from 1 to 6")),
    }
}

/// Writes one roll as a line of a dice file of these dice (`3 5`, or `4` for one die). A
/// throw of the other rules' dice is refused ([`io::ErrorKind::InvalidInput`]): the file
/// would not read back ([`parse_dice`] with the same dice).
pub fn write_roll(out: &mut impl Write, variant: Variant, throw: Throw) -> io::Result<()> {
    if throw.variant() != variant {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "a {} throw in a dice file of {variant} rules",
                throw.variant()
            ),
        ));
    }
    match throw {
        Throw::Pair(dice) => writeln!(out, "{} {}", dice.die1(), dice.die2()),
        Throw::Single(die) => writeln!(out, "{die}"),
    }
}

/// Writes the next `count` rolls of these dice that `rng` gives, one a line: the rolls a
/// game seeded with the same generator would play, in order.
pub fn write_dice<R: Rng + ?Sized>(
    out: &mut impl Write,
    variant: Variant,
    rng: &mut R,
    count: u64,
) -> io::Result<()> {
    for _ in 0..count {
        write_roll(out, variant, variant.throw(rng))?;
    }
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards_core::names::RuleSet;
    use cards_core::rng::rng_from_seed;
    use pretty_assertions::assert_eq;

    fn pair(a: u8, b: u8) -> Throw {
        Throw::Pair(PigDice::new(a, b).unwrap_or_else(|| panic!("({a},{b})")))
    }

    #[test]
    fn reads_rolls_one_a_line() {
        assert_eq!(
            parse_dice(Variant::TwoDice, "3 5\n\n 1\t1 \n6 6\n"),
            Ok(vec![pair(3, 5), pair(1, 1), pair(6, 6)])
        );
        assert_eq!(
            parse_dice(Variant::Classic, "4\n1\n"),
            Ok(vec![Throw::Single(4), Throw::Single(1)])
        );
    }

    #[test]
    fn refusals_name_line_column_and_token() {
        let cases = [
            (
                Variant::TwoDice,
                "3 5\n2 7\n",
                "line 2, column 3: `7`: a die shows a number from 1 to 6",
            ),
            (
                Variant::TwoDice,
                "0 5\n",
                "line 1, column 1: `0`: a die shows a number from 1 to 6",
            ),
            (
                Variant::TwoDice,
                "3,5\n",
                "line 1, column 1: `3,5`: a die shows a number from 1 to 6",
            ),
            (
                Variant::TwoDice,
                "3 +5\n",
                "line 1, column 3: `+5`: a die shows a number from 1 to 6",
            ),
            (
                Variant::Classic,
                "06\n",
                "line 1, column 1: `06`: a die shows a number from 1 to 6",
            ),
            (
                Variant::TwoDice,
                "3 5\n\n4\n",
                "line 3, column 1: `4`: a roll under the two-dice rules is two dice on a line, \
                 like `3 5`; this line has only one",
            ),
            (
                Variant::TwoDice,
                "3 5 6\n",
                "line 1, column 5: `6`: a roll under the two-dice rules is two dice on a line, \
                 like `3 5`; this is one die too many",
            ),
            (
                Variant::Classic,
                "4\n3 5\n",
                "line 2, column 3: `5`: a roll under the classic rules is one die on a line, \
                 like `4`; this is one die too many",
            ),
            (
                Variant::Classic,
                " \n",
                "line 1: the dice file holds no rolls: a roll under the classic rules is one \
                 die on a line, like `4`",
            ),
        ];
        for (rules, text, want) in cases {
            assert_eq!(
                parse_dice(rules, text).map_err(|e| e.to_string()),
                Err(want.to_owned()),
                "{text:?}"
            );
        }
    }

    #[test]
    fn written_rolls_read_back_as_the_seed_throws_them() {
        for &rules in Variant::ALL {
            let mut file = Vec::new();
            write_dice(&mut file, rules, &mut rng_from_seed(7), 50).unwrap();
            let text = String::from_utf8(file).unwrap();
            let mut rng = rng_from_seed(7);
            let thrown: Vec<Throw> = (0..50).map(|_| rules.throw(&mut rng)).collect();
            assert_eq!(parse_dice(rules, &text), Ok(thrown));
        }
    }

    /// A line of the other rules' dice would not read back: it is not written.
    #[test]
    fn a_roll_is_written_only_in_a_file_of_its_rules() {
        let mut file = Vec::new();
        write_roll(&mut file, Variant::TwoDice, pair(3, 5)).unwrap();
        write_roll(&mut file, Variant::Classic, Throw::Single(4)).unwrap();
        assert_eq!(String::from_utf8(file.clone()).unwrap(), "3 5\n4\n");
        let refused = write_roll(&mut file, Variant::Classic, pair(3, 5)).unwrap_err();
        assert_eq!(refused.kind(), io::ErrorKind::InvalidInput);
        assert_eq!(
            refused.to_string(),
            "a two-dice throw in a dice file of classic rules"
        );
        assert_eq!(file.len(), 6, "nothing more was written");
    }
}
