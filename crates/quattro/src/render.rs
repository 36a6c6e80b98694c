//! Events and positions as text: the one place that decides what the transcript says.
//!
//! A [`Perspective`] says who is watching. The human is addressed as "you" and sees the
//! cards they draw; a bot's cards and draws stay secret unless `reveal` is on. The
//! bots-only transcript is the same text with no human. A [`CardStyle`] says how cards
//! are written: plain (the transcript's exact bytes, always in a pipe or a file), or in
//! ANSI colours for a person at a terminal; the binary chooses, in one place.

use std::io::{self, Write};

use cards_core::names::count_of;
use cards_core::paint::CardStyle;

use crate::card::Card;
use crate::game::{Event, Game, NoWinner, Observation, Outcome};
use crate::rules::PLAYERS;
use crate::rules::{HAND_SIZE, Rules, Variant};

/// Who watches the game, and how the cards are shown to them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Perspective {
    /// The human's seat, if a person plays.
    pub human: Option<usize>,
    /// Show the bots' cards (`--reveal`, for teaching and debugging).
    pub reveal: bool,
    /// Plain or coloured cards.
    pub style: CardStyle,
}

impl Perspective {
    fn is_you(self, seat: usize) -> bool {
        self.human == Some(seat)
    }
}

/// `1 card`, `2 cards`.
fn cards(n: usize) -> String {
    count_of(n as u64, "card")
}

/// `A, B and C`.
fn list(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

fn codes(cards: &[Card], style: CardStyle) -> String {
    let codes: Vec<String> = cards
        .iter()
        .map(|&card| style.card(card).to_string())
        .collect();
    codes.join(" ")
}

/// The opening lines, once the cards are dealt: who plays, the rules in brief, the first
/// discard card; `hint` adds the line on `?` and `q` at the questions.
fn intro(
    out: &mut impl Write,
    game: &Game,
    top: Card,
    who: Perspective,
    hint: bool,
) -> io::Result<()> {
    let title = title(game.rules());
    let others: Vec<&str> = (0..PLAYERS)
        .filter(|&seat| !who.is_you(seat))
        .map(|seat| game.player(seat).name())
        .collect();
    match who.human {
        Some(seat) => writeln!(
            out,
            "Welcome to {title}, {}! You play against {}.",
            game.player(seat).name(),
            list(&others)
        )?,
        None => writeln!(out, "{title}: four bots play, {}.", list(&others))?,
    }

    let how = match game.rules().variant() {
        Variant::Quattro => {
            "in colour or number, or else draws one. The first player with\nno cards"
        }
        Variant::Uno => {
            "in colour, number or action, or a wild card, or else draws one.\nThe first player with no cards"
        }
    };
    writeln!(
        out,
        "Everyone gets {HAND_SIZE} cards. On a turn, a player plays a card that matches the top \
         card\nof the discard pile {how} left wins."
    )?;
    if hint {
        writeln!(out, "Type ? at a question for the rules, q to quit.")?;
    }
    writeln!(
        out,
        "The first card on the discard pile is {}.",
        who.style.card(top)
    )
}

/// The person's hand in the order it is shown, numbered from 1: by colour, then number
/// (the answer `2` plays the second card of this list).
pub fn shown_hand(hand: &[Card]) -> Vec<Card> {
    let mut hand = hand.to_vec();
    hand.sort_by_key(|&card| card.sort_key());
    hand
}

/// The game's name as its screens say it: `Quattro`, or `Quattro with Uno rules`.
pub fn title(rules: Rules) -> &'static str {
    match rules.variant() {
        Variant::Quattro => "Quattro",
        Variant::Uno => "Quattro with Uno rules",
    }
}

/// The first line at the terminal, before the person's name is asked: which game, and
/// who plays.
pub fn banner(rules: Rules) -> String {
    format!("{}: you against three bots.", title(rules))
}

