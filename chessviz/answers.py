"""The API's answers, one function per endpoint, built from the core and ready for JSON.

Every value a page prints is decided here or below (verdicts, explanations, which printed
routine answers which question); :mod:`chessviz.web` only parses parameters, calls one of
these and serialises the dict. Bitboards leave as ``format_bitboard`` strings in the
request's mapping, squares as names. Pure: no Flask, no HTTP names.
"""

from __future__ import annotations

from functools import reduce
from itertools import accumulate
from operator import or_

from .audit import Answer, color_working, evaluate, knight_distance, printed_intersection, routines_answering
from .compass import direction, move_cells, table
from .derivation import derivation
from .lines import (
    PAIRS,
    anti_diagonal_index,
    anti_diagonal_length,
    diagonal_index,
    diagonal_length,
    intersection_reason,
    intersection_square,
    is_dark,
    same_line,
    x88_working,
)
from .position import describe, fen_turn, parse_fen, play
from .sliding import attacks, compare_boards, devlog_ray, rays_section, shift_ray, slide_steps, subtract
from .squares import (
    LINE_KINDS,
    MAPPINGS,
    Bitboard,
    Square,
    bit_of,
    bits_of,
    convert,
    format_bitboard,
    line_mask,
    square_file,
    square_name,
    square_of_bit,
    square_rank,
    squares_of,
    x88,
)

BB = format_bitboard


def _color(sq: Square) -> str:
    return "dark" if is_dark(sq) else "light"


def _parity(n: int) -> str:
    """Return "even" or "odd" for a whole number, negative ones included: _parity(-7) == "odd"."""
    return "odd" if n % 2 else "even"


def _verdict(answer: Answer, correct_as: str = "correct") -> dict:
    """One routine's answer for one input as the pages list it: name, formula, value, meaning, verdict."""
    routine = answer.routine
    return {
        "name": routine.name,
        "formula": routine.formula,
        "value": answer.printed,
        "means": routine.meaning(answer.printed),
        correct_as: answer.correct,
    }


# ------------------------------------------------------------------ geometry (the wiki)


def square_answer(sq: Square, mapping: str) -> dict:
    """Describe one square: e4 is index 28, rank 3, file 4, 0x88 0x34, light, diagonal -1, anti-diagonal 7.

    Also the squares sharing a line with it (``aligned``, itself left out) and both its
    diagonals (``diagonals``, itself included), in the mapping.
    """
    diagonal = diagonal_index(sq)
    masks = {kind: line_mask(sq, kind, mapping) for kind in LINE_KINDS}
    return {
        "name": square_name(sq),
        "index": sq,
        "rank": square_rank(sq),
        "file": square_file(sq),
        "x88": x88(sq),
        "bits": {m: bit_of(sq, m) for m in MAPPINGS},
        "color": _color(sq),
        "diagonal": {
            "index": diagonal,
            "index_plus7": diagonal + 7,
            "index_and15": diagonal & 15,
            "parity": _parity(diagonal),
            "length": diagonal_length(sq),
        },
        "anti_diagonal": {"index": anti_diagonal_index(sq), "length": anti_diagonal_length(sq)},
        "masks": {kind: BB(mask) for kind, mask in masks.items()},
        "aligned": BB(reduce(or_, masks.values()) & ~(1 << bit_of(sq, mapping))),
        "diagonals": BB(masks["diagonal"] | masks["anti_diagonal"]),
    }


def squares_answer(mapping: str) -> dict:
    """Describe all 64 squares, a1 first."""
    return {"mapping": mapping, "squares": [square_answer(sq, mapping) for sq in range(64)]}


def bitboard_answer(value: Bitboard, mapping: str) -> dict:
    """Read a bitboard in a mapping: 0x81 in lerbef is h1 (bit 0) and a1 (bit 7), 0x81 in lerf too."""
    return {
        "value": BB(value),
        "decimal": str(value),
        "binary": f"{value:064b}",
        "mapping": mapping,
        "popcount": value.bit_count(),
        "squares": [square_name(sq) for sq in squares_of(value, mapping)],
        "bits": [{"bit": bit, "square": square_name(square_of_bit(bit, mapping))} for bit in bits_of(value)],
        "values": {m: BB(convert(value, mapping, m)) for m in MAPPINGS},
    }


