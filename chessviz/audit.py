"""The routines the wiki pages print, evaluated exactly as printed, and audited on every input.

Each routine is transcribed literally, with C ``int`` semantics: values are 32-bit two's
complement, ``>>`` on a signed int is an arithmetic shift (as on x86), ``%`` truncates
towards zero, and a 32-bit constant shifted by the square index takes the count modulo
32, as the Color of a Square page says x86 does. Python's ints behave like C ints for
``&``, ``|``, ``^`` and ``>>`` on the small values here; :func:`c_int` and :func:`c_mod`
cover the rest. The truth each routine is measured against is plain geometry.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from .derivation import SECTIONS, printed_lines
from .errors import ChessvizError
from .lines import anti_diagonal_index, diagonal_index, intersection_square, is_dark
from .squares import SQUARES, square_file, square_name, square_rank, x88

INT_BITS = 32


def c_int(value: int) -> int:
    """Return value wrapped to a 32-bit signed C int."""
    value &= (1 << INT_BITS) - 1
    return value - (1 << INT_BITS) if value >> (INT_BITS - 1) else value


def c_mod(a: int, b: int) -> int:
    """Return C's a % b: the remainder takes the sign of a (truncating division)."""
    return c_int(a - b * int(a / b))


def c_shr_u32(constant: int, count: int) -> int:
    """Return a 32-bit unsigned constant shifted right by count, count taken modulo 32 (x86)."""
    return (constant & 0xFFFFFFFF) >> (count & 31)


@cache
def knight_distance(a: int, b: int) -> int:
    """Return the fewest knight moves from a to b on an empty board (breadth-first search)."""
    frontier, seen, distance = {a}, {a}, 0
    while b not in frontier:
        distance += 1
        step = set()
        for sq in frontier:
            r, f = square_rank(sq), square_file(sq)
            for dr, df in ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)):
                if 0 <= r + dr < 8 and 0 <= f + df < 8:
                    step.add(8 * (r + dr) + f + df)
        frontier = step - seen
        seen |= step
    return distance


@dataclass(frozen=True)
class Routine:
    """A printed routine: its page, its text, how to evaluate it and what the truth is."""

    name: str
    page: str
    formula: str
    arity: int  # 1: over 64 squares; 2: over 4096 ordered pairs
    printed: Callable[..., int]  # the routine as printed, C semantics
    truth: Callable[..., int]  # what it should return
    chapter: str  # the chapter that shows one input
    link: Callable[..., dict]  # the chapter's query for one input
    meaning: Callable[[int], str] = str  # how to read a returned value
    # The question the routine answers, which selects the endpoint that shows it: "color"
    # (/api/color), "same_color" (/api/color with other), "same_diagonal" (/api/same-line),
    # or "" (the audit alone; the intersection routines are picked by PRINTED_INTERSECTIONS).
    answers: str = ""


def _pair_link(a_key: str, b_key: str, **extra):
    return lambda a, b: {a_key: square_name(a), b_key: square_name(b), **extra}


def _square_link(key: str = "sq"):
    return lambda sq: {key: square_name(sq)}


def _dark_meaning(value: int) -> str:
    return "dark" if value else "light"


def _bool_meaning(value: int) -> str:
    return "true" if value else "false"


def _intersection_truth(line_a: str, line_b: str):
    def truth(a: int, b: int) -> int:
        square = intersection_square(a, b, line_a, line_b)
        return -1 if square is None else square

    return truth


def _square_meaning(value: int) -> str:
    return square_name(value) if 0 <= value < 64 else f"{value} (no intersection)" if value == -1 else f"{value} (not a square)"


def _intersect(s88: int, sentinel_shift: int = 31) -> int:
    """The common tail of the page's intersection routines, as printed."""
    return c_int((((s88 >> 1) & 56) + (s88 & 7)) | (c_int(-(s88 & 0x88)) >> sentinel_shift))


