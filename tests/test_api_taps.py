"""/api/taps: the answers of every tap on a board in one request. Each answer is the single
endpoint's, byte for byte, on states of every chapter with an input board; the queries are
the ones a tap makes (checked against python-chess's own square bits); the size is bounded;
bad requests are refused naming their parameter; caching is the other endpoints'."""

from __future__ import annotations

import gzip
import json
import random
from urllib.parse import urlencode

import brotli
import chess
import jsonpointer
import pytest

from chessviz.squares import SQUARE_NAMES
from chessviz.web import taps as taps_module

from devlog_facts import DEVLOG_FEN

rng = random.Random("taps")


def taps(client, tap: str, follow: str | None = None, **asked: dict) -> tuple[dict, bytes]:
    """The batch with every answer's body whole (see built), and its bytes as sent."""
    query = {"tap": tap, **({"follow": follow} if follow else {})}
    query |= {name.replace("_", "-"): urlencode(q) for name, q in asked.items()}
    response = client.get("/api/taps", query_string=query)
    assert response.status_code == 200, response.json
    return built(response.json), response.get_data()


def built(batch: dict) -> dict:
    """The batch with each answer told apart (like, changes) built whole: a copy of the body it
    is like, each change set by jsonpointer (RFC 6901's reference implementation in Python, not
    the page's code). A change sets what the body has; it never adds a key or an item."""
    answers = batch["answers"]
    whole = []
    for entry in answers:
        if "like" in entry:
            like = answers[entry["like"]]
            assert (like["path"], like["status"], entry["status"]) == (entry["path"], 200, 200)
            body = rebuilt(like["body"], entry["changes"])  # KeyError: it is like an answer told apart
            entry = {key: value for key, value in entry.items() if key not in ("like", "changes")} | {"body": body}
        whole.append(entry)
    return {"answers": whole}


def lerbef_bit(name: str) -> int:
    """The square's bit in the devlog's mapping, from python-chess: the board mirrored file-wise."""
    return chess.flip_horizontal(chess.BB_SQUARES[chess.parse_square(name)])


def states():
    """(tap, follow, asked) of states the chapters draw: their own requests, as their pages send them."""
    for _ in range(6):
        sq, occupied = SQUARE_NAMES[rng.randrange(64)], hex(rng.getrandbits(64) & rng.getrandbits(64))
        line, mapping = rng.choice(["rank", "file", "diagonal", "anti_diagonal"]), rng.choice(["lerf", "lerbef"])
        slide = {"sq": sq, "occupied": occupied, "line": line, "mapping": mapping}
        attacks = {"piece": rng.choice(["rook", "bishop", "queen"]), "sq": sq, "occupied": occupied, "mapping": mapping}
        yield "sq;occupied^", None, {"slide": slide, "attacks": attacks | {"own": hex(rng.getrandbits(8))}}
    a, b = (SQUARE_NAMES[rng.randrange(64)] for _ in range(2))
    yield "value^,sq", None, {"bitboard": {"value": hex(rng.getrandbits(64)), "mapping": "lerf"}, "square": {"sq": a}}
    yield "destination=;start=", None, {"compare": {"destination": "0x8", "start": "0x1", "mapping": "lerbef"}}
    yield "destination^;start^", None, {"compare": {"destination": "0x81", "start": "0x1000", "mapping": "lerf"}}
    yield "to", None, {"ray": {"from": a, "to": b, "mapping": "lerbef"}, "devlog_ray": {"from": a, "to": b, "shift": "1"}}
    yield "b", None, {"same_line": {"a": a}, "routine": {"name": "squaresOnSameDiagonal (& 7)", "a": a}}
    yield "other", None, {"color": {"sq": a, "other": b}}
    yield "from,sq;to", None, {"rose": {"sq": a}, "direction": {"from": a, "to": b}}
    yield "a", None, {"intersections": {"a": a, "b": b}}
    yield "square", None, {"position": {"fen": DEVLOG_FEN, "mapping": "lerbef"}}
    position = {"fen": DEVLOG_FEN, "square": "d4", "mapping": "lerf"}
    yield "square,to", "position", {"position": position, "move": {"fen": DEVLOG_FEN, "from": "d4"}}
    methods = {
        "piece": rng.choice(["rook", "bishop", "queen"]),
        "sq": a,
        "occupied": hex(rng.getrandbits(64) & rng.getrandbits(64)),
    }
    yield "sq;occupied^", None, {"methods": methods | {"mapping": rng.choice(["lerf", "lerbef"])}}


