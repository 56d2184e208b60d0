"""The code chapter's tasks: write the devlog's functions (and three wiki routines) yourself.

Each task names a JavaScript function (or class) the student writes, the inputs it is
checked on (every pair on a line, every square, or every square with many occupancies)
and the truth for each input, computed here by the project's engine and audit. Bitboards
are in the devlog's mapping (``lerbef``: h1 is bit 0, a1 is bit 7) as the devlog's p5.js
code uses them; the wiki routines take LERF square indices 0..63 as the wiki's C does.
The student's code never reaches the server: the browser runs it in a Web Worker and
compares its answers with these.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache

from .audit import ROUTINES_BY_NAME, audit
from .errors import ChessvizError, one_of
from .sliding import attacks, devlog_ray, shift_ray, slide_steps
from .squares import (
    BB_ALL,
    LINE_KINDS,
    SQUARES,
    bit_of,
    convert,
    format_bitboard,
    line_mask,
    line_squares,
    square_file,
    square_name,
    square_rank,
)

MAPPING = "lerbef"
BB = format_bitboard


@dataclass(frozen=True)
class Printed:
    """Code the source prints for a task, and what the audit knows about it."""

    label: str
    code: str
    note: str
    # Python's account of the printed code on every input: (wrong count, first wrong index),
    # or None when the code cannot run at all (then ``throws`` says what it throws).
    measure: Callable[[], tuple[int, int | None]] | None = None
    throws: str | None = None


@dataclass(frozen=True)
class Task:
    id: str
    part: str  # "devlog" or "wiki"
    source: str
    statement: tuple[str, ...]
    entry: str  # the function or class the student defines
    call: str  # "function" (entry(...args)) or "piece" (new entry(...).getMoves(board))
    args: tuple[str, ...]  # argument names, in order
    result: str  # "bitboard", "boolean" or "square"
    stub: str
    solution: str
    chapter: str  # the chapter that shows one input
    inputs: Callable[[], list[tuple]]
    truth: Callable[..., object]
    link: Callable[..., dict]  # the chapter's query for one input
    describe: Callable[..., str]
    printed: tuple[Printed, ...] = field(default_factory=tuple)


# --- inputs -------------------------------------------------------------------------------


def _pairs_on(kinds: tuple[str, ...]) -> list[tuple[int, int]]:
    """Every ordered pair of different squares sharing a line of one of ``kinds``, a1 first."""
    return [(a, b) for a in SQUARES for b in SQUARES if a != b and any(b in line_squares(a, kind) for kind in kinds)]


def _occupancies(seed: str, count: int) -> list[int]:
    """Return ``count`` occupancies (LERF): the empty board, the full board, then seeded random
    ones from sparse to dense, the same on every run."""
    rng = random.Random(seed)
    boards = [0, BB_ALL]
    while len(boards) < count:
        density = (len(boards) % 7 + 1) / 10  # 0.1 .. 0.7
        boards.append(sum(1 << sq for sq in SQUARES if rng.random() < density))
    return boards


def _bit(sq: int) -> int:
    return 1 << bit_of(sq, MAPPING)


# Ray tasks: inputs (start bitboard, destination bitboard) in lerbef, named by their squares.
def _ray_inputs(kinds):
    return lambda: [(_bit(a), _bit(b)) for a, b in _pairs_on(kinds)]


def _square_of(bb: int) -> int:
    return bb.bit_length() - 1 ^ 7  # lerbef bit -> LERF square


def _ray_truth(start: int, destination: int) -> int:
    return shift_ray(_square_of(start), _square_of(destination), MAPPING)["ray"]


def _ray_link(start: int, destination: int) -> dict:
    return {"from": square_name(_square_of(start)), "to": square_name(_square_of(destination))}


def _ray_describe(entry: str):
    return lambda start, destination: f"{entry}({square_name(_square_of(start))}, {square_name(_square_of(destination))})"


def _printed_loop_measure(task_id: str):
    """Count the pairs where the devlog's printed loop (shift 1) does not return the true ray."""

    def measure():
        wrong = [
            i
            for i, (s, d) in enumerate(inputs_of(task_id))
            if (lambda run: run["outcome"] != "reached" or run["ray"] != _ray_truth(s, d))(
                devlog_ray(_square_of(s), _square_of(d), MAPPING)
            )
        ]
        return len(wrong), (wrong[0] if wrong else None)

    return measure


