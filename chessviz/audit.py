"""The routines the wiki pages print, evaluated exactly as printed, and audited on every input.

Each routine is transcribed literally, with C ``int`` semantics: values are 32-bit two's
complement, ``>>`` on a signed int is an arithmetic shift (as on x86), ``%`` truncates
towards zero, and a 32-bit constant shifted by the square index takes the count modulo
32, as the Color of a Square page says x86 does. Python's ints behave like C ints for
``&``, ``|``, ``^`` and ``>>`` on the small values here; :func:`c_int` and :func:`c_mod`
cover the rest. The truth each routine is measured against is plain geometry.

The table of routines (name, page, formula, arity, truth, how its value reads, the question
it answers) is data, ``chessviz/data/routines.toml``, read and checked when the app starts;
each routine's transcription is the function of the same name in :data:`PRINTED` here.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from .compass import KNIGHT_DIRECTIONS
from .datafiles import DATA, DataFileError, Entry, shown_path, tables
from .derivation import printed_lines, section_of
from .errors import ChessvizError
from .lines import PAIRS, anti_diagonal_index, diagonal_index, intersection_square, is_dark
from .squares import LINE_KINDS, SQUARES, square_file, square_name, square_rank, x88

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
def knight_distances(a: int) -> tuple[int, ...]:
    """Return the fewest knight moves from a to each square on an empty board (one breadth-first
    search from a answers all 64: the audit asks every pair, 64 searches where a search per pair
    made 4,096)."""
    distances = [-1] * 64
    distances[a] = 0
    frontier = [a]
    while frontier:
        step = []
        for sq in frontier:
            r, f = square_rank(sq), square_file(sq)
            for _, _, (dr, df) in KNIGHT_DIRECTIONS:
                to = 8 * (r + dr) + f + df
                if 0 <= r + dr < 8 and 0 <= f + df < 8 and distances[to] < 0:
                    distances[to] = distances[sq] + 1
                    step.append(to)
        frontier = step
    return tuple(distances)


def knight_distance(a: int, b: int) -> int:
    """Return the fewest knight moves from a to b on an empty board."""
    return knight_distances(a)[b]


def _dark_meaning(value: int) -> str:
    return "dark" if value else "light"


def _bool_meaning(value: int) -> str:
    return "true" if value else "false"


def _square_meaning(value: int) -> str:
    return square_name(value) if 0 <= value < 64 else f"{value} (no intersection)" if value == -1 else f"{value} (not a square)"


# How a routine's value reads, by the data file's `reads`.
READINGS: dict[str, Callable[[int], str]] = {
    "dark": _dark_meaning,
    "boolean": _bool_meaning,
    "square": _square_meaning,
    "number": str,
}


def _intersection_truth(line_a: str, line_b: str) -> Callable[[int, int], int]:
    def truth(a: int, b: int) -> int:
        square = intersection_square(a, b, line_a, line_b)
        return -1 if square is None else square

    return truth


# What a routine should return, by the data file's `truth`: its arity and the function (an
# intersection's takes the two kinds of line it meets).
TRUTHS: dict[str, tuple[int, Callable]] = {
    "dark": (1, lambda: lambda sq: int(is_dark(sq))),  # black == 1 on the page
    "same_diagonal": (2, lambda: lambda a, b: int(diagonal_index(a) == diagonal_index(b))),
    "same_color": (2, lambda: lambda a, b: int(is_dark(a) == is_dark(b))),
    "different_color": (2, lambda: lambda a, b: int(is_dark(a) != is_dark(b))),
    "x88_difference": (
        2,
        lambda: lambda sq1, sq2: 16 * (square_rank(sq2) - square_rank(sq1)) + square_file(sq2) - square_file(sq1) + 120,
    ),
    "intersection": (2, _intersection_truth),
}
# The questions a routine can answer, which select the endpoint that shows it: "color"
# (/api/color), "same_color" (/api/color with other), "same_diagonal" (/api/same-line); a
# routine answering none is shown by the audit alone (the intersection routines are picked by
# PRINTED_INTERSECTIONS).
QUESTIONS = ("color", "same_color", "same_diagonal")


def _intersect(s88: int, sentinel_shift: int = 31) -> int:
    """The common tail of the page's intersection routines, as printed."""
    return c_int((((s88 >> 1) & 56) + (s88 & 7)) | (c_int(-(s88 & 0x88)) >> sentinel_shift))


def _dia_ant(a: int, b: int) -> int:
    s88x2 = 17 * ((b >> 3) + (b & 7)) + 15 * ((a >> 3) - (a & 7))
    return c_int((((s88x2 >> 2) & 56) + ((s88x2 >> 1) & 7)) | (c_int(-(s88x2 & 0x0111)) >> 31))


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


