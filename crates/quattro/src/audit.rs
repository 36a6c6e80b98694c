//! The rule checks that the protocol's conformance test
//! ([`cards_core::protocol::conformance::check`]) runs after every step of a game, and
//! the illegal moves it tries: [`Audit`] for [`Game`].

use cards_core::Color;
use cards_core::protocol::conformance::Audit;
use cards_core::protocol::{Actor, GameState};

use crate::card::{Card, WildCard};
use crate::deck::DeckOrder;
use crate::game::{Action, Event, Game};
use crate::rules::PLAYERS;

impl Audit for Game {
    /// Checks, from `before` to `self` through `events`:
    /// - the cards in the hands and piles are exactly the deck, none created or lost;
    /// - once dealt, there is a top card, and the colour to follow is its colour unless
    ///   it is a wild card;
    /// - a move takes a turn and a chance outcome none; a seat plays only a card it held
    ///   that matched the top card, and draws only with no card to play;
    /// - each hand changes by what the events say (a card played, drawn, or drawn as a
    ///   penalty), and a reshuffle leaves the top discard alone;
    /// - the game ends with a `GameOver` event that tells its outcome, and a winner holds no
    ///   card.
    fn audit(&self, before: &Game, events: &[Event]) -> Result<(), String> {
        let mut held: Vec<Card> = self.all_cards().collect();
        held.sort_unstable();
        let mut deck = self.rules().deck();
        deck.sort_unstable();
        if held != deck {
            return Err(format!("the cards in play are not the deck: {held:?}"));
        }
        match self.top() {
            Some(top) if top.color().is_some_and(|color| color != self.color()) => {
                return Err(format!("{top} on top but {:?} to follow", self.color()));
            }
            None if before.top().is_some() || !events.is_empty() => {
                return Err("no top card after the deal".into());
            }
            _ => {}
        }
        let turns = self.turns().checked_sub(before.turns());
        match before.actor() {
            Actor::Seat(seat) => {
                if turns != Some(1) {
                    return Err(format!("a move took {turns:?} turns"));
                }
                check_action(before, seat, events)?;
            }
            Actor::Chance => {
                if turns != Some(0) {
                    return Err(format!("a shuffle took {turns:?} turns"));
                }
                match events.first() {
                    Some(Event::Dealt { .. }) if before.top().is_none() => {}
                    Some(&Event::Reshuffled { cards })
                        if cards + 1 == before.discard_pile_len() && self.top() == before.top() => {
                    }
                    other => return Err(format!("a shuffle began with {other:?}")),
                }
            }
            Actor::Over => return Err("a step after the end".into()),
        }
        check_hands(before, self, events)?;
        let ended: Vec<_> = events
            .iter()
            .filter_map(|event| match event {
                Event::GameOver { outcome } => Some(*outcome),
                _ => None,
            })
            .collect();
        if ended != Vec::from_iter(self.outcome()) {
            return Err(format!(
                "ended {ended:?} but the outcome is {:?}",
                self.outcome()
            ));
        }
        if let Some(seat) = self.outcome().and_then(|outcome| outcome.winner())
            && !self.player(seat).hand().is_empty()
        {
            return Err(format!(
                "seat {seat} won holding {:?}",
                self.player(seat).hand()
            ));
        }
        Ok(())
    }

    /// The deck short of its first card, and (where it still fits an order) with that
    /// card once more: never the cards of a deal or of a reshuffle, which happens with
    /// every hand still holding a card.
    fn impossible_chance(&self) -> Vec<DeckOrder> {
        let deck = self.rules().deck();
        let short = DeckOrder::from_cards(deck.iter().copied().skip(1));
        let long = DeckOrder::from_cards(deck.iter().copied().chain(deck.first().copied()));
        short.into_iter().chain(long).collect()
    }

