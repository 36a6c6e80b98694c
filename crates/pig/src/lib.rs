//! `pig`: work in progress.
