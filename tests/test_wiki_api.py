"""The wiki endpoints on all 64 squares and all 4096 ordered pairs, each answer held to two
independent oracles at once: the board walked square by square, and python-chess (BB_RANKS,
BB_FILES, BB_RAYS, square_distance, square_knight_distance, BB_DARK_SQUARES); the tables the
pages print; the printed routines transcribed again with C semantics (tests/oracle.py); and
bad input on every parameter."""

import math
import re

import chess
import pytest

from oracle import (
    COMBOS,
    KINDS,
    NAMES,
    PAGE_ROUTINE_OF_PAIR,
    PAIRS,
    PRINTED_ROUTINES,
    chess_line,
    colour,
    diagonal_tables,
    direction_sheets,
    expected_call,
    is_dark,
    meet,
    rf,
    same_diagonal_and7,
    same_diagonal_mod9,
    shown_examples,
    tail,
    unit,
    walk,
    walked_mask,
)  # fmt: skip
from sweeps import EVERY_PART, pairs_of


def get(client, url):
    response = client.get(url)
    assert response.status_code == 200, (url, response.get_data(as_text=True))
    return response.json


# ---------------------------------------------------------------- /api/square


@pytest.mark.parametrize("sq", range(64), ids=NAMES)
def test_square(client, sq):
    body = get(client, f"/api/square?sq={NAMES[sq].upper() if sq % 2 else sq}")
    r, f = rf(sq)
    assert (body["name"], body["index"], body["rank"], body["file"]) == (chess.square_name(sq), sq, r, f)
    assert (body["rank"], body["file"]) == (chess.square_rank(sq), chess.square_file(sq))
    assert body["x88"] == 16 * r + f
    assert body["color"] == colour(sq)
    assert body["diagonal"]["length"] == len(walk(sq, "diagonal")) == chess.popcount(chess_line(sq, "diagonal"))
    assert body["anti_diagonal"]["length"] == len(walk(sq, "anti_diagonal")) == chess.popcount(chess_line(sq, "anti_diagonal"))
    assert body["diagonal"]["index"] == r - f
    assert body["diagonal"]["index_plus7"] == 7 + r - f
    assert body["diagonal"]["index_and15"] == (r - f) % 16
    assert body["anti_diagonal"]["index"] == r + f
    assert body["diagonal"]["parity"] == ("even" if (r - f) % 2 == 0 else "odd")
    # Where a ray from it can end (every queen move on an empty board), and both diagonals through it.
    queen = chess.BaseBoard(None)
    queen.set_piece_at(sq, chess.Piece(chess.QUEEN, chess.WHITE))
    assert int(body["aligned"], 16) == queen.attacks_mask(sq)
    assert int(body["diagonals"], 16) == walked_mask(sq, "diagonal") | walked_mask(sq, "anti_diagonal")
    lerbef_body = get(client, f"/api/square?sq={NAMES[sq]}&mapping=lerbef")
    assert int(lerbef_body["aligned"], 16) == chess.flip_horizontal(queen.attacks_mask(sq))
    lerbef = lerbef_body["masks"]
    for kind in KINDS:
        assert re.fullmatch(r"0x[0-9a-f]{16}", body["masks"][kind])
        assert int(body["masks"][kind], 16) == walked_mask(sq, kind) == chess_line(sq, kind), kind
        assert int(lerbef[kind], 16) == chess.flip_horizontal(chess_line(sq, kind)), kind


def test_diagonal_enumerations_match_the_pages_tables(client):
    """The Diagonals page prints rank - file, 7 + rank - file and (rank - file) & 15 as tables."""
    tables = diagonal_tables()
    for sq in range(64):
        r, f = rf(sq)
        d = get(client, f"/api/square?sq={sq}")["diagonal"]
        assert d["index"] == tables["rank - file"][r][f]
        assert d["index_plus7"] == tables["7 + rank - file"][r][f]
        assert d["index_and15"] == tables["(rank - file) & 15"][r][f]


def test_squares_accept_names_any_case_and_indices(client):
    for given in ("e4", "E4", "28"):
        assert get(client, f"/api/square?sq={given}")["name"] == "e4"
    assert get(client, "/api/square?sq=0")["name"] == "a1" and get(client, "/api/square?sq=63")["name"] == "h8"


# ---------------------------------------------------------------- /api/color


