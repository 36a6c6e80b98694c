//! The rules as a state machine behind the workspace's game protocol
//! ([`GameState`]): a [`Game`], the [`Action`]s a player may make, and the chance nodes
//! (the deal, the reshuffle), each reporting what happened as [`Event`]s.
//!
//! Nothing here prints or reads, and nothing draws from a generator except
//! [`GameState::sample_chance`]: a shuffle is a chance outcome, a [`DeckOrder`], that the
//! caller samples from a seed or takes from a deck file. A player deciding what to do (a
//! bot, or the console for the human) sees an [`Observation`]: their own hand and what is
//! public, never the other hands or the order of the draw pile.

use cards_core::Color;
use cards_core::protocol::{Actor, EventSink, GameState, Ignore, Seat, settle_chance};
use rand::Rng;

use crate::card::{Card, WildCard};
use crate::deck::DeckOrder;
use crate::error::{ChanceError, InvalidSelectionError, PlayableCards, Refusal};
use crate::pile::Pile;
use crate::player::Player;
use crate::rules::{HAND_SIZE, PLAYERS, Rules};

mod uno;
mod world;

pub use world::Seen;

/// What the player whose turn it is does.
///
/// As JSON (the web page's), `{"type": "play", "card": "W", "colour": "G"}` or
/// `{"type": "draw"}`: a card by its code, a colour by its letter or name.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Play a card from the hand. A wild card names a `color`, unless it is the
    /// player's last card (the game is then over and no colour is needed); no other card
    /// names one.
    Play {
        /// The card played.
        #[serde(with = "cards_core::face::text")]
        card: Card,
        /// The colour named with a wild card.
        #[serde(
            rename = "colour",
            default,
            skip_serializing_if = "Option::is_none",
            with = "cards_core::face::text::option"
        )]
        color: Option<Color>,
    },
    /// Take the top card of the draw pile (allowed only with no playable card). With
    /// nothing to draw even after the reshuffle, the player passes.
    Draw,
}

impl Action {
    /// Playing `card` with no colour named.
    pub const fn play(card: Card) -> Action {
        Action::Play { card, color: None }
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
        // No card makes anyone draw more than four (Wild Draw Four), so there is room.
        if let Some(slot) = self.cards.get_mut(usize::from(self.len)) {
            *slot = card;
            self.len += 1;
        }
    }

    /// The cards drawn, in order.
    pub fn cards(&self) -> &[Card] {
        &self.cards[..usize::from(self.len)]
    }
}

/// Why a game ended with no winner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NoWinner {
    /// Every player in a row had no card to play and nothing to draw.
    EveryonePassed,
    /// The game reached its turn limit (`--max-turns`).
    TurnLimit(u32),
}

/// How a game ended: the workspace's one outcome type, with Quattro's reasons for no
/// winner.
pub type Outcome = cards_core::Outcome<NoWinner>;

/// What happened, in order, when a move or a chance outcome was applied. Seats count
/// from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// The cards were dealt and `top` turned up to start the discard pile.
    Dealt {
        /// The first card of the discard pile.
        top: Card,
    },
    /// `seat` played `card`; it is the new top of the discard pile.
    Played {
        /// Who.
        seat: usize,
        /// The card.
        card: Card,
    },
    /// `seat` named `color` with a wild card.
    ColorNamed {
        /// Who.
        seat: usize,
        /// The colour to follow.
        color: Color,
    },
    /// The draw pile was empty: all discards but the top were shuffled into a new one.
    Reshuffled {
        /// How many cards the new draw pile has.
        cards: usize,
    },
    /// `seat`, with no card to play, took `card` from the draw pile.
    Drew {
        /// Who.
        seat: usize,
        /// The card (secret to the others).
        card: Card,
    },
    /// `seat` had no card to play and nothing to draw.
    Passed {
        /// Who.
        seat: usize,
    },
    /// The direction of play turned round.
    Reversed {
        /// Whether play now goes up the seats (1, 2, 3, 4, 1 …).
        clockwise: bool,
    },
    /// `seat` had to draw cards because of a Draw Two or Wild Draw Four (fewer than
    /// owed if the piles ran out).
    DrewPenalty {
        /// Who.
        seat: usize,
        /// The cards drawn.
        cards: Drawn,
    },
    /// `seat` misses their turn.
    Skipped {
        /// Who.
        seat: usize,
    },
    /// The game is over: always the last event of the step that ended it.
    GameOver {
        /// How it ended.
        outcome: Outcome,
    },
}

/// Where a game stands between two steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Before the deal: the deck lies in its fixed order in the draw pile, and chance
    /// gives the order to deal it in.
    Deal,
    /// The current seat chooses a move.
    Turn,
    /// A draw found the draw pile empty with discards to spare: chance gives the order of
    /// the new draw pile, then the draw goes on where it stopped.
    Reshuffle(Pending),
    /// The game is over.
    Over(Outcome),
}

/// The draw a reshuffle interrupted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pending {
    /// `player` chose to draw.
    Draw {
        /// Who.
        player: usize,
    },
    /// `player` owes `owed` more cards of a penalty, on top of `drawn`; then misses their
    /// turn if `skips`.
    Penalty {
        /// Who.
        player: usize,
        /// Drawn so far.
        drawn: Drawn,
        /// Still to draw.
        owed: u8,
        /// Whether the penalty also skips the player.
        skips: bool,
    },
}

/// One game: the four players, the piles, whose turn it is, and what comes next (a
/// seat's move or a shuffle).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    rules: Rules,
    deck: Vec<Card>,
    players: [Player; PLAYERS],
    draw_pile: Pile<Card>,
    // The top card is the pile's top.
    discard_pile: Pile<Card>,
    color: Color,
    current: usize,
    clockwise: bool,
    passes_in_row: usize,
    turns: u32,
    phase: Phase,
}

/// What one player may know: their own hand and the public state of the table.
#[derive(Clone, Copy, Debug)]
pub struct Observation<'a> {
    /// The player's seat (0–3).
    pub seat: usize,
    /// The player's cards, in the order received.
    pub hand: &'a [Card],
    /// The top card of the discard pile.
    pub top: Card,
    /// The colour to follow: the top card's, or the one named after a wild card.
    pub color: Color,
    /// How many cards each seat holds.
    pub hand_sizes: [usize; PLAYERS],
    /// How many cards the draw pile holds.
    pub draw_pile: usize,
    /// Whether play goes up the seats.
    pub clockwise: bool,
    /// The game's settings: the deck and the turn cap.
    pub rules: Rules,
}

