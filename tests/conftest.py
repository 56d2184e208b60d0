"""Shared fixtures: the app, a test client, a live server on a free loopback port, and the
browser launch settings for pytest-playwright (a system Chromium, headless)."""

from __future__ import annotations

import os
import shutil
import threading
from pathlib import Path
from types import FunctionType

import pytest
from werkzeug.serving import make_server

from chessviz.web import create_app

ROOT = Path(__file__).resolve().parents[1]
SCREENSHOTS = ROOT / "screenshots"


# chessviz's modules in the order they import each other.
CHESSVIZ_MODULES = [
    "chessviz.errors", "chessviz.squares", "chessviz.pictures", "chessviz.devlog", "chessviz.chapters", "chessviz.lessons",
    "chessviz.datafiles", "chessviz.lines", "chessviz.compass",
    "chessviz.derivation", "chessviz.audit", "chessviz.methods_geometry", "chessviz.methods_search", "chessviz.methods_magic",
    "chessviz.sliding", "chessviz.methods", "chessviz.position", "chessviz.code_tasks", "chessviz.answers",
    "chessviz.questions", "chessviz.classes", "chessviz.classes_feed", "chessviz.classes_redis",
    "chessviz.web.params", "chessviz.web.schemas", "chessviz.web.memo", "chessviz.web.pages", "chessviz.web.serving",
    "chessviz.web.links", "chessviz.web.api", "chessviz.web.api_bitboard", "chessviz.web.api_sliding", "chessviz.web.api_wiki",
    "chessviz.web.api_code", "chessviz.web.api_server", "chessviz.web.api_compass", "chessviz.web.api_methods",
    "chessviz.web.api_classes", "chessviz.web.taps", "chessviz.web.code_worker", "chessviz.web.openapi", "chessviz.web",
]  # fmt: skip


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


def _fastest_first_under_mutation(items):
    """Under mutation testing, run a mutant's tests fastest first.

    mutmut hands each mutant the tests that cover it in no particular order and stops at the
    first failure (`-x`), so a mutant that a 0.01 s test kills could first wait for the 20 s
    exhaustive ones. The order changes only how soon a mutant dies, never whether: every test
    still runs for a mutant that lives. Durations are those mutmut measured on the clean code.
    """
    if "__mutmut_" not in os.environ.get("MUTANT_UNDER_TEST", ""):
        return
    import json

    try:
        duration = json.loads(Path("mutmut-stats.json").read_text())["duration_by_test"]
    except (OSError, ValueError, KeyError):
        return
    items.sort(key=lambda item: duration.get(item.nodeid, float("inf")))


def app_scope(fixture_name, config) -> str:
    """The app's scope: one for the session, but one per test while mutmut records which tests touch
    which function (MUTANT_UNDER_TEST=stats). The app's request hooks and error handlers are closures
    made with the app, so a shared app would charge them to the first test alone, and their mutants
    would run that test only. Fixtures built on the app take the same scope."""
    return "function" if os.environ.get("MUTANT_UNDER_TEST") == "stats" else "session"


@pytest.fixture(scope=app_scope)
def app():
    # Shared answers and static encodings are made when first asked for, not all at start as
    # `make serve` makes them: a test pays only for what it asks (under mutation testing, every
    # mutant's run builds the app again). test_serving.py holds both ways to the same bytes.
    return create_app({"TESTING": True, "PREPARE_AT_START": False})


@pytest.fixture(scope=app_scope)
def client(app):
    return app.test_client()


@pytest.fixture(scope="session")
def live_server(app):
    """Serve the real app on 127.0.0.1 at a free port, in a thread, for the browser tests."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(timeout=5)


def chromium_executable() -> str | None:
    """Return the Chromium binary to drive: $CHROMIUM_PATH, else a system chromium.

    None means Playwright's own download (``playwright install chromium``), which
    `scripts/ensure-chromium` falls back to where no system browser can be had.
    """
    path = os.environ.get("CHROMIUM_PATH", "")
    if path and path != "playwright":
        return path
    if path == "playwright":
        return None
    for name in ("chromium", "chromium-browser", "google-chrome-stable", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    args = dict(browser_type_launch_args)
    args["headless"] = True
    executable = chromium_executable()
    if executable:
        args["executable_path"] = executable
    args["args"] = [
        *args.get("args", []),
        "--no-sandbox",  # CI runs as root
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
    ]
    return args


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": 1280, "height": 900}}


@pytest.fixture
def page(page, live_server):
    """A page that fails the test on any console error, page error or request to another host."""
    problems: list[str] = []
    page.on("console", lambda msg: problems.append(f"console {msg.type}: {msg.text}") if msg.type == "error" else None)
    page.on("pageerror", lambda exc: problems.append(f"page error: {exc}"))

    def guard(route):
        url = route.request.url
        if url.startswith(live_server) or url.startswith("data:") or url.startswith("blob:"):
            route.continue_()
        else:
            problems.append(f"request left the server: {url}")
            route.abort()

    page.context.route("**/*", guard)
    page.set_default_timeout(10_000)
    page.problems = problems
    # A test that feeds the page bad input sets this: Chromium logs every 4xx response as a
    # console error, and the page is expected to show the API's message instead.
    page.expect_bad_requests = False
    yield page
    if page.expect_bad_requests:
        problems = [p for p in problems if "the server responded with a status of 400" not in p]
    assert not problems, "\n".join(problems)


def screenshot(page, name: str) -> list[Path]:
    """Save full-page screenshots, light and dark, under screenshots/ (to be looked at)."""
    SCREENSHOTS.mkdir(exist_ok=True)
    paths = []
    for scheme, suffix in (("light", ""), ("dark", "-dark")):
        page.emulate_media(color_scheme=scheme)
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        path = SCREENSHOTS / f"{name}{suffix}.png"
        page.screenshot(path=str(path), full_page=True)
        paths.append(path)
    page.emulate_media(color_scheme="light")
    return paths


def pytest_collection_modifyitems(items):
    for item in items:  # a test that drives Chromium, through a page or a context of its own
        if {"page", "browser"} & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)
    _fastest_first_under_mutation(items)
