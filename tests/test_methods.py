"""Every slider method (chessviz.methods) against python-chess on all 64 squares, rook, bishop and queen,
with empty, full, edge and random occupancies in both mappings; each step's formula evaluated gives
its value; operation counts and table memory against definitions written here from the wiki's code."""

from __future__ import annotations

import functools
import random
import re

import chess
import pytest

from chessviz.errors import ChessvizError
from chessviz.methods import ATTACKS, METHODS, lower_upper, methods_answer, table_bytes, trace
from chessviz.methods_geometry import DIRECTIONS, PIECE_DIRECTIONS, rays
from chessviz.methods_magic import square_magics, tables
from chessviz.sliding import attacks, hyperbola_attacks
from chessviz.squares import BB_ALL, SQUARE_NAMES, bit_of, convert, line_mask

from sliding_oracle import EDGES, MAPPINGS, mapped, python_chess_attacks

PIECES = ("rook", "bishop", "queen")
RING = 0x0000003828380000  # the eight squares round e4, in LERF


def pc_attacks(piece: str, sq: int, occupied: int) -> int:
    """python-chess's attack tables for a slider on sq (LERF), its own bit ignored."""
    occupied &= ~chess.BB_SQUARES[sq]
    found = 0
    if piece in ("rook", "queen"):
        found |= chess.BB_RANK_ATTACKS[sq][chess.BB_RANK_MASKS[sq] & occupied]
        found |= chess.BB_FILE_ATTACKS[sq][chess.BB_FILE_MASKS[sq] & occupied]
    if piece in ("bishop", "queen"):
        found |= chess.BB_DIAG_ATTACKS[sq][chess.BB_DIAG_MASKS[sq] & occupied]
    return found


def edge_and_random(rng: random.Random, sq: int, count: int) -> list[int]:
    """Empty, full, the edges only, the ring round the square, the slider's own bit, and `count` random boards."""
    ring = chess.BB_KING_ATTACKS[sq]
    boards = [0, BB_ALL, EDGES, ring, ring | EDGES, 1 << sq, EDGES & ~(1 << sq)]
    for _ in range(count):
        density = rng.choice((0.1, 0.25, 0.5, 0.8))
        boards.append(sum(1 << i for i in range(64) if rng.random() < density))
    return boards


@pytest.mark.parametrize("piece", PIECES)
@pytest.mark.parametrize("mapping", MAPPINGS)
def test_every_method_s_plain_attacks_equal_python_chess_on_every_square(piece, mapping):
    rng = random.Random(f"plain-{piece}-{mapping}")
    for sq in range(64):
        for occupied in edge_and_random(rng, sq, 40):
            expected = pc_attacks(piece, sq, occupied)
            mapped = convert(occupied, "lerf", mapping)
            for method, attacks_of in ATTACKS.items():
                got = convert(attacks_of(piece, sq, mapped, mapping), mapping, "lerf")
                assert got == expected, (method, piece, SQUARE_NAMES[sq], mapping, hex(occupied))


@pytest.mark.parametrize("piece", PIECES)
@pytest.mark.parametrize("mapping", MAPPINGS)
def test_every_method_s_trace_ends_in_python_chess_s_attacks(piece, mapping):
    rng = random.Random(f"trace-{piece}-{mapping}")
    for sq in range(64):
        for occupied in edge_and_random(rng, sq, 3):
            expected = convert(pc_attacks(piece, sq, occupied), "lerf", mapping)
            mapped = convert(occupied, "lerf", mapping)
            for method in METHODS:
                steps = trace(method, piece, sq, mapped, mapping).steps
                assert steps[-1]["id"] == "attacks" and steps[-1]["value"] == expected, (method, SQUARE_NAMES[sq], hex(occupied))


def test_python_chess_s_tables_are_its_board_s_attacks():
    """The oracle above is python-chess's own tables; its board's attacks_mask agrees with them."""
    rng = random.Random("oracle")
    for piece in PIECES:
        for sq in range(64):
            occupied = rng.getrandbits(64) & rng.getrandbits(64)
            assert pc_attacks(piece, sq, occupied) == python_chess_attacks(piece, sq, occupied)


@pytest.mark.parametrize("mapping", MAPPINGS)
def test_the_engine_s_lookup_and_o_minus_2r_agree_on_every_square_and_many_occupancies(mapping):
    """/api/attacks answers by magic lookup now; the devlog's o^(o-2r) stays, and the two agree,
    lines and rays included."""
    rng = random.Random(f"engine-{mapping}")
    for sq in range(64):
        for occupied in edge_and_random(rng, sq, 60):
            mapped = convert(occupied, "lerf", mapping)
            for piece in PIECES:
                total, lines = hyperbola_attacks(piece, sq, mapped, mapping)
                answer = attacks(piece, sq, mapped, 0, mapping)
                assert answer["attacks"] == total, (piece, SQUARE_NAMES[sq], hex(occupied))
                assert {line: (r["positive"], r["negative"]) for line, r in answer["lines"].items()} == lines


