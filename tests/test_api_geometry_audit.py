"""/api/routines recomputed from scratch: every printed routine transcribed again here, with
C int semantics taken from ctypes (32-bit wrap, arithmetic >>, sizeof(int)) and C's
truncating %, and measured against a walk along the board on all its inputs.

Nothing here imports the core's transcriptions: a slip in either copy shows up as a
different count of wrong inputs.
"""

import ctypes
import math

import chess
import pytest

from chessviz.squares import SQUARE_NAMES

NAMES = SQUARE_NAMES
PAIRS = [(a, b) for a in range(64) for b in range(64)]
STEPS = {"rank": (0, 1), "file": (1, 0), "diagonal": (1, 1), "anti_diagonal": (1, -1)}


def i32(value):
    """A C int: 32-bit two's complement."""
    return ctypes.c_int32(value).value


def u32(value):
    return ctypes.c_uint32(value).value


def c_rem(a, b):
    """C's %: truncating division, the remainder has the sign of a."""
    return i32(int(math.fmod(a, b)))


def shr_u32(constant, count):
    """A 32-bit unsigned constant shifted right; x86 takes the count modulo 32."""
    return u32(constant) >> (count % 32)


def walk(sq, kind):
    """The line through sq, walked outwards one square at a time."""
    found = {sq}
    dr, df = STEPS[kind]
    for sign in (1, -1):
        r, f = divmod(sq, 8)
        while 0 <= r + sign * dr < 8 and 0 <= f + sign * df < 8:
            r, f = r + sign * dr, f + sign * df
            found.add(8 * r + f)
    return found


def dark(sq):
    return int(bool(chess.BB_DARK_SQUARES & chess.BB_SQUARES[sq]))


def meet(a, b, line_a, line_b):
    """The square on both lines, -1 if none (the pages' "no intersection")."""
    common = walk(a, line_a) & walk(b, line_b)
    assert len(common) <= 1
    return common.pop() if common else -1


# ------------------------------------------------------------------ the routines, as printed

def same_diagonal_and7(sq1, sq2):
    return int(i32(i32(sq2 - sq1) & 7) == i32((sq2 >> 3) - (sq1 >> 3)))


def same_diagonal_mod9(sq1, sq2):
    return int(c_rem(i32(sq2 - sq1), 9) == 0)


def tail(s88, shift=31):
    """(((s88 >> 1) & 56) + (s88 & 7)) | ( -(s88 & 0x88) >> shift)"""
    s88 = i32(s88)
    return i32(i32(((s88 >> 1) & 56) + (s88 & 7)) | (i32(-(s88 & 0x88)) >> shift))


def dia_ant(a, b):
    s88x2 = i32(17 * ((b >> 3) + (b & 7)) + 15 * ((a >> 3) - (a & 7)))
    return i32(i32(((s88x2 >> 2) & 56) + ((s88x2 >> 1) & 7)) | (i32(-(s88x2 & 0x0111)) >> 31))


def prose(s88):
    """if ( s88 & 0x88) off board; else sq := ((sq88 >> 1) & 56) + (sq88 & 7); with sq88 = s88."""
    return -1 if s88 & 0x88 else ((s88 >> 1) & 56) + (s88 & 7)


def prose_dia_ant(a, b):
    """if ( s88x2 & 0x111) empty; else sq := ((sq882 >> 2) & 56) + ((sq88>>1) & 7);"""
    rank_b, file_b, rank_a, file_a = b >> 3, b & 7, a >> 3, a & 7
    s88x2 = 17 * (rank_b + file_b) + 15 * (rank_a - file_a)
    if s88x2 & 0x111:
        return -1
    sq882, sq88 = s88x2, s88x2 // 2  # the page's s88 = 16*rankIndex(s) + fileIndex(s)
    return ((sq882 >> 2) & 56) + ((sq88 >> 1) & 7)


def knight_distance(a, b):
    return chess.square_knight_distance(a, b)


SIZEOF_INT = ctypes.sizeof(ctypes.c_int)

