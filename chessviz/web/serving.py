"""What a classroom server adds around the views: security headers, versioned static files,
caching with ETags, compression, errors in the reader's format, and shared answers
computed once when the app is created.

Every function here works on the response after the view ran, so the views stay unaware
of it. See docs/server.md, "The classroom server", for the decisions.
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import mimetypes
import os
import zlib
from dataclasses import dataclass, field
from pathlib import Path

import brotli
from flask import Flask, Response, abort, jsonify, render_template, request
from werkzeug.routing import BaseConverter

from ..chapters import CHAPTERS
from ..code_tasks import TASKS
from .params import MAX_JSON_BODY

# script-src 'self' only: every script is a same-origin ES module file, no inline code, no
# eval. A view that sets its own Content-Security-Policy (e.g. a Web Worker's script that
# needs 'unsafe-eval' inside the worker only) keeps it: the default is only set when absent.
CSP = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data: blob:",  # data: for the empty favicon, blob: for board export
        "connect-src 'self'",
        "worker-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'self'",
    ]
)
SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "SAMEORIGIN",  # frame-ancestors for browsers that predate it
    "Cross-Origin-Opener-Policy": "same-origin",
}
# What every answer carries unless its view set its own: (lower-case name, name, value).
_EVERY_ANSWER = [(name.lower(), name, value) for name, value in {**SECURITY_HEADERS, "Content-Security-Policy": CSP}.items()]
IMMUTABLE = "public, max-age=31536000, immutable"
# API answers are pure functions of their query: browsers and proxies may reuse one for an
# hour (a lesson) without asking, then revalidate it with its ETag.
API_CACHE = "public, max-age=3600"
REVALIDATE = "no-cache"

# The request line's limit is the serving stack's (chessviz.web.serve): it answers 414 in the
# contract's JSON before the app runs. Below it, an over-long parameter is the app's 400 naming it.

COMPRESSIBLE = {
    "application/json",
    "application/javascript",
    "text/javascript",
    "text/css",
    "text/html",
    "text/plain",
    "image/svg+xml",
}
MIN_COMPRESS = 256
ENCODINGS = ("br", "gzip")
DYNAMIC_BROTLI_QUALITY = 5  # fast enough per request; precomputed bodies get 11
DYNAMIC_GZIP_LEVEL = 6
LARGE_BODY = 64 * 1024

_HTTP_CODES = {404: "not_found", 405: "method_not_allowed", 413: "body_too_large", 414: "uri_too_long"}


# What a student reads on an error page: words, not the server's description.
_PAGE_ERRORS = {
    404: ("Page not found", "There is no page at this address. Every chapter is listed below."),
    405: ("Not allowed here", "This page cannot be used that way. Every chapter is listed below."),
    500: (
        "Something went wrong",
        "The server ran into a problem; its log has the details for your teacher. Every chapter is listed below.",
    ),
}


@dataclass
class Prepared:
    """A body whose encodings and ETag are computed once: a static file or a shared answer.

    The ETag is computed at once; each encoding when `prepare` runs (the classroom server, at
    start-up) or when a client first asks for it.
    """

    body: bytes
    mimetype: str
    etag: str = ""
    encoded: dict[str, bytes | None] = field(default_factory=dict)
    digest: str = field(default="", repr=False)  # the body's SHA-256: its ETag, and its name where encodings are kept

    def __post_init__(self):
        self.digest = hashlib.sha256(self.body).hexdigest()
        self.etag = self.digest[:20]

    def encoding(self, name: str, kept: EncodingsKept | None = None) -> bytes | None:
        """Return the body encoded as `name` ("br" or "gzip"), or None when it is not worth encoding;
        with `kept`, an encoding made at an earlier start is read instead of made again."""
        if name not in self.encoded:
            if self.mimetype not in COMPRESSIBLE or len(self.body) < MIN_COMPRESS:
                self.encoded[name] = None
            else:
                self.encoded[name] = kept.encoding(self, name) if kept else self.make(name)
        return self.encoded[name]

    def level(self, name: str) -> int:
        # Brotli's best quality takes 0.6 s on the largest code-task answer, for 25 % fewer bytes
        # than quality 9 (5 ms): the large bodies get 9, so the server still starts in a second.
        if name == "gzip":
            return 9
        return 11 if len(self.body) <= LARGE_BODY else 9

    def make(self, name: str) -> bytes:
        """Encode the body as `name` (compressible, and long enough to be worth it)."""
        if name == "gzip":
            return gzip.compress(self.body, self.level(name), mtime=0)
        return brotli.compress(self.body, quality=self.level(name))

    def prepare(self, kept: EncodingsKept | None = None) -> Prepared:
        for name in ENCODINGS:
            self.encoding(name, kept)
        return self


_DECODE = {"br": brotli.decompress, "gzip": gzip.decompress}
# Part of a kept encoding's name: another compressor's version may pack the same body differently.
_ENCODER = {"br": f"brotli{brotli.__version__}", "gzip": f"zlib{zlib.ZLIB_RUNTIME_VERSION}"}


class EncodingsKept:
    """The classroom server's encodings kept on disk from one start to the next, by the hash of
    what they encode: every static file and shared answer at brotli's best quality costs about
    two seconds of a start, which a restart (or every test that starts the server) need not pay
    again. A kept file is used only if it decodes to the body exactly; a folder that cannot be
    written only means the work is done again. After a start the folder holds what that start
    used, nothing older.
    """

    def __init__(self, folder: Path):
        self.folder = folder
        self.used: set[str] = set()

    def encoding(self, prepared: Prepared, name: str) -> bytes:
        """Return `prepared`'s body encoded as `name`: as kept, or made now and kept."""
        key = f"{prepared.digest}.{name}{prepared.level(name)}.{_ENCODER[name]}"
        self.used.add(key)
        path = self.folder / key
        try:
            kept = path.read_bytes()
            if _DECODE[name](kept) == prepared.body:
                return kept
        except (OSError, EOFError, zlib.error, brotli.error):  # not kept yet, or not the body's encoding
            pass
        made = prepared.make(name)
        partial = self.folder / f".{key}.{os.getpid()}"  # written whole, then renamed: never read half-written
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            partial.write_bytes(made)
            os.replace(partial, path)
        except OSError:  # a folder that cannot be written: the next start makes it again
            with contextlib.suppress(OSError):
                partial.unlink()
        return made

    def forget_unused(self) -> None:
        """Remove the encodings this start did not use (an earlier version's files and answers)."""
        try:
            for path in self.folder.iterdir():
                if path.name not in self.used and not path.name.startswith("."):
                    path.unlink(missing_ok=True)
        except OSError:
            pass


