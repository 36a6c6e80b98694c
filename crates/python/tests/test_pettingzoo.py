"""PettingZoo's own tests on every module, and `max_cycles` and `parallel_env` against
PettingZoo's semantics.

PettingZoo's runner gives its turn-based ("classic") games `api_test`, `seed_test` and
`render_test`, and keeps `parallel_api_test` and `max_cycles_test` for the others; here
every module gets all five: `parallel_api_test` passes on each `parallel_env`, and
`max_cycles_test`, which assumes every agent moves once a cycle and samples actions
without their mask, fails on each for the reasons docs/python.md gives (checked below,
so that a change in either is seen). What `max_cycles` promises is checked directly:
after that many moves every agent is truncated, with no reward, and steps out once.
"""

import random
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, max_cycles_test, parallel_api_test, render_test, seed_test

from cardgames import ochos_locos, pig, quattro, war

from conftest import play_aec

# Every module under every rule set the CI's API check covers.
SETTINGS = (
    [(pig, {"rules": rules}) for rules in ("two-dice", "classic")]
    + [(ochos_locos, {"rules": rules}) for rules in ochos_locos.RULES]
    + [(ochos_locos, {"rules": "completos", "players": players}) for players in (2, 6)]
    + [(quattro, {"rules": rules}) for rules in ("quattro", "uno")]
    + [(war, {"players": players}) for players in (2, 4, 8)]
)
IDS = [f"{module.__name__.split('.')[-1]}-{'-'.join(map(str, kwargs.values()))}" for module, kwargs in SETTINGS]
MODULES = [pig, ochos_locos, quattro, war]

# What api_test says of every dict observation outside PettingZoo's own list of games
# (its classic games use the same {"observation", "action_mask"} dict and are listed).
INFORMATIONAL = {
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
}


def only_informational(run):
    """Runs `run()` and fails on any warning but the two informational ones."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        run()
    assert {str(w.message) for w in caught} <= INFORMATIONAL


@pytest.mark.parametrize("module,kwargs", SETTINGS, ids=IDS)
def test_api_test_warns_only_of_the_dict_observation(module, kwargs):
    only_informational(lambda: api_test(module.env(**kwargs), num_cycles=300))
    only_informational(lambda: api_test(module.env(max_cycles=7, **kwargs), num_cycles=300))


@pytest.mark.parametrize("module,kwargs", SETTINGS, ids=IDS)
def test_parallel_api_test(module, kwargs):
    only_informational(lambda: parallel_api_test(module.parallel_env(**kwargs), num_cycles=300))
    only_informational(lambda: parallel_api_test(module.parallel_env(max_cycles=5, **kwargs), num_cycles=300))


@pytest.mark.parametrize("module,kwargs", SETTINGS, ids=IDS)
def test_seed_test_and_render_test(module, kwargs, capsys):
    seed_test(lambda **more: module.env(**kwargs, **more), 50)
    render_test(lambda render_mode=None: module.env(render_mode=render_mode, **kwargs))


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_max_cycles_test_counts_cycles_these_games_do_not_have(module):
    # Its AEC half wants every agent to have moved max_cycles times (Pig's player may
    # roll all the moves, War's actor is always the lowest seat still in), and it
    # samples without the mask (an Ochos Locos or Quattro card not in the hand is
    # refused). Whichever comes first, it fails on every module.
    with pytest.raises((AssertionError, ValueError)):
        max_cycles_test(module)


def masked_choice(rng):
    return lambda legal: rng.choice(legal)


@pytest.mark.parametrize("module,kwargs", SETTINGS, ids=IDS)
@pytest.mark.parametrize("cycles", [1, 3])
def test_max_cycles_truncates_every_agent_after_that_many_moves(module, kwargs, cycles):
    for seed in range(5):
        # The unlimited game under the same policy: its agents, move by move.
        full, _ = play_aec(module.env(**kwargs), seed, masked_choice(random.Random(seed)))
        unlimited = [agent for agent, _, action, _ in full if action is not None]
        e = module.env(max_cycles=cycles, **kwargs)
        moves, dead = [], []
        e.reset(seed=seed)
        rng = random.Random(seed)
        for agent in e.agent_iter():
            obs, reward, term, trunc, _ = e.last()
            if term or trunc:
                if len(unlimited) > cycles:
                    # PettingZoo's truncation: every agent, no reward, nobody may act.
                    assert trunc and not term and reward == 0
                    assert not obs["action_mask"].any()
                else:
                    # A game over by then ends as it does without the limit (Ochos
                    # Locos for 6 has one card in the deck).
                    assert term and not trunc
                dead.append(agent)
                e.step(None)
            else:
                moves.append(agent)
                e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
        # The moves are the unlimited game's first moves.
        assert moves == unlimited[:cycles]
        assert sorted(dead) == sorted(e.possible_agents)
        assert e.agents == []


@pytest.mark.parametrize("module,kwargs", SETTINGS, ids=IDS)
def test_parallel_env_is_the_aec_game_one_move_a_step(module, kwargs):
    seed, cycles = 4, 6
    # The AEC game of seed 4 under a random policy: the agents and observations of its
    # moves.
    full, _ = play_aec(module.env(**kwargs), seed, masked_choice(random.Random(0)))
    moves = [(agent, obs) for agent, obs, action, _ in full if action is not None]
    truncated = len(moves) > cycles
    moves = moves[:cycles]
    par = module.parallel_env(max_cycles=cycles, **kwargs)
    observations, infos = par.reset(seed=seed)
    rng, steps, seen = random.Random(0), 0, []
    active = par.unwrapped.agent_selection
    while par.agents:
        seen.append((active, observations[active]["observation"].tobytes()))
        legal = np.flatnonzero(observations[active]["action_mask"]).tolist()
        # Every agent sends an action; only the active agent's is played.
        actions = {agent: int(par.action_space(agent).sample()) for agent in par.agents}
        actions[active] = rng.choice(legal)
        observations, rewards, terms, truncs, infos = par.step(actions)
        steps += 1
        if par.agents:
            active = infos[active]["active_agent"]
            assert all(info["active_agent"] == active for info in infos.values())
    assert seen == moves
    assert steps == len(moves)
    if truncated:
        # PettingZoo's max_cycles_test's parallel half: exactly max_cycles steps, then
        # every agent truncated with no reward.
        assert all(truncs.values()) and not any(terms.values())
        assert set(rewards.values()) == {0}
    else:
        # Over sooner (Ochos Locos for 6 runs out of deck): the game's own end.
        assert all(terms.values()) and not any(truncs.values())


@pytest.mark.parametrize("bad", [0, -1, 2.5, "3", True])
def test_a_bad_max_cycles_is_refused(bad):
    for module in MODULES:
        with pytest.raises(ValueError, match="max_cycles"):
            module.env(max_cycles=bad)


def test_a_game_that_ends_first_is_a_termination():
    # Pig ends with a winner long before a million moves: max_cycles does not touch it.
    for seed in range(3):
        e = pig.env(max_cycles=1_000_000)
        e.reset(seed=seed)
        ends = {}
        for agent in e.agent_iter():
            _, reward, term, trunc, _ = e.last()
            if term or trunc:
                ends[agent] = (term, trunc, reward)
            e.step(None if term or trunc else 0 if e.unwrapped.state_.observation(0)[3] < 20 else 1)
        assert sorted(ends.values()) == [(True, False, -1), (True, False, 1)]
