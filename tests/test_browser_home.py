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
