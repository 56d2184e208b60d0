"""Chapters propagation and masked-occupied in Chromium (mask: test_browser_mask.py), against /api/slide and /api/subtract."""

import re

import pytest

from chessviz.squares import convert

from browser_helpers import board_squares, practise, readout, screenshot, squares_of, steps, wait_for_board, wait_for_marks
from devlog_facts import DEVLOG
from project import ROOT

DEVLOG_TEXT = ROOT / "tests" / "data" / "devlog" / "sliding-pieces-devlog.txt"


def test_propagation_devlog_default_click_reload_keyboard(page, live_server, client):
    page.goto(live_server + "/chapter/propagation")
    expected = steps(client, sq="f4", occupied=hex(DEVLOG), line="rank", mapping="lerbef")
    wait_for_board(page, "result", squares_of(expected["o_minus_r"], "lerbef"))
    assert expected["o_minus_r"] == "0x10008041fc000010"
    assert readout(page, "result") == expected["o_minus_r"]
    assert board_squares(page, "occupied") == squares_of(DEVLOG, "lerbef")
    assert board_squares(page, "slider") == {"f4"}
    # The borrow's path is marked, on the board and in the binary rows.
    borrows = client.get(f"/api/subtract?minuend={expected['o']}&subtrahend={expected['r']}").json["borrows"]
    fills = set(page.eval_on_selector_all('[data-board="result"] [data-fill="borrow"]', "els => els.map(e => e.dataset.square)"))
    assert fills == squares_of(borrows, "lerbef") == {"f4", "e4", "d4", "c4", "b4", "a4", "h5"}
    binary = client.get(f"/api/subtract?minuend={expected['o']}&subtrahend={expected['r']}").json["binary"]
    for row, key in (("o", "minuend"), ("r", "subtrahend"), ("borrow", "borrows"), ("o - r", "difference")):
        bits = "".join(page.eval_on_selector_all(f'[data-row="{row}"] .bit', "els => els.map(e => e.textContent)"))
        assert bits == binary[key], row
    # Every column the borrow passes is marked in all rows, and no other.
    marked = page.eval_on_selector_all('[data-row="o - r"] .bit.borrowed', "els => els.map(e => Number(e.dataset.position))")
    assert sorted(marked) == [i for i in range(64) if binary["borrows"][63 - i] == "1"]
    # Move the rook to c2 by clicking; the URL carries it; reload shows the same.
    page.click('[data-board="slider"] [data-square="c2"]')
    moved = steps(client, sq="c2", occupied=hex(DEVLOG), line="rank", mapping="lerbef")
    wait_for_board(page, "result", squares_of(moved["o_minus_r"], "lerbef"))
    assert "sq=c2" in page.url
    page.reload()
    wait_for_board(page, "result", squares_of(moved["o_minus_r"], "lerbef"))
    # Keyboard: toggle a blocker on d2 (one square left of... via arrows from c2's board position).
    page.focus('[data-board="occupied"] [data-square="c2"]')
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    blocked = steps(client, sq="c2", occupied=hex(DEVLOG | 1 << (8 * 1 + 7 - 3)), line="rank", mapping="lerbef")
    wait_for_board(page, "result", squares_of(blocked["o_minus_r"], "lerbef"))
    # No blockers: the 64-bit wrap.
    page.click('[data-action="clear-occupancy"]')
    wrapped = steps(client, sq="c2", occupied="0", line="rank", mapping="lerbef")
    wait_for_board(page, "result", squares_of(wrapped["o_minus_r"], "lerbef"))
    assert "wraps" in page.inner_text('[data-role="explain"]')
    page.go_back()
    wait_for_board(page, "result", squares_of(blocked["o_minus_r"], "lerbef"))
    screenshot(page, "chapter-propagation")


