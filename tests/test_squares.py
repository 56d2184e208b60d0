"""Square numbering, the two mappings, bitboard parsing and /api/bitboard, all 64 squares."""

import random

import chess
import pytest

from chessviz.errors import ChessvizError
from chessviz.squares import (
    BB_ALL,
    LINE_KINDS,
    SQUARE_NAMES,
    bb_of,
    bit_of,
    compare_marked,
    convert,
    format_bitboard,
    line_mask,
    parse_bitboard,
    parse_square,
    square_of_bit,
    squares_of,
    x88,
)

from oracle import walk


@pytest.mark.parametrize("sq", range(64), ids=SQUARE_NAMES)
def test_square_numbering_matches_python_chess(sq):
    assert SQUARE_NAMES[sq] == chess.square_name(sq)
    assert parse_square(chess.square_name(sq)) == sq
    assert parse_square(chess.square_name(sq).upper()) == sq
    assert parse_square(str(sq)) == sq
    assert x88(sq) == 16 * chess.square_rank(sq) + chess.square_file(sq)
    # lerbef: bit = 8*rank + (7 - file)
    assert bit_of(sq, "lerbef") == 8 * chess.square_rank(sq) + 7 - chess.square_file(sq)
    assert square_of_bit(bit_of(sq, "lerbef"), "lerbef") == sq
    assert bit_of(sq, "lerf") == sq


@pytest.mark.parametrize("sq", range(64), ids=SQUARE_NAMES)
def test_line_masks_walk_the_board_and_match_python_chess(sq):
    for kind in LINE_KINDS:
        assert squares_of(line_mask(sq, kind), "lerf") == sorted(walk(sq, kind)), kind
        assert convert(line_mask(sq, kind, "lerbef"), "lerbef", "lerf") == line_mask(sq, kind)
    assert line_mask(sq, "rank") == chess.BB_RANKS[chess.square_rank(sq)]
    assert line_mask(sq, "file") == chess.BB_FILES[chess.square_file(sq)]
    # On an empty board a bishop attacks both diagonals through it, the square itself excepted.
    both = line_mask(sq, "diagonal") | line_mask(sq, "anti_diagonal")
    assert both == chess.BB_DIAG_ATTACKS[sq][0] | chess.BB_SQUARES[sq]


def test_convert_is_an_involution_that_mirrors_files():
    rng = random.Random(7)
    for _ in range(2000):
        bb = rng.getrandbits(64)
        lerbef = convert(bb, "lerf", "lerbef")
        assert convert(lerbef, "lerbef", "lerf") == bb
        assert lerbef == chess.flip_horizontal(bb)
        assert squares_of(lerbef, "lerbef") == squares_of(bb, "lerf")
    assert convert(BB_ALL, "lerf", "lerbef") == BB_ALL


@pytest.mark.parametrize("mapping", [None, "", "LERF", "lerbef ", "xxlerfxx", 0])
def test_a_mapping_that_is_neither_lerf_nor_lerbef_is_refused_not_read_as_lerf(mapping):
    from chessviz import squares

    for call in (
        lambda: squares.bit_of(5, mapping),
        lambda: squares.square_of_bit(5, mapping),
        lambda: squares.convert(1, mapping, "lerf"),
        lambda: squares.convert(1, "lerbef", mapping),
        lambda: squares.bb_square(5, mapping),
        lambda: squares.line_mask(5, "rank", mapping),
    ):
        with pytest.raises(ChessvizError) as error:
            call()
        assert (error.value.code, error.value.field) == ("invalid_parameter", "mapping")
        assert error.value.message == f"mapping must be one of lerf, lerbef, got {mapping!r}"


@pytest.mark.parametrize(
    "text,value",
    [
        ("0x0", 0),
        ("0X1F", 31),
        ("0xffffffffffffffff", BB_ALL),
        ("18446744073709551615", BB_ALL),
        ("0", 0),
        ("00000000000000000001", 1),
        ("0x1000804200000010", 0x1000804200000010),
    ],
)
def test_parse_bitboard_accepts(text, value):
    assert parse_bitboard(text) == value
    assert format_bitboard(value) == f"0x{value:016x}"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "0x",
        "x10",
        "0x10000000000000000",
        "18446744073709551616",
        "-1",
        "-0x1",
        "1e3",
        "0x1g",
        "12 34",
        "1_000",
        "0b101",
        "9" * 5000,
        "0x" + "f" * 5000,
        "\u0663",
        "NaN",
        "None",
        "0x-1",
    ],
)
def test_parse_bitboard_refuses(text):
    with pytest.raises(ChessvizError) as caught:
        parse_bitboard(text)
    assert caught.value.code == "invalid_bitboard"
    assert len(caught.value.message) < 200  # a 5000-digit input is not echoed whole


@pytest.mark.parametrize("text", ["", "i9", "a0", "64", "-1", "1.5", "e44", "ee4", "0x1c", "\u0663", "063", "000"])
def test_parse_square_refuses(text):
    with pytest.raises(ChessvizError) as caught:
        parse_square(text)
    assert caught.value.code == "invalid_square"
    assert caught.value.message == f"expected a square name a1..h8 or an index 0..63, got {text!r}"


