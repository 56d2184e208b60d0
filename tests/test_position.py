"""Free mode (chessviz.position): the devlog's final position and random boards against
python-chess's pseudo-legal moves and Board.push, promotions, FEN validation, refused moves."""

import random

import chess
import pytest

from chessviz import devlog
from chessviz.errors import ChessvizError
from chessviz.position import apply_move, describe, parse_fen, targets
from chessviz.squares import SQUARE_NAMES, parse_square

from devlog_facts import DEVLOG, DEVLOG_FEN
from oracle import DATA


def test_the_tests_devlog_values_are_the_devlog_s_and_the_product_s():
    """tests/devlog_facts.py, one copy for every test, against the devlog's text and chessviz.devlog."""
    text = (DATA / "devlog" / "sliding-pieces-devlog.txt").read_text(encoding="utf-8")
    assert f"const FEN = '{DEVLOG_FEN}';" in text
    assert f"occupiedBitboard = createQuadrille(8, {DEVLOG:#x}n, 1);" in text
    assert (devlog.FEN, devlog.OCCUPANCY_LERBEF) == (DEVLOG_FEN, DEVLOG)


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


def same_pieces(a: chess.BaseBoard, b: chess.BaseBoard) -> bool:
    """The same piece on every square: each colour's and each piece type's bitboard equal, what two
    boards' FENs say without writing either out (python-chess writes a FEN square by square)."""
    kinds = ("pawns", "knights", "bishops", "rooks", "queens", "kings")
    return a.occupied_co == b.occupied_co and all(getattr(a, kind) == getattr(b, kind) for kind in kinds)


def test_same_pieces_tells_boards_apart_as_their_fens_do():
    rng = random.Random("same-pieces")
    for _ in range(200):
        a = random_board(rng)
        b = a.copy()
        sq = rng.randrange(64)
        b.set_piece_at(sq, chess.Piece(rng.choice(chess.PIECE_TYPES), rng.choice(chess.COLORS)))
        assert same_pieces(a, b) is (a.board_fen() == b.board_fen()), (a.board_fen(), b.board_fen())
        assert same_pieces(a, chess.BaseBoard(a.board_fen()))


def test_random_positions_moves_and_move_applier_match_python_chess():
    rng = random.Random("fens")
    for _ in range(300):
        board = random_board(rng)
        fen = board.board_fen()
        parsed = parse_fen(fen)  # apply_move returns a new board: a move that changed its input fails the next
        game = chess.Board(None)
        game.set_board_fen(fen)
        for sq, piece in board.piece_map().items():
            game.turn = piece.color
            moves = list(game.generate_pseudo_legal_moves(from_mask=chess.BB_SQUARES[sq]))
            assert set(chess.SquareSet(targets(parsed, sq))) == {m.to_square for m in moves}, (fen, SQUARE_NAMES[sq])
            for move in moves[:3]:
                if move.promotion not in (None, chess.QUEEN):
                    continue
                after = apply_move(parsed, move.from_square, move.to_square)
                game.push(move)
                assert same_pieces(after, game), (fen, move.uci(), after.board_fen(), game.board_fen())
                game.pop()
        assert parsed.board_fen() == fen


@pytest.mark.parametrize("promotion,letter", [(None, "Q"), ("q", "Q"), ("r", "R"), ("b", "B"), ("n", "N")])
def test_promotion(promotion, letter):
    board = parse_fen("8/3P4/8/8/8/8/8/8")
    after = apply_move(board, parse_square("d7"), parse_square("d8"), promotion)
    assert after.piece_at(parse_square("d8")).symbol() == letter


NO_LETTER = "which is no piece letter (pnbrqk, PNBRQK) nor a count of empty squares 1-8"
TURN = "the FEN's other fields are not valid: expected 'w' or 'b' for turn part of fen: "


