#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each (default 600), one after the other, on one
# core, from its checked-in seeds; prints libFuzzer's last status line per target.
# Inputs that break a check land in fuzz/artifacts/TARGET/; copy each into
# fuzz/regressions/TARGET/ once it is fixed, so that cargo test replays it.
# Needs cargo-fuzz (cargo install cargo-fuzz); RUSTC_BOOTSTRAP lets a stable compiler
# take the sanitizer flags cargo-fuzz passes.
set -u
seconds=${1:-600}
shift || true
cd "$(dirname "$0")"
targets=${*:-$(ls fuzz_targets | sed 's/\.rs$//')}
export RUSTC_BOOTSTRAP=1
cargo fuzz build -O || exit 2
for target in $targets; do
    mkdir -p "corpus/$target" "logs"
    cargo fuzz run -O "$target" "corpus/$target" "seeds/$target" -- \
        -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 \
        > "logs/$target.log" 2>&1
    status=$?
    echo "$target: exit $status; $(grep -E '^#[0-9]+' "logs/$target.log" | tail -1)"
    grep -E 'stat::number_of_executed_units|stat::peak_rss_mb' "logs/$target.log" | tr -s ' ' | tr '\n' ' '
    echo
done
