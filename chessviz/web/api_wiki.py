"""Wiki endpoints: the Chessprogramming-wiki pages (Diagonals, Color of a Square,
Direction, Intersection Squares) and the audit of the routines they print."""

from __future__ import annotations

from ..audit import ROUTINES, audit, color_working, evaluate, knight_distance
from ..compass import TABLE_KINDS, direction, table
from ..errors import ChessvizError
from ..lines import (
    PAIRS, anti_diagonal_index, anti_diagonal_length, diagonal_index, diagonal_length,
    intersection_reason, intersection_square, is_dark, same_line, x88_working,
)
from ..squares import LINE_KINDS, MAPPINGS, bit_of, format_bitboard, line_mask, square_file, square_name, square_rank, x88
from . import params as P
from .api import endpoint


@endpoint(
    "/square",
    [P.square("sq", "The square to describe."), P.MAPPING],
    "Describe one square",
    "Name, LERF index, rank, file, 0x88 coordinate, colour, diagonal and anti-diagonal "
    "indices and lengths, and the masks of the four lines through it.",
)
def square(sq: int, mapping: str) -> dict:
    rank, file = square_rank(sq), square_file(sq)
    diagonal = diagonal_index(sq)
    return {
        "name": square_name(sq),
        "index": sq,
        "rank": rank,
        "file": file,
        "x88": x88(sq),
        "bits": {m: bit_of(sq, m) for m in MAPPINGS},
        "color": "dark" if is_dark(sq) else "light",
        "diagonal": {
            "index": diagonal,
            "index_plus7": diagonal + 7,
            "index_and15": diagonal & 15,
            "length": diagonal_length(sq),
        },
        "anti_diagonal": {"index": anti_diagonal_index(sq), "length": anti_diagonal_length(sq)},
        "masks": {kind: format_bitboard(line_mask(sq, kind, mapping)) for kind in LINE_KINDS},
    }


COLOR_METHODS = [r.name for r in ROUTINES if r.page == "Color of a Square" and r.arity == 1]
SAME_COLOR_METHODS = [r.name for r in ROUTINES if r.page == "Color of a Square" and r.arity == 2]
SAME_DIAGONAL_ROUTINES = [r.name for r in ROUTINES if r.name.startswith("squaresOnSameDiagonal")]


@endpoint(
    "/color",
    [P.square("sq", "The square."), P.square("other", "A second square, for same/different colour.", required=False, example="d5")],
    "Colour of a square, by every formula of the wiki page",
    "Each formula the Color of a Square page prints, evaluated as printed (C semantics; "
    "32-bit shifts take the count modulo 32), with its value and whether it agrees. "
    "With `other`: same_color and the page's differentColor/sameColor formulas and the "
    "knight-distance parity.",
)
def color(sq: int, other: int | None) -> dict:
    body = {
        "square": square_name(sq),
        "color": "dark" if is_dark(sq) else "light",
        "methods": [_method(name, sq) for name in COLOR_METHODS],
        "working": color_working(sq),
    }
    if other is not None:
        body["other"] = square_name(other)
        body["other_color"] = "dark" if is_dark(other) else "light"
        body["same_color"] = is_dark(sq) == is_dark(other)
        body["knight_distance"] = knight_distance(sq, other)
        body["same_color_methods"] = [_method(name, sq, other) for name in SAME_COLOR_METHODS]
    return body


def _method(name: str, *args: int) -> dict:
    result = evaluate(name, *args)
    return {
        "name": result["name"],
        "formula": result["formula"],
        "value": result["value"],
        "means": result["means"],
        "agrees": result["correct"],
    }


@endpoint(
    "/same-line",
    [P.square("a", "First square.", example="e4"), P.square("b", "Second square.", example="h7")],
    "Are two squares on one rank, file, diagonal or anti-diagonal?",
    "The true geometry, and each 'two squares on a diagonal' routine of the Diagonals page "
    "evaluated exactly as printed (C integer semantics) on (a, b).",
)
def same_line_view(a: int, b: int) -> dict:
    return {
        "a": square_name(a),
        "b": square_name(b),
        **same_line(a, b),
        "routines": [
            {k: v for k, v in evaluate(name, a, b).items() if k in ("name", "formula", "value", "means", "correct")}
            for name in SAME_DIAGONAL_ROUTINES
        ],
    }


@endpoint(
    "/direction",
    [P.square("from", "From this square.", arg="from_"), P.square("to", "To this square.", example="g5")],
    "Direction from one square to another",
    "Ray and knight direction (any distance along it), bearing in degrees as in the "
    "Direction page's table, begrees (0..143), the 0x88 difference and its 240-entry index.",
)
def direction_view(from_: int, to: int) -> dict:
    return {"from": square_name(from_), "to": square_name(to), **direction(from_, to)}


