"""Slider methods endpoints: every method side by side, one magic lookup in full, a magic search replayed."""

from __future__ import annotations

import re

from ..errors import ChessvizError, shown
from ..methods import METHODS, magic_answer, magic_search_answer, methods_answer, speeds_answer
from ..methods_geometry import KINDS
from ..methods_search import MAX_DRAWN, MAX_SHOWN
from ..sliding import PIECE_LINES
from . import params as P
from . import schemas as S
from .api import endpoint, pauser

_STEP = S.obj(
    {
        "id": S.STR,
        "label": S.STR,
        "formula": S.STR,
        "value": S.BITBOARD,
        "operations": {"type": "integer", "minimum": 0, "description": "the 64-bit operations this step adds"},
        "kind": S.enum("bitboard", "square", "number"),
    }
)
_COUNT = {"type": "integer", "minimum": 0}
_MAGIC_PART = S.obj({"mask": S.BITBOARD, "magic": S.BITBOARD, "shift": _COUNT, "index": _COUNT})
_PEXT_PART = S.obj({"mask": S.BITBOARD, "index": _COUNT})


def _method(extra: dict | None = None) -> dict:
    """A method's answer: attacks, steps, operations, table bytes, and for magic and PEXT their numbers."""
    base = {"attacks": S.BITBOARD, "steps": S.array(_STEP), "operations": _COUNT, "table_bytes": _COUNT}
    if extra is None:
        return S.obj(base)
    # A rook or a bishop has the numbers at the top; a queen has them per table, as rook and bishop.
    return S.obj(base | extra, optional=tuple(extra))


_METHODS = S.obj(
    {
        name: _method(
            {
                "mask": S.BITBOARD,
                "magic": S.BITBOARD,
                "shift": _COUNT,
                "index": _COUNT,
                "rook": _MAGIC_PART,
                "bishop": _MAGIC_PART,
            }
            if name == "magic"
            else {"mask": S.BITBOARD, "index": _COUNT, "rook": _PEXT_PART, "bishop": _PEXT_PART}
            if name == "pext"
            else None
        )
        for name in METHODS
    }
)

SLIDER = P.choice("piece", tuple(PIECE_LINES), "The slider.", example="rook")
KIND = P.choice("piece", KINDS, "Whose table: the rook's or the bishop's (a queen reads both).", example="rook")
SQUARE = P.square("sq", "The slider's square.")
OCCUPIED = P.bitboard("occupied", "Occupied squares (the slider's own bit is ignored).", default=0)


@endpoint(
    "/methods",
    [SLIDER, SQUARE, OCCUPIED, P.MAPPING],
    "The same attacks by every method, step by step",
    "For each method (classical, hyperbola, kogge_stone, dumb7fill, obstruction_difference, magic, "
    "pext): attacks, ordered steps {id, label, formula, value, operations, kind} (the last one's value "
    "is the attacks; in a formula sq is the slider's bit number), operations (the 64-bit operations "
    "the method does for this input) and table_bytes (its precomputed attack sets, 8 bytes each; 0 "
    "for none). magic also gives mask (the relevant occupancy), magic, shift and index; pext mask and "
    "index; a queen's are given per table as rook and bishop. Every bitboard is in the request's "
    "mapping, and a lerbef magic is a magic of lerbef's numbering.",
    tag="methods",
    response=S.obj(
        {
            "piece": S.enum(*PIECE_LINES),
            "sq": S.SQUARE,
            "mapping": S.MAPPING,
            "occupied": S.BITBOARD,
            "attacks": S.BITBOARD,
            "methods": _METHODS,
        }
    ),
)
def methods_view(piece: str, sq: int, occupied: int, mapping: str) -> dict:
    return methods_answer(piece, sq, occupied, mapping)


_CHOICE = S.obj(
    {
        "occupancy": S.BITBOARD,
        "square": S.SQUARE,
        "index": _COUNT,
        "attacks": S.BITBOARD,
        "same_index": S.BOOL,
        "same_attacks": S.BOOL,
        "reason": S.STR,
    }
)


@endpoint(
    "/magic",
    [KIND, SQUARE, OCCUPIED, P.MAPPING],
    "One fancy magic lookup in full",
    "The square's relevant-occupancy mask and the edge squares it leaves out, the blockers on it, "
    "the multiplication by the magic as one term per blocker (the magic shifted by the blocker's bit "
    "number; their sum modulo 2^64 is the product), the index (the product's top bits: index_bits), "
    "the table entry, pext: the PEXT index of the same mask and the mask's bits in the order it gathers them "
    "(gather: square, bit, set), and share: the exercise on one index, three boards that each change one square "
    "of occupied (square), their index and attacks, why (reason), and answer: the position of the "
    "one on the same index (the square it changes is off the mask).",
    tag="methods",
    response=S.obj(
        {
            "piece": S.enum(*KINDS),
            "sq": S.SQUARE,
            "mapping": S.MAPPING,
            "occupied": S.BITBOARD,
            "mask": S.BITBOARD,
            "edges": S.BITBOARD,
            "bits": _COUNT,
            "subsets": _COUNT,
            "magic": S.BITBOARD,
            "shift": _COUNT,
            "offset": _COUNT,
            "blockers": S.BITBOARD,
            "terms": S.array(S.obj({"square": S.SQUARE, "bit": _COUNT, "term": S.BITBOARD})),
            "product": S.BITBOARD,
            "index_bits": S.BITBOARD,
            "index": _COUNT,
            "attacks": S.BITBOARD,
            "pext": S.obj({"index": _COUNT, "gather": S.array(S.obj({"square": S.SQUARE, "bit": _COUNT, "set": S.BOOL}))}),
            "share": S.obj({"choices": S.array(_CHOICE), "answer": _COUNT}),
        }
    ),
)
def magic_view(piece: str, sq: int, occupied: int, mapping: str) -> dict:
    return magic_answer(piece, sq, occupied, mapping)


