//! The rules as a pure state machine: a [`Game`], the [`Move`]s a player may make, and
//! [`Game::apply`], which carries a move out and reports what happened as [`Event`]s.
//!
//! Nothing here prints or reads; randomness (the shuffles) comes in as `&mut impl Rng`.
//! A player deciding what to do (a bot, or the console for the human) sees a
//! [`PlayerView`]: their own hand and what is public, never the other hands.

use cards_core::{Color, Pile};
use rand::Rng;

use crate::card::{Card, WildCard};
use crate::error::InvalidSelectionError;
use crate::player::Player;
use crate::rules::{HAND_SIZE, Rules};

/// The number of players: the game is Quattro.
pub const PLAYERS: usize = 4;

/// The turn limit when none is given: far above any game seen in simulation (see the
/// crate docs), so it only stops a game that has lost its way.
pub const DEFAULT_MAX_TURNS: u32 = 1000;

/// What the player whose turn it is does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Move {
    /// Play a card from the hand. A wild card names a `colour`, unless it is the
    /// player's last card (the game is then over and no colour is needed). The colour is
    /// ignored for any other card.
    Play {
        /// The card played.
        card: Card,
        /// The colour named with a wild card.
        colour: Option<Color>,
    },
    /// Take the top card of the draw pile (allowed only with no playable card). With
    /// nothing to draw even after the reshuffle, the player passes.
    Draw,
}

impl Move {
    /// Playing `card` with no colour named.
    pub const fn play(card: Card) -> Move {
        Move::Play { card, colour: None }
    }
}

/// Up to four cards drawn at once (a Draw Two or a Wild Draw Four), without allocating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Drawn {
    cards: [Card; 4],
    len: u8,
}

impl Drawn {
    const EMPTY: Drawn = Drawn {
        cards: [Card::Wild(WildCard::Wild); 4],
        len: 0,
    };

    fn push(&mut self, card: Card) {
        self.cards[usize::from(self.len)] = card;
        self.len += 1;
    }

    /// The cards drawn, in order.
    pub fn cards(&self) -> &[Card] {
        &self.cards[..usize::from(self.len)]
    }
}

/// Why a game ended with no winner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NoWinnerReason {
    /// Every player in a row had no card to play and nothing to draw.
    EveryonePassed,
    /// The game reached its turn limit (`--max-turns`).
    TurnLimit(u32),
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The player in this seat played their last card.
    Winner(usize),
    /// Nobody won.
    NoWinner {
        /// Why.
        reason: NoWinnerReason,
    },
}

/// What happened, in order, when a move was applied. Seats count from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// `player` played `card`; it is the new top of the discard pile.
    Played {
        /// Who.
        player: usize,
        /// The card.
        card: Card,
    },
    /// `player` named `colour` with a wild card.
    ColourNamed {
        /// Who.
        player: usize,
        /// The colour to follow.
        colour: Color,
    },
    /// The draw pile was empty: all discards but the top were shuffled into a new one.
    Reshuffled {
        /// How many cards the new draw pile has.
        cards: usize,
    },
    /// `player`, with no card to play, took `card` from the draw pile.
    Drew {
        /// Who.
        player: usize,
        /// The card (secret to the others).
        card: Card,
    },
    /// `player` had no card to play and nothing to draw.
    Passed {
        /// Who.
        player: usize,
    },
    /// The direction of play turned round.
    Reversed {
        /// Whether play now goes up the seats (1, 2, 3, 4, 1 …).
        clockwise: bool,
    },
    /// `player` had to draw cards because of a Draw Two or Wild Draw Four (fewer than
    /// owed if the piles ran out).
    DrewPenalty {
        /// Who.
        player: usize,
        /// The cards drawn.
        cards: Drawn,
    },
    /// `player` misses their turn.
    Skipped {
        /// Who.
        player: usize,
    },
    /// The game is over.
    Ended(Outcome),
}

/// One game: the four players, the piles, whose turn it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    rules: Rules,
    deck: Vec<Card>,
    players: [Player; PLAYERS],
    draw_pile: Pile<Card>,
    // The top card is the pile's top.
    discard_pile: Pile<Card>,
    colour: Color,
    current: usize,
    clockwise: bool,
    passes_in_row: usize,
    turns: u32,
    max_turns: u32,
    outcome: Option<Outcome>,
}

