"""Every way to slide: the same attacks by seven methods, each written out step by step.

Each method returns its ordered steps {id, label, formula, value, operations, kind} (the last
one's value is the attacks), its count of 64-bit operations for this input, and the bytes of
the precomputed attack sets it reads. All of it is computed in the bit space of the request's
mapping, every value modulo 2**64. In a formula ``sq`` is the slider's bit number.

What counts as one 64-bit operation: a logical operation (``& | ^ ~``), a shift, an addition,
subtraction or multiplication, a bit scan, a bit reversal, a PEXT, and a read of a table entry.
Constants written into the code (such as ``not_a``) are not reads. A step's ``operations`` are
those it adds to the steps before it.

The methods (https://www.chessprogramming.org/Sliding_Piece_Attacks):
classical (ray table and bit scan), hyperbola (the devlog's o^(o-2r), chessviz.sliding),
kogge_stone (occluded fills by doubling steps), dumb7fill (the same fill one square at a time),
obstruction_difference, magic (fancy magic bitboards) and pext (BMI2's instruction, in software).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from functools import cache
from pathlib import Path

from .errors import ChessvizError
from .methods_geometry import (
    BY_NAME,
    LINE_DIRECTIONS,
    PIECE_DIRECTIONS,
    PIECE_KINDS,
    Direction,
    classical_attacks,
    edge_squares,
    highest_bit,
    is_positive,
    lowest_bit,
    pext,
    rays,
)
from .methods_magic import ENTRY_BYTES, SEED, magic_attacks, pext_attacks, square_magics, table_entries, tables
from .methods_search import search_answer
from .sliding import PIECE_LINES, check_piece, hyperbola_attacks, slide_steps
from .squares import BB_ALL, Bitboard, Square, bit_of, bits_of, check_mapping, format_bitboard, square_name, square_of_bit

METHODS = ("classical", "hyperbola", "kogge_stone", "dumb7fill", "obstruction_difference", "magic", "pext")
LINE_SHORT = {"rank": "rank", "file": "file", "diagonal": "diag", "anti_diagonal": "anti"}
LINE_WORDS = {"rank": "rank", "file": "file", "diagonal": "diagonal", "anti_diagonal": "anti-diagonal"}
BOARD_BYTES = 8  # one bitboard


class Trace:
    """The steps of one method as it runs, and the operations they add up to."""

    def __init__(self) -> None:
        self.steps: list[dict] = []
        self.operations = 0

    def step(self, id: str, label: str, formula: str, value: int, operations: int, kind: str = "bitboard") -> int:
        """Record one step; return its value (so a method reads like the code it traces)."""
        value &= BB_ALL
        self.operations += operations
        self.steps.append({"id": id, "label": label, "formula": formula, "value": value, "operations": operations, "kind": kind})
        return value

    def union(self, names: list[str], values: list[int]) -> int:
        """The last step: the attacks, the union of the parts (no operation for a single part)."""
        total = 0
        for value in values:
            total |= value
        label = "The attacks" if len(values) == 1 else "The attacks: the union of the parts"
        return self.step("attacks", label, "attacks = " + " | ".join(names), total, len(values) - 1)


def _shift(value: str, amount: int) -> str:
    """Return the formula text of a shift of ``value`` by ``amount`` bits (negative: right)."""
    return f"{value} << {amount}" if amount > 0 else f"{value} >> {-amount}"


def _shifted(value: int, amount: int) -> int:
    return (value << amount) & BB_ALL if amount > 0 else value >> -amount


# --------------------------------------------------------------------------- classical


def classical(piece: str, bit: int, occupied: Bitboard, mapping: str) -> Trace:
    """Trace the classical approach: per direction the ray, its nearest blocker by bit scan, its ray XORed away."""
    t = Trace()
    table = rays(mapping)
    names, parts = [], []
    for d in PIECE_DIRECTIONS[piece]:
        s = d.short
        ray = t.step(
            f"{s}_ray", f"Ray to the {d.words} on an empty board", f"ray_{s} = rays[{d.name}][sq]", table[d.name][bit], 1
        )
        blockers = t.step(
            f"{s}_blockers", f"Blockers on the {d.words} ray", f"blockers_{s} = ray_{s} & occupied", ray & occupied, 1
        )
        if blockers:
            if is_positive(d, mapping):
                label, scan, first = "The nearest blocker: bit scan forward (the ray's bits grow)", "bsf", lowest_bit(blockers)
            else:
                label, scan, first = "The nearest blocker: bit scan reverse (the ray's bits shrink)", "bsr", highest_bit(blockers)
            t.step(f"{s}_first", label, f"first_{s} = {scan}(blockers_{s})", first, 1, "square")
            behind = t.step(
                f"{s}_behind",
                "The blocker's own ray: the squares behind it",
                f"behind_{s} = rays[{d.name}][first_{s}]",
                table[d.name][first],
                1,
            )
            ray = t.step(
                f"{s}_attacks",
                f"Attacks to the {d.words}: the ray, what lies behind XORed away",
                f"attacks_{s} = ray_{s} ^ behind_{s}",
                ray ^ behind,
                1,
            )
        else:
            ray = t.step(f"{s}_attacks", f"Attacks to the {d.words}: no blocker, the whole ray", f"attacks_{s} = ray_{s}", ray, 0)
        names.append(f"attacks_{s}")
        parts.append(ray)
    t.union(names, parts)
    return t


# --------------------------------------------------------------------------- hyperbola (the devlog's)

# The engine's own steps of o^(o-2r) (chessviz.sliding.slide_steps) that the computation needs,
# with the operations each adds: rev(o) and rev(r) once per piece, the rest once per line.
_SHARED_STEPS = {"r": 1, "o": 2, "rev_o": 1, "rev_r": 1}
_LINE_STEPS = {
    "m": 1,
    "b": 1,
    "two_r": 1,
    "b_minus_2r": 1,
    "b_minus_2r_xor_o": 1,
    "positive": 1,
    "rev_b": 1,
    "rev_b_minus_2rev_r": 2,
    "rev_xor": 1,
    "negative": 2,
    "attacks": 1,
}


def hyperbola(piece: str, sq: Square, occupied: Bitboard, mapping: str) -> Trace:
    """Trace o^(o-2r) line by line, with the steps the project's engine (chessviz.sliding) computes."""
    t = Trace()
    names, parts = [], []
    for n, line in enumerate(PIECE_LINES[piece]):
        steps = {s["id"]: s for s in slide_steps(sq, occupied, line, mapping)}
        if n == 0:
            for id, operations in _SHARED_STEPS.items():
                s = steps[id]
                formula = "r = 1 << sq" if id == "r" else s["formula"]
                t.step(id, s["label"], formula, s["value"], operations)
        # Two formulas say where their value comes from: the line's mask is read from a table, and
        # each line's s keeps its own name for the union.
        rewritten = {"m": f"m = lines[{line}][sq]", "attacks": f"s_{LINE_SHORT[line]} = p | n"}
        for id, operations in _LINE_STEPS.items():
            s = steps[id]
            formula = rewritten.get(id, s["formula"])
            label = f"{s['label']} ({LINE_WORDS[line]})" if LINE_WORDS[line] not in s["label"] else s["label"]
            t.step(f"{LINE_SHORT[line]}_{id}", label, formula, s["value"], operations)
        names.append(f"s_{LINE_SHORT[line]}")
        parts.append(steps["attacks"]["value"])
    t.union(names, parts)
    return t


