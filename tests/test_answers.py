"""The answers the core decides (chessviz.answers and the verdicts below it), without Flask:
the devlog's left/right verdict on every pair of single-bit boards in both mappings, with its
reason word for word; a free-mode move's capture and promotion; which printed routine answers
which question."""

from __future__ import annotations

import os

import chess
import pytest

from chessviz import answers
from chessviz.audit import PRINTED_INTERSECTIONS, ROUTINES, routines_answering
from chessviz.errors import ChessvizError
from chessviz.position import parse_fen, play
from chessviz.sliding import board_summary, compare_boards
from chessviz.squares import bit_of

from devlog_facts import DEVLOG_FEN
from oracle import COMBOS, NAMES, PAGE_ROUTINE_OF_PAIR, PRINTED_ROUTINES, shown_examples


def test_what_is_computed_once_is_right(client):
    """The tables built at import or cached on first use: line masks, the routine table and its audit,
    knight distances, the Direction page's sheets, the endpoints' response schemas, the code
    chapter's tasks and their inputs.

    This is the first test of the suite on purpose: mutmut charges work done at import time to
    the first test that runs, so this one holds all of it to the oracles. Every part runs every
    time; under mutation the parts that read the mutated module run first (`_mutated_first`), so
    that a mutant dies at the first check that can see it. The other tests a part calls run here
    only under mutation (`borrowed`): in an ordinary run each runs on its own, once.
    """
    parts = [
        (("squares", "lines"), _line_masks),
        (("audit", "derivation", "lines", "squares"), _the_audit_and_knight_distances),
        (("compass",), _the_direction_sheets),
        (("web", "errors"), _the_endpoints_and_the_openapi_document),
        (("audit", "derivation"), _the_routine_table_s_other_columns),
        (("code_tasks", "sliding", "web.api_code"), _the_code_tasks),
        (("code_tasks", "web.openapi"), _the_words),
    ]
    for _, check in _mutated_first(parts, os.environ.get("MUTANT_UNDER_TEST", "")):
        check(client)


def borrowed(check, *args) -> None:
    """Run another test here only under mutation, where this test must see what import-time work
    feeds (see above); in an ordinary run that test runs on its own and is not repeated here."""
    if os.environ.get("MUTANT_UNDER_TEST"):
        check(*args)


def _mutated_first(parts, mutant: str):
    """The parts in their order, those naming the module of `mutant` (mutmut's name for the active
    mutant, if any) first: a stable sort, so under mutation only the order changes, never which
    parts run."""
    if "__mutmut_" not in mutant:
        return parts
    module = mutant.rpartition(".")[0].removeprefix("chessviz.")
    return sorted(parts, key=lambda part: not any(module == m or module.startswith(m + ".") for m in part[0]))


def _line_masks(client):
    from chessviz.squares import LINE_KINDS, line_mask

    from oracle import walked_mask

    for sq in range(64):
        for kind in LINE_KINDS:
            assert line_mask(sq, kind, "lerf") == walked_mask(sq, kind), (NAMES[sq], kind)
            assert line_mask(sq, kind, "lerbef") == chess.flip_horizontal(walked_mask(sq, kind)), (NAMES[sq], kind)


def _the_audit_and_knight_distances(client):
    from chessviz.audit import audit, knight_distance

    report = {audited.routine.name: audited for audited in audit()}
    assert list(report) == list(PRINTED_ROUTINES) == [r.name for r in ROUTINES]
    for name, (arity, printed, truth) in PRINTED_ROUTINES.items():
        inputs = [(sq,) for sq in range(64)] if arity == 1 else [(a, b) for a in range(64) for b in range(64)]
        wrong = [args for args in inputs if printed(*args) != truth(*args)]
        audited = report[name]
        assert (audited.checked, audited.wrong) == (len(inputs), len(wrong)), name
        two_valued = {truth(*args) for args in inputs} <= {0, 1}
        shown = [w[0] for w in shown_examples([(args, printed(*args), truth(*args)) for args in wrong], two_valued)]
        assert [example.args for example in audited.examples] == shown, name
        for example, args in zip(audited.examples, shown, strict=True):
            assert (example.routine.name, example.printed, example.expected) == (name, printed(*args), truth(*args)), name
    assert all(knight_distance(a, b) == chess.square_knight_distance(a, b) for a in range(64) for b in range(64))


