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

import argparse
import os
import random
import resource
import subprocess
import time
from pathlib import Path

import numpy as np

from cardgames import OchosLocosState, ochos_locos


def cpu():
    """CPU seconds of this process and of its finished children (the binary)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def best(repeats, run):
    """The best wall and CPU seconds of `repeats` runs (the machine may be shared: the
    CPU seconds are what the run itself took), and the result, the same every run."""
    times, cpus, results = [], [], []
    for _ in range(repeats):
        t0, c0 = time.perf_counter(), cpu()
        results.append(run())
        times.append(time.perf_counter() - t0)
        cpus.append(cpu() - c0)
    if any(r != results[0] for r in results):
        raise SystemExit("not reproducible")
    return min(times), min(cpus), results[0]


def aec(rules, games, seed):
    rng = random.Random(seed)
    e = ochos_locos.env(rules=rules)
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


def state(rules, games, seed):
    rng = random.Random(seed)
    s = OchosLocosState(0, rules)
    decisions = 0
    for g in range(games):
        s.reset(seed + g)
        s.settle_chance()
        while not s.is_terminal():
            s.step(rng.choice(s.legal_actions()))
            decisions += 1
    return decisions


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--scale", type=float, default=1.0)
    args = ap.parse_args()
    n = lambda g: max(1, int(g * args.scale))  # noqa: E731
    print("path\tgames\tseconds\tgames/s\tdecisions/game\tdecisions/s\tcpu s\tgames/cpu s\tdecisions/cpu s")
    for rules in ("completos", "going-wild"):
        for name, fn, games in (("aec", aec, n(3000)), ("state", state, n(30000))):
            secs, cpus, decisions = best(args.repeats, lambda: fn(rules, games, args.seed))
            print(f"{name} (random, {rules})\t{games}\t{secs:.2f}\t{games / secs:.0f}\t"
                  f"{decisions / games:.1f}\t{decisions / secs:.0f}\t"
                  f"{cpus:.2f}\t{games / cpus:.0f}\t{decisions / cpus:.0f}")
    binary = os.environ.get("OCHOS_LOCOS_BIN") or str(
        Path(os.environ.get("CARGO_TARGET_DIR", "target")) / "release" / "ochos-locos")
    for rules in ("completos", "going-wild"):
        games = n(1_000_000)
        secs, cpus, _ = best(args.repeats, lambda: tuple(
            x.tobytes() for x in ochos_locos.play_batch(games, args.seed, rules)))
        print(f"play_batch {rules}\t{games}\t{secs:.2f}\t{games / secs:.0f}\t-\t-\t{cpus:.2f}\t{games / cpus:.0f}\t-")
        cmd = [binary, "simulate", rules, "--seed", str(args.seed), "--threads", "1", "--games", str(games)]
        secs, cpus, _ = best(args.repeats, lambda: subprocess.run(cmd, check=True, capture_output=True).stdout)
        print(f"ochos-locos simulate {rules}\t{games}\t{secs:.2f}\t{games / secs:.0f}\t-\t-\t{cpus:.2f}\t{games / cpus:.0f}\t-")


if __name__ == "__main__":
    main()
