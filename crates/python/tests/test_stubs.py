"""The package is typed (PEP 561): ``py.typed`` and the native module's stubs,
``cardgames/_native.pyi``, ship with it (these tests read them from the installed
package, so a wheel without them fails), and the stubs name exactly what the native
module has: every public name, every class's public attributes, and each function's
and method's parameters with their defaults, as the module itself reports them
(PyO3's ``__text_signature__``)."""

import ast
import inspect
from pathlib import Path

import pytest

import cardgames
from cardgames import _native

PACKAGE = Path(cardgames.__file__).resolve().parent
STUB = ast.parse((PACKAGE / "_native.pyi").read_text(encoding="utf-8"))


def public(names):
    return {name for name in names if not name.startswith("_")}


def stub_items(body):
    """The names a stub body defines: functions, classes and annotated attributes."""
    items = {}
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            items[node.name] = node
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            items[node.target.id] = node
        elif isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            items[node.targets[0].id] = node
    return items


STUBBED = stub_items(STUB.body)
CLASSES = sorted(name for name in public(dir(_native)) if inspect.isclass(getattr(_native, name)))
FUNCTIONS = sorted(name for name in public(dir(_native)) if not inspect.isclass(getattr(_native, name)))


def stub_parameters(function, method):
    """``(name, default)`` of each parameter of a stub's ``def`` (None: no default;
    the source text of the default otherwise), without ``self``/``cls``."""
    args = function.args
    positional = args.posonlyargs + args.args
    defaults = [None] * (len(positional) - len(args.defaults)) + [ast.unparse(d) for d in args.defaults]
    params = list(zip((a.arg for a in positional), defaults))
    params += [(a.arg, None if d is None else ast.unparse(d)) for a, d in zip(args.kwonlyargs, args.kw_defaults)]
    if args.kwarg:
        params.append(("**" + args.kwarg.arg, None))
    return params[1:] if method else params


def native_parameters(callable_):
    """The same for the native callable, from its text signature."""
    params = []
    for p in inspect.signature(callable_).parameters.values():
        if p.name in ("self", "cls"):
            continue
        if p.kind is p.VAR_KEYWORD:
            params.append(("**" + p.name, None))
        elif p.default is p.empty:
            params.append((p.name, None))
        else:
            params.append((p.name, repr(p.default).replace("'", '"')))
    return params


def assert_same_parameters(stub, native):
    assert len(stub) == len(native), (stub, native)
    for (name, default), (native_name, native_default) in zip(stub, native):
        assert name == native_name
        # PyO3 shows a default it cannot write as `...`: the stubs would not know it.
        assert native_default != "Ellipsis", name
        assert (default is None) == (native_default is None), (name, default, native_default)
        if default is not None:
            assert ast.literal_eval(default) == ast.literal_eval(native_default), name


def test_the_package_is_typed():
    # PEP 561: the marker that type checkers look for, next to the stubs.
    assert (PACKAGE / "py.typed").is_file()
    assert (PACKAGE / "_native.pyi").is_file()


def test_the_stubs_name_every_public_name_of_the_module_and_nothing_else():
    assert set(STUBBED) - {"_Option", "__all__"} == public(dir(_native))
    assert ast.literal_eval(STUBBED["__all__"].value) == _native.__all__
    assert len(CLASSES) == 9 and len(FUNCTIONS) == 4


@pytest.mark.parametrize("name", CLASSES)
def test_each_class_has_its_attributes_in_the_stubs(name):
    cls = getattr(_native, name)
    stub = STUBBED[name]
    assert isinstance(stub, ast.ClassDef)
    attributes = public(set(dir(cls)) - set(dir(object)))
    assert set(stub_items(stub.body)) - {"__new__"} == attributes
    # The constructor, and every method, with the module's parameters and defaults.
    assert_same_parameters(stub_parameters(stub_items(stub.body)["__new__"], True), native_parameters(cls))
    for attribute in attributes:
        node = stub_items(stub.body)[attribute]
        native = inspect.getattr_static(cls, attribute)
        if callable(native) and isinstance(node, ast.FunctionDef):
            static = isinstance(native, staticmethod) or any(
                isinstance(d, ast.Name) and d.id == "staticmethod" for d in node.decorator_list
            )
            assert_same_parameters(
                stub_parameters(node, not static), native_parameters(getattr(cls, attribute))
            )
        else:
            # A getter is a property in the stubs; a class constant an annotated name.
            decorators = [ast.unparse(d) for d in getattr(node, "decorator_list", [])]
            assert decorators == ["property"] or isinstance(node, ast.AnnAssign), attribute


@pytest.mark.parametrize("name", FUNCTIONS)
def test_each_function_has_its_parameters_in_the_stubs(name):
    stub = STUBBED[name]
    assert isinstance(stub, ast.FunctionDef)
    assert_same_parameters(stub_parameters(stub, False), native_parameters(getattr(_native, name)))


def test_play_wars_written_out_default_is_the_games():
    # play_war's text signature spells out Rules::DEFAULT_MAX_BATTLES; WarState's
    # setup takes the game's own default.
    default = inspect.signature(_native.play_war).parameters["max_battles"].default
    assert default == _native.WarState().max_battles == 100_000


def test_a_stub_that_misses_a_name_or_parameter_is_caught():
    # The comparison itself: a parameter left out or renamed is seen.
    with pytest.raises(AssertionError):
        assert_same_parameters([("games", None)], native_parameters(_native.play_war))
    with pytest.raises(AssertionError):
        assert_same_parameters(
            [("games", None), ("sead", "1"), ("players", "2"), ("order", '"shuffled"'), ("max_battles", "100000")],
            native_parameters(_native.play_war),
        )