def _the_direction_sheets(client):
    from chessviz.compass import table

    from oracle import direction_sheets

    for kind, printed in direction_sheets().items():
        assert [[c for c in row if c is not None] for row in table(kind)] == printed, kind


def _the_endpoints_and_the_openapi_document(client):
    from jsonschema import Draft202012Validator

    from chessviz.web import api_bitboard, api_sliding, api_wiki  # noqa: F401  (declare the endpoints)
    from chessviz.web.api import ENDPOINTS

    for ep in ENDPOINTS:
        Draft202012Validator.check_schema(ep.response)
        if ep.media_type == "application/json" and ep.pure:  # /api/qr answers SVG; a live class's answers have no example
            assert Draft202012Validator(ep.response).is_valid(ep.example_response()), ep.path
    # The parameter declarations, read back from the OpenAPI document (test_api_schemas.py).
    from test_api_schemas import (
        test_every_documented_parameter_is_described_and_its_example_is_accepted as parameters_described,
    )
    from test_api_schemas import test_parameter_declarations_in_detail as declarations_in_detail

    openapi = client.get("/api/openapi.json").json
    borrowed(parameters_described, client, openapi)
    borrowed(declarations_in_detail, openapi)
    from test_api_schemas import test_every_operation_declares_the_media_type_it_answers_with as media_types

    borrowed(media_types, client, openapi)
    from test_api_schemas import test_the_document_is_valid_openapi_and_its_schemas_use_only_real_keywords as valid

    borrowed(valid, openapi)
    from test_api_docs import test_the_openapi_document_links_the_manual_and_the_server_serves_it as links_the_manual

    borrowed(links_the_manual, client)
    for ep in ENDPOINTS:  # the document is made once and kept: its responses are checked here
        operation = openapi["paths"][ep.path][ep.method.lower()]
        if ep.status != 204:  # no content, no schema
            assert operation["responses"][str(ep.status)]["content"][ep.media_type]["schema"] == ep.response, ep.path
    # ... and each declaration's parser, on a bad, a missing and a repeated value (test_api_errors.py).
    from test_api_errors import CASES, test_a_bad_value_names_its_own_parameter, test_every_text_parameter_takes_its_longest_value

    for path, name in CASES:
        borrowed(test_a_bad_value_names_its_own_parameter, client, path, name)
    borrowed(test_every_text_parameter_takes_its_longest_value)
    from test_api_docs import test_each_operation_is_tagged_with_the_section_of_the_manual_that_documents_it as tagged

    borrowed(tagged, client)


def _the_routine_table_s_other_columns(client):
    """Which question each routine answers, its words, its page's text."""
    borrowed(test_every_routine_says_what_it_answers_where_and_in_which_words)
    borrowed(test_each_question_has_its_printed_routines)
    from test_api_geometry_audit import (
        test_every_name_a_prose_routine_s_last_lines_read_is_assigned_or_read_by_its_note,
        test_every_printed_routine_is_copied_from_its_page_character_for_character,
    )

    borrowed(test_every_printed_routine_is_copied_from_its_page_character_for_character)
    borrowed(test_every_name_a_prose_routine_s_last_lines_read_is_assigned_or_read_by_its_note)


