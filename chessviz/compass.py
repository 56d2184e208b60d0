"""Directions between squares: compass and knight roses, degrees, begrees, 0x88 differences.

See https://www.chessprogramming.org/Direction
"""

from __future__ import annotations

import math
from functools import cache

from .errors import one_of
from .squares import Square, square_file, square_rank

# (name, step in LERF indices, (rank delta, file delta)), clockwise from north.
RAY_DIRECTIONS = [
    ("north", 8, (1, 0)),
    ("north_east", 9, (1, 1)),
    ("east", 1, (0, 1)),
    ("south_east", -7, (-1, 1)),
    ("south", -8, (-1, 0)),
    ("south_west", -9, (-1, -1)),
    ("west", -1, (0, -1)),
    ("north_west", 7, (1, -1)),
]
KNIGHT_DIRECTIONS = [
    ("north_north_east", 17, (2, 1)),
    ("north_east_east", 10, (1, 2)),
    ("south_east_east", -6, (-1, 2)),
    ("south_south_east", -15, (-2, 1)),
    ("south_south_west", -17, (-2, -1)),
    ("south_west_west", -10, (-1, -2)),
    ("north_west_west", 6, (1, -2)),
    ("north_north_west", 15, (2, -1)),
]
# The Direction page's compass-rose names (nort, noEa, ..., noNoEa, ...), the API's names beside them.
WIKI_NAMES = {
    "north": "nort",
    "north_east": "noEa",
    "east": "east",
    "south_east": "soEa",
    "south": "sout",
    "south_west": "soWe",
    "west": "west",
    "north_west": "noWe",
    "north_north_east": "noNoEa",
    "north_east_east": "noEaEa",
    "south_east_east": "soEaEa",
    "south_south_east": "soSoEa",
    "south_south_west": "soSoWe",
    "south_west_west": "soWeWe",
    "north_west_west": "noWeWe",
    "north_north_west": "noNoWe",
}


def words(name: str | None) -> str | None:
    """Return a direction as a student reads it, e.g. north_east_east -> "north-east-east (noEaEa)"."""
    if name is None:
        return None
    wiki = WIKI_NAMES[name]
    spoken = name.replace("_", "-")
    return spoken if wiki == spoken else f"{spoken} ({wiki})"


TABLE_KINDS = ("degrees", "begrees", "begrees_filled")
SPAN = range(-7, 8)


def degrees_of(rank_diff: int, file_diff: int) -> int | None:
    """Return the bearing in whole degrees, clockwise from north: (1, 1) -> 45, (0, -1) -> 270.

    The arctangent of file over rank distance, rounded half up (no bearing between two
    squares is ever exactly half a degree, so the rounding rule never matters).
    """
    if rank_diff == 0 and file_diff == 0:
        return None
    return math.floor(math.degrees(math.atan2(file_diff, rank_diff)) + 0.5) % 360


@cache
def distinct_degrees() -> tuple[int, ...]:
    """Return the 144 distinct bearings between squares, sorted: the begrees' circle."""
    return tuple(sorted({degrees_of(r, f) for r in SPAN for f in SPAN if (r, f) != (0, 0)}))


def begrees_of(rank_diff: int, file_diff: int) -> int | None:
    """Return the "board degree" 0..143: the rank of the bearing among all distinct ones."""
    degrees = degrees_of(rank_diff, file_diff)
    return None if degrees is None else distinct_degrees().index(degrees)


def is_farthest(rank_diff: int, file_diff: int) -> bool:
    """Return True when no farther square of the 15x15 sheet has the same exact direction."""
    g = math.gcd(rank_diff, file_diff)
    step_r, step_f = rank_diff // g, file_diff // g
    return max(abs(rank_diff + step_r), abs(file_diff + step_f)) > 7


MOVE_UNITS = frozenset(d[2] for d in RAY_DIRECTIONS + KNIGHT_DIRECTIONS)


