"""Chapter shift-ray in Chromium, against /api/ray and /api/devlog-ray."""

from playwright.sync_api import expect

from browser_helpers import TWO_FRAMES, practise, readout, screenshot, squares_of, wait_for_board


def test_shift_ray_steps_keyboard_reload(page, live_server, client):
    page.goto(live_server + "/chapter/shift-ray")
    ray = client.get("/api/ray?from=c4&to=g4&mapping=lerbef").json
    assert (ray["line"], ray["operator"], ray["shift"]) == ("rank", ">>", 1)
    wait_for_board(page, "shifted", {"c4"})
    for i, value in enumerate(ray["steps"]):
        if i:
            page.click('[data-step="next"]')
        wait_for_board(page, "shifted", squares_of(value, "lerbef"))
        assert readout(page, "shifted") == value
        wait_for_board(page, "ray", set(ray["squares"][: i + 1]))
        assert f"startSquare >> BigInt(1*{i})" in page.inner_text(".shift-code")
    assert readout(page, "ray") == ray["ray"]
    assert page.get_attribute(".stepper", "data-count") == str(len(ray["steps"]))
    # Pick a file: start e2, destination e7 (the radio says what the next click sets).
    page.click('[data-board="squares"] [data-square="e2"]')
    page.click('[data-board="squares"] [data-square="e7"]')
    ray = client.get("/api/ray?from=e2&to=e7&mapping=lerbef").json
    assert (ray["shift"], ray["operator"]) == (8, "<<")
    wait_for_board(page, "shifted", {"e2"})
    # Keyboard: arrows outside the boards walk the steps; on the board they move focus, Enter picks.
    page.locator("h1").click()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    wait_for_board(page, "shifted", squares_of(ray["steps"][2], "lerbef"))
    wait_for_board(page, "ray", {"e2", "e3", "e4"})
    page.reload()
    wait_for_board(page, "ray", {"e2", "e3", "e4"})
    page.focus('[data-board="squares"] [data-square="e7"]')
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")  # the next click sets the start: f6
    ray = client.get("/api/ray?from=f6&to=e7&mapping=lerbef").json
    assert ray["line"] == "anti_diagonal"
    wait_for_board(page, "shifted", {"f6"})
    page.go_back()
    wait_for_board(page, "ray", {"e2", "e3", "e4"})
    # The mapping switch: lerf turns the diagonal's shift from 7 to 9.
    page.goto(live_server + "/chapter/shift-ray?from=a1&to=h8&mapping=lerf")
    ray = client.get("/api/ray?from=a1&to=h8&mapping=lerf").json
    page.wait_for_function("() => document.querySelector('.shift-code').textContent.includes('<< BigInt(9*0)')")
    page.click('.mapping-switch input[value="lerbef"]')
    page.wait_for_function("() => document.querySelector('.shift-code').textContent.includes('<< BigInt(7*0)')")
    page.click('[data-step="last"]')
    wait_for_board(page, "ray", squares_of(ray["ray"], "lerf"))
    # Predict the ray, then reveal: the answers hidden first (exploring, the ray is on the page).
    practise(page)
    for name in ("a1", "d4", "h8", "h1"):
        page.click(f'[data-board="predict"] [data-square="{name}"]')
    page.click('[data-action="reveal"]')
    page.wait_for_selector('.predict[data-score="3/1/5"]')
    screenshot(page, "chapter-shift-ray")


