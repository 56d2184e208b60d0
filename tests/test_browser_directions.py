"""Chapter directions in Chromium: roses, the pair's fields and the three tables' cells."""

import math

from browser_helpers import board_labels, screenshot
from oracle import NAMES

FIELDS = ["degrees", "begrees", "x88_diff", "lookup_index"]


def cell(page, kind, dr, df):
    return page.locator(f'[data-kind="{kind}"] button[data-rank-diff="{dr}"][data-file-diff="{df}"]')


def test_directions_pairs_tables_and_keyboard(page, live_server, client):
    page.goto(live_server + "/chapter/directions")
    page.wait_for_selector('[data-kind="begrees_filled"] td[data-current]')
    sheets = {k: client.get(f"/api/directions/table?kind={k}").json for k in ("degrees", "begrees", "begrees_filled")}
    for kind, sheet in sheets.items():
        for i, dr in enumerate(sheet["rank_diffs"]):
            for j, df in enumerate(sheet["file_diffs"]):
                if (i * 15 + j) % 7:  # every seventh cell is enough to catch a shifted table
                    continue
                value = sheet["rows"][i][j]
                expected = "+" if (dr, df) == (0, 0) else "" if value is None else str(value)
                assert cell(page, kind, dr, df).inner_text() == expected, (kind, dr, df)
    # Rose labels around e4: the steps /api/rose gives (one request, see test_browser_page_answers).
    labels = board_labels(page, "directions")
    assert (labels["e5"], labels["f5"], labels["d3"], labels["g5"], labels["c3"]) == (
        "+8 nort",
        "+9 noEa",
        "-9 soWe",
        "+10 noEaEa",
        "-10 soWeWe",
    )
    for pair in [("e4", "g5"), ("e4", "h7"), ("a1", "h8"), ("h8", "a1"), ("d4", "d4")]:
        page.goto(live_server + f"/chapter/directions?from={pair[0]}&to={pair[1]}")
        d = client.get(f"/api/direction?from={pair[0]}&to={pair[1]}").json
        page.wait_for_selector('[data-field="lookup_index"]')
        # The 0x88 difference and the wiki's x88diff, as its code computes them from the squares' indices.
        sq1, sq2 = (NAMES.index(name) for name in pair)
        dr, df = sq2 // 8 - sq1 // 8, sq2 % 8 - sq1 % 8
        x88diff = sq2 - sq1 + (sq2 | 7) - (sq1 | 7) + 120
        assert (d["x88_diff"], d["lookup_index"]) == (16 * dr + df, x88diff)
        assert page.locator('[data-field="x88_diff"] td').last.inner_text() == str(16 * dr + df)
        assert page.locator('[data-field="lookup_index"] td').last.inner_text() == f"{x88diff} (= {16 * dr + df} + 120)"
        # A square and itself lie on no line and are no pair: the page says the first, not the second.
        said = page.locator('[data-field="ray"] td').last.inner_text()
        ray = ("none: the same square" if pair[0] == pair[1] else "none: not on one line") if d["ray"] is None else None
        assert ray is None or said == ray, (pair, said)
        for kind in sheets:
            current = page.locator(f'[data-kind="{kind}"] td[data-current] button')
            assert current.get_attribute("data-rank-diff") == str(d["rank_diff"])
            assert current.get_attribute("data-file-diff") == str(d["file_diff"])
            if kind == "begrees_filled" and d["begrees"] is not None:
                assert current.inner_text() == str(d["begrees"])
    # Click a table cell: +2 ranks, +1 file from d4 is e6.
    cell(page, "degrees", 2, 1).click()
    page.wait_for_url("**to=e6**")
    page.wait_for_selector('[data-kind="degrees"] td[data-current] button[data-rank-diff="2"][data-file-diff="1"]')
    # Keyboard on a cell off the board (d4 + 7 ranks): a message, no change.
    cell(page, "degrees", 7, 7).focus()
    page.keyboard.press("Enter")
    page.wait_for_selector('[data-role="direction"] + .input-error:not([hidden])')
    assert "to=e6" in page.url
    page.reload()
    page.wait_for_selector('[data-kind="degrees"] td[data-current]')
    screenshot(page, "chapter-directions")


