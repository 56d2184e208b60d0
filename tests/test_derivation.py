"""The Intersection Squares page's "0x88 Math" with a and b put in (/api/intersection's `derivation`)
and one audited routine on one input (/api/routine), against independent computations.

The printed lines and index tables are compared with the page's copy in tests/data/; every
substituted line is evaluated again here (Python's own arithmetic, same precedence as C for
* + - >> &); where each chain ends is compared, on all 4096 pairs and all 12 ordered pairs of
line kinds, with a walk along the board (the truth) and with tests/oracle.py's transcription of
the page's prose (the page's chain)."""

from __future__ import annotations

import functools
import json
import re
from fractions import Fraction

import chess
import pytest

from oracle import COMBOS, DATA, NAMES, PAIRS, PRINTED_ROUTINES, chess_line, expected_call, is_dark, line_point, meet, rf
from sweeps import EVERY_PART, pairs_of

SECTION_OF = {
    ("file", "rank"): ("Rank and File", False),
    ("rank", "file"): ("Rank and File", False),
    ("rank", "diagonal"): ("Rank and Diagonal", False),
    ("diagonal", "rank"): ("Rank and Diagonal", True),
    ("file", "diagonal"): ("File and Diagonal", False),
    ("diagonal", "file"): ("File and Diagonal", True),
    ("rank", "anti_diagonal"): ("Rank and Anti-Diagonal", False),
    ("anti_diagonal", "rank"): ("Rank and Anti-Diagonal", True),
    ("file", "anti_diagonal"): ("File and Anti-Diagonal", False),
    ("anti_diagonal", "file"): ("File and Anti-Diagonal", True),
    ("diagonal", "anti_diagonal"): ("Diagonal and Anti-Diagonal", False),
    ("anti_diagonal", "diagonal"): ("Diagonal and Anti-Diagonal", True),
}
# Each section's own order of line kinds: a's line first (Rank and File, the last pair listed, is rank then file).
PAGE_LINES = {title: pair for pair, (title, vice_versa) in SECTION_OF.items() if not vice_versa}
# The page's chain as tests/oracle.py transcribes it (the audit's prose readings, s1/s2 for rank and file).
PAGE_CHAIN = {
    "Rank and File": None,
    "Rank and Diagonal": "Rank and Diagonal (0x88 Math prose)",
    "File and Diagonal": "File and Diagonal (0x88 Math prose)",
    "Rank and Anti-Diagonal": "Rank and Anti-Diagonal (0x88 Math prose)",
    "File and Anti-Diagonal": "File and Anti-Diagonal (0x88 Math prose)",
    "Diagonal and Anti-Diagonal": "Diagonal and Anti-Diagonal (0x88 Math prose)",
}
TABLE_NAMES = {"diagonalIndex": "diagonal", "antidiagIndex": "anti_diagonal"}


