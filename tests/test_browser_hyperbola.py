"""Chapters hyperbola and rays in Chromium, against /api/slide and /api/attacks."""

from urllib.parse import parse_qs, urlparse

import chess
from playwright.sync_api import expect

from browser_helpers import board_squares, readout, screenshot, squares_of, wait_for_board, wait_for_marks
from devlog_facts import DEVLOG
from sliding_oracle import walked_rays


def test_hyperbola_every_term_by_stepper_list_and_keyboard(page, live_server, client):
    page.goto(live_server + "/chapter/hyperbola")
    expected = client.get(f"/api/slide?sq=f4&occupied={hex(DEVLOG)}&line=rank&mapping=lerbef").json["steps"]
    wait_for_board(page, "step", squares_of(expected[0]["value"], "lerbef"))
    # Walk every term with the Next button; each board and value equals the API's.
    for i, step in enumerate(expected):
        if i:
            page.click('[data-step="next"]')
        page.wait_for_selector(f'.step-formula[data-step="{step["id"]}"]')
        wait_for_board(page, "step", squares_of(step["value"], "lerbef"))
        assert readout(page, "step") == step["value"]
        assert page.inner_text(".step-formula") == step["formula"]
    assert f"step={len(expected) - 1}" in page.url
    # Keyboard: ArrowLeft goes back one term (focus outside boards and inputs).
    page.locator("h1").click()
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector(f'.step-formula[data-step="{expected[-2]["id"]}"]')
    # Click a term in the list.
    page.click('li[data-step="b_minus_2r"] button')
    value = next(s["value"] for s in expected if s["id"] == "b_minus_2r")
    wait_for_board(page, "step", squares_of(value, "lerbef"))
    # The union over a queen's lines.
    page.select_option('[data-control="piece"]', "queen")
    attacks = client.get(f"/api/attacks?piece=queen&sq=f4&occupied={hex(DEVLOG)}&mapping=lerbef").json
    wait_for_board(page, "attacks", squares_of(attacks["attacks"], "lerbef"))
    assert readout(page, "attacks") == attacks["attacks"]
    page.reload()
    wait_for_board(page, "attacks", squares_of(attacks["attacks"], "lerbef"))
    wait_for_board(page, "step", squares_of(value, "lerbef"))
    screenshot(page, "chapter-hyperbola")


def test_hyperbola_asks_only_along_the_piece_s_own_lines(page, live_server):
    """A bishop attacks along no rank: with a bishop the line is one of its diagonals (a link that
    names a rank shows its diagonal), the rank and the file cannot be chosen, the exercise marks the
    bishop's squares on it right, and the next exercise keeps to a bishop's lines."""
    occupied = chess.BB_D6 | chess.BB_B4 | chess.BB_H2 | chess.BB_G5 | chess.BB_C1
    page.goto(f"{live_server}/chapter/hyperbola?piece=bishop&sq=f4&occ={hex(occupied)}&mapping=lerf&line=rank&hide=1")
    line = page.locator('[data-control="line"]')
    expect(line).to_have_value("diagonal")
    assert line.locator("option:disabled").evaluate_all("os => os.map(o => o.value)") == ["rank", "file"]
    positive, negative = walked_rays(chess.F4, "diagonal", occupied, "lerf")
    answer = {chess.square_name(sq) for sq in chess.SquareSet(positive | negative)}
    assert answer == {"g5", "e3", "d2", "c1"}
    for name in sorted(answer):
        page.click(f'[data-board="predict"] [data-square="{name}"]')
    page.click('[data-action="reveal"]')
    wait_for_marks(page, "predict", answer, answer)  # all right, none missed
    for _ in range(6):
        before = page.url
        page.click('[data-action="next-exercise"]')
        expect(page).not_to_have_url(before)
        assert parse_qs(urlparse(page.url).query)["line"][0] in ("diagonal", "anti_diagonal")
        expect(line).to_be_enabled()


def test_hyperbola_play_walks_the_terms(page, live_server, client):
    page.goto(live_server + "/chapter/hyperbola?step=15")
    page.wait_for_selector('.step-formula[data-step="rev_xor"]')
    page.click('[data-step="play"]')
    page.wait_for_selector('.step-formula[data-step="negative"]', timeout=5000)
    page.wait_for_selector('.step-formula[data-step="attacks"]', timeout=8000)
    assert page.get_attribute('.stepper [data-step="next"]', "disabled") is not None


