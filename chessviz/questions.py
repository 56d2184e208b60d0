"""The question a chapter's exercise poses in one state, and its answer, for a live class.

A teacher asks the class from a chapter page; the page sends its path with its URL state
(``/chapter/rays?sq=d5&occ=0x...``). :func:`question_for` reads that state exactly as the
chapter's own module does (the same fields, the same defaults, the same leniency: a value the
page would not read falls back to the field's default) and computes the answer with the core,
never from anything the page says. Each question is one of two kinds a class can answer:

- ``squares``: mark squares on a board (the answer is a set of squares);
- ``value``: type a number (the answer is a 64-bit value; hex or decimal are accepted).

Where a chapter's own exercise is a choice (the wiki chapters ask "which one?" questions),
the class is asked the nearest squares or value question, said in its prompt:

- diagonals ("do a and b share a diagonal?"): mark every square on a's diagonal and
  anti-diagonal, a itself not included;
- colors ("is the square light or dark?"): type the square's bit of the dark-squares board
  0xAA55AA55AA55AA55, 1 for dark, the page's lookup formula;
- directions ("which way is b from a?"): mark the ray from a through b to the board's edge,
  or send an empty board when b is on no line through a;
- intersections ("which square, or none?"): mark the meeting square, or send an empty board;
- routines ("will the printed routine answer right?"): type what the printed routine returns.

Pure: no Flask, no HTTP. The defaults below mirror ``static/js/chapters/*.js``; a browser
test holds each chapter page's own answer against these.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import parse_qsl, urlsplit

from . import devlog
from .audit import evaluate, routines_answering
from .chapters import ENGINE_BOARD
from .compass import RAY_DIRECTIONS, direction
from .errors import ChessvizError, shown
from .lines import intersection_square, is_dark
from .methods import trace
from .methods_geometry import DIRECTIONS, PIECE_DIRECTIONS, relevant_masks
from .methods_magic import magic_attacks
from .position import describe, parse_fen
from .sliding import PIECE_LINES, attacks, compare_boards, shift_ray, slide_steps
from .squares import (
    BB_ALL,
    LINE_KINDS,
    SQUARE_NAMES,
    Bitboard,
    Square,
    bb_of,
    convert,
    format_bitboard,
    line_mask,
    square_file,
    square_rank,
    squares_of,
)

KINDS = ("squares", "value")
MAX_PATH = 2000  # a chapter's whole state fits in a few hundred characters
_PATH = re.compile(r"/chapter/([a-z][a-z0-9-]{0,40})")
# A page's location as a browser gives it (pathname and search): percent-encoded, so printable
# ASCII without a blank; anything else would be kept and sent to every student as it came.
_URL_CHARACTERS = re.compile(r"[!-~]+")
# The dark squares as one LERF bitboard: the Color of a Square page's lookup constant.
DARK_SQUARES = 0xAA55AA55AA55AA55
# How many squares a prompt names one by one; a larger set is described by its size.
NAMED_SQUARES = 12


@dataclass(frozen=True)
class Question:
    """A question of a chapter state: its kind, the prompt students read, and the answer.

    ``answer`` is a LERF bitboard of the squares (kind ``squares``) or the value (kind ``value``);
    ``pieces`` the position the question is about, by square name (FEN letters; a blocker is a
    black pawn, as the chapters draw it), which a student's answer board shows while they mark;
    ``words`` what each value of a yes-or-no question means, by value (0, 1), as the class reads
    the answers ("0 (light)"), where a number alone would read like code.
    """

    kind: str
    prompt: str
    answer: Bitboard
    pieces: dict[str, str] = field(default_factory=dict)
    words: tuple[str, ...] = ()

    def answer_json(self) -> list[str] | str:
        """The answer as the API shows it: square names sorted by LERF index, or a 0x value."""
        if self.kind == "squares":
            return [SQUARE_NAMES[sq] for sq in squares_of(self.answer, "lerf")]
        return format_bitboard(self.answer)

    def is_right(self, given: Bitboard) -> bool:
        """Return whether an answer (a LERF bitboard of squares, or a value) is this question's answer."""
        return given == self.answer


