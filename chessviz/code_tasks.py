"""The code chapter's tasks: write the devlog's functions (and three wiki routines, three engines' steps) yourself.

Each task names a JavaScript function (or class) the student writes, the inputs it is
checked on (every pair on a line, every square, or every square with many occupancies)
and the truth for each input, computed here by the project's engine and audit. Bitboards
are in the devlog's mapping (``lerbef``: h1 is bit 0, a1 is bit 7) as the devlog's p5.js
code uses them; the wiki routines take LERF square indices 0..63 as the wiki's C does.
The student's code never reaches the server: the browser runs it in a Web Worker and
compares its answers with these.

The tasks are data: ``chessviz/data/code-tasks.toml`` (one ``[[task]]`` table each, in the
chapter's order) and the JavaScript it names, ``chessviz/data/code-tasks/*.js``. Both are read
and checked when the app starts (:func:`load_tasks`); a wrong field stops the start with a
message naming the file, the task and the field.

Adding a task
-------------
1. Append a ``[[task]]`` table to code-tasks.toml: ``id`` (its URL name), ``part`` (devlog,
   wiki or engines), ``source`` (where the exercise is printed), ``statement`` (paragraphs), ``entry``
   (the function or class the student writes), ``call`` (``function``: entry(...args);
   ``piece``: new entry(...).getMoves(board)), ``args`` (the argument names), ``result``
   (bitboard, boolean or square) and ``kind``, which says which inputs it is checked on and
   what the truth is:

   - ``ray``: every ordered pair of squares on one of ``lines`` (e.g. ``["rank"]``), as
     one-bit boards; the truth is the ray between them, both ends included;
   - ``negative-ray``: every square, line and 16 occupancies; the truth is the negative ray;
   - ``piece``: every square with 64 occupancies for ``piece`` (rook, bishop or queen);
     the truth is its moves;
   - ``routine``: every input of the audited wiki routine ``routine`` (see routines.toml);
     the truth is that routine's truth;
   - ``occluded-fill``: the slider's bit and the empty squares, every square with 16
     occupancies; the truth is the Kogge-Stone fill east (chessviz.methods.occluded_fill);
   - ``relevant-mask``: every square as (rank, file) for ``piece`` (rook or bishop); the truth
     is its relevant-occupancy mask;
   - ``magic-index``: (occupied, mask, magic, shift) with the project's lerbef magics, every
     square's rook and bishop with 8 occupancies each; the truth is the fancy magic index.

   A new kind of input is a new entry of :data:`KINDS` below (its inputs, truth, sentence,
   board view and the chapter state that shows one input) and of
   ``chessviz.web.links.TASK_CHAPTERS`` (the chapter that shows it).
2. Write the JavaScript beside it, in code-tasks/: ``stub`` (what the editor starts with)
   and ``solution`` (a reference answer; the tests run it on every input). A file may hold
   ``{{entry}}`` and the names of the task's ``fill`` table, e.g. ``{{rays}}``: one file
   then serves several tasks.
3. Optionally, a ``[[task.printed]]`` table per piece of code the source prints for the
   exercise: ``label``, ``code`` (a file, as above), ``note``, and either ``measure`` (how
   the server counts its wrong answers: ``shift-loop``, ``left-shift-loop``, ``negative-as-printed``, or
   ``routine`` with ``routine`` naming an audited routine) or ``throws`` (the error it throws).
4. Add the task's id to the lists in tests/test_api_code.py and tests/test_browser_code.py
   and an independent check of its truth in tests/test_api_code.py; ``make test``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

from .audit import ROUTINES_BY_NAME, Routine, audit
from .datafiles import DATA, DataFileError, Entry, shown_path, tables
from .errors import ChessvizError, one_of
from .methods import occluded_fill
from .methods_geometry import KINDS as KIND_NAMES
from .methods_geometry import relevant_masks
from .methods_magic import square_magics
from .sliding import PIECE_LINES, attacks, devlog_ray, shift_ray, slide_steps
from .squares import (
    BB_ALL,
    LINE_KINDS,
    SQUARES,
    bit_of,
    convert,
    format_bitboard,
    line_mask,
    square_file,
    square_name,
    square_of_bit,
    square_rank,
)

MAPPING = "lerbef"
BB = format_bitboard
# The parts of the code chapter, as the chapter lists them: the devlog's exercises, the wiki
# routines, and how engines do it (the engine chapters' methods).
PARTS = ("devlog", "wiki", "engines")
TASKS_FILE = DATA / "code-tasks.toml"  # its JavaScript files: DATA / "code-tasks"


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
    kind: str  # a key of KINDS: which inputs, which truth
    printed: tuple[Printed, ...] = ()
    lines: tuple[str, ...] = ()  # a ray task: the kinds of line its pairs share
    piece: str = ""  # a piece task: rook, bishop or queen
    routine: str = ""  # a routine task: the audited routine it asks for

    def inputs(self) -> list[tuple]:
        """Return every input the task is checked on, in order."""
        return KINDS[self.kind].inputs(self)

    def truth(self, *args):
        """Return the right answer for one input."""
        return KINDS[self.kind].truth(self, *args)

    def describe(self, *args) -> str:
        """Return one input as a sentence naming the call: getVerticalRay(a1, a2)."""
        return KINDS[self.kind].describe(self, *args)

    def shown(self, *args):
        """Return one input as the chapter that shows it sets its state (a RayInput, SlideInput, PieceInput or RoutineInput)."""
        return KINDS[self.kind].shown(self, *args)


# --- what one input is, for the chapter that shows it (chessviz.web.links makes its URL) ---


@dataclass(frozen=True)
class RayInput:
    """A ray from `origin` to `target` (LERF squares)."""

    origin: int
    target: int


@dataclass(frozen=True)
class SlideInput:
    """A slider on `square`, the occupancy (LERF, slider left out), its line, the step of slide_steps shown."""

    square: int
    occupied: int
    line: str
    step: int


@dataclass(frozen=True)
class PieceInput:
    """A position (`fen`) with the piece on `square` selected."""

    fen: str
    square: int


@dataclass(frozen=True)
class RoutineInput:
    """An audited routine's input: its squares."""

    routine: Routine
    args: tuple[int, ...]


