//! The rules: the assignment's `Game` class without its console, as a
//! [`cards_core::protocol::GameState`].
//!
//! Read it next to the assignment: a [`Game`] holds the two players (each a [`Player`]
//! with a face-down pile), the cards on the table (the text's "war chest") and the counts
//! of battles and wars. `Game::battle` is one battle: both players turn over their top
//! card and the higher card takes the table; a tie starts a war (`Game::war`): each
//! player lays four cards, the fourth face up, and the fourth cards fight the next
//! battle, so a tie there starts the next war. A player who must put down a card and
//! has none loses, and so does one who put down their last card and lost the battle
//! (`Game::end_battle`).
//!
//! Beside it, not through it: the same rules for 3 to 8 players (`--players N`) in the
//! module `more_players`, and the check that ends a game that would repeat forever (won
//! cards returned in a fixed order) in the module `repetition`.
//!
//! The rest is the protocol: a game starts at the deal (a chance node, the order of the
//! 52 cards) or from hand-built piles; the player to act has one action,
//! [`Action::Battle`], which plays a battle with all its wars; with won cards shuffled
//! back, the order in which the winner slips them under their pile is another chance
//! node. What happens is reported as [`Event`]s; the game ends in an [`Outcome`].
//! Nothing here prints or reads.

mod more_players;
mod repetition;

use std::cmp::Ordering;
use std::fmt;

use cards_core::protocol::{Actor, EventSink, GameState, Ignore, Seat};
use cards_core::ring::PileFull;
use cards_core::rng::GameRng;
use cards_core::shuffle;
use rand::Rng;

use crate::card::Card;
use crate::deck::{ChanceNode, DECK_SIZE, DeckOrder, ordered_deck};
use crate::error::Refusal;
use crate::player::{Player, PlayerSet};
use crate::rules::{MAX_PLAYERS, Rules, SetupError, WonCardOrder};
use crate::table::Table;
use repetition::Repetition;

/// How many cards each player puts down in a war: three face down, the fourth face up.
pub const WAR_CARDS: usize = 4;

/// No generator to order won cards with: a take with shuffled returns stops at its
/// chance node (the checked path; the quiet path hands its generator down instead).
const AT_CHANCE_NODE: Option<&mut GameRng> = None;

/// A player to battle held no card: every player in the game holds one at their turn.
const BATTLED_WITHOUT_CARDS: Refusal = Refusal::Broken("a player battled without cards");

/// The two players of the assignment's game, Player 1 and Player 2.
const BOTH: PlayerSet = PlayerSet::first(2);

/// A game of War in progress: the players' piles, the cards on the table, the counts of
/// battles and wars, and where the game stands (deal, a player's turn, the order of won
/// cards, or over).
///
/// Between battles the table is empty, except for a pot left by a war in which everyone
/// ran out at once ([`Event::PotLeft`]). From the deal on, the piles and the table
/// together hold exactly the cards dealt.
///
/// `Debug` and `PartialEq` are written out over the seated players only
/// ([`Game::players`]): the slots past them are storage, not state.
#[derive(Clone)]
pub struct Game {
    rules: Rules,
    /// The players, Player 1 first, each holding a face-down pile: the first
    /// `rules.players()` seats are in the game, the others stay empty. Held inline (at
    /// most 8), so a two-player battle reads both piles at fixed places in the game
    /// rather than through a pointer the compiler reloads after every card it stores.
    ///
    /// No card reaches an unseated slot: cards go into a pile only through
    /// `Player::collect`, from the deal (seat `i mod players`), `from_piles` (which
    /// skips piles past the seats) and `give_table`, whose seat is a battle's winner,
    /// drawn from `PlayerSet::first(players)`; the audit checks it after every step.
    players: [Player; MAX_PLAYERS],
    /// The cards on the table (the "war chest"), in the order they were put down, each
    /// face up or face down; never more than the deck's 52 (every card on it came from
    /// a pile), so it is held inline.
    table: Table<Card, DECK_SIZE>,
    /// Who has run out of cards and left the game.
    out: PlayerSet,
    /// Battles fought, a war's deciding battle included.
    battles: u64,
    /// Wars fought, each chained war counted.
    wars: u64,
    phase: Phase,
    /// With won cards in a fixed order: the positions seen, to stop an endless game.
    repetition: Repetition,
}

impl fmt::Debug for Game {
    /// The fields, with the seated players only: a two-player game shows two.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("rules", &self.rules)
            .field("players", &self.players())
            .field("table", &self.table)
            .field("out", &self.out)
            .field("battles", &self.battles)
            .field("wars", &self.wars)
            .field("phase", &self.phase)
            .field("repetition", &self.repetition)
            .finish()
    }
}

impl PartialEq for Game {
    /// The same rules and the same state of the seated players (equal rules seat as
    /// many); the slots past them do not take part.
    fn eq(&self, other: &Game) -> bool {
        // Spelled out so that a new field cannot be left out unnoticed.
        let Game {
            rules,
            players: _,
            table,
            out,
            battles,
            wars,
            phase,
            repetition,
        } = self;
        *rules == other.rules
            && self.players() == other.players()
            && *table == other.table
            && *out == other.out
            && *battles == other.battles
            && *wars == other.wars
            && *phase == other.phase
            && *repetition == other.repetition
    }
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Chance orders the 52 cards, then they are dealt.
    Deal,
    /// The player in `seat` (the lowest still in the game) is to battle.
    Turn { seat: Seat },
    /// The player in `seat` takes the table; chance orders the cards (shuffled returns).
    /// `out_before` is who was out before the battle; `last` says that `seat` is the last
    /// player in the game, taking a pot left on the table, and so wins.
    Take {
        seat: Seat,
        out_before: PlayerSet,
        last: bool,
    },
    /// The game ended.
    Over(Outcome),
}

/// How a two-player war ended.
enum War {
    /// Both players laid four cards: their fourth cards, face up, fight the next battle.
    Battle(Card, Card),
    /// A player could not lay four cards and is out: the other (if any) takes the table.
    RanOut { winner: Option<Seat> },
}

impl Game {
    // ANCHOR: battle_and_war
    /// One battle of the two-player game, with all the wars it sets off: each player
    /// turns over the top card of their pile, and the higher card wins (suits never
    /// count); equal cards start a war, whose fourth cards fight the next battle. Returns
    /// who wins the cards on the table: nobody if both ran out together.
    fn battle(&mut self, events: &mut impl EventSink<Event>) -> Result<Option<Seat>, Refusal> {
        // The table is empty: with two players, cards stay on it only when both ran out,
        // which ends the game. (Checked, this also tells the compiler where the battle's
        // two cards go.)
        if !self.table.is_empty() {
            return Err(Refusal::Broken(
                "a two-player battle began with cards on the table",
            ));
        }
        self.battles += 1;
        events.push(Event::Battle {
            battle: self.battles,
        });
        // Both hold cards: a player left with none after a battle is out at once.
        let mut first = self.turn_over(0, events)?.ok_or(BATTLED_WITHOUT_CARDS)?;
        let mut second = self.turn_over(1, events)?.ok_or(BATTLED_WITHOUT_CARDS)?;
        while first.compare_rank(second) == Ordering::Equal {
            events.push(Event::Tie { seats: BOTH });
            match self.war(events)? {
                War::Battle(next_first, next_second) => (first, second) = (next_first, next_second),
                War::RanOut { winner } => return Ok(winner),
            }
        }
        // The higher card wins.
        let winner = if first.compare_rank(second) == Ordering::Greater {
            0
        } else {
            1
        };
        Ok(Some(winner))
    }

    /// A war after a tie: each player lays four cards from the top of their pile, three
    /// face down and the fourth face up, and the two fourth cards fight the next battle
    /// (every card stays on the table for its winner). A player who cannot lay all four
    /// has run out and loses; if neither can, the one who had fewer cards loses, and with
    /// equally few both are out and nobody wins.
    fn war(&mut self, events: &mut impl EventSink<Event>) -> Result<War, Refusal> {
        self.wars += 1;
        let held = [self.players[0].card_count(), self.players[1].card_count()];
        // The fourth cards' battle counts as a battle, if both can lay them.
        let battle = (held[0] >= WAR_CARDS && held[1] >= WAR_CARDS).then(|| {
            self.battles += 1;
            self.battles
        });
        events.push(Event::War {
            war: self.wars,
            battle,
            seats: BOTH,
        });
        let first = self.lay_war_cards(0, events)?;
        let second = self.lay_war_cards(1, events)?;
        Ok(match (first, second) {
            (Some(first), Some(second)) => War::Battle(first, second),
            (Some(_), None) => self.loses(1, events),
            (None, Some(_)) => self.loses(0, events),
            (None, None) => match held[0].cmp(&held[1]) {
                Ordering::Greater => self.loses(1, events),
                Ordering::Less => self.loses(0, events),
                Ordering::Equal => {
                    self.run_out(0, events);
                    self.run_out(1, events);
                    War::RanOut { winner: None }
                }
            },
        })
    }
    // ANCHOR_END: battle_and_war

