"""Every page as a classroom uses it, in headless Chromium: a projector (1280x720, and
853x480, which is 1280x720 at 150 % zoom), a 390 px phone by touch, a wide screen, paper,
a colour-blind student, light, dark and high contrast. axe-core (axe-playwright-python)
checks each page for accessibility violations."""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from chessviz.chapters import CHAPTERS

from browser_helpers import BOARDS_OUTSIDE, SIZES, TWO_FRAMES, keep, small_targets
from project import KEEP_SCREENSHOTS, ROOT

PAGES = ["/", "/guide"] + [f"/chapter/{c.slug}" for c in CHAPTERS]
# Serious enough to fail the suite: everything but axe's "minor".
FAILING_IMPACTS = {"critical", "serious", "moderate"}
AXE = Axe()


def load(page, url: str) -> None:
    """Open a page and wait until the chapter has drawn the answer to its first state."""
    page.goto(url)
    expect(page.locator("h1")).to_be_visible()
    page.wait_for_function("() => !document.getElementById('chapter') || document.getElementById('chapter').dataset.drawn")


# The rules whose verdict a theme can change: colours alone (the structure, names and roles are
# the same in every theme, and are checked in the first theme at each width).
COLOUR_RULES = ["color-contrast", "link-in-text-block"]


def run_axe(page, rules: list[str] | None = None, skip: list[str] = ()) -> list[dict]:
    """Run axe-core on the page (every rule, or only `rules`, less `skip`) and return its violations. axe,
    injected by the test, sets inline styles while it measures colours inside a shadow root (the
    code editor's); the page's CSP refuses those and Chromium logs it. Those log lines are axe's,
    not the page's: they are dropped, every other problem still fails the test."""
    before = len(page.problems)
    # axe is put into each document once: AXE.run sends its half megabyte of source with every run,
    # which the page parses and runs again (a quarter of a second a run, a fifth of a page's checks).
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE.axe_script)
    # Violations only, each with its nodes: axe's other results (every passing node of a page of
    # 4,000 elements, as HTML) took four times as long to carry back as axe took to check.
    options = {"resultTypes": ["violations"]} | ({"runOnly": rules} if rules else {})
    if skip:
        options["rules"] = {rule: {"enabled": False} for rule in skip}
    violations = page.evaluate("options => axe.run(document, options)", options)["violations"]
    page.problems[before:] = [p for p in page.problems[before:] if "Applying inline style violates" not in p]
    return violations


def horizontal_overflow(page) -> int:
    return page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")


def test_the_page_list_is_every_chapter_the_home_page_links(page, live_server):
    load(page, live_server + "/")
    linked = page.eval_on_selector_all(".chapter-list a", "els => els.map(e => new URL(e.href).pathname)")
    assert sorted(linked) == sorted(p for p in PAGES if p.startswith("/chapter/"))


# Tablets and a phone turned sideways, between the phone and the projector: a window resized
# there without a reload, as a tablet turned round is.
BETWEEN = [(480, 800), (600, 960), (667, 375), (768, 1024)]


@pytest.mark.parametrize("path", PAGES)
def test_no_page_scrolls_sideways_and_its_targets_are_a_finger_wide_on_a_phone(page, live_server, path):
    """No sideways scrolling, and no board out of its card or panel, from a 360 px phone to a
    1920 px screen, through tablets and a projector at 150 % zoom; on the 390 px phone, every
    button, field and square at least 40 px each way. A chapter is measured at the phone and
    projector sizes on the visit that fits it to the screen
    (test_every_chapter_fits_the_screen_in_normal_and_presenter_mode), here at the others."""

    def fits(width: int, height: int) -> None:
        assert horizontal_overflow(page) == 0, f"{path} scrolls sideways at {width}x{height}"
        assert page.evaluate(BOARDS_OUTSIDE) == [], f"{path} at {width}x{height}"

    sizes = [(360, 740), *SIZES.values()]
    if path.startswith("/chapter/"):
        sizes = [(360, 740), SIZES["wide"]]
    for width, height in sizes:
        page.set_viewport_size({"width": width, "height": height})
        load(page, live_server + path)
        fits(width, height)
        if (width, height) == SIZES["phone"]:
            small = small_targets(page)
            assert not small, f"{len(small)} targets under 40 px on a phone, e.g. {small[:3]}"
    for width, height in [*BETWEEN, SIZES["phone"]]:
        page.set_viewport_size({"width": width, "height": height})
        fits(width, height)


