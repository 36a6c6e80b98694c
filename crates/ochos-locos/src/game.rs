//! Assignment 4's `Game` (and, with [`Rules::FULL_GAME`], its subclass `FullGame`) as a
//! state machine of the workspace's game protocol ([`GameState`]): players, a deck, a
//! discard pile; the deal as the one chance node; each seat's play of a card or draw.
//!
//! The game prints nothing and chooses nothing: a seat's [`Action`] comes from an agent
//! (a [`Strategy`], which is one here, or a person at the terminal), and each step
//! appends an [`Event`] that [`crate::render`] turns into either assignment's output and
//! that tests, the simulator and the benchmark read directly. [`Game::next_play`] is the
//! assignment's method: the current player's strategy chooses, then the game applies.

use std::fmt;

use cards_core::protocol::{Actor, Agent, EventSink, GameState, Seat, Stop};
use cards_core::shuffle;
use rand::Rng;

// The actions are the game's vocabulary (`game::Action`), defined below the strategies
// that return them.
pub use crate::action::Action;

// The strong player searches worlds of this game, each rewritten in place from what its
// seat saw: under the game, it is the one module besides the rules that sets its fields.
pub mod mcts;
use crate::card::{Color, ColorCard, EIGHT, TWO};
use crate::deck::{DECK_SIZE, Deck, DeckOrder, Hand};
use crate::error::Refusal;
use crate::player::Player;
use crate::rules::{EndRule, HAND_SIZE, Rules};
use crate::strategy::Strategy;

/// A game of Ochos Locos under some [`Rules`].
// `repr(C)`, the 2s before the colour: the colour named then sits at an odd place,
// which the compiler reads as the one byte it is. At a place a multiple of four, it
// read four bytes at once to pick the card to match, just after the turn had written
// the one: a read the processor cannot take from that write while it is pending, so
// every turn waited for it.
#[derive(Clone, Debug, PartialEq)]
#[repr(C)]
pub struct Game {
    rules: Rules,
    players: Vec<Player>,
    deck: Deck,
    // The last card is the top; the whole pile is kept so cards can be counted.
    discard_pile: Vec<ColorCard>,
    // Consecutive 2s just played whose effect has not been used up.
    pub(crate) pending_twos: u8,
    // Set after an 8 under the 8-card rule: the colour the next player must follow.
    chosen_color: Option<Color>,
    current: Option<usize>,
    // Consecutive turns on which a player could neither play nor draw.
    passes: usize,
    outcome: Option<Outcome>,
    // The cards chance is to deal, in card order; `None` once dealt (or for a game set
    // up by hand, Java-style).
    pub(crate) to_deal: Option<DeckOrder>,
    // The cards chance dealt, in card order, while they are in play (`None` for a game
    // set up by hand): what a restart deals again.
    dealt: Option<DeckOrder>,
    // The seat a person plays, if one does: the rules never read it (each seat's agent
    // chooses, whoever it is); a recording writes it down so that a replay says "you".
    person: Option<Seat>,
}

/// What one turn did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turn {
    /// Who played (0-based, in seating order).
    pub seat: Seat,
    /// What they did.
    pub play: Play,
}

/// A player's move on their turn, as it happened.
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

/// What the protocol reports at each step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// Chance dealt the cards; `discard` starts the discard pile.
    Dealt {
        /// The starting discard card.
        discard: ColorCard,
    },
    /// A seat's turn.
    Turn(Turn),
    /// The game is over: the last event of the turn that ended it.
    GameOver {
        /// How it ended.
        outcome: Outcome,
    },
}

/// How a game ended: a winner's seat, or no winner and why.
pub type Outcome = cards_core::Outcome<NoWinner>;

/// Why a game ended without a winner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoWinner {
    /// Assignment 4: a draw took the deck's last card, or found the deck empty.
    DeckRanOut,
    /// Assignment 2: every player in turn could neither play nor draw, so nobody ever
    /// will again.
    Stalemate,
}

/// What one seat may see: its own hand and the public facts, never another hand or the
/// order of the deck.
///
/// The facts every strategy reads are fields; what only the search reads (the discard
/// pile, the cards in play, the passes, the hand sizes) are methods that look at the
/// game when asked, so that a turn of a lettered strategy builds none of them.
// `repr(C)`, the one-byte facts first: the quiet loop (`Driver::play_trusted`) keeps
// the observation in the same place as the error its `?` would return, and copies the
// error's bytes out whole. Laid out by the compiler, the bytes an error leaves unset
// fell on the card to match, the colour, the 2s and the rules, which were then kept
// from one turn to the next, on the stack, for an exit the loop never takes; first,
// they are out of the error's way.
#[derive(Clone, Copy)]
#[repr(C)]
pub struct Observation<'a> {
    /// The rules of the game.
    pub rules: Rules,
    /// The top of the discard pile (none before the deal).
    pub discard_card: Option<ColorCard>,
    /// The card to match: the discard card, or after an 8 that named a colour, an 8 of
    /// that colour.
    pub card_to_match: Option<ColorCard>,
    /// The colour named with the last 8, while it is in force.
    pub chosen_color: Option<Color>,
    /// Consecutive fresh 2s waiting for an answer (Rule of Two).
    pub pending_twos: u8,
    /// The seat observing.
    pub seat: Seat,
    /// Its hand, oldest card first (it derefs to the slice of its cards).
    pub hand: &'a Hand,
    /// Cards left in the deck.
    pub deck_size: usize,
    // Read only through the methods below, which show the public facts alone (the other
    // hands' sizes, never their cards).
    game: &'a Game,
}

