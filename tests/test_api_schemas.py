"""Every endpoint's real answers against the response schema it declares in /api/openapi.json
(JSON Schema 2020-12, as OpenAPI 3.1 uses), on a sample of inputs that reaches every branch of
every answer: both mappings, optional fields present and absent, nulls, every outcome."""

from __future__ import annotations

import random
from urllib.parse import urlencode

import chess
import jsonschema_rs
import pytest
from jsonschema import Draft202012Validator
from openapi_spec_validator import validate as validate_openapi

from chessviz.audit import ROUTINE_NAMES
from chessviz.code_tasks import TASKS, inputs_of
from chessviz.squares import LINE_KINDS, SQUARE_NAMES

from conftest import app_scope
from devlog_facts import DEVLOG_FEN

MAPPINGS = ("lerf", "lerbef")
rng = random.Random("schemas")


def some_pairs(n):
    return [(rng.randrange(64), rng.randrange(64)) for _ in range(n)] + [(0, 0), (0, 63), (7, 56), (28, 50)]


def bitboards(n):
    return [0, 1, 1 << 63, (1 << 64) - 1] + [rng.getrandbits(64) for _ in range(n)]


def aligned_pairs():
    return [(a, b) for a in range(0, 64, 3) for b in range(64) if a != b and chess.BB_RAYS[a][b]]


def moves_sample():
    """Quiet moves, captures, every promotion letter: from the devlog's position and a promotion one."""
    queries = []
    for fen in (DEVLOG_FEN, "r3k3/1P6/8/8/8/8/6p1/4K2R"):
        board = chess.Board(None)
        board.set_board_fen(fen)
        for color in (chess.WHITE, chess.BLACK):
            board.turn = color
            for move in board.generate_pseudo_legal_moves():
                query = {"fen": fen, "from": SQUARE_NAMES[move.from_square], "to": SQUARE_NAMES[move.to_square]}
                if move.promotion:
                    query["promotion"] = chess.piece_symbol(move.promotion)
                queries.append(query)
    return queries


