"""The sliding engine on every square, in both mappings, for empty, full, edge and thousands of
random occupancies, against python-chess's attack tables and rays walked square by square."""

import random

import chess
import pytest

from chessviz.errors import ChessvizError
from chessviz.position import apply_move, describe, parse_fen, targets
from chessviz.sliding import attacks, devlog_ray, line_rays, shift_ray, slide_steps, subtract
from chessviz.squares import BB_ALL, SQUARE_NAMES, bit_of, convert, line_mask, parse_square

MAPPINGS = ("lerf", "lerbef")
DIRECTIONS = {"rank": [(0, 1), (0, -1)], "file": [(1, 0), (-1, 0)], "diagonal": [(1, 1), (-1, -1)], "anti_diagonal": [(1, -1), (-1, 1)]}
EDGES = chess.BB_RANK_1 | chess.BB_RANK_8 | chess.BB_FILE_A | chess.BB_FILE_H
DEVLOG_FEN = "1b6/3P1P2/1P6/6r1/p2q4/1Q4p1/8/1B5R"


def walk(sq, step, occupied):
    """Squares from sq (excluded) along step up to and including the first occupied one (LERF)."""
    r, f = divmod(sq, 8)
    found = 0
    while 0 <= r + step[0] < 8 and 0 <= f + step[1] < 8:
        r, f = r + step[0], f + step[1]
        found |= 1 << (8 * r + f)
        if occupied >> (8 * r + f) & 1:
            break
    return found


def walked_rays(sq, line, occupied, mapping):
    """(positive, negative) in LERF: positive is the direction whose bits grow in `mapping`."""
    rays = []
    for step in DIRECTIONS[line]:
        neighbour = sq + 8 * step[0] + step[1]
        ray = walk(sq, step, occupied & ~(1 << sq))
        if 0 <= sq // 8 + step[0] < 8 and 0 <= sq % 8 + step[1] < 8:
            rays.append((bit_of(neighbour, mapping) > bit_of(sq, mapping), ray))
        else:
            rays.append((None, 0))
    positive = next((ray for up, ray in rays if up), 0)
    negative = next((ray for up, ray in rays if up is False), 0)
    return positive, negative


def python_chess_line(sq, line, occupied):
    """python-chess's attack table for one line kind, the slider's own bit ignored like ours."""
    occupied &= ~chess.BB_SQUARES[sq]
    if line == "rank":
        return chess.BB_RANK_ATTACKS[sq][chess.BB_RANK_MASKS[sq] & occupied]
    if line == "file":
        return chess.BB_FILE_ATTACKS[sq][chess.BB_FILE_MASKS[sq] & occupied]
    return chess.BB_DIAG_ATTACKS[sq][chess.BB_DIAG_MASKS[sq] & occupied] & line_mask(sq, line)


def occupancies(rng, count):
    yield 0
    yield BB_ALL
    yield EDGES
    for _ in range(count):
        density = rng.choice((0.1, 0.25, 0.5, 0.8))
        yield sum(1 << i for i in range(64) if rng.random() < density)


@pytest.mark.parametrize("line", ["rank", "file", "diagonal", "anti_diagonal"])
def test_line_rays_every_square_both_mappings(line):
    rng = random.Random(f"rays-{line}")
    for sq in range(64):
        for occupied in occupancies(rng, 40):  # 64 squares x 43 occupancies x 2 mappings per line
            for mapping in MAPPINGS:
                positive, negative = line_rays(sq, convert(occupied, "lerf", mapping), line, mapping)
                positive, negative = convert(positive, mapping, "lerf"), convert(negative, mapping, "lerf")
                where = (SQUARE_NAMES[sq], line, mapping, hex(occupied))
                assert (positive, negative) == walked_rays(sq, line, occupied, mapping), where
                assert positive | negative == python_chess_line(sq, line, occupied), where


@pytest.mark.parametrize("piece", ["rook", "bishop", "queen"])
def test_attacks_equal_python_chess_tables(piece):
    rng = random.Random(f"attacks-{piece}")
    piece_type = {"rook": chess.ROOK, "bishop": chess.BISHOP, "queen": chess.QUEEN}[piece]
    for sq in range(64):
        for occupied in occupancies(rng, 30):
            board = chess.BaseBoard(None)
            for s in chess.SquareSet(occupied & ~chess.BB_SQUARES[sq]):
                board.set_piece_at(s, chess.Piece(chess.PAWN, chess.BLACK))
            board.set_piece_at(sq, chess.Piece(piece_type, chess.WHITE))
            expected = board.attacks_mask(sq)
            own = occupied & rng.getrandbits(64)
            for mapping in MAPPINGS:
                result = attacks(piece, sq, convert(occupied, "lerf", mapping), convert(own, "lerf", mapping), mapping)
                assert convert(result["attacks"], mapping, "lerf") == expected, (piece, SQUARE_NAMES[sq], mapping, hex(occupied))
                assert convert(result["moves"], mapping, "lerf") == expected & ~own


