"""Chapter "squares" in headless Chromium: click, type, reload, keyboard, both mappings."""

import re

from playwright.sync_api import expect

from chessviz.squares import convert, parse_square

from browser_helpers import said_again, screenshot


def board_bits(page, role: str) -> set[str]:
    return set(page.eval_on_selector_all(f'[data-board="{role}"] [data-bit="1"]', "els => els.map(e => e.dataset.square)"))


def api_squares(client, value: int, mapping: str) -> set[str]:
    return set(client.get(f"/api/bitboard?value={value}&mapping={mapping}").json["squares"])


def test_squares_click_type_reload_and_keyboard(page, live_server, client):
    page.goto(live_server + "/chapter/squares?bb=0x0")
    page.wait_for_selector('[data-readout="lerf"][data-value="0x0000000000000000"]')
    # Each value is named by its mapping as the board captions and the wiki name it.
    labels = page.eval_on_selector_all(".readout-label", "els => els.map(e => e.textContent)")
    assert labels == ["value in LERF", "value in lerbef"]
    # Click a1 and e4 on the lerf board, h8 on the lerbef board.
    for role, name in [("lerf", "a1"), ("lerf", "e4"), ("lerbef", "h8")]:
        page.click(f'[data-board="{role}"] [data-square="{name}"]')
    expected = (1 << 0) | (1 << 28) | (1 << 63)
    page.wait_for_selector(f'[data-readout="lerf"][data-value="0x{expected:016x}"]')
    lerbef = convert(expected, "lerf", "lerbef")
    assert page.get_attribute('[data-readout="lerbef"]', "data-value") == f"0x{lerbef:016x}"
    assert board_bits(page, "lerf") == board_bits(page, "lerbef") == api_squares(client, expected, "lerf") == {"a1", "e4", "h8"}
    assert page.input_value('[data-readout="lerf"] [data-format="dec"]') == str(expected)
    assert "h8 is on the h-file, rank 8: index 63 = 8 × rank index 7" in page.inner_text("#inspect")
    # The URL holds the state: reload shows the same view.
    page.reload()
    page.wait_for_selector(f'[data-readout="lerf"][data-value="0x{expected:016x}"]')
    assert board_bits(page, "lerbef") == {"a1", "e4", "h8"}
    # Type a value into the lerbef readout: the devlog's occupancy.
    page.fill('[data-readout="lerbef"] [data-format="hex"]', "0x1000804200000010")
    page.press('[data-readout="lerbef"] [data-format="hex"]', "Enter")
    page.wait_for_selector('[data-readout="lerbef"][data-value="0x1000804200000010"]')
    assert board_bits(page, "lerf") == api_squares(client, 0x1000804200000010, "lerbef")
    # Junk is refused with a readable message, the board stays.
    page.fill('[data-readout="lerf"] [data-format="hex"]', "0xZZ")
    page.press('[data-readout="lerf"] [data-format="hex"]', "Enter")
    assert page.is_visible('[data-readout="lerf"] .input-error')
    assert board_bits(page, "lerf") == api_squares(client, 0x1000804200000010, "lerbef")
    # Keyboard: focus a square, move with arrows, toggle with Enter.
    page.focus('[data-board="lerf"] [data-square="d1"]')
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")  # toggles e2
    value = 0x1000804200000010
    value = convert(value, "lerbef", "lerf") | (1 << parse_square("e2"))
    page.wait_for_selector(f'[data-readout="lerf"][data-value="0x{value:016x}"]')
    # Copy buttons give the value as a C, Python and JavaScript literal.
    hex_value = page.get_attribute('[data-readout="lerf"]', "data-value")
    for kind, literal in (("c", hex_value + "ULL"), ("python", hex_value), ("js", hex_value + "n")):
        page.click(f'[data-readout="lerf"] [data-copy="{kind}"]')
        # The status line is written once the clipboard promise settles, and the Python literal
        # is a prefix of the C one: wait for this literal's whole line, not a substring of it.
        status = page.locator('[data-readout="lerf"] .copy-status')
        expect(status).to_have_text(re.compile(rf"^(copied {re.escape(literal)}|{re.escape(literal)} \(select and copy\))$"))
        expect(page.locator('[data-readout="lerf"]')).to_have_attribute("data-copied", literal)
    # The same copy again: the same words, taken out and written back, so that a screen reader
    # says them a second time (unchanged, they would be silent).
    said_again(page, '[data-readout="lerf"] .copy-status', lambda: page.click('[data-readout="lerf"] [data-copy="js"]'))
    # Back undoes the last change.
    page.go_back()
    page.wait_for_function('() => !document.querySelector(\'[data-board="lerf"] [data-square="e2"][data-bit="1"]\')')
    screenshot(page, "chapter-squares")


def test_the_slide_keeps_both_values_whole_and_a_typed_value_redraws_the_boards(browser, live_server, client):
    """The guide's first lesson on the projector: "tap a few squares and read both values; type a
    value in". The slide once kept the boards alone (every value folded away) and an empty panel
    frame under them. At 1280x720 and at 150 % (853x480): both values on the slide, each whole in
    its field, the API's; a value typed there redraws both boards."""
    for width, height in ((1280, 720), (853, 480)):
        context = browser.new_context(viewport={"width": width, "height": height})
        page = context.new_page()
        try:
            page.goto(live_server + "/chapter/squares?present=1&bb=0x1000000010000001")
            page.wait_for_function("() => document.getElementById('chapter').dataset.drawn")
            values = client.get("/api/bitboard?value=0x1000000010000001&mapping=lerf").json["values"]
            for mapping in ("lerf", "lerbef"):
                field = page.locator(f'[data-readout="{mapping}"] [data-format="hex"]')
                expect(field).to_be_visible()
                assert field.input_value() == values[mapping]
                whole = field.evaluate("e => e.scrollWidth <= e.clientWidth && e.getBoundingClientRect().bottom <= innerHeight")
                assert whole, (width, mapping)
            framed = page.evaluate(
                """() => [...document.querySelectorAll('#chapter .panel')].filter((p) => p.checkVisibility()
                  && ![...p.children].some((c) => c.checkVisibility())).length"""
            )
            assert framed == 0  # no frame around nothing
            page.locator('[data-readout="lerbef"] [data-format="hex"]').fill("0x80")
            page.keyboard.press("Enter")
            expect(page.locator('[data-board="lerf"] [data-bit="1"]')).to_have_count(1)
            assert board_bits(page, "lerf") == {"a1"} == board_bits(page, "lerbef")  # bit 7 in lerbef is a1
            screenshot(page, f"squares-slide-{width}x{height}")
        finally:
            context.close()
