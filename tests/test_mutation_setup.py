"""The mutation run's set-up (docs/mutation.md): every module whose import-time work a mutant
can change is rebuilt, in an order where each module comes after what it imports."""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import CHESSVIZ_MODULES, modules_to_rebuild

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