impl fmt::Debug for Observation<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Observation")
            .field("seat", &self.seat)
            .field("hand", self.hand)
            .field("rules", &self.rules)
            .field("discard_card", &self.discard_card)
            .field("card_to_match", &self.card_to_match)
            .field("chosen_color", &self.chosen_color)
            .field("pending_twos", &self.pending_twos)
            .field("deck_size", &self.deck_size)
            .field("discard_pile", &self.discard_pile())
            .field("cards_in_play", &self.cards_in_play())
            .field("passes", &self.passes())
            .field("counts", &self.card_counts().collect::<Vec<_>>())
            .finish()
    }
}

impl<'a> Observation<'a> {
    /// The discard pile, bottom (the starting card) first: every card played is public.
    pub fn discard_pile(&self) -> &'a [ColorCard] {
        &self.game.discard_pile
    }

    /// The cards of the game in card order, when chance dealt them (a game set up by
    /// hand has none): with the hand and the discard pile, what the seat has not seen.
    pub fn cards_in_play(&self) -> Option<&'a [ColorCard]> {
        self.game.cards_in_play()
    }

    /// Consecutive turns on which a player could neither play nor draw (Assignment 2's
    /// stalemate comes when every seat has).
    pub fn passes(&self) -> usize {
        self.game.passes
    }

    /// How many cards each seat holds, in seating order.
    pub fn card_counts(&self) -> impl Iterator<Item = usize> + 'a {
        self.game.players.iter().map(|player| player.hand().len())
    }

    /// Whether a fresh 2 must be answered (with a 2, or by taking the penalty).
    pub fn facing_two(&self) -> bool {
        self.rules.two.is_some() && self.pending_twos > 0
    }
}

impl Game {
    /// A game with no players, no cards and no discard card yet: set up by hand as in
    /// Java ([`add_player`](Game::add_player), [`set_discard_card`](Game::set_discard_card),
    /// [`add_card`](Game::add_card)), or left to chance (the cards added, then
    /// [`restart`](Game::restart)).
    pub fn new(rules: Rules) -> Game {
        Game {
            rules,
            players: Vec::new(),
            deck: Deck::new(),
            discard_pile: Vec::with_capacity(DECK_SIZE),
            chosen_color: None,
            pending_twos: 0,
            current: None,
            passes: 0,
            outcome: None,
            to_deal: None,
            dealt: None,
            person: None,
        }
    }

    /// The same game with `seat` played by a person (`None`: the strategies play every
    /// seat). The rules never look at it: it is what a recording of the game writes
    /// down (`human=N`), so that its replay tells that seat's turns as "you".
    #[must_use]
    pub fn with_person(mut self, seat: Option<Seat>) -> Game {
        self.person = seat;
        self
    }

    /// The seat a person plays, if one does (see [`Game::with_person`]).
    pub fn person(&self) -> Option<Seat> {
        self.person
    }

