"""Live classes, kept in Redis so that every worker and every instance of the server shares them.

A teacher opens a class and gets its join code and a key; students join with the code and
get keys of their own; the teacher's view and questions reach every follower as events in a
Redis stream, which gives a reconnecting client what it missed. Everything a class holds
(names, answers, events) lives in a handful of keys with one time to live, pushed back by
activity and deleted when the class ends: nothing outlives a class.

Keys (``cv:<CODE>:...``): ``meta`` (hash: title, view, the teacher key's digest, counters,
the open question), ``students`` (hash: id -> name and key digest), ``questions`` (hash:
id -> kind, prompt, path, answer, revealed, final tally), ``answers`` (hash: student id ->
the answer to the open question), ``events`` (stream), ``addresses`` (set: the digests of
the addresses the class was opened and joined from), ``streams`` (sorted set: open event
streams by their last sign of life). Failed joins are counted per address in ``cv:fail:*``.

Keys are never stored, only their SHA-256 digests, compared in constant time. Pure of the
web: the caller hands in a redis-py client; errors are :class:`ClassError` values.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
import time
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime

from .errors import ChessvizError, shown
from .questions import Question, question_for
from .squares import SQUARE_NAMES, format_bitboard, parse_bitboard, parse_square

ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no I, O, 0 or 1: nothing to mistake on a projector
CODE_LENGTH = 6
_CODE = re.compile(f"[{ALPHABET}]{{{CODE_LENGTH}}}")
KEY_BYTES = 24  # 192 random bits per key
MAX_NAME = 24
MAX_TITLE = 80
EVENTS_KEPT = 1000  # a stream keeps about this many events for reconnecting clients
_EVENT_ID = re.compile(r"\d{1,20}-\d{1,20}")
_KEYS = ("meta", "students", "questions", "answers", "events", "addresses", "streams")

ADJECTIVES = (
    "Amber", "Brave", "Bright", "Calm", "Clever", "Cosmic", "Curious", "Eager", "Gentle", "Golden", "Happy",
    "Jolly", "Kind", "Lively", "Lucky", "Merry", "Mighty", "Nimble", "Patient", "Quick", "Quiet", "Rapid",
    "Silver", "Steady", "Sunny", "Swift", "Tidy", "Witty",
)  # fmt: skip
ANIMALS = (
    "Badger", "Bishop", "Crane", "Dolphin", "Eagle", "Falcon", "Fox", "Gecko", "Heron", "Ibis", "Koala",
    "Knight", "Lynx", "Marten", "Otter", "Owl", "Panda", "Puffin", "Queen", "Raven", "Rook", "Seal",
    "Squirrel", "Swan", "Tiger", "Walrus", "Wombat", "Yak",
)  # fmt: skip


class ClassError(ChessvizError):
    """A refusal of the live class: ``class_not_found``, ``forbidden``, ``class_full``,
    ``too_many_requests``, ``question_closed`` (the web layer gives each its status)."""


@dataclass(frozen=True)
class Settings:
    """How long a class lives and how much it may hold; tests shorten the times."""

    ttl: int = 4 * 3600  # seconds a class lives after its last activity
    max_students: int = 200
    max_streams: int = 2 * 200 + 20  # open event streams per class: two tabs a student, the teacher's screens
    stream_alive: int = 45  # seconds an event stream counts as open without a sign of life
    failures: int = 30  # unknown codes an address may try per window...
    failure_window: int = 600  # ...of this many seconds
    creations: int = 30  # classes an address may open per window
    ended_grace: int = 120  # seconds the events of an ended class stay, so followers learn it ended


@dataclass
class Event:
    """One event of a class's stream: its id (the stream's), its type and its data (JSON-ready)."""

    id: str
    type: str
    data: dict = field(default_factory=dict)

    @classmethod
    def from_stream(cls, entry_id: str, fields: dict) -> Event:
        return cls(entry_id, fields["type"], json.loads(fields["data"]))


def now_iso(seconds: float) -> str:
    """Return a time as ISO 8601 in UTC, to the second: 2026-05-04T10:30:00Z."""
    return datetime.fromtimestamp(int(seconds), UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def normalize_code(text: str) -> str | None:
    """Return a code as stored (upper case, spaces and dashes dropped), or None if it cannot be one."""
    if not isinstance(text, str) or len(text) > 20:
        return None
    code = re.sub(r"[\s-]", "", text).upper()
    return code if _CODE.fullmatch(code) else None


def event_id(text: str | None) -> str | None:
    """Return a stream id as given by a client (Last-Event-ID), or None when it is not one."""
    if text and _EVENT_ID.fullmatch(text.strip()):
        return text.strip()
    return None


def id_after(a: str, b: str) -> bool:
    """Return True when stream id a comes after stream id b."""
    return tuple(map(int, a.split("-"))) > tuple(map(int, b.split("-")))


# What a name or a title may hold of the invisible characters: the zero-width joiner, which makes
# one emoji of several (👩‍💻, a family, a rainbow flag), and the non-joiner, which Persian and Indic
# names need. Every other control or format character (a right-to-left override among them) is refused.
JOINERS = frozenset("\u200c\u200d")


def _clean_text(value: object, field: str, most: int) -> str:
    """Return a name's or a title's text tidied (blanks run together, NFC); "" for none. Raise
    invalid_parameter, naming ``field``, for a non-string, a control character or more than ``most``."""
    if value is None:
        return ""
    if not isinstance(value, str):
        raise ClassError("invalid_parameter", f"{field} must be a string, got {shown(value)}", field)
    text = unicodedata.normalize("NFC", " ".join(value.split()))
    if any(unicodedata.category(c)[0] == "C" and c not in JOINERS for c in text):
        raise ClassError("invalid_parameter", f"{field} must not hold control characters", field)
    if len(text) > most:
        raise ClassError("invalid_parameter", f"{field} is {len(text)} characters long; the most allowed is {most}", field)
    return text


def clean_name(name: object) -> str | None:
    """Return a student's chosen name, tidied; None for none. Raise invalid_parameter for a bad one."""
    return _clean_text(name, "name", MAX_NAME) or None