@dataclass(frozen=True)
class FillInput:
    """A slider on `square` (LERF) among `occupied` (LERF, slider left out), filled in `direction` (its short name)."""

    square: int
    occupied: int
    direction: str


@dataclass(frozen=True)
class LookupInput:
    """A rook's or bishop's (`kind`) table lookup for a slider on `square` among `occupied` (LERF), at `step`."""

    kind: str
    square: int
    occupied: int
    step: int


@dataclass(frozen=True)
class View:
    """How to draw one input on a board: the occupancy and the line (lerbef), pieces and marks by square name."""

    occupied: int | None
    pieces: dict[str, str]
    marks: dict[str, str]
    line: int | None
    caption: str


# --- inputs -------------------------------------------------------------------------------


def _pairs_on(kinds: tuple[str, ...]) -> list[tuple[int, int]]:
    """Every ordered pair of different squares sharing a line of one of ``kinds``, a1 first."""
    pairs = []
    for a in SQUARES:
        lines = 0
        for kind in kinds:
            lines |= line_mask(a, kind)
        pairs += [(a, b) for b in SQUARES if b != a and lines >> b & 1]
    return pairs


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


def _square_of(bb: int) -> int:
    return bb.bit_length() - 1 ^ 7  # lerbef bit -> LERF square


# Ray tasks: inputs (start bitboard, destination bitboard) in lerbef, named by their squares.
def _ray_inputs(task: Task) -> list[tuple]:
    return [(_bit(a), _bit(b)) for a, b in _pairs_on(task.lines)]


def _ray_truth(start: int, destination: int) -> int:
    return shift_ray(_square_of(start), _square_of(destination), MAPPING)["ray"]


def _ray_view(task: Task, start: int, destination: int) -> View:
    marks = {square_name(_square_of(start)): "start", square_name(_square_of(destination)): "end"}
    return View(None, {}, marks, None, "start square S, destination D")


