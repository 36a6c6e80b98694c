#!/usr/bin/env python3
"""Games per second of cardgames' Ochos Locos from Python, the way users will run it.

  aec    random agents through the PettingZoo AEC loop (env.last(), a uniform choice from
         the action mask, env.step()), games of ochos_locos.env(rules=...), the wrapped
         environment.
  state  random games on the lower-level OchosLocosState (a uniform choice from
         legal_actions(), step()): no wrappers, no arrays.
  batch  ochos_locos.play_batch(N, rules=...): the assignments' players natively, tallies
         as numpy arrays, next to the `ochos-locos simulate RULES --threads 1` binary on
         the same games (OCHOS_LOCOS_BIN, or $CARGO_TARGET_DIR/release/ochos-locos).

Each measurement is the best of --repeats (3) seeded runs on one thread, in wall and
in CPU seconds (the binary's counted from its rusage: on a shared machine the CPU
seconds are what the run itself took); every run plays the same games. Run it in a
venv with cardgames installed:

    python bench/python/ochos_locos_bench.py [--scale 0.1]
"""

from _bench import (Table, aec_games, batch_bytes, best, options, output, random_choice, random_legal, release_binary,
                    state_games)
from cardgames import OchosLocosState, ochos_locos


def main():
    args, n = options()
    seed, repeats = args.seed, args.repeats
    table = Table(cpu=True)
    for rules in ("completos", "going-wild"):
        runs = (
            ("aec", n(3000), lambda games: aec_games(ochos_locos.env(rules=rules), games, seed, random_choice(seed))),
            ("state", n(30000), lambda games: state_games(OchosLocosState(0, rules), games, seed, random_legal(seed))),
        )
        for name, games, run in runs:
            secs, cpus, decisions = best(repeats, lambda: run(games))
            table.row(f"{name} (random, {rules})", games, secs, cpus, decisions)
    binary = release_binary("OCHOS_LOCOS_BIN", "ochos-locos")
    for rules in ("completos", "going-wild"):
        games = n(1_000_000)
        secs, cpus, _ = best(repeats, lambda: batch_bytes(ochos_locos.play_batch(games, seed, rules)))
        table.row(f"play_batch {rules}", games, secs, cpus)
        cmd = [binary, "simulate", rules, "--seed", str(seed), "--threads", "1", "--games", str(games)]
        secs, cpus, _ = best(repeats, lambda: output(cmd))
        table.row(f"ochos-locos simulate {rules}", games, secs, cpus)


if __name__ == "__main__":
    main()
