"""A live class in headless Chromium: one teacher and three students, each in a browser context
of their own, on a real server and a real (embedded) Redis. Join by code and by the QR code's
link, follow across chapters, stop and resume following, answer on one's own board or by typing,
the heat map's counts on the teacher's board, the reveal, a reload mid-question, the ended page;
axe on the join page and the teacher's panel; presenter mode with the panel at 1280x720."""

from __future__ import annotations

import io
import re
import threading

import pytest
import zxingcpp
from PIL import Image
from playwright.sync_api import expect
from werkzeug.serving import make_server

from chessviz.chapters import CHAPTERS
from chessviz.classes_redis import EmbeddedRedis
from chessviz.questions import question_for

from browser_helpers import TWO_FRAMES, board_labels, board_marks, said_again, screenshot
from live_helpers import make_app
from servers import served
from test_browser_classroom import COLOUR_RULES, FAILING_IMPACTS, horizontal_overflow, run_axe

SLUGS = {c.slug for c in CHAPTERS}
TIMEOUT = 15_000  # ms: every wait is for a condition, bounded
SENT = "Your answer is sent. You can change it until your teacher reveals the answer."
CHANGED = "Not sent yet: your answer has changed since you sent it. Click Send my answer to send this one."


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The app on its own embedded Redis, served on a free loopback port."""
    redis = EmbeddedRedis(tmp_path_factory.mktemp("redis")).start()
    app = make_app(redis.url, CLASS_KEEPALIVE=2)
    with served(app) as port:
        yield f"http://127.0.0.1:{port}"
    redis.stop()


class Person:
    """One browser context (its own storage: its own keys) and its page, with its problems recorded."""

    def __init__(self, browser, base: str, width=1280, height=900):
        # A phone is held and tapped: no mouse, no hover.
        self.context = browser.new_context(viewport={"width": width, "height": height}, has_touch=width < 600)
        self.page = self.context.new_page()
        self.page.set_default_timeout(TIMEOUT)
        self.base = base
        self.problems: list[str] = []
        self.page.on("console", lambda m: self.problems.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.problems.append(f"page error: {e}"))

    def go(self, path: str):
        self.page.goto(self.base + path)

    def check(self, allowed=()):
        """No console error or page error, but the 404s a test expects (an ended class's code)."""
        left = [p for p in self.problems if not any(a in p for a in allowed)]
        assert not left, left

    def close(self):
        self.context.close()


@pytest.fixture
def people(browser, server):
    made = []

    def person(**size):
        made.append(Person(browser, server, **size))
        return made[-1]

    yield person
    for p in made:
        p.close()


def start_class(teacher: Person, path: str) -> str:
    teacher.go(path)
    teacher.page.get_by_role("button", name="Start a class").click()
    code = teacher.page.locator("[data-live-code]")
    expect(code).to_have_text(re.compile(r"^[A-Z2-9]{6}$"))
    return code.text_content()


def join(student: Person, code: str, name: str | None = None, typed: str | None = None):
    student.go("/join")
    student.page.get_by_label("Class code").fill(typed or code)
    if name:
        student.page.get_by_label("Nickname (optional)").fill(name)
    student.page.get_by_role("button", name="Join", exact=True).click()
    expect(student.page.locator("[data-live-student]")).to_be_visible()


def class_with_a_phone(people, path: str, name: str) -> tuple[Person, Person, str]:
    """A teacher's class on `path`, and one student on a 390 px phone who joined and follows there."""
    teacher = people()
    code = start_class(teacher, path)
    student = people(width=390, height=844)
    join(student, code, name)
    at_path(student.page, path)
    return teacher, student, code


def decode_qr(page) -> str:
    page.wait_for_function(
        "() => { const i = document.querySelector('[data-live-qr]'); return i.complete && i.naturalWidth > 0; }"
    )
    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(page.locator("[data-live-qr]").screenshot())))
    assert len(found) == 1
    return found[0].text


def labels_on(page, role: str) -> dict[str, str]:
    return {square: text for square, text in board_labels(page, role).items() if text}


def at_path(page, path: str):
    """Wait until the page's URL is exactly path (pathname and query)."""
    page.wait_for_function("p => location.pathname + location.search === p", arg=path, timeout=TIMEOUT)


