"""The intersections chapter's "0x88 Math" in Chromium: the page's index tables
with a and b outlined, the derivation as printed beside the same lines with a and b put in, the
true line under each wrong one, the reading of the undefined sq88 stated on the page, exercise
mode keeping the working out until reveal; a linked routine's panel on a phone and a projector,
light and dark, axe clean and never scrolling sideways."""

from __future__ import annotations

import random
import re

import chess
import pytest
from playwright.sync_api import expect

from browser_helpers import keep, screenshot
from oracle import COMBOS, NAMES, meet
from test_browser_classroom import COLOUR_RULES, FAILING_IMPACTS, horizontal_overflow, run_axe

SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
rng = random.Random("derivation")
# Sampled pairs, every ordered pair of line kinds once, plus the page's own examples.
SAMPLES = [(rng.randrange(64), rng.randrange(64), x, y) for x, y in COMBOS] + [
    (0, 8, "rank", "anti_diagonal"),
    (0, 2, "diagonal", "anti_diagonal"),
    (0, 1, "diagonal", "anti_diagonal"),
    (28, 50, "file", "rank"),
]


def chapter(live_server, a, b, x, y, extra=""):
    return f"{live_server}/chapter/intersections?a={NAMES[a]}&b={NAMES[b]}&line_a={x}&line_b={y}{extra}"


def python_chess_meet(a, b, x, y):
    """The intersection by python-chess's line bitboards (an oracle apart from tests/oracle.py's walk)."""

    def line(sq, kind):
        if kind == "rank":
            return chess.BB_RANKS[chess.square_rank(sq)]
        if kind == "file":
            return chess.BB_FILES[chess.square_file(sq)]
        d = chess.square_rank(sq) - chess.square_file(sq)
        s = chess.square_rank(sq) + chess.square_file(sq)
        on_line = (
            (lambda t: chess.square_rank(t) - chess.square_file(t) == d)
            if kind == "diagonal"
            else (lambda t: chess.square_rank(t) + chess.square_file(t) == s)
        )
        return sum(chess.BB_SQUARES[t] for t in chess.SQUARES if on_line(t))

    common = line(a, x) & line(b, y)
    return chess.lsb(common) if common else -1


@pytest.mark.parametrize("a, b, x, y", SAMPLES, ids=[f"{NAMES[a]}-{NAMES[b]}-{x}-{y}" for a, b, x, y in SAMPLES])
def test_tables_listing_and_numbers(page, live_server, client, a, b, x, y):
    page.goto(chapter(live_server, a, b, x, y))
    page.wait_for_selector("#chapter[data-drawn]")
    d = client.get(f"/api/intersection?a={NAMES[a]}&b={NAMES[b]}&line_a={x}&line_b={y}").json["derivation"]
    panel = page.locator('[data-role="derivation"]')
    # The section's index tables, every number by the formula, a and b outlined and lettered.
    shown = page.eval_on_selector_all(
        '[data-role="derivation"] figure[data-table]',
        """figs => figs.map(f => ({kind: f.dataset.table,
            rows: [...f.querySelectorAll('tbody tr')].map(tr => [tr.querySelector('th').textContent,
                [...tr.querySelectorAll('td')].map(td =>
                    [td.dataset.square, td.firstChild.textContent, td.dataset.mark || ''])])}))""",
    )
    assert [t["kind"] for t in shown] == d["tables"]
    for table in shown:
        assert [r for r, _ in table["rows"]] == [str(r) for r in range(7, -1, -1)]
        for r, cells in table["rows"]:
            for f, (name, value, mark) in enumerate(cells):
                rank = int(r)
                assert name == chess.square_name(chess.square(f, rank))
                assert int(value) == (rank - f if table["kind"] == "diagonal" else rank + f)
                letters = {letter for letter, sq in (("a", a), ("b", b)) if NAMES[sq] == name}
                assert set(mark.split()) - {""} == letters, (name, mark)
    if d["tables"]:
        outline = page.locator(f'[data-role="derivation"] td[data-square="{NAMES[a]}"][data-mark]').first
        assert outline.evaluate("e => getComputedStyle(e).outlineStyle") in ("solid", "double")
    # The listing: every printed line, and beside it the API's substituted line.
    lines = page.eval_on_selector_all('[data-role="listing"] tbody tr:not(.true-line)', "trs => trs.map(t => t.textContent)")
    assert len(lines) == len(d["steps"])
    for step, text in zip(d["steps"], lines, strict=True):
        assert step["line"] in text
        if step["printed"] and step["printed"]["reached"] and step["printed"]["with"]:
            assert step["printed"]["with"] in text
    wrong = page.locator('[data-role="listing"] tr[data-wrong]')
    expect(wrong).to_have_count(d["wrong_lines"])
    expect(page.locator('[data-role="listing"] tr.true-line')).to_have_count(d["wrong_lines"])
    for step in (s for s in d["steps"] if s["wrong"]):
        row = page.locator(f'[data-role="listing"] tr.true-line[data-true-line="{step["true_line"]}"]')
        assert (step["truth"]["with"] if step["truth"]["reached"] else "not reached") in row.inner_text()
    # Where each chain ends: the true one on the intersection (walked, and by python-chess).
    result = page.locator('[data-role="derivation-result"]')
    truth = meet(a, b, x, y)
    assert truth == python_chess_meet(a, b, x, y)
    expect(result).to_have_attribute("data-true", str(truth))
    expect(result).to_have_attribute("data-printed", str(d["printed_result"]["value"]))
    assert (NAMES[truth] if truth >= 0 else "no square") in result.inner_text()
    if d["vice_versa"]:
        assert f"its a is your b ({NAMES[b]})" in page.inner_text('[data-role="vice-versa"]')
    if d["section"] != "Rank and File":
        assert "sq88" in page.inner_text('[data-role="reading"]')
    assert not SNAKE.search(panel.inner_text()), SNAKE.search(panel.inner_text())