def test_color_every_square(client):
    for sq in range(64):
        body = get(client, f"/api/color?sq={NAMES[sq]}")
        assert body["color"] == colour(sq), NAMES[sq]
        assert "same_color" not in body and "same_color_methods" not in body
        names = [m["name"] for m in body["methods"]]
        assert {
            "lookup constant",
            "32-bit in-register",
            "0x88 in-register",
            "anti-diagonal parity",
            "9*sq+8 trick",
            "isDark",
        } <= set(names)
        for method in body["methods"]:
            assert set(method) == {"name", "formula", "value", "means", "agrees"}
            assert method["value"] == PRINTED_ROUTINES[method["name"]][1](sq), (NAMES[sq], method["name"])
            assert method["agrees"] is (method["value"] == int(is_dark(sq))) is (method["means"] == colour(sq)), (
                NAMES[sq],
                method,
            )


@pytest.mark.parametrize("part", EVERY_PART)
def test_color_every_pair(client, part):
    for a, b in pairs_of(part):
        body = get(client, f"/api/color?sq={a}&other={NAMES[b]}")
        same = is_dark(a) == is_dark(b)
        assert body["same_color"] is same, (a, b)
        assert body["other_color"] == colour(b)
        assert body["knight_distance"] == chess.square_knight_distance(a, b)
        assert body["knight_distance_parity"] == ("even" if same else "odd")  # a knight's move changes the colour
        for method in body["same_color_methods"]:
            assert method["value"] == PRINTED_ROUTINES[method["name"]][1](a, b), (NAMES[a], NAMES[b], method["name"])
            says_same = method["value"] == (0 if method["name"].startswith("differentColor") else 1)
            assert method["agrees"] is (says_same == same), (NAMES[a], NAMES[b], method["name"])


def test_color_lists_every_way_the_page_computes_a_colour(client):
    body = get(client, "/api/color?sq=e4&other=d5")
    formulas = " ".join(m["formula"] for m in body["methods"])
    for printed in ("0xAA55AA55AA55AA55", "0xAA55AA55 >> square", "(square & 31 )", "0x00AA0055",
                    "toggleColor( ((square >> 3) + square) & 1)", "( 9 * square + 8 ) >> 3",
                    "(( 9 * square) & 8) == 0"):  # fmt: skip
        assert printed in formulas, printed
    pair = " ".join(m["formula"] for m in body["same_color_methods"])
    for printed in ("sq1 ^= sq2", "(( 9 * (sq1 ^ sq2)) & 8) != 0", "(( 9 * (sq1 ^ sq2)) & 8) == 0", "knightDistance"):
        assert printed in pair, printed
    # e4 is light, d5 light: the same colour, by every formula.
    assert body["color"] == "light" and body["same_color"] is True
    assert all(m["agrees"] for m in body["methods"] + body["same_color_methods"])


def test_color_formulas_evaluated_as_printed_for_e4(client):
    body = get(client, "/api/color?sq=e4")
    values = {m["name"]: m["value"] for m in body["methods"]}
    e4 = 28
    assert values["lookup constant"] == (0xAA55AA55AA55AA55 >> e4) & 1 == 0
    assert values["9*sq+8 trick"] == ((9 * e4 + 8) >> 3) & 1
    assert body["working"]["nine_sq"] == 252


def test_optional_other_square_is_validated(client):
    response = client.get("/api/color?sq=e4&other=z9")
    assert response.status_code == 400 and response.json["error"]["param"] == "other"
    assert "same_color" not in get(client, "/api/color?sq=e4&other=")


# ---------------------------------------------------------------- /api/same-line


@pytest.mark.parametrize("part", EVERY_PART)
def test_same_line_every_pair(client, part):
    for a, b in pairs_of(part):
        body = get(client, f"/api/same-line?a={NAMES[a]}&b={b}")
        truth = {kind: b in walk(a, kind) for kind in KINDS}
        assert {kind: body[kind] for kind in KINDS} == truth, (NAMES[a], NAMES[b])
        for kind in KINDS:
            assert body[kind] is bool(chess_line(a, kind) & chess.BB_SQUARES[b]), (NAMES[a], NAMES[b], kind)
        assert (chess.BB_RAYS[a][b] != 0 or a == b) == any(truth.values())
        assert [r["name"] for r in body["routines"]] == ["squaresOnSameDiagonal (& 7)", "squaresOnSameDiagonal (% 9)"]
        for routine, printed in zip(body["routines"], (same_diagonal_and7, same_diagonal_mod9), strict=True):
            assert routine["value"] == printed(a, b)
            assert routine["correct"] is (bool(printed(a, b)) == truth["diagonal"])


