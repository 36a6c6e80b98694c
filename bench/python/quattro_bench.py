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

import argparse
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

from cardgames import QuattroState, quattro


def best(repeats, run):
    times, results = [], []
    for _ in range(repeats):
        t0 = time.perf_counter()
        results.append(run())
        times.append(time.perf_counter() - t0)
    if any(r != results[0] for r in results):
        raise SystemExit("not reproducible")
    return min(times), results[0]


def aec(games, seed, rules):
    rng = random.Random(seed)
    e = quattro.env(rules=rules)
    decisions = 0
    for g in range(games):
        e.reset(seed=seed + g)
        for agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            e.step(rng.choice(np.flatnonzero(obs["action_mask"])))
            decisions += 1
    return decisions


def state(games, seed, rules):
    rng = random.Random(seed)
    s = QuattroState(0, rules)
    decisions = 0
    for g in range(games):
        s.reset(seed + g)
        s.settle_chance()
        while not s.is_terminal():
            s.step(rng.choice(s.legal_actions()))
            decisions += 1
    return decisions


def rlcard_env_run():
    """rlcard_bench.env_run, or None without rlcard."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "external"))
    try:
        import rlcard_bench
    except ImportError:
        return None
    return rlcard_bench.env_run


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--scale", type=float, default=1.0)
    args = ap.parse_args()
    n = lambda g: max(1, int(g * args.scale))  # noqa: E731
    print("path\tgames\tseconds\tgames/s\tdecisions/game\tdecisions/s")
    for rules in ("quattro", "uno"):
        for name, fn, games in ((f"aec (random, {rules})", aec, n(3000)), (f"state (random, {rules})", state, n(30000))):
            secs, decisions = best(args.repeats, lambda: fn(games, args.seed, rules))
            print(f"{name}\t{games}\t{secs:.2f}\t{games / secs:.0f}\t{decisions / games:.1f}\t{decisions / secs:.0f}")
    env_run = rlcard_env_run()
    if env_run is not None:
        games = n(1000)
        secs, (actions, _, _) = best(args.repeats, lambda: env_run(games, args.seed))
        print(f"rlcard uno(2p) env.run (RandomAgent)\t{games}\t{secs:.2f}\t{games / secs:.0f}\t{actions / games:.1f}\t{actions / secs:.0f}")
    binary = os.environ.get("QUATTRO_BIN") or str(Path(os.environ.get("CARGO_TARGET_DIR", "target")) / "release" / "quattro")
    for rules in ("quattro", "uno"):
        games = n(1_000_000)
        secs, _ = best(args.repeats, lambda: tuple(x.tobytes() for x in quattro.play_batch(games, args.seed, rules)))
        print(f"play_batch {rules}\t{games}\t{secs:.2f}\t{games / secs:.0f}\t-\t-")
        cmd = [binary, "simulate", "--seed", str(args.seed), "--threads", "1", "--games", str(games), "--rules", rules]
        secs, _ = best(args.repeats, lambda: subprocess.run(cmd, check=True, capture_output=True).stdout)
        print(f"quattro simulate {rules}\t{games}\t{secs:.2f}\t{games / secs:.0f}\t-\t-")


if __name__ == "__main__":
    main()
