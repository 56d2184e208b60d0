"""The serving layer around the views: security headers, versioned static files, ETags and
304s, compression, errors in the reader's format, size limits, the QR code, and the shared
answers computed when the app is created."""

from __future__ import annotations

import gzip
import json
import re
import sys
from pathlib import Path

import brotli
import pytest
import zxingcpp
from flask import Response
from PIL import Image, ImageDraw

from chessviz.audit import audit
from chessviz.chapters import CHAPTERS
from chessviz.web import api_wiki, create_app, serving

ROOT = Path(__file__).resolve().parents[1]
BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"


def static_urls(html: str) -> list[str]:
    return re.findall(r'(?:src|href)="(/static/[^"]+)"', html)


def page_module(client) -> str:
    html = client.get("/chapter/propagation").get_data(as_text=True)
    return next(u for u in static_urls(html) if u.endswith("/js/chapters/propagation.js"))


def csp_directives(header: str) -> dict[str, list[str]]:
    return {part.split()[0]: part.split()[1:] for part in header.split(";") if part.strip()}


@pytest.mark.parametrize("kind", ["page", "static", "api"])
def test_security_headers(client, kind):
    url = {"page": "/chapter/propagation", "static": page_module(client), "api": "/api/square?sq=e4"}[kind]
    response = client.get(url)
    assert response.status_code == 200
    csp = csp_directives(response.headers["Content-Security-Policy"])
    assert csp["script-src"] == ["'self'"]  # no 'unsafe-inline', no 'unsafe-eval'
    assert csp["default-src"] == ["'self'"] and csp["object-src"] == ["'none'"]
    assert csp["frame-ancestors"] == ["'self'"]
    assert csp["worker-src"] == ["'self'"]  # the code-exercise chapter's Web Worker
    assert "'unsafe-inline'" not in csp["style-src"]
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "same-origin"
    assert response.headers["X-Frame-Options"] == "SAMEORIGIN"
    assert not re.search(r"\d", response.headers.get("Server", ""))  # no version string
    once = ("Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy", "X-Frame-Options", "Cache-Control", "Vary")
    for name in once:
        assert len(response.headers.getlist(name)) == 1, name
    assert response.headers["Vary"] == "Accept-Encoding"
    assert "Set-Cookie" not in response.headers  # no cookie: nothing to consent to, nothing kept about a student


def test_pages_have_no_inline_script_or_style(client):
    for path in ["/"] + [f"/chapter/{c.slug}" for c in CHAPTERS]:
        html = client.get(path, headers={"Accept": BROWSER_ACCEPT}).get_data(as_text=True)
        assert "<style" not in html and " style=" not in html, path
        for tag, body in re.findall(r"(<script[^>]*>)(.*?)</script>", html, re.S):
            # Modules, and the one classic script that sets the theme before the first paint:
            # all loaded from the server by src, none with a body of its own.
            assert "src=" in tag and not body.strip(), (path, tag)
            assert 'type="module"' in tag or tag.endswith('/js/theme.js">'), (path, tag)
        assert not re.search(r" on[a-z]+=", html), path


def test_a_view_that_sets_its_own_headers_keeps_them():
    """A view's own policy, caching and Vary stand as it set them, each once; what it left out is added."""
    app = create_app({"TESTING": True, "PREPARE_AT_START": False})
    own = {
        "Content-Type": "application/javascript",
        "Content-Security-Policy": "script-src 'self' 'unsafe-eval'",
        "Referrer-Policy": "no-referrer",
        "Cache-Control": "no-cache",
        "Vary": "Cookie",
    }

    @app.get("/worker-demo.js")
    def worker_demo():
        return "self.onmessage = () => {};", 200, own

    response = app.test_client().get("/worker-demo.js")
    for name in ("Content-Security-Policy", "Referrer-Policy", "Cache-Control"):
        assert response.headers.getlist(name) == [own[name]], name
    assert response.headers.getlist("Vary") == ["Cookie, Accept-Encoding"]
    assert response.headers.getlist("X-Content-Type-Options") == ["nosniff"]
    assert response.headers.getlist("X-Frame-Options") == ["SAMEORIGIN"]


