"""The Intersection Squares page's "0x88 Math", line by line: as printed, and with a and b put in.

Each section of the page derives its routine in a few lines of pseudo-code: ``rankIndex(s) :=
rankIndex(a);`` ... ``s88 := 17*rankIndex(a) - rankIndex(b) + fileIndex(b);``, the test
``if ( s88 & 0x88)`` and the conversion back to a square. :data:`SECTIONS` keeps those lines
as printed (spacing included). :func:`derivation` writes each line again with the numbers of
one pair of squares in place of the names and evaluates what it then says, so the value shown
is the value of the expression shown. Where a printed line is wrong, the true line is given
beside it and evaluated too: two chains run side by side, the page's and the true one.

The names the page never defines are read as :mod:`chessviz.audit` reads them (see the
comment above its ``_prose_routines``): ``sq88`` is ``s88`` (the 0x88 square) and ``sq882`` is
``s88x2`` (twice it). With that reading the conversion is right in the four sections that
compute ``s88``, and halves the file in the diagonal/anti-diagonal section, where ``s88`` is
half of ``s88x2``. Ranks and files of ``s`` may be halves there (lines of different colours
cross between squares): the evaluator works in exact fractions.
See https://www.chessprogramming.org/Intersection_Squares
"""

from __future__ import annotations

import re
from fractions import Fraction
from functools import lru_cache

from .errors import ChessvizError
from .lines import anti_diagonal_index, diagonal_index, intersection_reason, intersection_square
from .squares import Square, check_line_kind, square_file, square_name, square_rank

# The sections in the page's order: (title, line kind of the page's a, of its b, index tables).
_OFF = "Because the intersection of any {} with any {} may off the board, we rely on 0x88 math for a quick test:"
_TAIL = ["if ( s88 & 0x88)", "   intersection off board;", "else", "   sq := ((sq88 >> 1) & 56) + (sq88 & 7);"]

