"""Exercises that pose a real question: a worksheet's first exercise asks
something and its key answers it; an exercise's inputs never show its answer; one Enter reveals
a typed answer; the prediction board turns with the board it predicts; and the words name the
squares as the board marks them (S and D). The code chapter's points are in test_browser_code.py."""

from __future__ import annotations

import re
import time

from chessviz import devlog
from chessviz.squares import SQUARE_NAMES, convert

from browser_helpers import practise, squares_of

SHEET = """(role) => [...document.querySelectorAll(`[data-role="${role}"] .sheet-item`)].map(item => ({
  selected: [...item.querySelectorAll('[data-board="game"] [data-mark="selected"]')].map(e => e.dataset.square),
  destination: [...item.querySelectorAll('[data-board="destination"] [data-bit="1"]')].map(e => e.dataset.square),
  missed: [...item.querySelectorAll('[data-board="predict"] [data-mark="missed"]')].map(e => e.dataset.square).sort(),
}))"""


def open_sheet(page, url):
    page.goto(url)
    page.wait_for_selector('#chapter[data-drawn="sheet"]', state="attached")
    return page.evaluate(SHEET, "worksheet"), page.evaluate(SHEET, "answer-key")


def test_a_game_sheet_asks_about_a_piece_from_its_first_exercise(page, live_server, client):
    for seed in (1, 2, 3):
        questions, key = open_sheet(page, f"{live_server}/chapter/game?sheet=2&seed={seed}&key=1")
        assert len(questions) == len(key) == 2
        for question, answer in zip(questions, key, strict=True):
            # A piece is selected on the question's board, and the key marks its moves (all missed: no prediction).
            (square,) = question["selected"]
            moves = client.get(f"/api/position?fen={devlog.FEN}&square={square}&mapping=lerbef").json["selected"]["moves"]
            assert moves, f"seed {seed}: the piece on {square} has no move to mark"
            assert answer["missed"] == sorted(moves), f"seed {seed}, {square}"


def msb_square(client, dest: int, start: int) -> str:
    query = f"destination={hex(convert(dest, 'lerf', 'lerbef'))}&start={hex(convert(start, 'lerf', 'lerbef'))}&mapping=lerbef"
    return client.get(f"/api/compare?{query}").json["destination"]["msb_square"]


def test_an_msb_exercise_never_shows_its_answer_on_the_destination_board(page, live_server, client):
    # The chapter's own state has one bit per board: in exercise mode it poses a question with several.
    page.goto(f"{live_server}/chapter/msb?hide=1")
    for _ in range(3):
        page.wait_for_selector('#chapter[data-drawn] [data-role="answer-hidden"]')
        page.wait_for_function("() => /[?&]dest=/.test(location.search)")
        # The URL and the boards change one after the other: read both until they tell of the same
        # exercise (a board that showed anything but the question's bits would never agree).
        deadline = time.monotonic() + 10
        while True:
            params = dict(re.findall(r"[?&](\w+)=([^&]*)", page.url))
            dest, start = int(params["dest"], 16), int(params.get("start", "0x1"), 16)
            shown = page.eval_on_selector_all(
                '[data-board="destination"] [data-bit="1"]', "els => els.map(e => e.dataset.square)"
            )
            expected = {SQUARE_NAMES[sq] for sq in range(64) if dest >> sq & 1}
            if set(shown) == expected or time.monotonic() > deadline:
                break
            page.wait_for_timeout(50)
        assert set(shown) == expected
        assert len(shown) >= 2 and shown != [msb_square(client, dest, start)]
        before = page.url
        page.click('[data-action="next-exercise"]')
        page.wait_for_function("u => location.href !== u", arg=before)
    # A worksheet: every question's destination holds several bits, and the key marks the msb.
    questions, key = open_sheet(page, f"{live_server}/chapter/msb?sheet=3&seed=5&key=1")
    for question, answer in zip(questions, key, strict=True):
        assert len(question["destination"]) >= 2
        dest = sum(1 << SQUARE_NAMES.index(name) for name in question["destination"])
        assert answer["missed"] == [msb_square(client, dest, 1)]


