"""The geometry endpoints through the Flask test client on all 64 squares and 4096 ordered
pairs, with python-chess as the oracle (BB_RANKS, BB_FILES, BB_RAYS, ray, square_distance,
square_knight_distance, BB_DARK_SQUARES), the Direction page's sheets parsed from the seed,
and bad input on every parameter. tests/test_wiki_api.py checks the same endpoints against
walks along the board; the two oracles should never disagree."""

import math
import re

import chess
import pytest

from chessviz.squares import SQUARE_NAMES
from source_tables import direction_sheets

NAMES = SQUARE_NAMES
PAIRS = [(a, b) for a in range(64) for b in range(64)]
KINDS = ("rank", "file", "diagonal", "anti_diagonal")
COMBOS = [(x, y) for x in KINDS for y in KINDS if x != y]


def chess_line(sq, kind):
    """The whole line through sq by python-chess: BB_RANKS/BB_FILES, BB_RAYS for diagonals."""
    if kind == "rank":
        return chess.BB_RANKS[chess.square_rank(sq)]
    if kind == "file":
        return chess.BB_FILES[chess.square_file(sq)]
    r, f = chess.square_rank(sq), chess.square_file(sq)
    steps = [(1, 1), (-1, -1)] if kind == "diagonal" else [(1, -1), (-1, 1)]
    for dr, df in steps:
        if 0 <= r + dr < 8 and 0 <= f + df < 8:
            return chess.BB_RAYS[sq][chess.square(f + df, r + dr)]
    return chess.BB_SQUARES[sq]  # a8 and h1 are alone on their diagonal


def is_dark(sq):
    return bool(chess.BB_DARK_SQUARES & chess.BB_SQUARES[sq])


def get(client, url):
    response = client.get(url)
    assert response.status_code == 200, (url, response.get_data(as_text=True))
    return response.json


# ------------------------------------------------------------------ /api/square

def test_square_every_square_against_python_chess(client):
    for sq in range(64):
        for mapping in ("lerf", "lerbef"):
            body = get(client, f"/api/square?sq={NAMES[sq].upper() if sq % 2 else sq}&mapping={mapping}")
            assert body["name"] == chess.square_name(sq) and body["index"] == sq
            assert (body["rank"], body["file"]) == (chess.square_rank(sq), chess.square_file(sq))
            assert body["color"] == ("dark" if is_dark(sq) else "light")
            for kind in KINDS:
                expected = chess_line(sq, kind)
                if mapping == "lerbef":
                    expected = chess.flip_horizontal(expected)
                assert re.fullmatch(r"0x[0-9a-f]{16}", body["masks"][kind])
                assert int(body["masks"][kind], 16) == expected, (NAMES[sq], mapping, kind)
            assert body["diagonal"]["length"] == chess.popcount(chess_line(sq, "diagonal"))
            assert body["anti_diagonal"]["length"] == chess.popcount(chess_line(sq, "anti_diagonal"))


# ------------------------------------------------------------------ /api/color

def test_color_every_pair_against_python_chess(client):
    for sq in range(64):
        body = get(client, f"/api/color?sq={NAMES[sq]}")
        assert body["color"] == ("dark" if is_dark(sq) else "light")
        assert "same_color" not in body and "same_color_methods" not in body
        for method in body["methods"]:
            assert set(method) >= {"name", "formula", "value", "agrees"}
            assert method["agrees"] is (method["value"] == int(is_dark(sq))), (NAMES[sq], method["name"])
    for a, b in PAIRS:
        body = get(client, f"/api/color?sq={NAMES[a]}&other={NAMES[b]}")
        same = is_dark(a) == is_dark(b)
        assert body["same_color"] is same, (NAMES[a], NAMES[b])
        assert body["knight_distance"] == chess.square_knight_distance(a, b)
        for method in body["same_color_methods"]:
            says_same = method["value"] == (0 if method["name"].startswith("differentColor") else 1)
            assert method["agrees"] is (says_same == same), (NAMES[a], NAMES[b], method["name"])


