"""Sliding attacks the devlog's way: the shift loop, o - r, masks, and o^(o-2r).

Everything is computed in the bit space of the requested mapping (``lerf`` or the
devlog's ``lerbef``), modulo 2**64, so every intermediate value is exactly what a
64-bit machine would hold. "Positive" means towards higher bit numbers of that mapping:
east and north in lerf, west and north in lerbef.
See https://www.chessprogramming.org/Hyperbola_Quintessence and
https://www.chessprogramming.org/Subtracting_a_Rook_from_a_Blocking_Piece
"""

from __future__ import annotations

from functools import cache
from itertools import pairwise

from .errors import ChessvizError, one_of
from .methods_magic import magic_attacks
from .squares import (
    BB_ALL,
    LINE_KINDS,
    Bitboard,
    Square,
    bit_of,
    check_line_kind,
    check_mapping,
    format_bitboard,
    line_mask,
    reverse_bits,
    square_file,
    square_name,
    square_of_bit,
    square_rank,
    squares_of,
)

PIECE_LINES = {
    "rook": ("rank", "file"),
    "bishop": ("diagonal", "anti_diagonal"),
    "queen": LINE_KINDS,
}
LINE_NAMES = {"rank": "rank", "file": "file", "diagonal": "diagonal", "anti_diagonal": "anti-diagonal"}


def sub64(a: int, b: int) -> Bitboard:
    """Return a - b modulo 2**64, as a 64-bit register holds it: sub64(0, 1) == 2**64 - 1."""
    return (a - b) & BB_ALL


rev = reverse_bits


def line_between(a: Square, b: Square) -> str:
    """Return the kind of the line through two different squares; raise not_aligned otherwise."""
    if a == b:
        raise ChessvizError("not_aligned", f"both squares are {square_name(a)}; a ray needs two different squares", "b")
    # line_mask is the one definition of the lines (squares.py); no second geometry here.
    shared = [kind for kind in LINE_KINDS if line_mask(a, kind) >> b & 1]
    if not shared:
        ra, fa, rb, fb = square_rank(a), square_file(a), square_rank(b), square_file(b)
        raise ChessvizError(
            "not_aligned",
            f"{square_name(a)} and {square_name(b)} share no line: not a rank (ranks {ra + 1} and {rb + 1}), "
            f"not a file ({'abcdefgh'[fa]} and {'abcdefgh'[fb]}), not a diagonal (rank - file is {ra - fa} on "
            f"{square_name(a)}, {rb - fb} on {square_name(b)}), not an anti-diagonal (rank + file is {ra + fa} on "
            f"{square_name(a)}, {rb + fb} on {square_name(b)}; ranks and files counted from 0); "
            "no shift of 1, 7, 8 or 9 walks from one to the other along the board",
            "b",
        )
    return shared[0]


def shift_ray(a: Square, b: Square, mapping: str) -> dict:
    """Return the devlog's shift loop from a to b, generalised to files and diagonals.

    e.g. c4 -> g4 in lerbef: operator ">>", shift 1, steps c4 d4 e4 f4 g4. The loop is
    bounded by construction: it runs exactly distance + 1 times.
    """
    line = line_between(a, b)
    start, end = bit_of(a, mapping), bit_of(b, mapping)
    next_square = _one_step(a, b)
    shift = abs(bit_of(next_square, mapping) - start)
    operator = "<<" if end > start else ">>"
    count = abs(end - start) // shift
    steps = [(1 << start) << (shift * i) if operator == "<<" else (1 << start) >> (shift * i) for i in range(count + 1)]
    ray = 0
    for step in steps:
        ray |= step
    return {
        "line": line,
        "operator": operator,
        "shift": shift,
        "steps": steps,
        "ray": ray,
    }


def board_summary(value: Bitboard, mapping: str) -> dict:
    """Return one board as the devlog's comparison reads it: value, popcount, most significant bit, squares."""
    msb = value.bit_length() - 1 if value else None
    return {
        "value": format_bitboard(value),
        "decimal": str(value),
        "popcount": value.bit_count(),
        "msb": msb,
        "msb_square": square_name(square_of_bit(msb, mapping)) if msb is not None else None,
        "squares": [square_name(sq) for sq in squares_of(value, mapping)],
    }


def _bits(n: int) -> str:
    return f"{n} bit" + ("" if n == 1 else "s")


