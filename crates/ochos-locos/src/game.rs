//! Assignment 4's `Game` (and, with [`Rules::FULL_GAME`], its subclass `FullGame`):
//! players, a deck, a discard pile, and [`Game::next_play`], which performs one turn
//! and returns what happened.
//!
//! The game prints nothing: a [`Turn`] is an event that [`crate::render`] turns into
//! either assignment's output, and that tests and benchmarks read directly.

use cards_core::{Color, ColorCard, Pile};

use crate::player::Player;
use crate::rules::{EightRule, Ending, HAND_SIZE, Order, Rules};

/// The number on the cards that carry the 8-card (Loco) rule.
pub const EIGHT: u8 = 8;
/// The number on the cards that carry the 2-card rule.
pub const TWO: u8 = 2;

/// A game of Ochos Locos under some [`Rules`].
#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    players: Vec<Player>,
    deck: Pile<ColorCard>,
    // The last card is the top; the whole pile is kept so cards can be counted.
    discard_pile: Vec<ColorCard>,
    // Set after an 8 under the 8-card rule: the colour the next player must follow.
    chosen_color: Option<Color>,
    // Consecutive 2s just played whose effect has not been used up.
    pending_twos: u8,
    current: Option<usize>,
    // Consecutive turns on which a player could neither play nor draw.
    passes: usize,
    outcome: Option<Outcome>,
}

/// What one turn did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turn {
    /// Who played (0-based, in seating order).
    pub player: usize,
    /// What they did.
    pub play: Play,
    /// How the game ended, if this turn ended it.
    pub outcome: Option<Outcome>,
}

/// A player's move on their turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Play {
    /// Laid `card` on the discard pile; after an 8 under the 8-card rule, the colour to
    /// follow (none when the 8 was the player's last card).
    Card {
        /// The card played.
        card: ColorCard,
        /// The colour chosen with an 8.
        chosen: Option<Color>,
    },
    /// Could not play and drew a card (`drawn` is 0 when the deck was empty: a pass).
    Draw {
        /// Cards drawn: 1, or 0 for a pass.
        drawn: u8,
    },
    /// Could not answer a 2, missed the turn and drew `drawn` of the `owed` cards.
    Penalty {
        /// Cards the rule asked for.
        owed: u8,
        /// Cards the deck could give.
        drawn: u8,
    },
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A player emptied their hand.
    Winner {
        /// The winner (0-based).
        player: usize,
    },
    /// The game stopped with nobody out of cards.
    NoWinner {
        /// Why.
        reason: NoWinner,
    },
}

/// Why a game ended without a winner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoWinner {
    /// Assignment 4: a draw took the deck's last card, or found the deck empty.
    DeckRanOut,
    /// Assignment 2: every player in turn could neither play nor draw, so nobody ever
    /// will again.
    Stalemate,
}

impl Game {
    /// A game with no players, no cards and no discard card yet.
    pub fn new(rules: Rules) -> Game {
        Game {
            rules,
            players: Vec::new(),
            deck: Pile::with_capacity(32),
            discard_pile: Vec::with_capacity(32),
            chosen_color: None,
            pending_twos: 0,
            current: None,
            passes: 0,
            outcome: None,
        }
    }

    /// Deals `cards` to the seated players as a deal file lists them (five to the first
    /// player, five to the next, …, then the discard card, then the deck top first) and
    /// starts over, reusing the game's storage: simulations replay many deals with one
    /// `Game` and allocate nothing.
    ///
    /// # Panics
    /// If `cards` holds fewer than five cards a player and a discard card.
    pub fn redeal(&mut self, cards: &[ColorCard]) {
        let (hands, rest) = cards.split_at(self.players.len() * HAND_SIZE);
        for (player, hand) in self.players.iter_mut().zip(hands.chunks(HAND_SIZE)) {
            player.hand_mut().clear();
            player.hand_mut().extend_from_slice(hand);
        }
        self.discard_pile.clear();
        self.set_discard_card(rest[0]);
        self.deck.clear();
        self.deck.extend(rest[1..].iter().copied());
        self.current = None;
        self.passes = 0;
        self.outcome = None;
    }

