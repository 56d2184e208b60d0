"""The live class: its endpoints (``/api/classes...``), its event stream, and its pages
(``/join``, ``/join/<code>``).

A thin translation of HTTP into :class:`chessviz.classes.ClassStore` calls, as every other
endpoint module is of the core's. The class's state is in Redis (see :mod:`chessviz.classes`):
the embedded server (:mod:`chessviz.classes_redis`), started the first time a class is
opened, or by ``make serve``'s master before its workers fork; or ``REDIS_URL``'s. When
Redis cannot be reached, these endpoints answer 503 ``class_unavailable`` and everything
else keeps working; they recover by themselves when it is back.
"""

from __future__ import annotations

import json
import os
import queue
import secrets
import threading
from functools import wraps

import redis
from flask import Blueprint, Flask, Response, current_app, render_template, request, url_for
from redis.backoff import NoBackoff
from redis.retry import Retry

from ..chapters import CHAPTERS
from ..classes import ALPHABET, CODE_LENGTH, MAX_NAME, ClassError, ClassStore, Event, Settings, event_id, id_after, normalize_code
from ..classes_feed import Feeds
from ..classes_redis import EmbeddedRedis, RedisStartError
from ..errors import shown
from . import params as P
from . import schemas as S
from .api import endpoint

KEEPALIVE = 10.0  # seconds between comment lines of an idle event stream (the contract: at most 15)
BLOCK_MS = 5000  # a feed's blocking read, between its checks that the class still exists
# Redis cannot be reached (or the embedded one started): 503. Any other Redis error is a bug, and a 500.
UNAVAILABLE = (redis.ConnectionError, redis.TimeoutError, RedisStartError, OSError)

pages = Blueprint("live", __name__)


class LiveClasses:
    """The app's live classes: settings, the Redis clients (made on first use, in each worker), the feeds."""

    def __init__(self, app: Flask):
        config = app.config
        self.url = config.get("REDIS_URL") or os.environ.get("REDIS_URL") or None
        self.folder = config.get("REDIS_FOLDER") or app.instance_path
        defaults = Settings()
        self.settings = Settings(
            ttl=int(config.get("CLASS_TTL", defaults.ttl)),
            max_students=int(config.get("CLASS_MAX_STUDENTS", defaults.max_students)),
            max_streams=int(config.get("CLASS_MAX_STREAMS", defaults.max_streams)),
            failures=int(config.get("CLASS_JOIN_FAILURES", defaults.failures)),
            creations=int(config.get("CLASS_CREATIONS", defaults.creations)),
        )
        self.keepalive = float(config.get("CLASS_KEEPALIVE", KEEPALIVE))
        self.block_ms = int(config.get("CLASS_BLOCK_MS", BLOCK_MS))
        self.proxies = int(config.get("CLASS_PROXIES", os.environ.get("CLASS_PROXIES", 0)))
        self.embedded: EmbeddedRedis | None = None
        self.lock = threading.Lock()
        self._store: ClassStore | None = None
        self._feeds: Feeds | None = None
        self._pid = None

    def start_embedded(self, watch: bool = True) -> str:
        """Start the embedded Redis server now, unless REDIS_URL names one; return the URL used.
        ``watch``: a thread starts it again if it dies; gunicorn's master calls check_embedded()
        from its own loop instead (see EmbeddedRedis.start)."""
        with self.lock:
            if self.url is None:
                self.embedded = self.embedded or EmbeddedRedis(self.folder)
                self.embedded.start(watch=watch)
            return self.url or self.embedded.url

    def check_embedded(self) -> None:
        """Start the embedded Redis again if it died (in the process that started it)."""
        if self.embedded is not None:
            self.embedded.check()

    def stop_embedded(self) -> None:
        if self.embedded is not None:
            self.embedded.stop()

    def close_streams(self) -> None:
        """End every event stream this process holds open (their pages reconnect, to whichever server
        answers then). A server stopping calls it: a stream never ends by itself, so a graceful stop
        would otherwise wait out its whole timeout and then cut the streams off mid-response."""
        if self._feeds is not None and self._pid == os.getpid():
            self._feeds.close_all()

    def redis_url(self) -> str:
        return self.url or self.start_embedded()

    def store(self) -> ClassStore:
        """Return the store, connecting (and starting the embedded server) on first use in this process."""
        if self._store is None or self._pid != os.getpid():  # a forked worker makes its own connections
            url = self.redis_url()
            with self.lock:
                if self._store is None or self._pid != os.getpid():
                    client = redis.Redis.from_url(url, **_client_options(5))
                    reader = redis.Redis.from_url(url, **_client_options(self.block_ms / 1000 + 5))
                    self._store = ClassStore(client, self.settings)
                    self._feeds = Feeds(self._store, lambda: reader, UNAVAILABLE, self.block_ms)
                    self._pid = os.getpid()
        return self._store

    def feeds(self) -> Feeds:
        self.store()
        return self._feeds

    def address(self) -> str:
        """The client's address; behind CLASS_PROXIES trusted proxies, the one they forwarded."""
        if self.proxies:
            forwarded = [a.strip() for a in request.headers.get("X-Forwarded-For", "").split(",") if a.strip()]
            if len(forwarded) >= self.proxies:
                return forwarded[-self.proxies]
        return request.remote_addr or "unknown"


