"""The live class's questions (chessviz/questions.py): each chapter's answer, on many states,
against an independent oracle (python-chess, the walked lines and rays of tests/oracle.py and
tests/sliding_oracle.py, the routines re-transcribed with C semantics); the URL state read as
the page's state.js reads it; and the prompts' words in the house style."""

from __future__ import annotations

import random
from urllib.parse import urlencode

import chess
import pytest
from test_words import check_style

from chessviz.chapters import CHAPTERS
from chessviz.questions import POSERS, State, question_for

from devlog_facts import DEVLOG, DEVLOG_FEN
from oracle import NAMES, is_dark, meet, same_diagonal_and7, same_diagonal_mod9, walk, walked_mask
from sliding_oracle import occupancies, python_chess_line, walked_rays

SLUGS = {c.slug for c in CHAPTERS}
BB_ALL = (1 << 64) - 1
LINES = ("rank", "file", "diagonal", "anti_diagonal")


def lerbef_of(lerf: int) -> int:
    """A LERF set's value in lerbef (h1 = bit 0): each rank's bits mirrored, by python-chess."""
    return chess.flip_horizontal(lerf)


def in_mapping(lerf: int, mapping: str) -> int:
    return lerbef_of(lerf) if mapping == "lerbef" else lerf


def bit(sq: int, mapping: str) -> int:
    return 8 * (sq // 8) + (7 - sq % 8 if mapping == "lerbef" else sq % 8)


def ask(slug: str, **state):
    return question_for(f"/chapter/{slug}?{urlencode(state)}", SLUGS)


def states(seed: str, count: int = 60):
    """Random squares, occupancies, lines and mappings, seeded."""
    rng = random.Random(seed)
    occupied = list(occupancies(rng, count))
    for i in range(count):
        yield rng, rng.randrange(64), occupied[i % len(occupied)], rng.choice(LINES), rng.choice(("lerf", "lerbef"))


# --- the devlog's chapters: bit arithmetic in the chapter's mapping ----------------------------


@pytest.mark.parametrize(
    "slug, line, step",
    [("propagation", "rank", "o - r"), ("mask", "rank", "(o - r) & m"), ("masked-occupied", "file", "((o & m) - r) & m")],
)
def test_the_o_minus_r_chapters_against_arithmetic_on_the_walked_line(slug, line, step):
    for _, sq, occupied, kind, mapping in states(slug, 150):
        state = {"sq": NAMES[sq], "occ": hex(occupied), "mapping": mapping, "line": kind}
        question = ask(slug, **state)
        r = 1 << bit(sq, mapping)
        o = in_mapping(occupied, mapping) & ~r
        m = in_mapping(walked_mask(sq, kind), mapping)
        value = {
            "o - r": (o - r) % 2**64,
            "(o - r) & m": (o - r) % 2**64 & m,
            "((o & m) - r) & m": ((o & m) - r) % 2**64 & m,
        }[step]
        assert question.kind == "squares"
        assert question.answer == in_mapping(value, mapping), state  # lerbef is its own inverse
        assert question.answer_json() == [NAMES[s] for s in chess.SquareSet(question.answer)]
        assert step in question.prompt and NAMES[sq] in question.prompt and mapping in question.prompt.lower()
    # The chapter's defaults: the devlog's occupancy, the slider on f4, lerbef, its own line.
    default = ask(slug)
    o = DEVLOG & ~(1 << bit(chess.F4, "lerbef"))
    r = 1 << bit(chess.F4, "lerbef")
    m = lerbef_of(walked_mask(chess.F4, line))
    value = {"o - r": (o - r) % 2**64, "(o - r) & m": (o - r) % 2**64 & m, "((o & m) - r) & m": ((o & m) - r) % 2**64 & m}
    assert default.answer == lerbef_of(value[step])


def test_msb_marks_the_square_of_the_destination_s_highest_bit():
    for rng, sq, occupied, _, mapping in states("msb", 200):
        destination = occupied | 1 << sq if rng.random() < 0.5 else 1 << sq | 1 << rng.randrange(64)
        if len(chess.SquareSet(destination)) < 2:
            continue
        question = ask("msb", dest=hex(destination), mapping=mapping)
        highest = max(chess.SquareSet(destination), key=lambda s: bit(s, mapping))
        assert question.answer == chess.BB_SQUARES[highest], (hex(destination), mapping)
    # An empty board has no most significant bit; a board of one bit shows its own (the page's
    # exercise mode draws another board in its place), the devlog's sketch, e1 alone, among them.
    for destination in (0, *chess.BB_SQUARES):
        with pytest.raises(ValueError, match="poses no question"):
            ask("msb", dest=hex(destination))
    with pytest.raises(ValueError, match="poses no question"):
        ask("msb")
    assert ask("msb", dest="0x81", mapping="lerf").answer == chess.BB_H1
    assert ask("msb", dest="0x81").answer == chess.BB_A1  # in lerbef a1 is bit 7, h1 bit 0
    # The prompt names the board's squares in LERF order up to twelve of them, and counts more.
    assert "holds a1, c4 and h8, numbered" in ask("msb", dest=hex(chess.BB_A1 | chess.BB_C4 | chess.BB_H8)).prompt
    twelve = ", ".join(chess.SQUARE_NAMES[:11]) + " and d2"
    assert f"holds {twelve}, numbered" in ask("msb", dest=hex(chess.BB_RANK_1 | 0xF00)).prompt
    assert "holds 13 squares, numbered" in ask("msb", dest=hex(chess.BB_RANK_1 | 0x1F00)).prompt


def test_shift_ray_marks_the_whole_ray_both_ends_by_python_chess():
    for a in range(64):
        for b in range(64):
            aligned = a != b and chess.ray(a, b) != 0
            path = f"/chapter/shift-ray?from={NAMES[a]}&to={NAMES[b]}&mapping={'lerf' if (a + b) % 2 else 'lerbef'}"
            if not aligned:
                with pytest.raises(ValueError, match="poses no question"):
                    question_for(path, SLUGS)
                continue
            expected = chess.between(a, b) | chess.BB_SQUARES[a] | chess.BB_SQUARES[b]
            assert question_for(path, SLUGS).answer == expected, path


def test_rays_marks_the_queen_s_positive_rays_walked_square_by_square():
    for rng, sq, occupied, _, mapping in states("rays", 150):
        view = rng.randrange(5)
        question = ask("rays", sq=NAMES[sq], occ=hex(occupied), mapping=mapping, view=str(view))
        lines = LINES if view == 4 else (LINES[view],)
        expected = 0
        for line in lines:
            expected |= walked_rays(sq, line, occupied, mapping)[0]
        assert question.answer == expected, (NAMES[sq], hex(occupied), mapping, view)
    # The devlog's picture: a queen on e4, a pawn on b7, lerbef: up, left, up-left, up-right.
    expected = sum(walked_rays(chess.E4, line, chess.BB_B7, "lerbef")[0] for line in LINES)
    assert ask("rays").answer == expected


def test_hyperbola_marks_the_slider_s_attacks_on_its_line_by_python_chess():
    for _, sq, occupied, line, mapping in states("hyperbola", 200):
        question = ask("hyperbola", sq=NAMES[sq], occ=hex(occupied), line=line, mapping=mapping, piece="queen")
        assert question.answer == python_chess_line(sq, line, occupied), (NAMES[sq], hex(occupied), line, mapping)


def test_hyperbola_asks_along_a_line_the_piece_moves_along():
    """A rook has no diagonal, a bishop no rank: a state that names another line asks along the
    piece's first line, as the page shows it (a rook's rank, a bishop's diagonal)."""
    own = {"rook": ("rank", "file"), "bishop": ("diagonal", "anti_diagonal"), "queen": LINES}
    for i, (_, sq, occupied, line, mapping) in enumerate(states("hyperbola-piece", 120)):
        piece = ("rook", "bishop", "queen")[i % 3]
        question = ask("hyperbola", sq=NAMES[sq], occ=hex(occupied), line=line, mapping=mapping, piece=piece)
        asked = line if line in own[piece] else own[piece][0]
        assert question.answer == python_chess_line(sq, asked, occupied), (piece, NAMES[sq], line)
        assert f"along its {asked.replace('_', '-')}:" in question.prompt


def test_game_marks_the_selected_piece_s_moves_by_python_chess():
    rng = random.Random("game")
    fens = [chess.Board().board_fen(), DEVLOG_FEN]
    for _ in range(20):
        board = chess.Board(None)
        for s in rng.sample(range(64), rng.randrange(2, 20)):
            board.set_piece_at(s, chess.Piece(rng.choice(chess.PIECE_TYPES), rng.choice(chess.COLORS)))
        fens.append(board.board_fen())
    for fen in fens:
        board = chess.Board(fen)
        for sq in range(64):
            piece = board.piece_at(sq)
            if piece is None:
                with pytest.raises(ValueError, match="poses no question"):
                    ask("game", fen=fen, sel=NAMES[sq])
                continue
            if piece.piece_type in (chess.ROOK, chess.BISHOP, chess.QUEEN):
                expected = board.attacks_mask(sq) & ~board.occupied_co[piece.color]
            else:
                board.turn = piece.color
                expected = 0
                for move in board.generate_pseudo_legal_moves(chess.BB_SQUARES[sq]):  # a promotion is four moves
                    expected |= chess.BB_SQUARES[move.to_square]
            question = ask("game", fen=fen, sel=NAMES[sq])
            assert question.answer == expected, (fen, NAMES[sq])
            assert NAMES[sq] in question.prompt and chess.piece_name(piece.piece_type) in question.prompt
    with pytest.raises(ValueError, match="poses no question"):
        ask("game", fen="not a fen", sel="d4")


# --- the wiki's chapters -----------------------------------------------------------------------


def test_squares_asks_the_set_s_value_in_lerbef_by_python_chess():
    for _, sq, occupied, _, _ in states("squares", 200):
        question = ask("squares", bb=hex(occupied), sq=NAMES[sq])
        assert question.kind == "value" and question.answer == chess.flip_horizontal(occupied)
        assert question.answer_json() == f"0x{chess.flip_horizontal(occupied):016x}"
    assert ask("squares").answer == chess.flip_horizontal(chess.BB_A1 | chess.BB_E4 | chess.BB_E8)


def test_diagonals_marks_both_diagonals_of_a_but_a():
    for a in range(64):
        expected = sum(
            1 << s for s in range(64) if s != a and abs(s // 8 - a // 8) == abs(s % 8 - a % 8)
        )  # rank and file differences of equal size
        assert ask("diagonals", a=NAMES[a], b="h8").answer == expected
        assert expected == (walked_mask(a, "diagonal") | walked_mask(a, "anti_diagonal")) & ~(1 << a)


def test_colors_asks_the_square_s_bit_of_the_dark_squares():
    for sq in range(64):
        question = ask("colors", sq=NAMES[sq])
        assert question.kind == "value" and question.answer == int(is_dark(sq)) == (chess.BB_DARK_SQUARES >> sq) & 1
        assert f">> {sq}) & 1" in question.prompt
        # The class reads the answer in words: python-chess's light and dark squares.
        assert question.words[question.answer] == ("dark" if chess.BB_SQUARES[sq] & chess.BB_DARK_SQUARES else "light")
    assert ask("squares").words == ()  # a value that is a number reads as one


def test_directions_marks_the_ray_from_the_centre_through_the_second_square_to_the_edge():
    for a in range(64):
        for b in range(64):
            if a == b:
                with pytest.raises(ValueError, match="poses no question"):
                    ask("directions", **{"from": NAMES[a], "to": NAMES[b]})
                continue
            dr, df = b // 8 - a // 8, b % 8 - a % 8
            expected = 0
            if dr == 0 or df == 0 or abs(dr) == abs(df):
                step = ((dr > 0) - (dr < 0), (df > 0) - (df < 0))
                expected = walked_rays_to_edge(a, step)
                assert expected & chess.BB_SQUARES[b]  # the ray passes through b
            assert ask("directions", **{"from": NAMES[a], "to": NAMES[b]}).answer == expected, (NAMES[a], NAMES[b])


def walked_rays_to_edge(sq, step):
    """The squares from sq (excluded) along step to the board's edge, on an empty board."""
    from sliding_oracle import walk as slide_walk

    return slide_walk(sq, step, 0)


def test_intersections_marks_the_meeting_square_or_none():
    rng = random.Random("intersections")
    for _ in range(3000):
        a, b = rng.randrange(64), rng.randrange(64)
        line_a, line_b = rng.choice(LINES), rng.choice(LINES)
        state = {"a": NAMES[a], "b": NAMES[b], "line_a": line_a, "line_b": line_b}
        if line_a == line_b:
            with pytest.raises(ValueError, match="poses no question"):
                ask("intersections", **state)
            continue
        square = meet(a, b, line_a, line_b)
        assert ask("intersections", **state).answer == (0 if square == -1 else 1 << square), state
        assert square == -1 or square in walk(a, line_a) & walk(b, line_b)


def test_routines_asks_what_the_printed_routine_returns():
    for a in range(64):
        for b in range(0, 64, 3):
            for routine, printed in ((0, same_diagonal_and7), (1, same_diagonal_mod9)):
                question = ask("routines", a=NAMES[a], b=NAMES[b], routine=str(routine))
                assert question.kind == "value" and question.answer == printed(a, b), (NAMES[a], NAMES[b], routine)
                assert question.words[question.answer] == ("true" if printed(a, b) else "false")


# --- the state as the page reads it ----------------------------------------------------------------


def test_the_url_state_is_read_as_state_js_reads_it():
    state = State("sq=E4&sq=a1&occ=0X1F&bad=%zz&view=3x&line=rank&empty=&t=" + "x" * 101)
    assert state.square("sq", "a1") == chess.E4  # the first, any case
    assert state.square("missing", "c7") == chess.C7 and state.square("missing", None) is None
    assert state.square("view", "b2") == chess.B2  # not a square: the default
    assert State("sq=28").square("sq", "b2") == chess.B2  # an index is not read by the pages
    assert state.bitboard("occ", 5) == 0x1F
    for text in ("0x", "0x" + "1" * 17, str(2**64), "-1", "1e3", "", "0b1"):
        assert State(urlencode({"v": text})).bitboard("v", 7) == 7, text
    assert State("v=18446744073709551615").bitboard("v", 7) == BB_ALL
    assert State("v=%200x10%20").bitboard("v", 7) == 16  # trimmed, as parseBB trims
    assert state.integer("view", 4, 0, 4) == 3  # parseInt reads the leading digits
    for text, expected in (("", 4), ("x", 4), ("5", 4), ("-1", 4), (" 2", 2), ("+1", 1), ("2.9", 2)):
        assert State(urlencode({"v": text})).integer("v", 4, 0, 4) == expected, text
    assert state.choice("line", LINES, "file") == "rank" and state.choice("nope", LINES, "file") == "file"
    assert State("line=Rank").choice("line", LINES, "file") == "file"  # exact, as T.choice
    assert state.text("empty", "fallback", 10) == "" and state.text("t", "fallback", 100) == "fallback"
    assert state.text("missing", "fallback", 100) == "fallback"


def test_ask_refuses_what_is_not_a_chapter_page():
    for path in ("/", "/chapter/", "/chapter/nope", "http://x/chapter/rays", "/chapter/rays#a", "x" * 3000, 7):
        with pytest.raises(ValueError):
            question_for(path, SLUGS)
    with pytest.raises(ValueError, match="poses no question"):
        question_for("/chapter/code?task=negative", SLUGS)


def test_every_chapter_with_an_exercise_poses_a_question():
    """The registry says which chapters pose an exercise (chessviz/chapters.py); each is asked in class,
    and the posers are listed in the course's order, where the recipe for a chapter says to add one."""
    assert list(POSERS) == [c.slug for c in CHAPTERS if c.question]
    assert set(POSERS) == SLUGS - {"code"}


@pytest.mark.parametrize("slug", sorted(POSERS))
def test_prompts_are_sentences_in_the_house_style(slug):
    names = {"squaresOnSameDiagonal"}
    for _, sq, occupied, line, mapping in states(f"words-{slug}", 25):
        state = {"sq": NAMES[sq], "occ": hex(occupied), "line": line, "mapping": mapping, "a": NAMES[sq], "sel": NAMES[sq],
                 "from": NAMES[sq], "dest": hex(occupied or 1), "bb": hex(occupied), "routine": str(sq % 2)}  # fmt: skip
        try:
            question = ask(slug, **state)
        except ValueError:
            continue
        check_style(question.prompt, "sentence", names)
        assert "  " not in question.prompt and len(question.prompt) < 400


# --- the engine chapters: walks along the board and python-chess ----------------------------------

COMPASS = {"n": (1, 0), "s": (-1, 0), "e": (0, 1), "w": (0, -1), "ne": (1, 1), "nw": (1, -1), "se": (-1, 1), "sw": (-1, -1)}
ENGINE_DIRECTIONS = {"rook": ["e", "w", "n", "s"], "bishop": ["ne", "sw", "nw", "se"]}
ENGINE_DIRECTIONS["queen"] = ENGINE_DIRECTIONS["rook"] + ENGINE_DIRECTIONS["bishop"]
ENGINE_BOARD = sum(chess.BB_SQUARES[chess.parse_square(n)] for n in ("c4", "b4", "e7", "g6", "b1", "h4", "e2"))


def filled(sq: int, step: tuple[int, int], occupied: int, length: int) -> int:
    """The square and up to `length` squares on along `step`, while they are empty (a walk, not a fill)."""
    found, (rank, file) = chess.BB_SQUARES[sq], divmod(sq, 8)
    for _ in range(length):
        rank, file = rank + step[0], file + step[1]
        if not (0 <= rank < 8 and 0 <= file < 8) or occupied >> (8 * rank + file) & 1:
            break
        found |= chess.BB_SQUARES[8 * rank + file]
    return found


def test_kogge_stone_marks_the_fill_after_a_doubling_step_walked_1_3_or_7_squares():
    rng = random.Random("kogge-stone")
    for _, sq, occupied, _, mapping in states("kogge-stone", 120):
        piece = rng.choice(("rook", "bishop", "queen"))
        direction, ds = rng.choice(list(COMPASS)), rng.randint(1, 3)
        state = {"sq": NAMES[sq], "occ": hex(occupied), "mapping": mapping, "piece": piece, "dir": direction, "ds": ds}
        question = ask("kogge-stone", **state)
        shown = direction if direction in ENGINE_DIRECTIONS[piece] else ENGINE_DIRECTIONS[piece][0]  # the page's fallback
        after = 2**ds - 1  # 1, 2 and 4 squares more: after step ds the fill has run up to 2^ds - 1 squares
        assert question.answer == filled(sq, COMPASS[shown], occupied & ~chess.BB_SQUARES[sq], after), state
        assert question.kind == "squares" and NAMES[sq] in question.prompt
    default = ask("kogge-stone")  # a rook on e4 among the engine board, west, the first doubling step
    assert default.answer_json() == ["d4", "e4"]
    assert ask("kogge-stone", ds="7", dir="up").answer_json() == ["d4", "e4"]  # values the page does not read


def test_magic_marks_python_chess_s_relevant_occupancy_mask():
    for sq in range(64):
        for kind, mask in (("rook", chess.BB_RANK_MASKS[sq] | chess.BB_FILE_MASKS[sq]), ("bishop", chess.BB_DIAG_MASKS[sq])):
            for mapping in ("lerf", "lerbef"):
                assert ask("magic", kind=kind, sq=NAMES[sq], mapping=mapping).answer == mask
    assert ask("magic").answer == chess.BB_RANK_MASKS[chess.E4] | chess.BB_FILE_MASKS[chess.E4]
    assert ask("magic", kind="queen").answer == ask("magic").answer  # not a table: the rook's, as the page reads it


def test_methods_marks_the_attacks_by_python_chess():
    for _, sq, occupied, _, mapping in states("methods", 120):
        for piece in ("rook", "bishop", "queen"):
            question = ask("methods", sq=NAMES[sq], occ=hex(occupied), mapping=mapping, piece=piece)
            board = chess.BaseBoard(None)
            for s in chess.SquareSet(occupied & ~chess.BB_SQUARES[sq]):
                board.set_piece_at(s, chess.Piece(chess.PAWN, chess.BLACK))
            board.set_piece_at(
                sq, chess.Piece({"rook": chess.ROOK, "bishop": chess.BISHOP, "queen": chess.QUEEN}[piece], chess.WHITE)
            )
            assert question.answer == board.attacks_mask(sq), (piece, NAMES[sq], hex(occupied))
    default = ask("methods")  # a queen on e4 among the engine board
    assert default.answer == chess.BaseBoard("8/4p3/6p1/8/1pp1Q2p/8/4p3/1p6").attacks_mask(chess.E4)
    assert ENGINE_BOARD == chess.BaseBoard("8/4p3/6p1/8/1pp4p/8/4p3/1p6").occupied


# --- the position a question is about, drawn on the student's answer board ---------------------
SLIDER_CHAPTERS = {  # the slider each draws, by the state's piece where it has one
    "propagation": "R",
    "mask": "R",
    "masked-occupied": "R",
    "rays": "Q",
    "hyperbola": "piece",
    "kogge-stone": "piece",
    "methods": "piece",
}


@pytest.mark.parametrize("slug", sorted(SLIDER_CHAPTERS))
def test_a_slider_question_carries_the_slider_and_its_blockers(slug):
    rng = random.Random(f"pieces-{slug}")
    for _ in range(40):
        sq, piece = rng.randrange(64), rng.choice(["rook", "bishop", "queen"])
        occupied = sum(1 << s for s in range(64) if rng.random() < 0.2)
        question = ask(slug, sq=NAMES[sq], occ=hex(occupied), piece=piece)
        letter = chess.Piece(chess.PIECE_NAMES.index(piece), chess.WHITE).symbol()
        letter = letter if SLIDER_CHAPTERS[slug] == "piece" else SLIDER_CHAPTERS[slug]
        blockers = {chess.square_name(s): "p" for s in chess.SquareSet(occupied) if s != sq}
        assert question.pieces == {**blockers, chess.square_name(sq): letter}, (slug, NAMES[sq], hex(occupied), piece)
    # As the chapter opens: the devlog's rook on f4 among its blockers, the queen on e4 with b7.
    if slug == "propagation":
        devlog = {chess.square_name(s): "p" for s in chess.SquareSet(chess.flip_horizontal(DEVLOG)) if s != chess.F4}
        assert ask(slug).pieces == devlog | {"f4": "R"}
    if slug == "rays":
        assert ask(slug).pieces == {"b7": "p", "e4": "Q"}


def test_the_magic_question_carries_its_slider_alone():
    # The relevant-occupancy mask does not depend on the blockers: the board shows the piece alone.
    assert ask("magic", kind="bishop", sq="c1", occ="0xff").pieces == {"c1": "B"}
    assert ask("magic").pieces == {"e4": "R"}


def test_the_game_question_carries_the_position_by_python_chess():
    for fen, sel in ((DEVLOG_FEN, "d4"), ("8/8/8/3k4/8/8/4P3/8", "e2"), (chess.STARTING_BOARD_FEN, "b1")):
        board = chess.Board(fen + " w - - 0 1") if " " not in fen else chess.Board(fen)
        want = {chess.square_name(s): p.symbol() for s, p in board.piece_map().items()}
        assert ask("game", fen=fen, sel=sel).pieces == want, fen


def test_the_other_questions_carry_no_position():
    for slug, state in (("msb", {"dest": "0x90"}), ("shift-ray", {}), ("diagonals", {}), ("directions", {}),
                        ("intersections", {}), ("squares", {}), ("colors", {}), ("routines", {})):  # fmt: skip
        assert ask(slug, **state).pieces == {}, slug
