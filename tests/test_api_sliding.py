"""The sliding endpoints over HTTP: shapes, both mappings, the devlog's examples, every /api/slide
step against its formula on a sample, bad input (always a 400 naming the parameter)."""

import random

import chess
import pytest

from chessviz.squares import BB_ALL, SQUARE_NAMES, bit_of, convert, line_mask

from devlog_facts import DEVLOG_FEN
from oracle import walked_mask
from sliding_oracle import DIRECTIONS, python_chess_attacks, rev, walked_rays


def sum_of(boards):
    """Return the union of some bitboards."""
    union = 0
    for board in boards:
        union |= board
    return union


def bb(text):
    return int(text, 16)


def test_ray_matches_python_chess_between_for_every_aligned_pair(client):
    for a in range(64):
        for b in range(64):
            if a == b or not chess.BB_RAYS[a][b]:
                continue
            mapping = "lerbef" if (a + b) % 2 else "lerf"
            body = client.get(f"/api/ray?from={SQUARE_NAMES[a]}&to={SQUARE_NAMES[b]}&mapping={mapping}").json
            assert convert(bb(body["ray"]), mapping, "lerf") == chess.between(a, b) | chess.BB_SQUARES[a] | chess.BB_SQUARES[b]
            assert body["squares"][0] == SQUARE_NAMES[a] and body["squares"][-1] == SQUARE_NAMES[b]
            assert len(body["steps"]) == chess.square_distance(a, b) + 1
            # What the page draws at step i: the squares walked so far, a first, from the squares named.
            walked = [chess.parse_square(name) for name in body["squares"]]
            so_far = [convert(bb(ray), mapping, "lerf") for ray in body["so_far"]]
            assert so_far == [sum(chess.BB_SQUARES[s] for s in walked[: i + 1]) for i in range(len(walked))]


def test_ray_c4_g4_lerbef(client):
    body = client.get("/api/ray?from=c4&to=g4&mapping=lerbef").json
    assert (body["line"], body["operator"], body["shift"]) == ("rank", ">>", 1)
    assert body["squares"] == ["c4", "d4", "e4", "f4", "g4"]
    body = client.get("/api/ray?from=a1&to=h8&mapping=lerbef").json
    assert (body["line"], body["operator"], body["shift"]) == ("diagonal", "<<", 7)
    body = client.get("/api/ray?from=a1&to=h8").json
    assert body["shift"] == 9


@pytest.mark.parametrize("query", ["from=c4&to=d7", "from=c4&to=c4", "from=a1&to=b3", "from=h1&to=a2"])
def test_ray_refuses_squares_off_one_line(client, query):
    response = client.get("/api/ray?" + query)
    assert response.status_code == 400
    assert response.json["error"]["code"] == "not_aligned" and response.json["error"]["param"] == "to"


def test_devlog_ray_steps_carry_the_shifted_bit_and_what_is_collected(client):
    """Each step's board is its bit (none past bit 63 or once 0), and so_far the on-board bits so far."""
    rng = random.Random("devlog-steps")
    cases = [("c4", "d7", "8"), ("d7", "c4", "8"), ("h4", "a5", "1"), ("c4", "g4", "1"), ("a1", "h8", "9")]
    cases += [(SQUARE_NAMES[rng.randrange(64)], SQUARE_NAMES[rng.randrange(64)], rng.choice("1789")) for _ in range(200)]
    for a, b, shift in cases:
        body = client.get(f"/api/devlog-ray?from={a}&to={b}&shift={shift}&mapping=lerbef").json
        collected = 0
        for step in body["steps"]:
            on_board = step["bit"] is not None and step["bit"] < 64
            assert step["value"] == (f"0x{1 << step['bit']:016x}" if on_board else None), (a, b, shift, step)
            collected |= (1 << step["bit"]) if on_board else 0
            assert bb(step["so_far"]) == collected
        assert body["steps"][-1]["so_far"] == body["ray"]


