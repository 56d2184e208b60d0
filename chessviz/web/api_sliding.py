"""Sliding endpoints (the devlog): the shift loop, o - r, masks, o^(o-2r) and the free-mode board."""

from __future__ import annotations

from ..position import PROMOTIONS, apply_move, describe, fen_turn, parse_fen
from ..sliding import PIECE_LINES, attacks, devlog_ray, shift_ray, slide_steps, subtract
from ..squares import format_bitboard, square_file, square_name, square_of_bit, square_rank, squares_of
from . import params as P
from .api import endpoint

BB = format_bitboard
FEN = P.text("fen", "A FEN: the board part alone, or a whole FEN (then validated too).", 100, "invalid_fen",
             example="1b6/3P1P2/1P6/6r1/p2q4/1Q4p1/8/1B5R")


@endpoint(
    "/ray",
    [P.square("from", "Start square.", arg="from_", example="c4"), P.square("to", "Destination square.", example="g4"), P.MAPPING],
    "The devlog's shift-loop ray between two squares on one line",
    "getHorizontalRay generalised to files and both diagonals: the operator, the bits per step "
    "in the mapping, the shifted bit after each step (first = from, last = to) and the ray, "
    "both ends included. Squares on no common line, or equal: 400 not_aligned.",
    tag="sliding",
    error_params={"not_aligned": "to"},
)
def ray(from_: int, to: int, mapping: str) -> dict:
    result = shift_ray(from_, to, mapping)
    return {
        "from": square_name(from_), "to": square_name(to), "mapping": mapping,
        "line": result["line"], "operator": result["operator"], "shift": result["shift"],
        "steps": [BB(step) for step in result["steps"]],
        "squares": [square_name(square_of_bit(step.bit_length() - 1, mapping)) for step in result["steps"]],
        "ray": BB(result["ray"]),
    }


@endpoint(
    "/devlog-ray",
    [
        P.square("from", "Start square.", arg="from_", example="c4"), P.square("to", "Destination square.", example="c7"),
        P.choice("shift", ("1", "7", "8", "9"), "Bits per step: 1 as printed (getHorizontalRay); 8, 7 or 9 for the exercises.", default="1"),
        P.MAPPING,
    ],
    "What the devlog's printed loop does, bounded",
    "Runs getHorizontalRay exactly as printed (BigInt: no 64-bit wrap) for at most 130 "
    "iterations and reports the outcome: reached (wrapped: the ray ran over a board edge), "
    "never_ends (a right shift reached 0) or left_64_bits (a left shift passed bit 63).",
    tag="sliding",
)
def devlog_ray_view(from_: int, to: int, shift: str, mapping: str) -> dict:
    result = devlog_ray(from_, to, mapping, int(shift))
    return {"from": square_name(from_), "to": square_name(to), "mapping": mapping, "shift": int(shift),
            **result, "ray": BB(result["ray"])}


def _board_summary(value: int, mapping: str) -> dict:
    msb = value.bit_length() - 1 if value else None
    return {
        "value": BB(value), "decimal": str(value), "popcount": value.bit_count(),
        "msb": msb, "msb_square": square_name(square_of_bit(msb, mapping)) if msb is not None else None,
        "squares": [square_name(sq) for sq in squares_of(value, mapping)],
    }


@endpoint(
    "/compare",
    [P.bitboard("destination", "The destination board.", example="0x80"), P.bitboard("start", "The start board.", example="0x2"), P.MAPPING],
    "The devlog's first sketch: is the destination left or right of the start?",
    "The devlog decides by comparing the numbers (destination >= start means left). That "
    "is only meaningful for two single-bit boards on one rank in lerbef; the answer says when it is not.",
    tag="sliding",
)
def compare(destination: int, start: int, mapping: str) -> dict:
    verdict = "left" if destination >= start else "right"
    body = {"mapping": mapping, "destination": _board_summary(destination, mapping), "start": _board_summary(start, mapping),
            "comparison": f"destination {'>=' if destination >= start else '<'} start", "verdict": verdict,
            "greater_or_equal": destination >= start,
            "single_bits": destination.bit_count() == 1 and start.bit_count() == 1,
            "meaningful": False, "actual": None, "verdict_correct": None}
    if destination.bit_count() != 1 or start.bit_count() != 1:
        plural = lambda n: f"{n} bit" + ("" if n == 1 else "s")  # noqa: E731
        counts = f"the destination holds {plural(destination.bit_count())} and the start {plural(start.bit_count())}"
        body["reason"] = (f"{counts}: the comparison orders whole numbers, so it follows the most significant "
                          "bit only; with other than exactly one bit per board it says nothing about where the squares lie")
        return body
    d = square_of_bit(destination.bit_length() - 1, mapping)
    s = square_of_bit(start.bit_length() - 1, mapping)
    file_rel = "left" if square_file(d) < square_file(s) else "right" if square_file(d) > square_file(s) else "same file"
    rank_rel = "above" if square_rank(d) > square_rank(s) else "below" if square_rank(d) < square_rank(s) else "same rank"
    body["actual"] = {"file": file_rel, "rank": rank_rel}
    body["verdict_correct"] = file_rel == verdict
    if d == s:
        # One square on both boards: no direction at all, so no verdict is right or wrong.
        body["verdict_correct"] = None
        body["reason"] = ("both boards hold the same square: the destination is the start, neither left nor right of it, "
                          "yet the comparison (equal counts as >=) still answers left")
    elif rank_rel != "same rank":
        body["reason"] = ("the squares are on different ranks: the bigger number is the one on the higher rank, "
                          "whatever the files, so left/right is not what the comparison measures")
    elif mapping == "lerf":
        body["reason"] = "in lerf higher bits lie further east, so on one rank the bigger number is to the right: the devlog's rule is mirrored"
    else:
        body["meaningful"] = True
        body["reason"] = "one bit each on one rank, in lerbef: higher bits lie further west, so the bigger number is to the left"
    return body