def _left_shifts_only(start: int, destination: int) -> int | None:
    """Run the devlog's loop before it handles the other direction (code-tasks/ray-printed-left.js:
    left shifts only) with BigInt semantics, bounded: None where it never ends (the shifted bit
    grows past bit 63 without meeting the destination)."""
    ray, shifted, i = 0, 0, 0
    while shifted != destination:
        shifted = start << i
        if shifted > BB_ALL:
            return None
        ray |= shifted
        i += 1
    return ray


def _left_shift_measure(task_id: str):
    """Count the pairs where the left-shifting loop does not return the true ray."""

    def measure():
        wrong = [i for i, (s, d) in enumerate(inputs_of(task_id)) if _left_shifts_only(s, d) != _ray_truth(s, d)]
        return len(wrong), (wrong[0] if wrong else None)

    return measure


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


def _negative_shown(occupied: int, r: int, m: int) -> SlideInput:
    sq = _square_of(r)
    values, line = _slide_of(occupied, r, m)
    step = [s["id"] for s in slide_steps(sq, occupied, line, MAPPING)].index("negative")
    return SlideInput(sq, convert(occupied, MAPPING, "lerf"), line, step)


def _negative_describe(task: Task, occupied: int, r: int, m: int) -> str:
    sq = _square_of(r)
    line = _slide_of(occupied, r, m)[1].replace("_", "-")
    return f"{task.entry}(occupied = {BB(occupied)}, position = {square_name(sq)}, mask = the {line} through {square_name(sq)})"


def _negative_view(task: Task, occupied: int, r: int, m: int) -> View:
    sq = _square_of(r)
    pieces = {square_name(s): "p" for s in SQUARES if occupied >> bit_of(s, MAPPING) & 1}
    pieces[square_name(sq)] = "R"
    return View(occupied, pieces, {}, m, "the sliding piece (rook), the occupied squares (pawns), the mask (yellow, dotted)")


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


def _piece_describe(task: Task, rank: int, file: int, occupied: int, own: int) -> str:
    return (
        f"new {task.entry}(WHITE, {rank}, {file}) on {square_name(_piece_square(rank, file))}, "
        f"board.getOccupied() = {BB(occupied)}, board.getOccupied(WHITE) = {BB(own)}"
    )


def _piece_view(task: Task, rank: int, file: int, occupied: int, own: int) -> View:
    sq = _piece_square(rank, file)
    pieces = {
        square_name(s): ("P" if own >> bit_of(s, MAPPING) & 1 else "p") for s in SQUARES if occupied >> bit_of(s, MAPPING) & 1
    }
    pieces[square_name(sq)] = task.piece[0].upper()
    caption = f"the white {task.piece}, its own pieces (white pawns), the others (black pawns)"
    return View(occupied, pieces, {}, None, caption)


# Wiki routines: LERF square indices, as the C prints them.
def _all_pairs():
    return [(a, b) for a in SQUARES for b in SQUARES]


def _inputs_of(arity: int):
    return [(sq,) for sq in SQUARES] if arity == 1 else _all_pairs()


def _audit_measure(name: str):
    def measure():
        routine = ROUTINES_BY_NAME[name]
        wrong = [i for i, args in enumerate(_inputs_of(routine.arity)) if routine.printed(*args) != routine.truth(*args)]
        known = next(a for a in audit() if a.routine.name == name)
        assert known.wrong == len(wrong)  # the same count /api/routines reports
        return len(wrong), (wrong[0] if wrong else None)

    return measure


def _routine_describe(task: Task, *squares: int) -> str:
    return f"{task.entry}({', '.join(f'{sq} = {square_name(sq)}' for sq in squares)})"


def _routine_view(task: Task, *squares: int) -> View:
    names = [square_name(sq) for sq in squares]
    marks = {names[0]: "start"} if len(names) == 1 else {names[0]: "start", names[1]: "end"}
    if len(names) == 2 and names[0] == names[1]:
        marks = {names[0]: "start"}
    caption = (
        f"{task.args[0]} = {names[0]} (S)"
        if len(names) == 1
        else f"{task.args[0]} = {names[0]} (S), {task.args[1]} = {names[1]} (D)"
    )
    return View(None, {}, marks, None, caption)