# The negative-ray task: (occupied without the slider, slider, mask) over every square, line
# and 16 occupancies.
def _negative_inputs():
    out = []
    for sq in SQUARES:
        for line in LINE_KINDS:
            for occ in _occupancies(f"negative-{sq}-{line}", 16):
                r = _bit(sq)
                out.append((convert(occ, "lerf", MAPPING) & ~r & BB_ALL, r, line_mask(sq, line, MAPPING)))
    return out


def _slide_of(occupied: int, r: int, m: int) -> dict:
    sq = _square_of(r)
    line = next(kind for kind in LINE_KINDS if line_mask(sq, kind, MAPPING) == m)
    return {step["id"]: step["value"] for step in slide_steps(sq, occupied, line, MAPPING)}, line


def _negative_truth(occupied: int, r: int, m: int) -> int:
    return _slide_of(occupied, r, m)[0]["negative"]


def _negative_link(occupied: int, r: int, m: int) -> dict:
    sq = _square_of(r)
    values, line = _slide_of(occupied, r, m)
    step = [s["id"] for s in slide_steps(sq, occupied, line, MAPPING)].index("negative")
    return {"sq": square_name(sq), "occ": hex(convert(occupied, MAPPING, "lerf")), "line": line, "step": step}


def _negative_describe(occupied: int, r: int, m: int) -> str:
    sq = _square_of(r)
    line = _slide_of(occupied, r, m)[1].replace("_", "-")
    return f"getNegativeRay(occupied = {BB(occupied)}, position = {square_name(sq)}, mask = the {line} through {square_name(sq)})"


def _printed_negative_measure():
    steps = (_slide_of(*args)[0] for args in inputs_of("negative"))
    wrong = [i for i, v in enumerate(steps) if v["negative_as_printed"] != v["negative"]]
    return len(wrong), (wrong[0] if wrong else None)


# Piece tasks: (rank 1..8, file 1..8, occupied incl. the piece, own pieces incl. the piece).
def _piece_inputs(piece: str):
    def inputs():
        out = []
        for sq in SQUARES:
            rng = random.Random(f"{piece}-own-{sq}")
            for occ in _occupancies(f"{piece}-{sq}", 64):
                occupied = convert(occ, "lerf", MAPPING) | _bit(sq)
                own = _bit(sq) | (occupied & rng.getrandbits(64))
                out.append((square_rank(sq) + 1, square_file(sq) + 1, occupied, own))
        return out

    return inputs


def _piece_square(rank: int, file: int) -> int:
    return 8 * (rank - 1) + (file - 1)


def _piece_truth(piece: str):
    return lambda rank, file, occupied, own: attacks(piece, _piece_square(rank, file), occupied, own, MAPPING)["moves"]


def _piece_fen(piece: str, rank: int, file: int, occupied: int, own: int) -> str:
    """Return the board as a FEN: the white piece, its own pieces as white pawns, the rest black pawns."""
    sq = _piece_square(rank, file)
    rows = []
    for r in range(7, -1, -1):
        row, empty = "", 0
        for f in range(8):
            s = 8 * r + f
            bit = 1 << bit_of(s, MAPPING)
            letter = "" if not occupied & bit else piece[0].upper() if s == sq else "P" if own & bit else "p"
            if letter:
                row += (str(empty) if empty else "") + letter
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)


def _piece_link(piece: str):
    # The game board in free mode: a slider's moves there are its attacks minus its own colour.
    return lambda rank, file, occupied, own: {
        "fen": _piece_fen(piece, rank, file, occupied, own),
        "sel": square_name(_piece_square(rank, file)),
    }


def _piece_describe(entry: str):
    return lambda rank, file, occupied, own: (
        f"new {entry}(WHITE, {rank}, {file}) on {square_name(_piece_square(rank, file))}, "
        f"board.getOccupied() = {BB(occupied)}, board.getOccupied(WHITE) = {BB(own)}"
    )


# Wiki routines: LERF square indices, as the C prints them.
def _all_pairs():
    return [(a, b) for a in SQUARES for b in SQUARES]


def _audit_measure(name: str):
    def measure():
        routine = ROUTINES_BY_NAME[name]
        wrong = [i for i, args in enumerate(_inputs_of(routine.arity)) if routine.printed(*args) != routine.truth(*args)]
        known = next(r for r in audit() if r["name"] == name)
        assert known["wrong"] == len(wrong)  # the same count /api/routines reports
        return len(wrong), (wrong[0] if wrong else None)

    return measure