# --------------------------------------------------------------------------- Kogge-Stone and dumb7fill


def _fill_setup(t: Trace, bit: int, occupied: Bitboard) -> tuple[int, int]:
    r = t.step("r", "The slider: where every fill starts", "r = 1 << sq", 1 << bit, 1)
    empty = t.step("empty", "Empty squares: where a fill may go on", "empty = ~occupied", ~occupied, 1)
    return r, empty


def _propagator(t: Trace, d: Direction, mapping: str, empty: int, name: str) -> tuple[int, str]:
    """The propagator of a direction: the empty squares, less the file a one-step shift would wrap onto."""
    s, wrap = d.short, d.wrap_mask(mapping)
    if wrap is None:
        return t.step(f"{s}_{name}", f"Propagator to the {d.words}: the empty squares", f"{name}_{s} = empty", empty, 0), ""
    file, constant = ("a", "not_a") if d.file_step == 1 else ("h", "not_h")
    # The constant's value in this mapping: the code names it, the student reads its bits here.
    cut = f"the {file}-file cut off (no wrap round the edge; {constant} = 0x{wrap:016x})"
    label = f"Propagator to the {d.words}: the empty squares, {cut}"
    return t.step(f"{s}_{name}", label, f"{name}_{s} = empty & {constant}", empty & wrap, 1), constant


