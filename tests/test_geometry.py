"""The pure geometry core (chessviz.lines, chessviz.compass, chessviz.audit's C helpers),
without Flask: every square, every ordered pair, every pair of line kinds."""

import ctypes
import math

import chess
import pytest

from chessviz import audit, compass, lines
from chessviz.answers import square_answer
from chessviz.errors import ChessvizError
from chessviz.squares import LINE_KINDS, SQUARE_NAMES

from oracle import COMBOS, PAIRS, line_point, rf
from sweeps import EVERY_PART, pairs_of

# ------------------------------------------------------------------ C integer helpers


@pytest.mark.parametrize("value", [0, 1, -1, 2**31 - 1, 2**31, -(2**31), -(2**31) - 1, 2**32 + 5, -(2**40) + 3, 17 * 7 * 2**28])
def test_c_int_wraps_like_a_32_bit_int(value):
    assert audit.c_int(value) == ctypes.c_int32(value).value


def test_c_mod_truncates_like_c():
    for a in range(-200, 201):
        for b in (1, 7, 9, -9, 13):
            assert audit.c_mod(a, b) == int(math.fmod(a, b)), (a, b)
    assert audit.c_mod(-9, 9) == 0 and audit.c_mod(-10, 9) == -1 and audit.c_mod(10, -9) == 1


def test_c_shr_u32_takes_the_count_modulo_32():
    for count in range(130):
        assert audit.c_shr_u32(0xAA55AA55, count) == 0xAA55AA55 >> (count % 32)
    assert audit.c_shr_u32(-1, 4) == 0x0FFFFFFF


def test_knight_distance_is_python_chess_s():
    for a, b in PAIRS:
        assert audit.knight_distance(a, b) == chess.square_knight_distance(a, b), (SQUARE_NAMES[a], SQUARE_NAMES[b])


# ------------------------------------------------------------------ diagonals and colour


def test_diagonal_indices_and_lengths_every_square():
    for sq in range(64):
        r, f = rf(sq)
        on_diagonal = [s for s in range(64) if rf(s)[0] - rf(s)[1] == r - f]
        on_anti = [s for s in range(64) if sum(rf(s)) == r + f]
        assert lines.diagonal_index(sq) == r - f
        assert lines.anti_diagonal_index(sq) == r + f
        assert lines.diagonal_length(sq) == len(on_diagonal), SQUARE_NAMES[sq]
        assert lines.anti_diagonal_length(sq) == len(on_anti), SQUARE_NAMES[sq]
        enum = square_answer(sq, "lerf")["diagonal"]
        parity = "even" if (r - f) % 2 == 0 else "odd"
        expected = {"index": r - f, "index_plus7": 7 + r - f, "index_and15": (r - f) % 16, "parity": parity}
        assert enum == {**expected, "length": len(on_diagonal)}
        assert lines.is_dark(sq) == bool(chess.BB_DARK_SQUARES & chess.BB_SQUARES[sq])
        # The Diagonals page: even diagonal indices are the dark diagonals.
        assert lines.is_dark(sq) == ((r - f) % 2 == 0)
    # The page's named diagonals: a1/h8 index 0 length 8; a8 is 7, h1 is -7, both length 1.
    assert [(lines.diagonal_index(s), lines.diagonal_length(s)) for s in (chess.A1, chess.H8, chess.A8, chess.H1)] == [
        (0, 8),
        (0, 8),
        (7, 1),
        (-7, 1),
    ]


def test_same_line_every_pair_against_python_chess():
    masks = {"rank": lambda s: chess.BB_RANKS[chess.square_rank(s)], "file": lambda s: chess.BB_FILES[chess.square_file(s)]}
    for a, b in PAIRS:
        same = lines.same_line(a, b)
        where = (SQUARE_NAMES[a], SQUARE_NAMES[b])
        assert same["rank"] == bool(masks["rank"](a) & chess.BB_SQUARES[b]), where
        assert same["file"] == bool(masks["file"](a) & chess.BB_SQUARES[b]), where
        if a != b:
            # python-chess's BB_RAYS[a][b] is the whole line through both, or 0.
            assert any(same.values()) == bool(chess.BB_RAYS[a][b]), where
            assert sum(same.values()) <= 1, where
            for kind in LINE_KINDS:
                if same[kind]:
                    assert chess.BB_RAYS[a][b] == lines.line_mask(a, kind), where
        else:
            assert all(same.values())


# ------------------------------------------------------------------ intersections


@pytest.mark.parametrize("part", EVERY_PART)
def test_intersection_and_0x88_working_every_pair_and_combination(part):
    for a, b in pairs_of(part):
        for line_a, line_b in COMBOS:
            where = (SQUARE_NAMES[a], SQUARE_NAMES[b], line_a, line_b)
            rank, file = line_point(a, b, line_a, line_b)
            on_board = rank.denominator == file.denominator == 1 and 0 <= rank < 8 and 0 <= file < 8
            expected = int(8 * rank + file) if on_board else None
            assert lines.intersection_square(a, b, line_a, line_b) == expected, where
            reason = lines.intersection_reason(a, b, line_a, line_b)
            if on_board:
                assert reason is None, where
            elif rank.denominator != 1:
                assert reason == "different_colors", where
            else:
                assert reason == "off_board", where
            working = lines.x88_working(a, b, line_a, line_b)
            doubled = {line_a, line_b} == {"diagonal", "anti_diagonal"}
            # The 0x88 value is exactly 16*rank + file of the meeting point (twice it for dia/anti).
            assert working["value"] == (2 if doubled else 1) * (16 * rank + file), where
            assert working["test_mask"] == (0x111 if doubled else 0x88)
            assert working["masked"] == working["value"] & working["test_mask"]
            assert (working["masked"] == 0) == on_board, where
            assert working["square"] == (SQUARE_NAMES[expected] if on_board else None), where
            assert int(working["binary"], 2) == working["value"] % 4096
            # Off the board: the mask's bits beyond the colour bit (0x88, or bits 4 and 8 of 0x111).
            assert working["off_board"] is bool(working["masked"] & ~1), where
            if rank.denominator == 1:
                assert working["off_board"] is not on_board, where
            assert working["different_colors_bit"] == ((reason == "different_colors") if doubled else None), where
            # The printed square formula, evaluated, turns the 0x88 value into the 0..63 square.
            if on_board:
                assert eval(working["square_formula"], {"s88x2" if doubled else "s88": working["value"]}) == expected, where