def page_copy() -> dict[str, dict]:
    """tests/data/intersection-squares.txt: {section: {"tables": {kind: {rank: [8 values]}}, "math": [lines]}}."""
    sections: dict[str, dict] = {}
    block = None
    for line in (DATA / "intersection-squares.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            continue
        if header := re.fullmatch(r"\[(.+)\]", line):
            current = sections.setdefault(header.group(1), {"tables": {}, "math": []})
        elif line.startswith("table "):
            block = current["tables"].setdefault(TABLE_NAMES[line.split()[1]], {})
        elif line == "math":
            block = current["math"]
        elif isinstance(block, list):
            block.append(line)
        elif row := re.fullmatch(r"([0-7]) \|((?:\s+-?\d+){8})", line):
            block[int(row.group(1))] = [int(x) for x in row.group(2).split()]
    return sections


@functools.cache  # the same few thousand expressions come back for many pairs
def evaluate(text: str) -> Fraction:
    """Evaluate a substituted expression here, independently of the core's evaluator."""
    assert re.fullmatch(r"[0-9x.()+\-*&>\s]+", text), text
    value = eval(text, {"__builtins__": {}})  # digits and operators only, checked above
    return Fraction(value)


def known(a: int, b: int) -> dict[str, int]:
    """The values of the page's names of a and b."""
    values = {"a": a, "b": b}
    for letter, sq in (("a", a), ("b", b)):
        rank, file = rf(sq)
        values |= {
            f"rankIndex({letter})": rank,
            f"fileIndex({letter})": file,
            f"diagonalIndex({letter})": rank - file,
            f"antidiagIndex({letter})": rank + file,
        }
    return values


NAME = re.compile(r"\b(?:rankIndex|fileIndex|diagonalIndex|antidiagIndex)\([ab]\)|\b[ab]\b")
TEST = re.compile(r"if \( (.*)\)")
ASSIGNED = re.compile(r"(\w+(?:\(s\))?) :?= (.*)")
SOURCE = re.compile(r"\s*\w+(?:\(s\))?\s*:?=\s*(.*);")
OF_S = re.compile(r"\(s\)|s88|sq88")


def written(expression: str, values: dict[str, int]) -> str:
    return NAME.sub(lambda m: f"({values[m.group(0)]})" if values[m.group(0)] < 0 else str(values[m.group(0)]), expression)


def check_evaluation(line: str, step: dict | None, values: dict[str, int], where) -> None:
    """The substituted line says what its value says; lines of a and b alone are substituted as here."""
    if step is None or not step["reached"] or step["with"] is None:
        return
    text = step["with"]
    if test := TEST.fullmatch(text):
        assert evaluate(test.group(1)) == step["value"], where
    elif "==" in text:
        left, right = text.split("==")
        assert [evaluate(left), evaluate(right)] == step["sides"], where
        assert step["value"] is (step["sides"][0] == step["sides"][1]), where
    else:
        name, expression = ASSIGNED.fullmatch(text).groups()
        assert evaluate(expression) == Fraction(step["value"]), where
        source = SOURCE.fullmatch(line).group(1)
        if not OF_S.search(source):
            assert expression == written(source, values), where


@pytest.fixture(scope="module")
def copy():
    return page_copy()


def test_the_index_tables_are_the_pages_and_the_formula(client, copy):
    squares = {s["name"]: s for s in client.get("/api/squares").json["squares"]}
    for title, section in copy.items():
        for kind, rows in section["tables"].items():
            assert sorted(rows) == list(range(8)), (title, kind)
            for rank, values in rows.items():
                for file, value in enumerate(values):
                    assert value == (rank - file if kind == "diagonal" else rank + file), (title, kind, rank, file)
                    api = squares[NAMES[8 * rank + file]]
                    assert value == (api["diagonal"]["index"] if kind == "diagonal" else api["anti_diagonal"]["index"])


@pytest.mark.parametrize("line_a, line_b", COMBOS)
def test_each_section_is_printed_as_on_the_page(client, copy, line_a, line_b):
    body = client.get(f"/api/intersection?a=e4&b=c7&line_a={line_a}&line_b={line_b}").json["derivation"]
    title, vice_versa = SECTION_OF[(line_a, line_b)]
    assert (body["section"], body["vice_versa"]) == (title, vice_versa)
    assert (body["a"], body["b"]) == (("c7", "e4") if vice_versa else ("e4", "c7"))
    page = copy[title]
    assert set(body["tables"]) == set(page["tables"])
    lines = [step["line"] for step in body["steps"]]
    if title == "Rank and File":
        s = "s1" if line_a == "file" else "s2"
        assert lines == [line for line in page["math"] if line.startswith(s)]
    else:
        assert lines == page["math"]
    wrong = [(step["line"], step["true_line"]) for step in body["steps"] if step["wrong"]]
    assert len(wrong) == body["wrong_lines"] == {"Rank and Anti-Diagonal": 3, "Diagonal and Anti-Diagonal": 1}.get(title, 0)
    assert all(true and true != printed for printed, true in wrong)
    assert body["reading"] == {"sq88": "s88", "sq882": "s88x2"}


def check_meeting(a: int, b: int, c: dict, truth: int, where) -> None:
    """One combination's square, reason, 0x88 working and printed routine, against the walk and python-chess."""
    common = chess_line(a, c["line_a"]) & chess_line(b, c["line_b"])
    assert truth == (chess.lsb(common) if common else -1) and chess.popcount(common) <= 1, where
    expected = NAMES[truth] if truth >= 0 else None
    assert c["square"] == expected, where
    assert c["working"]["square"] == expected, where
    if expected:
        assert c["reason"] is None, where
    elif {c["line_a"], c["line_b"]} == {"diagonal", "anti_diagonal"} and is_dark(a) != is_dark(b):
        assert c["reason"] == "different_colors", where
        assert c["working"]["different_colors_bit"] is True, where
    else:
        assert c["reason"] == "off_board", where
        assert c["working"]["off_board"] is True, where
    printed = c["printed"]
    routine, call, value = expected_call(a, b, c["line_a"], c["line_b"])
    assert (printed["routine"], printed["call"], printed["value"]) == (routine, call, value), where
    assert printed["correct"] is (value == truth), where
    assert printed["square"] == (NAMES[value] if 0 <= value < 64 else None), where


@pytest.mark.parametrize("part", EVERY_PART)
def test_every_pair_and_every_pair_of_line_kinds(client, part):
    """All 4096 pairs x 12 ordered pairs of /api/intersections and /api/intersection-table (in the
    sweep's parts, tests/sweeps.py: a pair's two orders fall in one part), each answer asked
    once: its squares, reasons and printed routines (check_meeting); each chain's lines say
    what their values say, the true chain ends on the walked intersection, the page's chain where
    the oracle's transcription does.

    The page's derivation depends only on the lines in the page's order and the page's a and b:
    a's line x with b's line y is the same derivation as b's line y with a's line x, read vice
    versa. The second of the two is held equal to the first, whose every line was checked."""
    pairs = pairs_of(part)
    checked: dict[tuple[tuple[str, str], int, int], dict] = {}
    for a, b in pairs:
        response = client.get(f"/api/intersections?a={NAMES[a]}&b={b}")  # b by its index: both forms are read
        assert response.status_code == 200, (NAMES[a], b)
        body = response.json
        assert (body["a"], body["b"]) == (NAMES[a], NAMES[b])
        assert [(c["line_a"], c["line_b"]) for c in body["combinations"]] == COMBOS
        # The chapter's table: each pair's row, as checked below, without its working and derivation.
        rows = client.get(f"/api/intersection-table?a={NAMES[a]}&b={NAMES[b]}")
        row_keys = ("line_a", "line_b", "square", "reason", "printed")
        expected = {"a": body["a"], "b": body["b"], "combinations": [{k: c[k] for k in row_keys} for c in body["combinations"]]}
        assert json.dumps(rows.json) == json.dumps(expected), (NAMES[a], NAMES[b])
        for combination in body["combinations"]:
            line_a, line_b = combination["line_a"], combination["line_b"]
            where = (NAMES[a], NAMES[b], line_a, line_b)
            truth = meet(a, b, line_a, line_b)
            check_meeting(a, b, combination, truth, where)
            d = combination["derivation"]
            title, vice_versa = SECTION_OF[(line_a, line_b)]
            page_a, page_b = (b, a) if vice_versa else (a, b)
            assert d["true_result"] == {"value": truth, "square": NAMES[truth] if truth >= 0 else None}, where
            assert d["square"] == combination["square"] and d["reason"] == combination["reason"], where
            if PAGE_CHAIN[title]:
                page = PRINTED_ROUTINES[PAGE_CHAIN[title]][1](page_a, page_b)
            else:
                page = truth  # rank and file: s1, s2 are right
            assert d["printed_result"]["value"] == page, where
            same = {key: value for key, value in d.items() if key != "vice_versa"}
            assert d["vice_versa"] is vice_versa, where
            seen = ((line_b, line_a) if vice_versa else (line_a, line_b), page_a, page_b)
            if seen in checked:
                assert same == checked[seen], where
                continue
            checked[seen] = same
            values = known(page_a, page_b)
            # The true chain's rankIndex(s) and fileIndex(s) are where the two lines meet (half a
            # rank where they differ in colour), and the page's equations hold for that point.
            point = dict(zip(("rankIndex(s)", "fileIndex(s)"), line_point(page_a, page_b, *PAGE_LINES[title]), strict=True))
            for step in d["steps"]:
                check_evaluation(step["line"], step["printed"], values, where)
                if step["true_line"] or step["truth"] != step["printed"]:  # the same line and working: checked above
                    check_evaluation(step["true_line"] or step["line"], step["truth"], values, where)
                named = step["truth"]["with"].split(" ")[0] if step["truth"] and step["truth"]["with"] else None
                if named in point:
                    assert Fraction(step["truth"]["value"]) == point[named], where
                if step["truth"] and "sides" in step["truth"]:
                    assert step["truth"]["value"] is step["printed"]["value"] is True, where
                if not step["wrong"] and step["printed"] and step["printed"]["with"] and d["wrong_lines"] == 0:
                    assert step["printed"] == step["truth"], where


def test_the_half_ranks_of_lines_of_different_colours(client):
    """The diagonal of a1 and the anti-diagonal of b1 cross between squares: rank and file 0.5."""
    d = client.get("/api/intersection?a=a1&b=b1&line_a=diagonal&line_b=anti_diagonal").json["derivation"]
    equation = d["steps"][1]["printed"]
    assert equation == {"reached": True, "with": "0.5 - 0 == 1 - 0.5", "value": True, "sides": [0.5, 0.5]}
    test = next(s for s in d["steps"] if s["line"].startswith("if"))["printed"]
    assert test == {"reached": True, "with": "if ( 17 & 0x111)", "value": 17}
    assert d["printed_result"] == d["true_result"] == {"value": -1, "square": None}
    assert d["steps"][-1]["printed"] == {"reached": False, "with": None, "value": None}


def test_the_rank_and_anti_diagonal_lines_and_the_dia_ant_conversion(client):
    d = client.get("/api/intersection?a=a1&b=a2&line_a=rank&line_b=anti_diagonal").json["derivation"]
    third = d["steps"][2]
    assert third["printed"]["with"] == "fileIndex(s) := 0 -  1 + 0" and third["printed"]["value"] == -1
    assert third["truth"]["with"] == "fileIndex(s) := 1 + 0 - 0" and third["truth"]["value"] == 1
    assert (d["printed_result"]["square"], d["true_result"]["square"]) == (None, "b1")
    d = client.get("/api/intersection?a=a1&b=c1&line_a=diagonal&line_b=anti_diagonal").json["derivation"]
    last = d["steps"][-1]
    assert last["printed"]["with"] == "sq := ((34 >> 2) & 56) + ((17>>1) & 7)" and last["printed"]["value"] == 8
    assert last["truth"]["value"] == 9
    assert (d["printed_result"]["square"], d["true_result"]["square"]) == ("a2", "b2")


def test_one_routine_on_one_input_is_the_audits_example(client):
    """Every wrong example the audit lists is what /api/routine answers for its input, link included."""
    for r in client.get("/api/routines").json["routines"]:
        for e in r["examples"]:
            query = {"name": r["name"], "a": e["input"][0]} | ({"b": e["input"][1]} if len(e["input"]) == 2 else {})
            body = client.get("/api/routine", query_string=query).json
            assert body["correct"] is False
            assert {k: body[k] for k in e} == e, (r["name"], e["input"])
            assert (body["name"], body["page"], body["formula"]) == (r["name"], r["page"], r["formula"])
            # Only the diagonals and intersections chapters show a routine; the others' links name none.
            assert e["query"].get("routine") == (r["name"] if e["chapter"] in ("diagonals", "intersections") else None)


@pytest.mark.parametrize("name", list(PRINTED_ROUTINES))
def test_one_routine_against_the_oracle(client, name):
    arity, printed, truth = PRINTED_ROUTINES[name]
    for a, b in PAIRS[::37]:
        args = (a, b)[:arity]
        body = client.get("/api/routine", query_string={"name": name, "a": NAMES[a], "b": NAMES[b]}).json
        assert body["input"] == [NAMES[sq] for sq in args]
        assert (body["printed"], body["expected"]) == (printed(*args), truth(*args)), (name, args)
        assert body["correct"] is (printed(*args) == truth(*args))


def test_one_routine_refuses_bad_input(client):
    response = client.get("/api/routine?name=intersectRankAnt&a=a1")
    assert response.status_code == 400
    assert response.json["error"]["code"] == "missing_parameter" and response.json["error"]["param"] == "b"
    response = client.get("/api/routine?name=intersectRankAnd&a=a1&b=a2")
    assert response.status_code == 400 and response.json["error"]["param"] == "name"
    response = client.get("/api/routine?name=isDark&a=i9")
    assert response.status_code == 400 and response.json["error"]["param"] == "a"


def test_a_pair_of_one_line_kind_has_no_section():
    from chessviz.derivation import section_of
    from chessviz.errors import ChessvizError

    for kind in ("rank", "file", "diagonal", "anti_diagonal"):
        with pytest.raises(ChessvizError) as error:
            section_of(kind, kind)
        assert (error.value.code, error.value.field) == ("same_line_kind", "line_b")
        assert error.value.message == f"line_a and line_b must differ, both are {kind!r}"


def test_whole_numbers_of_a_derivation_are_shown_as_whole_numbers(client):
    """s88 = 68, not 68.0: a value is a fraction only where the page's working halves an odd number."""
    for line_a, line_b in (("rank", "diagonal"), ("diagonal", "anti_diagonal"), ("file", "anti_diagonal")):
        text = client.get(f"/api/intersection?a=e4&b=c7&line_a={line_a}&line_b={line_b}").get_data(as_text=True)
        assert '"value":' in text and not re.search(r'"value":-?\d+\.0[,}]', text), (line_a, line_b)
        assert not re.search(r'"sides":\[[^\]]*\d\.0[,\]]', text), (line_a, line_b)


def test_the_else_line_is_reached_exactly_when_the_if_test_is_zero(client):
    """The page's "if ( s88x2 & 0x111) off board ... else sq := ...": else is taken when the test is 0, never both."""
    seen = set()
    for a, b in (("e4", "c7"), ("e4", "d4"), ("a1", "h8"), ("a8", "h1"), ("b1", "a2")):
        steps = client.get(f"/api/intersection?a={a}&b={b}&line_a=diagonal&line_b=anti_diagonal").json["derivation"]["steps"]
        test = next(s for s in steps if s["line"].startswith("if ("))
        otherwise = next(s for s in steps if s["line"] == "else")
        off_board = next(s for s in steps if s["line"].strip().startswith("intersection off board"))
        for side in ("printed", "truth"):
            assert otherwise[side]["reached"] is (test[side]["value"] == 0), (a, b, side)
            assert off_board[side]["reached"] is (test[side]["value"] != 0), (a, b, side)
            seen.add(test[side]["value"] == 0)
    assert seen == {True, False}  # both ways of the branch are met


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("(1 + 2 3", "unbalanced parentheses"),
        ("1 + 2 )", "unexpected ')'"),
        ("1 $ 2", "cannot read ' $ 2'"),
        ("(1 - 0.5) & 1", "bit operation on 1/2, not a whole number"),
        ("4 >> 0.5", "bit operation on 1/2, not a whole number"),
    ],
)
def test_the_evaluator_refuses_what_it_cannot_read(text, message):
    """The page's lines are the product's own text, so these never reach a student; a slip in
    one of them must stop with its reason, not show a wrong number."""
    from chessviz.derivation import _evaluate  # read at run time: a mutation run rebuilds the module

    with pytest.raises(ValueError) as caught:
        _evaluate(text)
    assert str(caught.value) == message
