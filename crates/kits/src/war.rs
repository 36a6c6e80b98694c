//! War's kit (`kits/war/`): the data its JUnit tests read, computed by the `war` engine
//! with the won cards returned in the fixed order (`war --order fixed`: the battle's
//! cards in seat order, then each war's cards player by player), the order the kit's
//! Java `Game` uses, so that both play the same game from the same piles.
//!
//! - `tests/data/cards.txt`: the 52 cards, each with its value and suit ([`war::Card`]);
//! - `tests/data/compare.txt`: `compareTo` on all 52 × 52 pairs, by value alone
//!   ([`war::Card::compare_rank`]);
//! - `tests/data/games.txt`: battles from fixed piles, hand-made ones for each way a war
//!   can go (won, chained, a player short of cards, both short) and seeded deals played
//!   to the end: after each battle (with its wars) the battles and wars fought and both
//!   hands, then the winner;
//! - `handout/input/deck-*.txt` and `tests/data/main-*.txt`: seeded deals as deck files
//!   (the 52 cards in the order they are dealt, as `war --deck` reads them), and what
//!   `war --deck FILE --order fixed` prints for them with scripted answers at the prompt,
//!   for the test of `Game.main`.

use std::fmt::Write as _;

use cards_core::console::Console;
use cards_core::protocol::{Actor, ChanceSource, GameState};
use cards_core::rng::rng_from_seed;
use cards_core::shuffle;
use war::console::{self, Mode, Options};
use war::{Action, Card, DeckOrder, Game, Order, Outcome, Rules};

use crate::{DataFile, KitError};

/// The kit's folder name under `kits/`.
pub const KIT: &str = "war";

/// Seeded deals played to the end in `games.txt` (only those ending with a winner
/// within [`LONGEST`] battles: the Java game does not look for cycles).
const SEEDS: std::ops::Range<u64> = 1..40;
/// How many seeded games `games.txt` keeps.
const SEEDED_GAMES: usize = 6;
/// The longest seeded game kept, in battles.
const LONGEST: u64 = 400;

/// Hand-made piles (top card first) for the ways a battle and a war can go.
const HAND_MADE: [(&str, &str, &str); 8] = [
    ("higher-card-wins", "AC KC", "2D 3D"),
    ("war-first", "5C 2C 3C 4C AC 6C", "5D 2D 3D 4D KD 7D"),
    (
        "double-war",
        "5C 2C 3C 4C 9C 6C 7C 8C AC 10C",
        "5D 2D 3D 4D 9D 6D 7D 8D KD 10D",
    ),
    ("short-at-war", "5C 2C 3C", "5D 2D 3D 4D KD 6S"),
    ("both-short-one-more", "5C 2C 3C", "5D 2D"),
    ("both-short-equal", "5C 2C", "5D 2D"),
    ("last-four-at-war", "5C 2C 3C 4C 6C", "5D 2D 3D 4D KD 7S"),
    (
        "war-empties-then-ties",
        "5C 2C 3C 4C KC",
        "5D 2D 3D 4D KD 9S 9H 9D 9C",
    ),
];

/// The answers given at the prompt in the tests of `main`: Enter, an invalid answer, a
/// number of battles, and finally a number large enough to end the game (or `q`).
const MAIN_GAMES: [(u64, &str); 3] = [
    (3, "\n\nnope\n3\n\n0\n1000\n"),
    (11, "\n5\n\nq\n"),
    (26, "\n\n\n-2\n\n10000\n"),
];

fn engine(message: impl Into<String>) -> KitError {
    KitError::Engine {
        kit: KIT,
        message: message.into(),
    }
}

/// Every data file of the War kit, as the engine computes it today.
pub fn files() -> Result<Vec<DataFile>, KitError> {
    let mut files = vec![cards_file(), compare_file(), games_file()?];
    for (seed, answers) in MAIN_GAMES {
        files.extend(main_files(seed, answers)?);
    }
    Ok(files)
}

fn cards_file() -> DataFile {
    let mut text = String::from(
        "# The 52 cards: toString() getValue() getSuit() (2-10, J 11, Q 12, K 13, A 14; suits C D H S)\n\
         # (from the war engine: kits data war)\n",
    );
    for card in Card::deck() {
        let _ = writeln!(
            text,
            "{card} {} {}",
            card.rank().value(),
            card.suit().letter()
        );
    }
    DataFile {
        path: "tests/data/cards.txt".into(),
        contents: text,
    }
}

fn compare_file() -> DataFile {
    let mut text = String::from(
        "# compareTo on every pair: A B SIGN, SIGN the sign of A.compareTo(B): values only, suits ignored\n\
         # (from the war engine: kits data war)\n",
    );
    for a in Card::deck() {
        for b in Card::deck() {
            let sign = a.compare_rank(b) as i8;
            let _ = writeln!(text, "{a} {b} {sign}");
        }
    }
    DataFile {
        path: "tests/data/compare.txt".into(),
        contents: text,
    }
}

fn rules() -> Result<Rules, KitError> {
    Rules::new(2)
        .and_then(|r| r.with_max_battles(100_000))
        .map(|r| r.with_order(Order::Fixed))
        .map_err(|e| engine(format!("rules: {e}")))
}

fn cards(text: &str) -> Result<Vec<Card>, KitError> {
    text.split_whitespace()
        .map(|code| code.parse().map_err(|e| engine(format!("{code}: {e}"))))
        .collect()
}

/// A seeded deal, dealt order (card 1 to Player 1, card 2 to Player 2, …).
fn seeded_deck(seed: u64) -> Vec<Card> {
    let mut deck = Card::deck();
    shuffle(&mut deck, &mut rng_from_seed(seed));
    deck.to_vec()
}

