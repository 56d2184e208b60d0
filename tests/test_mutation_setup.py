"""The mutation run's set-up (docs/mutation.md): every module whose import-time work a mutant
can change is rebuilt, in an order where each module comes after what it imports."""

from __future__ import annotations

import ast
from pathlib import Path

from test_answers import _mutated_first

from conftest import CHESSVIZ_MODULES, _fix_the_mutant_under_test, modules_to_rebuild

ROOT = Path(__file__).resolve().parents[1]
NOT_RELOADED = {"chessviz", "chessviz.web.serve"}  # the version string; make serve's command line


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def top_level_chessviz_imports(path: Path, name: str) -> set[str]:
    """The chessviz modules a module imports when it is loaded (not inside functions)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
            target = f"{base}.{node.module}" if node.module else base
            found |= {target} if node.module else {f"{base}.{alias.name}" for alias in node.names}
    return found


def test_every_module_is_rebuilt_after_the_modules_it_imports():
    modules = {module_name(p): p for p in (ROOT / "chessviz").rglob("*.py")}
    assert set(CHESSVIZ_MODULES) == set(modules) - NOT_RELOADED
    position = {name: i for i, name in enumerate(CHESSVIZ_MODULES)}
    for name in CHESSVIZ_MODULES:
        for imported in top_level_chessviz_imports(modules[name], name) & set(position):
            if imported != "chessviz.web":  # the package: its __init__ is rebuilt last, its ROOT never changes
                assert position[imported] < position[name], (name, imported)


def test_a_mutant_rebuilds_its_module_and_every_module_that_imports_it():
    modules = {module_name(p): p for p in (ROOT / "chessviz").rglob("*.py")}
    importers = {name: set() for name in modules}
    for name, path in modules.items():
        for imported in top_level_chessviz_imports(path, name) & set(modules):
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
    assert modules_to_rebuild("chessviz.errors.x_one_of__mutmut_3") == CHESSVIZ_MODULES
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
