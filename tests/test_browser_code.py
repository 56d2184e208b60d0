"""The code chapter in Chromium: the student's code runs in a Web Worker and is checked on
every input against /api/code-truth; endless loops are stopped, code is kept, printed code
is measured as the audit measures it, and the worker can reach neither network nor page."""

import pytest
from playwright.sync_api import expect

from chessviz.squares import convert

from browser_helpers import keep, screenshot, squares_of, wait_for_board

TASKS = [
    "horizontal", "vertical", "diagonal", "negative", "bishop", "queen", "same-diagonal", "color", "intersection",
    "occluded-fill", "rook-mask", "magic-index",
]  # fmt: skip
STATUS = '[data-role="status"]'


def editor_text(page) -> str:
    return page.evaluate(
        "() => [...document.querySelector('[data-role=editor]').shadowRoot.querySelectorAll('.cm-content .cm-line')].map(l => l.textContent).join('\\n')"  # noqa: E501
    )


def type_code(page, code: str) -> None:
    """Replace the editor's text as a person pasting would."""
    page.click(".cm-content")
    page.keyboard.press("Control+a")
    page.keyboard.press("Delete")
    page.keyboard.insert_text(code)
    expect(page.locator(".cm-content")).to_contain_text(code.strip().splitlines()[-1].strip())


def wait_done(page, timeout=30_000) -> str:
    page.wait_for_function(
        "() => ['passed', 'failed', 'stopped', 'error'].includes(document.querySelector('[data-role=status]').dataset.state)",
        timeout=timeout,
    )
    return page.get_attribute(STATUS, "data-state")


def open_task(page, live_server, task):
    page.goto(f"{live_server}/chapter/code?task={task}")
    page.wait_for_selector(".cm-content")
    expect(page.locator(f'a[data-task="{task}"]')).to_have_attribute("aria-current", "page")


def test_every_reference_solution_passes_on_every_input(page, live_server, client):
    open_task(page, live_server, TASKS[0])
    for task in TASKS:
        count = client.get(f"/api/code-truth?task={task}").json["count"]
        page.click(f'a[data-task="{task}"]')  # the list switches tasks without a reload
        expect(page.locator('[data-role="status"][data-state="idle"]')).to_be_visible()
        solution = client.get("/api/code-tasks").json["tasks"][TASKS.index(task)]["solution"]
        expect(page.locator('[data-role="solution-code"]')).to_be_hidden()  # posed, not answered before asked
        assert solution not in page.inner_text("main")
        page.click('[data-action="solution"]')
        expect(page.locator('[data-role="solution-code"]')).to_have_text(solution)
        page.click('[data-action="use-solution"]')
        page.click('[data-action="check"]')
        assert wait_done(page) == "passed", page.inner_text(STATUS)
        assert page.inner_text(STATUS) == f"✓ All {count:,} of {count:,} inputs pass."
    assert page.url.endswith(f"?task={TASKS[-1]}")


