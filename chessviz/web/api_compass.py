"""``/api/rose``: the squares around one square, so the Direction page draws its roses and
turns a table cell into a square without geometry of its own."""

from __future__ import annotations

from ..compass import SPAN, offsets, rose
from ..squares import square_name
from . import params as P
from . import schemas as S
from .api import endpoint


@endpoint(
    "/rose",
    [P.square("sq", "The centre square.")],
    "The compass and knight roses around a square, and the square at every difference",
    "rose: the on-board squares one ray step or one knight jump away, each {to, kind (ray or knight), "
    "direction, step}. squares: 15 rows of 15 square names (null off the board) at each rank and "
    "file difference from sq, laid out as /api/directions/table (top row +7, left column -7).",
    response=S.obj(
        {
            "sq": S.SQUARE,
            "rose": S.array(
                S.obj(
                    {
                        "to": S.SQUARE,
                        "kind": S.enum("ray", "knight"),
                        "direction": S.STR,
                        "words": S.STR,
                        "wiki": S.STR,
                        "step": S.INT,
                    }
                )
            ),
            "rank_diffs": S.array(S.INT, 15),
            "file_diffs": S.array(S.INT, 15),
            "squares": S.array(S.array(S.nullable(S.SQUARE), 15), 15),
        }
    ),
)
def rose_view(sq: int) -> dict:
    return {
        "sq": square_name(sq),
        "rose": [
            {"to": square_name(r["square"]), **{k: r[k] for k in ("kind", "direction", "words", "wiki", "step")}}
            for r in rose(sq)
        ],
        "rank_diffs": list(range(7, -8, -1)),
        "file_diffs": list(SPAN),
        "squares": [[square_name(t) if t is not None else None for t in row] for row in offsets(sq)],
    }
