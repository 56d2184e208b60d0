"""A memo of the API's answers, in front of the Flask app.

Every ``/api/`` answer is a pure function of its path and query: that is why it goes out with
``Cache-Control: public`` and an ETag, so that browsers and proxies may reuse it. The server
may too. A class asks the same few hundred queries over and over (thirty students open the
same chapter and click the same squares), and most of a request's cost is Flask's, not the
answer's: routing, the parameter parsing, JSON, the ETag's hash and the compression.

So each worker keeps the answers it has sent, exactly as sent (status line, headers, encoded
body), by path, query and ``Accept-Encoding``, and replays one without entering Flask when the
same request comes again. It keeps only what the app marked reusable by anyone (``200`` with
``Cache-Control: public``), up to a byte budget, dropping the least recently used first.
Requests that are not a plain ``GET`` of ``/api/``, that carry a body (which the app refuses
over its limit), or that revalidate (``If-None-Match``, which the app answers with a 304)
always reach the app.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable

MEMO_BYTES = 32 * 1024 * 1024  # per worker: a few thousand answers
MEMO_LARGEST = 512 * 1024  # an answer larger than this is not kept (none is, encoded)


class AnswerMemo:
    """WSGI middleware: replay the app's reusable ``/api/`` answers from memory."""

    def __init__(self, app: Callable, budget: int = MEMO_BYTES, largest: int = MEMO_LARGEST):
        self.app = app
        self.budget = budget
        self.largest = largest
        self.entries: OrderedDict[tuple[str, str, str], tuple[str, list[tuple[str, str]], bytes]] = OrderedDict()
        self.size = 0
        self.hits = 0
        self.misses = 0
        self.lock = threading.Lock()  # `make run` serves from threads; gunicorn's gevent workers from one

    def __call__(self, environ: dict, start_response: Callable) -> Iterable[bytes]:
        if not _plain_api_get(environ):
            return self.app(environ, start_response)
        path = environ["PATH_INFO"]
        key = (path, environ.get("QUERY_STRING", ""), environ.get("HTTP_ACCEPT_ENCODING", ""))
        with self.lock:
            entry = self.entries.get(key)
            if entry is not None:
                self.entries.move_to_end(key)
                self.hits += 1
            else:
                self.misses += 1
        if entry is not None:
            status, headers, body = entry
            start_response(status, list(headers))
            return [body]
        return self._answer_and_keep(key, environ, start_response)

    def _answer_and_keep(self, key, environ: dict, start_response: Callable) -> Iterable[bytes]:
        sent: dict = {}

        def capture(status, headers, exc_info=None):
            sent["status"], sent["headers"] = status, list(headers)
            return start_response(status, headers, exc_info)

        chunks = self.app(environ, capture)
        if not self._reusable_headers(sent):
            return chunks  # never kept, so never held: an event stream flows on as the app sends it
        try:
            body = b"".join(chunks)
        finally:
            if hasattr(chunks, "close"):
                chunks.close()
        if self._reusable(sent, body):
            self._keep(key, (sent["status"], sent["headers"], body))
        return [body]

    def _reusable_headers(self, sent: dict) -> bool:
        """A 200 the app marked public (sent: what the app passed to start_response)."""
        if not sent.get("status", "").startswith("200 "):
            return False
        cache_control = [value for name, value in sent["headers"] if name.lower() == "cache-control"]
        return len(cache_control) == 1 and "public" in cache_control[0].split(", ")

    def _reusable(self, sent: dict, body: bytes) -> bool:
        return self._reusable_headers(sent) and len(body) <= self.largest

    def _keep(self, key, entry) -> None:
        with self.lock:
            if key in self.entries:
                return
            self.entries[key] = entry
            self.size += _cost(key, entry)
            while self.size > self.budget and self.entries:
                self.size -= _cost(*self.entries.popitem(last=False))


def _plain_api_get(environ: dict) -> bool:
    """A GET of /api/ with no body (the app refuses bodies over its limit) and no revalidation."""
    return (
        environ.get("REQUEST_METHOD") == "GET"
        and environ.get("PATH_INFO", "").startswith("/api/")
        and "HTTP_IF_NONE_MATCH" not in environ
        and environ.get("CONTENT_LENGTH") in (None, "", "0")
        and "HTTP_TRANSFER_ENCODING" not in environ
    )


def _cost(key, entry) -> int:
    """The bytes an entry holds: its body, headers and key."""
    return len(entry[2]) + sum(len(n) + len(v) for n, v in entry[1]) + sum(map(len, key))