def _rank(sq: int) -> int:
    return sq >> 3


def _file(sq: int) -> int:
    return sq & 7


# Each routine the data file lists, transcribed literally with C semantics, by its name there.
PRINTED: dict[str, Callable[..., int]] = {
    "squaresOnSameDiagonal (& 7)": lambda sq1, sq2: int(((sq2 - sq1) & 7) == ((sq2 >> 3) - (sq1 >> 3))),
    "squaresOnSameDiagonal (% 9)": lambda sq1, sq2: int(c_mod(sq2 - sq1, 9) == 0),
    "even diagonal index means dark": lambda sq: int((((sq >> 3) - (sq & 7)) & 1) == 0),
    "lookup constant": lambda sq: (0xAA55AA55AA55AA55 >> sq) & 1,
    "32-bit in-register": lambda sq: c_shr_u32(0xAA55AA55, sq) & 1,
    "32-bit in-register (commented)": lambda sq: c_shr_u32(0xAA55AA55, sq & 31) & 1,
    "0x88 in-register": lambda sq: c_shr_u32(0x00AA0055, x88(sq)) & 1,
    "anti-diagonal parity": lambda sq: 1 ^ (((sq >> 3) + sq) & 1),
    "diagonal parity (minus)": lambda sq: 1 ^ (((sq >> 3) - sq) & 1),
    "parity (exclusive or)": lambda sq: 1 ^ (((sq >> 3) ^ sq) & 1),
    "9*sq+8 trick": lambda sq: ((9 * sq + 8) >> 3) & 1,
    "isDark": lambda sq: int(((9 * sq) & 8) == 0),
    "isDark (commented out)": lambda sq: int(((9 * sq + 8) & 8) != 0),
    "differentColor (xor, shift)": lambda sq1, sq2: (((sq1 ^ sq2) >> 3) ^ (sq1 ^ sq2)) & 1,
    "differentColor (lea)": lambda sq1, sq2: int(((9 * (sq1 ^ sq2)) & 8) != 0),
    "sameColor": lambda sq1, sq2: int(((9 * (sq1 ^ sq2)) & 8) == 0),
    "knight-distance parity": lambda sq1, sq2: int((knight_distance(sq1, sq2) & 1) == 0),
    "x88diff": lambda sq1, sq2: sq2 - sq1 + (sq2 | 7) - (sq1 | 7) + 120,
    "rank and file (s1)": lambda a, b: (b & 56) + (a & 7),
    "rank and file (s2)": lambda a, b: (a & 56) + (b & 7),
    "rank and file (s1, by index)": lambda a, b: 8 * (b >> 3) + (a & 7),
    "rank and file (s2, by index)": lambda a, b: 8 * (a >> 3) + (b & 7),
    "intersectRankDia": lambda a, b: _intersect(17 * (a >> 3) - (b >> 3) + (b & 7)),
    "intersectFileDia": lambda a, b: _intersect(17 * (a & 7) + 2 * (b & 56) - 16 * (b & 7)),
    "intersectRankAnt": lambda a, b: _intersect(17 * (a >> 3) - (b >> 3) + (b & 7)),
    "intersectFileAnt": lambda a, b: _intersect(2 * (b & 56) + 16 * (b & 7) - 15 * (a & 7)),
    "intersectDiaAnt": _dia_ant,
    # The prose's lines read names it never assigns (sq88 for s88): the data file's note says how they are read.
    "Rank and Diagonal (0x88 Math prose)": lambda a, b: _prose_x88(17 * _rank(a) - _rank(b) + _file(b)),
    "File and Diagonal (0x88 Math prose)": lambda a, b: _prose_x88(17 * _file(a) + 16 * _rank(b) - 16 * _file(b)),
    "Rank and Anti-Diagonal (0x88 Math prose)": lambda a, b: _prose_x88(17 * _rank(a) - _rank(b) + _file(b)),
    "File and Anti-Diagonal (0x88 Math prose)": lambda a, b: _prose_x88(16 * _rank(b) + 16 * _file(b) - 15 * _file(a)),
    "Diagonal and Anti-Diagonal (0x88 Math prose)": _prose_dia_ant,
    "off-board sentinel as printed in the prose": lambda a, b: _intersect(
        17 * (a & 7) + 2 * (b & 56) - 16 * (b & 7), sentinel_shift=4 - 1
    ),
}