def test_the_wrong_lines_and_the_reading_say_what_they_change(page, live_server):
    page.goto(chapter(live_server, 0, 2, "diagonal", "anti_diagonal"))
    page.wait_for_selector('[data-role="derivation-result"]')
    reading = page.inner_text('[data-role="reading"]')
    assert "We read sq88 as s88 and sq882 as s88x2" in reading
    assert "For a = a1, b = c1 it gives a2 instead of b2." in reading
    row = page.locator('[data-role="listing"] tr[data-wrong]')
    assert "✗ wrong line" in row.inner_text()
    assert "= 8, that is a2" in row.inner_text()
    assert "= 9, that is b2" in page.inner_text('[data-role="listing"] tr.true-line')
    page.goto(chapter(live_server, 0, 8, "rank", "anti_diagonal"))
    page.wait_for_selector('[data-role="derivation-result"][data-true="1"][data-printed="-1"]')
    assert "The page's lines end on no square (off the board); the true lines on b1." in page.inner_text(
        '[data-role="derivation-result"]'
    )
    expect(page.locator('[data-role="listing"] tr[data-wrong]')).to_have_count(3)


def test_rank_and_file_need_no_table_and_a_refusal_clears_the_working(page, live_server):
    page.goto(chapter(live_server, 28, 50, "file", "rank"))
    page.wait_for_selector('[data-role="derivation-result"][data-true="52"]')
    expect(page.locator('[data-role="derivation"] figure[data-table]')).to_have_count(0)
    assert "need no index table" in page.inner_text('[data-role="index-tables"]')
    page.expect_bad_requests = True
    page.select_option("#line_b", "file")
    page.wait_for_url("**line_b=file**")
    expect(page.locator('[data-role="working"] + .input-error')).to_be_visible()
    expect(page.locator('[data-role="derivation"]')).to_be_empty()


