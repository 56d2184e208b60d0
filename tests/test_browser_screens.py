"""Every screen a lesson uses, measured in headless Chromium on every page (issue 23): what the
`hidden` attribute hides stays hidden."""

from __future__ import annotations

from chessviz.web.pages import CHAPTERS

CHAPTER_PATHS = [f"/chapter/{c.slug}" for c in CHAPTERS]
# The error pages a browser can meet: a chapter that does not exist, a static file that does not.
ERROR_PATHS = ["/chapter/no-such-chapter", "/static/no-such-file.css"]

# Every element that carries `hidden`, or lies inside one, and still has a box on screen.
HIDDEN_RENDERED = """() => [...document.querySelectorAll('[hidden]')]
  .flatMap(h => [h, ...h.querySelectorAll('*')])
  .filter(e => e.getClientRects().length > 0)
  .map(e => e.outerHTML.slice(0, 120))"""


def load(page, url: str) -> None:
    """Open a page and wait until its chapter (if any) has drawn its first state."""
    page.goto(url)
    page.wait_for_selector("h1")
    page.wait_for_function("() => !document.getElementById('chapter') || document.getElementById('chapter').dataset.drawn")


def test_nothing_hidden_is_rendered_on_any_page(page, live_server):
    """One rule in the stylesheet: no class that gives an element `display: flex` or `grid` shows
    it once it is `hidden`. Checked on the home page, the error pages and every chapter, with the
    Share dialog open (its network-address field is hidden under `make run`, its export field on a
    chapter without boards)."""
    page.set_viewport_size({"width": 1280, "height": 720})
    shown = {}
    for path in ["/", *ERROR_PATHS]:
        load(page, live_server + path)
        shown[path] = page.evaluate(HIDDEN_RENDERED)
    # The error pages are answered 404, which Chromium logs as a console error: expected here.
    page.problems[:] = [p for p in page.problems if "status of 404" not in p]
    for path in CHAPTER_PATHS:
        load(page, live_server + path)
        shown[path] = page.evaluate(HIDDEN_RENDERED)
        page.get_by_role("button", name="Share this view").click()
        page.wait_for_selector("[data-share-dialog][open]")
        shown[f"{path} (Share dialog)"] = page.evaluate(HIDDEN_RENDERED)
        page.keyboard.press("Escape")
    assert {where: found for where, found in shown.items() if found} == {}
