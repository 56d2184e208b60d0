"""The classroom server exactly as `make serve` starts it (chessviz.web.serve: gunicorn with
gevent workers), on a free loopback port."""

import http.client
import json
import os
import re
import select
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from chessviz.web import serving

from servers import stop_group

pytestmark = pytest.mark.server  # starts the app in processes of its own: make test, not make test-fast

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url: str, headers: dict | None = None, timeout: float = 5):
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def test_make_serve_runs_this_module():
    makefile = (ROOT / "Makefile").read_text()
    assert "-m chessviz.web.serve" in makefile.split("\nserve:")[1].split("\n\n")[0]


def start_serve(
    cwd, port: int, env: dict | None = None, output=subprocess.PIPE, own_group: bool = False
) -> tuple[subprocess.Popen, str]:
    """Start `make serve`'s module with 2 workers on a free loopback port; return it when it answers.
    own_group: in a process group of its own, as in a terminal (a Ctrl-C there reaches them all)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "chessviz.web.serve", "--host", "127.0.0.1", "--port", str(port), "--workers", "2"],
        cwd=cwd,
        stdout=output,
        stderr=subprocess.STDOUT,
        text=True,
        env={**(os.environ if env is None else env), "PYTHONPATH": str(ROOT)},
        start_new_session=own_group,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while True:
        try:
            get(base + "/api/health", timeout=1)
            break
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            assert process.poll() is None, process.stdout.read() if process.stdout else "the server stopped"
            assert time.monotonic() < deadline, "the server did not start in 120 s"
            time.sleep(0.2)
    return process, base


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    cwd = tmp_path_factory.mktemp("serve-cwd")
    port = free_port()
    process, base = start_serve(cwd, port)
    yield {"base": base, "port": port, "process": process, "cwd": cwd}
    process.terminate()
    process.wait(timeout=15)


def test_serves_pages_api_and_contract_errors(server):
    base = server["base"]
    status, headers, _ = get(base + "/")
    assert status == 200
    assert headers["Server"] == "gunicorn"  # no version string
    assert "script-src 'self'" in headers["Content-Security-Policy"]
    status, _, body = get(base + "/api/square?sq=e4")
    assert status == 200 and json.loads(body)["index"] == 28
    status, _, body = get(base + "/api/square?sq=" + "9" * 5000)
    assert status == 400 and json.loads(body)["error"] == {
        "code": "invalid_square",
        "message": json.loads(body)["error"]["message"],
        "param": "sq",
    }
    # The stack refuses an over-long request line before the app runs, in the contract's shape.
    status, headers, body = get(base + "/api/square?sq=" + "9" * 20000)
    assert status == 414 and headers["Content-Type"] == "application/json"
    assert json.loads(body) == {
        "error": {"code": "uri_too_long", "message": "the request line is longer than 8190 bytes", "param": None}
    }
    status, _, body = get(base + "/nowhere", {"Accept": "application/json"})
    assert status == 404 and json.loads(body)["error"]["code"] == "not_found"
    status, headers, body = get(base + "/nowhere", {"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"})
    assert status == 404 and headers["Content-Type"].startswith("text/html")
    assert b'href="/chapter/propagation"' in body and b"Traceback" not in body
    assert list(server["cwd"].iterdir()) == [], "the server left files (a control socket?) behind"


def test_slow_clients_do_not_starve_the_others(server):
    """100 connections stuck half-way through their headers; ordinary requests still answer at once.

    gunicorn's threaded workers (2 x 4 threads) answered nothing at all here until the
    stuck connections timed out.
    """
    stuck = []
    try:
        for _ in range(100):
            s = socket.create_connection(("127.0.0.1", server["port"]), timeout=5)
            s.sendall(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            stuck.append(s)
        for s in stuck[:50]:
            s.sendall(b"s")  # still arriving, one byte at a time
        # Each answers while the stuck ones wait; before, none did until those timed out (30 s).
        # How fast is bench/bench_server.py's to measure; 10 s is only the bound on a hang.
        for _ in range(10):
            status, _, body = get(server["base"] + "/api/square?sq=e4", timeout=10)
            assert status == 200 and json.loads(body)["name"] == "e4"
    finally:
        for s in stuck:
            s.close()


# The two longest answers, each asked four times with a state no test asks again (none from the
# memo): a magic-search replay of 20,000 candidates (0.4 s) and the methods chapter's taps (0.4 s).
LONG_ANSWERS = {
    "magic-search": ["/api/magic-search?piece=rook&sq=a1&mapping=lerf&show=1&seed=" + str(seed) for seed in (101, 102, 103, 104)],
    "taps": [
        "/api/taps?"
        + urllib.parse.urlencode({"tap": "sq;occupied^", "methods": f"piece=queen&sq=d4&occupied={hex(occupied)}&mapping=lerf"})
        for occupied in (0x10400086001002, 0x10400086001003, 0x10400086001006, 0x1040008600100A)
    ],
}


@pytest.mark.parametrize("kind", LONG_ANSWERS)
def test_a_long_answer_leaves_the_other_requests_their_turn(server, kind):
    """ "Search with another seed" asks a replay of 0.4 s of CPU at each click, a tap on the methods
    chapter asks the taps of its next state (0.4 s). Four of either keep both workers busy; a
    request sent after them is answered before any of them, where it waited in line for whole
    answers (api.pauser)."""
    slow = [raw_get(server["port"], path) for path in LONG_ANSWERS[kind]]
    health = raw_get(server["port"], "/api/health")
    try:
        health.settimeout(30)  # a bound on a hang, not a measure
        assert health.recv(12) == b"HTTP/1.1 200"
        answered, _, _ = select.select(slow, [], [], 0)
        assert answered == [], f"a long answer ({kind}) came before the request sent after it"
        for s in slow:
            s.settimeout(30)
            assert s.recv(12) == b"HTTP/1.1 200"
    finally:
        for s in [*slow, health]:
            s.close()


def raw_get(port: int, path: str) -> socket.socket:
    """Send a GET on a connection of its own and return the connection, its answer unread."""
    s = socket.create_connection(("127.0.0.1", port), timeout=5)
    s.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
    return s


def test_prints_addresses_and_logs_each_request(server):
    get(server["base"] + "/api/square?sq=b7&marker=access-log")
    server["process"].terminate()
    output, _ = server["process"].communicate(timeout=15)
    assert f"Only this computer can reach it: http://127.0.0.1:{server['port']}/" in output
    assert re.search(r'127\.0\.0\.1 "GET /api/square\?sq=b7&marker=access-log HTTP/1\.1" 200 \d+ \d+ms', output), output
    assert "Traceback" not in output, output  # nothing the master started (a thread, a greenlet) fails in a worker


def test_a_ctrl_c_in_the_terminal_stops_the_server_at_once_and_quietly(tmp_path):
    """A Ctrl-C reaches the whole process group, the master and each worker, and the master then
    tells each worker to quit too: the server stops, says so, and prints no traceback (a worker's
    second quit used to raise SystemExit again while it was exiting)."""
    process, base = start_serve(tmp_path, free_port(), own_group=True)
    try:
        assert get(base + "/api/square?sq=e4")[0] == 200
        os.killpg(process.pid, signal.SIGINT)
        output, _ = process.communicate(timeout=30)
    finally:
        stop_group(process)
    assert process.returncode == 0, output
    assert "Handling signal: int" in output and "Shutting down: Master" in output, output
    assert "Traceback" not in output and "SystemExit" not in output, output


def test_a_worker_quits_once_however_many_quit_signals_reach_it(monkeypatch):
    """The guard the test above relies on, without the race: gunicorn's quit runs once."""
    from gunicorn.workers.ggevent import GeventWorker

    from chessviz.web.serve import Worker

    quits = []
    monkeypatch.setattr(GeventWorker, "handle_quit", lambda self, sig, frame: quits.append(sig))
    worker = Worker.__new__(Worker)  # the signal handler needs nothing of a booted worker
    worker.handle_quit(signal.SIGINT, None)
    worker.handle_quit(signal.SIGQUIT, None)
    assert quits == [signal.SIGINT]