@dataclass(frozen=True)
class Routine:
    """A printed routine: its page, its text, how to evaluate it and what the truth is."""

    name: str
    page: str  # the wiki page that prints it
    formula: str
    arity: int  # 1: over 64 squares; 2: over 4096 ordered pairs
    printed: Callable[..., int]  # the routine as printed, C semantics
    truth: Callable[..., int]  # what it should return
    reads: str  # how its value reads: a key of READINGS
    answers: str = ""  # the question it answers: one of QUESTIONS, or "" for the audit alone
    lines: tuple[str, str] | None = None  # the two kinds of line an intersection routine meets
    why: str = ""  # why a faulty routine goes wrong, in a student's words ("" where a page already says)

    def meaning(self, value: int) -> str:
        """Return how a value of this routine reads: 1 from isDark is "dark", -1 from an intersection "no intersection"."""
        return READINGS[self.reads](value)


@dataclass(frozen=True)
class PrintedIntersection:
    """The routine the Intersection Squares page prints for one ordered pair of line kinds."""

    routine: str
    printed_as: str  # the name the page prints it under
    swapped: bool  # the pair's order passes b as the routine's a


ROUTINES_FILE = DATA / "routines.toml"


def _read_routine(entry: Entry) -> Routine:
    name = entry.text("name")
    if name not in PRINTED:
        raise entry.fail("name", f"no transcription named {name!r} in chessviz/audit.py PRINTED")
    truth_kind = entry.choice("truth", TRUTHS)
    arity, truth = TRUTHS[truth_kind]
    if entry.integer("arity", (1, 2)) != arity:
        raise entry.fail("arity", f"a {truth_kind} routine takes {arity} square(s)")
    if len(inspect.signature(PRINTED[name]).parameters) != arity:
        raise entry.fail("arity", f"its transcription in PRINTED takes another number of squares than {arity}")
    lines = None
    if truth_kind == "intersection":
        lines = entry.texts("lines", choices=LINE_KINDS, length=range(2, 3))
        if lines[0] == lines[1]:
            raise entry.fail("lines", f"two different kinds of line, got {list(lines)!r}")
    if entry.choice("formula_from", ("derivation",), required=False):
        if lines is None:
            raise entry.fail("formula_from", "only an intersection routine's formula comes from the derivation")
        formula = "\n".join(printed_lines(section_of(*lines)[0])) + entry.text("formula_note")
    else:
        formula = entry.text("formula")
    routine = Routine(
        name=name,
        page=entry.text("page"),
        formula=formula,
        arity=arity,
        printed=PRINTED[name],
        truth=truth(*lines) if lines else truth(),
        reads=entry.choice("reads", READINGS),
        answers=entry.choice("answers", QUESTIONS, default=""),
        lines=lines,
        why=entry.text("why", default=""),
    )
    entry.done()
    return routine


def _read_intersection(entry: Entry, routines: dict[str, Routine]) -> tuple[tuple[str, str], PrintedIntersection]:
    pair = entry.texts("lines", choices=LINE_KINDS, length=range(2, 3))
    name = entry.choice("routine", (r.name for r in routines.values() if r.lines))
    found = PrintedIntersection(name, entry.text("printed_as", pattern=r"[A-Za-z_][A-Za-z0-9_]*"), entry.flag("swapped"))
    if routines[name].lines != (pair[::-1] if found.swapped else pair):
        raise entry.fail("swapped", f"{name} meets the {' and the '.join(routines[name].lines)}")
    entry.done()
    return pair, found


def load_routines(path: Path = ROUTINES_FILE) -> tuple[tuple[Routine, ...], dict[tuple[str, str], PrintedIntersection]]:
    """Read the routines and the printed routine of each pair of line kinds from `path`; DataFileError if it is wrong."""
    found = tables(path, {"routine": "routine", "intersection": "intersection"})
    routines: dict[str, Routine] = {}
    for entry in found["routine"]:
        routine = _read_routine(entry)
        if routine.name in routines:
            raise entry.fail("name", f"{routine.name!r} is listed twice")
        routines[routine.name] = routine
    missing = sorted(set(PRINTED) - set(routines))
    if missing:
        raise DataFileError(f"{shown_path(path)}: no [[routine]] for {missing[0]!r}, transcribed in chessviz/audit.py PRINTED")
    printed: dict[tuple[str, str], PrintedIntersection] = {}
    for entry in found["intersection"]:
        pair, one = _read_intersection(entry, routines)
        if pair in printed:
            raise entry.fail("lines", f"{list(pair)!r} is listed twice")
        printed[pair] = one
    if set(printed) != set(PAIRS):
        gap = next(pair for pair in PAIRS if pair not in printed)
        raise DataFileError(f"{shown_path(path)}: no [[intersection]] for the lines {list(gap)!r}")
    return tuple(routines.values()), printed


ROUTINES, PRINTED_INTERSECTIONS = load_routines()
ROUTINES_BY_NAME = {routine.name: routine for routine in ROUTINES}
ROUTINE_NAMES = tuple(ROUTINES_BY_NAME)


