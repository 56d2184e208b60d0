"""Every benchmark still runs: each bench/bench_*.py in its quick mode (a few iterations, tiny
loads, its own servers on loopback), so that a benchmark the code has moved away from fails
here and not on the day someone wants its numbers. A new benchmark is found by its name; its
times are not judged (they are for `make bench`)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from browser_helpers import chromium_executable
from project import ROOT

BENCHMARKS = sorted((ROOT / "bench").glob("bench_*.py"))
# A benchmark with a test file of its own (tests/test_bench_class.py for bench/bench_class.py) is run
# there, where its output is read too: run here again, it would only cost the suite its time.
ON_THEIR_OWN = [s for s in BENCHMARKS if (ROOT / "tests" / f"test_{s.stem}.py").exists()]
RUN_HERE = [s for s in BENCHMARKS if s not in ON_THEIR_OWN]


def needs_a_browser(script) -> bool:
    return "playwright" in script.read_text()


@pytest.mark.bench
@pytest.mark.parametrize(
    "script",
    [
        pytest.param(s, marks=[pytest.mark.browser] if needs_a_browser(s) else [], id=s.stem)
        for s in BENCHMARKS
        if s not in ON_THEIR_OWN
    ],
)
def test_a_benchmark_runs_in_its_quick_mode(script):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    if needs_a_browser(script):
        env["CHROMIUM_PATH"] = chromium_executable() or "playwright"
    run = subprocess.run([sys.executable, str(script), "--quick"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=240)
    assert run.returncode == 0, f"{script.name} --quick failed:\n{run.stdout[-2000:]}\n{run.stderr[-4000:]}"
    assert run.stdout.strip(), f"{script.name} --quick printed nothing"
    assert "Traceback" not in run.stderr, run.stderr[-4000:]


def test_every_benchmark_is_found():
    # The names make bench runs are the ones found here: a benchmark under another name would be missed.
    makefile = (ROOT / "Makefile").read_text()
    listed = {line.split("bench/")[1].split()[0] for line in makefile.splitlines() if "python bench/" in line}
    assert listed == {s.name for s in BENCHMARKS}
    assert {p.name for p in (ROOT / "bench").glob("*.py")} - listed == {"loadgen.py"}  # the load generator: a library


def test_a_benchmark_run_elsewhere_has_its_own_test_that_runs_it():
    for script in ON_THEIR_OWN:
        assert f'"{script.name}"' in (ROOT / "tests" / f"test_{script.stem}.py").read_text(), script.name
