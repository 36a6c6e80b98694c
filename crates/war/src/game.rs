//! The rules: the assignment's `Game` class without its console, as a
//! [`cards_core::protocol::GameState`]. A [`Game`] starts at the deal (a chance node:
//! the order of the 52 cards) or from hand-built piles; the player to act has one action,
//! [`Action::Battle`], which plays a battle with all its wars; with won cards shuffled
//! back, the order in which the winner slips them under their pile is another chance
//! node. What happens is reported as [`Event`]s; the game ends in an [`Outcome`].
//! Nothing here prints or reads.

use std::cmp::Ordering;
use std::fmt;

use cards_core::protocol::{Actor, EventSink, GameState, Ignore, Seat};
use cards_core::shuffle;
use rand::Rng;

use crate::card::Card;
use crate::deck::{ChanceNode, DeckOrder};
use crate::error::RuleError;
use crate::player::{MAX_PLAYERS, Player, PlayerSet};
use crate::rules::{Order, Rules, SetupError};

/// How many cards each player puts down in a war: three face down, the fourth face up.
pub const WAR_CARDS: usize = 4;

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
    /// [`Order::Shuffled`], once chance has ordered them).
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
    /// With [`Order::Fixed`], the cards lay after battle `battle` exactly as after battle
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
/// the top cards over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Play the next battle, with all the wars it sets off.
    Battle,
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

/// A game of War in progress: the players' piles, the cards on the table, the counts of
/// battles and wars, and where the game stands (deal, a player's turn, the order of won
/// cards, or over).
///
/// Between battles the table is empty, except for a pot left by a war in which everyone
/// ran out at once ([`Event::PotLeft`]). From the deal on, the piles and the table
/// together hold exactly the cards dealt.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    rules: Rules,
    players: Vec<Player>,
    table: Vec<Card>,
    /// Which of the table's cards are face up (bit `i`: the `i`-th card put down).
    face_up: u64,
    out: PlayerSet,
    battles: u64,
    wars: u64,
    phase: Phase,
    repetition: Repetition,
}