# ------------------------------------------------------------------ the page's URL state


class State:
    """A chapter's query string read as the page's state.js reads it (static/js/state.js, T.*)."""

    def __init__(self, query: str):
        self.values: dict[str, str] = {}
        for key, value in parse_qsl(query, keep_blank_values=True):
            self.values.setdefault(key, value)  # URLSearchParams.get: the first one

    def square(self, key: str, fallback: str | None) -> Square | None:
        """T.square: a square name, any case (an index is not read), else the fallback."""
        text = self.values.get(key, "").lower()
        name = text if re.fullmatch(r"[a-h][1-8]", text) else fallback
        return None if name is None else SQUARE_NAMES.index(name)

    def bitboard(self, key: str, fallback: Bitboard) -> Bitboard:
        """T.bb: 0x + 1..16 hex digits or up to 20 decimal digits, below 2**64, else the fallback."""
        text = self.values.get(key, "").strip().lower()
        if not re.fullmatch(r"0x[0-9a-f]{1,16}|[0-9]{1,20}", text):
            return fallback
        value = int(text, 0) if text.startswith("0x") else int(text)
        return value if value <= BB_ALL else fallback

    def choice(self, key: str, choices: tuple[str, ...], fallback: str | None = None) -> str:
        """T.choice: one of the choices, else the fallback (the first choice by default)."""
        value = self.values.get(key)
        return value if value in choices else (choices[0] if fallback is None else fallback)

    def integer(self, key: str, fallback: int, low: int, high: int) -> int:
        """T.int: JavaScript's parseInt (leading digits after optional space and sign) in [low, high]."""
        match = re.match(r"\s*([+-]?\d+)", self.values.get(key, ""))
        if not match:
            return fallback
        number = int(match[1])
        return number if low <= number <= high else fallback

    def text(self, key: str, fallback: str, max_length: int) -> str:
        """T.text: the text if at most max_length characters, else the fallback."""
        if key not in self.values:
            return fallback
        value = self.values[key]
        return value if len(value) <= max_length else fallback


# ------------------------------------------------------------------ words


def _names(squares: list[Square]) -> str:
    """Return "c4, e4 and g4" (sorted by LERF index)."""
    names = [SQUARE_NAMES[sq] for sq in sorted(squares)]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _blockers(occupied: Bitboard, slider: Square) -> str:
    """Return the blockers as a clause: "blockers on b7 and e8", "no blockers", "23 blockers"."""
    squares = [sq for sq in squares_of(occupied, "lerf") if sq != slider]
    if not squares:
        return "no blockers"
    if len(squares) > NAMED_SQUARES:
        return f"the {len(squares)} blockers on the board"
    return f"blocker{'s' if len(squares) > 1 else ''} on {_names(squares)}"


_LETTERS = {"rook": "R", "bishop": "B", "queen": "Q"}


def _position(slider: Square, letter: str, occupied: Bitboard = 0) -> dict[str, str]:
    """The slider and its blockers as a chapter's board draws them: {"f4": "R", "b4": "p", ...}."""
    return {SQUARE_NAMES[sq]: "p" for sq in squares_of(occupied, "lerf") if sq != slider} | {SQUARE_NAMES[slider]: letter}


def _mapping(mapping: str) -> str:
    return "lerbef (h1 = bit 0)" if mapping == "lerbef" else "LERF (a1 = bit 0)"


def _line(kind: str) -> str:
    return kind.replace("_", "-")


# ------------------------------------------------------------------ the chapters

DEVLOG_OCCUPANCY = convert(devlog.OCCUPANCY_LERBEF, "lerbef", "lerf")
MAPPINGS_DEVLOG_FIRST = ("lerbef", "lerf")  # the devlog chapters' mapping choice, lerbef the default