def _routines() -> list[Routine]:
    diag, col, inter, direc = "Diagonals", "Color of a Square", "Intersection Squares", "Direction"
    dark = lambda sq: int(is_dark(sq))  # noqa: E731  (black == 1 on the page)
    different = lambda a, b: int(is_dark(a) != is_dark(b))  # noqa: E731
    same = lambda a, b: int(is_dark(a) == is_dark(b))  # noqa: E731
    same_diagonal = lambda a, b: int(diagonal_index(a) == diagonal_index(b))  # noqa: E731
    color_link = _square_link()
    return [
        Routine(
            "squaresOnSameDiagonal (& 7)",
            diag,
            "return ((sq2 - sq1) & 7) == ((sq2>>3) - (sq1>>3));",
            2,
            lambda sq1, sq2: int(((sq2 - sq1) & 7) == ((sq2 >> 3) - (sq1 >> 3))),
            same_diagonal,
            "diagonals",
            _pair_link("a", "b"),
            _bool_meaning,
            answers="same_diagonal",
        ),
        Routine(
            "squaresOnSameDiagonal (% 9)",
            diag,
            "return ((sq2 - sq1) % 9) == 0;",
            2,
            lambda sq1, sq2: int(c_mod(sq2 - sq1, 9) == 0),
            same_diagonal,
            "diagonals",
            _pair_link("a", "b"),
            _bool_meaning,
            answers="same_diagonal",
        ),
        Routine(
            "even diagonal index means dark",
            diag,
            "All even indices are the diagonals with dark squares: dark = ((rank - file) & 1) == 0",
            1,
            lambda sq: int((((sq >> 3) - (sq & 7)) & 1) == 0),
            dark,
            "diagonals",
            _square_link("a"),
            _dark_meaning,
        ),
        Routine(
            "lookup constant",
            col,
            "U64 dark = C64(0xAA55AA55AA55AA55); return (dark >> square) & 1;",
            1,
            lambda sq: (0xAA55AA55AA55AA55 >> sq) & 1,
            dark,
            "colors",
            color_link,
            _dark_meaning,
            answers="color",
        ),
        Routine(
            "32-bit in-register",
            col,
            "return (0xAA55AA55 >> square) & 1;",
            1,
            lambda sq: c_shr_u32(0xAA55AA55, sq) & 1,
            dark,
            "colors",
            color_link,
            _dark_meaning,
            answers="color",
        ),
        Routine(
            "32-bit in-register (commented)",
            col,
            "// return (0xAA55AA55 >> (square & 31 )) & 1;",
            1,
            lambda sq: c_shr_u32(0xAA55AA55, sq & 31) & 1,
            dark,
            "colors",
            color_link,
            _dark_meaning,
            answers="color",
        ),
        Routine(
            "0x88 in-register",
            col,
            "return (0x00AA0055 >> x88square) & 1;",
            1,
            lambda sq: c_shr_u32(0x00AA0055, x88(sq)) & 1,
            dark,
            "colors",
            color_link,
            _dark_meaning,
            answers="color",
        ),
        Routine(
            "anti-diagonal parity",
            col,
            "return toggleColor( ((square >> 3) + square) & 1);",
            1,
            lambda sq: 1 ^ (((sq >> 3) + sq) & 1),
            dark,
            "colors",
            color_link,
            _dark_meaning,
            answers="color",
        ),
        Routine(
            "diagonal parity (minus)",
            col,
            "return toggleColor( ((square >> 3) - square) & 1); /* the prose: replace 'plus' by 'minus' */",
            1,
            lambda sq: 1 ^ (((sq >> 3) - sq) & 1),
            dark,
            "colors",
            color_link,
            _dark_meaning,
            answers="color",
        ),
        Routine(
            "parity (exclusive or)",
            col,
            "return toggleColor( ((square >> 3) ^ square) & 1); /* the prose: ... or 'exclusive or' */",
            1,
            lambda sq: 1 ^ (((sq >> 3) ^ sq) & 1),
            dark,
            "colors",
            color_link,
            _dark_meaning,
            answers="color",
        ),
        Routine(
            "9*sq+8 trick",
            col,
            "return (( 9 * square + 8 ) >> 3) & 1;",
            1,
            lambda sq: ((9 * sq + 8) >> 3) & 1,
            dark,
            "colors",
            color_link,
            _dark_meaning,
            answers="color",
        ),
        Routine(
            "isDark",
            col,
            "return (( 9 * square) & 8) == 0;",
            1,
            lambda sq: int(((9 * sq) & 8) == 0),
            dark,
            "colors",
            color_link,
            _dark_meaning,
            answers="color",
        ),
        Routine(
            "isDark (commented out)",
            col,
            "//return (( 9 * square + 8) & 8) != 0;",
            1,
            lambda sq: int(((9 * sq + 8) & 8) != 0),
            dark,
            "colors",
            color_link,
            _dark_meaning,
            answers="color",
        ),
        Routine(
            "differentColor (xor, shift)",
            col,
            "sq1 ^= sq2; return ( (sq1 >> 3) ^ sq1) & 1;",
            2,
            lambda sq1, sq2: (((sq1 ^ sq2) >> 3) ^ (sq1 ^ sq2)) & 1,
            different,
            "colors",
            _pair_link("sq", "other"),
            _bool_meaning,
            answers="same_color",
        ),
        Routine(
            "differentColor (lea)",
            col,
            "return (( 9 * (sq1 ^ sq2)) & 8) != 0;",
            2,
            lambda sq1, sq2: int(((9 * (sq1 ^ sq2)) & 8) != 0),
            different,
            "colors",
            _pair_link("sq", "other"),
            _bool_meaning,
            answers="same_color",
        ),
        Routine(
            "sameColor",
            col,
            "return (( 9 * (sq1 ^ sq2)) & 8) == 0;",
            2,
            lambda sq1, sq2: int(((9 * (sq1 ^ sq2)) & 8) == 0),
            same,
            "colors",
            _pair_link("sq", "other"),
            _bool_meaning,
            answers="same_color",
        ),
        Routine(
            "knight-distance parity",
            col,
            "sameColor = (knightDistance[sq1][sq2] & 1) == 0 /* the prose: even knight distances imply same colour */",
            2,
            lambda sq1, sq2: int((knight_distance(sq1, sq2) & 1) == 0),
            same,
            "colors",
            _pair_link("sq", "other"),
            _bool_meaning,
            answers="same_color",
        ),
        Routine(
            "x88diff",
            direc,
            "return sq2 - sq1 + (sq2|7) - (sq1|7) + 120;",
            2,
            lambda sq1, sq2: sq2 - sq1 + (sq2 | 7) - (sq1 | 7) + 120,
            lambda sq1, sq2: 16 * (square_rank(sq2) - square_rank(sq1)) + square_file(sq2) - square_file(sq1) + 120,
            "directions",
            _pair_link("from", "to"),
        ),
        Routine(
            "rank and file (s1)",
            inter,
            "s1 := (b & 56) + (a & 7);",
            2,
            lambda a, b: (b & 56) + (a & 7),
            _intersection_truth("file", "rank"),
            "intersections",
            _pair_link("a", "b", line_a="file", line_b="rank"),
            _square_meaning,
        ),
        Routine(
            "rank and file (s2)",
            inter,
            "s2 := (a & 56) + (b & 7);",
            2,
            lambda a, b: (a & 56) + (b & 7),
            _intersection_truth("rank", "file"),
            "intersections",
            _pair_link("a", "b", line_a="rank", line_b="file"),
            _square_meaning,
        ),
        Routine(
            "rank and file (s1, by index)",
            inter,
            "s1 := 8*rankIndex(b) + fileIndex(a);",
            2,
            lambda a, b: 8 * (b >> 3) + (a & 7),
            _intersection_truth("file", "rank"),
            "intersections",
            _pair_link("a", "b", line_a="file", line_b="rank"),
            _square_meaning,
        ),
        Routine(
            "rank and file (s2, by index)",
            inter,
            "s2 := 8*rankIndex(a) + fileIndex(b);",
            2,
            lambda a, b: 8 * (a >> 3) + (b & 7),
            _intersection_truth("rank", "file"),
            "intersections",
            _pair_link("a", "b", line_a="rank", line_b="file"),
            _square_meaning,
        ),
        Routine(
            "intersectRankDia",
            inter,
            "int s88 = 17*(a>>3) - (b >> 3) + (b & 7);\nreturn (((s88 >> 1) & 56) + (s88 & 7)) | ( -(s88 & 0x88) >> 31);",
            2,
            lambda a, b: _intersect(17 * (a >> 3) - (b >> 3) + (b & 7)),
            _intersection_truth("rank", "diagonal"),
            "intersections",
            _pair_link("a", "b", line_a="rank", line_b="diagonal"),
            _square_meaning,
        ),
        Routine(
            "intersectFileDia",
            inter,
            "int s88 = 17*(a & 7) + 2*(b & 56) - 16*(b & 7);\nreturn (((s88 >> 1) & 56) + (s88 & 7)) | ( -(s88 & 0x88) >> 31);",
            2,
            lambda a, b: _intersect(17 * (a & 7) + 2 * (b & 56) - 16 * (b & 7)),
            _intersection_truth("file", "diagonal"),
            "intersections",
            _pair_link("a", "b", line_a="file", line_b="diagonal"),
            _square_meaning,
        ),
        Routine(
            "intersectRankAnt",
            inter,
            "int s88 = 17*(a >> 3) - (b >> 3) + (b & 7);\nreturn (((s88 >> 1) & 56) + (s88 & 7)) | ( -(s88 & 0x88) >> 31);",
            2,
            lambda a, b: _intersect(17 * (a >> 3) - (b >> 3) + (b & 7)),
            _intersection_truth("rank", "anti_diagonal"),
            "intersections",
            _pair_link("a", "b", line_a="rank", line_b="anti_diagonal"),
            _square_meaning,
        ),
        Routine(
            "intersectFileAnt",
            inter,
            "int s88 = 2*(b & 56) + 16*(b & 7) - 15*(a & 7);\nreturn (((s88 >> 1) & 56) + (s88 & 7)) | ( -(s88 & 0x88) >> 31);",
            2,
            lambda a, b: _intersect(2 * (b & 56) + 16 * (b & 7) - 15 * (a & 7)),
            _intersection_truth("file", "anti_diagonal"),
            "intersections",
            _pair_link("a", "b", line_a="file", line_b="anti_diagonal"),
            _square_meaning,
        ),
        Routine(
            "intersectDiaAnt",
            inter,
            "int s88x2 = 17*((b>>3) + (b & 7)) + 15*((a>>3) - (a & 7));\n"
            "return (((s88x2>>2)&56) + ((s88x2>>1)&7)) | ( -(s88x2&0x0111) >> 31);",
            2,
            lambda a, b: _dia_ant(a, b),
            _intersection_truth("diagonal", "anti_diagonal"),
            "intersections",
            _pair_link("a", "b", line_a="diagonal", line_b="anti_diagonal"),
            _square_meaning,
        ),
        *_prose_routines(inter),
        Routine(
            "off-board sentinel as printed in the prose",
            inter,
            "-(s88 & 0x88) >> (sizeof(int)-1)   /* sizeof(int) is 4 bytes: a shift by 3, not 31 */\n"
            "in intersectFileDia: (((s88 >> 1) & 56) + (s88 & 7)) | ( -(s88 & 0x88) >> (sizeof(int)-1))",
            2,
            lambda a, b: _intersect(17 * (a & 7) + 2 * (b & 56) - 16 * (b & 7), sentinel_shift=4 - 1),
            _intersection_truth("file", "diagonal"),
            "intersections",
            _pair_link("a", "b", line_a="file", line_b="diagonal"),
            _square_meaning,
        ),
    ]