class StaticFiles:
    """Every file under static/, read once, with its content hash; the tree's hash is the version.

    Pages link to /static/<version>/<file>. ES modules import each other by relative URL,
    which resolves inside the same /static/<version>/ prefix, so a page never mixes
    modules of two deploys and every versioned URL can be cached for a year.
    """

    def __init__(self, root: Path, prepare: bool = True, kept: EncodingsKept | None = None):
        self.root = root
        self.prepare = prepare
        self.kept = kept
        self.load()

    def load(self) -> None:
        self.files: dict[str, Prepared] = {}
        self.stamps: dict[str, float] = {}
        tree = hashlib.sha256()
        for path in sorted(p for p in self.root.rglob("*") if p.is_file()):
            name = path.relative_to(self.root).as_posix()
            body = path.read_bytes()
            mimetype = mimetypes.guess_type(name)[0] or "application/octet-stream"
            if mimetype == "text/javascript":
                mimetype = "application/javascript"
            self.files[name] = Prepared(body, mimetype).prepare(self.kept) if self.prepare else Prepared(body, mimetype)
            self.stamps[name] = path.stat().st_mtime
            tree.update(name.encode() + b"\0" + self.files[name].etag.encode() + b"\0")
        self.version = tree.hexdigest()[:12]

    def changed(self) -> bool:
        """Return True when a file was added, removed or edited since load (development only)."""
        now = {p.relative_to(self.root).as_posix(): p.stat().st_mtime for p in self.root.rglob("*") if p.is_file()}
        return now != self.stamps


class VersionConverter(BaseConverter):
    regex = "[0-9a-f]{12}"


