//! Turning a game's events into the assignments' exact output: a [`Renderer`] reads
//! the [`Event`]s that the protocol's [`Driver`] hands over, step by step, whoever
//! chooses at the seats.
//!
//! Assignment 2 numbers the players and starts with the discard card:
//!
//! ```text
//! 0: B6
//! 1: B2
//! 3: TAKE TWO
//! 3: R8 LOCO Y
//! 2: Y4 (WINNER)
//! ```
//!
//! Assignment 4 shows each player's name and hand after the turn, and a closing line:
//!
//! ```text
//! Bob R8 G4 G8: B8 (G)
//! Carol: Y4
//! Carol is the winner!
//! ```

use std::io::{self, Write};

use cards_core::paint::{CardStyle, Painted};
use cards_core::protocol::{Actor, ChanceSource, Driver, GameState, PlayError, Stop};
use cards_core::{Color, ColorCard};

use crate::error::Refusal;
use crate::files::Deal;
use crate::game::{Event, Game, NoWinner, Outcome, Play, Turn};
use crate::rules::{EightRule, EndRule, Penalty, Rules, Variant};
use crate::strategy::Strategy;

/// How to print a game, beyond what the rule set decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// Assignment 4, Part III: print the colour chosen with an 8 in parentheses
    /// (` (G)`), as the text's rule asks. Off reproduces the text's example, which
    /// never does.
    pub announce_color: bool,
    /// Cards and named colours plain or in ANSI colours (`R5` in red), for a person at
    /// a terminal. Plain, the default, writes the assignments' bytes exactly: the binary
    /// turns colours on only when standard output is a terminal and `NO_COLOR` is unset.
    pub cards: CardStyle,
}

impl Default for Style {
    /// The assignments' exact text, the colour after an 8 announced as the rule asks.
    fn default() -> Style {
        Style {
            announce_color: true,
            cards: CardStyle::Plain,
        }
    }
}

impl Style {
    /// A card as this style writes it.
    pub fn card(self, card: ColorCard) -> Painted<ColorCard> {
        self.cards.card(card)
    }

    /// A colour's letter as this style writes it (`G` in green).
    pub fn color(self, color: Color) -> Painted<Color> {
        self.cards.card(color)
    }
}

/// Writes a game's events as a rule set prints them.
#[derive(Clone, Copy, Debug)]
pub struct Renderer {
    variant: Variant,
    style: Style,
}

impl Renderer {
    /// A renderer for `variant`'s output.
    pub fn new(variant: Variant, style: Style) -> Renderer {
        Renderer { variant, style }
    }

    /// Writes what `event` shows; `game` is the game just after it.
    pub fn write_event(&self, out: &mut impl Write, game: &Game, event: &Event) -> io::Result<()> {
        let numbered = self.variant.is_assignment_2();
        match event {
            Event::Dealt { discard } if numbered => {
                writeln!(out, "0: {}", self.style.card(*discard))
            }
            Event::Dealt { .. } => Ok(()),
            // The winner is told on the turn's own line: ` (WINNER)`.
            Event::Turn(turn) if numbered => write_numbered(out, game, turn, self.style),
            Event::Turn(turn) => write_named(out, game, turn, self.style),
            Event::GameOver {
                outcome:
                    Outcome::NoWinner {
                        reason: NoWinner::Stalemate,
                    },
            } if numbered => writeln!(out, "STALEMATE (NO WINNER)"),
            Event::GameOver { .. } if numbered => Ok(()),
            Event::GameOver {
                outcome: Outcome::Winner { seat },
            } => {
                let name = game.players().get(*seat).map_or("", |p| p.name());
                writeln!(out, "{name} is the winner!")
            }
            Event::GameOver {
                outcome: Outcome::NoWinner { .. },
            } => writeln!(out, "That was fun!"),
        }
    }
}

/// Plays `deal` under `variant`'s rules, each seat choosing with its strategy, and writes
/// the game to `out`. A write error stops the game as [`Stop::Io`].
pub fn play(
    variant: Variant,
    deal: &Deal,
    style: Style,
    out: &mut impl Write,
) -> Result<Outcome, PlayError<Refusal>> {
    play_recorded(variant, deal, style, out, &mut Vec::new())
}

/// [`play`], writing every seat's action down in `actions` as the game goes, in the
/// order taken (what `--record FILE` saves); the output is the same, byte for byte.
pub fn play_recorded(
    variant: Variant,
    deal: &Deal,
    style: Style,
    out: &mut impl Write,
    actions: &mut Vec<crate::game::Action>,
) -> Result<Outcome, PlayError<Refusal>> {
    let (mut game, order) = deal
        .table(variant)
        .map_err(|error| PlayError::Refused { seat: None, error })?;
    let mut strategies: Vec<Strategy> = deal.seats.iter().map(|seat| seat.strategy).collect();
    let renderer = Renderer::new(variant, style);
    Driver::new().play(
        &mut game,
        &mut ChanceSource::recorded(vec![order]),
        &mut strategies,
        |game, step, events| {
            if let cards_core::protocol::Step::Action { action, .. } = step {
                actions.push(*action);
            }
            for event in events {
                renderer.write_event(out, game, event).map_err(Stop::Io)?;
            }
            Ok(())
        },
    )
}

