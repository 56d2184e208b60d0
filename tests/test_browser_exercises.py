"""Exercise mode: with hide=1 in the URL nothing on the page holds the answer of
"predict, then reveal" until the student reveals; then the prediction is marked right, wrong
and missed, the answer comes back, and "Next exercise" draws a fresh question, hidden again.

Each chapter's answer is computed from the API (the Flask test client), then looked for in
every board (bits, marks, fills, labels) and in the page's text and aria-labels."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from chessviz import devlog
from chessviz.chapters import CHAPTERS, chapter
from chessviz.squares import SQUARE_NAMES, convert

from browser_helpers import squares_of, steps, wait_for_board, wait_for_marks

OCC = devlog.OCCUPANCY_LERBEF
LERF_B7 = 1 << SQUARE_NAMES.index("b7")

# What every board shows and every text says, visible or not, as long as it is in the page.
PAGE_CONTENT = """() => {
  const boards = [...document.querySelectorAll('[data-board]')].filter(b => b.dataset.board !== 'predict').map(b => {
    const sq = [...b.querySelectorAll('[data-square]')];
    return {
      role: b.dataset.board,
      bits: sq.filter(e => e.dataset.bit === '1').map(e => e.dataset.square),
      marks: sq.filter(e => e.dataset.mark).map(e => e.dataset.square),
      moveMarks: sq.filter(e => ['target', 'capture'].includes(e.dataset.mark)).map(e => e.dataset.square),
      fills: sq.filter(e => e.dataset.fill).map(e => e.dataset.square),
      labels: sq.map(e => e.querySelector('.label')?.textContent || '').filter(Boolean),
    };
  });
  const text = document.body.textContent + ' ' + [...document.querySelectorAll('[aria-label]')].map(e => e.getAttribute('aria-label')).join(' ');
  return { boards, text };
}"""  # noqa: E501


def hex_forms(value: int) -> list[str]:
    return [f"0x{value:x}", f"0x{value:016x}", f"0x{value:X}"]


def assert_nothing_holds(page, answer: set[str], value: int | None, words: tuple[str, ...] = ()) -> None:
    """Assert that no board of the page shows the answer's squares and no text names its value;
    `words` are square labels that would point at the answer (msb)."""
    page.wait_for_selector('#chapter[data-drawn][data-exercise="1"]')
    page.wait_for_selector('[data-role="answer-hidden"]')
    content = page.evaluate(PAGE_CONTENT)
    assert answer, "the test needs a question with a non-empty answer"
    for board in content["boards"]:
        for kind in ("bits", "marks", "fills"):
            assert set(board[kind]) != answer, f"board {board['role']} shows the answer in its {kind}"
        assert not board["moveMarks"], f"board {board['role']} marks targets"
    if value is not None:
        for form in (*hex_forms(value), str(value)):
            if len(form) > 3:
                assert form not in content["text"], f"the page names the answer {form}"
    for word in words:
        for board in content["boards"]:
            assert word not in board["labels"]


def predict_and_reveal(page, answer: set[str]) -> None:
    """Mark one right and one wrong square, reveal, and check the marks."""
    right = sorted(answer)[0]
    wrong = next(n for n in SQUARE_NAMES if n not in answer)
    for name in (right, wrong):
        page.click(f'[data-board="predict"] [data-square="{name}"]')
    page.wait_for_selector(f'[data-board="predict"] [data-square="{wrong}"][data-bit="1"]')
    page.click('[data-action="reveal"]')
    wait_for_marks(page, "predict", {right, wrong}, answer)
    page.wait_for_selector('[data-role="answer-hidden"]', state="detached")
    assert page.get_attribute(".predict", "data-score") == f"1/1/{len(answer) - 1}"


def next_exercise_hides_again(page) -> None:
    before = page.url
    page.click('[data-action="next-exercise"]')
    page.wait_for_function("u => location.href !== u", arg=before)
    page.wait_for_selector('[data-role="answer-hidden"]')
    page.wait_for_selector('.predict[data-revealed="0"]')
    assert page.eval_on_selector_all('[data-board="predict"] [data-mark]', "els => els.length") == 0
    assert page.eval_on_selector_all('[data-board="predict"] [data-bit="1"]', "els => els.length") == 0


SLIDE_CASES = [
    ("propagation", "line=rank", "o_minus_r", "result"),
    ("mask", "line=rank", "o_minus_r_masked", "result"),
    ("masked-occupied", "line=file", "b_minus_r_masked", "result"),
]


@pytest.mark.parametrize("slug, line, step, role", SLIDE_CASES, ids=[c[0] for c in SLIDE_CASES])
def test_slide_chapters_hide_the_result_until_reveal(page, live_server, client, slug, line, step, role):
    value = int(steps(client, sq="f4", occupied=hex(OCC), mapping="lerbef", **{line.split("=")[0]: line.split("=")[1]})[step], 16)
    answer = squares_of(value, "lerbef")
    page.goto(f"{live_server}/chapter/{slug}?hide=1&{line}")
    assert page.get_attribute("html", "data-answers") == "hidden"
    assert_nothing_holds(page, answer, value)
    assert page.locator('[data-board="result"]').count() == 0
    predict_and_reveal(page, answer)
    wait_for_board(page, role, answer)
    assert page.get_attribute("html", "data-answers") == "shown"
    next_exercise_hides_again(page)
    assert page.locator('[data-board="result"]').count() == 0


# The chapters set up on the slider's boards (kit.js createSliderSetup): a tap there, either button
# of blockers, and any select of the chapter (piece, table, direction, line) pose another question.
SETUP_CHAPTERS = ["propagation", "mask", "masked-occupied", "rays", "hyperbola", "kogge-stone", "magic", "methods"]
SELECTS = ["#piece-choice", "#kind-choice", "#direction-choice", "#line-choice"]


def first_square(page, selector: str, but: set[str]) -> str:
    names = page.eval_on_selector_all(selector, "els => els.map(e => e.dataset.square)")
    return next(n for n in names if n not in but)


def test_another_question_hides_the_answers_again(page, live_server):
    """Revealed, then another slider square, blocker or piece: that is a question the student has
    not answered, so its answers hide again and the prediction starts afresh, as "Next exercise"
    does (a student who revealed once read every later answer off the boards). The slider setup's
    four controls are one piece of code (kit.js): each chapter tries one in turn, so each control
    is tried on two chapters, and each chapter tries every select it has."""

    def slider():
        return first_square(page, '[data-board="slider"] [data-piece]', set())

    def blockers():
        return set(page.eval_on_selector_all('[data-board="occupied"] [data-piece]', "els => els.map(e => e.dataset.square)"))

    def tap(role: str, but: set[str]) -> None:
        page.click(f'[data-board="{role}"] [data-square="{first_square(page, f"[data-board={role}] [data-square]", but)}"]')

    # The first option the select then has that is not chosen: a piece limits the directions.
    other = "s => [...s.options].find(o => !o.selected && !o.disabled).value"
    setup = {
        "a blocker": lambda: tap("occupied", {slider()}),
        "the slider": lambda: tap("slider", blockers() | {slider()}),
        "no blockers": lambda: page.click('[data-action="clear-occupancy"]'),
        "the devlog's blockers": lambda: page.click('[data-action="devlog-occupancy"]'),
    }
    tried = set()
    for n, slug in enumerate(SETUP_CHAPTERS):
        page.goto(f"{live_server}/chapter/{slug}?hide=1")
        what = list(setup)[n % len(setup)]
        changes = {what: setup[what]}
        for select in SELECTS:
            if page.locator(select).count():
                changes[select] = lambda select=select: page.select_option(select, page.eval_on_selector(select, other))
        for what, change in changes.items():
            page.wait_for_selector('#chapter[data-drawn][data-exercise="1"]')
            page.click('[data-action="reveal"]')
            page.wait_for_function("() => document.documentElement.dataset.answers === 'shown'")
            assert "rev=1" in page.url
            revealed = page.url
            change()
            page.wait_for_function("u => location.href !== u", arg=revealed)
            page.wait_for_function("() => document.documentElement.dataset.answers === 'hidden'")
            page.wait_for_selector('.predict[data-revealed="0"]')
            assert "rev=1" not in page.url, (slug, what)
            assert page.eval_on_selector_all('[data-board="predict"] [data-mark]', "els => els.length") == 0, (slug, what)
            tried.add(what)
    assert tried == set(setup) | set(SELECTS)


def test_rays_hides_the_rays_until_reveal(page, live_server, client):
    occ = convert(LERF_B7, "lerf", "lerbef")
    attacks = client.get(f"/api/attacks?piece=queen&sq=e4&occupied={hex(occ)}&mapping=lerbef").json
    positive = 0
    for line in attacks["lines"].values():
        positive |= int(line["positive"], 16)
    answer = squares_of(positive, "lerbef")
    page.goto(f"{live_server}/chapter/rays?hide=1")
    assert_nothing_holds(page, answer, positive)
    assert page.locator('[data-board="rays"]').count() == 0
    predict_and_reveal(page, answer)
    page.wait_for_selector('[data-board="rays"]')
    next_exercise_hides_again(page)


def test_hyperbola_hides_every_term_until_reveal(page, live_server, client):
    value = int(steps(client, sq="f4", occupied=hex(OCC), line="rank", mapping="lerbef")["attacks"], 16)
    answer = squares_of(value, "lerbef")
    page.goto(f"{live_server}/chapter/hyperbola?hide=1")
    assert_nothing_holds(page, answer, value)
    assert page.locator('[data-board="step"], [data-board="attacks"], ol.steps').count() == 0
    predict_and_reveal(page, answer)
    page.wait_for_selector('[data-board="attacks"]')
    next_exercise_hides_again(page)


def test_shift_ray_hides_the_ray_and_its_steps_until_reveal(page, live_server, client):
    ray = client.get("/api/ray?from=c4&to=g4&mapping=lerbef").json
    value = int(ray["ray"], 16)
    answer = squares_of(value, "lerbef")
    page.goto(f"{live_server}/chapter/shift-ray?hide=1&from=c4&to=g4")
    assert_nothing_holds(page, answer, value)
    assert page.locator('[data-board="ray"], .stepper, .shift-code').count() == 0
    predict_and_reveal(page, answer)
    wait_for_board(page, "ray", {"c4"})  # the first step of the loop
    next_exercise_hides_again(page)
    # The fresh pair lies on one line: the exercise has an answer to reveal.
    page.wait_for_selector('#chapter[data-drawn] .predict [data-action="reveal"]:not([disabled])')


def test_msb_hides_the_msb_label_and_the_verdict_until_reveal(page, live_server, client):
    dest = (1 << SQUARE_NAMES.index("c2")) | (1 << SQUARE_NAMES.index("g5")) | (1 << SQUARE_NAMES.index("b6"))
    start = 1 << SQUARE_NAMES.index("h1")
    data = client.get(
        f"/api/compare?destination={hex(convert(dest, 'lerf', 'lerbef'))}&start={hex(convert(start, 'lerf', 'lerbef'))}&mapping=lerbef"  # noqa: E501
    ).json
    answer = {data["destination"]["msb_square"]}
    page.goto(f"{live_server}/chapter/msb?hide=1&multi=1&dest={hex(dest)}&start={hex(start)}")
    assert_nothing_holds(page, answer, None, words=("msb",))
    assert page.locator('[data-role="verdict"]').count() == 0
    predict_and_reveal(page, answer)
    page.wait_for_selector(f'[data-board="destination"] [data-square="{data["destination"]["msb_square"]}"] .label:text("msb")')
    page.wait_for_selector('[data-role="verdict"]')
    next_exercise_hides_again(page)


def test_game_hides_the_moves_and_the_target_dots_until_reveal(page, live_server, client):
    position = client.get(f"/api/position?fen={devlog.FEN}&square=d4&mapping=lerbef").json
    value = int(position["selected"]["bitboard"], 16)
    answer = set(position["selected"]["moves"])
    assert answer == squares_of(value, "lerbef")
    page.goto(f"{live_server}/chapter/game?hide=1&sel=d4")
    page.wait_for_selector('[data-board="game"] [data-square="d4"][data-mark="selected"]')
    assert_nothing_holds(page, answer, value)
    assert page.locator('[data-board="moves"]').count() == 0
    predict_and_reveal(page, answer)
    wait_for_board(page, "moves", answer)
    page.wait_for_selector('[data-board="game"] [data-mark="target"], [data-board="game"] [data-mark="capture"]')
    next_exercise_hides_again(page)
    page.wait_for_selector('[data-board="game"] [data-mark="selected"]')


def test_the_mode_switch_hides_the_answers_and_shows_them_again(page, live_server):
    page.goto(f"{live_server}/chapter/propagation")
    page.wait_for_selector('#chapter[data-drawn] [data-board="result"]')
    assert page.locator('[data-action="next-exercise"]').is_hidden()
    page.click('[data-action="exercise-mode"]')
    page.wait_for_url("**hide=1**")
    page.wait_for_selector('[data-board="result"]', state="detached")
    assert page.locator('[data-action="next-exercise"]').is_visible()
    page.reload()
    page.wait_for_selector('#chapter[data-drawn] [data-role="answer-hidden"]')
    page.click('[data-action="exercise-mode"]')
    page.wait_for_selector('[data-board="result"]')
    assert "hide=1" not in page.url


# The wiki chapters: one question each, answered by a choice or a typed value.


def answer_and_reveal(page, choice: str | None = None, typed: str | None = None) -> None:
    if choice is not None:
        page.check(f'.question [data-choice="{choice}"] input')
    else:
        page.fill(".question input", typed)
    page.click('[data-action="reveal-answer"]')
    page.wait_for_selector('.question[data-revealed="1"][data-correct]')
    page.wait_for_selector('[data-role="answer-hidden"]', state="detached")


def test_diagonals_asks_same_diagonal_and_hides_the_lines(page, live_server, client):
    same = client.get("/api/same-line?a=c1&b=f4").json
    assert same["diagonal"] and not same["anti_diagonal"]
    page.goto(f"{live_server}/chapter/diagonals?hide=1&a=c1&b=f4")
    page.wait_for_selector('#chapter[data-drawn] [data-role="answer-hidden"]')
    content = page.evaluate(PAGE_CONTENT)
    board = next(b for b in content["boards"] if b["role"] == "diagonals")
    assert board["bits"] == [] and board["fills"] == [] and board["labels"] == []
    assert page.locator('[data-role="pair"], [data-role="truth"], [data-role="routines"]').count() == 0
    # A wrong answer: ✗ on it, ✓ on the right one, and the verdict in words.
    answer_and_reveal(page, choice="neither")
    assert page.get_attribute(".question", "data-correct") == "false"
    assert page.get_attribute('[data-choice="neither"]', "data-mark") == "wrong"
    assert page.get_attribute('[data-choice="diagonal"]', "data-mark") == "right"
    assert "✗" in page.text_content(".question .predict-score")
    page.wait_for_selector('[data-role="truth"][data-diagonal="true"]')
    next_exercise_hides_again(page)
    page.wait_for_selector('.question[data-revealed="0"]')
    assert page.eval_on_selector_all(".question [data-mark]", "els => els.length") == 0


def test_colors_asks_light_or_dark_with_no_checkering_left(page, live_server, client):
    assert client.get("/api/color?sq=b5").json["color"] == "light"
    page.goto(f"{live_server}/chapter/colors?hide=1&sq=b5")
    page.wait_for_selector('#chapter[data-drawn] [data-role="answer-hidden"]')
    # No board at all: the checkering (its light and dark classes) would give it away. Nor what
    # the next tap on it would set, nor forgetting its second square: nothing left to tap.
    assert page.locator('[data-board="colors"], .sq.dark, .sq.light').count() == 0
    expect(page.locator('[data-action="clear-other"]')).to_be_hidden()
    expect(page.locator("fieldset.pick:not(.question-choices)")).to_be_hidden()
    assert page.locator('[data-role="methods"], [data-role="working"]').count() == 0
    answer_and_reveal(page, choice="light")
    assert page.get_attribute(".question", "data-correct") == "true"
    assert page.get_attribute('[data-choice="light"]', "data-mark") == "right"
    page.wait_for_selector('[data-board="colors"]')
    next_exercise_hides_again(page)
    assert page.locator('[data-board="colors"]').count() == 0


def test_directions_asks_which_way_and_how_many_degrees(page, live_server, client):
    d = client.get("/api/direction?from=c3&to=f6").json
    assert (d["ray"], d["degrees"]) == ("north_east", 45)
    page.goto(f"{live_server}/chapter/directions?hide=1&from=c3&to=f6")
    page.wait_for_selector('#chapter[data-drawn] [data-role="answer-hidden"]')
    assert page.locator('[data-role="direction"], .direction-tables, td[data-current]').count() == 0
    content = page.evaluate(PAGE_CONTENT)
    board = next(b for b in content["boards"] if b["role"] == "directions")
    assert board["labels"] == [] and board["fills"] == []
    answer_and_reveal(page, choice="north_east")
    assert page.get_attribute(".question", "data-correct") == "true"
    assert "45°" in page.text_content(".question .predict-score")
    page.wait_for_selector('[data-role="direction"] [data-field="degrees"]')
    next_exercise_hides_again(page)


def test_squares_asks_the_lerbef_value_and_hides_the_lerbef_board(page, live_server, client):
    value = client.get("/api/bitboard?value=0x1000000010000001&mapping=lerf").json["values"]["lerbef"]
    page.goto(f"{live_server}/chapter/squares?hide=1")
    page.wait_for_selector('#chapter[data-drawn] [data-role="answer-hidden"]')
    assert page.locator('[data-board="lerbef"], [data-readout="lerbef"], #inspect').count() == 0
    # No frame on the exercise's square: chosen by no one, it read as a mark (outside the set too).
    assert page.locator('[data-board="lerf"] [data-mark]').count() == 0
    content = page.evaluate(PAGE_CONTENT)
    for form in (value, value.lstrip("0x").lstrip("0"), str(int(value, 16))):
        assert form not in content["text"]
    answer_and_reveal(page, typed=str(int(value, 16)))  # decimal counts as well as hex
    assert page.get_attribute(".question", "data-correct") == "true"
    page.wait_for_selector('[data-board="lerbef"]')
    next_exercise_hides_again(page)
    page.fill(".question input", "0x1")
    page.click('[data-action="reveal-answer"]')
    page.wait_for_selector('.question[data-correct="false"]')


def test_intersections_asks_where_two_lines_meet_if_at_all(page, live_server, client):
    one = client.get("/api/intersection?a=e4&b=f6&line_a=rank&line_b=diagonal").json
    square = one["square"]
    assert square
    page.goto(f"{live_server}/chapter/intersections?hide=1&a=e4&b=f6&line_a=rank&line_b=diagonal")
    page.wait_for_selector('#chapter[data-drawn] [data-role="answer-hidden"]')
    assert page.locator('[data-role="working"], [data-role="all"]').count() == 0
    content = page.evaluate(PAGE_CONTENT)
    board = next(b for b in content["boards"] if b["role"] == "intersections")
    assert board["bits"] == [] and board["fills"] == []
    assert sorted(board["marks"]) == ["e4", "f6"]
    answer_and_reveal(page, typed=square.upper())
    assert page.get_attribute(".question", "data-correct") == "true"
    wait_for_board(page, "intersections", {square})
    # Lines that never meet: "none" is the answer.
    none = client.get("/api/intersection?a=a1&b=b1&line_a=diagonal&line_b=anti_diagonal").json
    assert none["square"] is None
    page.goto(f"{live_server}/chapter/intersections?hide=1&a=a1&b=b1&line_a=diagonal&line_b=anti_diagonal")
    page.wait_for_selector('#chapter[data-drawn] [data-role="answer-hidden"]')
    answer_and_reveal(page, typed="a1")
    assert page.get_attribute(".question", "data-correct") == "false"
    assert "none" in page.text_content(".question .predict-score")
    next_exercise_hides_again(page)


def test_routines_asks_whether_a_printed_routine_gets_a_pair_right(page, live_server, client):
    same = client.get("/api/same-line?a=c1&b=a8").json
    routine = same["routines"][1]
    assert routine["correct"] is False  # the audit's first wrong example of the % 9 routine
    page.goto(f"{live_server}/chapter/routines?hide=1&a=c1&b=a8&routine=1")
    page.wait_for_selector('#chapter[data-drawn] [data-role="answer-hidden"]')
    assert page.locator('[data-role="audit"], [data-examples]').count() == 0
    assert routine["formula"] in page.text_content(".question .predict-prompt")
    answer_and_reveal(page, choice="wrong")
    assert page.get_attribute(".question", "data-correct") == "true"
    assert page.get_attribute('[data-choice="wrong"]', "data-mark") == "right"
    page.wait_for_selector('[data-role="audit"] [data-routine]')
    next_exercise_hides_again(page)


# What the page shows outside its exercise box: each visible text, and each visible board's squares
# (bit, fill, mark), one line each.
SHOWN = """() => {
  const root = document.getElementById("chapter");
  const lines = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (node.data.trim() && !parent.closest(".predict") && parent.checkVisibility()) lines.push(node.data.trim());
  }
  for (const board of root.querySelectorAll("[data-board]")) {
    if (board.closest(".predict") || !board.checkVisibility()) continue;
    const squares = [...board.querySelectorAll("[data-square]")].map((e) => [e.dataset.bit, e.dataset.fill, e.dataset.mark]);
    lines.push(`${board.dataset.board}: ${squares.join(";")}`);
  }
  return lines;
}"""


# What of a chapter's exercise boxes the student sees: each child, visible or not, by its kind.
EXERCISE_SEEN = """() => [...document.querySelectorAll('#chapter .predict')].map((box) => ({
  task: [...box.querySelectorAll('.predict-prompt, .predict-board, .question-choices, input, .predict-score')]
    .filter((e) => e.checkVisibility()).length,
  buttons: [...box.querySelectorAll('button')].filter((e) => e.checkVisibility()).map((e) => e.textContent),
  invite: box.querySelector('.predict-invite').checkVisibility(),
  heading: box.querySelector('h2').innerText,
}))"""


@pytest.mark.parametrize("slug", [c.slug for c in CHAPTERS])
def test_a_chapter_poses_the_registry_s_kind_of_question_and_only_to_a_student_who_practises(page, live_server, slug):
    """ "squares": a board to mark; "value": a value to type or choose; None: no exercise at all.
    A chapter with an exercise hides something in exercise mode that it shows otherwise (the same
    state, drawn both ways): a chapter that hides nothing (no answers declared, none left off by its
    draw) fails here, whatever it is. What exactly must be hidden is each chapter's own test above.

    Exploring, the answers are on the page, so an exercise posed under them would be answered
    already: it shows no task, no board to mark and no reveal, only a sentence and the switch to
    practise. Practising, its task and reveal are there and the sentence goes."""
    kind = chapter(slug).question
    url = f"{live_server}/chapter/{slug}"
    if kind:
        # Exercise mode first: on a state that asks nothing it poses a fresh question, drawn then both ways.
        page.goto(f"{url}?hide=1")
        page.wait_for_selector('#chapter[data-drawn][data-exercise="1"]')
        hidden = page.evaluate(SHOWN)
        url = page.url.replace("hide=1", "hide=0")
    page.goto(url)
    page.wait_for_selector("#chapter[data-has-exercise]", state="attached")
    assert page.get_attribute("#chapter", "data-has-exercise") == ("1" if kind else "0")
    marks = page.locator('section.predict:not(.question) [data-board="predict"]').count()
    values = page.locator("section.predict.question").count()
    assert (marks > 0, values > 0) == (kind == "squares", kind == "value")
    if not kind:
        return
    page.wait_for_selector('#chapter[data-drawn][data-exercise="0"]')
    assert set(page.evaluate(SHOWN)) - set(hidden), f"{slug}: exercise mode hides nothing the page shows"
    seen = page.evaluate(EXERCISE_SEEN)
    invitation = {"task": 0, "buttons": ["Practise: hide the answers"], "invite": True, "heading": "Your turn"}
    assert seen and all(box == invitation for box in seen), seen
    page.get_by_role("button", name="Practise: hide the answers").first.click()
    page.wait_for_selector('#chapter[data-drawn][data-exercise="1"] [data-role="answer-hidden"]')
    for box in page.evaluate(EXERCISE_SEEN):
        assert box["task"] and not box["invite"], box
        assert box["heading"] in ("Your turn: predict, then reveal", "Your turn: answer, then reveal"), box
        assert {"Reveal the answer", "Next exercise", "Show the answers as I explore"} <= set(box["buttons"]), box


@pytest.mark.parametrize("slug", [c.slug for c in CHAPTERS if c.question == "value"])
def test_a_revealed_value_question_stays_inside_a_phone(browser, live_server, slug):
    """The verdict is the point of the exercise: after the reveal on a 390 px phone the choices, the
    ✓ and ✗ beside them and the verdict wrap inside the screen. A rule meant for a table's one-word
    verdict (white-space: nowrap on [data-correct]) once caught the whole question box when it was
    marked right or wrong: one line up to 1800 px wide, the right choice off the screen."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        pair = "&a=e4&b=g6" if slug == "diagonals" else ""  # diagonals opens on one square: no question yet
        page.goto(f"{live_server}/chapter/{slug}?hide=1{pair}")
        page.wait_for_selector('#chapter[data-drawn] [data-role="answer-hidden"]')
        choices = page.locator(".question [data-choice]")
        if choices.count():
            choices.first.tap()
            expect(choices.first.locator("input")).to_be_checked()
        else:
            page.fill(".question input", "0x1")
        page.locator('[data-action="reveal-answer"]').tap()
        page.wait_for_selector('.question[data-revealed="1"][data-correct]')
        width = page.evaluate("() => document.documentElement.clientWidth")
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width
        marked = [".question [data-mark]"] if choices.count() else []  # ✓ or ✗ beside a choice
        for part in (".question .predict-prompt", ".question .predict-score", *marked):
            box = page.locator(part).first.bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= width, (part, box)
    finally:
        context.close()