def test_exercise_mode_keeps_the_numbers_out_until_reveal(page, live_server, client):
    one = client.get("/api/intersection?a=a1&b=c1&line_a=diagonal&line_b=anti_diagonal").json
    page.goto(chapter(live_server, 0, 2, "diagonal", "anti_diagonal", "&hide=1&routine=intersectDiaAnt"))
    page.wait_for_selector('#chapter[data-drawn] [data-role="answer-hidden"]')
    # The printed lines stay (they are the question's material); no number of the working, no verdict.
    expect(page.locator('[data-role="listing"] tr[data-line]').first).to_be_visible()
    for role in ("with-numbers", "true-numbers", "derivation-result", "routine", "working", "all"):
        expect(page.locator(f'[data-role="{role}"]')).to_have_count(0)
    text = page.inner_text("#chapter")
    assert one["square"] == "b2" and "b2" not in text and "a2 instead" not in text
    page.fill(".question input", "b2")
    page.click('[data-action="reveal-answer"]')
    page.wait_for_selector('[data-role="derivation-result"][data-true="9"]')
    expect(page.locator('[data-role="routine"][data-routine="intersectDiaAnt"]')).to_be_visible()
    assert "For a = a1, b = c1 it gives a2 instead of b2." in page.inner_text('[data-role="reading"]')


def test_another_pair_of_lines_lets_the_linked_routine_go(page, live_server):
    page.goto(chapter(live_server, 0, 8, "rank", "anti_diagonal", "&routine=intersectRankAnt"))
    expect(page.locator('[data-role="routine"][data-routine="intersectRankAnt"]')).to_be_visible()
    # Other squares: the routine stays, asked again.
    page.click('[data-board="intersections"] [data-square="c1"]')
    page.wait_for_url("**a=c1**")
    expect(page.locator('[data-role="routine-printed"]')).to_contain_text("-1 (no intersection)")
    expect(page.locator('[data-role="routine-truth"]')).to_have_attribute("data-value", str(meet(2, 8, "rank", "anti_diagonal")))
    page.click('[data-role="all"] button[data-pair="file/diagonal"]')
    page.wait_for_url("**line_a=file**")
    assert "routine=" not in page.url
    expect(page.locator('[data-role="routine"]')).to_be_hidden()


def test_the_routine_audit_states_the_reading_with_its_counts(page, live_server, client):
    audit = {r["name"]: r for r in client.get("/api/routines").json["routines"]}
    page.goto(live_server + "/chapter/routines")
    page.wait_for_selector("#chapter[data-drawn]")
    reading = page.inner_text('[data-role="reading"]')
    prose = audit["Diagonal and Anti-Diagonal (0x88 Math prose)"]
    assert f"{prose['wrong']} of {prose['checked']} pairs come out on a wrong square" in reading
    assert f"intersectDiaAnt, which gets {audit['intersectDiaAnt']['wrong']} of 4096 wrong" in reading
    assert "sq88 as s88 and sq882 as s88x2" in reading


LINKED = [
    "/chapter/intersections?a=a1&b=c1&line_a=diagonal&line_b=anti_diagonal&routine=Diagonal+and+Anti-Diagonal+%280x88+Math+prose%29",
    "/chapter/intersections?a=a1&b=b1&line_a=file&line_b=diagonal&routine=off-board+sentinel+as+printed+in+the+prose",
    "/chapter/diagonals?a=b1&b=a8&routine=squaresOnSameDiagonal+%28%26+7%29",
]


@pytest.mark.parametrize("path", LINKED, ids=["dia-ant-prose", "sentinel", "diagonals"])
def test_linked_views_on_a_phone_and_a_projector_light_and_dark(page, live_server, path):
    failures = []
    for width, height in ((390, 844), (1280, 720)):
        for scheme in ("light", "dark"):
            page.set_viewport_size({"width": width, "height": height})
            page.emulate_media(color_scheme=scheme)
            page.goto(live_server + path)
            page.wait_for_selector('#chapter[data-drawn] [data-role="routine"][data-routine]')
            assert horizontal_overflow(page) == 0, (path, width, scheme)
            assert not SNAKE.search(page.inner_text('[data-role="routine"]'))
            rules = None if scheme == "light" else COLOUR_RULES  # every rule in light, what a theme changes in dark
            violations = run_axe(page, rules)
            failures += [f"{width} {scheme}: {v['id']} {v['help']}" for v in violations if v["impact"] in FAILING_IMPACTS]
            if "diagonal&line_b=anti" in path:
                keep(page, f"intersections-derivation-{width}-{scheme}", full_page=True)
    page.emulate_media(color_scheme="light")
    assert not failures, "\n".join(failures)
    if "diagonals" in path:
        screenshot(page, "chapter-diagonals-linked-routine")