def test_a_planted_off_by_one_shows_the_first_counterexample(page, live_server, client):
    # getHorizontalRay that stops one square short: every pair fails, the first is a1 -> b1.
    open_task(page, live_server, "horizontal")
    type_code(
        page,
        """function getHorizontalRay(startSquare, destinationSquare) {
let ray = 0n;
let shiftedBit = startSquare;
while (shiftedBit !== destinationSquare) {
ray = ray | shiftedBit;
shiftedBit = destinationSquare > startSquare ? shiftedBit << 1n : shiftedBit >> 1n;
}
return ray;
}""",
    )
    page.click('[data-action="check"]')
    assert wait_done(page) == "failed"
    assert page.inner_text(STATUS).startswith("✗ 0 of 448 inputs pass; 448 fail.")
    first = client.get("/api/code-truth?task=horizontal&index=0").json
    assert first["call"] == "getHorizontalRay(a1, b1)"
    expect(page.locator('[data-role="call"]')).to_have_text(first["call"])
    wait_for_board(page, "expected", squares_of(first["expected"], "lerbef"))
    wait_for_board(page, "got", {"a1"})
    marked = page.eval_on_selector_all('[data-board="got"] [data-mark="differs"]', "els => els.map(e => e.dataset.square)")
    assert marked == ["b1"]
    assert "missing b1" in page.inner_text('[data-role="differs"]')
    assert "differs" in page.get_attribute('[data-board="got"] [data-square="b1"]', "aria-label")

    # intersectRankAnt with a file test off by one: wrong only where the anti-diagonal leaves
    # the board one file past h. The first such pair is worked out here the same way.
    open_task(page, live_server, "intersection")
    type_code(
        page,
        """function intersectRankAnt(a, b) {
\tconst rank = a >> 3;
\tconst file = (b >> 3) + (b & 7) - rank;
\tif (file < 0 || file > 8) return -1;
\treturn 8 * rank + file;
}""",
    )
    page.click('[data-action="check"]')
    assert wait_done(page) == "failed"
    truth = client.get("/api/code-truth?task=intersection").json
    planted = [
        -1 if not 0 <= (b >> 3) + (b & 7) - (a >> 3) <= 8 else 8 * (a >> 3) + (b >> 3) + (b & 7) - (a >> 3)
        for a, b in truth["inputs"]
    ]
    wrong = [i for i, (x, y) in enumerate(zip(planted, truth["expected"], strict=False)) if x != y]
    assert 0 < len(wrong) < 4096
    assert page.inner_text(STATUS).startswith(f"✗ {4096 - len(wrong):,} of 4,096 inputs pass; {len(wrong):,} fail.")
    first = client.get(f"/api/code-truth?task=intersection&index={wrong[0]}").json
    expect(page.locator('[data-role="call"]')).to_have_text(first["call"])
    assert first["expected"] == -1
    assert page.inner_text('[data-role="expected-text"]') == "Expected: -1 (they do not meet)"
    got = planted[wrong[0]]
    assert page.inner_text('[data-role="got-text"]') == f"Yours: {got} ({'abcdefgh'[got & 7]}{got // 8 + 1})"
    wait_for_board(page, "got", {f"{'abcdefgh'[got & 7]}{got // 8 + 1}"})
    wait_for_board(page, "expected", set())
    link = page.locator('[data-role="open-chapter"]')
    page.click('[data-role="open-chapter"]')
    page.wait_for_url("**/chapter/intersections?**")
    for key, value in first["query"].items():
        assert f"{key}={value}" in page.url
    screenshot(page, "chapter-code-opened-intersections")
    assert link  # the link was followed


def test_a_magic_index_left_untruncated_is_told_as_numbers_not_squares(page, live_server, client):
    """The product kept beyond 64 bits: an index too large. A table index is a number: the page
    says both numbers, and draws no boards (its bits are no squares)."""
    open_task(page, live_server, "magic-index")
    untruncated = "return ((occupied & mask) * magic) >> BigInt(shift);"
    type_code(page, f"function magicIndex(occupied, mask, magic, shift) {{\n{untruncated}\n}}")
    page.click('[data-action="check"]')
    assert wait_done(page) == "failed"
    truth = client.get("/api/code-truth?task=magic-index").json
    planted = [(int(o, 16) & int(m, 16)) * int(g, 16) >> s for o, m, g, s in truth["inputs"]]
    wrong = [i for i, (x, y) in enumerate(zip(planted, truth["expected"], strict=True)) if x != y]
    assert wrong and all(isinstance(e, int) for e in truth["expected"])
    first = wrong[0]
    expect(page.locator('[data-role="expected-text"]')).to_have_text(f"Expected: {truth['expected'][first]}")
    expect(page.locator('[data-role="got-text"]')).to_have_text(f"Yours: {planted[first]}")
    for role in ("expected", "got"):
        expect(page.locator(f'[data-board="{role}"]')).to_be_hidden()
    assert page.locator('[data-role="differs"]').count() == 0