def _last_step(t: Trace, d: Direction, mapping: str, fill: str, value: int) -> int:
    """One more step than the fill: the squares it reaches and the blocker that stopped it."""
    s, shift, wrap = d.short, d.shift(mapping), d.wrap_mask(mapping)
    label = f"Attacks to the {d.words}: the fill moved one more square, onto the blocker if one stopped it"
    if wrap is None:
        return t.step(f"{s}_attacks", label, f"attacks_{s} = {_shift(fill, shift)}", _shifted(value, shift), 1)
    constant = "not_a" if d.file_step == 1 else "not_h"
    return t.step(f"{s}_attacks", label, f"attacks_{s} = ({_shift(fill, shift)}) & {constant}", _shifted(value, shift) & wrap, 2)


def kogge_stone(piece: str, bit: int, occupied: Bitboard, mapping: str) -> Trace:
    """Trace Kogge-Stone occluded fills: three doubling steps (1, 2, 4 squares) per direction, then one step.

    A fill step moves the filled squares k squares on where the propagator allows; the
    propagator itself doubles (a jump of 2k needs this square and the 2k - 1 before it empty), so after steps of 1, 2 and 4
    the fill has run up to 7 squares. See https://www.chessprogramming.org/Kogge-Stone_Algorithm
    """
    t = Trace()
    r, empty = _fill_setup(t, bit, occupied)
    names, parts = [], []
    for d in PIECE_DIRECTIONS[piece]:
        s, one = d.short, d.shift(mapping)
        pro, _ = _propagator(t, d, mapping, empty, "pro0")
        gen, gen_name = r, "r"
        for step, (k, words) in enumerate(((1, "1 square"), (2, "2 squares"), (4, "4 squares")), start=1):
            gen = t.step(
                f"{s}_gen{step}",
                f"Doubling step {step} to the {d.words}: the fill moves {words} where the propagator allows",
                f"gen{step}_{s} = {gen_name} | (pro{step - 1}_{s} & ({_shift(gen_name, k * one)}))",
                gen | (pro & _shifted(gen, k * one)),
                3,
            )
            gen_name = f"gen{step}_{s}"
            if step < 3:
                pro = t.step(
                    f"{s}_pro{step}",
                    # pro1 & (pro1 << 2): s, s-1 (pro1 at s) and s-2, s-3 (pro1 at s-2) all empty.
                    f"Propagator for a jump of {2 * k} squares: empty here and on the {2 * k - 1} "
                    f"square{'s' if k > 1 else ''} back",
                    f"pro{step}_{s} = pro{step - 1}_{s} & ({_shift(f'pro{step - 1}_{s}', k * one)})",
                    pro & _shifted(pro, k * one),
                    2,
                )
        parts.append(_last_step(t, d, mapping, gen_name, gen))
        names.append(f"attacks_{s}")
    t.union(names, parts)
    return t


def dumb7fill(piece: str, bit: int, occupied: Bitboard, mapping: str) -> Trace:
    """Trace dumb7fill: the same occluded fill one square a step, six steps, then one more.

    See https://www.chessprogramming.org/Dumb7Fill
    """
    t = Trace()
    r, empty = _fill_setup(t, bit, occupied)
    names, parts = [], []
    for d in PIECE_DIRECTIONS[piece]:
        s, one = d.short, d.shift(mapping)
        pro, _ = _propagator(t, d, mapping, empty, "pro")
        fill, fill_name = r, "r"
        for step in range(1, 7):
            fill = t.step(
                f"{s}_fill{step}",
                f"Step {step} to the {d.words}: one square further where empty",
                f"fill{step}_{s} = {fill_name} | (({_shift(fill_name, one)}) & pro_{s})",
                fill | (_shifted(fill, one) & pro),
                3,
            )
            fill_name = f"fill{step}_{s}"
        parts.append(_last_step(t, d, mapping, fill_name, fill))
        names.append(f"attacks_{s}")
    t.union(names, parts)
    return t