# ---------------------------------------------------------------- /api/direction and the tables


@pytest.mark.parametrize("kind", ["degrees", "begrees", "begrees_filled"])
def test_direction_tables_reproduce_the_page_cell_for_cell(client, kind):
    body = get(client, f"/api/directions/table?kind={kind}")
    assert body["kind"] == kind
    assert body["rank_diffs"] == list(range(7, -8, -1)) and body["file_diffs"] == list(range(-7, 8))
    printed, ours = direction_sheets()[kind], body["rows"]
    assert len(ours) == 15 and all(len(row) == 15 for row in ours)
    for i, (row, page_row) in enumerate(zip(ours, printed, strict=True)):
        assert [c for c in row if c is not None] == page_row, f"row for rank difference {7 - i}"
    assert ours[7][7] is None
    assert sum(c is not None for row in ours for c in row) == (224 if kind == "begrees_filled" else 144)
    if kind == "begrees_filled":
        # The filled sheet is complete, so position is known: compare every cell in place.
        assert ours == [page_row[:7] + [None] + page_row[7:] if i == 7 else page_row for i, page_row in enumerate(printed)]
    else:
        assert sum(len(row) for row in printed) == 144
        assert len({c for row in ours for c in row if c is not None}) == 144  # "so each angle given is distinct"


@pytest.mark.parametrize("kind", ["degrees", "begrees", "begrees_filled"])
def test_direction_tables_mark_the_move_directions_the_page_prints_in_bold(client, kind):
    # Independently: a cell is a move direction when whole ray steps or whole knight jumps from
    # the centre land on it (a step repeated 1 to 7 times, within the 15x15 sheet).
    steps = [(dr, df) for dr in (-1, 0, 1) for df in (-1, 0, 1) if (dr, df) != (0, 0)]
    steps += [(dr, df) for dr in (-2, -1, 1, 2) for df in (-2, -1, 1, 2) if abs(dr) != abs(df)]
    assert len(steps) == 16
    reached = {(k * dr, k * df) for dr, df in steps for k in range(1, 8) if max(abs(k * dr), abs(k * df)) <= 7}
    body = get(client, f"/api/directions/table?kind={kind}")
    rows, bold = body["rows"], body["move_directions"]
    assert len(bold) == 15 and all(len(row) == 15 for row in bold)
    expected = [
        [rows[i][j] is not None and (dr, df) in reached for j, df in enumerate(body["file_diffs"])]
        for i, dr in enumerate(body["rank_diffs"])
    ]
    assert bold == expected
    values = sorted(rows[i][j] for i in range(15) for j in range(15) if bold[i][j])
    if kind == "degrees":
        # The 8 rays every 45 degrees; the knight's at atan(1/2) = 26.57 degrees from each axis.
        assert values == sorted([45 * k for k in range(8)] + [27, 63, 117, 153, 207, 243, 297, 333])
    elif kind == "begrees":
        # "only the 16 angels with modulo 9 equals zero are actually covered by move directions (bold)"
        assert values == list(range(0, 144, 9))
        assert all((rows[i][j] % 9 == 0) == bold[i][j] for i in range(15) for j in range(15) if rows[i][j] is not None)
    else:
        # Filled: every cell along the 16 directions (7 on each ray, 3 on each knight line), and only those.
        assert len(values) == 8 * 7 + 8 * 3
        assert all((rows[i][j] % 9 == 0) == bold[i][j] for i in range(15) for j in range(15) if rows[i][j] is not None)


RAYS = {(1, 0): ("north", 8), (1, 1): ("north_east", 9), (0, 1): ("east", 1), (-1, 1): ("south_east", -7),
        (-1, 0): ("south", -8), (-1, -1): ("south_west", -9), (0, -1): ("west", -1), (1, -1): ("north_west", 7)}  # fmt: skip
KNIGHTS = {(2, 1): ("north_north_east", 17), (1, 2): ("north_east_east", 10), (-1, 2): ("south_east_east", -6),
           (-2, 1): ("south_south_east", -15), (-2, -1): ("south_south_west", -17), (-1, -2): ("south_west_west", -10),
           (1, -2): ("north_west_west", 6), (2, -1): ("north_north_west", 15)}  # fmt: skip