# Each line as printed, or (printed, true) where the printed line is wrong.
SECTIONS: dict[tuple[str, str], dict] = {
    ("file", "rank"): {
        "title": "Rank and File",
        "tables": [],
        "lines": ["s1 := 8*rankIndex(b) + fileIndex(a);", "s1 := (b & 56) + (a & 7);"],
    },
    ("rank", "file"): {
        "title": "Rank and File",
        "tables": [],
        "lines": ["s2 := 8*rankIndex(a) + fileIndex(b);", "s2 := (a & 56) + (b & 7);"],
    },
    ("rank", "diagonal"): {
        "title": "Rank and Diagonal",
        "tables": ["diagonal"],
        "lines": [
            "rankIndex(s) := rankIndex(a);",
            "fileIndex(s) := rankIndex(s) - diagonalIndex(s);",
            "fileIndex(s) := rankIndex(a) - rankIndex(b) + fileIndex(b);",
            _OFF.format("rank", "diagonal"),
            "s88 := 16*rankIndex(s) + fileIndex(s);",
            "s88 := 16*rankIndex(a) + (rankIndex(a) - rankIndex(b) + fileIndex(b));",
            "s88 := 17*rankIndex(a) -  rankIndex(b) + fileIndex(b);",
            *_TAIL,
        ],
    },
    ("file", "diagonal"): {
        "title": "File and Diagonal",
        "tables": ["diagonal"],
        "lines": [
            "fileIndex(s) := fileIndex(a);",
            "rankIndex(s) := fileIndex(s) + diagonalIndex(s);",
            "rankIndex(s) := fileIndex(a) + rankIndex(b) - fileIndex(b);",
            _OFF.format("file", "diagonal"),
            "s88 := 16*rankIndex(s) + fileIndex(s);",
            "s88 := 16*(fileIndex(a) + rankIndex(b) - fileIndex(b)) + fileIndex(a);",
            "s88 := 17*fileIndex(a) + 16*rankIndex(b) - 16*fileIndex(b);",
            *_TAIL,
        ],
    },
    ("rank", "anti_diagonal"): {
        "title": "Rank and Anti-Diagonal",
        "tables": ["anti_diagonal"],
        "lines": [
            "rankIndex(s) := rankIndex(a);",
            "fileIndex(s) := antidiagIndex(s) - rankIndex(s);",
            # The page repeats the rank/diagonal line here: on an anti-diagonal, file = antidiag - rank.
            (
                "fileIndex(s) := rankIndex(a) -  rankIndex(b) + fileIndex(b);",
                "fileIndex(s) := rankIndex(b) + fileIndex(b) - rankIndex(a);",
            ),
            _OFF.format("rank", "anti-diagonal"),
            "s88 := 16*rankIndex(s) + fileIndex(s);",
            (
                "s88 := 16*rankIndex(a) + rankIndex(a) -  rankIndex(b) + fileIndex(b);",
                "s88 := 16*rankIndex(a) + rankIndex(b) + fileIndex(b) - rankIndex(a);",
            ),
            ("s88 := 17*rankIndex(a) - rankIndex(b) + fileIndex(b);", "s88 := 15*rankIndex(a) + rankIndex(b) + fileIndex(b);"),
            *_TAIL,
        ],
    },
    ("file", "anti_diagonal"): {
        "title": "File and Anti-Diagonal",
        "tables": ["anti_diagonal"],
        "lines": [
            "fileIndex(s) := fileIndex(a);",
            "rankIndex(s) := antidiagIndex(s) - fileIndex(s);",
            "rankIndex(s) := rankIndex(b) + fileIndex(b) - fileIndex(a);",
            # The page's slip of the pen (a rank in the file section) is harmless: copied as printed.
            _OFF.format("rank", "anti-diagonal"),
            "s88 := 16*rankIndex(s) + fileIndex(s);",
            "s88 := 16*(rankIndex(b) + fileIndex(b) - fileIndex(a)) + fileIndex(a);",
            "s88 := 16*rankIndex(b) + 16*fileIndex(b) - 15*fileIndex(a);",
            *_TAIL,
        ],
    },
    ("diagonal", "anti_diagonal"): {
        "title": "Diagonal and Anti-Diagonal",
        "tables": ["diagonal", "anti_diagonal"],
        "lines": [
            "For same file and rank of intersection-point s:",
            "rankIndex(s) - diagonalIndex(a) ==  antidiagIndex(b) - rankIndex(s);",
            "fileIndex(s) + diagonalIndex(a) ==  antidiagIndex(b) - fileIndex(s);",
            "and therefor",
            "2*rankIndex(s) == antidiagIndex(b) + diagonalIndex(a);",
            "2*fileIndex(s) == antidiagIndex(b) - diagonalIndex(a);",
            _OFF.format("rank", "anti-diagonal"),
            "s88   = 16*rankIndex(s) + fileIndex(s);",
            "equation times two:",
            "s88x2 = 16*2*rankIndex(s) + 2*fileIndex(s);",
            "s88x2 = 16*(antidiagIndex(b) + diagonalIndex(a)) + (antidiagIndex(b) - diagonalIndex(a) );",
            "s88x2 = 17*antidiagIndex(b) + 15*diagonalIndex(a);",
            "if ( s88x2 & 0x111)",
            "   intersection off board or empty;",
            "else",
            # With sq88 read as s88 (= s88x2 / 2), (sq88>>1) & 7 is half the file; the C routine
            # intersectDiaAnt takes (s88x2>>1) & 7.
            ("   sq := ((sq882 >> 2) & 56) + ((sq88>>1) & 7);", "   sq := ((s88x2 >> 2) & 56) + ((s88x2 >> 1) & 7);"),
        ],
    },
}

# The page's undefined names, as read (resolved when used, so they follow the latest value).
READING = {"sq88": "s88", "sq882": "s88x2"}

_NAME = re.compile(r"\b(rankIndex|fileIndex|diagonalIndex|antidiagIndex)\(([abs])\)|\b(s88x2|sq882|sq88|s88|a|b)\b")
_ASSIGN = re.compile(r"^\s*(?P<name>\w+(?:\([abs]\))?)\s*(?P<op>:?=)(?!=)\s*(?P<expr>.*?);$")
_EQUATION = re.compile(r"^(?P<left>.*?)==(?P<right>.*?);$")
_TEST = re.compile(r"^if \( ?(?P<expr>.*?)\)$")
_TOKEN = re.compile(r"\s*(0x[0-9a-fA-F]+|\d+(?:\.\d+)?|>>|[-+*&()])")


def printed_lines(section: tuple[str, str]) -> list[str]:
    """Return a section's lines as the page prints them (the printed side of each corrected line)."""
    return [line[0] if isinstance(line, tuple) else line for line in SECTIONS[section]["lines"]]


def section_of(line_a: str, line_b: str) -> tuple[tuple[str, str], bool]:
    """Return the page's section for an ordered pair of line kinds, and whether it is read vice versa.

    "Rank and Diagonal, or vice versa Diagonal and Rank": the diagonal of a with the rank of b
    is that section with the page's a standing for b. Rank and file has a line for each order.
    """
    check_line_kind(line_a)
    check_line_kind(line_b)
    if line_a == line_b:
        raise ChessvizError("same_line_kind", f"line_a and line_b must differ, both are {line_a!r}", "line_b")
    if (line_a, line_b) in SECTIONS:
        return (line_a, line_b), False
    return (line_b, line_a), True


