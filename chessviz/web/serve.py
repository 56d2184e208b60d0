"""The classroom server (``make serve``): gunicorn with gevent workers, printing the
addresses students can type.

    python -m chessviz.web.serve --host 0.0.0.0 --port 5000 --workers 2

Why this stack: gunicorn's gevent worker gives every connection a greenlet rather than
a thread, so connections that send their headers slowly (bad Wi-Fi, or on purpose) each
cost a few kilobytes and hold nothing that other requests need; several worker
processes, each on its own SO_REUSEPORT socket so the kernel shares connections out
evenly, use every core. The app is built once in the master before the workers fork
(``preload_app``), so the shared answers (the audit, the 15x15 sheets, every page) are
computed once when the server starts and a respawned worker inherits them.
"""

from __future__ import annotations

# Run as the server (python -m chessviz.web.serve), gevent patches the standard library before
# anything imports it where it matters: the Redis client, imported when the app is built below,
# must get gevent's sockets and locks. Imported (the tests import its pieces), it patches nothing.
from gevent import monkey

if __name__ == "__main__" and not monkey.is_module_patched("socket"):
    monkey.patch_all()

import argparse  # after the patch, as gevent requires
import ipaddress
import json
import resource
import sys

import gevent
import psutil
from gunicorn import util as gunicorn_util
from gunicorn.app.base import BaseApplication
from gunicorn.arbiter import Arbiter
from gunicorn.workers.ggevent import GeventWorker

from . import create_app

ACCESS_LOG_FORMAT = '%(h)s "%(r)s" %(s)s %(B)s %(M)sms "%(a)s"'
# The serving stack refuses a longer request line before the app sees it (the app itself
# refuses paths with a query over serving.MAX_URL, in the contract's JSON).
LIMIT_REQUEST_LINE = 8190

_STACK_ERRORS = {
    400: ("bad_request", "the request could not be read as HTTP"),
    403: ("forbidden", "request refused"),
    414: ("uri_too_long", f"the request line is longer than {LIMIT_REQUEST_LINE} bytes"),
    431: ("headers_too_large", "the request's headers are too many or too long"),
    417: ("expectation_failed", "the request's Expect header cannot be met"),
    500: ("internal_error", "internal error; the server log has the details"),
    501: ("not_implemented", "the request's transfer coding is not supported"),
}


def write_contract_error(sock, status_int, reason, mesg):
    """Answer a request the serving stack refused (too long, malformed) in the contract's JSON.

    Replaces gunicorn's HTML error page, which echoes the request; never a traceback.
    """
    code, message = _STACK_ERRORS.get(status_int, ("http_error", reason.lower()))
    body = json.dumps({"error": {"code": code, "message": message, "param": None}}).encode()
    head = (
        f"HTTP/1.1 {status_int} {reason}\r\nConnection: close\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\nX-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\n\r\n"
    )
    gunicorn_util.write_nonblock(sock, head.encode("latin-1") + body)


class Worker(GeventWorker):
    """gunicorn's gevent worker, fair between its connections, whose own error answers
    follow the API contract."""

    _quitting = False

    def init_process(self):
        gunicorn_util.write_error = write_contract_error
        # The connections waiting for their next request (a browser keeps one open for 5 s after
        # an answer), each reader's greenlet with the timeout of its wait: a graceful stop ends
        # the waits as if their time were up, where gunicorn would wait for them, the whole
        # graceful timeout with a browser open, and then kill the worker.
        self._waits = {}
        super().init_process()

    def timeout_ctx(self):
        """gunicorn's wait for a connection's next request (keepalive seconds, silent), noted."""
        timeout = super().timeout_ctx()
        self._waits[gevent.getcurrent()] = timeout
        return timeout

    def handle(self, listener, client, addr):
        try:
            super().handle(listener, client, addr)
        finally:
            self._waits.pop(gevent.getcurrent(), None)

    def handle_request(self, listener_name, req, sock, addr):
        self._waits.pop(gevent.getcurrent(), None)  # a request came: no longer waiting
        keep = super().handle_request(listener_name, req, sock, addr)
        if not self.alive:  # stopping: no next request on this connection (an ended stream's, say)
            raise StopIteration
        # Let every other connection have its turn before this one's next request, which may
        # already be in the buffer (a greenlet reading buffered data never yields): measured
        # with 256 busy connections, p50 1.8 ms but p99 1.4 s without this; p99/p50 about 4 with it.
        gevent.sleep(0)
        return keep

    def handle_quit(self, sig, frame):
        """A quick stop (SIGINT, SIGQUIT): once. A Ctrl-C in the terminal reaches the worker twice,
        as the terminal's SIGINT and as the master's SIGQUIT; gunicorn's gevent worker would raise
        SystemExit a second time while the first exit is under way, and print its traceback."""
        if self._quitting:
            return
        self._quitting = True
        super().handle_quit(sig, frame)

    def handle_exit(self, sig, frame):
        """A graceful stop (SIGTERM): gunicorn stops accepting and waits for the open requests, so
        the live class's event streams are ended now (out of the signal handler, as gunicorn's
        own handle_quit does), and the worker exits as soon as the other requests are answered."""
        super().handle_exit(sig, frame)
        gevent.spawn(self.wsgi.extensions["chessviz_classes"].close_streams)
        gevent.spawn(self.end_waiting_connections)

    def end_waiting_connections(self):
        """End every wait for a next request as its own timeout would: the reader is given that
        timeout, which gunicorn's wait swallows, and lets the connection go quietly. A connection
        in the middle of a request is answered first, and handle_request then ends it."""
        loop = gevent.get_hub().loop
        for reader in list(self._waits):
            loop.run_callback(self._end_wait, reader)

    def _end_wait(self, reader):
        # In the hub, where no reader runs between the look and the throw: a reader that has
        # read a request since the stop began is no longer waiting, and is left to answer it.
        timeout = self._waits.get(reader)
        if timeout is not None:
            reader.throw(timeout)


