"""Chapter msb in Chromium, against /api/compare."""

from playwright.sync_api import expect

from chessviz.squares import bit_of, parse_square

from browser_helpers import practise, screenshot, wait_for_board


def bits(mapping, *names):
    return sum(1 << bit_of(parse_square(n), mapping) for n in names)


def compare(client, dest, start, mapping="lerbef"):
    return client.get(f"/api/compare?destination={bits(mapping, *dest)}&start={bits(mapping, *start)}&mapping={mapping}").json


def shown(page, body):
    """Assert the page shows the API's values and verdict for the boards drawn."""
    for role, side in (("destination", "destination"), ("start", "start")):
        wait_for_board(page, role, set(body[side]["squares"]))
        page.wait_for_selector(f'[data-readout="{role}"][data-value="{body[side]["value"]}"]')
    page.wait_for_selector(f'.verdict[data-verdict="{body["verdict"]}"][data-meaningful="{str(body["meaningful"]).lower()}"]')
    comparison = page.inner_text('[data-role="comparison"]')
    assert f"{body['destination']['decimal']} >= {body['start']['decimal']}" in comparison
    assert body["reason"] in page.inner_text('[data-role="reason"]')


def test_msb_devlog_default_then_several_bits(page, live_server, client):
    page.goto(live_server + "/chapter/msb")
    # The devlog's sketch: destination on the strip's leftmost square (8), start on its rightmost.
    body = compare(client, ["e1"], ["h1"])
    assert (body["destination"]["decimal"], body["start"]["decimal"], body["verdict"], body["meaningful"]) == (
        "8",
        "1",
        "left",
        True,
    )
    shown(page, body)
    assert "is true" in page.inner_text('[data-role="comparison"]')
    # Destination on a higher rank but to the right: the devlog still says "left", wrongly.
    page.click('[data-board="destination"] [data-square="h5"]')
    body = compare(client, ["h5"], ["h1"])
    shown(page, body)
    assert body["verdict"] == "left" and body["actual"]["file"] == "same file" and not body["verdict_correct"]
    assert page.get_attribute(".verdict", "data-verdict-correct") == "false"
    page.click('[data-board="start"] [data-square="g1"]')
    body = compare(client, ["h5"], ["g1"])
    shown(page, body)
    assert 'so "left" is wrong' in page.inner_text('[data-role="actual"]')
    # Several bits, by keyboard: tick the box, then toggle a1 on the start board.
    page.focus('[data-control="multi"]')
    page.keyboard.press("Space")
    page.wait_for_url("**multi=1**")
    page.focus('[data-board="start"] [data-square="g1"]')
    for _ in range(6):
        page.keyboard.press("ArrowLeft")
    page.keyboard.press("Enter")
    body = compare(client, ["h5"], ["g1", "a1"])
    shown(page, body)
    assert body["meaningful"] is False and "2 bits" in body["reason"]
    # Reload: the same view from the URL; back walks to the single-bit start.
    page.reload()
    shown(page, body)
    page.go_back()
    shown(page, compare(client, ["h5"], ["g1"]))
    page.go_forward()
    shown(page, body)
    # Predict the most significant bit of a destination of two bits (one bit shows its own), its
    # answers hidden: in lerbef h5 is bit 32 and b6 bit 46, the msb.
    page.click('[data-board="destination"] [data-square="b6"]')
    assert compare(client, ["h5", "b6"], ["g1", "a1"])["destination"]["msb_square"] == "b6"
    practise(page)
    page.click('[data-board="predict"] [data-square="b6"]')
    page.click('[data-action="reveal"]')
    page.wait_for_selector('.predict[data-score="1/0/0"]')
    screenshot(page, "chapter-msb")


def test_msb_mapping_switch_and_sketch_button(page, live_server, client):
    page.goto(live_server + "/chapter/msb?mapping=lerf")
    # Same squares (e1, h1), lerf numbers: the bigger number is now h1, so the rule reads backwards.
    body = compare(client, ["e1"], ["h1"], "lerf")
    assert body["verdict"] == "right" and body["actual"]["file"] == "left" and not body["meaningful"]
    shown(page, body)
    page.click('.mapping-switch input[value="lerbef"]')
    shown(page, compare(client, ["e1"], ["h1"]))
    page.click('[data-board="destination"] [data-square="b7"]')
    shown(page, compare(client, ["b7"], ["h1"]))
    page.click('[data-action="sketch"]')
    shown(page, compare(client, ["e1"], ["h1"]))


def test_on_the_slide_several_bits_can_be_allowed_and_p_still_leaves(page, live_server, client):
    """The guide's second question, on the projector: "tick several bits per board". The slide
    once folded the switch away; and once it was ticked, p (the presenter's key) did nothing while
    the checkbox had the focus, as if a letter were typed into it."""
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(live_server + "/chapter/msb?present=1")
    switch = page.get_by_label("Allow several bits per board")
    expect(switch).to_be_visible()
    switch.check()
    page.click('[data-board="destination"] [data-square="b3"]')  # added to e1, not in its place
    body = compare(client, ["e1", "b3"], ["h1"])
    wait_for_board(page, "destination", set(body["destination"]["squares"]))
    assert set(body["destination"]["squares"]) == {"e1", "b3"}
    page.wait_for_selector(f'.verdict[data-verdict="{body["verdict"]}"]')
    switch.focus()  # as after its tick (a click on the board moves the focus there)
    page.keyboard.press("p")
    expect(page.locator("html")).not_to_have_attribute("data-present", "1")
    page.keyboard.press("p")  # and back
    expect(page.locator("html")).to_have_attribute("data-present", "1")


def test_on_a_phone_the_verdict_follows_the_boards_it_judges(browser, live_server):
    """A tap on the destination board changes the verdict: on a 390 px phone it stands right under
    the two boards, before their values (it was 1,300 px below the board tapped)."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    try:
        page.goto(live_server + "/chapter/msb")
        page.wait_for_function("() => document.getElementById('chapter').dataset.drawn")
        box = {
            name: page.locator(selector).bounding_box()
            for name, selector in (
                ("start", '[data-board="start"]'),
                ("verdict", ".verdict"),
                ("values", '[data-readout="destination"]'),
            )
        }
        assert box["start"]["y"] + box["start"]["height"] < box["verdict"]["y"] < box["values"]["y"], box
        assert box["verdict"]["y"] - (box["start"]["y"] + box["start"]["height"]) < 100, box
    finally:
        context.close()