def test_an_endless_loop_is_stopped_and_the_page_still_answers(page, live_server, client):
    # The devlog's loop with a shift of 8 on a diagonal pair: shiftedBit passes the
    # destination and the loop never ends (a1 -> b2 is the task's first input).
    open_task(page, live_server, "diagonal")
    code = client.get("/api/code-tasks").json["tasks"][2]["printed"][0]["code"].replace("BigInt(1 * i)", "BigInt(8 * i)")
    type_code(page, code)
    page.click('[data-action="check"]')
    expect(page.locator('[data-action="stop"]')).to_be_enabled()
    # While it runs, the page answers: the solution panel opens and closes.
    page.click('[data-action="solution"]')
    expect(page.locator('[data-role="solution"]')).to_be_visible()
    # Stopped by the per-call limit (1 s), as the status says; the wait is only a bound on a hang.
    assert wait_done(page, timeout=60_000) == "stopped"
    assert page.inner_text(STATUS).startswith("Stopped before any answer: one call did not return within 1 s")
    expect(page.locator('[data-role="call"]')).to_have_text("getDiagonalRay(a1, b2)")
    wait_for_board(page, "expected", {"a1", "b2"})
    expect(page.locator('[data-role="got-text"]')).to_have_count(0)
    page.click('[data-action="solution"]')
    expect(page.locator('[data-role="solution"]')).to_be_hidden()
    page.click('a[data-task="color"]')
    expect(page.locator("#task-title")).to_have_text("isDark")
    # A loop at the top level of the code, outside any call, is stopped too.
    type_code(page, "while (true) {}\nfunction isDark(square) { return true; }")
    page.click('[data-action="check"]')
    assert wait_done(page, timeout=10_000) == "stopped"
    assert "before the first call" in page.inner_text('[data-role="result"]')
    # And the worker is gone: the next check runs normally.
    type_code(page, "function isDark(square) { return ((square >> 3) + square) % 2 === 0; }")
    page.click('[data-action="check"]')
    assert wait_done(page) == "passed"


def test_stop_while_running_and_out_of_range_answers(page, live_server):
    # About 5 ms per call on 4096 inputs: long enough to stop by hand, no call over the limit.
    open_task(page, live_server, "negative")
    type_code(
        page,
        """function getNegativeRay(occupied, position, mask) {
	const until = Date.now() + 5;
	while (Date.now() < until) {}
	return position << 70n;
}""",
    )
    page.click('[data-action="check"]')
    page.wait_for_function("() => document.querySelector('progress').value >= 128")
    page.click('[data-action="solution"]')  # the page answers while the worker runs
    expect(page.locator('[data-role="solution"]')).to_be_visible()
    page.click('[data-action="stop"]')
    assert wait_done(page) == "stopped"
    status = page.inner_text(STATUS)
    assert status.startswith("✗ 0 of the ") and "inputs checked pass, then you stopped it" in status, status
    expect(page.locator('[data-action="check"]')).to_be_enabled()
    # Shifted past bit 63: not a 64-bit bitboard, said without writing out the number.
    type_code(page, "function getNegativeRay(occupied, position, mask) {\n\treturn position << 1000n;\n}")
    page.click('[data-action="check"]')
    assert wait_done(page) == "failed"
    expect(page.locator('[data-role="got-text"]')).to_have_text(
        "Yours: a BigInt of 1008 bits, not a 64-bit bitboard (0 to 2^64 - 1)"
    )