@pytest.mark.parametrize("path", PAGES)
def test_axe_finds_no_violation(page, live_server, path):
    """0 critical, serious or moderate violations: light and dark by the system's preference,
    high contrast by the page's own switch; at projector and phone width. The page is loaded once
    per width and changes theme live, as a student's does (a colour computed once at load would
    be caught here). The colour rules, most of axe's time on a big page, run in every theme at the
    projector's width; the others, which a theme does not change (structure, names, roles), in
    light at each width: a width changes the layout, the same in every theme, and no colour of the
    style sheets depends on the width (test_no_colour_depends_on_the_width)."""
    failures = []
    for width, height in (SIZES["projector"], SIZES["phone"]):
        page.set_viewport_size({"width": width, "height": height})
        page.emulate_media(color_scheme="light")
        load(page, live_server + path)
        projector = (width, height) == SIZES["projector"]
        for theme in ("light", "dark", "contrast") if projector else ("light",):
            if theme == "dark":
                page.emulate_media(color_scheme="dark")
            elif theme == "contrast":
                page.select_option("#theme-choice", "contrast", force=True)
            expect(page.locator("html")).to_have_attribute("data-theme", theme)
            if not projector:
                rules, skip = None, COLOUR_RULES  # every rule but the colours, checked on the projector
            else:
                rules, skip = (None if theme == "light" else COLOUR_RULES), ()
            for v in run_axe(page, rules, skip):
                if v["impact"] in FAILING_IMPACTS:
                    failures.append(
                        f"{theme} {width}px: {v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes'][:3]]}"
                    )
        page.select_option("#theme-choice", "system", force=True)  # the next width starts from the system's light
    assert not failures, "\n".join(failures)


COLOUR_PROPERTY = re.compile(
    r"(?<![-\w])(color|background(?:-color|-image)?|border(?:-\w+)?-color|outline-color|fill|stroke|opacity|filter|"
    r"text-decoration-color|box-shadow)\s*:"
    # A custom property (the sheets keep their palette in them) whose value is a colour.
    r"|(?<![-\w])(--[\w-]+)\s*:[^;}]*(?:#[0-9a-fA-F]{3}|rgb|hsl|lab|lch|color|transparent|canvas)"
)


def media_blocks(css: str):
    """Yield each @media rule's condition and its body (nested braces followed)."""
    for match in re.finditer(r"@media([^{]*)\{", css):
        depth, end = 1, match.end()
        while depth:
            depth += {"{": 1, "}": -1}.get(css[end], 0)
            end += 1
        yield match.group(1), css[match.end() : end - 1]


# Every focus the page loses, kept in the page: a focusout to nothing that leaves the focus on the
# page itself once the task is over (a button disabled or redrawn under the keyboard's focus).
WATCH_FOCUS = """() => {
  window.__focusLost = [];
  document.addEventListener("focusout", (event) => {
    if (event.relatedTarget) return;
    const left = event.target.outerHTML.slice(0, 120);
    setTimeout(() => { if (document.activeElement === document.body) window.__focusLost.push(left); });
  }, true);
}"""
# Each kind of button of the chapter, once: what it does (data-action, data-step), its class and the
# names of its attributes (a table's hundreds of pair buttons are one kind). A board's squares are left
# to the boards' own keyboard tests.
KIND = """(button) =>
  [button.dataset.action, button.dataset.step, button.className, button.getAttributeNames().sort()].join("|")"""
BUTTON_KINDS = f"""() => [...new Set([...document.querySelectorAll("#chapter button")]
  .filter((button) => !button.closest("[data-square]"))
  .map({KIND}))]"""
# Focus the first button of a kind that can take the focus (enabled, shown, not in a closed
# <details>); false if none can.
FOCUS_KIND = f"""(kind) => [...document.querySelectorAll("#chapter button")].some((button) => {{
  if (button.disabled || ({KIND})(button) !== kind) return false;
  button.focus();
  return document.activeElement === button;
}})"""