def compare_boards(destination: Bitboard, start: Bitboard, mapping: str) -> dict:
    """Return the devlog's first sketch, ``destination >= start`` means left, with whether it holds and why.

    e.g. h1 against b1 in lerbef: bits 0 and 6, verdict "right", and h1 is right of b1: meaningful.
    The verdict means something only for one bit per board on one rank in lerbef, where a
    bigger number lies further west; every other case says why not in ``reason``.
    """
    verdict = "left" if destination >= start else "right"
    body = {
        "mapping": mapping,
        "destination": board_summary(destination, mapping),
        "start": board_summary(start, mapping),
        "comparison": f"destination {'>=' if destination >= start else '<'} start",
        "greater_or_equal": destination >= start,
        "verdict": verdict,
        "single_bits": destination.bit_count() == 1 and start.bit_count() == 1,
        "meaningful": False,
        "actual": None,
        "verdict_correct": None,
    }
    if not body["single_bits"]:
        counts = f"the destination holds {_bits(destination.bit_count())} and the start {_bits(start.bit_count())}"
        body["reason"] = (
            f"{counts}: the comparison orders whole numbers, so it follows the most significant "
            "bit only; with other than exactly one bit per board it says nothing about where the squares lie"
        )
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
        body["reason"] = (
            "both boards hold the same square: the destination is the start, neither left nor right of it, "
            "yet the comparison (equal counts as >=) still answers left"
        )
    elif rank_rel != "same rank":
        body["reason"] = (
            "the squares are on different ranks: the bigger number is the one on the higher rank, "
            "whatever the files, so left/right is not what the comparison measures"
        )
    elif mapping == "lerf":
        body["reason"] = (
            "in lerf higher bits lie further east, so on one rank the bigger number is to the right: "
            "the devlog's rule is mirrored"
        )
    else:
        body["meaningful"] = True
        body["reason"] = "one bit each on one rank, in lerbef: higher bits lie further west, so the bigger number is to the left"
    return body


def _one_step(a: Square, b: Square) -> Square:
    """Return the square next to a on the way to b (a and b aligned and different)."""
    dr = (square_rank(b) > square_rank(a)) - (square_rank(b) < square_rank(a))
    df = (square_file(b) > square_file(a)) - (square_file(b) < square_file(a))
    return a + 8 * dr + df


DEVLOG_STEP_CAP = 130


def devlog_ray(a: Square, b: Square, mapping: str, shift: int = 1) -> dict:
    """Run the devlog's getHorizontalRay exactly as printed, with BigInt semantics, but bounded.

    The printed loop shifts ``startSquare`` by ``shift*i`` (1 in the devlog, 8 or 7/9 in its
    exercises) left when ``startSquare < destinationSquare`` and right otherwise, until the
    shifted bit equals the destination. Returns the outcome: ``reached`` (with ``wrapped``
    when the ray left the line, e.g. ran round the board edge onto another rank),
    ``never_ends`` (a right shift reached 0 and stays there) or ``left_64_bits`` (a left
    shift grew past bit 63: a BigInt never wraps, so it never meets the destination).
    """
    start, destination = 1 << bit_of(a, mapping), 1 << bit_of(b, mapping)
    ray, shifted, steps = 0, 0, []
    outcome = None
    for i in range(DEVLOG_STEP_CAP):
        shifted = start << (shift * i) if start < destination else start >> (shift * i)
        ray |= shifted
        bit = shifted.bit_length() - 1 if shifted else None
        steps.append(
            {"i": i, "bit": bit, "square": square_name(square_of_bit(bit, mapping)) if bit is not None and bit < 64 else None}
        )
        if shifted == destination:
            outcome = "reached"
            break
        if shifted == 0:
            outcome = "never_ends"
            break
        if shifted > BB_ALL:
            outcome = "left_64_bits"
            break
    visited = [square_of_bit(s["bit"], mapping) for s in steps if s["bit"] is not None and s["bit"] < 64]
    wrapped = outcome == "reached" and not _contiguous(visited)
    return {
        "outcome": outcome,
        "wrapped": wrapped,
        # a == b: the loop "reaches" the destination at i = 0, but one square is no ray.
        "same_square": a == b,
        "iterations": len(steps),
        "steps": steps,
        "ray": ray & BB_ALL,
        "ray_squares": [square_name(sq) for sq in sorted(set(visited))],
    }


