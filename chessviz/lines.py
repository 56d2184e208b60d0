"""Lines through squares: diagonal enumerations, "same line" tests and intersection squares.

The truth here is plain geometry on (rank, file); the wiki's bit tricks are evaluated
against it in :mod:`chessviz.audit`.
See https://www.chessprogramming.org/Diagonals and
https://www.chessprogramming.org/Intersection_Squares
"""

from __future__ import annotations

from .errors import ChessvizError
from .squares import LINE_KINDS, Square, check_line_kind, line_mask, square_file, square_name, square_rank


def diagonal_index(sq: Square) -> int:
    """Return rank - file, -7..7: 0 on the main diagonal a1-h8, -7 for h1, 7 for a8."""
    return square_rank(sq) - square_file(sq)


def anti_diagonal_index(sq: Square) -> int:
    """Return rank + file, 0..14: 0 for a1, 7 on the main anti-diagonal h1-a8, 14 for h8."""
    return square_rank(sq) + square_file(sq)


def diagonal_length(sq: Square) -> int:
    """Return how many squares the diagonal through sq has, e.g. 8 for e5 (main diagonal)."""
    return 8 - abs(diagonal_index(sq))


def anti_diagonal_length(sq: Square) -> int:
    """Return how many squares the anti-diagonal through sq has, e.g. 8 for d5."""
    return 8 - abs(anti_diagonal_index(sq) - 7)


def same_line(a: Square, b: Square) -> dict[str, bool]:
    """Return, for each line kind, whether a and b lie on one such line (a == b: all true)."""
    return {
        "rank": square_rank(a) == square_rank(b),
        "file": square_file(a) == square_file(b),
        "diagonal": diagonal_index(a) == diagonal_index(b),
        "anti_diagonal": anti_diagonal_index(a) == anti_diagonal_index(b),
    }


def is_dark(sq: Square) -> bool:
    """Return True for dark squares (a1 is dark): rank + file even."""
    return (square_rank(sq) + square_file(sq)) % 2 == 0


def intersection_square(a: Square, b: Square, line_a: str, line_b: str) -> Square | None:
    """Return the one square on both the line_a through a and the line_b through b, or None.

    e.g. the rank of a1 and the anti-diagonal of a2 meet at b1; the rank of e4 and the
    diagonal of c7 do not meet on the board (None).
    """
    check_line_kind(line_a)
    check_line_kind(line_b)
    if line_a == line_b:
        raise ChessvizError("same_line_kind", f"line_a and line_b must differ, both are {line_a!r}", "line_b")
    common = line_mask(a, line_a) & line_mask(b, line_b)
    return common.bit_length() - 1 if common else None


def intersection_reason(a: Square, b: Square, line_a: str, line_b: str) -> str | None:
    """Return why there is no intersection square: "different_colors", "off_board" or None."""
    if intersection_square(a, b, line_a, line_b) is not None:
        return None
    if {line_a, line_b} == {"diagonal", "anti_diagonal"} and is_dark(a) != is_dark(b):
        return "different_colors"
    return "off_board"


# --- The 0x88 arithmetic of the Intersection Squares page, one formula per ordered pair ---
#
# Each entry gives s88 (16*rank + file of the intersection point, possibly off the board)
# from (a, b). The page prints the first of each pair; "vice versa" swaps a and b. The
# page's rank/anti-diagonal formula is wrong (it repeats the rank/diagonal one); the
# correct one, derived like the others, is 16*rank(a) + (rank(b) + file(b) - rank(a)).


def _r(sq: Square) -> int:
    return square_rank(sq)


def _f(sq: Square) -> int:
    return square_file(sq)