def test_a_graceful_stop_ends_the_waits_for_a_next_request_at_once_and_quietly():
    """A browser keeps its connection open after an answer; gunicorn's worker waits on it for
    the next request (keepalive) and, stopping gracefully, waited for that wait too: a restart
    with a class connected took the whole graceful timeout. Here a wait of an hour ends as soon as
    the stop asks it to, as its own timeout would have it (quietly, no exception in the reader),
    and a reader not waiting (one answering a request, one whose request came as the stop began)
    is left to finish."""
    import types

    import gevent
    from gevent import socket as gsocket

    from chessviz.web.serve import Worker

    worker = Worker.__new__(Worker)  # a worker's waits need nothing of a booted worker but its settings
    worker.cfg = types.SimpleNamespace(keepalive=3600)
    worker._waits = {}
    idle, _browser = gsocket.socketpair()
    answering = gevent.event.Event()

    def wait_for_a_request():
        with worker.timeout_ctx():
            return idle.recv(10)
        return "the wait ended as its timeout would"

    def answer_a_request():
        answering.wait()
        return "answered"

    arrived = gevent.event.Event()

    def read_a_request_as_the_stop_begins():
        with worker.timeout_ctx():
            arrived.wait()
            return "read its request"
        return "the wait ended as its timeout would"

    waiting, busy = gevent.spawn(wait_for_a_request), gevent.spawn(answer_a_request)
    late = gevent.spawn(read_a_request_as_the_stop_begins)
    gevent.sleep(0)  # all start: two wait for a request, one is in the middle of one
    assert set(worker._waits) == {waiting, late}
    worker.end_waiting_connections()
    worker._waits.pop(late)  # its request is read before the stop reaches it, as handle_request notes
    arrived.set()
    assert waiting.get(timeout=30) == "the wait ended as its timeout would"
    assert late.get(timeout=30) == "read its request"
    assert not busy.ready()
    answering.set()
    assert busy.get(timeout=30) == "answered"