    /// Back to before the deal, for the next game: every card (hands, discard pile,
    /// deck) goes back into the deck in card order, the same players keep their seats,
    /// and the game waits for chance to shuffle the deck and deal it. A simulation
    /// replays many deals with one `Game` and allocates nothing.
    pub fn restart(&mut self) {
        let cards = match self.dealt.take() {
            // Dealt by chance: the same cards are in play (no card is created or lost),
            // and they were in card order when dealt.
            Some(dealt) => dealt,
            // Set up by hand (or waiting for a deal): every card it holds, sorted.
            None => {
                let mut cards = self.to_deal.unwrap_or(DeckOrder::empty());
                let held = self.players.iter().flat_map(|player| player.hand());
                // At most the deck's 32 cards (a game set up by hand may hold more: the
                // next deal is of the first 32).
                for &card in held.chain(&self.discard_pile).chain(self.deck.iter()) {
                    if cards.push(card).is_err() {
                        break;
                    }
                }
                cards.sorted()
            }
        };
        for player in &mut self.players {
            player.hand_mut().clear();
        }
        self.discard_pile.clear();
        self.deck.clear();
        self.chosen_color = None;
        self.pending_twos = 0;
        self.current = None;
        self.passes = 0;
        self.outcome = None;
        self.to_deal = Some(cards);
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
    /// that order; refused when the deck holds its 32 cards already (only a game set up
    /// by hand can try more).
    pub fn add_card(&mut self, card: ColorCard) -> Result<(), Refusal> {
        let cards = self.deck.len() + 1;
        self.deck
            .put_at_bottom(card)
            .map_err(|_| Refusal::TooManyCards { cards })
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
        let next = self.next_seat()?;
        self.current = Some(next);
        self.players.get(next)
    }

    // ANCHOR: next_seat
    fn next_seat(&self) -> Option<Seat> {
        if self.players.is_empty() {
            return None;
        }
        Some(self.seat_after(self.current))
    }

    /// The seat that plays after `current` (the first seat before anyone has played).
    fn seat_after(&self, current: Option<Seat>) -> Seat {
        match current {
            // Round the table: after the last seat, the first.
            Some(index) if index + 1 < self.players.len() => index + 1,
            _ => 0,
        }
    }
    // ANCHOR_END: next_seat

    /// The players in seating order.
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    /// The deck (draw pile), top first.
    pub fn deck(&self) -> &Deck {
        &self.deck
    }

    /// The discard pile, bottom (the starting card) first.
    pub fn discard_pile(&self) -> &[ColorCard] {
        &self.discard_pile
    }

    /// The cards chance is to deal, sorted, while the game waits for its deal.
    pub fn to_deal(&self) -> Option<&[ColorCard]> {
        self.to_deal.as_ref().map(DeckOrder::cards)
    }

    /// The cards of the game, in card order: those chance is to deal, or those it dealt
    /// (`None` for a game set up by hand). What the game's setup names when they are
    /// not the whole deck.
    pub fn cards_in_play(&self) -> Option<&[ColorCard]> {
        self.to_deal
            .as_ref()
            .or(self.dealt.as_ref())
            .map(DeckOrder::cards)
    }

    /// `nextPlay()`: the next player's strategy chooses a card or the draw from what the
    /// seat sees, the game applies it, and returns what happened. `None` once the game
    /// is over, and before the deal (for a game set up by hand: without players or a
    /// discard card).
    ///
    /// # Panics
    /// If the seat's strategy chooses a play the rules refuse (a bug in the strategy).
    // ANCHOR: next_play
    pub fn next_play(&mut self) -> Option<Turn> {
        let Actor::Seat(seat) = self.actor() else {
            return None;
        };
        let strategy = self.players[seat].strategy();
        let action = strategy.next_action(&self.observe(seat)?)?;
        let mut events = Vec::new();
        // The strategies only choose legal plays (the conformance tests check every
        // rule set): a refusal is a bug in a strategy, not a way for a game to end.
        if let Err(error) = self.apply(action, &mut events) {
            panic!("broken invariant: a strategy chose what the rules refuse: {error}");
        }
        events.into_iter().find_map(|event| match event {
            Event::Turn(turn) => Some(turn),
            Event::Dealt { .. } | Event::GameOver { .. } => None,
        })
    }
    // ANCHOR_END: next_play

    pub(crate) fn facing_two(&self) -> bool {
        self.rules.two.is_some() && self.pending_twos > 0
    }

    /// Whether laying `card` from a hand of `held` cards names a colour.
    pub(crate) fn names_color(&self, card: ColorCard, held: usize) -> bool {
        self.rules.eight.is_some() && card.number() == EIGHT && held > 1
    }

    // ANCHOR: playable_on
    /// Whether the rules let a card be laid on `target` now: facing a fresh 2 under the
    /// Rule of Two only a 2, otherwise a match by colour or number.
    fn playable_on(&self, target: ColorCard) -> impl Fn(ColorCard) -> bool {
        let facing_two = self.facing_two();
        move |card| match facing_two {
            true => card.number() == TWO,
            false => card.matches(target),
        }
    }
    // ANCHOR_END: playable_on

    /// The seat to act, if `action` is one of its legal plays now; or why not.
    fn check(&self, action: Action) -> Result<Seat, Refusal> {
        let seat = match self.actor() {
            Actor::Over => return Err(Refusal::Over),
            Actor::Chance => return Err(Refusal::NotDealt),
            Actor::Seat(seat) => seat,
        };
        let target = self.card_to_match().ok_or(Refusal::NotDealt)?;
        let hand = self.players[seat].hand();
        let playable = self.playable_on(target);
        match action {
            Action::Play { card, chosen } => {
                if !hand.contains(&card) {
                    return Err(Refusal::NotInHand { card });
                }
                if self.facing_two() && card.number() != TWO {
                    return Err(Refusal::MustAnswerTwo { card });
                }
                if !playable(card) {
                    return Err(Refusal::NoMatch { card, target });
                }
                match (self.names_color(card, hand.len()), chosen) {
                    (true, None) => return Err(Refusal::NoColorNamed { card }),
                    (false, Some(_)) => return Err(Refusal::ColorNotWanted { card }),
                    _ => {}
                }
            }
            Action::Draw => {
                if let Some(&card) = hand.iter().find(|&&card| playable(card)) {
                    return Err(Refusal::MustPlay { card });
                }
            }
        }
        Ok(seat)
    }

    /// Carries out `action`, a legal play of `seat`, the seat to act: the turn itself,
    /// shared by the checked path ([`apply`](GameState::apply)) and the quiet one
    /// ([`apply_trusted`](GameState::apply_trusted)).
    #[inline]
    fn carry_out(&mut self, seat: Seat, action: Action) -> Play {
        self.current = Some(seat);
        let play = match action {
            Action::Play { card, chosen } => self.play_card(seat, card, chosen),
            Action::Draw => match self.rules.two {
                Some(rule) if self.pending_twos > 0 => {
                    self.take_penalty(seat, rule.penalty.cards(self.pending_twos))
                }
                _ => self.draw_for(seat),
            },
        };
        // ANCHOR: stalemate
        self.passes = match play {
            Play::Draw { drawn: 0 } => self.passes + 1,
            _ => 0,
        };
        if self.rules.end == EndRule::PlayOn
            && self.outcome.is_none()
            && self.passes >= self.players.len()
        {
            self.outcome = Some(Outcome::NoWinner {
                reason: NoWinner::Stalemate,
            });
        }
        // ANCHOR_END: stalemate
        play
    }

    /// Deals `order`: five cards a seat in seating order, the discard card, the deck; or
    /// refuses an order too short for the seats, changing nothing.
    fn deal(
        &mut self,
        order: &DeckOrder,
        events: &mut impl EventSink<Event>,
    ) -> Result<(), Refusal> {
        let seats = self.players.len();
        let cards = order.cards();
        if seats == 0 || cards.len() <= seats * HAND_SIZE {
            let cards = cards.len();
            return Err(Refusal::DealSize { cards, seats });
        }
        let (hands, rest) = cards.split_at(seats * HAND_SIZE);
        for (player, hand) in self.players.iter_mut().zip(hands.chunks(HAND_SIZE)) {
            // The deal holds at most the deck's cards, and every hand is empty before it.
            player
                .hand_mut()
                .extend_from_slice(hand)
                .map_err(|_| Refusal::TooManyCards { cards: cards.len() })?;
        }
        self.set_discard_card(rest[0]);
        self.deck
            .put_all_at_bottom(&rest[1..])
            .map_err(|_| Refusal::TooManyCards { cards: cards.len() })?;
        self.dealt = self.to_deal.take();
        events.push(Event::Dealt { discard: rest[0] });
        Ok(())
    }

    /// `player` lays `card` from their hand.
    #[inline]
    fn play_card(&mut self, player: usize, card: ColorCard, chosen: Option<Color>) -> Play {
        let laying = &mut self.players[player];
        laying.remove_card_from_hand(card);
        // The pile grows last: a pile that may allocate would have the player looked up
        // again, and the turn's other facts kept in saved registers, across its call.
        let won = laying.has_won();
        self.chosen_color = chosen;
        self.pending_twos = match self.rules.two {
            Some(_) if card.number() == TWO => self.pending_twos.saturating_add(1),
            _ => 0,
        };
        if won {
            self.outcome = Some(Outcome::Winner { seat: player });
        }
        self.discard_pile.push(card);
        Play::Card { card, chosen }
    }

    fn draw_for(&mut self, player: usize) -> Play {
        let drawn = self.draw_into(player, 1);
        Play::Draw { drawn }
    }

    // ANCHOR: take_penalty
    fn take_penalty(&mut self, player: usize, owed: u8) -> Play {
        let drawn = self.draw_into(player, owed);
        // The penalty uses the 2s up: the next player plays on the 2 as on any card.
        self.pending_twos = 0;
        Play::Penalty { owed, drawn }
    }
    // ANCHOR_END: take_penalty

    // ANCHOR: draw_into
    /// Moves up to `wanted` cards from the deck to `player`'s hand; ends an Assignment 4
    /// game when the deck is (or becomes) empty.
    #[inline]
    fn draw_into(&mut self, player: usize, wanted: u8) -> u8 {
        let deck_was_empty = self.deck.is_empty();
        let mut drawn = 0;
        while drawn < wanted {
            let Some(&card) = self.deck.top() else { break };
            // A hand full with the deck's 32 cards (only a game set up by hand with more
            // cards than the deck comes to it) takes no more: the card stays on the deck.
            if self.players[player].add_card_to_hand(card).is_err() {
                break;
            }
            self.deck.draw();
            drawn += 1;
        }
        if self.rules.end == EndRule::DeckOut && (deck_was_empty || self.deck.is_empty()) {
            self.outcome = Some(Outcome::NoWinner {
                reason: NoWinner::DeckRanOut,
            });
        }
        drawn
    }
    // ANCHOR_END: draw_into
}

impl GameState for Game {
    type Action = Action;
    type Chance = DeckOrder;
    type Event = Event;
    type Observation<'a> = Observation<'a>;
    type NoWinner = NoWinner;
    type Error = Refusal;

