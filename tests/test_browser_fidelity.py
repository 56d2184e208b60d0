"""Every chapter true to itself. Each test is one kind of defect, in Chromium:
the picture follows the bits, a click does what it shows or says why not, no stale or
contradictory text, words for students, navigation that behaves."""

from urllib.parse import parse_qs, urlparse

from browser_helpers import said_again, screenshot, squares_of, wait_for_board
from devlog_facts import DEVLOG_FEN


def pieces_of(page, role: str) -> dict[str, str]:
    """Return {square: letter} of the glyphs a board draws."""
    return page.eval_on_selector_all(
        f'[data-board="{role}"] [data-piece]', "els => Object.fromEntries(els.map(e => [e.dataset.square, e.dataset.piece]))"
    )


def test_hyperbola_glyphs_follow_the_piece_and_the_reversal(page, live_server, client):
    # Kind 1: a bishop is drawn as a bishop, and on the reversed terms where rev(r) has its bit.
    page.goto(live_server + "/chapter/hyperbola?piece=bishop&line=diagonal")
    page.wait_for_selector('#chapter[data-drawn] [data-board="slider"] [data-square="f4"][data-piece="B"]')
    assert pieces_of(page, "slider") == {"f4": "B"}
    assert pieces_of(page, "attacks") == {"f4": "B"}
    ids = [s["id"] for s in client.get("/api/slide?sq=f4&occupied=0x1000804200000010&line=diagonal&mapping=lerbef").json["steps"]]
    page.click('li[data-step="rev_r"] button')
    rev_r = client.get("/api/slide?sq=f4&occupied=0x1000804200000010&line=diagonal&mapping=lerbef").json["steps"][
        ids.index("rev_r")
    ]
    wait_for_board(page, "step", squares_of(rev_r["value"], "lerbef"))
    # The glyph stands on the bit: rev(r) of f4 is c5 (the board turned half round).
    assert squares_of(rev_r["value"], "lerbef") == {"c5"}
    assert pieces_of(page, "step") == {"c5": "B"}
    screenshot(page, "fidelity-hyperbola-reversed-bishop")
    page.click('li[data-step="positive"] button')
    page.wait_for_selector('.step-formula[data-step="positive"]')
    assert pieces_of(page, "step") == {"f4": "B"}


def test_game_piece_followed_into_hyperbola_keeps_its_pieces(page, live_server, client):
    # Kind 1 and the & ~own step: the white queen on b3 arrives as a white queen among the game's pieces.
    page.goto(live_server + "/chapter/game?sel=b3")
    link = page.locator('.hyperbola-links a[data-line="file"]')
    link.wait_for()
    page.goto(live_server + link.get_attribute("href").removeprefix(live_server))
    position = client.get(f"/api/position?fen={DEVLOG_FEN}&mapping=lerf").json
    page.wait_for_selector('#chapter[data-drawn] [data-board="slider"] [data-square="b3"][data-piece="Q"]')
    expected = {k: v for k, v in position["pieces"].items() if k != "b3"}
    assert pieces_of(page, "occupied") == expected
    assert pieces_of(page, "attacks") == {**expected, "b3": "Q"}
    game = client.get(f"/api/position?fen={DEVLOG_FEN}&square=b3&mapping=lerf").json["selected"]
    own = page.inner_text('[data-role="own"]')
    assert f"leaves {len(game['moves'])} of the" in own
    # Toggling a blocker leaves the game's position: the glyphs fall back to generic blockers.
    page.click('[data-board="occupied"] [data-square="h8"]')
    page.wait_for_selector('[data-board="occupied"] [data-square="h8"][data-piece="p"]')
    assert set(pieces_of(page, "occupied").values()) == {"p"}
    screenshot(page, "fidelity-hyperbola-from-game")


