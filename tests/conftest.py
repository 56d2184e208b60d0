"""Shared fixtures: the app, a test client, a live server on a free loopback port, and the
browser launch settings for pytest-playwright (a system Chromium, headless). What the
mutation runs need is a plugin of its own, tests/mutation_plugin.py, and so are the marks given
by the fixtures a test uses, tests/marks_plugin.py."""

from __future__ import annotations

import os

import pytest

from chessviz.web import create_app

from browser_helpers import chromium_executable
from servers import served

pytest_plugins = ["mutation_plugin", "marks_plugin"]


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
    # The app sets no cookie: without a cookie jar to match against each request's URL, a request
    # costs the exhaustive sweeps (4,096 requests each) about a tenth less.
    return app.test_client(use_cookies=False)


@pytest.fixture(scope="session")
def live_server(app):
    """Serve the real app on 127.0.0.1 at a free port, in a thread, for the browser tests."""
    with served(app) as port:
        yield f"http://127.0.0.1:{port}"


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
        # No host but this machine's resolves: a page that asks another host fails, and the page
        # fixture reports the failure (classrooms are often offline; pages load nothing from outside).
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
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

    def watch(request):
        url = request.url
        if not url.startswith((live_server, "data:", "blob:")):
            problems.append(f"request left the server: {url}")

    # The browser resolves no host but this machine's (browser_type_launch_args), so a request to
    # any other host fails, and only failures are watched. Watching every request cost a sample of
    # browser tests about 7 % of their processor (the whole suite 2 to 3 %): Playwright sends each
    # one to this process once anyone listens. Intercepting was dearer still: routing every request
    # through this process held each one up, and Playwright turns the browser's cache off while a
    # route is set.
    page.context.on("requestfailed", watch)
    page.set_default_timeout(10_000)
    page.problems = problems
    # A test that feeds the page bad input sets this: Chromium logs every 4xx response as a
    # console error, and the page is expected to show the API's message instead.
    page.expect_bad_requests = False
    yield page
    if page.expect_bad_requests:
        problems = [p for p in problems if "the server responded with a status of 400" not in p]
    assert not problems, "\n".join(problems)
