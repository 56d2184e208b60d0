"""bench/bench_engine.py runs (its quick mode) and writes every method's figures for every piece; the
figures themselves are the benchmark's to measure, never a test's."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from chessviz.methods import METHODS

from project import ROOT

pytestmark = pytest.mark.bench  # a benchmark's quick run: make test, not make test-fast


def test_the_quick_benchmark_checks_every_method_and_writes_its_figures(tmp_path):
    out = tmp_path / "bench.json"
    run = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "bench_engine.py"), "--quick", "--json", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    figures = json.loads(out.read_text(encoding="utf-8"))
    assert figures["baseline"] == "python-chess BaseBoard.attacks_mask"
    for piece in ("rook", "bishop", "queen"):
        assert set(METHODS) | {"python-chess", "magic, lerbef", "/api/attacks core"} == set(figures["nanoseconds"][piece])
        assert all(ns > 0 for ns in figures["nanoseconds"][piece].values())
    assert "fastest method:" in run.stdout