    /// The player in `seat` turns over the top card of their pile onto the table, face
    /// up; `None` if they have no card.
    fn turn_over(
        &mut self,
        seat: Seat,
        events: &mut impl EventSink<Event>,
    ) -> Result<Option<Card>, Refusal> {
        let Some(card) = self.players[seat].play_card() else {
            return Ok(None);
        };
        self.table.put_face_up(card).map_err(table_full)?;
        events.push(Event::Played { seat, card });
        Ok(Some(card))
    }

    /// The player in `seat` lays a war's cards: three face down, then the fourth face up,
    /// which is returned; `None` if they run out before the fourth.
    fn lay_war_cards(
        &mut self,
        seat: Seat,
        events: &mut impl EventSink<Event>,
    ) -> Result<Option<Card>, Refusal> {
        for _ in 1..WAR_CARDS {
            let Some(card) = self.players[seat].play_card() else {
                return Ok(None);
            };
            self.table.put_face_down(card).map_err(table_full)?;
            events.push(Event::FaceDown { seat, card });
        }
        self.turn_over(seat, events)
    }

    /// The player in `seat` has run out of cards and leaves the game.
    fn run_out(&mut self, seat: Seat, events: &mut impl EventSink<Event>) {
        self.out.insert(seat);
        events.push(Event::Out { seat });
    }

    /// In a two-player war, the player in `seat` has run out and loses it.
    fn loses(&mut self, seat: Seat, events: &mut impl EventSink<Event>) -> War {
        self.run_out(seat, events);
        War::RanOut {
            winner: Some(1 - seat),
        }
    }

    /// Plays the next battle (the assignment's two-player battle, or with more players
    /// the same rules for many, in the module `more_players`), and its winner takes the
    /// table. With shuffled returns, `draw` orders the won cards at once (the quiet
    /// path); without it the game stops at that chance node.
    fn play_battle<R: Rng + ?Sized>(
        &mut self,
        events: &mut impl EventSink<Event>,
        draw: Option<&mut R>,
    ) -> Result<(), Refusal> {
        let out_before = self.out;
        let winner = if self.rules.players() == 2 {
            self.battle(events)?
        } else {
            self.battle_of_many(events)?
        };
        self.settle(winner, out_before, events, draw)
    }

    /// The battle is over: `winner` takes the table; with no winner its cards stay there.
    /// `out_before` is who was out before the battle.
    fn settle<R: Rng + ?Sized>(
        &mut self,
        winner: Option<Seat>,
        out_before: PlayerSet,
        events: &mut impl EventSink<Event>,
        mut draw: Option<&mut R>,
    ) -> Result<(), Refusal> {
        match winner {
            Some(seat) => {
                if !self.take(seat, out_before, false, events, draw.as_deref_mut())? {
                    // The game stopped at the take's chance node, which ends the battle.
                    return Ok(());
                }
            }
            None => events.push(Event::PotLeft {
                cards: self.table.len(),
            }),
        }
        // The assignment's end for two, or the general one.
        if self.rules.players() == 2 {
            self.end_battle(winner, events)
        } else {
            self.end_battle_of_many(out_before, winner, events, draw)
        }
    }

    /// A new game at its first chance node, the deal: the 52 cards are ordered (by
    /// [`Game::sample_chance`] from a seeded generator, or from a deck file) and dealt one
    /// at a time to the players in turn, Player 1 first, each card going under the ones
    /// received before (so the first card dealt to a player is their top card). With more
    /// than two players the first seats may get one card more.
    pub fn new(rules: Rules) -> Game {
        Game {
            rules,
            players: std::array::from_fn(Player::new),
            table: Table::new(),
            out: PlayerSet::EMPTY,
            battles: 0,
            wars: 0,
            phase: Phase::Deal,
            repetition: Repetition::default(),
        }
    }

    /// A game from piles given top card first, one per player, for tests and puzzles: it
    /// starts at Player 1's first battle, with no deal. Any cards may be used (not
    /// necessarily 52), each at most once.
    pub fn from_piles<P>(
        rules: Rules,
        piles: impl IntoIterator<Item = P>,
    ) -> Result<Game, SetupError>
    where
        P: IntoIterator<Item = Card>,
    {
        let mut game = Game::new(rules);
        let mut seen = [false; DECK_SIZE];
        let mut count = 0;
        for (seat, pile) in piles.into_iter().enumerate() {
            count += 1;
            if seat >= rules.players() {
                continue;
            }
            for card in pile {
                if std::mem::replace(&mut seen[card.index()], true) {
                    return Err(SetupError::Duplicate(card));
                }
                // A pile overflows only past 52 cards, so only with a card given twice.
                game.players[seat]
                    .collect(&[card])
                    .map_err(|_| SetupError::Duplicate(card))?;
            }
            if game.players[seat].is_out() {
                return Err(SetupError::EmptyPile(seat));
            }
        }
        if count != rules.players() {
            return Err(SetupError::PileCount {
                players: rules.players(),
                piles: count,
            });
        }
        game.start();
        Ok(game)
    }

    /// Starts over at the deal, reusing every buffer (the simulator plays many games on
    /// one `Game` without allocating): the game is then equal to `Game::new` of its rules.
    pub fn restart(&mut self) {
        self.repetition.clear();
        for player in &mut self.players {
            player.clear();
        }
        self.table.clear();
        self.out = PlayerSet::EMPTY;
        self.battles = 0;
        self.wars = 0;
        self.phase = Phase::Deal;
    }

    /// Player 1 opens: every seat holds cards (a deal gives each of at most 8 players at
    /// least 6 of the 52; hand-built piles may not be empty).
    fn start(&mut self) {
        if self.rules.order() == WonCardOrder::Fixed {
            let seated = &self.players[..self.rules.players()];
            self.repetition.start(seated, self.table.cards());
        }
        self.phase = Phase::Turn { seat: 0 };
    }

    /// The rules in force.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The players, in seat order (players who are out have no cards).
    pub fn players(&self) -> &[Player] {
        &self.players[..self.rules.players()]
    }

    /// The slots past the seated players, for the audit: they never hold a card.
    #[cfg(feature = "conformance")]
    pub(crate) fn unseated(&self) -> &[Player] {
        &self.players[self.rules.players()..]
    }

    /// The cards on the table, in the order they were put down.
    pub fn table(&self) -> &[Card] {
        self.table.cards()
    }

    /// Battles fought so far: every comparison of face-up cards, a war's deciding one
    /// included (the assignment: asking for 100 battles may fight 105).
    pub fn battles(&self) -> u64 {
        self.battles
    }

    /// Wars fought so far, each chained war counted.
    pub fn wars(&self) -> u64 {
        self.wars
    }

    /// The players who have left the game (each reported by an [`Event::Out`]).
    pub fn out(&self) -> PlayerSet {
        self.out
    }

    /// What chance decides now, if chance acts.
    pub fn chance_node(&self) -> Option<ChanceNode> {
        match self.phase {
            Phase::Deal => Some(ChanceNode::Deal),
            Phase::Take { seat, .. } => Some(ChanceNode::Take { seat }),
            Phase::Turn { .. } | Phase::Over(_) => None,
        }
    }

    /// The players still in the game (those holding cards).
    pub fn active(&self) -> PlayerSet {
        self.players()
            .iter()
            .filter(|p| !p.is_out())
            .map(Player::seat)
            .collect()
    }

    /// The players not out of the game: at a player's turn, exactly those holding cards
    /// ([`Game::active`]), kept as a set rather than counted from the piles.
    fn in_game(&self) -> PlayerSet {
        PlayerSet::first(self.rules.players()).without(self.out)
    }

    /// The player in `seat` takes the table: at once in the fixed order, or after chance
    /// has ordered the cards: drawn from `draw` on the quiet path, otherwise at the
    /// chance node the game stops at (which then hands the cards over). Returns whether
    /// the cards went under the pile now.
    fn take<R: Rng + ?Sized>(
        &mut self,
        seat: Seat,
        out_before: PlayerSet,
        last: bool,
        events: &mut impl EventSink<Event>,
        draw: Option<&mut R>,
    ) -> Result<bool, Refusal> {
        let cards = match (self.rules.order(), draw) {
            (WonCardOrder::Shuffled, None) => {
                self.phase = Phase::Take {
                    seat,
                    out_before,
                    last,
                };
                return Ok(false);
            }
            // What `apply_sampled_chance` does at that chance node, without stopping there.
            (WonCardOrder::Shuffled, Some(rng)) => self.table.take_all_shuffled(rng),
            (WonCardOrder::Fixed, _) => self.table.take_all(),
        };
        collect_table(&mut self.players[seat], cards, events)?;
        Ok(true)
    }