@pytest.mark.parametrize("tap, follow, asked", list(states()))
def test_every_answer_is_the_single_endpoints_byte_for_byte(client, tap, follow, asked):
    body, raw = taps(client, tap, follow, **asked)
    assert body["answers"], "no answer"
    sent = json.loads(raw)["answers"]
    seen = set()
    for entry, as_sent in zip(body["answers"], sent, strict=True):
        key = (entry["path"], tuple(sorted(entry["query"].items())))
        assert key not in seen, key  # each query once
        seen.add(key)
        single = client.get("/api" + entry["path"], query_string=entry["query"])
        assert single.status_code == entry["status"], entry["query"]
        if "body" in as_sent:
            assert single.get_data().rstrip(b"\n") in raw, entry["query"]  # the very bytes, inside the batch
        # Built or sent whole, the same JSON: values, their types (true is not 1) and key order.
        assert json.dumps(entry["body"]) == json.dumps(single.json), entry["query"]


def test_the_queries_are_the_taps_the_slider_setup_makes(client):
    """sq;occupied^ in lerbef: the slider on each square, and each square's blocker toggled, by python-chess's bits."""
    base = {"sq": "f4", "occupied": "0x1000804200000010", "line": "rank", "mapping": "lerbef"}
    body, _ = taps(client, "sq;occupied^", slide=base)
    queries = [entry["query"] for entry in body["answers"]]
    occupied = int(base["occupied"], 16)
    expected = [base | {"sq": name} for name in SQUARE_NAMES]
    expected += [base | {"occupied": hex(occupied ^ lerbef_bit(name))} for name in SQUARE_NAMES]
    assert queries == expected
    assert {entry["path"] for entry in body["answers"]} == {"/slide"}


def test_a_tap_fills_in_what_the_page_left_out_and_leaves_other_endpoints_alone(client):
    """b of /api/same-line is chosen by the tap; /api/rose has no `to`, so a tap setting `to` asks nothing of it."""
    body, _ = taps(client, "b", same_line={"a": "e4"})
    assert [entry["query"] for entry in body["answers"]] == [{"a": "e4", "b": name} for name in SQUARE_NAMES]
    # A refusal is an answer too: /api/ray from e4 to a square on no line through it.
    body, _ = taps(client, "to", ray={"from": "e4", "to": "g4"})
    queen = chess.BaseBoard(None)
    queen.set_piece_at(chess.E4, chess.Piece(chess.QUEEN, chess.WHITE))
    answered = {entry["query"]["to"] for entry in body["answers"] if entry["status"] == 200}
    assert answered == {chess.square_name(s) for s in queen.attacks(chess.E4)}
    assert {entry["body"]["error"]["code"] for entry in body["answers"] if entry["status"] == 400} == {"not_aligned"}
    body, _ = taps(client, "to", rose={"sq": "e4"}, direction={"from": "e4", "to": "g5"})
    assert {entry["path"] for entry in body["answers"]} == {"/direction"}
    body, _ = taps(client, "destination=;start=", compare={"destination": "0x8", "start": "0x1", "mapping": "lerbef"})
    starts = [entry["query"]["start"] for entry in body["answers"] if entry["query"]["destination"] == "0x8"]
    assert hex(lerbef_bit("a1")) in starts and len(body["answers"]) == 128 - 1  # (0x8, 0x1) is a tap of both kinds


def test_a_move_brings_the_position_it_leads_to(client):
    position = {"fen": DEVLOG_FEN, "square": "d4", "mapping": "lerbef"}
    body, _ = taps(client, "square,to", "position", position=position, move={"fen": DEVLOG_FEN, "from": "d4"})
    moves = [e for e in body["answers"] if e["path"] == "/move" and e["status"] == 200]
    board = chess.Board(None)
    board.set_board_fen(DEVLOG_FEN)
    board.turn = chess.BLACK
    legal = {chess.square_name(m.to_square) for m in board.generate_pseudo_legal_moves(from_mask=chess.BB_SQUARES[27])}
    assert {e["query"]["to"] for e in moves} == legal
    after = {e["query"]["fen"] for e in body["answers"] if e["path"] == "/position" and "square" not in e["query"]}
    assert after == {e["body"]["fen"] for e in moves}
    selections = [e for e in body["answers"] if e["path"] == "/position" and "square" in e["query"]]
    assert [e["query"]["square"] for e in selections] == SQUARE_NAMES