def test_a_lesson_with_one_teacher_and_three_students(people, server):
    teacher = people()
    code = start_class(teacher, "/chapter/rays")
    tp = teacher.page
    expect(tp.locator("[data-live-students]")).to_have_text("0 students joined")
    # Ann types the code in lower case with a space; Bo scans the QR code; Cy opens /join/<code>.
    ann, bo, cy = people(width=390, height=844), people(), people()
    join(ann, code, "Ann", typed=f"{code[:3].lower()} {code[3:].lower()}")
    expect(ann.page.locator("[data-live-who]")).to_have_text("You are Ann.")
    at_path(ann.page, "/chapter/rays")
    link = decode_qr(tp)
    assert link == f"{server}/join/{code}"
    bo.page.goto(link)
    expect(bo.page.get_by_label("Class code")).to_have_value(code)
    bo.page.get_by_role("button", name="Join", exact=True).click()
    expect(bo.page.locator("[data-live-student]")).to_be_visible()
    assert re.fullmatch(r"You are [A-Z][a-z]+ [A-Z][a-z]+\.", bo.page.locator("[data-live-who]").text_content())
    cy.go(f"/join/{code.lower()}")
    cy.page.get_by_label("Nickname (optional)").fill("Cy <b>")
    cy.page.get_by_role("button", name="Join", exact=True).click()
    expect(cy.page.locator("[data-live-who]")).to_have_text("You are Cy <b>.")  # text, never markup
    expect(tp.locator("[data-live-students]")).to_have_text("3 students joined")

    # Follow: a click on the teacher's board, then another chapter, reach every student.
    tp.locator('[data-board="slider"] [data-square="d5"]').click()
    for student in (ann, bo, cy):
        at_path(student.page, "/chapter/rays?sq=d5")
        expect(student.page.locator('[data-board="slider"] [data-square="d5"]')).to_have_attribute("data-piece", "Q")
    cy.page.get_by_role("button", name="Stop following").click()
    tp.goto(server + "/chapter/mask?sq=c3&line=file")
    for student in (ann, bo):
        at_path(student.page, "/chapter/mask?sq=c3&line=file")
        expect(student.page.locator('[data-board="slider"] [data-square="c3"]')).to_have_attribute("data-piece", "R")
    expect(cy.page.locator("[data-live-student]")).to_have_attribute("data-following", "0")
    assert cy.page.url.endswith("/chapter/rays?sq=d5")  # exploring on their own
    cy.page.get_by_role("button", name="Follow the teacher").click()
    at_path(cy.page, "/chapter/mask?sq=c3&line=file")

    # Di joins late, on a phone, and answers nothing.
    di = people(width=390, height=844)
    join(di, code)
    at_path(di.page, "/chapter/mask?sq=c3&line=file")
    # Presenting and the worksheets (their answer keys with them) are the teacher's: not on Di's page.
    expect(tp.get_by_role("link", name="its answer key")).to_be_visible()
    expect(di.page.get_by_role("group", name="Presenting")).to_be_hidden()
    expect(di.page.get_by_role("link", name="its answer key")).to_be_hidden()
    # The key p still makes a slide: its bar comes back with it, the way out. (The URL is the page's
    # as soon as it loads; the key waits for the chapter, whose script listens for it.)
    di.page.wait_for_selector("#chapter[data-drawn]", state="attached")
    di.page.locator("h1").click()
    di.page.keyboard.press("p")
    expect(di.page.get_by_role("button", name="Leave presenter mode (p)")).to_be_visible()
    di.page.get_by_role("button", name="Leave presenter mode (p)").click()
    expect(di.page.get_by_role("group", name="Presenting")).to_be_hidden()

    # Ask: squares, answered on each student's own board.
    path = "/chapter/mask?sq=c3&line=file"
    truth = question_for(path, SLUGS).answer_json()
    tp.get_by_role("button", name="Ask the class").click()
    for student in (ann, bo, cy):
        expect(student.page.locator("[data-live-prompt]")).to_contain_text("Mark the squares set in (o - r) & m")
    # On Ann's phone the question comes into view whole, down to its Send button.
    expect(ann.page.get_by_role("button", name="Send my answer")).to_be_in_viewport(ratio=0.9)
    # On Ann's 390 px phone the answer board fits: nothing scrolls sideways. It shows the rook and
    # its blockers, the position the question is about, where she marks.
    assert horizontal_overflow(ann.page) == 0
    pieces = ann.page.eval_on_selector_all(
        '[data-board="my-answer"] [data-piece]', "els => Object.fromEntries(els.map((e) => [e.dataset.square, e.dataset.piece]))"
    )
    assert pieces == question_for(path, SLUGS).pieces and pieces["c3"] == "R", pieces
    for name in truth:
        ann.page.locator(f'[data-board="my-answer"] [data-square="{name}"]').click()
    ann.page.get_by_role("button", name="Send my answer").click()
    expect(ann.page.locator("[data-live-result]")).to_contain_text("Your answer is sent")
    # On the phone, Send stood at the screen's foot: what it says is scrolled into view, not under it.
    expect(ann.page.locator("[data-live-result]")).to_be_in_viewport(ratio=0.9)
    bo_marks = [truth[0], "h8"]
    for name in bo_marks:
        bo.page.locator(f'[data-board="my-answer"] [data-square="{name}"]').click()
    bo.page.get_by_role("button", name="Send my answer").click()
    expect(bo.page.locator("[data-live-result]")).to_contain_text("Your answer is sent")
    # Cy marks, sends, then reloads mid-question: the same class, name and answer come back.
    cy.page.locator('[data-board="my-answer"] [data-square="a1"]').click()
    cy.page.get_by_role("button", name="Send my answer").click()
    expect(cy.page.locator("[data-live-result]")).to_contain_text("Your answer is sent")
    expect(tp.locator("[data-live-answered]")).to_have_text("Answered: 3 of 4.")
    cy.page.reload()
    expect(cy.page.locator("[data-live-who]")).to_have_text("You are Cy <b>.")
    expect(cy.page.locator("[data-live-prompt]")).to_contain_text("(o - r) & m")
    expect(cy.page.locator('[data-board="my-answer"] [data-square="a1"]')).to_have_attribute("data-bit", "1")
    cy.page.locator('[data-board="my-answer"] [data-square="a1"]').click()  # changes their mind
    cy.page.locator(f'[data-board="my-answer"] [data-square="{truth[-1]}"]').click()
    expect(cy.page.locator("[data-live-result]")).to_have_text(CHANGED)  # not sent yet, and said so
    cy.page.reload()  # the marks are kept in this tab, and still not sent
    expect(cy.page.locator('[data-board="my-answer"] [data-square="a1"]')).to_have_attribute("data-bit", "0")
    expect(cy.page.locator("[data-live-result]")).to_have_text(CHANGED)
    cy.page.locator(f'[data-board="my-answer"] [data-square="{truth[-1]}"]').click()
    cy.page.locator('[data-board="my-answer"] [data-square="a1"]').click()  # back to what was sent
    expect(cy.page.locator("[data-live-result]")).to_have_text(SENT)
    cy.page.locator('[data-board="my-answer"] [data-square="a1"]').click()
    cy.page.locator(f'[data-board="my-answer"] [data-square="{truth[-1]}"]').click()
    cy.page.get_by_role("button", name="Send my answer").click()
    expect(cy.page.locator("[data-live-result]")).to_have_text(SENT)
    # The same words for the same answer sent again: taken out and written back, so that a screen reader says them.
    said_again(cy.page, "[data-live-result]", cy.page.get_by_role("button", name="Send my answer").click)
    # The heat map: how many marked each square, no names.
    expected = dict.fromkeys(truth, 1)
    expected[truth[0]] = 2
    expected[truth[-1]] = expected[truth[-1]] + 1
    expected["h8"] = 1
    tp.wait_for_function(
        "([role, want]) => { const got = {}; for (const e of document.querySelectorAll(`[data-board='${role}'] [data-square]`)) "
        "{ const t = (e.querySelector('.label')?.textContent ?? ''); if (t) got[e.dataset.square] = t; } "
        "return JSON.stringify(Object.entries(got).sort()) === JSON.stringify(Object.entries(want).sort()); }",
        arg=["class-answers", {k: str(v) for k, v in expected.items()}],
        timeout=TIMEOUT,
    )
    assert "Ann" not in tp.locator("[data-live-panel]").text_content()
    screenshot(tp, "live-teacher-heat-map")

    # Reveal: each student sees whether they were right, as the server says.
    ann.page.evaluate("() => { document.activeElement.blur(); window.scrollTo(0, 0); }")  # reading the question again
    tp.get_by_role("button", name="Reveal to the class").click()
    expect(ann.page.locator("[data-live-result]")).to_contain_text("✓ Right")
    expect(bo.page.locator("[data-live-result]")).to_contain_text("✗ Not right")
    expect(cy.page.locator("[data-live-result]")).to_contain_text("✗ Not right")
    assert board_marks(bo.page, "my-answer") == {truth[0]: "right", "h8": "wrong", **dict.fromkeys(truth[1:], "missed")}
    expect(bo.page.locator("[data-live-board] .caption-text")).to_have_text(
        "Your answer, checked: ✓ right, ✗ marked but not in the answer, ○ in the answer but not marked"
    )
    expect(ann.page.locator("[data-live-result]")).to_be_in_viewport(ratio=0.9)  # on the phone, under its board
    expect(bo.page.locator("[data-live-result]")).to_be_focused()  # Bo was on Send, now closed: on to the verdict
    expect(tp.locator("[data-live-answered]")).to_have_text("Answered: 3 of 4; right: 1 of 3.")
    # Di's verdict, under the board, is written, then brought into view (empty, it had no height to show).
    expect(di.page.locator("[data-live-result]")).to_contain_text("You did not answer")
    expect(di.page.locator("[data-live-result]")).to_be_in_viewport(ratio=0.9)  # whole, to a fraction of a pixel
    assert set(board_marks(tp, "class-answers")) == set(truth)
    expect(bo.page.get_by_role("button", name="Send my answer")).to_be_disabled()
    screenshot(ann.page, "live-student-revealed")
    # Ed joins after the reveal: he missed nothing, and is not told he did not answer.
    ed = people(width=390, height=844)
    join(ed, code, "Ed")
    expect(ed.page.locator("[data-live-result]")).to_have_text(
        f"This question was asked and revealed before you joined: the answer is {', '.join(truth)}."
    )
    # The projector counts him among the students joined, not among those asked.
    expect(tp.locator("[data-live-students]")).to_have_text("5 students joined")
    expect(tp.locator("[data-live-answered]")).to_have_text("Answered: 3 of 4; right: 1 of 3.")

    # A value question: typed.
    tp.goto(server + "/chapter/squares?bb=0x81")
    for student in (ann, bo, cy):
        at_path(student.page, "/chapter/squares?bb=0x81")
    tp.get_by_role("button", name="Ask the class").click()
    # Cy first types a word: told what was wrong with it, and how to type a number.
    cy.page.get_by_label("Type your answer").fill("true")
    cy.page.get_by_label("Type your answer").press("Enter")
    expect(cy.page.locator("[data-live-result]")).to_have_text(
        "“true” is not a number: type the number alone, in decimal (129) or in hex after 0x (0x81)."
    )
    # Nothing typed, or a number past 64 bits: each told so in its own words.
    cy.page.get_by_label("Type your answer").fill("  ")
    cy.page.get_by_label("Type your answer").press("Enter")
    expect(cy.page.locator("[data-live-result]")).to_have_text(
        "Type your answer first: a number, in decimal (129) or in hex after 0x (0x81)."
    )
    # One with leading zeros is refused by the API too (at most 16 hex digits): told why.
    cy.page.get_by_label("Type your answer").fill("0x00000000000000000001")
    cy.page.get_by_label("Type your answer").press("Enter")
    expect(cy.page.locator("[data-live-result]")).to_have_text(
        "0x00000000000000000001 has too many digits: write a bitboard with at most 16 hex digits after 0x, or 20 in decimal."
    )
    for too_big in (str(2**64), "0x10000000000000000"):
        cy.page.get_by_label("Type your answer").fill(too_big)
        cy.page.get_by_label("Type your answer").press("Enter")
        expect(cy.page.locator("[data-live-result]")).to_have_text(
            f"{too_big} is more than 64 bits hold: a bitboard's largest number is 0xffffffffffffffff (18446744073709551615)."
        )
    for student, value in ((ann, "0x81"), (bo, "129"), (cy, "0x8001")):
        expect(student.page.get_by_label("Type your answer")).to_be_visible()
        student.page.get_by_label("Type your answer").fill(value)
        student.page.get_by_label("Type your answer").press("Enter")
        expect(student.page.locator("[data-live-result]")).to_contain_text("Your answer is sent")
    expect(tp.locator("[data-live-values] li")).to_have_count(2)
    # A value and its count, no list number beside them to read as an answer from the back row.
    expect(tp.locator("[data-live-values] li").first).to_have_css("list-style-type", "none")
    expect(tp.locator('[data-live-values] li[data-value="0x0000000000000081"]')).to_have_attribute("data-count", "2")
    # The panel asks for the counts every second; unchanged, they are not drawn again: the list a
    # teacher reads (or a screen reader is on) keeps its nodes from one poll to the next.
    # Two polls: the second is asked for only once the first has been drawn.
    tp.eval_on_selector("[data-live-values] li", "e => { e.kept = true; }")
    for _ in range(2):
        with tp.expect_response(lambda r: "/tally" in r.url, timeout=TIMEOUT):
            pass
    assert tp.eval_on_selector("[data-live-values] li", "e => e.kept === true")
    tp.get_by_role("button", name="Reveal to the class").click()
    expect(ann.page.locator("[data-live-result]")).to_contain_text("✓ Right")
    expect(bo.page.locator("[data-live-result]")).to_contain_text("✓ Right")
    expect(cy.page.locator("[data-live-result]")).to_contain_text("✗ Not right")
    expect(tp.locator("[data-live-answered]")).to_have_text("Answered: 3 of 5; right: 2 of 3.")  # Ed, there, did not answer

    # The teacher's panel survives a reload; closing it does not end the class.
    tp.reload()
    expect(tp.locator("[data-live-code]")).to_have_text(code)
    tp.get_by_role("button", name="Hide the class panel (the class goes on)").click()
    expect(tp.locator("[data-live-panel]")).to_be_hidden()
    tp.get_by_role("button", name=f"Live class {code}").click()
    expect(tp.locator("[data-live-panel]")).to_be_visible()

    # The end: every student lands on the ended page, and the code stops working.
    tp.get_by_role("button", name="End the class").click()
    tp.get_by_role("button", name="Yes, end it").click()
    for student in (ann, bo, cy):
        student.page.wait_for_url("**/join?ended=1", timeout=TIMEOUT)
        expect(student.page.locator("[data-live-ended]")).to_have_text("The class has ended. Thank you for taking part.")
    screenshot(ann.page, "live-ended")
    expect(tp.get_by_role("button", name="Start a class")).to_be_visible()
    ann.go(f"/join/{code}")
    expect(ann.page.locator("[data-live-unknown]")).to_be_visible()
    for person in (teacher, ann, bo, cy, di, ed):
        person.check(allowed=("404",))  # a word typed for a number is refused in the page: no request, no 400


