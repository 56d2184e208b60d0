"""Helpers for the browser tests: the Chromium to drive, screenshots kept to be looked at, what a
board shows and the API's answer to the same question."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from chessviz.squares import SQUARE_NAMES, convert

from project import KEEP_SCREENSHOTS, SCREENSHOTS


def chromium_executable() -> str | None:
    """Return the Chromium binary to drive: $CHROMIUM_PATH, else Debian's headless shell (the same Blink
    without the desktop browser, much lighter on CPU), else a system chromium.

    None means Playwright's own download (``playwright install chromium``), which
    `scripts/ensure-chromium` falls back to where no system browser can be had.
    """
    path = os.environ.get("CHROMIUM_PATH", "")
    if path and path != "playwright":
        return path
    if path == "playwright":
        return None
    for name in ("chromium-headless-shell", "chromium", "chromium-browser", "google-chrome-stable", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def keep(target, name: str, **options) -> Path | None:
    """Save a screenshot of a page or an element as screenshots/<name>.png, under `make screenshots`
    (CHESSVIZ_SCREENSHOTS=1); in the other runs, nothing (the picture is for a person to look at)."""
    if not KEEP_SCREENSHOTS:
        return None
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    target.screenshot(path=str(path), **options)
    return path


# Resolves once the page has drawn two frames: what it drew before is painted.
TWO_FRAMES = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"


def screenshot(page, name: str) -> list[Path]:
    """Save full-page screenshots, light and dark, under screenshots/ (to be looked at), under `make screenshots`."""
    if not KEEP_SCREENSHOTS:
        return []
    paths = []
    for scheme, suffix in (("light", ""), ("dark", "-dark")):
        page.emulate_media(color_scheme=scheme)
        page.evaluate(TWO_FRAMES)
        paths.append(keep(page, f"{name}{suffix}", full_page=True))
    page.emulate_media(color_scheme="light")
    return paths


def centre(locator) -> tuple[float, float]:
    """The middle of an element on the page, in CSS px, where a finger or a mouse would press it."""
    box = locator.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def board_squares(page, role: str) -> set[str]:
    """Return the names of the squares drawn with data-bit=1 on the board of a role."""
    page.wait_for_selector(f'[data-board="{role}"] [data-square]')
    return set(page.eval_on_selector_all(f'[data-board="{role}"] [data-bit="1"]', "els => els.map(e => e.dataset.square)"))


def practise(page) -> None:
    """Hide the chapter's answers to predict: exploring, its exercise only invites to (they are on the page)."""
    page.get_by_role("button", name="Practise: hide the answers").click()
    page.wait_for_selector('#chapter[data-exercise="1"] [data-role="answer-hidden"]')


def board_marks(page, role: str) -> dict[str, str]:
    """Return the mark of every marked square on the board of a role (slider, right, wrong, ...)."""
    return dict(
        page.eval_on_selector_all(f'[data-board="{role}"] [data-mark]', "els => els.map(e => [e.dataset.square, e.dataset.mark])")
    )


def board_labels(page, role: str) -> dict[str, str]:
    """Return every square's label on the board of a role, "" where it shows none (board.js makes a
    square's label only when it first has one)."""
    script = "els => els.map(e => [e.dataset.square, e.querySelector('.label')?.textContent ?? ''])"
    return dict(page.eval_on_selector_all(f'[data-board="{role}"] [data-square]', script))


def squares_of(value: str | int, mapping: str) -> set[str]:
    """Return the square names of an API bitboard (hex string or int) read in `mapping`."""
    number = int(value, 16) if isinstance(value, str) else value
    lerf = convert(number, mapping, "lerf")
    return {SQUARE_NAMES[sq] for sq in range(64) if lerf >> sq & 1}


def steps(client, **query) -> dict[str, str]:
    """Return {step id: value} of /api/slide."""
    text = "&".join(f"{k}={v}" for k, v in query.items())
    return {s["id"]: s["value"] for s in client.get(f"/api/slide?{text}").json["steps"]}


def wait_for_board(page, role: str, expected: set[str]) -> None:
    """Wait until the board of a role shows exactly the expected squares (the page redraws async)."""
    names = sorted(expected)
    page.wait_for_function(
        """([role, names]) => {
            const on = [...document.querySelectorAll(`[data-board="${role}"] [data-bit="1"]`)].map(e => e.dataset.square).sort();
            return on.length === names.length && on.every((n, i) => n === names[i]);
        }""",
        arg=[role, names],
    )


def wait_for_readout(page, role: str, value: str) -> None:
    """Wait until the readout of a role shows the value (a mapping switch redraws the same squares first)."""
    page.wait_for_selector(f'[data-readout="{role}"][data-value="{value}"]')


def readout(page, role: str) -> str:
    return page.get_attribute(f'[data-readout="{role}"]', "data-value")


