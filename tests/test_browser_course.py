"""A teacher's path through the course, in Chromium: each chapter's
picture on the home page is its board as it opens; every chapter says where it stands and links
its sources; the home page and the guide work on a projector, a phone by touch, in dark and on
paper; the guide's links hand out real exercises and worksheets. Every chapter comes from the
registry: a chapter added there is checked here with no edit."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from playwright.sync_api import expect

from chessviz.chapters import CHAPTERS

from browser_helpers import centre, keep
from project import KEEP_SCREENSHOTS, SCREENSHOTS
from test_browser_classroom import horizontal_overflow
from test_browser_screens import check_pointer_words

# What the first two boards of a chapter show as it opens: set squares, pieces, S and D, line fills.
FIRST_BOARDS = """() => {
  const out = { boards: 0, squares: [], pieces: {}, marks: {}, fills: {} };
  for (const board of [...document.querySelectorAll('#chapter [data-board]')].slice(0, 2)) {
    out.boards++;
    for (const sq of board.querySelectorAll('[data-square]')) {
      const name = sq.dataset.square;
      if (sq.dataset.bit === '1' && !out.squares.includes(name)) out.squares.push(name);
      if (sq.dataset.piece) out.pieces[name] = sq.dataset.piece;
      if (['start', 'end'].includes(sq.dataset.mark)) out.marks[name] = sq.dataset.mark;
      if (sq.dataset.fill) out.fills[name] = sq.dataset.fill;
    }
  }
  out.squares.sort();
  return out;
}"""


def test_every_chapter_opens_on_its_picture_says_where_it_stands_links_its_sources_and_shares(page, live_server, app):
    """Each chapter as it opens: its picture, its place in the course, its sources and the Share
    button. It runs under the strict CSP (the page fixture fails on any console error, which is
    how Chromium reports a violation) and every module it loads, relative imports included, comes
    from the page's own versioned prefix."""
    version = app.extensions["chessviz_static"].version
    prefixes = (f"/static/{version}/js/", f"/static/{version}/vendor/")
    for n, c in enumerate(CHAPTERS, 1):
        page.goto(f"{live_server}/chapter/{c.slug}")
        page.wait_for_selector("#chapter[data-drawn]", state="attached")
        scripts = page.evaluate("performance.getEntriesByType('resource').map(e => e.name).filter(n => n.endsWith('.js'))")
        assert len(scripts) >= 3, c.slug
        assert all(urlsplit(s).path.startswith(prefixes) for s in scripts), scripts
        expect(page.get_by_role("button", name="Share this view")).to_be_visible()
        shown = page.evaluate(FIRST_BOARDS)
        picture = c.picture
        if shown["boards"]:
            assert shown == {
                "boards": shown["boards"],
                "squares": sorted(picture.squares),
                "pieces": dict(picture.pieces),
                "marks": dict(picture.marks),
                "fills": dict(picture.fills),
            }, c.slug
        else:  # a chapter that opens on no board: its picture shows squares its text names
            text = page.inner_text("#chapter")
            named = set(picture.squares) | {sq for sq, _ in picture.marks}
            assert named and all(re.search(rf"\b{sq}\b", text) for sq in named), c.slug
        expect(page.locator('[data-role="course-place"]')).to_have_text(f"Chapter {n} of {len(CHAPTERS)}")
        expect(page.locator('[data-role="course-place"]')).to_be_visible()
        for role, other in (("previous-chapter", n - 2), ("next-chapter", n)):
            link = page.locator(f'[data-role="{role}"]')
            if 0 <= other < len(CHAPTERS):
                expect(link).to_have_attribute("href", f"/chapter/{CHAPTERS[other].slug}")
                expect(link).to_have_accessible_name(re.compile(rf": {re.escape(CHAPTERS[other].title)}"))
            else:
                expect(link).to_have_count(0)
        links = page.locator('[data-role="source-links"] a')
        expect(links).to_have_count(len(c.sources))
        for i, source in enumerate(c.sources):
            expect(links.nth(i)).to_be_visible()
            expect(links.nth(i)).to_have_attribute("href", source.url)
    # The page fixture fails the test on any request that left the test server: links load nothing.


def shot(page, name: str) -> None:
    keep(page, name, full_page=True)


# A lesson step of chessviz.lessons, as a mouse's teacher reads it on the guide.
STEP_WITH_A_CLICK = "On the projector: Click c1, then f4; then c1 and a8."