def test_a_question_to_the_class_hides_the_answers_and_keeps_each_answer_and_student_counted_once(people):
    """Asking the class hides the chapter's own answers (its exercise mode) on the projector and on
    every student's page until the reveal shows them again; a double click asks once; a question
    with answers in is replaced only when Ask is pressed a second time; a student whose check of the
    reveal fails has it checked again; a reload of the teacher's page keeps the reveal; on another page
    the question says where it was asked. A student who opens the join link again and presses Join
    is back in as themselves, not counted twice."""
    teacher, student, code = class_with_a_phone(people, "/chapter/rays?sq=c3", "Ann")
    tp, sp = teacher.page, student.page
    # The join link opened again on the same phone, and Join pressed: the same student, not a second one.
    student.go(f"/join/{code}")
    sp.get_by_role("button", name="Join", exact=True).click()
    at_path(sp, "/chapter/rays?sq=c3")
    expect(sp.locator("[data-live-who]")).to_have_text("You are Ann.")
    assert sp.request.get(f"{student.base}/api/classes/{code}").json()["students"] == 1
    for page in (tp, sp):
        expect(page.locator("html")).to_have_attribute("data-answers", "shown")
    # A page that asks nothing as it stands (msb's first board, e1 alone, shows its own answer): Ask
    # says what to choose first, and the board stays as it is, answers shown.
    tp.goto(f"{teacher.base}/chapter/msb")
    at_path(sp, "/chapter/msb")
    tp.get_by_role("button", name="Ask the class").click()
    expect(tp.locator("[data-live-note]")).to_have_text(
        "This page asks the class nothing as it stands. Put two bits or more on the destination board first "
        "(tick “Allow several bits per board”): a board of one bit shows its own answer."
    )
    at_path(tp, "/chapter/msb")
    expect(sp.locator("[data-live-task]")).to_be_hidden()
    # So do the game with no piece selected and the code tasks (writing the code is their exercise),
    # without asking the server (a refused request is a 400 in the console).
    posted = []
    tp.on("request", lambda r: posted.append(r.url) if r.method == "POST" and r.url.endswith("/questions") else None)
    for path, words in (
        ("/chapter/game", "Select a piece first: the class is asked where it can move."),
        ("/chapter/code", "Writing the code is this chapter's exercise: it asks the class nothing."),
    ):
        tp.goto(f"{teacher.base}{path}")
        tp.wait_for_function("() => document.getElementById('chapter').dataset.drawn")
        tp.get_by_role("button", name="Ask the class").click()
        expect(tp.locator("[data-live-note]")).to_have_text(f"This page asks the class nothing as it stands. {words}")
    assert posted == []
    tp.goto(f"{teacher.base}/chapter/rays?sq=c3")
    at_path(sp, "/chapter/rays?sq=c3")
    asked = []
    tp.on("request", lambda r: asked.append(r.url) if r.method == "POST" and r.url.endswith("/questions") else None)

    # Ann explores on her own, on the same page: the question hides its answers there too.
    sp.get_by_role("button", name="Stop following").click()
    tp.get_by_role("button", name="Ask the class").dblclick()
    expect(sp.locator("[data-live-prompt]")).to_contain_text("positive rays")
    at_path(tp, "/chapter/rays?sq=c3&hide=1")
    at_path(sp, "/chapter/rays?sq=c3&hide=1")
    for page in (tp, sp):
        expect(page.locator("html")).to_have_attribute("data-answers", "hidden")
        expect(page.locator('[data-role="answer-hidden"]')).to_be_visible()
    assert len(asked) == 1, asked  # the double click asked once
    sp.get_by_role("button", name="Follow the teacher").click()
    at_path(sp, "/chapter/rays?sq=c3&hide=1")
    # On the student's phone the chapter's own exercise box (its board and its Reveal) gives way to the class's.
    expect(sp.locator("#chapter .predict")).to_be_hidden()
    expect(tp.locator("#chapter .predict")).to_be_visible()  # the teacher's page keeps it, but not its
    for action in ("reveal", "next-exercise", "exercise-mode"):  # answers, another board or answers again
        expect(tp.locator(f'#chapter .predict [data-action="{action}"]')).to_be_hidden()
    first = sp.locator("[data-live-task]").get_attribute("data-question-id")

    sp.locator('[data-board="my-answer"] [data-square="c4"]').click()
    sp.get_by_role("button", name="Send my answer").click()
    expect(tp.locator("[data-live-answered]")).to_have_text("Answered: 1 of 1.")
    tp.get_by_role("button", name="Ask the class").click()
    expect(tp.locator("[data-live-note]")).to_have_text(
        "A new question replaces the open one and drops its 1 answer: press Ask the class again to ask it."
    )
    expect(tp.locator("[data-live-answered]")).to_have_text("Answered: 1 of 1.")
    assert len(asked) == 1 and sp.locator("[data-live-task]").get_attribute("data-question-id") == first
    tp.get_by_role("button", name="Ask the class").click()
    expect(tp.locator("[data-live-answered]")).to_have_text("Answered: 0 of 1.")
    expect(sp.locator("[data-live-task]")).not_to_have_attribute("data-question-id", first)
    expect(sp.locator("[data-live-result]")).to_have_text("")  # nothing sent to the new question yet
    assert len(asked) == 2

    # The teacher glances at another chapter, whose panel links the question's page with its answers
    # hidden, and comes back by a link (not Back): the answers are still hidden on the projector and
    # on the phone, and the question is still open.
    tp.goto(f"{teacher.base}/chapter/squares")
    at_path(sp, "/chapter/squares")
    for page in (tp, sp):
        expect(page.locator("[data-live-elsewhere] a")).to_have_attribute("href", "/chapter/rays?sq=c3&hide=1")
    # On the phone the page followed to opens on the open question, Send in view.
    expect(sp.get_by_role("button", name="Send my answer")).to_be_in_viewport(ratio=0.9)
    tp.goto(f"{teacher.base}/chapter/rays?sq=c3")
    for page in (tp, sp):
        at_path(page, "/chapter/rays?sq=c3&hide=1")
        expect(page.locator("html")).to_have_attribute("data-answers", "hidden")
    expect(tp.get_by_role("button", name="Reveal to the class")).to_be_enabled()
    # So does a student exploring on their own who opens the question's page by a link; the note in
    # place of the answer says who reveals it.
    sp.get_by_role("button", name="Stop following").click()
    student.go("/chapter/squares")
    student.go("/chapter/rays?sq=c3")
    at_path(sp, "/chapter/rays?sq=c3&hide=1")
    expect(sp.locator("html")).to_have_attribute("data-answers", "hidden")
    expect(sp.locator('[data-role="answer-hidden"]')).to_have_text(
        "The answer is hidden until your teacher reveals it.", use_inner_text=True
    )
    sp.get_by_role("button", name="Follow the teacher").click()

    # The reveal reaches the student while the network drops their check of it: asked again, it comes.
    sp.route("**/me", lambda route: route.abort())
    tp.get_by_role("button", name="Reveal to the class").click()
    expect(sp.locator("[data-live-result]")).to_have_text("The answer is revealed; yours could not be checked yet: trying again.")
    sp.unroute("**/me")
    expect(sp.locator("[data-live-result]")).to_contain_text("You did not answer")
    for page in (tp, sp):
        expect(page.locator("html")).to_have_attribute("data-answers", "shown")
    expect(sp.locator("#chapter .predict")).to_be_visible()  # revealed: the chapter's exercise is theirs again
    expect(tp.locator('#chapter .predict [data-action="exercise-mode"]')).to_be_visible()
    at_path(tp, "/chapter/rays?sq=c3")
    tp.reload()
    expect(tp.locator("[data-live-answered]")).to_have_text("Answered: 0 of 1.")  # no "right: 0 of 0"
    expect(tp.get_by_role("button", name="Reveal to the class")).to_be_disabled()
    for page in (tp, sp):
        expect(page.locator("[data-live-elsewhere]")).to_be_hidden()
    # The teacher moves on: the question still shown says it was asked on another page, and links it.
    tp.goto(f"{teacher.base}/chapter/squares")
    at_path(sp, "/chapter/squares")
    for page in (tp, sp):
        expect(page.locator("[data-live-elsewhere]")).to_have_text("This question was asked on another page. Open that page")
        # Revealed: the page opens with its answers (the question was asked with them hidden).
        expect(page.locator("[data-live-elsewhere] a")).to_have_attribute("href", "/chapter/rays?sq=c3")
    # Asked again here, then the class ends before the reveal: the answers hidden for it come back.
    tp.get_by_role("button", name="Ask the class").click()
    at_path(tp, "/chapter/squares?hide=1")
    tp.get_by_role("button", name="End the class").click()
    tp.get_by_role("button", name="Yes, end it").click()
    at_path(tp, "/chapter/squares")
    expect(tp.locator("html")).to_have_attribute("data-answers", "shown")
    teacher.check(allowed=("404",))  # the ended class (the page that asked nothing asked the server nothing)
    student.check(allowed=("net::ERR_FAILED", "404"))  # the check the test made fail; the ended class