fn piles(deck: &[Card]) -> [Vec<Card>; 2] {
    let mut piles = [Vec::new(), Vec::new()];
    for (i, &card) in deck.iter().enumerate() {
        piles[i % 2].push(card);
    }
    piles
}

fn join(cards: &[Card]) -> String {
    cards
        .iter()
        .map(Card::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Plays piles to the end, battle by battle: the lines of one game in `games.txt`, and
/// the number of battles fought.
fn play_piles(name: &str, piles: [Vec<Card>; 2]) -> Result<(String, u64), KitError> {
    let mut text = format!(
        "game\t{name}\np1\t{}\np2\t{}\n",
        join(&piles[0]),
        join(&piles[1])
    );
    let mut game = Game::from_piles(rules()?, piles).map_err(|e| engine(format!("{name}: {e}")))?;
    let mut events = Vec::new();
    while game.actor() != Actor::Over {
        if game.battles() > 100_000 {
            return Err(engine(format!("{name}: no end after 100000 battles")));
        }
        events.clear();
        game.apply(Action::Battle, &mut events)
            .map_err(|e| engine(format!("{name}: {e}")))?;
        let players = game.players();
        let _ = writeln!(
            text,
            "step\t{}\t{}\t{}\t{}",
            game.battles(),
            game.wars(),
            players[0],
            players[1]
        );
    }
    let result = match game.outcome() {
        Some(Outcome::Winner { seat }) => format!("Player {}", seat + 1),
        Some(Outcome::NoWinner { reason }) => format!("none ({reason})"),
        None => return Err(engine(format!("{name}: over without an outcome"))),
    };
    let _ = writeln!(text, "result\t{result}\nend");
    let repeated = matches!(
        game.outcome(),
        Some(Outcome::NoWinner {
            reason: war::NoWinner::Repetition { .. }
        })
    );
    let battles = if repeated { u64::MAX } else { game.battles() };
    Ok((text, battles))
}

fn games_file() -> Result<DataFile, KitError> {
    let mut text = String::from(
        "# Games from fixed piles, won cards returned in order (the battle's cards, Player 1's first,\n\
         # then each war's cards, Player 1's four then Player 2's). One game:\n\
         # game<TAB>NAME, p1<TAB>CARDS and p2<TAB>CARDS (top card first), then after each call of\n\
         # playBattle() step<TAB>BATTLES<TAB>WARS<TAB>player1.toString()<TAB>player2.toString(),\n\
         # then result<TAB>the winner's name, or none (why), and end.\n\
         # (from the war engine, war --order fixed: kits data war)\n",
    );
    for (name, one, two) in HAND_MADE {
        let (game, battles) = play_piles(name, [cards(one)?, cards(two)?])?;
        if battles == u64::MAX {
            return Err(engine(format!(
                "{name} cycles: the Java game would never end"
            )));
        }
        text.push_str(&game);
    }
    let mut kept = 0;
    for seed in SEEDS {
        if kept == SEEDED_GAMES {
            break;
        }
        let (game, battles) = play_piles(&format!("seed-{seed}"), piles(&seeded_deck(seed)))?;
        if battles <= LONGEST {
            text.push_str(&game);
            kept += 1;
        }
    }
    if kept < SEEDED_GAMES {
        return Err(engine(format!(
            "only {kept} seeded games end within {LONGEST} battles"
        )));
    }
    Ok(DataFile {
        path: "tests/data/games.txt".into(),
        contents: text,
    })
}

/// The deck file of a seeded deal, and the engine's whole console game for it with
/// `answers` typed at the prompt.
fn main_files(seed: u64, answers: &str) -> Result<Vec<DataFile>, KitError> {
    let deck = seeded_deck(seed);
    let order = DeckOrder::from_cards(&deck).map_err(|e| engine(format!("seed {seed}: {e}")))?;
    let deck_file = war::files::deck_file(&order);
    let mut game = Game::new(rules()?);
    let mut chance = ChanceSource::recorded(vec![order]);
    let mut console = Console::new(answers.as_bytes(), Vec::new());
    let options = Options {
        color: false,
        assignment: true,
    };
    console::play_with(
        &mut game,
        &mut chance,
        &mut console,
        Mode::Interactive,
        options,
    )
    .map_err(|e| engine(format!("seed {seed}: {e}")))?;
    let output = String::from_utf8(console.into_output())
        .map_err(|_| engine(format!("seed {seed}: output is not UTF-8")))?;
    let name = format!("deck-{seed}");
    let escaped = answers.replace('\n', "\\n");
    Ok(vec![
        DataFile {
            path: format!("handout/input/{name}.txt"),
            contents: deck_file,
        },
        DataFile {
            path: format!("tests/data/main-{seed}.txt"),
            contents: format!(
                "# Game.main with handout/input/{name}.txt, answers typed at the prompt: {escaped}\n\
                 # then the whole output. (from the war engine, war --deck {name}.txt --order fixed --assignment: kits data war)\n\
                 {escaped}\n{output}"
            ),
        },
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_war_is_four_cards_each_and_the_winner_takes_ten() -> Result<(), KitError> {
        let (text, battles) = play_piles(
            "war-first",
            [cards("5C 2C 3C 4C AC 6C")?, cards("5D 2D 3D 4D KD 7D")?],
        )?;
        assert!(
            text.contains(
                "step\t2\t1\tPlayer 1 (11 cards): 6C 5C 5D 2C 3C 4C AC 2D 3D 4D KD\tPlayer 2 (1 card): 7D\n"
            ),
            "{text}"
        );
        assert_eq!(battles, 12);
        Ok(())
    }
}