def test_devlog_ray_reports_the_printed_loops_failures(client):
    body = client.get("/api/devlog-ray?from=c4&to=d7&shift=8").json
    assert body["outcome"] == "left_64_bits" and body["steps"][-1]["bit"] >= 64
    body = client.get("/api/devlog-ray?from=d7&to=c4&shift=8").json
    assert body["outcome"] == "never_ends" and body["steps"][-1]["bit"] is None
    body = client.get("/api/devlog-ray?from=h4&to=a5").json
    assert (body["outcome"], body["wrapped"], body["ray_squares"]) == ("reached", True, ["h4", "a5"])


def test_compare_follows_the_devlog_sketch(client):
    # The sketch's strip: destination leftmost, start rightmost, one rank, lerbef.
    body = client.get("/api/compare?destination=0x80&start=0x01&mapping=lerbef").json
    assert (body["verdict"], body["meaningful"], body["verdict_correct"]) == ("left", True, True)
    assert body["destination"]["msb_square"] == "a1" and body["start"]["msb_square"] == "h1"
    # The same squares in lerf: the rule is mirrored.
    body = client.get("/api/compare?destination=0x01&start=0x80&mapping=lerf").json
    assert (body["verdict"], body["meaningful"], body["verdict_correct"]) == ("right", False, False)
    # More than one bit: the comparison follows the most significant bit only.
    body = client.get("/api/compare?destination=0x81&start=0x40&mapping=lerbef").json
    assert body["meaningful"] is False and "2 bits" in body["reason"]


def test_subtract(client):
    body = client.get("/api/subtract?minuend=0x40&subtrahend=0x2").json
    assert (body["difference"], body["borrows"], body["wrapped"]) == ("0x000000000000003e", "0x000000000000003e", False)
    body = client.get("/api/subtract?minuend=0&subtrahend=1").json
    assert (body["difference"], body["wrapped"]) == ("0xffffffffffffffff", True)


def test_slide_devlog_example_and_contract_ids(client):
    body = client.get("/api/slide?sq=f4&occupied=0x1000804200000010&line=rank&mapping=lerbef").json
    ids = [s["id"] for s in body["steps"]]
    for required in ["o", "r", "m", "o_minus_r", "o_minus_r_masked", "b", "b_minus_r_masked", "positive", "negative", "attacks"]:
        assert required in ids
    v = {s["id"]: bb(s["value"]) for s in body["steps"]}
    assert v["o_minus_r"] == 0x10008041FC000010
    assert v["m"] == 0xFF000000
    assert all(len(s["value"]) == 18 and s["formula"] and s["label"] for s in body["steps"])
    assert body["negative_as_printed_correct"] is False


def test_slide_ignores_the_sliders_own_bit(client):
    with_slider = client.get("/api/slide?sq=e4&occupied=0x10000001&line=rank").json
    without = client.get("/api/slide?sq=e4&occupied=0x1&line=rank").json
    assert with_slider["steps"] == without["steps"]


def test_attacks_over_http_sample_both_mappings(client):
    rng = random.Random("http")
    for _ in range(400):
        sq, occupied, own = rng.randrange(64), rng.getrandbits(64), rng.getrandbits(64)
        piece = rng.choice(["rook", "bishop", "queen"])
        mapping = rng.choice(["lerf", "lerbef"])
        body = client.get(
            f"/api/attacks?piece={piece}&sq={sq}&occupied={convert(occupied, 'lerf', mapping)}"
            f"&own={convert(own, 'lerf', mapping)}&mapping={mapping}"
        ).json
        board = chess.BaseBoard(None)
        for s in chess.SquareSet(occupied):
            board.set_piece_at(s, chess.Piece(chess.PAWN, chess.BLACK))
        board.set_piece_at(
            sq, chess.Piece({"rook": chess.ROOK, "bishop": chess.BISHOP, "queen": chess.QUEEN}[piece], chess.WHITE)
        )
        expected = board.attacks_mask(sq)
        assert convert(bb(body["attacks"]), mapping, "lerf") == expected
        assert convert(bb(body["moves"]), mapping, "lerf") == expected & ~own
        kinds = {
            "rook": {"rank", "file"},
            "bishop": {"diagonal", "anti_diagonal"},
            "queen": {"rank", "file", "diagonal", "anti_diagonal"},
        }[piece]
        assert set(body["lines"]) == kinds
        union = 0
        for kind, rays in body["lines"].items():
            positive, negative = bb(rays["positive"]), bb(rays["negative"])
            mask = line_mask(sq, kind, mapping)
            assert positive & mask == positive and negative & mask == negative
            bit = 1 << (sq ^ 7 if mapping == "lerbef" else sq)
            # Every positive bit above the slider's, every negative bit below, each ray exactly the walked one.
            assert positive & ((bit << 1) - 1) == 0 and negative & ~(bit - 1) == 0, (kind, SQUARE_NAMES[sq], mapping)
            walked = walked_rays(sq, kind, occupied, mapping)
            assert (convert(positive, mapping, "lerf"), convert(negative, mapping, "lerf")) == walked, (kind, SQUARE_NAMES[sq])
            union |= positive | negative
        assert union == bb(body["attacks"])
        # The unions the pages draw: every line's rays walked, and the own pieces attacked.
        walked = [walked_rays(sq, kind, occupied, mapping) for kind in kinds]
        assert convert(bb(body["positive"]), mapping, "lerf") == sum_of(p for p, _ in walked)
        assert convert(bb(body["negative"]), mapping, "lerf") == sum_of(n for _, n in walked)
        assert convert(bb(body["own_attacked"]), mapping, "lerf") == expected & own


