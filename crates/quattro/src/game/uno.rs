//! The Uno rules (`--rules uno`), the assignment's "future expansion" made real: what
//! the action cards do when played (Skip, Reverse, Draw Two, and the wild cards' colour
//! and Wild Draw Four), the penalty draw, when a wild card names a colour, and the one
//! limit on playing a Wild Draw Four. The Quattro rules in `game.rs` never reach these
//! with a card that has an effect: their deck holds number cards only. Which card
//! matches which (an action card matches the same action, a wild card anything) is
//! [`Card::matches`].

use cards_core::Color;
use cards_core::protocol::EventSink;

use super::{Drawn, Event, Game, Pending, Phase, next_seat};
use crate::card::{Card, WildCard};

impl Game {
    /// Whether `card` is a Wild Draw Four that `hand` may not play: it holds a card of
    /// `color`, the colour to follow (the Uno rule, enforced rather than challenged).
    pub fn draw_four_refused(hand: &[Card], color: Color, card: Card) -> bool {
        matches!(card, Card::Wild(WildCard::WildDrawFour))
            && hand.iter().any(|held| held.color() == Some(color))
    }

    /// Whether `card`, played from `hand`, names the colour to follow: a wild card does,
    /// unless it is the last card (which wins at once, and nothing is left to follow).
    pub fn must_name_color(hand: &[Card], card: Card) -> bool {
        card.is_wild() && hand.len() > 1
    }

    /// What a played card does, if anything (its [`Ability`](crate::Ability)), then the
    /// turn passes on: a wild card's colour is named, a Reverse turns the direction of
    /// play, a Skip makes the next player miss their turn, and a Draw Two or Wild Draw
    /// Four makes them draw two or four first. A number card does nothing of these.
    pub(super) fn carry_out(
        &mut self,
        player: usize,
        card: Card,
        events: &mut impl EventSink<Event>,
    ) {
        let ability = card.ability().unwrap_or_default();
        if ability.names_color {
            events.push(Event::ColorNamed {
                seat: player,
                color: self.color,
            });
        }
        if ability.reverses {
            self.clockwise = !self.clockwise;
            events.push(Event::Reversed {
                clockwise: self.clockwise,
            });
        }
        let next = next_seat(player, self.clockwise);
        if ability.next_draws > 0 {
            self.penalty(
                next,
                Drawn::EMPTY,
                ability.next_draws,
                ability.skips_next,
                events,
            );
        } else {
            self.pass_turn(next, ability.skips_next, events);
        }
    }

    /// `player` draws the `owed` cards of a penalty (after `drawn`), stopping for a
    /// reshuffle if the draw pile runs out, or short if there is nothing left at all.
    pub(super) fn penalty(
        &mut self,
        player: usize,
        mut drawn: Drawn,
        mut owed: u8,
        skips: bool,
        events: &mut impl EventSink<Event>,
    ) {
        while owed > 0 {
            if self.must_reshuffle() {
                self.phase = Phase::Reshuffle(Pending::Penalty {
                    player,
                    drawn,
                    owed,
                    skips,
                });
                return;
            }
            let Some(card) = self.draw_pile.draw() else {
                break;
            };
            self.give(player, card);
            drawn.push(card);
            owed -= 1;
        }
        events.push(Event::DrewPenalty {
            seat: player,
            cards: drawn,
        });
        self.pass_turn(player, skips, events);
    }
}