def test_a_stopped_server_closes_the_connections_a_browser_keeps_open_and_says_nothing_of_them(tmp_path):
    """The same through the real server: connections kept open after an answer are closed by a
    graceful stop (SIGTERM), with no error in the log (a reader ended otherwise, its socket shut
    under it or its greenlet killed, logs one or answers 500)."""
    process, base = start_serve(tmp_path, free_port())
    kept = []
    try:
        for _ in range(6):
            connection = http.client.HTTPConnection(urllib.parse.urlsplit(base).netloc, timeout=30)
            connection.request("GET", "/api/health")
            assert connection.getresponse().read()
            kept.append(connection)
        process.terminate()
        output, _ = process.communicate(timeout=30)
        assert [c.sock.recv(4096) for c in kept] == [b""] * len(kept), "a kept connection was not closed"
    finally:
        for connection in kept:
            connection.close()
        stop_group(process)
    assert "Shutting down: Master" in output, output
    assert "Traceback" not in output and "[ERROR]" not in output and "graceful timeout" not in output, output


def test_the_master_goes_on_watching_its_workers_when_the_live_class_s_redis_cannot_start_again(monkeypatch):
    """The master's round checks the embedded Redis after its workers: a Redis that cannot start
    again (a full disk, a taken port) is logged with its traceback, and the round, so the chapters,
    go on; it would otherwise stop the master and every worker with it."""
    from types import SimpleNamespace

    from gunicorn.arbiter import Arbiter

    from chessviz.web import create_app
    from chessviz.web.serve import Master

    rounds, logged = [], []
    monkeypatch.setattr(Arbiter, "manage_workers", lambda self: rounds.append("workers watched"))
    app = create_app({"TESTING": True, "PREPARE_AT_START": False})
    live = app.extensions["chessviz_classes"]

    def cannot_start_again():
        raise OSError("No space left on device")

    monkeypatch.setattr(live, "check_embedded", cannot_start_again)
    master = Master.__new__(Master)  # a round needs the app and a log, not a running arbiter
    master.app = SimpleNamespace(application=app)
    master.log = SimpleNamespace(exception=lambda message: logged.append((message, sys.exc_info()[1])))
    master.manage_workers()
    master.manage_workers()
    assert rounds == ["workers watched"] * 2
    assert [(m, str(e)) for m, e in logged] == [
        ("could not start the live class's embedded Redis again", "No space left on device")
    ] * 2


def test_lan_addresses_are_the_machines_non_loopback_ipv4():
    import psutil

    from chessviz.web.serve import lan_addresses

    expected = {
        a.address
        for addrs in psutil.net_if_addrs().values()
        for a in addrs
        if a.family == socket.AF_INET and not a.address.startswith(("127.", "169.254."))
    }
    assert set(lan_addresses()) == expected
    assert all(not a.startswith("127.") for a in lan_addresses())


