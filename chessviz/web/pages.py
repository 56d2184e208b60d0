"""HTML pages: the chapter list at ``/`` and one page per chapter at ``/chapter/<slug>``.

The chapters themselves are the core's registry (:mod:`chessviz.chapters`); this module only
renders them.
"""

from __future__ import annotations

from flask import Blueprint, abort, render_template, url_for

from .. import devlog
from ..chapters import CHAPTERS, PARTS, UnknownChapter, in_part, neighbours
from ..chapters import chapter as find_chapter

pages = Blueprint("pages", __name__)


@pages.get("/")
def index():
    parts = [(part, heading, in_part(part)) for part, heading in PARTS.items() if in_part(part)]
    return render_template("index.html", chapters=CHAPTERS, parts=parts)


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
        "previous": previous,
        "next": following,
        "chapter_urls": {c.slug: url_for("pages.chapter", slug=c.slug) for c in CHAPTERS},
        "devlog": devlog.constants(),
    }
    return render_template(f"chapters/{slug}.html", **context)