def rev(x):
    return int(bin(x)[2:].zfill(64)[::-1], 2)


def test_every_slide_step_equals_its_formula():
    rng = random.Random("steps")
    M = 1 << 64
    for _ in range(3000):
        sq, line, mapping = rng.randrange(64), rng.choice(list(DIRECTIONS)), rng.choice(MAPPINGS)
        occupied = rng.getrandbits(64)
        steps = slide_steps(sq, occupied, line, mapping)
        v = {s["id"]: s["value"] for s in steps}
        r = 1 << bit_of(sq, mapping)
        o = occupied & ~r
        m = line_mask(sq, line, mapping)
        b = o & m
        assert (v["o"], v["r"], v["m"], v["b"]) == (o, r, m, b)
        assert v["o_minus_r"] == (o - r) % M
        assert v["o_minus_r_masked"] == (o - r) % M & m
        assert v["b_minus_r_masked"] == (b - r) % M & m
        assert v["two_r"] == 2 * r % M
        assert v["b_minus_2r"] == (b - 2 * r) % M
        assert v["positive"] == ((b - 2 * r) % M ^ o) & m
        assert (v["rev_o"], v["rev_b"], v["rev_r"]) == (rev(o), rev(b), rev(r))
        assert v["negative"] == rev(((rev(b) - 2 * rev(r)) % M) ^ rev(o)) & m
        assert v["negative_as_printed"] == rev(((rev(b) - 2 * rev(r)) % M) ^ o) & m
        assert v["attacks"] == v["positive"] | v["negative"]
        assert (v["positive"], v["negative"]) == line_rays(sq, occupied, line, mapping)
        assert all(0 <= s["value"] < M for s in steps)
        assert [s["id"] for s in steps][:5] == ["o", "r", "m", "o_minus_r", "o_minus_r_masked"]


def test_the_devlog_propagation_example():
    """Occupancy 0x1000804200000010 (lerbef), rook on f4 (quadrille row 4, column 5)."""
    occupied, f4 = 0x1000804200000010, parse_square("f4")
    v = {s["id"]: s["value"] for s in slide_steps(f4, occupied, "rank", "lerbef")}
    assert v["r"] == 1 << 26
    assert v["o_minus_r"] == 0x10008041FC000010  # the borrow runs from f4 to the first blocker, g5
    assert subtract(occupied, 1 << 26)["borrows"] == 0x1FC000000  # bits 26..32
    assert v["o_minus_r_masked"] == 0xFC000000  # a4..f4: f4 itself is included
    lerf = convert(occupied, "lerbef", "lerf")
    rook = chess.BaseBoard("8/8/8/8/8/8/8/8")
    for s in chess.SquareSet(lerf):
        rook.set_piece_at(s, chess.Piece(chess.PAWN, chess.BLACK))
    rook.set_piece_at(f4, chess.Piece(chess.ROOK, chess.WHITE))
    assert convert(attacks("rook", f4, occupied, 0, "lerbef")["attacks"], "lerbef", "lerf") == rook.attacks_mask(f4)
    # The file mask: nothing blocks on the f-file, so b - r wraps round 2**64.
    f = {s["id"]: s["value"] for s in slide_steps(f4, occupied, "file", "lerbef")}
    assert f["b"] == 0
    assert f["b_minus_r_masked"] == (0 - (1 << 26)) % (1 << 64) & line_mask(f4, "file", "lerbef")
    assert subtract(0, 1 << 26)["wrapped"] is True


def test_the_devlog_positive_negative_sketch():
    """Queen on e4 (row 4, column 4) and a pawn on b7 (row 1, column 1)."""
    e4, b7 = parse_square("e4"), parse_square("b7")
    occupied = 1 << bit_of(b7, "lerbef")
    result = attacks("queen", e4, occupied, 0, "lerbef")
    board = chess.BaseBoard("8/1p6/8/8/4Q3/8/8/8")
    assert convert(result["attacks"], "lerbef", "lerf") == board.attacks_mask(e4)
    # Positive rays in lerbef are up, left, up-left and up-right, as the devlog says.
    squares = lambda bb: {SQUARE_NAMES[s] for s in chess.SquareSet(convert(bb, "lerbef", "lerf"))}  # noqa: E731
    assert squares(result["lines"]["rank"]["positive"]) == {"a4", "b4", "c4", "d4"}
    assert squares(result["lines"]["file"]["positive"]) == {"e5", "e6", "e7", "e8"}
    assert squares(result["lines"]["anti_diagonal"]["positive"]) == {"d5", "c6", "b7"}  # stops on the pawn
    assert squares(result["lines"]["diagonal"]["positive"]) == {"f5", "g6", "h7"}
    assert squares(result["lines"]["rank"]["negative"]) == {"f4", "g4", "h4"}