    fn seats(&self) -> usize {
        self.players.len()
    }

    fn actor(&self) -> Actor {
        if self.outcome.is_some() {
            return Actor::Over;
        }
        if self.to_deal.is_some() || self.discard_pile.is_empty() {
            return Actor::Chance;
        }
        self.next_seat().map_or(Actor::Chance, Actor::Seat)
    }

    /// The plays of the seat to act, in hand order (oldest card first); an 8 that names
    /// a colour once per colour, red, yellow, green, blue. When no card may be played,
    /// the draw alone.
    fn legal_actions(&self, actions: &mut Vec<Action>) {
        actions.clear();
        let Actor::Seat(seat) = self.actor() else {
            return;
        };
        let Some(target) = self.card_to_match() else {
            return;
        };
        let hand = self.players[seat].hand();
        let playable = self.playable_on(target);
        for &card in hand {
            if !playable(card) {
                continue;
            }
            if self.names_color(card, hand.len()) {
                actions.extend(Color::ALL.map(|color| Action::Play {
                    card,
                    chosen: Some(color),
                }));
            } else {
                actions.push(Action::Play { card, chosen: None });
            }
        }
        if actions.is_empty() {
            actions.push(Action::Draw);
        }
    }

    fn apply<S: EventSink<Event>>(
        &mut self,
        action: Action,
        events: &mut S,
    ) -> Result<(), Refusal> {
        let seat = self.check(action)?;
        let play = self.carry_out(seat, action);
        events.push(Event::Turn(Turn { seat, play }));
        if let Some(outcome) = self.outcome {
            events.push(Event::GameOver { outcome });
        }
        Ok(())
    }

