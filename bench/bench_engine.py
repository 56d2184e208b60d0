"""Time every slider method of the engine against python-chess's attack lookup, in one run.

    .venv/bin/python bench/bench_engine.py [--quick] [--json FILE]

For rooks, bishops and queens on the same random squares and occupancies (each square
occupied with probability 1/4), each method of chessviz.methods (classical, hyperbola = the
devlog's o^(o-2r), kogge_stone, dumb7fill, obstruction_difference, magic, pext) is first
checked to agree with python-chess's BaseBoard.attacks_mask on every input, in both mappings,
and then timed: the best of several interleaved runs over the inputs, per call, as a ratio of
attacks_mask's time on the same inputs in the same run. Also timed: chessviz.sliding.attacks,
what /api/attacks calls (the magic lookup, plus moves and each line's two rays), and the magic
lookup in lerbef. --quick runs few inputs and repeats (a smoke run, figures not to quote);
--json writes the figures to FILE (chessviz/data/engine-bench.json is what the methods
chapter shows).
"""

from __future__ import annotations

import argparse
import datetime
import json
import platform
import random
import sys
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import chess

from chessviz.methods import ATTACKS, METHODS
from chessviz.sliding import attacks
from chessviz.squares import convert

PIECES = {"rook": chess.ROOK, "bishop": chess.BISHOP, "queen": chess.QUEEN}
TARGET = 1.5  # the target: the fastest method within 1.5x of python-chess


def cpu_name() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def inputs(piece: str, count: int, rng: random.Random) -> tuple[list, list]:
    """Return (sq, occupied) pairs and, for each, a python-chess board with the piece on sq among black pawns."""
    cases, boards = [], []
    for _ in range(count):
        sq = rng.randrange(64)
        occupied = rng.getrandbits(64) & rng.getrandbits(64) & ~(1 << sq)
        board = chess.BaseBoard(None)
        for s in chess.SquareSet(occupied):
            board.set_piece_at(s, chess.Piece(chess.PAWN, chess.BLACK))
        board.set_piece_at(sq, chess.Piece(PIECES[piece], chess.WHITE))
        cases.append((sq, occupied))
        boards.append((sq, board))
    return cases, boards


def check(piece: str, cases: list, boards: list) -> None:
    """Every method in both mappings, and sliding.attacks, agree with attacks_mask on every input."""
    for (sq, occupied), (_, board) in zip(cases, boards, strict=True):
        expected = board.attacks_mask(sq)
        lerbef = convert(occupied, "lerf", "lerbef")
        for name, method in ATTACKS.items():
            assert method(piece, sq, occupied, "lerf") == expected, (name, piece, sq, hex(occupied))
            assert convert(method(piece, sq, lerbef, "lerbef"), "lerbef", "lerf") == expected, (name, "lerbef")
        assert attacks(piece, sq, occupied, 0, "lerf")["attacks"] == expected


def measure(piece: str, cases: list, boards: list, repeats: int) -> dict[str, float]:
    """Return seconds per call of attacks_mask and of each method on these inputs.

    The runs are interleaved (each round times every row once) and each row keeps its best
    round, so a busy moment of the machine falls on all rows alike rather than on one.
    """
    lerbef_cases = [(sq, convert(occupied, "lerf", "lerbef")) for sq, occupied in cases]

    def run_attacks_mask():
        for sq, board in boards:
            board.attacks_mask(sq)

    def method_run(method, mapping="lerf", data=cases):
        def run():
            for sq, occupied in data:
                method(piece, sq, occupied, mapping)

        return run

    def run_api_core():
        for sq, occupied in cases:
            attacks(piece, sq, occupied, 0, "lerf")

    runs = {"python-chess": run_attacks_mask}
    runs |= {name: method_run(ATTACKS[name]) for name in METHODS}
    runs["magic, lerbef"] = method_run(ATTACKS["magic"], "lerbef", lerbef_cases)
    runs["/api/attacks core"] = run_api_core
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(repeats):
        for name, run in runs.items():
            best[name] = min(best[name], timeit.timeit(run, number=1))
    return {name: seconds / len(cases) for name, seconds in best.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="few inputs and repeats: a smoke run")
    parser.add_argument("--json", type=Path, help="write the figures to this file")
    args = parser.parse_args()
    samples, repeats = (200, 2) if args.quick else (2000, 15)
    rng = random.Random(2026)
    results = {}
    for piece in PIECES:
        cases, boards = inputs(piece, samples, rng)
        check(piece, cases, boards)
        results[piece] = measure(piece, cases, boards, repeats)
    rows = list(results["rook"])
    print(f"{samples} random squares and occupancies per piece, best of {repeats} runs; every method first checked")
    print("against python-chess's BaseBoard.attacks_mask on every input, in both mappings.")
    print(f"time per call, and its ratio to attacks_mask on the same inputs ({cpu_name()}, Python {platform.python_version()})")
    print(f"{'method':<26}" + "".join(f"{piece:>22}" for piece in PIECES))
    for row in rows:
        cells = [f"{results[p][row] * 1e9:>9.0f} ns {results[p][row] / results[p]['python-chess']:>7.2f}x" for p in PIECES]
        print(f"{row:<26}" + "".join(f"{c:>22}" for c in cells))
    fastest = min(METHODS, key=lambda m: max(results[p][m] / results[p]["python-chess"] for p in PIECES))
    worst = max(results[p][fastest] / results[p]["python-chess"] for p in PIECES)
    verdict = "within" if worst <= TARGET else "NOT within"
    print(f"fastest method: {fastest}, at most {worst:.2f}x python-chess: {verdict} the {TARGET}x target")
    if args.json:
        figures = {
            "date": datetime.date.today().isoformat(),
            "cpu": cpu_name(),
            "python": platform.python_version(),
            "samples": samples,
            "repeats": repeats,
            "baseline": "python-chess BaseBoard.attacks_mask",
            "nanoseconds": {p: {row: round(results[p][row] * 1e9, 1) for row in rows} for p in PIECES},
        }
        args.json.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {args.json}")


if __name__ == "__main__":
    main()