def test_a_yes_or_no_answer_reads_in_words_on_the_phone_and_the_projector(people):
    """A colour question's answers are 0 and 1: the class reads "0 (light)", not "0 (0x0)", which
    reads like code from the back row."""
    teacher, student, code = class_with_a_phone(people, "/chapter/colors?sq=e4", "Ann")
    tp, sp = teacher.page, student.page
    tp.get_by_role("button", name="Ask the class").click()
    sp.get_by_label("Type your answer").fill("0")
    sp.get_by_label("Type your answer").press("Enter")
    expect(sp.locator("[data-live-result]")).to_contain_text("Your answer is sent")
    expect(tp.locator("[data-live-values] li")).to_have_text(["0 (light): 1 student"])
    tp.get_by_role("button", name="Reveal to the class").click()
    # e4 is light: file e (4) and rank 4 (3) sum to an odd number, a1's (0) is even and dark.
    expect(sp.locator("[data-live-result]")).to_have_text("✓ Right: 0 (light).")
    expect(tp.locator("[data-live-values] li")).to_have_text(["0 (light): 1 student ✓ the answer"])
    for person in (teacher, student):
        person.check()


def test_an_empty_board_sent_is_counted_on_the_projector(people):
    """The rank through e4 and the diagonal through c7 (a5 to d8) do not meet: "send an empty
    board". That answer shows on no square of the counts, so the projector says it in words."""
    teacher, student, code = class_with_a_phone(people, "/chapter/intersections", "Ann")
    tp, sp = teacher.page, student.page
    tp.get_by_role("button", name="Ask the class").click()
    expect(sp.locator("[data-live-prompt]")).to_contain_text("send an empty board")
    sp.get_by_role("button", name="Send my answer").click()
    expect(sp.locator("[data-live-result]")).to_contain_text("Your answer is sent")
    expect(tp.locator("[data-live-values] li")).to_have_text(["An empty board: 1 student"])
    expect(tp.locator("[data-live-values] li")).to_be_visible()  # under the counts' board, not in a hidden list
    tp.get_by_role("button", name="Reveal to the class").click()
    expect(tp.locator("[data-live-values] li")).to_have_text(["An empty board: 1 student ✓ the answer"])
    expect(sp.locator("[data-live-result]")).to_have_text("✓ Right: no square.")
    for person in (teacher, student):
        person.check()