# The "0x88 Math" prose of each Intersection Squares section: the derivation, the test and
# the conversion back to a square, as printed (the lines live in chessviz.derivation, which
# also shows them with numbers). Its names are read as the page uses them elsewhere: sq88 is
# s88 (the 0x88 square), sq882 is s88x2; "intersection off board" (or "empty") returns -1
# like the C routines. The rank/anti-diagonal derivation repeats the rank/diagonal one
# (fileIndex(s) should be rankIndex(b) + fileIndex(b) - rankIndex(a)), and the
# diagonal/anti-diagonal conversion shifts the half-size sq88 right once more, which halves
# the file.


def _prose_x88(s88: int) -> int:
    if s88 & 0x88:
        return -1
    sq88 = s88
    return ((sq88 >> 1) & 56) + (sq88 & 7)


def _prose_dia_ant(a: int, b: int) -> int:
    s88x2 = 17 * ((b >> 3) + (b & 7)) + 15 * ((a >> 3) - (a & 7))
    if s88x2 & 0x111:
        return -1
    sq882, sq88 = s88x2, s88x2 >> 1  # even here, so >> 1 is exact: sq88 == s88
    return ((sq882 >> 2) & 56) + ((sq88 >> 1) & 7)


def _prose_routines(page: str) -> list[Routine]:
    def entry(kinds: tuple[str, str], printed: Callable[[int, int], int], note: str) -> Routine:
        return Routine(
            f"{SECTIONS[kinds]['title']} (0x88 Math prose)",
            page,
            "\n".join(printed_lines(kinds)) + note,
            2,
            printed,
            _intersection_truth(*kinds),
            "intersections",
            _pair_link("a", "b", line_a=kinds[0], line_b=kinds[1]),
            _square_meaning,
        )

    # The page's last line reads names it never assigns (sq88 for s88): the note says how they are read.
    rank, file, sq88 = (lambda sq: sq >> 3), (lambda sq: sq & 7), "\n/* read as sq88 = s88 */"
    return [
        entry(("rank", "diagonal"), lambda a, b: _prose_x88(17 * rank(a) - rank(b) + file(b)), sq88),
        entry(("file", "diagonal"), lambda a, b: _prose_x88(17 * file(a) + 16 * rank(b) - 16 * file(b)), sq88),
        entry(("rank", "anti_diagonal"), lambda a, b: _prose_x88(17 * rank(a) - rank(b) + file(b)), sq88),
        entry(("file", "anti_diagonal"), lambda a, b: _prose_x88(16 * rank(b) + 16 * file(b) - 15 * file(a)), sq88),
        entry(("diagonal", "anti_diagonal"), _prose_dia_ant, "\n/* read as sq882 = s88x2, sq88 = s88 = s88x2/2 */"),
    ]


