//! `war`: work in progress.
