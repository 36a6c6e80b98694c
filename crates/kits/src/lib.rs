//! The Java course kits' tool, as a library so its parts are tested: one module per kit
//! writes that kit's test data from the engine; `package` assembles handouts. The kits
//! (Java sources, tests, READMEs) live in the workspace's `kits/` folder.

pub mod cli;
pub mod ochos_a2;
pub mod ochos_a4;
pub mod package;
pub mod pig;
pub mod quattro;
pub mod war;
