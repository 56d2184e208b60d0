"""docs/API.md, the project's own API manual, kept in step with the running app: the same
paths as /api/openapi.json, every example answer exactly what the server returns, and the
manual reachable from the OpenAPI document and the README."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "API.md"


def documented_paths() -> list[tuple[str, str]]:
    """Each (method, path) the manual documents under a heading."""
    return re.findall(r"^### `(GET|POST|PUT|DELETE) (/api/[^`?]+)`", DOC.read_text(encoding="utf-8"), re.M)


def examples() -> list[tuple[str, object, bool]]:
    """Each (request, answer, excerpt?) pair: an http block followed by a json block."""
    text = DOC.read_text(encoding="utf-8")
    found = re.findall(r"```http\nGET (\S+)\n```\n\n(\*excerpt\*\n\n)?```json\n(.*?)\n```", text, re.S)
    # The live class's examples are a lesson played in order (test_classes.py checks them).
    return [(url, json.loads(body), bool(excerpt)) for url, excerpt, body in found if not url.startswith("/api/classes")]


def is_excerpt(shown, real, where="answer") -> None:
    """Assert that `shown` is `real` with trailing list items and some keys left out."""
    if isinstance(shown, dict):
        assert isinstance(real, dict), where
        for key, value in shown.items():
            assert key in real, f"{where}.{key} is not in the real answer"
            is_excerpt(value, real[key], f"{where}.{key}")
        assert list(shown) == [k for k in real if k in shown], f"{where}: keys out of order"
    elif isinstance(shown, list):
        assert isinstance(real, list) and len(shown) <= len(real), where
        for i, value in enumerate(shown):
            is_excerpt(value, real[i], f"{where}[{i}]")
    else:
        assert shown == real, f"{where}: the manual shows {shown!r}, the server answers {real!r}"


def test_the_manual_and_the_openapi_document_list_the_same_paths(client):
    paths = documented_paths()
    assert len(paths) == len(set(paths)), "a path is documented twice"
    operations = {(m.upper(), path) for path, item in client.get("/api/openapi.json").json["paths"].items() for m in item}
    assert set(paths) == operations


def test_the_manual_has_an_example_for_most_endpoints():
    assert len({url.split("?")[0] for url, _, _ in examples()}) >= 14


@pytest.mark.parametrize("url, shown, excerpt", examples(), ids=[e[0] for e in examples()])
def test_every_example_is_what_the_server_answers(client, url, shown, excerpt):
    response = client.get(url)
    if excerpt:
        is_excerpt(shown, response.json)
    else:
        assert response.json == shown


def test_the_error_example_is_real(client):
    text = DOC.read_text(encoding="utf-8")
    first = json.loads(re.search(r"### Errors.*?```json\n(.*?)\n```", text, re.S).group(1))
    assert client.get("/api/square?sq=i9").json == first


def test_every_error_code_of_the_contract_is_in_the_manual():
    text = DOC.read_text(encoding="utf-8")
    for code in (
        "missing_parameter",
        "invalid_square",
        "invalid_bitboard",
        "invalid_parameter",
        "invalid_fen",
        "not_aligned",
        "same_line_kind",
        "illegal_move",
        "not_found",
        "method_not_allowed",
    ):
        assert f"`{code}`" in text, code


def test_the_openapi_document_links_the_manual_and_the_server_serves_it(client):
    doc = client.get("/api/openapi.json").json
    url = doc["externalDocs"]["url"]
    assert f"]({url})" in doc["info"]["description"]
    served = client.get(url)
    assert served.status_code == 200 and served.mimetype == "text/markdown"
    assert served.get_data(as_text=True) == DOC.read_text(encoding="utf-8")


def test_the_readme_links_the_manual():
    assert "](docs/API.md)" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_no_file_of_the_project_reaches_outside_the_repository():
    """A clone stands alone: no source, page, test or doc names the development folder beside it."""
    suffixes = {".py", ".md", ".html", ".js", ".css", ".ini", ".toml", ".txt", ".cfg", ""}
    # Installed or generated here, not the project's own (npm's packages under tools/ are
    # thousands of files: walking them was most of this test's time).
    skipped = {".venv", ".git", "node_modules", "screenshots", "test-results", "mutants", "instance", "vendor", "__pycache__"}
    offenders = []
    for folder, folders, files in os.walk(ROOT):
        folders[:] = [name for name in folders if name not in skipped and not name.startswith(".stryker")]
        for path in (Path(folder) / name for name in files):
            if path.suffix in suffixes:
                offenders += reaching_out(path)
    assert not offenders, "\n".join(offenders)


def reaching_out(path: Path) -> list[str]:
    """The lines of `path` that name the development folder beside the repository."""
    lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    return [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for n, line in enumerate(lines, 1)
        if re.search(r"\.\./shared\b|[\"']shared[\"']\s*/\s*[\"']seeds", line)
    ]


# The manual's sections, and the tag the OpenAPI document gives the endpoints each documents.
SECTION_TAGS = {
    "Geometry: the wiki pages": "geometry",
    "Sliding pieces: the devlog": "sliding",
    "Slider methods: how engines do it": "methods",
    "Code exercises: the code chapter": "code",
    "Answers ahead: a tap on a board": "pages",
    "The server": "server",
    "The API's own description": "meta",
    "Live classes": "classes",
}


def test_each_operation_is_tagged_with_the_section_of_the_manual_that_documents_it(client):
    section, documented = None, {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            section = line.removeprefix("## ")
        elif heading := re.match(r"### `(GET|POST|PUT|DELETE) (/api/\S+)`", line):
            documented[(heading[1], heading[2])] = [SECTION_TAGS[section]]
    paths = client.get("/api/openapi.json").json["paths"]
    assert {(m.upper(), path): op["tags"] for path, item in paths.items() for m, op in item.items()} == documented
