"""Small pictures of the chapters' boards, for the home page: what a chapter's first boards show
as it opens, made from the chapter's default state with the core's own geometry.

A picture is data in LERF square names; the web layer draws it (templates/_picture.html) and
tests/test_browser_course.py holds each chapter's picture to what its page draws on load.
"""

from __future__ import annotations

from dataclasses import dataclass

import chess

from .squares import SQUARE_NAMES, SQUARES, bb_of, line_mask, parse_square, squares_of

MARKS = ("start", "end")  # drawn S and D, as the chapters' boards draw them
FILLS = ("line-a", "line-b", "both")


@dataclass(frozen=True)
class Picture:
    """A board in miniature: `squares` shaded as set bits, `pieces` ((square, FEN letter), ...),
    `marks` ((square, "start" | "end"), ...) and `fills` ((square, "line-a" | "line-b" | "both"), ...)."""

    squares: tuple[str, ...] = ()
    pieces: tuple[tuple[str, str], ...] = ()
    marks: tuple[tuple[str, str], ...] = ()
    fills: tuple[tuple[str, str], ...] = ()

    def __post_init__(self):
        names = set(SQUARE_NAMES)
        assert set(self.squares) <= names, self.squares
        assert all(sq in names and kind in MARKS for sq, kind in self.marks), self.marks
        assert all(sq in names and kind in FILLS for sq, kind in self.fills), self.fills


def _names(bb: int) -> tuple[str, ...]:
    return tuple(SQUARE_NAMES[sq] for sq in squares_of(bb, "lerf"))


def of_squares(*names: str) -> Picture:
    """Return a picture of these squares set ("a1", "e4", "e8": the squares chapter's value)."""
    return Picture(squares=_names(bb_of(parse_square(n) for n in names)))


def slider(occupied: int, square: str, letter: str) -> Picture:
    """Return a slider chapter's setup: pawns on the LERF occupancy, the slider `letter` on `square`."""
    at = parse_square(square)
    pieces = dict.fromkeys(_names(occupied), "p") | {square: letter}
    return Picture(squares=_names(occupied | 1 << at), pieces=tuple(sorted(pieces.items(), key=_order)))


def position(fen: str) -> Picture:
    """Return a position's pieces (a FEN's board part), every occupied square set."""
    board = chess.BaseBoard(fen.split()[0])
    return Picture(
        squares=_names(board.occupied),
        pieces=tuple((SQUARE_NAMES[sq], piece.symbol()) for sq, piece in sorted(board.piece_map().items())),
    )


def pair(start: str, end: str | None = None, squares: tuple[str, ...] = ()) -> Picture:
    """Return two squares marked S and D (a ray's ends, a pair a question asks about)."""
    marks = ((start, "start"),) + (((end, "end"),) if end else ())
    return Picture(squares=squares, marks=marks)


def two_lines(a: str, kind_a: str, b: str, kind_b: str, *, shade: bool = False, end: bool = True) -> Picture:
    """Return the `kind_a` line through a (line-a) and the `kind_b` line through b (line-b), a marked S
    and b marked D; "both" where they cross. shade: the lines' squares are set bits too."""
    first, second = line_mask(parse_square(a), kind_a), line_mask(parse_square(b), kind_b)
    fills = dict.fromkeys(_names(first), "line-a") | dict.fromkeys(_names(second), "line-b")
    fills |= dict.fromkeys(_names(first & second), "both")
    marks = ((a, "start"),) + (((b, "end"),) if end and b != a else ())
    return Picture(
        squares=_names(first | second) if shade else (),
        marks=marks,
        fills=tuple(sorted(fills.items(), key=_order)),
    )


def roses(centre: str, to: str) -> Picture:
    """Return the compass rose (line-a: the 8 neighbours) and the knight rose (line-b) around `centre`,
    `centre` marked S and `to` marked D."""
    sq = parse_square(centre)
    fills = dict.fromkeys(_names(chess.BB_KING_ATTACKS[sq]), "line-a")
    fills |= dict.fromkeys(_names(chess.BB_KNIGHT_ATTACKS[sq]), "line-b")
    return Picture(marks=((centre, "start"), (to, "end")), fills=tuple(sorted(fills.items(), key=_order)))


def dark_squares(marked: str) -> Picture:
    """Return the board's dark squares set (a1 is dark), one square marked S."""
    dark = sum(1 << sq for sq in SQUARES if chess.BB_DARK_SQUARES >> sq & 1)
    return Picture(squares=_names(dark), marks=((marked, "start"),))


def _order(item: tuple[str, str]) -> int:
    return SQUARE_NAMES.index(item[0])
