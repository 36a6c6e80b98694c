//! The one strategy War has: [`AlwaysBattle`] (War leaves nobody a choice).

use cards_core::protocol::{Agent, Seat, Stop};

use crate::game::{Action, Game, Observation};

/// The agent of `--auto`, `--quiet` and the simulator: it always battles (there is
/// nothing else to do in War).
#[derive(Clone, Copy, Debug, Default)]
pub struct AlwaysBattle;

impl Agent<Game> for AlwaysBattle {
    fn choose(
        &mut self,
        _seat: Seat,
        _observation: &Observation<'_>,
        _legal: &[Action],
    ) -> Result<Action, Stop> {
        Ok(Action::Battle)
    }

    /// Battle is the only action, always legal at a player's turn.
    fn wants_legal_actions(&self, _seat: Seat) -> bool {
        false
    }
}
