"""Chapters kogge-stone, magic and methods in Chromium, against /api/methods, /api/magic,
/api/magic-search and /api/method-speeds: every board what the API says, in both mappings, by
mouse and keyboard; the exercises hide their answers until revealed and mark a prediction."""

from __future__ import annotations

import chess
import pytest
from playwright.sync_api import expect

from chessviz.squares import convert

from browser_helpers import board_marks, board_squares, readout, screenshot, squares_of, wait_for_board, wait_for_marks

# The engine chapters' default board (static/js/methods-view.js): a slider on e4 among these.
DEFAULT = sum(chess.BB_SQUARES[chess.parse_square(n)] for n in ("c4", "b4", "e7", "g6", "b1", "h4", "e2"))


def occupied_in(mapping: str) -> str:
    return hex(convert(DEFAULT & ~chess.BB_E4, "lerf", mapping))


def mark_squares(page, names) -> None:
    for name in sorted(names):
        page.click(f'[data-board="predict"] [data-square="{name}"]')


@pytest.mark.parametrize("mapping", ["lerf", "lerbef"])
def test_kogge_stone_walks_a_direction_s_fill_as_the_api_steps_it(page, live_server, client, mapping):
    page.goto(f"{live_server}/chapter/kogge-stone?mapping={mapping}&dir=w")
    answer = client.get(f"/api/methods?piece=rook&sq=e4&occupied={occupied_in(mapping)}&mapping={mapping}").json
    steps = [s for s in answer["methods"]["kogge_stone"]["steps"] if s["id"].startswith("w_")]
    assert [s["id"] for s in steps] == ["w_pro0", "w_gen1", "w_pro1", "w_gen2", "w_pro2", "w_gen3", "w_attacks"]
    for i, step in enumerate(steps):
        if i:
            page.click('.stepper [data-step="next"]')
        page.wait_for_selector(f'.step-formula[data-step="{step["id"]}"]')
        wait_for_board(page, "step", squares_of(step["value"], mapping))
        assert readout(page, "step") == step["value"]
        assert page.inner_text(".step-formula") == step["formula"]
    # west from e4: the fill stops before c4, the attacks take c4 (the blocker), not b4 behind it.
    assert squares_of(steps[-1]["value"], mapping) == {"d4", "c4"}
    dumb7 = {s["id"]: s["value"] for s in answer["methods"]["dumb7fill"]["steps"]}
    blockers = {chess.square_name(sq): "blocker" for sq in chess.SquareSet(DEFAULT & ~chess.BB_E4)}
    for k in range(1, 7):
        assert board_squares(page, f"dumb7-fill{k}") == squares_of(dumb7[f"w_fill{k}"], mapping)
        # Where the fill stops, and why: each small board marks the slider and the blockers.
        assert board_marks(page, f"dumb7-fill{k}") == blockers | {"e4": "slider"}
    wait_for_board(page, "attacks", squares_of(answer["attacks"], mapping))
    # Keyboard: Left steps back (focus off the boards).
    page.locator("h1").click()
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector('.step-formula[data-step="w_gen3"]')
    # Another direction and piece: a bishop's north-east fill.
    page.select_option('[data-control="piece"]', "bishop")
    page.select_option('[data-control="dir"]', "ne")
    bishop = client.get(f"/api/methods?piece=bishop&sq=e4&occupied={occupied_in(mapping)}&mapping={mapping}").json
    wait_for_board(page, "attacks", squares_of(bishop["attacks"], mapping))
    assert page.get_attribute('[data-control="dir"] option[value="w"]', "disabled") is not None
    screenshot(page, f"chapter-kogge-stone-{mapping}")


def test_a_slider_placed_on_a_blocker_leaves_its_square_empty_in_the_propagator(page, live_server):
    """The rook on c4, where a blocker stood: the o board drops c4, and so must empty = ~o, which the
    propagator reads: a student works pro0 out from the o board shown (the page once sent the API
    the blocker still on c4, and the propagator closed the rook's own square)."""
    page.goto(f"{live_server}/chapter/kogge-stone?sq=c4&dir=w")
    page.wait_for_selector('.step-formula[data-step="w_pro0"]')
    shown_o = DEFAULT & ~chess.BB_C4
    assert board_squares(page, "occupied") == {chess.square_name(sq) for sq in chess.SquareSet(shown_o)}
    # West shifts wrap from the a-file to the h-file of the rank below: not_h keeps them out.
    pro0 = ~shown_o & ~chess.BB_FILE_H & chess.BB_ALL
    assert readout(page, "step") == f"0x{pro0:016x}" and pro0 & chess.BB_C4


