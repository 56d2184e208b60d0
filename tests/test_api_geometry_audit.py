"""/api/routines recomputed from scratch: every printed routine transcribed again (tests/oracle.py), with
C int semantics taken from ctypes (32-bit wrap, arithmetic >>, sizeof(int)) and C's
truncating %, and measured against a walk along the board on all its inputs.

The transcriptions live in tests/oracle.py, which imports nothing of the core's: a slip in
either copy shows up as a different count of wrong inputs.
"""

import re

import pytest

from chessviz import audit

from conftest import app_scope
from oracle import DATA, NAMES, PAIRS, SIZEOF_INT, same_diagonal_mod9, shown_examples, tail, walk
from oracle import PRINTED_ROUTINES as ROUTINES


def inputs(arity):
    return [(sq,) for sq in range(64)] if arity == 1 else PAIRS


@pytest.fixture(scope=app_scope)
def report(client):
    return {r["name"]: r for r in client.get("/api/routines").json["routines"]}


def test_every_audited_routine_has_an_independent_transcription_here(report):
    assert set(report) == set(ROUTINES)


@pytest.mark.parametrize("name", list(ROUTINES))
def test_audit_counts_and_examples_recomputed(report, name):
    arity, printed, truth = ROUTINES[name]
    wrong = [(args, printed(*args), truth(*args)) for args in inputs(arity) if printed(*args) != truth(*args)]
    entry = report[name]
    assert entry["checked"] == (64 if arity == 1 else 4096)
    assert entry["wrong"] == len(wrong), name
    assert len(entry["examples"]) == min(10, len(wrong))
    two_valued = {truth(*args) for args in inputs(arity)} <= {0, 1}
    for example, (args, value, expected) in zip(entry["examples"], shown_examples(wrong, two_valued), strict=True):
        assert example["input"] == [NAMES[sq] for sq in args]
        assert (example["printed"], example["expected"]) == (value, expected), (name, example["input"])
    assert entry["formula"] and entry["page"] in ("Diagonals", "Color of a Square", "Intersection Squares", "Direction")


def test_the_faulty_routines_are_exactly_these(report):
    faulty = {name: r["wrong"] for name, r in report.items() if r["wrong"]}
    assert faulty == {
        "squaresOnSameDiagonal (& 7)": 224,
        "squaresOnSameDiagonal (% 9)": 112,
        "intersectRankAnt": 3264,
        "Rank and Anti-Diagonal (0x88 Math prose)": 3264,
        "Diagonal and Anti-Diagonal (0x88 Math prose)": 1608,
        "off-board sentinel as printed in the prose": 1248,
    }


def test_known_wrong_inputs(client):
    # % 9: h1 (7) and a3 (16) differ by 9 but the step wraps round the board edge.
    assert same_diagonal_mod9(7, 16) == 1 and 16 not in walk(7, "diagonal")
    h1a3 = client.get("/api/same-line?a=h1&b=a3").json
    assert h1a3["diagonal"] is False
    routines = {r["name"]: r for r in h1a3["routines"]}
    assert (routines["squaresOnSameDiagonal (% 9)"]["value"], routines["squaresOnSameDiagonal (% 9)"]["correct"]) == (1, False)
    # & 7: b2 -> a1 is one diagonal step back; the negative file difference breaks it.
    b2a1 = {r["name"]: r for r in client.get("/api/same-line?a=b2&b=a1").json["routines"]}
    assert (b2a1["squaresOnSameDiagonal (& 7)"]["value"], b2a1["squaresOnSameDiagonal (& 7)"]["correct"]) == (0, False)
    assert b2a1["squaresOnSameDiagonal (% 9)"]["correct"] is True
    # intersectRankAnt(a1, a2): the rank of a1 meets the anti-diagonal of a2 at b1; it says -1.
    one = client.get("/api/intersection?a=a1&b=a2&line_a=rank&line_b=anti_diagonal").json
    assert one["square"] == "b1"
    assert (one["printed"]["routine"], one["printed"]["value"], one["printed"]["correct"]) == ("intersectRankAnt", -1, False)
    # The prose's sentinel shifts by sizeof(int)-1 = 3: not -1 when bit 7 is set.
    assert SIZEOF_INT - 1 == 3
    assert tail(-16, 3) == -8 and tail(-16, 31) == -1  # file of a1 with the diagonal of b1