def test_the_size_is_bounded_and_compresses(client):
    """Three endpoints, two kinds of tap: 64 answers per endpoint and kind that has the parameter."""
    slide = {"sq": "f4", "occupied": "0x1000804200000010", "line": "rank", "mapping": "lerbef"}
    body, raw = taps(client, "sq;occupied^", slide=slide, attacks={"piece": "queen"} | slide, rose={"sq": "f4"})
    assert len(body["answers"]) == 2 * 64 + 2 * 64 + 64  # the rose has a square, no occupancy
    one = client.get(
        "/api/taps", query_string={"tap": "sq;occupied^", "slide": urlencode(slide)}, headers={"Accept-Encoding": "br"}
    )
    assert one.headers["Content-Encoding"] == "br"
    # 128 answers of /api/slide: about 150 KB of JSON (300 KB with every body whole), a few KB on the wire.
    assert len(brotli.decompress(one.get_data())) > 120_000 and len(one.get_data()) < 8_000
    assert len(raw) < 1_000_000


def test_an_endpoint_s_answers_are_told_apart_when_that_makes_them_much_shorter(client):
    """128 /api/methods answers of a queen: each after the first is its changes from the first,
    and over gzip (all a browser offers over plain http) the batch is a fraction of what it was
    with every body whole: gzip's 32 KB window cannot see repeats between 50 KB bodies."""
    query = {"piece": "queen", "sq": "e4", "occupied": "0x1000804200000010", "mapping": "lerf"}
    body, raw = taps(client, "sq;occupied^", methods=query)
    sent = json.loads(raw)["answers"]
    assert len(sent) == 128 and "body" in sent[0]
    assert all(entry["like"] == 0 and entry["changes"] for entry in sent[1:])
    whole = json.dumps(body, separators=(",", ":")).encode()
    assert 2 * len(whole) > 5 * len(raw)  # 6.4 MB whole, 2.2 MB sent
    assert len(gzip.compress(whole, 6)) > 4 * len(gzip.compress(raw, 6))  # 650 KB whole, 115 KB sent
    # The page's first answer, the state's own, is the single endpoint's (built ones: test above).
    assert sent[0]["query"]["sq"] == "a1"


def test_answers_whose_changes_would_outweigh_them_keep_their_bodies(client):
    """The intersections' derivations change in about a quarter of their values: told apart, an
    answer would be longer than whole. The endpoint's second answer decides, for all of them."""
    body, raw = taps(client, "a", intersections={"a": "e4", "b": "c7"})
    sent = json.loads(raw)["answers"]
    assert len(sent) == 64 and all("body" in entry and "like" not in entry for entry in sent)
    first, second = body["answers"][0]["body"], body["answers"][1]["body"]
    changes = taps_module._changes(first, second, "", [], [0])
    assert 2 * len(json.dumps(changes)) > len(json.dumps(second))


def rebuilt(old, changes):
    """A copy of old with each change set by jsonpointer; a change must name what old has."""
    new = json.loads(json.dumps(old))
    for pointer, value in changes:
        at = jsonpointer.JsonPointer(pointer)
        at.resolve(new)  # JsonPointerException: it names nothing there
        new = at.set(new, value)
    return new