# --------------------------------------------------------------------------- obstruction difference


@cache
def lower_upper(mapping: str) -> dict[str, tuple[tuple[Bitboard, ...], tuple[Bitboard, ...]]]:
    """Return {line kind: (lower rays, upper rays)} by bit number: the line's two rays, towards lower and higher bits."""
    table = rays(mapping)
    found = {}
    for line, (a, b) in LINE_DIRECTIONS.items():
        up, down = (a, b) if is_positive(a, mapping) else (b, a)
        found[line] = (table[down.name], table[up.name])
    return found


def obstruction_difference(piece: str, bit: int, occupied: Bitboard, mapping: str) -> Trace:
    """Trace obstruction difference per line: upper ^ (upper - ms1b of the lower blockers), masked to the line.

    See https://www.chessprogramming.org/Obstruction_Difference
    """
    t = Trace()
    names, parts = [], []
    for line in PIECE_LINES[piece]:
        n, words = LINE_SHORT[line], LINE_WORDS[line]
        lower_rays, upper_rays = lower_upper(mapping)[line]
        lower_ray = t.step(
            f"{n}_lower_ray",
            f"Lower ray: the {words} below the slider's bit",
            f"lower_ray_{n} = lower[{line}][sq]",
            lower_rays[bit],
            1,
        )
        upper_ray = t.step(
            f"{n}_upper_ray",
            f"Upper ray: the {words} above the slider's bit",
            f"upper_ray_{n} = upper[{line}][sq]",
            upper_rays[bit],
            1,
        )
        lower = t.step(
            f"{n}_lower", "Blockers on the lower ray", f"lower_{n} = lower_ray_{n} & occupied", lower_ray & occupied, 1
        )
        upper = t.step(
            f"{n}_upper", "Blockers on the upper ray", f"upper_{n} = upper_ray_{n} & occupied", upper_ray & occupied, 1
        )
        ms1b = t.step(
            f"{n}_ms1b",
            "The lower blocker nearest the slider: the most significant bit (bit 0 when there is none)",
            f"ms1b_{n} = 1 << bsr(lower_{n} | 1)",
            1 << highest_bit(lower | 1),
            3,
        )
        odiff = t.step(
            f"{n}_odiff",
            "Upper blockers minus it: the borrow runs from the ms1b up to the first upper blocker",
            f"odiff_{n} = upper_{n} ^ (upper_{n} - ms1b_{n})",
            upper ^ ((upper - ms1b) & BB_ALL),
            2,
        )
        part = t.step(
            f"{n}_attacks",
            f"Attacks on the {words}: the difference masked to the two rays",
            f"attacks_{n} = (lower_ray_{n} | upper_ray_{n}) & odiff_{n}",
            (lower_ray | upper_ray) & odiff,
            2,
        )
        names.append(f"attacks_{n}")
        parts.append(part)
    t.union(names, parts)
    return t


# --------------------------------------------------------------------------- magic and PEXT


