"""The sliding engine (chessviz.sliding) on every square, in both mappings, for empty, full, edge,
every subset of each line and thousands of random occupancies, against python-chess's attack
tables and rays walked square by square; the shift loop; the devlog's own code, transcribed."""

import random
from itertools import pairwise

import chess
import pytest

from chessviz.errors import ChessvizError
from chessviz.sliding import attacks, devlog_ray, shift_ray, slide_steps, subtract
from chessviz.squares import BB_ALL, SQUARE_NAMES, bit_of, convert, line_mask, parse_square

from sliding_oracle import (
    DIRECTIONS,
    MAPPINGS,
    mapped,
    occupancies,
    printed_loop_by_arithmetic,
    python_chess_attacks,
    python_chess_line,
    rev,
    walked_rays,
)

PIECE_OF_LINE = {"rank": "rook", "file": "rook", "diagonal": "bishop", "anti_diagonal": "bishop"}


def line_rays(sq, occupied, line, mapping):
    """(positive, negative) of one line, as the engine's attacks() gives them."""
    rays = attacks(PIECE_OF_LINE[line], sq, occupied, 0, mapping)["lines"][line]
    return rays["positive"], rays["negative"]


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


@pytest.mark.parametrize("line", ["rank", "file", "diagonal", "anti_diagonal"])
def test_every_blocker_set_on_every_line_exhaustively(line):
    """Per square and line the domain is small: every subset of the line's other squares as
    blockers (128 on a rank), alone and with random bits off the line and the slider's own bit,
    which must change nothing."""
    rng = random.Random(f"subsets-{line}")
    for sq in range(64):
        m = line_mask(sq, line)
        others = [s for s in chess.SquareSet(m) if s != sq]
        for subset in range(1 << len(others)):
            on_line = sum(1 << s for i, s in enumerate(others) if subset >> i & 1)
            noisy = on_line | (rng.getrandbits(64) & ~m) | (1 << sq)
            for mapping in MAPPINGS:
                expected = walked_rays(sq, line, on_line, mapping)
                for occupied in (on_line, noisy):
                    positive, negative = line_rays(sq, convert(occupied, "lerf", mapping), line, mapping)
                    got = (convert(positive, mapping, "lerf"), convert(negative, mapping, "lerf"))
                    assert got == expected, (SQUARE_NAMES[sq], line, mapping, hex(occupied))


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
    assert convert(attacks("queen", a8, 0, 0, "lerbef")["attacks"], "lerbef", "lerf") == chess.BaseBoard(
        "Q7/8/8/8/8/8/8/8"
    ).attacks_mask(a8)


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
                assert all(abs(x.bit_length() - y.bit_length()) == result["shift"] for x, y in pairwise(result["steps"]))
                assert result["operator"] == ("<<" if bit_of(b, mapping) > bit_of(a, mapping) else ">>")
                assert result["shift"] in (1, 7, 8, 9)


def test_the_devlogs_literal_loop_is_bounded_and_its_failures_reported():
    c4, g4, c7, d7, h4, a5 = (parse_square(s) for s in ("c4", "g4", "c7", "d7", "h4", "a5"))
    assert devlog_ray(c4, g4, "lerbef")["outcome"] == "reached"
    assert devlog_ray(c4, g4, "lerbef")["wrapped"] is False
    for mapping in ("lerbef", "lerf"):  # the squares the loop visits, read back in the loop's own mapping
        assert devlog_ray(c4, g4, mapping)["ray_squares"] == ["c4", "d4", "e4", "f4", "g4"], mapping
    # Shift by 1 between squares of different ranks: it gets there, round the board edge.
    wrapped = devlog_ray(h4, a5, "lerf")
    assert (wrapped["outcome"], wrapped["wrapped"]) == ("reached", True)
    # The vertical exercise (shift 8) with squares on different files: never equal.
    assert devlog_ray(c4, d7, "lerf", 8)["outcome"] == "left_64_bits"
    assert devlog_ray(d7, c4, "lerf", 8)["outcome"] == "never_ends"
    for mapping in MAPPINGS:
        for a in range(64):
            for b in range(64):
                for shift in (1, 7, 8, 9):
                    assert devlog_ray(a, b, mapping, shift) == printed_loop_by_arithmetic(a, b, mapping, shift), (a, b, shift)


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
    for x in (0, 1, 1 << 63, BB_ALL):  # equal numbers: nothing to borrow, no wrap round 2^64
        assert subtract(x, x) == {"difference": 0, "borrows": 0, "wrapped": False}