def _inputs_of(arity: int):
    return [(sq,) for sq in SQUARES] if arity == 1 else _all_pairs()


# --- the JavaScript texts -----------------------------------------------------------------

_JSDOC_RAY = """/**
* @param {bigint} startSquare
* @param {bigint} destinationSquare
* @returns {bigint} Ray between start and destination square
*/"""

# The devlog's getHorizontalRay exactly as its sketch bit-shifting.js prints it.
PRINTED_HORIZONTAL = """/**
* @param {bigint} startSquare
* @param {bigint} destinationSquare
* @returns {bigint} Ray between start and destination square
*/
function getHorizontalRay(startSquare, destinationSquare) {
let ray = 0n;
//incrementally add bits to the ray
let i = 0;
let shiftedBit = 0n;
while (shiftedBit !== destinationSquare) {
if (startSquare < destinationSquare) {
//destination is to the left
shiftedBit = startSquare << BigInt(1 * i);
} else {
//destination is to the right
shiftedBit = startSquare >> BigInt(1 * i);
}
ray = ray | shiftedBit;
i++;
}
return ray;
}
"""


def _ray_stub(entry: str) -> str:
    return f"{_JSDOC_RAY}\nfunction {entry}(startSquare, destinationSquare) {{\n\t//your code goes here...\n}}\n"


def _renamed_printed(entry: str) -> str:
    return PRINTED_HORIZONTAL.replace("getHorizontalRay", entry)


SOLUTION_HORIZONTAL = f"""{_JSDOC_RAY}
function getHorizontalRay(startSquare, destinationSquare) {{
\t// In the devlog's mapping a bigger one-bit number lies further left on a rank.
\tconst left = destinationSquare > startSquare;
\tlet ray = startSquare;
\tlet shiftedBit = startSquare;
\twhile (shiftedBit !== destinationSquare) {{
\t\tshiftedBit = left ? shiftedBit << 1n : shiftedBit >> 1n;
\t\tray = ray | shiftedBit;
\t}}
\treturn ray;
}}
"""

SOLUTION_VERTICAL = f"""{_JSDOC_RAY}
function getVerticalRay(startSquare, destinationSquare) {{
\t// One rank up is 8 bits higher: shift by 8, up when the destination's bit is higher.
\tconst up = destinationSquare > startSquare;
\tlet ray = startSquare;
\tlet shiftedBit = startSquare;
\twhile (shiftedBit !== destinationSquare) {{
\t\tshiftedBit = up ? shiftedBit << 8n : shiftedBit >> 8n;
\t\tray = ray | shiftedBit;
\t}}
\treturn ray;
}}
"""

SOLUTION_DIAGONAL = f"""{_JSDOC_RAY}
function getDiagonalRay(startSquare, destinationSquare) {{
\t// Bit numbers: the length of the binary string, minus one.
\tconst from = startSquare.toString(2).length - 1;
\tconst to = destinationSquare.toString(2).length - 1;
\t// Neighbours on an a1-h8 diagonal are 7 bits apart in this mapping, on an h1-a8 one 9.
\t// Only 63 is a multiple of both, and only h1-a8 spans it.
\tconst shift = BigInt(Math.abs(to - from) % 9 === 0 ? 9 : 7);
\tconst up = to > from;
\tlet ray = startSquare;
\tlet shiftedBit = startSquare;
\twhile (shiftedBit !== destinationSquare) {{
\t\tshiftedBit = up ? shiftedBit << shift : shiftedBit >> shift;
\t\tray = ray | shiftedBit;
\t}}
\treturn ray;
}}
"""

_JSDOC_NEGATIVE = """/**
* @param {bigint} occupied  o: the occupied squares (the sliding piece's own square left out)
* @param {bigint} position  r: the sliding piece, one bit
* @param {bigint} mask      m: the whole line through the piece, its square included
* @returns {bigint} n: the negative ray, up to and including the first blocker
*/"""

STUB_NEGATIVE = f"{_JSDOC_NEGATIVE}\nfunction getNegativeRay(occupied, position, mask) {{\n\t//your code goes here... reverseBitboard(x) is there to use\n}}\n"  # noqa: E501

SOLUTION_NEGATIVE = f"""{_JSDOC_NEGATIVE}
function getNegativeRay(occupied, position, mask) {{
\tconst blockers = occupied & mask;
\t// Reverse every term, run the positive ray's trick, and reverse back:
\t// the XOR takes the reversed occupancy too.
\tconst reversed = reverseBitboard(blockers) - 2n * reverseBitboard(position);
\treturn reverseBitboard(reversed ^ reverseBitboard(occupied)) & mask;
}}
"""