impl Observation<'_> {
    /// The seat that plays after this one.
    pub fn next_seat(&self) -> usize {
        next_seat(self.seat, self.clockwise)
    }

    /// Whether the player may play `card` now, as the game decides it
    /// ([`Game::check_play`]) from what the player sees. `Err` says why not: the console
    /// asks it of the person's answer.
    pub fn check_play(&self, card: Card) -> Result<(), InvalidSelectionError> {
        Game::may_play(self.hand, self.top, self.color, card)
    }

    /// Whether the player may play `card`, a card of the hand, now: the bot asks it of
    /// each card it holds.
    pub fn can_play(&self, card: Card) -> bool {
        self.check_play(card).is_ok()
    }

    /// The playable cards of the hand, in hand order (a card held twice comes twice).
    pub fn playable(&self) -> impl Iterator<Item = Card> + '_ {
        Game::playable_in(self.hand, self.top, self.color)
    }

    /// Whether a played wild card must name a colour ([`Game::names_color`]).
    pub fn names_color(&self, card: Card) -> bool {
        Game::must_name_color(self.hand, card)
    }

    /// Replaces `moves` with the legal moves, as [`GameState::legal_actions`] lists them.
    pub fn legal_actions(&self, moves: &mut Vec<Action>) {
        Game::legal_moves(self.hand, self.top, self.color, moves);
    }

    /// Whether `mv` is legal ([`Game::check_action`]); `Err` says why not.
    pub fn check_action(&self, mv: Action) -> Result<(), InvalidSelectionError> {
        Game::may_take(self.hand, self.top, self.color, mv)
    }
}

/// The playable cards of a hand in hand order ([`Game::playable_in`]), each asked of
/// [`Game::may_play_held`]. The hand is weighed up to 64 cards at a time, in one pass,
/// into the set of the places that may be played, which the iterator then hands out:
/// a filter over the hand, resumed at every card it yields, was an outlined call set up
/// anew each time, about a fifth of a bot's turn (BENCHMARKS.md, issue 42's fourth
/// pass).
#[derive(Clone, Debug)]
struct Playable<'a> {
    hand: &'a [Card],
    top: Card,
    color: Color,
    /// How many cards of the hand have been weighed.
    weighed: usize,
    /// The place in the hand of the stretch `places` covers.
    from: usize,
    /// The places of the stretch, counted from `from`, still to hand out.
    places: u64,
}