def wants_html() -> bool:
    """Return True when the client is a browser asking for a page (it names text/html), not /api/."""
    if request.path.startswith("/api/"):
        return False
    accept = request.accept_mimetypes
    return "text/html" in request.headers.get("Accept", "") and accept["text/html"] >= accept["application/json"]


def error_body(code: str, message: str, param: str | None) -> dict:
    """Return the contract's error body: {"error": {"code", "message", "param"}}."""
    return {"error": {"code": code, "message": message, "param": param}}


def error_response(status: int, code: str, message: str, param: str | None) -> Response:
    """Return the error as the contract's JSON body, or as an HTML page for a browser."""
    if wants_html():
        title, sentence = _PAGE_ERRORS.get(status, ("Request refused", "The server could not answer this request."))
        html = render_template("error.html", status=status, title=title, message=sentence, chapters=CHAPTERS)
        response = Response(html, status=status, mimetype="text/html")
    else:
        response = jsonify(error_body(code, message, param))
        response.status_code = status
    response.headers["Cache-Control"] = "no-store"
    return response


def http_code(status: int) -> str:
    return _HTTP_CODES.get(status, "http_error")


def install(app: Flask, root: Path) -> None:
    """Add static serving, shared answers, limits, headers, caching and compression to `app`.

    With PREPARE_AT_START (the default, and what `make serve` runs) every static file's
    encodings and every shared answer are made before the first request, once for all of the
    classroom server's workers. Without it (the test suite's app) each is made when first
    asked for and kept the same way, so a test pays only for what it asks. In debug (`make
    run`) nothing is prepared or kept: shared answers are computed for each request, static
    files are read again when one changes, and no answer may be cached for long.
    """
    at_start = app.config.get("PREPARE_AT_START", True) and not app.debug  # `make run` prepares nothing
    folder = app.config.get("ENCODINGS_FOLDER", Path(app.instance_path) / "encodings")
    kept = EncodingsKept(Path(folder)) if at_start and folder else None
    static = StaticFiles(root / "static", prepare=at_start, kept=kept)
    app.extensions["chessviz_static"] = static
    app.url_map.converters["version"] = VersionConverter

    @app.url_defaults
    def static_version(endpoint, values):
        if endpoint == "static":
            values.setdefault("version", static.version)

    def serve_static(filename: str, version: str | None = None):
        prepared = static.files.get(filename)
        if prepared is None:
            abort(404, description=f"no static file named {filename!r}")
        response = Response(prepared.body, mimetype=prepared.mimetype)
        response.chessviz_prepared = prepared
        # Only the current version is immutable: an old page asking for an old version gets
        # today's file, which it must not keep for a year. Under `make run` (debug) no file is:
        # files change by the minute there, and a browser need not keep a year of versions.
        response.headers["Cache-Control"] = IMMUTABLE if version == static.version and not app.debug else REVALIDATE
        return response

    app.add_url_rule("/static/<version:version>/<path:filename>", "static", serve_static)
    app.add_url_rule("/static/<path:filename>", "static_unversioned", serve_static)

    shared = prepare_shared(app, kept) if at_start else {}
    if kept:
        kept.forget_unused()
    app.extensions["chessviz_shared"] = shared
    shared_paths = set(shared_paths_of())

    @app.before_request
    def limits_and_shared():
        if app.debug and static.changed():  # `make run`: an edited file, and the pages link its new version
            static.load()
        # Only the live class's endpoints take a body, and a small one: a larger one is refused
        # before it is routed, with the words of their own check (parse_body).
        if (request.content_length or 0) > MAX_JSON_BODY:
            abort(413, description=f"the body is {request.content_length} bytes; the most allowed is {MAX_JSON_BODY}")
        if request.method in ("GET", "HEAD") and not app.debug:
            prepared = shared.get(request.full_path.rstrip("?"))
            if prepared is not None:
                response = Response(prepared.body, mimetype=prepared.mimetype)
                response.chessviz_prepared = prepared
                return response
        return None

    @app.after_request
    def headers_cache_compress(response: Response) -> Response:
        # The names a view set, read once: Headers.setdefault raised and caught a KeyError for
        # each header not set yet, a fifth of a small answer's time in this app.
        present = set(response.headers.keys(lower=True))
        for lower, name, value in _EVERY_ANSWER:
            if lower not in present:
                response.headers.add(name, value)
        if request.environ.get("SERVER_SOFTWARE", "").startswith("Werkzeug"):
            response.headers["Server"] = "chessviz"  # else the development server names its version
        if request.method not in ("GET", "HEAD") or response.direct_passthrough:
            return response
        if getattr(response, "chessviz_uncached", False):  # a live class's answer of the moment, or its event stream
            return response
        if response.mimetype in COMPRESSIBLE:  # compress() below packs it for a client that asks: say so, 304 too
            if "vary" in present:
                response.vary.add("Accept-Encoding")
            else:  # the usual case: no parsing of an empty header into a set and back
                response.headers.add("Vary", "Accept-Encoding")
        if response.status_code == 200:
            if "cache-control" not in present:  # `make run`: an edited core answers at once
                long = request.path.startswith("/api/") and not app.debug
                response.headers.add("Cache-Control", API_CACHE if long else REVALIDATE)
            prepared = getattr(response, "chessviz_prepared", None)
            key = request.full_path.rstrip("?")
            if prepared is None and key in shared_paths and not app.debug:  # asked for the first time
                prepared = shared.setdefault(key, Prepared(response.get_data(), response.mimetype))
                response.chessviz_prepared = prepared
            etag = prepared.etag if prepared else hashlib.sha256(response.get_data()).hexdigest()[:20]
            response.set_etag(etag, weak=True)
            if request.if_none_match.contains_weak(etag):
                response.status_code = 304
                response.set_data(b"")
                response.headers.pop("Content-Length", None)
                return response
        return compress(response)

    return None


