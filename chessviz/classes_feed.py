"""One reader per class per worker: the live class's events, read from Redis once and handed
to every open event stream of this process in memory.

A student's event stream must not hold a Redis connection of its own (a blocking read per
student runs out of connections at about a hundred students). So each process keeps one
:class:`Feed` per class that has open streams here: a thread (a greenlet under ``make
serve``'s gevent workers) blocks on the class's Redis stream and puts each event on the
queue of every :class:`Subscription`. It stops when the last stream of its class closes,
when the class ends, or when Redis cannot be reached (the streams then end, and their
pages reconnect).
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable

from .classes import ClassStore, Event

# A subscription more than this many events behind is closed: its client reconnects and
# catches up from Redis (Last-Event-ID), instead of this process holding events for it.
BACKLOG = 500


class Subscription:
    """One open event stream's queue. ``get`` returns the next Event, or None once closed."""

    def __init__(self):
        self.queue: queue.Queue = queue.Queue()
        self.closed = False

    def put(self, event: Event) -> None:
        if self.closed:
            return
        if self.queue.qsize() >= BACKLOG:
            self.close()  # fallen behind: its page reconnects and catches up from Redis
            return
        self.queue.put(event)

    def close(self) -> None:
        """End the stream (its class ended, Redis went away, it fell behind, the server stops): its
        page reconnects and finds out which from Redis, so no reason is kept."""
        if not self.closed:
            self.closed = True
            self.queue.put(None)

    def get(self, timeout: float) -> Event | None:
        """Return the next event; raise queue.Empty after ``timeout`` seconds without one; None when closed."""
        if self.closed and self.queue.empty():
            return None
        return self.queue.get(timeout=timeout)


class Feed:
    """The reader of one class's events in this process."""

    def __init__(self, feeds: Feeds, code: str):
        self.feeds = feeds
        self.code = code
        self.subscribers: set[Subscription] = set()
        self.position = "0-0"
        self.ready = threading.Event()
        self.failed: BaseException | None = None

    def run(self) -> None:
        store, errors = self.feeds.store, self.feeds.errors
        try:
            self.position = store.newest_event_id(self.code)
        except errors as error:
            self.failed = error
            self.ready.set()
            self.finish()  # Redis unavailable
            return
        self.ready.set()
        key = store.key(self.code, "events")
        while True:
            with self.feeds.lock:
                if not self.subscribers:
                    self.feeds.feeds.pop(self.code, None)
                    return
            try:
                found = self.feeds.reader().xread({key: self.position}, block=self.feeds.block_ms, count=200)
                if not found and not store.exists(self.code):
                    self.broadcast(Event(self.position, "ended", {}))  # the class expired
                    self.finish()
                    return
            except errors:
                self.finish()  # Redis unavailable
                return
            for entry_id, fields in found[0][1] if found else []:
                self.position = entry_id
                event = Event.from_stream(entry_id, fields)
                self.broadcast(event)
                if event.type == "ended":
                    self.finish()
                    return

    def broadcast(self, event: Event) -> None:
        with self.feeds.lock:
            subscribers = list(self.subscribers)
        for subscription in subscribers:
            subscription.put(event)

    def finish(self) -> None:
        """Close every subscription and forget this feed (a later stream starts a new one)."""
        with self.feeds.lock:
            subscribers, self.subscribers = list(self.subscribers), set()
            if self.feeds.feeds.get(self.code) is self:
                del self.feeds.feeds[self.code]
        for subscription in subscribers:
            subscription.close()


class Feeds:
    """This process's feeds, by class code. ``errors`` are the store's connection errors."""

    def __init__(self, store: ClassStore, reader: Callable, errors: tuple[type[BaseException], ...], block_ms: int = 5000):
        self.store = store
        self.reader = reader  # returns the client blocking reads go through (a longer socket timeout)
        self.errors = errors
        self.block_ms = block_ms
        self.lock = threading.Lock()
        self.feeds: dict[str, Feed] = {}

    def subscribe(self, code: str, timeout: float = 10) -> Subscription:
        """Return a new subscription to the class's events from this moment on.

        Every event after the moment this returns reaches the subscription (and perhaps a few
        before it: the caller skips ids it has already sent). Raises the store's error when
        Redis cannot be reached.
        """
        subscription = Subscription()
        with self.lock:
            feed = self.feeds.get(code)
            start = feed is None
            if start:
                feed = self.feeds[code] = Feed(self, code)
            feed.subscribers.add(subscription)
        if start:
            threading.Thread(target=feed.run, name=f"class-feed-{code}", daemon=True).start()
        if not feed.ready.wait(timeout) or feed.failed is not None:
            self.unsubscribe(code, subscription)
            raise feed.failed or TimeoutError("the class's events could not be read in time")
        return subscription

    def unsubscribe(self, code: str, subscription: Subscription) -> None:
        with self.lock:
            feed = self.feeds.get(code)
            if feed is not None:
                feed.subscribers.discard(subscription)

    def close_all(self) -> None:
        """Close every subscription of this process: each open stream ends and its page reconnects."""
        with self.lock:
            feeds = list(self.feeds.values())
        for feed in feeds:
            feed.finish()

    def open_streams(self) -> int:
        with self.lock:
            return sum(len(feed.subscribers) for feed in self.feeds.values())