def test_shift_ray_not_aligned_is_explained_not_looped(page, live_server, client):
    page.expect_bad_requests = True
    page.goto(live_server + "/chapter/shift-ray?from=c4&to=d7")
    error = client.get("/api/ray?from=c4&to=d7&mapping=lerbef")
    assert error.status_code == 400 and error.json["error"]["code"] == "not_aligned"
    page.wait_for_selector('figure:has([data-board="squares"]) .input-error:not([hidden])')
    assert error.json["error"]["message"] in page.inner_text('figure:has([data-board="squares"]) .input-error')
    # The loop's explanation points at that note by the board's own caption (it stands above, not below).
    caption = page.inner_text('figure:has([data-board="squares"]) figcaption').removesuffix(" (click to choose)")
    assert caption == "Start (S) and destination (D)"
    assert f"see the note under the board “{caption}”" in page.inner_text('[data-outcome="reached"] + p')
    # As printed (shift 1) the loop reaches d7 only by running over the board's edge.
    loop = client.get("/api/devlog-ray?from=c4&to=d7&shift=1&mapping=lerbef").json
    assert loop["outcome"] == "reached" and loop["wrapped"]
    page.wait_for_selector('[data-outcome="reached"][data-wrapped="true"]')
    assert page.get_attribute(".stepper", "data-count") == str(len(loop["steps"]))
    page.click('[data-step="next"]')
    page.click('[data-step="next"]')
    page.click('[data-step="next"]')
    wait_for_board(page, "shifted", {loop["steps"][3]["square"]})  # h5: over the edge
    wait_for_board(page, "ray", {s["square"] for s in loop["steps"][:4]})
    page.click('[data-step="last"]')
    wait_for_board(page, "ray", squares_of(loop["ray"], "lerbef"))
    assert readout(page, "ray") == loop["ray"]
    # Shift 8: the bit leaves 64 bits; never ends.
    page.select_option('[data-control="shift"]', "8")
    loop = client.get("/api/devlog-ray?from=c4&to=d7&shift=8&mapping=lerbef").json
    assert loop["outcome"] == "left_64_bits"
    page.wait_for_selector('[data-outcome="left_64_bits"]')
    assert "never ends" in page.inner_text(".shift-loop .explain")
    page.click('[data-step="last"]')
    wait_for_board(page, "shifted", set())
    assert readout(page, "shifted") == ""  # 2^69 is no 64-bit value
    assert readout(page, "ray") == loop["ray"]
    page.reload()
    page.wait_for_selector('[data-outcome="left_64_bits"]')
    wait_for_board(page, "ray", squares_of(loop["ray"], "lerbef"))
    # Destination below: a right shift falls off bit 0.
    page.goto(live_server + "/chapter/shift-ray?from=d7&to=c4&shift=8")
    loop = client.get("/api/devlog-ray?from=d7&to=c4&shift=8&mapping=lerbef").json
    assert loop["outcome"] == "never_ends"
    page.wait_for_selector('[data-outcome="never_ends"]')
    screenshot(page, "chapter-shift-ray-not-aligned")


def test_on_a_slide_a_pair_on_no_line_keeps_its_boards_and_says_what_is_wrong_in_a_line(browser, live_server, client):
    """The guide's step "choose two squares on different ranks", on a 720-pixel projector at 150 %:
    the refusal's why (seven lines in a board-wide column) made the slide shrink its boards to
    16 px to show it, and its scrolling into view took the slide's top away. The slide keeps what
    is wrong ("b2 and g4 share no line"); the page keeps the why."""
    message = client.get("/api/ray?from=b2&to=g4&mapping=lerbef").json["error"]["message"]
    headline, why = message.split(": ", 1)
    context = browser.new_context(viewport={"width": 853, "height": 480})
    page = context.new_page()
    try:
        page.expect_bad_requests = True
        page.goto(live_server + "/chapter/shift-ray?present=1")
        page.wait_for_function("() => document.getElementById('chapter').dataset.drawn")
        aligned = page.evaluate("() => getComputedStyle(document.getElementById('chapter')).getPropertyValue('--sq')")
        page.click('[data-board="squares"] [data-square="b2"]')  # the start; the destination stays g4
        error = page.locator('figure:has([data-board="squares"]) .input-error')
        expect(error).to_be_visible()
        page.evaluate(TWO_FRAMES)
        assert error.inner_text().strip() == headline  # shown: the headline alone
        assert error.text_content() == message  # a screen reader and the page have it all
        box = error.bounding_box()
        assert box["y"] + box["height"] <= 480 and box["height"] < 30, box  # one line, on the screen
        assert page.evaluate("scrollY") == 0
        assert page.evaluate("() => getComputedStyle(document.getElementById('chapter')).getPropertyValue('--sq')") == aligned
        page.keyboard.press("p")  # off the slide, the page gives the why too
        expect(error).to_contain_text(why)
    finally:
        context.close()


def test_on_a_phone_the_stepper_stands_over_the_boards_it_steps(browser, live_server):
    """On a 390 px phone the boards stand one above the other. The stepper stood above the board to
    choose on, a screen and more above the boards Next changes: a student tapping Next saw only the
    step's words change. It now stands between the board chosen on and those it steps, and after
    a tap on Next the changed board begins within the screen."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        page.goto(live_server + "/chapter/shift-ray")
        page.wait_for_function("() => document.getElementById('chapter').dataset.drawn")

        def span(selector: str) -> tuple[float, float]:
            box = page.locator(selector).first.bounding_box()
            return box["y"], box["y"] + box["height"]

        pick, stepper, shifted = span('[data-board="squares"]'), span(".stepper"), span('[data-board="shifted"]')
        assert pick[1] < stepper[0] < stepper[1] < shifted[0]
        page.locator('[data-step="next"]').tap()
        wait_for_board(page, "shifted", {"d4"})
        assert span('[data-board="shifted"]')[0] < 844  # what Next changed begins on the screen
    finally:
        context.close()
