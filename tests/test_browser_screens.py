"""Every screen a lesson uses, measured in headless Chromium on every page: what the
`hidden` attribute hides stays hidden; exported boards name their mapping and no text overlaps;
every chapter shows its working board and its result on a projector, at 150 % and on a phone,
in normal and in presenter mode."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image

from chessviz.chapters import CHAPTERS

from browser_helpers import FOLDED, SIZES, UNKEPT, keep, small_targets
from project import ROOT

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


def test_nothing_hidden_is_rendered_on_the_home_and_error_pages(page, live_server):
    """One rule in the stylesheet: no class that gives an element `display: flex` or `grid` shows
    it once it is `hidden`. The home page and the error pages here; every chapter, with its Share
    dialog open, in test_every_chapter_fits_the_screen_in_normal_and_presenter_mode."""
    page.set_viewport_size({"width": 1280, "height": 720})
    shown = {}
    for path in ["/", *ERROR_PATHS]:
        load(page, live_server + path)
        shown[path] = page.evaluate(HIDDEN_RENDERED)
    # The error pages are answered 404, which Chromium logs as a console error: expected here.
    page.problems[:] = [p for p in page.problems if "status of 404" not in p]
    assert {where: found for where, found in shown.items() if found} == {}


def check_hidden(page, where: str, problems: list[str]) -> None:
    """Nothing hidden is rendered, on the chapter and with its Share dialog open (its network
    address field is hidden under `make run`, its export field on a chapter without boards)."""
    found = page.evaluate(HIDDEN_RENDERED)
    page.get_by_role("button", name="Share this view").click()
    page.wait_for_selector("[data-share-dialog][open]")
    found += page.evaluate(HIDDEN_RENDERED)
    page.keyboard.press("Escape")
    page.wait_for_selector("[data-share-dialog]:not([open])", state="attached")
    if found:
        problems.append(f"{where}: hidden but rendered: {found[:3]}")


# Every board of the page exported as the Share dialog exports it (board-export.js, loaded from
# the page's own versioned prefix), drawn into the page, and measured: its mapping label, the
# number it gives a1, and the box of every text.
EXPORTS = """async () => {
  const src = document.querySelector('script[src$="/js/share.js"]').src.replace(/share\\.js$/, 'board-export.js');
  const { boardSvg, readBoard } = await import(src);
  const out = [];
  for (const grid of document.querySelectorAll('#chapter [data-board]')) {
    const host = document.createElement('div');
    host.innerHTML = boardSvg(readBoard(grid));
    document.body.append(host);
    const svg = host.querySelector('svg');
    const texts = [...svg.querySelectorAll('text')].map(t => {
      const b = t.getBBox();
      return { text: t.textContent, x: b.x, y: b.y, right: b.x + b.width, bottom: b.y + b.height };
    });
    out.push({
      role: grid.dataset.board,
      shows: grid.querySelector('[data-square="a1"] .idx')?.textContent ?? '',
      label: svg.querySelector('[data-role="mapping"]')?.textContent ?? '',
      a1: svg.querySelector('g[data-square="a1"] [data-role="index"]')?.textContent ?? '',
      size: [svg.viewBox.baseVal.width, svg.viewBox.baseVal.height],
      texts,
    });
    host.remove();
  }
  return out;
}"""


def intersect(a: dict, b: dict) -> bool:
    """Whether two boxes {x, y, right, bottom} share more than a hair (half a unit) each way."""
    return min(a["right"], b["right"]) - max(a["x"], b["x"]) > 0.5 and min(a["bottom"], b["bottom"]) - max(a["y"], b["y"]) > 0.5


def inside(a: dict, b: dict) -> bool:
    """Whether box a lies within box b."""
    return a["x"] >= b["x"] and a["y"] >= b["y"] and a["right"] <= b["right"] and a["bottom"] <= b["bottom"]


def overlaps(boxes: list[dict]) -> list[tuple[str, str]]:
    """The texts of the pairs of boxes that intersect."""
    return [(a["text"], b["text"]) for i, a in enumerate(boxes) for b in boxes[i + 1 :] if intersect(a, b)]


def check_exports(page, where: str, problems: list[str]) -> None:
    """Each board of the page exported: the label names the mapping the numbers are in
    (a1 is bit 0 in LERF, bit 7 in lerbef: the number the export gives a1 says which; the devlog's
    chapters number in lerbef, the wiki's in LERF), the numbers are the board's own, and no text
    of the SVG overlaps another or leaves the picture."""
    for board in page.evaluate(EXPORTS):
        at = f"{where} {board['role']} export"
        expected = {"0": "LERF (a1 = 0)", "7": "lerbef (h1 = 0)"}.get(board["a1"])
        if expected is None or expected not in board["label"]:
            problems.append(f"{at}: a1 is numbered {board['a1']!r}, labelled {board['label']!r}")
        if board["shows"] and board["shows"] != board["a1"]:
            problems.append(f"{at}: the board numbers a1 {board['shows']}, the export {board['a1']}")
        picture = {"x": 0, "y": 0, "right": board["size"][0], "bottom": board["size"][1]}
        outside = [t["text"] for t in board["texts"] if min(t["x"], t["y"]) < 0 or not inside(t, picture)]
        if outside:
            problems.append(f"{at}: text leaves the picture: {outside[:3]}")
        if overlaps(board["texts"]):
            problems.append(f"{at}: texts overlap: {overlaps(board['texts'])[:3]}")


# --- Every chapter on the projector, at 150 % and on a phone ----------------------
# The chapter skeleton marks its stage (data-stage): what the chapter declares for a slide, its
# input boards and its current result. The working board is the first board of the stage a
# student clicks; the results are the rest of the stage.
STAGE = """() => {
  const box = e => { const r = e.getBoundingClientRect(); return { x: r.left, y: r.top, right: r.right, bottom: r.bottom }; };
  const shown = e => e.checkVisibility();
  // A part laid out by its children (display: contents) has no box of its own, only theirs.
  const unpacked = e => getComputedStyle(e).display === 'contents' && !e.closest('[hidden]');
  const stage = [...document.querySelectorAll('#chapter [data-stage]')].filter(e => shown(e) || unpacked(e));
  const boardsOf = e => (e.matches('[data-board]') ? [e] : [...e.querySelectorAll('[data-board]')]).filter(shown);
  const working = stage.flatMap(boardsOf).find(b => b.querySelector('button.sq')) ?? null;
  const parts = stage.filter(e => !working || !e.contains(working)).map(e => {
    const boards = boardsOf(e);
    const panel = boards.length ? null : box(unpacked(e) ? e.firstElementChild : e);
    return { what: e.outerHTML.slice(0, 80), panel, boards: boards.map(b => ({ role: b.dataset.board, ...box(b) })) };
  });
  const texts = b => [...b.querySelectorAll('.piece, .idx, .label, .coord')].filter(t => t.textContent && shown(t))
    .map(t => ({ text: t.textContent, ...box(t) }));
  return {
    screen: { x: 0, y: 0, right: document.documentElement.clientWidth, bottom: innerHeight },
    scrollY, scrollWidth: document.documentElement.scrollWidth,
    working: working && { role: working.dataset.board, ...box(working) },
    parts,
    boards: stage.flatMap(boardsOf).map(b => ({
      role: b.dataset.board,
      square: b.querySelector('.sq').getBoundingClientRect().width,
      numbers: [...b.querySelectorAll('.idx')].filter(t => t.textContent).map(t => parseFloat(getComputedStyle(t).fontSize)),
      texts: texts(b),
      fills: [...new Set([...b.querySelectorAll('[data-fill]')].map(c => c.dataset.fill))],
      legend: [...b.closest('figure').querySelectorAll('.board-legend [data-legend]')].filter(shown).map(l => l.dataset.legend),
    })),
  };
}"""
VIEWPORTS = {size: SIZES[size] for size in ("projector", "projector-150", "phone")}
# Presenter mode's targets: the smallest square and bit number (CSS px), by viewport.
SLIDE_SQUARE = {"projector": 40, "projector-150": 28}
SLIDE_NUMBER = {"projector": 16}


def drawn(page) -> str:
    return page.evaluate("() => document.getElementById('chapter').dataset.drawn")


def seen(part: dict, screen: dict) -> bool:
    """A result is seen: each of its boards whole in the screen, or a panel's first lines (5rem)."""
    if part["boards"]:
        return all(inside(b, screen) for b in part["boards"])
    top = part["panel"]
    return top["y"] >= 0 and min(top["bottom"], top["y"] + 90) <= screen["bottom"]


def swipe(part: dict, working: dict, screen: dict) -> bool:
    """A result is within one swipe of the working board: both fit in two screens' height."""
    bottom = max(b["bottom"] for b in part["boards"]) if part["boards"] else part["panel"]["y"] + 90
    return bottom - working["y"] <= 2 * screen["bottom"]


# What the page tells the pointer to do: each visible text, and each label a screen reader says,
# naming a click or a tap (with its sentence), and how many of the template's mouse and finger
# verbs (templates/_words.html) show.
POINTER_WORDS = """() => {
  const words = /\\b(click|tap)(s|ed|ped|ing|ping)?\\b/i;
  const said = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    const at = t.parentElement;
    const sentence = at.closest('p, figcaption, legend, label') ?? at;
    if (words.test(t.data) && at.checkVisibility()) said.push(sentence.innerText.trim());
  }
  for (const e of document.querySelectorAll('[aria-label]')) {
    if (words.test(e.getAttribute('aria-label')) && e.checkVisibility()) said.push(e.getAttribute('aria-label'));
  }
  const shown = (selector) => [...document.querySelectorAll(selector)].filter(e => e.checkVisibility()).length;
  return { said, mouse: shown('.on-mouse'), finger: shown('.on-touch') };
}"""


def check_pointer_words(page, where: str, size: str, problems: list[str]) -> None:
    """A phone is touched: what it asks of the student says tap, never click; a projector's mouse
    is told to click, never to tap."""
    found = page.evaluate(POINTER_WORDS)
    wrong, verbs = (r"\bclick", found["mouse"]) if size == "phone" else (r"\btap", found["finger"])
    told = [s for s in found["said"] if re.search(wrong, s, re.IGNORECASE)]
    if told or verbs:
        problems.append(f"{where}: {verbs} verbs for the wrong pointer, and {told[:3]}")


# A readout's binary row: four pairs of bytes; no byte over two lines or past the readout's edge.
# A pair on one line holds its bytes whole: only a pair that wrapped has its bytes measured.
BROKEN_BYTES = """() => [...document.querySelectorAll('.readout .binary')]
  .filter(o => o.checkVisibility() && o.textContent)
  .flatMap(o => {
    const pairs = [...o.querySelectorAll('.pair')];
    if (pairs.length !== 4 || !/^([01]{8} [01]{8}[ \\n]){3}[01]{8} [01]{8}$/.test(o.textContent)) return [o.textContent];
    const edge = o.getBoundingClientRect().right + 0.5;
    const boxes = pairs.map(p => p.getBoundingClientRect());
    const line = Math.min(...boxes.map(b => b.height));
    const bytes = (p) => [0, 9].map(at => {
      const byte = document.createRange();
      byte.setStart(p.firstChild, at);
      byte.setEnd(p.firstChild, at + 8);
      const rects = [...byte.getClientRects()];
      return rects.length === 1 && rects[0].right <= edge ? null : byte.toString();
    }).filter(Boolean);
    const whole = (i) => boxes[i].right <= edge ? [] : [pairs[i].textContent];
    return pairs.flatMap((p, i) => boxes[i].height < 1.5 * line ? whole(i) : bytes(p));
  })"""


# A header cell with no words: a blank strip on screen, and nothing for a screen reader to say.
EMPTY_HEADERS = (
    "() => [...document.querySelectorAll('#chapter th')].filter(t => t.checkVisibility() && !t.textContent.trim()).length"
)


def check_bytes(page, where: str, problems: list[str]) -> None:
    """A byte of a binary row is a rank: a narrow screen wraps between pairs of bytes (or between
    the two bytes of a pair), never inside a byte."""
    broken = page.evaluate(BROKEN_BYTES)
    if broken:
        problems.append(f"{where}: binary rows broken or past the readout's edge: {broken[:3]}")


def check_labels(where: str, boards: list[dict], problems: list[str]) -> None:
    """No label over another inside a board, and a legend for every fill it draws."""
    for board in boards:
        found = overlaps(board["texts"])
        if found:
            problems.append(f"{where} {board['role']}: {len(found)} labels overlap, e.g. {found[:3]}")
        if set(board["fills"]) - set(board["legend"]):
            problems.append(f"{where} {board['role']}: draws {board['fills']} but its legend lists {board['legend']}")


# A table of four columns or more, whose last columns (a verdict, a count of wrong inputs) a phone
# would hide to the right of a box scrolled sideways: each row is a card there (wiki.js). Not a
# sheet of numbers (the directions' 15x15 grids), read by row and column, which scrolls.
WIDE_TABLES = """() => [...document.querySelectorAll('#chapter table.data')]
  .filter((t) => t.checkVisibility() && !t.matches('.sheet') && t.querySelectorAll('thead th').length >= 4)
  .filter((t) => t.scrollWidth > t.clientWidth + 1)
  .map((t) => t.querySelector('th').textContent)"""


# A table whose header cells stand over other columns than their own (a rule for another element
# once made these tables flex boxes, laying the header out apart from the rows).
HEADERS_ASTRAY = """() => [...document.querySelectorAll('#chapter table.data')].filter((t) => {
  const shown = (cells) => [...cells].filter((c) => c.checkVisibility());
  const row = [...(t.tBodies[0]?.rows ?? [])].find((r) => r.checkVisibility());
  if (!t.checkVisibility() || !t.tHead?.checkVisibility() || !row) return false;
  const heads = shown(t.tHead.rows[0].cells), cells = shown(row.cells);
  return heads.length === cells.length
    && heads.some((h, i) => Math.abs(h.getBoundingClientRect().left - cells[i].getBoundingClientRect().left) > 1);
}).map((t) => t.tHead.rows[0].cells[0].textContent)"""


# On a 720-pixel projector, the legends of a slide's boards that end below the screen.
LEGENDS_BELOW = """() => [...document.querySelectorAll('#chapter .board-legend')]
  .filter((l) => l.checkVisibility() && l.getBoundingClientRect().bottom > innerHeight + 1)
  .map((l) => l.closest('figure')?.querySelector('[data-board]')?.dataset.board)"""


def check_normal(page, where: str, size: str, problems: list[str]) -> None:
    """Nothing scrolls sideways, and on a phone every tap target is a finger wide; the working board
    whole in the first screen (1280x720) or within one screen (smaller), each result seen after a
    click on it (1280x720) or within one swipe; a tap scrolls nothing."""
    m = page.evaluate(STAGE)
    if m["scrollWidth"] > m["screen"]["right"]:
        problems.append(f"{where}: the page scrolls sideways ({m['scrollWidth']} px wide)")
    if size == "phone" and (small := small_targets(page)):
        problems.append(f"{where}: {len(small)} targets under a finger's width, e.g. {small[:3]}")
    if size != "phone" and (astray := page.evaluate(HEADERS_ASTRAY)):  # a phone's wide tables are cards
        problems.append(f"{where}: table headers stand over other columns: {astray}")
    if size == "phone" and (wide := page.evaluate(WIDE_TABLES)):
        problems.append(f"{where}: a table of four columns or more scrolls sideways on a phone: {wide}")
    check_labels(where, m["boards"], problems)
    check_pointer_words(page, where, size, problems)
    check_bytes(page, where, problems)
    if empty := page.evaluate(EMPTY_HEADERS):
        problems.append(f"{where}: {empty} table headers say nothing")
    if m["working"] is None:
        return  # no board to click (the code chapter, the routine audit): the first screen holds the stage
    working = m["working"]
    if size == "projector" and not inside(working, m["screen"]):
        problems.append(f"{where}: the working board {working['role']} is not whole in the first screen: {working}")
    if working["bottom"] - working["y"] > m["screen"]["bottom"]:
        problems.append(f"{where}: the working board {working['role']} is taller than the screen")
    square = page.locator(f'#chapter [data-board="{working["role"]}"] [data-square="d4"]').first
    square.scroll_into_view_if_needed()
    before, scrolled = drawn(page), page.evaluate("scrollY")
    if size == "phone":
        square.tap()
    else:
        square.click()
    page.wait_for_function("before => document.getElementById('chapter').dataset.drawn !== before", arg=before)
    after = page.evaluate(STAGE)
    if after["scrollY"] != scrolled:
        problems.append(f"{where}: a click on d4 scrolled the page from {scrolled} to {after['scrollY']}")
    for part in after["parts"]:
        ok = seen(part, after["screen"]) if size == "projector" else swipe(part, after["working"], after["screen"])
        if not ok:
            problems.append(
                f"{where}: after a click the result is not {'seen' if size == 'projector' else 'within a swipe'}: {part}"
            )


# A slide's tables: each word outside code on one line (a word broken letter by letter, "ret urns",
# cannot be read from the back row; a hyphenated word may break after its hyphen), and each table
# inside its box.
TABLE_WORDS = """() => {
  const broken = [], over = [];
  for (const table of document.querySelectorAll('#chapter table')) {
    if (!table.offsetParent) continue;
    const box = table.parentElement, style = getComputedStyle(box);
    const right = box.getBoundingClientRect().right - parseFloat(style.paddingRight) - parseFloat(style.borderRightWidth);
    if (table.getBoundingClientRect().right > right + 0.5) over.push(table.rows[0]?.textContent.trim().slice(0, 40));
    const texts = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      if (node.parentElement.closest('code, pre')) continue;
      for (const word of node.data.matchAll(/[^\\s-]+-?/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (lines.size > 1) broken.push(word[0]);
      }
    }
  }
  return { broken, over };
}"""


def check_slide(page, where: str, size: str, problems: list[str]) -> None:
    """Presenter mode: the stage's boards whole in the first screen, its panels begun there; squares
    and bit numbers large enough; nothing wider than the screen; no label over another; its tables'
    words whole and the tables inside their boxes; nothing shown but what the chapter keeps."""
    m = page.evaluate(STAGE)
    for found in (page.evaluate(UNKEPT), page.evaluate(FOLDED)):
        if found:
            problems.append(f"{where}: shown but not kept: {found[:3]}")
    check_labels(where, m["boards"], problems)
    if astray := page.evaluate(HEADERS_ASTRAY):
        problems.append(f"{where}: table headers stand over other columns: {astray}")
    if size == "projector" and (below := page.evaluate(LEGENDS_BELOW)):
        problems.append(f"{where}: a board's legend (the key to its patterns) ends below the slide: {below}")
    tables = page.evaluate(TABLE_WORDS)
    if tables["broken"]:
        problems.append(f"{where}: words broken inside a table's cells: {tables['broken'][:5]}")
    if tables["over"]:
        problems.append(f"{where}: a table wider than its box: {tables['over']}")
    if m["scrollWidth"] > m["screen"]["right"]:
        problems.append(f"{where}: the slide scrolls sideways")
    if m["working"] and not inside(m["working"], m["screen"]):
        problems.append(f"{where}: the working board is not whole in the first screen: {m['working']}")
    for part in m["parts"]:
        if not seen(part, m["screen"]):
            problems.append(f"{where}: not on the slide: {part}")
    for board in m["boards"]:
        if board["square"] < SLIDE_SQUARE[size]:
            problems.append(f"{where} {board['role']}: squares of {board['square']:.1f} px, under {SLIDE_SQUARE[size]}")
        if size in SLIDE_NUMBER and board["numbers"] and min(board["numbers"]) < SLIDE_NUMBER[size]:
            problems.append(f"{where} {board['role']}: bit numbers of {min(board['numbers'])} px, under {SLIDE_NUMBER[size]}")


@pytest.mark.parametrize("size", VIEWPORTS)
def test_every_chapter_fits_the_screen_in_normal_and_presenter_mode(browser, live_server, size):
    """At 1280x720 (a projector), 853x480 (the same at 150 %; a viewport of that size, which is what
    the zoom leaves the page) and on a 390x844 phone by touch, every chapter: normal mode (no
    sideways scrolling; on the phone, tap targets a finger wide) and, on the projector, presenter
    mode; at 1280x720 its hidden elements and its exported boards too, on the same visit.
    Screenshots are kept to be looked at."""
    width, height = VIEWPORTS[size]
    phone = size == "phone"
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=phone, has_touch=phone)
    page = context.new_page()
    page.set_default_timeout(10_000)
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    problems = []
    try:
        for chapter in CHAPTERS:
            where = f"{chapter.slug} {width}x{height}"
            load(page, f"{live_server}/chapter/{chapter.slug}")
            keep(page, f"screen-{width}x{height}-{chapter.slug}")
            check_normal(page, where, size, problems)
            if size == "projector":
                check_hidden(page, where, problems)
                check_exports(page, where, problems)
            if phone:
                continue
            load(page, f"{live_server}/chapter/{chapter.slug}?present=1")
            page.wait_for_selector("html[data-present]")
            keep(page, f"screen-{width}x{height}-{chapter.slug}-present")
            check_slide(page, f"{where} presenter", size, problems)
    finally:
        context.close()
    assert not errors
    assert not problems, "\n".join(problems)