def random_json(rng: random.Random, depth: int = 0):
    kind = rng.randrange(7 if depth < 4 else 5)
    if kind == 0:
        return rng.choice([True, False, None])
    if kind == 1:
        return rng.choice([0, 1, -3, 1.0, 0.5, 2**64])
    if kind in (2, 3, 4):
        return rng.choice(["", "e4", "0x0000000000000010", "a/b", "~0", "~1", "é"])
    if kind == 5:
        return [random_json(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {
        rng.choice(["sq", "a/b", "~x", "steps", "", "1"]) + str(i): random_json(rng, depth + 1) for i in range(rng.randrange(4))
    }


def mutated(rng: random.Random, value, depth: int = 0):
    """A copy of value with some leaves changed, some types swapped (1 for True, 1.0 for 1), keys
    reordered or renamed, lists lengthened or shortened."""
    if isinstance(value, dict):
        items = [(key, mutated(rng, v, depth + 1)) for key, v in value.items()]
        if items and rng.random() < 0.1:
            items.reverse()
        if rng.random() < 0.1:
            items.append(("new", 1))
        return dict(items)
    if isinstance(value, list):
        items = [mutated(rng, v, depth + 1) for v in value]
        if rng.random() < 0.1:
            items = items[:-1] if items else [1]
        return items
    if rng.random() < 0.15 and not isinstance(value, str):
        return swapped(value)
    return random_json(rng, depth) if rng.random() < 0.2 else value


def swapped(value):
    """The same number or truth as another JSON type: 1 for true, 1.0 for 1, 1 for 1.0, 0 for null."""
    if value is None:
        return 0
    if type(value) is bool:
        return int(value)
    if type(value) is int:
        return float(value)
    return int(value) if value.is_integer() else value


def test_changes_rebuild_every_json_value_exactly_key_order_and_types_kept():
    """The changes from one JSON value to another, set by jsonpointer in a copy of the first, give
    the second exactly (its JSON text): on a thousand random pairs with swapped types, reordered
    and renamed keys, lists of another length, and keys holding "/" and "~"."""
    rng = random.Random("changes")
    told = 0
    for _ in range(1000):
        old = {"body": random_json(rng)}
        new = mutated(rng, old)
        changes = taps_module._changes(old, new, "", [], [0])
        if changes is None:  # only when the whole value differs in shape
            assert list(old) != list(new)
            continue
        told += 1
        assert json.dumps(rebuilt(old, changes)) == json.dumps(new)
        assert (changes == []) == (json.dumps(old) == json.dumps(new))
    assert told > 900
    # The cases by name: a type change is a change, and a pointer escapes "~" and "/".
    assert taps_module._changes({"x": [True]}, {"x": [1]}, "", [], [0]) == [["/x/0", 1]]
    assert taps_module._changes({"x": 1}, {"x": 1.0}, "", [], [0]) == [["/x", 1.0]]
    assert taps_module._changes({"a/b": {"~": 0}}, {"a/b": {"~": 2}}, "", [], [0]) == [["/a~1b/~0", 2]]
    assert taps_module._changes({"a": 1, "b": 2}, {"b": 2, "a": 1}, "", [], [0]) is None  # another key order: whole
    assert taps_module._changes({"s": [1, 2]}, {"s": [1]}, "", [], [0]) == [["/s", [1]]]


def test_each_endpoint_s_answers_are_told_apart_from_its_own_as_when_asked_alone(client):
    """Two endpoints in one batch, their answers interleaved: the slide's are told apart from the
    slide's first answer, and the attacks' (whose changes would outweigh them) keep their bodies,
    each exactly as in a batch of that endpoint alone."""
    slide = {"sq": "f4", "line": "rank", "occupied": "0x1000804200000010"}
    attacks = {"piece": "rook", "sq": "f4", "occupied": "0x1000804200000010"}
    both = json.loads(taps(client, "sq", slide=slide, attacks=attacks)[1])["answers"]
    for name, query in (("slide", slide), ("attacks", attacks)):
        alone = json.loads(taps(client, "sq", **{name: query})[1])["answers"]
        mine = [entry for entry in both if entry["path"] == f"/{name}"]
        assert [(e["query"], e.get("changes")) for e in mine] == [(e["query"], e.get("changes")) for e in alone]
        assert all(both[entry["like"]] is mine[0] for entry in mine if "like" in entry)
    assert sum("like" in entry for entry in both) > 32  # the slide's: most of its 64


@pytest.mark.parametrize(
    "tap, message",
    [
        ("a", "no asked endpoint has a square parameter named 'a'"),
        ("occupied", "tap names 'occupied', which is no endpoint's square parameter"),
        ("sq^", "tap names 'sq^', which is no endpoint's bitboard parameter"),
        ("sq;occupied^;sq", "tap gives at most 2 kinds of tap, got 3"),
    ],
)
def test_a_bad_tap_says_in_words_what_is_wrong_with_it(client, tap, message):
    response = client.get("/api/taps", query_string={"tap": tap, "slide": "sq=f4"})
    assert response.status_code == 400
    assert response.json["error"] == {"code": "invalid_parameter", "message": message, "param": "tap"}


@pytest.mark.parametrize(
    "query, code, param",
    [
        ({"tap": "sq", "slide": "sq=z9&line=rank"}, None, None),  # the tap supplies sq: no error
        ({"tap": "occupied^", "slide": "sq=z9"}, "invalid_square", "slide"),
        ({"tap": "occupied^", "slide": "sq=f4&occupied=0x1g"}, "invalid_bitboard", "slide"),
        ({"tap": "to", "move": "from=d4"}, "missing_parameter", "move"),
        ({"tap": "nothing", "slide": "sq=f4"}, "invalid_parameter", "tap"),
        ({"tap": "occupied", "slide": "sq=f4"}, "invalid_parameter", "tap"),  # a bitboard is no square
        ({"tap": "sq^", "slide": "sq=f4"}, "invalid_parameter", "tap"),  # a square is no bitboard
        ({"tap": "a", "slide": "sq=f4"}, "invalid_parameter", "tap"),  # same-line's, not slide's
        ({"tap": "sq;occupied^;sq", "slide": "sq=f4"}, "invalid_parameter", "tap"),
        ({"tap": "sq,sq", "slide": "sq=f4"}, "invalid_parameter", "tap"),
        ({"tap": "sq,occupied^,own^", "attacks": "piece=rook&sq=f4"}, "invalid_parameter", "tap"),
        ({"tap": "square", "position": f"fen={DEVLOG_FEN}", "follow": "position"}, "invalid_parameter", "follow"),
        ({"tap": "sq", "slide": "sq=f4", "follow": "later"}, "invalid_parameter", "follow"),
        ({"tap": "sq", "slide": "x" * 1001}, "invalid_parameter", "slide"),
        # A parameter given twice inside a query, as the endpoint itself refuses it (test below).
        ({"tap": "sq", "slide": "sq=f4&occupied=0x1&occupied=0x2"}, "invalid_parameter", "slide"),
        ({"tap": "occupied^", "slide": "sq=f4&sq=f5"}, "invalid_parameter", "slide"),
        ({"tap": "sq", **dict.fromkeys(("slide", "attacks", "square", "color"), "sq=f4")}, "invalid_parameter", None),
    ],
)
def test_bad_requests_are_refused_naming_the_parameter(client, query, code, param):
    response = client.get("/api/taps", query_string=query)
    if code is None:
        assert response.status_code == 200
        return
    assert response.status_code == 400, response.json
    assert (response.json["error"]["code"], response.json["error"]["param"]) == (code, param)
    assert response.headers["Cache-Control"] == "no-store"


def test_a_parameter_given_twice_in_a_query_is_refused_in_the_endpoint_s_words(client):
    alone = client.get("/api/slide?sq=f4&occupied=0x1&occupied=0x2").json["error"]["message"]
    inside = client.get("/api/taps", query_string={"tap": "sq", "slide": "sq=f4&occupied=0x1&occupied=0x2"})
    assert alone == "occupied is given 2 times; give it once"
    assert inside.json["error"]["message"] == f"in slide's query: {alone}"


def test_cached_like_every_computation(client):
    url = "/api/taps?" + urlencode({"tap": "other", "color": "sq=e4"})
    first = client.get(url)
    assert first.headers["Cache-Control"] == "public, max-age=3600"
    again = client.get(url, headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.get_data() == b""


def test_every_quick_endpoint_with_a_square_or_a_bitboard_is_asked_ahead_but_the_magic_search(client):
    """A replay of the magic search takes up to 0.4 s: one for each of 64 squares was 10 s of a
    worker's CPU in a single request, which no page asks. /api/taps takes no magic-search query."""
    parameters = client.get("/api/openapi.json").json["paths"]["/api/taps"]["get"]["parameters"]
    asked = {p["name"] for p in parameters} - {"tap", "follow"}
    assert {"slide", "attacks", "methods", "position", "same-line"} <= asked and "magic-search" not in asked
    query = {"tap": "sq", "magic-search": "piece=rook&sq=a1&seed=5&show=1"}
    assert client.get("/api/taps", query_string=query).json == {"answers": []}  # an unknown parameter, ignored


def test_a_long_answer_pauses_once_every_few_milliseconds(monkeypatch):
    """api.pauser on a clock of its own: it sleeps PAUSE_FOR_S when PAUSE_EVERY_S has passed since
    it was made or last slept, and only then."""
    from chessviz.web import api

    now, slept = [100.0], []
    monkeypatch.setattr(api.time, "perf_counter", lambda: now[0])
    monkeypatch.setattr(api.time, "sleep", slept.append)
    pause = api.pauser()
    for step in (0.001, 0.003, 0.0009, 0.0002, 0.004, 0.006, 0.001):  # since the last sleep: 1, 4, 4.9, 5.1 ms; 4, 10; 1
        now[0] += step
        pause()
    assert slept == [api.PAUSE_FOR_S, api.PAUSE_FOR_S]  # at 5.1 ms, then 10 ms after it
