"""The wiki endpoints on all 64 squares and all 4096 ordered pairs, against definitions that
walk the board, against python-chess, and against the tables printed in the seed pages."""

import ctypes
import math

import chess
import pytest

from chessviz.squares import SQUARE_NAMES
from source_tables import diagonal_tables, direction_sheets

PAIRS = [(a, b) for a in range(64) for b in range(64)]
KINDS = ("rank", "file", "diagonal", "anti_diagonal")
STEPS = {"rank": (0, 1), "file": (1, 0), "diagonal": (1, 1), "anti_diagonal": (1, -1)}


def rf(sq):
    return divmod(sq, 8)


def walk(sq, kind):
    """Squares of the line through sq, walked outwards step by step."""
    found = {sq}
    dr, df = STEPS[kind]
    for sign in (1, -1):
        r, f = rf(sq)
        while 0 <= r + sign * dr < 8 and 0 <= f + sign * df < 8:
            r, f = r + sign * dr, f + sign * df
            found.add(8 * r + f)
    return found


def colour(sq):
    """Dark squares by python-chess."""
    return "dark" if chess.BB_DARK_SQUARES & chess.BB_SQUARES[sq] else "light"


# ---------------------------------------------------------------- /api/square

@pytest.mark.parametrize("sq", range(64), ids=SQUARE_NAMES)
def test_square(client, sq):
    body = client.get(f"/api/square?sq={SQUARE_NAMES[sq]}").json
    r, f = rf(sq)
    assert (body["name"], body["index"], body["rank"], body["file"]) == (chess.square_name(sq), sq, r, f)
    assert body["x88"] == 16 * r + f
    assert body["color"] == colour(sq)
    diagonal, anti = walk(sq, "diagonal"), walk(sq, "anti_diagonal")
    assert body["diagonal"]["length"] == len(diagonal)
    assert body["anti_diagonal"]["length"] == len(anti)
    assert body["diagonal"]["index"] == r - f
    assert body["diagonal"]["index_plus7"] == 7 + r - f
    assert body["diagonal"]["index_and15"] == (r - f) % 16
    assert body["anti_diagonal"]["index"] == r + f
    for kind in KINDS:
        assert int(body["masks"][kind], 16) == sum(1 << s for s in walk(sq, kind)), kind
    lerbef = client.get(f"/api/square?sq={sq}&mapping=lerbef").json["masks"]
    for kind in KINDS:
        assert int(lerbef[kind], 16) == chess.flip_horizontal(int(body["masks"][kind], 16))


def test_diagonal_enumerations_match_the_pages_tables(client):
    """The Diagonals page prints rank - file, 7 + rank - file and (rank - file) & 15 as tables."""
    tables = diagonal_tables()
    for sq in range(64):
        r, f = rf(sq)
        d = client.get(f"/api/square?sq={sq}").json["diagonal"]
        assert d["index"] == tables["rank - file"][r][f]
        assert d["index_plus7"] == tables["7 + rank - file"][r][f]
        assert d["index_and15"] == tables["(rank - file) & 15"][r][f]


# ---------------------------------------------------------------- /api/color

def test_color_every_square_and_pair(client):
    for sq in range(64):
        body = client.get(f"/api/color?sq={sq}").json
        assert body["color"] == colour(sq), SQUARE_NAMES[sq]
        names = [m["name"] for m in body["methods"]]
        assert {"lookup constant", "32-bit in-register", "0x88 in-register", "anti-diagonal parity",
                "9*sq+8 trick", "isDark"} <= set(names)
        for method in body["methods"]:
            assert method["agrees"] == (method["means"] == colour(sq)), (SQUARE_NAMES[sq], method)
    for a, b in PAIRS:
        body = client.get(f"/api/color?sq={a}&other={b}").json
        same = colour(a) == colour(b)
        assert body["same_color"] == same, (a, b)
        assert body["knight_distance"] == chess.square_knight_distance(a, b)
        for method in body["same_color_methods"]:
            claims_same = method["means"] == "true" if "same" in method["name"] or "parity" in method["name"] else method["means"] == "false"
            assert method["agrees"] == (claims_same == same), (SQUARE_NAMES[a], SQUARE_NAMES[b], method)


