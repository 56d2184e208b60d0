"""The live class under the classroom server exactly as `make serve` starts it: gunicorn's master
starts one embedded Redis before forking 2 gevent workers; event streams held by both workers
get the teacher's events; the Redis stops with the server."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import queue
import socket
import subprocess
import sys
import threading
import time

import psutil
import pytest
from test_server import ROOT, free_port, start_serve

pytestmark = pytest.mark.server  # starts the app in processes of its own: make test, not make test-fast


def request(port: int, method: str, path: str, body=None, key=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers = {"Content-Type": "application/json"} if body is not None else {}
    if key:
        headers["Authorization"] = f"Bearer {key}"
    connection.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response.status, json.loads(data) if data else None


class RawStream:
    """An event stream read from a plain socket in a thread; each event's (type, data) on a queue,
    and every byte as it came (chunk sizes included: the response as the server framed it)."""

    def __init__(self, port: int, path: str):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.connection.request("GET", path)
        self.response = self.connection.getresponse()
        assert self.response.status == 200 and self.response.getheader("X-Accel-Buffering") == "no"
        self.local_port = self.connection.sock.getsockname()[1]
        self.events: queue.Queue = queue.Queue()
        self.raw = b""
        self.finished = threading.Event()  # the connection closed, by the server or by close()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        kind = None
        try:
            while line := self.response.fp.readline():
                self.raw += line
                text = line.decode().rstrip("\n")
                if text.startswith("event: "):
                    kind = text[7:]
                elif text.startswith("data: "):
                    self.events.put((kind, json.loads(text[6:])))
        except (OSError, ValueError, AttributeError):  # closed by the test (fp gone), or by the server
            pass
        finally:
            self.finished.set()

    def wait_for(self, kind: str, timeout: float = 15):
        deadline = time.monotonic() + timeout
        while True:
            event = self.events.get(timeout=max(0.01, deadline - time.monotonic()))
            if event[0] == kind:
                return event[1]

    def close(self):
        # Shut the socket first: closing the response while the reader thread waits in readline
        # would wait for the server's next heartbeat (its buffer's lock is held by that read).
        with contextlib.suppress(OSError):
            self.connection.sock.shutdown(socket.SHUT_RDWR)
        self.connection.close()


def redis_servers(process: psutil.Process) -> list[psutil.Process]:
    """The Redis servers a server process started (the embedded one: at most one)."""
    return [c for c in process.children() if "redis" in c.name()]


def workers(master: psutil.Process) -> list[psutil.Process]:
    return [c for c in master.children() if "redis" not in c.name()]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    cwd = tmp_path_factory.mktemp("serve-live")
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}  # the embedded Redis, as on a fresh machine
    process, _ = start_serve(cwd, port, env, output=subprocess.DEVNULL)  # its log: unread, so not piped
    master = psutil.Process(process.pid)
    deadline = time.monotonic() + 120
    while len(workers(master)) < 2:  # both workers up
        assert time.monotonic() < deadline
        time.sleep(0.1)
    yield {"port": port, "process": process, "master": master, "cwd": cwd}
    if process.poll() is None:
        process.terminate()
        process.wait(timeout=15)


def worker_of(server, local_port: int) -> int | None:
    """The pid of the worker holding the connection from this local port."""
    for worker in server["master"].children():
        for connection in worker.net_connections(kind="tcp"):
            if connection.raddr and connection.raddr.port == local_port and connection.laddr.port == server["port"]:
                return worker.pid
    return None


def test_streams_on_both_workers_get_the_teacher_s_events(server):
    port = server["port"]
    status, made = request(port, "POST", "/api/classes", {"path": "/chapter/rays"})
    assert status == 201
    code, key = made["code"], made["teacher_key"]
    assert len(redis_servers(server["master"])) == 1, "the master starts one Redis for both workers"
    streams, holders = [], {}
    deadline = time.monotonic() + 120
    # The kernel shares connections out between the workers' sockets: open streams until both hold some.
    while len(set(holders.values())) < 2 or len(streams) < 8:
        assert len(streams) < 64 and time.monotonic() < deadline, holders
        stream = RawStream(port, f"/api/classes/{code}/events")
        assert stream.wait_for("view") == {"path": "/chapter/rays"}
        streams.append(stream)
        holders[stream] = worker_of(server, stream.local_port)
    assert set(holders.values()) <= {w.pid for w in workers(server["master"])}
    assert request(port, "PUT", f"/api/classes/{code}/view", {"path": "/chapter/mask?sq=b2"}, key)[0] == 200
    for stream in streams:
        assert stream.wait_for("view") == {"path": "/chapter/mask?sq=b2"}
    status, asked = request(port, "POST", f"/api/classes/{code}/questions", {"path": "/chapter/colors?sq=h1"}, key)
    assert status == 201
    for stream in streams:
        assert stream.wait_for("question") == asked
    # Joined and answered through whichever worker the connection reaches; counted as one class.
    students = [request(port, "POST", f"/api/classes/{code}/students")[1] for _ in range(6)]
    for i, student in enumerate(students):
        answer = {"question_id": asked["question_id"], "value": str(i % 2)}
        assert request(port, "POST", f"/api/classes/{code}/answers", answer, student["student_key"])[0] == 200
    status, tally = request(port, "GET", f"/api/classes/{code}/questions/{asked['question_id']}/tally", key=key)
    assert tally == {
        "students": 6,
        "answered": 6,
        "right": 3,
        "squares": {},
        "empty": 0,
        "values": {"0x0000000000000000": 3, "0x0000000000000001": 3},
    }
    assert request(port, "DELETE", f"/api/classes/{code}", key=key)[0] == 204
    for stream in streams:
        assert stream.wait_for("ended") == {}
        stream.close()


def test_a_worker_killed_mid_lesson_loses_no_class_and_no_answer(server):
    port = server["port"]
    _, made = request(port, "POST", "/api/classes", {"path": "/chapter/rays"})
    code, key = made["code"], made["teacher_key"]
    student = request(port, "POST", f"/api/classes/{code}/students", {"name": "Sam"})[1]
    _, asked = request(port, "POST", f"/api/classes/{code}/questions", {"path": "/chapter/colors?sq=a1"}, key)
    answer = {"question_id": asked["question_id"], "value": "1"}
    assert request(port, "POST", f"/api/classes/{code}/answers", answer, student["student_key"])[0] == 200
    streams = [RawStream(port, f"/api/classes/{code}/events") for _ in range(6)]
    for stream in streams:
        stream.wait_for("view")
    victim = psutil.Process(worker_of(server, streams[0].local_port))
    victim.kill()
    victim.wait(timeout=15)
    deadline = time.monotonic() + 120
    while len(workers(server["master"])) < 2:  # gunicorn starts another
        assert time.monotonic() < deadline
        time.sleep(0.1)
    status, info = request(port, "GET", f"/api/classes/{code}")
    assert status == 200 and info["students"] == 1 and info["question"] == asked
    status, tally = request(port, "GET", f"/api/classes/{code}/questions/{asked['question_id']}/tally", key=key)
    assert (tally["answered"], tally["right"]) == (1, 1)
    again = RawStream(port, f"/api/classes/{code}/events")  # a reconnecting page, on whichever worker
    assert again.wait_for("view") == {"path": "/chapter/rays"}
    assert request(port, "PUT", f"/api/classes/{code}/view", {"path": "/chapter/mask"}, key)[0] == 200
    assert again.wait_for("view") == {"path": "/chapter/mask"}
    for stream in [*streams, again]:
        stream.close()


def test_the_embedded_redis_killed_mid_lesson_is_started_again_by_the_master(server):
    """The classroom server's Redis dies (killed outright): gunicorn's master, which owns it, starts
    another on the same socket, and both workers use it; the classes it held are gone with it."""
    port = server["port"]
    _, made = request(port, "POST", "/api/classes", {"path": "/chapter/rays"})
    (first,) = redis_servers(server["master"])
    first.kill()
    deadline = time.monotonic() + 60
    while True:
        status, answer = request(port, "POST", "/api/classes", {"path": "/chapter/rays"})
        if status == 201:
            break
        assert status == 503 and answer["error"]["code"] == "class_unavailable", (status, answer)
        assert time.monotonic() < deadline, "the master did not start its Redis again"
        time.sleep(0.1)
    (second,) = redis_servers(server["master"])
    assert second.pid != first.pid
    assert request(port, "GET", f"/api/classes/{made['code']}")[0] == 404
    # Both workers reach the new server: streams are opened until each worker holds one.
    streams, holders = [], set()
    while len(holders) < 2:
        assert len(streams) < 64 and time.monotonic() < deadline, holders
        stream = RawStream(port, f"/api/classes/{answer['code']}/events")
        assert stream.wait_for("view") == {"path": "/chapter/rays"}  # read from the new Redis
        streams.append(stream)
        holders.add(worker_of(server, stream.local_port))
        holders.discard(None)  # a connection not found at once is not counted for either worker
    for stream in streams:
        stream.close()


def test_a_stopping_server_ends_its_event_streams_and_its_embedded_redis(server):
    """Stopped (SIGTERM, as a restart does), each worker ends its open event streams itself, each
    with the last chunk of its response, so their pages reconnect at once: not cut off when the
    worker's graceful timeout runs out. The embedded Redis stops with the server."""
    port = server["port"]
    _, made = request(port, "POST", "/api/classes", {"path": "/chapter/rays"})
    streams = [RawStream(port, f"/api/classes/{made['code']}/events") for _ in range(6)]  # on both workers' sockets
    for stream in streams:
        stream.wait_for("view")
    (redis_server,) = redis_servers(server["master"])
    server["process"].terminate()
    for stream in streams:
        assert stream.finished.wait(30), "a stream was still open after the server stopped"
        stream.close()
    assert [s.raw.endswith(b"\r\n0\r\n\r\n") for s in streams] == [True] * len(streams), [s.raw[-40:] for s in streams]
    server["process"].wait(timeout=15)
    redis_server.wait(timeout=15)
    assert not redis_server.is_running()
    assert list(server["cwd"].iterdir()) == [], "the server left files behind"
    assert list((ROOT / "instance").glob(f"redis-{server['process'].pid}-*")) == []  # its socket's folder too


def test_make_run_starts_its_own_redis_with_the_first_class_and_it_dies_with_the_server(tmp_path):
    """`make run` (flask's development server): the first class starts the embedded Redis, from a
    request's thread; killed outright, the server takes its Redis with it."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    process = subprocess.Popen(
        [sys.executable, "-m", "flask", "--app", "app", "run", "--host", "127.0.0.1", "--port", str(port)],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**env, "PYTHONPATH": str(ROOT)},
    )
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                request(port, "GET", "/api/health")
                break
            except OSError:
                assert process.poll() is None and time.monotonic() < deadline
                time.sleep(0.2)
        server = psutil.Process(process.pid)
        assert redis_servers(server) == []  # none until a class needs it
        status, made = request(port, "POST", "/api/classes", {"path": "/chapter/rays"})
        assert status == 201
        for _ in range(3):  # requests after the one whose thread started it (and ended): the Redis outlives it
            assert request(port, "GET", f"/api/classes/{made['code']}")[0] == 200
        (redis_server,) = redis_servers(server)
        process.kill()
        process.wait(timeout=15)
        redis_server.wait(timeout=15)  # stopped by Linux when its parent died
        assert not redis_server.is_running()
    finally:
        if process.poll() is None:
            process.kill()