def test_versioned_static_is_immutable_and_unversioned_revalidates(app, client):
    version = app.extensions["chessviz_static"].version
    url = page_module(client)
    assert url == f"/static/{version}/js/chapters/propagation.js"
    immutable = client.get(url)
    assert immutable.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert immutable.mimetype == "application/javascript"  # one name for JavaScript, whatever the system's table says
    body = (ROOT / "static/js/chapters/propagation.js").read_bytes()
    assert immutable.get_data() == body
    for other in ["/static/js/chapters/propagation.js", "/static/000000000000/js/chapters/propagation.js"]:
        response = client.get(other)  # unversioned, or a page of an older deploy: same file, not kept
        assert response.status_code == 200 and response.get_data() == body
        assert response.headers["Cache-Control"] == "no-cache"
    missing = client.get(f"/static/{version}/js/no-such.js")
    assert missing.status_code == 404
    assert missing.json["error"] == {"code": "not_found", "message": "no static file named 'js/no-such.js'", "param": None}


def test_every_page_links_only_versioned_static_files(app, client):
    version = app.extensions["chessviz_static"].version
    for path in ["/"] + [f"/chapter/{c.slug}" for c in CHAPTERS]:
        urls = static_urls(client.get(path).get_data(as_text=True))
        assert urls and all(u.startswith(f"/static/{version}/") for u in urls), (path, urls)
        for url in urls:
            assert client.get(url).status_code == 200, url


def test_relative_module_imports_stay_inside_the_version():
    """Every import of every module is relative and names a file that exists, so it resolves
    under the same /static/<version>/ prefix as the page's entry module."""
    js = ROOT / "static/js"
    checked = 0
    for module in js.rglob("*.js"):
        for spec in re.findall(r'^\s*(?:import|export)\b[^;]*?\bfrom\s+"([^"]+)"', module.read_text(), re.M):
            assert spec.startswith(("./", "../")), (module, spec)
            target = (module.parent / spec).resolve()
            assert target.is_file() and ROOT / "static" in target.parents, (module, spec)  # vendor/ too
            checked += 1
    assert checked > 50


def test_version_changes_with_any_file(tmp_path):
    from chessviz.web.serving import StaticFiles

    (tmp_path / "js").mkdir()
    (tmp_path / "js" / "a.js").write_text("export const a = 1;")
    first = StaticFiles(tmp_path).version
    (tmp_path / "js" / "a.js").write_text("export const a = 2;")
    assert StaticFiles(tmp_path).version != first


def test_debugging_notices_an_edited_added_or_removed_static_file(tmp_path):
    """Under `make run` (debug) an edited file is served at once: changed() tells the server to read them again."""
    import os

    from chessviz.web.serving import StaticFiles

    (tmp_path / "js").mkdir()
    (tmp_path / "js" / "a.js").write_text("export const a = 1;")
    static = StaticFiles(tmp_path)
    assert not static.changed()
    os.utime(tmp_path / "js" / "a.js", (1, 1))
    assert static.changed()
    static.load()
    assert not static.changed()
    (tmp_path / "b.css").write_text("p {}")
    assert static.changed()
    static.load()
    (tmp_path / "b.css").unlink()
    assert static.changed()
    static.load()
    (tmp_path / "js" / "c.js").mkdir()  # a folder is not a file
    assert not static.changed()


@pytest.mark.parametrize("debug", [False, True])
def test_only_debugging_looks_for_edited_static_files(debug):
    """A classroom server serves the files it read at start; `make run` (debug) looks again."""
    app = create_app({"TESTING": True, "PREPARE_AT_START": False, "DEBUG": debug})
    static = app.extensions["chessviz_static"]
    static.stamps = {}  # as if every file had been edited since it was read
    client = app.test_client()
    assert client.get(page_module(client)).status_code == 200
    assert bool(static.stamps) is debug