def _slider_state(state: State, line: str, sq: str = "f4", occupied: Bitboard = DEVLOG_OCCUPANCY) -> tuple:
    """kit.js sliderFields: the slider's square, the occupancy (LERF in the URL), the line, the mapping."""
    return (
        state.square("sq", sq),
        state.bitboard("occ", occupied),
        state.choice("line", LINE_KINDS, line),
        state.choice("mapping", MAPPINGS_DEVLOG_FIRST),
    )


def _slide_step(state: State, line: str, step: str, what: str) -> Question:
    """propagation, mask, masked-occupied: the squares of one step of o^(o-2r) (slide-chapter.js, a rook)."""
    sq, occupied, line, mapping = _slider_state(state, line)
    value = {s["id"]: s["value"] for s in slide_steps(sq, convert(occupied, "lerf", mapping), line, mapping)}[step]
    prompt = (
        f"The rook r stands on {SQUARE_NAMES[sq]}, with {_blockers(occupied, sq)}. Its line is the {_line(line)}, "
        f"and the bitboards are in {_mapping(mapping)}. Mark the squares set in {what}."
    )
    return Question("squares", prompt, convert(value, mapping, "lerf"), _position(sq, "R", occupied))


def propagation(state: State) -> Question:
    return _slide_step(state, "rank", "o_minus_r", "o - r")


def mask(state: State) -> Question:
    return _slide_step(state, "rank", "o_minus_r_masked", "(o - r) & m")


def masked_occupied(state: State) -> Question:
    return _slide_step(state, "file", "b_minus_r_masked", "((o & m) - r) & m")


def msb(state: State) -> Question | None:
    """msb.js: the square of the destination board's most significant bit, on a board of two bits
    or more, as the page's exercise: a board of one bit shows its own answer (its exercise mode draws
    another board), and an empty board has no most significant bit."""
    destination = state.bitboard("dest", bb_of([SQUARE_NAMES.index("e1")]))
    mapping = state.choice("mapping", MAPPINGS_DEVLOG_FIRST)
    if destination.bit_count() < 2:
        return None
    compared = compare_boards(convert(destination, "lerf", mapping), 0, mapping)
    square = SQUARE_NAMES.index(compared["destination"]["msb_square"])
    squares = squares_of(destination, "lerf")
    held = _names(squares) if len(squares) <= NAMED_SQUARES else f"{len(squares)} squares"
    prompt = f"The destination board holds {held}, numbered in {_mapping(mapping)}. Mark the square of its most significant bit."
    return Question("squares", prompt, bb_of([square]))


def shift_ray_question(state: State) -> Question | None:
    """shift-ray.js: the whole ray from the start to the destination, both ends included."""
    start, end = state.square("from", "c4"), state.square("to", "g4")
    mapping = state.choice("mapping", MAPPINGS_DEVLOG_FIRST)
    try:
        ray = shift_ray(start, end, mapping)["ray"]
    except ChessvizError:
        return None  # not on one line (or one square): the page steps through the printed loop, and asks nothing
    prompt = f"Mark the squares of the ray from {SQUARE_NAMES[start]} to {SQUARE_NAMES[end]}, both ends included."
    return Question("squares", prompt, convert(ray, mapping, "lerf"))


def rays(state: State) -> Question:
    """rays.js: the positive rays of a queen, on every line or on the line the stepper shows."""
    sq, occupied, _line_kind, mapping = _slider_state(state, "rank", "e4", bb_of([SQUARE_NAMES.index("b7")]))
    view = state.integer("view", 4, 0, 4)
    lines = LINE_KINDS if view == 4 else (LINE_KINDS[view],)
    found = attacks("queen", sq, convert(occupied, "lerf", mapping), 0, mapping)["lines"]
    positive = 0
    for line in lines:
        positive |= found[line]["positive"]
    where = "on all four lines" if view == 4 else f"on its {_line(LINE_KINDS[view])}"
    prompt = (
        f"A queen on {SQUARE_NAMES[sq]}, {_blockers(occupied, sq)}, bitboards in {_mapping(mapping)}. "
        f"Mark the squares of its positive rays {where}."
    )
    return Question("squares", prompt, convert(positive, mapping, "lerf"), _position(sq, "Q", occupied))


