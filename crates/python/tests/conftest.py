"""What the test files share: finding the games' binaries, and playing AEC games.

A binary is found in $CARDS_BIN_DIR (default: $CARGO_TARGET_DIR/debug, or target/debug
at the repository root); a test that needs it (through the `binary` fixture) is skipped
without it, unless $CARDS_REQUIRE_BINARIES is set (as .ci/checks.d/30-python.sh sets
it), when it fails.

The test files import the game loops from here (`from conftest import ...`: pytest puts
this directory on sys.path, and the module is the one pytest loaded).
"""

import os
import random
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[3]


def find_binary(name):
    """The path of the workspace's binary `name`, or the test skipped (failed under
    $CARDS_REQUIRE_BINARIES) without it."""
    directory = os.environ.get("CARDS_BIN_DIR") or str(
        Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target")) / "debug"
    )
    path = Path(directory) / name
    if not path.exists():
        if os.environ.get("CARDS_REQUIRE_BINARIES"):
            pytest.fail(f"{path} is missing: cargo build -p {name}")
        pytest.skip(f"{path} is missing: cargo build -p {name}")
    return str(path)


@pytest.fixture
def binary():
    """`binary(name)`: the path of the workspace's binary `name` (see find_binary)."""
    return find_binary


def play_aec(e, seed, choose, on_step=None):
    """Plays one game of the AEC environment `e` from `reset(seed=seed)`: at each
    decision `on_step(e, agent, obs, legal)` looks at the position (`legal` the mask's
    actions), then `choose(legal)` gives the action. Returns the trajectory (agent,
    observation bytes, action, reward as `last()` gives it) and each agent's reward
    at its end."""
    e.reset(seed=seed)
    trajectory, rewards = [], {}
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        if term or trunc:
            rewards[agent] = reward
            action = None
        else:
            legal = np.flatnonzero(obs["action_mask"]).tolist()
            if on_step:
                on_step(e, agent, obs, legal)
            action = choose(legal)
        trajectory.append((agent, obs["observation"].tobytes(), action, reward))
        e.step(action)
    return trajectory, rewards


def random_game(e, seed, policy_seed=None, on_step=None):
    """`play_aec` with uniform random choices from the mask, drawn from
    `random.Random(policy_seed)` (`seed` if None)."""
    rng = random.Random(seed if policy_seed is None else policy_seed)
    return play_aec(e, seed, rng.choice, on_step)


def assert_seeded_games_replay(random_game, seeds, *args):
    """`random_game(seed, *args)` (a test file's random game) plays the same game twice
    for each of `seeds`, and seeds 1 and 2 under one policy are different games (their
    chance differs)."""
    for seed in seeds:
        assert random_game(seed, *args) == random_game(seed, *args)
    assert random_game(1, *args, policy_seed=0) != random_game(2, *args, policy_seed=0)