def test_home_and_guide_on_a_projector_in_dark_and_on_paper(page, live_server):
    for width, height in ((1280, 720), (853, 480)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(live_server + "/")
        start = page.locator('[data-role="start-here"]')
        box = start.bounding_box()
        assert box["y"] + box["height"] <= height, "start here is below the first screen"
        assert box["height"] >= 40
        assert horizontal_overflow(page) == 0
        # Every card is a target as large as itself, and its picture is drawn whole.
        for card in page.locator("ol.chapter-cards > li").all():
            assert card.locator("svg.mini-board").bounding_box()["width"] >= 60
        shot(page, f"home-{width}x{height}")
        page.goto(live_server + "/guide")
        assert horizontal_overflow(page) == 0
        told = []
        check_pointer_words(page, "/guide", "projector", told)
        assert not told, told
        assert page.locator(".lesson-steps p", has_text="c1, then f4").inner_text() == STEP_WITH_A_CLICK
        shot(page, f"guide-{width}x{height}")
    page.set_viewport_size({"width": 1280, "height": 720})
    page.emulate_media(color_scheme="dark")
    page.goto(live_server + "/")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    light, dark = page.evaluate(
        "() => ['light', 'dark'].map(k => getComputedStyle(document.querySelector(`.mini-board .${k}`)).fill)"
    )
    assert light != dark
    shot(page, "home-dark")
    page.goto(live_server + "/guide")
    shot(page, "guide-dark")
    page.emulate_media(color_scheme="light", media="print")
    # On paper each lesson starts a page and every link writes out its address.
    assert page.evaluate("() => getComputedStyle(document.querySelector('#lesson-sliding')).breakBefore") == "page"
    link = page.locator("#lesson-sliding a[data-path]").first
    after = link.evaluate("a => getComputedStyle(a, '::after').content")
    assert after == f'" ({link.get_attribute("href")})"', after
    assert page.locator("header.site").is_hidden()
    pdf = page.pdf()
    assert pdf.startswith(b"%PDF")
    if KEEP_SCREENSHOTS:
        SCREENSHOTS.mkdir(exist_ok=True)
        (SCREENSHOTS / "guide-print.pdf").write_bytes(pdf)
    page.emulate_media(media="screen")


def test_the_guide_hands_out_real_exercises_and_worksheets(page, live_server):
    page.goto(live_server + "/guide")
    sheet = page.locator('#lesson-sliding a[href*="sheet="]').first
    href = sheet.get_attribute("href")
    n = int(re.search(r"sheet=(\d+)", href).group(1))
    sheet.click()
    page.wait_for_selector('#chapter[data-drawn="sheet"]', state="attached")
    assert page.locator('[data-role="worksheet"] .sheet-item').count() == n
    assert page.locator('[data-role="answer-key"]').count() == 0  # the students' copy
    page.go_back()
    page.locator('#lesson-sliding a[href*="key=1"]').first.click()  # the teacher's copy, beside it
    page.wait_for_selector('#chapter[data-drawn="sheet"]', state="attached")
    assert page.locator('[data-role="answer-key"] .sheet-item').count() == n
    page.go_back()
    page.locator('#lesson-sliding a[href$="?hide=1"]').first.click()
    page.wait_for_selector('#chapter[data-drawn] [data-role="answer-hidden"]')
    expect(page.locator("html")).to_have_attribute("data-answers", "hidden")


def test_home_and_guide_on_a_phone_by_touch(browser, live_server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    left = []

    def guard(route):
        if route.request.url.startswith(live_server) or route.request.url.startswith("data:"):
            route.continue_()
        else:
            left.append(route.request.url)
            route.abort()

    context.route("**/*", guard)
    page = context.new_page()
    try:
        page.goto(live_server + "/")
        assert horizontal_overflow(page) == 0
        for card in page.locator("ol.chapter-cards > li").all():
            assert card.bounding_box()["height"] >= 48 and card.bounding_box()["width"] >= 300
        shot(page, "home-phone")
        # A tap on a card's picture, not its title, opens its chapter.
        second = CHAPTERS[1]
        picture = page.locator(f'li[data-chapter="{second.slug}"] svg.mini-board')
        picture.scroll_into_view_if_needed()
        page.touchscreen.tap(*centre(picture))
        page.wait_for_url(f"**/chapter/{second.slug}")
        nav = page.locator('[data-role="next-chapter"]')
        assert nav.bounding_box()["height"] >= 40
        nav.tap()
        page.wait_for_url(f"**/chapter/{CHAPTERS[2].slug}")
        page.goto(live_server + "/guide")
        assert horizontal_overflow(page) == 0
        # The lessons' steps are for the teacher at the board: a touch screen's teacher taps.
        told = []
        check_pointer_words(page, "/guide", "phone", told)
        assert not told, told
        tapped = page.locator(".lesson-steps p", has_text="c1, then f4").inner_text()
        assert tapped == STEP_WITH_A_CLICK.replace("Click", "Tap")
        shot(page, "guide-phone")
    finally:
        context.close()
    assert not left, left
