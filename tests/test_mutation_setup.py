"""The mutation run's set-up (docs/mutation.md): every module whose import-time work a mutant
can change is rebuilt, in an order where each module comes after what it imports."""

from __future__ import annotations

import ast
import importlib
import tomllib
import types

from test_answers import _mutated_first

from mutation_plugin import (
    CHESSVIZ_MODULES,
    PACKAGE,
    _fix_the_mutant_under_test,
    module_name,
    modules_to_rebuild,
    top_level_imports,
)

NOT_RELOADED = {"chessviz", "chessviz.web.serve"}  # the version string; make serve's command line


def test_every_module_is_rebuilt_after_the_modules_it_imports():
    """The order is read from the sources; held here to what the loaded modules hold: every chessviz
    module or object a module's namespace refers to comes from a module rebuilt before it."""
    modules = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    assert set(CHESSVIZ_MODULES) == set(modules) - NOT_RELOADED
    assert CHESSVIZ_MODULES[-1] == "chessviz.web"  # the package that builds the app from the rest
    position = {name: i for i, name in enumerate(CHESSVIZ_MODULES)}
    for name in CHESSVIZ_MODULES[:-1]:
        module = importlib.import_module(name)
        for value in vars(module).values():
            source = value.__name__ if isinstance(value, types.ModuleType) else getattr(value, "__module__", None)
            if isinstance(source, str) and source in position and source != name:
                assert position[source] < position[name], (name, source)


def test_a_mutant_rebuilds_its_module_and_every_module_that_imports_it():
    modules = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    importers = {name: set() for name in modules}
    for name, path in modules.items():
        for imported in top_level_imports(path, name) & set(modules):
            importers[imported].add(name)

    def everyone_importing(name: str) -> set[str]:
        found, todo = set(), [name]
        while todo:
            for importer in importers[todo.pop()] - found:
                found.add(importer)
                todo.append(importer)
        return found

    endpoints = set(CHESSVIZ_MODULES[CHESSVIZ_MODULES.index("chessviz.web.api") :])
    for name in CHESSVIZ_MODULES:
        rebuilt = modules_to_rebuild(f"{name}.x_anything__mutmut_1")
        assert rebuilt == sorted(rebuilt, key=CHESSVIZ_MODULES.index) and name in rebuilt
        assert everyone_importing(name) - NOT_RELOADED <= set(rebuilt), name
        assert set(rebuilt) >= endpoints if name in endpoints else True
    assert modules_to_rebuild(f"{CHESSVIZ_MODULES[0]}.x_one_of__mutmut_3") == CHESSVIZ_MODULES
    assert modules_to_rebuild("chessviz.web.api_wiki.x_color__mutmut_1")[0] == "chessviz.web.api"
    assert modules_to_rebuild("chessviz.web.serve.x_main__mutmut_1") == []
    assert modules_to_rebuild("chessviz.web.memo.xǁAnswerMemoǁ__call____mutmut_2")[0] == "chessviz.web.memo"


def test_a_mutant_s_run_names_its_mutant_without_reading_the_environment(monkeypatch):
    from mutmut.mutation import trampoline

    monkeypatch.setattr(trampoline, "get_mutant_under_test", trampoline.get_mutant_under_test)  # put back after
    _fix_the_mutant_under_test("chessviz.lines.x_line_kind__mutmut_7")
    assert trampoline.get_mutant_under_test() == "chessviz.lines.x_line_kind__mutmut_7"
    monkeypatch.setenv("MUTANT_UNDER_TEST", "chessviz.squares.x_bit_of__mutmut_1")
    assert trampoline.get_mutant_under_test() == "chessviz.lines.x_line_kind__mutmut_7"


def test_the_first_test_checks_the_mutated_module_first_and_everything_always():
    parts = [
        (("squares", "lines"), "masks"),
        (("audit",), "audit"),
        (("web", "errors"), "endpoints"),
        (("code_tasks", "web.api_code"), "code"),
    ]

    def order(mutant):
        return [name for _, name in _mutated_first(parts, mutant)]

    assert order("") == order("stats") == ["masks", "audit", "endpoints", "code"]
    assert order("chessviz.code_tasks.x__tasks__mutmut_5") == ["code", "masks", "audit", "endpoints"]
    assert order("chessviz.web.api_code.x_code_truth__mutmut_2") == ["endpoints", "code", "masks", "audit"]
    assert order("chessviz.web.memo.xǁAnswerMemoǁ__call____mutmut_2") == ["endpoints", "masks", "audit", "code"]
    assert order("chessviz.lines.x_line_kind__mutmut_7") == ["masks", "audit", "endpoints", "code"]
    assert order("chessviz.audit.x__routines__mutmut_9") == ["audit", "masks", "endpoints", "code"]
    assert order("chessviz.position.x_parse_fen__mutmut_1") == ["masks", "audit", "endpoints", "code"]
    assert order("chessviz.web_extra.x_f__mutmut_1") == ["masks", "audit", "endpoints", "code"]  # "web" is not a prefix of it


def test_every_test_left_out_of_the_mutation_runs_exists():
    """A renamed test would silently come back into `make mutate` (and fail it there, as a test that
    starts the app from another folder does): every --deselect names a test file, and a test in it."""
    args = tomllib.loads((PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mutmut"]["pytest_add_cli_args"]
    left_out = [args[i + 1] for i, arg in enumerate(args) if arg == "--deselect"]
    assert left_out
    for node in left_out:
        path, _, name = node.partition("::")
        source = (PACKAGE.parent / path).read_text(encoding="utf-8")
        assert not name or f"def {name}(" in source, node


def test_every_test_of_the_classroom_server_process_is_left_out_of_the_mutation_runs():
    """A test that asks for test_server.py's `server` fixture, or calls its start_serve, starts `make
    serve`'s module in a process of its own, where mutated code cannot find mutmut's settings: one
    not left out stops the whole `make mutate` at its first step (collecting which tests reach which
    function), as the Ctrl-C test and a new one did."""
    args = tomllib.loads((PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mutmut"]["pytest_add_cli_args"]
    left_out = {args[i + 1] for i, arg in enumerate(args) if arg == "--deselect"}
    tree = ast.parse((PACKAGE.parent / "tests" / "test_server.py").read_text(encoding="utf-8"))
    starting = [
        f"tests/test_server.py::{node.name}"
        for node in tree.body
        if isinstance(node, ast.FunctionDef)
        and node.name.startswith("test_")
        and ("server" in [a.arg for a in node.args.args] or "start_serve(" in ast.unparse(node))
    ]
    assert len(starting) >= 5
    assert [test for test in starting if test not in left_out] == []