impl Game {
    /// A new game at its first chance node, the deal: the 52 cards are ordered (by
    /// [`Game::sample_chance`] from a seeded generator, or from a deck file) and dealt one
    /// at a time to the players in turn, Player 1 first, each card going under the ones
    /// received before (so the first card dealt to a player is their top card). With more
    /// than two players the first seats may get one card more.
    pub fn new(rules: Rules) -> Game {
        Game {
            rules,
            players: (0..rules.players())
                .map(|seat| Player::new(seat, []))
                .collect(),
            table: Vec::with_capacity(52),
            face_up: 0,
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
        let mut seen = [false; 52];
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
                game.players[seat].collect(&[card]);
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
        self.face_up = 0;
        self.out = PlayerSet::EMPTY;
        self.battles = 0;
        self.wars = 0;
        self.phase = Phase::Deal;
    }

    /// Player 1 opens: every seat holds cards (a deal gives each of at most 8 players at
    /// least 6 of the 52; hand-built piles may not be empty).
    fn start(&mut self) {
        if self.rules.order() == Order::Fixed {
            self.repetition.start(&self.players, &self.table);
        }
        self.phase = Phase::Turn { seat: 0 };
    }

    /// The rules in force.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The players, in seat order (players who are out have no cards).
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    /// The cards on the table, in the order they were put down.
    pub fn table(&self) -> &[Card] {
        &self.table
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
        self.players
            .iter()
            .filter(|p| !p.is_out())
            .map(Player::seat)
            .collect()
    }

    /// The players not out of the game: at a player's turn, exactly those holding cards
    /// ([`Game::active`]), kept as a set rather than counted from the piles.
    fn in_game(&self) -> PlayerSet {
        PlayerSet::first(self.players.len()).without(self.out)
    }

    /// Plays one battle, with all the wars it sets off (the rules are on `apply`).
    fn battle(&mut self, events: &mut impl EventSink<Event>) {
        let out_before = self.out;
        let mut shown: [Option<Card>; MAX_PLAYERS] = [None; MAX_PLAYERS];

        // Everyone still in the game holds cards at a player's turn.
        let mut contenders = self.in_game();
        self.battles += 1;
        events.push(Event::Battle {
            battle: self.battles,
        });
        for seat in contenders.iter() {
            if let Some(card) = self.players[seat].play_card() {
                self.put_down(card, true);
                shown[seat] = Some(card);
                events.push(Event::Played { seat, card });
            }
        }

        // ANCHOR: war_loop
        let winner = loop {
            let best = highest(&shown, contenders);
            if best.len() <= 1 {
                break best.lowest();
            }
            events.push(Event::Tie { seats: best });
            self.wars += 1;
            let survivors = self.war_survivors(best);
            let deciding = (survivors.len() >= 2).then(|| {
                self.battles += 1;
                self.battles
            });
            events.push(Event::War {
                war: self.wars,
                battle: deciding,
                seats: best,
            });
            shown = [None; MAX_PLAYERS];
            for seat in best.iter() {
                for laid in 1..=WAR_CARDS {
                    let Some(card) = self.players[seat].play_card() else {
                        break;
                    };
                    let face_up = laid == WAR_CARDS;
                    self.put_down(card, face_up);
                    if face_up {
                        shown[seat] = Some(card);
                        events.push(Event::Played { seat, card });
                    } else {
                        events.push(Event::FaceDown { seat, card });
                    }
                }
            }
            for seat in best.iter().filter(|&seat| !survivors.contains(seat)) {
                self.out.insert(seat);
                events.push(Event::Out { seat });
            }
            match survivors.len() {
                0 | 1 => break survivors.lowest(),
                _ => contenders = survivors,
            }
        };
        // ANCHOR_END: war_loop

        match winner {
            Some(seat) => self.take(seat, out_before, false, events),
            None => {
                events.push(Event::PotLeft {
                    cards: self.table.len(),
                });
                self.end_battle(out_before, None, events);
            }
        }
    }

    fn put_down(&mut self, card: Card, face_up: bool) {
        if face_up {
            self.face_up |= 1 << self.table.len();
        }
        self.table.push(card);
    }

    /// The player in `seat` takes the table: at once in the fixed order, or after chance
    /// has ordered the cards.
    fn take(
        &mut self,
        seat: Seat,
        out_before: PlayerSet,
        last: bool,
        events: &mut impl EventSink<Event>,
    ) {
        match self.rules.order() {
            Order::Shuffled => {
                self.phase = Phase::Take {
                    seat,
                    out_before,
                    last,
                };
            }
            Order::Fixed => self.hand_over(seat, out_before, last, events),
        }
    }

    /// The table's cards, in the order they lie, go under the pile of the player in
    /// `seat`; then that player wins if they are the `last` in the game, or the battle
    /// ends.
    fn hand_over(
        &mut self,
        seat: Seat,
        out_before: PlayerSet,
        last: bool,
        events: &mut impl EventSink<Event>,
    ) {
        events.push(Event::Took {
            seat,
            cards: self.table.len(),
        });
        self.players[seat].collect(&self.table);
        self.table.clear();
        self.face_up = 0;
        if last {
            self.finish(Outcome::Winner { seat }, events);
        } else {
            self.end_battle(out_before, Some(seat), events);
        }
    }

    /// After the table is taken (by `taker`) or left: a player left with no cards is out
    /// at once (they could not play the next battle's card, so the console never asks for
    /// a battle that cannot be fought); then the game ends, or the lowest seat still in
    /// plays the next battle.
    fn end_battle(
        &mut self,
        out_before: PlayerSet,
        taker: Option<Seat>,
        events: &mut impl EventSink<Event>,
    ) {
        let in_game = self.in_game();
        // Everyone in the game laid a card; all but the taker may have none left.
        let laid_and_lost = in_game.without(taker.into_iter().collect());
        let emptied = laid_and_lost.filter(|seat| self.players[seat].is_out());
        for seat in emptied.iter() {
            self.out.insert(seat);
            events.push(Event::Out { seat });
        }
        // Those still in the game now all hold cards.
        let active = in_game.without(emptied);
        match (active.len(), active.lowest()) {
            (_, None) => {
                let seats = self.out.without(out_before);
                let reason = NoWinner::OutOfCards { seats };
                self.finish(Outcome::NoWinner { reason }, events);
            }
            (1, Some(seat)) if self.table.is_empty() => {
                self.finish(Outcome::Winner { seat }, events);
            }
            // The last player standing collects a pot nobody could win.
            (1, Some(seat)) => self.take(seat, out_before, true, events),
            (_, Some(seat)) => {
                if self.battles >= self.rules.max_battles() {
                    let max_battles = self.rules.max_battles();
                    let reason = NoWinner::BattleCap { max_battles };
                    self.finish(Outcome::NoWinner { reason }, events);
                } else if self.rules.order() == Order::Fixed
                    && let Some(earlier) = self.repeated()
                {
                    // Only won cards returned in a fixed order can bring a position back.
                    let battle = self.battles;
                    let reason = NoWinner::Repetition { battle, earlier };
                    self.finish(Outcome::NoWinner { reason }, events);
                } else {
                    self.phase = Phase::Turn { seat };
                }
            }
        }
    }

    /// Card `i` of `order` goes under the pile of seat `i mod players`; then Player 1
    /// opens.
    fn deal(&mut self, order: &DeckOrder, events: &mut impl EventSink<Event>) {
        let players = self.players.len();
        for (i, &card) in order.cards().iter().enumerate() {
            self.players[i % players].collect(&[card]);
        }
        events.push(Event::Dealt);
        self.start();
    }

    /// With the fixed order, the battle after which the position was seen before, if it
    /// repeats.
    fn repeated(&mut self) -> Option<u64> {
        self.repetition
            .check(&self.players, &self.table, self.battles)
    }

    fn finish(&mut self, outcome: Outcome, events: &mut impl EventSink<Event>) {
        self.phase = Phase::Over(outcome);
        events.push(Event::GameOver { outcome });
    }

    /// Which of the tied players `best` come through a war: those who can lay all four
    /// cards; if none can, the one who holds the most (they run out last), unless
    /// several hold that many.
    fn war_survivors(&self, best: PlayerSet) -> PlayerSet {
        let count = |seat: usize| self.players[seat].card_count();
        let full: PlayerSet = best.iter().filter(|&s| count(s) >= WAR_CARDS).collect();
        if !full.is_empty() {
            return full;
        }
        let most = best.iter().map(count).fold(0, usize::max);
        let last: PlayerSet = best.iter().filter(|&s| count(s) == most).collect();
        if last.len() == 1 {
            last
        } else {
            PlayerSet::EMPTY
        }
    }

    /// Checks that `order` holds exactly the cards of the chance node `node`, each once.
    fn check_order(&self, node: ChanceNode, order: &DeckOrder) -> Result<(), RuleError> {
        let expected: u64 = match node {
            ChanceNode::Deal => (1 << 52) - 1,
            ChanceNode::Take { .. } => mask(self.table.iter().copied()),
        };
        let mut given = 0u64;
        for &card in order.cards() {
            let bit = 1 << card.index();
            if expected & bit == 0 {
                return Err(RuleError::NotInPlay { node, card });
            }
            if given & bit != 0 {
                return Err(RuleError::Twice { card });
            }
            given |= bit;
        }
        if given != expected {
            return Err(RuleError::OrderLength {
                node,
                expected: expected.count_ones() as usize,
                given: order.cards().len(),
            });
        }
        Ok(())
    }
}

/// The set of `cards` as bits of their indices.
pub(crate) fn mask(cards: impl IntoIterator<Item = Card>) -> u64 {
    cards
        .into_iter()
        .fold(0, |set, card| set | 1 << card.index())
}

impl GameState for Game {
    type Action = Action;
    type Chance = DeckOrder;
    type Event = Event;
    type Observation<'a> = Observation<'a>;
    type NoWinner = NoWinner;
    type Error = RuleError;

