"""Fancy magic and PEXT bitboards: the project's own magics (chessviz/data/magics.json), their tables, lookups.

For each square and each of the rook's and the bishop's tables: the relevant-occupancy mask,
the magic number (found by scripts/find-magics, one set per mapping: a magic works on the bit
numbers of its own mapping), the shift (64 minus the mask's popcount) and the square's place in
the shared table. A lookup is ``table[offset + index]`` with ``index = ((occupied & mask) *
magic mod 2**64) >> shift``, or ``pext(occupied, mask)`` for PEXT, whose table has the same size.
The magics are checked when the tables are built: a magic that sent two subsets with different
attacks to one index would stop the build (tests/test_methods_magic.py proves every one anyway).

See https://www.chessprogramming.org/Magic_Bitboards#Fancy and https://www.chessprogramming.org/BMI2#PEXTBitboards
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from .methods_geometry import KINDS, PIECE_DIRECTIONS, classical_attacks, rays, relevant_masks, subsets
from .squares import BB_ALL, MAPPINGS, Bitboard, Square, bit_of, check_mapping

MAGICS_PATH = Path(__file__).resolve().parent / "data" / "magics.json"
ENTRY_BYTES = 8  # a plain 64-bit attack set per table entry


class MagicDataError(ValueError):
    """The magics file is malformed or holds a number that is no magic for its square."""


@dataclass(frozen=True)
class SquareMagic:
    """One square's fancy magic: its mask, magic, shift, and where its entries start in the table."""

    mask: Bitboard
    magic: int
    shift: int
    offset: int
    candidates: int  # how many numbers the search drew to find it

    @property
    def bits(self) -> int:
        return 64 - self.shift

    @property
    def size(self) -> int:
        return 1 << self.bits

    def index(self, occupied: Bitboard) -> int:
        return (((occupied & self.mask) * self.magic) & BB_ALL) >> self.shift


def read_file(path: Path = MAGICS_PATH) -> dict:
    """Return the magics file checked for shape: per mapping and kind, 64 entries of a hex magic and a count."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or set(data.get("magics", {})) != set(MAPPINGS) or not isinstance(data.get("seed"), int):
        raise MagicDataError(f"{path.name}: expected a seed and magics for {', '.join(MAPPINGS)}")
    for mapping in MAPPINGS:
        for kind in KINDS:
            entries = data["magics"][mapping].get(kind)
            if not isinstance(entries, list) or len(entries) != 64:
                raise MagicDataError(f"{path.name}: {mapping} {kind} needs 64 magics")
            for bit, entry in enumerate(entries):
                magic, count = entry.get("magic"), entry.get("candidates")
                if not (isinstance(magic, str) and re.fullmatch(r"0x[0-9a-f]{16}", magic)):
                    raise MagicDataError(f"{path.name}: {mapping} {kind} bit {bit}: magic {magic!r} is not 0x + 16 hex digits")
                if not (isinstance(count, int) and count >= 1):
                    raise MagicDataError(f"{path.name}: {mapping} {kind} bit {bit}: candidates {count!r} is not a count")
    return data


DATA = read_file()
SEED: int = DATA["seed"]


def read_magics(data: dict, kind: str, mapping: str) -> tuple[SquareMagic, ...]:
    """Return the 64 SquareMagic of a rook or bishop table in ``mapping`` from the file's data, by bit number.

    Offsets run on through one table per kind: the rook's 102,400 entries, the bishop's 5,248.
    """
    masks = relevant_masks(kind, check_mapping(mapping))
    found, offset = [], 0
    for bit, entry in enumerate(data["magics"][mapping][kind]):
        shift = 64 - masks[bit].bit_count()
        found.append(SquareMagic(masks[bit], int(entry["magic"], 16), shift, offset, entry["candidates"]))
        offset += 1 << (64 - shift)
    return tuple(found)


@cache
def square_magics(kind: str, mapping: str) -> tuple[SquareMagic, ...]:
    """Return the committed magics of a kind in ``mapping``, by bit number."""
    return read_magics(DATA, kind, mapping)


@cache  # every /api/methods answer asks it twice (magic and PEXT): summed once
def table_entries(kind: str) -> int:
    """Return how many entries a kind's table has: the sum over squares of 2**(mask popcount)."""
    return sum(m.size for m in square_magics(kind, "lerf"))


