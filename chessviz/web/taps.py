"""``GET /api/taps``: in one request, the answers a tap on any square of a board would need next.

A page with an input board asks it after each state it draws, and paints the next tap from
memory: on a phone or a whiteboard no pointer rests on a square first to give a hint. The
request names the single endpoints the page asks (each parameter carries one endpoint's own
query) and what a tap changes in those queries; the answer lists, for every tap on each of
the 64 squares, each query as a page would send it with the answer that endpoint gives it,
body for body (an error included). This module asks the other endpoints through their own
declarations: it imports the modules that declare them first (a new module of endpoints a page
asks ahead goes in that import too).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import parse_qsl

from werkzeug.datastructures import MultiDict

from ..errors import ChessvizError, shown
from ..squares import SQUARE_NAMES, bit_of, parse_bitboard, parse_square
from . import api_bitboard, api_code, api_compass, api_methods, api_server, api_sliding, api_wiki  # noqa: F401  (asked)
from . import params as P
from . import schemas as S
from .api import ENDPOINTS, Endpoint, endpoint, pauser
from .params import parse_args

MOST_ASKED = 3  # endpoints per request
MOST_TAPS = 2  # kinds of tap per request (e.g. "move the slider here" and "toggle a blocker here")
MOST_CHANGES = 2  # parameters one tap changes together
QUERY_LENGTH = 1000  # characters of one endpoint's query
# Once an endpoint's answers are told apart (see _told_apart), one is written as its changes when
# at most one value in this many changes: a change costs its pointer, 40 characters and more, and
# a value of /api/slide (a step's 18-character hex) about as much; a tap there changes a fifth.
CHANGED_AT_MOST = 4
SETS, TOGGLES, ONLY = "", "^", "="  # how a tap on a square changes a parameter (see TAP below)


@dataclass(frozen=True)
class Change:
    """One parameter a tap changes: a square set to the tapped one, or a bitboard's bit of it."""

    name: str
    how: str

    def applies(self, ep: Endpoint) -> bool:
        """Return True when the endpoint has this parameter, of the kind the change needs."""
        wanted = parse_square if self.how == SETS else parse_bitboard
        return any(p.name == self.name and p.parse is wanted for p in ep.params)

    def value(self, ep: Endpoint, query: dict[str, str], sq: int) -> str:
        """Return the parameter's text after a tap on sq, as a page writes it (square names, short hex)."""
        if self.how == SETS:
            return SQUARE_NAMES[sq]
        bit = 1 << bit_of(sq, _mapping_of(ep, query))
        if self.how == ONLY:
            return hex(bit)
        param = next(p for p in ep.params if p.name == self.name)
        text = query.get(self.name, "")
        return hex((parse_bitboard(text) if text else param.default) ^ bit)


def _mapping_of(ep: Endpoint, query: dict[str, str]) -> str:
    """Return the mapping the endpoint reads its bitboards in for this query (its default if not given)."""
    declared = next((p for p in ep.params if p.name == "mapping"), None)
    return query.get("mapping") or (declared.default if declared else "lerf")


def parse_taps(text: str) -> list[list[Change]]:
    """Return the kinds of tap of ``"sq;occupied^"``: each a list of the changes one tap makes together."""
    taps = []
    for part in text.split(";"):
        changes = []
        for item in part.split(","):
            how = item[-1:] if item[-1:] in (TOGGLES, ONLY) else SETS
            name = item.removesuffix(how) if how else item
            wanted = parse_square if how == SETS else parse_bitboard
            if wanted not in _TAPPABLE.get(name, ()):
                kind = "square" if how == SETS else "bitboard"
                raise ChessvizError(
                    "invalid_parameter", f"tap names {shown(item)}, which is no endpoint's {kind} parameter", "tap"
                )
            changes.append(Change(name, how))
        if len(changes) > MOST_CHANGES or len({c.name for c in changes}) < len(changes):
            raise ChessvizError(
                "invalid_parameter", f"a tap changes at most {MOST_CHANGES} different parameters, got {shown(part)}", "tap"
            )
        taps.append(changes)
    if len(taps) > MOST_TAPS:
        raise ChessvizError("invalid_parameter", f"tap gives at most {MOST_TAPS} kinds of tap, got {len(taps)}", "tap")
    return taps


def _asks(ep: Endpoint) -> bool:
    """Return True for an endpoint worth asking tap by tap: a pure GET of JSON, with a square or bitboard parameter,
    quick enough to ask for every square (not the magic search, up to 0.4 s a square: 10 s a request)."""
    plain = ep.method == "GET" and ep.pure and ep.ahead and ep.body is None and not ep.path_params
    return plain and ep.media_type == "application/json" and any(p.parse in (parse_square, parse_bitboard) for p in ep.params)


