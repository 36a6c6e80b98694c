"""Each game's ``env``, ``parallel_env`` and ``raw_env`` take the game's options by
name, with their defaults, so ``help()`` and an editor show them (not ``**kwargs``), and
a keyword that is none of them is refused naming it."""

import inspect
import pydoc

import pytest

from cardgames import ochos_locos, pig, quattro, war

# As docs/python.md writes each environment's heading.
SIGNATURES = {
    pig: "(rules='two-dice', goal=100, render_mode=None, max_cycles=None)",
    ochos_locos: "(rules='completos', players=None, render_mode=None, max_cycles=None)",
    quattro: "(rules='quattro', max_turns=1000, render_mode=None, max_cycles=None)",
    war: "(players=2, order='shuffled', max_battles=100000, render_mode=None, max_cycles=None)",
}
MODULES = list(SIGNATURES)


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_the_factories_show_their_arguments(module):
    for factory in (module.env, module.parallel_env):
        assert str(inspect.signature(factory)) == SIGNATURES[module]
        # help() shows them, and the docstring says what each is.
        assert f"{factory.__name__}{SIGNATURES[module]}" in pydoc.render_doc(factory, renderer=pydoc.plaintext)
    for name in inspect.signature(module.env).parameters:
        assert f"``{name}``" in module.env.__doc__
    init = inspect.signature(module.raw_env.__init__)
    assert str(init.replace(parameters=list(init.parameters.values())[1:])) == SIGNATURES[module]


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_an_unknown_keyword_is_refused_naming_it(module):
    for factory in (module.env, module.parallel_env, module.raw_env):
        with pytest.raises(TypeError, match="unexpected keyword argument 'colour'"):
            factory(colour="red")


def test_the_arguments_reach_the_game():
    assert pig.env(goal=50, rules="classic").unwrapped.state_.setup() == {"rules": "classic", "goal": "50"}
    assert ochos_locos.env(rules="faciles", players=5).unwrapped.possible_agents[-1] == "player_4"
    assert quattro.parallel_env(rules="uno", max_turns=7).unwrapped.state_.setup()["max-turns"] == "7"
    e = war.parallel_env(players=3, order="fixed", max_battles=9, render_mode="ansi", max_cycles=4)
    assert (e.unwrapped.state_.players, e.unwrapped.state_.order, e.unwrapped.state_.max_battles) == (3, "fixed", 9)
    assert (e.unwrapped.render_mode, e.unwrapped.max_cycles) == ("ansi", 4)
