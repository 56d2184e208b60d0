"""The app as a whole: home page, chapter pages, JSON errors for routing, OpenAPI."""

import re

import pytest

from chessviz.chapters import CHAPTERS

# The pages the contract names (its "Pages" section); the registry may hold more.
CONTRACT_SLUGS = {
    "squares",
    "diagonals",
    "colors",
    "directions",
    "intersections",
    "routines",
    "msb",
    "shift-ray",
    "propagation",
    "mask",
    "masked-occupied",
    "rays",
    "hyperbola",
    "game",
}


def test_home_lists_every_chapter_with_a_link(client):
    html = client.get("/").get_data(as_text=True)
    assert CONTRACT_SLUGS <= {c.slug for c in CHAPTERS}
    for c in CHAPTERS:
        assert f'href="/chapter/{c.slug}"' in html


@pytest.mark.parametrize("slug", [c.slug for c in CHAPTERS])
def test_every_chapter_page_is_served(client, slug):
    response = client.get(f"/chapter/{slug}")
    assert response.status_code == 200
    assert response.mimetype == "text/html"
    assert f'data-chapter="{slug}"' in response.get_data(as_text=True)


def test_a_template_s_mouse_verb_has_its_finger_word_beside_it(app):
    """templates/_words.html: each form of "click" with its "tap" (chessviz.css shows one by the
    pointer); a word it does not know stays itself, so that a touch screen shows a click that the
    phone's screen test then finds."""
    forms = {"Click": "Tap", "click": "tap", "Clicks": "Taps", "clicks": "taps", "Clicked": "Tapped", "clicked": "tapped"}
    forms |= {"Clicking": "Tapping", "clicking": "tapping", "Press": "Press"}
    source = '{% from "_words.html" import click %}' + "|".join(f'{{{{ click("{w}") }}}}' for w in forms)
    with app.app_context():
        html = app.jinja_env.from_string(source).render()
    pairs = re.findall(r'<span class="on-mouse">([^<]*)</span><span class="on-touch">([^<]*)</span>', html)
    assert pairs == list(forms.items())


def test_a_sentence_written_as_data_gets_both_verbs_word_by_word(app):
    """The guide's lesson steps are data (chessviz.lessons): _words.html's pointer_text gives each
    word of the table both verbs (the punctuation after one kept, as terms.js's tapWords does),
    leaves every other word as it is, and escapes what it is given."""
    source = '{% from "_words.html" import pointer_text %}{{ pointer_text(text) }}'
    with app.app_context():
        html = app.jinja_env.from_string(source).render(text="Click c1, then click <b>f4</b>; a clicked click, stays")
    words = re.sub(r'<span class="on-mouse">([^<]*)</span><span class="on-touch">([^<]*)</span>', r"[\1|\2]", html)
    assert words == "[Click|Tap] c1, then [click|tap] &lt;b&gt;f4&lt;/b&gt;; a [clicked|tapped] [click|tap], stays"


@pytest.mark.parametrize(
    "method,url,status,code",
    [
        ("get", "/api/no-such-endpoint", 404, "not_found"),
        ("get", "/chapter/no-such-chapter", 404, "not_found"),
        ("post", "/api/square?sq=e4", 405, "method_not_allowed"),
        ("delete", "/api/square?sq=e4", 405, "method_not_allowed"),
        ("put", "/api/openapi.json", 405, "method_not_allowed"),
    ],
)
def test_routing_errors_are_json(client, method, url, status, code):
    response = getattr(client, method)(url)
    assert response.status_code == status
    assert response.is_json
    assert response.json["error"]["code"] == code
    assert set(response.json["error"]) == {"code", "message", "param"}