def _client_options(timeout: float) -> dict:
    # One quick retry (a pooled connection the server closed when it restarted), then the error:
    # a class endpoint answers 503 at once rather than waiting on a Redis that is down.
    return {
        "decode_responses": True,
        "socket_timeout": timeout,
        "socket_connect_timeout": 2,
        "retry": Retry(NoBackoff(), 1),
        "health_check_interval": 30,
    }


def install(app: Flask) -> LiveClasses:
    live = LiveClasses(app)
    app.extensions["chessviz_classes"] = live
    app.register_blueprint(pages)
    return live


def live() -> LiveClasses:
    return current_app.extensions["chessviz_classes"]


def slugs() -> list[str]:
    return [c.slug for c in CHAPTERS]


def bearer() -> str | None:
    """The key of ``Authorization: Bearer <key>``, or None."""
    scheme, _, key = request.headers.get("Authorization", "").partition(" ")
    return key.strip() or None if scheme.lower() == "bearer" else None


def unavailable_as_503(view):
    """Answer 503 class_unavailable when Redis cannot be reached (or the embedded one started)."""

    @wraps(view)
    def wrapper(*args, **kwargs):
        try:
            return view(*args, **kwargs)
        except UNAVAILABLE:
            current_app.logger.warning("live class: Redis cannot be reached", exc_info=True)
            raise ClassError("class_unavailable", "the live class is unavailable: its shared store cannot be reached") from None

    return wrapper


# --- the declarations -----------------------------------------------------------------------

CODE = P.Param(
    "code",
    lambda value: value,
    f"The class's join code: {CODE_LENGTH} characters from {ALPHABET}, any case.",
    {"type": "string", "minLength": 1, "maxLength": 20},
    example="K7QM2P",
)
QUESTION_ID = P.Param(
    "question_id", lambda value: value, "A question of the class, as its POST answered.", {"type": "string"}, example="q1"
)
PATH_FIELD = P.field(
    "path",
    "A chapter page of this server with its state, e.g. /chapter/rays?sq=d5.",
    {"type": "string", "maxLength": 2000},
    required=True,
    example="/chapter/rays?sq=d5",
)
QUESTION = S.obj(
    {
        "question_id": S.STR,
        "kind": S.enum("squares", "value"),
        "prompt": S.STR,
        "pieces": S.PIECES,
        "words": S.array(S.STR),
        "path": S.STR,
    }
)
ANSWER = {"anyOf": [S.array(S.SQUARE), S.BITBOARD]}
NOT_FOUND = {404: "Unknown, mistyped or ended code (class_not_found)"}
LIMITED = {429: "Too many unknown codes from this address (too_many_requests)"}
DOWN = {503: "The shared store cannot be reached (class_unavailable)"}
TEACHER = {403: "A missing or wrong teacher key (forbidden)"}
STUDENT = {403: "A missing or wrong student key (forbidden)"}
BODY = {413: "A body over 4096 bytes (body_too_large)"}
TEACHER_ONLY = "The class's teacher key."
STUDENT_ONLY = "A student key of the class."