    fn seats(&self) -> usize {
        self.players.len()
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
    ) -> Result<(), RuleError> {
        match (self.phase, action) {
            (Phase::Turn { .. }, Action::Battle) => {
                self.battle(events);
                Ok(())
            }
            (Phase::Deal, _) => Err(RuleError::ChanceActs(ChanceNode::Deal)),
            (Phase::Take { seat, .. }, _) => Err(RuleError::ChanceActs(ChanceNode::Take { seat })),
            (Phase::Over(_), _) => Err(RuleError::Over),
        }
    }

    /// The quiet path (the simulator's, through `Driver::play_trusted`): the battle of a
    /// trusted agent, carried out without checking again that a player is to battle, and
    /// with shuffled returns the take of the table that always follows it, drawn from `rng`
    /// as [`apply_sampled_chance`](GameState::apply_sampled_chance) draws it; one call a
    /// battle, and who acts next worked out once.
    fn apply_trusted<R: Rng + ?Sized>(
        &mut self,
        action: Action,
        rng: &mut R,
    ) -> Result<Actor, RuleError> {
        debug_assert!(
            matches!(self.phase, Phase::Turn { .. }),
            "{action:?} trusted out of a player's turn"
        );
        let Action::Battle = action;
        self.battle(&mut Ignore);
        // A take ends the battle, or hands a pot left on the table to the last player in.
        while let Phase::Take { .. } = self.phase {
            self.apply_sampled_chance(rng, &mut Ignore)?;
        }
        Ok(self.actor())
    }