def test_position_and_move_devlog_final_position(client):
    body = client.get(f"/api/position?fen={DEVLOG_FEN}&square=d4&mapping=lerbef").json
    assert body["fen"] == DEVLOG_FEN
    assert body["pieces"]["d4"] == "q" and body["pieces"]["h1"] == "R" and len(body["pieces"]) == 11
    board = chess.BaseBoard(DEVLOG_FEN)
    assert convert(bb(body["occupied"]), "lerbef", "lerf") == board.occupied
    assert convert(bb(body["white"]), "lerbef", "lerf") == board.occupied_co[chess.WHITE]
    assert convert(bb(body["black"]), "lerbef", "lerf") == board.occupied_co[chess.BLACK]
    game = chess.Board(None)
    game.set_board_fen(DEVLOG_FEN)
    game.turn = chess.BLACK
    expected = sorted({m.to_square for m in game.generate_pseudo_legal_moves(from_mask=chess.BB_SQUARES[27])})
    assert body["selected"]["moves"] == [SQUARE_NAMES[s] for s in expected]
    assert convert(bb(body["selected"]["bitboard"]), "lerbef", "lerf") == sum(1 << s for s in expected)
    # The targets the board marks as captures: python-chess's capturing moves.
    for square, piece in body["pieces"].items():
        selected = client.get(f"/api/position?fen={DEVLOG_FEN}&square={square}").json["selected"]
        game.turn = piece.isupper()
        takes = sorted(
            {m.to_square for m in game.generate_pseudo_legal_captures(from_mask=chess.BB_SQUARES[chess.parse_square(square)])}
        )
        assert selected["captures"] == [SQUARE_NAMES[s] for s in takes], square
    assert client.get(f"/api/position?fen={DEVLOG_FEN}&square=e4").json["selected"]["captures"] == []
    game.turn = chess.BLACK
    moved = client.get(f"/api/move?fen={DEVLOG_FEN}&from=d4&to=d7").json
    game.push(chess.Move(27, 51))
    assert moved["fen"] == game.board_fen() and moved["captured"] == "P"
    # Free mode: white moves right after black, whatever the side to move.
    again = client.get(f"/api/move?fen={moved['fen']}&from=b3&to=g3").json
    assert again["captured"] == "p" and again["piece"] == "Q"


def test_position_accepts_a_whole_fen_and_kingless_boards(client):
    body = client.get("/api/position?fen=rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1&square=g1").json
    assert body["selected"]["moves"] == ["f3", "h3"]
    assert client.get("/api/position?fen=8/8/8/8/8/8/8/8").status_code == 200


