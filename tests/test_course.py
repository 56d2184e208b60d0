"""The course as a teacher meets it: every chapter links the public
pages it teaches from. Every list here is the chapter registry's: a chapter added to it is
checked with no edit of this file."""

from __future__ import annotations

import re
from html import unescape

from chessviz.chapters import CHAPTERS

from oracle import DATA

WIKI = "https://www.chessprogramming.org/"


def devlog_address() -> str:
    """The devlog's public address, as the source line of its copy in tests/data names it."""
    first = (DATA / "devlog" / "sliding-pieces-devlog.txt").read_text(encoding="utf-8").splitlines()[0]
    return re.search(r"https://\S+", first).group(0)


def wiki_titles() -> set[str]:
    """The titles of the wiki pages the project was built from, as their copies' source lines name them."""
    return {
        re.match(r'# Source: Chessprogramming wiki, page "([^"]+)",', path.read_text(encoding="utf-8")).group(1)
        for path in (DATA / "wiki").glob("*.txt")
    }


def paragraph(html: str, css_class: str) -> str:
    found = re.search(rf'<p class="{css_class}"[^>]*>(.*?)</p>', html, re.S)
    assert found, css_class
    return found.group(1)


def test_every_chapter_links_the_pages_it_teaches_from(client):
    titles = wiki_titles()
    devlog = devlog_address()
    for c in CHAPTERS:
        assert c.sources, f"{c.slug} names no source"
        html = client.get(f"/chapter/{c.slug}").get_data(as_text=True)
        links = dict(re.findall(r'<a href="([^"]+)" rel="external noopener">([^<]+)</a>', paragraph(html, "source source-links")))
        assert [s.url for s in c.sources] == list(links), c.slug
        for source in c.sources:
            assert unescape(links[source.url]) == source.title
            assert source.url.startswith("https://"), source.url
            if source.url.startswith(WIKI):  # the wiki's address of a page is its title with _ for spaces
                assert source.url == WIKI + source.title.removeprefix("Chessprogramming wiki, ").replace(" ", "_")
        # Every page the chapter's own source line cites is one of its links.
        cited = paragraph(html, "source")
        if "devlog" in cited:
            assert devlog in links, c.slug
        if "Chessprogramming wiki" in cited:
            for title in set(re.findall(r"<cite>([^<]+)</cite>", cited)) & titles:
                assert WIKI + title.replace(" ", "_") in links, (c.slug, title)
    # Each page the project was built from is linked by some chapter.
    linked = {s.url for c in CHAPTERS for s in c.sources}
    assert {WIKI + t.replace(" ", "_") for t in titles} | {devlog} <= linked


def card(html: str, slug: str) -> str:
    found = re.search(rf'<li data-chapter="{slug}">(.*?)</li>', html, re.S)
    assert found, slug
    return found.group(1)


def drawn(svg: str) -> dict:
    """What a small board shows, read back from its SVG: set squares, pieces, marks and fills by square."""
    return {
        "squares": set(re.findall(r'data-bit="1" data-at="([a-h][1-8])"', svg)),
        "pieces": {sq: letter for letter, sq in re.findall(r'data-piece="([KQRBNPkqrbnp])" data-at="([a-h][1-8])"', svg)},
        "marks": {sq: kind for kind, sq in re.findall(r'data-mark="(start|end)" data-at="([a-h][1-8])"', svg)},
        "fills": {sq: kind for kind, sq in re.findall(r'data-fill="([a-z-]+)" data-at="([a-h][1-8])"', svg)},
    }


def test_home_starts_here_and_shows_each_chapter_with_its_board_and_place(client):
    html = client.get("/").get_data(as_text=True)
    first = CHAPTERS[0]
    assert re.search(
        rf'<a class="start-here" href="/chapter/{first.slug}" data-role="start-here">Start here: {first.title}', html
    )
    assert 'href="/guide" data-role="guide-link"' in html
    assert re.findall(r'<li data-chapter="([a-z-]+)">', html) == [c.slug for c in CHAPTERS]
    for n, c in enumerate(CHAPTERS, 1):
        body = card(html, c.slug)
        assert f"Chapter {n} of {len(CHAPTERS)}" in body
        assert f'<a href="/chapter/{c.slug}">' in body
        assert c.picture is not None, f"{c.slug} has no picture of its board"
        svg = re.search(r'<svg class="mini-board".*?</svg>', body, re.S).group(0)
        assert 'aria-hidden="true"' in svg and "<image" not in svg and "href" not in svg  # nothing loaded
        assert len(re.findall(r'<rect x="\d+" y="\d+" width="10" height="10" class="(light|dark)"', svg)) == 64
        assert drawn(svg) == {
            "squares": set(c.picture.squares),
            "pieces": dict(c.picture.pieces),
            "marks": dict(c.picture.marks),
            "fills": dict(c.picture.fills),
        }
    # a1 is drawn dark and h1 light, in the bottom row: the board's own checkering.
    svg = re.search(r'<svg class="mini-board".*?</svg>', html, re.S).group(0)
    assert '<rect x="0" y="70" width="10" height="10" class="dark"/>' in svg
    assert '<rect x="70" y="70" width="10" height="10" class="light"/>' in svg