/// What one player may know: their own hand and the public state of the table.
#[derive(Clone, Copy, Debug)]
pub struct PlayerView<'a> {
    /// The player's seat (0–3).
    pub seat: usize,
    /// The player's cards, in the order received.
    pub hand: &'a [Card],
    /// The top card of the discard pile.
    pub top: Card,
    /// The colour to follow: the top card's, or the one named after a wild card.
    pub colour: Color,
    /// How many cards each seat holds.
    pub hand_sizes: [usize; PLAYERS],
    /// How many cards the draw pile holds.
    pub draw_pile: usize,
    /// Whether play goes up the seats.
    pub clockwise: bool,
    /// The rule set.
    pub rules: Rules,
}

impl PlayerView<'_> {
    /// The seat that plays after this one.
    pub fn next_seat(&self) -> usize {
        next_seat(self.seat, self.clockwise)
    }

    /// Whether the player may play `card` now: they hold it, it matches, and a Wild Draw
    /// Four comes only from a hand with no card of the colour to follow. `Err` says why
    /// not.
    pub fn check_play(&self, card: Card) -> Result<(), InvalidSelectionError> {
        if !self.hand.contains(&card) {
            return Err(InvalidSelectionError::NotInHand(card));
        }
        if !card.matches(self.top, self.colour) {
            return Err(InvalidSelectionError::NoMatch {
                card,
                top: self.top,
                colour: self.colour,
            });
        }
        if card == Card::Wild(WildCard::WildDrawFour)
            && self.hand.iter().any(|c| c.colour() == Some(self.colour))
        {
            return Err(InvalidSelectionError::DrawFourNotAllowed(self.colour));
        }
        Ok(())
    }

    /// Whether the player may play `card` now.
    pub fn can_play(&self, card: Card) -> bool {
        self.check_play(card).is_ok()
    }

    /// The playable cards of the hand, in hand order (a card held twice comes twice).
    pub fn playable(&self) -> impl Iterator<Item = Card> + '_ {
        self.hand.iter().copied().filter(|&c| self.can_play(c))
    }

    /// Whether `mv` is legal; `Err` says why not.
    pub fn check_move(&self, mv: Move) -> Result<(), InvalidSelectionError> {
        match mv {
            Move::Draw => match self.playable().next() {
                Some(card) => Err(InvalidSelectionError::MustPlay(card)),
                None => Ok(()),
            },
            Move::Play { card, colour } => {
                self.check_play(card)?;
                if card.is_wild() && colour.is_none() && self.hand.len() > 1 {
                    return Err(InvalidSelectionError::NoColour);
                }
                Ok(())
            }
        }
    }
}

fn next_seat(seat: usize, clockwise: bool) -> usize {
    if clockwise {
        (seat + 1) % PLAYERS
    } else {
        (seat + PLAYERS - 1) % PLAYERS
    }
}

impl Game {
    /// Shuffles the deck of `rules`, deals [`HAND_SIZE`] cards to each player in turn and
    /// turns the top of the draw pile onto the discard pile. The first seat plays first.
    /// A game lasts at most `max_turns` turns.
    pub fn new<R: Rng + ?Sized>(
        rules: Rules,
        players: [Player; PLAYERS],
        max_turns: u32,
        rng: &mut R,
    ) -> Game {
        let deck = rules.deck();
        let mut game = Game {
            rules,
            draw_pile: Pile::with_capacity(deck.len()),
            discard_pile: Pile::with_capacity(deck.len()),
            deck,
            players,
            colour: Color::Red,
            current: 0,
            clockwise: true,
            passes_in_row: 0,
            turns: 0,
            max_turns,
            outcome: None,
        };
        game.redeal(rng);
        game
    }

