"""Geometry endpoints: the Chessprogramming-wiki pages (Diagonals, Color of a Square,
Direction, Intersection Squares) and the audit of the routines they print."""

from __future__ import annotations

from ..squares import LINE_KINDS, format_bitboard, line_mask, square_file, square_name, square_rank, x88
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
    diagonal = rank - file
    anti_diagonal = rank + file
    return {
        "name": square_name(sq),
        "index": sq,
        "rank": rank,
        "file": file,
        "x88": x88(sq),
        "color": "dark" if (rank + file) % 2 == 0 else "light",
        "diagonal": {
            "index": diagonal,
            "index_plus7": diagonal + 7,
            "index_and15": diagonal & 15,
            "length": 8 - abs(diagonal),
        },
        "anti_diagonal": {"index": anti_diagonal, "length": 8 - abs(anti_diagonal - 7)},
        "masks": {kind: format_bitboard(line_mask(sq, kind, mapping)) for kind in LINE_KINDS},
    }