def test_color_lists_every_way_the_page_computes_a_colour(client):
    body = get(client, "/api/color?sq=e4&other=d5")
    formulas = " ".join(m["formula"] for m in body["methods"])
    for printed in ("0xAA55AA55AA55AA55", "0xAA55AA55 >> square", "(square & 31 )", "0x00AA0055",
                    "toggleColor( ((square >> 3) + square) & 1)", "( 9 * square + 8 ) >> 3", "(( 9 * square) & 8) == 0"):
        assert printed in formulas, printed
    pair = " ".join(m["formula"] for m in body["same_color_methods"])
    for printed in ("sq1 ^= sq2", "(( 9 * (sq1 ^ sq2)) & 8) != 0", "(( 9 * (sq1 ^ sq2)) & 8) == 0", "knightDistance"):
        assert printed in pair, printed
    # e4 is light, d5 light: the same colour, by every formula.
    assert body["color"] == "light" and body["same_color"] is True
    assert all(m["agrees"] for m in body["methods"] + body["same_color_methods"])


# ------------------------------------------------------------------ /api/same-line

def test_same_line_every_pair_against_python_chess(client):
    for a, b in PAIRS:
        body = get(client, f"/api/same-line?a={NAMES[a]}&b={b}")
        for kind in KINDS:
            assert body[kind] is bool(chess_line(a, kind) & chess.BB_SQUARES[b]), (NAMES[a], NAMES[b], kind)
        assert [r["name"] for r in body["routines"]] == ["squaresOnSameDiagonal (& 7)", "squaresOnSameDiagonal (% 9)"]
        for routine in body["routines"]:
            assert routine["correct"] is (bool(routine["value"]) == body["diagonal"]), (NAMES[a], NAMES[b], routine["name"])


# ------------------------------------------------------------------ /api/direction

RAYS = {"north": 8, "north_east": 9, "east": 1, "south_east": -7, "south": -8, "south_west": -9, "west": -1, "north_west": 7}
KNIGHTS = {"north_north_east": 17, "north_east_east": 10, "south_east_east": -6, "south_south_east": -15,
           "south_south_west": -17, "south_west_west": -10, "north_west_west": 6, "north_north_west": 15}


def test_direction_every_pair_against_python_chess(client):
    for a, b in PAIRS:
        body = get(client, f"/api/direction?from={a}&to={NAMES[b]}")
        where = (NAMES[a], NAMES[b])
        dr, df = chess.square_rank(b) - chess.square_rank(a), chess.square_file(b) - chess.square_file(a)
        assert (body["x88_diff"], body["lookup_index"]) == (16 * dr + df, 16 * dr + df + 120)
        if a == b:
            assert [body[k] for k in ("ray", "ray_step", "knight", "knight_step", "degrees", "begrees")] == [None] * 6
            continue
        aligned = bool(chess.BB_RAYS[a][b])
        assert (body["ray"] is not None) == aligned, where
        if aligned:
            assert RAYS[body["ray"]] == body["ray_step"]
            # Walk from a by ray_step, square_distance times, without leaving the line: b.
            sq = a
            for _ in range(chess.square_distance(a, b)):
                sq += body["ray_step"]
                assert chess.BB_RAYS[a][b] & chess.BB_SQUARES[sq], where
            assert sq == b, where
        if body["knight"] is not None:
            assert KNIGHTS[body["knight"]] == body["knight_step"]
            jumps = math.gcd(dr, df)
            assert b - a == jumps * body["knight_step"], where
            if jumps == 1:
                assert chess.square_knight_distance(a, b) == 1
        else:
            assert chess.square_knight_distance(a, b) != 1 or a == b, where
        assert body["degrees"] == round(math.degrees(math.atan2(df, dr))) % 360, where
        assert 0 <= body["begrees"] < 144


# ------------------------------------------------------------------ /api/directions/table