/// The rules of `variant` in plain words, a few lines: what `?` shows at a prompt of
/// `--human` (the person's mode only; the assignments' output never has it).
pub fn rules_text(variant: Variant) -> String {
    rules_text_of(variant.name(), variant.rules())
}

/// The rules in plain words, as [`rules_text`] says them, of a game whose rules are
/// named `name` (a rule set's, or the three switches of a recorded table).
pub fn rules_text_of(name: &str, rules: Rules) -> String {
    let mut text = format!(
        "Rules ({name}): on your turn, lay a card that matches the top of the discard pile in\n\
         colour or number. If you can play, you must; if you cannot, you draw a card.\n"
    );
    match rules.eight {
        Some(EightRule::Loco) => text.push_str(
            "An 8 is laid as any card is, on its colour or on another 8. Whoever lays it, unless\n\
             it is their last card, names a colour: the next card must be of that colour or an 8\n\
             (the bots lay an 8 whenever they can).\n",
        ),
        Some(EightRule::MostHeld) => text.push_str(
            "An 8 is laid as any card is, on its colour or on another 8. Whoever lays it, unless\n\
             it is their last card, names a colour: the next card must be of that colour or an 8.\n",
        ),
        None => text.push_str("An 8 is a card like any other.\n"),
    }
    if let Some(two) = rules.two {
        let penalty = match two.penalty {
            Penalty::Two => "draws 2 cards",
            Penalty::TwoPerTwo => "draws 2 cards for each 2 in a row just played",
        };
        text.push_str(&format!(
            "A 2 must be answered: the next player lays a 2 if they hold one (any 2), or else\n\
             misses the turn and {penalty}.\n"
        ));
    }
    match rules.end {
        EndRule::DeckOut => text.push_str(
            "The first player with no cards left wins. The game ends with no winner when a\n\
             draw takes the deck's last card or finds the deck empty.\n",
        ),
        EndRule::PlayOn => text.push_str(
            "The first player with no cards left wins. Once the deck is empty, a player who\n\
             cannot play passes; if everyone passes in a row, nobody wins (a stalemate).\n",
        ),
    }
    text
}

/// The person's mode (`--human`): each turn said in a sentence (`Alice plays B1 (4 cards
/// left).`), and at the end who won and by what, or why nobody did. The assignments'
/// output ([`Renderer`]) is untouched by it.
#[derive(Clone, Debug)]
pub struct Narrator {
    style: Style,
    /// The person's seat, told as "You".
    pub seat: usize,
    /// The seats' names as the game shows them.
    pub names: Vec<String>,
}

impl Narrator {
    /// A narrator for a game where `seat` is the person's and `names` the seats' (a
    /// `seat` beyond the names: no person, every seat told in the third person).
    pub fn new(style: Style, seat: usize, names: Vec<String>) -> Narrator {
        Narrator { style, seat, names }
    }

    fn name(&self, seat: usize) -> &str {
        self.names.get(seat).map_or("?", String::as_str)
    }

