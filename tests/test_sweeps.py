"""The sweeps' parts (tests/sweeps.py): between them every ordered pair once, a pair and its
reverse in one part, and every part run by `make test` (only the first by `make test-fast`)."""

import re
from collections import Counter

import chess

from project import ROOT
from sweeps import EVERY_PART, PARTS, pairs_of


def test_the_parts_hold_every_ordered_pair_once_a_pair_and_its_reverse_together():
    parts = [pairs_of(part) for part in range(PARTS)]
    counted = Counter(pair for part in parts for pair in part)
    assert sorted(counted) == [(a, b) for a in range(64) for b in range(64)] and set(counted.values()) == {1}
    for number, part in enumerate(parts):
        assert all((b, a) in part for a, b in part), number
        assert 480 <= len(part) <= 544, (number, len(part))  # each about an eighth: the workers share the sweep


def test_the_part_test_fast_runs_has_pairs_of_every_kind_from_every_square():
    pairs = pairs_of(0)
    assert {a for a, _ in pairs} == set(range(64)) == {b for _, b in pairs}
    kinds = Counter(
        "same" if a == b
        else "line" if chess.BB_RAYS[a][b]
        else "knight" if chess.square_knight_distance(a, b) == 1
        else "none"
        for a, b in pairs
    )  # fmt: skip
    assert min(kinds[kind] for kind in ("same", "line", "knight", "none")) >= 5, kinds


def test_only_the_first_part_runs_in_make_test_fast():
    marked = [[mark.name for mark in param.marks] for param in EVERY_PART]
    assert marked == [[]] + [["exhaustive"]] * (PARTS - 1)


def test_make_test_runs_every_test_and_make_test_fast_leaves_out_what_its_makefile_says():
    """`make test` (CI) selects by no marker: every part of every sweep runs there. `make test-fast`
    leaves out the marked groups its comment names, and the fuzzing's module."""
    recipes = {}
    lines = (ROOT / "Makefile").read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines):
        if re.match(r"(test|test-fast):", line):
            recipes[line.split(":")[0]] = lines[number + 1]
    assert " -m " not in recipes["test"] and "--ignore" not in recipes["test"] and "$(PYTEST)" in recipes["test"]
    left_out = re.search(r'-m "([^"]+)"', recipes["test-fast"])[1]
    assert left_out == "not browser and not bench and not server and not exhaustive"
    assert "--ignore tests/test_fuzz.py" in recipes["test-fast"]
