//! Benchmarks: placeholder.
fn main() {}