@lru_cache(maxsize=1024)
def _written(numerator: int, denominator: int) -> str:
    """Write a value as the substituted line shows it: 3, (-2), 3.5, (-0.5). The same few values recur
    in every derivation: written once each, keyed by two ints (quick to hash, unlike a Fraction)."""
    text = str(numerator) if denominator == 1 else str(numerator / denominator)
    return f"({text})" if numerator < 0 else text


class _Parser:
    """Evaluate an arithmetic expression of numbers with C's precedence: * then + - then >> then &."""

    def __init__(self, text: str):
        self.tokens, position = [], 0
        text = text.rstrip()
        while position < len(text):
            match = _TOKEN.match(text, position)
            if not match:
                raise ValueError(f"cannot read {text[position:]!r}")
            self.tokens.append(match.group(1))
            position = match.end()
        self.at = 0

    def value(self) -> Fraction:
        result = self._and()
        if self.at != len(self.tokens):
            raise ValueError(f"unexpected {self.tokens[self.at]!r}")
        return result

    def _peek(self) -> str | None:
        return self.tokens[self.at] if self.at < len(self.tokens) else None

    def _take(self) -> str:
        self.at += 1
        return self.tokens[self.at - 1]

    def _and(self) -> Fraction:
        left = self._shift()
        while self._peek() == "&":
            self._take()
            left = Fraction(_whole(left) & _whole(self._shift()))
        return left

    def _shift(self) -> Fraction:
        left = self._sum()
        while self._peek() == ">>":
            self._take()
            left = Fraction(_whole(left) >> _whole(self._sum()))
        return left

    def _sum(self) -> Fraction:
        left = self._product()
        while self._peek() in ("+", "-"):
            left = left + self._product() if self._take() == "+" else left - self._product()
        return left

    def _product(self) -> Fraction:
        left = self._unary()
        while self._peek() == "*":
            self._take()
            left *= self._unary()
        return left

    def _unary(self) -> Fraction:
        token = self._take()
        if token == "-":
            return -self._unary()
        if token == "(":
            inner = self._and()
            if self._take() != ")":
                raise ValueError("unbalanced parentheses")
            return inner
        return Fraction(int(token, 16)) if token.startswith("0x") else Fraction(token)


@lru_cache(maxsize=1 << 16)
def _evaluate(text: str) -> Fraction:
    """Return the value of a substituted expression (the same few thousand recur: cached)."""
    return _Parser(text).value()


def _whole(value: Fraction) -> int:
    if value.denominator != 1:
        raise ValueError(f"bit operation on {value}, not a whole number")
    return value.numerator


def _json_number(value: Fraction) -> int | float:
    return value.numerator if value.denominator == 1 else float(value)


class _Chain:
    """One run through a section's lines: the names known so far and their values."""

    def __init__(self, known: dict[str, Fraction]):
        self.known = dict(known)
        self.branch: bool | None = None  # None before the test; then whether the test is non-zero
        self.in_else = False
        self.result: int | None = None

    def copy(self) -> _Chain:
        chain = _Chain(self.known)
        chain.branch, chain.in_else, chain.result = self.branch, self.in_else, self.result
        return chain

    def substitute(self, text: str) -> str:
        template, names = _template(text)
        values = [self.known[name] for name in names]
        return template.format(*[_written(v.numerator, v.denominator) for v in values])

    def reached(self, indented: bool) -> bool:
        if self.branch is None or not indented:
            return True
        return self.branch != self.in_else

    def run(self, line: str) -> dict | None:
        """Evaluate one line; return {"reached", "with", "value", ...} or None for a line of prose."""
        kind, indented, parts = _parsed(line)
        if kind == "else":
            self.in_else = True
            return {"reached": self.branch is False, "with": None, "value": None}
        if kind == "test":
            written = self.substitute(parts[0])
            masked = _whole(_evaluate(written))
            self.branch = masked != 0
            return {"reached": True, "with": f"if ( {written.strip()})", "value": masked}
        if kind == "off_board":
            reached = self.reached(indented)
            if reached:
                self.result = -1
            return {"reached": reached, "with": None, "value": None}
        if kind == "assign":
            if not self.reached(indented):
                return {"reached": False, "with": None, "value": None}
            name, op, expr = parts
            written = self.substitute(expr)
            value = _evaluate(written)
            self.known[name] = value
            if name in ("sq", "s1", "s2"):
                self.result = _whole(value)
            return {"reached": True, "with": f"{name} {op} {written}", "value": _json_number(value)}
        if kind == "equation":
            left, right = self.substitute(parts[0]), self.substitute(parts[1])
            sides = [_evaluate(left), _evaluate(right)]
            return {
                "reached": True,
                "with": f"{left.strip()} == {right.strip()}",
                "value": sides[0] == sides[1],
                "sides": [_json_number(side) for side in sides],
            }
        return None