def test_a_right_but_slow_function_stopped_keeps_what_it_checked(page, live_server, client):
    """Stopped half-way, a right function is told what was checked, all right, not "0 of N pass";
    and in exercise mode (hide=1) no solution is anywhere in the page, for any task."""
    open_task(page, live_server, "same-diagonal")
    type_code(
        page,
        """function squaresOnSameDiagonal(sq1, sq2) {
	const until = Date.now() + 3;
	while (Date.now() < until) {}
	return ((sq2 >> 3) - (sq2 & 7)) === ((sq1 >> 3) - (sq1 & 7));
}""",
    )
    page.click('[data-action="check"]')
    # The worker sends its answers in order, in batches of at most 512, before it announces the
    # next call: once call 1536 is announced, the page holds the answers of calls 0 to 1024 at
    # least, whatever the machine's speed. The 2,560 calls left take 7.5 s or more: time to stop.
    page.wait_for_function("() => document.querySelector('progress').value >= 1536")
    page.click('[data-action="stop"]')
    assert wait_done(page) == "stopped"
    checked = int(page.get_attribute(STATUS, "data-checked"))
    assert 1024 <= checked < 4096
    status = page.inner_text(STATUS)
    assert status.startswith(f"{checked:,} of 4,096 inputs checked, all right, then you stopped it ("), status
    assert status.endswith(f"; {4096 - checked:,} not checked."), status
    # Not drawn as a failure: the colour of plain text, not of a wrong answer.
    colours = page.evaluate(
        "() => [document.querySelector('[data-role=status]'), document.body].map(e => getComputedStyle(e).color)"
    )
    assert colours[0] == colours[1]
    expect(page.locator('[data-role="result"] h3')).to_have_text("The call running when it stopped")
    expect(page.locator('[data-role="got-text"]')).to_have_count(0)

    tasks = client.get("/api/code-tasks").json["tasks"]
    page.goto(f"{live_server}/chapter/code?hide=1&task={tasks[0]['id']}")
    for task in tasks:
        page.click(f'a[data-task="{task["id"]}"]')
        expect(page.locator("#task-title")).to_have_text(task["title"])
        expect(page.locator('[data-action="solution"], [data-role="solution"]')).to_have_count(0)
        # Every line of the solution that neither the stub nor the printed code has, in no text of the page.
        text = page.evaluate("() => document.documentElement.textContent")
        given = task["stub"] + "".join(p["code"] for p in task["printed"])
        working = [line.strip() for line in task["solution"].splitlines() if line.strip() and line.strip() not in given]
        assert working and not [line for line in working if line in text], task["id"]
    # The stub, where a student starts, fails (here intersectRankAnt's: it answers nothing).
    page.click('[data-action="check"]')
    assert wait_done(page) in ("failed", "error")
    assert not page.inner_text(STATUS).startswith("✓")


def test_code_survives_a_reload_and_resets_to_the_stub(page, live_server, client):
    stub = client.get("/api/code-tasks").json["tasks"][7]["stub"]
    open_task(page, live_server, "color")
    assert editor_text(page) == stub.rstrip("\n") + "\n" or editor_text(page) == stub.rstrip("\n")
    # Line numbers, JavaScript highlighting, a label for screen readers.
    expect(page.locator(".cm-lineNumbers .cm-gutterElement", has_text="3")).to_be_visible()
    expect(page.locator(".cm-content .tok-keyword", has_text="function")).to_be_visible()
    expect(page.locator(".cm-content .tok-comment").first).to_be_visible()
    assert page.get_attribute(".cm-content", "aria-label") == "Your code"  # ids do not cross the shadow root
    code = "function isDark(square) {\n\treturn (( 9 * square) & 8) == 0;\n}"
    type_code(page, code)
    expect(page.locator('[data-role="saved"]')).to_have_text("Saved in this browser.")
    page.reload()
    page.wait_for_selector(".cm-content")
    assert editor_text(page) == code
    # The solution replaces it, and Ctrl+Z brings it back.
    page.click('[data-action="solution"]')
    page.click('[data-action="use-solution"]')
    assert editor_text(page) != code
    page.click(".cm-content")
    page.keyboard.press("Control+z")
    assert editor_text(page) == code
    # Another task keeps its own code; coming back finds this one again.
    page.click('a[data-task="intersection"]')
    expect(page.locator("#task-title")).to_have_text("intersectRankAnt")
    page.go_back()
    expect(page.locator("#task-title")).to_have_text("isDark")
    assert editor_text(page) == code
    page.click('[data-action="reset"]')
    assert editor_text(page).rstrip("\n") == stub.rstrip("\n")
    page.reload()
    page.wait_for_selector(".cm-content")
    assert editor_text(page).rstrip("\n") == stub.rstrip("\n")
    page.click('[data-action="share"]')
    expect(page.locator('[data-role="saved"]')).to_contain_text(f"{live_server}/chapter/code?task=color")
    # Tab indents inside the editor.
    page.click(".cm-content .cm-line >> nth=-1")
    page.keyboard.press("End")
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    page.keyboard.insert_text("x")
    assert "\n\tx" in editor_text(page) or "\n\t\tx" in editor_text(page)
    # Escape, then Tab, leaves the editor for the next control.
    page.keyboard.press("Escape")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.dataset.action") == "check"


