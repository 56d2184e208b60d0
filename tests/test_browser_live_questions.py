"""The live class asks what each chapter page asks: for the same URL (defaults, odd spellings and
values the page does not read included), the answer chessviz/questions.py computes is the one the
chapter's own exercise reveals in the browser. So the server reads a chapter's URL state exactly
as the page does."""

from __future__ import annotations

import random
import re
from urllib.parse import urlencode

import pytest
from playwright.sync_api import expect

from chessviz.chapters import CHAPTERS
from chessviz.lines import same_line
from chessviz.questions import question_for
from chessviz.squares import SQUARE_NAMES

SLUGS = {c.slug for c in CHAPTERS}
# The chapters whose question is a set of squares the student marks on the prediction board, and
# those that ask for a typed value (the registry says which).
PREDICTED = [c.slug for c in CHAPTERS if c.question == "squares"]
TYPED = [c.slug for c in CHAPTERS if c.question == "value"]
NAMES = SQUARE_NAMES


def states(slug: str) -> list[str]:
    """The chapter's first state, odd spellings the page reads (or falls back from), and random states."""
    rng = random.Random(f"page-{slug}")
    sq = lambda: rng.choice(NAMES)  # noqa: E731
    occ = lambda: hex(sum(1 << i for i in range(64) if rng.random() < 0.2))  # noqa: E731
    mapping = lambda: rng.choice(["lerf", "lerbef"])  # noqa: E731
    line = lambda: rng.choice(["rank", "file", "diagonal", "anti_diagonal"])  # noqa: E731
    odd = {
        "msb": [{"dest": "0X0000000000000101", "mapping": "LERF"}, {"dest": "0x90", "start": "nope"}],
        "shift-ray": [{"from": "A1", "to": "h8"}, {"from": "c4", "to": "28", "mapping": "lerf"}],
        "propagation": [{"sq": "E4", "occ": "0x1F"}, {"sq": "e4", "occ": "-5", "line": "nope"}],
        "mask": [{"sq": "b2", "line": "anti_diagonal", "mapping": "lerf"}, {"sq": "z9", "occ": "12345"}],
        "masked-occupied": [{"sq": "d4", "occ": "0xffffffffffffffff"}, {"occ": " 0x10 "}],
        "rays": [{"view": "2x", "sq": "c3"}, {"view": "7", "occ": "0"}],
        "hyperbola": [{"line": "diagonal", "sq": "H1"}, {"step": "3", "piece": "queen", "occ": "0x0"}],
        "game": [{"sel": "d4"}, {"sel": "B3", "mapping": "lerf"}, {"fen": "8/8/8/3k4/8/8/4P3/8", "sel": "e2"}],
        "squares": [{}, {"bb": "0X8000000000000001"}, {"bb": "18446744073709551616"}],
        "colors": [{"sq": "a1"}, {"sq": "H1"}, {"sq": "i9"}],
        "diagonals": [{"b": "a8"}, {"a": "c1", "b": "h6"}],
        "directions": [{}, {"from": "a1", "to": "h8"}, {"from": "e4", "to": "e1"}],
        "intersections": [{}, {"a": "d1", "b": "a4", "line_a": "file", "line_b": "rank"}],
        "routines": [{}, {"a": "a1", "b": "h8", "routine": "0"}, {"routine": "5"}],
        "kogge-stone": [{"piece": "bishop", "dir": "w"}, {"ds": "3", "dir": "N", "mapping": "LERBEF"}, {"ds": "9", "occ": "0x0"}],
        "magic": [{"kind": "bishop", "sq": "A1"}, {"kind": "queen", "sq": "h8", "mapping": "lerbef"}],
        "methods": [{"piece": "rook", "occ": "0"}, {"piece": "king", "sq": "i9"}, {"occ": "0xffffffffffffffff"}],
    }.get(slug)
    if odd is None:  # a chapter new to the registry: its states are written here (docs/architecture.md)
        pytest.fail(f"{slug}: write its odd URL states in states() and its random ones below")
    fresh = []
    for _ in range(3):
        fresh.append(
            {
                "msb": {"dest": occ(), "start": occ(), "mapping": mapping(), "multi": "1"},
                "shift-ray": {"from": "c4", "to": rng.choice(["c8", "h4", "f7", "a6", "c1"]), "mapping": mapping()},
                "propagation": {"sq": sq(), "occ": occ(), "mapping": mapping()},
                "mask": {"sq": sq(), "occ": occ(), "mapping": mapping(), "line": line()},
                "masked-occupied": {"sq": sq(), "occ": occ(), "mapping": mapping(), "line": line()},
                "rays": {"sq": sq(), "occ": occ(), "mapping": mapping(), "view": str(rng.randrange(5))},
                "hyperbola": {"sq": sq(), "occ": occ(), "mapping": mapping(), "line": line()},
                "game": {"sel": rng.choice(["b8", "d7", "f7", "b6", "g5", "a4", "d4", "b3", "g3", "b1", "h1"])},
                "squares": {"bb": occ()},
                "colors": {"sq": sq()},
                "diagonals": {"a": sq(), "b": sq()},
                "directions": {"from": sq(), "to": sq()},
                "intersections": {"a": sq(), "b": sq(), "line_a": "rank", "line_b": line()},
                "routines": {"a": sq(), "b": sq(), "routine": str(rng.randrange(2))},
                "kogge-stone": {
                    "sq": sq(),
                    "occ": occ(),
                    "mapping": mapping(),
                    "piece": rng.choice(["rook", "bishop", "queen"]),
                    "dir": rng.choice(["e", "w", "n", "s", "ne", "nw", "se", "sw"]),
                    "ds": str(rng.randrange(1, 4)),
                },
                "magic": {"sq": sq(), "occ": occ(), "mapping": mapping(), "kind": rng.choice(["rook", "bishop"])},
                "methods": {"sq": sq(), "occ": occ(), "mapping": mapping(), "piece": rng.choice(["rook", "bishop", "queen"])},
            }[slug]
        )
    return [f"/chapter/{slug}" + (f"?{urlencode(s)}" if s else "") for s in [{}, *odd, *fresh]]