def _query_param(ep: Endpoint) -> P.Param:
    """Declare the parameter that carries one endpoint's query, e.g. ``slide=sq%3Df4%26line%3Drank``."""
    name = ep.path.removeprefix("/api/")

    def parse(text: str) -> tuple[Endpoint, dict[str, str]]:
        if len(text) > QUERY_LENGTH:
            raise ChessvizError("invalid_parameter", f"{name} is {len(text)} characters long; the most allowed is {QUERY_LENGTH}")
        pairs = parse_qsl(text, keep_blank_values=True)
        # Refused as the endpoint itself refuses it, rather than one of the values taken silently.
        for key, times in Counter(key for key, _ in pairs).items():
            if times > 1:
                raise ChessvizError("invalid_parameter", f"in {name}'s query: {P.given_more_than_once(key, times)}")
        return ep, dict(pairs)

    example = {"/api/slide": "sq=f4&occupied=0x1000804200000010&line=rank&mapping=lerbef"}.get(ep.path)
    return P.Param(
        name,
        parse,
        f"The query of GET {ep.path}, as a page sends it (URL-encoded inside this parameter).",
        {"type": "string", "maxLength": QUERY_LENGTH},
        required=False,
        example=example,
    )


def _check(ep: Endpoint, base: dict[str, str], changes: list[Change]) -> None:
    """Raise the error of an invalid query, unless it lies in a parameter every tap supplies (``to`` of a move)."""
    supplied = {c.name: "a1" if c.how == SETS else "0x1" for c in changes if c.how != TOGGLES}
    try:
        parse_args(ep.params, MultiDict(base | supplied))
    except ChessvizError as error:
        name = ep.path.removeprefix("/api/")
        raise ChessvizError(error.code, f"in {name}'s query: {error.message}", name) from None


# Every square and bitboard parameter an asked endpoint has, by name: what a tap may change.
_TAPPABLE: dict[str, set] = {}
for _ep in ENDPOINTS:
    for _p in _ep.params if _asks(_ep) else ():
        if _p.parse in (parse_square, parse_bitboard):
            _TAPPABLE.setdefault(_p.name, set()).add(_p.parse)

TAP = P.Param(
    "tap",
    parse_taps,
    "What one tap on a square changes, in each asked query that has the parameter: NAME (a square "
    "parameter becomes the tapped square), NAME^ (a bitboard parameter with the tapped square's bit "
    "flipped, in that query's mapping) or NAME= (a bitboard parameter holding the tapped square alone). "
    f"Changes one tap makes together are joined by commas (at most {MOST_CHANGES}); kinds of tap by "
    f"semicolons (at most {MOST_TAPS}). E.g. sq;occupied^: place the slider, or toggle a blocker.",
    {"type": "string", "pattern": r"^[a-z_]+[\^=]?(,[a-z_]+[\^=]?)?(;[a-z_]+[\^=]?(,[a-z_]+[\^=]?)?)?$"},
    example="sq;occupied^",
)
FOLLOW = P.choice(
    "follow",
    ("position",),
    "position: after each move a tap makes (move asked), also the position it leads to: the position "
    "query with that move's FEN and no square selected, as the game chapter asks next.",
    required=False,
    example="position",
)
ASKED = [_query_param(ep) for ep in ENDPOINTS if _asks(ep)]
_ENTRY = {
    "oneOf": [
        S.obj(
            {
                "path": S.STR,
                "query": {"type": "object", "additionalProperties": S.STR},
                "status": {"type": "integer", "enum": [200, 400]},
                "body": {"type": "object"},
            }
        ),
        S.obj(
            {
                "path": S.STR,
                "query": {"type": "object", "additionalProperties": S.STR},
                "status": {"type": "integer", "enum": [200]},
                "like": {"type": "integer", "minimum": 0},
                "changes": {
                    "type": "array",
                    # [a JSON pointer into the body, the value set there]
                    "items": {"type": "array", "items": {}, "minItems": 2, "maxItems": 2},
                },
            }
        ),
    ]
}


