"""Chapter directions in Chromium: roses, the pair's fields and the three tables' cells."""

from conftest import screenshot

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
    labels = dict(
        page.eval_on_selector_all(
            '[data-board="directions"] [data-square]',
            "els => els.map(e => [e.dataset.square, e.querySelector('.label').textContent])",
        )
    )
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
        text = page.inner_text('[data-role="direction"]')
        assert str(d["lookup_index"]) in text and str(d["x88_diff"]) in text
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