@pytest.mark.parametrize("part", EVERY_PART)
def test_direction_every_pair(client, part):
    printed = direction_sheets()["begrees_filled"]
    filled = [row[:7] + [None] + row[7:] if i == 7 else row for i, row in enumerate(printed)]
    degrees_sheet = get(client, "/api/directions/table?kind=degrees")["rows"]
    for a, b in pairs_of(part):
        body = get(client, f"/api/direction?from={NAMES[a]}&to={b}")
        where = (NAMES[a], NAMES[b])
        (ra, fa), (rb, fb) = rf(a), rf(b)
        dr, df = rb - ra, fb - fa
        assert (body["from"], body["to"], body["rank_diff"], body["file_diff"]) == (NAMES[a], NAMES[b], dr, df)
        assert body["x88_diff"] == (16 * rb + fb) - (16 * ra + fa)
        assert body["lookup_index"] == body["x88_diff"] + 120 and 0 <= body["lookup_index"] < 240
        if a == b:
            assert [body[k] for k in ("ray", "ray_step", "knight", "knight_step", "knight_jumps", "degrees", "begrees")] == [
                None
            ] * 7
            continue
        # Ray: walk from a one step at a time in each direction and see whether b comes.
        walked = None
        for (sr, sf), (name, step) in RAYS.items():
            r, f = ra, fa
            while 0 <= r + sr < 8 and 0 <= f + sf < 8:
                r, f = r + sr, f + sf
                if 8 * r + f == b:
                    walked = (name, step)
        assert (body["ray"], body["ray_step"]) == (walked or (None, None)), where
        assert (body["ray"] is not None) == bool(chess.BB_RAYS[a][b]), where
        if walked:
            # python-chess: b - a is square_distance steps along the ray, each on the line.
            assert b - a == walked[1] * chess.square_distance(a, b) == walked[1] * max(abs(dr), abs(df))
            assert all(chess.BB_RAYS[a][b] & chess.BB_SQUARES[a + walked[1] * k] for k in range(chess.square_distance(a, b) + 1))
        knight = KNIGHTS.get(unit(dr, df))
        assert (body["knight"], body["knight_step"]) == (knight or (None, None)), where
        if knight:
            assert body["knight_jumps"] == math.gcd(dr, df) and b - a == body["knight_jumps"] * knight[1], where
            if body["knight_jumps"] == 1:
                assert chess.square_knight_distance(a, b) == 1
        else:
            assert body["knight_jumps"] is None and chess.square_knight_distance(a, b) != 1, where
        assert body["degrees"] == round(math.degrees(math.atan2(df, dr))) % 360, where
        # Begrees: the page's filled sheet, row rank difference +7 at the top.
        assert body["begrees"] == filled[7 - dr][df + 7], where
        # Degrees: the page's sheet holds the farthest square of each exact direction.
        (ur, uf), k = unit(dr, df), 1
        while max(abs(ur * (k + 1)), abs(uf * (k + 1))) <= 7:
            k += 1
        assert body["degrees"] == degrees_sheet[7 - ur * k][uf * k + 7], where
        cell = degrees_sheet[7 - dr][7 + df]
        assert cell is None or cell == body["degrees"], where


def test_from_is_the_parameter_name_not_from_(client):
    response = client.get("/api/direction?from_=e4&to=g5")
    assert response.status_code == 400 and response.json["error"]["param"] == "from"
    assert get(client, "/api/direction?from=e4&to=g5")["knight"] == "north_east_east"


# ---------------------------------------------------------------- /api/intersection(s)


# All 4096 pairs of /api/intersections are checked in test_derivation.py, where each answer is
# asked once for its squares, reasons, printed routines and derivations (the derivations are
# most of its cost).


@pytest.mark.parametrize("line_a, line_b", COMBOS)
def test_the_call_of_every_ordered_pair_is_the_routine_the_page_prints(client, line_a, line_b):
    """e4 and c7: the call names the page's routine (s1, s2 or intersect...) with its arguments in the
    page's order; its formula is that routine's; its value is what the routine returns for those arguments."""
    body = get(client, f"/api/intersection?a=e4&b=c7&line_a={line_a}&line_b={line_b}")
    printed_as, routine, swapped = PAGE_ROUTINE_OF_PAIR[(line_a, line_b)]
    assert body["printed"]["call"] == f"{printed_as}({'c7, e4' if swapped else 'e4, c7'})"
    assert body["printed"]["routine"] == routine
    if printed_as in ("s1", "s2"):
        assert body["printed"]["formula"].startswith(f"{printed_as} := ")
    args = (50, 28) if swapped else (28, 50)
    assert body["printed"]["value"] == PRINTED_ROUTINES[routine][1](*args)


