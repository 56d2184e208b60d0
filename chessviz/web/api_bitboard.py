"""``/api/bitboard``: one bitboard read in a mapping, its squares and its value in both mappings."""

from __future__ import annotations

from ..squares import MAPPINGS, bits_of, convert, format_bitboard, square_name, square_of_bit, squares_of
from . import params as P
from .api import endpoint


@endpoint(
    "/bitboard",
    [P.bitboard("value", "The bitboard to read."), P.MAPPING],
    "Read a bitboard",
    "Its squares (sorted by LERF index), each set bit's square, the population count, "
    "the value in hex, decimal and binary, and the same squares' value in both mappings.",
    tag="geometry",
)
def bitboard(value: int, mapping: str) -> dict:
    return {
        "value": format_bitboard(value),
        "decimal": str(value),
        "binary": f"{value:064b}",
        "mapping": mapping,
        "popcount": value.bit_count(),
        "squares": [square_name(sq) for sq in squares_of(value, mapping)],
        "bits": [{"bit": bit, "square": square_name(square_of_bit(bit, mapping))} for bit in bits_of(value)],
        "values": {m: format_bitboard(convert(value, mapping, m)) for m in MAPPINGS},
    }