# n = [(b'' - 2*r'') xor o]'' & m, the devlog's "Final equation" transcribed term by term.
PRINTED_NEGATIVE = f"""{_JSDOC_NEGATIVE}
function getNegativeRay(occupied, position, mask) {{
\t// The devlog's final equation, term by term:  b = o & m
\t// n = [(b'' - 2 * r'') xor o]'' & m
\tlet blockers = occupied & mask;
\treturn reverseBitboard((reverseBitboard(blockers) - 2n * reverseBitboard(position)) ^ occupied) & mask;
}}
"""

_PIECE_RAYS = {
    "Bishop": "[getDiagonal(this.rank, this.file), getAntiDiagonal(this.rank, this.file)]",
    "Queen": "[getFile(this.file), getRank(this.rank), getDiagonal(this.rank, this.file), getAntiDiagonal(this.rank, this.file)]",
}


def _piece_stub(entry: str) -> str:
    return f"""class {entry} extends SlidingPiece {{
\tgetType() {{
\t\treturn E_PieceType.{entry};
\t}}

\t/**
\t* @param {{BoardImplementation}} board
\t* @returns Array of legal moves
\t*/
\tgetMoves(board) {{
\t\treturn super.getMoves(board);
\t}}

\tgetSlidingRays() {{
\t\t//your code goes here...
\t}}
}}
"""


def _piece_solution(entry: str) -> str:
    return _piece_stub(entry).replace("\t\t//your code goes here...", f"\t\treturn {_PIECE_RAYS[entry]};")


def _piece_printed(entry: str) -> str:
    """The devlog's SlidingPiece.getMoves exactly as printed (it reads ``mask``), in the piece."""
    return f"""class {entry} extends SlidingPiece {{
\tgetType() {{
\t\treturn E_PieceType.{entry};
\t}}

\t// SlidingPiece.getMoves exactly as the devlog prints it
\tgetMoves(board) {{
\t\tlet occupied = board.getOccupied();
\t\tlet rays = this.getSlidingRays();
\t\tlet position = this.position;
\t\tlet slidingMoves = 0n;
\t\t//calculate moves in every direction
\t\trays.forEach(ray => {{
\t\t\tlet blockers = occupied & mask;
\t\t\tlet positiveRay = ((blockers - 2n * position) ^ occupied) & mask;
\t\t\tlet negativeRay = (reverseBitboard((reverseBitboard(blockers) - 2n * reverseBitboard(position))) ^ occupied) & mask;
\t\t\tslidingMoves = positiveRay | negativeRay | slidingMoves;
\t\t}});
\t\treturn slidingMoves & ~board.getOccupied(this.color);
\t}}

\tgetSlidingRays() {{
\t\treturn {_PIECE_RAYS[entry]};
\t}}
}}
"""


def _wiki_stub(signature: str, doc: str) -> str:
    return f"{doc}\n{signature} {{\n\t//your code goes here...\n}}\n"


SAME_DIAGONAL_DOC = (
    "// sq1, sq2: square indices 0..63 (a1 = 0, h1 = 7, h8 = 63)\n// true when both lie on one diagonal (the a1-h8 direction)"
)
COLOR_DOC = "// square: a square index 0..63 (a1 = 0, h1 = 7, h8 = 63)\n// true for a dark square (a1 is dark)"
INTERSECT_DOC = (
    "// a, b: square indices 0..63 (a1 = 0, h1 = 7, h8 = 63)\n"
    "// the square where the rank of a meets the anti-diagonal of b, or -1 if they do not meet on the board"
)


# --- the tasks ----------------------------------------------------------------------------