# The devlog's getHorizontalRay as its text prints it: a method, without the word function.
DEVLOG_TEXT_METHOD = """getHorizontalRay(startSquare, destinationSquare){
let ray = 0n;
let i = 0;
let shiftedBit = 0n;
//while we are not at the destination
while(shiftedBit !== destinationSquare){
//incrementally add bits to the ray
if(startSquare < destinationSquare){
//destination is to the left
shiftedBit = startSquare << BigInt(1*i);
}else{
//destination is to the right
shiftedBit = startSquare >> BigInt(1*i);
}
ray = ray | shiftedBit;
i++;
}
return ray;
}"""


def test_the_sources_printed_code_is_measured_as_the_audit_measured_it(page, live_server, client):
    truths = {
        t: client.get(f"/api/code-truth?task={t}").json
        for t in ("horizontal", "negative", "bishop", "same-diagonal", "intersection")
    }
    routines = {r["name"]: r["wrong"] for r in client.get("/api/routines").json["routines"]}
    open_task(page, live_server, "horizontal")
    type_code(page, DEVLOG_TEXT_METHOD)
    page.click('[data-action="check"]')
    assert wait_done(page) == "passed"
    # Its starting point, the loop before it learns the other direction, never ends on the first pair.
    page.click('[data-printed="0"] [data-action="try-printed"]')
    assert wait_done(page) == "stopped"
    assert page.inner_text(STATUS).startswith("Stopped before any answer: one call did not return within 1 s")
    expect(page.locator('[data-role="call"]')).to_have_text("getHorizontalRay(a1, b1)")

    # The printed negative equation: wrong where the audit says, from the same first input.
    open_task(page, live_server, "negative")
    page.click('[data-action="try-printed"]')
    assert wait_done(page) == "failed"
    known = truths["negative"]["printed"][0]
    assert page.inner_text(STATUS).startswith(f"✗ {4096 - known['wrong']:,} of 4,096 inputs pass; {known['wrong']:,} fail.")
    expect(page.locator('[data-role="audit"]')).to_have_attribute("data-agrees", "true")
    first = client.get(f"/api/code-truth?task=negative&index={known['first_wrong']}").json
    expect(page.locator('[data-role="call"]')).to_have_text(first["call"])
    # What the page got is the slide step the chapter shows as the devlog's printed equation.
    q = first["query"]
    slide = {
        s["id"]: s["value"]
        for s in client.get(
            f"/api/slide?sq={q['sq']}&occupied={hex(convert(int(q['occ'], 16), 'lerf', 'lerbef'))}&line={q['line']}&mapping=lerbef"  # noqa: E501
        ).json["steps"]
    }
    assert page.inner_text('[data-role="got-text"]') == f"Yours: {slide['negative_as_printed']}"
    wait_for_board(page, "got", squares_of(slide["negative_as_printed"], "lerbef"))
    wait_for_board(page, "expected", squares_of(slide["negative"], "lerbef"))
    screenshot(page, "chapter-code-failing")
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, "chapter-code-failing-phone")
    page.set_viewport_size({"width": 1280, "height": 720})
    page.click('[data-role="open-chapter"]')
    page.wait_for_url("**/chapter/hyperbola?**")
    expect(page.locator(".step-formula")).to_have_attribute("data-step", "negative")

    # The printed SlidingPiece.getMoves reads an undefined mask.
    open_task(page, live_server, "bishop")
    page.click('[data-action="try-printed"]')
    assert wait_done(page) == "failed"
    assert page.inner_text(STATUS).startswith("✗ 0 of 4,096 inputs pass")
    line = next(
        i
        for i, text in enumerate(client.get("/api/code-tasks").json["tasks"][4]["printed"][0]["code"].splitlines(), 1)
        if "let blockers = occupied & mask;" in text
    )
    assert page.inner_text('[data-role="got-text"]') == f"Yours: it threw ReferenceError: mask is not defined (line {line})"
    expect(page.locator('[data-role="audit"]')).to_have_attribute("data-agrees", "true")
    # Its link opens the game board with the same pieces, the bishop selected: its moves there
    # are the expected ones.
    first = client.get("/api/code-truth?task=bishop&index=0").json
    page.click('[data-role="open-chapter"]')
    page.wait_for_url("**/chapter/game?**")
    wait_for_board(page, "moves", squares_of(first["expected"], "lerbef"))
    page.go_back()
    page.wait_for_selector('[data-role="status"]')

    # The wiki's routines: the same counts as the routine audit.
    for task, names in (
        ("same-diagonal", ["squaresOnSameDiagonal (& 7)", "squaresOnSameDiagonal (% 9)"]),
        ("intersection", ["intersectRankAnt"]),
    ):
        open_task(page, live_server, task)
        for i, name in enumerate(names):
            page.click(f'[data-printed="{i}"] [data-action="try-printed"]')
            assert wait_done(page) == "failed"
            assert page.inner_text(STATUS).startswith(
                f"✗ {4096 - routines[name]:,} of 4,096 inputs pass; {routines[name]:,} fail."
            )
            expect(page.locator('[data-role="audit"]')).to_have_attribute("data-agrees", "true")
            page.wait_for_selector('[data-role="call"]')