# --- Marks read in every theme -----------------------------------------------------------
# Each glyph mark drawn on a light and on a dark square: the glyph against its own disc, both seen
# through the mark's opacity over the square. WCAG's contrast ratio of the two colours.
MARK_CONTRAST = """(marks) => {
  const rgba = (text) => {
    const n = text.match(/[\\d.]+/g).map(Number);
    return text.startsWith('color(') ? [n[0] * 255, n[1] * 255, n[2] * 255, n[3] ?? 1] : [n[0], n[1], n[2], n[3] ?? 1];
  };
  const over = (top, under) => top.slice(0, 3).map((c, i) => c * top[3] + under[i] * (1 - top[3]));
  const luminance = (rgb) => {
    const [r, g, b] = rgb.map(c => c / 255).map(c => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => { const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const out = [];
  for (const shade of ['light', 'dark']) {
    const cell = document.querySelector(`[data-board] .sq.${shade}:not([data-fill]):not([data-bit="1"])`);
    const before = cell.dataset.mark;
    const square = rgba(getComputedStyle(cell).backgroundColor);
    for (const mark of marks) {
      cell.dataset.mark = mark;
      const s = getComputedStyle(cell, '::after');
      const opacity = parseFloat(s.opacity);
      const disc = over(rgba(s.backgroundColor), square);
      const seen = (colour) => over([...colour.slice(0, 3), opacity], square);
      const glyph = over(rgba(s.color), disc);
      out.push({ mark, shade, ratio: Math.round(ratio(seen([...glyph, 1]), seen([...disc, 1])) * 100) / 100 });
    }
    if (before === undefined) delete cell.dataset.mark; else cell.dataset.mark = before;
  }
  return out;
}"""
GLYPH_MARKS = ["right", "wrong", "missed", "start", "end", "differs"]