def wait_for_marks(page, role: str, guess: set[str], answer: set[str]) -> None:
    """Wait until the board of a role marks the guess against the answer: right where both
    hold a square, wrong where only the guess does, missed where only the answer does, and
    nothing else. On a time-out the error names what the board shows instead."""
    expected = {
        **dict.fromkeys(guess & answer, "right"),
        **dict.fromkeys(guess - answer, "wrong"),
        **dict.fromkeys(answer - guess, "missed"),
    }
    script = """([role, expected]) => {
        const shown = Object.fromEntries([...document.querySelectorAll(`[data-board="${role}"] [data-mark]`)].map(e => [e.dataset.square, e.dataset.mark]));
        const keys = Object.keys(expected);
        return Object.keys(shown).length === keys.length && keys.every(k => shown[k] === expected[k]);
    }"""  # noqa: E501
    try:
        page.wait_for_function(script, arg=[role, expected])
    except Exception:
        shown = board_marks(page, role)
        raise AssertionError(f"board {role} marks {sorted(shown.items())}, expected {sorted(expected.items())}") from None


# On a slide, nothing shows but what the chapter keeps (and what holds it): every visible
# element of #chapter lies inside a kept one or holds one. Elements marked data-present-fold
# (the listings, the side to move, the shift loop's explanation, the click notes) stay folded
# even inside a kept element, and through every redraw.
UNKEPT = """() => [...document.querySelectorAll('#chapter *')]
  .filter(e => e.checkVisibility() && !e.closest('[data-present-keep]') && !e.querySelector('[data-present-keep]'))
  .map(e => e.outerHTML.slice(0, 100))"""
FOLDED = """() => [...document.querySelectorAll('[data-present-fold]')]
  .filter(e => e.checkVisibility()).map(e => e.outerHTML.slice(0, 100))"""


# Each board that sticks out of its figure or of a box around it (a card, a panel, a column), with
# how far: a page can be no wider than the screen and still draw a board across a card's edge.
BOARDS_OUTSIDE = """() => [...document.querySelectorAll('.board')].filter((b) => b.offsetParent !== null).flatMap((board) => {
  const r = board.getBoundingClientRect();
  const out = [];
  for (let box = board.parentElement; box && box.tagName !== 'MAIN'; box = box.parentElement) {
    if (getComputedStyle(box).display === 'contents') continue; // no box of its own (a phone's reordered column)
    const o = box.getBoundingClientRect();
    const over = Math.max(o.left - r.left, r.right - o.right);
    const name = `${box.tagName.toLowerCase()}.${[...box.classList].join('.')}`;
    if (over > 0.5) out.push(`${board.dataset.board} ${Math.round(over)} px out of ${name}`);
  }
  return out.slice(0, 1);
})"""


# The screens a classroom uses: a phone, a projector at 150 % (the viewport that zoom leaves the
# page) and at 100 %, and a wide screen.
SIZES = {"phone": (390, 844), "projector-150": (853, 480), "projector": (1280, 720), "wide": (1920, 1080)}
# Every button, field and square a finger taps, with its box (a radio button or checkbox is tapped
# through its label: the label's box). On a phone, each must be at least 40 px each way.
TARGETS = """() => [...document.querySelectorAll('button, select, input:not([type=hidden]), [role=gridcell], nav li > a')]
  .filter(e => e.offsetParent !== null && !e.closest('[hidden]'))
  .map(e => {
    const box = (e.type === 'radio' || e.type === 'checkbox') && e.closest('label') ? e.closest('label') : e;
    const r = box.getBoundingClientRect();
    return { what: e.outerHTML.slice(0, 80), width: r.width, height: r.height };
  })"""
FINGER_PX = 40


def small_targets(page) -> list[dict]:
    """The tap targets on the page under a finger's width either way."""
    return [t for t in page.evaluate(TARGETS) if min(t["width"], t["height"]) < FINGER_PX]


def said_again(page, selector: str, press):
    """Do `press` (a second copy, the same refused tap...) while the live region at `selector`
    shows its words, and wait until it has taken them out and written them back: a screen reader
    reads a region only at a change, and that is what it hears, in order. Returns what press does."""
    said = page.locator(selector).text_content()
    assert said, f"{selector} says nothing yet"
    page.evaluate(
        """(selector) => {
          const node = document.querySelector(selector);
          const seen = ((window.__texts ??= {})[selector] = []);
          const changes = { childList: true, characterData: true, subtree: true };
          new MutationObserver(() => seen.push(node.textContent)).observe(node, changes);
        }""",
        selector,
    )
    done = press()
    expected = ["", said]
    try:
        page.wait_for_function(
            "([s, want]) => JSON.stringify(window.__texts[s]) === JSON.stringify(want)", arg=[selector, expected], timeout=5_000
        )
    except PlaywrightTimeout as error:  # say what it showed instead
        seen = page.evaluate("(s) => window.__texts[s]", selector)
        raise AssertionError(f"{selector} showed {seen!r}, not {expected!r}") from error
    return done