def hyperbola(state: State) -> Question:
    """hyperbola.js: s = p | n, the slider's attacks on the chosen line."""
    sq, occupied, line, mapping = _slider_state(state, "rank")
    piece = state.choice("piece", _SLIDERS, "rook")
    letter = _LETTERS[piece]
    # A line the piece does not move along asks of the piece's first, as the page shows it.
    line = line if line in PIECE_LINES[piece] else PIECE_LINES[piece][0]
    value = {s["id"]: s["value"] for s in slide_steps(sq, convert(occupied, "lerf", mapping), line, mapping)}["attacks"]
    prompt = (
        f"The slider on {SQUARE_NAMES[sq]}, {_blockers(occupied, sq)}. "
        f"Mark the squares it attacks along its {_line(line)}: s = p | n."
    )
    return Question("squares", prompt, convert(value, mapping, "lerf"), _position(sq, letter, occupied))


def game(state: State) -> Question | None:
    """game.js: the moves of the selected piece in the position (free mode)."""
    fen = state.text("fen", devlog.FEN, 100)
    selected = state.square("sel", None)
    if selected is None:
        return None
    try:
        board = parse_fen(fen)
    except ChessvizError:
        return None  # the page shows the FEN's error and asks nothing
    described = describe(board, "lerf", selected)  # the position's pieces and the selected one's moves
    piece = described["selected"]
    if piece["piece"] is None:
        return None
    colour = "white" if piece["piece"].isupper() else "black"
    name = {"k": "king", "q": "queen", "r": "rook", "b": "bishop", "n": "knight", "p": "pawn"}[piece["piece"].lower()]
    prompt = f"In the position on the board, mark every square the {colour} {name} on {SQUARE_NAMES[selected]} can move to."
    return Question("squares", prompt, piece["bitboard"], described["pieces"])


def squares_chapter(state: State) -> Question:
    """squares.js: the set's value in lerbef."""
    value = state.bitboard("bb", 0x1000000010000001)
    squares = squares_of(value, "lerf")
    if not squares:
        held = "no square"
    elif len(squares) <= NAMED_SQUARES:
        held = _names(squares)
    else:
        held = f"the {len(squares)} squares on the board"
    prompt = (
        f"The set holds {held}. What is its value in lerbef (the devlog's mapping, h1 = bit 0)? "
        "Type it in hex (0x...) or decimal."
    )
    return Question("value", prompt, convert(value, "lerf", "lerbef"))


def diagonals(state: State) -> Question:
    """diagonals.js asks whether a and b share a diagonal: here, mark a's two diagonals."""
    a = state.square("a", "e4")
    answer = (line_mask(a, "diagonal", "lerf") | line_mask(a, "anti_diagonal", "lerf")) & ~(1 << a)
    prompt = (
        f"Mark every square that shares a diagonal or an anti-diagonal with {SQUARE_NAMES[a]} "
        f"({SQUARE_NAMES[a]} itself not included)."
    )
    return Question("squares", prompt, answer)


def colors(state: State) -> Question:
    """colors.js asks whether a square is light or dark: here, its bit of the dark-squares board."""
    sq = state.square("sq", "e4")
    prompt = (
        f"Is {SQUARE_NAMES[sq]} dark? Type 1 for dark, 0 for light: the bit of {SQUARE_NAMES[sq]} (index {sq}) on "
        f"the board of the dark squares, (0xAA55AA55AA55AA55 >> {sq}) & 1."
    )
    return Question("value", prompt, int(is_dark(sq)), words=("light", "dark"))


