"""The tables the wiki pages print, read from the copies in tests/data/ (each file names its
source page and section in its first lines). The repository holds these copies so that a
clone tests on its own; nothing here reads outside the repository."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"
SHEET_KINDS = ("degrees", "begrees", "begrees_filled")
DIAGONAL_TABLES = ("rank - file", "7 + rank - file", "(rank - file) & 15")


def _text(name: str) -> str:
    """The copy without its source comment lines."""
    lines = (DATA / name).read_text(encoding="utf-8").splitlines()
    return "\n".join(line for line in lines if not line.startswith("#"))


@cache
def direction_sheets() -> dict[str, list[list[int]]]:
    """The Direction page's three 15x15 sheets: each row's printed integers, in order.

    The text form lost where the blank cells sat within a row; the middle row writes '-' for
    blanks and '+' for the centre; some numbers carry a leading '_'.
    """
    sheets: dict[str, list[list[int]]] = {}
    kind = None
    for line in _text("direction-sheets.txt").splitlines():
        header = re.fullmatch(r"\[(\w+)\]", line.strip())
        if header:
            kind = header.group(1)
            sheets[kind] = []
        elif line.strip():
            sheets[kind].append([int(c.strip().lstrip("_")) for c in line.split("|") if re.fullmatch(r"\s*_?\d+\s*", c)])
    assert tuple(sheets) == SHEET_KINDS and all(len(rows) == 15 for rows in sheets.values())
    return sheets


@cache
def diagonal_tables() -> dict[str, dict[int, list[int]]]:
    """The Diagonals page's three enumeration tables: {title: {rank: [value for files 0..7]}}."""
    text = "\n" + _text("diagonal-enumerations.txt")
    tables = {}
    for title in DIAGONAL_TABLES:
        block = text.split("\n" + title + "\n", 1)[1]
        rows = re.findall(r"^([0-7]) ((?:-?\d+ ?){8})$", block, re.M)[:8]
        tables[title] = {int(r): [int(x) for x in cells.split()] for r, cells in rows}
        assert sorted(tables[title]) == list(range(8)), title
    return tables