    /// The table's cards, in the order they lie, go under the pile of the player in
    /// `seat`.
    fn give_table(
        &mut self,
        seat: Seat,
        events: &mut impl EventSink<Event>,
    ) -> Result<(), Refusal> {
        collect_table(&mut self.players[seat], self.table.take_all(), events)
    }

    /// At the chance node of a take, once chance has ordered the table: the cards go
    /// under the pile of the player in `seat`; then that player wins if they are the
    /// `last` in the game, or the battle ends.
    fn hand_over(
        &mut self,
        seat: Seat,
        out_before: PlayerSet,
        last: bool,
        events: &mut impl EventSink<Event>,
    ) -> Result<(), Refusal> {
        self.give_table(seat, events)?;
        if last {
            self.finish(Outcome::Winner { seat }, events);
            Ok(())
        } else if self.rules.players() == 2 {
            self.end_battle(Some(seat), events)
        } else {
            self.end_battle_of_many(out_before, Some(seat), events, AT_CHANCE_NODE)
        }
    }

    /// After a two-player battle, the table taken by `taker` (or left by a war both
    /// players ran out in): as soon as a player runs out of cards, they lose, so the loser
    /// of a battle who put down their last card is out and the game is over; otherwise
    /// Player 1 plays the next battle. (With more players, the general end in the module
    /// `more_players`.)
    #[inline]
    fn end_battle(
        &mut self,
        taker: Option<Seat>,
        events: &mut impl EventSink<Event>,
    ) -> Result<(), Refusal> {
        let outcome = match taker {
            Some(winner) => {
                let loser = 1 - winner;
                // A player out in a war laid every card they held, so the loser is out
                // (in the war, or now) exactly when their pile is empty.
                if !self.players[loser].is_out() {
                    self.next_battle(0, events);
                    return Ok(());
                }
                if !self.out.contains(loser) {
                    self.run_out(loser, events);
                }
                Outcome::Winner { seat: winner }
            }
            // Both ran out in this battle: a two-player game ends as soon as one is out.
            None if self.out == BOTH => Outcome::NoWinner {
                reason: NoWinner::OutOfCards { seats: BOTH },
            },
            None => {
                return Err(Refusal::Broken(
                    "a two-player battle left the table to nobody while a player held cards",
                ));
            }
        };
        self.finish(outcome, events);
        Ok(())
    }

    /// Between two battles, `seat` the first player still in: the game stops at the cap
    /// on battles, or (won cards returned in a fixed order) at a position seen before;
    /// otherwise `seat` plays the next battle.
    #[inline]
    fn next_battle(&mut self, seat: Seat, events: &mut impl EventSink<Event>) {
        let reason = if self.battles >= self.rules.max_battles() {
            NoWinner::BattleCap {
                max_battles: self.rules.max_battles(),
            }
        } else if self.rules.order() == WonCardOrder::Fixed
            && let Some(earlier) = self.repeated_position()
        {
            // Only won cards returned in a fixed order can bring a position back.
            NoWinner::Repetition {
                battle: self.battles,
                earlier,
            }
        } else {
            self.phase = Phase::Turn { seat };
            return;
        };
        self.finish(Outcome::NoWinner { reason }, events);
    }

    /// The battle after which the cards lay as they lie now, if they did before.
    // Out of line, with only the game to hand over: the end of every battle, where it is
    // asked, then stays small enough to be inlined into the battle's loop.
    #[inline(never)]
    fn repeated_position(&mut self) -> Option<u64> {
        let seated = &self.players[..self.rules.players()];
        self.repetition
            .check(seated, self.table.cards(), self.battles)
    }

    /// Card `i` of `order` goes under the pile of seat `i mod players`; then Player 1
    /// opens.
    fn deal(
        &mut self,
        order: &DeckOrder,
        events: &mut impl EventSink<Event>,
    ) -> Result<(), Refusal> {
        let players = self.rules.players();
        for (i, &card) in order.cards().iter().enumerate() {
            self.players[i % players]
                .collect(&[card])
                .map_err(|_| Refusal::Broken("a deal gives a pile more than 52 cards"))?;
        }
        events.push(Event::Dealt);
        self.start();
        Ok(())
    }

    /// The game is over: once a game, so kept out of the way of the battles.
    // Out of line too: inlined, its stores of the outcome would join the end of every
    // battle, which would then grow too big to be inlined into the battle's loop.
    #[cold]
    #[inline(never)]
    fn finish(&mut self, outcome: Outcome, events: &mut impl EventSink<Event>) {
        self.phase = Phase::Over(outcome);
        events.push(Event::GameOver { outcome });
    }

    /// Checks that `order` holds exactly the cards of the chance node `node`, each once.
    fn check_order(&self, node: ChanceNode, order: &DeckOrder) -> Result<(), Refusal> {
        // The cards chance orders: the whole deck, or those on the table.
        let (mut to_order, expected) = match node {
            ChanceNode::Deal => ([true; DECK_SIZE], DECK_SIZE),
            ChanceNode::Take { .. } => ([false; DECK_SIZE], self.table.len()),
        };
        if let ChanceNode::Take { .. } = node {
            for card in self.table.cards() {
                to_order[card.index()] = true;
            }
        }
        let mut given = [false; DECK_SIZE];
        for &card in order.cards() {
            if !to_order[card.index()] {
                return Err(Refusal::NotInPlay { node, card });
            }
            if std::mem::replace(&mut given[card.index()], true) {
                return Err(Refusal::Twice { card });
            }
        }
        if order.cards().len() != expected {
            return Err(Refusal::OrderLength {
                node,
                expected,
                given: order.cards().len(),
            });
        }
        Ok(())
    }
}

/// `player` collects the cards taken off the table, in the order given, under their pile.
// Of the player and the cards, not of the game: the cards stay borrowed from the table
// while the pile takes them, so the count read once by the take is the one used here.
fn collect_table(
    player: &mut Player,
    cards: &[Card],
    events: &mut impl EventSink<Event>,
) -> Result<(), Refusal> {
    events.push(Event::Took {
        seat: player.seat(),
        cards: cards.len(),
    });
    player
        .collect(cards)
        .map_err(|_| Refusal::Broken("a pile holds more than the 52 cards"))
}

/// A card put on a full table: every card on it came from a pile, so the table holds
/// at most the 52 cards dealt.
fn table_full(_: PileFull) -> Refusal {
    Refusal::Broken("the table holds more than the 52 cards")
}

/// The set of `cards` as bits of their indices (for the conformance audit's check that
/// every card is held once).
#[cfg(feature = "conformance")]
pub(crate) fn mask(cards: impl IntoIterator<Item = Card>) -> u64 {
    cards
        .into_iter()
        .fold(0, |set, card| set | 1 << card.index())
}

/// Something that happened, in the order it happened: the deal, then each battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// The 52 cards were dealt one at a time, Player 1 first.
    Dealt,
    /// A battle begins; `battle` is its number in the game (wars' battles counted).
    Battle {
        /// The battle's number, from 1.
        battle: u64,
    },
    /// A player turns a card face up to be compared: the battle's card or the fourth
    /// card of a war.
    Played {
        /// Who.
        seat: usize,
        /// The card shown.
        card: Card,
    },
    /// These players share the highest card: a war follows.
    Tie {
        /// The tied players.
        seats: PlayerSet,
    },
    /// A war among `seats` begins. `battle` is the number of its deciding battle, or
    /// `None` when fewer than two of them can lay all four cards, so nothing is compared.
    War {
        /// The war's number in the game, from 1 (chained wars each count).
        war: u64,
        /// The deciding battle's number, if there is one.
        battle: Option<u64>,
        /// The players at war.
        seats: PlayerSet,
    },
    /// A player puts a war card down face down.
    FaceDown {
        /// Who.
        seat: usize,
        /// The card.
        card: Card,
    },
    /// A player had no card when one was needed (or holds none after a battle) and leaves
    /// the game; with two players, that player loses.
    Out {
        /// Who.
        seat: usize,
    },
    /// A player takes every card on the table and slips them under their pile (with
    /// [`WonCardOrder::Shuffled`], once chance has ordered them).
    Took {
        /// Who.
        seat: usize,
        /// How many cards.
        cards: usize,
    },
    /// Everyone at war ran out of cards at once, so nobody took the table: its cards stay
    /// for the winner of the next battle (only possible with more than two players, or at
    /// the end of a two-player game without winner).
    PotLeft {
        /// How many cards stay on the table.
        cards: usize,
    },
    /// The game is over.
    GameOver {
        /// How it ended.
        outcome: Outcome,
    },
}

/// How a game ended: a winner, or no winner and why (the workspace's one outcome type).
pub type Outcome = cards_core::Outcome<NoWinner>;

