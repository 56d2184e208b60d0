"""The classroom server: gunicorn serving the real app, as `make serve` starts it."""

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url: str):
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def test_gunicorn_serves_pages_api_and_json_errors(tmp_path):
    port = free_port()
    gunicorn = Path(sys.executable).with_name("gunicorn")
    process = subprocess.Popen(
        [str(gunicorn), "--no-control-socket", "--workers", "2", "--bind", f"127.0.0.1:{port}",
         "--limit-request-line", "8190", "--chdir", str(ROOT), "app:app"],
        cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                status, _ = get(base + "/")
                break
            except (urllib.error.URLError, ConnectionError):
                assert process.poll() is None, process.stdout.read().decode()
                assert time.monotonic() < deadline, "gunicorn did not start in 20 s"
                time.sleep(0.2)
        assert status == 200
        status, body = get(base + "/api/square?sq=e4")
        assert status == 200 and json.loads(body)["index"] == 28
        status, body = get(base + "/api/square?sq=" + "9" * 5000)
        assert status == 400 and json.loads(body)["error"]["code"] == "invalid_square"
        status, _ = get(base + "/api/square?sq=" + "9" * 20000)
        assert status == 414  # gunicorn refuses an over-long request line before the app runs
        status, body = get(base + "/nowhere")
        assert status == 404 and json.loads(body)["error"]["code"] == "not_found"
        assert list(tmp_path.iterdir()) == [], "the server left files (a control socket?) behind"
    finally:
        process.terminate()
        process.wait(timeout=10)