def test_parse_square_takes_one_or_two_digits_and_names_in_any_case():
    assert [parse_square(t) for t in ("0", "00", "07", "63", "e4", "H8")] == [0, 0, 7, 63, 28, 63]


# A blank or a control character around a value the API would otherwise take: the contract lists
# the forms a square or a bitboard may take, and a value with any of these is none of them.
AROUND = [" ", "\t", "\n", "\r", "\x0b", "\x0c", "\x1c", "\x85", "\xa0", "\u2028", "\u3000", "\x00"]


@pytest.mark.parametrize("blank", AROUND, ids=[f"U+{ord(c):04X}" for c in AROUND])
def test_a_blank_or_control_character_around_a_value_is_refused(blank):
    for text in (f"{blank}e4", f"e4{blank}", f"{blank}28", f"{blank}e4{blank}"):
        with pytest.raises(ChessvizError) as caught:
            parse_square(text)
        assert caught.value.code == "invalid_square", repr(text)
    for text in (f"{blank}5", f"5{blank}", f"{blank}0x10", f"0x10{blank}"):
        with pytest.raises(ChessvizError) as caught:
            parse_bitboard(text)
        assert caught.value.code == "invalid_bitboard", repr(text)


def test_parse_bitboard_says_which_rule_a_number_breaks():
    with pytest.raises(ChessvizError) as caught:
        parse_bitboard("18446744073709551616")
    assert caught.value.message == "bitboard must be below 2**64, got '18446744073709551616'"
    with pytest.raises(ChessvizError) as caught:
        parse_bitboard("1" * 21)
    assert (
        caught.value.message == f"expected 0x followed by 1 to 16 hex digits, or a decimal number below 2**64, got {'1' * 21!r}"
    )
    assert parse_bitboard("0X1f") == 31 and parse_bitboard("0" * 20) == 0


def test_api_bitboard_reads_both_mappings_exhaustively_per_square(client):
    for sq in range(64):
        for mapping in ("lerf", "lerbef"):
            value = 1 << bit_of(sq, mapping)
            body = client.get(f"/api/bitboard?value={value}&mapping={mapping}").json
            assert body["squares"] == [SQUARE_NAMES[sq]], (sq, mapping)
            assert body["values"]["lerf"] == format_bitboard(chess.BB_SQUARES[sq])
            assert body["values"]["lerbef"] == format_bitboard(1 << (sq ^ 7))
            assert body["bits"] == [{"bit": bit_of(sq, mapping), "square": SQUARE_NAMES[sq]}]


def test_api_bitboard_devlog_occupancy(client):
    body = client.get("/api/bitboard?value=0x1000804200000010&mapping=lerbef").json
    assert body["squares"] == ["d1", "b5", "g5", "a6", "d8"]
    assert body["popcount"] == 5
    assert int(body["values"]["lerf"], 16) == bb_of(parse_square(s) for s in body["squares"])
    assert body["decimal"] == str(0x1000804200000010)
    assert body["binary"] == f"{0x1000804200000010:064b}"


@pytest.mark.parametrize(
    "query,code,param",
    [
        ("", "missing_parameter", "value"),
        ("value=", "missing_parameter", "value"),
        ("value=0x1&value=0x2", "invalid_parameter", "value"),
        ("value=18446744073709551616", "invalid_bitboard", "value"),
        ("value=-5", "invalid_bitboard", "value"),
        ("value=" + "9" * 10000, "invalid_bitboard", "value"),
        ("value=0x12zz", "invalid_bitboard", "value"),
        ("value=1&mapping=LERF", "invalid_parameter", "mapping"),
        ("value=1&mapping=", None, None),
    ],
)
def test_api_bitboard_bad_input(client, query, code, param):
    response = client.get("/api/bitboard?" + query)
    if code is None:  # an empty optional parameter takes its default
        assert response.status_code == 200 and response.json["mapping"] == "lerf"
        return
    assert response.status_code == 400
    assert response.json == {"error": {"code": code, "message": response.json["error"]["message"], "param": param}}
    assert param in response.json["error"]["message"] or code != "missing_parameter"


def test_compare_marked_against_sets_of_squares():
    """Right, wrong and missed as set operations on square names, on every square's four cases and random boards."""
    rng = random.Random("marked")
    cases = [(m << s, a << s) for s in range(64) for m in (0, 1) for a in (0, 1)]
    cases += [(rng.getrandbits(64), rng.getrandbits(64)) for _ in range(500)] + [(BB_ALL, 0), (0, BB_ALL), (BB_ALL, BB_ALL)]
    for marked, answer in cases:
        given, truth = set(chess.SquareSet(marked)), set(chess.SquareSet(answer))
        found = {k: set(chess.SquareSet(v)) for k, v in compare_marked(marked, answer).items()}
        assert found == {"right": given & truth, "wrong": given - truth, "missed": truth - given}
