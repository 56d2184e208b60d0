"""The code chapter's API: every task's inputs and answers against independent oracles
(python-chess, walks along the board, the wiki's geometry), and what it says of printed code."""

import json
import re

import chess
import pytest

from chessviz.squares import SQUARE_NAMES, convert

from conftest import app_scope
from oracle import walked_mask
from project import ROOT
from sliding_oracle import DIRECTIONS, python_chess_attacks, walked_rays

TASKS = [
    "horizontal", "vertical", "diagonal", "negative", "bishop", "queen", "same-diagonal", "color", "intersection",
    "occluded-fill", "rook-mask", "magic-index",
]  # fmt: skip


def lerbef(lerf: int) -> int:
    return convert(lerf, "lerf", "lerbef")


def lerf(value: str) -> int:
    return convert(int(value, 16), "lerbef", "lerf")


def one_square(value: str) -> int:
    bb = lerf(value)
    assert bb and bb & (bb - 1) == 0, value
    return bb.bit_length() - 1


@pytest.fixture(scope=app_scope)
def truths(client):
    return {task: client.get(f"/api/code-truth?task={task}").json for task in TASKS}


def test_the_task_list(client):
    body = client.get("/api/code-tasks").json
    worker = client.get("/code-worker.js").get_data(as_text=True)
    assert [t["id"] for t in body["tasks"]] == TASKS
    for task in body["tasks"]:
        assert task["entry"] in task["stub"] and task["entry"] in task["solution"]
        if task["call"] == "piece":  # the stub declares the very class the checker builds, of a type the worker knows
            for code in (task["stub"], task["solution"]):
                assert re.search(rf"^class {task['entry']} extends SlidingPiece {{$", code, re.M), task["id"]
                assert re.search(rf"\breturn E_PieceType\.{task['entry']};", code), task["id"]
            assert re.search(rf"const E_PieceType = Object\.freeze\(\{{[^}}]*\b{task['entry']}: ", worker), task["id"]
        assert task["stub"] != task["solution"]
        assert client.get(f"/chapter/{task['chapter']}").status_code == 200
    # The chapter's Sources sentence cites every page a task comes from (the engines' were left out).
    page = client.get("/chapter/code").get_data(as_text=True)
    cited = set(re.findall(r"<cite>([^<]+)</cite>", re.search(r'<p class="source">(.*?)</p>', page, re.S).group(1)))
    for task in body["tasks"]:
        wiki = re.fullmatch(r"Chessprogramming wiki, (.+)", task["source"])
        assert (wiki.group(1) in cited) if wiki else task["source"].startswith("the sliding-pieces devlog"), task["source"]


RAY_TASKS = [
    ("horizontal", ("rank",), 8 * 8 * 7),
    ("vertical", ("file",), 8 * 8 * 7),
    ("diagonal", ("diagonal", "anti_diagonal"), 2 * (2 * sum(k * (k - 1) for k in range(1, 8)) + 8 * 7)),
]


@pytest.mark.parametrize("task, kinds, count", RAY_TASKS)
def test_ray_tasks_cover_every_pair_and_answer_the_walked_ray(truths, task, kinds, count):
    body = truths[task]
    assert body["count"] == count == len(body["inputs"]) == len(body["expected"])
    seen = set()
    for (start, destination), expected in zip(body["inputs"], body["expected"], strict=False):
        a, b = one_square(start), one_square(destination)
        seen.add((a, b))
        dr = chess.square_rank(b) - chess.square_rank(a)
        df = chess.square_file(b) - chess.square_file(a)
        step = ((dr > 0) - (dr < 0), (df > 0) - (df < 0))
        assert any(step in (DIRECTIONS[k][0], DIRECTIONS[k][1]) for k in kinds) and (dr == 0 or df == 0 or abs(dr) == abs(df))
        ray = chess.BB_SQUARES[a] | chess.BB_SQUARES[b] | chess.between(a, b)
        assert lerf(expected) == ray, (SQUARE_NAMES[a], SQUARE_NAMES[b])
    # Every ordered pair of different squares on such a line is there, once.
    every = {
        (a, b)
        for a in range(64)
        for b in range(64)
        if a != b
        and any(
            {
                "rank": chess.square_rank(a) == chess.square_rank(b),
                "file": chess.square_file(a) == chess.square_file(b),
                "diagonal": chess.square_rank(a) - chess.square_file(a) == chess.square_rank(b) - chess.square_file(b),
                "anti_diagonal": chess.square_rank(a) + chess.square_file(a) == chess.square_rank(b) + chess.square_file(b),
            }[k]
            for k in kinds
        )
    }
    assert seen == every