def _tasks() -> list[Task]:
    rank, file = ("rank",), ("file",)
    diagonals = ("diagonal", "anti_diagonal")
    same_diag = ROUTINES_BY_NAME["squaresOnSameDiagonal (& 7)"]
    dark = ROUTINES_BY_NAME["isDark"]
    intersect = ROUTINES_BY_NAME["intersectRankAnt"]
    return [
        Task(
            "horizontal",
            "devlog",
            "the sliding-pieces devlog, Exercise: Implement the getHorizontalRay function",
            (
                "You are given two bitboards that represent the start and destination square, and you have to "
                "calculate a ray between both.",
                "Both squares lie on one rank. The ray includes both of them, as the devlog's loop collects them. "
                "Bitboards are BigInts in the devlog's mapping: h1 is bit 0, a1 is bit 7, a8 is bit 63.",
            ),
            "getHorizontalRay",
            "function",
            ("startSquare", "destinationSquare"),
            "bitboard",
            _ray_stub("getHorizontalRay"),
            SOLUTION_HORIZONTAL,
            "shift-ray",
            _ray_inputs(rank),
            _ray_truth,
            _ray_link,
            _ray_describe("getHorizontalRay"),
            (
                Printed(
                    "The devlog's getHorizontalRay, as printed",
                    PRINTED_HORIZONTAL,
                    "The devlog's own loop, copied from its sketch bit-shifting.js.",
                    _printed_loop_measure("horizontal"),
                ),
            ),
        ),
        Task(
            "vertical",
            "devlog",
            "the sliding-pieces devlog, Exercise: Implement the getVerticalRay and getDiagonalRay function",
            (
                "How would this look for vertical rays? The logic stays the same. We just have to shift more than "
                "one square to get to the proper result.",
                "Both squares lie on one file; the ray includes both. Bitboards in the devlog's mapping: h1 is "
                "bit 0, a1 is bit 7, a8 is bit 63.",
            ),
            "getVerticalRay",
            "function",
            ("startSquare", "destinationSquare"),
            "bitboard",
            _ray_stub("getVerticalRay"),
            SOLUTION_VERTICAL,
            "shift-ray",
            _ray_inputs(file),
            _ray_truth,
            _ray_link,
            _ray_describe("getVerticalRay"),
            (
                Printed(
                    "The devlog's loop with only the name changed",
                    _renamed_printed("getVerticalRay"),
                    "The printed loop still shifts by 1: on a file it runs along the ranks, over the board's "
                    "edge, until it meets the destination, and collects every square on the way.",
                    _printed_loop_measure("vertical"),
                ),
            ),
        ),
        Task(
            "diagonal",
            "devlog",
            "the sliding-pieces devlog, Exercise: Implement the getVerticalRay and getDiagonalRay function",
            (
                "How would this look for diagonal rays? The logic stays the same. We just have to shift more than "
                "one square to get to the proper result.",
                "Both squares lie on one diagonal, of either direction; the ray includes both. Bitboards in the "
                "devlog's mapping: h1 is bit 0, a1 is bit 7, a8 is bit 63.",
            ),
            "getDiagonalRay",
            "function",
            ("startSquare", "destinationSquare"),
            "bitboard",
            _ray_stub("getDiagonalRay"),
            SOLUTION_DIAGONAL,
            "shift-ray",
            _ray_inputs(diagonals),
            _ray_truth,
            _ray_link,
            _ray_describe("getDiagonalRay"),
            (
                Printed(
                    "The devlog's loop with only the name changed",
                    _renamed_printed("getDiagonalRay"),
                    "The printed loop still shifts by 1: it runs along the ranks, over the board's edge, and "
                    "collects every square between the two bits.",
                    _printed_loop_measure("diagonal"),
                ),
            ),
        ),
        Task(
            "negative",
            "devlog",
            "the sliding-pieces devlog, Positive and negative rays; Final equation",
            (
                "Bit propagation only runs towards higher bits, so o^(o-2r) gives the positive rays. For the "
                "negative rays, reverse all the elements in the equation: a reversed bitboard's first bit is the "
                "old last one.",
                "Write the negative ray of a sliding piece along one line: the squares towards lower bits up to and "
                "including the first blocker. reverseBitboard(x) reverses 64 bits for you. Bitboards in the "
                "devlog's mapping: h1 is bit 0, a1 is bit 7, a8 is bit 63.",
            ),
            "getNegativeRay",
            "function",
            ("occupied", "position", "mask"),
            "bitboard",
            STUB_NEGATIVE,
            SOLUTION_NEGATIVE,
            "hyperbola",
            _negative_inputs,
            _negative_truth,
            _negative_link,
            _negative_describe,
            (
                Printed(
                    "The devlog's final equation for n, term by term",
                    PRINTED_NEGATIVE,
                    "The equation XORs the unreversed o; its SlidingPiece code XORs after reversing back, which is right.",
                    _printed_negative_measure,
                ),
            ),
        ),
        Task(
            "bishop",
            "devlog",
            "the sliding-pieces devlog, Exercise: Implement the derived classes of the Queen and the Bishop",
            (
                "Each type of piece specifies the directions it can slide; the Rook returns "
                "[getFile(this.file), getRank(this.rank)]. Implement the Bishop.",
                "SlidingPiece (its getMoves with the o^(o-2r) trick, mask read as ray), getRank(rank), "
                "getFile(file), getDiagonal(rank, file) and getAntiDiagonal(rank, file) are there to use; rank and "
                "file count from 1, a piece on e4 has rank 4 and file 5. Its moves exclude its own colour's squares.",
            ),
            "Bishop",
            "piece",
            ("rank", "file", "occupied", "own"),
            "bitboard",
            _piece_stub("Bishop"),
            _piece_solution("Bishop"),
            "game",
            _piece_inputs("bishop"),
            _piece_truth("bishop"),
            _piece_link("bishop"),
            _piece_describe("Bishop"),
            (
                Printed(
                    "With the devlog's SlidingPiece.getMoves as printed",
                    _piece_printed("Bishop"),
                    "The printed getMoves reads mask, which it never defines: the first call throws. Read as "
                    "ray, the same code is right on every input.",
                    throws="ReferenceError",
                ),
            ),
        ),
        Task(
            "queen",
            "devlog",
            "the sliding-pieces devlog, Exercise: Implement the derived classes of the Queen and the Bishop",
            (
                "Each type of piece specifies the directions it can slide; the Rook returns "
                "[getFile(this.file), getRank(this.rank)]. Implement the Queen.",
                "SlidingPiece (its getMoves with the o^(o-2r) trick, mask read as ray), getRank(rank), "
                "getFile(file), getDiagonal(rank, file) and getAntiDiagonal(rank, file) are there to use; rank and "
                "file count from 1, a piece on e4 has rank 4 and file 5. Its moves exclude its own colour's squares.",
            ),
            "Queen",
            "piece",
            ("rank", "file", "occupied", "own"),
            "bitboard",
            _piece_stub("Queen"),
            _piece_solution("Queen"),
            "game",
            _piece_inputs("queen"),
            _piece_truth("queen"),
            _piece_link("queen"),
            _piece_describe("Queen"),
            (
                Printed(
                    "With the devlog's SlidingPiece.getMoves as printed",
                    _piece_printed("Queen"),
                    "The printed getMoves reads mask, which it never defines: the first call throws. Read as "
                    "ray, the same code is right on every input.",
                    throws="ReferenceError",
                ),
            ),
        ),
        Task(
            "same-diagonal",
            "wiki",
            "Chessprogramming wiki, Diagonals",
            (
                "Two squares are on the same diagonal if their file distance equals their rank distance, "
                "along the a1-h8 direction: rank minus file is the same for both.",
                "Squares are indices 0..63 as the wiki's C has them (a1 = 0, h1 = 7, h8 = 63); JavaScript's "
                "&, >> and % on small numbers behave as C's int does. Return true or false.",
            ),
            "squaresOnSameDiagonal",
            "function",
            ("sq1", "sq2"),
            "boolean",
            _wiki_stub("function squaresOnSameDiagonal(sq1, sq2)", SAME_DIAGONAL_DOC),
            f"{SAME_DIAGONAL_DOC}\nfunction squaresOnSameDiagonal(sq1, sq2) {{\n\treturn ((sq2 >> 3) - (sq2 & 7)) === ((sq1 >> 3) - (sq1 & 7));\n}}\n",  # noqa: E501
            "diagonals",
            _all_pairs,
            same_diag.truth,
            same_diag.link,
            lambda a, b: f"squaresOnSameDiagonal({a} = {square_name(a)}, {b} = {square_name(b)})",
            (
                Printed(
                    "The page's first routine, as printed (& 7)",
                    f"{SAME_DIAGONAL_DOC}\nfunction squaresOnSameDiagonal(sq1, sq2) {{\n\treturn ((sq2 - sq1) & 7) == ((sq2>>3) - (sq1>>3));\n}}\n",  # noqa: E501
                    "The Diagonals page's C with bool and int written as function.",
                    _audit_measure("squaresOnSameDiagonal (& 7)"),
                ),
                Printed(
                    "The page's second routine, as printed (% 9)",
                    f"{SAME_DIAGONAL_DOC}\nfunction squaresOnSameDiagonal(sq1, sq2) {{\n\treturn ((sq2 - sq1) % 9) == 0;\n}}\n",
                    "The Diagonals page's C with bool and int written as function.",
                    _audit_measure("squaresOnSameDiagonal (% 9)"),
                ),
            ),
        ),
        Task(
            "color",
            "wiki",
            "Chessprogramming wiki, Color of a Square",
            (
                "Return whether a square is dark. a1 is dark, and the colours alternate along every rank and file.",
                "The square is an index 0..63 as the wiki's C has it (a1 = 0, h1 = 7, h8 = 63). Return true or false.",
            ),
            "isDark",
            "function",
            ("square",),
            "boolean",
            _wiki_stub("function isDark(square)", COLOR_DOC),
            f"{COLOR_DOC}\nfunction isDark(square) {{\n\t// a1 is dark and rank + file is even there\n\treturn (((square >> 3) + (square & 7)) & 1) === 0;\n}}\n",  # noqa: E501
            "colors",
            lambda: [(sq,) for sq in SQUARES],
            dark.truth,
            dark.link,
            lambda sq: f"isDark({sq} = {square_name(sq)})",
            (
                Printed(
                    "The page's isDark, as printed",
                    f"{COLOR_DOC}\nfunction isDark(square) {{\n\t//return (( 9 * square + 8) & 8) != 0;\n\treturn (( 9 * square) & 8) == 0;\n}}\n",  # noqa: E501
                    "The Color of a Square page's C with bool and enumSquare written as function.",
                    _audit_measure("isDark"),
                ),
            ),
        ),
        Task(
            "intersection",
            "wiki",
            "Chessprogramming wiki, Intersection Squares",
            (
                "Return the square where the rank of square a meets the anti-diagonal of square b, or -1 if "
                "they do not meet on the board.",
                "Squares are indices 0..63 as the wiki's C has them (a1 = 0, h1 = 7, h8 = 63). The page works in "
                "0x88 coordinates (16 * rank + file) where a square off the board shows in bits 3 and 7.",
            ),
            "intersectRankAnt",
            "function",
            ("a", "b"),
            "square",
            _wiki_stub("function intersectRankAnt(a, b)", INTERSECT_DOC),
            f"{INTERSECT_DOC}\nfunction intersectRankAnt(a, b) {{\n\t// on the rank of a, where rank + file is that of b\n"
            "\tconst s88 = 15 * (a >> 3) + (b >> 3) + (b & 7);\n"
            "\treturn (((s88 >> 1) & 56) + (s88 & 7)) | (-(s88 & 0x88) >> 31);\n}\n",
            "intersections",
            _all_pairs,
            intersect.truth,
            intersect.link,
            lambda a, b: f"intersectRankAnt({a} = {square_name(a)}, {b} = {square_name(b)})",
            (
                Printed(
                    "The page's intersectRankAnt, as printed",
                    f"{INTERSECT_DOC}\nfunction intersectRankAnt(a, b) {{\n\tlet s88 = 17*(a >> 3) - (b >> 3) + (b & 7);\n"
                    "\treturn (((s88 >> 1) & 56) + (s88 & 7)) | ( -(s88 & 0x88) >> 31);\n}\n",
                    "The Intersection Squares page's C with int written as let and function: it repeats the "
                    "rank and diagonal routine.",
                    _audit_measure("intersectRankAnt"),
                ),
            ),
        ),
    ]