def test_a_page_hidden_for_a_question_shows_its_answers_again_when_another_question_replaces_it(people):
    """A student exploring on their own has the question's page hidden (its answers would give the
    question away). The teacher then asks another question elsewhere: the first is closed, its
    reveal never comes, and the page the student is on shows its answers again."""
    teacher, student, _ = class_with_a_phone(people, "/chapter/rays?sq=c3", "Bo")
    tp, sp = teacher.page, student.page
    sp.get_by_role("button", name="Stop following").click()
    tp.get_by_role("button", name="Ask the class").click()
    at_path(sp, "/chapter/rays?sq=c3&hide=1")  # on the question's page: hidden there too
    expect(sp.locator("html")).to_have_attribute("data-answers", "hidden")
    tp.goto(f"{teacher.base}/chapter/mask?sq=d4")
    tp.get_by_role("button", name="Ask the class").click()
    expect(sp.locator("[data-live-prompt]")).to_contain_text("(o - r) & m")
    at_path(sp, "/chapter/rays?sq=c3")  # the rays question is gone: its page is the student's again
    expect(sp.locator("html")).to_have_attribute("data-answers", "shown")
    teacher.check()
    student.check()


# Every address the page gives itself, in order: a page that hides its answers, even for a moment,
# puts hide=1 in its address.
RECORD_ADDRESSES = """
window.addresses = [];
for (const name of ["pushState", "replaceState"]) {
  const original = history[name].bind(history);
  history[name] = (state, title, url) => {
    window.addresses.push(String(url));
    return original(state, title, url);
  };
}
"""


