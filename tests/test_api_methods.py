"""GET /api/methods on the contract: every method's attacks equal /api/attacks (itself held to python-chess
in tests/test_methods.py) on every square in both mappings, the listed names and fields, and every bad
input answered with the contract's error."""

from __future__ import annotations

import json
import random
import re

import chess
import pytest

from chessviz.methods import METHODS
from chessviz.squares import SQUARE_NAMES

from project import ROOT
from sliding_oracle import EDGES, MAPPINGS

CONTRACT_METHODS = {"classical", "hyperbola", "kogge_stone", "obstruction_difference", "magic", "pext"}


@pytest.mark.parametrize("mapping", MAPPINGS)
def test_every_method_equals_api_attacks_on_every_square(client, mapping):
    rng = random.Random(f"api-methods-{mapping}")
    for sq in range(64):
        occupied = [0, EDGES, chess.BB_KING_ATTACKS[sq], rng.getrandbits(64) & rng.getrandbits(64)][sq % 4]
        occupied = chess.flip_horizontal(occupied) if mapping == "lerbef" else occupied
        for piece in ("rook", "bishop", "queen"):
            query = f"piece={piece}&sq={SQUARE_NAMES[sq]}&occupied={occupied:#x}&mapping={mapping}"
            answer = client.get(f"/api/methods?{query}").json
            expected = client.get(f"/api/attacks?{query}").json["attacks"]
            assert answer["attacks"] == expected
            assert CONTRACT_METHODS <= set(answer["methods"])
            for name, method in answer["methods"].items():
                assert method["attacks"] == method["steps"][-1]["value"] == expected, (name, query)
                assert method["operations"] > 0 and method["table_bytes"] >= 0


def test_the_answer_carries_the_request_and_the_numbers_of_magic_and_pext(client):
    rook = client.get("/api/methods?piece=rook&sq=E4&occupied=4096&mapping=lerbef").json
    assert (rook["piece"], rook["sq"], rook["mapping"], rook["occupied"]) == ("rook", "e4", "lerbef", "0x0000000000001000")
    assert set(rook["methods"]["magic"]) >= {"mask", "magic", "shift", "index"}
    assert set(rook["methods"]["pext"]) >= {"mask", "index"}
    queen = client.get("/api/methods?piece=queen&sq=28").json
    assert queen["sq"] == "e4" and queen["mapping"] == "lerf" and queen["occupied"] == "0x" + "0" * 16
    for method, fields in (("magic", {"mask", "magic", "shift", "index"}), ("pext", {"mask", "index"})):
        assert set(queen["methods"][method]["rook"]) == set(queen["methods"][method]["bishop"]) == fields
        assert not fields & set(queen["methods"][method])


BAD = [
    ("piece=king&sq=e4", "invalid_parameter", "piece"),
    ("piece=Rook&sq=e4", "invalid_parameter", "piece"),
    ("sq=e4", "missing_parameter", "piece"),
    ("piece=rook", "missing_parameter", "sq"),
    ("piece=rook&sq=", "missing_parameter", "sq"),
    ("piece=rook&sq=i9", "invalid_square", "sq"),
    ("piece=rook&sq=64", "invalid_square", "sq"),
    ("piece=rook&sq=-1", "invalid_square", "sq"),
    ("piece=rook&sq=e4&occupied=-1", "invalid_bitboard", "occupied"),
    ("piece=rook&sq=e4&occupied=18446744073709551616", "invalid_bitboard", "occupied"),
    ("piece=rook&sq=e4&occupied=0x10000000000000000", "invalid_bitboard", "occupied"),
    ("piece=rook&sq=e4&occupied=" + "9" * 5000, "invalid_bitboard", "occupied"),
    ("piece=rook&sq=e4&occupied=1.5", "invalid_bitboard", "occupied"),
    ("piece=rook&sq=e4&occupied=0x", "invalid_bitboard", "occupied"),
    ("piece=rook&sq=e4&mapping=LERF", "invalid_parameter", "mapping"),
    ("piece=rook&sq=e4&mapping=lerf&mapping=lerbef", "invalid_parameter", "mapping"),
]


@pytest.mark.parametrize("query, code, param", BAD)
def test_every_bad_input_gets_the_contract_s_error(client, query, code, param):
    response = client.get(f"/api/methods?{query}")
    assert response.status_code == 400 and response.mimetype == "application/json"
    assert set(response.json) == {"error"}
    assert (response.json["error"]["code"], response.json["error"]["param"]) == (code, param)
    assert response.json["error"]["message"]


def test_the_largest_bitboard_and_every_square_are_accepted(client):
    full = client.get("/api/methods?piece=queen&sq=h8&occupied=18446744073709551615").json
    assert full["attacks"] == "0x40c0000000000000"  # g8, g7, h7: python-chess's BB_KING_ATTACKS[h8]
    assert int(full["attacks"], 16) == chess.BB_KING_ATTACKS[chess.H8]
    assert client.post("/api/methods?piece=rook&sq=e4").status_code == 405


# --- the speeds the methods chapter shows ---------------------------------------------------------------

README_COPY = ROOT / "tests" / "data" / "speeds" / "gigantua-chess-movegen-readme.txt"


def published_rows() -> dict[str, tuple[float, str]]:
    """{name: (MQueens/s, table size)} of the README's Example Result, read from the copy."""
    text = README_COPY.read_text(encoding="utf-8")
    rows = {}
    for line in text.splitlines():
        found = re.match(r"(\S.*?\S)\s{2,}(\d+\.\d+)\s+\d+\s+\[(\d+kb)\]", line)
        if found:
            rows[found[1]] = (float(found[2]), found[3])
    return rows


def test_the_published_speeds_are_the_source_s_on_its_cpu_and_date(client):
    speeds = client.get("/api/method-speeds").json
    published = speeds["published"]
    text = README_COPY.read_text(encoding="utf-8")
    assert published["cpu"] in text.splitlines()[3] == "AMD Ryzen 9 5950X 16-Core Processor"
    assert "2022-01-30" in text.splitlines()[0] and published["date"] == "2022-01-30"
    assert published["url"] == "https://github.com/Gigantua/Chess_Movegen" and published["threads"] == 1
    rows = published_rows()
    assert len(rows) == 25  # every algorithm the Example Result lists
    assert set(published["methods"]) == set(METHODS)
    for figures in published["methods"].values():
        for figure in figures:
            assert (figure["mqueens"], figure["table"]) == rows[figure["name"]], figure["name"]


def test_this_project_s_figures_are_the_benchmark_s_and_their_ratios_follow(client):
    python = client.get("/api/method-speeds").json["python"]
    written = json.loads((ROOT / "chessviz" / "data" / "engine-bench.json").read_text(encoding="utf-8"))
    assert {k: python[k] for k in written} == written
    assert python["baseline"] == "python-chess BaseBoard.attacks_mask"
    for piece, times in written["nanoseconds"].items():
        assert set(python["ratios"][piece]) == set(METHODS)
        for method in METHODS:
            assert python["ratios"][piece][method] == round(times[method] / times["python-chess"], 2)