/// The rules of `rules` in plain words, a few lines: what `?` shows at the person's
/// questions.
pub fn rules_text(rules: Rules) -> String {
    let mut text = format!(
        "Rules ({}): everyone gets {HAND_SIZE} cards. On your turn, play a card that matches the top\n\
         card in colour or number; if none of yours does, draw one (you may not draw while\n\
         you hold a card you can play).\n",
        match rules.variant() {
            Variant::Quattro => "quattro",
            Variant::Uno => "uno",
        }
    );
    if rules.variant() == Variant::Uno {
        text.push_str(
            "Skip: the next player misses a turn. Reverse: play changes direction. Draw Two:\n\
             the next player draws 2 and misses a turn. Wild: matches anything, and you name\n\
             the colour to follow. Wild Draw Four: the same, and the next player draws 4 and\n\
             misses a turn (only when you hold no card of the colour to follow).\n",
        );
    }
    text.push_str(
        "An empty draw pile is refilled with the discards under the top card, shuffled.\n\
         The first player with no cards left wins; if every player passes in a row (nothing\n\
         to draw, nothing to play), the game ends with no winner.\n",
    );
    text
}

/// The opening lines of [`event`] for [`Event::Dealt`], without the line on the questions'
/// `?` and `q`: what a replay shows, where nobody is asked anything.
pub fn opening(out: &mut impl Write, game: &Game, top: Card, who: Perspective) -> io::Result<()> {
    intro(out, game, top, who, false)
}

/// The line for one event, told from `who`'s side; hand sizes are read from `game`
/// after the move.
pub fn event(out: &mut impl Write, game: &Game, event: &Event, who: Perspective) -> io::Result<()> {
    let name = |seat: usize| game.player(seat).name();
    let held = |seat: usize| game.player(seat).hand().len();
    let style = who.style;
    match *event {
        Event::Dealt { top } => intro(out, game, top, who, who.human.is_some()),
        Event::Played { seat: player, card } => {
            let rest = match held(player) {
                0 if who.is_you(player) => ", your last card".to_owned(),
                0 => ", their last card".to_owned(),
                n => format!(" ({} left)", cards(n)),
            };
            let card = style.card(card);
            if who.is_you(player) {
                writeln!(out, "You play {card}{rest}.")
            } else {
                writeln!(out, "{} plays {card}{rest}.", name(player))
            }
        }
        Event::ColorNamed {
            seat: player,
            color,
        } => {
            let color = style.color_name(color);
            if who.is_you(player) {
                writeln!(out, "You name {color}.")
            } else {
                writeln!(out, "{} names {color}.", name(player))
            }
        }
        Event::Reshuffled { cards: n } => writeln!(
            out,
            "The draw pile is empty: the {} under the top discard are shuffled into a new draw \
             pile.",
            cards(n)
        ),
        Event::Drew { seat: player, card } => {
            let n = cards(held(player));
            let card = style.card(card);
            if who.is_you(player) {
                writeln!(out, "You draw {card} (now {n}).")
            } else if who.reveal {
                writeln!(out, "{} draws {card} (now {n}).", name(player))
            } else {
                writeln!(out, "{} draws a card (now {n}).", name(player))
            }
        }
        Event::Passed { seat: player } => {
            if who.is_you(player) {
                writeln!(
                    out,
                    "You can't play and there is nothing to draw: you pass."
                )
            } else {
                writeln!(
                    out,
                    "{} can't play and there is nothing to draw: {0} passes.",
                    name(player)
                )
            }
        }
        Event::Reversed { .. } => writeln!(out, "The direction of play is reversed."),
        Event::DrewPenalty {
            seat: player,
            cards: drawn,
        } => {
            let drawn = drawn.cards();
            let n = cards(held(player));
            let k = cards(drawn.len());
            let subject = if who.is_you(player) {
                "You draw".to_owned()
            } else {
                format!("{} draws", name(player))
            };
            if who.is_you(player) || who.reveal {
                writeln!(out, "{subject} {k}: {} (now {n}).", codes(drawn, style))
            } else {
                writeln!(out, "{subject} {k} (now {n}).")
            }
        }
        Event::Skipped { seat: player } => {
            if who.is_you(player) {
                writeln!(out, "You miss a turn.")
            } else {
                writeln!(out, "{} misses a turn.", name(player))
            }
        }
        Event::GameOver { outcome } => ending(out, game, outcome, who),
    }
}