def test_every_chapter_says_where_it_stands_in_the_course(client):
    for n, c in enumerate(CHAPTERS, 1):
        html = client.get(f"/chapter/{c.slug}").get_data(as_text=True)
        assert f'<span class="course-place" data-role="course-place">Chapter {n} of {len(CHAPTERS)}</span>' in html
        previous = re.search(r'<a href="/chapter/([a-z-]+)" data-role="previous-chapter">', html)
        following = re.search(r'<a href="/chapter/([a-z-]+)" data-role="next-chapter">', html)
        assert (previous and previous[1]) == (CHAPTERS[n - 2].slug if n > 1 else None)
        assert (following and following[1]) == (CHAPTERS[n].slug if n < len(CHAPTERS) else None)


def test_the_guide_plans_three_lessons_on_the_registrys_chapters(client):
    from chessviz.lessons import LESSONS

    by_slug = {c.slug: c for c in CHAPTERS}
    response = client.get("/guide")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    text = unescape(re.sub(r"<[^>]+>", " ", html))
    assert [lesson.key for lesson in LESSONS] == ["introduction", "sliding", "geometry"]
    # The introduction starts where the course starts; the other two stay in their source's part.
    assert LESSONS[0].steps[0].chapter == CHAPTERS[0].slug
    assert {by_slug[s.chapter].part for s in LESSONS[1].steps} == {"devlog"}
    assert {by_slug[s.chapter].part for s in LESSONS[2].steps} == {"wiki"}
    for lesson in LESSONS:
        assert lesson.minutes == 45 and sum(step.minutes for step in lesson.steps) == lesson.minutes, lesson.key
        assert f"{lesson.title} ({lesson.minutes} minutes)" in text
        for step in lesson.steps:
            c = by_slug[step.chapter]
            path = f"/chapter/{c.slug}" + (f"?{step.start}" if step.start else "")
            assert f'data-path="{path}" data-chapter-link="{c.slug}">Chapter {CHAPTERS.index(c) + 1}: {c.title}</a>' in unescape(
                html
            )
            assert step.questions
            for q in step.questions:
                assert q.ask in text and f"Listen for: {q.listen}" in text
            # Exercises and worksheets only where the chapter poses a question.
            if step.exercise or step.sheet:
                assert c.question is not None, c.slug
            if step.sheet:
                n, seed = step.sheet
                assert f'href="/chapter/{c.slug}?sheet={n}&amp;seed={seed}"' in html
        for h in lesson.homework:
            assert f'href="/chapter/{h.chapter}?{h.query.replace("&", "&amp;")}"' in html and h.text in text
    # Every chapter of the registry, in order, with its exercise, worksheet and sources.
    table = re.search(r'<table class="chapters-table".*?</table>', html, re.S).group(0)
    assert re.findall(r'<tr data-chapter="([a-z-]+)">', table) == [c.slug for c in CHAPTERS]
    for c in CHAPTERS:
        row = re.search(rf'<tr data-chapter="{c.slug}">(.*?)</tr>', table, re.S).group(1)
        assert (f'href="/chapter/{c.slug}?sheet=6&amp;seed=1"' in row) == (c.question is not None)
        assert f'href="/chapter/{c.slug}?hide=1"' in row
        for s in c.sources:
            assert f'href="{s.url}"' in row
    # Every link of the guide into the app answers.
    for path in set(re.findall(r'data-path="(/[^"]*)"', html)):
        assert client.get(unescape(path)).status_code == 200, path


def test_the_guide_names_the_controls_as_the_pages_label_them(client):
    """How to share the view, in the words of the buttons a teacher will look for."""
    from project import ROOT

    html = unescape(client.get("/guide").get_data(as_text=True))
    share = (ROOT / "templates" / "_share.html").read_text()
    scripts = "".join(p.read_text() for p in (ROOT / "static" / "js").glob("*.js"))
    for label, where in (
        ("Share this view", share),
        ("Answers hidden", share),
        ("Present (p)", scripts),
        ("Practise: hide the answers", scripts),
        ("Next exercise", scripts),
        # The live class's controls (static/js/live.js).
        ("Start a class", scripts),
        ("Students follow my page", scripts),
        ("Stop following", scripts),
        ("Follow the teacher", scripts),
        ("Ask the class", scripts),
        ("Reveal to the class", scripts),
        ("Hide", scripts),
        ("End the class", scripts),
    ):
        assert f"<em>{label}</em>" in html and label in where, label
    for command in ("make serve", "make run"):
        assert f"<code>{command}</code>" in html