def test_color_formulas_evaluated_as_printed_for_e4(client):
    body = client.get("/api/color?sq=e4").json
    values = {m["name"]: m["value"] for m in body["methods"]}
    e4 = 28
    assert values["lookup constant"] == (0xAA55AA55AA55AA55 >> e4) & 1 == 0
    assert values["9*sq+8 trick"] == ((9 * e4 + 8) >> 3) & 1
    assert body["working"]["nine_sq"] == 252


# ---------------------------------------------------------------- /api/same-line

def c_same_diagonal_and7(sq1, sq2):
    return ctypes.c_int32(sq2 - sq1).value & 7 == (sq2 >> 3) - (sq1 >> 3)


def c_same_diagonal_mod9(sq1, sq2):
    return int(math.fmod(sq2 - sq1, 9)) == 0  # C's % truncates towards zero, like fmod


def test_same_line_every_pair(client):
    for a, b in PAIRS:
        body = client.get(f"/api/same-line?a={a}&b={b}").json
        truth = {kind: b in walk(a, kind) for kind in KINDS}
        assert {kind: body[kind] for kind in KINDS} == truth, (SQUARE_NAMES[a], SQUARE_NAMES[b])
        aligned = chess.BB_RAYS[a][b] != 0 or a == b
        assert aligned == any(truth.values())
        routines = {r["name"]: r for r in body["routines"]}
        for name, printed in (("squaresOnSameDiagonal (& 7)", c_same_diagonal_and7), ("squaresOnSameDiagonal (% 9)", c_same_diagonal_mod9)):
            assert routines[name]["value"] == int(printed(a, b))
            assert routines[name]["correct"] == (printed(a, b) == truth["diagonal"])


# ---------------------------------------------------------------- /api/direction and the tables

@pytest.mark.parametrize("kind", ["degrees", "begrees", "begrees_filled"])
def test_direction_tables_reproduce_the_page_cell_for_cell(client, kind):
    body = client.get(f"/api/directions/table?kind={kind}").json
    printed = direction_sheets()[kind]
    assert len(body["rows"]) == 15 and all(len(row) == 15 for row in body["rows"])
    for i, (row, page_row) in enumerate(zip(body["rows"], printed)):
        assert [c for c in row if c is not None] == page_row, f"row for rank difference {7 - i}"
    assert body["rows"][7][7] is None
    filled = sum(c is not None for row in body["rows"] for c in row)
    assert filled == (224 if kind == "begrees_filled" else 144)
    if kind == "begrees_filled":
        # The filled sheet is complete, so position is known: compare every cell in place.
        assert [row for row in body["rows"]] == [
            page_row[:7] + [None] + page_row[7:] if i == 7 else page_row for i, page_row in enumerate(printed)
        ]