def test_kogge_stone_exercise_gives_the_fill_and_propagator_and_hides_the_rest(page, live_server, client):
    page.goto(f"{live_server}/chapter/kogge-stone?hide=1&dir=n&ds=2&sq=c2&occ=0x400000000")
    answer = client.get("/api/methods?piece=rook&sq=c2&occupied=0x400000000&mapping=lerf").json
    values = {s["id"]: s["value"] for s in answer["methods"]["kogge_stone"]["steps"]}
    page.wait_for_selector('#chapter[data-drawn] [data-role="answer-hidden"]')
    assert page.locator('[data-board="step"], [data-board="attacks"], [data-board^="dumb7"]').count() == 0
    wait_for_board(page, "fill", squares_of(values["n_gen1"], "lerf"))
    wait_for_board(page, "propagator", squares_of(values["n_pro1"], "lerf"))
    answer_squares = squares_of(values["n_gen2"], "lerf")
    assert answer_squares == {"c2", "c3", "c4"}  # the jump of 2 lands on c4; c5 is a blocker
    # On a wide screen the two given boards and the student's stand in one row, whole on it.
    boxes = [page.locator(f'[data-board="{role}"]').bounding_box() for role in ("fill", "propagator", "predict")]
    assert boxes[0]["x"] < boxes[1]["x"] < boxes[2]["x"] and boxes[2]["x"] + boxes[2]["width"] <= 1280, boxes
    bottoms = [b["y"] + b["height"] for b in boxes]  # the row aligns its boards at their foot
    assert max(bottoms) - min(bottoms) < 2, boxes
    mark_squares(page, answer_squares)
    page.click('[data-action="reveal"]')
    wait_for_marks(page, "predict", answer_squares, answer_squares)
    page.wait_for_selector('[data-board="step"]')  # revealed: the steps come back


@pytest.mark.parametrize("mapping", ["lerf", "lerbef"])
def test_magic_steps_through_one_lookup_as_the_api_computes_it(page, live_server, client, mapping):
    page.goto(f"{live_server}/chapter/magic?mapping={mapping}")
    a = client.get(f"/api/magic?piece=rook&sq=e4&occupied={occupied_in(mapping)}&mapping={mapping}").json
    values = [a["mask"], a["blockers"], a["product"], f"0x{a['index']:016x}", a["attacks"]]
    for i, value in enumerate(values):
        if i:
            page.click('.stepper [data-step="next"]')
        page.wait_for_selector(f'[data-readout="step"][data-value="{value}"]')
    # The mask's step marks the last square of each ray, which it leaves out.
    page.click('.stepper [data-step="first"]')
    page.wait_for_selector(f'[data-readout="step"][data-value="{a["mask"]}"]')
    edges = set(page.eval_on_selector_all('[data-board="step"] [data-mark="edge"]', "els => els.map(e => e.dataset.square)"))
    assert edges == squares_of(a["edges"], mapping) == {"a4", "h4", "e1", "e8"}
    # The multiplication, term by term, one row per blocker on the mask plus the magic and the product.
    rows = page.eval_on_selector_all(".binary-rows .binary-row", "els => els.map(e => e.textContent.replace(/\\s/g, ''))")
    assert len(rows) == len(a["terms"]) + 2 and rows[-1].endswith(bin(int(a["product"], 16))[2:].zfill(64))
    # PEXT packs the mask's bits: one cell per mask square, set where occupied.
    cells = page.eval_on_selector_all(".gather li", "els => els.map(e => [e.dataset.square, e.dataset.set])")
    assert cells == [[g["square"], "1" if g["set"] else "0"] for g in a["pext"]["gather"]]
    screenshot(page, f"chapter-magic-{mapping}")