def _contiguous(squares: list[Square]) -> bool:
    """Return True when each square is a king step from the one before (no jump over an edge)."""
    return all(max(abs(square_rank(x) - square_rank(y)), abs(square_file(x) - square_file(y))) == 1 for x, y in pairwise(squares))


def subtract(minuend: Bitboard, subtrahend: Bitboard) -> dict:
    """Return minuend - subtrahend modulo 2**64 with the borrow of every bit position.

    ``borrows`` has bit i set when position i had to borrow from position i + 1: the path
    along which an "on" bit of the minuend propagates (the devlog's "bit propagation").
    """
    borrow, borrows, difference = 0, 0, 0
    for i in range(64):
        x, y = (minuend >> i) & 1, (subtrahend >> i) & 1
        d = x - y - borrow
        borrow = 1 if d < 0 else 0
        difference |= (d & 1) << i
        borrows |= borrow << i
    assert difference == sub64(minuend, subtrahend)
    return {"difference": difference, "borrows": borrows, "wrapped": subtrahend > minuend}


def slide_steps(sq: Square, occupied: Bitboard, line: str, mapping: str) -> list[dict]:
    """Return every step of o^(o-2r) for the slider on sq along one line, in order.

    The slider never blocks itself: o = occupied & ~r. Each step is {id, label, formula, value}.
    """
    check_line_kind(line)
    r = 1 << bit_of(sq, mapping)
    o = occupied & ~r & BB_ALL
    m = line_mask(sq, line, mapping)
    b = o & m
    two_r = (r << 1) & BB_ALL
    b_minus_2r = sub64(b, two_r)
    positive = (b_minus_2r ^ o) & m
    rev_o, rev_b, rev_r = rev(o), rev(b), rev(r)
    rev_difference = sub64(rev_b, 2 * rev_r)
    rev_xor = rev_difference ^ rev_o
    negative = rev(rev_xor) & m
    printed_negative = rev(rev_difference ^ o) & m
    name = LINE_NAMES[line]
    steps = [
        ("o", "Occupancy without the slider", "o = occupied & ~r", o),
        ("r", "The slider", "r", r),
        ("m", f"Mask: the whole {name} through the slider", "m", m),
        ("o_minus_r", "Bit propagation", "o - r", sub64(o, r)),
        ("o_minus_r_masked", f"Only the {name}", "(o - r) & m", sub64(o, r) & m),
        ("b", f"Blockers on the {name}", "b = o & m", b),
        ("b_minus_r_masked", "Blockers only, then the mask", "(b - r) & m", sub64(b, r) & m),
        ("two_r", _twice_label(two_r), "2r", two_r),
        ("b_minus_2r", "Subtract 2r: " + _borrow_words(b, r, two_r, "positive"), "b - 2r", b_minus_2r),
        (
            "b_minus_2r_xor_o",
            "XOR with o: on the line, the bits the subtraction changed light up (off it, the mask clears what is left)",
            "(b - 2r) ^ o",
            b_minus_2r ^ o,
        ),
        ("positive", "Positive ray", "p = ((b - 2r) ^ o) & m", positive),
        ("rev_o", "Reversed occupancy", "rev(o)", rev_o),
        ("rev_b", "Reversed blockers", "rev(b)", rev_b),
        ("rev_r", "Reversed slider", "rev(r)", rev_r),
        (
            "rev_b_minus_2rev_r",
            "Subtract on the reversed board: " + _borrow_words(rev_b, rev_r, (2 * rev_r) & BB_ALL, "negative"),
            "rev(b) - 2*rev(r)",
            rev_difference,
        ),
        ("rev_xor", "XOR with the reversed occupancy", "(rev(b) - 2*rev(r)) ^ rev(o)", rev_xor),
        ("negative", "Negative ray: reverse back, mask", "n = rev((rev(b) - 2*rev(r)) ^ rev(o)) & m", negative),
        (
            "negative_as_printed",
            "The devlog's printed equation (XOR with o, not rev(o))",
            "rev((rev(b) - 2*rev(r)) ^ o) & m",
            printed_negative,
        ),
        ("attacks", "Sliding moves on this line", "s = p | n", positive | negative),
    ]
    return [{"id": i, "label": label, "formula": formula, "value": value} for i, label, formula, value in steps]