    /// Writes what `event` did as sentences; `game` is the game just after it.
    pub fn write_event(&self, out: &mut impl Write, game: &Game, event: &Event) -> io::Result<()> {
        let style = self.style;
        let turn = match event {
            Event::Dealt { discard } => {
                return writeln!(
                    out,
                    "The cards are dealt; the first card on the discard pile is {}.",
                    style.card(*discard)
                );
            }
            Event::Turn(turn) => turn,
            Event::GameOver { outcome } => return self.write_end(out, *outcome),
        };
        let you = turn.seat == self.seat;
        let who = if you {
            "You".to_owned()
        } else {
            capitalized(self.name(turn.seat))
        };
        let (play, draw, pass, cannot) = if you {
            ("play", "draw", "pass", "cannot")
        } else {
            ("plays", "draws", "passes", "cannot")
        };
        let held: Vec<ColorCard> = game
            .players()
            .get(turn.seat)
            .map_or(Vec::new(), |player| player.hand().to_vec());
        let left = cards(held.len());
        match turn.play {
            Play::Card { card, chosen } => {
                write!(out, "{who} {play} {}", style.card(card))?;
                if let Some(color) = chosen {
                    let name = if you { "name" } else { "names" };
                    write!(out, " and {name} {}", color.name())?;
                }
                match held.len() {
                    0 => write!(out, " (no cards left)")?,
                    _ => write!(out, " ({left} left)")?,
                }
                let next = match game.actor() {
                    Actor::Seat(next) if next == self.seat => "you",
                    Actor::Seat(next) => self.name(next),
                    _ => "",
                };
                if card.number() == 2 && game.rules().two.is_some() && game.outcome().is_none() {
                    writeln!(out, ": {next} must answer the 2.")?;
                } else {
                    writeln!(out, ".")?;
                }
            }
            Play::Draw { drawn: 0 } => {
                writeln!(out, "{who} {cannot} play and {pass}: the deck is empty.")?;
            }
            Play::Draw { .. } => {
                write!(out, "{who} {cannot} play and {draw} ")?;
                match held.last() {
                    Some(&card) if you => write!(out, "{}", style.card(card))?,
                    _ => write!(out, "a card")?,
                }
                writeln!(out, " (now {left}).")?;
            }
            Play::Penalty { owed, drawn } => {
                let miss = if you { "miss" } else { "misses" };
                write!(
                    out,
                    "{who} {cannot} answer the 2, {miss} the turn and {draw} "
                )?;
                if drawn < owed {
                    write!(out, "{drawn} of the {owed} cards owed (the deck ran out)")?;
                } else {
                    write!(out, "{}", cards(usize::from(drawn)))?;
                }
                writeln!(out, " (now {left}).")?;
            }
        }
        Ok(())
    }

    /// How the game ended, in the second person for the person's seat.
    fn write_end(&self, out: &mut impl Write, outcome: Outcome) -> io::Result<()> {
        match outcome {
            Outcome::Winner { seat } if seat == self.seat => {
                writeln!(out, "You win: you laid your last card!")
            }
            // With no person at the table (a replay of the strategies alone), nobody
            // else loses to the winner in the second person.
            Outcome::Winner { seat } if self.seat >= self.names.len() => writeln!(
                out,
                "{} wins: they laid their last card first.",
                capitalized(self.name(seat))
            ),
            Outcome::Winner { seat } => {
                let name = self.name(seat);
                writeln!(
                    out,
                    "{} wins: they laid their last card first. You lose.",
                    capitalized(name)
                )
            }
            Outcome::NoWinner {
                reason: NoWinner::DeckRanOut,
            } => writeln!(
                out,
                "Nobody won: the deck ran out before anyone laid their last card."
            ),
            Outcome::NoWinner {
                reason: NoWinner::Stalemate,
            } => writeln!(
                out,
                "Nobody won: the deck is empty and no player could play (a stalemate)."
            ),
        }
    }
}

/// `1 card`, `5 cards`.
fn cards(count: usize) -> String {
    cards_core::names::count_of(count as u64, "card")
}