@pytest.mark.parametrize(
    "path,code,param",
    [
        ("/api/ray?from=c4", "missing_parameter", "to"),
        ("/api/ray?from=c4&to=i9", "invalid_square", "to"),
        ("/api/ray?from=c4&to=g4&mapping=rank", "invalid_parameter", "mapping"),
        ("/api/devlog-ray?from=c4&to=g4&shift=2", "invalid_parameter", "shift"),
        ("/api/slide?sq=e4&occupied=18446744073709551616", "invalid_bitboard", "occupied"),
        ("/api/slide?sq=e4&occupied=-1", "invalid_bitboard", "occupied"),
        ("/api/slide?sq=e4&occupied=0x" + "f" * 17, "invalid_bitboard", "occupied"),
        ("/api/slide?sq=e4&line=diag", "invalid_parameter", "line"),
        ("/api/slide?sq=e4&sq=e5", "invalid_parameter", "sq"),
        ("/api/attacks?piece=king&sq=e4", "invalid_parameter", "piece"),
        ("/api/attacks?piece=rook&sq=e4&own=0x1g", "invalid_bitboard", "own"),
        ("/api/compare?destination=1", "missing_parameter", "start"),
        ("/api/subtract?minuend=1&subtrahend=" + "9" * 1000, "invalid_bitboard", "subtrahend"),
        ("/api/position", "missing_parameter", "fen"),
        ("/api/position?fen=", "missing_parameter", "fen"),
        ("/api/position?fen=8/8/8/8/8/8/8", "invalid_fen", "fen"),
        ("/api/position?fen=8/8/8/8/8/8/8/p8", "invalid_fen", "fen"),
        ("/api/position?fen=8/8/8/8/8/8/8/Z7", "invalid_fen", "fen"),
        ("/api/position?fen=" + "r" * 10240, "invalid_fen", "fen"),
        ("/api/position?fen=8/8/8/8/8/8/8/8&square=z1", "invalid_square", "square"),
        (f"/api/move?fen={DEVLOG_FEN}&from=e4&to=e5", "illegal_move", "from"),
        (f"/api/move?fen={DEVLOG_FEN}&from=d4&to=d8", "illegal_move", "to"),
        (f"/api/move?fen={DEVLOG_FEN}&from=d7&to=d8&promotion=k", "invalid_parameter", "promotion"),
        (f"/api/move?fen={DEVLOG_FEN}&from=d7", "missing_parameter", "to"),
    ],
)
def test_bad_input(client, path, code, param):
    response = client.get(path)
    assert response.status_code == 400, response.json
    assert response.json["error"]["code"] == code and response.json["error"]["param"] == param
    assert len(response.json["error"]["message"]) < 400


@pytest.mark.parametrize(
    "path",
    ["/api/ray", "/api/slide", "/api/attacks", "/api/position", "/api/move", "/api/compare", "/api/subtract", "/api/devlog-ray"],
)
def test_wrong_method(client, path):
    response = client.post(path)
    assert response.status_code == 405 and response.json["error"]["code"] == "method_not_allowed"


CONTRACT_STEP_IDS = ["o", "r", "m", "o_minus_r", "o_minus_r_masked", "b", "b_minus_r_masked", "positive", "negative", "attacks"]


def expected_steps(sq, occupied, line, mapping):
    """Every step of /api/slide recomputed from its formula, here, with plain Python ints."""
    M = 1 << 64
    r = 1 << bit_of(sq, mapping)
    o = occupied & ~r
    m = line_mask(sq, line, mapping)
    b = o & m
    positive = ((b - 2 * r) % M ^ o) & m
    negative = rev(((rev(b) - 2 * rev(r)) % M) ^ rev(o)) & m
    return {
        "o": o,
        "r": r,
        "m": m,
        "o_minus_r": (o - r) % M,
        "o_minus_r_masked": (o - r) % M & m,
        "b": b,
        "b_minus_r_masked": (b - r) % M & m,
        "two_r": 2 * r % M,
        "b_minus_2r": (b - 2 * r) % M,
        "b_minus_2r_xor_o": (b - 2 * r) % M ^ o,
        "positive": positive,
        "rev_o": rev(o),
        "rev_b": rev(b),
        "rev_r": rev(r),
        "rev_b_minus_2rev_r": (rev(b) - 2 * rev(r)) % M,
        "rev_xor": ((rev(b) - 2 * rev(r)) % M) ^ rev(o),
        "negative": negative,
        "negative_as_printed": rev(((rev(b) - 2 * rev(r)) % M) ^ o) & m,
        "attacks": positive | negative,
    }


