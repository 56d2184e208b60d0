"""Chapter shift-ray in Chromium, against /api/ray and /api/devlog-ray."""

from browser_helpers import readout, squares_of, wait_for_board
from conftest import screenshot


def test_shift_ray_steps_keyboard_reload(page, live_server, client):
    page.goto(live_server + "/chapter/shift-ray")
    ray = client.get("/api/ray?from=c4&to=g4&mapping=lerbef").json
    wait_for_board(page, "shifted", {"c4"})
    for i, value in enumerate(ray["steps"]):
        if i:
            page.click('[data-step="next"]')
        wait_for_board(page, "shifted", squares_of(value, "lerbef"))
        assert readout(page, "shifted") == value
        wait_for_board(page, "ray", set(ray["squares"][: i + 1]))
    assert readout(page, "ray") == ray["ray"]
    assert ">>" in page.inner_text(".shift-code")
    # Pick a file: start e2, destination e7 (the radio says what the next click sets).
    page.click('[data-board="squares"] [data-square="e2"]')
    page.click('[data-board="squares"] [data-square="e7"]')
    ray = client.get("/api/ray?from=e2&to=e7&mapping=lerbef").json
    assert (ray["shift"], ray["operator"]) == (8, "<<")
    wait_for_board(page, "shifted", {"e2"})
    page.locator("h1").click()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    wait_for_board(page, "shifted", {"e4"})
    wait_for_board(page, "ray", {"e2", "e3", "e4"})
    page.reload()
    wait_for_board(page, "ray", {"e2", "e3", "e4"})
    # The mapping switch: lerf turns the diagonal's shift from 7 to 9.
    page.goto(live_server + "/chapter/shift-ray?from=a1&to=h8&mapping=lerf")
    page.wait_for_function("() => document.querySelector('.shift-code').textContent.includes('BigInt(9*0)')")
    screenshot(page, "chapter-shift-ray")


def test_shift_ray_not_aligned_is_explained_not_looped(page, live_server, client):
    page.expect_bad_requests = True
    page.goto(live_server + "/chapter/shift-ray?from=c4&to=d7")
    page.wait_for_selector(".explain + .input-error:not([hidden])")
    assert "not_aligned" in page.inner_text(".explain + .input-error")
    loop = client.get("/api/devlog-ray?from=c4&to=d7&shift=8&mapping=lerbef").json
    page.wait_for_selector(f'[data-outcome="{loop["outcome"]}"]')
    assert "never ends" in page.inner_text(".explain")
    page.select_option('[data-control="shift"]', "1")
    loop = client.get("/api/devlog-ray?from=c4&to=d7&shift=1&mapping=lerbef").json
    assert loop["outcome"] == "reached" and loop["wrapped"]
    page.wait_for_selector('[data-outcome="reached"]')
    wait_for_board(page, "ray", squares_of(loop["ray"], "lerbef"))
    screenshot(page, "chapter-shift-ray-not-aligned")