    /// The quiet path (the simulator's): the action of a trusted agent, one of the
    /// legal plays, is carried out for the seat the driver names, without checking it
    /// again and without an event, and who acts next is worked out once. No chance
    /// follows a turn: the deal is the only one.
    #[inline]
    fn apply_trusted<R: Rng + ?Sized>(
        &mut self,
        seat: Seat,
        action: Action,
        _rng: &mut R,
    ) -> Result<Actor, Refusal> {
        // The driver has just asked who acts: the seat is not worked out again here.
        debug_assert_eq!(
            self.next_seat(),
            Some(seat),
            "{seat} is not the seat to act"
        );
        self.carry_out(seat, action);
        // The seat just played is the current one: the next is the seat after it,
        // worked out from the seat in hand rather than read back from the game.
        Ok(match self.outcome {
            Some(_) => Actor::Over,
            None => Actor::Seat(self.seat_after(Some(seat))),
        })
    }

    /// A shuffle of the cards to deal, in card order first, as `cards_core::shuffle`
    /// does it: the same generator gives the same deal as
    /// [`Deal::random`](crate::files::Deal::random).
    fn sample_chance<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<DeckOrder, Refusal> {
        if self.actor() != Actor::Chance {
            return Err(Refusal::Dealt);
        }
        let mut order = self.to_deal.ok_or(Refusal::NothingToDeal)?;
        shuffle(order.cards_mut(), rng);
        Ok(order)
    }

    fn apply_chance<S: EventSink<Event>>(
        &mut self,
        order: &DeckOrder,
        events: &mut S,
    ) -> Result<(), Refusal> {
        match self.actor() {
            Actor::Chance => {}
            Actor::Over => return Err(Refusal::Over),
            Actor::Seat(_) => return Err(Refusal::Dealt),
        }
        let to_deal = self.to_deal.ok_or(Refusal::NothingToDeal)?;
        if order.sorted() != to_deal {
            return Err(Refusal::NotTheCards);
        }
        self.deal(order, events)
    }

    /// A deal the game shuffled itself holds the cards to deal by construction: it needs
    /// no check (the simulator's path, once a game).
    fn apply_sampled_chance<R: Rng + ?Sized, S: EventSink<Event>>(
        &mut self,
        rng: &mut R,
        events: &mut S,
    ) -> Result<(), Refusal> {
        let order = self.sample_chance(rng)?;
        self.deal(&order, events)
    }

    #[inline]
    fn observe(&self, seat: Seat) -> Option<Observation<'_>> {
        Some(Observation {
            seat,
            hand: self.players.get(seat)?.hand(),
            rules: self.rules,
            discard_card: self.discard_card(),
            card_to_match: self.card_to_match(),
            chosen_color: self.chosen_color,
            pending_twos: self.pending_twos,
            deck_size: self.deck.len(),
            game: self,
        })
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }
}

// A strategy knows cards and rules, not the game (it comes before the player that holds
// it); what it does with a seat's observation is said here, with the observation.
impl Strategy {
    /// What the assignment's player in this seat does, as a play of the game:
    /// [`Strategy::action_for`] the parts of the observation it reads (the rules, the
    /// hand, the card to match, the fresh 2s waiting). `None` only before the deal.
    #[inline]
    pub fn next_action(self, observation: &Observation<'_>) -> Option<Action> {
        if self == Strategy::Mcts {
            // The search reads all the seat sees, which it looks at again from the game:
            // handing it this observation would build the whole of it on every turn of
            // every strategy (the simulator's hot loop), where the others read four facts.
            return mcts::choose_for_seat(observation.game, observation.seat);
        }
        let target = observation.card_to_match?;
        Some(self.action_for(
            &observation.rules,
            observation.hand,
            target,
            observation.pending_twos,
        ))
    }
}

/// A seat's [`Strategy`] as an agent of the protocol: it chooses what the assignment's
/// player would ([`Strategy::next_action`]) from what the seat sees.
impl Agent<Game> for Strategy {
    fn choose(
        &mut self,
        _seat: Seat,
        observation: &Observation<'_>,
        _legal: &[Action],
    ) -> Result<Action, Stop> {
        // Before the deal there is nothing to choose; the protocol never asks then.
        self.next_action(observation).ok_or(Stop::NoAction)
    }

    /// The assignments' players follow their own rule on their hand, as Java's
    /// `findMatch` does: they need no list of legal plays (the game still refuses an
    /// illegal one, and the conformance tests check that they never make one).
    fn wants_legal_actions(&self, _seat: Seat) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deck::full_deck;
    use crate::rules::Variant;
    use pretty_assertions::assert_eq;

