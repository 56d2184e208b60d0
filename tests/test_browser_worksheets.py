"""Worksheets: ?sheet=N&seed=S prints N exercises of a chapter with blank boards, the
students' copy; with key=1 the answer key follows on a page of its own, the teacher's copy; the
same seed gives the same sheet. Every chapter's own sheet, its counts and its key, is checked as it
prints, in test_browser_paper.py."""

from __future__ import annotations

from chessviz.squares import SQUARE_NAMES, convert

from browser_helpers import keep, squares_of, steps

ITEMS = """(role) => [...document.querySelectorAll(`[data-role="${role}"] .sheet-item`)].map(item => {
  const squares = (board, test) => [...item.querySelectorAll(`[data-board="${board}"] [data-square]`)].filter(test).map(e => e.dataset.square).sort();
  return {
    occupied: squares('occupied', e => e.dataset.bit === '1'),
    slider: squares('slider', e => e.dataset.piece),
    predictBits: squares('predict', e => e.dataset.bit === '1'),
    marks: [...item.querySelectorAll('[data-board="predict"] [data-mark]')].map(e => [e.dataset.square, e.dataset.mark]),
    boards: [...item.querySelectorAll('[data-board]')].map(b => b.dataset.board),
    text: item.textContent,
  };
})"""  # noqa: E501


def open_sheet(page, url):
    page.goto(url)
    page.wait_for_selector('#chapter[data-drawn="sheet"]', state="attached")


def test_a_propagation_sheet_has_blank_boards_and_a_key_that_is_right(page, live_server, client):
    open_sheet(page, f"{live_server}/chapter/propagation?sheet=4&seed=7&key=1")
    questions = page.evaluate(ITEMS, "worksheet")
    key = page.evaluate(ITEMS, "answer-key")
    assert len(questions) == len(key) == 4
    # The questions: inputs and a blank board, no result anywhere.
    for q in questions:
        assert sorted(q["boards"]) == ["occupied", "predict", "slider"]
        assert q["predictBits"] == [] and q["marks"] == []
    assert len({(tuple(q["occupied"]), tuple(q["slider"])) for q in questions}) == 4
    # The key: every answer square marked ○ (missed, since nothing was predicted), nothing else.
    for q, k in zip(questions, key, strict=False):
        (sq,) = q["slider"]
        occ = sum(1 << SQUARE_NAMES.index(n) for n in q["occupied"])
        value = steps(client, sq=sq, occupied=hex(convert(occ, "lerf", "lerbef")), line="rank", mapping="lerbef")["o_minus_r"]
        answer = squares_of(value, "lerbef")
        assert dict(k["marks"]) == dict.fromkeys(answer, "missed")
    # The answer key starts a new page when printed.
    assert page.evaluate("getComputedStyle(document.querySelector('.answer-key')).breakBefore") == "page"
    page.emulate_media(media="print")
    keep(page, "worksheet-propagation-print", full_page=True)
    page.emulate_media(media="screen")
    # On screen too (the sheet before it prints), each value lies within its box.
    boxes = page.eval_on_selector_all(
        ".sheet-item .readout input",
        "els => els.map(e => e.closest('.readout').getBoundingClientRect().right - e.getBoundingClientRect().right)",
    )
    assert boxes and min(boxes) >= 0, boxes
    # The same seed gives the same sheet, the students' copy too; another seed another.
    open_sheet(page, f"{live_server}/chapter/propagation?sheet=4&seed=7")
    assert page.evaluate(ITEMS, "worksheet") == questions
    open_sheet(page, f"{live_server}/chapter/propagation?sheet=4&seed=8")
    assert page.evaluate(ITEMS, "worksheet") != questions


def test_a_wiki_sheet_asks_and_its_key_answers(page, live_server, client):
    open_sheet(page, f"{live_server}/chapter/colors?sheet=5&seed=3&key=1")
    prompts = page.eval_on_selector_all('[data-role="worksheet"] .predict-prompt', "els => els.map(e => e.textContent)")
    scores = page.eval_on_selector_all('[data-role="answer-key"] .predict-score', "els => els.map(e => e.textContent)")
    assert len(prompts) == len(scores) == 5
    # No board (its checkering would answer) and no verdict on the questions' page.
    assert (
        page.locator('[data-role="worksheet"] [data-board], [data-role="worksheet"] .predict-score:text("The answer:")').count()
        == 0
    )
    for prompt, score in zip(prompts, scores, strict=False):
        square = prompt.split()[1]
        color = client.get(f"/api/color?sq={square}").json["color"]
        assert score == f"The answer: {square} is {color}."


