"""Paper, in headless Chromium's print media and its A4 PDF: every chapter
and every chapter's worksheet prints what its screen shows, each 64-bit value whole, in a
monospace font of at least 9 pt, no instruction for a mouse, and a worksheet of one chapter
fits 4 A4 pages unless more exercises are asked for."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

from chessviz.chapters import CHAPTERS

from browser_helpers import keep

# An A4 page at 96 px to the inch, the width the print layout has.
A4 = {"width": 794, "height": 1123}
# What a screen shows that paper need not: the controls that act (buttons other than squares and
# the links of a list of steps, the copy buttons) and what the page marks as for the screen only.
SCREEN_ONLY = "button:not(.sq):not(.linklike):not(.cell), .copy-row, .screen-only, details.listing:not([open])"

# Give every element of the page that is drawn on screen (with an area: an empty holder shows
# nothing), and is no screen-only control, a mark.
MARK_SHOWN = """(screenOnly) => {
  let n = 0;
  for (const e of document.querySelectorAll('main *')) {
    const box = e.getBoundingClientRect();
    if (e.checkVisibility() && box.width * box.height > 0 && !e.closest(screenOnly)) e.dataset.shownOnScreen = String(n++);
  }
  return n;
}"""
# In print: the marked elements that paper loses, the texts that ask for a mouse, and every
# 64-bit value (a readout's field, a hex or binary text) with its box, font and size.
PRINTED = """() => {
  const lost = [...document.querySelectorAll('[data-shown-on-screen]')].filter(e => !e.checkVisibility())
    .map(e => e.outerHTML.slice(0, 90));
  const walker = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT);
  const mouse = [];
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    const at = t.parentElement;
    // A mouse's word, or a keyboard's: a field to type into is a line to write on, on paper.
    if (/\\bclick|(^|[.?!] )Type\\b/i.test(t.data) && at.checkVisibility()) mouse.push(at.textContent.trim().slice(0, 90));
  }
  // A 64-bit value: 16 hex digits, eight bytes of binary, or a decimal of 11 to 20 digits.
  const value = /(^|\\s)0x[0-9a-f]{16}\\b|\\b[01]{8}( [01]{8}){7}\\b|^\\d{11,20}$/i;
  const values = [...document.querySelectorAll('main input, main output, main code, main pre, main td')]
    .filter(e => e.checkVisibility() && value.test(e.value ?? e.textContent))
    .map(e => {
      const s = getComputedStyle(e);
      return { text: (e.value ?? e.textContent).slice(0, 40), clipped: e.scrollWidth > e.clientWidth + 1,
               font: s.fontFamily, size: parseFloat(s.fontSize) };
    });
  // A framed box that prints with nothing in it (its only words were the screen's).
  const empty = [...document.querySelectorAll('main .panel')]
    .filter(e => e.checkVisibility() && !e.innerText.trim() && !e.querySelector('.board, table, svg, img'))
    .map(e => e.outerHTML.slice(0, 90));
  return { lost, mouse, values, empty };
}"""


# In print, the texts of a page's main part that ask to reveal: paper has no such button.
REVEAL_PRINTED = """() => {
  const reveal = [];
  const walker = document.createTreeWalker(document.querySelector("main"), NodeFilter.SHOW_TEXT);
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    const at = t.parentElement;
    if (/\\breveal/i.test(t.data) && at.checkVisibility()) reveal.push(at.textContent.trim().slice(0, 90));
  }
  return reveal;
}"""
# In print, a worksheet and its key: the boxes whose text runs out of them sideways (into the
# next exercise's column), and the fields of the key (which gives its answers in words).
SHEET_PRINTED = """() => {
  const sheet = [...document.querySelectorAll('[data-role="worksheet"], [data-role="answer-key"]')];
  const over = [];
  for (const part of sheet) {
    for (const e of part.querySelectorAll('p, h3, label, fieldset')) {
      if (e.checkVisibility() && e.scrollWidth > e.clientWidth + 1) over.push(e.textContent.trim().slice(0, 60));
    }
  }
  const fields = [...document.querySelectorAll('[data-role="answer-key"] input:not([type=radio])')]
    .filter((e) => e.checkVisibility());
  // A value or a board an exercise shows twice (a node the chapter keeps inside another it keeps).
  const twice = [...document.querySelectorAll('[data-role="worksheet"] .sheet-item')].flatMap((item) => {
    const roles = [...item.querySelectorAll("[data-readout], [data-board]")]
      .map((e) => (e.dataset.readout ? `value ${e.dataset.readout}` : `board ${e.dataset.board}`));
    return roles.filter((role, i) => roles.indexOf(role) !== i);
  });
  return { over, fields: fields.length, twice };
}"""


def pages_of(pdf: bytes) -> int:
    """The number of pages of a PDF as Chromium writes it (one page object each)."""
    return len(re.findall(rb"/Type\s*/Page\b", pdf))


def printed_problems(page, where: str) -> list[str]:
    """Mark what the screen shows, switch to print and say what paper gets wrong."""
    page.emulate_media(media="screen")
    page.evaluate(MARK_SHOWN, SCREEN_ONLY)
    page.emulate_media(media="print")
    found = page.evaluate(PRINTED)
    reveal = page.evaluate(REVEAL_PRINTED)
    page.emulate_media(media="screen")
    problems = [f"{where}: paper asks to reveal: {reveal[:3]}"] if reveal else []
    if found["lost"]:
        problems.append(f"{where}: {len(found['lost'])} things on screen do not print, e.g. {found['lost'][:4]}")
    if found["mouse"]:
        problems.append(f"{where}: paper asks for a mouse: {found['mouse'][:4]}")
    if found["empty"]:
        problems.append(f"{where}: empty frames print: {found['empty'][:3]}")
    for value in found["values"]:
        if value["clipped"] or "mono" not in value["font"].lower() or value["size"] < 12:  # 9 pt is 12 CSS px
            problems.append(f"{where}: a value prints clipped, not monospace or under 9 pt: {value}")
    return problems


def load(page, url: str, drawn: str = "") -> None:
    page.goto(url)
    page.wait_for_function(
        "(drawn) => { const d = document.getElementById('chapter').dataset.drawn; return drawn ? d === drawn : d; }", arg=drawn
    )


@pytest.mark.parametrize("slug", [c.slug for c in CHAPTERS])
def test_a_chapter_and_its_worksheet_print_what_the_screen_shows(page, live_server, slug):
    """The chapter as it opens, printed: nothing on screen lost (the list of terms, the mapping
    chosen, the line chosen), values whole, no "click". The worksheet a chapter with an exercise
    offers (its link: six exercises and their key) the same, on at most 4 A4 pages, for a pen.
    Twelve exercises, asked for in the link, may take more. One chapter a test, so that the
    chapters share the cores.

    The teacher's copy holds as many exercises as the link asks, on the students' part with no
    answer (no revealed box, no note of a hidden answer) and in the key each revealed; no label
    is left of a choice the sheet dropped (an empty "Line through S:" frame on paper)."""
    page.set_viewport_size(A4)
    load(page, f"{live_server}/chapter/{slug}")
    problems = printed_problems(page, slug)
    link = page.locator('[data-action="worksheet"]')
    assert bool(link.count()) == bool(next(c for c in CHAPTERS if c.slug == slug).question), slug
    if link.count():  # a chapter without exercises offers no worksheet
        href = link.get_attribute("href")
        load(page, live_server + href + "&key=1", "sheet")  # the teacher's copy, key and all
        asked = int(parse_qs(urlsplit(href).query)["sheet"][0])
        items = {part: page.locator(f'[data-role="{part}"] .sheet-item').count() for part in ("worksheet", "answer-key")}
        assert items == {"worksheet": asked, "answer-key": asked}, (slug, href)
        answers_shown = '[data-role="worksheet"] [data-revealed="1"], [data-role="worksheet"] [data-mark="missed"]'
        assert page.locator(answers_shown).count() == 0, slug
        assert page.locator('[data-role="answer-key"] [data-revealed="1"]').count() == asked, slug
        orphans = page.eval_on_selector_all(
            ".sheet-item label.panel", "ls => ls.filter(l => !l.querySelector('input, select')).length"
        )
        assert orphans == 0, slug
        problems += printed_problems(page, f"{slug} worksheet")
        page.emulate_media(media="print")  # as a printer sees it (an earlier emulation of the screen would hold)
        sheet = page.evaluate(SHEET_PRINTED)
        if sheet["over"]:
            problems.append(f"{slug} worksheet: text runs out of its box: {sheet['over'][:3]}")
        if sheet["twice"]:
            problems.append(f"{slug} worksheet: an exercise shows twice: {sheet['twice'][:3]}")
        if sheet["fields"]:
            problems.append(f"{slug} worksheet: its key has {sheet['fields']} empty fields to type into")
        pages = pages_of(page.pdf(format="A4"))
        if pages > 4:
            problems.append(f"{slug}: its worksheet prints {pages} A4 pages")
        keep(page, f"paper-worksheet-{slug}", full_page=True)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("theme", ["dark", "contrast"])
def test_paper_is_white_with_dark_ink_whatever_the_screen_s_theme(browser, live_server, theme):
    """A teacher whose computer is in dark mode (or who chose dark or high contrast) prints a
    worksheet: the page prints white with dark ink and the light palette's squares, as it does from
    a light screen. The themes' colours once held in print too, and with every background printed
    exactly (for the boards' fills) a worksheet came out as black pages."""
    context = browser.new_context(viewport=A4, color_scheme="dark")
    page = context.new_page()
    colours = """() => { const s = (e) => getComputedStyle(e); const sq = document.querySelector('.sq.light');
      return [s(document.body).backgroundColor, s(document.body).color, sq && s(sq).backgroundColor]; }"""
    try:
        page.goto(live_server + "/")
        page.evaluate("t => localStorage.setItem('chessviz-theme', t)", theme)
        load(page, f"{live_server}/chapter/shift-ray?sheet=6&seed=1", "sheet")
        assert page.evaluate("() => document.documentElement.dataset.theme") == theme
        on_screen = page.evaluate(colours)
        page.emulate_media(media="print")
        printed = page.evaluate(colours)
        page.evaluate("() => { document.documentElement.dataset.theme = 'light'; }")  # as from a light screen
        from_light = page.evaluate(colours)
        assert on_screen[0] != "rgb(255, 255, 255)"  # the screen is the theme's
        assert printed == from_light, (printed, from_light)
        assert printed[0] == "rgb(255, 255, 255)" and printed[1] == "rgb(29, 31, 35)", printed  # white, the light ink
    finally:
        context.close()


def test_on_paper_a_set_bit_is_told_from_a_dark_square_without_colour(page, live_server):
    """Photocopied in black and white, a set bit's blue and a dark square's brown are two like
    greys: on paper every set square is framed in black too, and no clear square is."""
    page.set_viewport_size(A4)
    load(page, f"{live_server}/chapter/squares?sheet=6&seed=1", "sheet")
    page.emulate_media(media="print")
    frames = page.evaluate(
        """() => [...document.querySelectorAll('[data-role="worksheet"] .sq')]
          .map((s) => [s.dataset.bit, getComputedStyle(s).boxShadow])"""
    )
    framed = {bit for bit, shadow in frames if "inset" in shadow}
    assert sum(bit == "1" for bit, _ in frames) > 0 and framed == {"1"}, frames[:4]
    assert all("inset" in shadow for bit, shadow in frames if bit == "1")


def test_a_listing_prints_only_when_opened(page, live_server):
    """A closed listing printed its summary alone, a promise of what the paper does not hold: closed,
    it does not print; opened on screen, it prints whole."""
    page.set_viewport_size(A4)
    load(page, f"{live_server}/chapter/colors")
    listing = page.locator('details[data-listing="x86"]')
    page.emulate_media(media="print")
    expect(listing).to_be_hidden()
    page.emulate_media(media="screen")
    listing.locator("summary").click()
    page.emulate_media(media="print")
    expect(listing).to_be_visible()
    expect(listing.locator("pre, code").first).to_be_visible()


def test_a_sheet_leaves_a_pen_room_for_a_64_bit_value(page, live_server):
    """The squares sheet asks for a 64-bit value, 18 characters in hex: its answer line is at least
    twice as wide as such a value printed beside it (9-point type; a hand writes larger)."""
    page.set_viewport_size(A4)
    load(page, f"{live_server}/chapter/squares?sheet=2&seed=1", "sheet")
    page.emulate_media(media="print")
    field = page.locator('[data-role="worksheet"] .question input').first.bounding_box()
    printed = page.locator('[data-role="worksheet"] .readout input').first
    assert len(printed.input_value()) == 18
    assert field["width"] >= 2 * printed.bounding_box()["width"], (field, printed.bounding_box())