def test_the_devlogs_printed_negative_equation_is_wrong_and_the_code_is_right():
    """n = [(b'' - 2r'') ^ o]'' & m XORs the unreversed o; SlidingPiece.getMoves does not."""
    rng = random.Random("printed")
    differs = 0
    for _ in range(500):
        sq, occupied, line = rng.randrange(64), rng.getrandbits(64), rng.choice(list(DIRECTIONS))
        v = {s["id"]: s["value"] for s in slide_steps(sq, occupied, line, "lerbef")}
        differs += v["negative_as_printed"] != v["negative"]
    assert differs > 100
    v = {s["id"]: s["value"] for s in slide_steps(parse_square("f4"), 0x1000804200000010, "rank", "lerbef")}
    assert v["negative_as_printed"] != v["negative"]


def test_slider_on_bit_63_does_not_leave_64_bits():
    """In lerbef a8 is bit 63: 2r is 2**64, which the devlog's BigInt keeps and a register drops."""
    a8 = parse_square("a8")
    for line in DIRECTIONS:
        for step in slide_steps(a8, 0, line, "lerbef"):
            assert 0 <= step["value"] <= BB_ALL
    assert convert(attacks("queen", a8, 0, 0, "lerbef")["attacks"], "lerbef", "lerf") == chess.BaseBoard("Q7/8/8/8/8/8/8/8").attacks_mask(a8)


# ------------------------------------------------------------------ shift loop

def test_shift_ray_every_aligned_pair_both_mappings():
    for a in range(64):
        for b in range(64):
            aligned = a != b and chess.BB_RAYS[a][b]
            for mapping in MAPPINGS:
                if not aligned:
                    with pytest.raises(ChessvizError) as caught:
                        shift_ray(a, b, mapping)
                    assert caught.value.code == "not_aligned"
                    continue
                result = shift_ray(a, b, mapping)
                between = chess.between(a, b) | chess.BB_SQUARES[a] | chess.BB_SQUARES[b]
                assert convert(result["ray"], mapping, "lerf") == between
                assert result["steps"][0] == 1 << bit_of(a, mapping) and result["steps"][-1] == 1 << bit_of(b, mapping)
                assert all(abs(x.bit_length() - y.bit_length()) == result["shift"] for x, y in zip(result["steps"], result["steps"][1:]))
                assert result["operator"] == ("<<" if bit_of(b, mapping) > bit_of(a, mapping) else ">>")
                assert result["shift"] in (1, 7, 8, 9)


def test_the_devlogs_literal_loop_is_bounded_and_its_failures_reported():
    c4, g4, c7, d7, h4, a5 = (parse_square(s) for s in ("c4", "g4", "c7", "d7", "h4", "a5"))
    assert devlog_ray(c4, g4, "lerbef")["outcome"] == "reached"
    assert devlog_ray(c4, g4, "lerbef")["wrapped"] is False
    # Shift by 1 between squares of different ranks: it gets there, round the board edge.
    wrapped = devlog_ray(h4, a5, "lerf")
    assert (wrapped["outcome"], wrapped["wrapped"]) == ("reached", True)
    # The vertical exercise (shift 8) with squares on different files: never equal.
    assert devlog_ray(c4, d7, "lerf", 8)["outcome"] == "left_64_bits"
    assert devlog_ray(d7, c4, "lerf", 8)["outcome"] == "never_ends"
    for a in range(64):
        for b in range(64):
            for shift in (1, 7, 8, 9):
                result = devlog_ray(a, b, "lerbef", shift)
                assert result["iterations"] <= 130
                assert result["outcome"] in ("reached", "never_ends", "left_64_bits")


def test_subtract_borrows_are_the_propagation_path():
    rng = random.Random("sub")
    for _ in range(2000):
        x, y = rng.getrandbits(64), rng.getrandbits(64)
        result = subtract(x, y)
        assert result["difference"] == (x - y) % (1 << 64)
        assert result["wrapped"] == (y > x)
        # A borrow chain: difference = x ^ y ^ (borrows << 1), the full-subtractor identity.
        assert result["difference"] == (x ^ y ^ (result["borrows"] << 1)) & BB_ALL
    assert subtract(0b01000000, 0b00000010) == {"difference": 0b00111110, "borrows": 0b00111110, "wrapped": False}