def test_propagation_predict_then_reveal_and_mapping(page, live_server, client):
    page.goto(live_server + "/chapter/propagation?mapping=lerf")
    expected = steps(client, sq="f4", occupied=hex(convert(DEVLOG, "lerbef", "lerf")), line="rank", mapping="lerf")
    wait_for_board(page, "result", squares_of(expected["o_minus_r"], "lerf"))
    assert readout(page, "result") == expected["o_minus_r"]
    practise(page)
    for name in ("f4", "g4", "a1"):
        page.click(f'[data-board="predict"] [data-square="{name}"]')
    page.click('[data-action="reveal"]')
    page.wait_for_selector('.predict[data-revealed="1"]')
    wait_for_marks(page, "predict", {"f4", "g4", "a1"}, squares_of(expected["o_minus_r"], "lerf"))
    page.reload()
    page.wait_for_selector('.predict[data-revealed="1"]')


@pytest.mark.parametrize(
    "slug,line,roles",
    [
        (
            "masked-occupied",
            "file",
            {"mask": "m", "blockers": "b", "result-unmasked": "o_minus_r_masked", "result": "b_minus_r_masked"},
        ),
    ],
)
def test_mask_chapters(page, live_server, client, slug, line, roles):
    page.goto(live_server + f"/chapter/{slug}")
    expected = steps(client, sq="f4", occupied=hex(DEVLOG), line=line, mapping="lerbef")
    for role, step in roles.items():
        wait_for_board(page, role, squares_of(expected[step], "lerbef"))
        assert readout(page, role) == expected[step]
    # Choose another line and move the rook with the keyboard.
    page.select_option('[data-control="line"]', "diagonal")
    page.focus('[data-board="slider"] [data-square="f4"]')
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")
    moved = steps(client, sq="f5", occupied=hex(DEVLOG), line="diagonal", mapping="lerbef")
    for role, step in roles.items():
        wait_for_board(page, role, squares_of(moved[step], "lerbef"))
    page.reload()
    wait_for_board(page, "result", squares_of(moved[roles["result"]], "lerbef"))
    if slug == "masked-occupied":
        # The devlog's own case: rook on f4, file mask; g5 is off the file but stops the borrow.
        page.goto(live_server + "/chapter/masked-occupied")
        differ = steps(client, sq="f4", occupied=hex(DEVLOG), line="file", mapping="lerbef")
        wait_for_board(page, "result", squares_of(differ["b_minus_r_masked"], "lerbef"))
        marked = set(
            page.eval_on_selector_all('[data-board="result"] [data-mark="differs"]', "els => els.map(e => e.dataset.square)")
        )
        assert marked == squares_of(int(differ["o_minus_r_masked"], 16) ^ int(differ["b_minus_r_masked"], 16), "lerbef")
        assert marked == {"f5", "f6", "f7", "f8"}
    screenshot(page, f"chapter-{slug}")


def test_propagation_opens_on_the_devlog_s_8_bit_subtraction_and_sets_its_words_right(page, live_server):
    """The devlog's section starts on 01000000 - 00000010 = 00111110 before any board: the chapter
    shows it (the numbers as the devlog prints them, tests/data/devlog), says which is o and which r,
    and that the devlog swaps minuend and subtrahend in its words."""
    printed = DEVLOG_TEXT.read_text(encoding="utf-8")
    found = re.search(r"&([01]{8}) \\newline -\\ &\\underline\{([01]{8})\} \\newline &([01]{8})", printed)
    minuend, subtrahend, difference = found.groups()
    assert int(minuend, 2) - int(subtrahend, 2) == int(difference, 2)
    page.goto(live_server + "/chapter/propagation")
    rows = page.locator('[data-role="eight-bits"] pre').inner_text().splitlines()
    assert [row.split()[:2] for row in rows] == [[minuend, "o,"], ["-", subtrahend], ["=", difference]]
    # In the chapter, right after the boards it explains, before the 64-bit subtraction and the
    # exercise (it stood in the About section at the page's foot); the boards keep the first screen.
    y = {
        name: page.locator(selector).bounding_box()["y"]
        for name, selector in (
            ("board", '[data-board="result"]'),
            ("panel", '#chapter > [data-role="eight-bits"]'),
            ("binary", ".subtraction"),
            ("exercise", ".predict"),
        )
    }
    assert y["board"] < y["panel"] < y["binary"] < y["exercise"], y
    words = page.locator('[data-role="eight-bits"]').inner_text()
    assert "the minuend is o and the subtrahend r" in words and "The devlog tells it the other way round" in words