    /// The rules in play.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// `addPlayer(Player)`: seats a player after the others.
    pub fn add_player(&mut self, player: Player) {
        self.players.push(player);
    }

    /// `addCard(Card)`: puts a card under the deck, so cards added in order are drawn in
    /// that order.
    pub fn add_card(&mut self, card: ColorCard) {
        self.deck.put_at_bottom(card);
    }

    /// `setDiscardCard(Card)`: lays the starting card. Nobody played it, so it triggers
    /// neither the 2-card nor the 8-card rule; an 8 stands for its own colour.
    pub fn set_discard_card(&mut self, card: ColorCard) {
        self.discard_pile.push(card);
        self.chosen_color = None;
        self.pending_twos = 0;
    }

    /// `getDiscardCard()`: the top of the discard pile.
    pub fn discard_card(&self) -> Option<ColorCard> {
        self.discard_pile.last().copied()
    }

    /// The card the next player must match: the discard card, or after an 8 with a
    /// chosen colour, an 8 of that colour (any 8 or any card of the colour matches it).
    pub fn card_to_match(&self) -> Option<ColorCard> {
        let top = self.discard_card()?;
        Some(match self.chosen_color {
            Some(color) => ColorCard::new(color, EIGHT),
            None => top,
        })
    }

    /// The colour chosen with the last 8, while it is in force.
    pub fn chosen_color(&self) -> Option<Color> {
        self.chosen_color
    }

    /// `drawCard()`: takes the top card of the deck.
    pub fn draw_card(&mut self) -> Option<ColorCard> {
        self.deck.draw()
    }

    /// `outOfCards()`: whether the deck is empty.
    pub fn out_of_cards(&self) -> bool {
        self.deck.is_empty()
    }

    /// `getCurrentPlayer()`: the player whose turn it is (none before the first turn).
    pub fn current_player(&self) -> Option<&Player> {
        self.current.map(|index| &self.players[index])
    }

    /// `nextPlayer()`: passes the turn on and returns the new current player (none if
    /// nobody is seated).
    pub fn next_player(&mut self) -> Option<&Player> {
        if self.players.is_empty() {
            return None;
        }
        let next = self
            .current
            .map_or(0, |index| (index + 1) % self.players.len());
        self.current = Some(next);
        self.players.get(next)
    }

    /// The players in seating order.
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    /// The deck (draw pile), top first.
    pub fn deck(&self) -> &Pile<ColorCard> {
        &self.deck
    }

    /// The discard pile, bottom (the starting card) first.
    pub fn discard_pile(&self) -> &[ColorCard] {
        &self.discard_pile
    }

    /// How the game ended, once it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// `nextPlay()`: moves to the next player, who plays a card or draws, and returns
    /// what happened. `None` once the game is over, and for a game that cannot start
    /// (no players or no discard card).
    pub fn next_play(&mut self) -> Option<Turn> {
        if self.outcome.is_some() {
            return None;
        }
        let target = self.card_to_match()?;
        self.next_player()?;
        let player = self.current?;
        let play = match self.rules.two {
            Some(rule) if self.pending_twos > 0 => match self.find_card(player, TWO, rule.answer) {
                Some(index) => self.play_card(player, index),
                None => self.take_penalty(player, rule.penalty.cards(self.pending_twos)),
            },
            _ => match self.choose(player, target) {
                Some(index) => self.play_card(player, index),
                None => self.draw_for(player),
            },
        };
        self.passes = match play {
            Play::Draw { drawn: 0 } => self.passes + 1,
            _ => 0,
        };
        if self.outcome.is_none()
            && self.rules.ending == Ending::PlayOn
            && self.passes >= self.players.len()
        {
            self.outcome = Some(Outcome::NoWinner {
                reason: NoWinner::Stalemate,
            });
        }
        Some(Turn {
            player,
            play,
            outcome: self.outcome,
        })
    }

