"""The chapter registry: every chapter has its files, and every list of chapters the app
shows (home, previous/next, error page, shared answers, the code tasks' chapter names) is
the registry's, in its order."""

from __future__ import annotations

import re

import pytest

from chessviz.chapters import CHAPTERS, PARTS, UnknownChapter, chapter, in_part, neighbours
from chessviz.web.serving import shared_paths_of

from project import ROOT

SLUGS = [c.slug for c in CHAPTERS]


def test_slugs_are_unique_and_url_safe_and_every_part_is_known():
    assert len(set(SLUGS)) == len(SLUGS)
    for c in CHAPTERS:
        assert re.fullmatch(r"[a-z]+(-[a-z]+)*", c.slug), c.slug
        assert c.part in PARTS, c.slug
        assert c.question in ("squares", "value", None), c.slug
        assert c.title and c.teaches.endswith("."), c.slug


def test_parts_come_in_teaching_order():
    # The chapters of a part are consecutive, and the parts follow PARTS' order.
    order = list(PARTS)
    parts = [c.part for c in CHAPTERS]
    runs = [p for i, p in enumerate(parts) if i == 0 or parts[i - 1] != p]
    assert len(runs) == len(set(runs)), runs
    assert runs == sorted(runs, key=order.index)
    assert CHAPTERS[0].slug == "squares"  # the course starts with the squares and their numbers
    assert CHAPTERS[-1].slug == "code"  # and ends with practice


@pytest.mark.parametrize("slug", SLUGS)
def test_a_chapter_has_its_template_and_its_script(slug):
    template = ROOT / "templates" / "chapters" / f"{slug}.html"
    script = ROOT / "static" / "js" / "chapters" / f"{slug}.js"
    assert template.is_file(), f"{slug} has no template {template.relative_to(ROOT)}"
    assert script.is_file(), f"{slug} has no script {script.relative_to(ROOT)}"
    assert template.read_text().startswith('{% extends "chapters/_chapter.html" %}')


def test_no_template_or_script_lacks_its_chapter():
    templates = {p.stem for p in (ROOT / "templates" / "chapters").glob("*.html") if not p.stem.startswith("_")}
    scripts = {p.stem for p in (ROOT / "static" / "js" / "chapters").glob("*.js")}
    assert templates == set(SLUGS)
    assert scripts == set(SLUGS)


def test_lookup_finds_each_chapter_and_names_an_unknown_slug():
    for c in CHAPTERS:
        assert chapter(c.slug) is c
    with pytest.raises(UnknownChapter, match="no chapter named 'nope'"):
        chapter("nope")
    assert sum(len(in_part(part)) for part in PARTS) == len(CHAPTERS)


def test_neighbours_walk_the_course_in_order():
    walked = [CHAPTERS[0]]
    while (following := neighbours(walked[-1])[1]) is not None:
        assert neighbours(following)[0] is walked[-1]
        walked.append(following)
    assert walked == list(CHAPTERS)
    assert neighbours(CHAPTERS[0])[0] is None


def test_home_lists_the_parts_and_chapters_in_registry_order(client):
    html = client.get("/").get_data(as_text=True)
    listed = re.findall(r'<li data-chapter="([a-z-]+)">', html)
    assert listed == SLUGS
    headings = re.findall(r'<h2 id="part-([a-z]+)">([^<]+)</h2>', html)
    assert headings == [(part, PARTS[part]) for part in PARTS if in_part(part)]
    for c in CHAPTERS:
        assert c.teaches.replace("'", "&#39;") in html


@pytest.mark.parametrize("slug", SLUGS)
def test_a_chapter_page_links_its_neighbours_and_says_what_it_teaches(client, slug):
    html = client.get(f"/chapter/{slug}").get_data(as_text=True)
    before, after = neighbours(chapter(slug))
    prev_link = re.search(r'<a rel="prev" href="/chapter/([a-z-]+)"', html)
    next_link = re.search(r'<a rel="next" href="/chapter/([a-z-]+)"', html)
    assert (prev_link and prev_link[1]) == (before and before.slug)
    assert (next_link and next_link[1]) == (after and after.slug)
    assert f"<title>{chapter(slug).title.replace('&', '&amp;')} · chessviz</title>" in html
    assert f"js/chapters/{slug}.js" in html


def test_the_error_page_lists_every_chapter_in_order(client):
    html = client.get("/nowhere", headers={"Accept": "text/html"}).get_data(as_text=True)
    assert re.findall(r'<li data-chapter="([a-z-]+)">', html) == SLUGS


def test_every_chapter_page_is_a_shared_answer():
    assert [p for p in shared_paths_of() if p.startswith("/chapter/")] == [f"/chapter/{s}" for s in SLUGS]


def test_the_code_tasks_chapter_names_are_the_registrys(client):
    document = client.get("/api/openapi.json").json
    enums = []

    def walk(node):
        if isinstance(node, dict):
            if "enum" in node and "squares" in node["enum"]:
                enums.append(node["enum"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(document)
    assert SLUGS in enums
