"""The geometry every slider method reads: compass directions, rays, wrap masks, relevant masks.

Everything is defined once on LERF squares and handed out in the bit space of a mapping
(``lerf`` or the devlog's ``lerbef``), so each method computes on the request's own bits. In a
mapping, a direction's *shift* is how far one step moves a bit (north is +8 in both mappings,
east is +1 in lerf and -1 in lerbef), and a ray is *positive* when its bits grow from the slider.

See https://www.chessprogramming.org/Direction, https://www.chessprogramming.org/On_an_empty_Board
and https://www.chessprogramming.org/Magic_Bitboards (the relevant-occupancy mask).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .squares import BB_ALL, Bitboard, Square, bb_of, bits_of, check_mapping, convert, square_file, square_of_bit, square_rank

KINDS = ("rook", "bishop")  # the two magic (and PEXT) tables; a queen reads both
PIECE_KINDS = {"rook": ("rook",), "bishop": ("bishop",), "queen": KINDS}


@dataclass(frozen=True)
class Direction:
    """One compass direction: its name, its short name in formulas, and one step (ranks, files)."""

    name: str
    short: str
    rank_step: int
    file_step: int

    @property
    def words(self) -> str:
        """Return the name as students read it: "north-east"."""
        return self.name.replace("_", "-")

    def shift(self, mapping: str) -> int:
        """Return how far one step moves a bit in ``mapping``: +1 for east in lerf, -1 in lerbef."""
        return 8 * self.rank_step + (self.file_step if check_mapping(mapping) == "lerf" else -self.file_step)

    def wrap_mask(self, mapping: str) -> Bitboard | None:
        """Return the squares a one-step shift may land on without wrapping round an edge, or None.

        A step east must not land on the a-file (that bit came from the h-file of another rank);
        a step west not on the h-file; north and south need no mask: their bits leave the board.
        See https://www.chessprogramming.org/General_Setwise_Operations#Shifting_Bitboards
        """
        if self.file_step == 0:
            return None
        return convert(NOT_A_FILE if self.file_step == 1 else NOT_H_FILE, "lerf", mapping)


DIRECTIONS = (
    Direction("north", "n", 1, 0),
    Direction("south", "s", -1, 0),
    Direction("east", "e", 0, 1),
    Direction("west", "w", 0, -1),
    Direction("north_east", "ne", 1, 1),
    Direction("south_west", "sw", -1, -1),
    Direction("north_west", "nw", 1, -1),
    Direction("south_east", "se", -1, 1),
)
BY_NAME = {d.name: d for d in DIRECTIONS}
# Each line kind is two opposite directions.
LINE_DIRECTIONS = {
    "rank": (BY_NAME["east"], BY_NAME["west"]),
    "file": (BY_NAME["north"], BY_NAME["south"]),
    "diagonal": (BY_NAME["north_east"], BY_NAME["south_west"]),
    "anti_diagonal": (BY_NAME["north_west"], BY_NAME["south_east"]),
}
KIND_LINES = {"rook": ("rank", "file"), "bishop": ("diagonal", "anti_diagonal")}
PIECE_DIRECTIONS = {
    "rook": tuple(d for line in KIND_LINES["rook"] for d in LINE_DIRECTIONS[line]),
    "bishop": tuple(d for line in KIND_LINES["bishop"] for d in LINE_DIRECTIONS[line]),
}
PIECE_DIRECTIONS["queen"] = PIECE_DIRECTIONS["rook"] + PIECE_DIRECTIONS["bishop"]

FILE_A = bb_of(range(0, 64, 8))
FILE_H = bb_of(range(7, 64, 8))
NOT_A_FILE = BB_ALL ^ FILE_A
NOT_H_FILE = BB_ALL ^ FILE_H


def ray_squares(sq: Square, direction: Direction) -> list[Square]:
    """Return the LERF squares from ``sq`` (excluded) to the board's edge, nearest first.

    e.g. from e4 north: e5, e6, e7, e8.
    """
    rank, file = square_rank(sq) + direction.rank_step, square_file(sq) + direction.file_step
    squares = []
    while 0 <= rank < 8 and 0 <= file < 8:
        squares.append(8 * rank + file)
        rank, file = rank + direction.rank_step, file + direction.file_step
    return squares


@cache
def rays(mapping: str) -> dict[str, tuple[Bitboard, ...]]:
    """Return {direction: 64 rays indexed by bit number} in ``mapping``: the empty-board attacks.

    e.g. ``rays("lerf")["north"][28]`` is e5..e8. The classical approach's table (8 x 64 bitboards).
    """
    table = {}
    for d in DIRECTIONS:
        by_square = [bb_of(ray_squares(sq, d), mapping) for sq in range(64)]
        table[d.name] = tuple(by_square[sq] for sq in _squares_by_bit(mapping))
    return table


def _squares_by_bit(mapping: str) -> list[Square]:
    """Return the LERF square of each bit number 0..63 of ``mapping``."""
    return [square_of_bit(bit, mapping) for bit in range(64)]


def is_positive(direction: Direction, mapping: str) -> bool:
    """Return True when a ray in this direction runs towards higher bit numbers of ``mapping``."""
    return direction.shift(mapping) > 0


@cache
def relevant_masks(kind: str, mapping: str) -> tuple[Bitboard, ...]:
    """Return the 64 relevant-occupancy masks of a rook or bishop, indexed by bit number of ``mapping``.

    A mask holds the piece's rays from the square without the last square of each ray: a
    blocker on an edge square changes nothing (the ray stops there anyway), so it need not
    count. e.g. a rook on e4 in lerf: b4 c4 d4 f4 g4 e2 e3 e5 e6 e7 (10 squares).
    See https://www.chessprogramming.org/Magic_Bitboards#How_it_works
    """
    by_square = []
    for sq in range(64):
        squares = [s for d in PIECE_DIRECTIONS[kind] for s in ray_squares(sq, d)[:-1]]
        by_square.append(bb_of(squares, mapping))
    return tuple(by_square[sq] for sq in _squares_by_bit(mapping))


@cache
def edge_squares(kind: str, mapping: str) -> tuple[Bitboard, ...]:
    """Return, per bit number, the last square of each of the piece's rays: what the mask leaves out."""
    by_square = [bb_of([r[-1] for d in PIECE_DIRECTIONS[kind] if (r := ray_squares(sq, d))], mapping) for sq in range(64)]
    return tuple(by_square[sq] for sq in _squares_by_bit(mapping))


