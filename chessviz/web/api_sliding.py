"""Sliding endpoints (the devlog): the shift loop, o - r, masks, o^(o-2r) and the free-mode board."""

from __future__ import annotations

from .. import answers
from ..position import FEN_MAX_LENGTH, PROMOTIONS
from ..sliding import PIECE_LINES
from . import params as P
from . import schemas as S
from .api import endpoint

FEN = P.text(
    "fen",
    "A FEN: the board part alone, or a whole FEN (then validated too).",
    FEN_MAX_LENGTH,
    "invalid_fen",
    example="1b6/3P1P2/1P6/6r1/p2q4/1Q4p1/8/1B5R",
)
_NULLABLE_INT = S.nullable(S.INT)


@endpoint(
    "/ray",
    [
        P.square("from", "Start square.", arg="from_", example="c4"),
        P.square("to", "Destination square.", example="g4"),
        P.MAPPING,
    ],
    "The devlog's shift-loop ray between two squares on one line",
    "getHorizontalRay generalised to files and both diagonals: the operator, the bits per step "
    "in the mapping, the shifted bit after each step (first = from, last = to), the ray collected "
    "after each step (so_far) and the ray, both ends included. Squares on no common line, or equal: 400 not_aligned.",
    tag="sliding",
    response=S.obj(
        {
            "from": S.SQUARE,
            "to": S.SQUARE,
            "mapping": S.MAPPING,
            "line": S.LINE,
            "operator": S.enum("<<", ">>"),
            "shift": S.INT,
            "steps": S.array(S.BITBOARD),
            "squares": S.array(S.SQUARE),
            "so_far": S.array(S.BITBOARD),
            "ray": S.BITBOARD,
        }
    ),
    fields={"b": "to"},
)
def ray(from_: int, to: int, mapping: str) -> dict:
    return answers.ray_answer(from_, to, mapping)


@endpoint(
    "/devlog-ray",
    [
        P.square("from", "Start square.", arg="from_", example="c4"),
        P.square("to", "Destination square.", example="c7"),
        P.choice(
            "shift",
            ("1", "7", "8", "9"),
            "Bits per step: 1 as printed (getHorizontalRay); 8, 7 or 9 for the exercises.",
            default="1",
        ),
        P.MAPPING,
    ],
    "What the devlog's printed loop does, bounded",
    "Runs getHorizontalRay exactly as printed (BigInt: no 64-bit wrap) for at most 130 "
    "iterations and reports the outcome: reached (wrapped: the ray ran over a board edge), "
    "never_ends (a right shift reached 0) or left_64_bits (a left shift passed bit 63). Each step: "
    "the shifted bit's number, its square and bitboard (null past bit 63 or once it is 0), and "
    "the ray collected so far within 64 bits.",
    tag="sliding",
    response=S.obj(
        {
            "from": S.SQUARE,
            "to": S.SQUARE,
            "mapping": S.MAPPING,
            "shift": {"type": "integer", "enum": [1, 7, 8, 9]},
            "outcome": S.enum("reached", "never_ends", "left_64_bits"),
            "wrapped": S.BOOL,
            "same_square": S.BOOL,
            "iterations": S.INT,
            "steps": S.array(
                S.obj(
                    {
                        "i": S.INT,
                        "bit": _NULLABLE_INT,
                        "square": S.nullable(S.SQUARE),
                        "value": S.nullable(S.BITBOARD),
                        "so_far": S.BITBOARD,
                    }
                )
            ),
            "ray": S.BITBOARD,
            "ray_squares": S.array(S.SQUARE),
        }
    ),
)
def devlog_ray_view(from_: int, to: int, shift: str, mapping: str) -> dict:
    return answers.devlog_ray_answer(from_, to, int(shift), mapping)


_BOARD_SUMMARY = S.obj(
    {
        "value": S.BITBOARD,
        "decimal": S.STR,
        "popcount": S.INT,
        "msb": _NULLABLE_INT,
        "msb_square": S.nullable(S.SQUARE),
        "squares": S.array(S.SQUARE),
    }
)