    /// The deal: the 52 cards in their fixed order ([`Card::deck`]) shuffled with
    /// `cards_core::shuffle`. A take: the table's cards, in the order they were put down,
    /// shuffled the same way. (The same draws from a given generator as the shuffles made
    /// before the game became a protocol, so that change left every seeded game as it was.)
    fn sample_chance<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<DeckOrder, RuleError> {
        let mut order = match self.phase {
            Phase::Deal => DeckOrder::deck(),
            Phase::Take { .. } => DeckOrder::from_cards(&self.table)
                .map_err(|_| RuleError::Broken("the table holds at most the 52 cards"))?,
            Phase::Turn { seat } => return Err(RuleError::SeatActs { seat }),
            Phase::Over(_) => return Err(RuleError::Over),
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
    ) -> Result<(), RuleError> {
        match self.phase {
            Phase::Deal => {
                self.check_order(ChanceNode::Deal, order)?;
                self.deal(order, events);
                Ok(())
            }
            Phase::Take {
                seat,
                out_before,
                last,
            } => {
                self.check_order(ChanceNode::Take { seat }, order)?;
                self.table.clear();
                self.table.extend_from_slice(order.cards());
                self.hand_over(seat, out_before, last, events);
                Ok(())
            }
            Phase::Turn { seat } => Err(RuleError::SeatActs { seat }),
            Phase::Over(_) => Err(RuleError::Over),
        }
    }

    /// A deal or a take drawn here needs no check that it fits: the deal shuffles the
    /// deck, a take shuffles the table where it lies and hands it over, with no copy. The
    /// same draws as [`sample_chance`](GameState::sample_chance).
    fn apply_sampled_chance<R: Rng + ?Sized, S: EventSink<Event>>(
        &mut self,
        rng: &mut R,
        events: &mut S,
    ) -> Result<(), RuleError> {
        match self.phase {
            Phase::Deal => {
                let mut order = DeckOrder::deck();
                shuffle(order.cards_mut(), rng);
                self.deal(&order, events);
                Ok(())
            }
            Phase::Take {
                seat,
                out_before,
                last,
            } => {
                shuffle(&mut self.table, rng);
                self.hand_over(seat, out_before, last, events);
                Ok(())
            }
            Phase::Turn { seat } => Err(RuleError::SeatActs { seat }),
            Phase::Over(_) => Err(RuleError::Over),
        }
    }

    fn observe(&self, seat: Seat) -> Option<Observation<'_>> {
        (seat < self.players.len()).then_some(Observation { game: self, seat })
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
        self.game.players.iter().map(Player::card_count)
    }