# --- the answer's parts: all equal, magic's and PEXT's numbers, the queen's two halves -----------------


def magic_index(occupied, mask, magic, shift):
    return ((occupied & mask) * magic & BB_ALL) >> shift


def pext_by_hand(value, mask):
    """The bits of value under mask, low to high, as a string of binary digits read backwards."""
    digits = [str(value >> b & 1) for b in range(64) if mask >> b & 1]
    return int("".join(reversed(digits)) or "0", 2)


def relevant_mask(kind, sq):
    """python-chess's masks are the relevant occupancy: the lines without the square and the edges."""
    if kind == "rook":
        return chess.BB_RANK_MASKS[sq] | chess.BB_FILE_MASKS[sq]
    return chess.BB_DIAG_MASKS[sq]


@pytest.mark.parametrize("mapping", MAPPINGS)
def test_magic_and_pext_give_the_mask_the_magic_and_an_index_on_the_request_s_bits(mapping):
    rng = random.Random(f"parts-{mapping}")
    for sq in range(0, 64, 3):
        occupied = convert(rng.getrandbits(64) & rng.getrandbits(64), "lerf", mapping)
        for piece in PIECES:
            answer = methods_answer(piece, sq, occupied, mapping)
            assert {m["attacks"] for m in answer["methods"].values()} == {answer["attacks"]}
            kinds = ("rook", "bishop") if piece == "queen" else (piece,)
            for kind in kinds:
                magic = answer["methods"]["magic"][kind] if piece == "queen" else answer["methods"]["magic"]
                pext = answer["methods"]["pext"][kind] if piece == "queen" else answer["methods"]["pext"]
                mask = convert(relevant_mask(kind, sq), "lerf", mapping)
                assert int(magic["mask"], 16) == int(pext["mask"], 16) == mask
                assert magic["shift"] == 64 - bin(mask).count("1")
                assert magic["index"] == magic_index(occupied, mask, int(magic["magic"], 16), magic["shift"])
                assert pext["index"] == pext_by_hand(occupied, mask)
            if piece == "queen":
                assert "mask" not in answer["methods"]["magic"] and "index" not in answer["methods"]["pext"]


def test_a_lerbef_magic_is_a_magic_of_lerbef_s_numbering():
    """The same square's mask differs between the mappings, and so does its magic."""
    for kind in ("rook", "bishop"):
        for sq in range(64):
            lerf, lerbef = square_magics(kind, "lerf")[sq], square_magics(kind, "lerbef")[bit_of(sq, "lerbef")]
            assert lerbef.mask == convert(lerf.mask, "lerf", "lerbef")
            assert lerbef.shift == lerf.shift


# --- operations and memory, by definitions written from the wiki's code -------------------------------


def walked(sq, dr, df):
    r, f = divmod(sq, 8)
    squares = []
    while 0 <= r + dr < 8 and 0 <= f + df < 8:
        r, f = r + dr, f + df
        squares.append(8 * r + f)
    return squares


COMPASS = {"rook": [(1, 0), (-1, 0), (0, 1), (0, -1)], "bishop": [(1, 1), (1, -1), (-1, 1), (-1, -1)]}
COMPASS["queen"] = COMPASS["rook"] + COMPASS["bishop"]


def expected_operations(method, piece, sq, occupied_lerf):
    """The 64-bit operations each method does, counted from the wiki's code for it.

    Classical: per direction a ray read and an AND; with a blocker a bit scan, a ray read and an
    XOR. Hyperbola: r, o (NOT, AND), rev(o), rev(r) once; per line the mask read, b, 2r, b - 2r,
    ^ o, & m, rev(b), 2*rev(r) and its subtraction, ^ rev(o), rev and & m, p | n. Kogge-Stone: r and
    ~occupied once; per direction three fill steps of 3 (shift, AND, OR), two propagator steps of 2,
    the last shift, and where the direction has a file step the wrap mask on the propagator and
    on the last shift. Dumb7fill: six fill steps of 3 instead. Obstruction difference per line:
    2 ray reads, 2 ANDs, OR 1 + bit scan + shift, SUB + XOR, OR + AND. Magic per table: mask read,
    AND, magic read, MUL, shift read, shift, offset read, ADD, entry read. PEXT: mask read, PEXT,
    offset read, ADD, entry read. Each ORs its parts together at the end.
    """
    directions = COMPASS[piece]
    d, lines, kinds = len(directions), len(directions) // 2, 2 if piece == "queen" else 1
    wraps = sum(1 for _, df in directions if df)
    if method == "classical":
        blocked = sum(1 for dr, df in directions if any(occupied_lerf >> s & 1 for s in walked(sq, dr, df)))
        return 2 * d + 3 * blocked + d - 1
    return {
        "hyperbola": 5 + 13 * lines + lines - 1,
        "kogge_stone": 2 + 14 * d + 2 * wraps + d - 1,
        "dumb7fill": 2 + 19 * d + 2 * wraps + d - 1,
        "obstruction_difference": 11 * lines + lines - 1,
        "magic": 9 * kinds + kinds - 1,
        "pext": 5 * kinds + kinds - 1,
    }[method]