@endpoint(
    "/compare",
    [
        P.bitboard("destination", "The destination board.", example="0x80"),
        P.bitboard("start", "The start board.", example="0x2"),
        P.MAPPING,
    ],
    "The devlog's first sketch: is the destination left or right of the start?",
    "The devlog decides by comparing the numbers (destination >= start means left). That "
    "is only meaningful for two single-bit boards on one rank in lerbef; the answer says when it is not.",
    tag="sliding",
    response=S.obj(
        {
            "mapping": S.MAPPING,
            "destination": _BOARD_SUMMARY,
            "start": _BOARD_SUMMARY,
            "comparison": S.enum("destination >= start", "destination < start"),
            "greater_or_equal": S.BOOL,
            "verdict": S.enum("left", "right"),
            "single_bits": S.BOOL,
            "meaningful": S.BOOL,
            "actual": S.nullable(
                S.obj({"file": S.enum("left", "right", "same file"), "rank": S.enum("above", "below", "same rank")})
            ),
            "verdict_correct": S.nullable(S.BOOL),
            "reason": S.STR,
        }
    ),
)
def compare(destination: int, start: int, mapping: str) -> dict:
    return answers.compare_answer(destination, start, mapping)


@endpoint(
    "/subtract",
    [
        P.bitboard("minuend", "The number subtracted from (o).", example="0x1000804200000010"),
        P.bitboard("subtrahend", "The number subtracted (r).", example="0x4000000"),
    ],
    "64-bit subtraction with the borrow of every bit",
    "difference = minuend - subtrahend modulo 2^64; borrows has bit i set where position i "
    "borrowed from i + 1 (the path the devlog calls bit propagation); wrapped when the "
    "subtrahend is larger and the result wraps round 2^64.",
    tag="sliding",
    response=S.obj(
        {
            "minuend": S.BITBOARD,
            "subtrahend": S.BITBOARD,
            "difference": S.BITBOARD,
            "borrows": S.BITBOARD,
            "wrapped": S.BOOL,
            "binary": S.mapping_of(S.BINARY64, ("minuend", "subtrahend", "difference", "borrows")),
        }
    ),
)
def subtract_view(minuend: int, subtrahend: int) -> dict:
    return answers.subtract_answer(minuend, subtrahend)


_STEP_IDS = (
    "o", "r", "m", "o_minus_r", "o_minus_r_masked", "b", "b_minus_r_masked", "two_r", "b_minus_2r", "b_minus_2r_xor_o",
    "positive", "rev_o", "rev_b", "rev_r", "rev_b_minus_2rev_r", "rev_xor", "negative", "negative_as_printed", "attacks",
)  # fmt: skip


@endpoint(
    "/slide",
    [
        P.square("sq", "The slider's square.", example="f4"),
        P.bitboard("occupied", "Occupied squares (the slider's own bit is ignored).", default=0),
        P.line("line", "The line to slide along.", default="rank"),
        P.MAPPING,
    ],
    "Every step of o^(o-2r) for one slider and one line",
    "Ordered steps {id, label, formula, value}: o, r, m, o_minus_r, o_minus_r_masked, b, "
    "b_minus_r_masked, two_r, b_minus_2r, b_minus_2r_xor_o, positive, rev_o, rev_b, rev_r, "
    "rev_b_minus_2rev_r, rev_xor, negative, negative_as_printed (the devlog's equation, which "
    "XORs the unreversed o), attacks. Also o_minus_r_borrows (the borrow path of o - r, as "
    "/api/subtract gives it), o_minus_r_wrapped, o_minus_r_turned_on (the bits of o - r the borrow "
    "turned on: set and borrowed) and masking_differs (where (o - r) & m and (b - r) & m differ). "
    "rays_section: the devlog's section on positive and negative rays as it writes them, p = "
    "((o & m) - r) & m and n = rev(rev(o & m) - rev(r)) & m, with rev_b_minus_rev_r.",
    tag="sliding",
    response=S.obj(
        {
            "sq": S.SQUARE,
            "line": S.LINE,
            "mapping": S.MAPPING,
            "occupied": S.BITBOARD,
            "steps": S.array(
                S.obj({"id": S.enum(*_STEP_IDS), "label": S.STR, "formula": S.STR, "value": S.BITBOARD}), len(_STEP_IDS)
            ),
            "o_minus_r_borrows": S.BITBOARD,
            "o_minus_r_wrapped": S.BOOL,
            "o_minus_r_turned_on": S.BITBOARD,
            "masking_differs": S.BITBOARD,
            "negative_as_printed_correct": S.BOOL,
            "rays_section": S.obj({"p": S.BITBOARD, "rev_b_minus_rev_r": S.BITBOARD, "n": S.BITBOARD}),
        }
    ),
)
def slide(sq: int, occupied: int, line: str, mapping: str) -> dict:
    return answers.slide_answer(sq, occupied, line, mapping)


