"""HTML pages: the chapter list at ``/`` and one page per chapter at ``/chapter/<slug>``."""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, abort, render_template, url_for

from .. import devlog
from ..errors import shown

pages = Blueprint("pages", __name__)


@dataclass(frozen=True)
class Chapter:
    slug: str
    title: str
    part: str  # "devlog" or "wiki"
    summary: str


CHAPTERS = [
    Chapter(
        "msb",
        "Which way? Comparing single-bit boards",
        "devlog",
        "Set one bit on each board: the bigger number lies to the left, until a board holds two bits.",
    ),
    Chapter("shift-ray", "Rays by shifting", "devlog", "The devlog's shift loop, step by step, on ranks, files and diagonals."),
    Chapter(
        "propagation",
        "Bit propagation: o - r",
        "devlog",
        "Subtract the slider from the occupancy and watch the borrow run to the next blocker.",
    ),
    Chapter("mask", "Sliding mask: (o - r) & m", "devlog", "Keep only the bits on the slider's line."),
    Chapter(
        "masked-occupied",
        "Masked occupancy: ((o & m) - r) & m",
        "devlog",
        "Blockers off the line spoil the result; mask the occupancy first.",
    ),
    Chapter(
        "rays",
        "Positive and negative rays",
        "devlog",
        "Subtraction only runs towards higher bits; reverse the board for the other half.",
    ),
    Chapter(
        "hyperbola",
        "The o^(o-2r) equation",
        "devlog",
        "Every term of hyperbola quintessence, one step at a time, then the union over the lines.",
    ),
    Chapter(
        "game",
        "Free-mode game board",
        "devlog",
        "The devlog's final position: click a piece to see its moves, click a target to move.",
    ),
    Chapter(
        "code",
        "Write the code yourself",
        "devlog",
        "The devlog's exercises and three wiki routines: write them in the browser, checked on every input.",
    ),
    Chapter(
        "squares",
        "Squares and mappings",
        "wiki",
        "A bitboard editor: one set of squares, its value in LERF and in the devlog's mapping.",
    ),
    Chapter(
        "diagonals",
        "Diagonals",
        "wiki",
        "The three diagonal enumerations, and the page's 'same diagonal' routines put to the test.",
    ),
    Chapter("colors", "Colour of a square", "wiki", "Every colour formula of the page with its working written out."),
    Chapter("directions", "Directions", "wiki", "Compass rose, knight rose, degrees, begrees and the 0x88 difference."),
    Chapter(
        "intersections",
        "Intersection squares",
        "wiki",
        "Where two lines meet, by the page's 0x88 arithmetic, off-board and colour cases included.",
    ),
    Chapter(
        "routines", "The routine audit", "wiki", "Every routine the pages print, run on every input: how many answers are wrong."
    ),
]
CHAPTERS_BY_SLUG = {chapter.slug: chapter for chapter in CHAPTERS}


@pages.get("/")
def index():
    return render_template("index.html", chapters=CHAPTERS)


@pages.get("/chapter/<slug>")
def chapter(slug: str):
    current = CHAPTERS_BY_SLUG.get(slug)
    if current is None:
        abort(404, description=f"no chapter named {shown(slug)}")
    position = CHAPTERS.index(current)
    context = {
        "chapter": current,
        "chapters": CHAPTERS,
        "previous": CHAPTERS[position - 1] if position > 0 else None,
        "next": CHAPTERS[position + 1] if position + 1 < len(CHAPTERS) else None,
        "chapter_urls": {c.slug: url_for("pages.chapter", slug=c.slug) for c in CHAPTERS},
        "devlog": devlog.constants(),
    }
    return render_template(f"chapters/{slug}.html", **context)
