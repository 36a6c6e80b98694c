//! Turning a battle's [`Event`]s, the hands and the final tallies into the text the
//! console shows. Pure functions writing into a `fmt::Write`; nothing here does I/O.

use std::fmt::{self, Write};

use cards_core::names::plural;
use cards_core::paint::CardStyle;
use cards_core::protocol::{GameState, Stop};

use crate::game::{Event, Game, Outcome};
use crate::player::PlayerSet;
use crate::rules::{Rules, WonCardOrder};

/// Writes one battle's events as lines:
///
/// ```text
/// Battle 12: Player 1 plays 9D, Player 2 plays 9S. Player 1 and Player 2 tie: war!
/// War 3 (battle 13): Player 1 lays 3C 4H KD face down and plays 7S, Player 2 lays 5C 8H 2D face down and plays 2C. Player 1 wins and takes 10 cards.
/// ```
///
/// Players announced out in the middle of a war end the open line, so a tie among the
/// others is a sentence of its own (`Player 2 and Player 4 tie: war!`), and a war in
/// which nobody has a card left says so (`War 2: Player 5 and Player 7 have no cards to
/// lay.`).
pub fn render_events(events: &[Event], out: &mut impl Write) -> fmt::Result {
    render_events_in(CardStyle::Plain, events, out)
}

/// [`render_events`] with the cards in `style` (in their suits' colours for a colour
/// terminal).
pub fn render_events_in(style: CardStyle, events: &[Event], out: &mut impl Write) -> fmt::Result {
    let mut lines = Lines {
        style,
        ..Lines::default()
    };
    for &event in events {
        lines.event(event, out)?;
    }
    lines.flush(out)
}

/// Builds the open line; a war's cards are grouped player by player.
#[derive(Default)]
struct Lines {
    line: String,
    /// How the cards are written.
    style: CardStyle,
    /// The player whose face-down cards are being listed.
    laying: Option<usize>,
    /// The players of the war whose line is open, until one of them lays a card: a war
    /// line with no cards on it names them instead.
    at_war: Option<PlayerSet>,
}

impl Lines {
    fn event(&mut self, event: Event, out: &mut impl Write) -> fmt::Result {
        match event {
            Event::Battle { battle } => {
                self.flush(out)?;
                write!(self.line, "Battle {battle}:")?;
            }
            Event::War { war, battle, seats } => {
                self.flush(out)?;
                match battle {
                    Some(battle) => write!(self.line, "War {war} (battle {battle}):")?,
                    None => write!(self.line, "War {war}:")?,
                }
                self.at_war = Some(seats);
            }
            Event::FaceDown { seat, card } => {
                self.at_war = None;
                if self.laying == Some(seat) {
                    write!(self.line, " {}", self.style.card(card))?;
                } else {
                    self.close_laying();
                    self.separator();
                    write!(
                        self.line,
                        "Player {} lays {}",
                        seat + 1,
                        self.style.card(card)
                    )?;
                    self.laying = Some(seat);
                }
            }
            Event::Played { seat, card } => {
                self.at_war = None;
                if self.laying == Some(seat) {
                    write!(self.line, " face down and plays {}", self.style.card(card))?;
                    self.laying = None;
                } else {
                    self.close_laying();
                    self.separator();
                    write!(
                        self.line,
                        "Player {} plays {}",
                        seat + 1,
                        self.style.card(card)
                    )?;
                }
            }
            Event::Tie { seats } => {
                self.close_laying();
                self.new_sentence();
                write!(self.line, "{seats} tie: war!")?;
                self.flush(out)?;
            }
            Event::Out { seat } => {
                self.flush(out)?;
                writeln!(
                    out,
                    "Player {} has no cards left and is out of the game.",
                    seat + 1
                )?;
            }
            Event::Took { seat, cards } => {
                self.close_laying();
                if self.line.is_empty() {
                    writeln!(
                        out,
                        "Player {} takes the {cards} card{} on the table.",
                        seat + 1,
                        plural(cards as u64)
                    )?;
                } else {
                    write!(
                        self.line,
                        ". Player {} wins and takes {cards} card{}.",
                        seat + 1,
                        plural(cards as u64)
                    )?;
                    self.flush(out)?;
                }
            }
            Event::PotLeft { cards } => {
                self.flush(out)?;
                writeln!(
                    out,
                    "Nobody takes the {cards} card{} on the table.",
                    plural(cards as u64)
                )?;
            }
            Event::Dealt | Event::GameOver { .. } => self.flush(out)?,
        }
        Ok(())
    }

