//! The rules: the assignment's `Game` class without its console. A [`Game`] is dealt
//! from a seeded generator (or built by hand), then advanced one battle at a time by
//! [`Game::play_battle`], which reports what happened as [`Event`]s and ends in an
//! [`Outcome`]. Nothing here prints or reads.

use std::fmt;

use cards_core::shuffle;
use rand::Rng;

use crate::card::Card;
use crate::player::{MAX_PLAYERS, Player, PlayerSet};

/// How many cards each player puts down in a war: three face down, the fourth face up.
pub const WAR_CARDS: usize = 4;

/// In what order won cards go under the winner's pile (the text: "in any order").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Order {
    /// Shuffled with the game's generator first (the default, after SPEC-NOTES): a common
    /// house rule that keeps games from cycling.
    #[default]
    Shuffled,
    /// In the order they were put on the table: the battle's cards in seat order, then
    /// each war's cards player by player (seat order), each player's cards in the order
    /// laid; cards left on the table by an earlier battle (see [`Event::PotLeft`]) come
    /// first. Such a game can cycle forever, so a repeated position ends it
    /// ([`NoWinnerReason::Repetition`]).
    Fixed,
}

/// The settings of a game, checked: 2 to 8 players, an order for won cards and a cap on
/// the number of battles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    players: usize,
    order: Order,
    max_battles: u64,
}

impl Rules {
    /// The default cap on battles: far beyond any real game (two-player games with
    /// shuffled returns last a few hundred battles), there only so that no game runs
    /// forever.
    pub const DEFAULT_MAX_BATTLES: u64 = 100_000;

    /// The rules for `players` players (2 to 8), shuffled returns, the default cap.
    pub fn new(players: usize) -> Result<Rules, SetupError> {
        if !(2..=MAX_PLAYERS).contains(&players) {
            return Err(SetupError::Players(players));
        }
        Ok(Rules {
            players,
            order: Order::Shuffled,
            max_battles: Rules::DEFAULT_MAX_BATTLES,
        })
    }

    /// The same rules with won cards returned in `order`.
    pub fn with_order(self, order: Order) -> Rules {
        Rules { order, ..self }
    }

    /// The same rules stopping a game once `max_battles` battles (1 or more) have been
    /// fought.
    pub fn with_max_battles(self, max_battles: u64) -> Result<Rules, SetupError> {
        if max_battles == 0 {
            return Err(SetupError::MaxBattles);
        }
        Ok(Rules {
            max_battles,
            ..self
        })
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        self.players
    }

    /// The order of won cards.
    pub fn order(&self) -> Order {
        self.order
    }

    /// The cap on battles.
    pub fn max_battles(&self) -> u64 {
        self.max_battles
    }
}

impl Default for Rules {
    /// The assignment's game: two players.
    fn default() -> Rules {
        Rules {
            players: 2,
            order: Order::Shuffled,
            max_battles: Rules::DEFAULT_MAX_BATTLES,
        }
    }
}

/// Why rules or a hand-built position are refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A player count outside 2–8.
    #[error("War is played by 2 to 8 players, not {0}")]
    Players(usize),
    /// A cap of zero battles.
    #[error("the battle cap must be at least 1")]
    MaxBattles,
    /// Not one pile per player.
    #[error("{players} players need {players} piles, not {piles}")]
    PileCount {
        /// Players in the rules.
        players: usize,
        /// Piles given.
        piles: usize,
    },
    /// A player starts without cards.
    #[error("Player {} has no cards", .0 + 1)]
    EmptyPile(usize),
    /// The same physical card twice.
    #[error("{0} is dealt twice")]
    Duplicate(Card),
}

/// Something that happened during a battle, in the order it happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
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
    /// A player takes every card on the table.
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

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The last player with cards; they hold all of them.
    Winner {
        /// The winner's seat.
        seat: usize,
    },
    /// The game ended without a winner.
    NoWinner {
        /// Why.
        reason: NoWinnerReason,
    },
}

impl Outcome {
    /// The winner's seat, if any.
    pub fn winner(self) -> Option<usize> {
        match self {
            Outcome::Winner { seat } => Some(seat),
            Outcome::NoWinner { .. } => None,
        }
    }
}

/// Why a game ended without a winner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NoWinnerReason {
    /// The last players ran out of cards in the same step with equally many cards
    /// (SPEC-NOTES: "equal counts end the game with no winner").
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
    /// The cap on battles was reached.
    BattleCap {
        /// The cap.
        max_battles: u64,
    },
}

impl fmt::Display for NoWinnerReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            NoWinnerReason::OutOfCards { seats } => {
                write!(f, "{seats} ran out of cards at the same time")
            }
            NoWinnerReason::Repetition { battle, earlier } => {
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
            NoWinnerReason::BattleCap { max_battles } => {
                write!(
                    f,
                    "the game was stopped after {max_battles} battles (--max-battles)"
                )
            }
        }
    }
}

