//! The Java course kits' tool, as a library so its parts are tested: one module per kit
//! writes that kit's test data from the engine; `package` assembles handouts. The kits
//! (Java sources, tests, READMEs) live in the workspace's `kits/` folder.

pub mod cli;
pub mod gradescope;
pub mod ochos_a2;
pub mod ochos_a4;
pub mod package;
pub mod pig;
pub mod quattro;
pub mod war;

/// One data file of a kit, as the engine computes it today.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataFile {
    /// Where it lives, relative to the kit's folder (`kits/NAME/`), e.g. `tests/data/cards.txt`.
    pub path: String,
    /// Its whole text.
    pub contents: String,
}

/// Why a kit's data could not be made.
#[derive(Debug, thiserror::Error)]
pub enum KitError {
    /// The engine refused something the generator asked of it: a broken invariant of the
    /// generator, never of the user's input.
    #[error("kit {kit}: {message}")]
    Engine {
        /// The kit's folder name.
        kit: &'static str,
        /// What went wrong.
        message: String,
    },
}