def test_intersection_refuses_bad_line_kinds():
    with pytest.raises(ChessvizError) as error:
        lines.intersection_square(0, 1, "rank", "rank")
    assert error.value.code == "same_line_kind"
    with pytest.raises(ChessvizError) as error:
        lines.intersection_square(0, 1, "rank", "diag")
    assert error.value.code == "invalid_parameter"


# ------------------------------------------------------------------ directions


def test_degrees_and_begrees_definitions():
    deltas = [(dr, df) for dr in range(-7, 8) for df in range(-7, 8) if (dr, df) != (0, 0)]
    degrees = {d: round(math.degrees(math.atan2(d[1], d[0]))) % 360 for d in deltas}
    distinct = sorted(set(degrees.values()))
    assert len(distinct) == 144
    for dr, df in deltas:
        assert compass.degrees_of(dr, df) == degrees[(dr, df)], (dr, df)
        assert compass.begrees_of(dr, df) == distinct.index(degrees[(dr, df)]), (dr, df)
    assert compass.degrees_of(0, 0) is None and compass.begrees_of(0, 0) is None
    # The eight ray directions fall on multiples of 45 degrees, begrees multiples of 18.
    assert [compass.degrees_of(*d) for _, _, d in compass.RAY_DIRECTIONS] == [0, 45, 90, 135, 180, 225, 270, 315]
    assert [compass.begrees_of(*d) for _, _, d in compass.RAY_DIRECTIONS] == [0, 18, 36, 54, 72, 90, 108, 126]
    # "only the 16 angles with modulo 9 equals zero are actually covered by move directions"
    moves = [d for _, _, d in compass.RAY_DIRECTIONS + compass.KNIGHT_DIRECTIONS]
    assert sorted(compass.begrees_of(*d) for d in moves) == [b for b in range(144) if b % 9 == 0]


def test_move_directions_are_whole_ray_steps_or_knight_jumps():
    # Independently: walk each of the 8 ray steps and 8 knight jumps outwards from the centre.
    units = [(dr, df) for dr in (-1, 0, 1) for df in (-1, 0, 1) if (dr, df) != (0, 0)]
    units += [(dr, df) for dr in (-2, -1, 1, 2) for df in (-2, -1, 1, 2) if abs(dr) != abs(df)]
    walked = {(k * dr, k * df) for dr, df in units for k in range(1, 8)}
    for dr in range(-7, 8):
        for df in range(-7, 8):
            assert compass.is_move_direction(dr, df) is ((dr, df) in walked), (dr, df)
    assert compass.is_move_direction(0, 0) is False
    with pytest.raises(ChessvizError):
        compass.move_cells("radians")


def test_tables_blank_exactly_where_a_farther_square_repeats_the_direction():
    for kind in compass.TABLE_KINDS:
        rows = compass.table(kind)
        for i, row in enumerate(rows):
            for j, cell in enumerate(row):
                dr, df = 7 - i, j - 7
                if (dr, df) == (0, 0):
                    assert cell is None
                    continue
                # Walk outwards along the exact direction: does the sheet hold a farther square?
                g = math.gcd(dr, df)
                farther = max(abs(dr + dr // g), abs(df + df // g)) <= 7
                if kind == "begrees_filled" or not farther:
                    expected = compass.degrees_of(dr, df) if kind == "degrees" else compass.begrees_of(dr, df)
                    assert cell == expected, (kind, dr, df)
                else:
                    assert cell is None, (kind, dr, df)
    with pytest.raises(ChessvizError):
        compass.table("radians")


def test_direction_every_pair():
    for a, b in PAIRS:
        d = compass.direction(a, b)
        (ra, fa), (rb, fb) = rf(a), rf(b)
        dr, df = rb - ra, fb - fa
        assert d["x88_diff"] == 16 * dr + df and d["lookup_index"] == 16 * dr + df + 120
        assert 1 <= d["lookup_index"] <= 239  # 16*-7 - 7 + 120 .. 16*7 + 7 + 120
        if d["ray"]:
            n = chess.square_distance(a, b)
            assert b - a == d["ray_step"] * n, (SQUARE_NAMES[a], SQUARE_NAMES[b])
            assert chess.ray(a, b) & chess.BB_SQUARES[a] and chess.ray(a, b) & chess.BB_SQUARES[b]
        else:
            assert a == b or not chess.ray(a, b)
        if d["knight"]:
            assert b - a == d["knight_step"] * d["knight_jumps"]
            assert (abs(dr), abs(df)) in ((2 * d["knight_jumps"], d["knight_jumps"]), (d["knight_jumps"], 2 * d["knight_jumps"]))
        else:
            assert {abs(dr), abs(df)} != {1, 2} and d["knight_jumps"] is None
    # The 0x88 difference is unique per (rank, file) difference: 225 values, 240-entry table.
    assert len({compass.direction(a, b)["x88_diff"] for a, b in PAIRS}) == 225