_RAYS = S.obj({"positive": S.BITBOARD, "negative": S.BITBOARD})


@endpoint(
    "/attacks",
    [
        P.choice("piece", tuple(PIECE_LINES), "The slider.", example="queen"),
        P.square("sq", "Its square."),
        P.bitboard("occupied", "Occupied squares.", default=0),
        P.bitboard("own", "Squares of its own colour (not moves).", default=0),
        P.MAPPING,
    ],
    "Rook, bishop or queen attacks and moves",
    "attacks (by the engine's fastest method, a fancy magic lookup: /api/methods shows every method), "
    "moves = attacks & ~own, own_attacked = attacks & own, and per line the positive (towards higher bits "
    "of the mapping) and negative rays, with their unions over the lines (positive, negative).",
    tag="sliding",
    response=S.obj(
        {
            "piece": S.enum(*PIECE_LINES),
            "sq": S.SQUARE,
            "mapping": S.MAPPING,
            "attacks": S.BITBOARD,
            "moves": S.BITBOARD,
            "own_attacked": S.BITBOARD,
            "positive": S.BITBOARD,
            "negative": S.BITBOARD,
            "lines": S.obj(
                {"rank": _RAYS, "file": _RAYS, "diagonal": _RAYS, "anti_diagonal": _RAYS},
                optional=("rank", "file", "diagonal", "anti_diagonal"),
            ),
        }
    ),
)
def attacks_view(piece: str, sq: int, occupied: int, own: int, mapping: str) -> dict:
    return answers.attacks_answer(piece, sq, occupied, own, mapping)


_FEN_BOARD = {"type": "string", "pattern": "^[pnbrqkPNBRQK1-8]+(/[pnbrqkPNBRQK1-8]+){7}$"}


@endpoint(
    "/position",
    [FEN, P.square("square", "A square to select: its piece's moves are added.", required=False, example="d4"), P.MAPPING],
    "A free-mode position from a FEN",
    "The board part normalised, pieces by square, occupied/white/black bitboards; with "
    "square, the selected piece's moves (sliders by this engine, others by python-chess), those that "
    "take a piece (captures) and those that promote.",
    tag="sliding",
    response=S.obj(
        {
            "fen": _FEN_BOARD,
            "pieces": S.PIECES,
            "occupied": S.BITBOARD,
            "white": S.BITBOARD,
            "black": S.BITBOARD,
            "turn": S.nullable(S.enum("w", "b")),
            "selected": S.obj(
                {
                    "square": S.SQUARE,
                    "piece": S.nullable(S.PIECE_LETTER),
                    "moves": S.array(S.SQUARE),
                    "captures": S.array(S.SQUARE),
                    "promotions": S.array(S.SQUARE),
                    "bitboard": S.BITBOARD,
                    "slider": S.nullable(S.enum(*PIECE_LINES)),
                    "lines": S.array(S.enum("rank", "file", "diagonal", "anti_diagonal")),
                }
            ),
        },
        optional=("selected",),
    ),
)
def position(fen: str, square: int | None, mapping: str) -> dict:
    return answers.position_answer(fen, square, mapping)


@endpoint(
    "/move",
    [
        FEN,
        P.square("from", "The piece's square.", arg="from_", example="d4"),
        P.square("to", "Its target.", example="d7"),
        P.choice(
            "promotion",
            tuple(PROMOTIONS),
            "What a pawn reaching its last rank becomes (default q); other moves ignore it.",
            example="q",
            required=False,
        ),
    ],
    "Move a piece in free mode",
    "The FEN after the move, the moved piece, the captured one and the promotion (the new piece's letter, "
    "or null). An empty from-square, or a target not among the piece's moves: 400 illegal_move.",
    tag="sliding",
    response=S.obj(
        {
            "fen": _FEN_BOARD,
            "before": _FEN_BOARD,
            "from": S.SQUARE,
            "to": S.SQUARE,
            "piece": S.PIECE_LETTER,
            "captured": S.nullable(S.PIECE_LETTER),
            "promotion": S.nullable(S.enum("Q", "R", "B", "N", "q", "r", "b", "n")),
        }
    ),
    fields={"origin": "from", "target": "to"},
)
def move(fen: str, from_: int, to: int, promotion: str | None) -> dict:
    return answers.move_answer(fen, from_, to, promotion)
