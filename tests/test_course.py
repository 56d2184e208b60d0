"""The course as a teacher meets it (issue 23, points 8 and 9): every chapter links the public
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