@pytest.mark.parametrize("kind", ["api", "static", "page", "shared"])
def test_etag_revalidation_gives_304(client, kind):
    url = {
        "api": "/api/slide?sq=e4&occupied=0x0000001000100010&line=rank",
        "static": page_module(client),
        "page": "/chapter/mask",
        "shared": "/api/routines",
    }[kind]
    first = client.get(url)
    etag = first.headers["ETag"]
    assert etag.startswith('W/"') and first.status_code == 200
    again = client.get(url, headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.get_data() == b""
    assert again.headers["ETag"] == etag
    changed = client.get(url, headers={"If-None-Match": 'W/"something-else"'})
    assert changed.status_code == 200 and changed.get_data() == first.get_data()


def test_api_answers_may_be_reused_and_differ_by_query(client):
    a = client.get("/api/square?sq=e4")
    b = client.get("/api/square?sq=e5")
    assert a.headers["Cache-Control"] == "public, max-age=3600"
    assert a.headers["ETag"] != b.headers["ETag"]
    assert client.get("/api/square?sq=i9").headers["Cache-Control"] == "no-store"  # errors are not kept


@pytest.mark.parametrize("encoding,decode", [("gzip", gzip.decompress), ("br", brotli.decompress)])
@pytest.mark.parametrize("kind", ["api", "static", "page", "shared"])
def test_compressed_when_asked(client, kind, encoding, decode):
    url = {"api": "/api/squares", "static": page_module(client), "page": "/", "shared": "/api/routines"}[kind]
    plain = client.get(url)
    assert "Content-Encoding" not in plain.headers
    packed = client.get(url, headers={"Accept-Encoding": encoding})
    assert packed.headers["Content-Encoding"] == encoding
    # Both say so: a shared cache must not hand the packed answer to a client that did not ask.
    assert "Accept-Encoding" in plain.headers["Vary"].split(", ") and packed.headers["Vary"] == plain.headers["Vary"]
    assert decode(packed.get_data()) == plain.get_data()
    assert len(packed.get_data()) < len(plain.get_data()) * 0.7
    assert packed.headers["ETag"] == plain.headers["ETag"]


def test_an_error_page_is_packed_too_and_says_it_varies_by_encoding(client):
    headers = {"Accept": "text/html", "Accept-Encoding": "gzip"}
    packed, plain = client.get("/no-such-page", headers=headers), client.get("/no-such-page", headers={"Accept": "text/html"})
    assert packed.status_code == plain.status_code == 404 and packed.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.get_data()) == plain.get_data()
    assert "Accept-Encoding" in packed.headers["Vary"].split(", ") and packed.headers["Vary"] == plain.headers["Vary"]


def test_api_answers_are_compact_json(client):
    body = client.get("/api/square?sq=e4").get_data(as_text=True)
    assert json.loads(body) and json.dumps(json.loads(body), separators=(",", ":")) == body.strip()


def test_large_shared_answers_are_packed_at_brotli_9_the_rest_at_11():
    from chessviz.web.serving import LARGE_BODY, Prepared

    large, small = b'{"x": "' + b"ab" * LARGE_BODY + b'"}', b'{"x": "' + b"ab" * 500 + b'"}'
    at_limit, past_it = b"a" * LARGE_BODY, b"a" * (LARGE_BODY + 1)  # LARGE_BODY bytes are not yet large
    for body, quality in ((large, 9), (small, 11), (at_limit, 11), (past_it, 9)):
        assert Prepared(body, "application/json").encoding("br") == brotli.compress(body, quality=quality), len(body)


def test_prepared_bodies_are_packed_from_256_bytes_of_text_and_gzip_at_9_without_a_time():
    from chessviz.web.serving import MIN_COMPRESS, Prepared

    text = b"x" * MIN_COMPRESS
    packed = Prepared(text, "text/css").encoding("gzip")
    assert packed == gzip.compress(text, 9, mtime=0) and gzip.decompress(packed) == text
    assert packed[4:8] == bytes(4)  # gzip's MTIME field: 0, no time stamp (RFC 1952), so a file packs the same each time
    for body, mimetype in ((text[:-1], "text/css"), (text * 10, "image/png")):  # too short to gain; already packed
        assert Prepared(body, mimetype).encoding("gzip") is None and Prepared(body, mimetype).encoding("br") is None


def test_encodings_are_kept_between_starts_and_used_only_if_they_decode_to_the_body(tmp_path):
    from chessviz.web.serving import EncodingsKept, Prepared

    body = json.dumps({"squares": list(range(400))}).encode()
    fresh = {"br": brotli.compress(body, quality=11), "gzip": gzip.compress(body, 9, mtime=0)}
    first = Prepared(body, "application/json").prepare(EncodingsKept(tmp_path))
    assert first.encoded == fresh
    kept = {path.name.split(".")[1]: path for path in tmp_path.iterdir()}
    assert {n: p.read_bytes() for n, p in kept.items()} == {"br11": fresh["br"], "gzip9": fresh["gzip"]}
    # The next start reads what is kept (here another valid encoding of the body, to tell it from a new one).
    planted = brotli.compress(body, quality=1)
    kept["br11"].write_bytes(planted)
    assert Prepared(body, "application/json").prepare(EncodingsKept(tmp_path)).encoded == {**fresh, "br": planted}
    # A kept file that is not the body's encoding (another body's, or damaged) is made again and replaced.
    kept["br11"].write_bytes(brotli.compress(body + b" ", quality=11))
    kept["gzip9"].write_bytes(fresh["gzip"][:-9])
    assert Prepared(body, "application/json").prepare(EncodingsKept(tmp_path)).encoded == fresh
    assert {n: p.read_bytes() for n, p in kept.items()} == {"br11": fresh["br"], "gzip9": fresh["gzip"]}