def test_report_examples_name_the_faults(report):
    rank_ant = report["intersectRankAnt"]["examples"][0]
    assert (rank_ant["input"], rank_ant["printed"], rank_ant["expected"]) == (["a1", "a2"], -1, 1)
    dia_ant_prose = report["Diagonal and Anti-Diagonal (0x88 Math prose)"]["examples"][0]
    # Diagonal of a1 and anti-diagonal of c1 meet at b2; the prose's ((sq88>>1) & 7) halves the file.
    assert (dia_ant_prose["input"], dia_ant_prose["printed_means"], dia_ant_prose["expected_means"]) == (["a1", "c1"], "a2", "b2")
    sentinel = report["off-board sentinel as printed in the prose"]["examples"][0]
    assert (sentinel["input"], sentinel["printed"], sentinel["expected"]) == (["a1", "b1"], -8, -1)
    for r in report.values():
        for e in r["examples"]:
            assert e["chapter"] in ("diagonals", "colors", "directions", "intersections")
            assert all(v in NAMES for k, v in e["query"].items() if k in ("a", "b", "sq", "other", "from", "to"))


def test_audit_is_computed_once(client):
    from chessviz.audit import audit

    assert audit() is audit()
    first = client.get("/api/routines").get_data()
    assert client.get("/api/routines").get_data() == first


def test_routines_endpoint_methods(client):
    assert client.post("/api/routines").status_code == 405
    assert client.post("/api/routines").json["error"]["code"] == "method_not_allowed"
    assert client.get("/api/routines?x=1").status_code == 200  # unknown parameters are ignored
    assert client.get("/api/routines/extra").json["error"]["code"] == "not_found"


# --- What the audit shows as printed is what the pages print --------------------------------

WIKI = DATA / "wiki"
PAGE_FILES = {
    "Diagonals": "diagonals.txt",
    "Color of a Square": "color-of-a-square.txt",
    "Direction": "direction.txt",
    "Intersection Squares": "intersection-squares.txt",
}


def squeezed(text: str) -> str:
    return re.sub(r"\s+", "", text)


def _other(name: str) -> str:
    return next(r.formula for r in audit.ROUTINES if r.name == name)


# Lines the pages give in words, not in code: the sentence that says it, and the line it gives,
# made here from the printed line it transforms (the sentence's own rule).
READ_FROM_PROSE = {
    "even diagonal index means dark": (
        "All even indices are the diagonals with dark squares",
        lambda: "All even indices are the diagonals with dark squares: dark = ((rank - file) & 1) == 0",
    ),
    "diagonal parity (minus)": ("one can replace 'plus' by 'minus'", lambda: _other("anti-diagonal parity").replace("+", "-")),
    "parity (exclusive or)": ("or [[General Setwise Operations#ExclusiveOr|'exclusive or']]",
                              lambda: _other("anti-diagonal parity").replace("+", "^")),
    "knight-distance parity": ("all even Knight-Distances between squares imply same square color",
                               lambda: "sameColor = (knightDistance[sq1][sq2] & 1) == 0"),
    "off-board sentinel as printed in the prose": (
        "-(s88 & 0x88) >> (sizeof(int)-1)",
        lambda: "in intersectFileDia: "
        + _other("intersectFileDia").splitlines()[1].removeprefix("return ").rstrip(";").replace(">> 31", ">> (sizeof(int)-1)"),
    ),
}  # fmt: skip


def test_every_name_a_prose_routine_s_last_lines_read_is_assigned_or_read_by_its_note():
    """The 0x88 Math prose ends on `if (...)` and `sq := ...` lines that read names the page never
    assigns (sq88 where it assigned s88): a note of ours, `/* read as x = y */`, says how each is read."""
    prose = [routine for routine in audit.ROUTINES if routine.name.endswith("(0x88 Math prose)")]
    assert len(prose) == 5
    for routine in prose:
        lines = routine.formula.splitlines()
        assigned = {m[1] for line in lines if (m := re.match(r"\s*(\w+)\s*:?=(?!=)", line))}
        for note in re.findall(r"/\* read as (.*?) \*/", routine.formula):
            assigned |= {name for reading in note.split(", ") for name in reading.split(" = ")[:-1]}
        tested = [line for line in lines if re.match(r"\s*(if \(|sq :=)", line)]
        assert len(tested) == 2, routine.name
        for line in tested:
            for name in re.findall(r"\b([a-z]\w*)\b(?!\()", line.split(":=")[-1]):
                assert name in assigned - {"sq"} or name == "if", (routine.name, name, line)