def test_students_are_given_the_addresses_the_server_listens_on():
    from chessviz.web.serve import lan_addresses, student_addresses

    assert student_addresses("127.0.0.1") == []
    assert student_addresses("0.0.0.0") == lan_addresses()
    assert student_addresses("192.0.2.5") == ["192.0.2.5"]


# --- The server's own pieces, in this process (mutation testing cannot run the server) -----

# The contract's error for each answer the serving stack itself refuses, in the contract's
# error shape (the codes as docs/API.md lists them, each with one sentence for the reader).
STACK_ERRORS = {
    400: ("bad_request", "the request could not be read as HTTP"),
    403: ("forbidden", "request refused"),
    414: ("uri_too_long", "the request line is longer than 8190 bytes"),
    431: ("headers_too_large", "the request's headers are too many or too long"),
    417: ("expectation_failed", "the request's Expect header cannot be met"),
    500: ("internal_error", "internal error; the server log has the details"),
    501: ("not_implemented", "the request's transfer coding is not supported"),
}


@pytest.mark.parametrize(
    "status, reason",
    [(400, "Bad Request"), (403, "Forbidden"), (414, "Request-URI Too Long"), (431, "Request Header Fields Too Large"),
     (417, "Expectation Failed"), (500, "Internal Server Error"), (501, "Not Implemented"), (418, "I'm A Teapot")],
)  # fmt: skip
def test_what_the_serving_stack_refuses_is_answered_in_the_contracts_shape(status, reason):
    from chessviz.web.serve import write_contract_error

    code, message = STACK_ERRORS.get(status, ("http_error", reason.lower()))
    ours, theirs = socket.socketpair()
    with ours, theirs:
        write_contract_error(ours, status, reason, "gunicorn's own message, which echoes the request")
        ours.shutdown(socket.SHUT_WR)
        raw = b""
        while chunk := theirs.recv(65536):
            raw += chunk
    head, body = raw.split(b"\r\n\r\n", 1)
    assert head.decode("latin-1").split("\r\n") == [
        f"HTTP/1.1 {status} {reason}",
        "Connection: close",
        "Content-Type: application/json",
        f"Content-Length: {len(body)}",
        "X-Content-Type-Options: nosniff",
        "Cache-Control: no-store",
    ]
    assert json.loads(body) == {"error": {"code": code, "message": message, "param": None}}


def test_gunicorn_reads_the_classroom_settings():
    from chessviz.web import create_app
    from chessviz.web.serve import Classroom, Worker, options

    app = create_app({"TESTING": True, "PREPARE_AT_START": False})
    server = Classroom(app, options("127.0.0.1", 5123, 3))
    cfg = server.cfg
    assert server.load() is app
    assert (cfg.bind, cfg.workers, cfg.worker_class) == (["127.0.0.1:5123"], 3, Worker)
    assert (cfg.worker_connections, cfg.reuse_port, cfg.preload_app, cfg.control_socket_disable) == (1000, True, True, True)
    assert (cfg.limit_request_line, cfg.limit_request_fields) == (8190, 50)
    assert (cfg.keepalive, cfg.timeout, cfg.graceful_timeout) == (5, 30, 5)
    assert (cfg.accesslog, cfg.errorlog) == ("-", "-")
    assert cfg.access_log_format == '%(h)s "%(r)s" %(s)s %(B)s %(M)sms "%(a)s"'


def limits_after_raising(soft: int, hard: int) -> tuple[int, int] | None:
    """Run raise_open_files_limit in a child process that starts with these limits; None when
    this machine does not let a process set them (an unlimited hard limit needs privilege)."""
    import resource

    from chessviz.web.serve import raise_open_files_limit

    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: its limits are its own
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
        except (ValueError, OSError):
            os.write(write, b"null")
            os._exit(0)
        raise_open_files_limit()
        os.write(write, json.dumps(resource.getrlimit(resource.RLIMIT_NOFILE)).encode())
        os._exit(0)
    os.close(write)
    with os.fdopen(read) as answer:
        found = json.loads(answer.read())
    os.waitpid(pid, 0)
    return tuple(found) if found is not None else None


