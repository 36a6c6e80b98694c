//! Why the game refuses an action or a throw ([`Refusal`]), or a person's answer
//! ([`InvalidAnswer`]).

use crate::rules::Variant;

/// The one line printed after an answer that is neither Y nor N.
pub const INVALID_ANSWER: &str = "Please answer Y or N.";

/// An answer to the prompt that is neither Y nor N (nor `q`): the assignment's one
/// refusal, whose text ([`INVALID_ANSWER`]) the game
/// prints before asking again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", INVALID_ANSWER)]
pub struct InvalidAnswer;

/// Why an action or a throw was refused; nothing changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The game has a winner already.
    #[error("the game is over")]
    GameOver,
    /// The dice are rolling: chance acts now, not a player.
    #[error("the dice are rolling: no player acts until they show a throw")]
    DiceRolling,
    /// No dice are rolling: a player decides now, not chance.
    #[error("no dice are rolling: the player to act must roll first")]
    NoRoll,
    /// The dice are not those of the game's rules.
    #[error("a {thrown} throw in a game with {game} rules")]
    WrongDice {
        /// The rules the throw belongs to.
        thrown: Variant,
        /// The game's rules.
        game: Variant,
    },
    /// A die that shows no face of a die.
    #[error("a die shows 1 to 6, not {0}")]
    NotAFace(u8),
}