def test_slide_every_step_over_http_equals_its_formula_and_the_walked_rays(client):
    rng = random.Random("slide-http")
    cases = [(sq, 0, line, mapping) for sq in (0, 7, 27, 56, 63) for line in DIRECTIONS for mapping in ("lerf", "lerbef")]
    cases += [
        (rng.randrange(64), rng.getrandbits(64), rng.choice(list(DIRECTIONS)), rng.choice(("lerf", "lerbef"))) for _ in range(300)
    ]
    cases += [(sq, BB_ALL, "rank", "lerbef") for sq in range(64)]
    for sq, occupied, line, mapping in cases:
        body = client.get(f"/api/slide?sq={SQUARE_NAMES[sq]}&occupied={hex(occupied)}&line={line}&mapping={mapping}").json
        ids = [step["id"] for step in body["steps"]]
        assert [i for i in ids if i in CONTRACT_STEP_IDS] == CONTRACT_STEP_IDS  # present, in the contract's order
        assert len(set(ids)) == len(ids)
        expected = expected_steps(sq, occupied, line, mapping)
        assert {step["id"]: bb(step["value"]) for step in body["steps"]} == expected, (
            SQUARE_NAMES[sq],
            line,
            mapping,
            hex(occupied),
        )
        assert all(step["value"] == f"0x{bb(step['value']):016x}" and step["label"] and step["formula"] for step in body["steps"])
        lerf_occupied = convert(occupied, mapping, "lerf")
        assert (convert(expected["positive"], mapping, "lerf"), convert(expected["negative"], mapping, "lerf")) == walked_rays(
            sq, line, lerf_occupied, mapping
        )
        # What the pages mark: the bits o - r has and o has not, and where the two masked results differ.
        assert bb(body["o_minus_r_turned_on"]) == expected["o_minus_r"] & ~expected["o"] & BB_ALL
        differs = {s for s in range(64) if (expected["o_minus_r_masked"] ^ expected["b_minus_r_masked"]) >> s & 1}
        assert {s for s in range(64) if bb(body["masking_differs"]) >> s & 1} == differs
        # The devlog's section on positive and negative rays, as it writes p and n: each the slider,
        # the empty squares of its ray (not the blocker that ends it) and the line's other blockers.
        section = {name: convert(bb(value), mapping, "lerf") for name, value in body["rays_section"].items()}
        positive, negative = walked_rays(sq, line, lerf_occupied, mapping)
        r, b = 1 << sq, lerf_occupied & walked_mask(sq, line) & ~(1 << sq)
        assert section["p"] == r | (positive & ~b) | (b & ~positive), (SQUARE_NAMES[sq], line, mapping)
        assert section["n"] == r | (negative & ~b) | (b & ~negative), (SQUARE_NAMES[sq], line, mapping)
        rev_b, rev_r = rev(expected["b"]), rev(expected["r"])
        assert bb(body["rays_section"]["rev_b_minus_rev_r"]) == (rev_b - rev_r) % (1 << 64)


def test_slide_formulas_are_written_for_students(client):
    steps = client.get("/api/slide?sq=e4&occupied=0x1&line=file").json["steps"]
    formulas = {step["id"]: step["formula"] for step in steps}
    assert formulas["o_minus_r_masked"] == "(o - r) & m"
    assert formulas["b_minus_r_masked"] == "(b - r) & m"
    assert "(b - 2r) ^ o" in formulas["positive"] and "rev(o)" in formulas["negative"]


def test_an_occupancy_holding_the_slider_is_accepted_and_the_slider_ignored(client):
    for piece in ("rook", "bishop", "queen"):
        for mapping in ("lerf", "lerbef"):
            e4 = 1 << bit_of(28, mapping)
            other = convert(0x0000100000200400, "lerf", mapping)
            with_slider = client.get(f"/api/attacks?piece={piece}&sq=e4&occupied={hex(other | e4)}&mapping={mapping}")
            without = client.get(f"/api/attacks?piece={piece}&sq=e4&occupied={hex(other)}&mapping={mapping}")
            assert with_slider.status_code == 200
            assert with_slider.json == without.json
            assert convert(bb(with_slider.json["attacks"]), mapping, "lerf") == python_chess_attacks(
                piece, 28, 0x0000100000200400
            )
    slide = client.get("/api/slide?sq=e4&occupied=0x10000000&line=rank").json
    assert {s["id"]: s["value"] for s in slide["steps"]}["o"] == "0x0000000000000000"