def test_a_page_opened_after_the_reveal_never_hides_its_answers(people):
    """The answer revealed, a student opens the question's page: nothing of it is a secret any more,
    so it opens with its answers and never hides them, not even until the reveal is read."""
    teacher, student, _ = class_with_a_phone(people, "/chapter/rays?sq=c3", "Cy")
    tp, sp = teacher.page, student.page
    tp.get_by_role("button", name="Ask the class").click()
    at_path(sp, "/chapter/rays?sq=c3&hide=1")
    tp.get_by_role("button", name="Reveal to the class").click()
    at_path(sp, "/chapter/rays?sq=c3")
    sp.get_by_role("button", name="Stop following").click()
    student.go("/chapter/squares")
    sp.add_init_script(RECORD_ADDRESSES)
    student.go("/chapter/rays?sq=c3")
    expect(sp.locator("[data-live-result]")).to_contain_text("You did not answer")
    expect(sp.locator("html")).to_have_attribute("data-answers", "shown")
    assert not [url for url in sp.evaluate("window.addresses") if "hide=1" in url]
    teacher.check()
    student.check()


def test_a_following_student_who_changes_their_own_board_is_told_how_to_come_back(people):
    """A student following the teacher who taps their own board no longer sees the teacher's board:
    their bar says so at once, and keeps saying it after a reload, until the teacher's next move
    brings them back or they go back themselves. Not following, exploring is what they chose."""
    teacher, student, _ = class_with_a_phone(people, "/chapter/rays?sq=c3", "Di")
    sp = student.page
    away = sp.locator("[data-live-away]")
    expect(away).to_be_hidden()
    square = sp.locator('[data-board="occupied"] [data-square="f6"]')
    square.scroll_into_view_if_needed()
    before = square.bounding_box()
    square.tap()
    expect(away).to_be_visible()
    # Said at the foot of the screen, over the page: the square just tapped has not moved.
    assert square.bounding_box() == before
    foot = away.bounding_box()
    assert foot["y"] + foot["height"] <= 844 and foot["y"] > 844 / 2, foot
    expect(sp).to_have_url(re.compile(r"/chapter/rays\?sq=c3&occ="))  # a piece of their own
    teacher.go("/chapter/rays?sq=d5")
    at_path(sp, "/chapter/rays?sq=d5")
    expect(away).to_be_hidden()
    sp.locator('[data-board="occupied"] [data-square="a1"]').tap()
    expect(away).to_be_visible()
    sp.reload()
    expect(away).to_be_visible()
    screenshot(sp, "live-student-away")
    # The class's stream started afresh (as a new follower's does, and as it did when this student
    # joined: a tap then could come before it) tells the teacher's view again: that is no move of the
    # teacher, and the student stays on their own board.
    own = sp.url
    sp.evaluate(
        """() => { const k = 'chessviz-live-student'; const r = JSON.parse(localStorage.getItem(k));
        localStorage.setItem(k, JSON.stringify({ ...r, lastId: null })); }"""
    )
    sp.reload()
    sp.wait_for_function("() => JSON.parse(localStorage.getItem('chessviz-live-student')).lastId !== null", timeout=TIMEOUT)
    sp.evaluate(TWO_FRAMES)
    assert sp.url == own
    expect(away).to_be_visible()
    sp.get_by_role("button", name="Back to the teacher's").tap()
    at_path(sp, "/chapter/rays?sq=d5")
    expect(away).to_be_hidden()
    sp.get_by_role("button", name="Stop following").tap()
    sp.locator('[data-board="occupied"] [data-square="a1"]').tap()
    expect(sp).to_have_url(re.compile(r"/chapter/rays\?sq=d5&occ="))
    expect(away).to_be_hidden()
    teacher.check()
    student.check()


def test_the_join_page_says_what_is_wrong(people):
    student = people(width=390, height=844)
    student.go("/join")
    page = student.page
    page.get_by_label("Class code").fill("K7Q")
    page.get_by_role("button", name="Join", exact=True).click()
    expect(page.locator("[data-live-message]")).to_contain_text("A code has 6 letters and digits")
    # The same mistake again gets the same words, said again (taken out, then written back).
    said_again(page, "[data-live-message]", page.get_by_role("button", name="Join", exact=True).click)
    page.get_by_label("Class code").fill("ZZZZZZ")
    page.get_by_role("button", name="Join", exact=True).click()
    expect(page.locator("[data-live-message]")).to_contain_text("No class has this code")
    student.go("/join/ZZZZZZ")
    expect(page.locator("[data-live-unknown]")).to_be_visible()
    expect(page.get_by_label("Class code")).to_have_value("ZZZZZZ")
    # A nickname the class refuses, told why: too long, or a character no name may hold (a
    # right-to-left override); one emoji made of three, joined by U+200D, is a name like any other.
    code = start_class(people(), "/chapter/squares")
    student.go(f"/join/{code}")
    unusable = "That nickname holds a character a name cannot have: use letters, digits, spaces and emoji."
    for name, told in (("W" * 25, "That nickname is too long: at most 24 characters."), ("Sam\u202e", unusable)):
        page.get_by_label("Nickname (optional)").fill(name)
        page.get_by_role("button", name="Join", exact=True).click()
        expect(page.locator("[data-live-message]")).to_have_text(told)
    page.get_by_label("Nickname (optional)").fill("Ada 👩\u200d💻")
    page.get_by_role("button", name="Join", exact=True).click()
    expect(page.locator("[data-live-who]")).to_have_text("You are Ada 👩\u200d💻.")
    student.go(f"/join/{code}")
    wide = "W" * 24  # the most, and wider than a phone
    page.get_by_label("Nickname (optional)").fill(wide)
    page.get_by_role("button", name="Join", exact=True).click()
    expect(page.locator("[data-live-who]")).to_have_text(f"You are {wide}.")
    assert horizontal_overflow(page) == 0
    student.check(allowed=("404", "400"))