def test_sheets_print_the_move_directions_bold_and_explain_the_blank_cells(page, live_server):
    # The page: "move directions are given in bold"; "144 from 224"; begrees "with modulo 9 equals zero".
    page.goto(live_server + "/chapter/directions?from=a1&to=a1")
    page.wait_for_selector('#chapter[data-drawn] [data-kind="begrees_filled"] button[data-move]')
    # Independently of the API: whole ray steps or knight jumps from the centre.
    steps = [(dr, df) for dr in (-1, 0, 1) for df in (-1, 0, 1) if (dr, df) != (0, 0)]
    steps += [(dr, df) for dr in (-2, -1, 1, 2) for df in (-2, -1, 1, 2) if abs(dr) != abs(df)]
    reached = {(k * dr, k * df) for dr, df in steps for k in range(1, 8) if max(abs(k * dr), abs(k * df)) <= 7}
    for kind in ("degrees", "begrees", "begrees_filled"):
        cells = page.eval_on_selector_all(
            f'[data-kind="{kind}"] button.cell',
            """els => els.map(e => {
                const style = getComputedStyle(e);
                return [+e.dataset.rankDiff, +e.dataset.fileDiff, e.textContent, 'move' in e.dataset,
                        +style.fontWeight, style.textDecorationLine];
            })""",
        )
        assert len(cells) == 225
        bold = {(dr, df) for dr, df, text, _move, weight, line in cells if weight >= 700 and "underline" in line}
        marked = {(dr, df) for dr, df, _text, move, *_ in cells if move}
        filled = {(dr, df) for dr, df, text, *_ in cells if text not in ("", "+")}
        # Bold and underlined are exactly the marked cells (no current pair on the sheets: a1 to a1 is the centre).
        assert bold == marked, kind
        assert marked == {cell for cell in filled if cell in reached}, kind
        values = sorted(int(text) for dr, df, text, move, *_ in cells if move)
        if kind == "degrees":
            assert len(filled) == 144 and len(marked) == 16
            assert values == sorted([45 * k for k in range(8)] + [27, 63, 117, 153, 207, 243, 297, 333])
        elif kind == "begrees":
            assert len(filled) == 144 and values == list(range(0, 144, 9))
        else:
            assert len(filled) == 224 and len(marked) == 80 and all(v % 9 == 0 for v in values)
    notes = page.locator('[data-role="sheet-notes"]')
    expect_text = notes.inner_text()
    assert "Bold and underlined: a move direction" in expect_text
    assert "144 of the 224 cells around the centre are filled, 80 are blank" in expect_text
    assert "farther cell in the same direction" in expect_text and "third sheet fills the blank cells" in expect_text
    assert "0, 9, 18, 27, 36, 45, 54, 63, 72, 81, 90, 99, 108, 117, 126, 135" in expect_text
    assert "_" not in expect_text
    page.locator('[data-kind="degrees"]').scroll_into_view_if_needed()
    screenshot(page, "chapter-directions-sheets")


def test_a_blank_current_cell_points_at_the_cell_that_gives_its_value(page, live_server, client):
    """e4 to g5 is rank +1, file +2: on the first two sheets that cell is blank (the blank rule),
    its angle written at +3, +6, the farthest cell the same way. The page marks that cell and says
    so; there stands the pair's own value (63 degrees, clockwise from north: atan2(2, 1))."""
    page.goto(live_server + "/chapter/directions?from=e4&to=g5")
    page.wait_for_selector("#chapter[data-drawn] td[data-current]")
    direction = client.get("/api/direction?from=e4&to=g5").json
    assert round(math.degrees(math.atan2(2, 1))) == direction["degrees"] == 63
    values = {"degrees": str(direction["degrees"]), "begrees": str(direction["begrees"])}
    for kind, value in values.items():
        figure = page.locator(f'figure[data-kind="{kind}"]')
        assert figure.locator("td[data-current] button").inner_text() == ""
        gives = figure.locator("td[data-gives] button")
        assert gives.get_attribute("data-rank-diff") == "3" and gives.get_attribute("data-file-diff") == "6"
        assert gives.inner_text() == value
        assert figure.locator('[data-role="sheet-current"]').inner_text() == (
            "The pair's cell (rank +1, file +2) is blank on this sheet: its value is written at rank +3, file +6 "
            "(dashed), the farthest cell the same way."
        )
    # The third sheet fills the cell itself: nothing to point at.
    filled = page.locator('figure:not([data-kind="degrees"]):not([data-kind="begrees"])')
    assert filled.locator("td[data-current] button").inner_text() == values["begrees"]
    assert filled.locator("td[data-gives]").count() == 0
    # A pair whose own cell is written (a1 to h5: rank +4, file +7, no farther cell that way) points at nothing.
    page.goto(live_server + "/chapter/directions?from=a1&to=h5")
    page.wait_for_selector('figure[data-kind="degrees"] td[data-current] button[data-rank-diff="4"][data-file-diff="7"]')
    assert page.locator('figure[data-kind="degrees"] td[data-current] button').inner_text() != ""
    assert page.locator("td[data-gives]").count() == 0
    assert page.locator('[data-role="sheet-current"]').all_inner_texts() == ["", "", ""]


def test_practising_the_notes_on_the_sheets_go_with_the_sheets(page, live_server):
    """Practising, the 15x15 sheets hold the answer and are taken out: the notes on how to read them
    go too, instead of describing sheets that are not there."""
    page.goto(live_server + "/chapter/directions")
    page.wait_for_selector('#chapter[data-drawn] [data-role="sheet-notes"]')
    page.goto(live_server + "/chapter/directions?hide=1")
    page.wait_for_selector('#chapter[data-drawn] [data-role="answer-hidden"]')
    assert page.locator('[data-role="sheet-notes"], .direction-tables').count() == 0