def test_marks_read_at_4_5_to_1_in_light_dark_and_high_contrast(page, live_server):
    """✓, ✗, ○, S, D and ≠ on the squares: at least 4.5:1 against their disc, on light and dark
    squares, in each theme (axe does not measure what CSS draws with ::after)."""
    low = []
    for theme in ("light", "dark", "contrast"):
        page.goto(live_server + "/")
        page.evaluate("t => localStorage.setItem('chessviz-theme', t)", theme)
        load(page, f"{live_server}/chapter/squares")
        for found in page.evaluate(MARK_CONTRAST, GLYPH_MARKS):
            if found["ratio"] < 4.5:
                low.append(f"{theme}: {found}")
    assert not low, "\n".join(low)


# --- Pieces on every fill ------------------------------------------------------------------
# No fill, a set bit, and every named fill the style sheet draws.
STYLE = (ROOT / "static/css/chessviz.css").read_text(encoding="utf-8")
FILLS = ["", "bit", *re.findall(r'\[data-fill="([\w-]+)"\] \{ --fill:', STYLE)]
PROBE = """([shade, fill]) => {
  const sq = document.querySelector(`[data-board="game"] .sq.${shade}:not([data-piece])`);
  sq.id = 'probe';
  sq.dataset.bit = fill === 'bit' ? '1' : '0';
  delete sq.dataset.mark;
  if (fill && fill !== 'bit') sq.dataset.fill = fill; else delete sq.dataset.fill;
  for (const part of sq.children) part.style.visibility = 'hidden';
}"""
PIECE_COLOURS = """() => Object.fromEntries(['white', 'black'].map((side) => {
  const s = getComputedStyle(document.querySelector(`[data-board="game"] .piece[data-color="${side}"]`));
  return [side, { fill: s.color, outline: s.webkitTextStrokeColor, outlineWidth: parseFloat(s.webkitTextStrokeWidth) }];
}))"""


