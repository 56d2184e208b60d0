"""How a sweep over every ordered pair of squares is split: into PARTS parts, each a test of its
own, so that the suite's workers share a sweep, and so that `make test-fast` can run one part
of it and `make test` every part (the others are marked exhaustive).

A pair's part is a hash of the pair, not a line of the board: the part test-fast runs has pairs
of every kind (same square, same rank, file, diagonal, knight's move, none) from every corner
of the board, where a + b mod 8 would keep only pairs whose files add up to 0 or 8. A pair and
its reverse (a, b) and (b, a) fall in the same part: a sweep can check an answer once and hold
its mirror to it."""

from __future__ import annotations

import pytest

from oracle import PAIRS

PARTS = 8


def part_of(a: int, b: int) -> int:
    """The part of the pair (a, b), the same as (b, a)'s: Knuth's multiplicative hash of the
    unordered pair, its top three bits."""
    low, high = min(a, b), max(a, b)
    return ((64 * low + high) * 2654435761 % 2**32) >> 29


def pairs_of(part: int) -> list[tuple[int, int]]:
    """Every ordered pair of squares (a, b) in the part, a then b in order."""
    return [(a, b) for a, b in PAIRS if part_of(a, b) == part]


# The parts as a parametrize argument: part 0 runs in make test-fast, every part in make test.
EVERY_PART = [
    pytest.param(part, id=f"part-{part}-of-{PARTS}", marks=() if part == 0 else pytest.mark.exhaustive) for part in range(PARTS)
]