/// What one call of [`Game::play_battle`] did, in numbers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BattleSummary {
    /// Battles fought: 1, plus one per war that came to a deciding comparison.
    pub battles: u64,
    /// Wars started.
    pub wars: u64,
    /// Who took the table, if anyone.
    pub winner: Option<usize>,
    /// How many cards were taken (or left on the table).
    pub cards: usize,
}

/// [`Game::play_battle`] was called on a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the game is over")]
pub struct GameOverError(pub Outcome);

/// A game of War in progress: the players' piles, the cards on the table, the counts of
/// battles and wars, and the outcome once there is one.
///
/// Between battles the table is empty, except for a pot left by a war in which everyone
/// ran out at once ([`Event::PotLeft`]). At every moment the piles and the table together
/// hold exactly the cards dealt.
#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    players: Vec<Player>,
    table: Vec<Card>,
    out: PlayerSet,
    battles: u64,
    wars: u64,
    outcome: Option<Outcome>,
    repetition: Repetition,
}

impl Game {
    /// A new game: the 52 cards shuffled with `rng` and dealt one at a time to the
    /// players in turn, Player 1 first, each card going under the ones received before
    /// (so the first card dealt to a player is their top card). With more than two
    /// players the first seats may get one card more.
    pub fn new<R: Rng + ?Sized>(rules: Rules, rng: &mut R) -> Game {
        let mut game = Game::empty(rules);
        game.deal(rng);
        game
    }

    /// A game from piles given top card first, one per player, for tests and puzzles.
    /// Any cards may be used (not necessarily 52), each at most once.
    pub fn from_piles<P>(
        rules: Rules,
        piles: impl IntoIterator<Item = P>,
    ) -> Result<Game, SetupError>
    where
        P: IntoIterator<Item = Card>,
    {
        let mut game = Game::empty(rules);
        let mut seen = [false; 52];
        let mut count = 0;
        for (seat, pile) in piles.into_iter().enumerate() {
            count += 1;
            if seat >= rules.players {
                continue;
            }
            for card in pile {
                if std::mem::replace(&mut seen[card.index()], true) {
                    return Err(SetupError::Duplicate(card));
                }
                game.players[seat].collect([card]);
            }
            if game.players[seat].is_out() {
                return Err(SetupError::EmptyPile(seat));
            }
        }
        if count != rules.players {
            return Err(SetupError::PileCount {
                players: rules.players,
                piles: count,
            });
        }
        game.start_repetition_check();
        Ok(game)
    }

    fn empty(rules: Rules) -> Game {
        Game {
            rules,
            players: (0..rules.players)
                .map(|seat| Player::new(seat, []))
                .collect(),
            table: Vec::with_capacity(52),
            out: PlayerSet::EMPTY,
            battles: 0,
            wars: 0,
            outcome: None,
            repetition: Repetition::default(),
        }
    }