def test_passing_task_screenshots(page, live_server):
    open_task(page, live_server, "queen")
    page.click('[data-action="solution"]')
    page.click('[data-action="use-solution"]')
    page.click('[data-action="check"]')
    assert wait_done(page) == "passed"
    screenshot(page, "chapter-code-passing")
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, "chapter-code-passing-phone")


def test_the_worker_reaches_neither_network_nor_page(page, live_server, client):
    open_task(page, live_server, "color")
    # Inside the function: a synchronous request, importScripts and the page's document.
    for body, error in (
        (
            'const r = new XMLHttpRequest(); r.open("GET", "/api/square?sq=e4", false); r.send(); return r.status === 200;',
            "NetworkError",
        ),
        ('importScripts("/static/js/bits.js"); return true;', "NetworkError"),
        ('document.title = "hacked"; return true;', "ReferenceError: document is not defined"),
        ("localStorage.clear(); return true;", "ReferenceError: localStorage is not defined"),
    ):
        type_code(page, f"function isDark(square) {{\n{body}\n}}")
        page.click('[data-action="check"]')
        assert wait_done(page) == "failed"
        assert page.inner_text(STATUS).startswith("✗ 0 of 64 inputs pass"), body
        expect(page.locator('[data-role="got-text"]')).to_contain_text(f"Yours: it threw {error}")
    assert page.title().startswith("isDark")
    # Code that does not parse, or defines something else, says so before any call.
    type_code(page, "function isDark(square) {\n\treturn (square;\n}")
    page.click('[data-action="check"]')
    assert wait_done(page) == "error"
    assert page.inner_text(STATUS).startswith("Your code does not run: SyntaxError: ")
    type_code(page, "function isdark(square) {\n\treturn true;\n}")
    page.click('[data-action="check"]')
    assert wait_done(page) == "error"
    assert page.inner_text(STATUS) == "Your code does not run: it defines no function named isDark"
    # As a method, the way the devlog prints its functions: errors still name the student's line.
    type_code(page, "isDark(square) {\n\tconst rank = square >> 3;\n\treturn rank.parity.odd;\n}")
    page.click('[data-action="check"]')
    assert wait_done(page) == "failed"
    expect(page.locator('[data-role="got-text"]')).to_have_text(
        "Yours: it threw TypeError: Cannot read properties of undefined (reading 'odd') (line 3)"
    )
    # fetch is asynchronous: ask a worker of the same script directly whether it gets through.
    with page.expect_worker() as info:
        page.evaluate("url => { window.probe = new Worker(url); }", page.get_attribute("#code-app", "data-worker-url"))
    worker = info.value
    outcome = worker.evaluate("() => fetch('/api/square?sq=e4').then(r => 'status ' + r.status, e => 'blocked ' + e.name)")
    assert outcome == "blocked TypeError"
    outcome = worker.evaluate(
        "() => new Promise(ok => { try { const s = new WebSocket('ws://' + location.host + '/'); s.onerror = () => ok('blocked'); s.onopen = () => ok('open'); } catch (e) { ok('blocked ' + e.name); } })"  # noqa: E501
    )
    assert outcome.startswith("blocked")
    assert (
        worker.evaluate("() => typeof document + ' ' + typeof window + ' ' + typeof localStorage")
        == "undefined undefined undefined"
    )
    # The helpers the tasks offer are the project's lines and reversal, square for square.
    masks = [s["masks"] for s in client.get("/api/squares?mapping=lerbef").json["squares"]]
    helpers = worker.evaluate("""() => Array.from({length: 64}, (_, sq) => {
        const rank = (sq >> 3) + 1, file = (sq & 7) + 1, hex = (x) => "0x" + x.toString(16).padStart(16, "0");
        return {rank: hex(getRank(rank)), file: hex(getFile(file)), diagonal: hex(getDiagonal(rank, file)),
                anti_diagonal: hex(getAntiDiagonal(rank, file)), position: hex(new Piece(WHITE, rank, file).position),
                reversed: hex(reverseBitboard(getDiagonal(rank, file) | 1n)), negative: hex(reverseBitboard(-2n))};
    })""")
    for sq, (mine, theirs) in enumerate(zip(helpers, masks, strict=False)):
        assert {k: mine[k] for k in theirs} == theirs, sq
        assert int(mine["position"], 16) == 1 << (sq ^ 7)
        reversed_diagonal = int(format(int(theirs["diagonal"], 16) | 1, "064b")[::-1], 2)
        assert mine["reversed"] == f"0x{reversed_diagonal:016x}"
        assert mine["negative"] == "0x7fffffffffffffff"  # -2 read as 64 bits, then reversed
    page.problems[:] = [p for p in page.problems if "Content Security Policy" not in p and "Refused to" not in p]


