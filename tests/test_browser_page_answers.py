"""The pages draw what the API answers and work out nothing themselves: each page
asks exactly the questions it needs, once, and shows the API's own answer where a page could
have computed one (a boolean, a bit number, a square at a difference, a slider's lines)."""

from urllib.parse import parse_qs, urlparse

from chessviz.chapters import CHAPTERS

from browser_helpers import board_labels, board_squares, wait_for_board


def api_requests(page):
    """Start recording the page's API requests as (path, query dict); returns the list."""
    asked = []

    def record(request):
        url = urlparse(request.url)
        if url.path.startswith("/api/"):
            asked.append((url.path, {k: v[0] for k, v in parse_qs(url.query).items()}))

    page.on("request", record)
    return asked


def test_directions_asks_five_questions_and_draws_the_roses_from_api_rose(page, live_server, client):
    asked = api_requests(page)
    page.goto(live_server + "/chapter/directions?from=b2&to=c4")
    page.wait_for_selector('[data-kind="begrees_filled"] td[data-current]')
    page.wait_for_selector('[data-field="lookup_index"]')
    # The rose, the pair's direction and the three sheets: no request per neighbour.
    assert sorted(path for path, _ in asked if path != "/api/taps") == [
        "/api/direction",
        "/api/directions/table",
        "/api/directions/table",
        "/api/directions/table",
        "/api/rose",
    ]
    rose = client.get("/api/rose?sq=b2").json
    labels = board_labels(page, "directions")
    assert {name for name, text in labels.items() if text} == {r["to"] for r in rose["rose"]}
    for r in rose["rose"]:
        assert labels[r["to"]] == f"{r['step']:+d} {r['wiki']}"  # the increment and the wiki's rose name
    # Every cell leads where /api/rose says (null off the board).
    targets = page.eval_on_selector_all(
        '[data-kind="degrees"] button[data-rank-diff]', "els => els.map(e => e.dataset.target || null)"
    )
    assert targets == [name for row in rose["squares"] for name in row]
    # A cell click asks nothing (its answer came with the taps'), only the next taps.
    settled = "() => { const c = document.getElementById('chapter').dataset; return c.drawn && c.ahead === c.drawn; }"
    page.wait_for_function(settled)
    drawn = page.get_attribute("#chapter", "data-drawn")
    before = len(asked)
    page.click('[data-kind="degrees"] button[data-rank-diff="5"][data-file-diff="6"]')
    page.wait_for_url("**to=h7**")
    page.wait_for_selector('[data-kind="degrees"] td[data-current] button[data-rank-diff="5"][data-file-diff="6"]')
    # The next taps are asked once the new state is painted: wait until their answers are in.
    page.wait_for_function(f"() => document.getElementById('chapter').dataset.drawn !== '{drawn}' && ({settled})()")
    assert [path for path, _ in asked[before:]] == ["/api/taps"]
    # Off the board from b2: a message, the state stays.
    page.click('[data-kind="degrees"] button[data-rank-diff="-2"][data-file-diff="0"]')
    page.wait_for_selector('[data-role="direction"] + .input-error:not([hidden])')
    assert "to=h7" in page.url


def test_intersections_asks_once_for_all_pairs(page, live_server, client):
    asked = api_requests(page)
    with page.expect_response(lambda response: urlparse(response.url).path == "/api/intersections"):
        page.goto(live_server + "/chapter/intersections?a=a1&b=a2&line_a=rank&line_b=anti_diagonal")
    page.wait_for_selector('[data-role="working"] h2[data-square="b1"]')
    assert sorted(path for path, _ in asked) == FIRST_VIEW["intersections"]
    # Another pair of line kinds is already in the answer of all 12: it is drawn from memory, and
    # the one request is the next taps of the new pair.
    before = len(asked)
    page.click('[data-role="all"] button[data-pair="file/diagonal"]')
    one = client.get("/api/intersection?a=a1&b=a2&line_a=file&line_b=diagonal").json
    page.wait_for_selector(f'[data-role="working"] h2[data-square="{one["square"] or "none"}"]')
    page.wait_for_function(
        "() => { const c = document.getElementById('chapter').dataset; return c.drawn && c.ahead === c.drawn; }"
    )
    assert [path for path, _ in asked[before:]] == ["/api/taps"]
    assert one["printed"]["call"] in page.inner_text('[data-role="printed"]')
    assert board_squares(page, "intersections") == ({one["square"]} if one["square"] else set())