impl Iterator for Playable<'_> {
    type Item = Card;

    #[inline]
    fn next(&mut self) -> Option<Card> {
        while self.places == 0 {
            let rest = self.hand.get(self.weighed..)?;
            if rest.is_empty() {
                return None;
            }
            let stretch = rest.get(..u64::BITS as usize).unwrap_or(rest);
            self.from = self.weighed;
            self.weighed += stretch.len();
            // The place's bit moves up one a card and is set for a playable card: fewer
            // instructions a card than a flag shifted by the place (issue 42).
            let mut place = 1u64;
            for &card in stretch {
                if Game::may_play_held(self.hand, self.top, self.color, card).is_ok() {
                    self.places |= place;
                }
                place <<= 1;
            }
        }
        let at = self.places.trailing_zeros() as usize;
        // The lowest place goes.
        self.places &= self.places - 1;
        self.hand.get(self.from + at).copied()
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
    /// A new game of `rules` waiting for its deal (a chance node: see
    /// [`GameState::apply_chance`]). The first seat plays first. A game lasts at most
    /// the rules' [`max_turns`](Rules::max_turns) turns.
    pub fn new(rules: Rules, players: [Player; PLAYERS]) -> Game {
        let deck = rules.deck();
        let mut game = Game {
            rules,
            draw_pile: Pile::with_capacity(deck.len()),
            discard_pile: Pile::with_capacity(deck.len()),
            deck,
            players,
            color: Color::Red,
            current: 0,
            clockwise: true,
            passes_in_row: 0,
            turns: 0,
            phase: Phase::Deal,
        };
        game.restart();
        game
    }

    /// Back to before the deal, for the next game: the cards gathered back, the same
    /// players and rules, every buffer reused (the simulator plays many games without
    /// allocating).
    pub fn restart(&mut self) {
        for player in &mut self.players {
            player.hand.clear();
        }
        self.draw_pile.clear();
        self.discard_pile.clear();
        self.draw_pile.put_all_at_bottom(&self.deck);
        self.color = Color::Red;
        self.current = 0;
        self.clockwise = true;
        self.passes_in_row = 0;
        self.turns = 0;
        self.phase = Phase::Deal;
    }

    /// The game's settings: the deck and the turn cap.
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

    /// The seat whose turn it is (or whose draw waits for a reshuffle).
    pub fn current(&self) -> usize {
        self.current
    }

    /// The top card of the discard pile; `None` before the deal.
    pub fn top(&self) -> Option<Card> {
        self.discard_pile.top().copied()
    }

    /// The colour to follow (meaningful once dealt).
    pub fn color(&self) -> Color {
        self.color
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

    /// Every card in the game: hands, draw pile, discard pile. Always the deck's cards,
    /// in some order (the conformance audit checks it at every step).
    pub fn all_cards(&self) -> impl Iterator<Item = Card> + '_ {
        self.players
            .iter()
            .flat_map(|p| p.hand.iter().copied())
            .chain(self.draw_pile.iter().copied())
            .chain(self.discard_pile.iter().copied())
    }

    /// What the player in `seat` may know; `None` before the deal (there is nothing to
    /// see) or for a seat not at the table.
    pub fn view(&self, seat: usize) -> Option<Observation<'_>> {
        Some(Observation {
            seat,
            hand: &self.players.get(seat)?.hand,
            top: self.top()?,
            color: self.color,
            hand_sizes: std::array::from_fn(|s| self.players[s].hand.len()),
            draw_pile: self.draw_pile.len(),
            clockwise: self.clockwise,
            rules: self.rules,
        })
    }

    /// The hand of the player to move and the top card, or why nobody may play now.
    fn to_move(&self) -> Result<(&[Card], Card), InvalidSelectionError> {
        match self.phase {
            Phase::Turn => {}
            Phase::Over(_) => return Err(InvalidSelectionError::GameOver),
            Phase::Deal | Phase::Reshuffle(_) => return Err(InvalidSelectionError::NoTurn),
        }
        let top = self.top().ok_or(InvalidSelectionError::NoTurn)?;
        Ok((&self.players[self.current].hand, top))
    }

    // ANCHOR: check_play
    /// Rules 4 and 5: whether the player whose turn it is may play `card`. `Err` says
    /// why not.
    pub fn check_play(&self, card: Card) -> Result<(), InvalidSelectionError> {
        let (hand, top) = self.to_move()?;
        Game::may_play(hand, top, self.color, card)
    }

    /// Whether `card` may be played from `hand` on `top`, `color` to follow: the hand
    /// holds it, it matches the top card in colour or number ([`Card::matches`]: with Uno
    /// rules also the same action, or it is wild), and it is no Wild Draw Four held with
    /// a card of the colour to follow ([`Game::draw_four_refused`], the Uno rules in
    /// `uno.rs`). The one rule of what may be played: the game asks it before any move,
    /// and a seat's [`Observation`] of what that seat sees.
    pub fn may_play(
        hand: &[Card],
        top: Card,
        color: Color,
        card: Card,
    ) -> Result<(), InvalidSelectionError> {
        if !hand.contains(&card) {
            return Err(InvalidSelectionError::NotInHand(card));
        }
        Game::may_play_held(hand, top, color, card)
    }

    /// [`Game::may_play`] for a card `hand` holds: whether it matches, and is no Wild
    /// Draw Four the hand may not play. (What goes through the hand card by card, as the
    /// playable cards do, need not look for each card in the hand again.)
    fn may_play_held(
        hand: &[Card],
        top: Card,
        color: Color,
        card: Card,
    ) -> Result<(), InvalidSelectionError> {
        if !card.matches(top, color) {
            return Err(InvalidSelectionError::NoMatch { card, top, color });
        }
        if Game::draw_four_refused(hand, color, card) {
            return Err(InvalidSelectionError::DrawFourNotAllowed(color));
        }
        Ok(())
    }
    // ANCHOR_END: check_play

    /// Rule 6: whether the player whose turn it is may take `action`: a card as
    /// [`Game::check_play`] allows it, naming a colour exactly when it must
    /// ([`Game::names_color`]); a draw only with no card to play. `Err` says why not.
    /// The legal actions ([`GameState::legal_actions`]) are exactly those it takes.
    pub fn check_action(&self, action: Action) -> Result<(), InvalidSelectionError> {
        let (hand, top) = self.to_move()?;
        Game::may_take(hand, top, self.color, action)
    }

    /// [`Game::check_action`] for the player holding `hand`, `top` on the pile and
    /// `color` to follow.
    fn may_take(
        hand: &[Card],
        top: Card,
        color: Color,
        action: Action,
    ) -> Result<(), InvalidSelectionError> {
        match action {
            Action::Draw => match PlayableCards::new(Game::playable_in(hand, top, color)) {
                Some(playable) => Err(InvalidSelectionError::MustPlay(playable)),
                None => Ok(()),
            },
            Action::Play { card, color: named } => {
                Game::may_play(hand, top, color, card)?;
                match (Game::must_name_color(hand, card), named) {
                    (true, None) => Err(InvalidSelectionError::NoColor),
                    (false, Some(_)) => Err(InvalidSelectionError::ColorNotNeeded(card)),
                    _ => Ok(()),
                }
            }
        }
    }

    /// The cards of the player to move that may be played now, in hand order (a card
    /// held twice comes twice); none when nobody may play.
    pub fn playable(&self) -> impl Iterator<Item = Card> + '_ {
        self.to_move()
            .ok()
            .into_iter()
            .flat_map(|(hand, top)| Game::playable_in(hand, top, self.color))
    }

    /// The cards of `hand` that may be played on `top`, `color` to follow.
    fn playable_in(hand: &[Card], top: Card, color: Color) -> impl Iterator<Item = Card> + '_ {
        Playable {
            hand,
            top,
            color,
            weighed: 0,
            from: 0,
            places: 0,
        }
    }

    /// Whether the player to move, playing `card`, must name a colour: a wild card, unless
    /// it is their last card (the Uno rules, in `uno.rs`).
    pub fn names_color(&self, card: Card) -> bool {
        Game::must_name_color(&self.players[self.current].hand, card)
    }

    /// The legal moves of the player holding `hand` ([`GameState::legal_actions`]): the
    /// distinct playable cards in card order, a wild card once per colour it names, or
    /// [`Action::Draw`] alone.
    fn legal_moves(hand: &[Card], top: Card, color: Color, moves: &mut Vec<Action>) {
        moves.clear();
        for card in Game::playable_in(hand, top, color) {
            if Game::must_name_color(hand, card) {
                moves.extend(Color::ALL.map(|color| Action::Play {
                    card,
                    color: Some(color),
                }));
            } else {
                moves.push(Action::play(card));
            }
        }
        moves.sort_unstable();
        moves.dedup();
        if moves.is_empty() {
            moves.push(Action::Draw);
        }
    }

    // ANCHOR: must_reshuffle
    /// Whether a draw must wait for the discards to be shuffled into a new draw pile.
    fn must_reshuffle(&self) -> bool {
        self.draw_pile.is_empty() && self.discard_pile.len() > 1
    }
    // ANCHOR_END: must_reshuffle

    /// Deals the draw pile as chance ordered it: [`HAND_SIZE`] cards to each seat one at
    /// a time round the table, then the first coloured card turns up to start the
    /// discard pile.
    fn deal(&mut self, events: &mut impl EventSink<Event>) -> Result<(), Refusal> {
        // ANCHOR: deal_hands
        for _ in 0..HAND_SIZE {
            for player in 0..PLAYERS {
                if let Some(card) = self.draw_pile.draw() {
                    self.give(player, card);
                }
            }
        }
        // ANCHOR_END: deal_hands
        // ANCHOR: wild_turned_up
        // A wild card can't start the discard pile (it has no colour to follow): like
        // the Wild Draw Four in Uno, it goes back under the draw pile and the next card
        // is turned. Every deck has far more coloured cards than fit in the hands; a
        // whole turn of the pile without one would be a broken deck, not a long search.
        for _ in 0..self.draw_pile.len() {
            let Some(card) = self.draw_pile.draw() else {
                break;
            };
            if let Some(color) = card.color() {
                self.color = color;
                self.discard_pile.put_on_top(card);
                events.push(Event::Dealt { top: card });
                self.phase = Phase::Turn;
                return Ok(());
            }
            self.draw_pile.put_at_bottom(card);
        }
        // ANCHOR_END: wild_turned_up
        Err(Refusal::Broken(
            "a deck with no coloured card after the hands to start the discard pile",
        ))
    }

    // ANCHOR: apply_move
    /// Carries out the current player's action, checked legal: a draw, or the card
    /// from the hand to the top of the discard pile, which wins with the last card or
    /// else does what the card does.
    fn take_turn(&mut self, action: Action, events: &mut impl EventSink<Event>) {
        let player = self.current;
        self.turns += 1;
        match action {
            Action::Draw => self.draw_for(player, events),
            Action::Play { card, color } => {
                self.passes_in_row = 0;
                self.players[player].remove_card(card);
                self.discard_pile.put_on_top(card);
                self.color = card.color().or(color).unwrap_or(self.color);
                events.push(Event::Played { seat: player, card });
                if self.players[player].has_won() {
                    self.end(Outcome::Winner { seat: player }, events);
                } else {
                    self.carry_out(player, card, events);
                }
            }
        }
    }
    // ANCHOR_END: apply_move

    // Outlined, it was a call set up at every draw (about 9 a game) from the simulator's
    // loop; the hint, above the book's excerpt, inlines it there (BENCHMARKS.md, issue
    // 42's fourth pass).
    #[inline]
    // ANCHOR: draw_for
    /// `player` draws a card, or waits for a reshuffle first.
    fn draw_for(&mut self, player: usize, events: &mut impl EventSink<Event>) {
        if self.must_reshuffle() {
            self.phase = Phase::Reshuffle(Pending::Draw { player });
            return;
        }
        match self.draw_pile.draw() {
            Some(card) => {
                self.give(player, card);
                self.passes_in_row = 0;
                events.push(Event::Drew { seat: player, card });
            }
            None => {
                self.passes_in_row += 1;
                events.push(Event::Passed { seat: player });
            }
        }
        self.pass_turn(next_seat(player, self.clockwise), false, events);
    }
    // ANCHOR_END: draw_for

    /// `card` goes to the end of `player`'s hand.
    fn give(&mut self, player: usize, card: Card) {
        self.players[player].hand.push(card);
    }

    /// The turn goes to `next`, or past them if they are skipped; then the game ends if
    /// everyone has passed or the turn limit is reached.
    fn pass_turn(&mut self, next: usize, skips: bool, events: &mut impl EventSink<Event>) {
        self.current = if skips {
            events.push(Event::Skipped { seat: next });
            next_seat(next, self.clockwise)
        } else {
            next
        };
        self.phase = Phase::Turn;
        if self.passes_in_row >= PLAYERS {
            self.end(
                Outcome::NoWinner {
                    reason: NoWinner::EveryonePassed,
                },
                events,
            );
        } else if self.turns >= self.rules.max_turns() {
            self.end(
                Outcome::NoWinner {
                    reason: NoWinner::TurnLimit(self.rules.max_turns()),
                },
                events,
            );
        }
    }

    fn end(&mut self, outcome: Outcome, events: &mut impl EventSink<Event>) {
        self.phase = Phase::Over(outcome);
        events.push(Event::GameOver { outcome });
    }

    /// The cards a chance outcome must order now, in their current order.
    /// Puts the cards chance is to order into the draw pile, in the order
    /// [`to_shuffle`](Game::to_shuffle) lists them: for the deal the whole deck, for a
    /// reshuffle the discards under the top card, which stays.
    fn gather_for_shuffle(&mut self) -> Result<(), Refusal> {
        // Before the deal, `restart` has left the deck there in its fixed order; a reshuffle
        // is due only when the draw pile is empty.
        match self.phase {
            Phase::Deal => {}
            // ANCHOR: reshuffle_keeps_top
            Phase::Reshuffle(_) => {
                let top = self.discard_pile.draw();
                self.draw_pile.extend(self.discard_pile.iter().copied());
                self.discard_pile.clear();
                self.discard_pile.extend(top);
            }
            // ANCHOR_END: reshuffle_keeps_top
            Phase::Turn | Phase::Over(_) => return Err(ChanceError::NotDue.into()),
        }
        Ok(())
    }

    /// Once chance has ordered the draw pile: the deal, or the draw that waited for the
    /// reshuffle.
    fn after_shuffle(&mut self, events: &mut impl EventSink<Event>) -> Result<(), Refusal> {
        match self.phase {
            Phase::Deal => self.deal(events)?,
            Phase::Reshuffle(pending) => {
                events.push(Event::Reshuffled {
                    cards: self.draw_pile.len(),
                });
                self.phase = Phase::Turn;
                match pending {
                    Pending::Draw { player } => self.draw_for(player, events),
                    Pending::Penalty {
                        player,
                        drawn,
                        owed,
                        skips,
                    } => self.penalty(player, drawn, owed, skips, events),
                }
            }
            Phase::Turn | Phase::Over(_) => return Err(ChanceError::NotDue.into()),
        }
        Ok(())
    }

    fn to_shuffle(&self) -> Result<DeckOrder, Refusal> {
        let cards = match self.phase {
            Phase::Deal => DeckOrder::from_cards(self.deck.iter().copied()),
            // The top discard stays; the others become the draw pile.
            Phase::Reshuffle(_) => DeckOrder::from_cards(self.discard_pile.iter().copied().skip(1)),
            Phase::Turn | Phase::Over(_) => return Err(ChanceError::NotDue.into()),
        };
        cards.map_err(|_| Refusal::Broken("a pile holds more cards than any deck"))
    }
}

