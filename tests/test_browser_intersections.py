"""Chapters intersections and routines in Chromium, against /api/intersection(s) and /api/routines."""

from urllib.parse import parse_qs, urlparse

from playwright.sync_api import expect

from browser_helpers import board_squares, screenshot


def test_intersections_working_all_pairs_keyboard(page, live_server, client):
    page.goto(live_server + "/chapter/intersections")
    one = client.get("/api/intersection?a=e4&b=c7&line_a=rank&line_b=diagonal").json
    page.wait_for_selector(f'[data-role="working"] h2[data-square="{one["square"] or "none"}"]')
    assert str(one["working"]["value"]) in page.inner_text('[data-role="working"]')
    assert one["working"]["binary"] in page.inner_text('[data-role="working"]')
    assert board_squares(page, "intersections") == set()
    # The diagonal of c7 runs down through b6 and a5 and would cross rank 4 (e4's, index 3) at file
    # -1: s88 = 16 * 3 - 1 = 47, which reads as file 15 of rank index 2. The page says how a file
    # below 0 borrows from the rank.
    assert one["working"]["value"] == 16 * 3 - 1 == 16 * 2 + 15 and one["reason"] == "off_board"
    assert "file -1 reads as file 15 (bit 3 set) of the rank below" in page.inner_text('[data-role="reason"]')
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
    # A faulty routine's examples say why it fails, where the audit has the words.
    for r in audit:
        if r["wrong"]:
            why = page.locator(f'[data-examples="{r["name"]}"] [data-role="why"]')
            assert (why.inner_text() if why.count() else "") == r["why"], r["name"]
    assert any(r["why"] for r in audit)
    screenshot(page, "chapter-routines")
    # Follow the first wrong example of each faulty routine, by clicking it: its chapter names the
    # routine and shows its printed answer beside the truth, as the audit has them.
    faulty = [r for r in audit if r["wrong"]]
    assert {r["examples"][0]["chapter"] for r in faulty} == {"diagonals", "intersections"}
    for r in faulty:
        example = r["examples"][0]
        page.goto(live_server + "/chapter/routines")
        page.locator(f'[data-examples="{r["name"]}"] a').first.click()
        page.wait_for_url(f"**/chapter/{example['chapter']}?**")
        assert parse_qs(urlparse(page.url).query)["routine"] == [r["name"]]
        panel = page.locator(f'[data-role="routine"][data-routine="{r["name"]}"]')
        expect(panel).to_be_visible()
        assert panel.locator("h2").inner_text() == f"From the routine audit: {r['name']}"
        printed, truth = panel.locator('[data-role="routine-printed"]'), panel.locator('[data-role="routine-truth"]')
        expect(printed).to_have_attribute("data-value", str(example["printed"]))
        assert printed.locator("strong").inner_text() == example["printed_means"]
        assert printed.locator("[data-correct]").get_attribute("data-correct") == "false"
        assert truth.locator("strong").inner_text() == example["expected_means"]
        expect(truth).to_have_attribute("data-value", str(example["expected"]))
        assert (
            ", ".join(
                f"{n} = {sq}"
                for n, sq in zip(("sq1", "sq2") if r["page"] == "Diagonals" else ("a", "b"), example["input"], strict=True)
            )
            in panel.inner_text()
        )
        page.wait_for_selector("#chapter[data-drawn]")
        if example["chapter"] == "diagonals":
            expect(page.locator(f'tr[data-routine="{r["name"]}"][aria-current="true"] [data-correct="false"]')).to_be_visible()
        else:
            # The chapter's own answer for the pair of lines is the truth the routine misses.
            one = client.get("/api/intersection", query_string={k: v for k, v in example["query"].items() if k != "routine"}).json
            assert one["square"] == (example["expected_means"] if example["expected"] >= 0 else None)
            expect(page.locator(f'[data-role="working"] h2[data-square="{one["square"] or "none"}"]')).to_be_visible()
    screenshot(page, "chapter-intersections-linked-routine")