def _lookup(piece: str, bit: int, occupied: Bitboard, mapping: str, by: str) -> Trace:
    """Trace a table lookup per kind: the relevant-occupancy mask, the index (by a magic or by PEXT), the entry."""
    t = Trace()
    names, parts = [], []
    for kind in PIECE_KINDS[piece]:
        sm = square_magics(kind, mapping)[bit]
        mask = t.step(
            f"{kind}_mask",
            f"Relevant occupancy: the {kind}'s lines without the slider and without the last square of each ray",
            f"{kind}_mask = {kind}_masks[sq]",
            sm.mask,
            1,
        )
        if by == "magic":
            blockers = t.step(
                f"{kind}_blockers",
                "The blockers that matter: occupied squares on the mask",
                f"{kind}_blockers = occupied & {kind}_mask",
                occupied & mask,
                1,
            )
            product = t.step(
                f"{kind}_product",
                "Times the square's magic number: the blockers gather in the top bits",
                f"{kind}_product = {kind}_blockers * {kind}_magics[sq]",
                blockers * sm.magic,
                2,
            )
            label = f"Shifted right by {sm.shift}: the top {sm.bits} bits are the index"
            index = t.step(
                f"{kind}_index", label, f"{kind}_index = {kind}_product >> {kind}_shifts[sq]", product >> sm.shift, 2, "number"
            )
            table, name = tables(kind, mapping)[0], f"{kind}_table"
        else:
            label = f"PEXT: the {sm.bits} occupied-or-not bits under the mask, packed into the low bits"
            index = t.step(
                f"{kind}_index", label, f"{kind}_index = pext(occupied, {kind}_mask)", pext(occupied, mask), 1, "number"
            )
            table, name = tables(kind, mapping)[1], f"{kind}_pext_table"
        part = t.step(
            f"{kind}_attacks",
            f"The table entry at the square's offset plus the index: the {kind}'s attacks",
            f"{kind}_attacks = {name}[{kind}_offsets[sq] + {kind}_index]",
            table[sm.offset + index],
            3,
        )
        names.append(f"{kind}_attacks")
        parts.append(part)
    t.union(names, parts)
    return t


def magic(piece: str, bit: int, occupied: Bitboard, mapping: str) -> Trace:
    """Trace fancy magic bitboards per kind: mask, multiply by the magic, shift, read the table."""
    return _lookup(piece, bit, occupied, mapping, "magic")


def pext_method(piece: str, bit: int, occupied: Bitboard, mapping: str) -> Trace:
    """Trace PEXT bitboards per kind: the same mask, pext(occupied, mask) as the index, one table read."""
    return _lookup(piece, bit, occupied, mapping, "pext")


# --------------------------------------------------------------------------- memory and plain versions


def table_bytes(method: str, piece: str) -> int:
    """Return the bytes of the precomputed attack sets a method reads for a piece, 8 bytes a bitboard.

    Rays, lines and attack tables count; the per-square magic numbers, masks, shifts and offsets
    that index an attack table do not, nor constants in the code. The fills read no table.
    """
    lines = len(PIECE_LINES[piece])
    per_square = {
        "classical": len(PIECE_DIRECTIONS[piece]),  # a ray per direction
        "hyperbola": lines,  # the line mask m
        "kogge_stone": 0,
        "dumb7fill": 0,
        "obstruction_difference": 2 * lines,  # the lower and the upper ray of each line
    }
    if method in per_square:
        return 64 * per_square[method] * BOARD_BYTES
    return sum(table_entries(kind) for kind in PIECE_KINDS[piece]) * ENTRY_BYTES


@cache
def _fill_directions(mapping: str) -> dict[str, tuple[tuple[int, int], ...]]:
    """Return per piece each direction's (shift, mask after a shift): the wrap mask, or all bits for north and south."""
    return {
        piece: tuple((d.shift(mapping), BB_ALL if d.wrap_mask(mapping) is None else d.wrap_mask(mapping)) for d in directions)
        for piece, directions in PIECE_DIRECTIONS.items()
    }


def occluded_fill(gen: Bitboard, pro: Bitboard, direction: str, mapping: str) -> Bitboard:
    """Return the Kogge-Stone occluded fill of ``gen`` along ``pro`` in one direction, every generator at once.

    e.g. east in lerf from e4 with d4..h4 empty: e4 f4 g4 h4 (the fill stops before a square not in
    pro, and never wraps onto the next rank). The wiki's eastOccl for any direction and mapping.
    See https://www.chessprogramming.org/Kogge-Stone_Algorithm#OccludedFill
    """
    d = BY_NAME[direction]
    shift, wrap = d.shift(mapping), d.wrap_mask(mapping)
    pro &= BB_ALL if wrap is None else wrap
    for k in (1, 2, 4):
        gen |= pro & _shifted(gen, k * shift)
        pro &= _shifted(pro, k * shift)
    return gen


