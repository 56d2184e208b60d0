"""`make serve` and `make run` on a fresh machine: from a virtualenv built from requirements.txt alone.

The development packages bring in more than the runtime declares (gunicorn 27's gevent worker
imports `packaging`, which gunicorn no longer depends on): the rest of the suite cannot see a
missing runtime requirement, this test can. The virtualenv lives outside the repository, under
the user's cache (~/.cache/chessviz), keyed by requirements.txt's hash and the Python version,
and is reused between runs; the wheels it was built from are kept beside it, so building it
again works offline. Both servers run on free loopback ports in their own process group, and
are stopped whatever happens.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import brotli
import chess
import pytest

from chessviz.web.pages import CHAPTERS

from project import ROOT
from servers import stop_group

pytestmark = pytest.mark.server  # starts the app in processes of its own: make test, not make test-fast

REQUIREMENTS = ROOT / "requirements.txt"
START_TIMEOUT = 120  # seconds for a server to answer its first request
INSTALL_TIMEOUT = 600  # seconds for a pip step (a first download from PyPI included)


def cache_home() -> Path:
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "chessviz"


def run(command: list, **kwargs) -> None:
    done = subprocess.run(command, capture_output=True, text=True, timeout=INSTALL_TIMEOUT, check=False, **kwargs)
    assert done.returncode == 0, f"{' '.join(map(str, command))} failed:\n{done.stdout}\n{done.stderr}"


def runtime_venv() -> Path:
    """Return a virtualenv holding requirements.txt and nothing else (not even setuptools).

    Built once per requirements.txt and Python version, under a lock (other checkouts on the
    machine share the cache), from a folder of wheels that is filled from PyPI only the first time.
    """
    key = hashlib.sha256(REQUIREMENTS.read_bytes()).hexdigest()[:16]
    python = f"py{sys.version_info.major}{sys.version_info.minor}"
    cache = cache_home()
    cache.mkdir(parents=True, exist_ok=True)
    venv, wheels = cache / f"runtime-{python}-{key}", cache / f"wheels-{python}-{key}"
    with open(cache / "build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if (venv / ".complete").exists():
            return venv
        shutil.rmtree(venv, ignore_errors=True)
        run([sys.executable, "-m", "venv", venv])
        pip = [venv / "bin" / "python", "-m", "pip", "--disable-pip-version-check", "-q"]
        if not (wheels / ".complete").exists():
            run([*pip, "wheel", "-r", REQUIREMENTS, "-w", wheels])
            (wheels / ".complete").touch()
        run([*pip, "install", "--no-index", "--find-links", wheels, "-r", REQUIREMENTS])
        run([*pip, "uninstall", "-y", "setuptools"])  # venv adds it; a runtime that needs it must say so
        (venv / ".runtime").touch()  # the Makefile's mark that requirements.txt is installed
        (venv / ".complete").touch()
        return venv


def get(url: str, headers: dict | None = None):
    request = urllib.request.Request(url, headers=headers or {})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status, response.headers, response.read()


@contextlib.contextmanager
def make(target: str, venv: Path, port: int, home: Path):
    """Run `make <target>` from the repository with the runtime virtualenv; yield its base URL once it answers."""
    log = home / f"{target}.log"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV", "FLASK_"))}
    env.update(HOME=str(home), PATH=os.defpath)  # no development tools on the path, no control socket at home
    env.pop("XDG_RUNTIME_DIR", None)
    command = ["make", "--no-print-directory", target, f"VENV={venv}", "HOST=127.0.0.1", f"PORT={port}", "WORKERS=1"]
    with open(log, "w") as out:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            try:
                get(base + "/api/health")
                break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                assert process.poll() is None, f"make {target} stopped:\n{log.read_text()}"
                assert time.monotonic() < deadline, f"make {target} did not answer in {START_TIMEOUT} s:\n{log.read_text()}"
                time.sleep(0.2)
        yield base, log
    finally:
        stop_group(process)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("target", ["serve", "run"])
def test_make_target_serves_from_requirements_alone(target, tmp_path, client):
    venv = runtime_venv()
    home = tmp_path / "home"
    home.mkdir()
    chapter = CHAPTERS[0]
    with make(target, venv, free_port(), home) as (base, log):
        status, headers, body = get(f"{base}/chapter/{chapter.slug}")
        assert status == 200 and headers["Content-Type"].startswith("text/html")
        assert f"<title>{chapter.title}" in body.decode()

        static = ROOT / "static" / "js" / "bits.js"
        status, headers, body = get(f"{base}/static/js/bits.js", {"Accept-Encoding": "br"})
        assert status == 200 and headers["Content-Encoding"] == "br"
        assert brotli.decompress(body) == static.read_bytes()

        status, headers, body = get(f"{base}/api/square?sq=e4")
        assert status == 200 and headers["Content-Type"] == "application/json"
        answer = json.loads(body)
        assert answer == client.get("/api/square?sq=e4").json and answer["index"] == chess.E4
    assert "Traceback" not in log.read_text(), log.read_text()
    assert [p.name for p in home.iterdir()] == [log.name], "the server left files (a control socket?) behind"