    /// How many cards lie on the table (face up or down).
    pub fn table_len(&self) -> usize {
        self.game.table.len()
    }

    /// The table's face-up cards, in the order they were put down.
    pub fn face_up(&self) -> impl Iterator<Item = Card> + 'a {
        let face_up = self.game.face_up;
        self.game
            .table
            .iter()
            .enumerate()
            .filter(move |&(i, _)| face_up & 1 << i != 0)
            .map(|(_, &card)| card)
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

/// The players among `contenders` whose shown card has the highest rank (suits never
/// break a tie in War); nobody if none of them shows a card.
fn highest(shown: &[Option<Card>; MAX_PLAYERS], contenders: PlayerSet) -> PlayerSet {
    let mut best = PlayerSet::EMPTY;
    let mut best_card: Option<Card> = None;
    for seat in contenders.iter() {
        let Some(card) = shown[seat] else { continue };
        match best_card.map(|best| card.compare_rank(best)) {
            Some(Ordering::Less) => {}
            Some(Ordering::Equal) => best.insert(seat),
            None | Some(Ordering::Greater) => {
                best = PlayerSet::EMPTY;
                best.insert(seat);
                best_card = Some(card);
            }
        }
    }
    best
}

/// Repetition detection for [`Order::Fixed`], by Brent's algorithm: the position (the
/// piles and the table between two battles) is saved at the deal and after battles
/// 1, 3, 7, 15, … (the saving interval doubles), and each new position is compared with
/// the saved one. Once the game has entered a cycle and the interval exceeds the cycle's
/// length, the saved position comes back, so every cycle is found, at most a few cycle
/// lengths late; positions are compared exactly (no hashing, so no false alarm) and the
/// two buffers are reused, so nothing is allocated per battle.
#[derive(Clone, Debug, Default)]
struct Repetition {
    saved: Vec<u8>,
    /// Scratch space for the position being checked.
    current: Vec<u8>,
    saved_battle: u64,
    interval: u64,
    since: u64,
}

impl PartialEq for Repetition {
    /// Compares what decides the future; `current` is scratch.
    fn eq(&self, other: &Repetition) -> bool {
        (&self.saved, self.saved_battle, self.interval, self.since)
            == (
                &other.saved,
                other.saved_battle,
                other.interval,
                other.since,
            )
    }
}

impl Repetition {
    const SEPARATOR: u8 = u8::MAX;

    /// Back to no position seen, as before a game, keeping the buffers' room.
    fn clear(&mut self) {
        self.saved.clear();
        self.current.clear();
        self.saved_battle = 0;
        self.interval = 0;
        self.since = 0;
    }

    fn start(&mut self, players: &[Player], table: &[Card]) {
        encode(&mut self.saved, players, table);
        self.saved_battle = 0;
        self.interval = 1;
        self.since = 0;
    }

    /// After battle `battle`: the battle after which the same position was saved, if
    /// this position repeats it.
    fn check(&mut self, players: &[Player], table: &[Card], battle: u64) -> Option<u64> {
        encode(&mut self.current, players, table);
        if self.current == self.saved {
            return Some(self.saved_battle);
        }
        self.since += 1;
        if self.since == self.interval {
            std::mem::swap(&mut self.saved, &mut self.current);
            self.saved_battle = battle;
            self.interval *= 2;
            self.since = 0;
        }
        None
    }
}

/// The position as bytes: each pile top first, then the table; card indices are below
/// 52, so the separator cannot be mistaken for a card.
fn encode(buffer: &mut Vec<u8>, players: &[Player], table: &[Card]) {
    buffer.clear();
    for player in players {
        buffer.extend(player.cards().map(|card| card.index() as u8));
        buffer.push(Repetition::SEPARATOR);
    }
    buffer.extend(table.iter().map(|card| card.index() as u8));
}

#[cfg(test)]
#[path = "game_tests.rs"]
mod tests;