def unit(dr, df):
    g = math.gcd(dr, df)
    return (dr // g, df // g)


def test_direction_every_pair(client):
    printed = direction_sheets()["begrees_filled"]
    filled = [row[:7] + [None] + row[7:] if i == 7 else row for i, row in enumerate(printed)]
    degrees_sheet = client.get("/api/directions/table?kind=degrees").json["rows"]
    rays = {(1, 0): ("north", 8), (1, 1): ("north_east", 9), (0, 1): ("east", 1), (-1, 1): ("south_east", -7),
            (-1, 0): ("south", -8), (-1, -1): ("south_west", -9), (0, -1): ("west", -1), (1, -1): ("north_west", 7)}
    knights = {(2, 1): ("north_north_east", 17), (1, 2): ("north_east_east", 10), (-1, 2): ("south_east_east", -6),
               (-2, 1): ("south_south_east", -15), (-2, -1): ("south_south_west", -17), (-1, -2): ("south_west_west", -10),
               (1, -2): ("north_west_west", 6), (2, -1): ("north_north_west", 15)}
    for a, b in PAIRS:
        body = client.get(f"/api/direction?from={SQUARE_NAMES[a]}&to={SQUARE_NAMES[b]}").json
        (ra, fa), (rb, fb) = rf(a), rf(b)
        dr, df = rb - ra, fb - fa
        assert body["x88_diff"] == (16 * rb + fb) - (16 * ra + fa)
        assert body["lookup_index"] == body["x88_diff"] + 120 and 0 <= body["lookup_index"] < 240
        if a == b:
            assert body["ray"] is body["degrees"] is body["begrees"] is body["knight"] is None
            continue
        # Ray: walk from a one step at a time in each direction and see whether b comes.
        walked = None
        for (sr, sf), (name, step) in rays.items():
            r, f = ra, fa
            while 0 <= r + sr < 8 and 0 <= f + sf < 8:
                r, f = r + sr, f + sf
                if 8 * r + f == b:
                    walked = (name, step)
        assert (body["ray"], body["ray_step"]) == (walked or (None, None)), (SQUARE_NAMES[a], SQUARE_NAMES[b])
        if walked:
            assert chess.BB_RAYS[a][b] & chess.BB_SQUARES[b]
            assert b - a == walked[1] * max(abs(dr), abs(df))
        knight = knights.get(unit(dr, df))
        assert (body["knight"], body["knight_step"]) == (knight or (None, None))
        if knight and body["knight_jumps"] == 1:
            assert chess.square_knight_distance(a, b) == 1 and b - a == knight[1]
        # Begrees: the page's filled sheet, row rank difference +7 at the top.
        assert body["begrees"] == filled[7 - dr][df + 7], (SQUARE_NAMES[a], SQUARE_NAMES[b])
        # Degrees: the page's sheet holds the farthest square of each exact direction.
        (ur, uf), k = unit(dr, df), 1
        while max(abs(ur * (k + 1)), abs(uf * (k + 1))) <= 7:
            k += 1
        assert body["degrees"] == degrees_sheet[7 - ur * k][uf * k + 7]


# ---------------------------------------------------------------- /api/intersection(s)

def test_intersections_every_pair_and_combination(client):
    combos = [(x, y) for x in KINDS for y in KINDS if x != y]
    for a, b in PAIRS:
        body = client.get(f"/api/intersections?a={a}&b={b}").json
        assert [(c["line_a"], c["line_b"]) for c in body["combinations"]] == combos
        for c in body["combinations"]:
            common = walk(a, c["line_a"]) & walk(b, c["line_b"])
            assert len(common) <= 1
            expected = SQUARE_NAMES[common.pop()] if common else None
            where = (SQUARE_NAMES[a], SQUARE_NAMES[b], c["line_a"], c["line_b"])
            assert c["square"] == expected, where
            assert c["working"]["square"] == expected, where
            if expected:
                assert c["reason"] is None
            elif {c["line_a"], c["line_b"]} == {"diagonal", "anti_diagonal"} and colour(a) != colour(b):
                assert c["reason"] == "different_colors", where
                assert c["working"]["different_colors_bit"] is True
            else:
                assert c["reason"] == "off_board", where
                assert c["working"]["off_board"] is True
            assert c["printed"]["correct"] == (c["printed"]["square"] == expected and (expected is not None or c["printed"]["value"] == -1))


def test_intersection_single_matches_the_collection(client):
    many = client.get("/api/intersections?a=e4&b=c7").json["combinations"]
    for c in many:
        one = client.get(f"/api/intersection?a=e4&b=c7&line_a={c['line_a']}&line_b={c['line_b']}").json
        assert {k: one[k] for k in ("square", "reason", "working", "printed")} == {k: c[k] for k in ("square", "reason", "working", "printed")}


def test_intersection_examples_from_the_page(client):
    # Rank of a1 with the anti-diagonal of a2 meet at b1; the page's routine says -1.
    body = client.get("/api/intersection?a=a1&b=a2&line_a=rank&line_b=anti_diagonal").json
    assert body["square"] == "b1"
    assert body["printed"] == {**body["printed"], "value": -1, "correct": False}
    # Diagonal of a1 and anti-diagonal of b1 (different colours): no square.
    body = client.get("/api/intersection?a=a1&b=b1&line_a=diagonal&line_b=anti_diagonal").json
    assert (body["square"], body["reason"]) == (None, "different_colors")
    assert body["working"]["value"] & 1 == 1 and body["working"]["test_mask"] == 0x111


# ---------------------------------------------------------------- /api/routines

def c_intersect(s88, shift=31):
    s88 = ctypes.c_int32(s88).value
    return ctypes.c_int32((((s88 >> 1) & 56) + (s88 & 7)) | (ctypes.c_int32(-(s88 & 0x88)).value >> shift)).value


def truth_intersection(a, b, line_a, line_b):
    common = walk(a, line_a) & walk(b, line_b)
    return common.pop() if common else -1


INDEPENDENT = {
    "squaresOnSameDiagonal (& 7)": lambda a, b: int(c_same_diagonal_and7(a, b)) == int(b in walk(a, "diagonal")),
    "squaresOnSameDiagonal (% 9)": lambda a, b: int(c_same_diagonal_mod9(a, b)) == int(b in walk(a, "diagonal")),
    "intersectRankDia": lambda a, b: c_intersect(17 * (a >> 3) - (b >> 3) + (b & 7)) == truth_intersection(a, b, "rank", "diagonal"),
    "intersectFileDia": lambda a, b: c_intersect(17 * (a & 7) + 2 * (b & 56) - 16 * (b & 7)) == truth_intersection(a, b, "file", "diagonal"),
    "intersectRankAnt": lambda a, b: c_intersect(17 * (a >> 3) - (b >> 3) + (b & 7)) == truth_intersection(a, b, "rank", "anti_diagonal"),
    "intersectFileAnt": lambda a, b: c_intersect(2 * (b & 56) + 16 * (b & 7) - 15 * (a & 7)) == truth_intersection(a, b, "file", "anti_diagonal"),
    "off-board sentinel as printed in the prose": lambda a, b: c_intersect(17 * (a & 7) + 2 * (b & 56) - 16 * (b & 7), 3) == truth_intersection(a, b, "file", "diagonal"),
    "x88diff": lambda a, b: b - a + (b | 7) - (a | 7) + 120 == 16 * (rf(b)[0] - rf(a)[0]) + rf(b)[1] - rf(a)[1] + 120,
    "sameColor": lambda a, b: (((9 * (a ^ b)) & 8) == 0) == (colour(a) == colour(b)),
}


def test_routines_audit_counts_are_recomputed_independently(client):
    report = {r["name"]: r for r in client.get("/api/routines").json["routines"]}
    for name, ok in INDEPENDENT.items():
        wrong = [(a, b) for a, b in PAIRS if not ok(a, b)]
        assert report[name]["checked"] == 4096
        assert report[name]["wrong"] == len(wrong), name
        assert [e["input"] for e in report[name]["examples"]] == [[SQUARE_NAMES[a], SQUARE_NAMES[b]] for a, b in wrong[:10]]
    for r in report.values():
        assert r["checked"] in (64, 4096)
        assert len(r["examples"]) == min(10, r["wrong"])
        assert r["page"] in ("Diagonals", "Color of a Square", "Intersection Squares", "Direction")
    # The faults the audit finds, measured: both same-diagonal tests, the rank/anti-diagonal
    # routine (printed as a copy of rank/diagonal) and the prose's sizeof(int)-1 shift.
    faulty = {name for name, r in report.items() if r["wrong"]}
    assert faulty == {"squaresOnSameDiagonal (& 7)", "squaresOnSameDiagonal (% 9)", "intersectRankAnt",
                      "off-board sentinel as printed in the prose", "Rank and Anti-Diagonal (0x88 Math prose)",
                      "Diagonal and Anti-Diagonal (0x88 Math prose)"}
    # h1/a3 differ by 9 but wrap around the board edge: the famous "% 9" false positive.
    assert report["squaresOnSameDiagonal (% 9)"]["wrong"] > 0
    h1a3 = client.get("/api/same-line?a=h1&b=a3").json
    assert h1a3["diagonal"] is False
    assert {r["name"]: r["value"] for r in h1a3["routines"]}["squaresOnSameDiagonal (% 9)"] == 1


def test_every_colour_formula_is_audited_over_all_squares(client):
    report = {r["name"]: r for r in client.get("/api/routines").json["routines"]}
    methods = client.get("/api/color?sq=a1&other=h8").json
    for m in methods["methods"]:
        assert report[m["name"]]["checked"] == 64
    for m in methods["same_color_methods"]:
        assert report[m["name"]]["checked"] == 4096


# ---------------------------------------------------------------- bad input

ENDPOINTS = {
    "/api/square": {"sq": "e4"},
    "/api/color": {"sq": "e4"},
    "/api/same-line": {"a": "e4", "b": "h7"},
    "/api/direction": {"from": "e4", "to": "g5"},
    "/api/intersection": {"a": "e4", "b": "c7", "line_a": "rank", "line_b": "diagonal"},
    "/api/intersections": {"a": "e4", "b": "c7"},
    "/api/directions/table": {"kind": "degrees"},
}
BAD_SQUARES = ["i9", "64", "-1", "a0", "e44", "9" * 3000, "0x1c", "%00", "e4%00"]


def query(params):
    return "&".join(f"{k}={v}" for k, v in params.items())


@pytest.mark.parametrize("path", list(ENDPOINTS))
def test_bad_input_every_parameter(client, path):
    good = ENDPOINTS[path]
    assert client.get(f"{path}?{query(good)}").status_code == 200
    for name in good:
        for bad, code in [(None, "missing_parameter"), ("", "missing_parameter")]:
            params = {k: v for k, v in good.items() if k != name}
            if bad is not None:
                params[name] = bad
            response = client.get(f"{path}?{query(params)}")
            assert response.status_code == 400 and response.json["error"] == {**response.json["error"], "code": code, "param": name}
        response = client.get(f"{path}?{query(good)}&{name}={good[name]}")
        assert response.status_code == 400 and response.json["error"]["param"] == name
        values = BAD_SQUARES if name in ("sq", "a", "b", "from", "to") else ["RANK", "x", "diagonals", "9" * 3000]
        for bad in values:
            response = client.get(f"{path}?{query({**good, name: bad})}")
            assert response.status_code == 400, (path, name, bad)
            body = response.json["error"]
            assert body["param"] == name and body["code"] in ("invalid_square", "invalid_parameter")
            assert len(body["message"]) < 300
    assert client.post(f"{path}?{query(good)}").status_code == 405


def test_optional_other_square_is_validated(client):
    response = client.get("/api/color?sq=e4&other=z9")
    assert response.status_code == 400 and response.json["error"]["param"] == "other"
    assert "same_color" not in client.get("/api/color?sq=e4&other=").json


def test_same_line_kind_is_refused(client):
    for kind in KINDS:
        response = client.get(f"/api/intersection?a=e4&b=c7&line_a={kind}&line_b={kind}")
        assert response.status_code == 400
        assert response.json["error"]["code"] == "same_line_kind" and response.json["error"]["param"] == "line_b"


def test_intersection_single_endpoint_every_pair(client):
    """/api/intersection itself on all 4096 pairs, the 12 line-kind pairs taken in turn."""
    combos = [(x, y) for x in KINDS for y in KINDS if x != y]
    for i, (a, b) in enumerate(PAIRS):
        line_a, line_b = combos[i % 12]
        body = client.get(f"/api/intersection?a={SQUARE_NAMES[a]}&b={SQUARE_NAMES[b]}&line_a={line_a}&line_b={line_b}").json
        common = walk(a, line_a) & walk(b, line_b)
        assert body["square"] == (SQUARE_NAMES[common.pop()] if common else None), (SQUARE_NAMES[a], SQUARE_NAMES[b], line_a, line_b)