def directions(state: State) -> Question | None:
    """directions.js asks which way the second square lies: here, mark the ray that way."""
    start, target = state.square("from", "e4"), state.square("to", "g5")
    if target is None or target == start:
        return None
    ray = direction(start, target)["ray"]
    squares = []
    if ray is not None:
        dr, df = next(unit for name, _step, unit in RAY_DIRECTIONS if name == ray)
        rank, file = square_rank(start) + dr, square_file(start) + df
        while 0 <= rank < 8 and 0 <= file < 8:
            squares.append(8 * rank + file)
            rank, file = rank + dr, file + df
    a, b = SQUARE_NAMES[start], SQUARE_NAMES[target]
    prompt = (
        f"Mark the squares from {a} towards {b} along a rank, file or diagonal, to the edge of the board "
        f"({a} not included). If {b} is on no rank, file or diagonal through {a}, send an empty board."
    )
    return Question("squares", prompt, bb_of(squares))


def intersections(state: State) -> Question | None:
    """intersections.js asks where two lines meet, or none: mark that square, or none."""
    a, b = state.square("a", "e4"), state.square("b", "c7")
    line_a = state.choice("line_a", LINE_KINDS, "rank")
    line_b = state.choice("line_b", LINE_KINDS, "diagonal")
    if line_a == line_b:
        return None  # two lines of one kind: the page refuses the pair
    meeting = intersection_square(a, b, line_a, line_b)
    prompt = (
        f"Mark the square where the {_line(line_a)} through {SQUARE_NAMES[a]} meets the {_line(line_b)} "
        f"through {SQUARE_NAMES[b]}. If they do not meet on the board, send an empty board."
    )
    return Question("squares", prompt, 0 if meeting is None else 1 << meeting)


def routines(state: State) -> Question:
    """routines.js asks whether a printed routine answers a pair right: here, what it returns."""
    a, b = state.square("a", "c1"), state.square("b", "a8")
    routine = routines_answering("same_diagonal")[state.integer("routine", 1, 0, 1)]
    value = evaluate(routine.name, a, b).printed
    # The printed line is code ending in ";": it stands alone after a colon, the question after it.
    prompt = (
        f"The page prints {routine.name} as: {routine.formula} What does it return for "
        f"sq1 = {SQUARE_NAMES[a]} (index {a}), sq2 = {SQUARE_NAMES[b]} (index {b})? Type 1 for true, 0 for false."
    )
    return Question("value", prompt, value, words=("false", "true"))


# --- the engine chapters (kogge-stone.js, magic.js, methods.js, with methods-view.js's fields)

_ENGINE_MAPPINGS = ("lerbef", "lerf")  # terms.js's MAPPINGS; the engine chapters fall back to lerf
_SLIDERS = tuple(PIECE_LINES)  # rook, bishop, queen
_JUMPS = {1: "1 square", 2: "2 squares", 3: "4 squares"}


def _engine_state(state: State, piece: str) -> tuple[str, Square, Bitboard, str]:
    """Return (piece, slider, LERF occupancy, mapping) as methods-view.js's engineFields read them."""
    return (
        state.choice("piece", _SLIDERS, piece),
        state.square("sq", "e4"),
        state.bitboard("occ", ENGINE_BOARD),
        state.choice("mapping", _ENGINE_MAPPINGS, "lerf"),
    )


def kogge_stone(state: State) -> Question:
    """kogge-stone.js: the fill after doubling step ds to the chosen direction (the piece's first if it has none)."""
    piece, sq, occupied, mapping = _engine_state(state, "rook")
    shorts = [d.short for d in PIECE_DIRECTIONS[piece]]
    short = state.choice("dir", tuple(d.short for d in DIRECTIONS), "w")
    short = short if short in shorts else shorts[0]
    ds = state.integer("ds", 1, 1, 3)
    steps = trace("kogge_stone", piece, sq, convert(occupied, "lerf", mapping), mapping).steps
    value = next(s["value"] for s in steps if s["id"] == f"{short}_gen{ds}")
    words = next(d.words for d in DIRECTIONS if d.short == short)
    prompt = (
        f"The {piece} on {SQUARE_NAMES[sq]}, {_blockers(occupied, sq)}. Doubling step {ds} of the Kogge-Stone fill to the "
        f"{words} moves the fill {_JUMPS[ds]} on, only onto empty squares: mark the squares the fill covers after it "
        f"({SQUARE_NAMES[sq]} included)."
    )
    return Question("squares", prompt, convert(value, mapping, "lerf"), _position(sq, _LETTERS[piece], occupied))


