"""What `make mutate` needs from the suite, as a pytest plugin (loaded by tests/conftest.py; it
does nothing unless mutmut runs a mutant): chessviz's import-time work rebuilt with the mutant
active, mutmut's trampolines made cheap, and a mutant's tests run fastest first.
docs/mutation.md tells why each is needed."""

from __future__ import annotations

import ast
import graphlib
import json
import os
from pathlib import Path
from types import FunctionType

PACKAGE = Path(__file__).resolve().parents[1] / "chessviz"
# Not rebuilt: the version string, and make serve's command line (nothing is built from it at import).
NOT_RELOADED = frozenset({"chessviz", "chessviz.web.serve"})
# The web package's __init__ builds the app from everything else: rebuilt last.
LAST = "chessviz.web"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def top_level_imports(path: Path, name: str) -> set[str]:
    """The chessviz modules a module imports when it is loaded (its relative imports outside functions)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
            found |= {f"{base}.{node.module}"} if node.module else {f"{base}.{alias.name}" for alias in node.names}
    return found


def import_order() -> list[str]:
    """chessviz's modules, each after the modules it imports at load time, read from the sources
    (a new module needs no list kept by hand); ties broken by name, so the order is stable."""
    paths = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}
    graph = {
        name: (top_level_imports(path, name) & paths.keys()) - NOT_RELOADED - {LAST}
        for name, path in paths.items()
        if name not in NOT_RELOADED | {LAST}
    }
    sorter = graphlib.TopologicalSorter(graph)
    sorter.prepare()
    order = []
    while sorter.is_active():
        ready = sorted(sorter.get_ready())
        order += ready
        sorter.done(*ready)
    return [*order, LAST]


CHESSVIZ_MODULES = import_order()


def modules_to_rebuild(mutant: str) -> list[str]:
    """The modules whose import-time work the mutant `mutant` (mutmut's name for it) can change.

    Its own module and every module after it in CHESSVIZ_MODULES (the import order, so every
    module that may import it); the endpoint modules from chessviz.web.api on always together,
    since reloading api starts its list of endpoints afresh and each endpoint module adds to it.
    """
    module = mutant.rpartition(".")[0]
    if module not in CHESSVIZ_MODULES:
        return []  # make serve's command line: nothing is built from it at import
    return CHESSVIZ_MODULES[min(CHESSVIZ_MODULES.index(module), CHESSVIZ_MODULES.index("chessviz.web.api")) :]


def _fix_the_mutant_under_test(mutant: str) -> None:
    """Make mutmut's trampolines name the active mutant without reading the environment.

    Every call of a chessviz function under mutation goes through a trampoline that asks
    `get_mutant_under_test()`, which reads `os.environ` each time: half of a mutant's run went
    there (the suite's first test makes millions of calls). A mutant's run is a forked process
    that tests one mutant, so the answer is fixed for its whole life. Only mutmut's lookup is
    replaced; which function a trampoline calls is unchanged.
    """
    from mutmut.mutation import trampoline

    if callable(getattr(trampoline, "get_mutant_under_test", None)):
        trampoline.get_mutant_under_test = lambda: mutant


def call_straight_through(mutant: str, modules) -> None:
    """Point every mutmut trampoline in `modules` at the one function it will call for `mutant`.

    A trampoline decides at each call which version of its function to run: the mutant, if the
    active mutant is one of its function's, else the original. In a mutant's run that choice
    never changes, yet making it (copying the arguments, comparing names) still cost more than
    the calls themselves. This makes it once: each trampoline's wrapper calls the chosen
    function directly, so which code runs is exactly what the trampoline would have run.
    Wrappers of class methods, which choose by the class they are called on, are left alone.
    """
    module_name, _, mutant_name = mutant.rpartition(".")
    for module in modules:
        found = list(vars(module).values())  # type(), not isinstance: Flask's request proxy raises outside a request
        found += [member for cls in found if type(cls) is type for member in vars(cls).values()]
        for wrapper in found:
            if type(wrapper) is not FunctionType or not wrapper.__code__.co_freevars:
                continue
            cells = dict(zip(wrapper.__code__.co_freevars, wrapper.__closure__, strict=True))
            trampoline = getattr(cells.get("trampoline"), "cell_contents", None)
            if getattr(trampoline, "__module__", None) != "mutmut.mutation.trampoline":
                continue
            chosen = dict(zip(trampoline.__code__.co_freevars, (c.cell_contents for c in trampoline.__closure__), strict=True))
            if chosen["is_classmethod"]:
                continue
            versions = chosen["mutants_dict"]
            own = chosen["decorated_func"].__module__ == module_name and mutant_name in versions
            cells["trampoline"].cell_contents = versions[mutant_name] if own else versions["_mutmut_orig"]


def pytest_sessionstart(session):
    """Under mutation testing (`make mutate`), rebuild chessviz's import-time work with the mutant active.

    mutmut forks each mutant's run from a process that imported chessviz and ran the suite
    clean, so the tables built at import (line masks, the routine table, the declared
    endpoints) and the caches (the audit) would be the clean code's, and their mutants
    would live whatever the tests say. Re-running the modules the mutant can change, in
    place, fixes that. Their compiled code is kept on disk (mutmut's copies of chessviz are
    large: compiling them again took most of a mutant's run).
    """
    mutant = os.environ.get("MUTANT_UNDER_TEST", "")
    if "__mutmut_" not in mutant:
        return
    import importlib
    import sys

    _fix_the_mutant_under_test(mutant)
    sys.dont_write_bytecode = False
    for name in modules_to_rebuild(mutant):
        if name in sys.modules:
            importlib.reload(sys.modules[name])
    call_straight_through(mutant, [module for name, module in sys.modules.items() if name.split(".")[0] == "chessviz"])


def pytest_collection_modifyitems(items):
    """Under mutation testing, run a mutant's tests fastest first.

    mutmut hands each mutant the tests that cover it in no particular order and stops at the
    first failure (`-x`), so a mutant that a 0.01 s test kills could first wait for the 20 s
    exhaustive ones. The order changes only how soon a mutant dies, never whether: every test
    still runs for a mutant that lives. Durations are those mutmut measured on the clean code.
    """
    if "__mutmut_" not in os.environ.get("MUTANT_UNDER_TEST", ""):
        return
    try:
        duration = json.loads(Path("mutmut-stats.json").read_text())["duration_by_test"]
    except (OSError, ValueError, KeyError):
        return
    items.sort(key=lambda item: duration.get(item.nodeid, float("inf")))