def _the_code_tasks(client):
    """The code chapter's tasks, built at import, and their inputs, made once (test_api_code.py)."""
    import test_api_code as code

    truths = {task: client.get(f"/api/code-truth?task={task}").json for task in code.TASKS}
    from jsonschema import Draft202012Validator

    from chessviz.web.api import ENDPOINTS

    schema = Draft202012Validator(next(ep.response for ep in ENDPOINTS if ep.path == "/api/code-truth"))
    for task, truth in truths.items():  # as the document describes them: each task's inputs of its kinds
        first_and_last = {key: value[:2] + value[-2:] for key, value in truth.items() if key in ("inputs", "expected")}
        schema.validate(truth | first_and_last)  # the whole answers' schema is checked in test_api_schemas.py (slow)
        schema.validate(client.get(f"/api/code-truth?task={task}&index=0").json)
    borrowed(code.test_the_task_list, client)
    for args in code.RAY_TASKS:
        borrowed(code.test_ray_tasks_cover_every_pair_and_answer_the_walked_ray, truths, *args)
    borrowed(code.test_negative_ray_task_against_a_walk_on_every_square_and_line, truths)
    for piece in ("bishop", "queen"):
        borrowed(code.test_piece_tasks_against_python_chess, truths, piece)
    borrowed(code.test_wiki_tasks_against_plain_geometry, truths)
    borrowed(code.test_what_the_audit_knows_of_the_printed_code, client, truths)
    borrowed(code.test_one_input_names_it_and_links_its_chapter, client, truths)
    borrowed(code.test_every_task_shows_each_input_as_the_call_it_makes, client, truths)
    borrowed(code.test_every_task_draws_each_input_from_the_input_alone, client, truths)


def _the_words(client):
    """The code tasks' words, and the OpenAPI document's (test_words.py)."""
    import test_words as words

    borrowed(words.test_every_task_s_words_state_true_facts_in_the_house_style, client)
    borrowed(words.test_the_files_the_api_document_names_are_in_the_repository, client)
    borrowed(words.test_the_api_document_s_own_words_keep_the_house_style, client)


REASONS = {
    "ranks": "the squares are on different ranks: the bigger number is the one on the higher rank, "
    "whatever the files, so left/right is not what the comparison measures",
    "lerf": "in lerf higher bits lie further east, so on one rank the bigger number is to the right: "
    "the devlog's rule is mirrored",
    "lerbef": "one bit each on one rank, in lerbef: higher bits lie further west, so the bigger number is to the left",
}


SAME_SQUARE = (
    "both boards hold the same square: the destination is the start, neither left nor right of it, "
    "yet the comparison (equal counts as >=) still answers left"
)


@pytest.mark.parametrize("mapping", ["lerf", "lerbef"])
def test_compare_every_pair_of_single_bit_boards(mapping):
    for d in range(64):
        for s in range(64):
            destination, start = 1 << bit_of(d, mapping), 1 << bit_of(s, mapping)
            body = compare_boards(destination, start, mapping)
            where = (NAMES[d], NAMES[s], mapping)
            left = destination >= start
            assert body["verdict"] == ("left" if left else "right"), where
            assert body["comparison"] == ("destination >= start" if left else "destination < start")
            assert body["single_bits"] is True
            files = chess.square_file(d) - chess.square_file(s)
            ranks = chess.square_rank(d) - chess.square_rank(s)
            actual = {
                "file": "left" if files < 0 else "right" if files > 0 else "same file",
                "rank": "above" if ranks > 0 else "below" if ranks < 0 else "same rank",
            }
            assert body["actual"] == actual, where
            if d == s:  # one square on both boards: no direction, so no verdict is right or wrong
                assert (body["verdict_correct"], body["meaningful"]) == (None, False), where
                assert body["reason"] == SAME_SQUARE, where
                continue
            assert body["verdict_correct"] is (actual["file"] == body["verdict"]), where
            assert body["meaningful"] is (ranks == 0 and mapping == "lerbef"), where
            assert body["reason"] == REASONS["ranks" if ranks else mapping], where
            if body["meaningful"] and d != s:
                assert body["verdict_correct"] is True, where  # where it means something, the devlog is right