def test_after_a_start_only_its_encodings_are_kept_and_a_folder_that_cannot_be_written_costs_only_time(tmp_path):
    from chessviz.web.serving import EncodingsKept, Prepared

    old, partial = tmp_path / "0123.br11.brotli0", tmp_path / ".0123.br11.brotli0.99"
    old.write_bytes(b"an earlier version's file")
    partial.write_bytes(b"another server writing it now")
    kept = EncodingsKept(tmp_path)
    Prepared(b"x" * 1000, "text/css").prepare(kept)
    Prepared(b"y" * 1000, "image/png").prepare(kept)  # not compressed: nothing kept
    kept.forget_unused()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([partial.name, *kept.used]) and len(kept.used) == 2
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    prepared = Prepared(b"z" * 1000, "text/css").prepare(EncodingsKept(blocked))
    assert prepared.encoded == {"br": brotli.compress(b"z" * 1000, quality=11), "gzip": gzip.compress(b"z" * 1000, 9, mtime=0)}
    EncodingsKept(blocked).forget_unused()
    assert blocked.read_text() == "not a folder"


def test_a_static_file_of_no_known_type_is_sent_as_bytes(client):
    response = client.get("/static/vendor/codemirror.LICENSE")
    assert response.status_code == 200 and response.mimetype == "application/octet-stream"
    assert response.get_data() == (ROOT / "static/vendor/codemirror.LICENSE").read_bytes()


def test_answers_made_per_request_are_packed_from_256_bytes_too(app):
    for size, packed in ((serving.MIN_COMPRESS - 1, False), (serving.MIN_COMPRESS, True)):
        with app.test_request_context(headers={"Accept-Encoding": "gzip"}):
            response = serving.compress(Response(b"x" * size, mimetype="application/json"))
        assert ("Content-Encoding" in response.headers) is packed, size
        assert (gzip.decompress(response.get_data()) if packed else response.get_data()) == b"x" * size


def test_answers_made_per_request_are_packed_fast_brotli_5_gzip_6(client):
    """Per request, compression is paid on every answer: brotli 5 and gzip 6 (not their slow best)."""
    url = "/api/slide?sq=e4&occ=0x0000001000ff0000&line=rank"
    plain = client.get(url).get_data()
    assert len(plain) > 1000  # worth packing, and not one of the answers prepared at start
    assert client.get(url, headers={"Accept-Encoding": "br"}).get_data() == brotli.compress(plain, quality=5)
    assert client.get(url, headers={"Accept-Encoding": "gzip"}).get_data() == gzip.compress(plain, 6, mtime=0)
    assert gzip.compress(plain, 6, mtime=0) != gzip.compress(plain, mtime=0)  # the level shows in the bytes


def test_small_answers_and_images_are_not_compressed(client):
    assert "Content-Encoding" not in client.get("/api/health", headers={"Accept-Encoding": "gzip"}).headers


def test_browser_gets_html_errors_with_the_chapter_list(client):
    for method, path, status, body in [
        ("get", "/nowhere", 404, None),
        ("get", "/chapter/no-such-chapter", 404, None),
        ("post", "/", 405, None),
        ("get", "/", 413, b"x" * 20000),  # a status with no words of its own: the page's general ones
    ]:
        response = getattr(client, method)(path, headers={"Accept": BROWSER_ACCEPT}, data=body)
        assert response.status_code == status and response.mimetype == "text/html", path
        html = response.get_data(as_text=True)
        assert f'data-error-status="{status}"' in html
        for chapter in CHAPTERS:
            assert f'href="/chapter/{chapter.slug}"' in html
        assert response.headers["Content-Security-Policy"]
        title, sentence = WORDS_OF_ERROR_PAGES[status]  # said in words, for a student
        assert f"<title>{title}" in html and f">{title}</h1>" in html and sentence in html, (path, html[:600])