    fn card(text: &str) -> ColorCard {
        text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn game(variant: Variant, deal: &str) -> Game {
        crate::files::parse_deal(variant, deal)
            .unwrap()
            .to_game(variant)
            .unwrap()
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
    fn loco_rule_plays_a_playable_eight_first_and_names_the_first_color_left() {
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
    fn most_held_color_counts_the_eight_itself_and_breaks_ties_in_rainbow_order() {
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
    fn a_winning_eight_names_no_color() {
        let mut g = game(
            Variant::GoingWild,
            "R8 Y1 Y3 Y4 Y5\nB1 B3 B4 B5 B6\nG1 G3 G4 G5 G6\nR6\n",
        );
        // Pretend the game has gone on: player 1 holds only R8.
        g.players[0].hand_mut().truncate(1);
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        assert_eq!(
            legal,
            [Action::Play {
                card: card("R8"),
                chosen: None
            }]
        );
        let named = Action::Play {
            card: card("R8"),
            chosen: Some(Color::Red),
        };
        assert_eq!(
            g.apply(named, &mut Vec::new()),
            Err(Refusal::ColorNotWanted { card: card("R8") })
        );
        let turn = turns(&mut g, 1)[0];
        assert_eq!(turn.play, played("R8", None));
        assert_eq!(g.outcome(), Some(Outcome::Winner { seat: 0 }));
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
            g.outcome(),
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
            g.outcome(),
            Some(Outcome::NoWinner {
                reason: NoWinner::DeckRanOut
            })
        );
        assert_eq!(g.next_play(), None);
    }

    /// The end is told once, by the last event of the step that ended the game; the
    /// turn says who acted (`seat`).
    #[test]
    fn the_step_that_ends_the_game_tells_it_last() {
        let mut g = game(
            Variant::Faciles,
            "2\nAlice R1 R2 R3 R4 R5\nBob G1 G2 G3 G4 G6\nB8\nY7\n",
        );
        let mut events = Vec::new();
        g.apply(Action::Draw, &mut events).unwrap();
        let end = Outcome::NoWinner {
            reason: NoWinner::DeckRanOut,
        };
        assert_eq!(
            events,
            [
                Event::Turn(Turn {
                    seat: 0,
                    play: Play::Draw { drawn: 1 }
                }),
                Event::GameOver { outcome: end }
            ]
        );
        // A turn that does not end the game tells no end.
        let mut g = game(
            Variant::Faciles,
            "2\nAlice R1 R2 R3 R4 R5\nBob G1 G2 G3 G4 G6\nR8\nY7 Y6\n",
        );
        let mut events = Vec::new();
        g.apply(
            Action::Play {
                card: card("R1"),
                chosen: None,
            },
            &mut events,
        )
        .unwrap();
        assert_eq!(
            events,
            [Event::Turn(Turn {
                seat: 0,
                play: played("R1", None)
            })]
        );
    }

    #[test]
    fn java_style_setup_plays_like_a_parsed_deal() {
        let mut g = Game::new(Rules::GAME);
        let mut alice = Player::new("Alice");
        for text in ["R8", "G8", "Y4", "G2", "B1"] {
            alice.add_card_to_hand(card(text)).unwrap();
        }
        g.add_player(alice);
        g.set_discard_card(card("G4"));
        g.add_card(card("R1")).unwrap();
        assert!(g.current_player().is_none());
        assert_eq!(g.next_play().map(|t| t.play), Some(played("G8", None)));
        assert_eq!(g.current_player().map(Player::name), Some("Alice"));
        assert_eq!(g.discard_card(), Some(card("G8")));
        assert!(!g.out_of_cards());
        assert_eq!(g.draw_card(), Some(card("R1")));
        assert!(g.out_of_cards());
    }

    fn cards(text: &str) -> Vec<ColorCard> {
        text.split_whitespace().map(card).collect()
    }

    /// A game set up by hand holds at most the deck's 32 cards in its deck and in a hand:
    /// a 33rd card added is refused, and a draw into a full hand leaves the card on the
    /// deck (no card is lost, nothing panics).
    #[test]
    fn a_full_deck_or_hand_refuses_a_card_and_loses_none() {
        let mut g = Game::new(Rules::GAME);
        let mut alice = Player::new("Alice");
        for card in full_deck() {
            alice.add_card_to_hand(card).unwrap();
        }
        g.add_player(alice);
        for card in full_deck() {
            g.add_card(card).unwrap();
        }
        assert_eq!(
            g.add_card(card("R1")),
            Err(Refusal::TooManyCards {
                cards: DECK_SIZE + 1
            })
        );
        assert_eq!(g.deck().len(), DECK_SIZE);
        assert_eq!(g.draw_into(0, 2), 0);
        assert_eq!(g.deck().len(), DECK_SIZE);
        assert_eq!(g.deck().top(), Some(&card("R1")));
        assert_eq!(g.players()[0].hand().len(), DECK_SIZE);
        assert_eq!(g.outcome(), None);
    }

    /// Two players seated, no cards: the game waits for chance to deal `text`'s cards.
    fn undealt(text: &str) -> Game {
        let mut g = Game::new(Rules::GAME);
        g.add_player(Player::new("Alice"));
        g.add_player(Player::new("Bob"));
        for card in cards(text) {
            g.add_card(card).unwrap();
        }
        g.restart();
        g
    }

    #[test]
    fn the_deal_is_the_only_chance_and_deals_as_a_deal_file_reads() {
        // Deal-file order: five to Alice, five to Bob, the discard card, the deck top
        // first. Worked from the order by hand.
        let order = "R1 R2 R3 R4 R5 Y1 Y2 Y3 Y4 Y5 G1 B1 B2";
        let mut g = undealt(order);
        assert_eq!(g.actor(), Actor::Chance);
        assert_eq!(g.to_deal().map(<[ColorCard]>::len), Some(13));
        let mut events = Vec::new();
        let deal = DeckOrder::from_cards(cards(order)).unwrap();
        g.apply_chance(&deal, &mut events).unwrap();
        assert_eq!(
            events,
            [Event::Dealt {
                discard: card("G1")
            }]
        );
        assert_eq!(g.players()[0].to_string(), "Alice R1 R2 R3 R4 R5");
        assert_eq!(g.players()[1].to_string(), "Bob Y1 Y2 Y3 Y4 Y5");
        assert_eq!(g.discard_card(), Some(card("G1")));
        assert_eq!(g.deck().iter().copied().collect::<Vec<_>>(), cards("B1 B2"));
        // Alice acts first; chance no longer does.
        assert_eq!(g.actor(), Actor::Seat(0));
        assert_eq!(g.apply_chance(&deal, &mut events), Err(Refusal::Dealt));
        assert!(
            g.sample_chance(&mut cards_core::rng::rng_from_seed(1))
                .is_err()
        );
        // Alice holds R1 (matches G1 by number): she must play it, not draw.
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        assert_eq!(
            legal,
            [Action::Play {
                card: card("R1"),
                chosen: None
            }]
        );
    }

    #[test]
    fn a_deal_that_is_not_the_cards_is_refused_and_changes_nothing() {
        let mut g = undealt("R1 R2 R3 R4 R5 Y1 Y2 Y3 Y4 Y5 G1 B1 B2");
        let before = g.clone();
        let mut events = Vec::new();
        // B3 instead of B2: not an order of the cards to deal.
        let wrong = DeckOrder::from_cards(cards("R1 R2 R3 R4 R5 Y1 Y2 Y3 Y4 Y5 G1 B1 B3"));
        let wrong = wrong.unwrap();
        assert_eq!(
            g.apply_chance(&wrong, &mut events),
            Err(Refusal::NotTheCards)
        );
        // R1 twice and B2 missing: the same length, still not a permutation.
        let twice = DeckOrder::from_cards(cards("R1 R1 R3 R4 R5 Y1 Y2 Y3 Y4 Y5 G1 B1 B3"));
        let twice = twice.unwrap();
        assert_eq!(
            g.apply_chance(&twice, &mut events),
            Err(Refusal::NotTheCards)
        );
        // One card short.
        let short = DeckOrder::from_cards(cards("R1 R2 R3 R4 R5 Y1 Y2 Y3 Y4 Y5 G1 B1"));
        let short = short.unwrap();
        assert_eq!(
            g.apply_chance(&short, &mut events),
            Err(Refusal::NotTheCards)
        );
        assert_eq!(g, before);
        assert!(events.is_empty());
        // A seat cannot act before the deal.
        assert_eq!(g.apply(Action::Draw, &mut events), Err(Refusal::NotDealt));
        assert_eq!(g, before);
    }

    #[test]
    fn too_few_cards_for_the_seats_cannot_be_dealt() {
        // Two hands of five and a discard card need 11.
        let mut g = undealt("R1 R2 R3 R4 R5 Y1 Y2 Y3 Y4 Y5");
        let before = g.clone();
        let order = DeckOrder::from_cards(cards("R1 R2 R3 R4 R5 Y1 Y2 Y3 Y4 Y5")).unwrap();
        let mut events = Vec::new();
        assert_eq!(
            g.apply_chance(&order, &mut events),
            Err(Refusal::DealSize {
                cards: 10,
                seats: 2
            })
        );
        let mut rng = cards_core::rng::rng_from_seed(1);
        assert_eq!(
            g.apply_sampled_chance(&mut rng, &mut events),
            Err(Refusal::DealSize {
                cards: 10,
                seats: 2
            })
        );
        assert_eq!(g, before);
        assert!(events.is_empty());
        let game = Game::new(Rules::GAME);
        assert_eq!(game.actor(), Actor::Chance);
        assert_eq!(
            game.sample_chance(&mut cards_core::rng::rng_from_seed(1)),
            Err(Refusal::NothingToDeal)
        );
    }

    #[test]
    fn a_sampled_deal_is_the_shuffle_of_the_sorted_cards() {
        // The chance node shuffles the cards in sorted order, as Deal::random and the
        // simulator have always done: the same seed gives the same deal.
        let all: Vec<ColorCard> = full_deck().collect();
        let mut g = Game::new(Rules::GAME);
        for name in ["Alice", "Bob", "Carol", "Dave"] {
            g.add_player(Player::new(name));
        }
        for &card in all.iter().rev() {
            g.add_card(card).unwrap();
        }
        g.restart();
        let sampled = g
            .sample_chance(&mut cards_core::rng::rng_from_seed(5))
            .unwrap();
        let mut expected = all;
        shuffle(&mut expected, &mut cards_core::rng::rng_from_seed(5));
        assert_eq!(sampled.cards(), expected);
        // Playing the game to its end and restarting it waits for a new deal of the
        // same 32 cards.
        g.apply_chance(&sampled, &mut Vec::new()).unwrap();
        while g.next_play().is_some() {}
        g.restart();
        assert_eq!(g.actor(), Actor::Chance);
        let mut sorted = expected.clone();
        sorted.sort_unstable();
        assert_eq!(g.to_deal(), Some(&sorted[..]));
    }

    #[test]
    fn restart_gathers_every_card_into_the_deck_in_card_order() {
        // A game set up by hand, Java-style, and played a turn: Alice holds Y4 G2 B1
        // after laying G8 on G4; the deck holds R1. Restarting takes back every card:
        // the hand, the discard pile (G4 G8) and the deck, in card order, and waits for
        // chance to deal them to the same seat.
        let mut g = Game::new(Rules::GAME);
        let mut alice = Player::new("Alice");
        for card in cards("G8 Y4 G2 B1") {
            alice.add_card_to_hand(card).unwrap();
        }
        g.add_player(alice);
        g.set_discard_card(card("G4"));
        g.add_card(card("R1")).unwrap();
        assert_eq!(g.next_play().map(|t| t.play), Some(played("G8", None)));
        g.restart();
        assert_eq!(g.actor(), Actor::Chance);
        assert_eq!(g.to_deal(), Some(&cards("R1 Y4 G2 G4 G8 B1")[..]));
        assert!(g.players()[0].hand().is_empty() && g.deck().is_empty());
        assert_eq!((g.discard_card(), g.current_player()), (None, None));
        assert_eq!(g.players()[0].name(), "Alice");
    }

    #[test]
    fn legal_plays_follow_the_rules_in_hand_order() {
        // Completos (Rule of Two, 8-card rule). Alice holds G8 B4 G3 Y3 G2 on G1: every
        // green card and none else, in hand order; G8 once per colour.
        let mut g = game(
            Variant::Completos,
            "2\nAlice B G8 B4 G3 Y3 G2\nBob B R1 R3 R4 R5 R6\nG1\nY1 Y2\n",
        );
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        let play = |text: &str, chosen: Option<Color>| Action::Play {
            card: card(text),
            chosen,
        };
        let mut want: Vec<Action> = Color::ALL.map(|c| play("G8", Some(c))).to_vec();
        want.extend([play("G3", None), play("G2", None)]);
        assert_eq!(legal, want);
        // An 8 without its colour, a card that does not match, the draw: refused.
        let before = g.clone();
        let mut events = Vec::new();
        assert_eq!(
            g.apply(play("G8", None), &mut events),
            Err(Refusal::NoColorNamed { card: card("G8") })
        );
        assert_eq!(
            g.apply(play("B4", None), &mut events),
            Err(Refusal::NoMatch {
                card: card("B4"),
                target: card("G1")
            })
        );
        assert_eq!(
            g.apply(Action::Draw, &mut events),
            Err(Refusal::MustPlay { card: card("G8") })
        );
        assert_eq!(
            g.apply(play("R2", None), &mut events),
            Err(Refusal::NotInHand { card: card("R2") })
        );
        assert_eq!(g, before);
        assert!(events.is_empty());
        // Alice lays G2: Bob, facing a fresh 2 with no 2, may only take the penalty.
        g.apply(play("G2", None), &mut events).unwrap();
        g.legal_actions(&mut legal);
        assert_eq!(legal, [Action::Draw]);
        assert_eq!(g.observe(1).unwrap().hand, &cards("R1 R3 R4 R5 R6")[..]);
        assert!(g.observe(1).unwrap().facing_two());
        assert_eq!(
            g.observe(1).unwrap().card_counts().collect::<Vec<_>>(),
            [4, 5]
        );
    }

    /// The facts only the search reads are worked out from the game when asked: after
    /// Alice's G2 on G1 (worked by hand), Bob sees the pile G1 G2, the 13 cards dealt,
    /// no pass, hands of 4 and 5; and the observation's `Debug` form, which holds the
    /// game, shows those facts and never Alice's cards.
    #[test]
    fn an_observation_shows_the_public_facts_and_no_other_hand() {
        let mut g = game(
            Variant::Completos,
            "2\nAlice B G8 B4 G3 Y3 G2\nBob B R1 R3 R4 R5 R6\nG1\nY1 Y2\n",
        );
        let g2 = Action::Play {
            card: card("G2"),
            chosen: None,
        };
        g.apply(g2, &mut Vec::new()).unwrap();
        let seen = g.observe(1).unwrap();
        assert_eq!(seen.discard_pile(), cards("G1 G2"));
        assert_eq!(seen.cards_in_play().map(<[ColorCard]>::len), Some(13));
        assert_eq!(seen.passes(), 0);
        assert_eq!(seen.card_counts().collect::<Vec<_>>(), [4, 5]);
        let debug = |cards: &[ColorCard]| format!("{cards:?}");
        let shown = format!("{seen:?}");
        assert!(shown.contains(&debug(&cards("G1 G2"))), "{shown}");
        assert!(shown.contains("counts: [4, 5]"), "{shown}");
        // Set up by hand, the game has no list of its cards: Alice's four cards can be
        // nowhere in what Bob sees.
        let mut g = Game::new(Rules::GAME);
        for (name, held) in [("Alice", "G8 B4 G3 Y3"), ("Bob", "R1 R3")] {
            let mut player = Player::new(name);
            for card in cards(held) {
                player.add_card_to_hand(card).unwrap();
            }
            g.add_player(player);
        }
        g.set_discard_card(card("G1"));
        let shown = format!("{:?}", g.observe(1).unwrap());
        assert!(shown.contains(&debug(&cards("R1 R3"))), "{shown}");
        for alices in cards("G8 B4 G3 Y3") {
            assert!(
                !shown.contains(&format!("{alices:?}")),
                "{alices} in {shown}"
            );
        }
    }
}