def kogge_stone_attacks(piece: str, sq: Square, occupied: Bitboard, mapping: str = "lerf") -> Bitboard:
    """Return a slider's attacks by Kogge-Stone fills, without the trace (what the benchmark times)."""
    r = 1 << bit_of(sq, mapping)
    empty = ~occupied & BB_ALL
    attacks = 0
    for s, wrap in _fill_directions(mapping)[piece]:
        pro, gen = empty & wrap, r
        if s > 0:
            gen |= pro & (gen << s)
            pro &= pro << s
            gen |= pro & (gen << 2 * s)
            pro &= pro << 2 * s
            gen |= pro & (gen << 4 * s)
            attacks |= (gen << s) & wrap
        else:
            s = -s
            gen |= pro & (gen >> s)
            pro &= pro >> s
            gen |= pro & (gen >> 2 * s)
            pro &= pro >> 2 * s
            gen |= pro & (gen >> 4 * s)
            attacks |= (gen >> s) & wrap
    return attacks


def dumb7fill_attacks(piece: str, sq: Square, occupied: Bitboard, mapping: str = "lerf") -> Bitboard:
    """Return a slider's attacks by dumb7fill, without the trace."""
    r = 1 << bit_of(sq, mapping)
    empty = ~occupied & BB_ALL
    attacks = 0
    for s, wrap in _fill_directions(mapping)[piece]:
        pro, fill = empty & wrap, r
        if s > 0:
            for _ in range(6):
                fill |= (fill << s) & pro
            attacks |= (fill << s) & wrap
        else:
            for _ in range(6):
                fill |= (fill >> -s) & pro
            attacks |= (fill >> -s) & wrap
    return attacks


def obstruction_difference_attacks(piece: str, sq: Square, occupied: Bitboard, mapping: str = "lerf") -> Bitboard:
    """Return a slider's attacks by obstruction difference, without the trace."""
    bit = bit_of(sq, mapping)
    table = lower_upper(mapping)
    attacks = 0
    for line in PIECE_LINES[piece]:
        lower_rays, upper_rays = table[line]
        lower_ray, upper_ray = lower_rays[bit], upper_rays[bit]
        upper = upper_ray & occupied
        ms1b = 1 << ((lower_ray & occupied) | 1).bit_length() - 1
        attacks |= (lower_ray | upper_ray) & (upper ^ ((upper - ms1b) & BB_ALL))
    return attacks


def _classical_attacks(piece: str, sq: Square, occupied: Bitboard, mapping: str = "lerf") -> Bitboard:
    return classical_attacks(piece, bit_of(sq, mapping), occupied, mapping)


def _hyperbola_attacks(piece: str, sq: Square, occupied: Bitboard, mapping: str = "lerf") -> Bitboard:
    return hyperbola_attacks(piece, sq, occupied, mapping)[0]


# Each method's attacks without the trace, (piece, LERF square, occupied, mapping) -> bitboard.
ATTACKS: dict[str, Callable[[str, Square, Bitboard, str], Bitboard]] = {
    "classical": _classical_attacks,
    "hyperbola": _hyperbola_attacks,
    "kogge_stone": kogge_stone_attacks,
    "dumb7fill": dumb7fill_attacks,
    "obstruction_difference": obstruction_difference_attacks,
    "magic": magic_attacks,
    "pext": pext_attacks,
}

_TRACES = {
    "classical": classical,
    "kogge_stone": kogge_stone,
    "dumb7fill": dumb7fill,
    "obstruction_difference": obstruction_difference,
    "magic": magic,
    "pext": pext_method,
}


def trace(method: str, piece: str, sq: Square, occupied: Bitboard, mapping: str) -> Trace:
    """Return the trace of one method for a slider on ``sq`` (LERF) among ``occupied`` (in ``mapping``)."""
    check_piece(piece)
    check_mapping(mapping)
    if method == "hyperbola":
        return hyperbola(piece, sq, occupied, mapping)
    if method not in _TRACES:
        raise ChessvizError("invalid_parameter", f"method must be one of {', '.join(METHODS)}, got {method!r}", "method")
    return _TRACES[method](piece, bit_of(sq, mapping), occupied, mapping)


