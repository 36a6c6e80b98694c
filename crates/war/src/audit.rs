//! War's rule check for `cards_core::protocol::conformance::check`: after every step,
//! no card was created or lost, and what the events say is what changed.

use cards_core::protocol::conformance::Audit;
use cards_core::protocol::{Actor, GameState};

use crate::card::Card;
use crate::deck::{DECK_SIZE, DeckOrder};
use crate::game::{Action, Event, Game, mask};
use crate::rules::MAX_PLAYERS;

impl Audit for Game {
    /// Checks one step from `before` to `self` against the rules:
    /// - no card lies in a slot past the seated players;
    /// - every card is held once, and the cards in play are those of `before` (after the
    ///   deal: the 52 cards, dealt one at a time from Player 1, so the first seats hold
    ///   at most one card more);
    /// - replaying the events on the counts gives the new counts: `Played` and
    ///   `FaceDown` move a card from the seat's pile to the table, `Took` of n cards
    ///   moves the whole table (n cards) to that pile, `PotLeft` leaves the n cards that
    ///   are on the table; `Battle` and `War` number battles and wars one after the
    ///   other, up to the game's counts;
    /// - `Out` names a player whose pile is empty at that moment, and every player newly
    ///   out has one; `GameOver` comes exactly when the game ends, with its outcome, and a
    ///   winner then holds every card.
    fn audit(&self, before: &Game, events: &[Event]) -> Result<(), String> {
        // The count of cards below sees only the seated players, so a card gone to an
        // unseated slot would show only as a card lost: name the slot instead.
        if let Some(slot) = self.unseated().iter().find(|p| !p.is_out()) {
            return Err(format!(
                "slot {} holds cards, past the game's {} players",
                slot.seat() + 1,
                self.players().len()
            ));
        }
        let held = held_once(self)?;
        let dealt = before.chance_node() == Some(crate::deck::ChanceNode::Deal)
            && self.chance_node() != Some(crate::deck::ChanceNode::Deal);
        let players = self.players().len();
        let mut piles = [0usize; MAX_PLAYERS];
        if dealt {
            if held != (1 << DECK_SIZE) - 1 {
                return Err("the deal did not deal the 52 cards".into());
            }
            if events != [Event::Dealt] {
                return Err(format!("the deal reported {events:?}"));
            }
            for (seat, player) in self.players().iter().enumerate() {
                let share = DECK_SIZE / players + usize::from(seat < DECK_SIZE % players);
                if player.card_count() != share {
                    return Err(format!(
                        "Player {} was dealt {} cards, not {share}",
                        seat + 1,
                        player.card_count()
                    ));
                }
            }
            return Ok(());
        }
        if held != held_once(before)? {
            return Err("the cards in play changed".into());
        }
        for (pile, player) in piles.iter_mut().zip(before.players()) {
            *pile = player.card_count();
        }
        let mut table = before.table().len();
        let (mut battles, mut wars) = (before.battles(), before.wars());
        let mut out = before.out();
        let mut over = None;
        for (i, &event) in events.iter().enumerate() {
            let at = || format!("event {i} ({event:?})");
            if over.is_some() {
                return Err(format!("{} after the game ended", at()));
            }
            match event {
                Event::Dealt => return Err(format!("{}: no deal now", at())),
                Event::Battle { battle } => {
                    battles += 1;
                    if battle != battles || i != 0 {
                        return Err(format!(
                            "{}: expected the first event, battle {battles}",
                            at()
                        ));
                    }
                }
                Event::War { war, battle, .. } => {
                    wars += 1;
                    if let Some(battle) = battle {
                        battles += 1;
                        if battle != battles {
                            return Err(format!("{}: expected battle {battles}", at()));
                        }
                    }
                    if war != wars {
                        return Err(format!("{}: expected war {wars}", at()));
                    }
                }
                Event::Played { seat, .. } | Event::FaceDown { seat, .. } => {
                    let pile = &mut piles[seat];
                    *pile = pile
                        .checked_sub(1)
                        .ok_or_else(|| format!("{}: Player {} has no card", at(), seat + 1))?;
                    table += 1;
                }
                Event::Tie { .. } => {}
                Event::Out { seat } => {
                    if piles[seat] != 0 || out.contains(seat) {
                        return Err(format!("{}: holds {} cards or was out", at(), piles[seat]));
                    }
                    out.insert(seat);
                }
                Event::Took { seat, cards } => {
                    if cards != table {
                        return Err(format!("{}: the table holds {table} cards", at()));
                    }
                    piles[seat] += cards;
                    table = 0;
                }
                Event::PotLeft { cards } => {
                    if cards != table {
                        return Err(format!("{}: the table holds {table} cards", at()));
                    }
                }
                Event::GameOver { outcome } => over = Some(outcome),
            }
        }
        for (seat, player) in self.players().iter().enumerate() {
            if player.card_count() != piles[seat] {
                return Err(format!(
                    "Player {} holds {} cards; the events say {}",
                    seat + 1,
                    player.card_count(),
                    piles[seat]
                ));
            }
        }
        if self.table().len() != table {
            return Err(format!(
                "the table holds {} cards; the events say {table}",
                self.table().len()
            ));
        }
        if (battles, wars) != (self.battles(), self.wars()) {
            return Err(format!(
                "{} battles and {} wars; the events say {battles} and {wars}",
                self.battles(),
                self.wars()
            ));
        }
        if out != self.out() {
            return Err(format!("{} out; the events say {out}", self.out()));
        }
        if over != self.outcome() || before.outcome().is_some() {
            return Err(format!(
                "the game ended in {:?}; the events say {over:?}",
                self.outcome()
            ));
        }
        let winner = over.and_then(|outcome| outcome.winner());
        if let Some(seat) = winner
            && self.players()[seat].card_count() != held.count_ones() as usize
        {
            return Err(format!("the winner, Player {}, lacks cards", seat + 1));
        }
        Ok(())
    }

    /// None: the only action, `Battle`, is legal at every turn (the refusals of a battle
    /// at a chance node or after the end, and of wrong orders, are unit tests).
    /// The one action, `Battle`, is legal at every seat's turn and at no other time.
    fn illegal_actions(&self) -> Vec<Action> {
        match self.actor() {
            Actor::Seat(_) => Vec::new(),
            Actor::Chance | Actor::Over => vec![Action::Battle],
        }
    }

    /// An order holding a card twice: never the order of cards each held once.
    fn impossible_chance(&self) -> Vec<DeckOrder> {
        let deck = Card::deck();
        DeckOrder::from_cards([deck[0], deck[0]])
            .into_iter()
            .collect()
    }
}

/// The cards in play (piles and table) as a set, or an error if one is held twice.
fn held_once(game: &Game) -> Result<u64, String> {
    let mut held = 0u64;
    let cards = game
        .players()
        .iter()
        .flat_map(|player| player.cards())
        .chain(game.table().iter().copied());
    for card in cards {
        let bit = mask([card]);
        if held & bit != 0 {
            return Err(format!("{card} is held twice"));
        }
        held |= bit;
    }
    Ok(held)
}
