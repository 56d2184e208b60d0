"""Servers the tests start: the app in a thread of this process, and `make` targets in a process
group of their own, stopped with everything they started."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import threading
from collections.abc import Iterator

from werkzeug.serving import WSGIRequestHandler, make_server


class Quiet(WSGIRequestHandler):
    """Logs only the requests refused or failed (what a failing test's report needs): a line for
    every one of a page's thirty files cost a sample of browser tests about 3 % of their processor."""

    def log_request(self, code="-", size="-"):
        try:
            refused = int(code) >= 400
        except (TypeError, ValueError):
            refused = True
        if refused:
            super().log_request(code, size)


@contextlib.contextmanager
def served(app) -> Iterator[int]:
    """Serve `app` on 127.0.0.1 at a free port, in a thread; yield the port."""
    server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=Quiet)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_port
    finally:
        server.shutdown()
        thread.join(timeout=5)


def stop_group(process: subprocess.Popen) -> None:
    """Stop a process started with start_new_session=True and all it started (make, its server,
    a reloader's child): SIGTERM, then SIGKILL for whatever is left, make itself gone or not."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=10)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