def _lookup_parts(method: str, piece: str, sq: Square, occupied: Bitboard, mapping: str) -> dict:
    """Return the magic's or PEXT's mask, index (and magic, shift) of each kind the piece reads."""
    bit = bit_of(sq, mapping)
    parts = {}
    for kind in PIECE_KINDS[piece]:
        sm = square_magics(kind, mapping)[bit]
        if method == "magic":
            parts[kind] = {"mask": sm.mask, "magic": sm.magic, "shift": sm.shift, "index": sm.index(occupied)}
        else:
            parts[kind] = {"mask": sm.mask, "index": pext(occupied, sm.mask)}
    return parts[piece] if piece in parts else parts


def _shown(value):
    """Return a part's values for JSON: masks and magics as bitboard strings, numbers as they are."""
    if isinstance(value, dict):
        return {k: format_bitboard(v) if k in ("mask", "magic") else _shown(v) for k, v in value.items()}
    return value


def methods_answer(piece: str, sq: Square, occupied: Bitboard, mapping: str) -> dict:
    """Return the /api/methods answer: the attacks, and every method's steps, operations and table bytes.

    e.g. a rook on e4: seven methods, all with the same attacks (the answer says so only if true:
    a method that disagreed with the engine would be a bug, and the tests look for one).
    """
    check_piece(piece)
    check_mapping(mapping)
    answer_methods = {}
    for method in METHODS:
        t = trace(method, piece, sq, occupied, mapping)
        steps = [{**s, "value": format_bitboard(s["value"])} for s in t.steps]
        body = {
            "attacks": steps[-1]["value"],
            "steps": steps,
            "operations": t.operations,
            "table_bytes": table_bytes(method, piece),
        }
        if method in ("magic", "pext"):
            body |= _shown(_lookup_parts(method, piece, sq, occupied, mapping))
        answer_methods[method] = body
    return {
        "piece": piece,
        "sq": square_name(sq),
        "mapping": mapping,
        "occupied": format_bitboard(occupied),
        "attacks": format_bitboard(magic_attacks(piece, sq, occupied, mapping)),
        "methods": answer_methods,
    }


def magic_search_answer(
    kind: str, sq: Square, mapping: str, seed: int | None, show: int, pause: Callable[[], None] | None = None
) -> dict:
    """Return a replay of the magic search for one square (methods_search.search_answer), seeded
    with the committed file's seed unless ``seed`` is given, beside the committed magic; ``pause``
    is called now and then during the replay (search_answer)."""
    check_mapping(mapping)
    sm = square_magics(kind, mapping)[bit_of(sq, mapping)]
    committed = {"seed": SEED, "magic": format_bitboard(sm.magic), "candidates": sm.candidates}
    return search_answer(kind, sq, mapping, SEED if seed is None else seed, show, committed, pause)


def _share(kind: str, sq: Square, occupied: Bitboard, mapping: str) -> dict:
    """Return the exercise on one table index: three boards, each the student's with one square changed.

    Exactly one shares the index: a piece added or taken on an edge square of the slider's lines,
    which the mask leaves out because the ray ends there anyway; the masked occupancy, so the index,
    is the same, and so are the attacks: that is why the edges may be left out. The others change a
    square on the mask: one behind the first blocker if there is one (same attacks, yet another
    index), one the attacks depend on (another index, as a magic must give it). Each choice says why
    in ``reason``; their order is drawn from the state.
    """
    bit = bit_of(sq, mapping)
    sm = square_magics(kind, mapping)[bit]
    magic_table = tables(kind, mapping)[0]
    attacks = magic_table[sm.offset + sm.index(occupied)]
    rng = random.Random(f"{mapping}:{kind}:{sq}:{occupied}")
    behind, in_front = [], []
    for b in bits_of(sm.mask):
        changed = occupied ^ (1 << b)
        (behind if magic_table[sm.offset + sm.index(changed)] == attacks else in_front).append(b)
    edge = rng.choice(list(bits_of(edge_squares(kind, mapping)[bit])))
    picks = [("edge", edge), ("in_front", in_front[0])]
    picks.append(("behind", rng.choice(behind)) if behind else ("in_front", in_front[-1] if len(in_front) > 1 else in_front[0]))
    if picks[2] == picks[1]:
        picks.pop()
    rng.shuffle(picks)
    choices = []
    for why, b in picks:
        changed = occupied ^ (1 << b)
        name = square_name(square_of_bit(b, mapping))
        verb = "takes the piece off" if occupied >> b & 1 else "adds a piece on"
        index = sm.index(changed)
        choices.append(
            {
                "occupancy": format_bitboard(changed),
                "square": name,
                "index": index,
                "attacks": format_bitboard(magic_table[sm.offset + index]),
                "same_index": index == sm.index(occupied),
                "same_attacks": magic_table[sm.offset + index] == attacks,
                "reason": f"It {verb} {name}, " + _SHARE_REASONS[why],
            }
        )
    answer = next(i for i, c in enumerate(choices) if c["same_index"])
    return {"choices": choices, "answer": answer}