# ------------------------------------------------------------------ free mode

def test_final_devlog_position_slider_moves_match_python_chess():
    board = parse_fen(DEVLOG_FEN)
    for sq, piece in board.piece_map().items():
        game = chess.Board(None)
        game.set_board_fen(DEVLOG_FEN)
        game.turn = piece.color
        expected = {m.to_square for m in game.generate_pseudo_legal_moves(from_mask=chess.BB_SQUARES[sq])}
        assert set(chess.SquareSet(targets(board, sq))) == expected, SQUARE_NAMES[sq]
    selected = describe(board, "lerf", parse_square("d4"))["selected"]
    assert selected["piece"] == "q" and selected["slider"] == "queen"
    assert "d7" in selected["moves"] and "g3" not in selected["moves"]  # captures white, not black


def random_board(rng):
    board = chess.BaseBoard(None)
    for sq in rng.sample(range(64), rng.randrange(2, 24)):
        board.set_piece_at(sq, chess.Piece(rng.choice(chess.PIECE_TYPES), rng.choice(chess.COLORS)))
    return board


def test_random_positions_moves_and_move_applier_match_python_chess():
    rng = random.Random("fens")
    for _ in range(300):
        board = random_board(rng)
        fen = board.board_fen()
        for sq, piece in board.piece_map().items():
            game = chess.Board(None)
            game.set_board_fen(fen)
            game.turn = piece.color
            moves = list(game.generate_pseudo_legal_moves(from_mask=chess.BB_SQUARES[sq]))
            assert set(chess.SquareSet(targets(parse_fen(fen), sq))) == {m.to_square for m in moves}, (fen, SQUARE_NAMES[sq])
            for move in moves[:3]:
                if move.promotion not in (None, chess.QUEEN):
                    continue
                after = apply_move(parse_fen(fen), move.from_square, move.to_square)
                game.push(move)
                assert after.board_fen() == game.board_fen(), (fen, move.uci())
                game.pop()


@pytest.mark.parametrize("promotion,letter", [(None, "Q"), ("q", "Q"), ("r", "R"), ("b", "B"), ("n", "N")])
def test_promotion(promotion, letter):
    board = parse_fen("8/3P4/8/8/8/8/8/8")
    after = apply_move(board, parse_square("d7"), parse_square("d8"), promotion)
    assert after.piece_at(parse_square("d8")).symbol() == letter


@pytest.mark.parametrize(
    "fen,reason",
    [
        ("", "empty"),
        ("8/8/8/8/8/8/8", "7 rows"),
        ("8/8/8/8/8/8/8/8/8", "9 rows"),
        ("8/8/8/8/8/8/8/9", "9"),
        ("8/8/8/8/8/8/8/p8", "9 files"),
        ("8/8/8/8/8/8/8/pppppppp1", "9 files"),
        ("8/8/8/8/8/8/8/7", "7 files"),
        ("8/8/8/8/8/8/8/44", "two counts"),
        ("8/8/8/8/8/8/8/x7", "x"),
        ("8/8/8/8/8/8/8/Q~7", "~"),
        ("8/8/8/8//8/8/8", "empty"),
        ("8/8/8/8/8/8/8/8 x - - 0 1", "other fields"),
        ("r" * 10000, "10000 characters"),
    ],
)
def test_malformed_fen_is_refused_with_a_reason(fen, reason):
    with pytest.raises(ChessvizError) as caught:
        parse_fen(fen)
    assert caught.value.code == "invalid_fen"
    assert reason.split()[0] in caught.value.message
    assert len(caught.value.message) < 300


def test_moves_from_empty_squares_and_to_unreachable_squares_are_refused():
    board = parse_fen(DEVLOG_FEN)
    with pytest.raises(ChessvizError) as caught:
        apply_move(board, parse_square("e4"), parse_square("e5"))
    assert (caught.value.code, caught.value.param) == ("illegal_move", "from")
    with pytest.raises(ChessvizError) as caught:
        apply_move(board, parse_square("d4"), parse_square("d8"))  # blocked by the d7 pawn
    assert (caught.value.code, caught.value.param) == ("illegal_move", "to")
    with pytest.raises(ChessvizError) as caught:
        apply_move(board, parse_square("h1"), parse_square("h8"), "q")
    assert (caught.value.code, caught.value.param) == ("illegal_move", "promotion")