/// Checks that `given` holds exactly the cards of `expected`, in any order.
fn check_same_cards(given: &DeckOrder, expected: &DeckOrder) -> Result<(), ChanceError> {
    let (given, expected) = (given.sorted(), expected.sorted());
    let (mut given, mut expected) = (given.cards().iter(), expected.cards().iter());
    loop {
        match (given.next(), expected.next()) {
            (None, None) => return Ok(()),
            (Some(&extra), None) => return Err(ChanceError::Extra(extra)),
            (None, Some(&missing)) => return Err(ChanceError::Missing(missing)),
            (Some(a), Some(b)) if a == b => {}
            // Both are sorted: the smaller card is the one the other side lacks.
            (Some(&a), Some(&b)) if a < b => return Err(ChanceError::Extra(a)),
            (Some(_), Some(&b)) => return Err(ChanceError::Missing(b)),
        }
    }
}

/// Quattro as the workspace's game protocol.
///
/// - **Actor**: chance before the deal and when a draw needs a reshuffle; otherwise the
///   current seat, until the game is over.
/// - **Actions** ([`Action`]): each distinct playable card once, in card order (number
///   cards, then action cards, then wild cards; by colour in rainbow order, then number
///   or action), a wild card once per colour it may name in rainbow order (only once,
///   with no colour, if it is the last card); or [`Action::Draw`] alone when no card can
///   be played.
/// - **Chance** ([`DeckOrder`]): at the deal, the order of the whole deck, top first; at
///   a reshuffle, the order of the new draw pile (every discard but the top one).
/// - **Observation**: the seat's [`Observation`] (`None` before the deal).
/// - **Outcome**: the player who played their last card, or no winner
///   ([`NoWinner`]): everyone passed in a row, or the turn limit.
impl GameState for Game {
    type Action = Action;
    type Chance = DeckOrder;
    type Event = Event;
    type Observation<'a> = Observation<'a>;
    type NoWinner = NoWinner;
    type Error = Refusal;

    fn seats(&self) -> usize {
        PLAYERS
    }

    fn actor(&self) -> Actor {
        match self.phase {
            Phase::Deal | Phase::Reshuffle(_) => Actor::Chance,
            Phase::Turn => Actor::Seat(self.current),
            Phase::Over(_) => Actor::Over,
        }
    }