def test_negative_ray_task_against_a_walk_on_every_square_and_line(truths):
    body = truths["negative"]
    assert body["count"] == 64 * 4 * 16
    lines = set()
    for (occupied, position, mask), expected in zip(body["inputs"], body["expected"], strict=False):
        sq = one_square(position)
        line = next(
            k
            for k in DIRECTIONS
            if lerf(mask)
            == chess.BB_SQUARES[sq]
            | sum(
                chess.BB_SQUARES[s]
                for s in range(64)
                if s != sq
                and chess.ray(sq, s)
                and {
                    "rank": chess.square_rank(s) == chess.square_rank(sq),
                    "file": chess.square_file(s) == chess.square_file(sq),
                    "diagonal": chess.square_rank(s) - chess.square_file(s) == chess.square_rank(sq) - chess.square_file(sq),
                    "anti_diagonal": chess.square_rank(s) + chess.square_file(s) == chess.square_rank(sq) + chess.square_file(sq),
                }[k]
            )
        )
        assert not lerf(occupied) >> sq & 1  # o leaves the slider out
        lines.add((sq, line))
        assert lerf(expected) == walked_rays(sq, line, lerf(occupied), "lerbef")[1]
    assert len(lines) == 256


@pytest.mark.parametrize("piece", ["bishop", "queen"])
def test_piece_tasks_against_python_chess(truths, piece):
    body = truths[piece]
    assert body["count"] == 64 * 64
    squares = set()
    for (rank, file, occupied, own), expected in zip(body["inputs"], body["expected"], strict=False):
        sq = chess.square(file - 1, rank - 1)
        squares.add(sq)
        assert lerf(occupied) >> sq & 1 and lerf(own) >> sq & 1 and lerf(own) & ~lerf(occupied) == 0
        assert lerf(expected) == python_chess_attacks(piece, sq, lerf(occupied)) & ~lerf(own)
    assert squares == set(range(64))


def test_wiki_tasks_against_plain_geometry(truths):
    pairs = [(a, b) for a in range(64) for b in range(64)]
    assert truths["same-diagonal"]["inputs"] == [list(p) for p in pairs]
    assert truths["same-diagonal"]["expected"] == [
        chess.square_rank(a) - chess.square_file(a) == chess.square_rank(b) - chess.square_file(b) for a, b in pairs
    ]
    assert truths["color"]["inputs"] == [[sq] for sq in range(64)]
    assert truths["color"]["expected"] == [bool(chess.BB_DARK_SQUARES >> sq & 1) for sq in range(64)]
    expected = []
    for a, b in pairs:
        meet = [
            s
            for s in range(64)
            if chess.square_rank(s) == chess.square_rank(a)
            and chess.square_rank(s) + chess.square_file(s) == chess.square_rank(b) + chess.square_file(b)
        ]
        expected.append(meet[0] if meet else -1)
    assert truths["intersection"]["expected"] == expected


def _printed_loop(start: int, destination: int, shift: int = 1, cap: int = 200, left_only: bool = False):
    """The devlog's getHorizontalRay transcribed (Python ints do what BigInt does), bounded;
    left_only: its version before the other direction, which shifts left whatever the squares."""
    ray, shifted, i = 0, 0, 0
    while shifted != destination:
        if i == cap:
            return None
        shifted = start << (shift * i) if left_only or start < destination else start >> (shift * i)
        ray |= shifted
        i += 1
    return ray