def test_the_file_of_e4_and_the_rank_of_c7_is_s1_not_rank(client):
    """The issue's bug: the call was built from a display name, "rank(e4, c7)"."""
    body = get(client, "/api/intersection?a=e4&b=c7&line_a=file&line_b=rank")
    assert body["square"] == "e7" and body["printed"]["formula"] == "s1 := (b & 56) + (a & 7);"
    assert (body["printed"]["call"], body["printed"]["value"], body["printed"]["square"]) == ("s1(e4, c7)", 52, "e7")
    body = get(client, "/api/intersection?a=e4&b=c7&line_a=rank&line_b=file")
    assert (body["printed"]["call"], body["printed"]["square"]) == ("s2(e4, c7)", "c4")


def test_intersection_single_matches_the_collection(client):
    many = get(client, "/api/intersections?a=e4&b=c7")["combinations"]
    for c in many:
        one = get(client, f"/api/intersection?a=e4&b=c7&line_a={c['line_a']}&line_b={c['line_b']}")
        assert {k: one[k] for k in ("a", "b", "line_a", "line_b")} == {
            "a": "e4",
            "b": "c7",
            "line_a": c["line_a"],
            "line_b": c["line_b"],
        }
        assert {k: one[k] for k in ("square", "reason", "working", "printed")} == {
            k: c[k] for k in ("square", "reason", "working", "printed")
        }


@pytest.mark.parametrize("part", EVERY_PART)
def test_intersection_single_endpoint_every_pair(client, part):
    """/api/intersection itself on all 4096 pairs, the 12 line-kind pairs taken in turn (by the
    pair's place among the 4096, whichever part it falls in)."""
    for a, b in pairs_of(part):
        line_a, line_b = COMBOS[(64 * a + b) % 12]
        body = get(client, f"/api/intersection?a={NAMES[a]}&b={NAMES[b]}&line_a={line_a}&line_b={line_b}")
        truth = meet(a, b, line_a, line_b)
        assert body["square"] == (NAMES[truth] if truth >= 0 else None), (NAMES[a], NAMES[b], line_a, line_b)
        assert body["printed"]["call"] == expected_call(a, b, line_a, line_b)[1]


def test_intersection_examples_from_the_page(client):
    # Rank of a1 with the anti-diagonal of a2 meet at b1; the page's routine says -1.
    body = get(client, "/api/intersection?a=a1&b=a2&line_a=rank&line_b=anti_diagonal")
    assert body["square"] == "b1"
    assert body["printed"] == {**body["printed"], "value": -1, "correct": False}
    # Diagonal of a1 and anti-diagonal of b1 (different colours): no square.
    body = get(client, "/api/intersection?a=a1&b=b1&line_a=diagonal&line_b=anti_diagonal")
    assert (body["square"], body["reason"]) == (None, "different_colors")
    assert body["working"]["value"] & 1 == 1 and body["working"]["test_mask"] == 0x111


def test_intersection_vice_versa_calls_the_page_routine_with_swapped_arguments(client):
    body = get(client, "/api/intersection?a=c7&b=e4&line_a=diagonal&line_b=rank")
    assert body["printed"]["routine"] == "intersectRankDia" and body["printed"]["call"] == "intersectRankDia(e4, c7)"
    assert body["square"] is None and body["reason"] == "off_board"
    body = get(client, "/api/intersection?a=a2&b=a1&line_a=anti_diagonal&line_b=rank")
    assert body["square"] == "b1"
    assert (body["printed"]["call"], body["printed"]["value"], body["printed"]["correct"]) == (
        "intersectRankAnt(a1, a2)",
        -1,
        False,
    )
    assert body["working"]["formula"] == "s88 = 15*rank(b) + rank(a) + file(a)"
    assert body["working"]["value"] == 16 * 0 + 1 and body["working"]["square"] == "b1"


