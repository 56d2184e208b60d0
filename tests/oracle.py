"""The tests' independent oracles for geometry, in one place: lines walked square by square,
python-chess's lines, the pairs and line-kind combinations to run through, every routine the
wiki pages print transcribed again with ctypes C semantics, and the tables the pages print,
read from the copies in tests/data/ (each file names its source page and section in its
first lines; nothing here reads outside the repository).

Nothing here imports chessviz: a slip in the core and the same slip here would have to be
made twice. (Sliding rays walked up to a blocker live in sliding_oracle.py.)
"""

from __future__ import annotations

import ctypes
import math
import re
from fractions import Fraction
from functools import cache
from pathlib import Path

import chess

KINDS = ("rank", "file", "diagonal", "anti_diagonal")
PAIRS = [(a, b) for a in range(64) for b in range(64)]
COMBOS = [(x, y) for x in KINDS for y in KINDS if x != y]
NAMES = [chess.square_name(sq) for sq in range(64)]
STEPS = {"rank": (0, 1), "file": (1, 0), "diagonal": (1, 1), "anti_diagonal": (1, -1)}


def rf(sq):
    """(rank, file) of a LERF square."""
    return divmod(sq, 8)


def line_point(a, b, line_a, line_b):
    """The (rank, file) where the two infinite lines meet, as fractions (off the board allowed)."""
    (ra, fa), (rb, fb) = rf(a), rf(b)
    # Each line as p*rank + q*file = c.
    eq = {
        "rank": lambda r, f: (1, 0, r),
        "file": lambda r, f: (0, 1, f),
        "diagonal": lambda r, f: (1, -1, r - f),
        "anti_diagonal": lambda r, f: (1, 1, r + f),
    }
    p1, q1, c1 = eq[line_a](ra, fa)
    p2, q2, c2 = eq[line_b](rb, fb)
    det = p1 * q2 - p2 * q1
    return Fraction(c1 * q2 - c2 * q1, det), Fraction(p1 * c2 - p2 * c1, det)


def walk(sq, kind):
    """The squares of the kind line through sq, walked outwards one square at a time (sq included)."""
    found = {sq}
    dr, df = STEPS[kind]
    for sign in (1, -1):
        r, f = rf(sq)
        while 0 <= r + sign * dr < 8 and 0 <= f + sign * df < 8:
            r, f = r + sign * dr, f + sign * df
            found.add(8 * r + f)
    return found


def walked_mask(sq, kind):
    return sum(1 << s for s in walk(sq, kind))


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
    """Dark squares by python-chess."""
    return bool(chess.BB_DARK_SQUARES & chess.BB_SQUARES[sq])


def colour(sq):
    return "dark" if is_dark(sq) else "light"


def dark(sq):
    return int(is_dark(sq))


def meet(a, b, line_a, line_b):
    """The square on both lines by walking, -1 if none (the pages' "no intersection")."""
    common = walk(a, line_a) & walk(b, line_b)
    assert len(common) <= 1
    return common.pop() if common else -1


