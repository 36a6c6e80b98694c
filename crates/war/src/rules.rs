//! The rule set of a game: how many play, in what order won cards go back under a pile,
//! and the cap on battles ([`Rules`]); and why a setup is refused ([`SetupError`]).

use std::fmt;
use std::str::FromStr;

use crate::card::Card;

/// The fewest players a game seats: the assignment's two.
pub const MIN_PLAYERS: usize = 2;
/// The most players a game can seat (a [`PlayerSet`](crate::PlayerSet) is one byte).
pub const MAX_PLAYERS: usize = 8;

/// In what order the cards a player wins go under their pile (the text: "in any
/// order"); `--order` on the command line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum WonCardOrder {
    /// Shuffled first (the default): a common house rule that keeps games from cycling.
    /// Each shuffle is a chance node of the game (`Game::sample_chance` draws it from the
    /// game's generator).
    #[default]
    Shuffled,
    /// In the order they were put on the table: the battle's cards in seat order, then
    /// each war's cards player by player (seat order), each player's cards in the order
    /// laid; cards left on the table by an earlier battle (see [`Event::PotLeft`](crate::game::Event::PotLeft)) come
    /// first. Such a game can cycle forever, so a repeated position ends it
    /// ([`NoWinner::Repetition`](crate::game::NoWinner::Repetition)).
    Fixed,
}

impl WonCardOrder {
    /// The word `--order`, the recording's `order=` and the page's options use.
    pub fn word(self) -> &'static str {
        match self {
            WonCardOrder::Shuffled => "shuffled",
            WonCardOrder::Fixed => "fixed",
        }
    }
}

impl fmt::Display for WonCardOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

impl FromStr for WonCardOrder {
    type Err = SetupError;

    /// `shuffled` or `fixed`, as written (the recordings and the page spell them so).
    fn from_str(text: &str) -> Result<WonCardOrder, SetupError> {
        match text {
            "shuffled" => Ok(WonCardOrder::Shuffled),
            "fixed" => Ok(WonCardOrder::Fixed),
            _ => Err(SetupError::Order),
        }
    }
}

/// The settings of a game, checked: 2 to 8 players, an order for won cards and a cap on
/// the number of battles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    players: usize,
    order: WonCardOrder,
    max_battles: u64,
}

impl Rules {
    /// The default cap on battles: far beyond any real game (two-player games with
    /// shuffled returns last a few hundred battles), there only so that no game runs
    /// forever.
    pub const DEFAULT_MAX_BATTLES: u64 = 100_000;

    /// The rules for `players` players (2 to 8), shuffled returns, the default cap.
    pub fn new(players: usize) -> Result<Rules, SetupError> {
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err(SetupError::Players(players));
        }
        Ok(Rules {
            players,
            order: WonCardOrder::Shuffled,
            max_battles: Rules::DEFAULT_MAX_BATTLES,
        })
    }

    /// The same rules with won cards returned in `order`.
    pub fn with_order(self, order: WonCardOrder) -> Rules {
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
    pub fn order(&self) -> WonCardOrder {
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
            order: WonCardOrder::Shuffled,
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
    /// An order of won cards that is neither `shuffled` nor `fixed`.
    #[error("the order is shuffled or fixed")]
    Order,
    /// Piles given to a simulation, which deals every game from its own stream.
    #[error("a simulation deals every game: it plays no piles")]
    Piles,
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