/// Why a game ended without a winner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NoWinner {
    /// The last players ran out of cards in the same step with equally many cards: with
    /// nobody holding more, nobody outlasts the others, so nobody wins.
    OutOfCards {
        /// Who ran out together.
        seats: PlayerSet,
    },
    /// With [`WonCardOrder::Fixed`], the cards lay after battle `battle` exactly as after battle
    /// `earlier`: the game would repeat forever.
    Repetition {
        /// The battle after which the position came back.
        battle: u64,
        /// The battle after which it was seen before (0: the deal).
        earlier: u64,
    },
    /// The cap on battles was reached. It is checked after a whole battle, its wars
    /// included, and a war's deciding battle counts as a battle, so the battles fought
    /// may pass the cap by the wars of the last one.
    BattleCap {
        /// The cap.
        max_battles: u64,
    },
}

impl fmt::Display for NoWinner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            NoWinner::OutOfCards { seats } => {
                write!(f, "{seats} ran out of cards at the same time")
            }
            NoWinner::Repetition { battle, earlier } => {
                let when = if earlier == 0 {
                    "at the deal".to_owned()
                } else {
                    format!("after battle {earlier}")
                };
                write!(
                    f,
                    "after battle {battle} the cards lay exactly as {when}, so with won \
                     cards returned in a fixed order the game would repeat forever"
                )
            }
            NoWinner::BattleCap { max_battles } => {
                write!(
                    f,
                    "the game reached the cap of {max_battles} battles (--max-battles)"
                )
            }
        }
    }
}

/// What the player to act may do: War leaves no choice, so the only action is to turn
/// the top cards over. Its serde shape is the page's action object, `{"type": "battle"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Play the next battle, with all the wars it sets off.
    Battle,
}

impl<'de> serde::Deserialize<'de> for Action {
    fn deserialize<D: serde::Deserializer<'de>>(input: D) -> Result<Action, D::Error> {
        // Derived, a unit variant of a tagged enum ignores any other field: a page's
        // typo (`{"type": "battle", "cuont": 3}`) must be refused, not played as one.
        #[derive(serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Object {
            #[serde(rename = "type")]
            kind: Kind,
        }
        #[derive(serde::Deserialize)]
        #[serde(rename_all = "snake_case")]
        enum Kind {
            Battle,
        }
        let Object { kind: Kind::Battle } = Object::deserialize(input)?;
        Ok(Action::Battle)
    }
}

impl GameState for Game {
    type Action = Action;
    type Chance = DeckOrder;
    type Event = Event;
    type Observation<'a> = Observation<'a>;
    type NoWinner = NoWinner;
    type Error = Refusal;

    fn seats(&self) -> usize {
        self.rules.players()
    }

    /// Chance at the deal and when a player takes the table with shuffled returns; the
    /// lowest seat still in the game otherwise; nobody once the game is over.
    fn actor(&self) -> Actor {
        match self.phase {
            Phase::Deal | Phase::Take { .. } => Actor::Chance,
            Phase::Turn { seat } => Actor::Seat(seat),
            Phase::Over(_) => Actor::Over,
        }
    }

    /// `[Battle]` at a player's turn, nothing otherwise.
    fn legal_actions(&self, actions: &mut Vec<Action>) {
        actions.clear();
        if let Phase::Turn { .. } = self.phase {
            actions.push(Action::Battle);
        }
    }

    /// Plays the next battle with all the wars it sets off; with shuffled returns it
    /// stops where a player takes the table, at a chance node.
    ///
    /// Every player still in the game shows their top card; the highest card takes the
    /// table. When several share the highest card, those players alone go to war: each
    /// puts down four cards, the fourth face up, and the highest fourth card takes the
    /// table; another tie chains another war among the players tied again.
    ///
    /// A player who must put down a card and has none is out at once (with two players:
    /// loses). In a war, the players who cannot lay all four cards are out, and if none of
    /// the players at war can, the one who held the most cards outlasts the others and
    /// takes the table; if several held that many, they are all out together and nobody
    /// takes it.
    ///
    /// After the battle a player left without cards is out as well, since they could not
    /// play the next battle's card. The last player in the game wins, taking any cards left
    /// on the table.
    fn apply<S: EventSink<Event>>(
        &mut self,
        action: Action,
        events: &mut S,
    ) -> Result<(), Refusal> {
        match (self.phase, action) {
            (Phase::Turn { .. }, Action::Battle) => self.play_battle(events, AT_CHANCE_NODE),
            (Phase::Deal, _) => Err(Refusal::ChanceActs(ChanceNode::Deal)),
            (Phase::Take { seat, .. }, _) => Err(Refusal::ChanceActs(ChanceNode::Take { seat })),
            (Phase::Over(_), _) => Err(Refusal::Over),
        }
    }

    /// The quiet path (the simulator's, through `Driver::play_trusted`): the battle of a
    /// trusted agent, carried out without checking again that a player is to battle, and
    /// with shuffled returns the take of the table that always follows it, drawn from `rng`
    /// as [`apply_sampled_chance`](GameState::apply_sampled_chance) draws it; one call a
    /// battle, and who acts next worked out once.
    fn apply_trusted<R: Rng + ?Sized>(
        &mut self,
        seat: Seat,
        action: Action,
        rng: &mut R,
    ) -> Result<Actor, Refusal> {
        // Every player in the game lays a card in a battle: the seat is only checked.
        debug_assert!(
            matches!(self.phase, Phase::Turn { seat: turn } if turn == seat),
            "{action:?} trusted for seat {seat} out of its turn"
        );
        let Action::Battle = action;
        // Every take of the battle (the winner's, and a pot left to the last player in)
        // drawn from `rng` as it comes: the game never stops at a take here.
        self.play_battle(&mut Ignore, Some(rng))?;
        Ok(self.actor())
    }

    /// The deal: the 52 cards in their fixed order ([`Card::deck`]) shuffled with
    /// `cards_core::shuffle`. A take: the table's cards, in the order they were put down,
    /// shuffled the same way. (The same draws from a given generator as the shuffles made
    /// before the game became a protocol, so that change left every seeded game as it was.)
    fn sample_chance<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<DeckOrder, Refusal> {
        let mut order = match self.phase {
            Phase::Deal => ordered_deck(),
            Phase::Take { .. } => DeckOrder::from_cards(self.table.cards())
                .map_err(|_| Refusal::Broken("the table holds at most the 52 cards"))?,
            Phase::Turn { seat } => return Err(Refusal::SeatActs { seat }),
            Phase::Over(_) => return Err(Refusal::Over),
        };
        shuffle(order.cards_mut(), rng);
        Ok(order)
    }

    /// The deal: card `i` of `order` goes to seat `i mod players`. A take: the cards go
    /// under the taker's pile in `order`. Refused unless `order` holds exactly the cards
    /// to be ordered, each once.
    fn apply_chance<S: EventSink<Event>>(
        &mut self,
        order: &DeckOrder,
        events: &mut S,
    ) -> Result<(), Refusal> {
        match self.phase {
            Phase::Deal => {
                self.check_order(ChanceNode::Deal, order)?;
                self.deal(order, events)
            }
            Phase::Take {
                seat,
                out_before,
                last,
            } => {
                self.check_order(ChanceNode::Take { seat }, order)?;
                self.table.gather(order.cards()).map_err(table_full)?;
                self.hand_over(seat, out_before, last, events)
            }
            Phase::Turn { seat } => Err(Refusal::SeatActs { seat }),
            Phase::Over(_) => Err(Refusal::Over),
        }
    }

    /// A deal or a take drawn here needs no check that it fits: the deal shuffles the
    /// deck, a take shuffles the table where it lies and hands it over, with no copy. The
    /// same draws as [`sample_chance`](GameState::sample_chance).
    fn apply_sampled_chance<R: Rng + ?Sized, S: EventSink<Event>>(
        &mut self,
        rng: &mut R,
        events: &mut S,
    ) -> Result<(), Refusal> {
        match self.phase {
            Phase::Deal => {
                let mut order = ordered_deck();
                shuffle(order.cards_mut(), rng);
                self.deal(&order, events)
            }
            Phase::Take {
                seat,
                out_before,
                last,
            } => {
                self.table.shuffle(rng);
                self.hand_over(seat, out_before, last, events)
            }
            Phase::Turn { seat } => Err(Refusal::SeatActs { seat }),
            Phase::Over(_) => Err(Refusal::Over),
        }
    }

    fn observe(&self, seat: Seat) -> Option<Observation<'_>> {
        (seat < self.rules.players()).then_some(Observation { game: self, seat })
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.phase {
            Phase::Over(outcome) => Some(outcome),
            _ => None,
        }
    }
}