def test_what_the_audit_knows_of_the_printed_code(client, truths):
    routines = {r["name"]: r for r in client.get("/api/routines").json["routines"]}
    for task in ("horizontal", "vertical", "diagonal"):
        body = truths[task]
        wrong = [
            i
            for i, ((s, d), e) in enumerate(zip(body["inputs"], body["expected"], strict=False))
            if _printed_loop(int(s, 16), int(d, 16), left_only=task == "horizontal") != int(e, 16)
        ]
        assert (body["printed"][0]["wrong"], body["printed"][0]["first_wrong"]) == (len(wrong), wrong[0] if wrong else None)
    assert truths["horizontal"]["printed"][0]["wrong"] == 448 // 2  # every pair whose destination lies to the right
    assert truths["vertical"]["printed"][0]["wrong"] == 448
    for task, names in (
        ("same-diagonal", ["squaresOnSameDiagonal (& 7)", "squaresOnSameDiagonal (% 9)"]),
        ("intersection", ["intersectRankAnt"]),
    ):
        assert [p["wrong"] for p in truths[task]["printed"]] == [routines[n]["wrong"] for n in names]
        for printed, name in zip(truths[task]["printed"], names, strict=True):  # its first wrong input is the audit's
            first = printed["first_wrong"]
            examples = routines[name]["examples"]
            assert (first is None) == (not examples), name
            if examples:
                assert [SQUARE_NAMES[sq] for sq in truths[task]["inputs"][first]] == examples[0]["input"], name
    assert truths["intersection"]["printed"][0]["wrong"] == 3264
    # The printed negative equation, n = rev((rev(b) - 2 rev(r)) ^ o) & m, measured independently.
    body = truths["negative"]
    rev = lambda x: int(f"{x & (2**64 - 1):064b}"[::-1], 2)  # noqa: E731
    wrong = []
    for i, ((o, r, m), e) in enumerate(zip(body["inputs"], body["expected"], strict=False)):
        o, r, m = int(o, 16), int(r, 16), int(m, 16)
        if rev(((rev(o & m) - 2 * rev(r)) & (2**64 - 1)) ^ o) & m != int(e, 16):
            wrong.append(i)
    assert (body["printed"][0]["wrong"], body["printed"][0]["first_wrong"]) == (len(wrong), wrong[0])
    assert 0.5 < len(wrong) / body["count"] < 1
    for piece in ("bishop", "queen"):
        assert truths[piece]["printed"][0]["throws"] == "ReferenceError" and truths[piece]["printed"][0]["wrong"] is None
    for task in TASKS:
        for printed in truths[task]["printed"]:
            assert set(printed) == {"label", "wrong", "first_wrong", "throws", "note"}, task
    # The printed code of a function task defines the function the checker calls (the devlog's
    # loop with only its name changed, the wiki's C with its types written as JavaScript).
    listed = {t["id"]: t for t in client.get("/api/code-tasks").json["tasks"]}
    from chessviz import code_tasks

    for task in code_tasks.TASKS:
        if task.call == "function":
            for printed in task.printed:
                assert re.search(rf"\bfunction {task.entry}\(", printed.code), (task.id, printed.label)
            assert re.search(rf"\bfunction {task.entry}\(", listed[task.id]["stub"]), task.id


def test_every_starting_point_fails_at_least_one_input(client, truths):
    """Code offered to start from (the source's printed code, checked with one click) is wrong on
    some input or cannot run: code right on every input is a solution, shown only when asked for."""
    tasks = client.get("/api/code-tasks").json["tasks"]
    assert [t["id"] for t in tasks] == TASKS
    for task in tasks:
        for printed, known in zip(task["printed"], truths[task["id"]]["printed"], strict=True):
            assert known["throws"] or known["wrong"] > 0, (task["id"], printed["label"])
            assert printed["code"].strip() != task["solution"].strip()
        assert "your code goes here" in task["stub"] and task["stub"] != task["solution"]
    # The two whose printed code was right on every input: the devlog's final loop and the page's isDark.
    assert [p["label"] for p in next(t for t in tasks if t["id"] == "color")["printed"]] == []
    assert "(( 9 * square) & 8) == 0" in next(t for t in tasks if t["id"] == "color")["solution"]