@pytest.mark.parametrize("mapping", MAPPINGS)
def test_operations_are_counted_as_the_wiki_s_code_does_them(mapping):
    rng = random.Random(f"operations-{mapping}")
    for sq in range(64):
        for occupied in edge_and_random(rng, sq, 2):
            for piece in PIECES:
                answer = methods_answer(piece, sq, convert(occupied, "lerf", mapping), mapping)
                for method, body in answer["methods"].items():
                    assert body["operations"] == expected_operations(method, piece, sq, occupied), (method, piece, sq)
                    assert body["operations"] == sum(step["operations"] for step in body["steps"])


def test_table_memory_fancy_magics_800_kib_for_rooks_41_kib_for_bishops():
    """The wiki's figures for fancy magics with plain 64-bit entries: 102,400 rook and 5,248 bishop
    entries (https://www.chessprogramming.org/Magic_Bitboards#Fancy); PEXT tables have the same size."""
    kib = 1024
    for method in ("magic", "pext"):
        assert table_bytes(method, "rook") == 800 * kib == 102_400 * 8
        assert table_bytes(method, "bishop") == 41 * kib == 5_248 * 8
        assert table_bytes(method, "queen") == 841 * kib
    # The sizes are the sum of 2**(mask bits) over the squares of python-chess's masks.
    for kind, entries in (("rook", 102_400), ("bishop", 5_248)):
        assert sum(1 << bin(relevant_mask(kind, sq)).count("1") for sq in range(64)) == entries
        assert len(tables(kind, "lerf")[0]) == len(tables(kind, "lerbef")[1]) == entries
    # A bitboard per square: 8 rays (classical), 4 lines (hyperbola), 2 rays a line (obstruction difference).
    assert [table_bytes(m, "queen") for m in METHODS] == [8 * 512, 4 * 512, 0, 0, 8 * 512, 841 * kib, 841 * kib]
    assert [table_bytes(m, "rook") for m in METHODS[:5]] == [4 * 512, 2 * 512, 0, 0, 4 * 512]


# --- each step's formula, evaluated, gives the value it shows ----------------------------------------


def bsf(x):
    return (x & -x).bit_length() - 1


def bsr(x):
    return x.bit_length() - 1


def reverse(x):
    return int(f"{x & BB_ALL:064b}"[::-1], 2)


def environment(mapping):
    """The tables a formula may read, from the core, indexed by bit number; and the helpers."""
    env = {"rays": rays(mapping), "rev": reverse, "bsf": bsf, "bsr": bsr, "pext": pext_by_hand}
    env["not_a"] = convert(BB_ALL ^ sum(1 << (8 * r) for r in range(8)), "lerf", mapping)
    env["not_h"] = convert(BB_ALL ^ sum(1 << (8 * r + 7) for r in range(8)), "lerf", mapping)
    env["lines"] = {line: [line_mask(bit_of(b, mapping), line, mapping) for b in range(64)] for line in lower_upper(mapping)}
    env["lower"] = {line: pair[0] for line, pair in lower_upper(mapping).items()}
    env["upper"] = {line: pair[1] for line, pair in lower_upper(mapping).items()}
    for kind in ("rook", "bishop"):
        magics = square_magics(kind, mapping)
        env[f"{kind}_masks"] = [m.mask for m in magics]
        env[f"{kind}_magics"] = [m.magic for m in magics]
        env[f"{kind}_shifts"] = [m.shift for m in magics]
        env[f"{kind}_offsets"] = [m.offset for m in magics]
        env[f"{kind}_table"], env[f"{kind}_pext_table"] = tables(kind, mapping)
    for name in [d.name for d in PIECE_DIRECTIONS["queen"]] + list(env["lines"]):
        env[name] = name  # a table's key, as written in the formula
    return env


@functools.cache
def as_python(formula: str):
    """A step's formula compiled as Python, read and compiled once (the same formulas recur on every square)."""
    return compile(re.sub(r"\b2r\b", "2*r", formula.split(" = ", 1)[-1]), formula, "eval")  # the devlog writes 2r for 2*r