def test_the_students_copy_carries_no_answer_and_the_teacher_s_is_linked_beside_it(page, live_server):
    """A worksheet link as a chapter and the guide give it is the students' copy: no key on the
    screen nor on paper, so printing it thirty times hands out no answers, and no link to the key
    either (a student handed the link would be a tap from the answers). The chapter links the
    teacher's copy beside it: the same exercises with the key after them, which links back."""
    page.goto(f"{live_server}/chapter/colors")
    sheet = page.locator('[data-action="worksheet"]').get_attribute("href")
    assert page.locator('[data-action="worksheet-key"]').get_attribute("href") == f"{sheet}&key=1"
    page.goto(f"{live_server}/chapter/colors?sheet=5&seed=3")
    page.wait_for_selector('#chapter[data-drawn="sheet"]', state="attached")
    students = page.evaluate(ITEMS, "worksheet")
    assert len(students) == 5
    assert page.locator('[data-role="answer-key"], [data-revealed="1"], [data-mark="missed"]').count() == 0
    assert "The answer" not in page.locator("main").inner_text()
    # On screen as on paper: no reveal to press, no invitation to practise.
    words = page.locator('[data-role="worksheet"]').inner_text()
    assert "reveal" not in words and "explore" not in words, words
    assert page.locator('[data-role="sheet-key-line"]').inner_text() == "The students' copy: no answers on it."
    assert page.locator('main a[href*="key="]').count() == 0
    page.emulate_media(media="print")
    assert not page.locator('[data-role="sheet-key-line"]').is_visible()  # the line is the screen's
    page.emulate_media(media="screen")
    open_sheet(page, f"{live_server}/chapter/colors?sheet=5&seed=3&key=1")
    assert "key=1" in page.url
    assert page.evaluate(ITEMS, "worksheet") == students  # the same exercises
    assert page.locator('[data-role="answer-key"] [data-revealed="1"]').count() == 5
    page.get_by_role("link", name="The students' copy, without the key").click()
    page.wait_for_selector('#chapter[data-drawn="sheet"]', state="attached")
    assert "key=" not in page.url and page.locator('[data-role="answer-key"]').count() == 0


def test_a_routines_sheet_asks_each_question_once_without_the_audit_s_summary(page, live_server, client):
    """Each exercise of a routines sheet is its question: the audit's summary (the same sentence for
    every exercise, the page's lead on screen) was copied into each of them."""
    open_sheet(page, f"{live_server}/chapter/routines?sheet=3&seed=2")
    routines = client.get("/api/routines").json["routines"]
    summary = f"{len(routines)} printed routines"
    items = page.locator('[data-role="worksheet"] .sheet-item')
    assert items.count() == 3
    for text in items.all_inner_texts():
        assert summary not in text and "The page prints" in text, text


FILLS = """() => [...document.querySelectorAll('[data-role="answer-key"] .sheet-item')].map((item) => ({
  fill: [...item.querySelectorAll('[data-board="fill"] [data-bit="1"]')].map((e) => e.dataset.square),
  answer: [...item.querySelectorAll('[data-board="predict"] [data-mark]')].map((e) => e.dataset.square),
}))"""


def test_a_kogge_stone_sheet_asks_only_doubling_steps_that_move_the_fill(page, live_server):
    """Each exercise gives the fill before a doubling step and asks the fill after it: drawn
    blindly, two in three had an answer equal to the fill given, to be copied (this seed's four
    did: rooks against the edge, fills already whole)."""
    for seed in (3683, 1, 2):
        open_sheet(page, f"{live_server}/chapter/kogge-stone?sheet=4&seed={seed}&key=1")
        items = page.evaluate(FILLS)
        assert len(items) == 4
        for item in items:
            assert set(item["fill"]) < set(item["answer"]), (seed, item)  # it grows: never smaller, never the same