def test_compare_with_other_than_one_bit_per_board_says_so():
    body = compare_boards(0x81, 0x40, "lerbef")
    assert (body["single_bits"], body["meaningful"], body["actual"], body["verdict_correct"]) == (False, False, None, None)
    assert body["reason"] == (
        "the destination holds 2 bits and the start 1 bit: the comparison orders whole numbers, so it follows the most "
        "significant bit only; with other than exactly one bit per board it says nothing about where the squares lie"
    )
    assert compare_boards(0, 0x6, "lerf")["reason"].startswith("the destination holds 0 bits and the start 2 bits:")
    assert compare_boards(0x1, 0x0, "lerf")["single_bits"] is False


def test_board_summary():
    assert board_summary(0, "lerf") == {
        "value": "0x0000000000000000", "decimal": "0", "popcount": 0, "msb": None, "msb_square": None, "squares": [],
    }  # fmt: skip
    assert board_summary(0x81, "lerbef") == {
        "value": "0x0000000000000081", "decimal": "129", "popcount": 2, "msb": 7, "msb_square": "a1", "squares": ["a1", "h1"],
    }  # fmt: skip
    assert board_summary(1 << 63, "lerf")["msb_square"] == "h8"


@pytest.mark.parametrize(
    "fen, move, expected",
    [
        (DEVLOG_FEN, "d4d7", {"piece": "q", "captured": "P", "promotion": None, "fen": "1b6/3q1P2/1P6/6r1/p7/1Q4p1/8/1B5R"}),
        (DEVLOG_FEN, "d4e4", {"piece": "q", "captured": None, "promotion": None}),
        (DEVLOG_FEN, "d7d8", {"piece": "P", "captured": None, "promotion": "Q"}),
        (DEVLOG_FEN, "f7f8n", {"piece": "P", "captured": None, "promotion": "N"}),
        (DEVLOG_FEN, "a4a3", {"piece": "p", "captured": None, "promotion": None}),
        ("8/8/8/8/8/8/1p6/2N5", "b2c1r", {"piece": "p", "captured": "N", "promotion": "r"}),
        ("8/8/8/8/8/8/1p6/2N5", "b2b1", {"piece": "p", "captured": None, "promotion": "q"}),
    ],
)
def test_play_reports_the_piece_the_capture_and_the_promotion(fen, move, expected):
    m = chess.Move.from_uci(move)
    promotion = chess.piece_symbol(m.promotion) if m.promotion else None
    body = play(parse_fen(fen), m.from_square, m.to_square, promotion)
    assert body == {**body, **expected}
    assert (body["before"], body["from"], body["to"]) == (parse_fen(fen).board_fen(), NAMES[m.from_square], NAMES[m.to_square])
    board = chess.Board(None)
    board.set_board_fen(fen)
    board.turn = board.piece_at(m.from_square).color
    board.push(chess.Move(m.from_square, m.to_square, m.promotion or (chess.QUEEN if expected["promotion"] else None)))
    assert body["fen"] == board.board_fen()


def test_an_empty_square_has_no_moves_to_show():
    from chessviz.position import targets

    with pytest.raises(ChessvizError) as caught:
        targets(parse_fen(DEVLOG_FEN), 28)  # e4: empty in the devlog's position
    assert (caught.value.code, caught.value.message, caught.value.field) == ("illegal_move", "there is no piece on e4", None)


def test_play_errors_name_the_argument_at_fault():
    board = parse_fen(DEVLOG_FEN)
    for origin, target, promotion, field in [(28, 29, None, "origin"), (27, 44, None, "target")]:
        with pytest.raises(ChessvizError) as caught:
            play(board, origin, target, promotion)
        assert (caught.value.code, caught.value.field) == ("illegal_move", field)