    /// Starts over with a fresh deal from `rng`, reusing every buffer (the simulator
    /// plays many games on one `Game` without allocating).
    pub fn deal<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        for player in &mut self.players {
            player.clear();
        }
        self.table.clear();
        self.out = PlayerSet::EMPTY;
        self.battles = 0;
        self.wars = 0;
        self.outcome = None;
        let mut deck = Card::deck();
        shuffle(&mut deck, rng);
        let players = self.players.len();
        for (i, card) in deck.into_iter().enumerate() {
            self.players[i % players].collect([card]);
        }
        self.start_repetition_check();
    }

    fn start_repetition_check(&mut self) {
        if self.rules.order == Order::Fixed {
            self.repetition.start(&self.players, &self.table);
        }
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
    /// included (SPEC-NOTES).
    pub fn battles(&self) -> u64 {
        self.battles
    }

    /// Wars fought so far, each chained war counted.
    pub fn wars(&self) -> u64 {
        self.wars
    }

    /// How the game ended, once it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The players still in the game (those holding cards).
    pub fn active(&self) -> PlayerSet {
        self.players
            .iter()
            .filter(|p| !p.is_out())
            .map(Player::seat)
            .collect()
    }

    /// Every card in the game: the piles and the table.
    pub fn card_count(&self) -> usize {
        self.players.iter().map(Player::card_count).sum::<usize>() + self.table.len()
    }

    /// Plays one battle, with all the wars it sets off, reporting each step to
    /// `on_event`; the step that ends the game reports [`Event::GameOver`] last.
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
    /// takes it. After the battle a player left without cards is out as well, since they
    /// could not play the next battle's card. The last player in the game wins.
    pub fn play_battle<R: Rng + ?Sized>(
        &mut self,
        rng: &mut R,
        mut on_event: impl FnMut(Event),
    ) -> Result<BattleSummary, GameOverError> {
        if let Some(outcome) = self.outcome {
            return Err(GameOverError(outcome));
        }
        let (battles_before, wars_before) = (self.battles, self.wars);
        let out_before = self.out;
        let mut shown: [Option<Card>; MAX_PLAYERS] = [None; MAX_PLAYERS];

        let mut contenders = self.active();
        self.battles += 1;
        on_event(Event::Battle {
            battle: self.battles,
        });
        for seat in contenders.iter() {
            if let Some(card) = self.players[seat].play_card() {
                self.table.push(card);
                shown[seat] = Some(card);
                on_event(Event::Played { seat, card });
            }
        }

        let winner = loop {
            let best = highest(&shown, contenders);
            if best.len() <= 1 {
                break best.lowest();
            }
            on_event(Event::Tie { seats: best });
            self.wars += 1;
            let survivors = self.war_survivors(best);
            let deciding = (survivors.len() >= 2).then(|| {
                self.battles += 1;
                self.battles
            });
            on_event(Event::War {
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
                    self.table.push(card);
                    if laid == WAR_CARDS {
                        shown[seat] = Some(card);
                        on_event(Event::Played { seat, card });
                    } else {
                        on_event(Event::FaceDown { seat, card });
                    }
                }
            }
            for seat in best.iter().filter(|&seat| !survivors.contains(seat)) {
                self.out.insert(seat);
                on_event(Event::Out { seat });
            }
            match survivors.len() {
                0 | 1 => break survivors.lowest(),
                _ => contenders = survivors,
            }
        };

        let cards = self.table.len();
        match winner {
            Some(seat) => {
                on_event(Event::Took { seat, cards });
                self.collect_table(seat, rng);
            }
            None => on_event(Event::PotLeft { cards }),
        }

        for seat in 0..self.players.len() {
            if self.players[seat].is_out() && !self.out.contains(seat) {
                self.out.insert(seat);
                on_event(Event::Out { seat });
            }
        }

        let active = self.active();
        let outcome = if active.is_empty() {
            let seats = self
                .out
                .iter()
                .filter(|&s| !out_before.contains(s))
                .collect();
            Some(Outcome::NoWinner {
                reason: NoWinnerReason::OutOfCards { seats },
            })
        } else if active.len() == 1 {
            let seat = active.lowest().unwrap_or_default();
            if !self.table.is_empty() {
                on_event(Event::Took {
                    seat,
                    cards: self.table.len(),
                });
                self.collect_table(seat, rng);
            }
            Some(Outcome::Winner { seat })
        } else if self.battles >= self.rules.max_battles {
            Some(Outcome::NoWinner {
                reason: NoWinnerReason::BattleCap {
                    max_battles: self.rules.max_battles,
                },
            })
        } else if self.rules.order == Order::Fixed {
            self.repetition
                .check(&self.players, &self.table, self.battles)
                .map(|earlier| Outcome::NoWinner {
                    reason: NoWinnerReason::Repetition {
                        battle: self.battles,
                        earlier,
                    },
                })
        } else {
            None
        };
        if let Some(outcome) = outcome {
            self.outcome = Some(outcome);
            on_event(Event::GameOver { outcome });
        }

        Ok(BattleSummary {
            battles: self.battles - battles_before,
            wars: self.wars - wars_before,
            winner,
            cards,
        })
    }

    /// Plays to the end without reporting anything, and returns the outcome.
    pub fn play_to_end<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Outcome {
        loop {
            match self.play_battle(rng, |_| {}) {
                Ok(_) => {}
                Err(GameOverError(outcome)) => return outcome,
            }
        }
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
        let most = best.iter().map(count).max().unwrap_or(0);
        let last: PlayerSet = best.iter().filter(|&s| count(s) == most).collect();
        if last.len() == 1 {
            last
        } else {
            PlayerSet::EMPTY
        }
    }

    fn collect_table<R: Rng + ?Sized>(&mut self, seat: usize, rng: &mut R) {
        if self.rules.order == Order::Shuffled {
            shuffle(&mut self.table, rng);
        }
        self.players[seat].collect(self.table.drain(..));
    }
}

/// The players among `contenders` whose shown card is the highest.
fn highest(shown: &[Option<Card>; MAX_PLAYERS], contenders: PlayerSet) -> PlayerSet {
    let best = contenders.iter().filter_map(|seat| shown[seat]).max();
    contenders
        .iter()
        .filter(|&seat| best.is_some() && shown[seat] == best)
        .collect()
}

/// Repetition detection for [`Order::Fixed`], by Brent's algorithm: the position (the
/// piles and the table between two calls of [`Game::play_battle`]) is saved at the deal
/// and after calls 1, 3, 7, 15, … (the saving interval doubles), and each new position
/// is compared with the saved one. Once the game has entered a cycle and the
/// interval exceeds the cycle's length, the saved position comes back, so every cycle is
/// found, at most a few cycle lengths late; positions are compared exactly (no hashing,
/// so no false alarm) and the two buffers are reused, so nothing is allocated per battle.
#[derive(Clone, Debug, Default)]
struct Repetition {
    saved: Vec<u8>,
    current: Vec<u8>,
    saved_battle: u64,
    interval: u64,
    since: u64,
}

impl Repetition {
    const SEPARATOR: u8 = u8::MAX;

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