X88_FORMULAS = {
    ("rank", "file"): ("s88 = 16*rank(a) + file(b)", lambda a, b: 16 * _r(a) + _f(b)),
    ("file", "rank"): ("s88 = 16*rank(b) + file(a)", lambda a, b: 16 * _r(b) + _f(a)),
    ("rank", "diagonal"): ("s88 = 17*rank(a) - rank(b) + file(b)", lambda a, b: 17 * _r(a) - _r(b) + _f(b)),
    ("diagonal", "rank"): ("s88 = 17*rank(b) - rank(a) + file(a)", lambda a, b: 17 * _r(b) - _r(a) + _f(a)),
    ("file", "diagonal"): ("s88 = 17*file(a) + 16*rank(b) - 16*file(b)", lambda a, b: 17 * _f(a) + 16 * _r(b) - 16 * _f(b)),
    ("diagonal", "file"): ("s88 = 17*file(b) + 16*rank(a) - 16*file(a)", lambda a, b: 17 * _f(b) + 16 * _r(a) - 16 * _f(a)),
    ("rank", "anti_diagonal"): ("s88 = 15*rank(a) + rank(b) + file(b)", lambda a, b: 15 * _r(a) + _r(b) + _f(b)),
    ("anti_diagonal", "rank"): ("s88 = 15*rank(b) + rank(a) + file(a)", lambda a, b: 15 * _r(b) + _r(a) + _f(a)),
    ("file", "anti_diagonal"): ("s88 = 16*rank(b) + 16*file(b) - 15*file(a)", lambda a, b: 16 * _r(b) + 16 * _f(b) - 15 * _f(a)),
    ("anti_diagonal", "file"): ("s88 = 16*rank(a) + 16*file(a) - 15*file(b)", lambda a, b: 16 * _r(a) + 16 * _f(a) - 15 * _f(b)),
    # Diagonal and anti-diagonal: the page works with twice s88, so that a half file or
    # rank (squares of different colours) shows up as an odd number.
    ("diagonal", "anti_diagonal"): (
        "s88x2 = 17*antidiag(b) + 15*diag(a)",
        lambda a, b: 17 * (_r(b) + _f(b)) + 15 * (_r(a) - _f(a)),
    ),
    ("anti_diagonal", "diagonal"): (
        "s88x2 = 17*antidiag(a) + 15*diag(b)",
        lambda a, b: 17 * (_r(a) + _f(a)) + 15 * (_r(b) - _f(b)),
    ),
}

PAIRS = [(x, y) for x in LINE_KINDS for y in LINE_KINDS if x != y]


def _twos(value: int, bits: int = 12) -> str:
    """Return value as a two's complement binary string of ``bits`` digits."""
    return format(value & ((1 << bits) - 1), f"0{bits}b")


def x88_working(a: Square, b: Square, line_a: str, line_b: str) -> dict:
    """Return the page's 0x88 arithmetic for the pair, written out step by step.

    For a diagonal with an anti-diagonal the value is twice s88 and the test mask is
    0x111 (bit 0: different colours; bits 4 and 8: off the board); otherwise the
    test mask is 0x88 (bit 3: file off the board, bit 7: rank off the board).
    """
    formula, compute = X88_FORMULAS[(line_a, line_b)]
    value = compute(a, b)
    doubled = {line_a, line_b} == {"diagonal", "anti_diagonal"}
    mask = 0x111 if doubled else 0x88
    masked = value & mask
    if doubled:
        square = ((value >> 2) & 56) + ((value >> 1) & 7)
        square_formula = "((s88x2 >> 2) & 56) + ((s88x2 >> 1) & 7)"
    else:
        square = ((value >> 1) & 56) + (value & 7)
        square_formula = "((s88 >> 1) & 56) + (s88 & 7)"
    return {
        "formula": formula,
        "value": value,
        "binary": _twos(value),
        "doubled": doubled,
        "test_mask": mask,
        "test_mask_binary": _twos(mask),
        "masked": masked,
        "masked_binary": _twos(masked),
        "different_colors_bit": bool(value & 1) if doubled else None,
        "off_board": bool(value & (0x110 if doubled else 0x88)),
        "square_formula": square_formula,
        "square": None if masked else square_name(square),
    }