_SHARE_REASONS = {
    "edge": "the last square of a ray: the ray ends there whether a piece stands on it or not, so the mask leaves "
    "it out. The masked occupancy is the same, so is the index, and so are the attacks: sharing the entry is right.",
    "behind": "which lies behind the first blocker on its ray: the attacks stay the same, but the square is on the mask, "
    "so the masked occupancy differs and the magic sends it to another index (the table holds the same attacks twice).",
    "in_front": "a square the attacks depend on (the first blocker, or a square before it): the attacks change, "
    "so a magic must send it to another index, or the table would answer wrongly for one of the two.",
}


def magic_answer(kind: str, sq: Square, occupied: Bitboard, mapping: str) -> dict:
    """Return one fancy magic lookup in full, for the magic chapter: the mask and the edges it drops, the
    multiplication term by term, the index, the entry, and the exercise on a shared entry.

    The product is the sum of the magic shifted by each blocker's bit number (mod 2**64): ``terms``.
    """
    check_mapping(mapping)
    bit = bit_of(sq, mapping)
    sm = square_magics(kind, mapping)[bit]
    blockers = occupied & sm.mask
    index = sm.index(occupied)
    return {
        "piece": kind,
        "sq": square_name(sq),
        "mapping": mapping,
        "occupied": format_bitboard(occupied),
        "mask": format_bitboard(sm.mask),
        "edges": format_bitboard(edge_squares(kind, mapping)[bit]),
        "bits": sm.bits,
        "subsets": sm.size,
        "magic": format_bitboard(sm.magic),
        "shift": sm.shift,
        "offset": sm.offset,
        "blockers": format_bitboard(blockers),
        "terms": [
            {"square": square_name(square_of_bit(b, mapping)), "bit": b, "term": format_bitboard(sm.magic << b)}
            for b in bits_of(blockers)
        ],
        "product": format_bitboard(blockers * sm.magic),
        "index_bits": format_bitboard(BB_ALL ^ ((1 << sm.shift) - 1)),
        "index": index,
        "attacks": format_bitboard(tables(kind, mapping)[0][sm.offset + index]),
        "pext": {
            "index": pext(occupied, sm.mask),
            "gather": [
                {"square": square_name(square_of_bit(b, mapping)), "bit": b, "set": bool(occupied >> b & 1)}
                for b in bits_of(sm.mask)
            ],
        },
        "share": _share(kind, sq, occupied, mapping),
    }


DATA_DIR = Path(__file__).resolve().parent / "data"


@cache
def speeds_answer() -> dict:
    """Return the published C++ speeds of the methods (chessviz/data/published-speeds.json, copied from
    its source with the date and CPU) beside this project's own Python figures from bench/bench_engine.py
    (chessviz/data/engine-bench.json), each method's as nanoseconds a call and a ratio to python-chess."""
    published = json.loads((DATA_DIR / "published-speeds.json").read_text(encoding="utf-8"))
    bench = json.loads((DATA_DIR / "engine-bench.json").read_text(encoding="utf-8"))
    ratios = {
        piece: {name: round(ns / times["python-chess"], 2) for name, ns in times.items() if name in METHODS}
        for piece, times in bench["nanoseconds"].items()
    }
    published.pop("about", None)
    return {"published": published, "python": bench | {"ratios": ratios}}