def test_every_printed_routine_is_copied_from_its_page_character_for_character():
    """Each line of a routine's formula is on its page (blanks aside); the project's own notes
    are /* comments */ the page does not have; lines the page gives in words follow its sentence."""
    for routine in audit.ROUTINES:  # read at run time: a mutation run rebuilds the table
        page = (WIKI / PAGE_FILES[routine.page]).read_text(encoding="utf-8")
        text = squeezed(page)
        ours = [c for c in re.findall(r"/\*.*?\*/", routine.formula) if squeezed(c) not in text]
        formula = routine.formula
        for comment in ours:
            formula = formula.replace(comment, "")
        quote, derived = READ_FROM_PROSE.get(routine.name, (None, None))
        for line in filter(str.strip, formula.splitlines()):
            if squeezed(line) not in text:
                assert quote is not None and quote in page and line.strip() == derived().strip(), (routine.name, line)


def test_the_and7_routine_s_examples_show_both_ways_it_goes_wrong(report):
    """squaresOnSameDiagonal (& 7) says yes for squares on no common diagonal (b1, a8: 55 & 7 = 7,
    the rank difference) and no, more often, for a pair on one diagonal given from the top down
    (b2, a1: -9 & 7 = 7, the rank difference -1): its examples show both, not ten of the first."""
    examples = report["squaresOnSameDiagonal (& 7)"]["examples"]
    said = {(e["printed"], e["expected"]) for e in examples}
    assert said == {(1, 0), (0, 1)}
    assert ["b1", "a8"] in [e["input"] for e in examples] and ["b2", "a1"] in [e["input"] for e in examples]


def test_the_diagonal_tests_say_why_they_fail_and_their_words_hold(report):
    """The two printed same-diagonal tests say why they go wrong, with worked pairs; each pair
    and each claim is checked here on this file's own transcriptions of the routines."""
    why = {name: r["why"] for name, r in report.items() if r["why"]}
    assert set(why) == {"squaresOnSameDiagonal (& 7)", "squaresOnSameDiagonal (% 9)"}
    sq = {n: NAMES.index(n) for n in ("a1", "b1", "b2", "c1", "h6", "a8")}
    printed, truth = ROUTINES["squaresOnSameDiagonal (& 7)"][1:]
    assert "(b2, a1: -9 & 7 = 7, rank difference -1)" in why["squaresOnSameDiagonal (& 7)"]
    assert (sq["a1"] - sq["b2"], (sq["a1"] - sq["b2"]) & 7) == (-9, 7) and (
        printed(sq["b2"], sq["a1"]),
        truth(sq["b2"], sq["a1"]),
    ) == (0, 1)
    assert "b1, a8 (55 & 7 = 7, rank difference 7) is answered yes" in why["squaresOnSameDiagonal (& 7)"]
    assert (sq["a8"] - sq["b1"]) & 7 == 7 and (printed(sq["b1"], sq["a8"]), truth(sq["b1"], sq["a8"])) == (1, 0)
    # "every such pair is answered no": every pair on one diagonal given from the top down.
    top_down = [(a, b) for a in range(64) for b in range(64) if a > b and truth(a, b)]
    assert top_down and not any(printed(a, b) for a, b in top_down)
    printed, truth = ROUTINES["squaresOnSameDiagonal (% 9)"][1:]
    assert "c1, a8 (56 - 2 = 54 = 6 x 9) is answered yes" in why["squaresOnSameDiagonal (% 9)"]
    assert (printed(sq["c1"], sq["a8"]), truth(sq["c1"], sq["a8"])) == (1, 0) and sq["h6"] + 9 == sq["a8"]
    # "still answered yes, rightly": a pair on one diagonal, top down.
    assert all(printed(a, b) for a, b in top_down)