def test_the_page_itself_needs_no_eval(page, live_server):
    """Served with a policy without 'unsafe-eval' (as the app's pages will be), checking works:
    only the worker evaluates the student's code."""

    def strict(route):
        response = route.fetch()
        headers = {
            **response.headers,
            "content-security-policy": "default-src 'self'; script-src 'self'; worker-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'",  # noqa: E501
        }
        route.fulfill(response=response, headers=headers)

    page.route("**/chapter/code?task=diagonal", strict)
    violations = []
    page.on("console", lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None)
    open_task(page, live_server, "diagonal")
    page.click('[data-action="solution"]')
    page.click('[data-action="use-solution"]')
    page.click('[data-action="check"]')
    assert wait_done(page) == "passed"
    assert violations == []
    # The policy is in force: a <style> element added now is refused.
    with page.expect_console_message(lambda m: "Content Security Policy" in m.text and "style-src" in m.text):
        page.evaluate("() => { const s = document.createElement('style'); s.textContent = 'body {}'; document.head.append(s); }")
    page.problems[:] = [p for p in page.problems if "Content Security Policy" not in p and "unsafe-eval" not in p]


@pytest.mark.parametrize(
    "chapter, tasks",
    [
        ("shift-ray", ["horizontal", "vertical", "diagonal"]),
        ("rays", ["negative"]),
        ("hyperbola", ["bishop", "queen", "negative"]),
        ("diagonals", ["same-diagonal"]),
        ("colors", ["color"]),
        ("intersections", ["intersection"]),
    ],
)
def test_the_chapters_link_their_exercises(client, chapter, tasks):
    html = client.get(f"/chapter/{chapter}").get_data(as_text=True)
    for task in tasks:
        assert f'href="/chapter/code?task={task}" data-exercise="{task}"' in html


# What a slide of the code chapter shows, each wholly inside the window, and what it folds away.
SLIDE_INSIDE = """() => Object.fromEntries([
  ['title', '#task-title'], ['statement', '.statement'], ['editor', '[data-role=editor]'], ['check', '[data-action=check]'],
  ['status', '[data-role=status]'], ['input', '[data-board=input]'], ['expected', '[data-board=expected]'],
  ['got', '[data-board=got]'], ['differs', '[data-role=differs]'],
].map(([name, selector]) => {
  const r = document.querySelector(selector).getBoundingClientRect();
  const inside = r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight
    && r.right <= document.documentElement.clientWidth;
  return [name, inside ? 'inside' : `outside ${JSON.stringify([r.left, r.top, r.right, r.bottom])}`];
}))"""


