"""Time one queen-attack computation: this project's o^(o-2r) engine against python-chess's
precomputed attack tables, on the same squares and occupancies, in one run.

    .venv/bin/python bench/bench_engine.py

Prints the time per call of each and their ratio (engine / tables). The tables are the
fastest possible Python baseline: a few dictionary look-ups per call; the engine does the
arithmetic the devlog teaches (subtractions and two 64-bit reversals per line).
"""

from __future__ import annotations

import random
import sys
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import chess  # noqa: E402

from chessviz.sliding import attacks  # noqa: E402

SAMPLES = 2000
REPEATS = 5


def python_chess_queen(sq: int, occupied: int) -> int:
    return (
        chess.BB_RANK_ATTACKS[sq][chess.BB_RANK_MASKS[sq] & occupied]
        | chess.BB_FILE_ATTACKS[sq][chess.BB_FILE_MASKS[sq] & occupied]
        | chess.BB_DIAG_ATTACKS[sq][chess.BB_DIAG_MASKS[sq] & occupied]
    )


def main() -> None:
    rng = random.Random(2026)
    cases = []
    for _ in range(SAMPLES):
        sq = rng.randrange(64)
        occupied = rng.getrandbits(64) & rng.getrandbits(64) & ~(1 << sq)
        cases.append((sq, occupied))
    # Both must agree before their times mean anything.
    for sq, occupied in cases:
        assert attacks("queen", sq, occupied)["attacks"] == python_chess_queen(sq, occupied)

    def run_engine():
        for sq, occupied in cases:
            attacks("queen", sq, occupied)

    def run_tables():
        for sq, occupied in cases:
            python_chess_queen(sq, occupied)

    engine = min(timeit.repeat(run_engine, number=1, repeat=REPEATS)) / SAMPLES
    tables = min(timeit.repeat(run_tables, number=1, repeat=REPEATS)) / SAMPLES
    print(f"queen attacks, {SAMPLES} random squares/occupancies, best of {REPEATS} runs")
    print(f"{'method':<38}{'per call':>12}")
    print(f"{'chessviz o^(o-2r) engine':<38}{engine * 1e6:>9.2f} us")
    print(f"{'python-chess attack tables (baseline)':<38}{tables * 1e6:>9.2f} us")
    print(f"ratio engine / tables: {engine / tables:.1f}x")


if __name__ == "__main__":
    main()