/// What a player may see ([`GameState::observe`]): how many cards everyone holds, the
/// cards face up on the table, the battles and wars so far; never the order of a pile
/// (War's piles are face down, the player's own included).
#[derive(Clone, Copy)]
pub struct Observation<'a> {
    game: &'a Game,
    seat: Seat,
}

impl<'a> Observation<'a> {
    /// Whose view this is.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// How many cards each player holds, Player 1 first.
    pub fn card_counts(&self) -> impl ExactSizeIterator<Item = usize> + 'a {
        self.game.players().iter().map(Player::card_count)
    }

    /// How many cards lie on the table (face up or down).
    pub fn table_len(&self) -> usize {
        self.game.table.len()
    }

    /// The table's face-up cards, in the order they were put down.
    pub fn face_up(&self) -> impl Iterator<Item = Card> + 'a {
        self.game.table.face_up().copied()
    }

    /// Battles fought so far.
    pub fn battles(&self) -> u64 {
        self.game.battles
    }

    /// Wars fought so far.
    pub fn wars(&self) -> u64 {
        self.game.wars
    }
}

impl fmt::Debug for Observation<'_> {
    /// The view's contents, never a pile.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Observation")
            .field("seat", &self.seat)
            .field("card_counts", &self.card_counts().collect::<Vec<_>>())
            .field("table_len", &self.table_len())
            .field("face_up", &self.face_up().collect::<Vec<_>>())
            .field("battles", &self.battles())
            .field("wars", &self.wars())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    // Hand-built positions for every rule: battles, single and chained wars, running out
    // on either side, running out together, more players, the cycle rule and the cap.

    use pretty_assertions::assert_eq;

    use super::*;
    use crate::render::render_events;
    use crate::strategy::AlwaysBattle;
    use cards_core::protocol::{ChanceSource, Driver};
    use cards_core::rng::rng_from_seed;

    fn hand(text: &str) -> Vec<Card> {
        text.split_whitespace()
            .map(|card| card.parse().unwrap_or_else(|e| panic!("{card}: {e}")))
            .collect()
    }

    /// A game on these piles (top card first) with won cards returned in the fixed order,
    /// so that every pile afterwards is predictable.
    fn game(piles: &[&str]) -> Game {
        let rules = Rules::new(piles.len())
            .unwrap()
            .with_order(WonCardOrder::Fixed);
        Game::from_piles(rules, piles.iter().map(|p| hand(p))).unwrap()
    }

    /// What one battle did, read from its events: battles fought (1, plus one per war that
    /// came to a deciding comparison), wars started, who took the table and how many cards
    /// were taken (or left on the table).
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    struct Summary {
        battles: u64,
        wars: u64,
        winner: Option<usize>,
        cards: usize,
    }

    /// Plays one battle through the protocol's loop: the action, then the chance steps
    /// that complete it (the shuffle of won cards, from seed 0). Returns what the console
    /// would print and the summary.
    fn battle(game: &mut Game) -> (String, Summary) {
        let mut driver = Driver::new();
        let mut chance = ChanceSource::seeded(rng_from_seed(0));
        let mut events = Vec::new();
        let (battles, wars) = (game.battles(), game.wars());
        loop {
            let step = driver.step(game, &mut chance, &mut AlwaysBattle);
            assert!(matches!(step, Ok(Some(_))), "{step:?}");
            events.extend_from_slice(driver.events());
            if game.actor() != Actor::Chance {
                break;
            }
        }
        let mut text = String::new();
        render_events(&events, &mut text).unwrap();
        assert_eq!(
            events
                .iter()
                .filter(|e| matches!(e, Event::GameOver { .. }))
                .count(),
            usize::from(game.actor() == Actor::Over),
            "GameOver is reported exactly when the game ends"
        );
        let mut summary = Summary {
            battles: game.battles() - battles,
            wars: game.wars() - wars,
            ..Summary::default()
        };
        if let Some(&event) = events
            .iter()
            .find(|e| matches!(e, Event::Took { .. } | Event::PotLeft { .. }))
        {
            match event {
                Event::Took { seat, cards } => {
                    (summary.winner, summary.cards) = (Some(seat), cards)
                }
                Event::PotLeft { cards } => summary.cards = cards,
                _ => {}
            }
        }
        (text, summary)
    }

    /// Plays to the end with won cards shuffled from seed 0.
    fn play_to_end(game: &mut Game) -> Outcome {
        Driver::new()
            .play(
                game,
                &mut ChanceSource::seeded(rng_from_seed(0)),
                &mut AlwaysBattle,
                |_, _, _| Ok(()),
            )
            .unwrap()
    }

    fn piles(game: &Game) -> Vec<String> {
        game.players().iter().map(ToString::to_string).collect()
    }

    fn summary(battles: u64, wars: u64, winner: Option<usize>, cards: usize) -> Summary {
        Summary {
            battles,
            wars,
            winner,
            cards,
        }
    }

    #[test]
    fn higher_card_takes_both() {
        let mut g = game(&["AS 2C", "KD 3H"]);
        let (text, s) = battle(&mut g);
        assert_eq!(
            text,
            "Battle 1: Player 1 plays AS, Player 2 plays KD. Player 1 wins and takes 2 cards.\n"
        );
        assert_eq!(s, summary(1, 0, Some(0), 2));
        assert_eq!(
            piles(&g),
            ["Player 1 (3 cards): 2C AS KD", "Player 2 (1 card): 3H"]
        );
        assert_eq!((g.battles(), g.wars(), g.outcome()), (1, 0, None));
        assert_eq!(g.actor(), Actor::Seat(0));
    }

    #[test]
    fn suits_never_decide() {
        let mut g = game(&["2S 9C", "3C 9D"]);
        let (_, s) = battle(&mut g);
        assert_eq!(
            s.winner,
            Some(1),
            "3C beats 2S although spades rank above clubs"
        );
    }

    #[test]
    fn single_war_takes_ten_cards() {
        let mut g = game(&["5C 2C 3C 4C AC 9C", "5D 2D 3D 4D KD 9D"]);
        let (text, s) = battle(&mut g);
        assert_eq!(
            text,
            "Battle 1: Player 1 plays 5C, Player 2 plays 5D. Player 1 and Player 2 tie: war!\n\
             War 1 (battle 2): Player 1 lays 2C 3C 4C face down and plays AC, \
             Player 2 lays 2D 3D 4D face down and plays KD. Player 1 wins and takes 10 cards.\n"
        );
        assert_eq!(s, summary(2, 1, Some(0), 10));
        assert_eq!(
            piles(&g),
            [
                "Player 1 (11 cards): 9C 5C 5D 2C 3C 4C AC 2D 3D 4D KD",
                "Player 2 (1 card): 9D"
            ]
        );
        assert_eq!((g.battles(), g.wars()), (2, 1));
    }

    #[test]
    fn chained_wars_take_eighteen_cards() {
        let mut g = game(&[
            "5C 2C 3C 4C 7C 6C 7H 8H AC 9C",
            "5D 2D 3D 4D 7D 6D 8D 9D KD 9H",
        ]);
        let (text, s) = battle(&mut g);
        assert_eq!(
            text,
            "Battle 1: Player 1 plays 5C, Player 2 plays 5D. Player 1 and Player 2 tie: war!\n\
             War 1 (battle 2): Player 1 lays 2C 3C 4C face down and plays 7C, \
             Player 2 lays 2D 3D 4D face down and plays 7D. Player 1 and Player 2 tie: war!\n\
             War 2 (battle 3): Player 1 lays 6C 7H 8H face down and plays AC, \
             Player 2 lays 6D 8D 9D face down and plays KD. Player 1 wins and takes 18 cards.\n"
        );
        assert_eq!(s, summary(3, 2, Some(0), 18));
        assert_eq!(piles(&g)[1], "Player 2 (1 card): 9H");
        assert_eq!((g.battles(), g.wars()), (3, 2));
    }

    #[test]
    fn loser_runs_out_during_a_war() {
        // Player 2 has two cards left for the war: out at once; Player 1 wins everything.
        let mut g = game(&["5C 2C 3C 4C KC 9C", "5D 2D 3D"]);
        let (text, s) = battle(&mut g);
        assert_eq!(
            text,
            "Battle 1: Player 1 plays 5C, Player 2 plays 5D. Player 1 and Player 2 tie: war!\n\
             War 1: Player 1 lays 2C 3C 4C face down and plays KC, \
             Player 2 lays 2D 3D face down.\n\
             Player 2 has no cards left and is out of the game.\n\
             Player 1 takes the 8 cards on the table.\n"
        );
        assert_eq!(
            s,
            summary(1, 1, Some(0), 8),
            "no deciding battle was fought"
        );
        assert_eq!(g.outcome(), Some(Outcome::Winner { seat: 0 }));
        assert_eq!(
            g.players()[0].card_count(),
            9,
            "the winner holds every card"
        );
    }

    #[test]
    fn running_out_loses_even_with_the_better_cards() {
        // Player 1's two aces would have won the war, but a fourth card is missing.
        let mut g = game(&["5C AC AD", "5D 2D 3D 4D 3S 9D"]);
        let (_, s) = battle(&mut g);
        assert_eq!(s.winner, Some(1));
        assert_eq!(g.outcome(), Some(Outcome::Winner { seat: 1 }));
    }

    #[test]
    fn winner_plays_its_last_card_in_a_war_and_stays() {
        // Player 1's fourth war card is its last: it wins the war and holds 10 cards again.
        let mut g = game(&["5C 2C 3C 4C AC", "5D 2D 3D 4D KD 9D"]);
        let (_, s) = battle(&mut g);
        assert_eq!(s, summary(2, 1, Some(0), 10));
        assert_eq!(g.outcome(), None);
        assert_eq!(
            piles(&g),
            [
                "Player 1 (10 cards): 5C 5D 2C 3C 4C AC 2D 3D 4D KD",
                "Player 2 (1 card): 9D"
            ]
        );
    }

    #[test]
    fn tie_on_the_last_card_loses() {
        let mut g = game(&["5C", "5D 9D"]);
        let (text, s) = battle(&mut g);
        assert_eq!(
            text,
            "Battle 1: Player 1 plays 5C, Player 2 plays 5D. Player 1 and Player 2 tie: war!\n\
             War 1: Player 2 lays 9D face down.\n\
             Player 1 has no cards left and is out of the game.\n\
             Player 2 takes the 3 cards on the table.\n"
        );
        assert_eq!(s.winner, Some(1));
        assert_eq!(g.outcome(), Some(Outcome::Winner { seat: 1 }));
    }

    #[test]
    fn a_player_emptied_by_a_battle_is_out() {
        let mut g = game(&["2C", "5D 9D"]);
        let (text, _) = battle(&mut g);
        assert_eq!(
            text,
            "Battle 1: Player 1 plays 2C, Player 2 plays 5D. Player 2 wins and takes 2 cards.\n\
             Player 1 has no cards left and is out of the game.\n"
        );
        assert_eq!(g.outcome(), Some(Outcome::Winner { seat: 1 }));
        assert_eq!(g.actor(), Actor::Over);
    }

    #[test]
    fn both_run_out_with_equal_counts_no_winner() {
        let mut g = game(&["5C 2C 3C", "5D 2D 3D"]);
        let (text, s) = battle(&mut g);
        assert_eq!(
            text,
            "Battle 1: Player 1 plays 5C, Player 2 plays 5D. Player 1 and Player 2 tie: war!\n\
             War 1: Player 1 lays 2C 3C face down, Player 2 lays 2D 3D face down.\n\
             Player 1 has no cards left and is out of the game.\n\
             Player 2 has no cards left and is out of the game.\n\
             Nobody takes the 6 cards on the table.\n"
        );
        assert_eq!(s, summary(1, 1, None, 6));
        assert_eq!(
            g.outcome(),
            Some(Outcome::NoWinner {
                reason: NoWinner::OutOfCards {
                    seats: [0, 1].into_iter().collect()
                }
            })
        );
        let held: usize = g.players().iter().map(Player::card_count).sum();
        assert_eq!((held, g.table().len()), (0, 6));
    }

    #[test]
    fn both_run_out_the_one_with_fewer_cards_loses() {
        let mut g = game(&["5C 2C 3C", "5D 2D 3D 4D"]);
        let (text, s) = battle(&mut g);
        assert_eq!(
            text,
            "Battle 1: Player 1 plays 5C, Player 2 plays 5D. Player 1 and Player 2 tie: war!\n\
             War 1: Player 1 lays 2C 3C face down, Player 2 lays 2D 3D 4D face down.\n\
             Player 1 has no cards left and is out of the game.\n\
             Player 2 takes the 7 cards on the table.\n"
        );
        assert_eq!(s, summary(1, 1, Some(1), 7));
        assert_eq!(g.outcome(), Some(Outcome::Winner { seat: 1 }));
    }

    #[test]
    fn fixed_order_cycle_is_detected() {
        // 3C 2D against 2C 3D comes back to the deal every four battles.
        let mut g = game(&["3C 2D", "2C 3D"]);
        let mut shown = Vec::new();
        while g.actor() != Actor::Over {
            battle(&mut g);
            shown.push(piles(&g).join(" / "));
        }
        assert_eq!(
            shown[3], "Player 1 (2 cards): 3C 2D / Player 2 (2 cards): 2C 3D",
            "back to the deal after battle 4"
        );
        let outcome = g.outcome();
        assert_eq!(
            outcome,
            Some(Outcome::NoWinner {
                reason: NoWinner::Repetition {
                    battle: 7,
                    earlier: 3
                }
            })
        );
        assert_eq!(
            NoWinner::Repetition {
                battle: 7,
                earlier: 3
            }
            .to_string(),
            "after battle 7 the cards lay exactly as after battle 3, so with won cards \
             returned in a fixed order the game would repeat forever"
        );
    }

    #[test]
    fn battle_cap_stops_the_game() {
        let rules = Rules::new(2)
            .and_then(|r| r.with_order(WonCardOrder::Fixed).with_max_battles(2))
            .unwrap();
        let mut g = Game::from_piles(rules, [hand("3C 2D"), hand("2C 3D")]).unwrap();
        assert_eq!(
            play_to_end(&mut g),
            Outcome::NoWinner {
                reason: NoWinner::BattleCap { max_battles: 2 }
            }
        );
        assert_eq!(g.battles(), 2);
    }

    #[test]
    fn shuffled_returns_keep_every_card() {
        let rules = Rules::new(2).unwrap();
        let mut g = Game::from_piles(
            rules,
            [hand("5C 2C 3C 4C AC 9C"), hand("5D 2D 3D 4D KD 9D")],
        )
        .unwrap();
        let (_, s) = battle(&mut g);
        assert_eq!(s, summary(2, 1, Some(0), 10));
        let mut won: Vec<String> = g.players()[0]
            .cards()
            .skip(1)
            .map(|c| c.to_string())
            .collect();
        won.sort();
        let mut expected: Vec<String> =
            ["5C", "5D", "2C", "3C", "4C", "AC", "2D", "3D", "4D", "KD"]
                .map(String::from)
                .to_vec();
        expected.sort();
        assert_eq!(won, expected);
    }

    #[test]
    fn three_players_war_among_the_tied_only() {
        let mut g = game(&["5C 2C 3C 4C AC", "5D 2D 3D 4D KD", "3S 9S"]);
        let (text, s) = battle(&mut g);
        assert_eq!(
            text,
            "Battle 1: Player 1 plays 5C, Player 2 plays 5D, Player 3 plays 3S. \
             Player 1 and Player 2 tie: war!\n\
             War 1 (battle 2): Player 1 lays 2C 3C 4C face down and plays AC, \
             Player 2 lays 2D 3D 4D face down and plays KD. Player 1 wins and takes 11 cards.\n\
             Player 2 has no cards left and is out of the game.\n"
        );
        assert_eq!(s, summary(2, 1, Some(0), 11));
        assert_eq!(g.active(), [0, 2].into_iter().collect());
        assert_eq!(g.outcome(), None, "two players are left");
    }

    #[test]
    fn pot_left_by_a_double_knockout_goes_to_the_next_winner() {
        let mut g = game(&["5C 2C", "5D 2D", "3S 9S", "4H 8H"]);
        let (text, s) = battle(&mut g);
        assert_eq!(
            text,
            "Battle 1: Player 1 plays 5C, Player 2 plays 5D, Player 3 plays 3S, Player 4 plays 4H. \
             Player 1 and Player 2 tie: war!\n\
             War 1: Player 1 lays 2C face down, Player 2 lays 2D face down.\n\
             Player 1 has no cards left and is out of the game.\n\
             Player 2 has no cards left and is out of the game.\n\
             Nobody takes the 6 cards on the table.\n"
        );
        assert_eq!(s, summary(1, 1, None, 6));
        assert_eq!(g.outcome(), None);
        let (text, s) = battle(&mut g);
        assert_eq!(
            text,
            "Battle 2: Player 3 plays 9S, Player 4 plays 8H. Player 3 wins and takes 8 cards.\n\
             Player 4 has no cards left and is out of the game.\n"
        );
        assert_eq!(s.cards, 8);
        assert_eq!(g.outcome(), Some(Outcome::Winner { seat: 2 }));
        assert_eq!(g.players()[2].card_count(), 8);
    }

    #[test]
    fn last_player_standing_collects_the_pot() {
        let mut g = game(&["5C 2C", "5D 2D", "3S 9S 4S"]);
        let (text, _) = battle(&mut g);
        assert!(text.ends_with(
            "Nobody takes the 5 cards on the table.\nPlayer 3 takes the 5 cards on the table.\n"
        ));
        assert_eq!(g.outcome(), Some(Outcome::Winner { seat: 2 }));
        assert_eq!((g.players()[2].card_count(), g.table().len()), (7, 0));
    }

    #[test]
    fn setup_errors() {
        let two = Rules::new(2).unwrap();
        let cases: Vec<(Result<Game, SetupError>, &str)> = vec![
            (
                Game::from_piles(two, [hand("AS"), hand("as")]),
                "AS is dealt twice",
            ),
            (
                Game::from_piles(two, [hand("AS"), hand("")]),
                "Player 2 has no cards",
            ),
            (
                Game::from_piles(two, [hand("AS")]),
                "2 players need 2 piles, not 1",
            ),
            (
                Game::from_piles(two, [hand("AS"), hand("KS"), hand("QS")]),
                "2 players need 2 piles, not 3",
            ),
        ];
        for (result, message) in cases {
            assert_eq!(
                result.map(|_| ()).map_err(|e| e.to_string()),
                Err(message.to_owned())
            );
        }
        assert_eq!(Rules::new(1), Err(SetupError::Players(1)));
        assert_eq!(Rules::new(9), Err(SetupError::Players(9)));
        assert_eq!(two.with_max_battles(0), Err(SetupError::MaxBattles));
        assert_eq!(
            SetupError::Players(9).to_string(),
            "War is played by 2 to 8 players, not 9"
        );
    }

    #[test]
    fn deal_is_alternate_and_seeded() {
        let mut g = Game::new(Rules::default());
        assert_eq!(g.actor(), Actor::Chance);
        let mut events = Vec::new();
        let deal = g.sample_chance(&mut rng_from_seed(7)).unwrap();
        g.apply_chance(&deal, &mut events).unwrap();
        assert_eq!(events, [Event::Dealt]);
        let mut deck = Card::deck();
        shuffle(&mut deck, &mut rng_from_seed(7));
        let first: Vec<String> = deck.iter().step_by(2).map(ToString::to_string).collect();
        let mine: Vec<String> = g.players()[0].cards().map(|c| c.to_string()).collect();
        assert_eq!(mine, first);
        let mut three = Game::new(Rules::new(3).unwrap());
        three.apply_chance(&deal, &mut events).unwrap();
        let counts: Vec<usize> = three.players().iter().map(Player::card_count).collect();
        assert_eq!(counts, [18, 17, 17]);
    }

    fn order(text: &str) -> DeckOrder {
        cards(&hand(text))
    }

    fn cards(cards: &[Card]) -> DeckOrder {
        DeckOrder::from_cards(cards).unwrap()
    }

    /// Worked by hand: the deck in its fixed order (clubs 2 to ace, then diamonds, hearts,
    /// spades) dealt to three players: card 1 to Player 1, card 2 to Player 2, card 3 to
    /// Player 3, card 4 to Player 1 again, and so on; 52 = 3 · 17 + 1, so Player 1 gets the
    /// extra card.
    #[test]
    fn a_deal_goes_round_the_table_from_player_1() {
        let mut g = Game::new(Rules::new(3).unwrap());
        let mut events = Vec::new();
        g.apply_chance(&ordered_deck(), &mut events).unwrap();
        assert_eq!(
            piles(&g),
            [
                "Player 1 (18 cards): 2C 5C 8C JC AC 4D 7D 10D KD 3H 6H 9H QH 2S 5S 8S JS AS",
                "Player 2 (17 cards): 3C 6C 9C QC 2D 5D 8D JD AD 4H 7H 10H KH 3S 6S 9S QS",
                "Player 3 (17 cards): 4C 7C 10C KC 3D 6D 9D QD 2H 5H 8H JH AH 4S 7S 10S KS",
            ]
        );
        assert_eq!(g.actor(), Actor::Seat(0), "Player 1 opens");
    }

    /// Worked by hand: AS beats KD, so Player 1 takes the two cards; with shuffled returns
    /// chance orders them, and the order KD, AS puts them under 2C as `2C KD AS`.
    #[test]
    fn won_cards_go_under_the_pile_in_chance_order() {
        let rules = Rules::new(2).unwrap();
        let mut g = Game::from_piles(rules, [hand("AS 2C"), hand("KD 3H")]).unwrap();
        let mut events = Vec::new();
        g.apply(Action::Battle, &mut events).unwrap();
        assert_eq!(
            events.len(),
            3,
            "{events:?}: the battle and two cards shown"
        );
        assert_eq!(g.actor(), Actor::Chance);
        assert_eq!(g.chance_node(), Some(ChanceNode::Take { seat: 0 }));
        assert_eq!(g.table().len(), 2);
        events.clear();
        g.apply_chance(&order("KD AS"), &mut events).unwrap();
        assert_eq!(events, [Event::Took { seat: 0, cards: 2 }]);
        assert_eq!(
            piles(&g),
            ["Player 1 (3 cards): 2C KD AS", "Player 2 (1 card): 3H"]
        );
        assert_eq!((g.table().len(), g.actor()), (0, Actor::Seat(0)));
    }

    /// Worked by hand: 5C and 5D tie; Player 1 and Player 2 can each lay one card of the
    /// war (2C, 2D), hold equally few and are both out, leaving 5C 5D 3S 2C 2D. Player 3 is
    /// the last in the game and takes that pot in the order chance gives (reversed here):
    /// under 9S 4S come 2D 2C 3S 5D 5C, and Player 3 wins.
    #[test]
    fn the_last_player_takes_a_pot_in_chance_order() {
        let rules = Rules::new(3).unwrap();
        let mut g =
            Game::from_piles(rules, [hand("5C 2C"), hand("5D 2D"), hand("3S 9S 4S")]).unwrap();
        let mut events = Vec::new();
        g.apply(Action::Battle, &mut events).unwrap();
        assert_eq!(events.last(), Some(&Event::PotLeft { cards: 5 }));
        assert_eq!(g.chance_node(), Some(ChanceNode::Take { seat: 2 }));
        events.clear();
        g.apply_chance(&order("2D 2C 3S 5D 5C"), &mut events)
            .unwrap();
        let winner = Outcome::Winner { seat: 2 };
        assert_eq!(
            events,
            [
                Event::Took { seat: 2, cards: 5 },
                Event::GameOver { outcome: winner }
            ]
        );
        assert_eq!(piles(&g)[2], "Player 3 (7 cards): 9S 4S 2D 2C 3S 5D 5C");
        assert_eq!(g.outcome(), Some(winner));
    }

    /// The quiet path draws each take where it happens: a pot left to the last player in
    /// (the position above, hand-built) and an ordinary win (two players) end, for every
    /// seed, in the game and the generator the checked path reaches by stopping at each
    /// take's chance node and sampling it.
    #[test]
    fn the_quiet_path_draws_every_take_as_its_chance_node_does() {
        let positions = [
            (3, ["5C 2C", "5D 2D", "3S 9S 4S"].as_slice()),
            (2, ["AS 2C 7H", "KD 3H"].as_slice()),
        ];
        for (players, piles) in positions {
            for seed in 0..20 {
                let rules = Rules::new(players).unwrap();
                let start = Game::from_piles(rules, piles.iter().map(|p| hand(p))).unwrap();
                let (mut quiet, mut checked) = (start.clone(), start);
                let (mut quiet_rng, mut checked_rng) = (rng_from_seed(seed), rng_from_seed(seed));
                let actor = quiet
                    .apply_trusted(0, Action::Battle, &mut quiet_rng)
                    .unwrap();
                checked.apply(Action::Battle, &mut Vec::new()).unwrap();
                let mut takes = 0;
                while checked.actor() == Actor::Chance {
                    checked
                        .apply_sampled_chance(&mut checked_rng, &mut Vec::new())
                        .unwrap();
                    takes += 1;
                }
                assert_eq!(takes, 1, "{piles:?}");
                assert_eq!(actor, checked.actor(), "{piles:?}, seed {seed}");
                assert!(quiet == checked, "{piles:?}, seed {seed}");
                assert_eq!(
                    rand::Rng::next_u64(&mut quiet_rng),
                    rand::Rng::next_u64(&mut checked_rng)
                );
            }
        }
    }

    /// Applies `attempt` to a copy of `game`: it must be refused with `want`, append no
    /// event and leave the game as it was.
    fn refused(
        game: &Game,
        want: Refusal,
        attempt: impl FnOnce(&mut Game, &mut Vec<Event>) -> Result<(), Refusal>,
    ) {
        let mut copy = game.clone();
        let mut events = Vec::new();
        assert_eq!(attempt(&mut copy, &mut events), Err(want));
        assert_eq!(events, []);
        assert!(copy == *game, "a refusal changed the game");
    }

    #[test]
    fn refusals_change_nothing() {
        let two = Rules::new(2).unwrap();
        let deal = ChanceNode::Deal;
        let fresh = Game::new(two);
        refused(&fresh, Refusal::ChanceActs(deal), |g, e| {
            g.apply(Action::Battle, e)
        });
        let mut short = Card::deck();
        short[51] = short[0];
        refused(&fresh, Refusal::Twice { card: short[0] }, |g, e| {
            g.apply_chance(&cards(&short), e)
        });
        refused(
            &fresh,
            Refusal::OrderLength {
                node: deal,
                expected: 52,
                given: 51,
            },
            |g, e| g.apply_chance(&cards(&Card::deck()[1..]), e),
        );

        let mut g = Game::from_piles(two, [hand("AS 2C"), hand("KD 3H")]).unwrap();
        refused(&g, Refusal::SeatActs { seat: 0 }, |g, e| {
            g.apply_chance(&order("AS KD"), e)
        });
        assert_eq!(
            g.sample_chance(&mut rng_from_seed(0)).map(|_| ()),
            Err(Refusal::SeatActs { seat: 0 })
        );
        g.apply(Action::Battle, &mut Vec::new()).unwrap();
        let take = ChanceNode::Take { seat: 0 };
        refused(&g, Refusal::ChanceActs(take), |g, e| {
            g.apply(Action::Battle, e)
        });
        let wrong_orders = [
            (
                "AS",
                Refusal::OrderLength {
                    node: take,
                    expected: 2,
                    given: 1,
                },
            ),
            (
                "AS KD 2C",
                Refusal::NotInPlay {
                    node: take,
                    card: hand("2C")[0],
                },
            ),
            (
                "AS QD",
                Refusal::NotInPlay {
                    node: take,
                    card: hand("QD")[0],
                },
            ),
            (
                "KD KD",
                Refusal::Twice {
                    card: hand("KD")[0],
                },
            ),
            (
                "",
                Refusal::OrderLength {
                    node: take,
                    expected: 2,
                    given: 0,
                },
            ),
        ];
        for (cards, want) in wrong_orders {
            refused(&g, want, |g, e| g.apply_chance(&order(cards), e));
        }

        let mut over = Game::from_piles(two, [hand("2C"), hand("5D 9D")]).unwrap();
        play_to_end(&mut over);
        refused(&over, Refusal::Over, |g, e| g.apply(Action::Battle, e));
        refused(&over, Refusal::Over, |g, e| g.apply_chance(&order("2C"), e));
        assert_eq!(
            over.sample_chance(&mut rng_from_seed(0)).map(|_| ()),
            Err(Refusal::Over)
        );
        let mut legal = vec![Action::Battle];
        over.legal_actions(&mut legal);
        assert_eq!(legal, []);
    }

    /// A take draws from the generator exactly what shuffling the table in place did before
    /// the game became a protocol, so seeds play the same games.
    #[test]
    fn sampling_a_take_draws_what_a_shuffle_of_the_table_draws() {
        let rules = Rules::new(2).unwrap();
        let mut g = Game::from_piles(
            rules,
            [hand("5C 2C 3C 4C AC 9C"), hand("5D 2D 3D 4D KD 9D")],
        )
        .unwrap();
        g.apply(Action::Battle, &mut Vec::new()).unwrap();
        for seed in 0..20 {
            let mut rng = rng_from_seed(seed);
            let sampled = g.sample_chance(&mut rng).unwrap();
            let mut table = g.table().to_vec();
            let mut same = rng_from_seed(seed);
            shuffle(&mut table, &mut same);
            assert_eq!(sampled, cards(&table));
            assert_eq!(
                rand::Rng::next_u64(&mut rng),
                rand::Rng::next_u64(&mut same)
            );
        }
    }

    /// What a seat sees: counts, the face-up cards on the table, the tallies; the pot left by
    /// a double knock-out shows 5C, 5D and 3S face up, not the war's face-down 2C and 2D.
    #[test]
    fn a_view_shows_counts_and_face_up_cards_only() {
        let mut g = game(&["5C 2C", "5D 2D", "3S 9S", "4H 8H"]);
        battle(&mut g);
        let view = g.observe(2).unwrap();
        assert!(g.observe(4).is_none());
        assert_eq!(view.card_counts().collect::<Vec<_>>(), [0, 0, 1, 1]);
        let up: Vec<String> = view.face_up().map(|c| c.to_string()).collect();
        assert_eq!(up, ["5C", "5D", "3S", "4H"]);
        assert_eq!(
            (view.table_len(), view.battles(), view.wars(), view.seat()),
            (6, 1, 1, 2)
        );
        let shown = format!("{view:?}");
        assert!(!shown.contains("9S"), "a pile is never shown: {shown}");
    }

    /// Positions compare physical cards: 10H and 10S tie in a battle but are not the same
    /// card, so swapping them is a change a refusal must not make.
    #[test]
    fn games_compare_physical_cards() {
        let a = game(&["10H 2C", "10S 3C"]);
        let b = game(&["10S 2C", "10H 3C"]);
        assert!(a != b);
        assert!(a == a.clone());
    }

    /// Battles compare ranks alone: aces of clubs and spades tie (though the two are
    /// different cards, and spades sort after clubs), and a three of clubs beats a two of
    /// spades.
    #[test]
    fn suits_never_decide_a_battle() {
        let mut g = game(&["AC 2C 3C 4C KC", "AS 2S 3S 4S QS"]);
        let (text, s) = battle(&mut g);
        assert!(
            text.starts_with(
                "Battle 1: Player 1 plays AC, Player 2 plays AS. Player 1 and Player 2 tie: war!\n"
            ),
            "{text}"
        );
        assert_eq!(s, summary(2, 1, Some(0), 10));
        let mut g = game(&["3C", "2S"]);
        let (_, s) = battle(&mut g);
        assert_eq!(s, summary(1, 0, Some(0), 2));
    }

    /// Worked by hand: 3C against 2S, won cards in the fixed order. After the battle
    /// Player 1 holds 3C then 2S, Player 2 nothing; the game's `Debug` names those two
    /// players and no other of the eight slots it keeps.
    #[test]
    fn a_two_player_games_debug_names_two_players() {
        let mut g = game(&["3C", "2S"]);
        battle(&mut g);
        let text = format!("{g:?}");
        let players = "players: [\
            Player { seat: 0, pile: [Card { rank: Three, suit: Clubs }, Card { rank: Two, suit: Spades }] }, \
            Player { seat: 1, pile: [] }], table: Table";
        assert!(text.contains(players), "{text}");
        assert_eq!(text.matches("Player {").count(), 2, "{text}");
        let three = game(&["3C", "2S", "4D"]);
        assert_eq!(format!("{three:?}").matches("Player {").count(), 3);
    }

    /// The slots past the seated players are storage: a game differing from another only
    /// there compares equal to it, and the audit, which checks every step of the
    /// protocol's conformance runs, refuses a card found there.
    #[test]
    fn the_unseated_slots_take_no_part_and_hold_no_card() {
        use cards_core::protocol::conformance::Audit;
        let g = game(&["3C 5H", "2S"]);
        let mut h = g.clone();
        h.players[5].collect(&hand("AS")).unwrap();
        assert_eq!(g, h);
        assert_eq!(
            h.audit(&g, &[]),
            Err("slot 6 holds cards, past the game's 2 players".to_owned())
        );
        // The card moved from Player 1's pile to slot 6: it is still refused by name.
        let mut moved = g.clone();
        let card = moved.players[0].play_card();
        moved.players[6].collect(&[card.unwrap()]).unwrap();
        assert_eq!(
            moved.audit(&g, &[]),
            Err("slot 7 holds cards, past the game's 2 players".to_owned())
        );
        // More piles than seats are refused, so none goes to a slot past them.
        let extra = Game::from_piles(Rules::new(2).unwrap(), [hand("3C"), hand("2S"), hand("4D")]);
        assert!(
            matches!(
                extra,
                Err(SetupError::PileCount {
                    players: 2,
                    piles: 3
                })
            ),
            "{extra:?}"
        );
    }

    /// The pile is the assignment's list used as a queue: `playCard` takes the first card,
    /// `collect` adds the won cards at the end in the order given, so a pile is played
    /// through in the order it was built, round and round.
    #[test]
    fn a_pile_plays_from_the_top_and_collects_at_the_bottom() {
        let mut player = Player::new(0);
        player.collect(&hand("2C 3C")).unwrap();
        player.collect(&hand("4C 5C")).unwrap();
        assert_eq!(player.play_card(), Some(hand("2C")[0]));
        player.collect(&hand("6C")).unwrap();
        let rest: Vec<String> = player.cards().map(|c| c.to_string()).collect();
        assert_eq!(rest, ["3C", "4C", "5C", "6C"]);
        for _ in 0..4 {
            player.play_card();
        }
        assert_eq!(player.play_card(), None);
        assert!(player.is_out());
    }
}