    fn separator(&mut self) {
        self.line
            .push_str(if self.line.ends_with(':') { " " } else { ", " });
    }

    /// Ends the sentence on the open line, if there is one, before another begins.
    fn new_sentence(&mut self) {
        if !self.line.is_empty() {
            self.line.push_str(". ");
        }
    }

    fn close_laying(&mut self) {
        if self.laying.take().is_some() {
            self.line.push_str(" face down");
        }
    }

    fn flush(&mut self, out: &mut impl Write) -> fmt::Result {
        self.close_laying();
        if let Some(seats) = self.at_war.take()
            && self.line.ends_with(':')
        {
            let verb = if seats.len() == 1 { "has" } else { "have" };
            write!(self.line, " {seats} {verb} no cards to lay")?;
        }
        if self.line.is_empty() {
            return Ok(());
        }
        if !self.line.ends_with(['.', '!']) {
            self.line.push('.');
        }
        writeln!(out, "{}", self.line)?;
        self.line.clear();
        Ok(())
    }
}

/// Writes every player's hand, one line each (`Player 1 (3 cards): 6C 10H AS`).
pub fn render_hands(game: &Game, out: &mut impl Write) -> fmt::Result {
    for player in game.players() {
        writeln!(out, "{player}")?;
    }
    Ok(())
}

/// [`render_hands`] with the cards in `style`: each line is the player's `toString()`
/// ([`Player`](crate::Player)'s `Display`), its cards painted.
pub fn render_hands_in(style: CardStyle, game: &Game, out: &mut impl Write) -> fmt::Result {
    if style == CardStyle::Plain {
        return render_hands(game, out);
    }
    for player in game.players() {
        let count = player.card_count();
        write!(
            out,
            "Player {} ({count} card{})",
            player.seat() + 1,
            plural(count as u64)
        )?;
        for (i, card) in player.cards().enumerate() {
            out.write_str(if i == 0 { ": " } else { " " })?;
            write!(out, "{}", style.card(card))?;
        }
        writeln!(out)?;
    }
    Ok(())
}

/// Writes the end of a game, as the text asks ("the final winner, if any, the number of
/// battles fought, and the number of wars fought"): the winner and by what they won (or
/// why there is none: a rule, or `stopped`, the player quitting), then the numbers of
/// battles and wars fought. A game whose input ended says nothing of it here: the binary
/// says it once, on stderr, as every game does.
pub fn render_summary(game: &Game, stopped: Option<&Stop>, out: &mut impl Write) -> fmt::Result {
    match (stopped, game.outcome()) {
        (None, Some(Outcome::Winner { seat })) => writeln!(
            out,
            "Player {} wins the game: every other player ran out of cards!",
            seat + 1
        )?,
        (None, Some(Outcome::NoWinner { reason })) => writeln!(out, "No winner: {reason}.")?,
        (Some(Stop::Quit), _) => writeln!(out, "No winner: the game was quit.")?,
        (Some(Stop::InputEnded), _) => {}
        (Some(stop), _) => writeln!(out, "No winner: {stop}.")?,
        (None, None) => writeln!(out, "No winner yet: the game is not over.")?,
    }
    writeln!(out, "Battles fought: {}", game.battles())?;
    writeln!(out, "Wars fought: {}", game.wars())
}

/// Writes how many cards each player holds, on one line (`Cards held: Player 1 25,
/// Player 2 27`): the person's mode shows this after each battle, and the whole hands
/// only on request.
pub fn render_counts(game: &Game, out: &mut impl Write) -> fmt::Result {
    write!(out, "Cards held:")?;
    for (i, player) in game.players().iter().enumerate() {
        let sep = if i == 0 { " " } else { ", " };
        write!(out, "{sep}Player {} {}", i + 1, player.card_count())?;
    }
    writeln!(out)
}

