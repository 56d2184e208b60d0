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


def test_every_exported_board_names_its_numbers_mapping_and_no_text_overlaps(page, live_server):
    """The label names the mapping the numbers are in (a1 is bit 0 in LERF, bit 7 in lerbef: the
    number the export gives a1 says which), the numbers are the board's own, and no text of the
    SVG overlaps another or leaves the picture. Every board of every chapter, the devlog's in
    lerbef (their default) and in LERF."""
    page.set_viewport_size({"width": 1280, "height": 720})
    problems = []
    urls = CHAPTER_PATHS + [f"/chapter/{c.slug}?mapping=lerf" for c in CHAPTERS if c.part == "devlog"]
    for url in urls:
        load(page, live_server + url)
        for board in page.evaluate(EXPORTS):
            where = f"{url} {board['role']}"
            expected = {"0": "LERF (a1 = 0)", "7": "lerbef (h1 = 0)"}.get(board["a1"])
            if expected is None or expected not in board["label"]:
                problems.append(f"{where}: a1 is numbered {board['a1']!r}, labelled {board['label']!r}")
            if board["shows"] and board["shows"] != board["a1"]:
                problems.append(f"{where}: the board numbers a1 {board['shows']}, the export {board['a1']}")
            picture = {"x": 0, "y": 0, "right": board["size"][0], "bottom": board["size"][1]}
            outside = [t["text"] for t in board["texts"] if min(t["x"], t["y"]) < 0 or not inside(t, picture)]
            if outside:
                problems.append(f"{where}: text leaves the picture: {outside[:3]}")
            if overlaps(board["texts"]):
                problems.append(f"{where}: texts overlap: {overlaps(board['texts'])[:3]}")
    assert not problems, "\n".join(problems)