def compress(response: Response) -> Response:
    """Encode a text response with brotli or gzip when the client accepts it (its Vary says so already)."""
    if response.mimetype not in COMPRESSIBLE:
        return response
    accepted = request.accept_encodings
    encoding = "br" if accepted["br"] else "gzip" if accepted["gzip"] else None
    if encoding is None:  # no view encodes its own answer: this is the one place that does
        return response
    prepared = getattr(response, "chessviz_prepared", None)
    if prepared is not None:
        body = prepared.encoding(encoding)
    else:
        data = response.get_data()
        if len(data) < MIN_COMPRESS:
            return response
        if encoding == "br":
            body = brotli.compress(data, quality=DYNAMIC_BROTLI_QUALITY)
        else:
            body = gzip.compress(data, DYNAMIC_GZIP_LEVEL, mtime=0)
    if body is None:
        return response
    response.set_data(body)
    response.headers["Content-Encoding"] = encoding
    return response


# The answers that are the same for everyone, computed once (see install): the audit,
# the three 15x15 sheets, the OpenAPI document, the 64 squares in each mapping, the code
# chapter's tasks and every task's inputs with their answers (up to 370 KB of JSON each: built
# per request, they cost 14 ms of a worker's CPU), and every page (its chapter list included).
# Each is keyed by the exact path and query the pages ask.
SHARED_API = [
    "/api/routines",
    "/api/directions/table?kind=degrees",
    "/api/directions/table?kind=begrees",
    "/api/directions/table?kind=begrees_filled",
    "/api/openapi.json",
    "/api/squares",
    "/api/squares?mapping=lerf",
    "/api/squares?mapping=lerbef",
    "/api/code-tasks",
] + [f"/api/code-truth?task={task.id}" for task in TASKS]


def shared_paths_of() -> list[str]:
    """The shared answers' paths and queries: SHARED_API and every page."""
    return SHARED_API + ["/"] + [f"/chapter/{c.slug}" for c in CHAPTERS]


def prepare_shared(app: Flask, kept: EncodingsKept | None = None) -> dict[str, Prepared]:
    """Render every shared answer once, with its encodings; return them by path and query."""
    shared = {}
    for path in shared_paths_of():
        with app.test_request_context(path):  # only 200 answers are kept, the same for every reader
            response = app.make_response(app.dispatch_request())  # a shared answer that fails stops the start
            if response.status_code == 200:
                shared[path] = Prepared(response.get_data(), response.mimetype).prepare(kept)
    return shared