def test_each_question_has_its_printed_routines():
    assert [r.name for r in routines_answering("same_diagonal")] == ["squaresOnSameDiagonal (& 7)", "squaresOnSameDiagonal (% 9)"]
    color = [r.name for r in routines_answering("color")]
    assert color == [r.name for r in ROUTINES if r.page == "Color of a Square" and r.arity == 1]
    same = [r.name for r in routines_answering("same_color")]
    assert same == ["differentColor (xor, shift)", "differentColor (lea)", "sameColor", "knight-distance parity"]
    assert routines_answering("nothing") == []


READINGS = {
    "dark": {0: "light", 1: "dark", 5: "dark", -1: "dark"},
    "bool": {0: "false", 1: "true", 5: "true", -1: "true"},
    "square": {0: "a1", 63: "h8", -1: "-1 (no intersection)", 64: "64 (not a square)", -8: "-8 (not a square)"},
    "number": {0: "0", 77: "77", -1: "-1"},
}


def expected_role(page: str, arity: int) -> tuple[str, str, str]:
    """What each printed routine answers, the chapter that shows it and how its values read, from its page."""
    if page == "Diagonals":
        return ("same_diagonal", "diagonals", "bool") if arity == 2 else ("", "diagonals", "dark")
    if page == "Color of a Square":
        return ("color", "colors", "dark") if arity == 1 else ("same_color", "colors", "bool")
    if page == "Direction":
        return ("", "directions", "number")
    return ("", "intersections", "square")


def test_every_routine_says_what_it_answers_where_and_in_which_words():
    from chessviz import audit  # read at run time: a mutation run rebuilds the table
    from chessviz.web.links import routine_chapter, routine_query

    assert [r.arity for r in audit.ROUTINES] == [arity for arity, _, _ in PRINTED_ROUTINES.values()]
    for routine in audit.ROUTINES:
        answers, chapter, reading = expected_role(routine.page, routine.arity)
        assert (routine.answers, routine_chapter(routine)) == (answers, chapter), routine.name
        assert {v: routine.meaning(v) for v in READINGS[reading]} == READINGS[reading], routine.name
        args = (27,) if routine.arity == 1 else (27, 36)
        link = expected_link(routine.name, routine.page, routine.arity)
        assert routine_query(routine, args, name_it=False) == link, routine.name
        # Only the chapters that show a routine beside the truth are told which one.
        shows = {"routine": routine.name} if chapter in ("diagonals", "intersections") else {}
        assert routine_query(routine, args) == link | shows, routine.name


def expected_link(name: str, page: str, arity: int) -> dict:
    """The query of the chapter that shows one input (d4, or d4 and e5), from the page's own words."""
    if page == "Color of a Square":
        return {"sq": "d4"} if arity == 1 else {"sq": "d4", "other": "e5"}
    if page == "Diagonals":
        return {"a": "d4"} if arity == 1 else {"a": "d4", "b": "e5"}
    if page == "Direction":
        return {"from": "d4", "to": "e5"}
    printed = {routine: pair for pair, (_, routine, swapped) in PAGE_ROUTINE_OF_PAIR.items() if not swapped}
    base = name.replace(", by index)", ")")
    if base in printed:
        lines = printed[base]
    elif name.endswith("(0x88 Math prose)"):  # "Rank and Anti-Diagonal (0x88 Math prose)"
        lines = tuple(w.lower().replace("-", "_") for w in name.removesuffix(" (0x88 Math prose)").split(" and "))
    else:  # the prose's sentinel, in intersectFileDia
        lines = printed["intersectFileDia"]
    return {"a": "d4", "b": "e5", "line_a": lines[0], "line_b": lines[1]}