/// The rules of the game played, in plain words, a few lines: what `?` shows at the
/// prompt.
pub fn rules_text(rules: &Rules) -> String {
    let returns = match rules.order() {
        WonCardOrder::Shuffled => "shuffled",
        WonCardOrder::Fixed => "in the order they were put down",
    };
    format!(
        "Rules: the 52 cards are dealt to the {} players. In each battle everyone turns up\n\
         their top card and the highest rank takes the cards on the table (2 is lowest, ace\n\
         highest, suits do not count); won cards go under the winner's pile, {returns}.\n\
         A tie is a war: the tied players each put down four cards, the fourth face up, and\n\
         the highest fourth card takes everything; another tie is another war. A player who\n\
         must put down a card and has none is out; the last player with cards wins. The\n\
         game stops with no winner after {} battles.\n",
        rules.players(),
        rules.max_battles()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Card;
    use pretty_assertions::assert_eq;

    fn card(text: &str) -> Card {
        text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn seats(list: &[usize]) -> PlayerSet {
        let mut set = PlayerSet::EMPTY;
        for &seat in list {
            set.insert(seat);
        }
        set
    }

    fn played(seat: usize, text: &str) -> Event {
        Event::Played {
            seat,
            card: card(text),
        }
    }

    fn face_down(seat: usize, cards: &str) -> impl Iterator<Item = Event> + '_ {
        cards.split_whitespace().map(move |text| Event::FaceDown {
            seat,
            card: card(text),
        })
    }

    fn rendered(events: &[Event]) -> String {
        let mut text = String::new();
        render_events(events, &mut text).unwrap();
        text
    }

    #[test]
    fn a_battle_won_outright_is_one_line() {
        let events = [
            Event::Battle { battle: 1 },
            played(0, "AS"),
            played(1, "2D"),
            Event::Took { seat: 0, cards: 2 },
        ];
        assert_eq!(
            rendered(&events),
            "Battle 1: Player 1 plays AS, Player 2 plays 2D. Player 1 wins and takes 2 cards.\n"
        );
    }

    /// The war of `war --seed 1406 --auto --players 4`, battle 9: Player 3 cannot lay four
    /// cards and is out, and the two others tie again. The tie is its own sentence.
    #[test]
    fn a_tie_after_a_player_is_out_at_war_is_a_sentence_of_its_own() {
        let mut events = vec![
            Event::Battle { battle: 9 },
            played(0, "KS"),
            played(1, "KD"),
            played(2, "KH"),
            played(3, "5S"),
            Event::Tie {
                seats: seats(&[0, 1, 2]),
            },
            Event::War {
                war: 4,
                battle: Some(10),
                seats: seats(&[0, 1, 2]),
            },
        ];
        events.extend(face_down(0, "7H 9H 4S"));
        events.push(played(0, "QH"));
        events.extend(face_down(1, "AH 2D 5H"));
        events.push(played(1, "QS"));
        events.extend(face_down(2, "9C 7D 6H"));
        events.push(Event::Out { seat: 2 });
        events.push(Event::Tie {
            seats: seats(&[0, 1]),
        });
        events.push(Event::War {
            war: 5,
            battle: Some(11),
            seats: seats(&[0, 1]),
        });
        events.extend(face_down(0, "QD 5D 3H"));
        events.push(played(0, "8S"));
        events.extend(face_down(1, "3C 5C 6S"));
        events.push(played(1, "AC"));
        events.push(Event::Took { seat: 1, cards: 23 });
        assert_eq!(
            rendered(&events),
            "Battle 9: Player 1 plays KS, Player 2 plays KD, Player 3 plays KH, Player 4 plays 5S. Player 1, Player 2 and Player 3 tie: war!\n\
             War 4 (battle 10): Player 1 lays 7H 9H 4S face down and plays QH, Player 2 lays AH 2D 5H face down and plays QS, Player 3 lays 9C 7D 6H face down.\n\
             Player 3 has no cards left and is out of the game.\n\
             Player 1 and Player 2 tie: war!\n\
             War 5 (battle 11): Player 1 lays QD 5D 3H face down and plays 8S, Player 2 lays 3C 5C 6S face down and plays AC. Player 2 wins and takes 23 cards.\n"
        );
    }

    /// The war of `war --seed 524 --auto --players 7 --order fixed`, battle 8 (Player 4
    /// is already out): the two tied players played their last cards, so the war has
    /// nothing to show but them.
    #[test]
    fn a_war_where_nobody_has_a_card_names_the_players_at_war() {
        let mut events = vec![Event::Battle { battle: 8 }];
        for (seat, text) in [
            (0, "10H"),
            (1, "6C"),
            (2, "2S"),
            (4, "QH"),
            (5, "6H"),
            (6, "QS"),
        ] {
            events.push(played(seat, text));
        }
        events.extend([
            Event::Tie {
                seats: seats(&[4, 6]),
            },
            Event::War {
                war: 2,
                battle: None,
                seats: seats(&[4, 6]),
            },
            Event::Out { seat: 4 },
            Event::Out { seat: 6 },
            Event::PotLeft { cards: 6 },
        ]);
        assert_eq!(
            rendered(&events),
            "Battle 8: Player 1 plays 10H, Player 2 plays 6C, Player 3 plays 2S, Player 5 plays QH, Player 6 plays 6H, Player 7 plays QS. Player 5 and Player 7 tie: war!\n\
             War 2: Player 5 and Player 7 have no cards to lay.\n\
             Player 5 has no cards left and is out of the game.\n\
             Player 7 has no cards left and is out of the game.\n\
             Nobody takes the 6 cards on the table.\n"
        );
    }

    /// A war where some lay what little they have still lists those cards, not the
    /// players without any.
    #[test]
    fn a_short_war_lists_the_cards_that_were_laid() {
        let mut events = vec![Event::War {
            war: 3,
            battle: None,
            seats: seats(&[0, 1]),
        }];
        events.extend(face_down(1, "2C 5H"));
        events.extend([Event::Out { seat: 0 }, Event::Took { seat: 1, cards: 6 }]);
        assert_eq!(
            rendered(&events),
            "War 3: Player 2 lays 2C 5H face down.\n\
             Player 1 has no cards left and is out of the game.\n\
             Player 2 takes the 6 cards on the table.\n"
        );
    }

    #[test]
    fn cards_are_painted_in_their_suits_colours_and_nothing_else_is() {
        let (red, bold, end) = ("\x1b[31m", "\x1b[1m", "\x1b[0m");
        let events = [
            Event::Battle { battle: 1 },
            Event::Played {
                seat: 0,
                card: card("10H"),
            },
            Event::Played {
                seat: 1,
                card: card("QS"),
            },
            Event::Took { seat: 1, cards: 2 },
        ];
        let (mut plain, mut painted) = (String::new(), String::new());
        render_events(&events, &mut plain).unwrap();
        render_events_in(CardStyle::Ansi, &events, &mut painted).unwrap();
        let line =
            "Battle 1: Player 1 plays 10H, Player 2 plays QS. Player 2 wins and takes 2 cards.\n";
        assert_eq!(plain, line);
        assert_eq!(
            painted,
            format!(
                "Battle 1: Player 1 plays {red}10H{end}, Player 2 plays {bold}QS{end}. \
                 Player 2 wins and takes 2 cards.\n"
            )
        );
        let game = Game::from_piles(
            Rules::default(),
            [vec![card("2D"), card("AC")], vec![card("KS")]],
        )
        .unwrap();
        let (mut plain, mut painted) = (String::new(), String::new());
        render_hands(&game, &mut plain).unwrap();
        render_hands_in(CardStyle::Ansi, &game, &mut painted).unwrap();
        assert_eq!(plain, "Player 1 (2 cards): 2D AC\nPlayer 2 (1 card): KS\n");
        assert_eq!(
            painted,
            format!(
                "Player 1 (2 cards): {red}2D{end} {bold}AC{end}\nPlayer 2 (1 card): {bold}KS{end}\n"
            )
        );
        let mut same = String::new();
        render_hands_in(CardStyle::Plain, &game, &mut same).unwrap();
        assert_eq!(same, plain);
    }

    #[test]
    fn counts_are_one_line() {
        let game = Game::from_piles(
            Rules::default().with_order(WonCardOrder::Fixed),
            [vec![card("AS"), card("KC")], vec![card("2D")]],
        )
        .unwrap();
        let mut text = String::new();
        render_counts(&game, &mut text).unwrap();
        assert_eq!(text, "Cards held: Player 1 2, Player 2 1\n");
    }
}
