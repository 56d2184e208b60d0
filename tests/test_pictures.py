"""The home page's small pictures, builder by builder, against python-chess and the lines
walked square by square (tests/oracle.py): the browser test
(tests/test_browser_course.py) holds each chapter's picture to its page, and mutation runs
leave browser tests out."""

from __future__ import annotations

import chess

from chessviz import pictures

from devlog_facts import DEVLOG_FEN
from oracle import walk


def names(squares) -> tuple[str, ...]:
    return tuple(chess.square_name(sq) for sq in sorted(squares))


def test_a_slider_stands_among_pawns_on_the_occupied_squares():
    occupied = chess.BB_B7 | chess.BB_E8 | chess.BB_G4 | chess.BB_A1
    picture = pictures.slider(occupied, "e4", "R")
    assert picture.squares == names(chess.SquareSet(occupied | chess.BB_E4))
    assert picture.pieces == (("a1", "p"), ("e4", "R"), ("g4", "p"), ("b7", "p"), ("e8", "p"))


def test_a_position_shows_every_piece_of_its_fen_by_python_chess():
    board = chess.BaseBoard(DEVLOG_FEN)
    picture = pictures.position(DEVLOG_FEN + " w - - 0 1")
    assert picture.squares == names(chess.SquareSet(board.occupied)) and len(picture.squares) == 11
    assert dict(picture.pieces) == {chess.square_name(sq): p.symbol() for sq, p in board.piece_map().items()}
    assert [sq for sq, _ in picture.pieces] == list(names(board.piece_map()))


def test_a_pair_marks_its_start_and_its_end_only_when_there_is_one():
    assert pictures.pair("c4").marks == (("c4", "start"),)
    assert pictures.pair("c4", "g4", ("c4", "g4")) == pictures.Picture(
        squares=("c4", "g4"), marks=(("c4", "start"), ("g4", "end"))
    )


def test_two_lines_fill_each_line_and_both_where_they_cross():
    for a, kind_a, b, kind_b in [("e4", "diagonal", "c7", "rank"), ("b2", "file", "g3", "anti_diagonal")]:
        first, second = walk(chess.parse_square(a), kind_a), walk(chess.parse_square(b), kind_b)
        picture = pictures.two_lines(a, kind_a, b, kind_b, shade=True)
        fills = dict(picture.fills)
        assert set(fills) == set(names(first | second))
        assert {sq for sq, fill in fills.items() if fill == "both"} == set(names(first & second))
        assert {sq for sq, fill in fills.items() if fill == "line-a"} == set(names(first - second))
        assert {sq for sq, fill in fills.items() if fill == "line-b"} == set(names(second - first))
        assert picture.squares == names(first | second) and picture.marks == ((a, "start"), (b, "end"))
    assert pictures.two_lines("e4", "rank", "c7", "file").squares == ()