WORDS_OF_ERROR_PAGES = {
    404: ("Page not found", "There is no page at this address. Every chapter is listed below."),
    405: ("Not allowed here", "This page cannot be used that way. Every chapter is listed below."),
    413: ("Request refused", "The server could not answer this request."),
}


@pytest.mark.parametrize(
    "accept, page",
    [
        (BROWSER_ACCEPT, True),
        ("text/html", True),
        ("text/html, application/json", True),  # as welcome as JSON: the page
        ("text/html;q=0.9, application/json;q=0.5", True),
        ("text/html;q=0.5, application/json;q=0.9", False),
        ("application/json", False),
        ("*/*", False),  # names no text/html: a script, which gets the contract's JSON
        (None, False),
    ],
)
def test_an_error_is_a_page_only_for_a_client_that_prefers_html(client, accept, page):
    response = client.get("/nowhere", headers={} if accept is None else {"Accept": accept})
    assert response.status_code == 404
    assert response.mimetype == ("text/html" if page else "application/json"), accept


def test_api_errors_stay_json_even_for_a_browser(client):
    response = client.get("/api/nowhere", headers={"Accept": BROWSER_ACCEPT})
    assert response.status_code == 404 and response.is_json
    assert response.json == {"error": {"code": "not_found", "message": response.json["error"]["message"], "param": None}}
    assert client.get("/nowhere").is_json  # a client that does not ask for HTML keeps the contract


@pytest.mark.parametrize("debug", [False, True])
def test_no_traceback_reaches_a_client(debug):
    app = create_app({"TESTING": True, "PREPARE_AT_START": False, "DEBUG": debug})

    @app.get("/api/boom")
    def boom_api():
        raise RuntimeError("secret internal detail")

    @app.get("/boom")
    def boom_page():
        raise RuntimeError("secret internal detail")

    client = app.test_client()
    api = client.get("/api/boom", headers={"Accept": BROWSER_ACCEPT})
    assert api.status_code == 500 and api.json["error"]["code"] == "internal_error"
    page = client.get("/boom", headers={"Accept": BROWSER_ACCEPT})
    assert page.status_code == 500 and page.mimetype == "text/html"
    for response in (api, page):
        text = response.get_data(as_text=True)
        assert "Traceback" not in text and "secret internal detail" not in text and "RuntimeError" not in text


def test_request_body_limit_is_the_contracts_error(client):
    assert client.get("/api/square?sq=e4").status_code == 200  # the memo has it now: it must not answer a body
    response = client.get("/api/square?sq=e4", data=b"x" * 20000)
    assert response.status_code == 413
    assert response.json["error"]["code"] == "body_too_large" and response.json["error"]["param"] is None


def test_shared_answers_are_computed_when_the_app_is_created(tmp_path):
    app = create_app({"TESTING": True, "ENCODINGS_FOLDER": tmp_path})
    shared = app.extensions["chessviz_shared"]
    # Their encodings and the static files' are kept for the next start: those, no other file.
    prepared = [*shared.values(), *app.extensions["chessviz_static"].files.values()]
    encodings = {encoded for one in prepared for encoded in one.encoded.values() if encoded is not None}
    assert {path.read_bytes() for path in tmp_path.iterdir()} == encodings and len(encodings) > 150
    expected = {"/api/routines", "/api/openapi.json", "/"} | {
        f"/api/directions/table?kind={k}" for k in ("degrees", "begrees", "begrees_filled")
    }
    assert expected | {f"/chapter/{c.slug}" for c in CHAPTERS} <= set(shared)
    audit.cache_clear()  # if a request computed the audit again, the cache would fill
    response = app.test_client().get("/api/routines")
    assert response.status_code == 200 and audit.cache_info().currsize == 0
    assert response.json == api_wiki.routines()


def test_every_shared_answer_is_the_answer_the_endpoint_computes():
    shared = create_app({"TESTING": True}).extensions["chessviz_shared"]
    computed = create_app({"TESTING": True, "DEBUG": True}).test_client()  # debug: no shared answers
    tasks = [task["id"] for task in computed.get("/api/code-tasks").json["tasks"]]
    paths = [f"/api/code-truth?task={t}" for t in tasks] + ["/api/code-tasks", "/api/squares?mapping=lerbef"]
    assert len(tasks) == 12 and set(paths) <= set(shared)
    for path in [p for p in shared if p.startswith("/api/")]:
        response = computed.get(path)
        assert response.status_code == 200 and shared[path].body == response.get_data(), path