def test_slider_and_blocker_never_share_a_square_silently(page, live_server):
    # Kind 2: the devlog's occupancy has a blocker on g4 (lerbef 0x...42... holds it); f4 holds the slider.
    page.goto(live_server + "/chapter/hyperbola")
    page.wait_for_selector("#chapter[data-drawn]")
    blocker = page.eval_on_selector('[data-board="occupied"] [data-bit="1"]', "e => e.dataset.square")
    url = page.url
    under_slider = page.locator('[data-role="click-note"][data-note-for="slider"]')
    under_occupied = page.locator('[data-role="click-note"][data-note-for="occupied"]')
    page.click(f'[data-board="slider"] [data-square="{blocker}"]')
    under_slider.wait_for()
    assert f"{blocker} holds a blocker" in under_slider.inner_text()
    assert page.url == url
    page.click('[data-board="occupied"] [data-square="f4"]')
    page.wait_for_function("() => document.querySelector('[data-note-for=occupied]').textContent.includes('f4 holds the slider')")
    assert under_slider.text_content() == ""  # one sentence, under the board tapped last
    assert page.url == url
    # The same refused click again: the same sentence, said again (taken out, then written back).
    said_again(page, '[data-note-for="occupied"]', lambda: page.click('[data-board="occupied"] [data-square="f4"]'))
    # A click that does something clears the note in the same draw.
    page.click('[data-board="slider"] [data-square="a1"]')
    page.wait_for_selector('[data-board="slider"] [data-square="a1"][data-piece="R"]')
    assert under_occupied.inner_text() == "" and under_slider.inner_text() == ""
    assert page.get_attribute('[data-board="slider"] [tabindex="0"]', "data-square") == "a1"


BOX = "e => { const r = e.getBoundingClientRect(); return { top: r.top, bottom: r.bottom }; }"