@endpoint(
    "/taps",
    [TAP, FOLLOW, *ASKED],
    "Every answer a tap on a board needs next, in one request",
    "Each parameter named after an endpoint (slide, attacks, ...) carries that endpoint's query as a page "
    f"sends it (at most {MOST_ASKED}); tap says what a tap on a square changes. For each kind of tap and "
    "each of the 64 squares, every asked query the tap changes, as changed: answers lists each distinct "
    "query once with its endpoint's path (below /api), the query's parameters, the status (200, or 400 for "
    "the error a single request would get) and the body, exactly as that endpoint answers it. An answer of "
    "200 after its endpoint's first may instead have like (the index of that first answer) and changes: "
    "[JSON pointer, value] pairs (RFC 6901) that, set in a copy of that answer's body, make its own, key "
    "order kept; an endpoint's answers are written so when that makes them at most half as long. The current "
    "state's own queries must be valid (else 400 naming the parameter). At most "
    f"{MOST_ASKED * MOST_TAPS * 64 + 64} answers.",
    tag="pages",
    response=S.obj({"answers": S.array(_ENTRY)}),
)
def taps(tap: list[list[Change]], follow: str | None, **asked) -> dict:
    queries = [value for value in asked.values() if value is not None]
    if not queries:
        return {"answers": []}  # nothing asked, nothing to answer
    if len(queries) > MOST_ASKED:
        raise ChessvizError("invalid_parameter", f"at most {MOST_ASKED} endpoints per request, got {len(queries)}")
    for changes in tap:
        for change in changes:
            if not any(change.applies(ep) for ep, _ in queries):
                kind = "square" if change.how == SETS else "bitboard"
                raise ChessvizError(
                    "invalid_parameter", f"no asked endpoint has a {kind} parameter named {shown(change.name)}", "tap"
                )
    paths = {ep.path for ep, _ in queries}
    if follow and not {"/api/move", "/api/position"} <= paths:
        raise ChessvizError("invalid_parameter", "follow=position needs both move and position asked", "follow")
    for ep, base in queries:
        _check(ep, base, [c for changes in tap for c in changes if c.applies(ep)])
    entries: dict[tuple, dict] = {}
    pause = pauser()  # up to 448 answers, 0.4 s for the methods chapter's: the worker's other connections go on

    def add(ep: Endpoint, query: dict[str, str]) -> dict:
        key = (ep.path, tuple(sorted(query.items())))
        if key not in entries:
            pause()
            status, body = ep.answer(MultiDict(query))
            entries[key] = {"path": ep.path.removeprefix("/api"), "query": query, "status": status, "body": body}
        return entries[key]

    bases = {ep.path: query for ep, query in queries}
    for changes in tap:
        for sq in range(64):
            for ep, base in queries:
                made = [c for c in changes if c.applies(ep)]
                if not made:
                    continue
                query = base | {c.name: c.value(ep, base, sq) for c in made}
                entry = add(ep, query)
                if follow and ep.path == "/api/move" and entry["status"] == 200:
                    position = next(e for e, _ in queries if e.path == "/api/position")
                    after = {k: v for k, v in bases["/api/position"].items() if k != "square"} | {"fen": entry["body"]["fen"]}
                    add(position, after)
    return {"answers": _told_apart(list(entries.values()), pause)}


def _told_apart(answers: list[dict], pause: Callable[[], None]) -> list[dict]:
    """Write each 200 body after an endpoint's first as what changes from that first one.

    The answers of one endpoint differ in a few values and share the rest: 128 /api/methods
    bodies (a queen) are 6.3 MB of JSON, of which a tap changes a few hundred values each. gzip,
    all a browser asks for over plain http, cannot find repeats 50 KB apart (its window is 32
    KB), and the page would parse every body to use one. An answer told apart has ``like`` (the
    index of its endpoint's first answer, which has a body) and ``changes``: [JSON pointer,
    value] pairs (RFC 6901) that turn that body into its own, key order kept.

    An endpoint's second answer decides for all of them: told apart when its changes are at most
    half its body's JSON, else every answer of that endpoint keeps its body (the intersections'
    derivations change in a quarter of their values, and their pointers would outweigh them).
    After it, an answer keeps its body when more than one value in CHANGED_AT_MOST changes.
    ``pause`` is called before each answer (api.pauser: telling 128 apart takes 0.2 s).
    """
    first: dict[str, int] = {}  # each endpoint's first answer of 200
    pays: dict[str, bool] = {}  # each endpoint's second answer's verdict
    for index, entry in enumerate(answers):
        pause()
        path = entry["path"]
        if entry["status"] != 200 or pays.get(path) is False:
            continue
        if path not in first:
            first[path] = index
            continue
        seen = [0]
        changes = _changes(answers[first[path]]["body"], entry["body"], "", [], seen)
        if path not in pays:  # the second answer: does telling apart pay, in bytes?
            pays[path] = changes is not None and 2 * len(json.dumps(changes)) <= len(json.dumps(entry["body"]))
            if not pays[path]:
                continue
        elif changes is None or len(changes) * CHANGED_AT_MOST > seen[0]:
            continue
        del entry["body"]
        entry["like"], entry["changes"] = first[path], changes
    return answers


def _pointer_token(key: str | int) -> str:
    return str(key).replace("~", "~0").replace("/", "~1")


def _changes(old, new, at: str, out: list, seen: list[int]) -> list | None:
    """Append to `out` the [pointer, value] settings that turn `old` into `new` where both have the
    same shape (objects with the same keys in the same order, lists of the same length); a part of
    another shape is set whole. Adds the values compared to seen[0]. Returns `out`, or None when
    the whole body would be set.

    Written for speed (a tap batch walks some 250,000 values): leaves are compared here, not in a
    call each, and True is told from 1 and 1.0 from 1 by their types, as JSON tells them apart."""
    if isinstance(old, dict) and isinstance(new, dict) and list(old) == list(new):
        parts, token = zip(new, old.values(), new.values(), strict=True), _pointer_token
    elif isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        parts, token = zip(range(len(new)), old, new, strict=True), str
    else:  # they differ in shape (another key order is another JSON text, though Python's dicts
        # compare equal), or they are leaves
        if isinstance(new, (dict, list)) or type(old) is not type(new) or old != new:
            if not at:
                return None
            out.append([at, new])
        return out
    seen[0] += len(new)
    for key, was, value in parts:
        kind = type(value)
        if kind is dict or kind is list:
            _changes(was, value, f"{at}/{token(key)}", out, seen)
        elif kind is not type(was) or was != value:
            out.append([f"{at}/{token(key)}", value])
    return out
