//! No code: this crate exists for its manifest. Its dependencies' features make the
//! games' binaries resolve each shared dependency as `cargo test --workspace` does, so
//! that the two builds share their dependencies' builds (Cargo.toml says which features
//! and why; ARCHITECTURE.md's crates section, what it is for).
