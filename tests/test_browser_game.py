"""Chapter game in Chromium: select, move, load FEN, errors, reload, keyboard, links."""

from urllib.parse import parse_qs, urlparse

from browser_helpers import board_marks, board_squares, practise, readout, screenshot, squares_of, wait_for_board
from devlog_facts import DEVLOG_FEN


def test_game_select_move_reload_and_links(page, live_server, client):
    page.goto(live_server + "/chapter/game")
    position = client.get(f"/api/position?fen={DEVLOG_FEN}&square=d4&mapping=lerbef").json
    wait_for_board(page, "game", squares_of(position["occupied"], "lerbef"))
    pieces = dict(
        page.eval_on_selector_all('[data-board="game"] [data-piece]', "els => els.map(e => [e.dataset.square, e.dataset.piece])")
    )
    assert pieces == position["pieces"]
    page.click('[data-board="game"] [data-square="d4"]')
    wait_for_board(page, "moves", squares_of(position["selected"]["bitboard"], "lerbef"))
    assert readout(page, "moves") == position["selected"]["bitboard"]
    shown = board_marks(page, "game")
    assert shown.pop("d4") == "selected"
    assert set(shown) == set(position["selected"]["moves"])
    assert {sq for sq, m in shown.items() if m == "capture"} == {
        sq for sq in position["selected"]["moves"] if sq in position["pieces"]
    }
    # A slider's moves link to the equation, one link per line, with its square and occupancy.
    links = page.eval_on_selector_all(".hyperbola-links a", "els => els.map(e => e.getAttribute('href'))")
    assert len(links) == 4
    query = parse_qs(urlparse(links[0]).query)
    assert query["sq"] == ["d4"] and query["piece"] == ["queen"] and query["line"] == ["rank"]
    assert int(query["occ"][0], 16) == int(client.get(f"/api/position?fen={DEVLOG_FEN}").json["occupied"], 16)
    page.reload()
    wait_for_board(page, "moves", squares_of(position["selected"]["bitboard"], "lerbef"))
    # Move the queen to d7 (capturing), as python-chess would.
    page.click('[data-board="game"] [data-square="d7"]')
    moved = client.get(f"/api/move?fen={DEVLOG_FEN}&from=d4&to=d7").json["fen"]
    page.wait_for_function("fen => document.querySelector('#fen').value === fen", arg=moved)
    after = client.get(f"/api/position?fen={moved}&mapping=lerbef").json
    wait_for_board(page, "game", squares_of(after["occupied"], "lerbef"))
    page.go_back()
    wait_for_board(page, "game", squares_of(position["occupied"], "lerbef"))
    # Back is Undo: the move is taken back and nothing is selected; select the queen again.
    assert board_marks(page, "game") == {}
    page.click('[data-board="game"] [data-square="d4"]')
    wait_for_board(page, "moves", squares_of(position["selected"]["bitboard"], "lerbef"))
    # The link opens the hyperbola chapter with the same attacks.
    page.click(".hyperbola-links a[data-line='file']")
    page.wait_for_url("**/chapter/hyperbola**")
    attacks = client.get(f"/api/attacks?piece=queen&sq=d4&occupied={position['occupied']}&mapping=lerbef").json
    wait_for_board(page, "attacks", squares_of(attacks["attacks"], "lerbef"))


def test_game_keyboard_fen_errors_and_predict(page, live_server, client):
    page.goto(live_server + "/chapter/game")
    wait_for_board(
        page, "game", squares_of(client.get(f"/api/position?fen={DEVLOG_FEN}&mapping=lerbef").json["occupied"], "lerbef")
    )
    # Keyboard: from a1, right to b1 (the white bishop), Enter selects; then to a2, Enter moves.
    page.focus('[data-board="game"] [data-square="a1"]')
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    selected = client.get(f"/api/position?fen={DEVLOG_FEN}&square=b1&mapping=lerbef").json["selected"]
    wait_for_board(page, "moves", squares_of(selected["bitboard"], "lerbef"))
    # Predict the bishop's moves, its moves hidden first: mark two, reveal.
    practise(page)
    for name in ("a2", "c2"):
        page.click(f'[data-board="predict"] [data-square="{name}"]')
    page.click('[data-action="reveal"]')
    page.wait_for_selector('.predict[data-revealed="1"]')
    assert board_marks(page, "predict")["a2"] == "right" and board_marks(page, "predict")["c2"] == "right"
    page.get_by_role("button", name="Show the answers as I explore").click()
    page.wait_for_selector('#chapter[data-exercise="0"]')
    page.focus('[data-board="game"] [data-square="b1"]')
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Enter")
    moved = client.get(f"/api/move?fen={DEVLOG_FEN}&from=b1&to=a2").json["fen"]
    page.wait_for_function("fen => document.querySelector('#fen').value === fen", arg=moved)
    # A bad FEN: a readable message next to the input, the board stays.
    page.expect_bad_requests = True
    before = board_squares(page, "game")
    page.fill("#fen", "8/8/8/8/8/8/8/9")
    page.click('[data-action="load"]')
    page.wait_for_selector(".fen-form + .input-error:not([hidden])")
    line = page.locator(".fen-form + .input-error")
    assert line.get_attribute("data-code") == "invalid_fen"
    assert line.inner_text() == client.get("/api/position?fen=8/8/8/8/8/8/8/9").json["error"]["message"]
    assert board_squares(page, "game") == before
    # A good one, kingless, with a pawn about to promote.
    page.fill("#fen", "8/3P4/8/8/8/8/8/8")
    page.press("#fen", "Enter")
    wait_for_board(page, "game", {"d7"})
    page.click('[data-board="game"] [data-square="d7"]')
    wait_for_board(page, "moves", {"d8"})  # the pawn's move shown, as a player sees before moving it
    page.click('[data-board="game"] [data-square="d8"]')
    # The player chooses the piece: Enter on the focused first choice, a queen.
    page.wait_for_selector('[data-role="promotion"]:not([hidden])')
    page.keyboard.press("Enter")
    page.wait_for_selector('[data-board="game"] [data-square="d8"][data-piece="Q"]')
    page.click('[data-action="reset"]')
    wait_for_board(
        page, "game", squares_of(client.get(f"/api/position?fen={DEVLOG_FEN}&mapping=lerbef").json["occupied"], "lerbef")
    )
    screenshot(page, "chapter-game")


def test_a_second_tap_before_the_first_is_drawn_is_read_against_the_first(page, live_server, client):
    """A quick student taps the queen and its target in one go: the second tap lands before the
    selection is drawn, and must still move the queen (read against the state the first tap made,
    not against the board last drawn). Both clicks are dispatched in one task, so the second one
    always comes before the redraw."""
    page.goto(live_server + "/chapter/game")
    start = client.get(f"/api/position?fen={DEVLOG_FEN}&mapping=lerbef").json
    wait_for_board(page, "game", squares_of(start["occupied"], "lerbef"))
    assert board_marks(page, "game") == {}
    page.evaluate(
        """() => {
          for (const name of ["d4", "d7"]) document.querySelector(`[data-board="game"] [data-square="${name}"]`).click();
        }"""
    )
    moved = client.get(f"/api/move?fen={DEVLOG_FEN}&from=d4&to=d7").json["fen"]
    page.wait_for_function("fen => document.querySelector('#fen').value === fen", arg=moved)
    after = client.get(f"/api/position?fen={moved}&mapping=lerbef").json
    wait_for_board(page, "game", squares_of(after["occupied"], "lerbef"))
