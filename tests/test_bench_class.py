"""bench/bench_class.py --quick: the live-class benchmark runs end to end (a few students, one
server and then two on one Redis); its figures are for docs/live-class.md, not asserted here."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from project import ROOT

pytestmark = pytest.mark.bench  # a benchmark's quick run: make test, not make test-fast


def test_the_live_class_benchmark_runs_quickly():
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "bench_class.py"), "--quick"],
        capture_output=True,
        text=True,
        timeout=240,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    out = done.stdout
    assert re.search(r"fan-out, 1 server, 5 students +p50 +[\d.]+ ms +p95 +[\d.]+ ms", out), out
    assert re.search(r"fan-out, 2 servers on one Redis, 5 students +p50 +[\d.]+ ms", out), out
    assert "the tally counts each once: True" in out, out
    assert re.search(r"memory per open stream: [\d.-]+ KB", out), out
    assert "quick run: no target asserted" in out
