//! Games per second, single-threaded.

fn main() {}