def routines_answering(question: str) -> list[Routine]:
    """Return the routines that answer one question ("color", "same_color", "same_diagonal"), in page order."""
    return [routine for routine in ROUTINES if routine.answers == question]


@dataclass(frozen=True)
class Answer:
    """What a routine returns for one input, beside the truth."""

    routine: Routine
    args: tuple[int, ...]
    printed: int
    expected: int

    @property
    def correct(self) -> bool:
        return self.printed == self.expected


@dataclass(frozen=True)
class Audited:
    """A routine run on every input: how many it checked, how many it got wrong, ten of those (see examples_of)."""

    routine: Routine
    checked: int
    wrong: int
    examples: tuple[Answer, ...]


def evaluate(name: str, *args: int) -> Answer:
    """Return one routine's printed answer and the truth for one input: isDark(0) prints 1, the truth is 1."""
    routine = ROUTINES_BY_NAME[name]
    return Answer(routine, args, routine.printed(*args), routine.truth(*args))


@dataclass(frozen=True)
class IntersectionAnswer:
    """The page's routine for a pair of line kinds on one pair of squares: the call as printed and its answer."""

    call: str
    answer: Answer

    @property
    def square(self) -> int | None:
        """The square it names, or None for a value off the board (-1 included)."""
        return self.answer.printed if 0 <= self.answer.printed < 64 else None


def printed_intersection(a: int, b: int, line_a: str, line_b: str) -> IntersectionAnswer:
    """Return what the page's routine for (line_a, line_b) answers, with the call as the page would write it.

    e.g. the file of e4 and the rank of c7: ``s1(e4, c7)`` = 52 (e7), correct; the diagonal
    of c7 and the rank of e4: ``intersectRankDia(e4, c7)``, the arguments swapped.
    """
    printed = PRINTED_INTERSECTIONS[(line_a, line_b)]
    args = (b, a) if printed.swapped else (a, b)
    return IntersectionAnswer(
        f"{printed.printed_as}({square_name(args[0])}, {square_name(args[1])})", evaluate(printed.routine, *args)
    )


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
def audit() -> tuple[Audited, ...]:
    """Return the audit of every printed routine (computed once: it is pure)."""
    report = []
    for routine in ROUTINES:
        wrong = []
        checked = 0
        for args in inputs(routine):
            checked += 1
            printed, truth = routine.printed(*args), routine.truth(*args)
            if printed != truth:
                wrong.append(Answer(routine, args, printed, truth))
        report.append(Audited(routine, checked, len(wrong), examples_of(wrong)))
    return tuple(report)


# The readings of a routine whose answer is one of two (a yes or a no; dark or light).
YES_OR_NO = ("boolean", "dark")


def examples_of(wrong: list[Answer], count: int = 10) -> tuple[Answer, ...]:
    """Return up to ``count`` wrong answers to show, in input order: of a yes-or-no routine, the
    first of each way it goes wrong in turn (a yes that should be no, a no that should be yes), so
    that both are shown; of any other, the first ones.

    squaresOnSameDiagonal (& 7) says yes wrongly for b1, a8 and, more often, no for every pair on
    one diagonal given from top to bottom (h8, a1): the first ten wrong inputs are all of the first kind.
    """
    kinds: dict[tuple[int, int] | None, list[int]] = {}
    for i, answer in enumerate(wrong):
        kind = (answer.printed, answer.expected) if answer.routine.reads in YES_OR_NO else None
        kinds.setdefault(kind, []).append(i)
    picked: list[int] = []
    for turn in range(count):
        picked += [indices[turn] for indices in kinds.values() if turn < len(indices)]
    return tuple(wrong[i] for i in sorted(picked[:count]))


def example(name: str, *args: int) -> Answer:
    """Return one input of a routine as the audit lists a wrong example (the routine's first squares only)."""
    routine = ROUTINES_BY_NAME[name]
    if len(args) < routine.arity:
        raise ChessvizError("missing_parameter", f"{name} takes two squares: give b too", "b")
    return evaluate(name, *args[: routine.arity])  # a routine of one square takes a alone


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
        "square_shr3_minus_square": (sq >> 3) - sq,  # C's & 1 of a negative int reads two's complement, as Python's
        "square_shr3_minus_square_bit": ((sq >> 3) - sq) & 1,
        "square_shr3_xor_square": (sq >> 3) ^ sq,
        "square_shr3_xor_square_bit": ((sq >> 3) ^ sq) & 1,
        "nine_sq": 9 * sq,
        "nine_sq_plus8": 9 * sq + 8,
        "nine_sq_binary": format(9 * sq, "010b"),
        "nine_sq_plus8_binary": format(9 * sq + 8, "010b"),
        "nine_sq_plus8_bit3": ((9 * sq + 8) >> 3) & 1,
        "nine_sq_and8": (9 * sq) & 8,
    }