def test_a_button_pressed_by_keyboard_keeps_the_focus_on_the_page(page, live_server):
    """A keyboard user presses each kind of button of every chapter (Enter): the focus stays on
    something of the page, never drops to the page itself, where the next Tab starts again at the
    top. A button that its press disables (Reveal, Last step, Check) hands the focus on to the
    nearest button; a redrawn table keeps its buttons (the intersections' row of a pair)."""
    lost = {}
    for chapter in CHAPTERS:
        load(page, f"{live_server}/chapter/{chapter.slug}")
        page.evaluate(WATCH_FOCUS)
        for kind in page.evaluate(BUTTON_KINDS):
            if page.evaluate(FOCUS_KIND, kind):
                page.keyboard.press("Enter")
                page.evaluate(TWO_FRAMES)
        page.wait_for_load_state("networkidle")
        page.evaluate(TWO_FRAMES)
        if page.evaluate("window.__focusLost.length"):
            lost[chapter.slug] = page.evaluate("window.__focusLost")
    assert not lost, lost


def test_no_colour_depends_on_the_width():
    """What lets the axe test check dark and high contrast at one width: no style sheet sets a
    colour (or a custom property, which may hold one) only at some widths or heights."""
    found = []
    for sheet in sorted((ROOT / "static").rglob("*.css")):
        for condition, body in media_blocks(sheet.read_text(encoding="utf-8")):
            if re.search(r"width|height|orientation|aspect-ratio", condition):
                found += [f"{sheet.name} @media{condition.strip()}: {m.group(0)}" for m in COLOUR_PROPERTY.finditer(body)]
    assert not found, found
    sample = "@media (max-width: 40em) { .a { gap: 1px; --sq: 2rem } .b { color: red } :root { --ink: #123 } }"
    assert [m.group(0) for _, body in media_blocks(sample) for m in COLOUR_PROPERTY.finditer(body)] == ["color:", "--ink: #123"]