TASKS = _tasks()
TASKS_BY_ID = {task.id: task for task in TASKS}


def check_task(task_id: str) -> Task:
    """Return the task named ``task_id``; raise invalid_parameter for any other name."""
    return TASKS_BY_ID[one_of(task_id, TASKS_BY_ID, "task", "task_id")]


def encode(kind: str, value):
    """Return a value as JSON carries it: bitboards as 0x + 16 hex digits, the rest unchanged."""
    if kind == "bitboard":
        return BB(value)
    return bool(value) if kind == "boolean" else value


def arg_kinds(task: Task) -> tuple[str, ...]:
    """Return the kind of each of a task's arguments, in order: "bitboard" or "integer" (a square, rank or file)."""
    kinds = {
        "startSquare": "bitboard",
        "destinationSquare": "bitboard",
        "occupied": "bitboard",
        "position": "bitboard",
        "mask": "bitboard",
        "own": "bitboard",
    }
    return tuple(kinds.get(name, "integer") for name in task.args)


@cache
def inputs_of(task_id: str) -> tuple[tuple, ...]:
    """Return a task's inputs, in order (generated once: up to 24,576 of them, a tenth of a second)."""
    return tuple(TASKS_BY_ID[task_id].inputs())


@cache
def truth(task_id: str) -> dict:
    """Return every input of a task and its expected answer, in order (computed once: pure)."""
    task = check_task(task_id)
    kinds = arg_kinds(task)
    inputs = inputs_of(task.id)
    return {
        "task": task.id,
        "count": len(inputs),
        "args": [{"name": name, "kind": kind} for name, kind in zip(task.args, kinds, strict=False)],
        "result": task.result,
        "inputs": [[encode(kind, value) for kind, value in zip(kinds, args, strict=False)] for args in inputs],
        "expected": [encode(task.result, task.truth(*args)) for args in inputs],
        "printed": [printed_report(p) for p in task.printed],
    }