# name -> (arity, printed, truth)
ROUTINES = {
    "squaresOnSameDiagonal (& 7)": (2, same_diagonal_and7, lambda a, b: int(b in walk(a, "diagonal"))),
    "squaresOnSameDiagonal (% 9)": (2, same_diagonal_mod9, lambda a, b: int(b in walk(a, "diagonal"))),
    "even diagonal index means dark": (1, lambda sq: int((((sq >> 3) - (sq & 7)) % 2) == 0), dark),
    "lookup constant": (1, lambda sq: (0xAA55AA55AA55AA55 >> sq) & 1, dark),
    "32-bit in-register": (1, lambda sq: shr_u32(0xAA55AA55, sq) & 1, dark),
    "32-bit in-register (commented)": (1, lambda sq: shr_u32(0xAA55AA55, sq & 31) & 1, dark),
    "0x88 in-register": (1, lambda sq: shr_u32(0x00AA0055, sq + (sq & ~7)) & 1, dark),
    "anti-diagonal parity": (1, lambda sq: 1 ^ (((sq >> 3) + sq) & 1), dark),
    "diagonal parity (minus)": (1, lambda sq: 1 ^ (i32((sq >> 3) - sq) & 1), dark),
    "parity (exclusive or)": (1, lambda sq: 1 ^ (((sq >> 3) ^ sq) & 1), dark),
    "9*sq+8 trick": (1, lambda sq: (i32(9 * sq + 8) >> 3) & 1, dark),
    "isDark": (1, lambda sq: int((i32(9 * sq) & 8) == 0), dark),
    "isDark (commented out)": (1, lambda sq: int((i32(9 * sq + 8) & 8) != 0), dark),
    "differentColor (xor, shift)": (2, lambda a, b: (((a ^ b) >> 3) ^ (a ^ b)) & 1, lambda a, b: int(dark(a) != dark(b))),
    "differentColor (lea)": (2, lambda a, b: int((i32(9 * (a ^ b)) & 8) != 0), lambda a, b: int(dark(a) != dark(b))),
    "sameColor": (2, lambda a, b: int((i32(9 * (a ^ b)) & 8) == 0), lambda a, b: int(dark(a) == dark(b))),
    "knight-distance parity": (2, lambda a, b: int(knight_distance(a, b) & 1 == 0), lambda a, b: int(dark(a) == dark(b))),
    "x88diff": (2, lambda a, b: u32(b - a + (b | 7) - (a | 7) + 120),
                lambda a, b: (16 * (b // 8) + b % 8) - (16 * (a // 8) + a % 8) + 120),
    "rank and file (s1)": (2, lambda a, b: (b & 56) + (a & 7), lambda a, b: meet(a, b, "file", "rank")),
    "rank and file (s2)": (2, lambda a, b: (a & 56) + (b & 7), lambda a, b: meet(a, b, "rank", "file")),
    "rank and file (s1, by index)": (2, lambda a, b: 8 * (b // 8) + a % 8, lambda a, b: meet(a, b, "file", "rank")),
    "rank and file (s2, by index)": (2, lambda a, b: 8 * (a // 8) + b % 8, lambda a, b: meet(a, b, "rank", "file")),
    "intersectRankDia": (2, lambda a, b: tail(17 * (a >> 3) - (b >> 3) + (b & 7)), lambda a, b: meet(a, b, "rank", "diagonal")),
    "intersectFileDia": (2, lambda a, b: tail(17 * (a & 7) + 2 * (b & 56) - 16 * (b & 7)), lambda a, b: meet(a, b, "file", "diagonal")),
    "intersectRankAnt": (2, lambda a, b: tail(17 * (a >> 3) - (b >> 3) + (b & 7)), lambda a, b: meet(a, b, "rank", "anti_diagonal")),
    "intersectFileAnt": (2, lambda a, b: tail(2 * (b & 56) + 16 * (b & 7) - 15 * (a & 7)), lambda a, b: meet(a, b, "file", "anti_diagonal")),
    "intersectDiaAnt": (2, dia_ant, lambda a, b: meet(a, b, "diagonal", "anti_diagonal")),
    "Rank and Diagonal (0x88 Math prose)": (2, lambda a, b: prose(17 * (a // 8) - b // 8 + b % 8), lambda a, b: meet(a, b, "rank", "diagonal")),
    "File and Diagonal (0x88 Math prose)": (2, lambda a, b: prose(17 * (a % 8) + 16 * (b // 8) - 16 * (b % 8)), lambda a, b: meet(a, b, "file", "diagonal")),
    "Rank and Anti-Diagonal (0x88 Math prose)": (2, lambda a, b: prose(17 * (a // 8) - b // 8 + b % 8), lambda a, b: meet(a, b, "rank", "anti_diagonal")),
    "File and Anti-Diagonal (0x88 Math prose)": (2, lambda a, b: prose(16 * (b // 8) + 16 * (b % 8) - 15 * (a % 8)), lambda a, b: meet(a, b, "file", "anti_diagonal")),
    "Diagonal and Anti-Diagonal (0x88 Math prose)": (2, prose_dia_ant, lambda a, b: meet(a, b, "diagonal", "anti_diagonal")),
    "off-board sentinel as printed in the prose": (
        2, lambda a, b: tail(17 * (a & 7) + 2 * (b & 56) - 16 * (b & 7), SIZEOF_INT - 1),
        lambda a, b: meet(a, b, "file", "diagonal"),
    ),
}


def inputs(arity):
    return [(sq,) for sq in range(64)] if arity == 1 else PAIRS


@pytest.fixture(scope="module")
def report(client):
    return {r["name"]: r for r in client.get("/api/routines").json["routines"]}


def test_every_audited_routine_has_an_independent_transcription_here(report):
    assert set(report) == set(ROUTINES)


@pytest.mark.parametrize("name", list(ROUTINES))
def test_audit_counts_and_examples_recomputed(report, name):
    arity, printed, truth = ROUTINES[name]
    wrong = [(args, printed(*args), truth(*args)) for args in inputs(arity) if printed(*args) != truth(*args)]
    entry = report[name]
    assert entry["checked"] == (64 if arity == 1 else 4096)
    assert entry["wrong"] == len(wrong), name
    assert len(entry["examples"]) == min(10, len(wrong))
    for example, (args, value, expected) in zip(entry["examples"], wrong):
        assert example["input"] == [NAMES[sq] for sq in args]
        assert (example["printed"], example["expected"]) == (value, expected), (name, example["input"])
    assert entry["formula"] and entry["page"] in ("Diagonals", "Color of a Square", "Intersection Squares", "Direction")


def test_the_faulty_routines_are_exactly_these(report):
    faulty = {name: r["wrong"] for name, r in report.items() if r["wrong"]}
    assert faulty == {
        "squaresOnSameDiagonal (& 7)": 224,
        "squaresOnSameDiagonal (% 9)": 112,
        "intersectRankAnt": 3264,
        "Rank and Anti-Diagonal (0x88 Math prose)": 3264,
        "Diagonal and Anti-Diagonal (0x88 Math prose)": 1608,
        "off-board sentinel as printed in the prose": 1248,
    }


def test_known_wrong_inputs(client):
    # % 9: h1 (7) and a3 (16) differ by 9 but the step wraps round the board edge.
    assert same_diagonal_mod9(7, 16) == 1 and 16 not in walk(7, "diagonal")
    h1a3 = client.get("/api/same-line?a=h1&b=a3").json
    assert h1a3["diagonal"] is False
    routines = {r["name"]: r for r in h1a3["routines"]}
    assert (routines["squaresOnSameDiagonal (% 9)"]["value"], routines["squaresOnSameDiagonal (% 9)"]["correct"]) == (1, False)
    # & 7: b2 -> a1 is one diagonal step back; the negative file difference breaks it.
    b2a1 = {r["name"]: r for r in client.get("/api/same-line?a=b2&b=a1").json["routines"]}
    assert (b2a1["squaresOnSameDiagonal (& 7)"]["value"], b2a1["squaresOnSameDiagonal (& 7)"]["correct"]) == (0, False)
    assert b2a1["squaresOnSameDiagonal (% 9)"]["correct"] is True
    # intersectRankAnt(a1, a2): the rank of a1 meets the anti-diagonal of a2 at b1; it says -1.
    one = client.get("/api/intersection?a=a1&b=a2&line_a=rank&line_b=anti_diagonal").json
    assert one["square"] == "b1"
    assert (one["printed"]["routine"], one["printed"]["value"], one["printed"]["correct"]) == ("intersectRankAnt", -1, False)
    # The prose's sentinel shifts by sizeof(int)-1 = 3: not -1 when bit 7 is set.
    assert SIZEOF_INT - 1 == 3
    assert tail(-16, 3) == -8 and tail(-16, 31) == -1  # file of a1 with the diagonal of b1


def test_report_examples_name_the_faults(report):
    rank_ant = report["intersectRankAnt"]["examples"][0]
    assert (rank_ant["input"], rank_ant["printed"], rank_ant["expected"]) == (["a1", "a2"], -1, 1)
    dia_ant_prose = report["Diagonal and Anti-Diagonal (0x88 Math prose)"]["examples"][0]
    # Diagonal of a1 and anti-diagonal of c1 meet at b2; the prose's ((sq88>>1) & 7) halves the file.
    assert (dia_ant_prose["input"], dia_ant_prose["printed_means"], dia_ant_prose["expected_means"]) == (["a1", "c1"], "a2", "b2")
    sentinel = report["off-board sentinel as printed in the prose"]["examples"][0]
    assert (sentinel["input"], sentinel["printed"], sentinel["expected"]) == (["a1", "b1"], -8, -1)
    for r in report.values():
        for e in r["examples"]:
            assert e["chapter"] in ("diagonals", "colors", "directions", "intersections")
            assert all(v in NAMES for k, v in e["query"].items() if k in ("a", "b", "sq", "other", "from", "to"))


def test_audit_is_computed_once(client):
    from chessviz.audit import audit

    assert audit() is audit()
    first = client.get("/api/routines").get_data()
    assert client.get("/api/routines").get_data() == first


def test_routines_endpoint_methods(client):
    assert client.post("/api/routines").status_code == 405
    assert client.post("/api/routines").json["error"]["code"] == "method_not_allowed"
    assert client.get("/api/routines?x=1").status_code == 200  # unknown parameters are ignored
    assert client.get("/api/routines/extra").json["error"]["code"] == "not_found"
