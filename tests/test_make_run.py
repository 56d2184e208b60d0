"""`make run` is for development: the real command, from a copy of the repository, serves an
edited static file, template, data file and core module at once, without a restart by hand,
and keeps nothing for long. (`make serve` keeps every cache: test_serving.py, test_server.py.)"""

from __future__ import annotations

import contextlib
import http.client
import os
import re
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from project import ROOT
from servers import stop_group

pytestmark = pytest.mark.server  # starts the app in processes of its own: make test, not make test-fast

START_TIMEOUT = 120  # seconds for the server to answer, and for the reloader to restart it


def get(url: str) -> tuple[int, dict, str]:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.status, response.headers, response.read().decode()


def wait_for(url: str, test, process, log: Path) -> str:
    """Ask `url` until its body passes `test`; return the body (the server may be restarting)."""
    deadline = time.monotonic() + START_TIMEOUT
    while True:
        # A restart may also cut an answer short (IncompleteRead, an HTTPException).
        with contextlib.suppress(urllib.error.URLError, ConnectionError, TimeoutError, http.client.HTTPException):
            body = get(url)[2]
            if test(body):
                return body
        assert process.poll() is None, f"make run stopped:\n{log.read_text()}"
        assert time.monotonic() < deadline, f"{url} did not change in {START_TIMEOUT} s:\n{log.read_text()}"
        time.sleep(0.2)


@pytest.fixture
def copy(tmp_path):
    """The repository's runnable files in a temporary folder, their times kept (make compares them)."""
    for name in ("chessviz", "templates", "static"):
        shutil.copytree(ROOT / name, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("app.py", "Makefile", "requirements.txt"):
        shutil.copy2(ROOT / name, tmp_path / name)
    return tmp_path


@pytest.fixture
def make_run(copy):
    """`make run` in the copy, with this checkout's virtualenv, on a free loopback port; yields its URL."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    venv = ROOT / ".venv"
    log = copy / "run.log"
    env = {k: v for k, v in os.environ.items() if not k.startswith("FLASK_")}
    # -o: the virtualenv is this checkout's, already set up; make must not install into it.
    command = ["make", "--no-print-directory", "-o", f"{venv}/.runtime", "run", f"VENV={venv}", "HOST=127.0.0.1", f"PORT={port}"]
    with open(log, "w") as out:
        process = subprocess.Popen(command, cwd=copy, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    process.log = log
    try:
        base = f"http://127.0.0.1:{port}"
        wait_for(base + "/api/health", bool, process, log)
        yield base, process
    finally:
        stop_group(process)


def test_make_run_serves_every_edit_at_once_and_caches_nothing_for_long(copy, make_run):
    base, process = make_run
    log = process.log

    def script_url(page: str) -> str:
        return re.search(r'src="(/static/[0-9a-f]{12}/js/chapters/mask\.js)"', page)[1]

    page = get(base + "/chapter/mask")[2]
    first = script_url(page)
    status, headers, body = get(base + first)
    assert status == 200 and body == (copy / "static/js/chapters/mask.js").read_text()
    assert headers["Cache-Control"] == "no-cache"  # make serve: a year, immutable
    assert get(base + "/api/square?sq=e4")[1]["Cache-Control"] == "no-cache"  # make serve: an hour

    # A static file: the page links its new version, which serves the new text.
    script = copy / "static/js/chapters/mask.js"
    script.write_text(script.read_text() + "// edited under make run\n")
    page = wait_for(base + "/chapter/mask", lambda html: script_url(html) != first, process, log)
    assert get(base + script_url(page))[2].endswith("// edited under make run\n")
    assert get(base + "/static/js/chapters/mask.js")[2].endswith("// edited under make run\n")

    # A template.
    template = copy / "templates/chapters/mask.html"
    template.write_text(template.read_text().replace("Sliding mask</cite>", "Sliding mask, edited</cite>"))
    wait_for(base + "/chapter/mask", lambda html: "Sliding mask, edited</cite>" in html, process, log)

    # A data file: the reloader starts the app again, which reads it.
    tasks = copy / "chessviz/data/code-tasks.toml"
    tasks.write_text(tasks.read_text().replace('note = "', 'note = "As edited under make run. ', 1))
    wait_for(base + "/api/code-tasks", lambda body: "As edited under make run. " in body, process, log)

    # The core: a chapter's title, shared by the home page (prepared once under make serve).
    chapters = copy / "chessviz/chapters.py"
    chapters.write_text(chapters.read_text().replace('"Sliding mask: (o - r) & m"', '"Sliding mask, edited"'))
    wait_for(base + "/", lambda html: "Sliding mask, edited" in html, process, log)
    assert "Traceback" not in log.read_text(), log.read_text()