    /// Plays turns until the game ends, handing each to `on_turn`.
    pub fn play_to_end(&mut self, mut on_turn: impl FnMut(&Game, Turn)) -> Option<Outcome> {
        while let Some(turn) = self.next_play() {
            on_turn(self, turn);
        }
        self.outcome
    }

    /// The card `player` chooses to play on `target`, if any.
    fn choose(&self, player: usize, target: ColorCard) -> Option<usize> {
        let hand = self.players[player].hand();
        if self.rules.eight == Some(EightRule::Loco) {
            // The Loco rule comes before the player's usual choice: the first playable 8
            // in rainbow order.
            let loco = (0..hand.len())
                .filter(|&i| hand[i].number() == EIGHT && hand[i].matches(target))
                .min_by_key(|&i| hand[i].color());
            if loco.is_some() {
                return loco;
            }
        }
        let index = self.players[player].strategy().find_match(hand, target)?;
        // A strategy may only name a matching card; anything else is a bug in it.
        debug_assert!(hand[index].matches(target));
        Some(index)
    }

    /// The first card numbered `number` in `player`'s hand, in `order`.
    fn find_card(&self, player: usize, number: u8, order: Order) -> Option<usize> {
        let hand = self.players[player].hand();
        let with_number = (0..hand.len()).filter(|&i| hand[i].number() == number);
        match order {
            Order::Hand => with_number.min(),
            Order::Rainbow => with_number.min_by_key(|&i| hand[i].color()),
        }
    }

    fn play_card(&mut self, player: usize, index: usize) -> Play {
        let hand = self.players[player].hand_mut();
        let card = hand[index];
        let chosen = match self.rules.eight {
            // A winning 8 (the last card) chooses nothing.
            Some(rule) if card.number() == EIGHT && hand.len() > 1 => {
                Some(choose_color(rule, hand, index))
            }
            _ => None,
        };
        hand.remove(index);
        self.discard_pile.push(card);
        self.chosen_color = chosen;
        self.pending_twos = match self.rules.two {
            Some(_) if card.number() == TWO => self.pending_twos.saturating_add(1),
            _ => 0,
        };
        if self.players[player].has_won() {
            self.outcome = Some(Outcome::Winner { player });
        }
        Play::Card { card, chosen }
    }

    fn draw_for(&mut self, player: usize) -> Play {
        let drawn = self.draw_into(player, 1);
        Play::Draw { drawn }
    }

    fn take_penalty(&mut self, player: usize, owed: u8) -> Play {
        let drawn = self.draw_into(player, owed);
        // The penalty uses the 2s up: the next player plays on the 2 as on any card.
        self.pending_twos = 0;
        Play::Penalty { owed, drawn }
    }

    /// Moves up to `wanted` cards from the deck to `player`'s hand; ends an Assignment 4
    /// game when the deck is (or becomes) empty.
    fn draw_into(&mut self, player: usize, wanted: u8) -> u8 {
        let deck_was_empty = self.deck.is_empty();
        let mut drawn = 0;
        while drawn < wanted {
            let Some(card) = self.deck.draw() else { break };
            self.players[player].add_card_to_hand(card);
            drawn += 1;
        }
        if self.rules.ending == Ending::DeckOut && (deck_was_empty || self.deck.is_empty()) {
            self.outcome = Some(Outcome::NoWinner {
                reason: NoWinner::DeckRanOut,
            });
        }
        drawn
    }
}