@pytest.mark.parametrize(
    "slug, role, shown, hidden",
    [
        ("diagonals", "diagonals", "The diagonal and anti-diagonal of S", "The squares S and D"),
        ("intersections", "intersections", "The lines through S and D", "The squares S and D"),
        (
            "directions",
            "directions",
            "Ray steps and knight steps from the centre square",
            "The centre square (S) and the second square (D)",
        ),
    ],
)
def test_a_board_whose_drawing_is_hidden_says_only_what_it_draws(page, live_server, slug, role, shown, hidden):
    """Practising (and on a worksheet), the board keeps its squares and loses what it drew around
    them: its caption no longer names the lines or steps the student is asked about."""
    caption = page.locator(f'figure:has([data-board="{role}"]) .caption-text')
    page.goto(f"{live_server}/chapter/{slug}")
    expect(caption).to_have_text(shown)
    page.goto(f"{live_server}/chapter/{slug}?hide=1")
    expect(caption).to_have_text(hidden)
    page.goto(f"{live_server}/chapter/{slug}?sheet=2&seed=1")
    page.wait_for_selector('#chapter[data-drawn="sheet"]', state="attached")
    sheet = page.locator(f'[data-role="worksheet"] figure:has([data-board="{role}"]) .caption-text')
    assert sheet.all_inner_texts() == [hidden, hidden]