def test_one_input_names_it_and_links_its_chapter(client, truths):
    one = client.get("/api/code-truth?task=vertical&index=0").json
    assert one["input"] == truths["vertical"]["inputs"][0] and one["expected"] == truths["vertical"]["expected"][0]
    assert one["call"] == "getVerticalRay(a1, a2)"
    assert (one["chapter"], one["query"]) == ("shift-ray", {"from": "a1", "to": "a2"})
    ray = client.get("/api/ray?from=a1&to=a2&mapping=lerbef").json
    assert ray["ray"] == one["expected"]
    one = client.get("/api/code-truth?task=negative&index=1").json
    q = one["query"]
    slide = client.get(
        f"/api/slide?sq={q['sq']}&occupied={hex(convert(int(q['occ'], 16), 'lerf', 'lerbef'))}&line={q['line']}&mapping=lerbef"
    ).json
    assert slide["steps"][q["step"]]["id"] == "negative"
    assert slide["steps"][q["step"]]["value"] == one["expected"]
    one = client.get("/api/code-truth?task=intersection&index=4095").json
    assert one["query"] == {"a": "h8", "b": "h8", "line_a": "rank", "line_b": "anti_diagonal"} and one["expected"] == 63
    for piece in ("bishop", "queen"):
        for index in (0, 1, 777, 4095):
            one = client.get(f"/api/code-truth?task={piece}&index={index}").json
            assert one["chapter"] == "game"
            # The game board's free mode gives the piece exactly the expected moves.
            position = client.get(
                "/api/position", query_string={"fen": one["query"]["fen"], "square": one["query"]["sel"], "mapping": "lerbef"}
            ).json
            assert position["selected"]["bitboard"] == one["expected"]
            assert position["occupied"] == one["input"][2] and position["white"] == one["input"][3]


@pytest.mark.parametrize(
    "query, param",
    [
        ("task=nope", "task"),
        ("", "task"),
        ("task=color&index=64", "index"),
        ("task=color&index=-1", "index"),
        ("task=color&index=x", "index"),
        ("task=color&index=999999", "index"),
        ("task=color&task=color", "task"),
        ("task=color&index=1&index=2", "index"),
        ("task=color&index=%C2%B2", "index"),
        ("task=color&index=%D9%A3", "index"),
        ("task=color&index=1.0", "index"),
        ("task=color&index=%201", "index"),
    ],
)
def test_bad_input_is_a_400_naming_the_parameter(client, query, param):
    response = client.get(f"/api/code-truth?{query}")
    assert response.status_code == 400
    assert response.json["error"]["param"] == param
    assert response.json["error"]["code"] in ("invalid_parameter", "missing_parameter")


def test_an_index_past_the_last_input_says_which_indices_there_are(client):
    for task, count in (("color", 64), ("same-diagonal", 64 * 64)):  # one square each, every ordered pair
        error = client.get(f"/api/code-truth?task={task}&index={count}").json["error"]
        assert error == {
            "code": "invalid_parameter",
            "message": f"index must be 0..{count - 1} for task {task}, got {count}",
            "param": "index",
        }
    assert client.get("/api/code-truth?task=color&index=63").status_code == 200


def test_an_index_that_is_no_whole_number_is_quoted_in_its_error(client):
    for text, quoted in (("1.0", "'1.0'"), (" 1", "' 1'"), ("²", "'²'"), ("9" * 50, repr("9" * 40) + "... (50 characters)")):
        error = client.get("/api/code-truth", query_string={"task": "color", "index": text}).json["error"]
        message = f"index must be a whole number 0..4095, got {quoted}"
        assert error == {"code": "invalid_parameter", "message": message, "param": "index"}


def test_openapi_declares_the_code_endpoints(client):
    paths = client.get("/api/openapi.json").json["paths"]
    assert [p["name"] for p in paths["/api/code-truth"]["get"]["parameters"]] == ["task", "index"]
    assert "/api/code-tasks" in paths


def test_the_worker_script_carries_its_own_strict_policy(client):
    response = client.get("/code-worker.js")
    assert response.status_code == 200 and response.mimetype == "text/javascript"
    directives = dict(d.strip().split(" ", 1) for d in response.headers["Content-Security-Policy"].split(";"))
    assert directives["default-src"] == "'none'" and directives["connect-src"] == "'none'"
    assert directives["script-src"] == "'unsafe-eval'"  # eval for the student's code, no script to import
    assert b"self.onmessage" in response.data


JUNK = [
    "",
    " ",
    "0x",
    "00",
    "-0",
    "+1",
    "1.5",
    "é",
    "\u0661",
    "\u00b2",
    "%00",
    "x" * 5000,
    "9" * 25,
    "4096",
    "64",
    "horizontal ",
    "HORIZONTAL",
    "nan",
    "1e3",
]