def printed_report(printed: Printed) -> dict:
    """Return what the audit knows about a task's printed code: how many inputs it gets wrong."""
    if printed.measure is None:
        return {"label": printed.label, "wrong": None, "first_wrong": None, "throws": printed.throws, "note": printed.note}
    wrong, first = printed.measure()
    return {"label": printed.label, "wrong": wrong, "first_wrong": first, "throws": None, "note": printed.note}


def one_input(task_id: str, index: int) -> dict:
    """Return one input of a task with its answer, a sentence naming it and the chapter that shows it."""
    task = check_task(task_id)
    inputs = inputs_of(task.id)
    if not 0 <= index < len(inputs):
        raise ChessvizError("invalid_parameter", f"index must be 0..{len(inputs) - 1} for task {task.id}, got {index}", "index")
    args = inputs[index]
    return {
        "task": task.id,
        "index": index,
        "input": [encode(kind, value) for kind, value in zip(arg_kinds(task), args, strict=False)],
        "expected": encode(task.result, task.truth(*args)),
        "call": task.describe(*args),
        "chapter": task.chapter,
        "query": task.link(*args),
        "view": _view(task, args),
    }


def _view(task: Task, args: tuple) -> dict:
    """Return how to draw one input on a board: squares to mark, pieces, the occupancy (lerbef)."""
    if task.call == "piece":
        rank, file, occupied, own = args
        sq = _piece_square(rank, file)
        pieces = {
            square_name(s): ("P" if own >> bit_of(s, MAPPING) & 1 else "p") for s in SQUARES if occupied >> bit_of(s, MAPPING) & 1
        }
        pieces[square_name(sq)] = task.entry[0]
        return {
            "occupied": BB(occupied),
            "pieces": pieces,
            "marks": {},
            "line": None,
            "caption": f"the white {task.entry.lower()}, its own pieces (white pawns), the others (black pawns)",
        }
    if task.id == "negative":
        occupied, r, m = args
        sq = _square_of(r)
        pieces = {square_name(s): "p" for s in SQUARES if occupied >> bit_of(s, MAPPING) & 1}
        pieces[square_name(sq)] = "R"
        return {
            "occupied": BB(occupied),
            "pieces": pieces,
            "marks": {},
            "line": BB(m),
            "caption": "the sliding piece (rook), the occupied squares (pawns), the mask (yellow, dotted)",
        }
    if task.part == "devlog":
        start, destination = args
        return {
            "occupied": None,
            "pieces": {},
            "marks": {square_name(_square_of(start)): "start", square_name(_square_of(destination)): "end"},
            "line": None,
            "caption": "start square S, destination D",
        }
    names = [square_name(sq) for sq in args]
    marks = {names[0]: "start"} if len(names) == 1 else {names[0]: "start", names[1]: "end"}
    if len(names) == 2 and names[0] == names[1]:
        marks = {names[0]: "start"}
    caption = (
        f"{task.args[0]} = {names[0]} (S)"
        if len(names) == 1
        else f"{task.args[0]} = {names[0]} (S), {task.args[1]} = {names[1]} (D)"
    )
    return {"occupied": None, "pieces": {}, "marks": marks, "line": None, "caption": caption}


def summary(task: Task) -> dict:
    """Return what the page shows of a task before any checking: its text and its code."""
    return {
        "id": task.id,
        "title": task.entry,  # the page heads a task with the name the student writes
        "part": task.part,
        "source": task.source,
        "statement": list(task.statement),
        "entry": task.entry,
        "call": task.call,
        "args": list(task.args),
        "result": task.result,
        "stub": task.stub,
        "solution": task.solution,
        "chapter": task.chapter,
        "printed": [{"label": p.label, "code": p.code, "note": p.note} for p in task.printed],
    }