@pytest.mark.parametrize("theme", ["light", "dark", "contrast"])
def test_axe_finds_nothing_on_the_join_page_and_the_teacher_s_panel(people, theme):
    teacher, student = people(), people(width=390, height=844)
    failures = []
    for person in (teacher, student):
        person.go("/join")
        person.page.emulate_media(color_scheme="dark" if theme == "dark" else "light")
        person.page.evaluate(
            "t => t === 'contrast' ? localStorage.setItem('chessviz-theme', t) : localStorage.removeItem('chessviz-theme')", theme
        )
    code = start_class(teacher, "/chapter/propagation")
    teacher.page.get_by_role("button", name="Ask the class").click()
    expect(teacher.page.locator("[data-live-answered]")).to_have_text("Answered: 0 of 0.")
    join(student, code, "Sam")
    expect(student.page.locator("[data-live-prompt]")).to_be_visible()
    student.go(f"/join/{code}")
    rules = None if theme == "light" else COLOUR_RULES  # every rule in light, what a theme changes in the others
    for person in (teacher, student):
        person.page.problems = person.problems  # run_axe filters axe's own CSP log lines
        for v in run_axe(person.page, rules):
            if v["impact"] in FAILING_IMPACTS:
                failures.append(
                    f"{person.page.url} {theme}: {v['id']} ({v['impact']}) at {[n['target'] for n in v['nodes'][:3]]}"
                )
    student.go("/chapter/propagation")
    expect(student.page.locator("[data-live-prompt]")).to_be_visible()
    student.page.problems = student.problems
    for v in run_axe(student.page, rules):
        if v["impact"] in FAILING_IMPACTS:
            failures.append(f"student bar {theme}: {v['id']} ({v['impact']}) at {[n['target'] for n in v['nodes'][:3]]}")
    assert not failures, "\n".join(failures)
    teacher.check()
    student.check()


# The words the Share dialog says too (static/js/share.js UNREACHABLE).
UNREACHABLE = (
    "This server only listens on this computer, so students cannot open the link. "
    "Start it with make serve to reach the classroom network."
)


def test_a_class_served_to_this_computer_only_says_students_cannot_reach_it(people, browser, tmp_path):
    """Served on loopback with no network address (make run), the join address and its QR code
    reach no student's device: the panel says so, as the Share dialog does. Served as make serve
    serves it, the panel gives the network address, and no such warning."""
    teacher = people()
    start_class(teacher, "/chapter/rays")
    expect(teacher.page.locator("[data-live-unreachable]")).to_have_text(UNREACHABLE)
    teacher.check()
    redis = EmbeddedRedis(tmp_path).start()
    try:
        with served(make_app(redis.url, LAN_HOSTS=["192.0.2.10"])) as port:
            on_lan = Person(browser, f"http://127.0.0.1:{port}")
            try:
                start_class(on_lan, "/chapter/rays")
                expect(on_lan.page.locator("[data-live-link]")).to_have_text(f"192.0.2.10:{port}/join")
                expect(on_lan.page.locator("[data-live-unreachable]")).to_be_hidden()
                on_lan.check()
            finally:
                on_lan.close()
    finally:
        redis.stop()


def test_no_chapter_runs_under_the_class_panel(people):
    """On a 1280x720 projector with the class panel open, every chapter keeps to the width the panel
    leaves it: nothing of it (a wide table, a panel) lies under the panel, where the class cannot see it."""
    teacher = people(width=1280, height=720)
    start_class(teacher, "/chapter/squares")
    page = teacher.page
    under = {}
    for chapter in CHAPTERS:
        page.goto(f"{teacher.base}/chapter/{chapter.slug}")
        page.wait_for_selector("#chapter[data-drawn]")
        expect(page.locator("[data-live-panel]")).to_be_visible()
        edge = page.locator("[data-live-panel]").bounding_box()["x"]
        found = page.evaluate(
            """(edge) => [...document.querySelectorAll("#chapter :is(.panel, table, figure, .column, p, h2)")]
              .filter((e) => e.checkVisibility() && e.getBoundingClientRect().right > edge + 1)
              .map((e) => `${e.tagName.toLowerCase()}.${e.className}`)""",
            edge,
        )
        if found:
            under[chapter.slug] = found[:3]
    assert not under, under
    teacher.check()


