"""Chapters intersections and routines in Chromium, against /api/intersection(s) and /api/routines."""

from browser_helpers import board_squares
from conftest import screenshot


def test_intersections_working_all_pairs_keyboard(page, live_server, client):
    page.goto(live_server + "/chapter/intersections")
    one = client.get("/api/intersection?a=e4&b=c7&line_a=rank&line_b=diagonal").json
    page.wait_for_selector(f'[data-role="working"] h2[data-square="{one["square"] or "none"}"]')
    assert str(one["working"]["value"]) in page.inner_text('[data-role="working"]')
    assert one["working"]["binary"] in page.inner_text('[data-role="working"]')
    assert board_squares(page, "intersections") == set()
    many = client.get("/api/intersections?a=e4&b=c7").json["combinations"]
    for c in many:
        row = page.locator(f'[data-role="all"] tr[data-pair="{c["line_a"]}/{c["line_b"]}"]')
        assert (c["square"] or "—") in row.inner_text()
    # Choose file/anti-diagonal from the table by keyboard.
    page.focus('[data-role="all"] button[data-pair="file/anti_diagonal"]')
    page.keyboard.press("Enter")
    one = client.get("/api/intersection?a=e4&b=c7&line_a=file&line_b=anti_diagonal").json
    page.wait_for_url("**line_a=file**")
    page.wait_for_selector(f'[data-role="working"] h2[data-square="{one["square"] or "none"}"]')
    if one["square"]:
        assert board_squares(page, "intersections") == {one["square"]}
    # The page's faulty routine: rank of a1 with the anti-diagonal of a2 is b1; it says -1.
    page.goto(live_server + "/chapter/intersections?a=a1&b=a2&line_a=rank&line_b=anti_diagonal")
    page.wait_for_selector('[data-role="working"] h2[data-square="b1"]')
    assert page.get_attribute('[data-role="printed"] [data-correct]', "data-correct") == "false"
    assert board_squares(page, "intersections") == {"b1"}
    # Different colours.
    page.goto(live_server + "/chapter/intersections?a=a1&b=b1&line_a=diagonal&line_b=anti_diagonal")
    page.wait_for_selector('[data-role="working"] h2[data-square="none"]')
    assert "different colours" in page.inner_text('[data-role="reason"]')
    page.reload()
    page.wait_for_selector('[data-role="working"] h2[data-square="none"]')
    screenshot(page, "chapter-intersections")


def test_routines_audit_and_links(page, live_server, client):
    page.goto(live_server + "/chapter/routines")
    audit = client.get("/api/routines").json["routines"]
    page.wait_for_selector("[data-routine]")
    for r in audit:
        assert page.get_attribute(f'tr[data-routine="{r["name"]}"]', "data-wrong") == str(r["wrong"])
    screenshot(page, "chapter-routines")
    # Follow one wrong example of each faulty routine: its chapter flags the same answer.
    for r in [r for r in audit if r["wrong"]]:
        example = r["examples"][0]
        page.goto(live_server + "/chapter/routines")
        page.locator(f'[data-examples="{r["name"]}"] a').first.click()
        page.wait_for_url(f"**/chapter/{example['chapter']}**")
        if example["chapter"] == "diagonals":
            page.wait_for_selector(f'tr[data-routine="{r["name"]}"] [data-correct="false"]')
        else:
            page.wait_for_selector('[data-role="printed"] [data-correct]')
            if r["name"].startswith("intersect"):
                assert page.get_attribute('[data-role="printed"] [data-correct]', "data-correct") == "false"
            else:  # the page's prose: the chapter shows the truth, the audit the printed value
                expected = client.get("/api/intersection?" + "&".join(f"{k}={v}" for k, v in example["query"].items())).json
                assert expected["square"] == (example["expected_means"] if example["expected"] >= 0 else None)
