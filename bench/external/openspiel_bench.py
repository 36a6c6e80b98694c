#!/usr/bin/env python3
"""Games per second of OpenSpiel's `pig` and `crazy_eights` with uniform random players.

Two paths for each game:

  python-loop    the usual Python loop: new_initial_state(), then until terminal a
                 chance node samples from chance_outcomes() (random.Random.choices),
                 a player node picks a uniform random legal action, apply_action().
  evaluate_bots  the whole game in C++: pyspiel.evaluate_bots(state, bots, seed) with
                 pyspiel.make_uniform_random_bot(player, seed) bots (Python only
                 starts each game).

Every run is seeded: the same arguments play the same games. Each measurement is
the best of --repeats runs (3), each run replaying the same seeded games, on one
thread. Run it with the venv made by setup.sh:

    /work/venv-bench/bin/python bench/external/openspiel_bench.py
"""

import argparse
import platform
import random
import sys
import time

import pyspiel

try:
    from importlib.metadata import version as _pkg_version

    OPEN_SPIEL_VERSION = _pkg_version("open_spiel")
except Exception:  # pragma: no cover - only for odd installs
    OPEN_SPIEL_VERSION = "unknown"


# (label, game name, parameters, games per run for the Python loop, for evaluate_bots)
# The counts make a run last about one to three seconds on a loaded 2-core machine.
CASES = [
    # Default pig: 2 players, one six-sided die, first to 100, horizon 1000 actions
    # (random bots finish far sooner: the "no winner" column shows it never bites).
    ("pig", "pig", {}, 3_000, 50_000),
    ("crazy_eights", "crazy_eights", {}, 3_000, 30_000),
    # Closer to our Ochos Locos completos in player count (still 52 cards).
    ("crazy_eights(players=4)", "crazy_eights", {"players": 4}, 3_000, 30_000),
]


def python_loop(game, games, seed):
    """Plays `games` games in Python. Returns (actions, player decisions, stats)."""
    rng = random.Random(seed)
    total_actions = 0
    decisions = 0
    no_winner = 0
    checksum = 0.0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, weights=probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
        total_actions += len(state.history())
        returns = state.returns()
        no_winner += not _has_winner(game, returns)
        checksum += sum(i * r for i, r in enumerate(returns))
    return total_actions, decisions, no_winner, checksum


def cpp_evaluate_bots(game, games, seed):
    """Plays `games` games with pyspiel.evaluate_bots. Returns (actions, None, stats)."""
    bots = [
        pyspiel.make_uniform_random_bot(p, seed * 1000 + p)
        for p in range(game.num_players())
    ]
    total_actions = 0
    no_winner = 0
    checksum = 0.0
    for g in range(games):
        state = game.new_initial_state()
        returns = pyspiel.evaluate_bots(state, bots, seed * 1_000_003 + g)
        # evaluate_bots plays on the state it is given, so its history is the game.
        total_actions += len(state.history())
        no_winner += not _has_winner(game, returns)
        checksum += sum(i * r for i, r in enumerate(returns))
    return total_actions, None, no_winner, checksum


def _has_winner(game, returns):
    name = game.get_type().short_name
    if name == "pig":
        # +1 for the winner; all zeros when the horizon ended the game.
        return max(returns) > 0
    if name == "crazy_eights":
        # A player's return is minus the penalty of the cards in hand: 0 only for a
        # player who played out. Games also end after max_turns card plays, or when
        # the deck is empty and everyone passes, with nobody out.
        return max(returns) == 0
    return True


def measure(label, game, path, games, seed, repeats):
    fn = python_loop if path == "python-loop" else cpp_evaluate_bots
    best = None
    best_cpu = None
    result = None
    for _ in range(repeats):
        c0 = time.process_time()
        t0 = time.perf_counter()
        r = fn(game, games, seed)
        dt = time.perf_counter() - t0
        dc = time.process_time() - c0
        if result is not None and r != result:
            sys.exit(f"not reproducible: {label} {path}: {r} != {result}")
        result = r
        best = dt if best is None else min(best, dt)
        best_cpu = dc if best_cpu is None else min(best_cpu, dc)
    actions, decisions, no_winner, _ = result
    return {
        "tool": f"open_spiel {OPEN_SPIEL_VERSION}",
        "game": label,
        "path": path,
        "games": games,
        "seconds": best,
        "games_per_s": games / best,
        "cpu_seconds": best_cpu,
        "games_per_cpu_s": games / best_cpu,
        "mean_actions": actions / games,
        "mean_decisions": None if decisions is None else decisions / games,
        "no_winner": no_winner / games,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeats", type=int, default=3, help="runs per measurement; the best is reported")
    ap.add_argument("--scale", type=float, default=1.0, help="multiply every game count (e.g. 0.1 for a smoke test)")
    ap.add_argument("--only", default="", help="comma-separated labels to run (default: all)")
    args = ap.parse_args()

    print(f"# open_spiel {OPEN_SPIEL_VERSION}, Python {platform.python_version()}, "
          f"seed {args.seed}, best of {args.repeats}, one thread")
    only = {s for s in args.only.split(",") if s}
    rows = []
    for label, name, params, n_py, n_cpp in CASES:
        if only and label not in only:
            continue
        game = pyspiel.load_game(name, params)
        print(f"# {label}: {game.get_parameters()}, {game.num_players()} players")
        for path, n in (("python-loop", n_py), ("evaluate_bots", n_cpp)):
            games = max(1, int(n * args.scale))
            rows.append(measure(label, game, path, games, args.seed, args.repeats))

    header = ("tool", "game", "path", "games", "seconds", "games/s", "cpu s", "games/cpu s",
              "actions/game", "decisions/game", "no winner")
    print("\t".join(header))
    for r in rows:
        print("\t".join([
            r["tool"], r["game"], r["path"], str(r["games"]),
            f"{r['seconds']:.3f}", f"{r['games_per_s']:.0f}",
            f"{r['cpu_seconds']:.3f}", f"{r['games_per_cpu_s']:.0f}",
            f"{r['mean_actions']:.1f}",
            "-" if r["mean_decisions"] is None else f"{r['mean_decisions']:.1f}",
            f"{100 * r['no_winner']:.1f}%",
        ]))


if __name__ == "__main__":
    main()