/// The colour a player chooses when laying the 8 at `played` of `hand` (the hand as it
/// is before the 8 leaves it, with at least one other card).
fn choose_color(rule: EightRule, hand: &[ColorCard], played: usize) -> Color {
    match rule {
        // The first colour in rainbow order among the cards that stay.
        EightRule::Loco => hand
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != played)
            .map(|(_, card)| card.color())
            .min()
            .unwrap_or(hand[played].color()),
        // The colour held most, the 8 being played included; ties in rainbow order.
        EightRule::MostHeld => {
            let mut counts = [0usize; 4];
            for card in hand {
                counts[card.color().index()] += 1;
            }
            let mut best = Color::Red;
            for color in Color::ALL {
                if counts[color.index()] > counts[best.index()] {
                    best = color;
                }
            }
            best
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::Deal;
    use crate::rules::Variant;
    use pretty_assertions::assert_eq;

    fn card(text: &str) -> ColorCard {
        text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn game(variant: Variant, deal: &str) -> Game {
        Deal::parse(variant, deal)
            .unwrap_or_else(|e| panic!("{e}"))
            .to_game(variant)
    }

    /// The first `n` turns of a game.
    fn turns(game: &mut Game, n: usize) -> Vec<Turn> {
        (0..n).map_while(|_| game.next_play()).collect()
    }

    fn played(card_text: &str, chosen: Option<Color>) -> Play {
        Play::Card {
            card: card(card_text),
            chosen,
        }
    }

    #[test]
    fn starting_two_and_eight_trigger_nothing() {
        // A starting 2 asks for no answer; a starting 8 stands for its own colour.
        let mut g = game(
            Variant::GoingWild,
            "R3 Y4 Y5 Y6 Y7\nB1 B3 B4 B5 B6\nG1 G3 G4 G5 G6\nR2\nG7\n",
        );
        assert_eq!(turns(&mut g, 1)[0].play, played("R3", None));
        let mut g = game(
            Variant::GoingWild,
            "R3 Y4 Y5 Y6 Y7\nB1 B3 B4 B5 B6\nG1 G3 G4 G5 G6\nR8\nG7\n",
        );
        assert_eq!(g.card_to_match(), Some(card("R8")));
        assert_eq!(turns(&mut g, 1)[0].play, played("R3", None));
    }

    #[test]
    fn rule_of_two_answers_in_rainbow_order_then_is_used_up() {
        // Player 1 lays R2; player 2 answers with the first 2 in rainbow order (Y2,
        // not B2 though B2 comes first in hand); player 3 takes two; player 1 then
        // plays on Y2 as on any card.
        let mut g = game(
            Variant::TakeTwo,
            "R2 R5 R6 R7 G8\nB2 Y2 B3 B4 B5\nG1 G3 G4 G5 G6\nR1\nY1 Y3 Y4\n",
        );
        let got: Vec<Play> = turns(&mut g, 4).into_iter().map(|t| t.play).collect();
        assert_eq!(
            got,
            vec![
                played("R2", None),
                played("Y2", None),
                Play::Penalty { owed: 2, drawn: 2 },
                Play::Draw { drawn: 1 },
            ]
        );
        assert_eq!(g.players()[2].hand().len(), 7);
    }

    #[test]
    fn full_game_penalty_grows_with_the_chain_and_takes_what_is_left() {
        // Alice lays R2 (hand order), Bob answers G2, Carol owes 4 but only 3 remain:
        // she draws them, and the deck running out ends the game.
        let mut g = game(
            Variant::Completos,
            "3\nAlice B R2 Y5 Y6 Y7 Y8\nBob B B1 G2 B3 B4 B5\nCarol B G1 G3 G4 G5 G6\nR1\nY1 Y3 Y4\n",
        );
        let all = turns(&mut g, 10);
        let got: Vec<Play> = all.iter().map(|t| t.play).collect();
        assert_eq!(
            got,
            vec![
                played("R2", None),
                played("G2", None),
                Play::Penalty { owed: 4, drawn: 3 },
            ]
        );
        assert_eq!(
            g.outcome(),
            Some(Outcome::NoWinner {
                reason: NoWinner::DeckRanOut
            })
        );
    }

    #[test]
    fn loco_rule_plays_a_playable_eight_first_and_names_the_first_colour_left() {
        // Player 1 holds Y8 (does not match R6) and B8 (does not match either) then R8;
        // R8 matches and is played before R1, and the colour named is the first in
        // rainbow order among Y8 B8 G3 R1: R.
        let mut g = game(
            Variant::GoingWild,
            "Y8 B8 R8 G3 R1\nB1 B3 B4 B5 B6\nG1 G4 G5 G6 G7\nR6\nY1\n",
        );
        assert_eq!(turns(&mut g, 1)[0].play, played("R8", Some(Color::Red)));
        // Player 2 must follow red or play an 8: B cards don't, so they draw.
        assert_eq!(g.card_to_match(), Some(card("R8")));
    }

    #[test]
    fn most_held_colour_counts_the_eight_itself_and_breaks_ties_in_rainbow_order() {
        // Basic Alice plays G8 on G1 (first match). Her hand then is G8 B1 B2 Y3 Y4:
        // Y 2, B 2, G 1: a tie between yellow and blue goes to yellow.
        let mut g = game(
            Variant::Completos,
            "2\nAlice B G8 B1 B3 Y3 Y4\nBob B R1 R3 R4 R5 R6\nG1\nY1\n",
        );
        assert_eq!(turns(&mut g, 1)[0].play, played("G8", Some(Color::Yellow)));
        // Counting the 8 decides: Alice holds B8 B1 R3 Y4 G5. With the 8 blue leads
        // 2 to 1; without it, all four colours tie and red would win.
        let mut g = game(
            Variant::Completos,
            "2\nAlice B B8 B1 R3 Y4 G5\nBob B R1 R4 R5 R6 R7\nB2\nY1\n",
        );
        // B2 is the starting card: it triggers nothing, so Alice plays B8 (first match).
        assert_eq!(turns(&mut g, 1)[0].play, played("B8", Some(Color::Blue)));
    }

    #[test]
    fn a_winning_eight_names_no_colour() {
        let mut g = game(
            Variant::GoingWild,
            "R8 Y1 Y3 Y4 Y5\nB1 B3 B4 B5 B6\nG1 G3 G4 G5 G6\nR6\n",
        );
        // Pretend the game has gone on: player 1 holds only R8.
        g.players[0].hand_mut().truncate(1);
        let turn = turns(&mut g, 1)[0];
        assert_eq!(turn.play, played("R8", None));
        assert_eq!(turn.outcome, Some(Outcome::Winner { player: 0 }));
    }

    #[test]
    fn stalemate_after_a_full_round_of_passes() {
        let mut g = game(
            Variant::MatchMaking,
            "R7 Y2 Y3 Y4 Y5\nG2 G3 G4 G5 G6\nB2 B3 B4 B5 B6\nR1\n",
        );
        let all = turns(&mut g, 10);
        assert_eq!(all.len(), 4);
        assert_eq!(all[0].play, played("R7", None));
        assert!(all[1..].iter().all(|t| t.play == Play::Draw { drawn: 0 }));
        assert_eq!(
            all[3].outcome,
            Some(Outcome::NoWinner {
                reason: NoWinner::Stalemate
            })
        );
    }

    #[test]
    fn assignment_4_ends_on_drawing_the_last_card() {
        let mut g = game(
            Variant::Faciles,
            "2\nAlice R1 R2 R3 R4 R5\nBob G1 G2 G3 G4 G6\nB8\nY7\n",
        );
        let turn = turns(&mut g, 1)[0];
        assert_eq!(turn.play, Play::Draw { drawn: 1 });
        assert!(g.out_of_cards());
        assert_eq!(
            turn.outcome,
            Some(Outcome::NoWinner {
                reason: NoWinner::DeckRanOut
            })
        );
        assert_eq!(g.next_play(), None);
    }

    #[test]
    fn java_style_setup_plays_like_a_parsed_deal() {
        let mut g = Game::new(Rules::GAME);
        let mut alice = Player::new("Alice");
        for text in ["R8", "G8", "Y4", "G2", "B1"] {
            alice.add_card_to_hand(card(text));
        }
        g.add_player(alice);
        g.set_discard_card(card("G4"));
        g.add_card(card("R1"));
        assert!(g.current_player().is_none());
        assert_eq!(g.next_play().map(|t| t.play), Some(played("G8", None)));
        assert_eq!(g.current_player().map(Player::name), Some("Alice"));
        assert_eq!(g.discard_card(), Some(card("G8")));
        assert!(!g.out_of_cards());
        assert_eq!(g.draw_card(), Some(card("R1")));
        assert!(g.out_of_cards());
    }
}