# ------------------------------------------------------------------ the devlog's own code


def sliding_piece_get_moves(rays, position, occupied, own, mask_is_ray=True):
    """SlidingPiece.getMoves transcribed line for line, with BigInt semantics (Python ints are
    unbounded two's complement too). As printed, `mask` is never defined: with mask_is_ray False
    the body reads it unbound, as the JavaScript would (a ReferenceError there)."""

    def reverse_bitboard(x):  # reads the 64 bits of a BigInt, as a bit loop over 0..63 would
        return rev(x & BB_ALL)

    sliding_moves = 0
    for ray in rays:
        if mask_is_ray:
            mask = ray
        blockers = occupied & mask
        positive_ray = ((blockers - 2 * position) ^ occupied) & mask
        negative_ray = (reverse_bitboard(reverse_bitboard(blockers) - 2 * reverse_bitboard(position)) ^ occupied) & mask
        sliding_moves = positive_ray | negative_ray | sliding_moves
    return sliding_moves & ~own


PIECE_LINES = {
    "rook": ("file", "rank"),
    "bishop": ("diagonal", "anti_diagonal"),
    "queen": ("file", "rank", "diagonal", "anti_diagonal"),
}


def test_the_devlogs_get_moves_names_an_undefined_mask():
    e4 = parse_square("e4")
    with pytest.raises(NameError):
        sliding_piece_get_moves([line_mask(e4, "rank")], 1 << e4, 1 << e4, 0, mask_is_ray=False)


def test_the_devlogs_get_moves_with_mask_read_as_ray_is_right_and_so_is_the_engine():
    """board.getOccupied() includes the slider itself; the engine drops it (o = occupied & ~r):
    both give python-chess's attacks, in both mappings, on 1500 random boards."""
    rng = random.Random("get-moves")
    for _ in range(1500):
        piece, sq, mapping = rng.choice(list(PIECE_LINES)), rng.randrange(64), rng.choice(MAPPINGS)
        occupied = (rng.getrandbits(64) & rng.getrandbits(64)) | (1 << sq)
        own = occupied & rng.getrandbits(64) & ~(1 << sq)
        expected = python_chess_attacks(piece, sq, occupied) & ~own
        rays = [line_mask(sq, line, mapping) for line in PIECE_LINES[piece]]
        devlog = sliding_piece_get_moves(
            rays, 1 << bit_of(sq, mapping), convert(occupied, "lerf", mapping), convert(own, "lerf", mapping)
        )
        ours = attacks(piece, sq, convert(occupied, "lerf", mapping), convert(own, "lerf", mapping), mapping)["moves"]
        assert convert(devlog, mapping, "lerf") == expected == convert(ours, mapping, "lerf"), (piece, SQUARE_NAMES[sq], mapping)


def test_one_mask_for_all_of_a_queens_lines_would_be_wrong():
    """Why the devlog loops line by line: with the union of the lines as one mask, blockers on
    other lines corrupt the subtraction (the masked-occupied sketch's point)."""
    rng = random.Random("one-mask")
    wrong = 0
    for _ in range(500):
        sq, occupied = rng.randrange(64), rng.getrandbits(64)
        union = line_mask(sq, "rank") | line_mask(sq, "file") | line_mask(sq, "diagonal") | line_mask(sq, "anti_diagonal")
        one_mask = sliding_piece_get_moves([union], 1 << sq, occupied | (1 << sq), 0)
        wrong += one_mask != python_chess_attacks("queen", sq, occupied)
    assert wrong > 400