    /// Starts a new game with the same players and rules, reusing every buffer (the
    /// simulator plays many games without allocating). The new deal depends only on
    /// `rng`, not on the game before.
    pub fn redeal<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        for player in &mut self.players {
            player.hand.clear();
        }
        self.draw_pile.clear();
        self.discard_pile.clear();
        self.draw_pile.extend(self.deck.iter().copied());
        self.draw_pile.shuffle(rng);
        for _ in 0..HAND_SIZE {
            for player in &mut self.players {
                if let Some(card) = self.draw_pile.draw() {
                    player.hand.push(card);
                }
            }
        }
        // A wild card can't start the discard pile (it has no colour to follow): like
        // the Wild Draw Four in Uno, it goes back under the draw pile and the next card
        // is turned. The Uno deck has far more coloured cards than wild ones, so this
        // ends.
        while let Some(card) = self.draw_pile.draw() {
            if let Some(colour) = card.colour() {
                self.colour = colour;
                self.discard_pile.put_on_top(card);
                break;
            }
            self.draw_pile.put_at_bottom(card);
        }
        self.current = 0;
        self.clockwise = true;
        self.passes_in_row = 0;
        self.turns = 0;
        self.outcome = None;
    }

    /// The rule set.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The players, by seat.
    pub fn players(&self) -> &[Player; PLAYERS] {
        &self.players
    }

    /// The player in `seat`.
    pub fn player(&self, seat: usize) -> &Player {
        &self.players[seat]
    }

    /// The seat whose turn it is.
    pub fn current(&self) -> usize {
        self.current
    }

    /// The top card of the discard pile.
    pub fn top(&self) -> Card {
        // The discard pile is never empty once dealt: a play puts a card on it and the
        // reshuffle leaves the top.
        self.discard_pile
            .top()
            .copied()
            .unwrap_or(Card::Wild(WildCard::Wild))
    }

    /// The colour to follow.
    pub fn colour(&self) -> Color {
        self.colour
    }

    /// Whether play goes up the seats.
    pub fn clockwise(&self) -> bool {
        self.clockwise
    }

    /// How many cards the draw pile holds.
    pub fn draw_pile_len(&self) -> usize {
        self.draw_pile.len()
    }

    /// How many cards the discard pile holds (the top included).
    pub fn discard_pile_len(&self) -> usize {
        self.discard_pile.len()
    }

    /// How many turns have been taken (a missed turn is not a turn).
    pub fn turns(&self) -> u32 {
        self.turns
    }

    /// How the game ended, once it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Every card in the game: hands, draw pile, discard pile. Always the deck's cards,
    /// in some order (the property tests check it).
    pub fn all_cards(&self) -> impl Iterator<Item = Card> + '_ {
        self.players
            .iter()
            .flat_map(|p| p.hand.iter().copied())
            .chain(self.draw_pile.iter().copied())
            .chain(self.discard_pile.iter().copied())
    }

    /// What the player in `seat` may know.
    pub fn view(&self, seat: usize) -> PlayerView<'_> {
        PlayerView {
            seat,
            hand: &self.players[seat].hand,
            top: self.top(),
            colour: self.colour,
            hand_sizes: std::array::from_fn(|s| self.players[s].hand.len()),
            draw_pile: self.draw_pile.len(),
            clockwise: self.clockwise,
            rules: self.rules,
        }
    }

    /// The legal moves of the current player: each distinct playable card (a wild card
    /// once per colour it could name), or [`Move::Draw`] alone. Empty once the game is
    /// over.
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        let view = self.view(self.current);
        let mut moves = Vec::new();
        for card in view.playable() {
            if card.is_wild() && view.hand.len() > 1 {
                moves.extend(Color::ALL.map(|colour| Move::Play {
                    card,
                    colour: Some(colour),
                }));
            } else {
                moves.push(Move::play(card));
            }
        }
        moves.sort();
        moves.dedup();
        if moves.is_empty() {
            moves.push(Move::Draw);
        }
        moves
    }

    /// Carries out `mv` for the current player and returns what happened.
    pub fn apply<R: Rng + ?Sized>(
        &mut self,
        mv: Move,
        rng: &mut R,
    ) -> Result<Vec<Event>, InvalidSelectionError> {
        let mut events = Vec::new();
        self.apply_into(mv, rng, &mut events)?;
        Ok(events)
    }

    /// [`Game::apply`] into a buffer the caller reuses: `events` is cleared, then filled.
    /// An illegal move changes nothing and says why.
    pub fn apply_into<R: Rng + ?Sized>(
        &mut self,
        mv: Move,
        rng: &mut R,
        events: &mut Vec<Event>,
    ) -> Result<(), InvalidSelectionError> {
        events.clear();
        if self.outcome.is_some() {
            return Err(InvalidSelectionError::GameOver);
        }
        let player = self.current;
        self.view(player).check_move(mv)?;
        self.turns += 1;
        match mv {
            Move::Draw => {
                match self.take_from_draw_pile(rng, events) {
                    Some(card) => {
                        self.players[player].hand.push(card);
                        self.passes_in_row = 0;
                        events.push(Event::Drew { player, card });
                    }
                    None => {
                        self.passes_in_row += 1;
                        events.push(Event::Passed { player });
                    }
                }
                self.current = next_seat(player, self.clockwise);
            }
            Move::Play { card, colour } => {
                self.passes_in_row = 0;
                let hand = &mut self.players[player].hand;
                if let Some(at) = hand.iter().position(|&c| c == card) {
                    hand.remove(at);
                }
                self.discard_pile.put_on_top(card);
                self.colour = card.colour().or(colour).unwrap_or(self.colour);
                events.push(Event::Played { player, card });
                if self.players[player].has_won() {
                    self.end(Outcome::Winner(player), events);
                    return Ok(());
                }
                self.carry_out(player, card, rng, events);
            }
        }
        if self.passes_in_row >= PLAYERS {
            self.end(
                Outcome::NoWinner {
                    reason: NoWinnerReason::EveryonePassed,
                },
                events,
            );
        } else if self.turns >= self.max_turns {
            self.end(
                Outcome::NoWinner {
                    reason: NoWinnerReason::TurnLimit(self.max_turns),
                },
                events,
            );
        }
        Ok(())
    }

    /// The card's ability, if any, then the turn passes on.
    fn carry_out<R: Rng + ?Sized>(
        &mut self,
        player: usize,
        card: Card,
        rng: &mut R,
        events: &mut Vec<Event>,
    ) {
        let ability = card.ability().unwrap_or_default();
        if ability.names_colour {
            events.push(Event::ColourNamed {
                player,
                colour: self.colour,
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
            let mut drawn = Drawn::EMPTY;
            for _ in 0..ability.next_draws {
                match self.take_from_draw_pile(rng, events) {
                    Some(card) => {
                        self.players[next].hand.push(card);
                        drawn.push(card);
                    }
                    None => break,
                }
            }
            events.push(Event::DrewPenalty {
                player: next,
                cards: drawn,
            });
        }
        self.current = if ability.skips_next {
            events.push(Event::Skipped { player: next });
            next_seat(next, self.clockwise)
        } else {
            next
        };
    }

    /// The top card of the draw pile, after turning the discards into a new draw pile if
    /// it is empty; `None` if there is still nothing.
    fn take_from_draw_pile<R: Rng + ?Sized>(
        &mut self,
        rng: &mut R,
        events: &mut Vec<Event>,
    ) -> Option<Card> {
        if self.draw_pile.is_empty() && self.discard_pile.len() > 1 {
            let top = self.discard_pile.draw();
            self.draw_pile.extend(self.discard_pile.drain());
            self.discard_pile.extend(top);
            self.draw_pile.shuffle(rng);
            events.push(Event::Reshuffled {
                cards: self.draw_pile.len(),
            });
        }
        self.draw_pile.draw()
    }

    fn end(&mut self, outcome: Outcome, events: &mut Vec<Event>) {
        self.outcome = Some(outcome);
        events.push(Event::Ended(outcome));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards_core::rng::rng_from_seed;
    use pretty_assertions::assert_eq;

    fn card(code: &str) -> Card {
        Card::parse_code(code).unwrap_or_else(|e| panic!("{e}"))
    }

    fn cards(codes: &str) -> Vec<Card> {
        codes.split_whitespace().map(card).collect()
    }

    fn bots() -> [Player; PLAYERS] {
        std::array::from_fn(Player::bot)
    }

    /// A position laid out by hand: hands by seat, the draw pile top first, the discard
    /// pile top first.
    fn position(rules: Rules, hands: [&str; PLAYERS], draw: &str, discard: &str) -> Game {
        let mut game = Game::new(rules, bots(), DEFAULT_MAX_TURNS, &mut rng_from_seed(0));
        for (player, hand) in game.players.iter_mut().zip(hands) {
            player.hand = cards(hand);
        }
        game.draw_pile = cards(draw).into_iter().collect();
        game.discard_pile = cards(discard).into_iter().collect();
        game.colour = game.top().colour().unwrap_or(Color::Red);
        game
    }

    fn apply(game: &mut Game, mv: Move) -> Vec<Event> {
        game.apply(mv, &mut rng_from_seed(1))
            .unwrap_or_else(|e| panic!("{mv:?}: {e}"))
    }

    #[test]
    fn deal_gives_three_each_and_turns_one_card() {
        for rules in Rules::ALL {
            let game = Game::new(rules, bots(), 100, &mut rng_from_seed(7));
            assert!(game.players.iter().all(|p| p.hand.len() == HAND_SIZE));
            assert_eq!(game.discard_pile_len(), 1);
            assert!(game.top().colour() == Some(game.colour()));
            assert_eq!(
                game.draw_pile_len() + 1 + PLAYERS * HAND_SIZE,
                rules.deck().len()
            );
        }
    }

    /// The deal goes one card at a time round the table from the top of the shuffled
    /// deck; an action card that starts the discard pile does nothing (nobody played it):
    /// seat 1 plays first, play goes up the seats, nobody has drawn.
    #[test]
    fn deal_order_and_a_first_action_card_without_effect() {
        let mut action_first = 0;
        for seed in 0..100 {
            let mut shuffled: Pile<Card> = Rules::Uno.deck().into_iter().collect();
            shuffled.shuffle(&mut rng_from_seed(seed));
            let shuffled: Vec<Card> = shuffled.iter().copied().collect();
            let game = Game::new(Rules::Uno, bots(), 100, &mut rng_from_seed(seed));
            for (seat, player) in game.players().iter().enumerate() {
                let dealt: Vec<Card> = (0..HAND_SIZE)
                    .map(|round| shuffled[round * PLAYERS + seat])
                    .collect();
                assert_eq!(player.hand(), dealt, "seed {seed}, seat {seat}");
            }
            assert_eq!((game.current(), game.clockwise()), (0, true), "seed {seed}");
            action_first += usize::from(matches!(game.top(), Card::Special(_)));
        }
        assert!(action_first > 0, "no seed turned up an action card");
    }

    /// Uno rules: a wild card turned up to start the discard pile goes under the draw
    /// pile and the next card is turned, so play starts on a colour.
    #[test]
    fn a_wild_card_never_starts_the_discard_pile() {
        let mut wild_turned_up = 0;
        for seed in 0..200 {
            // The deal takes the same shuffle from the same generator.
            let mut shuffled: Pile<Card> = Rules::Uno.deck().into_iter().collect();
            shuffled.shuffle(&mut rng_from_seed(seed));
            let turned: Vec<Card> = shuffled.iter().copied().skip(PLAYERS * HAND_SIZE).collect();
            let wilds = turned.iter().take_while(|card| card.is_wild()).count();
            let game = Game::new(Rules::Uno, bots(), 100, &mut rng_from_seed(seed));
            assert_eq!(game.top(), turned[wilds], "seed {seed}");
            let bottom: Vec<Card> = game
                .draw_pile
                .iter()
                .copied()
                .skip(game.draw_pile_len() - wilds)
                .collect();
            assert_eq!(bottom, turned[..wilds], "seed {seed}");
            wild_turned_up += usize::from(wilds > 0);
        }
        assert!(wild_turned_up > 0, "no seed turned up a wild card");
    }

    #[test]
    fn play_draw_and_win() {
        let mut game = position(Rules::Quattro, ["R5", "B1 B2", "Y7", "G1"], "G3 G4", "R9");
        assert_eq!(game.legal_moves(), [Move::play(card("R5"))]);
        assert_eq!(
            game.apply(Move::Draw, &mut rng_from_seed(1)),
            Err(InvalidSelectionError::MustPlay(card("R5")))
        );
        assert_eq!(game.current(), 0, "a refused move changes nothing");
        let events = apply(&mut game, Move::play(card("R5")));
        assert_eq!(
            events,
            [
                Event::Played {
                    player: 0,
                    card: card("R5")
                },
                Event::Ended(Outcome::Winner(0))
            ]
        );
        assert_eq!(
            game.apply(Move::Draw, &mut rng_from_seed(1)),
            Err(InvalidSelectionError::GameOver)
        );
    }

    #[test]
    fn empty_draw_pile_reshuffles_all_but_the_top() {
        let mut game = position(Rules::Quattro, ["B1 B2", "Y7", "G1", "B4"], "", "R9 R3 G6");
        let events = apply(&mut game, Move::Draw);
        assert_eq!(events[0], Event::Reshuffled { cards: 2 });
        assert!(matches!(events[1], Event::Drew { player: 0, .. }));
        assert_eq!(game.top(), card("R9"));
        assert_eq!((game.draw_pile_len(), game.discard_pile_len()), (1, 1));
    }

    /// With a full deck this can't happen (see the crate docs), so the position leaves
    /// cards out of the game.
    #[test]
    fn everyone_passing_ends_with_no_winner() {
        let mut game = position(Rules::Quattro, ["B1 B2", "Y7", "G1", "B4"], "", "R9");
        for player in 0..PLAYERS {
            let events = apply(&mut game, Move::Draw);
            assert_eq!(events[0], Event::Passed { player });
        }
        assert_eq!(
            game.outcome(),
            Some(Outcome::NoWinner {
                reason: NoWinnerReason::EveryonePassed
            })
        );
    }

    #[test]
    fn a_draw_resets_the_passes() {
        let mut game = position(Rules::Quattro, ["B1 B2", "Y7", "G1", "B4"], "", "R9 Y2");
        apply(&mut game, Move::Draw); // reshuffles Y2 and draws it
        for _ in 0..PLAYERS - 1 {
            apply(&mut game, Move::Draw);
        }
        assert_eq!(game.outcome(), None);
    }

    #[test]
    fn turn_limit_ends_with_no_winner() {
        let mut game = position(Rules::Quattro, ["B1 B2", "Y7", "G1", "B4"], "R1 R2", "R9");
        game.max_turns = 2;
        apply(&mut game, Move::Draw);
        let events = apply(&mut game, Move::Draw);
        assert_eq!(
            events.last(),
            Some(&Event::Ended(Outcome::NoWinner {
                reason: NoWinnerReason::TurnLimit(2)
            }))
        );
    }

    #[test]
    fn skip_reverse_and_draw_two() {
        let mut game = position(
            Rules::Uno,
            ["RS GR", "R1 Y1", "R+2 B5", "B1 B2"],
            "Y3 Y4 Y5 Y6",
            "R9",
        );
        apply(&mut game, Move::play(card("RS")));
        assert_eq!(game.current(), 2, "seat 1 is skipped");
        let events = apply(&mut game, Move::play(card("R+2")));
        assert_eq!(game.player(3).hand().len(), 4);
        assert!(events.contains(&Event::Skipped { player: 3 }));
        assert_eq!(game.current(), 0);
        apply(&mut game, Move::Draw); // GR doesn't match R+2
        assert_eq!(game.current(), 1);
        apply(&mut game, Move::play(card("R1")));
        assert_eq!(game.current(), 2);
    }

    #[test]
    fn reverse_turns_play_round() {
        let mut game = position(Rules::Uno, ["RR G1", "Y1", "B3", "R2"], "Y3", "R9");
        let events = apply(&mut game, Move::play(card("RR")));
        assert_eq!(events[1], Event::Reversed { clockwise: false });
        assert_eq!(game.current(), 3);
    }

    #[test]
    fn wild_cards_name_a_colour_and_draw_four_is_restricted() {
        let mut game = position(
            Rules::Uno,
            ["W+4 R2 B1", "W B5", "Y1", "G1"],
            "Y3 Y4 Y5 Y6 Y7",
            "R9",
        );
        assert_eq!(
            game.apply(Move::play(card("W+4")), &mut rng_from_seed(1)),
            Err(InvalidSelectionError::DrawFourNotAllowed(Color::Red))
        );
        apply(&mut game, Move::play(card("R2")));
        assert_eq!(
            game.apply(Move::play(card("W")), &mut rng_from_seed(1)),
            Err(InvalidSelectionError::NoColour)
        );
        let events = apply(
            &mut game,
            Move::Play {
                card: card("W"),
                colour: Some(Color::Green),
            },
        );
        assert_eq!(
            events[1],
            Event::ColourNamed {
                player: 1,
                colour: Color::Green
            }
        );
        assert_eq!(game.colour(), Color::Green);
        assert!(game.view(2).check_play(card("Y1")).is_err());
    }

    #[test]
    fn a_last_wild_card_wins_without_a_colour() {
        let mut game = position(Rules::Uno, ["W", "B5", "Y1", "G1"], "", "R9");
        let events = apply(&mut game, Move::play(card("W")));
        assert_eq!(events.last(), Some(&Event::Ended(Outcome::Winner(0))));
    }
}
