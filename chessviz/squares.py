"""Squares, bitboards and the two square mappings, defined once.

The canonical square index is little-endian rank-file (LERF, python-chess's numbering):
``index = 8*rank + file``, a1 = 0, h1 = 7, a8 = 56, h8 = 63. The sliding-pieces devlog
draws its bitboards in little-endian rank, big-endian file (``lerbef``):
``bit = 8*rank + (7 - file)``, h1 = bit 0, a1 = bit 7. Every conversion between the two
goes through :func:`bit_of`, :func:`square_of_bit` and :func:`convert`.

See https://www.chessprogramming.org/Square_Mapping_Considerations
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from .errors import ChessvizError, one_of, shown

Square = int
Bitboard = int

BB_ALL: Bitboard = (1 << 64) - 1
MAPPINGS = ("lerf", "lerbef")
FILE_NAMES = "abcdefgh"
RANK_NAMES = "12345678"
SQUARES = range(64)
SQUARE_NAMES = [f + r for r in RANK_NAMES for f in FILE_NAMES]

LINE_KINDS = ("rank", "file", "diagonal", "anti_diagonal")

_SQUARE_RE = re.compile(r"[a-h][1-8]")
_DECIMAL_RE = re.compile(r"[0-9]+")
_HEX_RE = re.compile(r"0x[0-9a-f]{1,16}")


def square_file(sq: Square) -> int:
    """Return the file 0..7 of a square, e.g. 4 for e4."""
    return sq & 7


def square_rank(sq: Square) -> int:
    """Return the rank 0..7 of a square, e.g. 3 for e4."""
    return sq >> 3


def square_name(sq: Square) -> str:
    """Return the name of a square, e.g. ``square_name(28) == "e4"``."""
    return SQUARE_NAMES[sq]


def x88(sq: Square) -> int:
    """Return the 0x88 coordinate ``16*rank + file`` of a square, e.g. 0x34 for e4.

    See https://www.chessprogramming.org/0x88
    """
    return 16 * square_rank(sq) + square_file(sq)


def parse_square(text: str) -> Square:
    """Return the LERF index named by ``"e4"`` (any case) or ``"28"`` (0..63).

    Raises ChessvizError(invalid_square) for anything else, e.g. ``"i9"``, ``"64"``, ``"-1"``,
    ``" e4"`` (the API's contract lists the forms; its OpenAPI patterns have no blank either).
    """
    value = text.lower()
    if _SQUARE_RE.fullmatch(value):
        return SQUARE_NAMES.index(value)
    if _DECIMAL_RE.fullmatch(value) and len(value) <= 2:
        index = int(value)
        if index < 64:
            return index
    raise ChessvizError(
        "invalid_square",
        f"expected a square name a1..h8 or an index 0..63, got {shown(text)}",
    )


def parse_bitboard(text: str) -> Bitboard:
    """Return the 64-bit value of ``"0x1000804200000010"`` or a decimal string.

    Accepts ``0x`` + 1..16 hex digits (any case) or decimal digits, 0 <= value < 2**64;
    raises ChessvizError(invalid_bitboard) otherwise (negative, 2**64, junk, 1000 digits, a blank
    or a control character around it: "anything else is a 400 error", the API's contract says).
    """
    value = text.lower()
    if _HEX_RE.fullmatch(value):
        return int(value, 16)
    # 20 digits is the most 2**64 - 1 needs; refuse longer strings before int() sees them.
    if _DECIMAL_RE.fullmatch(value) and len(value) <= 20:
        number = int(value)
        if number <= BB_ALL:
            return number
        raise ChessvizError("invalid_bitboard", f"bitboard must be below 2**64, got {shown(text)}")
    raise ChessvizError(
        "invalid_bitboard",
        f"expected 0x followed by 1 to 16 hex digits, or a decimal number below 2**64, got {shown(text)}",
    )


def format_bitboard(bb: Bitboard) -> str:
    """Return ``"0x"`` + 16 lowercase hex digits, e.g. ``"0x0000000010000000"`` for e4."""
    return f"0x{bb & BB_ALL:016x}"


def check_mapping(mapping: str) -> str:
    """Return ``mapping`` if it is one of MAPPINGS; raise invalid_parameter otherwise (never read a typo as lerf)."""
    return one_of(mapping, MAPPINGS, "mapping", "mapping")


def bit_of(sq: Square, mapping: str) -> int:
    """Return the bit number of a square in a mapping, e.g. a1 is bit 0 in lerf, bit 7 in lerbef."""
    if check_mapping(mapping) == "lerbef":
        return sq ^ 7  # 8*rank + (7 - file): mirror the file within its byte
    return sq


def square_of_bit(bit: int, mapping: str) -> Square:
    """Return the LERF square of a bit number in a mapping (the inverse of :func:`bit_of`)."""
    return bit ^ 7 if check_mapping(mapping) == "lerbef" else bit


def convert(bb: Bitboard, source: str, target: str) -> Bitboard:
    """Return the same set of squares re-encoded from mapping ``source`` to ``target``.

    The two mappings differ by mirroring each rank's byte (a-file <-> h-file), so the
    conversion is its own inverse.
    See https://www.chessprogramming.org/Flipping_Mirroring_and_Rotating#MirrorHorizontally
    """
    if check_mapping(source) == check_mapping(target):
        return bb
    return mirror_horizontal(bb)


# Each byte value with its 8 bits in reverse order: one table serves both the file mirror
# (reverse the bits of every byte) and the 64-bit reversal (also reverse the byte order).
REVERSED_BYTES = bytes(int(f"{i:08b}"[::-1], 2) for i in range(256))


def mirror_horizontal(bb: Bitboard) -> Bitboard:
    """Return bb with files a..h swapped (the bits of every byte reversed), 64 bits wide."""
    return int.from_bytes((bb & BB_ALL).to_bytes(8, "little").translate(REVERSED_BYTES), "little")


def reverse_bits(bb: Bitboard) -> Bitboard:
    """Return the 64-bit bit reversal: bit 0 <-> bit 63 (a1 <-> h8 in lerf, h1 <-> a8 in lerbef)."""
    return int.from_bytes((bb & BB_ALL).to_bytes(8, "little").translate(REVERSED_BYTES), "big")


def bb_square(sq: Square, mapping: str) -> Bitboard:
    """Return the single-bit bitboard of a square in a mapping, e.g. e4 -> 1 << 28 in lerf."""
    return 1 << bit_of(sq, mapping)


def squares_of(bb: Bitboard, mapping: str) -> list[Square]:
    """Return the LERF squares whose bits are set in ``bb``, sorted by LERF index."""
    return sorted(square_of_bit(bit, mapping) for bit in bits_of(bb))


def bits_of(bb: Bitboard) -> Iterator[int]:
    """Yield the numbers of the set bits of ``bb``, lowest first."""
    while bb:
        low = bb & -bb
        yield low.bit_length() - 1
        bb ^= low


def bb_of(squares: Iterable[Square], mapping: str = "lerf") -> Bitboard:
    """Return the bitboard (in ``mapping``) with exactly the given LERF squares set."""
    bb = 0
    for sq in squares:
        bb |= bb_square(sq, mapping)
    return bb


def compare_marked(marked: Bitboard, answer: Bitboard) -> dict[str, Bitboard]:
    """Return how marked squares compare with an answer (both in one mapping): right, wrong, missed.

    e.g. marked {e4, f4} against the answer {f4, g4}: right {f4}, wrong {e4} (marked, not in the
    answer), missed {g4}. The page judges a student's marks this way (bits.js compareMarked).
    """
    return {"right": marked & answer, "wrong": marked & ~answer & BB_ALL, "missed": answer & ~marked & BB_ALL}


def check_line_kind(kind: str) -> str:
    """Return ``kind`` if it is a line kind; raise invalid_parameter otherwise."""
    return one_of(kind, LINE_KINDS, "line")


def line_squares(sq: Square, kind: str) -> list[Square]:
    """Return every square of the ``kind`` line through ``sq``, ``sq`` included, sorted.

    ``kind`` is ``rank``, ``file``, ``diagonal`` (a1-h8 direction, rank - file constant)
    or ``anti_diagonal`` (h1-a8 direction, rank + file constant).
    """
    rank, file = square_rank(sq), square_file(sq)
    same = {
        "rank": lambda s: square_rank(s) == rank,
        "file": lambda s: square_file(s) == file,
        "diagonal": lambda s: square_rank(s) - square_file(s) == rank - file,
        "anti_diagonal": lambda s: square_rank(s) + square_file(s) == rank + file,
    }[check_line_kind(kind)]
    return [s for s in SQUARES if same(s)]


_LINE_MASKS = {kind: [bb_of(line_squares(sq, kind)) for sq in SQUARES] for kind in LINE_KINDS}


def line_mask(sq: Square, kind: str, mapping: str = "lerf") -> Bitboard:
    """Return the bitboard of the whole ``kind`` line through ``sq`` (``sq`` included).

    e.g. ``line_mask(28, "rank") == 0xFF000000`` (the 4th rank) in lerf.
    """
    return convert(_LINE_MASKS[check_line_kind(kind)][sq], "lerf", mapping)