def test_without_prepare_at_start_each_shared_answer_is_made_when_first_asked_and_then_kept():
    """The test suite's app (PREPARE_AT_START off) serves what `make serve`'s app prepares, byte for byte."""
    eager = create_app({"TESTING": True})
    lazy = create_app({"TESTING": True, "PREPARE_AT_START": False})
    shared, kept = eager.extensions["chessviz_shared"], lazy.extensions["chessviz_shared"]
    assert kept == {} and set(shared) == set(serving.shared_paths_of())
    client = lazy.test_client()
    for path in shared:
        for encoding in ("br", "gzip", "identity"):
            response = client.get(path, headers={"Accept-Encoding": encoding})
            assert response.status_code == 200, path
            body = response.get_data()
            assert body == (shared[path].encoding(encoding) if encoding != "identity" else shared[path].body), (path, encoding)
            assert response.headers.get("Content-Encoding", "identity") == encoding, (path, encoding)
        assert kept[path].etag == shared[path].etag and kept[path].encoded == shared[path].encoded, path
    assert set(kept) == set(shared)
    audit.cache_clear()  # a kept answer is answered again without computing it
    kept_body = client.get("/api/routines").json
    assert audit.cache_info().currsize == 0 and kept_body == api_wiki.routines()
    # Static files: the same version either way; their encodings made at start, or when first asked for.
    static, lazy_static = eager.extensions["chessviz_static"], lazy.extensions["chessviz_static"]
    assert static.version == lazy_static.version
    name = next(n for n in static.files if n.endswith(".js") and len(static.files[n].body) > 1000)
    assert set(static.files[name].encoded) == {"br", "gzip"} and lazy_static.files[name].encoded == {}
    response = client.get(f"/static/{static.version}/{name}", headers={"Accept-Encoding": "br"})
    assert response.get_data() == static.files[name].encoding("br") == brotli.compress(static.files[name].body, quality=11)
    assert lazy_static.files[name].encoded == {"br": static.files[name].encoding("br")}


# --- The QR code of the Share dialog -------------------------------------------------------


def rasterise_qr(svg: str, scale: int = 6) -> Image.Image:
    """Draw the served SVG's modules (its path of M/h/m commands) as an image, independently of segno."""
    size = int(re.search(r'viewBox="0 0 (\d+) \d+"', svg).group(1))
    path = re.search(r'<path stroke="#000" d="([^"]+)"', svg).group(1)
    image = Image.new("L", (size * scale, size * scale), 255)
    draw = ImageDraw.Draw(image)
    x = y = 0.0
    for command, args in re.findall(r"([MmHh])([-\d. ]+)", path):
        numbers = [float(n) for n in args.split()]
        if command in "Mm":
            x, y = (numbers[0], numbers[1]) if command == "M" else (x + numbers[0], y + numbers[1])
        else:
            end = numbers[0] if command == "H" else x + numbers[0]
            row = int(y)  # the stroke runs along the middle of its row of modules
            draw.rectangle([x * scale, row * scale, end * scale - 1, (row + 1) * scale - 1], fill=0)
            x = end
    return image


@pytest.mark.parametrize(
    "text",
    [
        "http://192.0.2.10:5000/chapter/propagation?sq=d4&occupied=0x8100000010000081&hide=1",
        "http://127.0.0.1:5000/chapter/game",
    ],
)
def test_qr_code_decodes_to_the_text(client, text):
    response = client.get("/api/qr", query_string={"text": text})
    assert response.status_code == 200 and response.mimetype == "image/svg+xml"
    svg = response.get_data(as_text=True)
    decoded = zxingcpp.read_barcodes(rasterise_qr(svg))
    assert [d.text for d in decoded] == [text]


def test_qr_refuses_what_it_cannot_encode(client):
    for query, code in [
        ({}, "missing_parameter"),
        ({"text": "x" * 1001}, "invalid_parameter"),
        ({"text": "\u20ac" * 999}, "invalid_parameter"),
    ]:
        response = client.get("/api/qr", query_string=query)
        assert response.status_code == 400 and response.json["error"]["code"] == code
        assert response.json["error"]["param"] == "text"


# --- The memo of API answers (chessviz.web.memo) ---------------------------------------------

