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

from _bench import Table, aec_games, batch_bytes, best, options, output, release_binary, state_games
from cardgames import WarState, war


def main():
    args, n = options()
    seed, repeats = args.seed, args.repeats
    table = Table(unit="battles", cpu=True)
    for players in (2, 4):
        runs = (
            # War's one action: the mask's first (and only) legal action, or 0.
            ("aec", n(200), lambda games: aec_games(war.env(players=players), games, seed, lambda legal: int(legal[0]))),
            ("state", n(3000), lambda games: state_games(WarState(0, players), games, seed, lambda s: 0)),
        )
        for name, games, run in runs:
            secs, cpus, battles = best(repeats, lambda: run(games))
            table.row(f"{name} ({players} players)", games, secs, cpus, battles)
    binary = release_binary("WAR_BIN", "war")
    for players in (2, 4):
        games = n(100_000)
        secs, cpus, _ = best(repeats, lambda: batch_bytes(war.play_batch(games, seed, players)))
        table.row(f"play_batch {players} players", games, secs, cpus)
        cmd = [binary, "simulate", "--players", str(players), "--seed", str(seed),
               "--threads", "1", "--games", str(games)]
        secs, cpus, _ = best(repeats, lambda: output(cmd))
        table.row(f"war simulate {players} players", games, secs, cpus)


if __name__ == "__main__":
    main()