def build_tables(kind: str, mapping: str, magics: tuple[SquareMagic, ...]) -> tuple[tuple[Bitboard, ...], tuple[Bitboard, ...]]:
    """Return (magic table, PEXT table) of a kind in ``mapping``: every square's entries one after another.

    The magic table holds each subset's attacks at offset + its magic index; the PEXT table at
    offset + pext(subset, mask), which is the subset's rank in the carry-rippler's order. Raises
    MagicDataError when a magic sends two subsets with different attacks to one index.
    """
    size = sum(m.size for m in magics)
    magic_table: list[Bitboard | None] = [None] * size
    pext_table: list[Bitboard] = []
    interned: dict[Bitboard, Bitboard] = {}  # one int object per distinct attack set
    for bit, sm in enumerate(magics):
        # A ray is cut by the blockers on it alone: a subset's attacks are the union of each ray's,
        # read from the ray's own few subsets (at most 2**6), each computed once by the classical approach.
        (m1, t1), (m2, t2), (m3, t3), (m4, t4) = _ray_parts(kind, bit, sm.mask, mapping)
        for subset in subsets(sm.mask):
            attacks = t1[subset & m1] | t2[subset & m2] | t3[subset & m3] | t4[subset & m4]
            attacks = interned.setdefault(attacks, attacks)
            pext_table.append(attacks)
            slot = sm.offset + sm.index(subset)
            if magic_table[slot] is None:
                magic_table[slot] = attacks
            elif magic_table[slot] != attacks:
                raise MagicDataError(
                    f"{mapping} {kind} bit {bit}: magic {sm.magic:#018x} sends subsets with different attacks to index "
                    f"{slot - sm.offset}"
                )
    # An index no subset reaches is never read; 0 keeps the table a list of bitboards.
    return tuple(0 if a is None else a for a in magic_table), tuple(pext_table)


def _ray_parts(kind: str, bit: int, mask: Bitboard, mapping: str) -> list[tuple[Bitboard, dict[Bitboard, Bitboard]]]:
    """Per ray of the slider on ``bit``: the mask's squares on it, and each of their subsets' attacks along it."""
    parts = []
    for d in PIECE_DIRECTIONS[kind]:
        ray = rays(mapping)[d.name][bit]
        on_ray = mask & ray
        parts.append((on_ray, {s: classical_attacks(kind, bit, s, mapping) & ray for s in subsets(on_ray)}))
    return parts


@cache
def tables(kind: str, mapping: str) -> tuple[tuple[Bitboard, ...], tuple[Bitboard, ...]]:
    """Return the (magic, PEXT) tables of a kind in ``mapping`` from the committed magics (built once)."""
    return build_tables(kind, mapping, square_magics(kind, mapping))


@cache
def _engine(mapping: str) -> tuple:
    """Return what the fast lookups read in ``mapping``: one table of both kinds, per-square parameters by LERF square."""
    rook_table, _ = tables("rook", mapping)
    bishop_table, _ = tables("bishop", mapping)
    table = rook_table + bishop_table
    params = {}
    for kind, base in (("rook", 0), ("bishop", len(rook_table))):
        by_bit = square_magics(kind, mapping)
        params[kind] = [
            (m.mask, m.magic, m.shift, base + m.offset, m.size - 1) for m in (by_bit[bit_of(sq, mapping)] for sq in range(64))
        ]
    queen = [r + b for r, b in zip(params["rook"], params["bishop"], strict=True)]
    return table, params["rook"], params["bishop"], queen


def magic_attacks(piece: str, sq: Square, occupied: Bitboard, mapping: str = "lerf") -> Bitboard:
    """Return a rook's, bishop's or queen's attacks on ``sq`` by fancy magic lookup, in ``mapping``.

    e.g. a rook on a1 of an empty board: 0x01010101010101fe in lerf. The engine's fastest method:
    a mask, a multiplication, a shift and one table read per kind. The product is taken past 64
    bits and its bits above the index cut off (``>> shift & (size - 1)``), which is the same as
    shifting the product modulo 2**64.
    """
    table, rook, bishop, queen = _engine(mapping)
    if piece == "rook":
        m, k, s, o, n = rook[sq]
        return table[o + ((occupied & m) * k >> s & n)]
    if piece == "bishop":
        m, k, s, o, n = bishop[sq]
        return table[o + ((occupied & m) * k >> s & n)]
    m, k, s, o, n, bm, bk, bs, bo, bn = queen[sq]
    return table[o + ((occupied & m) * k >> s & n)] | table[bo + ((occupied & bm) * bk >> bs & bn)]


@cache
def _pext_engine(mapping: str) -> dict:
    """Return, per kind, the PEXT table and each LERF square's (mask bits low first, offset)."""
    engine = {}
    for kind in KINDS:
        _, table = tables(kind, mapping)
        by_bit = square_magics(kind, mapping)
        squares = []
        for sq in range(64):
            m = by_bit[bit_of(sq, mapping)]
            squares.append((tuple(b for b in range(64) if m.mask >> b & 1), m.offset))
        engine[kind] = (table, squares)
    return engine


def pext_attacks(piece: str, sq: Square, occupied: Bitboard, mapping: str = "lerf") -> Bitboard:
    """Return a slider's attacks by PEXT lookup, the PEXT computed in software one mask bit at a time."""
    engine = _pext_engine(mapping)
    attacks = 0
    for kind in ("rook", "bishop") if piece == "queen" else (piece,):
        table, squares = engine[kind]
        mask_bits, offset = squares[sq]
        index = 0
        for k, b in enumerate(mask_bits):
            index |= (occupied >> b & 1) << k
        attacks |= table[offset + index]
    return attacks


# Loaded and checked at start: every table built now, so a number that is no magic stops the app here.
for _mapping in MAPPINGS:
    _engine(_mapping)
    _pext_engine(_mapping)