def relative_luminance(rgb) -> float:
    """WCAG 2's relative luminance of an sRGB colour (0-255 channels)."""
    linear = [c / 255 / 12.92 if c / 255 <= 0.03928 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in rgb[:3]]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def rgb_of(colour: str) -> tuple[float, ...]:
    """A computed colour, "rgb(r, g, b)" or "rgba(r, g, b, a)" (opaque here), as its channels."""
    channels = tuple(float(n) for n in re.findall(r"[\d.]+", colour))
    assert colour.startswith("rgb") and (len(channels) == 3 or channels[3:] == (1,)), colour
    return channels[:3]


def contrast_ratio(a: float, b: float) -> float:
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)


def test_relative_luminance_and_contrast_are_wcag_s():
    assert relative_luminance((255, 255, 255)) == pytest.approx(1.0) and relative_luminance((0, 0, 0)) == 0
    assert round(contrast_ratio(relative_luminance((118, 118, 118)), 1.0), 2) == 4.54  # #767676 on white, WCAG's example
    assert contrast_ratio(0.2, 0.2) == 1


def test_pieces_stand_out_from_every_fill_in_light_dark_and_high_contrast(page, live_server):
    """A white piece (white, outlined dark) and a black one, on a light and a dark square under each
    fill, in each theme: one of the piece's colours at least 3:1 (WCAG's non-text contrast) against
    the colour that covers most of the square, as painted (a screenshot of the square, its parts
    hidden). axe cannot tell: it reports a piece over a gradient as one it could not measure."""
    low, measured = [], 0
    for theme in ("light", "dark", "contrast"):
        page.goto(live_server + "/")
        page.evaluate("t => localStorage.setItem('chessviz-theme', t)", theme)
        load(page, f"{live_server}/chapter/game")
        pieces = page.evaluate(PIECE_COLOURS)
        for shade in ("light", "dark"):
            for fill in FILLS:
                page.evaluate(PROBE, [shade, fill])
                shot = Image.open(io.BytesIO(page.locator("#probe").screenshot())).convert("RGB")
                width, height = shot.size
                shades = sorted(relative_luminance(shot.getpixel((x, y))) for x in range(width) for y in range(height))
                ground = shades[len(shades) // 2]
                page.evaluate("() => document.getElementById('probe').removeAttribute('id')")
                for side, colours in pieces.items():
                    own = [colours["fill"]] + ([colours["outline"]] if colours["outlineWidth"] >= 1 else [])
                    best = max(contrast_ratio(relative_luminance(rgb_of(c)), ground) for c in own)
                    measured += 1
                    if best < 3:
                        low.append(f"{theme} {shade} square, fill {fill or 'none'}: {side} piece at {best:.2f}:1")
    assert measured == 3 * 2 * 2 * len(FILLS) and len(FILLS) == 10
    assert not low, "\n".join(low)


def test_on_a_phone_an_error_shows_under_what_the_student_acted_on(browser, live_server, client):
    """A phone stands the boards one above the other: an error line placed by the page's order
    (a FEN that does not load, a destination on no line of the start) sat a screen or two below
    the finger, and the tap seemed to do nothing. It goes right under the form or the board."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.on("console", lambda m: None)
    try:
        page.goto(live_server + "/chapter/game")
        page.wait_for_selector("#chapter[data-drawn]")
        page.fill("#fen", "not a fen")
        page.locator('[data-action="load"]').tap()
        said = client.get("/api/position?fen=not a fen").json["error"]["message"]
        under(page, "form.fen-form", ".input-error:not([hidden])", said)
        page.goto(live_server + "/chapter/shift-ray?from=e4&to=e5&pick=to")
        page.wait_for_selector("#chapter[data-drawn]")
        square = page.locator('[data-board="squares"] [data-square="f6"]')
        square.scroll_into_view_if_needed()
        square.tap()  # the destination: e4 and f6 share no line
        said = client.get("/api/ray?from=e4&to=f6").json["error"]["message"]
        under(page, '[data-board="squares"]', ".input-error:not([hidden])", said)
    finally:
        context.close()


def under(page, above: str, line: str, said: str) -> None:
    """The error line says `said`, starts within a line's height under `above` and comes into view
    (the page scrolls the least that shows it, as the board tapped may end at the screen's edge)."""
    page.wait_for_selector(line)
    assert page.inner_text(line) == said
    page.wait_for_function(IN_VIEW, arg=line)
    top, bottom = page.locator(above).bounding_box(), page.locator(line).bounding_box()
    gap = bottom["y"] - (top["y"] + top["height"])
    assert 0 <= gap <= 24, f"the error line is {gap:.0f} px under {above}"


# Within a pixel: scrolled to its nearest edge, a line at a fractional offset may end half a pixel lower.
IN_VIEW = "s => { const r = document.querySelector(s).getBoundingClientRect(); return r.top > -1 && r.bottom < innerHeight + 1; }"
