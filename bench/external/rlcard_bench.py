#!/usr/bin/env python3
"""Games per second of RLCard's `uno` with uniform random players.

Two paths:

  env.run  rlcard.make('uno', config={'seed': S}) with RandomAgent players and
           env.run(is_training=False) once per game: what RLCard's examples and
           evaluation code do (it builds the observation tensors and the
           trajectories at every step).
  engine   the game engine alone: rlcard.games.uno.game.UnoGame, init_game(), then
           get_legal_actions(), a uniform random choice, step(), until is_over().

RLCard's uno is 2 players by default (the environment's game_num_players) on a
108-card Uno deck. Every run is seeded: the same arguments play the same games.
Each measurement is the best of --repeats runs (3), each replaying the same seeded
games, on one thread. Run it with the venv made by setup.sh:

    /work/venv-bench/bin/python bench/external/rlcard_bench.py
"""

import argparse
import os

# One thread for numpy's BLAS, before numpy is imported (RLCard only builds small
# arrays, but keep the measurement single-threaded whatever numpy is linked to).
for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import platform  # noqa: E402
import random  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from importlib.metadata import version as _pkg_version  # noqa: E402

import numpy as np  # noqa: E402
import rlcard  # noqa: E402
from rlcard.agents import RandomAgent  # noqa: E402
from rlcard.games.uno.game import UnoGame  # noqa: E402

RLCARD_VERSION = _pkg_version("rlcard")


def env_run(games, seed):
    """env.run per game. Returns (player actions, games without a winner, checksum).

    Always 2 players: RLCard 1.2.0's Env passes game_* settings (game_num_players)
    only to blackjack and the hold'em games, so the uno env ignores them.
    """
    # RandomAgent draws from numpy's global generator; the env's seed covers the
    # deck and the colours of flipped wild cards.
    np.random.seed(seed)
    env = rlcard.make("uno", config={"seed": seed})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    actions = 0
    no_winner = 0
    checksum = 0
    for _ in range(games):
        trajectories, payoffs = env.run(is_training=False)
        # Each player's trajectory alternates state, action, ..., state.
        actions += sum((len(t) - 1) // 2 for t in trajectories)
        no_winner += not any(p > 0 for p in payoffs)
        checksum += int(payoffs[0])
    return actions, no_winner, checksum


def engine(games, seed, num_players=2):
    """UnoGame directly. Returns (player actions, games without a winner, checksum)."""
    rng = random.Random(seed)
    game = UnoGame(num_players=num_players)
    game.np_random = np.random.RandomState(seed)
    actions = 0
    no_winner = 0
    checksum = 0
    for _ in range(games):
        game.init_game()
        while not game.is_over():
            game.step(rng.choice(game.get_legal_actions()))
            actions += 1
        winner = game.round.winner
        no_winner += not winner
        checksum += winner[0] if winner else -1
    return actions, no_winner, checksum


def measure(path, fn, games, seed, repeats, players):
    best = None
    best_cpu = None
    result = None
    for _ in range(repeats):
        c0 = time.process_time()
        t0 = time.perf_counter()
        r = fn(games, seed)
        dt = time.perf_counter() - t0
        dc = time.process_time() - c0
        if result is not None and r != result:
            sys.exit(f"not reproducible: {path}: {r} != {result}")
        result = r
        best = dt if best is None else min(best, dt)
        best_cpu = dc if best_cpu is None else min(best_cpu, dc)
    actions, no_winner, _ = result
    return (f"rlcard {RLCARD_VERSION}", f"uno({players}p)", path, games, best,
            games / best, best_cpu, games / best_cpu, actions / games, no_winner / games)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeats", type=int, default=3, help="runs per measurement; the best is reported")
    ap.add_argument("--scale", type=float, default=1.0, help="multiply every game count (e.g. 0.1 for a smoke test)")
    ap.add_argument("--players", default="2,4",
                    help="player counts to time through the engine (default 2,4: RLCard's "
                         "default and our Quattro's); env.run is always 2 players")
    args = ap.parse_args()

    env = rlcard.make("uno", config={"seed": args.seed})
    env.reset()  # deals: count the whole deck, wherever its cards are
    deck = (len(env.game.dealer.deck) + sum(len(p.hand) for p in env.game.players)
            + len(env.game.round.played_cards))
    print(f"# rlcard {RLCARD_VERSION}, numpy {np.__version__}, Python {platform.python_version()}, "
          f"seed {args.seed}, best of {args.repeats}, one thread")
    print(f"# uno: {env.num_players} players (default game_num_players), {deck}-card deck, "
          f"{env.num_actions} action ids")

    def n(x):
        return max(1, int(x * args.scale))

    rows = [measure("env.run", env_run, n(1_000), args.seed, args.repeats, 2)]
    for players in (int(p) for p in args.players.split(",") if p):
        rows.append(measure("engine", lambda g, s: engine(g, s, players), n(3_000),
                            args.seed, args.repeats, players))

    print("\t".join(("tool", "game", "path", "games", "seconds", "games/s", "cpu s",
                     "games/cpu s", "actions/game", "no winner")))
    for tool, game, path, games, secs, gps, cpu, gpc, apg, nw in rows:
        print(f"{tool}\t{game}\t{path}\t{games}\t{secs:.3f}\t{gps:.0f}\t{cpu:.3f}\t{gpc:.0f}"
              f"\t{apg:.1f}\t{100 * nw:.1f}%")


if __name__ == "__main__":
    main()