def test_magic_exercises_mask_and_shared_index(page, live_server, client):
    page.goto(f"{live_server}/chapter/magic?hide=1&kind=bishop&sq=d4")
    page.wait_for_selector('#chapter[data-drawn] [data-role="answer-hidden"]')
    assert page.locator('[data-board="step"], .gather, [data-role="search"]').count() == 0
    mask = squares_of(client.get("/api/magic?piece=bishop&sq=d4&mapping=lerf").json["mask"], "lerf")
    assert mask == {"b2", "c3", "e5", "f6", "g7", "b6", "c5", "e3", "f2"}
    mark_squares(page, mask - {"g7"} | {"h8"})
    page.click('[data-action="reveal"]')
    wait_for_marks(page, "predict", mask - {"g7"} | {"h8"}, mask)
    # The shared index: pick the right board, then reveal.
    page.goto(f"{live_server}/chapter/magic")
    share = client.get(f"/api/magic?piece=rook&sq=e4&occupied={occupied_in('lerf')}&mapping=lerf").json["share"]
    right = share["answer"]
    page.click(f'[data-choice="{right}"] [data-action="pick"]')
    page.click('[data-action="share-reveal"]')
    page.wait_for_selector(f'[data-choice="{right}"][data-verdict="right"]')
    assert "the last square of a ray" in page.inner_text(f'[data-choice="{right}"] [data-role="reason"]')
    assert "Right" in page.inner_text(".share .predict-score")
    changed = share["choices"][right]["square"]
    framed = page.eval_on_selector_all(f'[data-choice="{right}"] [data-mark="changed"]', "els => els.map(e => e.dataset.square)")
    assert framed == [changed]


def test_magic_search_replays_the_candidates_and_names_the_project_s_magic(page, live_server, client):
    page.goto(f"{live_server}/chapter/magic?kind=bishop&sq=c1&mapping=lerbef&search=1")
    r = client.get("/api/magic-search?piece=bishop&sq=c1&mapping=lerbef&show=20").json
    page.wait_for_selector('[data-role="search"][open] [data-role="candidate"]')
    for c in r["candidates"][:4]:
        page.wait_for_function(
            "t => document.querySelector('[data-role=\"candidate\"]').textContent === t",
            arg=f"Candidate {c['number']}: {c['magic']}",
        )
        page.click('[data-action="next-candidate"]')
    assert r["committed"]["magic"] in page.inner_text('[data-role="search-end"]') and r["found"] == r["committed"]["magic"]
    # A rook on e4: its first candidate collides. Each set's blockers are marked over the attacks'
    # stripes (a set bit alone hid under them), the slider ringed.
    page.goto(f"{live_server}/chapter/magic?search=1")
    first = client.get("/api/magic-search?piece=rook&sq=e4&mapping=lerf&show=20").json["candidates"][0]
    page.wait_for_function(
        "t => document.querySelector('[data-role=\"candidate\"]')?.textContent === t",
        arg=f"Candidate 1: {first['magic']}",
    )
    for side in ("first", "second"):
        blockers = squares_of(first["collision"][side]["occupancy"], "lerf")
        assert board_marks(page, f"collision-{side}") == dict.fromkeys(blockers, "blocker") | {"e4": "slider"}
    # Closing it keeps it closed on reload; a rook's long search stops and says how far the project's went.
    page.goto(f"{live_server}/chapter/magic?sq=h8&search=1")
    long = client.get("/api/magic-search?piece=rook&sq=h8&mapping=lerf&show=20").json
    page.wait_for_selector('[data-role="search-end"]:not(:empty)')
    assert f"{long['committed']['candidates']:,}" in page.inner_text('[data-role="search-end"]')