@endpoint(
    "/directions/table",
    [P.choice("kind", TABLE_KINDS, "Which sheet of the Direction page.", example="degrees")],
    "One of the Direction page's 15x15 tables",
    "rows[0] is rank difference +7, rows[14] is -7; cells run from file difference -7 to +7. "
    "null where the page leaves a cell blank (its direction occurs on a farther square) and at the centre.",
)
def directions_table(kind: str) -> dict:
    return {"kind": kind, "rank_diffs": list(range(7, -8, -1)), "file_diffs": list(range(-7, 8)), "rows": table(kind)}


def _intersection(a: int, b: int, line_a: str, line_b: str) -> dict:
    square = intersection_square(a, b, line_a, line_b)
    return {
        "square": square_name(square) if square is not None else None,
        "reason": intersection_reason(a, b, line_a, line_b),
        "working": x88_working(a, b, line_a, line_b),
        "printed": _printed_intersection(a, b, line_a, line_b),
    }


# The page prints one routine per unordered pair; the other order swaps the arguments.
_PRINTED = {
    ("file", "rank"): ("rank and file (s1)", False), ("rank", "file"): ("rank and file (s2)", False),
    ("rank", "diagonal"): ("intersectRankDia", False), ("diagonal", "rank"): ("intersectRankDia", True),
    ("file", "diagonal"): ("intersectFileDia", False), ("diagonal", "file"): ("intersectFileDia", True),
    ("rank", "anti_diagonal"): ("intersectRankAnt", False), ("anti_diagonal", "rank"): ("intersectRankAnt", True),
    ("file", "anti_diagonal"): ("intersectFileAnt", False), ("anti_diagonal", "file"): ("intersectFileAnt", True),
    ("diagonal", "anti_diagonal"): ("intersectDiaAnt", False), ("anti_diagonal", "diagonal"): ("intersectDiaAnt", True),
}


def _printed_intersection(a: int, b: int, line_a: str, line_b: str) -> dict:
    name, swapped = _PRINTED[(line_a, line_b)]
    args = (b, a) if swapped else (a, b)
    result = evaluate(name, *args)
    return {
        "routine": name,
        "call": f"{name.split(' ')[0]}({square_name(args[0])}, {square_name(args[1])})",
        "formula": result["formula"],
        "value": result["value"],
        "square": square_name(result["value"]) if 0 <= result["value"] < 64 else None,
        "correct": result["correct"],
    }


@endpoint(
    "/intersection",
    [
        P.square("a", "The square whose line_a is taken.", example="e4"),
        P.square("b", "The square whose line_b is taken.", example="c7"),
        P.line("line_a", "The line kind through a."),
        P.line("line_b", "The line kind through b (different from line_a)."),
    ],
    "Where the line_a through a meets the line_b through b",
    "The intersection square (or null, with the reason off_board or different_colors), "
    "the Intersection Squares page's 0x88 working (corrected for rank/anti-diagonal), "
    "and what the page's printed routine returns for the same input.",
)
def intersection(a: int, b: int, line_a: str, line_b: str) -> dict:
    if line_a == line_b:
        raise ChessvizError("same_line_kind", f"line_a and line_b must differ, both are {line_a!r}", "line_b")
    return {"a": square_name(a), "b": square_name(b), "line_a": line_a, "line_b": line_b, **_intersection(a, b, line_a, line_b)}


@endpoint(
    "/intersections",
    [P.square("a", "First square.", example="e4"), P.square("b", "Second square.", example="c7")],
    "All 12 ordered pairs of line kinds at once",
    "Each as /api/intersection returns it, with its line_a and line_b.",
)
def intersections(a: int, b: int) -> dict:
    return {
        "a": square_name(a),
        "b": square_name(b),
        "combinations": [{"line_a": x, "line_b": y, **_intersection(a, b, x, y)} for x, y in PAIRS],
    }


@endpoint(
    "/routines",
    [],
    "The audit of every routine the wiki pages print",
    "Each routine evaluated exactly as printed on all its inputs (64 squares or 4096 "
    "ordered pairs) against the truth: how many it gets wrong, and up to 10 examples.",
)
def routines() -> dict:
    return {"routines": list(audit())}


@endpoint(
    "/squares",
    [P.MAPPING],
    "All 64 squares at once",
    "The /api/square body of every square, a1 first (LERF order): one request for a board's overlays.",
)
def squares(mapping: str) -> dict:
    return {"mapping": mapping, "squares": [square(sq, mapping) for sq in range(64)]}
