"""The code tasks and the routine table are data files, read and checked when the app starts:
a file that says something the code cannot use stops the start with a message naming the
file, the entry and the field. (That the data gives the same answers as before is held by the
exhaustive tests of the answers themselves: test_api_code.py, test_api_geometry_audit.py.)"""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from chessviz import audit, code_tasks
from chessviz.chapters import CHAPTERS
from chessviz.datafiles import DATA, DataFileError
from chessviz.web import links

from project import ROOT


@pytest.fixture
def data(tmp_path):
    """A copy of chessviz/data to break."""
    copy = tmp_path / "data"
    shutil.copytree(DATA, copy)
    return copy


def edit(path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text()
    assert text.count(old) >= count, old  # the edit must hit: else the case tests nothing
    path.write_text(text.replace(old, new, count))


def test_the_files_load_as_the_app_has_them():
    routines, printed = audit.load_routines()
    assert [(r.name, r.formula, r.printed) for r in routines] == [(r.name, r.formula, r.printed) for r in audit.ROUTINES]
    assert printed == audit.PRINTED_INTERSECTIONS
    tasks = code_tasks.load_tasks()
    assert [(t.id, t.stub, t.solution) for t in tasks] == [(t.id, t.stub, t.solution) for t in code_tasks.TASKS]


ROUTINE_CASES = [
    (
        'reads = "boolean"\nanswers = "same_diagonal"',
        'answers = "same_diagonal"',
        "routine 1 ('squaresOnSameDiagonal (& 7)'): field 'reads': missing",
    ),
    (
        'truth = "same_diagonal"',
        'truth = "same-diagonal"',
        "routine 1 ('squaresOnSameDiagonal (& 7)'): field 'truth': expected one of 'dark', ",
    ),
    (
        'arity = 2\ntruth = "same_diagonal"',
        'arity = 1\ntruth = "same_diagonal"',
        "routine 1 ('squaresOnSameDiagonal (& 7)'): field 'arity': a same_diagonal routine takes 2",
    ),
    (
        'formula = "return ((sq2 - sq1) % 9) == 0;"',
        'formla = "return ((sq2 - sq1) % 9) == 0;"',
        "routine 2 ('squaresOnSameDiagonal (% 9)'): field 'formula': missing (is 'formla' it, misspelt?)",
    ),
    ('name = "isDark"', 'name = "isLight"', "routine 12 ('isLight'): field 'name': no transcription named 'isLight'"),
    (
        'answers = "color"',
        'answers = "colour"',
        "routine 4 ('lookup constant'): field 'answers': expected one of 'color', 'same_color'",
    ),
    (
        'lines = ["file", "rank"]',
        'lines = ["file", "file"]',
        "routine 19 ('rank and file (s1)'): field 'lines': two different kinds of line",
    ),
    (
        'lines = ["file", "rank"]',
        'lines = ["file", "ranks"]',
        "routine 19 ('rank and file (s1)'): field 'lines': expected a list of 2 to 2 texts among",
    ),
    (
        'printed_as = "s1"\nswapped = false',
        'printed_as = "s1"\nswapped = true',
        "intersection 1: field 'swapped': rank and file (s1) meets the file and the rank",
    ),
    ('printed_as = "s1"', 'printed_as = "s 1"', "intersection 1: field 'printed_as': expected a text matching"),
    ("swapped = false", 'swapped = "no"', "intersection 1: field 'swapped': expected true or false, got 'no'"),
    (
        '[[intersection]]\nlines = ["file", "rank"]',
        '[[intersections]]\nlines = ["file", "rank"]',
        "[[intersections]]: not a table this file may have",
    ),
    ('page = "Diagonals"', 'page = "Diagonals" page', "not valid TOML"),
]


def test_every_transcription_has_its_row_and_every_pair_of_lines_its_routine(data):
    path = data / "routines.toml"
    text = path.read_text()
    row = text[text.index('[[routine]]\nname = "x88diff"') : text.index('[[routine]]\nname = "rank and file (s1)"')]
    path.write_text(text.replace(row, ""))
    with pytest.raises(DataFileError, match=r"routines.toml: no \[\[routine\]\] for 'x88diff', transcribed in"):
        audit.load_routines(path)
    first = text[text.index("[[intersection]]") : text.index("[[intersection]]", text.index("[[intersection]]") + 1)]
    path.write_text(text.replace(first, first + first))
    with pytest.raises(DataFileError, match=r"intersection 2: field 'lines': \['file', 'rank'\] is listed twice"):
        audit.load_routines(path)


TASK_CASES = [
    (
        'entry = "getHorizontalRay"',
        'entry = "get HorizontalRay"',
        "task 1 ('horizontal'): field 'entry': expected a text matching",
    ),
    ('stub = "ray-stub.js"', 'stub = "ray-stubs.js"', "task 1 ('horizontal'): field 'stub': no file "),
    (
        'args = ["startSquare", "destinationSquare"]',
        'args = ["startSquare"]',
        "task 1 ('horizontal'): field 'args': a ray task takes 2 arguments, got 1",
    ),
    ('result = "bitboard"', 'result = "boolean"', "task 1 ('horizontal'): field 'result': a ray task answers a bitboard"),
    (
        'kind = "ray"',
        'kind = "rays"',
        "task 1 ('horizontal'): field 'kind': expected one of 'ray', 'negative-ray', 'piece', 'occluded-fill', "
        "'relevant-mask', 'magic-index', 'routine', got 'rays'",
    ),
    ('lines = ["rank"]', 'lines = ["ranks"]', "task 1 ('horizontal'): field 'lines'"),
    ('id = "vertical"', 'id = "horizontal"', "task 2 ('horizontal'): field 'id': 'horizontal' is listed twice"),
    (
        'measure = "shift-loop"',
        'measure = "negative-as-printed"',
        "task 2 ('vertical'), printed 1: field 'measure': expected one of 'shift-loop'",
    ),
    (
        'measure = "shift-loop"',
        'throws = "ReferenceError"\nmeasure = "shift-loop"',
        "task 2 ('vertical'), printed 1: field 'measure': printed code that throws",
    ),
    ('fill = { rays = "[getDiagonal', 'fill = { ray = "[getDiagonal', "task 5 ('bishop'): field 'solution': "),
    (
        'piece = "bishop"',
        'piece = "king"',
        "task 5 ('bishop'): field 'piece': expected one of 'rook', 'bishop', 'queen', got 'king'",
    ),
    (
        'routine = "isDark"\nstub',
        'routine = "sameColor"\nstub',
        "task 8 ('color'): field 'args': a routine task takes 2 arguments, got 1",
    ),
    (
        'routine = "squaresOnSameDiagonal (% 9)"',
        'routine = "sameColor"\nmeasured = 1',
        "task 7 ('same-diagonal'), printed 2: field 'measured': not a field",
    ),
    (
        "statement = [",
        'statement = "one paragraph"\nstatements = [',
        "task 1 ('horizontal'): field 'statement': expected a list of 1 to 99 texts",
    ),
]


# Each case: the file, what to replace in it, by what, and what the message then says.
CASES = [("routines.toml", *case) for case in ROUTINE_CASES] + [("code-tasks.toml", *case) for case in TASK_CASES]
LOADERS = {"routines.toml": audit.load_routines, "code-tasks.toml": code_tasks.load_tasks}


@pytest.mark.parametrize("file, old, new, message", CASES, ids=[m[-24:] for *_, m in CASES])
def test_a_wrong_data_file_names_the_file_the_entry_and_the_field(data, file, old, new, message):
    edit(data / file, old, new)
    with pytest.raises(DataFileError) as caught:
        LOADERS[file](data / file)
    assert str(caught.value).startswith(f"{data / file}: "), caught.value
    assert message in str(caught.value), caught.value


def test_a_placeholder_no_task_fills_names_the_file_and_the_placeholder(data):
    edit(data / "code-tasks" / "ray-stub.js", "{{entry}}", "{{name}}")
    with pytest.raises(DataFileError) as caught:
        code_tasks.load_tasks(data / "code-tasks.toml")
    assert "task 1 ('horizontal'): field 'stub': " in str(caught.value)
    assert "code-tasks/ray-stub.js holds {{name}}, which the task does not fill" in str(caught.value)


def test_a_placeholder_is_filled_with_the_tasks_own_values():
    bishop = code_tasks.TASKS_BY_ID["bishop"]
    assert "{{" not in bishop.stub + bishop.solution + bishop.printed[0].code
    assert "class Bishop extends SlidingPiece" in bishop.stub
    assert "return [getDiagonal(this.rank, this.file), getAntiDiagonal(this.rank, this.file)];" in bishop.solution


def test_every_page_and_kind_of_task_has_a_chapter_of_the_course():
    slugs = {c.slug for c in CHAPTERS}
    assert {chapter for chapter, _ in links.ROUTINE_CHAPTERS.values()} <= slugs
    assert set(links.TASK_CHAPTERS.values()) <= slugs
    assert set(links.TASK_CHAPTERS) | {"routine"} == set(code_tasks.KINDS)
    # A page no chapter shows, or a kind of task none shows, stops the start and says where.
    stray = audit.Routine("isDark", "Colour of a Square", "", 1, audit.PRINTED["isDark"], audit.PRINTED["isDark"], "dark")
    with pytest.raises(DataFileError, match=r"routines.toml: routine 'isDark': field 'page': no chapter shows the page"):
        links.check_chapters((stray,), code_tasks.KINDS)
    with pytest.raises(DataFileError, match=r"code-tasks.toml: no chapter shows a task of kind 'knight'"):
        links.check_chapters(audit.ROUTINES, [*code_tasks.KINDS, "knight"])


def test_a_bad_data_file_stops_the_start_with_its_message(tmp_path):
    """The real start (what `make run` and gunicorn import), from a copy of the app with one field broken."""
    for name in ("chessviz", "templates", "static"):
        shutil.copytree(ROOT / name, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "app.py", tmp_path)
    edit(tmp_path / "chessviz" / "data" / "code-tasks.toml", 'result = "boolean"', 'result = "bool"')
    run = subprocess.run([sys.executable, "-c", "import app"], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert run.returncode != 0
    last = run.stderr.strip().splitlines()[-1]
    assert last == (
        "chessviz.datafiles.DataFileError: chessviz/data/code-tasks.toml: task 7 ('same-diagonal'): field 'result': "
        "expected one of 'bitboard', 'boolean', 'square', 'index', got 'bool'"
    ), run.stderr[-2000:]