def _class_endpoint(rule, summary, description, **options):
    """Declare a live-class endpoint: tagged, stateful, 503 when Redis is down, 404/429 for codes."""
    errors = {**NOT_FOUND, **LIMITED, **DOWN, **options.pop("errors", {})}
    if options.get("body") is not None:
        errors |= BODY
    declare = endpoint(
        rule,
        options.pop("params", []),
        summary,
        description,
        tag="classes",
        pure=False,
        errors=errors,
        path_params=options.pop("path_params", [CODE]),
        **options,
    )

    def decorate(view):
        declare(unavailable_as_503(view))
        return view

    return decorate


@endpoint(
    "/classes",
    [],
    "Open a live class",
    "Opens a class and answers its join code, the teacher's key (keep it: it alone changes the class), "
    "the absolute URL of its join page and when it ends if nothing happens (pushed back by activity).",
    tag="classes",
    method="POST",
    status=201,
    pure=False,
    body=[
        P.field("title", "A title students see, at most 80 characters.", {"type": "string", "maxLength": 80}, example="Rays"),
        P.field("path", "The teacher's current chapter page with its state.", {"type": "string"}, example="/chapter/rays"),
    ],
    errors={**BODY, 429: "Too many classes opened from this address (too_many_requests)", **DOWN},
    response=S.obj({"code": S.STR, "teacher_key": S.STR, "join_url": S.STR, "expires_at": S.STR}),
)
@unavailable_as_503
def create_class(title, path) -> dict:
    created = live().store().create(live().address(), title, path, slugs())
    join_url = url_for("live.join_code", code=created["code"], _external=True)
    return {"code": created["code"], "teacher_key": created["teacher_key"], "join_url": join_url, **created}


@_class_endpoint(
    "/classes/<code>",
    "A live class's public state",
    "Its code, title, the teacher's current view (a page path), the number of students and the "
    "open question's public part (or null): never a name or an answer.",
    response=S.obj(
        {
            "code": S.STR,
            "title": S.STR,
            "view": S.nullable(S.STR),
            "students": S.INT,
            "question": S.nullable(QUESTION),
            "expires_at": S.STR,
        }
    ),
)
def class_info(code) -> dict:
    store = live().store()
    code, meta = store.guard(code, live().address(), bearer())
    return store.info(code, meta)


@_class_endpoint(
    "/classes/<code>/students",
    "Join a live class",
    f"Adds a student; answers their id, key (keep it: it answers for them) and name: the one given "
    f"(at most {MAX_NAME} characters), or a friendly one the server picks.",
    method="POST",
    status=201,
    body=[P.field("name", f"A nickname, at most {MAX_NAME} characters.", {"type": "string"}, example="Sam")],
    errors={409: "The class has 200 students, the most it takes (class_full)"},
    response=S.obj({"student_id": S.STR, "student_key": S.STR, "name": S.STR}),
)
def join_class(code, name) -> dict:
    store = live().store()
    code, _ = store.guard(code, live().address(), bearer())
    return store.join(code, name, live().address())


@_class_endpoint(
    "/classes/<code>/me",
    "A student's own state",
    "The student's id and name, the open question's public part, their answer to it, and once "
    "the answer is revealed, the answer and whether theirs was right (the server decides).",
    auth=STUDENT_ONLY,
    errors=STUDENT,
    response=S.obj(
        {
            "student_id": S.STR,
            "name": S.STR,
            "question": S.nullable(QUESTION),
            "answer": S.nullable(ANSWER),
            "revealed": S.nullable(ANSWER),
            "right": S.nullable(S.BOOL),
        }
    ),
)
def student_state(code) -> dict:
    store, key = live().store(), bearer()
    code, meta = store.guard(code, live().address(), key)
    return store.me(code, meta, _student(store, code, key))


def _student(store: ClassStore, code: str, key: str | None) -> tuple[str, dict]:
    student = store.student(code, key)
    if student is None:
        raise ClassError("forbidden", "this needs a student key of the class (Authorization: Bearer <key>)")
    return student