    fn legal_actions(&self, actions: &mut Vec<Action>) {
        actions.clear();
        if self.phase != Phase::Turn {
            return;
        }
        if let Ok((hand, top)) = self.to_move() {
            Game::legal_moves(hand, top, self.color, actions);
        }
    }

    fn apply<S: EventSink<Event>>(
        &mut self,
        action: Action,
        events: &mut S,
    ) -> Result<(), Refusal> {
        self.check_action(action)?;
        self.take_turn(action, events);
        Ok(())
    }

    /// The quiet path (`Driver::play_trusted`, the simulator): the bots choose among
    /// their legal actions, so the action is carried out without checking it again,
    /// then the reshuffle it may wait for (only then) is drawn from `rng`: the same carry-out as
    /// [`apply`](GameState::apply) (the driver asserts the action legal in debug builds).
    fn apply_trusted<R: Rng + ?Sized>(
        &mut self,
        seat: Seat,
        action: Action,
        rng: &mut R,
    ) -> Result<Actor, Refusal> {
        debug_assert_eq!(self.phase, Phase::Turn, "{action:?} when no seat acts");
        // The turn is the current player's, as in `apply`: the seat is only checked.
        debug_assert_eq!(self.current, seat, "{seat} is not the seat to act");
        self.take_turn(action, &mut Ignore);
        match self.phase {
            Phase::Reshuffle(_) => settle_chance(self, rng),
            _ => Ok(self.actor()),
        }
    }

    fn sample_chance<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<DeckOrder, Refusal> {
        let mut order = self.to_shuffle()?;
        cards_core::shuffle(order.cards_mut(), rng);
        Ok(order)
    }

    fn apply_chance<S: EventSink<Event>>(
        &mut self,
        order: &DeckOrder,
        events: &mut S,
    ) -> Result<(), Refusal> {
        check_same_cards(order, &self.to_shuffle()?)?;
        self.gather_for_shuffle()?;
        self.draw_pile.clear();
        self.draw_pile.extend(order.cards().iter().copied());
        self.after_shuffle(events)
    }

    /// The cards are shuffled where they lie, into the draw pile: no copy, and no check
    /// (which sorts both decks) of cards that are the right ones by construction. The
    /// same draws from `rng` as [`sample_chance`](GameState::sample_chance).
    fn apply_sampled_chance<R: Rng + ?Sized, S: EventSink<Event>>(
        &mut self,
        rng: &mut R,
        events: &mut S,
    ) -> Result<(), Refusal> {
        match self.phase {
            // `restart` left the deck in the draw pile in its fixed order: shuffled
            // straight from the deck, it is the same pile.
            Phase::Deal => self.draw_pile.shuffle_in(&self.deck, rng),
            _ => {
                self.gather_for_shuffle()?;
                self.draw_pile.shuffle(rng);
            }
        }
        self.after_shuffle(events)
    }