def evaluate(formula, names):
    return eval(as_python(formula), {"__builtins__": {}}, names) & BB_ALL


@pytest.mark.parametrize("mapping", MAPPINGS)
def test_every_step_s_formula_evaluates_to_the_value_it_shows(mapping):
    rng = random.Random(f"formulas-{mapping}")
    env = environment(mapping)
    for sq in range(64):
        boards = edge_and_random(rng, sq, 1)
        for occupied in (boards[sq % 7], boards[-1]):  # one of the edge cases in turn, and a random board
            occupied = convert(occupied, "lerf", mapping)
            for piece in PIECES:
                for method in METHODS:
                    names = {**env, "occupied": occupied, "sq": bit_of(sq, mapping)}
                    for step in trace(method, piece, sq, occupied, mapping).steps:
                        where = (method, piece, SQUARE_NAMES[sq], step["id"], step["formula"])
                        assert evaluate(step["formula"], names) == step["value"], where
                        if " = " in step["formula"]:
                            names[step["formula"].split(" = ")[0]] = step["value"]


def test_the_evaluation_fails_a_wrong_formula():
    env = {**environment("lerf"), "occupied": 0xFF, "sq": 3}
    assert evaluate("x = occupied & ~(1 << sq)", env) == 0xF7
    assert evaluate("rook_index = pext(occupied, 0x30c)", env) == 0b0011
    with pytest.raises(NameError):
        evaluate("x = nothing | 1", env)


def test_each_method_s_step_ids_are_unique_and_its_last_step_is_the_attacks():
    for piece in PIECES:
        for method in METHODS:
            steps = trace(method, piece, 28, 0x1000804200000010, "lerf").steps
            ids = [s["id"] for s in steps]
            assert len(ids) == len(set(ids)) and ids[-1] == "attacks", (method, piece)
            assert {s["kind"] for s in steps} <= {"bitboard", "square", "number"}


def test_an_unknown_method_is_refused_naming_every_method():
    names = "classical, hyperbola, kogge_stone, dumb7fill, obstruction_difference, magic, pext"
    with pytest.raises(ChessvizError) as refused:
        trace("fancy", "rook", chess.E4, 0, "lerf")
    assert (refused.value.code, refused.value.message, refused.value.field) == (
        "invalid_parameter",
        f"method must be one of {names}, got 'fancy'",
        "method",
    )


@pytest.mark.parametrize("mapping", MAPPINGS)
@pytest.mark.parametrize("method", ["kogge_stone", "dumb7fill"])
def test_a_fill_s_wrap_constants_are_named_with_their_value_in_the_mapping(method, mapping):
    """The propagators east and west cut a file off with not_a or not_h: their labels give the
    constant's value in the mapping shown, every square but that file's (python-chess's files)."""
    but = {"a": BB_ALL & ~chess.BB_FILE_A, "h": BB_ALL & ~chess.BB_FILE_H}
    seen = {}
    for step in trace(method, "queen", chess.E4, 0, mapping).steps:
        found = re.search(r"the ([ah])-file cut off \(no wrap round the edge; not_([ah]) = 0x([0-9a-f]{16})\)$", step["label"])
        if found:
            file, named, value = found.groups()
            assert file == named
            seen[file] = int(value, 16)
    expected = {file: sum(1 << mapped(sq, mapping) for sq in chess.SquareSet(mask)) for file, mask in but.items()}
    assert seen == expected


@pytest.mark.parametrize("mapping", MAPPINGS)
def test_a_kogge_stone_propagator_s_label_counts_the_squares_it_needs_empty(mapping):
    """pro1 = pro0 & (pro0 << 1) and pro2 = pro1 & (pro1 << 2): a jump of 2 needs this square and
    1 back empty, a jump of 4 this square and 3 back (the label once said 2). Each label's count
    is held to the propagator: pro0 shifted back 0 to that many squares, all ANDed."""
    rng = random.Random(f"propagators-{mapping}")
    for sq, occupied in [(rng.randrange(64), rng.getrandbits(64) & rng.getrandbits(64)) for _ in range(40)]:
        steps = {step["id"]: step for step in trace("kogge_stone", "queen", sq, occupied, mapping).steps}
        for d in DIRECTIONS:
            pro0 = steps[f"{d.short}_pro0"]["value"]
            for k in (1, 2):
                step = steps[f"{d.short}_pro{k}"]
                back = int(re.search(r"empty here and on the (\d+) squares? back$", step["label"]).group(1))
                expected = BB_ALL
                for j in range(back + 1):
                    amount = j * d.shift(mapping)
                    expected &= (pro0 << amount) & BB_ALL if amount > 0 else pro0 >> -amount
                assert back == 2**k - 1 and step["value"] == expected, (SQUARE_NAMES[sq], d.short, k)