@lru_cache(maxsize=1024)
def _parsed(line: str) -> tuple[str, bool, tuple[str, ...]]:
    """Return what a printed line is (else, test, off_board, assign, equation or prose), whether it is
    indented, and its parts: read once per line, not once per derivation."""
    indented = line.startswith(" ")
    if line == "else":
        return "else", indented, ()
    if match := _TEST.match(line):
        return "test", indented, (match.group("expr"),)
    if line.strip().startswith("intersection off board"):
        return "off_board", indented, ()
    if match := _ASSIGN.match(line):
        return "assign", indented, (match.group("name"), match.group("op"), match.group("expr"))
    if match := _EQUATION.match(line):
        return "equation", indented, (match.group("left"), match.group("right"))
    return "prose", indented, ()


@lru_cache(maxsize=1024)
def _template(text: str) -> tuple[str, tuple[str, ...]]:
    """Return a line's text as a format string with a slot per name, and the names in order (read once per line)."""
    names: list[str] = []

    def slot(match: re.Match) -> str:
        names.append(READING.get(match.group(0), match.group(0)))
        return "{}"

    return _NAME.sub(slot, text.replace("{", "{{").replace("}", "}}")), tuple(names)


def _known(a: Square, b: Square, section: tuple[str, str]) -> dict[str, Fraction]:
    """The values the page's names take for the page's a and b (and s, where the lines need it)."""
    known: dict[str, Fraction] = {"a": Fraction(a), "b": Fraction(b)}
    for letter, sq in (("a", a), ("b", b)):
        known[f"rankIndex({letter})"] = Fraction(square_rank(sq))
        known[f"fileIndex({letter})"] = Fraction(square_file(sq))
        known[f"diagonalIndex({letter})"] = Fraction(diagonal_index(sq))
        known[f"antidiagIndex({letter})"] = Fraction(anti_diagonal_index(sq))
    # s lies on the page's a's line and on its b's line: it shares their indices.
    for kind, letter in zip(section, "ab", strict=True):
        if kind == "diagonal":
            known["diagonalIndex(s)"] = known[f"diagonalIndex({letter})"]
        if kind == "anti_diagonal":
            known["antidiagIndex(s)"] = known[f"antidiagIndex({letter})"]
    if section == ("diagonal", "anti_diagonal"):
        # The crossing point of the two lines, which the section's equations describe: a half
        # rank and file where the lines have different colours.
        known["rankIndex(s)"] = (known["antidiagIndex(b)"] + known["diagonalIndex(a)"]) / 2
        known["fileIndex(s)"] = (known["antidiagIndex(b)"] - known["diagonalIndex(a)"]) / 2
    return known


def _outcome(value: int) -> dict:
    return {"value": value, "square": square_name(value) if 0 <= value < 64 else None}


def derivation(a: Square, b: Square, line_a: str, line_b: str) -> dict:
    """Return the page's derivation for the line_a through a and the line_b through b, with numbers.

    e.g. the rank of a1 and the anti-diagonal of a2: the page's third line gives
    ``fileIndex(s) := 0 -  1 + 0`` = -1 where the true line gives 1 + 0 - 0 = 1, and the
    printed chain ends off the board where the true one ends on b1.
    """
    section, vice_versa = section_of(line_a, line_b)
    page_a, page_b = (b, a) if vice_versa else (a, b)
    spec = SECTIONS[section]
    printed_chain = _Chain(_known(page_a, page_b, section))
    # Until the first wrong line the true chain is the printed one, step for step: it is run once
    # and copied where the lines part (10 of the 12 sections have no wrong line).
    true_chain: _Chain | None = None
    steps = []
    for entry in spec["lines"]:
        printed, true = entry if isinstance(entry, tuple) else (entry, entry)
        if true_chain is None and printed != true:
            true_chain = printed_chain.copy()
        as_printed = printed_chain.run(printed)
        truth = as_printed if true_chain is None else true_chain.run(true)
        steps.append(
            {
                "line": printed,
                "wrong": printed != true,
                "true_line": true if printed != true else None,
                "printed": as_printed,
                "truth": truth,
            }
        )
    truth_square = intersection_square(a, b, line_a, line_b)
    return {
        "section": spec["title"],
        "vice_versa": vice_versa,
        "a": square_name(page_a),
        "b": square_name(page_b),
        "tables": spec["tables"],
        "reading": dict(READING),
        "steps": steps,
        "printed_result": _outcome(printed_chain.result),
        "true_result": _outcome((true_chain or printed_chain).result),
        "square": square_name(truth_square) if truth_square is not None else None,
        "reason": intersection_reason(a, b, line_a, line_b),
        "wrong_lines": sum(step["wrong"] for step in steps),
    }
