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


def constants() -> dict:
    """Return the devlog's values as the pages read them: the FEN and the occupancy in both mappings."""
    return {
        "fen": FEN,
        "occupancy": {m: format_bitboard(convert(OCCUPANCY_LERBEF, "lerbef", m)) for m in ("lerbef", "lerf")},
    }
