"""Chapter mask in Chromium: m and (o - r) & m against /api/slide."""

from playwright.sync_api import expect

from chessviz.squares import convert

from browser_helpers import (
    board_squares,
    practise,
    screenshot,
    squares_of,
    steps,
    wait_for_board,
    wait_for_marks,
    wait_for_readout,
)
from devlog_facts import DEVLOG

ROLES = {"occupied": "o", "slider": "r", "difference": "o_minus_r", "mask": "m", "result": "o_minus_r_masked"}


def shown(page, expected, mapping="lerbef"):
    for role, step in ROLES.items():
        wait_for_board(page, role, squares_of(expected[step], mapping))
        wait_for_readout(page, role, expected[step])


def test_mask_devlog_default_line_keyboard_reload(page, live_server, client):
    page.goto(live_server + "/chapter/mask")
    # The devlog's sketch: its occupancy, a rook on f4, the rank mask.
    expected = steps(client, sq="f4", occupied=hex(DEVLOG), line="rank", mapping="lerbef")
    shown(page, expected)
    assert squares_of(expected["m"], "lerbef") == {f"{f}4" for f in "abcdefgh"}
    assert squares_of(expected["o_minus_r_masked"], "lerbef") == {"a4", "b4", "c4", "d4", "e4", "f4"}
    mask_fill = set(page.eval_on_selector_all('[data-board="mask"] [data-fill="mask"]', "els => els.map(e => e.dataset.square)"))
    assert mask_fill == squares_of(expected["m"], "lerbef")
    # Choose the file by keyboard (select), move the rook with arrows + Enter.
    page.focus('[data-control="line"]')
    page.select_option('[data-control="line"]', "file")
    page.focus('[data-board="slider"] [data-square="f4"]')
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    moved = steps(client, sq="f2", occupied=hex(DEVLOG), line="file", mapping="lerbef")
    shown(page, moved)
    assert "line=file" in page.url and "sq=f2" in page.url
    # Toggle a blocker on f6 by clicking the occupancy.
    page.click('[data-board="occupied"] [data-square="f6"]')
    occupied = DEVLOG | 1 << (8 * 5 + 7 - 5)
    blocked = steps(client, sq="f2", occupied=hex(occupied), line="file", mapping="lerbef")
    shown(page, blocked)
    assert "f6" in squares_of(blocked["o_minus_r_masked"], "lerbef")  # o's bit, beyond where the borrow stopped
    page.reload()
    shown(page, blocked)
    page.go_back()
    shown(page, moved)
    # No blockers: the wrap; every line square from r up stays on.
    page.click('[data-action="clear-occupancy"]')
    empty = steps(client, sq="f2", occupied="0", line="file", mapping="lerbef")
    shown(page, empty)
    assert "runs off bit 63" in page.inner_text('[data-role="explain"]')
    screenshot(page, "chapter-mask")


def test_mask_predict_then_reveal_in_lerf(page, live_server, client):
    occ = convert(DEVLOG, "lerbef", "lerf")
    page.goto(live_server + "/chapter/mask")
    page.click('.mapping-switch input[value="lerf"]')
    expected = steps(client, sq="f4", occupied=hex(occ), line="rank", mapping="lerf")
    shown(page, expected, "lerf")
    # Same squares on the occupancy board, another number.
    assert board_squares(page, "occupied") == squares_of(DEVLOG, "lerbef")
    answer = squares_of(expected["o_minus_r_masked"], "lerf")
    guess = {"f4", "g4", "h4", "e4"}
    practise(page)
    for name in sorted(guess):
        page.click(f'[data-board="predict"] [data-square="{name}"]')
    page.click('[data-action="reveal"]')
    page.wait_for_selector('.predict[data-revealed="1"]')
    wait_for_marks(page, "predict", guess, answer)
    page.reload()
    page.wait_for_selector('.predict[data-revealed="1"]')
    shown(page, expected, "lerf")


def test_on_a_phone_each_result_stands_between_the_boards_tapped(browser, live_server):
    """On a 390 px phone the result stands between the two boards tapped, in view beside whichever
    was tapped (after both, it stood a board and a half below the occupancy). Masked occupancy's
    lesson is where (o - r) & m and (b - r) & m differ: its two results follow each other (they
    stood 2,600 px apart). Propagation's subtraction in binary keeps a line a row."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    tops_of = """() => Object.fromEntries([...document.querySelectorAll('#chapter [data-board]')]
                 .filter((b) => b.checkVisibility()).map((b) => [b.dataset.board, b.getBoundingClientRect().top + scrollY]))"""
    try:
        page.goto(live_server + "/chapter/masked-occupied")
        page.wait_for_function("() => document.getElementById('chapter').dataset.drawn")
        tops = page.evaluate(tops_of)
        order = sorted(tops, key=tops.get)
        assert order[:4] == ["occupied", "result-unmasked", "result", "slider"], order
        board = page.locator('[data-board="result"]').bounding_box()["height"]
        assert tops["result"] - tops["result-unmasked"] < 1.5 * board, tops
        assert tops["result-unmasked"] - tops["occupied"] < 1.5 * board, tops
        page.goto(live_server + "/chapter/propagation")
        page.wait_for_function("() => document.getElementById('chapter').dataset.drawn")
        tops = page.evaluate(tops_of)
        assert sorted(tops, key=tops.get)[:3] == ["occupied", "result", "slider"], tops
        assert tops["result"] - tops["occupied"] < 1.5 * board and tops["slider"] - tops["result"] < 1.5 * board, tops
        # The subtraction in binary keeps each 64-bit row on one line, the rows aligned bit over
        # bit, and scrolls in its own box, not the page (wrapped, each row took three lines).
        rows = page.locator(".binary-rows .binary-row")
        expect(rows).to_have_count(4)
        lines = "els => els.map((e) => new Set([...e.querySelectorAll('.bit')].map((b) => b.getBoundingClientRect().top)).size)"
        assert rows.evaluate_all(lines) == [1, 1, 1, 1]
        box = page.locator(".binary-rows").evaluate("e => [e.scrollWidth, e.clientWidth]")
        assert box[0] > box[1], box
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        # Mask draws its result small in a row of its own, beside o - r and m, the two it is made
        # of: on a phone it moves up between the boards tapped, and back beside them on a wide screen.
        page.goto(live_server + "/chapter/mask")
        page.wait_for_function("() => document.getElementById('chapter').dataset.drawn")
        tops = page.evaluate(tops_of)
        assert sorted(tops, key=tops.get)[:3] == ["occupied", "result", "slider"], tops
        assert tops["result"] - tops["occupied"] < 1.5 * board and tops["slider"] - tops["result"] < 1.5 * board, tops
        page.set_viewport_size({"width": 1280, "height": 900})
        row = page.locator(".boards", has=page.locator('[data-board="difference"]'))
        expect(row.locator("[data-board]")).to_have_count(3)
        roles = row.locator("[data-board]").evaluate_all("els => els.map((e) => e.dataset.board)")
        assert roles == ["difference", "mask", "result"], roles
    finally:
        context.close()