fn ending(out: &mut impl Write, game: &Game, outcome: Outcome, who: Perspective) -> io::Result<()> {
    match outcome {
        Outcome::Winner { seat } if who.is_you(seat) => writeln!(
            out,
            "You have no cards left: you win the game, {}!",
            game.player(seat).name()
        ),
        Outcome::Winner { seat } => writeln!(
            out,
            "{} has no cards left and wins the game!",
            game.player(seat).name()
        ),
        Outcome::NoWinner {
            reason: NoWinner::EveryonePassed,
        } => writeln!(
            out,
            "Every player passed in a row: nobody can play, so the game ends with no winner."
        ),
        Outcome::NoWinner {
            reason: NoWinner::TurnLimit(turns),
        } => writeln!(
            out,
            "The game has reached its limit of {} and ends with no winner.",
            count_of(u64::from(turns), "turn")
        ),
    }
}

/// `(Player 2 holds B1 R4)`: a bot's hand, shown only with `--reveal`.
pub fn revealed_hand(
    out: &mut impl Write,
    game: &Game,
    seat: usize,
    style: CardStyle,
) -> io::Result<()> {
    let player = game.player(seat);
    writeln!(
        out,
        "({} holds {})",
        player.name(),
        codes(player.hand(), style)
    )
}

/// How many cards each player holds, on one line (`Cards held: Ann 2, Player 2 5, …`):
/// the summary of a game the person quit.
pub fn cards_held(out: &mut impl Write, game: &Game) -> io::Result<()> {
    let held: Vec<String> = game
        .players()
        .iter()
        .map(|player| format!("{} {}", player.name(), player.hand().len()))
        .collect();
    writeln!(out, "Cards held: {}", held.join(", "))
}