def color_answer(sq: Square, other: Square | None) -> dict:
    """Return a square's colour by every formula of the Color of a Square page; with other, the pair's too."""
    body = {
        "square": square_name(sq),
        "color": _color(sq),
        "methods": [_verdict(evaluate(r.name, sq), "agrees") for r in routines_answering("color")],
        "working": color_working(sq),
    }
    if other is not None:
        body["other"] = square_name(other)
        body["other_color"] = _color(other)
        body["same_color"] = is_dark(sq) == is_dark(other)
        body["knight_distance"] = knight_distance(sq, other)
        body["knight_distance_parity"] = _parity(body["knight_distance"])
        body["same_color_methods"] = [_verdict(evaluate(r.name, sq, other), "agrees") for r in routines_answering("same_color")]
    return body


def same_line_answer(a: Square, b: Square) -> dict:
    """Return whether a and b share each kind of line, and the Diagonals page's routines on (a, b)."""
    return {
        "a": square_name(a),
        "b": square_name(b),
        **same_line(a, b),
        "routines": [_verdict(evaluate(r.name, a, b)) for r in routines_answering("same_diagonal")],
    }


def direction_answer(origin: Square, target: Square) -> dict:
    """Return the direction from origin to target (e4 -> g5: the knight's north_east_east)."""
    return {"from": square_name(origin), "to": square_name(target), **direction(origin, target)}


def directions_table_answer(kind: str) -> dict:
    """Return one of the Direction page's 15x15 sheets with its axes."""
    return {
        "kind": kind,
        "rank_diffs": list(range(7, -8, -1)),
        "file_diffs": list(range(-7, 8)),
        "rows": table(kind),
        "move_directions": move_cells(kind),
    }


def _where_they_meet(a: Square, b: Square, line_a: str, line_b: str) -> dict:
    """Where the two lines meet (or why not), and what the page's printed routine says of it."""
    square = intersection_square(a, b, line_a, line_b)
    printed = printed_intersection(a, b, line_a, line_b)
    return {
        "square": square_name(square) if square is not None else None,
        "reason": intersection_reason(a, b, line_a, line_b),
        "printed": {
            "routine": printed.answer.routine.name,
            "call": printed.call,
            "formula": printed.answer.routine.formula,
            "value": printed.answer.printed,
            "square": None if printed.square is None else square_name(printed.square),
            "correct": printed.answer.correct,
        },
    }


def _meeting(a: Square, b: Square, line_a: str, line_b: str) -> dict:
    meets = _where_they_meet(a, b, line_a, line_b)
    return {
        "square": meets["square"],
        "reason": meets["reason"],
        "working": x88_working(a, b, line_a, line_b),
        "printed": meets["printed"],
        "derivation": derivation(a, b, line_a, line_b),
    }


def intersection_answer(a: Square, b: Square, line_a: str, line_b: str) -> dict:
    """Return where the line_a through a meets the line_b through b, the 0x88 working and the page's routine."""
    return {"a": square_name(a), "b": square_name(b), "line_a": line_a, "line_b": line_b, **_meeting(a, b, line_a, line_b)}


def _every_pair(a: Square, b: Square, each) -> dict:
    return {
        "a": square_name(a),
        "b": square_name(b),
        "combinations": [{"line_a": x, "line_b": y, **each(a, b, x, y)} for x, y in PAIRS],
    }


def intersections_answer(a: Square, b: Square) -> dict:
    """Return the 12 ordered pairs of line kinds through a and b, each as intersection_answer has it."""
    return _every_pair(a, b, _meeting)


def intersection_table_answer(a: Square, b: Square) -> dict:
    """Return the 12 ordered pairs as intersections_answer has them, each without its 0x88 working
    and derivation: the square, the reason and the printed routine, a row of the chapter's table."""
    return _every_pair(a, b, _where_they_meet)


# ------------------------------------------------------------------ sliding (the devlog)


def ray_answer(origin: Square, target: Square, mapping: str) -> dict:
    """Return the shift loop from origin to target, each shifted bit with its square."""
    result = shift_ray(origin, target, mapping)
    so_far = list(accumulate(result["steps"], or_))
    return {
        "from": square_name(origin),
        "to": square_name(target),
        "mapping": mapping,
        "line": result["line"],
        "operator": result["operator"],
        "shift": result["shift"],
        "steps": [BB(step) for step in result["steps"]],
        "squares": [square_name(square_of_bit(step.bit_length() - 1, mapping)) for step in result["steps"]],
        "so_far": [BB(ray) for ray in so_far],
        "ray": BB(result["ray"]),
    }