def test_not_aligned_says_which_lines_fail(client):
    # c4 is rank 3, file 2 and d7 rank 6, file 3, counted from 0: differences 1 and 3, sums 5 and 9.
    assert client.get("/api/ray?from=c4&to=d7").json["error"] == {
        "code": "not_aligned",
        "param": "to",
        "message": "c4 and d7 share no line: not a rank (ranks 4 and 7), not a file (c and d), not a diagonal "
        "(rank - file is 1 on c4, 3 on d7), not an anti-diagonal (rank + file is 5 on c4, 9 on d7; ranks and files counted "
        "from 0); "
        "no shift of 1, 7, 8 or 9 walks from one to the other along the board",
    }
    assert client.get("/api/ray?from=e4&to=e4").json["error"] == {
        "code": "not_aligned",
        "param": "to",
        "message": "both squares are e4; a ray needs two different squares",
    }


def test_move_reports_the_promotion(client):
    fen = "8/3P4/8/8/8/8/8/8"
    assert client.get(f"/api/move?fen={fen}&from=d7&to=d8").json["promotion"] == "Q"
    assert client.get(f"/api/move?fen={fen}&from=d7&to=d8&promotion=n").json["fen"] == "3N4/8/8/8/8/8/8/8"
    assert client.get(f"/api/move?fen={DEVLOG_FEN}&from=d4&to=d7").json["promotion"] is None


def test_compare_says_whether_both_boards_hold_one_bit(client):
    assert client.get("/api/compare?destination=0x80&start=0x1&mapping=lerbef").json["single_bits"] is True
    body = client.get("/api/compare?destination=0&start=0x1").json
    assert (body["single_bits"], body["meaningful"], body["destination"]["msb_square"]) == (False, False, None)


@pytest.mark.parametrize(
    "path,code,param",
    [
        ("/api/ray?from=c4&to=c4", "not_aligned", "to"),
        ("/api/ray?from=c4&to=g4&to=h4", "invalid_parameter", "to"),
        ("/api/ray?to=g4", "missing_parameter", "from"),
        ("/api/slide?occupied=0x1", "missing_parameter", "sq"),
        ("/api/slide?sq=e4&occupied=0x10000000000000000", "invalid_bitboard", "occupied"),
        ("/api/slide?sq=e4&occupied=-0x1", "invalid_bitboard", "occupied"),
        ("/api/slide?sq=e4&occupied=1e5", "invalid_bitboard", "occupied"),
        ("/api/attacks?sq=e4", "missing_parameter", "piece"),
        ("/api/attacks?piece=rook&sq=e4&occupied=18446744073709551616", "invalid_bitboard", "occupied"),
        ("/api/attacks?piece=rook&sq=e4&occupied=1&occupied=2", "invalid_parameter", "occupied"),
        ("/api/attacks?piece=rook&sq=e4&mapping=LERF", "invalid_parameter", "mapping"),
        ("/api/devlog-ray?from=c4", "missing_parameter", "to"),
        ("/api/compare?destination=0x1&start=-1", "invalid_bitboard", "start"),
        ("/api/subtract?minuend=0x10000000000000000&subtrahend=1", "invalid_bitboard", "minuend"),
        ("/api/subtract?minuend=1&minuend=2&subtrahend=1", "invalid_parameter", "minuend"),
        ("/api/position?fen=8/8/8/8/8/8/8/8&fen=8/8/8/8/8/8/8/8", "invalid_parameter", "fen"),
        ("/api/position?fen=%20", "invalid_fen", "fen"),
        ("/api/position?fen=8/8/8/8/8/8/8/Q~7", "invalid_fen", "fen"),
        ("/api/position?fen=8/8/8/8/8/8/8/pppppppp1", "invalid_fen", "fen"),
        ("/api/position?fen=8/8/8/8/8/8/8/8/8", "invalid_fen", "fen"),
        ("/api/position?fen=8/8/8/8/8/8/8/8%20x%20-%20-%200%201", "invalid_fen", "fen"),
        ("/api/move?fen=8/8/8/8/8/8/8/8&from=e4&to=e5", "illegal_move", "from"),
        (f"/api/move?fen={DEVLOG_FEN}&from=d4&to=d4", "illegal_move", "to"),
        (f"/api/move?fen={DEVLOG_FEN}&from=d7&to=d8&promotion=x", "invalid_parameter", "promotion"),
        (f"/api/move?fen={DEVLOG_FEN}&from=d7&to=d8&promotion=Q", "invalid_parameter", "promotion"),
        (f"/api/move?fen={DEVLOG_FEN}&from=d4&to=d7&from=d4", "invalid_parameter", "from"),
        ("/api/move?from=d4&to=d7", "missing_parameter", "fen"),
    ],
)
def test_more_bad_input(client, path, code, param):
    response = client.get(path)
    assert response.status_code == 400, response.json
    assert response.json["error"]["code"] == code and response.json["error"]["param"] == param
    assert response.json["error"]["message"]


