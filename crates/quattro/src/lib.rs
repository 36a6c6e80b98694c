//! `quattro`: work in progress.