MEMO_URLS = [
    "/api/square?sq=e4",
    "/api/attacks?piece=queen&sq=d4&occupied=0x0000001000000000",
    "/api/routines",
    "/api/taps?tap=sq;occupied^&slide=sq%3Df4%26occupied%3D0x1000804200000010%26line%3Drank",
]
ENCODINGS = [{}, {"Accept-Encoding": "gzip"}, {"Accept-Encoding": "br, gzip"}]


@pytest.mark.parametrize("url", MEMO_URLS)
@pytest.mark.parametrize("headers", ENCODINGS, ids=["identity", "gzip", "br"])
def test_a_repeated_api_request_is_replayed_exactly_without_entering_flask(url, headers):
    app = create_app({"TESTING": True, "PREPARE_AT_START": False})
    entered, flask_app = [], app.wsgi_app.app
    app.wsgi_app.app = lambda environ, start_response: entered.append(1) or flask_app(environ, start_response)
    client = app.test_client()
    first, second = client.get(url, headers=headers), client.get(url, headers=headers)
    assert len(entered) == 1 and (app.wsgi_app.hits, app.wsgi_app.misses) == (1, 1)
    assert second.status_code == first.status_code == 200
    assert list(second.headers.items()) == list(first.headers.items()) and second.get_data() == first.get_data()
    decode = {"br": brotli.decompress, "gzip": gzip.decompress}.get(second.headers.get("Content-Encoding"), bytes)
    fresh = create_app({"TESTING": True, "PREPARE_AT_START": False, "DEBUG": True}).test_client().get(url)  # debug: no memo
    assert decode(second.get_data()) == fresh.get_data()


def test_the_memo_keeps_answers_apart_by_query_and_encoding():
    client = create_app({"TESTING": True, "PREPARE_AT_START": False}).test_client()
    e4, d4 = client.get("/api/square?sq=e4"), client.get("/api/square?sq=d4")
    assert e4.json["name"] == "e4" and d4.json["name"] == "d4"
    assert client.get("/api/square?sq=e4").json["name"] == "e4" and client.get("/api/square?sq=d4").json["name"] == "d4"
    plain = client.get("/api/routines")
    packed = client.get("/api/routines", headers={"Accept-Encoding": "gzip"})
    assert "Content-Encoding" not in plain.headers and packed.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.get_data()) == plain.get_data()


def test_the_memo_keeps_no_error_no_page_and_lets_revalidation_reach_the_app():
    app = create_app({"TESTING": True, "PREPARE_AT_START": False})
    client = app.test_client()
    for _ in range(2):
        assert client.get("/api/square?sq=z9").status_code == 400
        assert client.get("/chapter/propagation").status_code == 200
    assert app.wsgi_app.hits == 0 and not app.wsgi_app.entries
    etag = client.get("/api/square?sq=e4").headers["ETag"]
    revalidated = client.get("/api/square?sq=e4", headers={"If-None-Match": etag})
    assert revalidated.status_code == 304 and app.wsgi_app.hits == 0


def test_the_memo_stays_within_its_byte_budget_dropping_the_least_recent():
    app = create_app({"TESTING": True, "PREPARE_AT_START": False})
    memo = app.wsgi_app
    memo.budget = 2000  # a few answers of /api/square
    client = app.test_client()
    squares = [f"{f}{r}" for f in "abcdefgh" for r in "12345678"]
    for sq in squares:
        assert client.get(f"/api/square?sq={sq}").json["name"] == sq
        assert memo.size <= memo.budget
    kept = [key[1] for key in memo.entries]
    assert 1 < len(kept) < 64 and kept == [f"sq={sq}" for sq in squares[-len(kept) :]]
    held = [len(b) + sum(len(n) + len(v) for n, v in h) + sum(map(len, k)) for k, (_, h, b) in memo.entries.items()]
    assert memo.size == sum(held)


def test_the_memo_s_limits_hold_at_their_edges_and_a_body_sent_by_chunks_is_never_answered_from_it():
    url = "/api/square?sq=e4"

    def memo_after_one_answer(**limits):
        app = create_app({"TESTING": True, "PREPARE_AT_START": False})
        for name, value in limits.items():
            setattr(app.wsgi_app, name, value)
        body = app.test_client().get(url).get_data()
        return app.wsgi_app, body

    memo, body = memo_after_one_answer()
    cost = memo.size
    assert len(memo.entries) == 1 and cost > len(body)
    assert len(memo_after_one_answer(largest=len(body))[0].entries) == 1  # as large as allowed: kept
    assert len(memo_after_one_answer(largest=len(body) - 1)[0].entries) == 0
    assert memo_after_one_answer(budget=cost)[0].size == cost  # filling the budget exactly drops nothing
    assert memo_after_one_answer(budget=cost - 1)[0].size == 0
    app = create_app({"TESTING": True, "PREPARE_AT_START": False})
    client = app.test_client()
    for _ in range(2):
        assert client.get(url, environ_overrides={"HTTP_TRANSFER_ENCODING": "chunked"}).status_code == 200
    assert app.wsgi_app.hits == 0 and not app.wsgi_app.entries


