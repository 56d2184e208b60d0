"""Time one queen-attack computation: this project's o^(o-2r) engine against python-chess's
precomputed attack tables, on the same squares and occupancies, in one run.

    .venv/bin/python bench/bench_engine.py [--quick]

Prints a table: time per call of the engine (in both mappings), of python-chess's tables
and of BaseBoard.attacks_mask, each as a ratio to the tables. The tables are the
fastest possible Python baseline: a few dictionary look-ups per call; the engine does the
arithmetic the devlog teaches (subtractions and two 64-bit reversals per line).
--quick: 50 cases, one run (the suite runs it so that a stale benchmark fails).
"""

from __future__ import annotations

import argparse
import random
import sys
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import chess

from chessviz.sliding import attacks
from chessviz.squares import convert

SAMPLES = 2000
REPEATS = 5


def python_chess_queen(sq: int, occupied: int) -> int:
    return (
        chess.BB_RANK_ATTACKS[sq][chess.BB_RANK_MASKS[sq] & occupied]
        | chess.BB_FILE_ATTACKS[sq][chess.BB_FILE_MASKS[sq] & occupied]
        | chess.BB_DIAG_ATTACKS[sq][chess.BB_DIAG_MASKS[sq] & occupied]
    )


def main(quick: bool) -> None:
    samples, repeats = (50, 1) if quick else (SAMPLES, REPEATS)
    rng = random.Random(2026)
    cases = []
    for _ in range(samples):
        sq = rng.randrange(64)
        occupied = rng.getrandbits(64) & rng.getrandbits(64) & ~(1 << sq)
        cases.append((sq, occupied))
    lerbef_cases = [(sq, convert(occupied, "lerf", "lerbef")) for sq, occupied in cases]
    boards = []
    for sq, occupied in cases:
        board = chess.BaseBoard(None)
        for s in chess.SquareSet(occupied):
            board.set_piece_at(s, chess.Piece(chess.PAWN, chess.BLACK))
        board.set_piece_at(sq, chess.Piece(chess.QUEEN, chess.WHITE))
        boards.append((sq, board))
    # All must agree before their times mean anything.
    for (sq, occupied), (_, lerbef), (_, board) in zip(cases, lerbef_cases, boards, strict=True):
        expected = python_chess_queen(sq, occupied)
        assert attacks("queen", sq, occupied, 0)["attacks"] == expected == board.attacks_mask(sq)
        assert convert(attacks("queen", sq, lerbef, 0, "lerbef")["attacks"], "lerbef", "lerf") == expected

    def run_engine():
        for sq, occupied in cases:
            attacks("queen", sq, occupied, 0)

    def run_engine_lerbef():
        for sq, occupied in lerbef_cases:
            attacks("queen", sq, occupied, 0, "lerbef")

    def run_tables():
        for sq, occupied in cases:
            python_chess_queen(sq, occupied)

    def run_attacks_mask():
        for sq, board in boards:
            board.attacks_mask(sq)

    def per_call(run):
        return min(timeit.repeat(run, number=1, repeat=repeats)) / samples

    tables = per_call(run_tables)
    rows = [
        ("chessviz o^(o-2r) engine, lerf", per_call(run_engine)),
        ("chessviz o^(o-2r) engine, lerbef", per_call(run_engine_lerbef)),
        ("python-chess attack tables (baseline)", tables),
        ("python-chess BaseBoard.attacks_mask", per_call(run_attacks_mask)),
    ]
    print(f"queen attacks, {samples} random squares/occupancies, best of {repeats} runs")
    print(f"{'method':<40}{'per call':>12}{'/ tables':>10}")
    for name, seconds in rows:
        print(f"{name:<40}{seconds * 1e6:>9.2f} us{seconds / tables:>9.1f}x")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few cases, one run: a smoke run, its times mean little")
    main(parser.parse_args().quick)