@pytest.mark.parametrize("kind", ["degrees", "begrees", "begrees_filled"])
def test_sheets_cell_for_cell(client, kind):
    body = get(client, f"/api/directions/table?kind={kind}")
    assert body["kind"] == kind
    sheet, ours = direction_sheets()[kind], body["rows"]
    assert len(ours) == 15 and all(len(row) == 15 for row in ours)
    for i in range(15):
        assert [c for c in ours[i] if c is not None] == sheet[i], f"rank difference {7 - i}"
    assert ours[7][7] is None
    assert sum(c is not None for row in ours for c in row) == (224 if kind == "begrees_filled" else 144)
    if kind != "begrees_filled":
        assert sum(len(row) for row in sheet) == 144
        values = [c for row in ours for c in row if c is not None]
        assert len(set(values)) == 144  # "so each angle given is distinct"


def test_sheets_agree_with_direction_for_every_pair(client):
    sheets = {kind: get(client, f"/api/directions/table?kind={kind}")["rows"] for kind in ("degrees", "begrees_filled")}
    for a, b in PAIRS:
        if a == b:
            continue
        body = get(client, f"/api/direction?from={a}&to={b}")
        dr, df = chess.square_rank(b) - chess.square_rank(a), chess.square_file(b) - chess.square_file(a)
        assert body["begrees"] == sheets["begrees_filled"][7 - dr][7 + df], (NAMES[a], NAMES[b])
        cell = sheets["degrees"][7 - dr][7 + df]
        assert cell is None or cell == body["degrees"], (NAMES[a], NAMES[b])


# ------------------------------------------------------------------ /api/intersection(s)

def test_intersections_every_pair_against_python_chess(client):
    for a, b in PAIRS:
        body = get(client, f"/api/intersections?a={NAMES[a]}&b={NAMES[b]}")
        assert [(c["line_a"], c["line_b"]) for c in body["combinations"]] == COMBOS
        for c in body["combinations"]:
            where = (NAMES[a], NAMES[b], c["line_a"], c["line_b"])
            common = chess_line(a, c["line_a"]) & chess_line(b, c["line_b"])
            assert chess.popcount(common) <= 1
            assert c["square"] == (chess.square_name(chess.lsb(common)) if common else None), where
            if common:
                assert c["reason"] is None
            else:
                colours = {c["line_a"], c["line_b"]} == {"diagonal", "anti_diagonal"} and is_dark(a) != is_dark(b)
                assert c["reason"] == ("different_colors" if colours else "off_board"), where
            printed = c["printed"]
            truth = chess.lsb(common) if common else -1
            assert printed["correct"] is (printed["value"] == truth), where
            assert printed["square"] == (NAMES[printed["value"]] if 0 <= printed["value"] < 64 else None)


def test_intersection_vice_versa_calls_the_page_routine_with_swapped_arguments(client):
    body = get(client, "/api/intersection?a=c7&b=e4&line_a=diagonal&line_b=rank")
    assert body["printed"]["routine"] == "intersectRankDia" and body["printed"]["call"] == "intersectRankDia(e4, c7)"
    assert body["square"] is None and body["reason"] == "off_board"
    body = get(client, "/api/intersection?a=a2&b=a1&line_a=anti_diagonal&line_b=rank")
    assert body["square"] == "b1"
    assert (body["printed"]["call"], body["printed"]["value"], body["printed"]["correct"]) == ("intersectRankAnt(a1, a2)", -1, False)
    assert body["working"]["formula"] == "s88 = 15*rank(b) + rank(a) + file(a)"
    assert body["working"]["value"] == 16 * 0 + 1 and body["working"]["square"] == "b1"
    body = get(client, "/api/intersection?a=e4&b=c7&line_a=file&line_b=rank")
    assert body["square"] == "e7" and body["printed"]["formula"] == "s1 := (b & 56) + (a & 7);"


# ------------------------------------------------------------------ bad input