def test_junk_in_any_parameter_is_a_400_naming_it_or_a_200_never_a_500(client):
    for task in TASKS:
        for name in ("task", "index"):
            for junk in JUNK:
                query = {"task": task, "index": "0", name: junk}
                response = client.get("/api/code-truth", query_string=query)
                assert response.status_code in (200, 400), (task, name, junk[:20], response.status_code)
                assert response.is_json
                if response.status_code == 400:
                    assert set(response.json["error"]) == {"code", "message", "param"}
                    assert response.json["error"]["param"] == name, (task, name, junk[:20], response.json)


def test_the_negative_task_s_occupancies_are_fixed_and_run_from_sparse_to_dense():
    """Each square and line gets 16 occupancies: the empty board, the full board, then seeded random
    ones of density 0.1, 0.2, .. 0.7 in turn, the same on every run and in every worker."""
    from chessviz import code_tasks

    first = code_tasks._negative_inputs()
    assert first == code_tasks._negative_inputs()  # seeded: index N is the same input everywhere
    for piece in ("bishop", "queen"):
        assert code_tasks._piece_inputs(piece)() == code_tasks._piece_inputs(piece)()
    assert len(first) == 64 * 4 * 16
    samples = [first[i : i + 16] for i in range(0, len(first), 16)]
    for sample in samples:
        occupied = [lerf(hex(o)) for o, _, _ in sample]
        slider = lerf(hex(sample[0][1]))
        assert all(0 <= o < 2**64 for o in occupied)
        assert occupied[0] == 0 and occupied[1] == chess.BB_ALL & ~slider
    union = 0
    for sample in samples:
        for o, _, _ in sample[2:]:
            union |= lerf(hex(o))
    assert union == chess.BB_ALL  # every square is a blocker somewhere
    # Each random board's share of occupied squares, over the 256 square-and-line samples
    # (16,128 squares, the slider left out: a standard error under 0.004).
    for k in range(2, 16):
        density = sum(chess.popcount(lerf(hex(s[k][0]))) for s in samples) / (len(samples) * 63)
        assert abs(density - (k % 7 + 1) / 10) < 0.02, (k, density)


def expected_call(task: str, entry: str, args: list) -> str:
    """The call a task shows for one input, written here from the input alone."""
    if task == "occluded-fill":
        return f"eastOccl(gen = {SQUARE_NAMES[one_square(args[0])]}, pro = {args[1]})"
    if task == "rook-mask":
        return f"rookMask({args[0]}, {args[1]}) on {SQUARE_NAMES[chess.square(args[1] - 1, args[0] - 1)]}"
    if task == "magic-index":
        kind, sq = magic_of(args)
        mask = f"the {kind}'s mask on {SQUARE_NAMES[sq]}"
        return f"magicIndex(occupied = {args[0]}, mask = {mask}, magic = {args[2]}, shift = {args[3]})"
    if task in ("horizontal", "vertical", "diagonal"):
        return f"{entry}({SQUARE_NAMES[one_square(args[0])]}, {SQUARE_NAMES[one_square(args[1])]})"
    if task == "negative":
        sq = one_square(args[1])
        kind = next(k for k in DIRECTIONS if lerf(args[2]) == walked_mask(sq, k))
        line = f"the {kind.replace('_', '-')} through {SQUARE_NAMES[sq]}"
        return f"getNegativeRay(occupied = {args[0]}, position = {SQUARE_NAMES[sq]}, mask = {line})"
    if task in ("bishop", "queen"):
        rank, file, occupied, own = args
        name = SQUARE_NAMES[chess.square(file - 1, rank - 1)]
        return f"new {entry}(WHITE, {rank}, {file}) on {name}, board.getOccupied() = {occupied}, board.getOccupied(WHITE) = {own}"
    return f"{entry}({', '.join(f'{sq} = {SQUARE_NAMES[sq]}' for sq in args)})"


def shown_inputs(client, truths):
    """A few inputs of every task as /api/code-truth?index= shows them: (task, its entry, index, the answer)."""
    entries = {t["id"]: t["entry"] for t in client.get("/api/code-tasks").json["tasks"]}
    for task in TASKS:
        count = truths[task]["count"]
        for index in sorted({0, 1, 5, 777 % count, count - 1}):
            yield task, entries[task], index, client.get(f"/api/code-truth?task={task}&index={index}").json