def _twice_label(two_r: Bitboard) -> str:
    """2r's label: one bit higher, or, for a slider on bit 63, past the 64 bits."""
    if two_r:
        return "Twice the slider: one bit higher"
    return "Twice the slider: one bit higher, past bit 63, so 0 in 64 bits (no square lies above the slider)"


def _borrow_words(b: Bitboard, r: Bitboard, two_r: Bitboard, side: str) -> str:
    """What subtracting 2r from the blockers b does: where its borrow runs, and so the ray of `side`."""
    if not two_r:
        return f"nothing is subtracted, no borrow, so the {side} ray comes out empty"
    if b & ~((r << 1) - 1) & BB_ALL:  # a blocker on a bit above the slider's
        return "the borrow runs up to the first blocker above the slider"
    return "no blocker lies above the slider, so the borrow runs off bit 63, turning on every bit on the way"


def rays_section(steps: dict[str, int]) -> dict[str, int]:
    """Return the devlog's "Positive and negative rays" as it writes them, from slide_steps' values.

    p = [(o ∩ m) - r] ∩ m and n = [(o ∩ m)'' - r'']'' ∩ m, x'' the reversal: the fundamentals
    before the final equation's 2r and XOR with o. Each holds the slider and the empty squares up
    to its first blocker, not that blocker, and keeps the line's other blockers.
    """
    rev_difference = sub64(steps["rev_b"], steps["rev_r"])  # p is a step already: (b - r) & m
    return {"p": steps["b_minus_r_masked"], "rev_b_minus_rev_r": rev_difference, "n": rev(rev_difference) & steps["m"]}


def _rays(bit: int, o: Bitboard, rev_o: Bitboard, m: Bitboard) -> tuple[Bitboard, Bitboard]:
    """Return (positive, negative) for the slider on ``bit``; rev(o) comes in once per piece."""
    b = o & m
    positive = (((b - (2 << bit)) & BB_ALL) ^ o) & m
    negative = rev(((rev(b) - (2 << (63 - bit))) & BB_ALL) ^ rev_o) & m
    return positive, negative


def check_piece(piece: str) -> str:
    """Return piece if it is rook, bishop or queen; raise invalid_parameter otherwise."""
    return one_of(piece, PIECE_LINES, "piece")


def hyperbola_attacks(piece: str, sq: Square, occupied: Bitboard, mapping: str = "lerf") -> tuple[Bitboard, dict]:
    """Return a slider's attacks by o^(o-2r), and each line's (positive, negative) rays.

    The devlog's equation, line by line: the engine /api/attacks used before the lookup tables,
    kept as one of the methods (chessviz.methods) and held equal to them by the tests.
    """
    lines = {}
    total = 0
    bit = bit_of(sq, mapping)
    o = occupied & ~(1 << bit) & BB_ALL
    rev_o = rev(o)
    for line in PIECE_LINES[check_piece(piece)]:
        positive, negative = _rays(bit, o, rev_o, line_mask(sq, line, mapping))
        lines[line] = (positive, negative)
        total |= positive | negative
    return total, lines


@cache
def _lines_by_square(mapping: str) -> dict[str, list[tuple[str, Bitboard, Bitboard, Bitboard]]]:
    """Return per piece, per LERF square, each line's (kind, mask, bits above the slider, bits below)."""
    table = {}
    for piece, kinds in PIECE_LINES.items():
        table[piece] = []
        for sq in range(64):
            bit = bit_of(sq, mapping)
            above, below = BB_ALL ^ ((2 << bit) - 1), (1 << bit) - 1
            table[piece].append([(kind, line_mask(sq, kind, mapping), above, below) for kind in kinds])
    return table


def attacks(piece: str, sq: Square, occupied: Bitboard, own: Bitboard, mapping: str = "lerf") -> dict:
    """Return a slider's attacks, moves (attacks & ~own) and each line's positive/negative rays.

    e.g. a rook on e4 of an empty board attacks the whole 4th rank and e-file but e4. The
    attacks come from the engine's fastest method, a fancy magic lookup (chessviz.methods_magic);
    a line's positive ray is its attacked squares above the slider's bit, the negative those below.
    """
    total = magic_attacks(check_piece(piece), sq, occupied, check_mapping(mapping))
    lines = {}
    for kind, mask, above, below in _lines_by_square(mapping)[piece][sq]:
        on_line = total & mask
        lines[kind] = {"positive": on_line & above, "negative": on_line & below}
    return {"attacks": total, "moves": total & ~own & BB_ALL, "lines": lines}