def test_one_routine_on_one_input_gives_its_answer_the_truth_and_whether_they_agree():
    from chessviz.audit import ROUTINES_BY_NAME, Answer, evaluate

    _, wrong_printed, wrong_truth = PRINTED_ROUTINES["squaresOnSameDiagonal (& 7)"]
    wrong = next((a, b) for a in range(64) for b in range(64) if wrong_printed(a, b) != wrong_truth(a, b))
    cases = (("isDark", (0,)), ("sameColor", (0, 9)), ("squaresOnSameDiagonal (& 7)", wrong), ("x88diff", (3, 40)))
    for name, args in cases:
        _, printed, truth = PRINTED_ROUTINES[name]  # the oracle's own transcription
        answer = evaluate(name, *args)
        assert answer == Answer(ROUTINES_BY_NAME[name], args, printed(*args), truth(*args)), name
        assert answer.correct is (printed(*args) == truth(*args)), name
    assert evaluate("squaresOnSameDiagonal (& 7)", *wrong).correct is False  # both verdicts are met


def test_a_routine_s_verdict_is_named_as_the_answer_asks():
    color = answers.color_answer(0, 9)
    assert next(m for m in color["methods"] if m["name"] == "isDark") == {
        "name": "isDark",
        "formula": "return (( 9 * square) & 8) == 0;",
        "value": 1,
        "means": "dark",
        "agrees": True,
    }
    assert next(m for m in color["same_color_methods"] if m["name"] == "sameColor")["agrees"] is True
    same = answers.same_line_answer(0, 9)["routines"][0]
    assert same == {
        "name": "squaresOnSameDiagonal (& 7)",
        "formula": same["formula"],
        "value": 1,
        "means": "true",
        "correct": True,
    }


def test_the_printed_routine_of_every_pair_is_the_page_s():
    assert set(PRINTED_INTERSECTIONS) == set(COMBOS)
    for pair, printed in PRINTED_INTERSECTIONS.items():
        assert (printed.printed_as, printed.routine, printed.swapped) == PAGE_ROUTINE_OF_PAIR[pair], pair


def test_answers_take_bitboards_in_the_mapping_they_are_given():
    assert answers.bitboard_answer(0x1, "lerbef")["squares"] == ["h1"]
    assert answers.bitboard_answer(0x1, "lerf")["values"] == {"lerf": "0x0000000000000001", "lerbef": "0x0000000000000080"}
    assert answers.square_answer(28, "lerbef")["masks"]["rank"] == "0x00000000ff000000"
    assert answers.devlog_ray_answer(26, 30, 1, "lerbef")["shift"] == 1


def test_the_core_s_own_checks_of_choices_name_the_argument():
    from chessviz.code_tasks import TASKS, check_task
    from chessviz.compass import table
    from chessviz.sliding import attacks
    from chessviz.squares import check_line_kind

    for call, field, message in [
        (lambda: table("radians"), "kind", "kind must be one of degrees, begrees, begrees_filled, got 'radians'"),
        (lambda: check_line_kind("ranks"), None, "line must be one of rank, file, diagonal, anti_diagonal, got 'ranks'"),
        (lambda: attacks("king", 0, 0, 0, "lerf"), None, "piece must be one of rook, bishop, queen, got 'king'"),
        (lambda: check_task("rook"), "task_id", f"task must be one of {', '.join(t.id for t in TASKS)}, got 'rook'"),
    ]:
        with pytest.raises(ChessvizError) as caught:
            call()
        assert (caught.value.code, caught.value.field, caught.value.message) == ("invalid_parameter", field, message)


def test_single_squares_and_sets_of_squares_in_both_mappings():
    from chessviz.squares import bb_of, bb_square

    assert [bb_square(sq, "lerbef") for sq in (0, 7, 56, 63)] == [1 << 7, 1 << 0, 1 << 63, 1 << 56]
    assert [bb_square(sq, "lerf") for sq in (0, 7, 56, 63)] == [1 << 0, 1 << 7, 1 << 56, 1 << 63]
    assert bb_of([0, 28, 63], "lerbef") == (1 << 7) | (1 << 27) | (1 << 56)
    assert bb_of([0, 28, 63], "lerf") == (1 << 0) | (1 << 28) | (1 << 63)
    assert bb_of([], "lerbef") == 0