@_class_endpoint(
    "/classes/<code>/view",
    "Set the teacher's view",
    "Makes a chapter page of this server, with its state, the class's view: every follower gets a "
    "view event and opens it. Any other path is a 400.",
    method="PUT",
    body=[PATH_FIELD],
    auth=TEACHER_ONLY,
    errors=TEACHER,
    response=S.obj({"path": S.STR}),
)
def set_view(code, path) -> dict:
    store = live().store()
    code, _ = store.teacher(code, bearer(), live().address())
    return store.set_view(code, path, slugs())


@_class_endpoint(
    "/classes/<code>/questions",
    "Ask the class",
    "Poses the question the chapter's exercise asks in that state (chessviz/questions.py): `squares` "
    "(mark squares) or `value` (type a number). Its answer is computed by the server and shown to no "
    "one before the reveal. A state that poses no question is a 400.",
    method="POST",
    status=201,
    body=[PATH_FIELD],
    auth=TEACHER_ONLY,
    errors=TEACHER,
    response=QUESTION,
)
def ask(code, path) -> dict:
    store = live().store()
    code, meta = store.teacher(code, bearer(), live().address())
    return store.ask(code, meta, path, slugs())


@_class_endpoint(
    "/classes/<code>/answers",
    "Answer the open question",
    "A student's answer: squares (names) or a value (a bitboard: 0x and hex digits, or decimal). "
    "A later answer of the same student replaces the earlier one; after the reveal, answers are closed (409).",
    method="POST",
    body=[
        P.field("question_id", "The open question's id.", {"type": "string"}, required=True, example="q1"),
        P.field("squares", "The squares marked (kind squares).", {"type": "array", "items": {"type": "string"}}, example=["e4"]),
        P.field("value", "The value typed (kind value).", {"type": "string"}),
    ],
    auth=STUDENT_ONLY,
    errors={**STUDENT, 409: "Not the open question, or its answer was revealed (question_closed)"},
    response=S.obj({"question_id": S.STR, "answer": ANSWER}),
)
def answer(code, question_id, squares, value) -> dict:
    store, key = live().store(), bearer()
    code, _ = store.guard(code, live().address(), key)
    student_id, _ = _student(store, code, key)
    return store.answer(code, student_id, question_id, squares, value)


@_class_endpoint(
    "/classes/<code>/questions/<question_id>/tally",
    "Count the answers",
    "How many students the class has, how many answered, how many are right, how many marked each "
    "square, how many sent an empty board and how many typed each value: counts only, never a name.",
    path_params=[CODE, QUESTION_ID],
    auth=TEACHER_ONLY,
    errors=TEACHER,
    response=S.obj(
        {
            "students": S.INT,
            "answered": S.INT,
            "right": S.INT,
            "squares": {"type": "object", "additionalProperties": S.INT},
            "empty": S.INT,
            "values": {"type": "object", "additionalProperties": S.INT},
        }
    ),
)
def tally(code, question_id) -> dict:
    store = live().store()
    code, _ = store.teacher(code, bearer(), live().address())
    return store.tally(code, question_id)


@_class_endpoint(
    "/classes/<code>/questions/<question_id>/reveal",
    "Reveal the answer",
    "Answers the open question's answer and sends it to every follower as a reveal event; each "
    "student's page then asks whether theirs was right.",
    method="POST",
    path_params=[CODE, QUESTION_ID],
    auth=TEACHER_ONLY,
    errors={**TEACHER, 409: "Not the open question (question_closed)"},
    response=S.obj({"question_id": S.STR, "kind": S.enum("squares", "value"), "answer": ANSWER}),
)
def reveal(code, question_id) -> dict:
    store = live().store()
    code, meta = store.teacher(code, bearer(), live().address())
    return store.reveal(code, meta, question_id)


@_class_endpoint(
    "/classes/<code>",
    "End the class",
    "Sends every follower an ended event and deletes everything the class held (names, answers); "
    "the code answers 404 from then on.",
    method="DELETE",
    status=204,
    auth=TEACHER_ONLY,
    errors=TEACHER,
    response={},
)
def end_class(code) -> Response:
    store = live().store()
    code, _ = store.teacher(code, bearer(), live().address())
    store.end(code)
    return Response(status=204)


