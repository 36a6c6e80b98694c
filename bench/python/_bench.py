"""What the benches of bench/python share: their options, the timing (best of
--repeats seeded runs, wall and CPU seconds), the two random-game loops every game is
timed on, the release binary to hold the batched call against, and the table printed.

Each *_bench.py imports it from its own directory (Python puts a script's directory on
sys.path) and keeps its games, sizes and rows.
"""

import argparse
import os
import random
import resource
import subprocess
import time
from pathlib import Path

import numpy as np


def options():
    """The command line every bench takes: `--seed` (1), `--repeats` (3), `--scale`
    (1.0: every size multiplied by it, at least 1 game). Returns the arguments and
    `n(games)`, a size at that scale."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--scale", type=float, default=1.0)
    args = ap.parse_args()
    return args, lambda games: max(1, int(games * args.scale))


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


def random_choice(seed):
    """A uniform choice from a sequence, from `random.Random(seed)`."""
    return random.Random(seed).choice


def random_legal(seed):
    """For `state_games`: a uniform choice from the state's legal actions, from
    `random.Random(seed)`."""
    choice = random.Random(seed).choice
    return lambda s: choice(s.legal_actions())


def aec_games(e, games, seed, choose):
    """Plays games `seed`, `seed + 1`, ... through the PettingZoo AEC loop of `e`
    (env.last(), `choose(legal actions of the mask)`, env.step()); returns the
    decisions made."""
    decisions = 0
    for g in range(games):
        e.reset(seed=seed + g)
        for agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            e.step(choose(np.flatnonzero(obs["action_mask"])))
            decisions += 1
    return decisions


def state_games(s, games, seed, choose):
    """Plays games `seed`, `seed + 1`, ... on the protocol state `s` (reset,
    settle_chance, then `s.step(choose(s))` to the end); returns the decisions made."""
    decisions = 0
    for g in range(games):
        s.reset(seed + g)
        s.settle_chance()
        while not s.is_terminal():
            s.step(choose(s))
            decisions += 1
    return decisions


def release_binary(variable, name):
    """The binary to time the batched call against: $`variable`, else
    $CARGO_TARGET_DIR/release/`name` (target/release)."""
    return os.environ.get(variable) or str(Path(os.environ.get("CARGO_TARGET_DIR", "target")) / "release" / name)


def output(cmd):
    """`cmd`'s output (it must succeed): what a timed run of a binary returns."""
    return subprocess.run(cmd, check=True, capture_output=True).stdout


def batch_bytes(arrays):
    """A batched call's arrays as bytes, to compare runs."""
    return tuple(x.tobytes() for x in arrays)


class Table:
    """The tab-separated table a bench prints: path, games, seconds, games/s, then
    `unit`s a game and a second (decisions, battles), and with `cpu` the same in CPU
    seconds."""

    def __init__(self, unit="decisions", cpu=False):
        self.cpu = cpu
        header = f"path\tgames\tseconds\tgames/s\t{unit}/game\t{unit}/s"
        if cpu:
            header += f"\tcpu s\tgames/cpu s\t{unit}/cpu s"
        print(header)

    def row(self, name, games, secs, cpus, count=None):
        """A row: `count` the decisions (or battles) of the games, None where the run
        does not count them (a batched call, a binary)."""
        line = f"{name}\t{games}\t{secs:.2f}\t{games / secs:.0f}\t"
        line += "-\t-" if count is None else f"{count / games:.1f}\t{count / secs:.0f}"
        if self.cpu:
            cpus = max(cpus, 1e-9)  # a tiny run may take less than the clock's tick
            line += f"\t{cpus:.2f}\t{games / cpus:.0f}\t"
            line += "-" if count is None else f"{count / cpus:.0f}"
        print(line, flush=True)
