"""Chapter msb in Chromium, against /api/compare."""

from browser_helpers import readout, squares_of, wait_for_board
from conftest import screenshot

from chessviz.squares import bit_of, parse_square


def lerbef(*names):
    return sum(1 << bit_of(parse_square(n), "lerbef") for n in names)


def test_msb_single_bits_then_several(page, live_server, client):
    page.goto(live_server + "/chapter/msb")
    wait_for_board(page, "destination", {"b1"})
    wait_for_board(page, "start", {"g1"})
    body = client.get(f"/api/compare?destination={lerbef('b1')}&start={lerbef('g1')}&mapping=lerbef").json
    assert readout(page, "destination") == body["destination"]["value"]
    assert page.get_attribute(".verdict", "data-verdict") == body["verdict"] == "left"
    assert page.get_attribute(".verdict", "data-meaningful") == "true"
    assert body["destination"]["decimal"] in page.inner_text('[data-role="comparison"]')
    # Destination on a higher rank but to the right: the devlog still says "left".
    page.click('[data-board="destination"] [data-square="h5"]')
    body = client.get(f"/api/compare?destination={lerbef('h5')}&start={lerbef('g1')}&mapping=lerbef").json
    wait_for_board(page, "destination", {"h5"})
    page.wait_for_selector('.verdict[data-meaningful="false"]')
    assert body["verdict"] == "left" and body["actual"]["file"] == "right"
    # Several bits, by keyboard: tick the box, then toggle a1 on the start board.
    page.focus('[data-control="multi"]')
    page.keyboard.press("Space")
    page.wait_for_url("**multi=1**")
    page.focus('[data-board="start"] [data-square="g1"]')
    for _ in range(6):
        page.keyboard.press("ArrowLeft")
    page.keyboard.press("Enter")
    wait_for_board(page, "start", {"g1", "a1"})
    body = client.get(f"/api/compare?destination={lerbef('h5')}&start={lerbef('g1', 'a1')}&mapping=lerbef").json
    page.wait_for_function("t => document.querySelector('[data-role=\"reason\"]').textContent.includes(t)", arg="2 bits")
    assert readout(page, "start") == body["start"]["value"]
    page.reload()
    wait_for_board(page, "start", {"g1", "a1"})
    # Predict the most significant bit of the destination.
    page.click('[data-board="predict"] [data-square="h5"]')
    page.click('[data-action="reveal"]')
    page.wait_for_selector('.predict[data-score="1/0/0"]')
    assert squares_of(body["destination"]["value"], "lerbef") == {"h5"}
    screenshot(page, "chapter-msb")