def magic(state: State) -> Question:
    """magic.js: the relevant-occupancy mask of the chosen table's piece."""
    kind = state.choice("kind", ("rook", "bishop"), "rook")
    sq = state.square("sq", "e4")
    mask = relevant_masks(kind, "lerf")[sq]  # the same squares in either mapping
    prompt = (
        f"Mark the relevant-occupancy squares of the {kind} on {SQUARE_NAMES[sq]}: the squares where a blocker can change "
        "its attacks, the last square of each ray left out."
    )
    return Question("squares", prompt, mask, _position(sq, _LETTERS[kind]))  # blockers play no part in the mask


def methods_question(state: State) -> Question:
    """methods.js: the attacks every method must give."""
    piece, sq, occupied, mapping = _engine_state(state, "queen")
    value = magic_attacks(piece, sq, convert(occupied, "lerf", mapping), mapping)
    prompt = (
        f"The {piece} on {SQUARE_NAMES[sq]}, {_blockers(occupied, sq)}. Mark the squares it attacks, the first blocker "
        "of each ray included: the answer every method must give."
    )
    return Question("squares", prompt, convert(value, mapping, "lerf"), _position(sq, _LETTERS[piece], occupied))


# Each chapter with an exercise, by slug: the kind of question it poses and how.
POSERS: dict[str, tuple[str, Callable[[State], Question | None]]] = {
    "squares": ("value", squares_chapter),
    "msb": ("squares", msb),
    "shift-ray": ("squares", shift_ray_question),
    "propagation": ("squares", propagation),
    "mask": ("squares", mask),
    "masked-occupied": ("squares", masked_occupied),
    "rays": ("squares", rays),
    "hyperbola": ("squares", hyperbola),
    "game": ("squares", game),
    "diagonals": ("squares", diagonals),
    "colors": ("value", colors),
    "directions": ("squares", directions),
    "intersections": ("squares", intersections),
    "routines": ("value", routines),
    "kogge-stone": ("squares", kogge_stone),
    "magic": ("squares", magic),
    "methods": ("squares", methods_question),
}


def parse_chapter_path(path: str, slugs) -> tuple[str, str]:
    """Return (slug, query) of a chapter page path "/chapter/rays?sq=e4"; raise invalid_parameter otherwise.

    ``slugs`` are the chapters this server has. A path is this server's: no scheme, no host.
    """
    if path is None:
        raise ChessvizError("missing_parameter", "path is missing", "path")
    if not isinstance(path, str):
        raise ChessvizError("invalid_parameter", f"path must be a string, got {shown(path)}", "path")
    if len(path) > MAX_PATH:
        raise ChessvizError("invalid_parameter", f"path is {len(path)} characters long; the most allowed is {MAX_PATH}", "path")
    parts = urlsplit(path)  # which drops a tab or a line break, so the path's own characters are checked first
    match = _PATH.fullmatch(parts.path)
    if (
        not _URL_CHARACTERS.fullmatch(path)
        or parts.scheme
        or parts.netloc
        or parts.fragment
        or not path.startswith("/")
        or not match
        or match[1] not in slugs
    ):
        raise ChessvizError("invalid_parameter", f"path must be a chapter page of this server, got {shown(path)}", "path")
    return match[1], parts.query


def question_for(path: str, slugs) -> Question:
    """Return the question the chapter at ``path`` poses in its state; raise invalid_parameter if none."""
    slug, query = parse_chapter_path(path, slugs)
    poser = POSERS.get(slug)
    question = poser[1](State(query)) if poser else None
    if question is None:
        raise ChessvizError(
            "invalid_parameter", f"the chapter state {shown(path, 80)} poses no question: choose one that does", "path"
        )
    assert question.kind == poser[0], (slug, question.kind)
    return question
