"""The answers added so that pages draw instead of working things out: /api/rose,
/api/square's bits, /api/compare's greater_or_equal, /api/position's lines, the colour
working's bits and the devlog's values on every chapter page. python-chess is the oracle."""

import json
import re

import chess
import pytest

from chessviz.squares import SQUARE_NAMES

from devlog_facts import DEVLOG_FEN

NAMES = SQUARE_NAMES


@pytest.mark.parametrize("sq", range(64), ids=NAMES)
def test_rose_is_the_king_and_knight_neighbourhood(client, sq):
    body = client.get(f"/api/rose?sq={NAMES[sq]}").json
    rays = {r["to"] for r in body["rose"] if r["kind"] == "ray"}
    knights = {r["to"] for r in body["rose"] if r["kind"] == "knight"}
    assert rays == {NAMES[t] for t in chess.SquareSet(chess.BB_KING_ATTACKS[sq])}
    assert knights == {NAMES[t] for t in chess.SquareSet(chess.BB_KNIGHT_ATTACKS[sq])}
    assert len(body["rose"]) == len(rays) + len(knights)
    for r in body["rose"]:
        target = chess.parse_square(r["to"])
        assert target - sq == r["step"], r
        direction = client.get(f"/api/direction?from={NAMES[sq]}&to={r['to']}").json
        assert (direction["ray"] if r["kind"] == "ray" else direction["knight"]) == r["direction"]


@pytest.mark.parametrize("sq", range(64), ids=NAMES)
def test_rose_squares_match_the_direction_tables_layout(client, sq):
    body = client.get(f"/api/rose?sq={NAMES[sq]}").json
    sheet = client.get("/api/directions/table?kind=degrees").json
    assert (body["rank_diffs"], body["file_diffs"]) == (sheet["rank_diffs"], sheet["file_diffs"])
    seen = set()
    for i, dr in enumerate(body["rank_diffs"]):
        for j, df in enumerate(body["file_diffs"]):
            name = body["squares"][i][j]
            rank, file = chess.square_rank(sq) + dr, chess.square_file(sq) + df
            if 0 <= rank < 8 and 0 <= file < 8:
                assert name == NAMES[chess.square(file, rank)]
                seen.add(name)
            else:
                assert name is None
    assert seen == set(NAMES)  # every square is at some difference from every other


def test_rose_refuses_a_bad_square(client):
    response = client.get("/api/rose?sq=i9")
    assert response.status_code == 400 and response.json["error"]["param"] == "sq"
    assert client.get("/api/rose").json["error"]["code"] == "missing_parameter"


@pytest.mark.parametrize("sq", range(64), ids=NAMES)
def test_square_bits_in_both_mappings(client, sq):
    bits = client.get(f"/api/square?sq={sq}").json["bits"]
    assert bits["lerf"] == sq
    assert bits["lerbef"] == 8 * chess.square_rank(sq) + 7 - chess.square_file(sq)
    for mapping, bit in bits.items():
        assert client.get(f"/api/bitboard?value={1 << bit}&mapping={mapping}").json["squares"] == [NAMES[sq]]


@pytest.mark.parametrize("destination,start", [(8, 1), (1, 8), (5, 5), (0, 1), (1, 0), (2**64 - 1, 2**63), (2**63, 2**64 - 1)])
def test_compare_says_whether_the_comparison_holds(client, destination, start):
    body = client.get(f"/api/compare?destination={destination}&start={start}&mapping=lerbef").json
    assert body["greater_or_equal"] is (destination >= start)
    assert body["verdict"] == ("left" if destination >= start else "right")