def test_core_does_not_import_flask():
    import subprocess
    import sys

    code = (
        "import sys, chessviz, pkgutil, importlib\n"
        "for m in pkgutil.iter_modules(chessviz.__path__):\n"
        "    if not m.ispkg: importlib.import_module('chessviz.' + m.name)\n"
        "assert 'flask' not in sys.modules, 'the core imported flask'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_openapi_documents_every_api_route(app, client):
    doc = client.get("/api/openapi.json").json
    assert doc["openapi"].startswith("3.")
    routes = {re.sub(r"<(\w+)>", r"{\1}", r.rule) for r in app.url_map.iter_rules() if r.rule.startswith("/api/")}
    assert routes == set(doc["paths"])
    for path, item in doc["paths"].items():
        for operation in item.values():
            assert operation["summary"], path
            if operation["parameters"]:
                assert "400" in operation["responses"], path


def test_the_app_finds_its_files_from_its_own_location_not_the_current_directory(tmp_path):
    """app.py run from an empty folder elsewhere: pages, static files and the manual are all served."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    code = (
        "import runpy, sys\n"
        f"sys.path.insert(0, {str(root)!r})\n"
        f"app = runpy.run_path({str(root / 'app.py')!r})['app']\n"
        "client = app.test_client()\n"
        "for url, kind in (('/', 'text/html'), ('/chapter/squares', 'text/html'), ('/static/js/bits.js', 'text/javascript'),\n"
        "                  ('/docs/API.md', 'text/markdown'), ('/api/square?sq=e4', 'application/json')):\n"
        "    response = client.get(url)\n"
        "    same = response.mimetype == kind or {kind, response.mimetype} == {'text/javascript', 'application/javascript'}\n"
        "    assert response.status_code == 200 and same, (url, response.status_code, response.mimetype)\n"
        "print('served')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=False)
    assert done.returncode == 0 and done.stdout.strip() == "served", done.stderr
    assert not any(tmp_path.iterdir())


def test_a_wrong_method_says_which_methods_are_allowed(client):
    response = client.post("/api/square?sq=e4")
    assert response.status_code == 405
    assert sorted(response.headers["Allow"].split(", ")) == ["GET", "HEAD", "OPTIONS"]
    assert response.json["error"] == {"code": "method_not_allowed", "message": response.json["error"]["message"], "param": None}
    assert "not allowed" in response.json["error"]["message"]


def test_an_unknown_path_says_so_in_the_contract_shape(client):
    response = client.get("/api/nowhere")
    assert response.json == {"error": {"code": "not_found", "message": response.json["error"]["message"], "param": None}}
    assert "not found" in response.json["error"]["message"].lower()


def test_an_api_path_with_a_doubled_slash_is_an_unknown_path_not_a_redirect(app, client):
    # Werkzeug merges slashes with a 308 whose body is HTML: a client reading JSON gets nothing it
    # can show. Each API rule, its slash after /api doubled (and for a longer rule, its last one).
    rules = [r for r in app.url_map.iter_rules() if r.rule.startswith("/api/")]
    assert len(rules) > 20
    for rule in rules:
        path = re.sub(r"<(?:\w+:)?\w+>", "ABCDEF", rule.rule)
        method = "GET" if "GET" in rule.methods else sorted(rule.methods - {"OPTIONS"})[0]
        head, _, tail = path.rpartition("/")
        for doubled in {"/api//" + path[len("/api/") :], head + "//" + tail}:
            response = client.open(doubled, method=method)
            assert "Location" not in response.headers, doubled
            assert set(response.json["error"]) == {"code", "message", "param"}, doubled
            # Werkzeug still counts the merged path's other methods: for them a 405, in the same shape.
            allowed = {(404, "not_found")} if method == "GET" else {(404, "not_found"), (405, "method_not_allowed")}
            assert (response.status_code, response.json["error"]["code"]) in allowed, doubled
    # A page keeps the friendly redirect: a person typed it, and a browser follows it.
    assert client.get("/chapter//rays").headers["Location"].endswith("/chapter/rays")


def test_a_bug_is_a_json_500_and_the_log_has_the_details(caplog):
    from chessviz.web import create_app

    app = create_app({"PREPARE_AT_START": False})  # not TESTING: the error handler runs, as in a classroom

    @app.get("/broken")
    def broken():
        raise RuntimeError("a bug")

    response = app.test_client().get("/broken")
    assert response.status_code == 500
    assert response.json == {
        "error": {"code": "internal_error", "message": "internal error; the server log has the details", "param": None}
    }
    assert "unhandled error" in caplog.text and "a bug" in caplog.text


def test_another_http_error_keeps_its_status_in_the_contract_shape():
    from flask import abort

    from chessviz.web import create_app

    app = create_app({"PREPARE_AT_START": False})

    @app.get("/gone")
    def gone():
        abort(410)

    response = app.test_client().get("/gone")
    assert response.status_code == 410
    assert response.json["error"]["code"] == "http_error" and response.json["error"]["param"] is None
    assert response.json["error"]["message"]


def test_shown_cuts_long_values_and_says_how_long_they_were():
    from chessviz.errors import shown

    assert shown("e4") == "'e4'"
    assert shown("x" * 40) == repr("x" * 40)
    assert shown("x" * 41) == repr("x" * 40) + "... (41 characters)"
    assert shown("y" * 100, limit=5) == "'yyyyy'... (100 characters)"
    assert shown(12) == "12"
    assert shown(10**50) == "1" + "0" * 39 + "... (51 characters)"  # a JSON number, cut like a string
    assert shown(["e4"] * 20, limit=10) == "['e4', 'e4... (120 characters)"