def test_the_memo_keeps_the_wsgi_contract_with_the_app_behind_it():
    """PEP 3333: the body may come in several chunks, an iterable with close() must be closed,
    and an exc_info passed to start_response goes on to the server. Flask's own answers come
    in one chunk without exc_info, so only an app written for this shows it."""
    from chessviz.web.memo import AnswerMemo

    closed, passed = [], []

    class Body:
        def __iter__(self):
            return iter([b'{"a": ', b"1}"])

        def close(self):
            closed.append(True)

    def app(environ, start_response):
        try:
            raise RuntimeError("the app's own error")
        except RuntimeError:
            start_response("200 OK", [("Cache-Control", "public")], sys.exc_info())
        return Body()

    memo = AnswerMemo(app)
    environ = {"REQUEST_METHOD": "GET", "PATH_INFO": "/api/x"}  # PEP 3333: the query and the rest may be absent
    body = memo(environ, lambda status, headers, exc_info=None: passed.append(exc_info))
    assert body == [b'{"a": 1}'] and closed == [True]
    assert passed[0][0] is RuntimeError and str(passed[0][1]) == "the app's own error"
    assert memo.entries[("/api/x", "", "")][2] == b'{"a": 1}'
    # Replayed twice, with the status sent the first time; an empty or zero length is no body.
    for length in ("", "0"):
        replayed = memo(environ | {"CONTENT_LENGTH": length}, lambda status, headers: passed.append(status))
        assert replayed == [b'{"a": 1}']
    assert passed[1:] == ["200 OK", "200 OK"] and (memo.hits, memo.misses) == (2, 1)


@pytest.mark.parametrize("cache_control", ["no-store", "private, max-age=60", "publicity"])
def test_the_memo_keeps_only_what_is_marked_public(cache_control):
    from chessviz.web.memo import AnswerMemo

    def app(environ, start_response):
        start_response("200 OK", [("Cache-Control", cache_control)])
        return [b"{}"]

    memo = AnswerMemo(app)
    for _ in range(2):
        assert memo({"REQUEST_METHOD": "GET", "PATH_INFO": "/api/x"}, lambda status, headers, exc_info=None: None) == [b"{}"]
    assert not memo.entries and memo.hits == 0
    # Without a path the request is no /api/ request, and reaches the app as it is.
    assert memo({"REQUEST_METHOD": "GET"}, lambda status, headers, exc_info=None: None) == [b"{}"] and memo.misses == 2


def test_the_memo_is_off_when_debugging_or_asked_to_be():
    from chessviz.web.memo import AnswerMemo

    assert isinstance(create_app({"TESTING": True, "PREPARE_AT_START": False}).wsgi_app, AnswerMemo)
    assert not isinstance(create_app({"TESTING": True, "PREPARE_AT_START": False, "DEBUG": True}).wsgi_app, AnswerMemo)
    assert not isinstance(create_app({"TESTING": True, "PREPARE_AT_START": False, "ANSWER_MEMO": False}).wsgi_app, AnswerMemo)


def test_debugging_prepares_nothing_and_lets_nothing_be_kept_long():
    """`make run` (debug): no shared answer made at start, no encoding made ahead, no max-age anywhere."""
    app = create_app({"TESTING": True, "DEBUG": True})  # PREPARE_AT_START left at make serve's default
    assert app.extensions["chessviz_shared"] == {}
    assert all(not prepared.encoded for prepared in app.extensions["chessviz_static"].files.values())
    client = app.test_client()
    for url in (page_module(client), "/api/square?sq=e4", "/api/routines", "/chapter/mask"):
        response = client.get(url)
        assert response.status_code == 200 and response.headers["Cache-Control"] == "no-cache", url
    assert app.extensions["chessviz_shared"] == {}  # and none kept after being asked