def test_the_open_files_limit_is_raised_to_4096_or_the_hard_limit_never_lowered():
    import resource

    unlimited = resource.RLIM_INFINITY
    cases = [
        ((256, 2048), (2048, 2048)),
        ((256, 8192), (4096, 8192)),
        ((4095, 8192), (4096, 8192)),
        ((4096, 8192), (4096, 8192)),
        ((5000, 8192), (5000, 8192)),
        ((256, unlimited), (4096, unlimited)),
        ((unlimited, unlimited), (unlimited, unlimited)),
    ]
    ran = 0
    for (soft, hard), expected in cases:
        found = limits_after_raising(soft, hard)
        if found is not None:
            assert found == expected, (soft, hard)
            ran += 1
    assert ran >= 5  # the finite ones run everywhere


def printed_at_once(monkeypatch, argv: list[str]):
    """Run `make serve`'s set-up with its output going to a pipe, as under `make serve | tee`; return
    the server and the lines the pipe holds before anything else flushes them."""
    from chessviz.web.serve import classroom

    read, write = os.pipe()
    os.set_blocking(read, False)
    with open(write, "w", buffering=1 << 16) as stream:  # not a terminal: no line buffering
        monkeypatch.setattr(sys, "stdout", stream)
        server = classroom(argv)
        try:
            lines = os.read(read, 1 << 16).decode().splitlines()
        except BlockingIOError:
            lines = []
        monkeypatch.undo()
    os.close(read)
    return server, lines


def test_the_command_line_builds_the_server_and_says_at_once_where_students_can_reach_it(monkeypatch):
    import resource

    from chessviz.web.memo import AnswerMemo
    from chessviz.web.serve import lan_addresses

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard))
    try:
        server, lines = printed_at_once(monkeypatch, ["--host", "127.0.0.1", "--port", "5123", "--workers", "3"])
        assert resource.getrlimit(resource.RLIMIT_NOFILE)[0] == (4096 if hard == resource.RLIM_INFINITY else min(4096, hard))
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    assert lines == [
        "chessviz classroom server, 3 workers, listening on 127.0.0.1:5123",
        "Only this computer can reach it: http://127.0.0.1:5123/ (make serve HOST=0.0.0.0 opens it to the network)",
    ]
    app = server.load()
    assert (server.cfg.bind, server.cfg.workers) == (["127.0.0.1:5123"], 3)
    assert isinstance(app.wsgi_app, AnswerMemo) and app.config["LAN_HOSTS"] == []
    assert set(app.extensions["chessviz_shared"]) == set(serving.shared_paths_of())  # prepared before the workers fork

    server, lines = printed_at_once(monkeypatch, ["--host", "192.0.2.5", "--no-memo"])
    assert lines == [
        "chessviz classroom server, 2 workers, listening on 192.0.2.5:5000",
        "Students can open:",
        "  http://192.0.2.5:5000/",
    ]
    assert (server.cfg.bind, server.cfg.workers) == (["192.0.2.5:5000"], 2)
    assert not isinstance(server.load().wsgi_app, AnswerMemo) and server.load().config["LAN_HOSTS"] == ["192.0.2.5"]

    server, lines = printed_at_once(monkeypatch, [])  # every interface by default
    lan = lan_addresses()
    where = ["Students can open:", *(f"  http://{address}:5000/" for address in lan)] if lan else [
        "Only this computer can reach it: http://0.0.0.0:5000/ (make serve HOST=0.0.0.0 opens it to the network)"
    ]  # fmt: skip
    assert lines == ["chessviz classroom server, 2 workers, listening on 0.0.0.0:5000", *where]
    assert server.cfg.bind == ["0.0.0.0:5000"] and server.load().config["LAN_HOSTS"] == lan


def test_the_command_line_says_what_each_option_does_and_refuses_what_is_not_a_number(capsys):
    from chessviz.web.serve import classroom

    with pytest.raises(SystemExit) as stop:
        classroom(["--help"])
    assert stop.value.code == 0
    shown = " ".join(capsys.readouterr().out.split())  # argparse wraps the lines
    for sentence in (
        "The classroom server (``make serve``): gunicorn with gevent workers, printing the",
        "--host HOST address to listen on (0.0.0.0: every interface)",
        "--no-memo answer every API request in the app, not from the memo (to measure the memo)",
    ):
        assert sentence in shown
    for option in ("--port", "--workers"):
        with pytest.raises(SystemExit) as stop:
            classroom([option, "five"])
        assert stop.value.code == 2 and f"argument {option}: invalid int value: 'five'" in capsys.readouterr().err