def clean_title(title: object) -> str:
    """Return a class's title, tidied ("" for none). Raise invalid_parameter for a bad one."""
    return _clean_text(title, "title", MAX_TITLE)


def parse_answer_squares(squares: object) -> int:
    """Return the LERF bitboard of a list of square names; raise invalid_square naming squares."""
    if not isinstance(squares, list) or len(squares) > 64:
        raise ClassError("invalid_parameter", "squares must be a list of at most 64 square names", "squares")
    found = 0
    for name in squares:
        if not isinstance(name, str) or not re.fullmatch(r"[a-hA-H][1-8]", name.strip()):
            raise ClassError("invalid_square", f"expected square names a1..h8, got {shown(name)}", "squares")
        found |= 1 << parse_square(name)
    return found


# Atomic steps (Lua): each checks and changes a class in one go, so that two workers never
# see it half-changed. KEYS are the class's keys in _KEYS order.
_CREATE = """
if redis.call('EXISTS', KEYS[1], KEYS[5]) > 0 then return 0 end
redis.call('HSET', KEYS[1], 'title', ARGV[1], 'view', ARGV[2], 'teacher', ARGV[3], 'question', '', 'students', 0, 'questions', 0)
redis.call('XADD', KEYS[5], 'MAXLEN', '~', ARGV[6], '*', 'type', 'view', 'data', ARGV[4])
redis.call('SADD', KEYS[6], ARGV[5])
for i = 1, 7 do redis.call('EXPIRE', KEYS[i], ARGV[7]) end
return 1
"""
_JOIN = """
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
if redis.call('HLEN', KEYS[2]) >= tonumber(ARGV[1]) then return -2 end
local n = redis.call('HINCRBY', KEYS[1], 'students', 1)
local id = 's' .. n
redis.call('HSET', KEYS[2], id, cjson.encode({name = ARGV[2], key = ARGV[3]}))
redis.call('SADD', KEYS[6], ARGV[4])
for i = 1, 7 do redis.call('EXPIRE', KEYS[i], ARGV[5]) end
return n
"""
# The open question, checked and answered in one go: a question asked meanwhile is never answered by mistake.
_ANSWER = """
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
if redis.call('HGET', KEYS[1], 'question') ~= ARGV[1] then return -2 end
local q = cjson.decode(redis.call('HGET', KEYS[3], ARGV[1]))
if q.revealed then return -3 end
redis.call('HSET', KEYS[4], ARGV[2], ARGV[3])
for i = 1, 7 do redis.call('EXPIRE', KEYS[i], ARGV[4]) end
return 1
"""


