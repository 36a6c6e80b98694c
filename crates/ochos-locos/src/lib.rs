//! `ochos-locos`: work in progress.
