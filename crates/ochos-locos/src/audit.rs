//! The rule audit of every step (`cards_core::protocol::conformance::Audit`), for the
//! tests only (feature `conformance`): what the rules say a deal and a turn must do,
//! written apart from the game's own checks so that it tests them.

use cards_core::protocol::conformance;
use cards_core::protocol::{Actor, GameState, Seat};

use crate::card::{Color, ColorCard, TWO};
use crate::deck::{DECK_SIZE, DeckOrder, card_slot, full_deck};
use crate::game::{Action, Event, Game, Outcome, Play};
use crate::rules::HAND_SIZE;

/// Every card of the game, wherever it is, counted by its place in the deck.
fn card_counts(game: &Game) -> [u8; DECK_SIZE] {
    let mut counts = [0u8; DECK_SIZE];
    let held = game
        .players()
        .iter()
        .flat_map(|player| player.hand().iter());
    let to_deal = game.to_deal().into_iter().flatten();
    for &card in held
        .chain(game.discard_pile().iter())
        .chain(game.deck().iter())
        .chain(to_deal)
    {
        counts[card_slot(card)] = counts[card_slot(card)].saturating_add(1);
    }
    counts
}

impl conformance::Audit for Game {
    /// Checks a step against the rules: no card created or lost (hands, discard pile and
    /// deck hold exactly the cards dealt); a deal gives five cards a seat, the discard
    /// card and the rest as the deck; a card laid was in the hand and matched (or
    /// answered a 2); a draw came only with nothing to play and took what the rule says
    /// from the deck; the outcome is what the hands and the deck say.
    fn audit(&self, before: &Game, events: &[Event]) -> Result<(), String> {
        if card_counts(self) != card_counts(before) {
            return Err("a card was created or lost".into());
        }
        match (before.actor(), events) {
            (Actor::Chance, [Event::Dealt { discard }]) => {
                let order = before.to_deal.ok_or("a deal with nothing to deal")?;
                if self.to_deal.is_some() || self.discard_pile() != [*discard] {
                    return Err(format!("the deal did not lay {discard}"));
                }
                if self.players().iter().any(|p| p.hand().len() != HAND_SIZE) {
                    return Err("a hand was not dealt five cards".into());
                }
                let dealt = self.players().len() * HAND_SIZE + 1 + self.deck().len();
                if dealt != order.cards().len() {
                    return Err("the deck is not the rest of the cards".into());
                }
                Ok(())
            }
            (Actor::Seat(seat), [Event::Turn(turn), end @ ..]) => {
                if turn.seat != seat {
                    return Err(format!("seat {} played for seat {seat}", turn.seat));
                }
                audit_turn(before, self, seat, turn.play)?;
                let reported = match end {
                    [] => None,
                    [Event::GameOver { outcome }] => Some(*outcome),
                    more => return Err(format!("a turn followed by {more:?}")),
                };
                if reported != self.outcome() {
                    return Err("the turn reports another outcome than the game's".into());
                }
                let emptied = self.players()[seat].has_won();
                if emptied
                    != matches!(self.outcome(), Some(Outcome::Winner { seat: s }) if s == seat)
                {
                    return Err(
                        "a winner who holds cards, or an empty hand that did not win".into(),
                    );
                }
                Ok(())
            }
            (actor, events) => Err(format!("{actor:?} acted and the game reported {events:?}")),
        }
    }

    /// A deal missing a card, and one holding a card twice.
    fn impossible_chance(&self) -> Vec<DeckOrder> {
        let Some(to_deal) = self.to_deal else {
            return Vec::new();
        };
        let cards = to_deal.cards();
        let mut doubled = to_deal;
        if let [first, second, ..] = doubled.cards_mut() {
            *second = *first;
        }
        DeckOrder::from_cards(&cards[1..])
            .ok()
            .into_iter()
            .chain([doubled])
            .collect()
    }

    /// A card not in the hand, the draw while a card may be played, cards of the hand
    /// that may not be laid now, and an 8 with the wrong kind of colour choice; at a
    /// chance node or after the end, any action at all.
    fn illegal_actions(&self) -> Vec<Action> {
        let Actor::Seat(seat) = self.actor() else {
            return vec![Action::Draw];
        };
        let mut legal = Vec::new();
        self.legal_actions(&mut legal);
        let hand = self.players()[seat].hand();
        let mut candidates = vec![Action::Draw];
        if let Some(card) = full_deck().find(|c| !hand.contains(c)) {
            candidates.push(Action::Play { card, chosen: None });
        }
        for &card in hand {
            candidates.push(Action::Play { card, chosen: None });
            candidates.push(Action::Play {
                card,
                chosen: Some(Color::Blue),
            });
        }
        let mut illegal: Vec<Action> = Vec::new();
        for action in candidates {
            if !legal.contains(&action) && !illegal.contains(&action) {
                illegal.push(action);
            }
        }
        illegal
    }
}

/// The audit's own statement of what may be laid (written apart from the game's check,
/// so that the audit tests it): facing a fresh 2 under the Rule of Two only a 2;
/// otherwise a card of the colour or the number of the card to match.
fn may_lay(game: &Game, card: ColorCard, target: ColorCard) -> bool {
    if game.rules().two.is_some() && game.pending_twos > 0 {
        card.number() == TWO
    } else {
        card.color() == target.color() || card.number() == target.number()
    }
}

/// Checks one seat's turn, from `before` to `after`, against the rules.
fn audit_turn(before: &Game, after: &Game, seat: Seat, play: Play) -> Result<(), String> {
    let held = before.players()[seat].hand();
    let holds = after.players()[seat].hand().len();
    let target = before.card_to_match().ok_or("a turn before the deal")?;
    let can_play = held.iter().any(|&card| may_lay(before, card, target));
    let deck = before.deck().len();
    let drew = |drawn: u8, wanted: usize| -> Result<(), String> {
        let drawn = usize::from(drawn);
        if can_play {
            return Err("drew while holding a card that may be played".into());
        }
        if drawn != wanted.min(deck)
            || holds != held.len() + drawn
            || after.deck().len() != deck - drawn
        {
            return Err(format!("drew {drawn} of {wanted} from a deck of {deck}"));
        }
        Ok(())
    };
    match play {
        Play::Card { card, chosen } => {
            if !held.contains(&card) || !may_lay(before, card, target) {
                return Err(format!(
                    "laid {card}, not a playable card of the hand, on {target}"
                ));
            }
            if holds + 1 != held.len() || after.discard_card() != Some(card) {
                return Err(format!(
                    "{card} did not move from the hand to the discard pile"
                ));
            }
            if chosen != after.chosen_color()
                || chosen.is_some() != before.names_color(card, held.len())
            {
                return Err(format!("{card} named {chosen:?}"));
            }
            Ok(())
        }
        Play::Draw { drawn } => {
            if before.facing_two() {
                return Err("drew one card instead of the penalty".into());
            }
            drew(drawn, 1)
        }
        Play::Penalty { owed, drawn } => {
            let rule = before.rules().two.filter(|_| before.facing_two());
            let rule = rule.ok_or("a penalty with no 2 to answer")?;
            if owed != rule.penalty.cards(before.pending_twos) || after.pending_twos != 0 {
                return Err(format!(
                    "a penalty of {owed} after {} 2s",
                    before.pending_twos
                ));
            }
            drew(drawn, usize::from(owed))
        }
    }
}