def reveal_text(page, selector: str) -> str:
    """Click the chapter's own reveal button and return the words its exercise then shows."""
    box = page.locator(selector).first
    button = box.locator('[data-action="reveal"], [data-action="reveal-answer"]').first
    if button.is_disabled():
        return ""
    # Exploring, the page folds its exercise to an invitation (its answers are on the page): the
    # answer its reveal gives is the one compared, so the button is pressed where it stands.
    button.evaluate("b => b.click()")
    expect(box).to_have_attribute("data-revealed", "1")
    return box.locator(".predict-score").text_content()


@pytest.mark.parametrize("slug", PREDICTED)
def test_the_squares_the_page_reveals_are_the_class_s_answer(page, live_server, slug):
    for path in states(slug):
        page.goto(live_server + path)
        page.wait_for_function("() => document.getElementById('chapter').dataset.drawn")
        text = reveal_text(page, ".predict")
        # Whether the page's exercise mode keeps this state as its question, or draws another.
        kept = page.get_attribute("#chapter", "data-asks") == "true"
        try:
            question = question_for(path, SLUGS)
        except ValueError:
            # The page asks nothing either, or only outside exercise mode (msb's board of one bit,
            # which shows its own answer): the class is never asked about a board the page replaces.
            assert text == "" or not kept, (path, text)
            continue
        assert text and kept, path
        shown = page.eval_on_selector_all('[data-board="predict"] [data-mark="missed"]', "els => els.map(e => e.dataset.square)")
        assert sorted(shown, key=NAMES.index) == question.answer_json(), path


def test_the_wiki_pages_reveal_what_the_class_is_asked(page, live_server):
    # Some random states choose two lines of one kind: the intersections page asks the API,
    # which refuses them (a 400 Chromium logs), and shows its message; the class is asked nothing.
    page.expect_bad_requests = True
    for slug in TYPED:
        for path in states(slug):
            page.goto(live_server + path)
            page.wait_for_function("() => document.getElementById('chapter').dataset.drawn")
            text = reveal_text(page, ".question")
            try:
                question = question_for(path, SLUGS)
            except ValueError:
                assert text == "", (path, text)
                continue
            if not text:  # the page asks its choice only once a second square is chosen
                assert slug in ("diagonals",), path
                continue
            answer = question.answer_json()
            if slug == "squares":
                assert re.search(r"The answer: (0x[0-9a-f]{16})", text)[1] == answer, (path, text)
            elif slug == "colors":
                assert ("is dark" in text) == (answer == "0x0000000000000001"), (path, text)
            elif slug == "intersections":
                shown = re.search(r"The answer: ([a-h][1-8]|none)", text)[1]
                assert [shown] == answer if shown != "none" else answer == [], (path, text)
            elif slug == "directions":
                assert ("none" in text) == (answer == []), (path, text)
            elif slug == "diagonals":
                b = re.search(r"Do ([a-h][1-8]) and ([a-h][1-8])", page.locator(".question .predict-prompt").text_content())[2]
                assert ("neither" not in text) == (b in answer), (path, text)
            elif slug == "routines":  # the page asks whether the printed value is the truth
                a, b = (re.search(r"sq1 = ([a-h][1-8]) \(index \d+\), sq2 = ([a-h][1-8])", question.prompt)[i] for i in (1, 2))
                truth = int(same_line(NAMES.index(a), NAMES.index(b))["diagonal"])
                assert text.startswith("The answer: yes") == (int(answer, 16) == truth), (path, text)
            else:  # a chapter new to the registry (docs/architecture.md, Add a chapter)
                pytest.fail(f"{slug}: say here how the answer its page reveals reads")