def test_intersections_same_kind_is_the_apis_refusal(page, live_server, client):
    page.expect_bad_requests = True
    asked = api_requests(page)
    page.goto(live_server + "/chapter/intersections?a=e4&b=c7&line_a=file&line_b=file")
    page.wait_for_selector('[data-role="working"] + .input-error:not([hidden])')
    refusal = client.get("/api/intersection?a=e4&b=c7&line_a=file&line_b=file").json["error"]
    assert refusal["code"] == "same_line_kind"
    line = page.locator('[data-role="working"] + .input-error')
    assert line.get_attribute("data-code") == refusal["code"]
    # Words for students: the API's code stays out of the text, and the previous answer goes.
    assert refusal["code"] not in line.inner_text() and "line_a" not in line.inner_text()
    assert "two different kinds of line" in line.inner_text()
    assert page.locator('[data-role="working"]').inner_text() == ""
    assert ("/api/intersection", {"a": "e4", "b": "c7", "line_a": "file", "line_b": "file"}) in asked
    # The lines are still drawn, and the table of all pairs.
    page.wait_for_selector('[data-role="all"] tr[data-pair="rank/file"]')


def test_msb_prints_the_apis_comparison(page, live_server, client):
    # Destination h1 (bit 0 in lerbef) against start e1 (bit 3): 1 >= 8 is false, "right".
    page.goto(live_server + "/chapter/msb?dest=0x80&start=0x10")
    body = client.get("/api/compare?destination=1&start=8&mapping=lerbef").json
    assert body["greater_or_equal"] is False and body["verdict"] == "right"
    page.wait_for_selector('.verdict[data-verdict="right"]')
    assert 'is false  →  "right"' in page.inner_text('[data-role="comparison"]')


def test_squares_prints_the_apis_bit_numbers(page, live_server, client):
    for name in ("a1", "h1", "e4", "a8"):
        page.goto(live_server + f"/chapter/squares?sq={name}")
        page.wait_for_selector(f'#inspect[data-square="{name}"]')
        bits = client.get(f"/api/square?sq={name}").json["bits"]
        assert f"bit {bits['lerf']} in lerf, bit {bits['lerbef']} in lerbef" in page.inner_text("#inspect")


def test_devlog_values_come_from_the_page(page, live_server, client):
    """The devlog presets read #chapter[data-devlog]: change it before the modules run, the pages follow."""
    page.add_init_script("""
        document.addEventListener('readystatechange', () => {
            const chapter = document.getElementById('chapter');
            if (chapter && document.readyState === 'interactive') {
                chapter.dataset.devlog = JSON.stringify({fen: '8/8/8/8/3Q4/8/8/8', occupancy: {lerbef: '0x0000000000000001', lerf: '0x0000000000000080'}});
            }
        });
    """)  # noqa: E501
    page.goto(live_server + "/chapter/propagation")
    wait_for_board(page, "occupied", {"h1"})
    page.goto(live_server + "/chapter/game")
    page.wait_for_selector('[data-board="game"] [data-square="d4"][data-piece="Q"]')
    assert page.input_value("#fen") == "8/8/8/8/3Q4/8/8/8"


# What each chapter asks on its first view: one answer per question, nothing it could derive.
# Every chapter of the registry needs an entry.
# A chapter with an input board also asks, once, for what every tap on it would show (/api/taps).
FIRST_VIEW = {
    "msb": ["/api/compare", "/api/taps"],
    "shift-ray": ["/api/ray", "/api/taps"],
    "propagation": ["/api/slide", "/api/taps"],
    "mask": ["/api/slide", "/api/taps"],
    "masked-occupied": ["/api/slide", "/api/taps"],
    "rays": ["/api/attacks", "/api/slide", "/api/taps"],
    "hyperbola": ["/api/attacks", "/api/slide", "/api/taps"],
    "game": ["/api/position", "/api/taps"],
    "squares": ["/api/bitboard", "/api/square", "/api/taps"],
    "diagonals": ["/api/squares", "/api/taps"],  # b not chosen yet: a tap chooses it
    "colors": ["/api/color", "/api/squares", "/api/taps"],
    "directions": ["/api/direction"] + ["/api/directions/table"] * 3 + ["/api/rose", "/api/taps"],
    # The chosen pair and the table's rows; then, once drawn, all 12 pairs, so that a row chosen next asks nothing.
    "intersections": ["/api/intersection", "/api/intersection-table", "/api/intersections", "/api/squares", "/api/taps"],
    # The exercise asks whether a printed routine gets one pair right.
    "routines": ["/api/routines", "/api/same-line"],
    "kogge-stone": ["/api/methods", "/api/taps"],
    "magic": ["/api/magic", "/api/taps"],  # the search is asked for when the student opens it
    "methods": ["/api/method-speeds", "/api/methods", "/api/taps"],
    "code": ["/api/code-tasks"],  # a task's inputs and answers come when the student picks one
}


def test_every_chapter_asks_only_what_it_draws(page, live_server, client):
    chapters = client.get("/").data.decode()
    asked = api_requests(page)
    for slug in (c.slug for c in CHAPTERS):
        expected = FIRST_VIEW[slug]
        assert f"/chapter/{slug}" in chapters
        page.goto(live_server + f"/chapter/{slug}")
        page.wait_for_load_state("networkidle")
        page.wait_for_selector("#chapter[data-drawn]", state="attached")
        assert sorted(path for path, _ in asked) == expected, slug
        asked.clear()
