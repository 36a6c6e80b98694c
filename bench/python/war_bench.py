#!/usr/bin/env python3
"""Games per second of cardgames' War from Python, the way users will run it.

War has no choices: the AEC environment's one action plays the next battle (with its
wars and the take that ends it), so a "decision" here is a battle.

  aec    the PettingZoo AEC loop (env.last(), the one action the mask allows,
         env.step()), games of war.env(players=...), the wrapped environment.
  state  the same games on the lower-level WarState (step(0) until terminal).
  batch  war.play_batch(N, players=...): the games natively, tallies as numpy arrays,
         next to the `war simulate --threads 1` binary on the same games (WAR_BIN, or
         $CARGO_TARGET_DIR/release/war).

Each measurement is the best of --repeats (3) seeded runs on one thread, in wall and
in CPU seconds (the binary's counted from its rusage: on a shared machine the CPU
seconds are what the run itself took); every run plays the same games. Run it in a
venv with cardgames installed:

    python bench/python/war_bench.py [--scale 0.1]
"""

import argparse
import os
import resource
import subprocess
import time
from pathlib import Path

import numpy as np

from cardgames import WarState, war


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


def aec(players, games, seed):
    e = war.env(players=players)
    decisions = 0
    for g in range(games):
        e.reset(seed=seed + g)
        for agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            e.step(int(np.flatnonzero(obs["action_mask"])[0]))
            decisions += 1
    return decisions


def state(players, games, seed):
    s = WarState(0, players)
    decisions = 0
    for g in range(games):
        s.reset(seed + g)
        s.settle_chance()
        while not s.is_terminal():
            s.step(0)
            decisions += 1
    return decisions


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--scale", type=float, default=1.0)
    args = ap.parse_args()
    n = lambda g: max(1, int(g * args.scale))  # noqa: E731
    print("path\tgames\tseconds\tgames/s\tbattles/game\tbattles/s\tcpu s\tgames/cpu s\tbattles/cpu s")
    for players in (2, 4):
        for name, fn, games in (("aec", aec, n(200)), ("state", state, n(3000))):
            secs, cpus, decisions = best(args.repeats, lambda: fn(players, games, args.seed))
            print(f"{name} ({players} players)\t{games}\t{secs:.2f}\t{games / secs:.0f}\t"
                  f"{decisions / games:.1f}\t{decisions / secs:.0f}\t"
                  f"{cpus:.2f}\t{games / cpus:.0f}\t{decisions / cpus:.0f}")
    binary = os.environ.get("WAR_BIN") or str(
        Path(os.environ.get("CARGO_TARGET_DIR", "target")) / "release" / "war")
    for players in (2, 4):
        games = n(100_000)
        secs, cpus, _ = best(args.repeats, lambda: tuple(
            x.tobytes() for x in war.play_batch(games, args.seed, players)))
        print(f"play_batch {players} players\t{games}\t{secs:.2f}\t{games / secs:.0f}\t-\t-\t{cpus:.2f}\t{games / cpus:.0f}\t-")
        cmd = [binary, "simulate", "--players", str(players), "--seed", str(args.seed),
               "--threads", "1", "--games", str(games)]
        secs, cpus, _ = best(args.repeats, lambda: subprocess.run(cmd, check=True, capture_output=True).stdout)
        print(f"war simulate {players} players\t{games}\t{secs:.2f}\t{games / secs:.0f}\t-\t-\t{cpus:.2f}\t{games / cpus:.0f}\t-")


if __name__ == "__main__":
    main()