def test_a_refused_tap_on_a_phone_says_why_where_the_finger_is(browser, live_server):
    """On a phone the boards stand one above the other: the sentence that says why a tap did
    nothing is written under the board tapped, and scrolled into view if the board's bottom
    edge was the screen's."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        page.goto(live_server + "/chapter/propagation")
        page.wait_for_selector("#chapter[data-drawn]")
        blocker = page.eval_on_selector('[data-board="occupied"] [data-bit="1"]', "e => e.dataset.square")
        for board, square, words in (("slider", blocker, "holds a blocker"), ("occupied", "f4", "holds the slider")):
            grid = page.locator(f'[data-board="{board}"]')
            # The board's bottom edge on the screen's, where the page can scroll that far (the
            # occupancy board stands too near the top): the sentence under it starts out of view.
            page.evaluate("b => window.scrollBy(0, b.bottom - window.innerHeight)", grid.evaluate(BOX))
            if board == "slider":
                assert abs(grid.evaluate(BOX)["bottom"] - page.evaluate("innerHeight")) < 1
            target = page.locator(f'[data-board="{board}"] [data-square="{square}"]')
            target.tap()
            note = page.locator(f'[data-note-for="{board}"]')
            page.wait_for_function(
                "([board, words]) => document.querySelector(`[data-note-for=${board}]`).textContent.includes(words)",
                arg=[board, words],
            )
            page.wait_for_function("n => n.getBoundingClientRect().bottom <= innerHeight + 1", arg=note.element_handle())
            box, board_box = note.evaluate(BOX), grid.evaluate(BOX)
            assert 0 <= box["top"] - board_box["bottom"] < 80, (box, board_box)  # under this board, before anything else
            tapped = target.evaluate(BOX)
            assert tapped["top"] >= 0 and tapped["bottom"] <= page.evaluate("innerHeight") + 1  # the tapped square is in view
        screenshot(page, "fidelity-refused-tap-phone")
    finally:
        context.close()


def test_stepping_replaces_history_and_focus_enters_on_the_slider(page, live_server):
    # Kind 6: Back after stepping leaves the chapter; Tab enters the slider board on the slider.
    page.goto(live_server + "/")
    page.goto(live_server + "/chapter/hyperbola?sq=c6")
    page.wait_for_selector("#chapter[data-drawn]")
    for _ in range(3):
        page.click('[data-step="next"]')
    page.wait_for_function("() => new URLSearchParams(location.search).get('step') === '3'")
    assert page.get_attribute('[data-board="slider"] [tabindex="0"]', "data-square") == "c6"
    page.go_back()
    page.wait_for_url(live_server + "/")


def test_same_square_gets_no_verdict_and_its_opposite(page, live_server, client):
    # Kind 3: one square on both msb boards.
    page.goto(live_server + "/chapter/msb?dest=0x10&start=0x10")
    page.wait_for_selector('#chapter[data-drawn] .verdict[data-verdict-correct="null"]')
    actual = page.inner_text('[data-role="actual"]')
    assert "the start square itself" in actual and "is wrong" not in actual and "as the devlog says" not in actual
    assert page.inner_text('[data-role="reason"]').startswith("Not meaningful")


def test_square_to_itself_is_no_ray_and_counts_are_english(page, live_server):
    # Kind 3 and 4: d4 to d4 is refused, and the loop's words agree; "1 iteration".
    page.expect_bad_requests = True
    page.goto(live_server + "/chapter/shift-ray?from=d4&to=d4")
    page.wait_for_selector('figure:has([data-board="squares"]) .input-error:not([hidden])')
    text = page.inner_text(".shift-loop .explain")
    assert "no ray" in text and "reaches the destination" not in text
    assert "1 iteration shown" in text
    assert "not_aligned" not in page.inner_text("#chapter") and "400" not in page.inner_text(".shift-loop")


def test_intersections_refusal_clears_the_previous_answer(page, live_server):
    # Kind 3: choosing two lines of one kind after a good pair.
    page.expect_bad_requests = True
    page.goto(live_server + "/chapter/intersections")
    page.wait_for_selector('#chapter[data-drawn] [data-role="working"] h2')
    page.select_option('[data-control="line_b"]', "rank")
    page.wait_for_selector('[data-role="working"] + .input-error:not([hidden])')
    assert page.inner_text('[data-role="working"]') == ""
    assert "same_line_kind" not in page.inner_text("#chapter")
    # Reasons in words: no snake_case in the table of all pairs.
    assert "_" not in page.inner_text('[data-role="all"]')
    query = parse_qs(urlparse(page.url).query)
    assert query["line_b"] == ["rank"]


def test_game_promotion_undo_redo_flip_and_turn(page, live_server, client):
    # Kind 7: the game board as a player expects it.
    page.goto(live_server + "/chapter/game")
    page.wait_for_selector('#chapter[data-drawn] [data-role="turn"][data-turn="w"]')
    assert page.inner_text('[data-role="turn"]').startswith("White to move")
    page.fill("#fen", "4k3/3P4/8/8/8/8/8/4K3 w - - 0 1")
    page.click('[data-action="load"]')
    # The devlog's position has a white pawn on d7 too: wait for the loaded one's black king.
    page.wait_for_selector('[data-board="game"] [data-square="e8"][data-piece="k"]')
    page.click('[data-board="game"] [data-square="d7"]')
    page.wait_for_selector('[data-board="game"] [data-square="d8"][data-mark="target"]')
    page.click('[data-board="game"] [data-square="d8"]')
    # The pawn waits for its piece: nothing moved yet, the choice has focus.
    page.wait_for_selector('[data-role="promotion"]:not([hidden])')
    assert page.evaluate("document.activeElement.dataset.promotion") == "q"
    assert page.get_attribute('[data-board="game"] [data-square="d7"]', "data-piece") == "P"
    page.click('[data-promotion="n"]')
    expected = client.get("/api/move?fen=4k3/3P4/8/8/8/8/8/4K3&from=d7&to=d8&promotion=n").json["fen"]
    page.wait_for_function("fen => document.querySelector('#fen').value === fen", arg=expected)
    page.wait_for_selector('[data-board="game"] [data-square="d8"][data-piece="N"]')
    page.wait_for_selector('[data-role="turn"][data-turn="b"]')
    assert page.inner_text('[data-role="turn"]').startswith("Black to move")
    # Undo, redo.
    page.click('[data-action="undo"]')
    page.wait_for_selector('[data-board="game"] [data-square="d7"][data-piece="P"]')
    page.wait_for_selector('[data-role="turn"][data-turn="w"]')
    page.click('[data-action="redo"]')
    page.wait_for_selector('[data-board="game"] [data-square="d8"][data-piece="N"]')
    assert page.is_disabled('[data-action="redo"]')
    # A black piece may still move in free mode; the line says whose turn it is.
    page.click('[data-board="game"] [data-square="e1"]')
    page.wait_for_selector('[data-board="game"] [data-square="e1"][data-mark="selected"]')
    page.wait_for_function(
        "() => document.querySelector('[data-role=turn]').textContent.includes('white piece on e1 may move anyway')"
    )
    # Flip: h1 is drawn top left, a8 bottom right, and the focus enters on the selected square.
    page.click('[data-action="flip"]')
    page.wait_for_selector('[data-board="game"][data-flipped="true"]')
    first = page.eval_on_selector('[data-board="game"] .board-row [data-square]', "e => e.dataset.square")
    assert first == "h1"
    assert page.get_attribute('[data-board="game"] [tabindex="0"]', "data-square") == "e1"
    page.focus('[data-board="game"] [data-square="e1"]')
    page.keyboard.press("ArrowUp")  # up on a flipped board is towards rank 1... e1 is on rank 1: stays
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.dataset.square") == "e2"
    screenshot(page, "fidelity-game-flipped")
    page.reload()
    page.wait_for_selector('[data-board="game"][data-flipped="true"]')


def test_typed_value_moves_every_field_and_readonly_fields_are_no_tab_stops(page, live_server):
    # Kind 3: typing hex updates the decimal field and the binary row in the same frame, or clears them.
    page.goto(live_server + "/chapter/squares")
    page.wait_for_selector("#chapter[data-drawn]")
    hex_field = page.locator('[data-readout="lerf"] [data-format="hex"]')
    dec_field = page.locator('[data-readout="lerf"] [data-format="dec"]')
    hex_field.fill("0x10")
    assert dec_field.input_value() == "16"
    assert page.inner_text('[data-readout="lerf"] [data-format="bin"]').replace("\n", " ").endswith("00010000")
    hex_field.fill("0xzz")
    assert dec_field.input_value() == "" and page.inner_text('[data-readout="lerf"] [data-format="bin"]') == ""
    # Kind 4: e4 is on rank 4; 0-based indices only labelled as such.
    inspect = page.inner_text("#inspect")
    assert "e4 is on the e-file, rank 4" in inspect and "rank index 3" in inspect
    # Kind 6: a read-only readout (hyperbola's) is skipped by Tab.
    page.goto(live_server + "/chapter/hyperbola")
    page.wait_for_selector("#chapter[data-drawn]")
    tabbable = page.eval_on_selector_all("[data-readout] input", "els => els.map(e => e.tabIndex)")
    assert tabbable and set(tabbable) == {-1}


def test_direction_names_are_words_with_the_wikis_names(page, live_server):
    # Kind 4: no snake_case; the wiki's name beside the English.
    page.goto(live_server + "/chapter/directions?from=e4&to=g5")
    page.wait_for_selector('[data-field="knight"]')
    text = page.inner_text('[data-field="knight"]')
    assert "north-east-east (noEaEa), step +10" in text and "_" not in text


def test_devlog_listings_as_printed(page, live_server):
    # Kind 5: the three shift-loop versions and SlidingPiece with its mask/ray slip marked
    # (source: the sliding-pieces devlog, "Using bit shifting" and "Generalizing sliding pieces").
    page.goto(live_server + "/chapter/shift-ray")
    versions = page.locator('[data-listing="shift-loops"] pre')
    assert versions.count() == 3
    texts = [versions.nth(i).text_content() for i in range(3)]
    assert "while(true){" in texts[0] and "destinationSquare)" not in texts[0].split("while")[1]
    assert "while(shiftedBit !== destinationSquare){" in texts[1] and ">>" not in texts[1]
    assert "startSquare >> BigInt(1*i);" in texts[2] and "if(startSquare < destinationSquare){" in texts[2]
    page.goto(live_server + "/chapter/hyperbola")
    listing = page.locator('[data-listing="sliding-piece"]')
    listing.locator("summary").click()
    code = listing.locator("pre").text_content()
    assert "let blockers = occupied & mask;" in code and "rays.forEach(ray => {" in code
    assert listing.locator('mark[data-slip="mask"]').count() == 3
    assert listing.locator('mark[data-step="own"]').text_content() == "& ~board.getOccupied(this.color)"
    assert "read mask as ray" in listing.inner_text().replace("\n", " ")


def test_diagonals_show_the_difference_9_and_the_gap(page, live_server, client):
    # Kind 5: the wiki's Square Difference and the & 15 numbering's gap, held against the API.
    page.goto(live_server + "/chapter/diagonals?overlay=and15")
    page.wait_for_selector("#chapter[data-drawn]")
    notes = page.inner_text('[data-role="source-notes"]')
    c3, d4, c5 = (client.get(f"/api/square?sq={n}").json["index"] for n in ("c3", "d4", "c5"))
    assert d4 - c3 == 9 and c5 - d4 == 7
    assert f"c3 = {c3}, d4 = {d4}" in notes and f"c5 = {c5}" in notes
    labels = page.eval_on_selector_all("[data-board] [data-square] .label", "els => els.map(e => e.textContent)")
    assert "8" not in labels and "15" in labels and "0" in labels


def test_colours_show_the_lookup_table_and_the_x86_assembly(page, live_server):
    # Kind 5: the Color of a Square page's 64-byte table and its two assembly listings.
    page.goto(live_server + "/chapter/colors")
    listing = page.locator('[data-listing="x86"]')
    assert listing.locator('[data-asm="shift"]').text_content() == "lea eax, [8*eax + eax + 8]\nshr eax, 3\nand eax, 1"
    assert listing.locator('[data-asm="test"]').text_content() == "lea eax, [8*eax + eax]\ntest eax, 8\njz isDark"
    assert "64-byte array" in listing.locator('[data-note="lookup"]').text_content()


def test_tab_enters_each_board_on_its_square(page, live_server):
    # Kind 6: the roving tab stop of a board is the chapter's square, not always a1.
    for url, role, square in [
        ("/chapter/directions?from=c6&to=e7", "directions", "c6"),
        ("/chapter/intersections?a=g2&b=c7", "intersections", "g2"),
        ("/chapter/shift-ray?from=b3&to=b7", "squares", "b3"),
        ("/chapter/squares?sq=f7", "lerf", "f7"),
        ("/chapter/game?sel=b3", "game", "b3"),
    ]:
        page.goto(live_server + url)
        page.wait_for_selector("#chapter[data-drawn]")
        assert page.get_attribute(f'[data-board="{role}"] [tabindex="0"]', "data-square") == square, url


def test_articles_and_plurals(page, live_server):
    # Kind 4: "an anti-diagonal", "7 steps".
    page.goto(live_server + "/chapter/shift-ray?from=h1&to=a8")
    page.wait_for_selector('#chapter[data-drawn] .explain[data-outcome="ray"]')
    text = page.inner_text(".shift-loop .explain")
    assert "h1 and a8 share an anti-diagonal." in text and "8 steps." in text