def test_line_kinds_must_differ(client):
    for kind in KINDS:
        response = client.get(f"/api/intersection?a=e4&b=c7&line_a={kind}&line_b={kind}")
        assert response.status_code == 400
        assert response.json["error"]["code"] == "same_line_kind" and response.json["error"]["param"] == "line_b"


# ---------------------------------------------------------------- /api/routines


INDEPENDENT = ("squaresOnSameDiagonal (& 7)", "squaresOnSameDiagonal (% 9)", "intersectRankDia", "intersectFileDia",
               "intersectRankAnt", "intersectFileAnt", "off-board sentinel as printed in the prose", "x88diff",
               "sameColor")  # fmt: skip


def test_routines_audit_counts_are_recomputed_independently(client):
    report = {r["name"]: r for r in get(client, "/api/routines")["routines"]}
    for name in INDEPENDENT:
        _, printed, truth = PRINTED_ROUTINES[name]
        wrong = [(a, b) for a, b in PAIRS if printed(a, b) != truth(a, b)]
        assert report[name]["checked"] == 4096
        assert report[name]["wrong"] == len(wrong), name
        two_valued = {truth(a, b) for a, b in PAIRS} <= {0, 1}
        shown = shown_examples([((a, b), printed(a, b), truth(a, b)) for a, b in wrong], two_valued)
        assert [e["input"] for e in report[name]["examples"]] == [[NAMES[a], NAMES[b]] for (a, b), _, _ in shown], name
    for r in report.values():
        assert r["checked"] in (64, 4096)
        assert len(r["examples"]) == min(10, r["wrong"])
        assert r["page"] in ("Diagonals", "Color of a Square", "Intersection Squares", "Direction")
    # h1/a3 differ by 9 but wrap around the board edge: the famous "% 9" false positive.
    h1a3 = get(client, "/api/same-line?a=h1&b=a3")
    assert h1a3["diagonal"] is False
    assert {r["name"]: r["value"] for r in h1a3["routines"]}["squaresOnSameDiagonal (% 9)"] == 1
    assert tail(-16, 3) == -8  # the prose's sizeof(int)-1 sentinel, on the file of a1 and the diagonal of b1


def test_every_colour_formula_is_audited_over_all_squares(client):
    report = {r["name"]: r for r in get(client, "/api/routines")["routines"]}
    methods = get(client, "/api/color?sq=a1&other=h8")
    for m in methods["methods"]:
        assert report[m["name"]]["checked"] == 64
    for m in methods["same_color_methods"]:
        assert report[m["name"]]["checked"] == 4096


# ---------------------------------------------------------------- bad input

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
BAD_SQUARES = [
    "i9",
    "64",
    "-1",
    "a0",
    "h0",
    "e",
    "4e",
    "e44",
    "e4e4",
    "100",
    "0x1c",
    "%00",
    "%FF",
    "%D9%A3",
    "e4%00",
    "9" * 3000,
    "a" * 5000,
]
BAD_CHOICES = ["x", "LERF", "Rank", "RANK", "anti-diagonal", "diagonals", "degrees ", "%00", "9" * 3000, "z" * 5000]


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
                assert response.json["error"] == {**response.json["error"], "code": "missing_parameter", "param": name}
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


def test_direction_words_carry_the_wikis_rose_names(client):
    """The Direction page's rose (Move Directions): names and single-step increments."""
    wiki = {
        8: "nort",
        9: "noEa",
        1: "east",
        -7: "soEa",
        -8: "sout",
        -9: "soWe",
        -1: "west",
        7: "noWe",
        15: "noNoWe",
        17: "noNoEa",
        6: "noWeWe",
        10: "noEaEa",
        -10: "soWeWe",
        -6: "soEaEa",
        -17: "soSoWe",
        -15: "soSoEa",
    }
    rose = client.get("/api/rose?sq=e4").json["rose"]
    assert len(rose) == 16
    for r in rose:
        assert r["wiki"] == wiki[r["step"]]
        assert "_" not in r["words"] and r["words"].startswith(r["direction"].replace("_", "-"))
    body = client.get("/api/direction?from=e4&to=g5").json
    assert body["knight_words"] == "north-east-east (noEaEa)" and body["ray_words"] is None
    assert client.get("/api/direction?from=e4&to=e8").json["ray_words"] == "north (nort)"
    assert client.get("/api/direction?from=e4&to=h4").json["ray_words"] == "east"