class ClassStore:
    """Every operation on a live class, on one Redis (a redis-py client with decode_responses)."""

    def __init__(self, redis, settings: Settings | None = None, clock: Callable[[], float] = time.time):
        self.redis = redis
        self.settings = settings or Settings()
        self.clock = clock
        self._create = redis.register_script(_CREATE)
        self._join = redis.register_script(_JOIN)
        self._answer = redis.register_script(_ANSWER)

    # ---------------------------------------------------------------- keys and guards

    @staticmethod
    def keys(code: str) -> list[str]:
        return [f"cv:{code}:{name}" for name in _KEYS]

    def key(self, code: str, name: str) -> str:
        return f"cv:{code}:{name}"

    def expires_at(self) -> str:
        return now_iso(self.clock() + self.settings.ttl)

    def _touch(self, pipe, code: str) -> None:
        """Push the class's end back by its whole time to live (every key, so they end together)."""
        for key in self.keys(code):
            pipe.expire(key, self.settings.ttl)

    def _address(self, code: str, address: str) -> str:
        return digest(f"{code}:{address}")

    def guard(self, text: str, address: str, key: str | None = None) -> tuple[str, dict]:
        """Return (code, meta) of the class a request names; raise class_not_found or too_many_requests.

        An address that named too many unknown codes lately is refused any class it has no
        part in: the codes cannot be guessed by brute force, while the address the class was
        opened or joined from, or a request with a key of the class, is never refused.
        """
        code = normalize_code(text)
        if code is None:  # cannot be a code: not a guess at one, so not counted
            raise ClassError("class_not_found", f"no class has the code {shown(text)}: codes are 6 letters and digits")
        failures_key = f"cv:fail:{digest(address)}"
        pipe = self.redis.pipeline(transaction=False)
        pipe.hgetall(self.key(code, "meta"))
        pipe.get(failures_key)
        pipe.sismember(self.key(code, "addresses"), self._address(code, address))
        meta, failures, known = pipe.execute()
        if int(failures or 0) >= self.settings.failures and not known and not (meta and self._has_key(code, meta, key)):
            raise ClassError(
                "too_many_requests", "too many unknown codes were tried from this address; wait a few minutes and try again"
            )
        if not meta:
            self._count(failures_key)
            raise ClassError("class_not_found", f"no class has the code {code}: it may be mistyped, or the class has ended")
        return code, meta

    def _count(self, key: str) -> int:
        """Count one more in a window of failure_window seconds (that starts with the first); return the count."""
        pipe = self.redis.pipeline(transaction=True)
        pipe.set(key, 0, ex=self.settings.failure_window, nx=True)
        pipe.incr(key)
        return pipe.execute()[1]

    def _has_key(self, code: str, meta: dict, key: str | None) -> bool:
        if not key:
            return False
        if hmac.compare_digest(digest(key), meta.get("teacher", "")):
            return True
        return self.student(code, key) is not None

    def teacher(self, text: str, key: str | None, address: str) -> tuple[str, dict]:
        """Return (code, meta) if key is the class's teacher key; raise forbidden otherwise."""
        code, meta = self.guard(text, address, key)
        if not key or not hmac.compare_digest(digest(key), meta["teacher"]):
            raise ClassError("forbidden", "this needs the teacher's key of the class (Authorization: Bearer <key>)")
        return code, meta

    def student(self, code: str, key: str | None) -> tuple[str, dict] | None:
        """Return (student id, record) if key is a student key of the class, else None."""
        student_id, _, secret = (key or "").partition(".")
        if not re.fullmatch(r"s\d{1,6}", student_id) or not secret:
            return None
        record = self.redis.hget(self.key(code, "students"), student_id)
        if record is None:
            return None
        record = json.loads(record)
        return (student_id, record) if hmac.compare_digest(digest(secret), record["key"]) else None

    # ---------------------------------------------------------------- the contract's operations

    def create(self, address: str, title: object = None, path: str | None = None, slugs: Iterable[str] = ()) -> dict:
        """Open a class; return its code, the teacher's key and when it ends if nothing happens."""
        title = clean_title(title)
        if path is not None:
            question_path(path, slugs)
        made_key = f"cv:made:{digest(address)}"
        made = self._count(made_key)
        if made > self.settings.creations:
            raise ClassError("too_many_requests", "too many classes were opened from this address lately; wait a few minutes")
        key = secrets.token_urlsafe(KEY_BYTES)
        for _ in range(20):
            code = "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))
            created = self._create(
                keys=self.keys(code),
                args=[title, path or "", digest(key), json.dumps({"path": path}), self._address(code, address),
                      EVENTS_KEPT, self.settings.ttl],
            )  # fmt: skip
            if created:
                return {"code": code, "teacher_key": key, "expires_at": self.expires_at()}
        raise ClassError("class_unavailable", "no free code was found; try again")  # pragma: no cover - 2**30 codes

    def info(self, code: str, meta: dict) -> dict:
        """Return what anyone with the code may see: no name, no answer."""
        question = self._public(code, meta["question"]) if meta["question"] else None
        students = self.redis.hlen(self.key(code, "students"))
        ttl = self.redis.ttl(self.key(code, "meta"))
        return {
            "code": code,
            "title": meta["title"],
            "view": meta["view"] or None,
            "students": students,
            "question": question,
            "expires_at": now_iso(self.clock() + max(ttl, 0)),
        }

    def join(self, code: str, name: object, address: str) -> dict:
        """Add a student; return their id, key and name (chosen, or a friendly one picked for them)."""
        name = clean_name(name) or f"{secrets.choice(ADJECTIVES)} {secrets.choice(ANIMALS)}"
        secret = secrets.token_urlsafe(KEY_BYTES)
        number = self._join(
            keys=self.keys(code),
            args=[self.settings.max_students, name, digest(secret), self._address(code, address), self.settings.ttl],
        )
        if number == -1:
            raise ClassError("class_not_found", f"the class {code} has ended")
        if number == -2:
            raise ClassError("class_full", f"the class {code} has {self.settings.max_students} students, the most it takes")
        student_id = f"s{number}"
        return {"student_id": student_id, "student_key": f"{student_id}.{secret}", "name": name}

    def me(self, code: str, meta: dict, student: tuple[str, dict]) -> dict:
        """Return a student's own name and answer to the open question; once revealed, its answer and whether theirs was right."""
        student_id, record = student
        qid = meta["question"]
        body = {"student_id": student_id, "name": record["name"]} | dict.fromkeys(("question", "answer", "revealed", "right"))
        if qid:
            stored = json.loads(self.redis.hget(self.key(code, "questions"), qid))
            body["question"] = self._public_of(qid, stored)
            given = self.redis.hget(self.key(code, "answers"), student_id)
            if given is not None:
                given = json.loads(given)
                body["answer"] = _shown_answer(stored["kind"], given["value"])
                if stored["revealed"]:
                    body["right"] = given["value"] == stored["answer"]
            if stored["revealed"]:
                body["revealed"] = _shown_answer(stored["kind"], stored["answer"])
        return body

    def set_view(self, code: str, path: str, slugs: Iterable[str]) -> dict:
        """Make path the teacher's view and tell every follower."""
        question_path(path, slugs)
        pipe = self.redis.pipeline(transaction=True)
        pipe.hset(self.key(code, "meta"), "view", path)
        self._event(pipe, code, "view", {"path": path})
        self._touch(pipe, code)
        pipe.execute()
        return {"path": path}

    def ask(self, code: str, meta: dict, path: str, slugs: Iterable[str]) -> dict:
        """Pose the question of a chapter state; return its public part (the answer stays here)."""
        question = question_for(path, slugs)
        number = self.redis.hincrby(self.key(code, "meta"), "questions", 1)
        qid = f"q{number}"
        stored = {
            "kind": question.kind,
            "prompt": question.prompt,
            "pieces": question.pieces,
            "words": list(question.words),
            "path": path,
            "answer": question.answer,
            "revealed": False,
        }
        previous = meta["question"]
        final = self.tally(code, previous) if previous else None
        pipe = self.redis.pipeline(transaction=True)
        if previous:  # the last question's answers go; its counts stay, for its tally
            old = json.loads(self.redis.hget(self.key(code, "questions"), previous))
            pipe.hset(self.key(code, "questions"), previous, json.dumps({**old, "final": final}))
        pipe.delete(self.key(code, "answers"))
        pipe.hset(self.key(code, "questions"), qid, json.dumps(stored))
        pipe.hset(self.key(code, "meta"), "question", qid)
        public = self._public_of(qid, stored)
        self._event(pipe, code, "question", public)
        self._touch(pipe, code)
        pipe.execute()
        return public

    def answer(self, code: str, student_id: str, question_id: object, squares: object, value: object) -> dict:
        """Record a student's answer to the open question (a later one replaces it)."""
        if question_id is None or question_id == "":
            raise ClassError("missing_parameter", "question_id is missing", "question_id")
        if not isinstance(question_id, str):
            raise ClassError("invalid_parameter", f"question_id must be a string, got {shown(question_id)}", "question_id")
        stored = self.redis.hget(self.key(code, "questions"), question_id)
        if stored is None:
            raise ClassError("invalid_parameter", f"the class has no question {shown(question_id)}", "question_id")
        kind = json.loads(stored)["kind"]
        given = _parse_answer(kind, squares, value)
        result = self._answer(
            keys=self.keys(code),
            args=[question_id, student_id, json.dumps({"q": question_id, "value": given}), self.settings.ttl],
        )
        if result == -1:
            raise ClassError("class_not_found", f"the class {code} has ended")
        if result == -2:
            raise ClassError("question_closed", f"{question_id} is no longer the open question", "question_id")
        if result == -3:
            raise ClassError("question_closed", f"the answer to {question_id} was revealed: answers are closed", "question_id")
        return {"question_id": question_id, "answer": _shown_answer(kind, given)}

    def tally(self, code: str, question_id: str) -> dict:
        """Return the counts of the answers to a question: never a name."""
        stored = self.redis.hget(self.key(code, "questions"), question_id)
        if stored is None:
            raise ClassError("invalid_parameter", f"the class has no question {shown(question_id)}", "question_id")
        stored = json.loads(stored)
        if stored.get("final"):
            return stored["final"]
        pipe = self.redis.pipeline(transaction=True)
        pipe.hlen(self.key(code, "students"))
        pipe.hvals(self.key(code, "answers"))
        students, answers = pipe.execute()
        values = [given["value"] for given in map(json.loads, answers) if given["q"] == question_id]
        counts: dict[str, int] = {}
        if stored["kind"] == "squares":
            per_square = [0] * 64
            for given in values:
                for sq in range(64):
                    per_square[sq] += given >> sq & 1
            squares = {SQUARE_NAMES[sq]: n for sq, n in enumerate(per_square) if n}
        else:
            squares = {}
            for given in values:
                counts[format_bitboard(given)] = counts.get(format_bitboard(given), 0) + 1
        return {
            "students": students,
            "answered": len(values),
            "right": sum(given == stored["answer"] for given in values),
            "squares": squares,
            # An empty board is an answer too ("if they do not meet, send an empty board"), which
            # no square's count shows.
            "empty": sum(given == 0 for given in values) if stored["kind"] == "squares" else 0,
            "values": dict(sorted(counts.items(), key=lambda item: (-item[1], item[0]))),
        }

    def reveal(self, code: str, meta: dict, question_id: str) -> dict:
        """Reveal the open question's answer to every follower; return it."""
        stored = self.redis.hget(self.key(code, "questions"), question_id)
        if stored is None:
            raise ClassError("invalid_parameter", f"the class has no question {shown(question_id)}", "question_id")
        if meta["question"] != question_id:
            raise ClassError("question_closed", f"{question_id} is no longer the open question", "question_id")
        stored = json.loads(stored)
        answer = _shown_answer(stored["kind"], stored["answer"])
        if not stored["revealed"]:
            pipe = self.redis.pipeline(transaction=True)
            pipe.hset(self.key(code, "questions"), question_id, json.dumps({**stored, "revealed": True}))
            self._event(pipe, code, "reveal", {"question_id": question_id, "kind": stored["kind"], "answer": answer})
            self._touch(pipe, code)
            pipe.execute()
            # Answers are closed now: the counts are final, "of" the class as it stood when the
            # answer was shown (a student who joins later did not miss this question).
            # (With a time to live of its own, should the class have ended meanwhile.)
            final = self.tally(code, question_id)
            pipe = self.redis.pipeline(transaction=True)
            pipe.hset(self.key(code, "questions"), question_id, json.dumps({**stored, "revealed": True, "final": final}))
            pipe.expire(self.key(code, "questions"), self.settings.ttl)
            pipe.execute()
        return {"question_id": question_id, "kind": stored["kind"], "answer": answer}

    def end(self, code: str) -> None:
        """End the class: an ``ended`` event to every follower, then everything it held is gone.

        The events alone stay a little while (no name, no answer in them), so that a follower
        reading late still learns the class ended; the code answers 404 at once.
        """
        keys = self.keys(code)
        pipe = self.redis.pipeline(transaction=True)
        self._event(pipe, code, "ended", {})
        pipe.delete(*[k for k in keys if not k.endswith(":events")])
        pipe.expire(self.key(code, "events"), self.settings.ended_grace)
        pipe.execute()

    # ---------------------------------------------------------------- events

    def _event(self, pipe, code: str, kind: str, data: dict) -> None:
        fields = {"type": kind, "data": json.dumps(data)}
        pipe.xadd(self.key(code, "events"), fields, maxlen=EVENTS_KEPT, approximate=True)

    def snapshot(self, code: str) -> list[Event]:
        """Return what a new follower needs at once: the view, and the open question (revealed or not).

        Each carries the id of the newest event, so that events after it reach the follower next.
        """
        pipe = self.redis.pipeline(transaction=True)
        pipe.xrevrange(self.key(code, "events"), count=1)
        pipe.hgetall(self.key(code, "meta"))
        newest, meta = pipe.execute()
        if not meta:
            return []
        last = newest[0][0] if newest else "0-0"
        events = [Event(last, "view", {"path": meta["view"] or None})]
        if meta["question"]:
            stored = json.loads(self.redis.hget(self.key(code, "questions"), meta["question"]))
            events.append(Event(last, "question", self._public_of(meta["question"], stored)))
            if stored["revealed"]:
                answer = _shown_answer(stored["kind"], stored["answer"])
                data = {"question_id": meta["question"], "kind": stored["kind"], "answer": answer}
                events.append(Event(last, "reveal", data))
        return events

    def newest_event_id(self, code: str) -> str:
        newest = self.redis.xrevrange(self.key(code, "events"), count=1)
        return newest[0][0] if newest else "0-0"

    def replay(self, code: str, after: str) -> list[Event] | None:
        """Return the events after ``after``, or None when the stream no longer holds that id."""
        pipe = self.redis.pipeline(transaction=True)
        pipe.xrange(self.key(code, "events"), count=1)
        pipe.xrevrange(self.key(code, "events"), count=1)
        pipe.xrange(self.key(code, "events"), min=f"({after}", max="+")
        oldest, newest, entries = pipe.execute()
        if not oldest or id_after(oldest[0][0], after) or id_after(after, newest[0][0]):
            # An id the stream does not hold (trimmed away, another class's, a future one): replay nothing.
            return None
        return [Event.from_stream(entry_id, fields) for entry_id, fields in entries]

    def exists(self, code: str) -> bool:
        return bool(self.redis.exists(self.key(code, "meta")))

    def open_stream(self, code: str, token: str) -> None:
        """Count an event stream of the class as open; raise too_many_requests past the cap."""
        key = self.key(code, "streams")
        now = self.clock()
        pipe = self.redis.pipeline(transaction=True)
        pipe.zremrangebyscore(key, "-inf", now - self.settings.stream_alive)
        pipe.zcard(key)
        _, open_now = pipe.execute()
        if open_now >= self.settings.max_streams:
            raise ClassError(
                "too_many_requests", f"the class has {open_now} open event streams, the most it takes; close one and try again"
            )
        pipe = self.redis.pipeline(transaction=True)
        pipe.zadd(key, {token: now})
        pipe.expire(key, self.settings.ttl)
        pipe.execute()

    def stream_alive(self, code: str, token: str) -> None:
        self.redis.zadd(self.key(code, "streams"), {token: self.clock()}, xx=True)

    def close_stream(self, code: str, token: str) -> None:
        self.redis.zrem(self.key(code, "streams"), token)

    # ---------------------------------------------------------------- helpers

    def _public(self, code: str, qid: str) -> dict | None:
        stored = self.redis.hget(self.key(code, "questions"), qid)
        return self._public_of(qid, json.loads(stored)) if stored else None

    @staticmethod
    def _public_of(qid: str, stored: dict) -> dict:
        """A question's public part: what students see before the reveal (never the answer)."""
        return {
            "question_id": qid,
            "kind": stored["kind"],
            "prompt": stored["prompt"],
            "pieces": stored.get("pieces", {}),
            "words": stored.get("words", []),
            "path": stored["path"],
        }