GOOD = {
    "/api/square": {"sq": "e4", "mapping": "lerbef"},
    "/api/color": {"sq": "e4", "other": "d5"},
    "/api/same-line": {"a": "e4", "b": "h7"},
    "/api/direction": {"from": "e4", "to": "g5"},
    "/api/directions/table": {"kind": "begrees"},
    "/api/intersection": {"a": "e4", "b": "c7", "line_a": "rank", "line_b": "diagonal"},
    "/api/intersections": {"a": "e4", "b": "c7"},
}
OPTIONAL = {"mapping", "other"}
SQUARE_PARAMS = {"sq", "other", "a", "b", "from", "to"}
BAD_SQUARES = ["i9", "64", "-1", "h0", "e", "4e", "e4e4", "100", "0x1c", "%FF", "%D9%A3", "e4%00", "a" * 5000]
BAD_CHOICES = ["x", "LERF", "Rank", "anti-diagonal", "degrees ", "%00", "z" * 5000]


def url(path, params):
    return path + "?" + "&".join(f"{k}={v}" for k, v in params.items())


@pytest.mark.parametrize("path", list(GOOD))
def test_every_parameter_refuses_bad_input(client, path):
    good = GOOD[path]
    assert client.get(url(path, good)).status_code == 200
    for name in good:
        others = {k: v for k, v in good.items() if k != name}
        for given in ("missing", "empty"):
            response = client.get(url(path, others if given == "missing" else {**others, name: ""}))
            if name in OPTIONAL:
                assert response.status_code == 200, (path, name, given)
            else:
                assert response.status_code == 400, (path, name, given)
                assert response.json["error"]["code"] == "missing_parameter" and response.json["error"]["param"] == name
        response = client.get(url(path, good) + f"&{name}={good[name]}")
        assert response.status_code == 400 and response.json["error"]["param"] == name, (path, name, "repeated")
        for bad in BAD_SQUARES if name in SQUARE_PARAMS else BAD_CHOICES:
            response = client.get(url(path, {**good, name: bad}))
            assert response.status_code == 400, (path, name, bad)
            error = response.json["error"]
            assert error["code"] == ("invalid_square" if name in SQUARE_PARAMS else "invalid_parameter"), (path, name, bad)
            assert error["param"] == name and len(error["message"]) < 300
    for method in ("post", "put", "delete", "patch"):
        response = getattr(client, method)(url(path, good))
        assert response.status_code == 405 and response.json["error"]["code"] == "method_not_allowed", (path, method)


def test_line_kinds_must_differ(client):
    for kind in KINDS:
        response = client.get(f"/api/intersection?a=e4&b=c7&line_a={kind}&line_b={kind}")
        assert response.status_code == 400
        assert response.json["error"]["code"] == "same_line_kind" and response.json["error"]["param"] == "line_b"


def test_from_is_the_parameter_name_not_from_(client):
    response = client.get("/api/direction?from_=e4&to=g5")
    assert response.status_code == 400 and response.json["error"]["param"] == "from"
    assert get(client, "/api/direction?from=e4&to=g5")["knight"] == "north_east_east"


def test_squares_accept_names_any_case_and_indices(client):
    for given in ("e4", "E4", "28"):
        assert get(client, f"/api/square?sq={given}")["name"] == "e4"
    assert get(client, "/api/square?sq=0")["name"] == "a1" and get(client, "/api/square?sq=63")["name"] == "h8"


def test_direction_words_carry_the_wikis_rose_names(client):
    """The Direction page's rose (seeds/direction.txt, Move Directions): names and single-step increments."""
    wiki = {8: "nort", 9: "noEa", 1: "east", -7: "soEa", -8: "sout", -9: "soWe", -1: "west", 7: "noWe",
            15: "noNoWe", 17: "noNoEa", 6: "noWeWe", 10: "noEaEa", -10: "soWeWe", -6: "soEaEa", -17: "soSoWe", -15: "soSoEa"}
    rose = client.get("/api/rose?sq=e4").json["rose"]
    assert len(rose) == 16
    for r in rose:
        assert r["wiki"] == wiki[r["step"]]
        assert "_" not in r["words"] and r["words"].startswith(r["direction"].replace("_", "-"))
    body = client.get("/api/direction?from=e4&to=g5").json
    assert body["knight_words"] == "north-east-east (noEaEa)" and body["ray_words"] is None
    assert client.get("/api/direction?from=e4&to=e8").json["ray_words"] == "north (nort)"
    assert client.get("/api/direction?from=e4&to=h4").json["ray_words"] == "east"
