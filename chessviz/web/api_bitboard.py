"""``/api/bitboard``: one bitboard read in a mapping, its squares and its value in both mappings."""

from __future__ import annotations

from .. import answers
from . import params as P
from . import schemas as S
from .api import endpoint


@endpoint(
    "/bitboard",
    [P.bitboard("value", "The bitboard to read."), P.MAPPING],
    "Read a bitboard",
    "Its squares (sorted by LERF index), each set bit's square, the population count, "
    "the value in hex, decimal and binary, and the same squares' value in both mappings.",
    tag="sliding",  # the manual documents it with the devlog's endpoints
    response=S.obj(
        {
            "value": S.BITBOARD,
            "decimal": {"type": "string", "pattern": "^[0-9]{1,20}$"},
            "binary": S.BINARY64,
            "mapping": S.MAPPING,
            "popcount": S.INT,
            "squares": S.array(S.SQUARE),
            "bits": S.array(S.obj({"bit": S.INT, "square": S.SQUARE})),
            "values": S.mapping_of(S.BITBOARD, ("lerf", "lerbef")),
        }
    ),
)
def bitboard(value: int, mapping: str) -> dict:
    return answers.bitboard_answer(value, mapping)