def subsets(mask: Bitboard) -> list[Bitboard]:
    """Return every subset of ``mask``, 0 first, in the carry-rippler's order (2**popcount of them).

    See https://www.chessprogramming.org/Traversing_Subsets_of_a_Set#All_Subsets_of_any_Set
    """
    found, subset = [], 0
    while True:
        found.append(subset)
        subset = (subset - mask) & mask
        if subset == 0:
            return found


def pext(value: Bitboard, mask: Bitboard) -> int:
    """Return the bits of ``value`` under ``mask``, gathered to the low end in order (BMI2's PEXT).

    e.g. pext(0b1010, 0b1110) == 0b101: mask bits 1, 2, 3 carry 1, 0, 1. In software here, one
    bit at a time; the BMI2 instruction does it in one go.
    See https://www.chessprogramming.org/BMI2#PEXT
    """
    index = 0
    for k, bit in enumerate(bits_of(mask)):
        index |= (value >> bit & 1) << k
    return index


def magic_index(occupied: Bitboard, mask: Bitboard, magic: int, shift: int) -> int:
    """Return ((occupied & mask) * magic mod 2**64) >> shift: a fancy magic's table index."""
    return (((occupied & mask) * magic) & BB_ALL) >> shift


def classical_attacks(piece: str, bit: int, occupied: Bitboard, mapping: str) -> Bitboard:
    """Return a slider's attacks by the classical approach: each ray, cut behind its nearest blocker.

    ``bit`` is the slider's bit number in ``mapping``. The nearest blocker is the lowest set bit
    of a ray whose bits grow from the slider (bit scan forward), the highest of one whose bits
    shrink (bit scan reverse); its own ray, XORed away, leaves the squares up to it.
    The magic and PEXT tables are filled from it; tests hold it to python-chess on every square.
    See https://www.chessprogramming.org/Classical_Approach
    """
    table = rays(mapping)
    attacks = 0
    for d in PIECE_DIRECTIONS[piece]:
        ray = table[d.name][bit]
        blockers = ray & occupied
        if blockers:
            ray ^= table[d.name][lowest_bit(blockers) if is_positive(d, mapping) else highest_bit(blockers)]
        attacks |= ray
    return attacks


def lowest_bit(bb: Bitboard) -> int:
    """Return the number of the lowest set bit of a non-empty bitboard (bit scan forward): 3 for 0b11000."""
    return (bb & -bb).bit_length() - 1


def highest_bit(bb: Bitboard) -> int:
    """Return the number of the highest set bit of a non-empty bitboard (bit scan reverse): 4 for 0b11000."""
    return bb.bit_length() - 1