@pytest.mark.parametrize("size", [(1280, 720), (853, 480)])
def test_presenter_mode_with_the_class_panel(people, size):
    width, height = size
    teacher, student = people(width=width, height=height), people()
    code = start_class(teacher, "/chapter/rays?sq=d5")
    join(student, code, "Sam")
    page = teacher.page
    page.get_by_role("button", name="Ask the class").click()
    expect(student.page.locator("[data-live-prompt]")).to_be_visible()
    student.page.locator('[data-board="my-answer"] [data-square="c5"]').click()
    student.page.get_by_role("button", name="Send my answer").click()
    expect(page.locator("[data-live-answered]")).to_have_text("Answered: 1 of 1.")
    page.keyboard.press("p")
    page.wait_for_function(
        "() => document.documentElement.dataset.present === '1' && document.getElementById('chapter').dataset.drawn"
    )
    page.wait_for_timeout(300)  # presenter.js sizes the slide on the next frames; nothing is asserted on time
    panel = page.locator("[data-live-panel]").bounding_box()
    kept = page.eval_on_selector_all("[data-present-keep]", "els => els.map(e => e.getBoundingClientRect().right)")
    assert kept and max(kept) <= panel["x"] + 1, (kept, panel)  # the slide beside the panel, not under it
    code_box = page.locator("[data-live-code]").bounding_box()
    assert code_box["y"] + code_box["height"] <= height
    # Asked, the chapter hides its answers; the slide shows the question's setup without the
    # chapter's own answer box (the class answers on its devices), its boards whole on the screen.
    expect(page.locator("html")).to_have_attribute("data-answers", "hidden")
    expect(page.locator("section.predict")).to_be_hidden()
    bottoms = page.eval_on_selector_all(
        "#chapter [data-board]", "els => els.filter((e) => e.checkVisibility()).map((e) => e.getBoundingClientRect().bottom)"
    )
    assert bottoms and max(bottoms) <= height, bottoms  # every board of the slide whole on the screen
    page.reload()  # the panel learns of the open question after the chapter's first draw: drawn again
    expect(page.locator("[data-live-answered]")).to_have_text("Answered: 1 of 1.")
    expect(page.locator("section.predict")).to_be_hidden()
    # The class's counts whole on the projector, no scrolling (at 150 % too: the lines above close up).
    heat = page.locator('[data-board="class-answers"]').bounding_box()
    assert heat["x"] >= panel["x"] and heat["x"] + heat["width"] <= panel["x"] + panel["width"]
    assert heat["y"] + heat["height"] <= height, (heat, height)
    # ...and the buttons above them inside the panel, not run off its edge.
    for button in ("Ask the class", "Reveal to the class"):
        box = page.get_by_role("button", name=button).bounding_box()
        assert panel["x"] <= box["x"] and box["x"] + box["width"] <= panel["x"] + panel["width"], (button, box, panel)
    # Each count read from the back of the room: at least 40 % of its square's height.
    label, square = page.evaluate(
        """() => { const sq = [...document.querySelectorAll('[data-board="class-answers"] .sq')].find((s) => s.textContent);
          return [parseFloat(getComputedStyle(sq.querySelector('.label')).fontSize), sq.getBoundingClientRect().height]; }"""
    )
    assert label >= 0.4 * square, (label, square)
    # Revealed: "right: …" takes a line more, and the board, smaller by that line, is still whole;
    # each answer square is framed, which a count's chip does not cover as it does the ✓'s corner.
    page.get_by_role("button", name="Reveal to the class").click()
    expect(page.locator("[data-live-answered]")).to_contain_text("right:")
    heat = page.locator('[data-board="class-answers"]').bounding_box()
    assert heat["y"] + heat["height"] <= height, (heat, height)
    frames = page.eval_on_selector_all(
        '[data-board="class-answers"] .sq[data-mark="right"]', "els => els.map((e) => getComputedStyle(e).boxShadow)"
    )
    spreads = [re.search(r"0px 0px 0px ([\d.]+)px inset", f) for f in frames]  # rgb(…) 0px 0px 0px 3px inset
    assert frames and all(s and float(s[1]) >= 3 for s in spreads), frames
    # A slide with its answers beside the panel keeps its board read from the room: at 150 % the
    # diagonals' answer box cannot start on the screen under it at any size, and is the one a
    # scroll away (the board was drawn at the smallest size instead, 96 px).
    page.goto(f"{teacher.base}/chapter/diagonals?present=1")
    page.wait_for_function("() => document.getElementById('chapter').dataset.drawn")
    page.wait_for_timeout(300)  # presenter.js sizes the slide on the next frames
    widths = page.eval_on_selector_all(
        "#chapter [data-board]", "els => els.filter((e) => e.checkVisibility()).map((e) => e.getBoundingClientRect().width)"
    )
    assert widths and min(widths) >= 8 * 30, widths
    # The question was asked on another page, which the panel says in a line more: the class's
    # counts are still whole on the screen (an estimate of the lines above them let the first rank
    # run under the screen's edge here).
    expect(page.locator("[data-live-elsewhere]")).to_be_visible()
    # The panel measures again on the frame after its lines change size: waited for, then asserted.
    page.wait_for_function(
        "h => document.querySelector('[data-board=\"class-answers\"]').getBoundingClientRect().bottom <= h", arg=height
    )
    heat = page.locator('[data-board="class-answers"]').bounding_box()
    screenshot(page, f"live-presenter-{width}x{height}")
    assert heat["y"] + heat["height"] <= height, (heat, height)
    teacher.check()


def test_without_redis_the_pages_say_so_and_reconnect_by_themselves(browser, tmp_path):
    """Redis stops mid-lesson: the chapters keep working, the student's bar and the teacher's panel
    say the live class is unavailable; Redis comes back (empty: the embedded one keeps nothing on
    disk), the pages reconnect by themselves and find the class gone."""
    redis = EmbeddedRedis(tmp_path).start()
    http = make_server("127.0.0.1", 0, make_app(redis.url, CLASS_KEEPALIVE=1, CLASS_BLOCK_MS=500), threaded=True)
    threading.Thread(target=http.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{http.server_port}"
    teacher, student = Person(browser, base), Person(browser, base)
    try:
        code = start_class(teacher, "/chapter/rays")
        join(student, code, "Sam")
        at_path(student.page, "/chapter/rays")
        expect(student.page.locator("[data-live-student]")).to_have_attribute("data-connection", "live")
        redis.stop()
        expect(student.page.locator("[data-live-conn]")).to_have_text(
            "The live class is unavailable right now; reconnecting by itself.", timeout=30_000
        )
        expect(teacher.page.locator("[data-live-note]")).to_contain_text("unavailable right now", timeout=30_000)
        student.page.locator('[data-board="slider"] [data-square="c3"]').click()  # the chapter itself works on
        expect(student.page.locator('[data-board="slider"] [data-square="c3"]')).to_have_attribute("data-piece", "Q")
        redis.start()
        student.page.wait_for_url("**/join?ended=1", timeout=30_000)
        expect(teacher.page.locator("[data-live-ended]")).to_contain_text("The class has ended", timeout=30_000)
        teacher.check(allowed=("503", "404"))
        student.check(allowed=("503", "404", "ERR_INCOMPLETE_CHUNKED_ENCODING"))
    finally:
        teacher.close()
        student.close()
        http.shutdown()
        redis.stop()