    fn observe(&self, seat: Seat) -> Option<Observation<'_>> {
        self.view(seat)
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.phase {
            Phase::Over(outcome) => Some(outcome),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::cards;
    use crate::rules::Variant;
    use cards_core::names::RuleSet;
    use cards_core::rng::rng_from_seed;
    use pretty_assertions::assert_eq;

    fn card(code: &str) -> Card {
        Card::parse_code(code).unwrap()
    }

    fn order(codes: &str) -> DeckOrder {
        DeckOrder::from_cards(cards(codes)).unwrap_or_else(|e| panic!("{codes}: {e}"))
    }

    fn bots() -> [Player; PLAYERS] {
        std::array::from_fn(Player::bot)
    }

    /// A position laid out by hand, at the first seat's turn: hands by seat, the draw
    /// pile top first, the discard pile top first.
    fn position(variant: Variant, hands: [&str; PLAYERS], draw: &str, discard: &str) -> Game {
        let mut game = Game::new(Rules::new(variant), bots());
        for (player, hand) in game.players.iter_mut().zip(hands) {
            player.hand = cards(hand);
        }
        game.draw_pile = cards(draw).into_iter().collect();
        game.discard_pile = cards(discard).into_iter().collect();
        game.color = game.top().and_then(Card::color).unwrap_or(Color::Red);
        game.phase = Phase::Turn;
        game
    }

    fn apply(game: &mut Game, mv: Action) -> Vec<Event> {
        let mut events = Vec::new();
        game.apply(mv, &mut events)
            .unwrap_or_else(|e| panic!("{mv:?}: {e}"));
        events
    }

    fn apply_chance(game: &mut Game, codes: &str) -> Vec<Event> {
        let mut events = Vec::new();
        game.apply_chance(&order(codes), &mut events)
            .unwrap_or_else(|e| panic!("{codes}: {e}"));
        events
    }

    /// A game dealt from the seed's shuffle.
    fn dealt(variant: Variant, seed: u64) -> Game {
        let mut game = Game::new(Rules::new(variant).with_max_turns(100), bots());
        let order = game.sample_chance(&mut rng_from_seed(seed)).unwrap();
        game.apply_chance(&order, &mut Vec::new()).unwrap();
        game
    }

    fn hand(game: &Game, seat: usize) -> String {
        game.player(seat)
            .hand()
            .iter()
            .map(Card::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn deal_gives_three_each_and_turns_one_card() {
        for &rules in Variant::ALL {
            let game = dealt(rules, 7);
            assert!(game.players.iter().all(|p| p.hand.len() == HAND_SIZE));
            assert_eq!(game.discard_pile_len(), 1);
            assert!(game.top().and_then(Card::color) == Some(game.color()));
            assert_eq!(
                game.draw_pile_len() + 1 + PLAYERS * HAND_SIZE,
                rules.deck().len()
            );
        }
    }

    /// The deck in its fixed order, dealt by hand (rules 1-3 of the assignment, one card
    /// at a time round the table): seat 1 gets the 1st, 5th and 9th cards (R0 R4 R8),
    /// seat 4 the 4th, 8th and 12th (R3 R7 Y1); the 13th, Y2, starts the discard pile
    /// and the 14th, Y3, is the top of the draw pile.
    #[test]
    fn a_given_order_is_dealt_round_the_table() {
        let mut game = Game::new(Rules::new(Variant::Quattro).with_max_turns(100), bots());
        assert_eq!(game.actor(), Actor::Chance);
        assert!(game.observe(0).is_none(), "nothing to see before the deal");
        let deck = DeckOrder::from_cards(Variant::Quattro.deck()).unwrap_or_else(|e| panic!("{e}"));
        let mut events = Vec::new();
        game.apply_chance(&deck, &mut events).unwrap();
        assert_eq!(events, [Event::Dealt { top: card("Y2") }]);
        let hands: Vec<String> = (0..PLAYERS).map(|seat| hand(&game, seat)).collect();
        assert_eq!(hands, ["R0 R4 R8", "R1 R5 R9", "R2 R6 Y0", "R3 R7 Y1"]);
        assert_eq!(
            (game.top(), game.color()),
            (Some(card("Y2")), Color::Yellow)
        );
        assert_eq!(game.draw_pile.top(), Some(&card("Y3")));
        assert_eq!(game.draw_pile_len(), 27);
        assert_eq!(game.actor(), Actor::Seat(0));
    }

    /// Uno rules: W and W+4 turned up after the hands go under the draw pile, in that
    /// order, and the next card (R5) starts the discard pile.
    #[test]
    fn wild_cards_turned_up_go_under_the_draw_pile() {
        let mut deck = Variant::Uno.deck();
        // One W, one W+4 and R5 come 13th, 14th and 15th.
        for code in ["W", "W+4", "R5"] {
            let at = deck
                .iter()
                .position(|&c| c == card(code))
                .unwrap_or_else(|| panic!("{code}"));
            deck.remove(at);
        }
        for (at, code) in [(12, "W"), (13, "W+4"), (14, "R5")] {
            deck.insert(at, card(code));
        }
        let mut game = Game::new(Rules::new(Variant::Uno).with_max_turns(100), bots());
        let codes: Vec<String> = deck.iter().map(Card::to_string).collect();
        let events = apply_chance(&mut game, &codes.join(" "));
        assert_eq!(events, [Event::Dealt { top: card("R5") }]);
        let bottom: Vec<Card> = game.draw_pile.iter().rev().take(2).rev().copied().collect();
        assert_eq!(bottom, cards("W W+4"));
        assert_eq!(game.draw_pile_len(), 56 - 12 - 1);
    }

    /// The seed's deal is the old one: the whole deck in its fixed order shuffled once by
    /// `cards_core::shuffle`, then dealt one card at a time round the table. An action
    /// card that starts the discard pile does nothing (nobody played it): seat 1 plays
    /// first, play goes up the seats, nobody has drawn.
    #[test]
    fn deal_order_and_a_first_action_card_without_effect() {
        let mut action_first = 0;
        for seed in 0..100 {
            let mut shuffled = Variant::Uno.deck();
            cards_core::shuffle(&mut shuffled, &mut rng_from_seed(seed));
            let game = dealt(Variant::Uno, seed);
            for (seat, player) in game.players().iter().enumerate() {
                let dealt: Vec<Card> = (0..HAND_SIZE)
                    .map(|round| shuffled[round * PLAYERS + seat])
                    .collect();
                assert_eq!(player.hand(), dealt, "seed {seed}, seat {seat}");
            }
            assert_eq!(game.actor(), Actor::Seat(0), "seed {seed}");
            assert!(game.clockwise(), "seed {seed}");
            action_first += usize::from(matches!(game.top(), Some(Card::Special(_))));
        }
        assert!(action_first > 0, "no seed turned up an action card");
    }

    /// Uno rules: a wild card turned up to start the discard pile goes under the draw
    /// pile and the next card is turned, so play starts on a colour.
    #[test]
    fn a_wild_card_never_starts_the_discard_pile() {
        let mut wild_turned_up = 0;
        for seed in 0..200 {
            let mut shuffled = Variant::Uno.deck();
            cards_core::shuffle(&mut shuffled, &mut rng_from_seed(seed));
            let turned: Vec<Card> = shuffled.into_iter().skip(PLAYERS * HAND_SIZE).collect();
            let wilds = turned.iter().take_while(|card| card.is_wild()).count();
            let game = dealt(Variant::Uno, seed);
            assert_eq!(game.top(), Some(turned[wilds]), "seed {seed}");
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

    fn playable(codes: &[&str]) -> PlayableCards {
        PlayableCards::new(codes.iter().map(|&code| card(code)))
            .unwrap_or_else(|| panic!("no cards in {codes:?}"))
    }

    /// A refused draw names every playable card, in the order held: G9 (its number
    /// matches R9), R5 and R7, not B1.
    #[test]
    fn a_refused_draw_names_every_playable_card_in_hand_order() {
        let mut game = position(
            Variant::Quattro,
            ["G9 R5 B1 R7", "B2 B3", "Y7", "G1"],
            "G3 G4",
            "R9",
        );
        let mut events = Vec::new();
        let refused = game.apply(Action::Draw, &mut events);
        assert_eq!(
            refused,
            Err(InvalidSelectionError::MustPlay(playable(&["G9", "R5", "R7"])).into())
        );
        assert_eq!(
            refused.map_err(|e| e.to_string()),
            Err("You can't draw while you hold cards you can play (G9, R5 and R7).".to_owned())
        );
    }

    #[test]
    fn play_draw_and_win() {
        let mut game = position(Variant::Quattro, ["R5", "B1 B2", "Y7", "G1"], "G3 G4", "R9");
        let mut legal = Vec::new();
        game.legal_actions(&mut legal);
        assert_eq!(legal, [Action::play(card("R5"))]);
        let before = game.clone();
        let mut events = Vec::new();
        assert_eq!(
            game.apply(Action::Draw, &mut events),
            Err(InvalidSelectionError::MustPlay(playable(&["R5"])).into())
        );
        assert_eq!(
            (&game, events.len()),
            (&before, 0),
            "a refused move changes nothing"
        );
        let events = apply(&mut game, Action::play(card("R5")));
        assert_eq!(
            events,
            [
                Event::Played {
                    seat: 0,
                    card: card("R5")
                },
                Event::GameOver {
                    outcome: Outcome::Winner { seat: 0 }
                }
            ]
        );
        assert_eq!(game.actor(), Actor::Over);
        assert_eq!(
            game.apply(Action::Draw, &mut Vec::new()),
            Err(InvalidSelectionError::GameOver.into())
        );
    }

    /// Issue 38, item 5: what may be played is asked of the game itself, in the
    /// assignment's words (rules 4 to 6), and a seat's observation answers the same.
    /// Player 1 holds W+4 R5 G1 on R3 under Uno rules: R5 matches in colour; G1 matches
    /// nothing; the Wild Draw Four may not come from a hand holding red; B9 is not held;
    /// a draw is refused while R5 can be played; a wild card names a colour (not the
    /// last card).
    #[test]
    fn the_game_says_what_may_be_played_and_the_view_agrees() {
        let game = position(Variant::Uno, ["W+4 R5 G1", "B1", "Y7", "G2"], "G3", "R3");
        let red = Color::Red;
        assert_eq!(game.check_play(card("R5")), Ok(()));
        assert_eq!(
            game.check_play(card("G1")),
            Err(InvalidSelectionError::NoMatch {
                card: card("G1"),
                top: card("R3"),
                color: red
            })
        );
        assert_eq!(
            game.check_play(card("W+4")),
            Err(InvalidSelectionError::DrawFourNotAllowed(red))
        );
        assert_eq!(
            game.check_play(card("B9")),
            Err(InvalidSelectionError::NotInHand(card("B9")))
        );
        assert_eq!(
            game.check_action(Action::Draw),
            Err(InvalidSelectionError::MustPlay(playable(&["R5"])))
        );
        assert_eq!(game.playable().collect::<Vec<_>>(), cards("R5"));
        assert!(game.names_color(card("W+4")));
        let view = game.view(0).unwrap();
        for code in ["W+4", "R5", "G1", "B9", "R3"] {
            assert_eq!(
                view.check_play(card(code)),
                game.check_play(card(code)),
                "{code}"
            );
        }
        let mut legal = Vec::new();
        game.legal_actions(&mut legal);
        assert_eq!(legal, [Action::play(card("R5"))]);
        // Without red, the Wild Draw Four may be played, naming a colour.
        let game = position(Variant::Uno, ["W+4 G1", "B1", "Y7", "G2"], "G3", "R3");
        assert_eq!(game.check_play(card("W+4")), Ok(()));
        assert_eq!(
            game.check_action(Action::play(card("W+4"))),
            Err(InvalidSelectionError::NoColor)
        );
        // Nobody may play before the deal or after the end.
        let undealt = Game::new(Rules::new(Variant::Quattro).with_max_turns(10), bots());
        assert_eq!(
            undealt.check_play(card("R5")),
            Err(InvalidSelectionError::NoTurn)
        );
        assert_eq!(undealt.playable().count(), 0);
    }

    /// The playable cards are the cards of the hand that the rule allows
    /// (`Observation::check_play`, which asks the hand for the card first), in hand
    /// order, a card held twice coming twice: for hands of every length from none to
    /// 150 cards, past the 64 the iterator weighs at a time, cut from the Uno deck
    /// repeated and shuffled, on every top card and colour.
    #[test]
    fn the_playable_cards_are_those_the_rule_allows_in_hand_order() {
        let decks: Vec<Card> = [
            Variant::Uno.deck(),
            Variant::Uno.deck(),
            Variant::Uno.deck(),
        ]
        .concat();
        for seed in 0..40u64 {
            let mut shuffled = decks.clone();
            cards_core::shuffle(&mut shuffled, &mut rng_from_seed(seed));
            for len in [0, 1, 3, 7, 63, 64, 65, 127, 128, 129, 150] {
                let hand = &shuffled[..len];
                for top in [card("R5"), card("GS"), card("W"), card("B+2")] {
                    for color in Color::ALL {
                        let view = Observation {
                            seat: 0,
                            hand,
                            top,
                            color,
                            hand_sizes: [len; PLAYERS],
                            draw_pile: 0,
                            clockwise: true,
                            rules: Rules::new(Variant::Uno),
                        };
                        let allowed: Vec<Card> = hand
                            .iter()
                            .copied()
                            .filter(|&held| view.check_play(held).is_ok())
                            .collect();
                        assert_eq!(
                            view.playable().collect::<Vec<_>>(),
                            allowed,
                            "seed {seed}, {len} cards, {top} on top, {color:?} to follow"
                        );
                    }
                }
            }
        }
    }

    /// The draw pile is empty and the discard pile is R9 (top), R3, G6: the draw waits
    /// for chance to order R3 and G6 into a new draw pile. Given the order G6, R3, the
    /// player draws G6; R3 stays in the draw pile and R9 alone on the discard pile.
    #[test]
    fn an_empty_draw_pile_waits_for_the_reshuffle_of_all_but_the_top() {
        let mut game = position(
            Variant::Quattro,
            ["B1 B2", "Y7", "G1", "B4"],
            "",
            "R9 R3 G6",
        );
        assert_eq!(apply(&mut game, Action::Draw), []);
        assert_eq!(game.actor(), Actor::Chance);
        let mut legal = vec![Action::Draw];
        game.legal_actions(&mut legal);
        assert_eq!(legal, [], "no seat acts at a chance node");
        let events = apply_chance(&mut game, "G6 R3");
        assert_eq!(
            events,
            [
                Event::Reshuffled { cards: 2 },
                Event::Drew {
                    seat: 0,
                    card: card("G6")
                }
            ]
        );
        assert_eq!(hand(&game, 0), "B1 B2 G6");
        assert_eq!(game.top(), Some(card("R9")));
        assert_eq!(
            game.draw_pile.iter().copied().collect::<Vec<_>>(),
            cards("R3")
        );
        assert_eq!((game.discard_pile_len(), game.turns()), (1, 1));
        assert_eq!(game.actor(), Actor::Seat(1));
    }

    /// A Draw Two with one card left to draw: seat 2 takes Y3, the pile runs out, chance
    /// orders what lies under the R+2 (R9, B1, B2) as B2, R9, B1; seat 2 takes B2 as its
    /// second card and misses its turn; seat 3 plays next, R9 and B1 are left to draw.
    #[test]
    fn a_penalty_goes_on_after_the_reshuffle() {
        let mut game = position(Variant::Uno, ["R+2 G1", "Y1", "B3", "R2"], "Y3", "R9 B1 B2");
        let events = apply(&mut game, Action::play(card("R+2")));
        assert_eq!(
            events,
            [Event::Played {
                seat: 0,
                card: card("R+2")
            }]
        );
        assert_eq!(game.actor(), Actor::Chance);
        let mut refused = game.clone();
        assert_eq!(
            refused.apply_chance(&order("B2 R9 B1 R+2"), &mut Vec::new()),
            Err(ChanceError::Extra(card("R+2")).into()),
            "the top discard is not shuffled"
        );
        assert_eq!(refused, game);
        let events = apply_chance(&mut game, "B2 R9 B1");
        let mut drawn = Drawn::EMPTY;
        drawn.push(card("Y3"));
        drawn.push(card("B2"));
        assert_eq!(
            events,
            [
                Event::Reshuffled { cards: 3 },
                Event::DrewPenalty {
                    seat: 1,
                    cards: drawn
                },
                Event::Skipped { seat: 1 }
            ]
        );
        assert_eq!(hand(&game, 1), "Y1 Y3 B2");
        assert_eq!(
            game.draw_pile.iter().copied().collect::<Vec<_>>(),
            cards("R9 B1")
        );
        assert_eq!(
            (game.top(), game.discard_pile_len()),
            (Some(card("R+2")), 1)
        );
        assert_eq!(game.actor(), Actor::Seat(2));
    }

    /// Chance and seats each refuse the other's step, and an order that is not the cards
    /// to shuffle is refused, all without changing anything.
    #[test]
    fn wrong_steps_and_impossible_orders_are_refused() {
        let mut game = Game::new(Rules::new(Variant::Quattro).with_max_turns(100), bots());
        let fresh = game.clone();
        let mut events = Vec::new();
        assert_eq!(
            game.apply(Action::Draw, &mut events),
            Err(InvalidSelectionError::NoTurn.into())
        );
        let deck = Variant::Quattro.deck();
        let codes: Vec<String> = deck.iter().map(Card::to_string).collect();
        let all = codes.join(" ");
        let cases = [
            (all.replacen("B9", "", 1), ChanceError::Missing(card("B9"))),
            (format!("{all} R0"), ChanceError::Extra(card("R0"))),
            (all.replacen("B9", "R0", 1), ChanceError::Extra(card("R0"))),
            (
                all.replacen("B9", "RS", 1),
                ChanceError::Missing(card("B9")),
            ),
        ];
        for (codes, want) in cases {
            assert_eq!(
                game.apply_chance(&order(&codes), &mut events),
                Err(want.into()),
                "{codes}"
            );
        }
        assert_eq!((&game, events.len()), (&fresh, 0));
        let mut game = position(Variant::Quattro, ["B1 B2", "Y7", "G1", "B4"], "R1", "R9");
        let before = game.clone();
        assert_eq!(
            game.apply_chance(&order("R1"), &mut events),
            Err(ChanceError::NotDue.into())
        );
        assert_eq!(
            game.sample_chance(&mut rng_from_seed(1)),
            Err(ChanceError::NotDue.into())
        );
        assert_eq!((&game, events.len()), (&before, 0));
    }

    /// With a full deck this can't happen (see the crate docs), so the position leaves
    /// cards out of the game.
    #[test]
    fn everyone_passing_ends_with_no_winner() {
        let mut game = position(Variant::Quattro, ["B1 B2", "Y7", "G1", "B4"], "", "R9");
        for player in 0..PLAYERS {
            let events = apply(&mut game, Action::Draw);
            assert_eq!(events[0], Event::Passed { seat: player });
        }
        assert_eq!(
            game.outcome(),
            Some(Outcome::NoWinner {
                reason: NoWinner::EveryonePassed
            })
        );
    }

    #[test]
    fn a_draw_resets_the_passes() {
        let mut game = position(Variant::Quattro, ["B1 B2", "Y7", "G1", "B4"], "", "R9 Y2");
        apply(&mut game, Action::Draw);
        apply_chance(&mut game, "Y2");
        for _ in 0..PLAYERS - 1 {
            apply(&mut game, Action::Draw);
        }
        assert_eq!(game.outcome(), None);
    }

    #[test]
    fn turn_limit_ends_with_no_winner() {
        let mut game = position(Variant::Quattro, ["B1 B2", "Y7", "G1", "B4"], "R1 R2", "R9");
        game.rules = game.rules.with_max_turns(2);
        apply(&mut game, Action::Draw);
        let events = apply(&mut game, Action::Draw);
        assert_eq!(
            events.last(),
            Some(&Event::GameOver {
                outcome: Outcome::NoWinner {
                    reason: NoWinner::TurnLimit(2)
                }
            })
        );
    }

    /// A cap of 0, which a recording may name (`max-turns=0`), is still a game: its
    /// first turn is taken, then it ends at the cap.
    #[test]
    fn a_cap_of_zero_turns_ends_the_game_after_its_first_turn() {
        let mut game = position(Variant::Quattro, ["B1 B2", "Y7", "G1", "B4"], "R1 R2", "R9");
        game.rules = game.rules.with_max_turns(0);
        let events = apply(&mut game, Action::Draw);
        assert_eq!(game.turns(), 1);
        assert_eq!(
            events.last(),
            Some(&Event::GameOver {
                outcome: Outcome::NoWinner {
                    reason: NoWinner::TurnLimit(0)
                }
            })
        );
    }

    #[test]
    fn skip_reverse_and_draw_two() {
        let mut game = position(
            Variant::Uno,
            ["RS GR", "R1 Y1", "R+2 B5", "B1 B2"],
            "Y3 Y4 Y5 Y6",
            "R9",
        );
        apply(&mut game, Action::play(card("RS")));
        assert_eq!(game.current(), 2, "seat 1 is skipped");
        let events = apply(&mut game, Action::play(card("R+2")));
        assert_eq!(game.player(3).hand().len(), 4);
        assert!(events.contains(&Event::Skipped { seat: 3 }));
        assert_eq!(game.current(), 0);
        apply(&mut game, Action::Draw); // GR doesn't match R+2
        assert_eq!(game.current(), 1);
        apply(&mut game, Action::play(card("R1")));
        assert_eq!(game.current(), 2);
    }

    #[test]
    fn reverse_turns_play_round() {
        let mut game = position(Variant::Uno, ["RR G1", "Y1", "B3", "R2"], "Y3", "R9");
        let events = apply(&mut game, Action::play(card("RR")));
        assert_eq!(events[1], Event::Reversed { clockwise: false });
        assert_eq!(game.current(), 3);
    }

    #[test]
    fn wild_cards_name_a_color_and_draw_four_is_restricted() {
        let mut game = position(
            Variant::Uno,
            ["W+4 R2 B1", "W B5", "Y1", "G1"],
            "Y3 Y4 Y5 Y6 Y7",
            "R9",
        );
        let mut events = Vec::new();
        assert_eq!(
            game.apply(Action::play(card("W+4")), &mut events),
            Err(InvalidSelectionError::DrawFourNotAllowed(Color::Red).into())
        );
        let red_two = Action::Play {
            card: card("R2"),
            color: Some(Color::Blue),
        };
        assert_eq!(
            game.apply(red_two, &mut events),
            Err(InvalidSelectionError::ColorNotNeeded(card("R2")).into())
        );
        apply(&mut game, Action::play(card("R2")));
        assert_eq!(
            game.apply(Action::play(card("W")), &mut events),
            Err(InvalidSelectionError::NoColor.into())
        );
        let mut legal = Vec::new();
        game.legal_actions(&mut legal);
        let wild = |color| Action::Play {
            card: card("W"),
            color: Some(color),
        };
        assert_eq!(legal, Color::ALL.map(wild));
        let events = apply(&mut game, wild(Color::Green));
        assert_eq!(
            events[1],
            Event::ColorNamed {
                seat: 1,
                color: Color::Green
            }
        );
        assert_eq!(game.color(), Color::Green);
        assert!(
            game.view(2)
                .is_some_and(|v| v.check_play(card("Y1")).is_err())
        );
    }

    #[test]
    fn a_last_wild_card_wins_without_a_color() {
        let mut game = position(Variant::Uno, ["W", "B5", "Y1", "G1"], "", "R9");
        let mut legal = Vec::new();
        game.legal_actions(&mut legal);
        assert_eq!(legal, [Action::play(card("W"))]);
        let events = apply(&mut game, Action::play(card("W")));
        assert_eq!(
            events.last(),
            Some(&Event::GameOver {
                outcome: Outcome::Winner { seat: 0 }
            })
        );
    }
}