def _whole(name: str, low: int, high: int):
    def parse(text: str) -> int:
        if not re.fullmatch(r"[0-9]{1,10}", text) or not low <= int(text) <= high:
            raise ChessvizError("invalid_parameter", f"{name} must be a whole number {low}..{high}, got {shown(text)}")
        return int(text)

    return parse


SEED = P.Param(
    "seed",
    _whole("seed", 0, 999_999),
    "The search's seed, 0..999999; absent: the seed that found the project's magics.",
    {"type": "string", "pattern": "^[0-9]{1,6}$"},
    required=False,
    example="2026",
)
SHOW = P.Param(
    "show",
    _whole("show", 1, MAX_SHOWN),
    f"How many candidates to give in full, 1..{MAX_SHOWN} (20 by default).",
    {"type": "string", "pattern": "^[0-9]{1,3}$"},
    required=False,
    default=20,
    example="20",
)
_SIDE = S.obj({"occupancy": S.BITBOARD, "attacks": S.BITBOARD})


@endpoint(
    "/magic-search",
    [KIND, SQUARE, P.MAPPING, SEED, SHOW],
    "A magic search for one square, replayed",
    "The seeded search scripts/find-magics runs: random sparse candidates (three random numbers "
    "ANDed), each dropped untried when the product of the mask and the candidate has fewer than "
    "min_top_bits bits in its top byte, else tried on every subset of the mask until two subsets "
    "with different attacks land on one index (collision) or none do (a magic). candidates: the "
    f"first ones in full; drawn: how many this replay drew (at most {MAX_DRAWN:,}); found: the magic, "
    "or null when the replay stopped first (stopped); committed: the project's magic for the square, "
    "its seed and how many candidates its search drew.",
    tag="methods",
    response=S.obj(
        {
            "piece": S.enum(*KINDS),
            "sq": S.SQUARE,
            "mapping": S.MAPPING,
            "seed": _COUNT,
            "mask": S.BITBOARD,
            "bits": _COUNT,
            "shift": _COUNT,
            "subsets": _COUNT,
            "min_top_bits": _COUNT,
            "candidates": S.array(
                S.obj(
                    {
                        "number": _COUNT,
                        "magic": S.BITBOARD,
                        "product": S.BITBOARD,
                        "top_bits": _COUNT,
                        "verdict": S.enum("too_few_top_bits", "collision", "magic"),
                        "placed": _COUNT,
                        "shared": _COUNT,
                        "collision": S.nullable(
                            S.obj({"index": _COUNT, "first": _SIDE, "second": _SIDE}),
                        ),
                    }
                )
            ),
            "drawn": _COUNT,
            "found": S.nullable(S.BITBOARD),
            "stopped": S.BOOL,
            "committed": S.obj({"seed": _COUNT, "magic": S.BITBOARD, "candidates": _COUNT}),
        }
    ),
    ahead=False,  # a replay for each of 64 squares: 10 s of CPU in one /api/taps request
)
def magic_search(piece: str, sq: int, mapping: str, seed: int | None, show: int) -> dict:
    # "Search with another seed" asks a new replay, up to 0.4 s of CPU, at each click: it pauses
    # now and then for the worker's other connections (pauser).
    return magic_search_answer(piece, sq, mapping, seed, show, pause=pauser())


_FIGURE = S.obj({"name": S.STR, "mqueens": {"type": "number"}, "table": S.STR})
_PER_PIECE = {"type": "object", "propertyNames": S.enum("rook", "bishop", "queen"), "additionalProperties": {"type": "object"}}


@endpoint(
    "/method-speeds",
    [],
    "Published C++ speeds of the methods and this project's Python figures",
    "published: the speeds Gigantua's Chess_Movegen published for C++ implementations of the methods "
    "on one CPU (source, url, date, cpu, threads, measure, and per method the figures under the source's "
    "names: mqueens, million queen lookups a second, and table); python: this project's figures from "
    "bench/bench_engine.py (date, cpu, python, samples, repeats, baseline, nanoseconds per call by piece "
    "and method, ratios to python-chess's attacks_mask).",
    tag="methods",
    response=S.obj(
        {
            "published": S.obj(
                {
                    "source": S.STR,
                    "url": S.STR,
                    "date": S.STR,
                    "cpu": S.STR,
                    "threads": _COUNT,
                    "measure": S.STR,
                    "methods": S.mapping_of(S.array(_FIGURE), METHODS),
                }
            ),
            "python": S.obj(
                {
                    "date": S.STR,
                    "cpu": S.STR,
                    "python": S.STR,
                    "samples": _COUNT,
                    "repeats": _COUNT,
                    "baseline": S.STR,
                    "nanoseconds": _PER_PIECE,
                    "ratios": _PER_PIECE,
                }
            ),
        }
    ),
)
def method_speeds() -> dict:
    return speeds_answer()