@endpoint(
    "/subtract",
    [P.bitboard("minuend", "The number subtracted from (o).", example="0x1000804200000010"),
     P.bitboard("subtrahend", "The number subtracted (r).", example="0x4000000")],
    "64-bit subtraction with the borrow of every bit",
    "difference = minuend - subtrahend modulo 2^64; borrows has bit i set where position i "
    "borrowed from i + 1 (the path the devlog calls bit propagation); wrapped when the "
    "subtrahend is larger and the result wraps round 2^64.",
    tag="sliding",
)
def subtract_view(minuend: int, subtrahend: int) -> dict:
    result = subtract(minuend, subtrahend)
    return {"minuend": BB(minuend), "subtrahend": BB(subtrahend), "difference": BB(result["difference"]),
            "borrows": BB(result["borrows"]), "wrapped": result["wrapped"],
            "binary": {"minuend": f"{minuend:064b}", "subtrahend": f"{subtrahend:064b}",
                       "difference": f"{result['difference']:064b}", "borrows": f"{result['borrows']:064b}"}}


@endpoint(
    "/slide",
    [P.square("sq", "The slider's square.", example="f4"), P.bitboard("occupied", "Occupied squares (the slider's own bit is ignored).", default=0),
     P.line("line", "The line to slide along.", default="rank"), P.MAPPING],
    "Every step of o^(o-2r) for one slider and one line",
    "Ordered steps {id, label, formula, value}: o, r, m, o_minus_r, o_minus_r_masked, b, "
    "b_minus_r_masked, two_r, b_minus_2r, b_minus_2r_xor_o, positive, rev_o, rev_b, rev_r, "
    "rev_b_minus_2rev_r, rev_xor, negative, negative_as_printed (the devlog's equation, which "
    "XORs the unreversed o), attacks. Also o_minus_r_borrows (the borrow path of o - r, as "
    "/api/subtract gives it) and o_minus_r_wrapped.",
    tag="sliding",
)
def slide(sq: int, occupied: int, line: str, mapping: str) -> dict:
    steps = slide_steps(sq, occupied, line, mapping)
    values = {step["id"]: step["value"] for step in steps}
    propagation = subtract(values["o"], values["r"])
    return {
        "sq": square_name(sq), "line": line, "mapping": mapping, "occupied": BB(occupied),
        "steps": [{**step, "value": BB(step["value"])} for step in steps],
        "o_minus_r_borrows": BB(propagation["borrows"]),
        "o_minus_r_wrapped": propagation["wrapped"],
        "negative_as_printed_correct": values["negative_as_printed"] == values["negative"],
    }


@endpoint(
    "/attacks",
    [P.choice("piece", tuple(PIECE_LINES), "The slider.", example="queen"), P.square("sq", "Its square."),
     P.bitboard("occupied", "Occupied squares.", default=0), P.bitboard("own", "Squares of its own colour (not moves).", default=0), P.MAPPING],
    "Rook, bishop or queen attacks and moves by o^(o-2r)",
    "attacks, moves = attacks & ~own, and per line the positive (towards higher bits of the "
    "mapping) and negative rays.",
    tag="sliding",
)
def attacks_view(piece: str, sq: int, occupied: int, own: int, mapping: str) -> dict:
    result = attacks(piece, sq, occupied, own, mapping)
    return {
        "piece": piece, "sq": square_name(sq), "mapping": mapping,
        "attacks": BB(result["attacks"]), "moves": BB(result["moves"]),
        "lines": {line: {k: BB(v) for k, v in rays.items()} for line, rays in result["lines"].items()},
    }


@endpoint(
    "/position",
    [FEN, P.square("square", "A square to select: its piece's moves are added.", required=False, example="d4"), P.MAPPING],
    "A free-mode position from a FEN",
    "The board part normalised, pieces by square, occupied/white/black bitboards; with "
    "square, the selected piece's moves (sliders by this engine, others by python-chess).",
    tag="sliding",
    error_params={"invalid_fen": "fen"},
)
def position(fen: str, square: int | None, mapping: str) -> dict:
    body = describe(parse_fen(fen), mapping, square)
    body["turn"] = fen_turn(fen)
    for key in ("occupied", "white", "black"):
        body[key] = BB(body[key])
    if "selected" in body:
        body["selected"]["bitboard"] = BB(body["selected"]["bitboard"])
    return body


@endpoint(
    "/move",
    [FEN, P.square("from", "The piece's square.", arg="from_", example="d4"), P.square("to", "Its target.", example="d7"),
     P.choice("promotion", tuple(PROMOTIONS), "What a pawn on its last rank becomes (default q).", example="q", required=False)],
    "Move a piece in free mode",
    "The FEN after the move, the moved piece, the captured one and the promotion (the new piece's letter, "
    "or null). An empty from-square, or a target not among the piece's moves: 400 illegal_move; a "
    "promotion letter on a move that does not promote: 400 illegal_move naming promotion.",
    tag="sliding",
    error_params={"invalid_fen": "fen", "illegal_move": "to"},
)
def move(fen: str, from_: int, to: int, promotion: str | None) -> dict:
    before = parse_fen(fen)
    after = apply_move(before, from_, to, promotion)
    piece, landed = before.piece_at(from_), after.piece_at(to)
    return {"fen": after.board_fen(), "before": before.board_fen(), "from": square_name(from_), "to": square_name(to),
            "piece": piece.symbol(), "captured": before.piece_at(to).symbol() if before.piece_at(to) else None,
            "promotion": landed.symbol() if landed.piece_type != piece.piece_type else None}