class Master(Arbiter):
    """gunicorn's master loop, which also starts the live class's embedded Redis again if it dies
    (once a second, between its own rounds of watching its workers)."""

    def manage_workers(self):
        super().manage_workers()
        try:
            self.app.application.extensions["chessviz_classes"].check_embedded()
        except Exception:  # the chapters must go on: an error here would stop the whole server
            self.log.exception("could not start the live class's embedded Redis again")


class Classroom(BaseApplication):
    def __init__(self, app, options: dict):
        self.application = app
        self.options = options
        super().__init__()

    def run(self):
        try:
            Master(self).run()
        except RuntimeError as error:  # as BaseApplication.run: gunicorn's own message, no traceback
            print(f"\nError: {error}\n", file=sys.stderr, flush=True)
            sys.exit(1)

    def load_config(self):
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self):
        return self.application


def lan_addresses() -> list[str]:
    """Return every non-loopback IPv4 address of this machine (the ones students can type)."""
    found = []
    for addresses in psutil.net_if_addrs().values():
        for address in addresses:
            if address.family.name == "AF_INET" and address.address not in found:
                ip = ipaddress.ip_address(address.address)
                if not ip.is_loopback and not ip.is_link_local:
                    found.append(address.address)
    return found


def student_addresses(host: str) -> list[str]:
    """Return the addresses students can type for a server listening on `host`."""
    address = ipaddress.ip_address(host)
    if address.is_loopback:
        return []
    if address.is_unspecified:  # 0.0.0.0: every interface
        return lan_addresses()
    return [host]


def raise_open_files_limit() -> None:
    """Let each worker hold its 1000 connections: the soft limit on open files is often 1024."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY:
        wanted = 4096 if hard == resource.RLIM_INFINITY else min(4096, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, wanted), hard))


def options(host: str, port: int, workers: int, on_exit=None) -> dict:
    return {
        "bind": f"{host}:{port}",
        "workers": workers,
        "worker_class": "chessviz.web.serve.Worker",
        "worker_connections": 1000,
        # Each worker listens on its own socket (SO_REUSEPORT): the kernel shares connections
        # out evenly, where one shared socket gave a burst of 256 nearly all to one worker.
        "reuse_port": True,
        "preload_app": True,
        "control_socket_disable": True,
        "limit_request_line": LIMIT_REQUEST_LINE,
        "limit_request_fields": 50,
        "keepalive": 5,
        "timeout": 30,
        "graceful_timeout": 5,
        "accesslog": "-",
        "access_log_format": ACCESS_LOG_FORMAT,
        "errorlog": "-",
        **({"on_exit": on_exit} if on_exit else {}),
    }


def main(argv: list[str] | None = None) -> None:
    server = classroom(argv)
    start_live_classes(server.application)
    server.run()


def start_live_classes(app) -> None:
    """Start the live class's Redis here, in the master, before the workers fork, so that they all
    share it (gunicorn's on_exit stops it with the server); REDIS_URL names a shared one instead."""
    live = app.extensions["chessviz_classes"]
    try:
        url = live.start_embedded(watch=False)  # Master checks it: a watching thread would be forked
        print("Live classes: " + ("the Redis at REDIS_URL" if live.url else f"an embedded Redis on {url}"), flush=True)
    except Exception as error:  # every chapter still works; the class endpoints answer 503
        print(f"Live classes are unavailable: {error}", flush=True)


def classroom(argv: list[str] | None = None) -> Classroom:
    """Build the app and the server from the command line, and print where students can reach it."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="0.0.0.0", help="address to listen on (0.0.0.0: every interface)")
    parser.add_argument("--port", type=int, default=5000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--no-memo", action="store_true", help="answer every API request in the app, not from the memo (to measure the memo)"
    )
    args = parser.parse_args(argv)

    lan = student_addresses(args.host)
    # The Share dialog gives students a LAN address when the teacher browses on localhost.
    app = create_app({"LAN_HOSTS": lan, "ANSWER_MEMO": not args.no_memo})
    raise_open_files_limit()
    lines = [f"chessviz classroom server, {args.workers} workers, listening on {args.host}:{args.port}"]
    if lan:
        lines += ["Students can open:", *(f"  http://{address}:{args.port}/" for address in lan)]
    else:
        lines.append(
            f"Only this computer can reach it: http://{args.host}:{args.port}/ (make serve HOST=0.0.0.0 opens it to the network)"
        )
    print("\n".join(lines), flush=True)  # at once, even into a pipe (make serve | tee)
    live = app.extensions["chessviz_classes"]
    return Classroom(app, options(args.host, args.port, args.workers, on_exit=lambda server: live.stop_embedded()))


if __name__ == "__main__":
    main()