/// A name at the start of a sentence (Assignment 2's `player 1`: `Player 1`).
pub(crate) fn capitalized(name: &str) -> String {
    let mut chars = name.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// An Assignment 2 line: `N: MOVE`, with ` (WINNER)` when it won (`game` is the game
/// after the turn); a stalemate's line follows at the game's end.
fn write_numbered(out: &mut impl Write, game: &Game, turn: &Turn, style: Style) -> io::Result<()> {
    write!(out, "{}: ", turn.seat + 1)?;
    match turn.play {
        Play::Card { card, chosen } => {
            write!(out, "{}", style.card(card))?;
            if let Some(color) = chosen {
                write!(out, " LOCO {}", style.color(color))?;
            }
        }
        Play::Draw { .. } => write!(out, "DRAW")?,
        Play::Penalty { .. } => write!(out, "TAKE TWO")?,
    }
    match game.outcome() {
        Some(Outcome::Winner { .. }) => writeln!(out, " (WINNER)"),
        _ => writeln!(out),
    }
}

/// An Assignment 4 line: `Name Hand: MOVE`.
fn write_named(out: &mut impl Write, game: &Game, turn: &Turn, style: Style) -> io::Result<()> {
    if let Some(player) = game.players().get(turn.seat) {
        // The player's `Display` (`Alice R8 Y4`), card by card so that each may be painted.
        write!(out, "{}", player.name())?;
        for &card in player.hand() {
            write!(out, " {}", style.card(card))?;
        }
        write!(out, ": ")?;
    }
    match turn.play {
        Play::Card { card, chosen } => {
            write!(out, "{}", style.card(card))?;
            match chosen {
                Some(color) if style.announce_color => writeln!(out, " ({})", style.color(color)),
                _ => writeln!(out),
            }
        }
        Play::Draw { .. } | Play::Penalty { .. } => writeln!(out, "DRAW"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    fn played(variant: Variant, style: Style) -> String {
        let deal = crate::files::parse_deal(variant, variant.sample()).unwrap();
        let mut out = Vec::new();
        play(variant, &deal, style, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    /// The text without its ANSI colour sequences.
    fn unpainted(text: &str) -> String {
        let mut plain = text.to_owned();
        for code in ["\x1b[31m", "\x1b[32m", "\x1b[33m", "\x1b[34m", "\x1b[0m"] {
            plain = plain.replace(code, "");
        }
        plain
    }

    #[test]
    fn cards_are_painted_in_their_colors() {
        let ansi = Style {
            cards: CardStyle::Ansi,
            ..Style::default()
        };
        assert_eq!(
            ansi.card("R5".parse().unwrap()).to_string(),
            "\x1b[31mR5\x1b[0m"
        );
        assert_eq!(ansi.color(Color::Yellow).to_string(), "\x1b[33mY\x1b[0m");
        assert_eq!(ansi.color(Color::Green).to_string(), "\x1b[32mG\x1b[0m");
        assert_eq!(ansi.color(Color::Blue).to_string(), "\x1b[34mB\x1b[0m");
        assert_eq!(Style::default().color(Color::Blue).to_string(), "B");

        // Part III's sample, line 6 as the rule set prints it: Bob's hand, his 8 and the
        // colour it names, each in its colour; the name and the punctuation plain.
        let game = played(Variant::Completos, ansi);
        let line = game.lines().nth(5).unwrap_or_default();
        assert_eq!(
            line,
            "Bob \x1b[31mR8\x1b[0m \x1b[32mG4\x1b[0m \x1b[32mG8\x1b[0m: \x1b[34mB8\x1b[0m \
             (\x1b[32mG\x1b[0m)"
        );
        // Problem 3's sample: the discard line and an 8 with its LOCO colour.
        let wild = played(Variant::GoingWild, ansi);
        assert!(wild.starts_with("0: \x1b[34mB6\x1b[0m\n"), "{wild}");
        assert!(wild.contains(" LOCO \x1b["), "{wild}");
    }

    #[test]
    fn painting_changes_nothing_but_the_colors() {
        for variant in Variant::ALL {
            let ansi = Style {
                cards: CardStyle::Ansi,
                ..Style::default()
            };
            let painted = played(variant, ansi);
            let plain = played(variant, Style::default());
            assert!(painted.contains('\x1b'), "{variant}");
            assert!(!plain.contains('\x1b'), "{variant}");
            assert_eq!(unpainted(&painted), plain, "{variant}");
        }
    }

    /// The person's mode says each ending in words; the turns' outcomes are built by
    /// hand, the game only gives the names and hands.
    #[test]
    fn the_narrator_says_who_won_and_by_what_or_why_nobody_did() {
        let deal = crate::files::parse_deal(Variant::Faciles, Variant::Faciles.sample()).unwrap();
        let game = deal.to_game(Variant::Faciles).unwrap();
        let names: Vec<String> = game.players().iter().map(|p| p.name().to_owned()).collect();
        let narrator = Narrator::new(Style::default(), 1, names.clone());
        let told = |seat: usize, play: Play, outcome: Option<Outcome>| {
            let mut out = Vec::new();
            let mut events = vec![Event::Turn(Turn { seat, play })];
            events.extend(outcome.map(|outcome| Event::GameOver { outcome }));
            for event in &events {
                narrator.write_event(&mut out, &game, event).unwrap();
            }
            String::from_utf8(out).unwrap()
        };
        let card = |text: &str| text.parse::<ColorCard>().unwrap();
        let name = &names[0];
        let ending = |reason| Some(Outcome::NoWinner { reason });
        assert!(
            told(0, Play::Draw { drawn: 1 }, ending(NoWinner::DeckRanOut))
                .ends_with("\nNobody won: the deck ran out before anyone laid their last card.\n")
        );
        assert!(
            told(0, Play::Draw { drawn: 0 }, ending(NoWinner::Stalemate)).ends_with(
                " cannot play and passes: the deck is empty.\n\
                 Nobody won: the deck is empty and no player could play (a stalemate).\n"
            )
        );
        let won = Some(Outcome::Winner { seat: 0 });
        let play = Play::Card {
            card: card("R5"),
            chosen: None,
        };
        assert!(told(0, play, won).ends_with(&format!(
            "{name} wins: they laid their last card first. You lose.\n"
        )));
        let you_won = Some(Outcome::Winner { seat: 1 });
        assert!(told(1, play, you_won).ends_with("\nYou win: you laid your last card!\n"));
        let short = Play::Penalty { owed: 4, drawn: 1 };
        assert!(told(1, short, None).starts_with(
            "You cannot answer the 2, miss the turn and draw 1 of the 4 cards owed \
                 (the deck ran out)"
        ));
    }
}