/// What the human sees before choosing: their name and hand (sorted, one card a line),
/// the top card, and every other player's card count. `names` are the players' names
/// by seat.
pub fn status(
    out: &mut impl Write,
    names: &[String; PLAYERS],
    view: &Observation<'_>,
    style: CardStyle,
) -> io::Result<()> {
    writeln!(out)?;
    writeln!(out, "Your turn, {}.", names[view.seat])?;
    let top = style.card(view.top);
    if view.top.is_wild() {
        writeln!(
            out,
            "Top card: {top} (colour to follow: {})",
            style.color_name(view.color)
        )?;
    } else {
        writeln!(out, "Top card: {top}")?;
    }
    writeln!(out, "Your hand:")?;
    for (number, card) in shown_hand(view.hand).into_iter().enumerate() {
        writeln!(
            out,
            "  {}) {:<4}{}",
            number + 1,
            style.card(card),
            card.name()
        )?;
    }
    let counts: Vec<String> = (0..PLAYERS)
        .filter(|&seat| seat != view.seat)
        .map(|seat| format!("{} has {}", names[seat], cards(view.hand_sizes[seat])))
        .collect();
    writeln!(
        out,
        "{}.",
        list(&counts.iter().map(String::as_str).collect::<Vec<_>>())
    )?;
    if view.rules.variant() == Variant::Uno {
        writeln!(out, "After you: {}.", names[view.next_seat()])?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::player::Player;
    use cards_core::Color;
    use cards_core::protocol::GameState;
    use pretty_assertions::assert_eq;

    fn card(code: &str) -> Card {
        Card::parse_code(code).unwrap()
    }

    fn game() -> Game {
        let mut players = crate::simulate::bots();
        players[0] = Player::human("Ann");
        let mut game = Game::new(Rules::new(Variant::Uno).with_max_turns(100), players);
        let deal = game
            .sample_chance(&mut cards_core::rng::rng_from_seed(1))
            .unwrap();
        game.apply_chance(&deal, &mut Vec::new()).unwrap();
        game
    }

    fn line(game: &Game, event: Event, who: Perspective) -> String {
        let mut out = Vec::new();
        super::event(&mut out, game, &event, who).unwrap();
        String::from_utf8(out).unwrap_or_default()
    }

    /// A bot's draws stay secret unless `--reveal`; the human sees their own.
    #[test]
    fn draws_are_secret_to_the_others() {
        let game = game();
        let human = Perspective {
            human: Some(0),
            ..Perspective::default()
        };
        let reveal = Perspective {
            reveal: true,
            ..human
        };
        let drew = |player| Event::Drew {
            seat: player,
            card: card("R5"),
        };
        let cases = [
            (drew(1), human, "Player 2 draws a card (now 3 cards).\n"),
            (drew(1), reveal, "Player 2 draws R5 (now 3 cards).\n"),
            (drew(0), human, "You draw R5 (now 3 cards).\n"),
            (
                Event::Played {
                    seat: 2,
                    card: card("GS"),
                },
                human,
                "Player 3 plays GS (3 cards left).\n",
            ),
            (
                Event::ColorNamed {
                    seat: 0,
                    color: Color::Green,
                },
                human,
                "You name green.\n",
            ),
            (Event::Skipped { seat: 0 }, human, "You miss a turn.\n"),
        ];
        for (event, who, want) in cases {
            assert_eq!(line(&game, event, who), want, "{event:?}");
        }
    }

    /// The lines no whole game in the trycmd cases can show: a pass (nothing left to draw)
    /// and the no-winner ending it leads to (the issue: the game "says so").
    #[test]
    fn passes_and_endings() {
        let game = game();
        let human = Perspective {
            human: Some(0),
            ..Perspective::default()
        };
        let bots = Perspective::default();
        let cases = [
            (
                Event::Passed { seat: 0 },
                human,
                "You can't play and there is nothing to draw: you pass.\n",
            ),
            (
                Event::Passed { seat: 1 },
                human,
                "Player 2 can't play and there is nothing to draw: Player 2 passes.\n",
            ),
            (
                Event::GameOver {
                    outcome: Outcome::NoWinner {
                        reason: NoWinner::EveryonePassed,
                    },
                },
                human,
                "Every player passed in a row: nobody can play, so the game ends with no \
                 winner.\n",
            ),
            (
                Event::GameOver {
                    outcome: Outcome::Winner { seat: 0 },
                },
                human,
                "You have no cards left: you win the game, Ann!\n",
            ),
            (
                Event::GameOver {
                    outcome: Outcome::Winner { seat: 0 },
                },
                bots,
                "Ann has no cards left and wins the game!\n",
            ),
            (
                Event::GameOver {
                    outcome: Outcome::NoWinner {
                        reason: NoWinner::TurnLimit(1),
                    },
                },
                bots,
                "The game has reached its limit of 1 turn and ends with no winner.\n",
            ),
            (
                Event::Reversed { clockwise: false },
                human,
                "The direction of play is reversed.\n",
            ),
        ];
        for (event, who, want) in cases {
            assert_eq!(line(&game, event, who), want, "{event:?}");
        }
    }

    #[test]
    fn status_after_a_wild_card_names_the_color() {
        let game = game();
        let hand = [card("R5"), card("W"), card("B+2"), card("B1")];
        let view = Observation {
            seat: 0,
            hand: &hand,
            top: card("W+4"),
            color: Color::Blue,
            hand_sizes: [4, 1, 2, 3],
            draw_pile: 20,
            clockwise: false,
            rules: Rules::new(Variant::Uno),
        };
        let names = game.players().clone().map(|p| p.name().to_owned());
        let mut out = Vec::new();
        status(&mut out, &names, &view, CardStyle::Plain).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap_or_default(),
            "\nYour turn, Ann.\nTop card: W+4 (colour to follow: blue)\nYour hand:\n  \
             1) R5  red 5\n  2) B1  blue 1\n  3) B+2 blue draw two\n  4) W   wild\n\
             Player 2 has 1 card, Player 3 has 2 cards and Player 4 has 3 cards.\n\
             After you: Player 4.\n"
        );
    }

    /// Cards in ANSI colours: each number and action card in its colour, wild cards in
    /// magenta, a width padding the code inside the colour.
    #[test]
    fn cards_in_color() {
        let ansi = CardStyle::Ansi;
        let cases = [
            ("R5", "\x1b[31mR5\x1b[0m"),
            ("Y0", "\x1b[33mY0\x1b[0m"),
            ("G+2", "\x1b[32mG+2\x1b[0m"),
            ("BS", "\x1b[34mBS\x1b[0m"),
            ("W", "\x1b[35mW\x1b[0m"),
            ("W+4", "\x1b[35mW+4\x1b[0m"),
        ];
        for (code, want) in cases {
            assert_eq!(ansi.card(card(code)).to_string(), want, "{code}");
            assert_eq!(CardStyle::Plain.card(card(code)).to_string(), code);
        }
        assert_eq!(
            format!("[{:<4}]", ansi.card(card("R5"))),
            "[\x1b[31mR5  \x1b[0m]"
        );
        assert_eq!(
            format!("[{:<4}]", CardStyle::Plain.card(card("R5"))),
            "[R5  ]"
        );
        assert_eq!(
            ansi.color_name(Color::Blue).to_string(),
            "\x1b[34mblue\x1b[0m"
        );
    }

    /// The lines that show cards, coloured; the rest of each line as in plain text.
    #[test]
    fn event_lines_in_color() {
        let game = game();
        let who = Perspective {
            human: Some(0),
            reveal: true,
            style: CardStyle::Ansi,
        };
        let cases = [
            (
                Event::Played {
                    seat: 2,
                    card: card("GS"),
                },
                "Player 3 plays \x1b[32mGS\x1b[0m (3 cards left).\n",
            ),
            (
                Event::Drew {
                    seat: 1,
                    card: card("W"),
                },
                "Player 2 draws \x1b[35mW\x1b[0m (now 3 cards).\n",
            ),
            (
                Event::ColorNamed {
                    seat: 0,
                    color: Color::Yellow,
                },
                "You name \x1b[33myellow\x1b[0m.\n",
            ),
            (Event::Skipped { seat: 0 }, "You miss a turn.\n"),
        ];
        for (event, want) in cases {
            assert_eq!(line(&game, event, who), want, "{event:?}");
        }
    }

    #[test]
    fn status_in_color_keeps_the_columns() {
        let game = game();
        let hand = [card("R5"), card("W"), card("B+2")];
        let view = Observation {
            seat: 0,
            hand: &hand,
            top: card("W+4"),
            color: Color::Blue,
            hand_sizes: [3, 1, 2, 3],
            draw_pile: 20,
            clockwise: true,
            rules: Rules::new(Variant::Uno),
        };
        let names = game.players().clone().map(|p| p.name().to_owned());
        let mut out = Vec::new();
        status(&mut out, &names, &view, CardStyle::Ansi).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap_or_default(),
            "\nYour turn, Ann.\n\
             Top card: \x1b[35mW+4\x1b[0m (colour to follow: \x1b[34mblue\x1b[0m)\n\
             Your hand:\n  \
             1) \x1b[31mR5  \x1b[0mred 5\n  \
             2) \x1b[34mB+2 \x1b[0mblue draw two\n  \
             3) \x1b[35mW   \x1b[0mwild\n\
             Player 2 has 1 card, Player 3 has 2 cards and Player 4 has 3 cards.\n\
             After you: Player 2.\n"
        );
    }
}