def test_every_task_shows_each_input_as_the_call_it_makes(client, truths):
    for task, entry, index, one in shown_inputs(client, truths):
        assert one["call"] == expected_call(task, entry, one["input"]), (task, index)


def expected_view(task: str, entry: str, args: list) -> dict:
    """How one input is drawn, from the input alone: blockers as pawns, the piece, the squares marked."""
    if task == "occluded-fill":
        sq, empty = one_square(args[0]), lerf(args[1])
        blocked = ~empty & ~chess.BB_SQUARES[sq] & chess.BB_ALL
        pieces = {SQUARE_NAMES[s]: "p" for s in chess.SquareSet(blocked)} | {SQUARE_NAMES[sq]: "R"}
        caption = "the generator (a rook), the squares not in pro (pawns)"
        return {"occupied": f"0x{lerbef(blocked):016x}", "pieces": pieces, "marks": {}, "line": None, "caption": caption}
    if task == "rook-mask":
        name = SQUARE_NAMES[chess.square(args[1] - 1, args[0] - 1)]
        caption = f"the rook on {name} (rank {args[0]}, file {args[1]})"
        return {"occupied": None, "pieces": {name: "R"}, "marks": {}, "line": None, "caption": caption}
    if task == "magic-index":
        kind, sq = magic_of(args)
        pieces = {SQUARE_NAMES[s]: "p" for s in chess.SquareSet(lerf(args[0]))} | {SQUARE_NAMES[sq]: kind[0].upper()}
        caption = f"the {kind}, the occupied squares (pawns), the mask (yellow, dotted)"
        return {"occupied": args[0], "pieces": pieces, "marks": {}, "line": args[1], "caption": caption}
    if task == "negative":
        occupied, sq = lerf(args[0]), one_square(args[1])
        pieces = {SQUARE_NAMES[s]: "p" for s in chess.SquareSet(occupied)} | {SQUARE_NAMES[sq]: "R"}
        return {
            "occupied": args[0],
            "pieces": pieces,
            "marks": {},
            "line": args[2],
            "caption": "the sliding piece (rook), the occupied squares (pawns), the mask (yellow, dotted)",
        }
    if task in ("bishop", "queen"):
        rank, file, occupied, own = args
        pieces = {SQUARE_NAMES[s]: "P" if lerf(own) >> s & 1 else "p" for s in chess.SquareSet(lerf(occupied))}
        pieces[SQUARE_NAMES[chess.square(file - 1, rank - 1)]] = entry[0]
        return {
            "occupied": occupied,
            "pieces": pieces,
            "marks": {},
            "line": None,
            "caption": f"the white {entry.lower()}, its own pieces (white pawns), the others (black pawns)",
        }
    if task in ("horizontal", "vertical", "diagonal"):
        marks = {SQUARE_NAMES[one_square(args[0])]: "start", SQUARE_NAMES[one_square(args[1])]: "end"}
        return {"occupied": None, "pieces": {}, "marks": marks, "line": None, "caption": "start square S, destination D"}
    names = [SQUARE_NAMES[sq] for sq in args]
    if len(names) == 1:
        return {"occupied": None, "pieces": {}, "marks": {names[0]: "start"}, "line": None, "caption": f"square = {names[0]} (S)"}
    arg_names = {"same-diagonal": ("sq1", "sq2"), "intersection": ("a", "b")}[task]
    marks = {names[0]: "start"} | ({names[1]: "end"} if names[1] != names[0] else {})
    caption = f"{arg_names[0]} = {names[0]} (S), {arg_names[1]} = {names[1]} (D)"
    return {"occupied": None, "pieces": {}, "marks": marks, "line": None, "caption": caption}


def test_every_task_draws_each_input_from_the_input_alone(client, truths):
    for task, entry, index, one in shown_inputs(client, truths):
        assert one["view"] == expected_view(task, entry, one["input"]), (task, index)


# --- the engine tasks: the Kogge-Stone fill east, the rook's mask, the magic index -----------------

MAGICS = json.loads((ROOT / "chessviz" / "data" / "magics.json").read_text(encoding="utf-8"))["magics"]["lerbef"]


