"""The home page in real headless Chromium."""

from chessviz.chapters import CHAPTERS

from browser_helpers import screenshot


def test_home_page_lists_the_chapters(page, live_server):
    page.goto(live_server + "/")
    assert page.title() == "chessviz"
    # A mouse is told to click (on a touch screen the same line says tap: test_browser_classroom).
    assert page.locator(".lead").first.inner_text().startswith("Click squares, watch rays")
    links = page.locator(".chapter-list a")
    hrefs = [links.nth(i).get_attribute("href") for i in range(links.count())]
    assert hrefs == [f"/chapter/{c.slug}" for c in CHAPTERS]  # every chapter once, in teaching order
    page.get_by_role("link", name="Free-mode game board").click()
    page.wait_for_url("**/chapter/game")
    page.go_back()
    screenshot(page, "home")


def test_the_page_fixture_reports_a_request_to_another_host(page, live_server):
    """Every browser test fails on a request that leaves the server (tests/conftest.py): the browser
    resolves no other host, and the fixture reports each failed request to one. Held here with an
    image a script asks of another host (which the page's policy refuses too) and a link followed
    out of the app, to the wiki a chapter teaches from."""
    page.goto(live_server + "/chapter/colors")
    page.wait_for_selector("#chapter[data-drawn]")
    assert page.problems == []
    page.evaluate("() => { new Image().src = 'http://example.com/a.png'; }")
    wiki = page.locator('a[href^="https://www.chessprogramming.org/"]').first
    href = wiki.get_attribute("href")
    with page.expect_event("requestfailed", lambda request: request.url == href):
        wiki.click()
    left = [p for p in page.problems if p.startswith("request left the server")]
    assert left == ["request left the server: http://example.com/a.png", f"request left the server: {href}"], page.problems
    page.problems.clear()  # what the fixture would fail this test on, asserted above