def is_move_direction(rank_diff: int, file_diff: int) -> bool:
    """Return True when a ray step or a knight jump points the same way: (3, 6) -> True (noEaEa), (1, 3) -> False.

    The Direction page prints these 16 directions in bold on its sheets.
    """
    if (rank_diff, file_diff) == (0, 0):
        return False
    g = math.gcd(rank_diff, file_diff)
    return (rank_diff // g, file_diff // g) in MOVE_UNITS


def direction(a: Square, b: Square) -> dict:
    """Return the direction from a to b, e.g. e4 -> g5 is the knight's north_east_east."""
    dr = square_rank(b) - square_rank(a)
    df = square_file(b) - square_file(a)
    ray = knight = None
    if (dr, df) != (0, 0):
        g = math.gcd(dr, df)
        unit = (dr // g, df // g)
        ray = next((d for d in RAY_DIRECTIONS if d[2] == unit), None)
        knight = next((d for d in KNIGHT_DIRECTIONS if d[2] == unit), None)
    x88_diff = 16 * dr + df
    return {
        "rank_diff": dr,
        "file_diff": df,
        "ray": ray[0] if ray else None,
        "ray_step": ray[1] if ray else None,
        "knight": knight[0] if knight else None,
        "knight_step": knight[1] if knight else None,
        "knight_jumps": (math.gcd(dr, df) if knight else None),
        "ray_words": words(ray[0] if ray else None),
        "knight_words": words(knight[0] if knight else None),
        "degrees": degrees_of(dr, df),
        "begrees": begrees_of(dr, df),
        "x88_diff": x88_diff,
        "lookup_index": x88_diff + 120,
    }


def table(kind: str) -> list[list[int | None]]:
    """Return one of the Direction page's 15x15 sheets: top row rank diff +7, left column file diff -7.

    ``degrees`` and ``begrees`` leave blank (None) the inner squares whose direction a
    farther square repeats; ``begrees_filled`` fills them. The centre is always None.
    """
    one_of(kind, TABLE_KINDS, "kind", "kind")
    rows = []
    for dr in range(7, -8, -1):
        row = []
        for df in SPAN:
            if (dr, df) == (0, 0) or (kind != "begrees_filled" and not is_farthest(dr, df)):
                row.append(None)
            else:
                row.append(degrees_of(dr, df) if kind == "degrees" else begrees_of(dr, df))
        rows.append(row)
    return rows


def move_cells(kind: str) -> list[list[bool]]:
    """Return, laid out as :func:`table`, True where the sheet prints a move direction (in bold).

    On ``degrees`` and ``begrees`` these are the 16 outermost cells of the eight rays and the
    eight knight directions; on ``begrees_filled`` every cell along them (56 on rays, 24 on
    knight lines).
    """
    return [
        [value is not None and is_move_direction(dr, df) for df, value in zip(SPAN, row, strict=True)]
        for dr, row in zip(range(7, -8, -1), table(kind), strict=True)
    ]


def rose(sq: Square) -> list[dict]:
    """Return the squares one ray step or one knight jump from sq, on the board: e4 -> e5 (north, +8) first.

    Each is {square, kind ("ray" or "knight"), direction, step}: the compass rose clockwise
    from north, then the knight rose clockwise from north-north-east.
    """
    out = []
    for kind, directions in (("ray", RAY_DIRECTIONS), ("knight", KNIGHT_DIRECTIONS)):
        for name, step, (dr, df) in directions:
            rank, file = square_rank(sq) + dr, square_file(sq) + df
            if 0 <= rank < 8 and 0 <= file < 8:
                out.append(
                    {
                        "square": 8 * rank + file,
                        "kind": kind,
                        "direction": name,
                        "words": words(name),
                        "wiki": WIKI_NAMES[name],
                        "step": step,
                    }
                )
    return out


def offsets(sq: Square) -> list[list[Square | None]]:
    """Return the square at every (rank, file) difference from sq, laid out as the 15x15 sheets.

    The top row is rank difference +7, the left column file difference -7, as :func:`table`;
    None where the difference leads off the board: from a1, row 7 - 2, column 7 + 1 is b3.
    """
    return [
        [
            8 * (square_rank(sq) + dr) + square_file(sq) + df
            if 0 <= square_rank(sq) + dr < 8 and 0 <= square_file(sq) + df < 8
            else None
            for df in SPAN
        ]
        for dr in range(7, -8, -1)
    ]