@pytest.mark.parametrize(
    "letter,lines",
    [
        ("R", ["rank", "file"]),
        ("b", ["diagonal", "anti_diagonal"]),
        ("Q", ["rank", "file", "diagonal", "anti_diagonal"]),
        ("N", []),
        ("k", []),
        ("P", []),
    ],
)
def test_position_names_the_lines_of_a_slider(client, letter, lines):
    selected = client.get(f"/api/position?fen=8/8/8/8/3{letter}4/8/8/8&square=d4").json["selected"]
    assert selected["lines"] == lines
    # An empty square: nothing to move, an empty board of moves.
    assert client.get("/api/position?fen=8/8/8/8/8/8/8/8&square=d4").json["selected"] == {
        "square": "d4", "piece": None, "moves": [], "captures": [], "promotions": [], "bitboard": "0x" + "0" * 16, "slider": None,
        "lines": [],
    }  # fmt: skip


@pytest.mark.parametrize("sq", range(64), ids=NAMES)
def test_color_working_bits(client, sq):
    w = client.get(f"/api/color?sq={sq}").json["working"]
    assert w["lookup_bit"] == int(bool(chess.BB_DARK_SQUARES & chess.BB_SQUARES[sq]))
    assert w["lookup_bit"] == int(w["lookup_shifted"], 16) & 1
    assert w["shifted32_bit"] == (0xAA55AA55 >> (sq & 31)) & 1 == int(w["shifted32"], 16) & 1
    x88 = 16 * chess.square_rank(sq) + chess.square_file(sq)
    assert w["x88_shifted_bit"] == (0x00AA0055 >> (x88 & 31)) & 1 == int(w["x88_shifted"], 16) & 1
    assert w["square_shr3_plus_square"] == chess.square_rank(sq) + sq
    rank, file = chess.square_rank(sq), chess.square_file(sq)
    assert (
        w
        == {  # every number the page shows, each from its own definition
            "square": sq,
            "x88square": x88,
            "square_shr3": rank,
            "anti_diagonal_index": rank + file,
            "lookup_shift": sq,
            "lookup_shifted": hex(0xAA55AA55AA55AA55 // 2**sq),
            "lookup_bit": w["lookup_bit"],
            "shift_mod32": sq % 32,
            "shifted32": hex(0xAA55AA55 // 2 ** (sq % 32)),
            "shifted32_bit": w["shifted32_bit"],
            "x88_shift_mod32": x88 % 32,
            "x88_shifted": hex(0x00AA0055 // 2 ** (x88 % 32)),
            "x88_shifted_bit": w["x88_shifted_bit"],
            "square_shr3_plus_square": rank + sq,
            "square_shr3_minus_square": rank - sq,
            "square_shr3_minus_square_bit": (sq - rank) % 2,  # the parity of a difference, whatever its sign
            "square_shr3_xor_square": rank ^ sq,
            "square_shr3_xor_square_bit": (rank + sq) % 2,  # bit 0 of a XOR is bit 0 of the sum
            "nine_sq": sq * 9,
            "nine_sq_plus8": sq * 9 + 8,
            "nine_sq_binary": bin(sq * 9)[2:].zfill(10),
            "nine_sq_plus8_binary": bin(sq * 9 + 8)[2:].zfill(10),
            "nine_sq_plus8_bit3": (sq * 9 + 8) // 8 % 2,
            "nine_sq_and8": 8 * ((sq * 9) // 8 % 2),
        }
    )


@pytest.mark.parametrize("slug", ["msb", "propagation", "game", "squares"])
def test_pages_carry_the_devlogs_values(client, slug):
    html = client.get(f"/chapter/{slug}").data.decode()
    devlog = json.loads(re.search(r"data-devlog='([^']*)'", html).group(1))
    assert devlog["fen"] == DEVLOG_FEN  # the devlog's Final Result
    assert devlog["occupancy"]["lerbef"] == "0x1000804200000010"  # bit-propagation.js
    lerf = int(devlog["occupancy"]["lerf"], 16)
    assert {NAMES[sq] for sq in chess.SquareSet(lerf)} == set(
        client.get("/api/bitboard?value=0x1000804200000010&mapping=lerbef").json["squares"]
    )