def _dia_ant(a: int, b: int) -> int:
    s88x2 = 17 * ((b >> 3) + (b & 7)) + 15 * ((a >> 3) - (a & 7))
    return c_int((((s88x2 >> 2) & 56) + ((s88x2 >> 1) & 7)) | (c_int(-(s88x2 & 0x0111)) >> 31))


ROUTINES = _routines()
ROUTINES_BY_NAME = {routine.name: routine for routine in ROUTINES}
ROUTINE_NAMES = tuple(ROUTINES_BY_NAME)


def routines_answering(question: str) -> list[Routine]:
    """Return the routines that answer one question ("color", "same_color", "same_diagonal"), in page order."""
    return [routine for routine in ROUTINES if routine.answers == question]


# The C routine (or pseudo-code line) the Intersection Squares page prints for each ordered
# pair of line kinds: (routine, the name it is printed under, arguments swapped). The page
# prints one routine per section, "X and Y ... or vice versa Y and X": the vice-versa order
# passes b as the routine's a. Rank and file is the exception: s1 (file of a, rank of b)
# and s2 (rank of a, file of b) cover both orders without a swap.
PRINTED_INTERSECTIONS: dict[tuple[str, str], tuple[str, str, bool]] = {
    ("file", "rank"): ("rank and file (s1)", "s1", False),
    ("rank", "file"): ("rank and file (s2)", "s2", False),
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


def printed_intersection(a: int, b: int, line_a: str, line_b: str) -> dict:
    """Return what the page's routine for (line_a, line_b) answers, with the call as the page would write it.

    e.g. the file of e4 and the rank of c7: ``s1(e4, c7)`` = 52 (e7), correct; the diagonal
    of c7 and the rank of e4: ``intersectRankDia(e4, c7)``, the arguments swapped.
    """
    name, printed_as, swapped = PRINTED_INTERSECTIONS[(line_a, line_b)]
    args = (b, a) if swapped else (a, b)
    result = evaluate(name, *args)
    return {
        "routine": name,
        "call": f"{printed_as}({square_name(args[0])}, {square_name(args[1])})",
        "formula": result["formula"],
        "value": result["value"],
        "square": square_name(result["value"]) if 0 <= result["value"] < 64 else None,
        "correct": result["correct"],
    }


def inputs(routine: Routine):
    """Yield every input tuple of a routine: 64 squares, or 4096 ordered pairs."""
    if routine.arity == 1:
        for sq in SQUARES:
            yield (sq,)
    else:
        for a in SQUARES:
            for b in SQUARES:
                yield (a, b)


@cache
def audit() -> tuple[dict, ...]:
    """Return the audit of every printed routine (computed once: it is pure)."""
    report = []
    for routine in ROUTINES:
        wrong = []
        checked = 0
        for args in inputs(routine):
            checked += 1
            printed, truth = routine.printed(*args), routine.truth(*args)
            if printed != truth:
                wrong.append((args, printed, truth))
        report.append(
            {
                "name": routine.name,
                "page": routine.page,
                "formula": routine.formula,
                "checked": checked,
                "wrong": len(wrong),
                "examples": [
                    {
                        "input": [square_name(sq) for sq in args],
                        "printed": printed,
                        "printed_means": routine.meaning(printed),
                        "expected": truth,
                        "expected_means": routine.meaning(truth),
                        "chapter": routine.chapter,
                        "query": link(routine, *args),
                    }
                    for args, printed, truth in wrong[:10]
                ],
            }
        )
    return tuple(report)


# The chapters that show a named routine's answer beside the truth (the routine query parameter).
SHOWS_A_ROUTINE = ("diagonals", "intersections")


def link(routine: Routine, *args: int) -> dict:
    """Return the query of the chapter that shows one input; where that chapter can, it names the routine too."""
    query = routine.link(*args)
    return {**query, "routine": routine.name} if routine.chapter in SHOWS_A_ROUTINE else query


def example(name: str, *args: int) -> dict:
    """Return one input of a routine as the audit lists a wrong example: printed value, truth, their meanings, the link."""
    routine = ROUTINES_BY_NAME[name]
    if len(args) < routine.arity:
        raise ChessvizError("missing_parameter", f"{name} takes two squares: give b too", "b")
    args = args[: routine.arity]  # a routine of one square takes a alone
    printed, truth = routine.printed(*args), routine.truth(*args)
    return {
        "name": routine.name,
        "page": routine.page,
        "formula": routine.formula,
        "input": [square_name(sq) for sq in args],
        "printed": printed,
        "printed_means": routine.meaning(printed),
        "expected": truth,
        "expected_means": routine.meaning(truth),
        "correct": printed == truth,
        "chapter": routine.chapter,
        "query": link(routine, *args),
    }


def evaluate(name: str, *args: int) -> dict:
    """Return one routine's printed answer and the truth for one input."""
    routine = ROUTINES_BY_NAME[name]
    printed, truth = routine.printed(*args), routine.truth(*args)
    return {
        "name": routine.name,
        "formula": routine.formula,
        "value": printed,
        "means": routine.meaning(printed),
        "expected": truth,
        "correct": printed == truth,
    }


def verdict(name: str, *args: int, correct_as: str = "correct") -> dict:
    """Return one routine's answer for one input as the pages list it: name, formula, value, meaning, verdict."""
    result = evaluate(name, *args)
    return {
        "name": result["name"],
        "formula": result["formula"],
        "value": result["value"],
        "means": result["means"],
        correct_as: result["correct"],
    }


def color_working(sq: int) -> dict:
    """Return the intermediate values of the colour formulas for one square (for the page)."""
    return {
        "square": sq,
        "x88square": x88(sq),
        "square_shr3": sq >> 3,
        "anti_diagonal_index": anti_diagonal_index(sq),
        "lookup_shift": sq,
        "lookup_shifted": f"0x{0xAA55AA55AA55AA55 >> sq:x}",
        "lookup_bit": (0xAA55AA55AA55AA55 >> sq) & 1,
        "shift_mod32": sq & 31,
        "shifted32": f"0x{c_shr_u32(0xAA55AA55, sq):x}",
        "shifted32_bit": c_shr_u32(0xAA55AA55, sq) & 1,
        "x88_shift_mod32": x88(sq) & 31,
        "x88_shifted": f"0x{c_shr_u32(0x00AA0055, x88(sq)):x}",
        "x88_shifted_bit": c_shr_u32(0x00AA0055, x88(sq)) & 1,
        "square_shr3_plus_square": (sq >> 3) + sq,
        "nine_sq": 9 * sq,
        "nine_sq_plus8": 9 * sq + 8,
        "nine_sq_binary": format(9 * sq, "010b"),
        "nine_sq_plus8_binary": format(9 * sq + 8, "010b"),
    }