# The engine tasks (the engine chapters): a Kogge-Stone fill east, a relevant-occupancy mask, a
# magic index. Bitboards in lerbef, as every bitboard of the code chapter.
def _fill_inputs() -> list[tuple]:
    """(gen, pro): the slider's bit and the empty squares, for every square and 16 occupancies."""
    out = []
    for sq in SQUARES:
        for occ in _occupancies(f"fill-{sq}", 16):
            gen = _bit(sq)
            out.append((gen, ~(convert(occ, "lerf", MAPPING) | gen) & BB_ALL))
    return out


def _fill_view(task: Task, gen: int, pro: int) -> View:
    sq = _square_of(gen)
    pieces = {square_name(s): "p" for s in SQUARES if not pro >> bit_of(s, MAPPING) & 1 and s != sq}
    pieces[square_name(sq)] = "R"
    return View(~pro & ~gen & BB_ALL, pieces, {}, None, "the generator (a rook), the squares not in pro (pawns)")


def _mask_inputs(task: Task) -> list[tuple]:
    return [(square_rank(sq) + 1, square_file(sq) + 1) for sq in SQUARES]


def _mask_view(task: Task, rank: int, file: int) -> View:
    name = square_name(_piece_square(rank, file))
    return View(None, {name: task.piece[0].upper()}, {}, None, f"the {task.piece} on {name} (rank {rank}, file {file})")


@cache
def _lookups() -> dict[tuple[int, int], tuple[str, int]]:
    """{(mask, magic): (kind, bit)} of the project's lerbef magics: which square an input's numbers belong to."""
    return {(m.mask, m.magic): (kind, bit) for kind in KIND_NAMES for bit, m in enumerate(square_magics(kind, MAPPING))}


def _index_inputs() -> list[tuple]:
    """(occupied, mask, magic, shift): every square's rook and bishop magic with 8 occupancies each."""
    out = []
    for kind in KIND_NAMES:
        for sq in SQUARES:
            m = square_magics(kind, MAPPING)[bit_of(sq, MAPPING)]
            for occ in _occupancies(f"index-{kind}-{sq}", 8):
                out.append((convert(occ, "lerf", MAPPING) & ~_bit(sq) & BB_ALL, m.mask, m.magic, m.shift))
    return out


def _index_of(occupied: int, mask: int, magic: int, shift: int) -> tuple[str, int]:
    return _lookups()[(mask, magic)]


def _index_describe(task: Task, occupied: int, mask: int, magic: int, shift: int) -> str:
    kind, bit = _index_of(occupied, mask, magic, shift)
    name = square_name(square_of_bit(bit, MAPPING))
    return f"{task.entry}(occupied = {BB(occupied)}, mask = the {kind}'s mask on {name}, magic = {BB(magic)}, shift = {shift})"


def _index_view(task: Task, occupied: int, mask: int, magic: int, shift: int) -> View:
    kind, bit = _index_of(occupied, mask, magic, shift)
    sq = square_of_bit(bit, MAPPING)
    pieces = {square_name(s): "p" for s in SQUARES if occupied >> bit_of(s, MAPPING) & 1}
    pieces[square_name(sq)] = kind[0].upper()
    return View(occupied, pieces, {}, mask, f"the {kind}, the occupied squares (pawns), the mask (yellow, dotted)")


def _index_shown(occupied: int, mask: int, magic: int, shift: int) -> LookupInput:
    kind, bit = _index_of(occupied, mask, magic, shift)
    return LookupInput(kind, square_of_bit(bit, MAPPING), convert(occupied, MAPPING, "lerf"), 3)


# --- the kinds of task --------------------------------------------------------------------