def test_one_enter_reveals_a_typed_answer(page, live_server, client):
    for url, typed in (
        ("squares?hide=1", "0x1"),
        ("intersections?hide=1&a=a1&b=b1&line_a=diagonal&line_b=anti_diagonal", "none"),
    ):
        page.goto(f"{live_server}/chapter/{url}")
        page.wait_for_selector('#chapter[data-drawn] .question[data-revealed="0"]')
        page.fill(".question input", typed)
        page.press(".question input", "Enter")
        # Every event of the key press has run: the state says revealed, and the page shows it.
        assert "rev=1" in page.url
        page.wait_for_selector('.question[data-revealed="1"][data-correct]')
        page.wait_for_selector('[data-role="answer-hidden"]', state="detached")
        assert "rev=1" in page.url


def first_squares(page, role: str) -> list[str]:
    return page.eval_on_selector_all(f'[data-board="{role}"] [data-square]', "els => els.slice(0, 2).map(e => e.dataset.square)")


def test_the_prediction_board_turns_with_the_game_board(page, live_server, client):
    page.goto(f"{live_server}/chapter/game?flip=1&sel=d4")
    page.wait_for_selector('#chapter[data-drawn] [data-board="game"] [data-mark="selected"]')
    # Flipped: black at the bottom, so the first square drawn (top left) is h1 on every board.
    for role in ("game", "moves", "predict"):
        assert first_squares(page, role) == ["h1", "g1"], role
    practise(page)  # the moves hidden, the prediction board is the student's
    page.click('[data-board="predict"] [data-square="d5"]')
    page.wait_for_selector('[data-board="predict"] [data-square="d5"][data-bit="1"]')
    page.click('[data-action="flip"]')
    page.wait_for_function("() => !location.search.includes('flip=1')")
    page.get_by_role("button", name="Show the answers as I explore").click()
    for role in ("game", "moves", "predict"):
        page.wait_for_function(
            "role => document.querySelector(`[data-board='${role}'] [data-square]`).dataset.square === 'a8'", arg=role
        )
    moves = client.get(f"/api/position?fen={devlog.FEN}&square=d4&mapping=lerbef").json["selected"]
    assert squares_of(moves["bitboard"], "lerbef") == set(moves["moves"])


# The chapters whose board marks two squares S and D, and the words that must name them so.
MARKED = {
    "diagonals?b=g6": ["the first square (S)", "the second square (D)", "Square S = e4", "Same diagonal? S = e4, D = g6"],
    "intersections": ["the first square (S)", "the second square (D)", "Line through S:", "line through D"],
    "colors?other=c3": ["the square (S)", "a second square (D)"],
    "directions?to=g6": ["the centre square (S)", "the second square (D)"],
    "shift-ray": ["the start square (S)", "the destination (D)"],
}


def test_the_words_name_the_squares_as_the_board_marks_them(page, live_server):
    for url, words in MARKED.items():
        page.goto(f"{live_server}/chapter/{url}")
        page.wait_for_selector('#chapter[data-drawn] [data-mark="start"]')
        # The working of a printed routine keeps its parameters' names (a, b), as its own tables mark them.
        text = page.evaluate(
            """() => { const main = document.querySelector('main').cloneNode(true);
                       main.querySelectorAll('[data-role="derivation"]').forEach(e => e.remove());
                       document.body.append(main); const text = main.innerText; main.remove(); return text; }"""
        )
        for word in words:
            assert word in text, (url, word)
        # No name the board does not show: "square a", "through b", "a = e4".
        assert not re.search(r"\b(square|through|of) [ab]([;:,.)]|$| =| and\b)|\b[ab] = [a-h][1-8]", text, re.M), url