@pytest.mark.parametrize(
    "fen,message",
    [
        ("", "the FEN is empty"),
        ("8/8/8/8/8/8/8", "the board part has 7 rows where a board has 8, separated by '/'"),
        ("not a fen", "the board part has 1 row where a board has 8, separated by '/'"),
        ("8/8/8/8/8/8/8/8/8", "the board part has 9 rows where a board has 8, separated by '/'"),
        ("8/8/8/8/8/8/8/9", f"the FEN's row for rank 1 ('9') has '9', {NO_LETTER}"),
        ("8/8/8/8/8/8/8/p8", "the FEN's row for rank 1 ('p8') has 9 files, a rank has 8"),
        ("8/8/8/8/8/8/8/pppppppp1", "the FEN's row for rank 1 ('pppppppp1') has 9 files, a rank has 8"),
        ("8/8/8/8/8/8/8/7", "the FEN's row for rank 1 ('7') has 7 files, a rank has 8"),
        ("8/8/8/8/8/8/8/44", "the FEN's row for rank 1 ('44') has two counts of empty squares in a row"),
        ("8/8/8/8/8/8/8/x7", f"the FEN's row for rank 1 ('x7') has 'x', {NO_LETTER}"),
        ("8/8/8/8/8/8/8/Q~7", f"the FEN's row for rank 1 ('Q~7') has '~', {NO_LETTER}"),
        ("x7/8/8/8/8/8/8/8", f"the FEN's row for rank 8 ('x7') has 'x', {NO_LETTER}"),  # the FEN's first row
        (
            "abcdefghijklmnopqrstuvwxyz/8/8/8/8/8/8/8",
            f"the FEN's row for rank 8 ('abcdefghijklmnopqrst') has 'a', {NO_LETTER}",
        ),  # 20 shown
        ("8/8/8/8//8/8/8", "the FEN's row for rank 4 is empty"),
        ("8/8/8/8/8/8/8/8 x - - 0 1", TURN + "'8/8/8/8/8/8/8/8 x - - 0 1'"),
        ("8/8/8/8/8/8/8/8 x", TURN + "'8/8/8/8/8/8/8/8 x'"),  # a board and a turn alone are read too
        ("r" * 10000, "the FEN is 10000 characters long; a FEN has at most 100"),
    ],
)
def test_malformed_fen_is_refused_with_a_reason(fen, message):
    with pytest.raises(ChessvizError) as caught:
        parse_fen(fen)
    assert (caught.value.code, caught.value.message) == ("invalid_fen", message)
    assert caught.value.field == "fen"  # the API's error names the parameter from it


def test_a_fen_may_have_100_characters_not_101():
    board, fields = "8/8/8/8/8/8/8/8", "w - - 0 1"  # python-chess reads fields split by any spaces
    assert parse_fen(board + " " * (100 - len(board) - len(fields)) + fields) == chess.BaseBoard(board)
    with pytest.raises(ChessvizError) as caught:
        parse_fen(board + " " * (101 - len(board) - len(fields)) + fields)
    assert (caught.value.message, caught.value.field) == ("the FEN is 101 characters long; a FEN has at most 100", "fen")


def test_moves_from_empty_squares_and_to_unreachable_squares_are_refused():
    board = parse_fen(DEVLOG_FEN)
    with pytest.raises(ChessvizError) as caught:
        apply_move(board, parse_square("e4"), parse_square("e5"))
    assert (caught.value.code, caught.value.field) == ("illegal_move", "origin")
    with pytest.raises(ChessvizError) as caught:
        apply_move(board, parse_square("d4"), parse_square("d8"))  # blocked by the d7 pawn
    assert (caught.value.code, caught.value.field) == ("illegal_move", "target")


PROMOTION_LETTERS = {chess.QUEEN: "q", chess.ROOK: "r", chess.BISHOP: "b", chess.KNIGHT: "n"}


def test_every_move_of_random_boards_including_under_promotions_matches_board_push():
    """Boards rich in pawns next to their last rank: every pseudo-legal move python-chess knows,
    under-promotions included, applied by apply_move and by Board.push."""
    rng = random.Random("promotions")
    checked = 0
    for _ in range(150):
        board = random_board(rng)
        for sq in rng.sample(range(8, 56), 3):
            board.set_piece_at(sq, chess.Piece(chess.PAWN, chess.WHITE if sq >= 40 else chess.BLACK))
        fen = board.board_fen()
        parsed = parse_fen(fen)
        for color in chess.COLORS:
            game = chess.Board(None)
            game.set_board_fen(fen)
            game.turn = color
            for move in game.generate_pseudo_legal_moves():
                letter = PROMOTION_LETTERS[move.promotion] if move.promotion else None
                after = apply_move(parsed, move.from_square, move.to_square, letter)
                game.push(move)
                assert same_pieces(after, game), (fen, move.uci(), after.board_fen(), game.board_fen())
                game.pop()
                checked += 1
        assert parsed.board_fen() == fen
    assert checked > 3000


def test_a_promotion_letter_on_a_move_that_does_not_promote_is_ignored(client):
    """The contract's own example is the devlog queen's d4-d7 with promotion=q: a client may send
    the default with every move. Every move of the devlog's position that does not promote, with
    each letter, is answered as without it (python-chess's Board.push of the plain move), its
    promotion null; a letter that is none of the four is still refused."""
    checked = 0
    for color in chess.COLORS:
        game = chess.Board(None)
        game.set_board_fen(DEVLOG_FEN)
        game.turn = color
        for move in game.generate_pseudo_legal_moves():
            if move.promotion:  # f7-f8: its letter matters (test_promotion)
                continue
            query = f"/api/move?fen={DEVLOG_FEN}&from={SQUARE_NAMES[move.from_square]}&to={SQUARE_NAMES[move.to_square]}"
            plain = client.get(query)
            game.push(move)
            assert plain.status_code == 200 and plain.json["fen"] == game.board_fen()
            game.pop()
            for letter in "qrbn":
                lettered = client.get(f"{query}&promotion={letter}")
                assert (lettered.status_code, lettered.json) == (200, plain.json), (move.uci(), letter)
                checked += 1
    plain_moves = [m for b in devlog_boards() for m in b.generate_pseudo_legal_moves() if not m.promotion]
    assert checked == 4 * len(plain_moves) > 4 * 40
    example = client.get(f"/api/move?fen={DEVLOG_FEN}&from=d4&to=d7&promotion=q").json
    assert (example["piece"], example["captured"], example["promotion"]) == ("q", "P", None)
    refused = client.get(f"/api/move?fen={DEVLOG_FEN}&from=d4&to=d7&promotion=k")
    assert (refused.status_code, refused.json["error"]["code"], refused.json["error"]["param"]) == (
        400,
        "invalid_parameter",
        "promotion",
    )