def test_a_tap_on_a_phone_toggles_a_square(browser, live_server):
    """Phones have no hover and no mouse: a real touch tap (not a click) does the work."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        load(page, live_server + "/chapter/squares")
        square = page.locator('[data-board="lerf"] [data-square="c3"]')
        before = square.get_attribute("data-bit")
        square.tap()
        expect(square).to_have_attribute("data-bit", "1" if before == "0" else "0")
        box = square.bounding_box()
        assert box["width"] >= 40 and box["height"] >= 40
        # A finger is told to tap, on the home page's first line too (a mouse reads "Click squares").
        load(page, live_server + "/")
        assert page.locator(".lead").first.inner_text().startswith("Tap squares, watch rays")
    finally:
        context.close()


def test_the_theme_switch_overrides_the_system_and_survives_a_reload(page, live_server):
    page.emulate_media(color_scheme="light")
    load(page, live_server + "/chapter/rays")
    root = page.locator("html")
    expect(root).to_have_attribute("data-theme", "light")
    page.emulate_media(color_scheme="dark")  # "as the system" follows the system, live
    expect(root).to_have_attribute("data-theme", "dark")
    page.select_option("#theme-choice", "contrast")
    expect(root).to_have_attribute("data-theme", "contrast")
    background = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(0, 0, 0)"
    page.reload()
    expect(root).to_have_attribute("data-theme", "contrast")
    expect(page.locator("#theme-choice")).to_have_value("contrast")
    page.select_option("#theme-choice", "light")
    expect(root).to_have_attribute("data-theme", "light")
    page.select_option("#theme-choice", "system")
    expect(root).to_have_attribute("data-theme", "dark")


def test_meaning_never_rests_on_colour_alone(page, live_server):
    """Positive and negative rays, mask, borrows and the two intersection lines each carry a
    pattern of their own beside the hue: in greyscale they still differ."""
    load(page, live_server + "/chapter/rays?view=4")
    expect(page.locator('[data-board="rays"] [data-fill="negative"]').first).to_be_visible()
    patterns = page.evaluate("""() => {
        const probe = document.querySelector('[data-board="rays"] [data-square]');
        const out = {};
        for (const fill of ['positive', 'negative', 'mask', 'borrow', 'line-a', 'line-b', 'both']) {
            const before = probe.dataset.fill;
            probe.dataset.fill = fill;
            out[fill] = getComputedStyle(probe).backgroundImage;
            if (before === undefined) delete probe.dataset.fill; else probe.dataset.fill = before;
        }
        return out;
    }""")
    assert all(p != "none" for p in patterns.values()), patterns
    # The pattern's geometry, not only its colours, differs from fill to fill.
    import re

    shapes = {
        fill: re.sub(r"rgba?\([^)]*\)|color\([^)]*\)|oklab\([^)]*\)|color-mix\([^)]*\)", "C", p) for fill, p in patterns.items()
    }
    assert len(set(shapes.values())) == len(shapes), shapes


def test_bit_numbers_read_on_every_fill(page, live_server):
    """A bit number sits on its own chip: its contrast does not depend on the fill beneath."""
    load(page, live_server + "/chapter/rays?view=4")
    expect(page.locator('[data-board="rays"] [data-fill="positive"]').first).to_be_visible()
    chips = page.evaluate("""() => [...document.querySelectorAll('[data-board="rays"] [data-fill] .idx')].map(e => {
        const s = getComputedStyle(e); return [s.color, s.backgroundColor, parseFloat(s.fontSize)]; })""")
    assert chips and all(bg not in ("rgba(0, 0, 0, 0)", "transparent") for _, bg, _ in chips)
    assert len({(fg, bg) for fg, bg, _ in chips}) == 1  # one chip for every fill


@pytest.mark.parametrize("path", ["/chapter/mask", "/chapter/intersections"])
def test_print_keeps_the_boards_and_drops_the_controls(page, live_server, path):
    load(page, live_server + path)
    page.emulate_media(media="print")
    # The buttons that act go; a list's links (a list of steps, the audit's inputs) hold content and print.
    acting = "button:not(.sq):not(.linklike)"
    assert page.evaluate(f"() => [...document.querySelectorAll('{acting}')].every(b => getComputedStyle(b).display === 'none')")
    assert page.evaluate("() => getComputedStyle(document.querySelector('header.site')).display") == "none"
    square = page.locator("[data-board] .sq").first
    assert square.evaluate("e => getComputedStyle(e).printColorAdjust") == "exact"
    assert page.evaluate(
        "() => [...document.querySelectorAll('.board-figure')].every(f => getComputedStyle(f).breakInside === 'avoid')"
    )
    keep(page, f"print{path.replace('/', '-')}", full_page=True)
    page.emulate_media(media="screen")


@pytest.mark.skipif(not KEEP_SCREENSHOTS, reason="pictures only: make screenshots")
def test_every_page_on_a_phone_and_a_projector_is_kept_for_a_look(page, live_server):
    """Screenshots (first screen) of every page on a phone and a projector at 150 %, to be looked at."""
    for size in ("phone", "projector-150"):
        width, height = SIZES[size]
        page.set_viewport_size({"width": width, "height": height})
        for path in PAGES:
            load(page, live_server + path)
            name = path.strip("/").replace("/", "-") or "home"
            keep(page, f"{size}-{name}")


def _luminance(rgb: str) -> float:
    """The relative luminance (WCAG) of a computed colour "rgb(r, g, b)"."""
    channels = [int(c) / 255 for c in re.findall(r"\d+", rgb)[:3]]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def test_light_and_dark_squares_stand_apart_in_every_theme(page, live_server):
    """On a washed-out projector the checkering must still show (where a square's colour is the
    lesson: the colour chapter, monochrome diagonals): light and dark squares at least 1.95:1 apart
    in every theme. The dark theme's squares were 1.6:1."""
    load(page, live_server + "/chapter/intersections")
    ratios = {}
    for theme in ("light", "dark", "contrast"):
        page.select_option("#theme-choice", theme, force=True)
        expect(page.locator("html")).to_have_attribute("data-theme", theme)
        light, dark = page.evaluate(
            """() => ['.sq.light:not([data-fill])', '.sq.dark:not([data-fill])'].map(
                (s) => getComputedStyle(document.querySelector(`[data-board] ${s}`)).backgroundColor)"""
        )
        high, low = sorted((_luminance(light), _luminance(dark)), reverse=True)
        ratios[theme] = round((high + 0.05) / (low + 0.05), 2)
    assert all(ratio >= 1.95 for ratio in ratios.values()), ratios
