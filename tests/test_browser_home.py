"""The home page in real headless Chromium."""

from conftest import screenshot


def test_home_page_lists_the_chapters(page, live_server):
    page.goto(live_server + "/")
    assert page.title() == "chessviz"
    links = page.locator(".chapter-list a")
    assert links.count() == 15
    hrefs = {links.nth(i).get_attribute("href") for i in range(15)}
    assert "/chapter/game" in hrefs and "/chapter/routines" in hrefs
    page.get_by_role("link", name="Free-mode game board").click()
    page.wait_for_url("**/chapter/game")
    page.go_back()
    screenshot(page, "home")