def code_truth_sample():
    """Every task's whole answer, and single inputs of each: the first two, the last, some between.
    Drawn when the test runs, from a generator of its own: a task's inputs are counted by making
    them (a second for the twelve), which a worker of the suite that does not run this test would
    pay for when it collects the tests."""
    draw = random.Random("code-truth")
    queries = [{"task": task.id} for task in TASKS]
    for task in TASKS:
        count = len(inputs_of(task.id))
        for index in sorted({0, 1, count // 2, count - 1, *(draw.randrange(count) for _ in range(12))}):
            queries.append({"task": task.id, "index": str(index)})
    return queries


SAMPLES = {
    "/api/square": [{"sq": sq, "mapping": m} for sq in range(64) for m in MAPPINGS],
    "/api/squares": [{"mapping": m} for m in MAPPINGS],
    "/api/bitboard": [{"value": hex(v), "mapping": m} for v in bitboards(30) for m in MAPPINGS],
    "/api/color": [{"sq": a} for a in range(64)] + [{"sq": a, "other": b} for a, b in some_pairs(100)],
    "/api/same-line": [{"a": a, "b": b} for a, b in some_pairs(200)],
    "/api/direction": [{"from": a, "to": b} for a, b in some_pairs(300)],
    "/api/directions/table": [{"kind": k} for k in ("degrees", "begrees", "begrees_filled")],
    "/api/intersection": [
        {"a": a, "b": b, "line_a": x, "line_b": y} for a, b in some_pairs(40) for x in LINE_KINDS for y in LINE_KINDS if x != y
    ],
    "/api/intersections": [{"a": a, "b": b} for a, b in some_pairs(30)],
    "/api/intersection-table": [{"a": a, "b": b} for a, b in some_pairs(30)],
    "/api/routines": [{}],
    # Every audited routine on a few pairs (a routine of one square ignores b).
    "/api/routine": [{"name": name, "a": a, "b": b} for name in ROUTINE_NAMES for a, b in some_pairs(3)],
    "/api/ray": [{"from": a, "to": b, "mapping": m} for a, b in aligned_pairs()[::7] for m in MAPPINGS],
    "/api/devlog-ray": [
        {"from": a, "to": b, "shift": s, "mapping": m} for a, b in some_pairs(20) for s in ("1", "7", "8", "9") for m in MAPPINGS
    ],
    "/api/compare": [
        {"destination": hex(d), "start": hex(s), "mapping": m}
        for d, s in [(1 << rng.randrange(64), 1 << rng.randrange(64)) for _ in range(60)] + [(0, 0), (3, 1), (1 << 9, 1 << 1)]
        for m in MAPPINGS
    ],
    "/api/subtract": [
        {"minuend": hex(a), "subtrahend": hex(b)} for a, b in zip(bitboards(30), reversed(bitboards(30)), strict=True)
    ],
    "/api/slide": [
        {"sq": rng.randrange(64), "occupied": hex(o), "line": line, "mapping": m}
        for o in bitboards(10)
        for line in LINE_KINDS
        for m in MAPPINGS
    ],
    "/api/attacks": [
        {"piece": p, "sq": rng.randrange(64), "occupied": hex(o), "own": hex(rng.getrandbits(64)), "mapping": m}
        for o in bitboards(10)
        for p in ("rook", "bishop", "queen")
        for m in MAPPINGS
    ],
    "/api/position": [{"fen": DEVLOG_FEN, "mapping": m} for m in MAPPINGS]
    + [{"fen": DEVLOG_FEN, "square": sq} for sq in SQUARE_NAMES]
    + [{"fen": "8/8/8/8/8/8/8/8"}, {"fen": "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "square": "e4"}],
    "/api/move": moves_sample(),
    "/api/rose": [{"sq": sq} for sq in range(64)],
    "/api/health": [{}],
    # The three pieces (a queen's magic and PEXT per table), both mappings, boards with and without blockers.
    "/api/methods": [
        {"piece": p, "sq": rng.randrange(64), "occupied": hex(o), "mapping": m}
        for o in bitboards(3)
        for p in ("rook", "bishop", "queen")
        for m in MAPPINGS
    ],
    # Occupancies with and without an entry shared with another one (the exercise's answer null or not).
    "/api/magic": [
        {"piece": p, "sq": sq, "occupied": hex(o), "mapping": m}
        for o in bitboards(3) + [0x0000000000100010]
        for p in ("rook", "bishop")
        for sq in (0, 4, 27)
        for m in MAPPINGS
    ],
    "/api/method-speeds": [{}],
    # A search that ends at a magic within the bound (bishop c1 in lerbef) and one that stops first.
    "/api/magic-search": [
        {"piece": "bishop", "sq": "c1", "mapping": "lerbef", "show": "100"},
        {"piece": "rook", "sq": "e4", "seed": "1", "show": "5"},
    ],
    "/api/code-tasks": [{}],
    "/api/code-truth": code_truth_sample,  # drawn when the test runs
    # What the chapters ask ahead: every kind of tap, an answer that is an error, a move's position after.
    "/api/taps": [
        {"tap": "sq"},
        {"tap": "sq;occupied^", "slide": "sq=f4&occupied=0x1000804200000010&line=rank&mapping=lerbef"},
        {"tap": "value^,sq", "bitboard": "value=0x81&mapping=lerf", "square": "sq=e4"},
        {"tap": "destination^;start=", "compare": "destination=0x80&start=0x10&mapping=lerbef"},
        {"tap": "to", "ray": "from=c4&to=g4", "devlog-ray": "from=c4&to=g4&shift=1"},
        {
            "tap": "square,to",
            "follow": "position",
            "position": f"fen={DEVLOG_FEN}&square=d4&mapping=lerbef",
            "move": f"fen={DEVLOG_FEN}&from=d4",
        },
    ],
}


@pytest.fixture(scope=app_scope)
def openapi(client):
    return client.get("/api/openapi.json").json


def schema_of(openapi, path):
    return openapi["paths"][path]["get"]["responses"]["200"]["content"]["application/json"]["schema"]


# /api/qr answers SVG, not JSON.
NOT_JSON = {"/api/qr"}


def pure_gets(openapi) -> dict:
    """The GETs whose answer is a function of the query alone: all but the live class's (test_classes.py)."""
    return {path: item for path, item in openapi["paths"].items() if "get" in item and item["get"]["tags"] != ["classes"]}


def test_every_endpoint_has_a_sample(openapi):
    assert set(SAMPLES) == set(pure_gets(openapi)) - {"/api/openapi.json"} - NOT_JSON


def shapes_of(schema):
    """Return the answer's possible shapes: the schema itself, or each of its oneOf (an endpoint whose
    answer takes one of several shapes, as /api/code-truth with and without index)."""
    return schema.get("oneOf", [schema])


@pytest.mark.parametrize("path", sorted(SAMPLES))
def test_real_answers_match_the_declared_schema(client, openapi, path):
    schema = schema_of(openapi, path)
    Draft202012Validator.check_schema(schema)
    shapes = shapes_of(schema)
    for shape in shapes:
        assert shape["type"] == "object" and shape["properties"], "a bare object describes nothing"
        assert shape["additionalProperties"] is False, "a strict schema names every field"
    # The answers are validated by jsonschema-rs (the code tasks' whole answers hold thousands of
    # values: the pure-Python validator took seconds for each); the schema itself by jsonschema above.
    validator = jsonschema_rs.Draft202012Validator(schema)
    seen_keys = [set() for _ in shapes]
    queries = SAMPLES[path]() if callable(SAMPLES[path]) else SAMPLES[path]
    for query in queries:
        response = client.get(f"{path}?{urlencode(query)}")
        assert response.status_code == 200, (path, query, response.json)
        errors = sorted(validator.iter_errors(response.json), key=lambda e: list(e.instance_path))
        assert not errors, (path, query, [f"{list(e.instance_path)}: {e.message[:300]}" for e in errors[:3]])
        # Valid, so one shape matched (oneOf); which one is told by the fields (validating each again doubled the time).
        (shape,) = [
            i
            for i, shape in enumerate(shapes)
            if set(shape.get("required", ())) <= set(response.json) <= set(shape["properties"])
        ]
        seen_keys[shape] |= set(response.json)
    # The sample reaches every shape and every declared field, optional ones included.
    for shape, seen in zip(shapes, seen_keys, strict=True):
        assert seen == set(shape["properties"]), (path, set(shape["properties"]) - seen)


@pytest.mark.parametrize("path", sorted(SAMPLES))
def test_the_documented_example_is_the_real_answer_to_the_documented_request(client, openapi, path):
    operation = openapi["paths"][path]["get"]
    example = operation["responses"]["200"]["content"]["application/json"]["example"]
    query = {p["name"]: p["example"] for p in operation["parameters"] if p["required"]}
    assert client.get(f"{path}?{urlencode(query)}").json == example
    assert not list(Draft202012Validator(schema_of(openapi, path)).iter_errors(example))


def test_a_schema_refuses_a_wrong_answer(openapi):
    """The schemas are strict: a missing field, an extra one or a wrong type is an error."""
    validator = Draft202012Validator(schema_of(openapi, "/api/compare"))
    good = {  # fmt: skip
        "mapping": "lerbef",
        "comparison": "destination >= start",
        "greater_or_equal": True,
        "verdict": "left",
        "single_bits": True,
        "meaningful": True,
        "actual": {"file": "left", "rank": "same rank"},
        "verdict_correct": True,
        "reason": "r",
        "destination": {
            "value": "0x" + "0" * 15 + "8",
            "decimal": "8",
            "popcount": 1,
            "msb": 3,
            "msb_square": "e1",
            "squares": ["e1"],
        },
        "start": {"value": "0x" + "0" * 15 + "2", "decimal": "2", "popcount": 1, "msb": 1, "msb_square": "g1", "squares": ["g1"]},
    }
    assert validator.is_valid(good)
    assert not validator.is_valid({k: v for k, v in good.items() if k != "reason"})
    assert not validator.is_valid({**good, "extra": 1})
    assert not validator.is_valid({**good, "verdict": "up"})
    assert not validator.is_valid({**good, "destination": {**good["destination"], "value": "0x8"}})


def test_the_code_truth_schema_refuses_an_answer_of_another_task(client, openapi):
    """What depends on the task is declared per task: the kinds of the arguments and of the answer,
    the chapter and its query. An answer that would fit another task is refused."""
    validator = Draft202012Validator(schema_of(openapi, "/api/code-truth"))
    one = client.get("/api/code-truth?task=negative&index=5").json
    whole = client.get("/api/code-truth?task=color").json
    assert validator.is_valid(one) and validator.is_valid(whole)
    assert not validator.is_valid({**one, "expected": True})  # a boolean, as the wiki tasks answer
    assert not validator.is_valid({**one, "input": one["input"][:2]})  # two bitboards, as the ray tasks take
    assert not validator.is_valid({**one, "chapter": "shift-ray"})
    assert not validator.is_valid({**one, "query": {"from": "a1", "to": "b1"}})  # the rays' query
    assert not validator.is_valid({**one, "query": {**one["query"], "line": "column"}})
    assert not validator.is_valid({**one, "view": {**one["view"], "marks": {"a1": "middle"}}})
    assert not validator.is_valid({**whole, "expected": [0] * whole["count"]})  # squares, as intersectRankAnt answers
    assert not validator.is_valid({**whole, "inputs": [[sq, sq] for sq in range(64)]})
    assert not validator.is_valid({**whole, "result": "square"})
    assert not validator.is_valid({**whole, "index": 0})  # the two shapes do not mix
    tasks = Draft202012Validator(schema_of(openapi, "/api/code-tasks"))
    answer = client.get("/api/code-tasks").json
    assert tasks.is_valid(answer)
    assert not tasks.is_valid({**answer, "tasks": answer["tasks"][1:]})
    assert not tasks.is_valid({**answer, "tasks": [{**answer["tasks"][0], "entry": "get ray"}, *answer["tasks"][1:]]})


def test_every_documented_parameter_is_described_and_its_example_is_accepted(client, openapi):
    """Each parameter says what it is, its schema matches its own example, and the example parses."""
    import re

    for path, item in pure_gets(openapi).items():
        for param in item["get"]["parameters"]:
            where = (path, param["name"])
            assert param["in"] == "query" and isinstance(param["required"], bool), where
            assert isinstance(param["description"], str) and param["description"].endswith("."), where
            schema = param["schema"]
            if not param["required"]:
                # An optional parameter also admits "" (an empty field counts as absent).
                assert schema["anyOf"][1] == {"type": "string", "maxLength": 0}, where
                schema = schema["anyOf"][0]
            assert schema["type"] == "string", where
            example = param.get("example")
            if example is None:
                continue
            if "pattern" in schema and ("a-h" in schema["pattern"] or "0[xX]" in schema["pattern"]):
                assert re.fullmatch(schema["pattern"], example), where
                kind = "square" if "a-h" in schema["pattern"] else "bitboard"
                assert param["description"].endswith(
                    " A square name a1..h8 (any case) or a LERF index 0..63."
                    if kind == "square"
                    else " 0x followed by 1 to 16 hex digits, or decimal digits; below 2^64."
                ), where
                if kind == "square":
                    assert re.fullmatch(r"[a-h][1-8]", example), where  # the canonical spelling
            elif "pattern" in schema:
                assert re.fullmatch(schema["pattern"], example), where
            if "enum" in schema:
                assert example in schema["enum"], where
                assert schema.get("default", example) in schema["enum"], where
            if "maxLength" in schema:
                assert len(example) <= schema["maxLength"], where
            single = client.get(f"{path}?{urlencode({**query_of(item), param['name']: example})}")
            assert single.status_code in (200, 400), where
            if single.status_code == 400:  # only a combination with the other examples may be refused
                assert single.json["error"]["code"] in ("illegal_move", "not_aligned", "same_line_kind"), where


def query_of(item):
    return {p["name"]: p["example"] for p in item["get"]["parameters"] if p["required"]}


def test_parameter_declarations_in_detail(openapi):
    params = {p["name"]: p for p in openapi["paths"]["/api/attacks"]["get"]["parameters"]}
    assert params["sq"] == {
        "name": "sq",
        "in": "query",
        "required": True,
        "description": "Its square. A square name a1..h8 (any case) or a LERF index 0..63.",
        "schema": {"type": "string", "pattern": "^([a-hA-H][1-8]|[0-9]|[1-5][0-9]|6[0-3])$"},
        "example": "e4",
    }
    assert params["occupied"] == {
        "name": "occupied",
        "in": "query",
        "required": False,
        "description": "Occupied squares. 0x followed by 1 to 16 hex digits, or decimal digits; below 2^64.",
        "schema": {
            "anyOf": [{"type": "string", "pattern": "^(0[xX][0-9a-fA-F]{1,16}|[0-9]{1,20})$"}, {"type": "string", "maxLength": 0}]
        },
        "example": "0x1000804200000010",
    }
    assert params["mapping"]["schema"] == {
        "anyOf": [{"type": "string", "enum": ["lerf", "lerbef"]}, {"type": "string", "maxLength": 0}],
        "default": "lerf",
    }
    assert (params["mapping"]["required"], params["mapping"]["example"]) == (False, "lerf")
    assert (params["piece"]["required"], params["piece"]["example"]) == (True, "queen")
    fen = {p["name"]: p for p in openapi["paths"]["/api/move"]["get"]["parameters"]}
    assert fen["fen"]["schema"] == {"type": "string", "maxLength": 100} and fen["fen"]["required"] is True
    assert (fen["promotion"]["required"], fen["promotion"]["schema"]["anyOf"][0]["enum"]) == (False, ["q", "r", "b", "n"])
    other = {p["name"]: p for p in openapi["paths"]["/api/color"]["get"]["parameters"]}["other"]
    assert (other["required"], other["example"]) == (False, "d5")


def test_every_operation_declares_the_media_type_it_answers_with(client, openapi):
    for path, item in pure_gets(openapi).items():
        operation = item["get"]
        query = {p["name"]: p["example"] for p in operation["parameters"] if p["required"]}
        response = client.get(f"{path}?{urlencode(query)}")
        assert response.status_code == 200, path
        assert set(operation["responses"]["200"]["content"]) == {response.mimetype}, path
        if query:  # without its first required parameter: the error the 400 response describes
            error = client.get(f"{path}?{urlencode(dict(list(query.items())[1:]))}")
            assert error.status_code == 400, path
            assert operation["responses"]["400"]["content"] == {
                error.mimetype: {"schema": {"$ref": "#/components/schemas/Error"}}
            }


# JSON Schema 2020-12's keywords (its validation, applicator, core, format, content and meta-data
# vocabularies) that a response schema may use: a misspelt one ("TYPE", "anyof") is silently
# ignored by every validator, so the schema would still pass and check nothing.
SCHEMA_KEYWORDS = set(Draft202012Validator.VALIDATORS) | {
    "$schema", "$id", "$defs", "$comment", "title", "description", "default", "examples",
    "deprecated", "readOnly", "writeOnly", "contentMediaType", "contentEncoding",
    "minContains", "maxContains", "then", "else",  # read by "contains" and by "if"
}  # fmt: skip
SUBSCHEMA_MAPS = {"properties", "patternProperties", "$defs", "dependentSchemas"}


def check_schema_words(schema, where: str, condition: bool = False) -> None:
    """Every key of every subschema is a JSON Schema keyword, every object with named properties
    refuses others (an answer carries no field the document does not describe), but in an
    ``if``, which only tests some fields to choose the ``then``, and every sized array says what
    its items are."""
    if isinstance(schema, list):
        for item in schema:
            check_schema_words(item, where, condition)
        return
    if not isinstance(schema, dict):
        return
    assert set(schema) <= SCHEMA_KEYWORDS, (where, set(schema) - SCHEMA_KEYWORDS)
    if schema.get("type") == "object" and "properties" in schema and not condition:
        assert schema.get("additionalProperties") is False, where
    if {"minItems", "maxItems", "contains"} & set(schema):  # a sized array still says what its items are
        assert schema.get("type") == "array" and "items" in schema, where
    for key, value in schema.items():
        if key in SUBSCHEMA_MAPS:
            for name, sub in value.items():
                check_schema_words(sub, f"{where}.{name}", condition)
        elif isinstance(value, dict | list) and key not in ("enum", "const", "examples", "required", "default"):
            check_schema_words(value, f"{where}.{key}", condition or key == "if")


def test_the_document_is_valid_openapi_and_its_schemas_use_only_real_keywords(openapi):
    validate_openapi(openapi)  # OpenAPI 3.1's own schema, and every $ref resolves
    for path, item in openapi["paths"].items():
        for method, operation in item.items():
            for status, response in operation["responses"].items():
                for media_type, content in response.get("content", {}).items():  # a 204 has none
                    check_schema_words(content["schema"], f"{method} {path} {status} {media_type}")
    for name, schema in openapi["components"]["schemas"].items():
        check_schema_words(schema, name)


def test_the_keyword_check_refuses_a_misspelt_keyword_an_open_object_and_an_array_of_anything():
    for wrong in ({"TYPE": "array"}, {"anyOf": [{"type": "integer", "XXmaxContainsXX": 2}]},
                  {"type": "object", "properties": {"a": {"type": "integer"}}, "additionalProperties": True},
                  {"minItems": 2, "maxItems": 2}, {"type": "array", "minItems": 2}):  # fmt: skip
        with pytest.raises(AssertionError):
            check_schema_words(wrong, "example")