@pytest.mark.parametrize("width, height", [(1280, 720), (853, 480)], ids=["1280x720", "853x480"])
def test_presenter_mode_puts_the_editor_and_the_failing_input_on_one_slide(page, live_server, width, height):
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{live_server}/chapter/code?task=horizontal&present=1")
    page.wait_for_selector("html[data-present] #chapter[data-drawn] .cm-content")
    # What the task asks, on the slide before a check: whole on the screen.
    box = page.locator(".statement").bounding_box()
    assert box and box["height"] > 0 and box["y"] + box["height"] <= height, box
    # Typing p in the editor types a p: the key switches presenter mode everywhere else.
    page.click(".cm-content")
    page.keyboard.press("Control+End")
    page.keyboard.type("// p")
    expect(page.locator(".cm-content")).to_contain_text("// p")
    assert page.evaluate("document.documentElement.dataset.present") == "1"
    type_code(page, "function getHorizontalRay(startSquare, destinationSquare) {\n\treturn startSquare;\n}")
    page.click('[data-action="check"]')
    assert wait_done(page) == "failed"
    wait_for_board(page, "got", {"a1"})
    page.wait_for_selector('[data-role="differs"]')
    # What the task asks is on the slide too, the class writes it from there; at 150 % it gives way
    # to the failing input's boards once a check has found one.
    names = ("title", "statement", "editor", "check", "status", "input", "expected", "got", "differs")
    assert page.evaluate(SLIDE_INSIDE) == dict.fromkeys(names, "inside") | (
        {} if width == 1280 else {"statement": "outside [0,0,0,0]"}
    )
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    for folded in (".task-list", '[data-role="printed"]', ".editor-hint", ".chapter-intro"):
        assert page.locator(folded).is_hidden(), folded
    if width == 1280:
        font = page.evaluate(
            "parseFloat(getComputedStyle(document.querySelector('[data-role=editor]').shadowRoot.querySelector('.cm-content')).fontSize)"
        )
        assert font >= 18
        square = page.eval_on_selector('[data-board="got"] [data-square="a1"]', "e => e.getBoundingClientRect().width")
        assert square >= 20
        keep(page, "present-code-1280x720")
    else:
        keep(page, "present-code-853x480")
    # The key p, outside the editor, leaves presenter mode; the task list is back.
    page.click("#task-title")
    page.keyboard.press("p")
    page.wait_for_function("() => !document.documentElement.dataset.present")
    assert page.locator(".task-list").is_visible()


def test_a_failing_input_that_arrives_after_the_task_changed_is_not_drawn(page, live_server):
    """The first failing input is asked for after the count; if the student has moved on to
    another task by the time it arrives, it belongs to no task on screen and is dropped."""
    held = []
    page.route("**/api/code-truth?task=horizontal&index=0", lambda route: held.append(route))
    open_task(page, live_server, "horizontal")
    # Every call text the page ever shows, from now on.
    page.evaluate("""() => {
        window.callsShown = [];
        const note = () => document.querySelectorAll('[data-role=call]').forEach(c => window.callsShown.push(c.textContent));
        new MutationObserver(note).observe(document.body, {childList: true, subtree: true, characterData: true});
    }""")
    type_code(page, "function getHorizontalRay(startSquare, destinationSquare) {\n\treturn startSquare;\n}")
    with page.expect_request("**/api/code-truth?task=horizontal&index=0"):
        page.click('[data-action="check"]')
    assert wait_done(page) == "failed"
    page.click('a[data-task="color"]')
    expect(page.locator("#task-title")).to_have_text("isDark")
    expect(page.locator('[data-role="status"][data-state="idle"]')).to_be_visible()
    with page.expect_response("**/api/code-truth?task=horizontal&index=0"):
        held[0].continue_()
    # A check of this task draws its own first failing input, and only that one.
    type_code(page, "function isDark(square) {\n\treturn false;\n}")
    page.click('[data-action="check"]')
    assert wait_done(page) == "failed"
    expect(page.locator('[data-role="call"]')).to_have_text("isDark(0 = a1)")
    shown = page.evaluate("window.callsShown")
    assert shown and all(text.startswith("isDark(") for text in shown), shown
    # A yes/no answer needs no boards of its own: the input's board alone shows.
    boards = page.eval_on_selector_all('[data-role="result"] [data-board]', "els => els.filter(e => e.checkVisibility()).length")
    assert boards == 1
