"""HTML pages: the chapter list at ``/`` and one page per chapter at ``/chapter/<slug>``.

The chapters themselves are the core's registry (:mod:`chessviz.chapters`); this module only
renders them.
"""

from __future__ import annotations

from flask import Blueprint, abort, render_template, url_for

from .. import devlog
from ..chapters import CHAPTERS, PARTS, UnknownChapter, in_part, neighbours
from ..chapters import chapter as find_chapter
from ..lessons import LESSONS

pages = Blueprint("pages", __name__)


@pages.get("/")
def index():
    parts = [(part, heading, in_part(part)) for part, heading in PARTS.items() if in_part(part)]
    return render_template("index.html", chapters=CHAPTERS, parts=parts, number=_numbers())


def _numbers() -> dict[str, int]:
    """Each chapter's place in the course, from 1 ("squares" is chapter 1 of N)."""
    return {c.slug: n for n, c in enumerate(CHAPTERS, 1)}


@pages.get("/guide")
def guide():
    """The teacher's guide: lesson plans through the course, and every chapter's exercise and worksheet."""
    return render_template("guide.html", chapters=CHAPTERS, lessons=LESSONS, number=_numbers(), parts=PARTS)


@pages.get("/chapter/<slug>")
def chapter(slug: str):
    try:
        current = find_chapter(slug)
    except UnknownChapter as error:
        abort(404, description=str(error))
    previous, following = neighbours(current)
    context = {
        "chapter": current,
        "chapters": CHAPTERS,
        "number": _numbers()[current.slug],
        "previous": previous,
        "next": following,
        "chapter_urls": {c.slug: url_for("pages.chapter", slug=c.slug) for c in CHAPTERS},
        "devlog": devlog.constants(),
    }
    return render_template(f"chapters/{slug}.html", **context)