def test_hyperbola_shows_the_printed_equations_failure(page, live_server, client):
    page.goto(live_server + "/chapter/hyperbola?step=17")
    page.wait_for_selector('.step-formula[data-step="negative_as_printed"]')
    assert "wrong" in page.inner_text(".explain")


def test_rays_devlog_sketch_line_by_line(page, live_server, client):
    page.goto(live_server + "/chapter/rays")
    attacks = client.get("/api/attacks?piece=queen&sq=e4&occupied=0x0040000000000000&mapping=lerbef").json
    wait_for_board(page, "rays", squares_of(attacks["attacks"], "lerbef"))
    positive = set().union(*(squares_of(r["positive"], "lerbef") for r in attacks["lines"].values()))
    negative = set().union(*(squares_of(r["negative"], "lerbef") for r in attacks["lines"].values()))
    fills = dict(
        page.eval_on_selector_all('[data-board="rays"] [data-fill]', "els => els.map(e => [e.dataset.square, e.dataset.fill])")
    )
    assert {n for n, f in fills.items() if f == "positive"} == positive
    assert {n for n, f in fills.items() if f == "negative"} == negative
    assert "b7" in positive and "a8" not in positive  # the pawn stops the up-left ray
    assert board_squares(page, "occupied") == {"b7"}
    # Step to the first line (rank) with Home-like clicks: first button.
    page.click('[data-step="first"]')
    rank = attacks["lines"]["rank"]
    wait_for_board(page, "rays", squares_of(rank["positive"], "lerbef") | squares_of(rank["negative"], "lerbef"))
    wait_for_board(page, "reversed", set())  # no blocker on e4's rank: nothing to reverse
    # The anti-diagonal, where the pawn stands: the devlog's n, step by step on the reversed board.
    page.goto(live_server + "/chapter/rays?view=3")
    slide = client.get("/api/slide?sq=e4&occupied=0x0040000000000000&line=anti_diagonal&mapping=lerbef").json
    values = {step["id"]: step["value"] for step in slide["steps"]}
    section = slide["rays_section"]
    assert squares_of(values["rev_b"], "lerbef") == {"g2"}  # b7 rotated half a turn
    wait_for_board(page, "reversed", {"g2"})
    wait_for_board(page, "reversed-result", squares_of(section["rev_b_minus_rev_r"], "lerbef"))
    # p as written: the queen and the empty squares up to the pawn, not the pawn (b7 - e4 borrows
    # through d5 and c6 and clears b7); the positive ray (d5, c6, b7) drawn with it for comparison.
    assert squares_of(section["p"], "lerbef") == {"e4", "d5", "c6"}
    wait_for_board(page, "section-p", {"e4", "d5", "c6"})
    shown = page.eval_on_selector_all('[data-board="section-p"] [data-fill="positive"]', "els => els.map(e => e.dataset.square)")
    assert set(shown) == {"d5", "c6", "b7"}
    # n as written: the queen, the empty squares down to the edge (no blocker that way), and the
    # line's other blocker, b7; the negative ray (f3, g2, h1) drawn with it for comparison.
    assert squares_of(section["n"], "lerbef") == {"e4", "f3", "g2", "h1", "b7"}
    wait_for_board(page, "section-n", {"e4", "f3", "g2", "h1", "b7"})
    shown = page.eval_on_selector_all('[data-board="section-n"] [data-fill="negative"]', "els => els.map(e => e.dataset.square)")
    assert set(shown) == {"f3", "g2", "h1"}
    page.click('[data-step="first"]')
    page.reload()
    wait_for_board(page, "rays", squares_of(rank["positive"], "lerbef") | squares_of(rank["negative"], "lerbef"))
    # Move the queen by keyboard on the slider board.
    page.focus('[data-board="slider"] [data-square="e4"]')
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Enter")
    moved = client.get("/api/attacks?piece=queen&sq=d4&occupied=0x0040000000000000&mapping=lerbef").json["lines"]["rank"]
    wait_for_board(page, "rays", squares_of(moved["positive"], "lerbef") | squares_of(moved["negative"], "lerbef"))
    screenshot(page, "chapter-rays")
