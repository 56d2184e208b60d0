"""The search for magic numbers, seeded: what scripts/find-magics runs and what a student watches.

A fancy magic for a square maps every subset of the square's relevant-occupancy mask to an
index ``(subset * magic mod 2**64) >> (64 - n)`` (n = the mask's popcount) so that two subsets
share an index only when they give the same attacks. Nobody knows how to compute one: the
search draws random sparse numbers (the AND of three random numbers, so about one bit in
eight is set) and tries each on every subset until one has no collision that matters.
See https://www.chessprogramming.org/Looking_for_Magics
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache

from .methods_geometry import classical_attacks, relevant_masks, subsets
from .squares import BB_ALL, Bitboard, Square, bit_of, format_bitboard, square_name

TOP_BYTE = 0xFF00000000000000
# A candidate whose product with the mask puts fewer bits than this in the top byte spreads the
# subsets over too few indices to be worth trying (Tord Romstad's test, in the wiki's code).
MIN_TOP_BITS = 6
DEFAULT_SEED = 2026


@dataclass(frozen=True)
class Collision:
    """Two subsets of the mask that a candidate sends to one index, though their attacks differ."""

    index: int
    first: Bitboard
    first_attacks: Bitboard
    second: Bitboard
    second_attacks: Bitboard


@dataclass(frozen=True)
class Candidate:
    """One candidate of a search and what became of it.

    ``top_bits``: how many bits the product mask * magic puts in the top byte; below
    MIN_TOP_BITS the candidate is dropped untried. ``placed``: how many subsets it placed
    before its first collision (all of them when it is a magic). ``shared``: how many
    subsets landed on an index already holding the same attacks (allowed collisions).
    """

    number: int
    magic: int
    top_bits: int
    placed: int
    shared: int
    collision: Collision | None

    @property
    def verdict(self) -> str:
        if self.top_bits < MIN_TOP_BITS:
            return "too_few_top_bits"
        return "collision" if self.collision else "magic"


def seed_text(seed: int, mapping: str, kind: str, bit: int) -> str:
    """Return the string one square's search is seeded with: each square draws its own numbers."""
    return f"{seed}:{mapping}:{kind}:{bit}"


@cache
def cases(kind: str, bit: int, mapping: str) -> tuple[tuple[Bitboard, Bitboard], ...]:
    """Return (subset, attacks) for every subset of the square's mask, in the carry-rippler's order."""
    mask = relevant_masks(kind, mapping)[bit]
    return tuple((s, classical_attacks(kind, bit, s, mapping)) for s in subsets(mask))


def try_candidate(magic: int, shift: int, square_cases) -> tuple[int, int, Collision | None]:
    """Place every subset at its index; return (subsets placed, allowed shares, first collision or None)."""
    used: dict[int, tuple[Bitboard, Bitboard]] = {}
    shared = 0
    for placed, (subset, attacks) in enumerate(square_cases):
        index = ((subset * magic) & BB_ALL) >> shift
        seen = used.get(index)
        if seen is None:
            used[index] = (subset, attacks)
        elif seen[1] == attacks:
            shared += 1
        else:
            return placed, shared, Collision(index, seen[0], seen[1], subset, attacks)
    return len(square_cases), shared, None


def search(kind: str, bit: int, mapping: str, seed: int = DEFAULT_SEED) -> Iterator[Candidate]:
    """Yield the candidates of one square's seeded search, the last one a magic (endless until then).

    The caller bounds it (scripts/find-magics runs it to the end; the page takes a few).
    """
    rng = random.Random(seed_text(seed, mapping, kind, bit))
    mask = relevant_masks(kind, mapping)[bit]
    shift = 64 - mask.bit_count()
    square_cases = cases(kind, bit, mapping)
    number = 0
    while True:
        number += 1
        magic = rng.getrandbits(64) & rng.getrandbits(64) & rng.getrandbits(64)
        top_bits = (((mask * magic) & BB_ALL) & TOP_BYTE).bit_count()
        if top_bits < MIN_TOP_BITS:
            yield Candidate(number, magic, top_bits, 0, 0, None)
            continue
        placed, shared, collision = try_candidate(magic, shift, square_cases)
        yield Candidate(number, magic, top_bits, placed, shared, collision)
        if collision is None:
            return


# A request replays at most this many candidates: a search runs long on some squares (a rook's
# needs up to two million), and the page shows a few and says how far the project's search went.
MAX_DRAWN = 20_000
MAX_SHOWN = 100


def _collision(c: Collision | None) -> dict | None:
    if c is None:
        return None
    return {
        "index": c.index,
        "first": {"occupancy": format_bitboard(c.first), "attacks": format_bitboard(c.first_attacks)},
        "second": {"occupancy": format_bitboard(c.second), "attacks": format_bitboard(c.second_attacks)},
    }


def search_answer(
    kind: str, sq: Square, mapping: str, seed: int, show: int, committed: dict, pause: Callable[[], None] | None = None
) -> dict:
    """Return a replay of one square's seeded search: its first ``show`` candidates in full, how it ended.

    ``committed`` is what the data file says of the square ({seed, magic, candidates}). The search stops at a magic or
    after MAX_DRAWN candidates (``stopped``); with the file's seed it is the search that found the
    committed magic, so ``found`` is that magic whenever it comes within the bound. ``pause``, if
    given, is called after each candidate: the web layer's (api.pauser) lets its other requests run.
    """
    bit = bit_of(sq, mapping)
    mask = relevant_masks(kind, mapping)[bit]
    shown, found, drawn = [], None, 0
    for candidate in search(kind, bit, mapping, seed):
        drawn = candidate.number
        if pause is not None:
            pause()
        if len(shown) < min(show, MAX_SHOWN):
            shown.append(
                {
                    "number": candidate.number,
                    "magic": format_bitboard(candidate.magic),
                    "product": format_bitboard(mask * candidate.magic),
                    "top_bits": candidate.top_bits,
                    "verdict": candidate.verdict,
                    "placed": candidate.placed,
                    "shared": candidate.shared,
                    "collision": _collision(candidate.collision),
                }
            )
        if candidate.collision is None and candidate.top_bits >= MIN_TOP_BITS:
            found = candidate.magic
        if found is not None or drawn >= MAX_DRAWN:
            break
    return {
        "piece": kind,
        "sq": square_name(sq),
        "mapping": mapping,
        "seed": seed,
        "mask": format_bitboard(mask),
        "bits": mask.bit_count(),
        "shift": 64 - mask.bit_count(),
        "subsets": 1 << mask.bit_count(),
        "min_top_bits": MIN_TOP_BITS,
        "candidates": shown,
        "drawn": drawn,
        "found": None if found is None else format_bitboard(found),
        "stopped": found is None,
        "committed": committed,
    }