@dataclass(frozen=True)
class Kind:
    """What a kind of task is checked on and how one of its inputs is told, drawn and shown."""

    arity: Callable[[Task], int]  # how many arguments its entry takes
    result: Callable[[Task], str]  # the kind of its answers
    inputs: Callable[[Task], list[tuple]]
    truth: Callable[..., object]  # (task, *args)
    describe: Callable[..., str]  # (task, *args)
    view: Callable[..., View]  # (task, *args)
    shown: Callable[..., object]  # (task, *args): a RayInput, SlideInput, PieceInput or RoutineInput
    measures: dict[str, Callable[[Task], Callable]]  # how its printed code's wrong answers are counted, by name


def _routine_result(task: Task) -> str:
    reads = ROUTINES_BY_NAME[task.routine].reads
    return {"dark": "boolean", "boolean": "boolean"}.get(reads, reads)  # "square", or "number" (no task can take it)


KINDS: dict[str, Kind] = {
    "ray": Kind(
        arity=lambda task: 2,
        result=lambda task: "bitboard",
        inputs=_ray_inputs,
        truth=lambda task, start, destination: _ray_truth(start, destination),
        describe=lambda task, s, d: f"{task.entry}({square_name(_square_of(s))}, {square_name(_square_of(d))})",
        view=_ray_view,
        shown=lambda task, s, d: RayInput(_square_of(s), _square_of(d)),
        measures={
            "shift-loop": lambda task: _printed_loop_measure(task.id),
            "left-shift-loop": lambda task: _left_shift_measure(task.id),
        },
    ),
    "negative-ray": Kind(
        arity=lambda task: 3,
        result=lambda task: "bitboard",
        inputs=lambda task: _negative_inputs(),
        truth=lambda task, *args: _negative_truth(*args),
        describe=_negative_describe,
        view=_negative_view,
        shown=lambda task, *args: _negative_shown(*args),
        measures={"negative-as-printed": lambda task: _printed_negative_measure},
    ),
    "piece": Kind(
        arity=lambda task: 4,
        result=lambda task: "bitboard",
        inputs=lambda task: _piece_inputs(task.piece)(),
        truth=lambda task, rank, file, occupied, own: attacks(task.piece, _piece_square(rank, file), occupied, own, MAPPING)[
            "moves"
        ],
        describe=_piece_describe,
        view=_piece_view,
        # The game board in free mode: a slider's moves there are its attacks minus its own colour.
        shown=lambda task, rank, file, occupied, own: PieceInput(
            _piece_fen(task.piece, rank, file, occupied, own), _piece_square(rank, file)
        ),
        measures={},
    ),
    "occluded-fill": Kind(
        arity=lambda task: 2,
        result=lambda task: "bitboard",
        inputs=lambda task: _fill_inputs(),
        truth=lambda task, gen, pro: occluded_fill(gen, pro, "east", MAPPING),
        describe=lambda task, gen, pro: f"{task.entry}(gen = {square_name(_square_of(gen))}, pro = {BB(pro)})",
        view=_fill_view,
        shown=lambda task, gen, pro: FillInput(_square_of(gen), convert(~pro & ~gen & BB_ALL, MAPPING, "lerf"), "e"),
        measures={},
    ),
    "relevant-mask": Kind(
        arity=lambda task: 2,
        result=lambda task: "bitboard",
        inputs=_mask_inputs,
        truth=lambda task, rank, file: relevant_masks(task.piece, MAPPING)[bit_of(_piece_square(rank, file), MAPPING)],
        describe=lambda task, rank, file: f"{task.entry}({rank}, {file}) on {square_name(_piece_square(rank, file))}",
        view=_mask_view,
        shown=lambda task, rank, file: LookupInput(task.piece, _piece_square(rank, file), 0, 0),
        measures={},
    ),
    "magic-index": Kind(
        arity=lambda task: 4,
        result=lambda task: "index",  # a table index: a number, not a set of squares
        inputs=lambda task: _index_inputs(),
        truth=lambda task, occupied, mask, magic, shift: ((occupied & mask) * magic & BB_ALL) >> shift,
        describe=_index_describe,
        view=_index_view,
        shown=lambda task, *args: _index_shown(*args),
        measures={},
    ),
    "routine": Kind(
        arity=lambda task: ROUTINES_BY_NAME[task.routine].arity,
        result=_routine_result,
        inputs=lambda task: _inputs_of(ROUTINES_BY_NAME[task.routine].arity),
        truth=lambda task, *args: ROUTINES_BY_NAME[task.routine].truth(*args),
        describe=_routine_describe,
        view=_routine_view,
        shown=lambda task, *args: RoutineInput(ROUTINES_BY_NAME[task.routine], args),
        measures={"routine": None},  # named by the printed table's own `routine` field
    ),
}