def question_path(path: object, slugs: Iterable[str]) -> str:
    """Return path if it is a chapter page of this server (with any state); raise invalid_parameter otherwise."""
    from .questions import parse_chapter_path

    parse_chapter_path(path, set(slugs))
    return path


def _parse_answer(kind: str, squares: object, value: object) -> int:
    """Return a student's answer as an int (a LERF bitboard of squares, or the value)."""
    if kind == "squares":
        if value is not None:
            raise ClassError("invalid_parameter", "this question is answered with squares, not a value", "value")
        if squares is None:
            raise ClassError("missing_parameter", "squares is missing: the question is answered by marking squares", "squares")
        return parse_answer_squares(squares)
    if squares is not None:
        raise ClassError("invalid_parameter", "this question is answered with a value, not squares", "squares")
    if value is None:
        raise ClassError("missing_parameter", "value is missing: the question is answered with a number", "value")
    if not isinstance(value, str):
        raise ClassError("invalid_bitboard", f"value must be a string of hex or decimal digits, got {shown(value)}", "value")
    try:
        return parse_bitboard(value)
    except ChessvizError as error:
        raise ClassError(error.code, error.message, "value") from None


def _shown_answer(kind: str, value: int) -> list[str] | str:
    return Question(kind, "", value).answer_json()