@pytest.mark.parametrize("mapping", ["lerf", "lerbef"])
def test_methods_side_by_side_agree_and_show_their_counts_and_speeds(page, live_server, client, mapping):
    page.goto(f"{live_server}/chapter/methods?mapping={mapping}")
    answer = client.get(f"/api/methods?piece=queen&sq=e4&occupied={occupied_in(mapping)}&mapping={mapping}").json
    attacks = client.get(f"/api/attacks?piece=queen&sq=e4&occupied={occupied_in(mapping)}&mapping={mapping}").json["attacks"]
    speeds = client.get("/api/method-speeds").json
    for name, method in answer["methods"].items():
        wait_for_board(page, f"result-{name}", squares_of(attacks, mapping))
        card = f'[data-method="{name}"]'
        facts = page.eval_on_selector_all(f"{card} dd", "els => els.map(e => e.textContent)")
        assert facts[0] == str(method["operations"])
        assert facts[1] == {0: "none", 819200 + 41984: "841 KiB", 2048: "2 KiB", 4096: "4 KiB"}[method["table_bytes"]]
        assert f"{round(speeds['published']['methods'][name][0]['mqueens']):,}" in facts[2]
        assert facts[3].startswith(f"{speeds['python']['ratios']['queen'][name]} × python-chess's time")
    # One method's steps: the stepper walks them, the board shows each value.
    page.click('[data-method="obstruction_difference"] [data-action="show-steps"]')
    steps = answer["methods"]["obstruction_difference"]["steps"]
    page.wait_for_selector(f'.step-formula[data-step="{steps[0]["id"]}"]')
    page.locator("h1").click()
    for step in steps[1:4]:
        page.keyboard.press("ArrowRight")
        page.wait_for_selector(f'.step-formula[data-step="{step["id"]}"]')
        assert readout(page, "step") == step["value"]
    # The stepper names the method it steps through (a slide shows no heading above it).
    position = page.locator(".stepper .step-position").inner_text()
    assert position == f"Step 4 of {len(steps)}: Obstruction difference", position
    screenshot(page, f"chapter-methods-{mapping}")


def test_methods_exercise_asks_for_the_attacks_and_the_keyboard_moves_the_slider(page, live_server, client):
    page.goto(f"{live_server}/chapter/methods?hide=1&piece=rook&occ=0")
    page.wait_for_selector('#chapter[data-drawn] [data-role="answer-hidden"]')
    assert page.locator('[data-board^="result-"], [data-board="step"]').count() == 0
    # Move the rook from e4 to d4 by keyboard on the slider board.
    page.focus('[data-board="slider"] [data-square="e4"]')
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Enter")
    page.wait_for_url("**sq=d4**")
    expected = squares_of(client.get("/api/attacks?piece=rook&sq=d4").json["attacks"], "lerf")
    assert len(expected) == 14
    mark_squares(page, expected)
    page.click('[data-action="reveal"]')
    wait_for_marks(page, "predict", expected, expected)


@pytest.mark.parametrize(
    "slug, stepped", [("kogge-stone", "step"), ("magic", "step"), ("methods", "step"), ("hyperbola", "step"), ("rays", "rays")]
)
def test_on_a_phone_next_changes_the_board_just_under_it(browser, live_server, slug, stepped):
    """On a 390 px phone the stepper stood above the two boards to choose on, and the board it
    steps came after them, a screen below: a tap on Next changed a board out of sight. The stepper
    now stands after the boards to choose on, just above the board it steps, which begins on the
    screen after the tap (rays opens on its last line: there Prev is the tap)."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        page.goto(f"{live_server}/chapter/{slug}")
        page.wait_for_function("() => document.getElementById('chapter').dataset.drawn")

        def span(selector: str) -> tuple[float, float]:
            box = page.locator(selector).first.bounding_box()
            return box["y"], box["y"] + box["height"]

        board = f'[data-board="{stepped}"]'
        slider, stepper, step = span('[data-board="slider"]'), span(".stepper"), span(board)
        assert slider[1] < stepper[0] < stepper[1] < step[0], (slider, stepper, step)
        # The heading that names the steps, where the chapter has one, stands over them (it stood
        # a screen below them, after the boards' values).
        named = page.locator("#chapter > h2.section-title", has_text="step by step")
        if slug in ("kogge-stone", "magic", "methods"):
            box = named.bounding_box()
            heading = box["y"], box["y"] + box["height"]
            assert slider[1] < heading[0] < heading[1] <= stepper[0], (slider, heading, stepper)
        else:
            expect(named).to_have_count(0)
        position = "() => document.querySelector('.stepper').dataset.index"
        before = page.evaluate(position)
        button = page.locator('.stepper [data-step="next"]')
        (button if button.is_enabled() else page.locator('.stepper [data-step="prev"]')).tap()
        page.wait_for_function(f"b => ({position})() !== b", arg=before)
        assert span(board)[0] < 844  # what the tap changed begins on the screen
    finally:
        context.close()
