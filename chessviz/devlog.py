"""The sliding-pieces devlog's own values, defined once: the pages' defaults come from here.

Source: the devlog's sketches (``bit-propagation.js`` prints the occupancy, the final
sketch the position, ``E_GameMode.FREE``).
"""

from __future__ import annotations

from .squares import convert, format_bitboard

# The occupancy every o - r sketch starts from, as printed: in lerbef (h1 = bit 0).
OCCUPANCY_LERBEF = 0x1000804200000010
# The board part of the final sketch's FEN.
FEN = "1b6/3P1P2/1P6/6r1/p2q4/1Q4p1/8/1B5R"
# "Bit propagation" opens on an 8-bit subtraction, minuend and subtrahend, before any board.
BORROW_EXAMPLE = (0b01000000, 0b00000010)


def constants() -> dict:
    """Return the devlog's values as the pages read them: the FEN and the occupancy in both mappings."""
    minuend, subtrahend = BORROW_EXAMPLE
    return {
        "fen": FEN,
        "occupancy": {m: format_bitboard(convert(OCCUPANCY_LERBEF, "lerbef", m)) for m in ("lerbef", "lerf")},
        "borrow_example": {
            name: format(value, "08b")
            for name, value in (("minuend", minuend), ("subtrahend", subtrahend), ("difference", minuend - subtrahend))
        },
    }