# --- reading code-tasks.toml ----------------------------------------------------------------

IDENTIFIER = r"[A-Za-z_$][A-Za-z0-9_$]*"
PLACEHOLDER = re.compile(r"\{\{([A-Za-z_]+)\}\}")


def _code(entry: Entry, name: str, fill: dict[str, str]) -> str:
    """Return the JavaScript file the field `name` names (beside the data file, in the folder of its
    name: code-tasks.toml's are in code-tasks/), with its {{placeholders}} filled."""
    file = entry.text(name, pattern=r"[a-z0-9][a-z0-9-]*\.js")
    path = entry.path.parent / entry.path.stem / file
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        raise entry.fail(name, f"no file {shown_path(path)}") from None

    def filled(match: re.Match) -> str:
        if match[1] not in fill:
            raise entry.fail(name, f"{shown_path(path)} holds {{{{{match[1]}}}}}, which the task does not fill")
        return fill[match[1]]

    return PLACEHOLDER.sub(filled, text)


def _read_printed(entry: Entry, task: Task, kind: Kind, fill: dict[str, str]) -> Printed:
    label, code, note = entry.text("label"), _code(entry, "code", fill), entry.text("note")
    throws = entry.text("throws", required=False, pattern=r"[A-Z][A-Za-z]*Error")
    measure_name = entry.choice("measure", kind.measures, required=throws is None)
    if throws is not None and measure_name is not None:
        raise entry.fail("measure", "printed code that throws has no wrong answers to count: give measure or throws")
    measure = None
    if measure_name == "routine":
        routine = entry.choice("routine", ROUTINES_BY_NAME)
        if ROUTINES_BY_NAME[routine].arity != len(task.args):
            raise entry.fail("routine", f"{routine} takes {ROUTINES_BY_NAME[routine].arity} square(s), the task {len(task.args)}")
        measure = _audit_measure(routine)
    elif measure_name is not None:
        measure = kind.measures[measure_name](task)
    entry.done()
    return Printed(label, code, note, measure, throws)


def _read_task(entry: Entry) -> Task:
    kind_name = entry.choice("kind", KINDS)
    kind = KINDS[kind_name]
    fields = {
        "id": entry.text("id", pattern=r"[a-z][a-z0-9]*(-[a-z0-9]+)*"),
        "part": entry.choice("part", PARTS),
        "source": entry.text("source"),
        "statement": entry.texts("statement"),
        "entry": entry.text("entry", pattern=IDENTIFIER),
        "call": entry.choice("call", ("function", "piece")),
        "args": entry.texts("args"),
        "result": entry.choice("result", ("bitboard", "boolean", "square", "index")),
        "kind": kind_name,
    }
    for name in fields["args"]:
        if not re.fullmatch(IDENTIFIER, name):
            raise entry.fail("args", f"{name!r} is not a JavaScript name")
    if kind_name == "ray":
        fields["lines"] = entry.texts("lines", choices=LINE_KINDS, length=range(1, 5))
    if kind_name == "relevant-mask":
        fields["piece"] = entry.choice("piece", KIND_NAMES)
    if kind_name == "piece":
        fields["piece"] = entry.choice("piece", PIECE_LINES)
        if fields["call"] != "piece":
            raise entry.fail("call", "a piece task is called as a piece: call = 'piece'")
    if kind_name == "routine":
        fields["routine"] = entry.choice("routine", ROUTINES_BY_NAME)
    fill = {"entry": fields["entry"], **entry.mapping("fill")}
    task = Task(**fields, stub=_code(entry, "stub", fill), solution=_code(entry, "solution", fill))
    if len(task.args) != kind.arity(task):
        raise entry.fail("args", f"a {kind_name} task takes {kind.arity(task)} arguments, got {len(task.args)}")
    if task.result != kind.result(task):
        raise entry.fail("result", f"a {kind_name} task answers a {kind.result(task)}")
    printed = tuple(_read_printed(p, task, kind, fill) for p in entry.entries("printed", "printed", required=False))
    entry.done()
    return replace(task, printed=printed)