def test_the_printed_negative_equation_measured():
    """n = [(b'' - 2r'') ^ o]'' & m, as printed: right on an empty board, wrong on most others;
    the product uses rev(o) (equivalently the code's rev(...) ^ o) and is right everywhere."""
    rng = random.Random("printed-measure")
    checked = wrong = 0
    for sq in range(64):
        for line in DIRECTIONS:
            for mapping in MAPPINGS:
                assert not _printed_differs(sq, 0, line, mapping)
                for _ in range(8):
                    occupied = rng.getrandbits(64)
                    checked += 1
                    wrong += _printed_differs(sq, occupied, line, mapping)
                    v = {s["id"]: s["value"] for s in slide_steps(sq, occupied, line, mapping)}
                    assert (
                        convert(v["negative"], mapping, "lerf")
                        == walked_rays(sq, line, convert(occupied, mapping, "lerf"), mapping)[1]
                    )
    assert wrong / checked > 0.8, (wrong, checked)


def _printed_differs(sq, occupied, line, mapping):
    v = {s["id"]: s["value"] for s in slide_steps(sq, occupied, line, mapping)}
    return v["negative_as_printed"] != v["negative"]


def test_the_masked_occupied_sketch():
    """Rook on f4, f-file mask, occupancy 0x1000804200000010 (lerbef): no blocker on the f-file, so
    (o - r) & m keeps only f4 while ((o & m) - r) & m runs the borrow to the top of the file."""
    f4, occupied = parse_square("f4"), 0x1000804200000010
    v = {s["id"]: s["value"] for s in slide_steps(f4, occupied, "file", "lerbef")}
    names = lambda bb: {SQUARE_NAMES[s] for s in chess.SquareSet(convert(bb, "lerbef", "lerf"))}  # noqa: E731
    assert names(v["o_minus_r_masked"]) == {"f4"}
    assert names(v["b_minus_r_masked"]) == {"f4", "f5", "f6", "f7", "f8"}
    assert names(v["positive"]) == {"f5", "f6", "f7", "f8"}
    assert names(v["negative"]) == {"f3", "f2", "f1"}


@pytest.mark.parametrize("mapping", ["lerf", "lerbef"])
def test_the_2r_steps_say_where_the_borrow_runs(mapping):
    """2r is one bit higher, except for a slider on bit 63 (h8 in lerf, a8 in lerbef): there it
    leaves the 64 bits and nothing is subtracted. Else the borrow runs up to the first blocker above
    the slider on its line, or, with none there, off bit 63. The labels say which, on both sides
    (the reversed board's slider is on bit 63 when the slider is on bit 0), as the walked rays have it."""
    top, bottom = mapped(63, mapping), mapped(0, mapping)
    assert [chess.square_name(s) for s in (top, bottom)] == {"lerf": ["h8", "a1"], "lerbef": ["a8", "h1"]}[mapping]
    rng = random.Random(f"borrow-words-{mapping}")
    for sq in range(64):
        for line in DIRECTIONS:
            for occupied in (0, chess.BB_ALL, rng.getrandbits(64), rng.getrandbits(64) & rng.getrandbits(64)):
                lerf = occupied & ~(1 << sq)
                steps = {s["id"]: s["label"] for s in slide_steps(sq, convert(lerf, "lerf", mapping), line, mapping)}
                positive, negative = walked_rays(sq, line, lerf, mapping)
                for side, wraps, ray, label in (
                    ("positive", sq == top, positive, steps["b_minus_2r"]),
                    ("negative", sq == bottom, negative, steps["rev_b_minus_2rev_r"]),
                ):
                    words = (
                        f"nothing is subtracted, no borrow, so the {side} ray comes out empty"
                        if wraps
                        else "the borrow runs up to the first blocker above the slider"
                        if ray & lerf
                        else "no blocker lies above the slider, so the borrow runs off bit 63, turning on every bit on the way"
                    )
                    assert label.endswith(words), (chess.square_name(sq), line, hex(lerf), side, label)
                assert ("past bit 63" in steps["two_r"]) == (sq == top)