@_class_endpoint(
    "/classes/<code>/events",
    "Follow the class (Server-Sent Events)",
    "A text/event-stream: at once a view event (data: the path), and the open question if any; then "
    "one event for each change: view, question, reveal, ended. Each has an id; a client reconnecting "
    "with Last-Event-ID (or last_event_id in the query) gets what it missed. A comment line at least "
    "every 15 s keeps proxies open.",
    params=[],
    media_type="text/event-stream",
    errors={429: "Too many unknown codes from this address, or too many open streams (too_many_requests)"},
    response={"type": "string"},
)
def events(code) -> Response:
    classes = live()
    store, address = classes.store(), classes.address()
    code, _ = store.guard(code, address, bearer())
    if request.method == "HEAD":  # the headers alone: nothing to follow, nothing opened
        return _stream_response(iter(()))
    token = secrets.token_hex(8)
    store.open_stream(code, token)
    after = event_id(request.headers.get("Last-Event-ID") or request.args.get("last_event_id"))
    feeds = classes.feeds()
    try:
        subscription = feeds.subscribe(code)
        # What the follower missed, or (a first connection, or an id the stream no longer holds) the class as it is.
        first = store.replay(code, after) if after else None
        if first is None:
            first = store.snapshot(code)
    except BaseException:
        store.close_stream(code, token)
        raise
    stream, release = _stream(classes, store, code, token, subscription, first, after)
    response = _stream_response(stream)
    response.call_on_close(release)  # also when the server closes the stream before its first event
    return response


def _stream_response(body) -> Response:
    response = Response(body, mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response


def _stream(classes: LiveClasses, store: ClassStore, code: str, token: str, subscription, first: list[Event], after):
    """Return the event stream's body (the first events, then each new one, a comment line when
    idle) and its release (idempotent: the stream's subscription and its count let go)."""
    feeds = classes.feeds()
    released = []

    def release() -> None:
        if released:
            return
        released.append(True)
        feeds.unsubscribe(code, subscription)
        try:
            store.close_stream(code, token)
        except UNAVAILABLE:
            pass

    def body():
        sent = after or "0-0"
        try:
            yield f"retry: 2000\n: class {code}\n\n"
            for event in first:
                yield _format(event)
                sent = event.id if id_after(event.id, sent) else sent
                if event.type == "ended":
                    return
            while True:
                try:
                    event = subscription.get(timeout=classes.keepalive)
                except queue.Empty:
                    yield ": keep-alive\n\n"
                    try:
                        store.stream_alive(code, token)
                    except UNAVAILABLE:
                        return
                    continue
                if event is None:
                    return  # the class ended, Redis went away, or this stream fell behind: the page reconnects
                if not id_after(event.id, sent) and event.type != "ended":  # sent already (an ended class's is new)
                    continue
                sent = event.id
                yield _format(event)
                if event.type == "ended":
                    return
        finally:
            release()

    return body(), release


def _format(event: Event) -> str:
    return f"id: {event.id}\nevent: {event.type}\ndata: {json.dumps(event.data, separators=(',', ':'))}\n\n"


# --- pages ----------------------------------------------------------------------------------


@pages.get("/join")
def join():
    return render_template("join.html", code="", known=None, alphabet=ALPHABET, length=CODE_LENGTH, max_name=MAX_NAME)


@pages.get("/join/<code>")
def join_code(code: str):
    """The join page of a code; a code that is no class's says so (and still lets a student type another)."""
    known = None
    normal = normalize_code(code)
    status = 200
    try:
        store = live().store()
        _, meta = store.guard(code, live().address())
        known = {"code": normal, "title": meta["title"]}
    except ClassError as error:
        status = 404 if error.code == "class_not_found" else 429
        known = {"code": normal or "", "error": error.code, "shown": shown(code)}
    except UNAVAILABLE:
        status = 503
        known = {"code": normal or "", "error": "class_unavailable"}
    html = render_template("join.html", code=normal or "", known=known, alphabet=ALPHABET, length=CODE_LENGTH, max_name=MAX_NAME)
    return Response(html, status=status, mimetype="text/html", headers={"Cache-Control": "no-store"})