def devlog_boards():
    for color in chess.COLORS:
        board = chess.Board(None)
        board.set_board_fen(DEVLOG_FEN)
        board.turn = color
        yield board


def test_move_over_http_agrees_with_board_push(client):
    rng = random.Random("move-http")
    for _ in range(120):
        board = random_board(rng)
        fen = board.board_fen()
        game = chess.Board(None)
        game.set_board_fen(fen)
        game.turn = rng.choice(chess.COLORS)
        moves = list(game.generate_pseudo_legal_moves())
        if not moves:
            continue
        move = rng.choice(moves)
        query = f"/api/move?fen={fen}&from={SQUARE_NAMES[move.from_square]}&to={SQUARE_NAMES[move.to_square]}"
        if move.promotion:
            query += "&promotion=" + PROMOTION_LETTERS[move.promotion]
        body = client.get(query).json
        game.push(move)
        assert body["fen"] == game.board_fen(), (fen, move.uci(), body)
        position = client.get(f"/api/position?fen={fen}&square={SQUARE_NAMES[move.from_square]}").json
        assert SQUARE_NAMES[move.to_square] in position["selected"]["moves"]


def test_a_board_may_lack_kings_and_either_colour_moves():
    board = parse_fen("8/8/8/8/3r4/8/8/R7")
    assert {SQUARE_NAMES[s] for s in chess.SquareSet(targets(board, parse_square("a1")))} == {
        "a2",
        "a3",
        "a4",
        "a5",
        "a6",
        "a7",
        "a8",
        "b1",
        "c1",
        "d1",
        "e1",
        "f1",
        "g1",
        "h1",
    }
    after = apply_move(board, parse_square("d4"), parse_square("d1"))
    assert after.board_fen() == "8/8/8/8/8/8/8/R2r4"
    assert apply_move(after, parse_square("a1"), parse_square("d1")).board_fen() == "8/8/8/8/8/8/8/3R4"


def test_a_whole_fen_is_validated_then_its_board_used():
    assert parse_fen("  1b6/3P1P2/1P6/6r1/p2q4/1Q4p1/8/1B5R b - - 3 40 ").board_fen() == DEVLOG_FEN
    for bad in ("8/8/8/8/8/8/8/8 w - - 0 1 extra", "8/8/8/8/8/8/8/8 w - z9 0 1", "8/8/8/8/8/8/8/8 w - - -1 1"):
        with pytest.raises(ChessvizError) as caught:
            parse_fen(bad)
        assert caught.value.code == "invalid_fen"


def test_no_castling_in_free_mode():
    board = parse_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    assert {SQUARE_NAMES[s] for s in chess.SquareSet(targets(board, parse_square("e1")))} == {"d1", "d2", "e2", "f2", "f1"}


def test_promotions_are_pythonchess_promoting_targets(client):
    """`promotions` lists exactly the targets python-chess generates promotion moves for, every pawn square."""
    for color, rank in ((chess.WHITE, 6), (chess.BLACK, 1), (chess.WHITE, 5), (chess.BLACK, 2)):
        for file in range(8):
            sq = chess.square(file, rank)
            board = chess.Board(None)
            board.set_piece_at(sq, chess.Piece(chess.PAWN, color))
            # Something to capture on both sides, so diagonal promotions occur too.
            target_rank = rank + (1 if color == chess.WHITE else -1)
            for f in (file - 1, file + 1):
                if 0 <= f < 8:
                    board.set_piece_at(chess.square(f, target_rank), chess.Piece(chess.KNIGHT, not color))
            board.turn = color
            expected = sorted({chess.square_name(m.to_square) for m in board.generate_pseudo_legal_moves() if m.promotion})
            body = client.get(f"/api/position?fen={board.board_fen()}&square={chess.square_name(sq)}").json
            assert sorted(body["selected"]["promotions"]) == expected, chess.square_name(sq)
            assert body["turn"] is None


def test_turn_is_the_fens_side_to_move(client):
    assert client.get("/api/position?fen=8/8/8/8/8/8/8/8 b - - 0 1").json["turn"] == "b"
    assert client.get("/api/position?fen=8/8/8/8/8/8/8/8 w - - 0 1").json["turn"] == "w"
    assert client.get("/api/position?fen=8/8/8/8/8/8/8/8").json["turn"] is None
    assert client.get("/api/position?fen=8/8/8/8/8/8/8/8 b").json["turn"] == "b"  # a turn without the other fields
    # A rook has no promotions.
    assert client.get("/api/position?fen=R7/8/8/8/8/8/8/8&square=a8").json["selected"]["promotions"] == []