    /// At a seat's turn: a card of the deck the seat does not hold, a wild card the rule
    /// set lacks, a draw while holding a playable card, a held card that cannot be played,
    /// a colour named with a card that names none (or none with one that must). At a
    /// chance node or after the end: a draw.
    fn illegal_actions(&self) -> Vec<Action> {
        let Actor::Seat(seat) = self.actor() else {
            return vec![Action::Draw];
        };
        let Some(view) = self.view(seat) else {
            return vec![Action::Draw];
        };
        let mut illegal = Vec::new();
        if let Some(&card) = self.rules().deck().iter().find(|c| !view.hand.contains(c)) {
            illegal.push(Action::play(card));
        }
        let wild = Card::Wild(WildCard::Wild);
        if !self.rules().has(wild) {
            illegal.push(Action::Play {
                card: wild,
                color: Some(Color::Red),
            });
        }
        if let Some(card) = view.playable().next() {
            illegal.push(Action::Draw);
            illegal.push(if view.names_color(card) {
                Action::play(card)
            } else {
                Action::Play {
                    card,
                    color: Some(Color::Blue),
                }
            });
        }
        if let Some(&card) = view.hand.iter().find(|&&card| !view.can_play(card)) {
            illegal.push(Action::play(card));
        }
        illegal
    }
}

/// The move `seat` made from `before`, as `events` tell it, was one the rules allow,
/// checked from the card's own matching rule rather than the game's legality check.
fn check_action(before: &Game, seat: usize, events: &[Event]) -> Result<(), String> {
    let (Some(top), hand) = (before.top(), before.player(seat).hand()) else {
        return Err("a seat moved before the deal".into());
    };
    let color = before.color();
    let holds_color = hand.iter().any(|card| card.color() == Some(color));
    let playable = |card: Card| {
        hand.contains(&card)
            && card.matches(top, color)
            && !(card == Card::Wild(WildCard::WildDrawFour) && holds_color)
    };
    match events.first() {
        Some(&Event::Played { seat: player, card }) => {
            if player != seat || !playable(card) {
                return Err(format!(
                    "seat {player} played {card} on {top} ({color:?} to follow), not a legal \
                     card of seat {seat}"
                ));
            }
        }
        None | Some(Event::Drew { .. } | Event::Passed { .. }) => {
            if let Some(&card) = hand.iter().find(|&&card| playable(card)) {
                return Err(format!(
                    "seat {seat} drew holding {card}, which it could play"
                ));
            }
            if let Some(&Event::Drew { seat: player, .. } | &Event::Passed { seat: player }) =
                events.first()
                && player != seat
            {
                return Err(format!("seat {player} drew in seat {seat}'s turn"));
            }
        }
        Some(other) => return Err(format!("a move began with {other:?}")),
    }
    Ok(())
}

/// Each hand of `after` is the hand of `before` less the card played, plus the cards
/// drawn, as `events` tell them. A penalty that stops for a reshuffle tells its cards
/// only once it is complete: until then the cards drawn so far are at the end of the
/// hand, untold, and the event that completes it tells them again.
fn check_hands(before: &Game, after: &Game, events: &[Event]) -> Result<(), String> {
    if before.top().is_none() {
        // The deal: everyone starts with the same number of cards.
        let sizes: Vec<usize> = (0..PLAYERS).map(|s| after.player(s).hand().len()).collect();
        return match sizes.first() {
            Some(&n) if sizes.iter().all(|&size| size == n) => Ok(()),
            _ => Err(format!("an uneven deal: {sizes:?}")),
        };
    }
    let resumed = before.actor() == Actor::Chance;
    let waiting = after.actor() == Actor::Chance;
    for seat in 0..PLAYERS {
        let mut hand = before.player(seat).hand().to_vec();
        let now = after.player(seat).hand();
        for event in events {
            match *event {
                Event::Played { seat: player, card } if player == seat => {
                    let at = hand
                        .iter()
                        .position(|&held| held == card)
                        .ok_or(format!("seat {seat} played {card}, which it did not hold"))?;
                    hand.remove(at);
                }
                Event::Drew { seat: player, card } if player == seat => hand.push(card),
                Event::DrewPenalty {
                    seat: player,
                    cards,
                } if player == seat => {
                    let cards = cards.cards();
                    let new = if resumed {
                        now.len().saturating_sub(hand.len()).min(cards.len())
                    } else {
                        cards.len()
                    };
                    let (earlier, later) = cards.split_at(cards.len() - new);
                    if !hand.ends_with(earlier) {
                        return Err(format!(
                            "seat {seat} holds {hand:?}, without the penalty cards {earlier:?}"
                        ));
                    }
                    hand.extend_from_slice(later);
                }
                _ => {}
            }
        }
        let told = hand.len();
        let untold_allowed = if waiting { 4 } else { 0 };
        if now.get(..told) != Some(&hand[..]) || now.len() > told + untold_allowed {
            return Err(format!(
                "seat {seat} holds {now:?}; the events say {hand:?}"
            ));
        }
    }
    Ok(())
}
