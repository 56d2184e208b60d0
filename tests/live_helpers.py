"""Helpers for the live-class tests: a real embedded Redis, apps on it, and an event stream reader."""

from __future__ import annotations

import json
import queue
import threading
import time

from chessviz.web import create_app


def make_app(redis_url: str, **config):
    """An app as the suite's (answers computed when asked), on the given Redis."""
    return create_app({"TESTING": True, "PREPARE_AT_START": False, "REDIS_URL": redis_url, **config})


def bearer(key: str) -> dict:
    return {"Authorization": f"Bearer {key}"}


class Stream:
    """An open event stream of a test client, read in a thread: events arrive on a queue.

    ``next_event()`` returns the next (id, type, data), waiting up to a bounded time;
    comments are kept too (``comments``).
    """

    def __init__(self, client, path: str, headers: dict | None = None):
        self.response = client.get(path, headers=headers or {}, buffered=False)
        self.status = self.response.status_code
        self.events: queue.Queue = queue.Queue()
        self.comments: list[str] = []
        self.done = threading.Event()
        self.closing = threading.Event()
        if self.status == 200:
            threading.Thread(target=self._read, daemon=True).start()
        else:
            self.done.set()

    def _read(self) -> None:
        buffer = ""
        try:
            for chunk in self.response.response:
                if self.closing.is_set():
                    break
                buffer += chunk.decode()
                while "\n\n" in buffer:
                    block, buffer = buffer.split("\n\n", 1)
                    self._block(block)
        finally:
            self.response.close()  # here, between two chunks: the server's generator is not running
            self.done.set()
            self.events.put(None)

    def _block(self, block: str) -> None:
        fields: dict[str, str] = {}
        for line in block.split("\n"):
            if line.startswith(":"):
                self.comments.append(line[1:].strip())
            elif ":" in line:
                name, _, value = line.partition(":")
                fields[name] = value.removeprefix(" ")
        if "event" in fields:
            self.events.put((fields.get("id"), fields["event"], json.loads(fields["data"])))

    def next_event(self, timeout: float = 10):
        """Return the next (id, type, data), or None once the stream ended; fail after timeout."""
        item = self.events.get(timeout=timeout)
        if item is None:
            self.events.put(None)  # stays ended for the next call
        return item

    def wait_for(self, kind: str, timeout: float = 10):
        """Return the next event of a type, skipping others; fail after timeout."""
        deadline = time.monotonic() + timeout
        while True:
            item = self.next_event(max(0.01, deadline - time.monotonic()))
            assert item is not None, f"the stream ended before a {kind} event"
            if item[1] == kind:
                return item

    def close(self) -> None:
        """Close the stream as a client that goes away: at its next chunk (at most a keep-alive later)."""
        self.closing.set()
        if self.status != 200:
            self.response.close()