def devlog_ray_answer(origin: Square, target: Square, shift: int, mapping: str) -> dict:
    """Return what the devlog's printed loop does from origin to target, bounded.

    Each step also carries the shifted bit as a bitboard (null past bit 63 or once 0) and the
    ray collected so far within 64 bits (the last step's is the loop's ray).
    """
    result = devlog_ray(origin, target, mapping, shift)
    steps, so_far = [], 0
    for step in result["steps"]:
        on_board = step["bit"] is not None and step["bit"] < 64
        so_far |= 1 << step["bit"] if on_board else 0
        steps.append({**step, "value": BB(1 << step["bit"]) if on_board else None, "so_far": BB(so_far)})
    return {
        "from": square_name(origin),
        "to": square_name(target),
        "mapping": mapping,
        "shift": shift,
        **result,
        "steps": steps,
        "ray": BB(result["ray"]),
    }


def compare_answer(destination: Bitboard, start: Bitboard, mapping: str) -> dict:
    """Return the devlog's left/right verdict, whether it holds, and why (see :func:`compare_boards`)."""
    return compare_boards(destination, start, mapping)


def subtract_answer(minuend: Bitboard, subtrahend: Bitboard) -> dict:
    """Return minuend - subtrahend modulo 2**64 with its borrows, in hex and in binary."""
    result = subtract(minuend, subtrahend)
    return {
        "minuend": BB(minuend),
        "subtrahend": BB(subtrahend),
        "difference": BB(result["difference"]),
        "borrows": BB(result["borrows"]),
        "wrapped": result["wrapped"],
        "binary": {
            "minuend": f"{minuend:064b}",
            "subtrahend": f"{subtrahend:064b}",
            "difference": f"{result['difference']:064b}",
            "borrows": f"{result['borrows']:064b}",
        },
    }


def slide_answer(sq: Square, occupied: Bitboard, line: str, mapping: str) -> dict:
    """Return every step of o^(o-2r) for the slider on sq along one line, and the borrow path of o - r.

    Also what the pages mark on those steps: the bits of o - r the borrow turned on (set in
    o - r, borrowed), and where masking the occupancy first changes the result.
    """
    steps = slide_steps(sq, occupied, line, mapping)
    values = {step["id"]: step["value"] for step in steps}
    propagation = subtract(values["o"], values["r"])
    return {
        "sq": square_name(sq),
        "line": line,
        "mapping": mapping,
        "occupied": BB(occupied),
        "steps": [{**step, "value": BB(step["value"])} for step in steps],
        "o_minus_r_borrows": BB(propagation["borrows"]),
        "o_minus_r_wrapped": propagation["wrapped"],
        "o_minus_r_turned_on": BB(propagation["borrows"] & propagation["difference"]),
        "masking_differs": BB(values["o_minus_r_masked"] ^ values["b_minus_r_masked"]),
        "negative_as_printed_correct": values["negative_as_printed"] == values["negative"],
        "rays_section": {name: BB(value) for name, value in rays_section(values).items()},
    }


def attacks_answer(piece: str, sq: Square, occupied: Bitboard, own: Bitboard, mapping: str) -> dict:
    """Return a slider's attacks, moves and each line's positive and negative rays."""
    result = attacks(piece, sq, occupied, own, mapping)
    lines = result["lines"].values()
    return {
        "piece": piece,
        "sq": square_name(sq),
        "mapping": mapping,
        "attacks": BB(result["attacks"]),
        "moves": BB(result["moves"]),
        "own_attacked": BB(result["attacks"] & own),
        "positive": BB(reduce(or_, (rays["positive"] for rays in lines), 0)),
        "negative": BB(reduce(or_, (rays["negative"] for rays in lines), 0)),
        "lines": {line: {k: BB(v) for k, v in rays.items()} for line, rays in result["lines"].items()},
    }


def position_answer(fen: str, square: Square | None, mapping: str) -> dict:
    """Return a free-mode position from a FEN, with the moves of the piece on square if given."""
    body = describe(parse_fen(fen), mapping, square)
    body["turn"] = fen_turn(fen)
    for key in ("occupied", "white", "black"):
        body[key] = BB(body[key])
    if "selected" in body:
        body["selected"]["bitboard"] = BB(body["selected"]["bitboard"])
    return body


def move_answer(fen: str, origin: Square, target: Square, promotion: str | None) -> dict:
    """Return a free-mode move: the FEN after it, the piece, the captured one and the promotion."""
    return play(parse_fen(fen), origin, target, promotion)