def magic_of(args: list) -> tuple[str, int]:
    """(kind, LERF square) of a magic-index input: the file's lerbef magic it carries, found by its mask."""
    mask = lerf(args[1])
    for kind in ("rook", "bishop"):
        for sq in range(64):
            python_chess_mask = chess.BB_RANK_MASKS[sq] | chess.BB_FILE_MASKS[sq] if kind == "rook" else chess.BB_DIAG_MASKS[sq]
            if mask == python_chess_mask and args[2] == MAGICS[kind][sq ^ 7]["magic"]:
                return kind, sq
    raise AssertionError(f"no magic of the file is {args[2]} with that mask")


def walk_east(sq: int, empty: int) -> int:
    """The squares a fill east reaches from sq, sq included: on along the rank while the next square is empty."""
    filled = chess.BB_SQUARES[sq]
    while chess.square_file(sq) < 7 and empty >> (sq + 1) & 1:
        sq += 1
        filled |= chess.BB_SQUARES[sq]
    return filled


def test_the_fill_east_task_against_a_walk_along_the_rank(truths):
    body = truths["occluded-fill"]
    assert body["count"] == 64 * 16 == len(body["expected"])
    squares = set()
    for (gen, pro), expected in zip(body["inputs"], body["expected"], strict=True):
        sq = one_square(gen)
        squares.add(sq)
        assert not lerf(pro) >> sq & 1  # the slider's own square is no empty square
        assert lerf(expected) == walk_east(sq, lerf(pro)), (SQUARE_NAMES[sq], pro)
    assert squares == set(range(64))
    # Some fills run to the h-file and must not wrap onto the next rank: the a-file square is empty there.
    assert any(
        lerf(e) & chess.BB_FILE_H and lerf(p) >> (one_square(g) // 8 * 8 + 8) & 1
        for (g, p), e in zip(body["inputs"], body["expected"], strict=True)
        if one_square(g) < 56
    )


def test_the_rook_mask_task_is_python_chess_s_mask_on_every_square(truths):
    body = truths["rook-mask"]
    assert body["inputs"] == [[sq // 8 + 1, sq % 8 + 1] for sq in range(64)]
    for (rank, file), expected in zip(body["inputs"], body["expected"], strict=True):
        sq = chess.square(file - 1, rank - 1)
        assert lerf(expected) == chess.BB_RANK_MASKS[sq] | chess.BB_FILE_MASKS[sq]


def test_the_magic_index_task_on_the_file_s_magics(truths):
    body = truths["magic-index"]
    assert body["count"] == 2 * 64 * 8
    seen = set()
    for args, expected in zip(body["inputs"], body["expected"], strict=True):
        occupied, mask, magic, shift = args
        kind, sq = magic_of(args)
        seen.add((kind, sq))
        assert not lerf(occupied) >> sq & 1 and shift == 64 - bin(int(mask, 16)).count("1")
        index = ((int(occupied, 16) & int(mask, 16)) * int(magic, 16)) % 2**64 // 2**shift
        assert expected == index < 2 ** (64 - shift)  # a number, not a bitboard
    assert len(seen) == 128


def test_an_engine_task_s_input_opens_its_chapter_on_the_answer(client, truths):
    one = client.get("/api/code-truth?task=occluded-fill&index=37").json
    q = one["query"]
    assert one["chapter"] == "kogge-stone" and q["dir"] == "e" and q["mapping"] == "lerbef"
    occupied = convert(int(q["occ"], 16), "lerf", "lerbef")
    methods = client.get(f"/api/methods?piece=rook&sq={q['sq']}&occupied={occupied}&mapping=lerbef").json
    east = [s for s in methods["methods"]["kogge_stone"]["steps"] if s["id"].startswith("e_")]
    assert east[q["step"]]["id"] == "e_gen3" and east[q["step"]]["value"] == one["expected"]
    one = client.get("/api/code-truth?task=magic-index&index=700").json
    q = one["query"]
    assert one["chapter"] == "magic" and q["step"] == 3
    occupied = convert(int(q["occ"], 16), "lerf", "lerbef")
    magic = client.get(f"/api/magic?piece={q['kind']}&sq={q['sq']}&occupied={occupied}&mapping=lerbef").json
    assert magic["index"] == one["expected"] and magic["magic"] == one["input"][2]
    one = client.get("/api/code-truth?task=rook-mask&index=28").json
    magic = client.get(f"/api/magic?piece=rook&sq={one['query']['sq']}&mapping=lerbef").json
    assert one["query"]["sq"] == "e4" and magic["mask"] == one["expected"]