def unit(dr, df):
    g = math.gcd(dr, df)
    return (dr // g, df // g)


# ------------------------------------------------------------------ the printed routines, as printed


def i32(value):
    """A C int: 32-bit two's complement."""
    return ctypes.c_int32(value).value


def u32(value):
    return ctypes.c_uint32(value).value


def c_rem(a, b):
    """C's %: truncating division, the remainder has the sign of a."""
    return i32(int(math.fmod(a, b)))


def shr_u32(constant, count):
    """A 32-bit unsigned constant shifted right; x86 takes the count modulo 32."""
    return u32(constant) >> (count % 32)


# ------------------------------------------------------------------ the routines, as printed


def same_diagonal_and7(sq1, sq2):
    return int(i32(i32(sq2 - sq1) & 7) == i32((sq2 >> 3) - (sq1 >> 3)))


def same_diagonal_mod9(sq1, sq2):
    return int(c_rem(i32(sq2 - sq1), 9) == 0)


def tail(s88, shift=31):
    """(((s88 >> 1) & 56) + (s88 & 7)) | ( -(s88 & 0x88) >> shift)"""
    s88 = i32(s88)
    return i32(i32(((s88 >> 1) & 56) + (s88 & 7)) | (i32(-(s88 & 0x88)) >> shift))


def dia_ant(a, b):
    s88x2 = i32(17 * ((b >> 3) + (b & 7)) + 15 * ((a >> 3) - (a & 7)))
    return i32(i32(((s88x2 >> 2) & 56) + ((s88x2 >> 1) & 7)) | (i32(-(s88x2 & 0x0111)) >> 31))


def prose(s88):
    """if ( s88 & 0x88) off board; else sq := ((sq88 >> 1) & 56) + (sq88 & 7); with sq88 = s88."""
    return -1 if s88 & 0x88 else ((s88 >> 1) & 56) + (s88 & 7)


def prose_dia_ant(a, b):
    """if ( s88x2 & 0x111) empty; else sq := ((sq882 >> 2) & 56) + ((sq88>>1) & 7);"""
    rank_b, file_b, rank_a, file_a = b >> 3, b & 7, a >> 3, a & 7
    s88x2 = 17 * (rank_b + file_b) + 15 * (rank_a - file_a)
    if s88x2 & 0x111:
        return -1
    sq882, sq88 = s88x2, s88x2 // 2  # the page's s88 = 16*rankIndex(s) + fileIndex(s)
    return ((sq882 >> 2) & 56) + ((sq88 >> 1) & 7)


def knight_distance(a, b):
    return chess.square_knight_distance(a, b)


SIZEOF_INT = ctypes.sizeof(ctypes.c_int)

# name -> (arity, printed, truth)
PRINTED_ROUTINES = {
    "squaresOnSameDiagonal (& 7)": (2, same_diagonal_and7, lambda a, b: int(b in walk(a, "diagonal"))),
    "squaresOnSameDiagonal (% 9)": (2, same_diagonal_mod9, lambda a, b: int(b in walk(a, "diagonal"))),
    "even diagonal index means dark": (1, lambda sq: int((((sq >> 3) - (sq & 7)) % 2) == 0), dark),
    "lookup constant": (1, lambda sq: (0xAA55AA55AA55AA55 >> sq) & 1, dark),
    "32-bit in-register": (1, lambda sq: shr_u32(0xAA55AA55, sq) & 1, dark),
    "32-bit in-register (commented)": (1, lambda sq: shr_u32(0xAA55AA55, sq & 31) & 1, dark),
    "0x88 in-register": (1, lambda sq: shr_u32(0x00AA0055, sq + (sq & ~7)) & 1, dark),
    "anti-diagonal parity": (1, lambda sq: 1 ^ (((sq >> 3) + sq) & 1), dark),
    "diagonal parity (minus)": (1, lambda sq: 1 ^ (i32((sq >> 3) - sq) & 1), dark),
    "parity (exclusive or)": (1, lambda sq: 1 ^ (((sq >> 3) ^ sq) & 1), dark),
    "9*sq+8 trick": (1, lambda sq: (i32(9 * sq + 8) >> 3) & 1, dark),
    "isDark": (1, lambda sq: int((i32(9 * sq) & 8) == 0), dark),
    "isDark (commented out)": (1, lambda sq: int((i32(9 * sq + 8) & 8) != 0), dark),
    "differentColor (xor, shift)": (2, lambda a, b: (((a ^ b) >> 3) ^ (a ^ b)) & 1, lambda a, b: int(dark(a) != dark(b))),
    "differentColor (lea)": (2, lambda a, b: int((i32(9 * (a ^ b)) & 8) != 0), lambda a, b: int(dark(a) != dark(b))),
    "sameColor": (2, lambda a, b: int((i32(9 * (a ^ b)) & 8) == 0), lambda a, b: int(dark(a) == dark(b))),
    "knight-distance parity": (2, lambda a, b: int(knight_distance(a, b) & 1 == 0), lambda a, b: int(dark(a) == dark(b))),
    "x88diff": (
        2,
        lambda a, b: u32(b - a + (b | 7) - (a | 7) + 120),
        lambda a, b: (16 * (b // 8) + b % 8) - (16 * (a // 8) + a % 8) + 120,
    ),
    "rank and file (s1)": (2, lambda a, b: (b & 56) + (a & 7), lambda a, b: meet(a, b, "file", "rank")),
    "rank and file (s2)": (2, lambda a, b: (a & 56) + (b & 7), lambda a, b: meet(a, b, "rank", "file")),
    "rank and file (s1, by index)": (2, lambda a, b: 8 * (b // 8) + a % 8, lambda a, b: meet(a, b, "file", "rank")),
    "rank and file (s2, by index)": (2, lambda a, b: 8 * (a // 8) + b % 8, lambda a, b: meet(a, b, "rank", "file")),
    "intersectRankDia": (2, lambda a, b: tail(17 * (a >> 3) - (b >> 3) + (b & 7)), lambda a, b: meet(a, b, "rank", "diagonal")),
    "intersectFileDia": (
        2,
        lambda a, b: tail(17 * (a & 7) + 2 * (b & 56) - 16 * (b & 7)),
        lambda a, b: meet(a, b, "file", "diagonal"),
    ),
    "intersectRankAnt": (
        2,
        lambda a, b: tail(17 * (a >> 3) - (b >> 3) + (b & 7)),
        lambda a, b: meet(a, b, "rank", "anti_diagonal"),
    ),
    "intersectFileAnt": (
        2,
        lambda a, b: tail(2 * (b & 56) + 16 * (b & 7) - 15 * (a & 7)),
        lambda a, b: meet(a, b, "file", "anti_diagonal"),
    ),
    "intersectDiaAnt": (2, dia_ant, lambda a, b: meet(a, b, "diagonal", "anti_diagonal")),
    "Rank and Diagonal (0x88 Math prose)": (
        2,
        lambda a, b: prose(17 * (a // 8) - b // 8 + b % 8),
        lambda a, b: meet(a, b, "rank", "diagonal"),
    ),
    "File and Diagonal (0x88 Math prose)": (
        2,
        lambda a, b: prose(17 * (a % 8) + 16 * (b // 8) - 16 * (b % 8)),
        lambda a, b: meet(a, b, "file", "diagonal"),
    ),
    "Rank and Anti-Diagonal (0x88 Math prose)": (
        2,
        lambda a, b: prose(17 * (a // 8) - b // 8 + b % 8),
        lambda a, b: meet(a, b, "rank", "anti_diagonal"),
    ),
    "File and Anti-Diagonal (0x88 Math prose)": (
        2,
        lambda a, b: prose(16 * (b // 8) + 16 * (b % 8) - 15 * (a % 8)),
        lambda a, b: meet(a, b, "file", "anti_diagonal"),
    ),
    "Diagonal and Anti-Diagonal (0x88 Math prose)": (2, prose_dia_ant, lambda a, b: meet(a, b, "diagonal", "anti_diagonal")),
    "off-board sentinel as printed in the prose": (
        2,
        lambda a, b: tail(17 * (a & 7) + 2 * (b & 56) - 16 * (b & 7), SIZEOF_INT - 1),
        lambda a, b: meet(a, b, "file", "diagonal"),
    ),
}


# The routine the Intersection Squares page prints for each ordered pair of line kinds, as its
# sections read ("X and Y ... or vice versa Y and X"): the name it is printed under, the
# transcription above, and whether the vice-versa order passes b first. Rank and file:
# s1 takes the file of a and the rank of b, s2 the rank of a and the file of b.
PAGE_ROUTINE_OF_PAIR = {
    ("file", "rank"): ("s1", "rank and file (s1)", False),
    ("rank", "file"): ("s2", "rank and file (s2)", False),
    ("rank", "diagonal"): ("intersectRankDia", "intersectRankDia", False),
    ("diagonal", "rank"): ("intersectRankDia", "intersectRankDia", True),
    ("file", "diagonal"): ("intersectFileDia", "intersectFileDia", False),
    ("diagonal", "file"): ("intersectFileDia", "intersectFileDia", True),
    ("rank", "anti_diagonal"): ("intersectRankAnt", "intersectRankAnt", False),
    ("anti_diagonal", "rank"): ("intersectRankAnt", "intersectRankAnt", True),
    ("file", "anti_diagonal"): ("intersectFileAnt", "intersectFileAnt", False),
    ("anti_diagonal", "file"): ("intersectFileAnt", "intersectFileAnt", True),
    ("diagonal", "anti_diagonal"): ("intersectDiaAnt", "intersectDiaAnt", False),
    ("anti_diagonal", "diagonal"): ("intersectDiaAnt", "intersectDiaAnt", True),
}


def expected_call(a, b, line_a, line_b):
    """The routine the page prints for the pair, called as the page's section reads (vice versa: b
    first): (its transcription's name, the call as printed, its value)."""
    printed_as, routine, swapped = PAGE_ROUTINE_OF_PAIR[(line_a, line_b)]
    args = (b, a) if swapped else (a, b)
    return routine, f"{printed_as}({NAMES[args[0]]}, {NAMES[args[1]]})", PRINTED_ROUTINES[routine][1](*args)


# ------------------------------------------------------------------ the pages' tables (tests/data)

DATA = Path(__file__).resolve().parent / "data"
SHEET_KINDS = ("degrees", "begrees", "begrees_filled")
DIAGONAL_TABLES = ("rank - file", "7 + rank - file", "(rank - file) & 15")


def _text(name: str) -> str:
    """The copy without its source comment lines."""
    lines = (DATA / name).read_text(encoding="utf-8").splitlines()
    return "\n".join(line for line in lines if not line.startswith("#"))


@cache
def direction_sheets() -> dict[str, list[list[int]]]:
    """The Direction page's three 15x15 sheets: each row's printed integers, in order.

    The text form lost where the blank cells sat within a row; the middle row writes '-' for
    blanks and '+' for the centre; some numbers carry a leading '_'.
    """
    sheets: dict[str, list[list[int]]] = {}
    kind = None
    for line in _text("direction-sheets.txt").splitlines():
        header = re.fullmatch(r"\[(\w+)\]", line.strip())
        if header:
            kind = header.group(1)
            sheets[kind] = []
        elif line.strip():
            sheets[kind].append([int(c.strip().lstrip("_")) for c in line.split("|") if re.fullmatch(r"\s*_?\d+\s*", c)])
    assert tuple(sheets) == SHEET_KINDS and all(len(rows) == 15 for rows in sheets.values())
    return sheets


@cache
def diagonal_tables() -> dict[str, dict[int, list[int]]]:
    """The Diagonals page's three enumeration tables: {title: {rank: [value for files 0..7]}}."""
    text = "\n" + _text("diagonal-enumerations.txt")
    tables = {}
    for title in DIAGONAL_TABLES:
        block = text.split("\n" + title + "\n", 1)[1]
        rows = re.findall(r"^([0-7]) ((?:-?\d+ ?){8})$", block, re.M)[:8]
        tables[title] = {int(r): [int(x) for x in cells.split()] for r, cells in rows}
        assert sorted(tables[title]) == list(range(8)), title
    return tables


def shown_examples(wrong: list, two_valued: bool, count: int = 10) -> list:
    """The wrong answers (args, printed, truth), in input order, that the audit shows: of a routine
    answering yes or no, as many wrong yeses as wrong noes while both last (so both are seen), else
    the first `count`."""
    if not two_valued:
        return wrong[:count]
    yes = [w for w in wrong if w[1]]
    no = [w for w in wrong if not w[1]]
    take_yes = min(len(yes), max(count // 2, count - len(no)))
    take_no = min(len(no), count - take_yes)
    return sorted(yes[:take_yes] + no[:take_no], key=wrong.index)