def load_tasks(path: Path = TASKS_FILE) -> tuple[Task, ...]:
    """Read the code tasks from `path` (and the JavaScript it names); DataFileError naming the file and field if wrong."""
    tasks: dict[str, Task] = {}
    for entry in tables(path, {"task": "task"})["task"]:
        task = _read_task(entry)
        if task.id in tasks:
            raise entry.fail("id", f"{task.id!r} is listed twice")
        tasks[task.id] = task
    if not tasks:
        raise DataFileError(f"{shown_path(path)}: no tasks")
    return tuple(tasks.values())


TASKS = load_tasks()
TASKS_BY_ID = {task.id: task for task in TASKS}


def check_task(task_id: str) -> Task:
    """Return the task named ``task_id``; raise invalid_parameter for any other name."""
    return TASKS_BY_ID[one_of(task_id, TASKS_BY_ID, "task", "task_id")]


def arg_kinds(task: Task) -> tuple[str, ...]:
    """Return the kind of each of a task's arguments, in order: "bitboard" or "integer" (a square, rank or file)."""
    kinds = {
        "startSquare": "bitboard",
        "destinationSquare": "bitboard",
        "occupied": "bitboard",
        "position": "bitboard",
        "mask": "bitboard",
        "own": "bitboard",
        "gen": "bitboard",
        "pro": "bitboard",
        "magic": "bitboard",
    }
    return tuple(kinds.get(name, "integer") for name in task.args)


@cache
def inputs_of(task_id: str) -> tuple[tuple, ...]:
    """Return a task's inputs, in order (generated once: up to 24,576 of them, a tenth of a second)."""
    return tuple(TASKS_BY_ID[task_id].inputs())


@dataclass(frozen=True)
class PrintedReport:
    """What the audit knows about a task's printed code: how many inputs it gets wrong, the first of them."""

    printed: Printed
    wrong: int | None  # None: it cannot run (printed.throws says what it throws)
    first_wrong: int | None


@dataclass(frozen=True)
class TaskTruth:
    """Every input of a task and its expected answer, in order, and the reports on its printed code."""

    task: Task
    inputs: tuple[tuple, ...]
    expected: tuple
    printed: tuple[PrintedReport, ...]


@cache
def truth(task_id: str) -> TaskTruth:
    """Return every input of a task and its expected answer, in order (computed once: pure)."""
    task = check_task(task_id)
    inputs = inputs_of(task.id)
    return TaskTruth(task, inputs, tuple(task.truth(*args) for args in inputs), tuple(printed_report(p) for p in task.printed))


def printed_report(printed: Printed) -> PrintedReport:
    """Return what the audit knows about a task's printed code: how many inputs it gets wrong."""
    if printed.measure is None:
        return PrintedReport(printed, None, None)
    wrong, first = printed.measure()
    return PrintedReport(printed, wrong, first)


@dataclass(frozen=True)
class OneInput:
    """One input of a task: its answer, a sentence naming it, how the chapter that shows it is set, how to draw it."""

    task: Task
    index: int
    args: tuple
    expected: object
    call: str
    shown: object  # a RayInput, SlideInput, PieceInput or RoutineInput
    view: View


def one_input(task_id: str, index: int) -> OneInput:
    """Return one input of a task with its answer, a sentence naming it and the chapter state that shows it."""
    task = check_task(task_id)
    inputs = inputs_of(task.id)
    if not 0 <= index < len(inputs):
        raise ChessvizError("invalid_parameter", f"index must be 0..{len(inputs) - 1} for task {task.id}, got {index}", "index")
    args = inputs[index]
    return OneInput(
        task, index, args, task.truth(*args), task.describe(*args), task.shown(*args), KINDS[task.kind].view(task, *args)
    )
