#!/usr/bin/env python3
"""Games per second of cardgames' Quattro from Python, the way users will run it, next
to RLCard's `uno` in the same sitting.

  aec     random agents through the PettingZoo AEC loop (env.last(), a uniform choice
          from the action mask, env.step()), games of quattro.env(rules=R), the wrapped
          environment, under both rule sets.
  state   the same kind of random games on the lower-level QuattroState (legal_actions,
          step).
  batch   quattro.play_batch(N, rules=R): the bots' games played natively, tallies as
          numpy arrays, next to the `quattro simulate --threads 1` binary on the same
          games (QUATTRO_BIN, or $CARGO_TARGET_DIR/release/quattro).
  rlcard  RLCard's uno, RandomAgent players through env.run (the function of
          bench/external/rlcard_bench.py), if rlcard is installed: RLCard's per-decision
          figure to hold the AEC loop's against.

Each measurement is the best of --repeats (3) seeded runs on one thread; every run
plays the same games. Run it in a venv with cardgames (and rlcard 1.2.0) installed:

    python bench/python/quattro_bench.py [--scale 0.1]
"""

import sys
from pathlib import Path

from _bench import (Table, aec_games, batch_bytes, best, options, output, random_choice, random_legal, release_binary,
                    state_games)
from cardgames import QuattroState, quattro


def rlcard_env_run():
    """rlcard_bench.env_run, or None without rlcard."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "external"))
    try:
        import rlcard_bench
    except ImportError:
        return None
    return rlcard_bench.env_run


def main():
    args, n = options()
    seed, repeats = args.seed, args.repeats
    table = Table()
    for rules in ("quattro", "uno"):
        runs = (
            ("aec", n(3000), lambda games: aec_games(quattro.env(rules=rules), games, seed, random_choice(seed))),
            ("state", n(30000), lambda games: state_games(QuattroState(0, rules), games, seed, random_legal(seed))),
        )
        for name, games, run in runs:
            secs, cpus, decisions = best(repeats, lambda: run(games))
            table.row(f"{name} (random, {rules})", games, secs, cpus, decisions)
    env_run = rlcard_env_run()
    if env_run is not None:
        games = n(1000)
        secs, cpus, (actions, _, _) = best(repeats, lambda: env_run(games, seed))
        table.row("rlcard uno(2p) env.run (RandomAgent)", games, secs, cpus, actions)
    binary = release_binary("QUATTRO_BIN", "quattro")
    for rules in ("quattro", "uno"):
        games = n(1_000_000)
        secs, cpus, _ = best(repeats, lambda: batch_bytes(quattro.play_batch(games, seed, rules)))
        table.row(f"play_batch {rules}", games, secs, cpus)
        cmd = [binary, "simulate", "--seed", str(seed), "--threads", "1", "--games", str(games), "--rules", rules]
        secs, cpus, _ = best(repeats, lambda: output(cmd))
        table.row(f"quattro simulate {rules}", games, secs, cpus)


if __name__ == "__main__":
    main()
