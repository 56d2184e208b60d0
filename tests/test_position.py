"""Free mode (chessviz.position): the devlog's final position and random boards against
python-chess's pseudo-legal moves and Board.push, promotions, FEN validation, refused moves."""

import random

import chess
import pytest

from chessviz.errors import ChessvizError
from chessviz.position import apply_move, describe, parse_fen, targets
from chessviz.squares import SQUARE_NAMES, parse_square

DEVLOG_FEN = "1b6/3P1P2/1P6/6r1/p2q4/1Q4p1/8/1B5R"


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
