#!/usr/bin/env python3
"""Games per second of cardgames' Pig from Python, the way users will run it.

  aec    random agents through the PettingZoo AEC loop (env.last(), a uniform choice from
         the action mask, env.step()), games of pig.env(), the wrapped environment.
  state  the same random games on the lower-level PigState (legal_actions, step).
  batch  pig.play_batch(N, a, b): the games played natively, tallies as numpy arrays,
         next to the `pig simulate --threads 1` binary on the same games (PIG_BIN, or
         $CARGO_TARGET_DIR/release/pig).

Each measurement is the best of --repeats (3) seeded runs on one thread; every run
plays the same games. Run it in a venv with cardgames installed:

    python bench/python/pig_bench.py [--scale 0.1]
"""

from _bench import (Table, aec_games, batch_bytes, best, options, output, random_choice, random_legal, release_binary,
                    state_games)
from cardgames import PigState, pig


def main():
    args, n = options()
    seed, repeats = args.seed, args.repeats
    table = Table()
    runs = (
        ("aec (random, two dice)", n(3000), lambda games: aec_games(pig.env(), games, seed, random_choice(seed))),
        ("state (random, two dice)", n(20000), lambda games: state_games(PigState(0), games, seed, random_legal(seed))),
    )
    for name, games, run in runs:
        secs, cpus, decisions = best(repeats, lambda: run(games))
        table.row(name, games, secs, cpus, decisions)
    binary = release_binary("PIG_BIN", "pig")
    for a, b in (("hold:20", "hold:20"), ("optimal", "hold:20")):
        games = n(1_000_000)
        secs, cpus, _ = best(repeats, lambda: batch_bytes(pig.play_batch(games, seed, a, b)))
        table.row(f"play_batch {a} v {b}", games, secs, cpus)
        cmd = [binary, "simulate", "--seed", str(seed), "--threads", "1", "--games", str(games), "--a", a, "--b", b]
        secs, cpus, _ = best(repeats, lambda: output(cmd))
        table.row(f"pig simulate {a} v {b}", games, secs, cpus)


if __name__ == "__main__":
    main()