def test_openapi_documents_the_sliding_endpoints(client):
    paths = client.get("/api/openapi.json").json["paths"]
    for path in (
        "/api/ray",
        "/api/slide",
        "/api/attacks",
        "/api/position",
        "/api/move",
        "/api/compare",
        "/api/subtract",
        "/api/devlog-ray",
    ):
        assert paths[path]["get"]["tags"] == ["sliding"], path


JUNK = [
    "",
    " ",
    "0x",
    "0X1F",
    "00",
    " e4 ",
    "E4",
    "-0",
    "+1",
    "1.5",
    "é",
    "\u0661",
    "%00",
    "x" * 5000,
    "9" * 25,
    "8/8/8/8/8/8/8/8",
    "rank",
    "q",
    "lerbef",
    "63",
    "64",
    "nan",
]
VALID = {
    "from": "c4",
    "to": "g4",
    "sq": "f4",
    "occupied": "0x1000804200000010",
    "line": "rank",
    "mapping": "lerbef",
    "piece": "queen",
    "own": "0x1",
    "destination": "0x80",
    "start": "0x1",
    "minuend": "0x40",
    "subtrahend": "0x2",
    "shift": "1",
    "fen": DEVLOG_FEN,
    "square": "d4",
    "promotion": "q",
}
ENDPOINT_PARAMS = {
    "/api/ray": ["from", "to", "mapping"],
    "/api/devlog-ray": ["from", "to", "shift", "mapping"],
    "/api/slide": ["sq", "occupied", "line", "mapping"],
    "/api/attacks": ["piece", "sq", "occupied", "own", "mapping"],
    "/api/compare": ["destination", "start", "mapping"],
    "/api/subtract": ["minuend", "subtrahend"],
    "/api/position": ["fen", "square", "mapping"],
    "/api/move": ["fen", "from", "to", "promotion"],
}


@pytest.mark.parametrize("path", sorted(ENDPOINT_PARAMS))
def test_junk_in_any_parameter_is_a_400_naming_it_or_a_200_never_a_500(client, path):
    from urllib.parse import urlencode

    for name in ENDPOINT_PARAMS[path]:
        for junk in JUNK:
            query = {p: VALID[p] for p in ENDPOINT_PARAMS[path]}
            query[name] = junk
            if path == "/api/move":
                query.update({"from": "d7", "to": "d8"} if name not in ("from", "to") else {})
            response = client.get(path + "?" + urlencode(query))
            assert response.status_code in (200, 400), (path, name, junk[:20], response.status_code)
            assert response.is_json
            if response.status_code == 400:
                assert set(response.json["error"]) == {"code", "message", "param"}
                error = response.json["error"]
                if error["code"] in ("not_aligned", "illegal_move"):
                    # An error of the squares together (no line, no such move) names the parameter the contract says.
                    assert error["param"] in ("to", "from", "promotion"), (path, name, junk[:20], error)
                else:
                    assert error["param"] == name, (path, name, junk[:20], error)
