"""Independent definitions the sliding tests hold the engine to: rays walked square by square,
python-chess's attack tables, a 64-bit reversal through a binary string, seeded occupancies."""

from itertools import pairwise

import chess

from chessviz.squares import BB_ALL, bit_of, line_mask

MAPPINGS = ("lerf", "lerbef")
DIRECTIONS = {
    "rank": [(0, 1), (0, -1)],
    "file": [(1, 0), (-1, 0)],
    "diagonal": [(1, 1), (-1, -1)],
    "anti_diagonal": [(1, -1), (-1, 1)],
}
EDGES = chess.BB_RANK_1 | chess.BB_RANK_8 | chess.BB_FILE_A | chess.BB_FILE_H
PIECE_TYPES = {"rook": chess.ROOK, "bishop": chess.BISHOP, "queen": chess.QUEEN}


def walk(sq, step, occupied):
    """Squares from sq (excluded) along step up to and including the first occupied one (LERF)."""
    r, f = divmod(sq, 8)
    found = 0
    while 0 <= r + step[0] < 8 and 0 <= f + step[1] < 8:
        r, f = r + step[0], f + step[1]
        found |= 1 << (8 * r + f)
        if occupied >> (8 * r + f) & 1:
            break
    return found


def walked_rays(sq, line, occupied, mapping):
    """(positive, negative) in LERF: positive is the direction whose bits grow in `mapping`."""
    rays = []
    for step in DIRECTIONS[line]:
        neighbour = sq + 8 * step[0] + step[1]
        ray = walk(sq, step, occupied & ~(1 << sq))
        if 0 <= sq // 8 + step[0] < 8 and 0 <= sq % 8 + step[1] < 8:
            rays.append((bit_of(neighbour, mapping) > bit_of(sq, mapping), ray))
        else:
            rays.append((None, 0))
    positive = next((ray for up, ray in rays if up), 0)
    negative = next((ray for up, ray in rays if up is False), 0)
    return positive, negative


def python_chess_line(sq, line, occupied):
    """python-chess's attack table for one line kind, the slider's own bit ignored like ours."""
    occupied &= ~chess.BB_SQUARES[sq]
    if line == "rank":
        return chess.BB_RANK_ATTACKS[sq][chess.BB_RANK_MASKS[sq] & occupied]
    if line == "file":
        return chess.BB_FILE_ATTACKS[sq][chess.BB_FILE_MASKS[sq] & occupied]
    return chess.BB_DIAG_ATTACKS[sq][chess.BB_DIAG_MASKS[sq] & occupied] & line_mask(sq, line)


def python_chess_attacks(piece, sq, occupied):
    """python-chess's BaseBoard.attacks_mask for a white slider on sq among black pawns (LERF)."""
    board = chess.BaseBoard(None)
    for s in chess.SquareSet(occupied & ~chess.BB_SQUARES[sq]):
        board.set_piece_at(s, chess.Piece(chess.PAWN, chess.BLACK))
    board.set_piece_at(sq, chess.Piece(PIECE_TYPES[piece], chess.WHITE))
    return board.attacks_mask(sq)


def occupancies(rng, count):
    """Yield the empty, full and edges-only boards, then `count` random ones of mixed density."""
    yield 0
    yield BB_ALL
    yield EDGES
    for _ in range(count):
        density = rng.choice((0.1, 0.25, 0.5, 0.8))
        yield sum(1 << i for i in range(64) if rng.random() < density)


def rev(x):
    """Return the 64-bit reversal of x by reversing its binary digits (not the engine's table)."""
    return int(bin(x)[2:].zfill(64)[::-1], 2)


def mapped(n, mapping):
    """The LERF square of bit n in `mapping`, or the bit of LERF square n: lerbef mirrors each rank."""
    return chess.square(7 - n % 8, n // 8) if mapping == "lerbef" else n


def printed_loop_by_arithmetic(a, b, mapping, shift):
    """What the printed loop does, worked out from bit numbers alone, without running it.

    Step i holds bit x + shift*i (left, when x < y) or x - shift*i (right). It meets y when the
    gap is a multiple of the shift; otherwise it runs until the bit passes 63 (left) or falls
    below 0, where the number is 0 for good (right).
    """
    x, y = mapped(a, mapping), mapped(b, mapping)
    gap, direction = abs(y - x), (1 if y >= x else -1)
    if gap % shift == 0:
        outcome, last = "reached", gap // shift
    elif direction == 1:
        outcome, last = "left_64_bits", (63 - x) // shift + 1
    else:
        outcome, last = "never_ends", x // shift + 1
    bits = [x + direction * shift * i for i in range(last + 1)]
    on_board = [bit for bit in bits if 0 <= bit < 64]
    squares = [mapped(bit, mapping) for bit in on_board]
    king_steps = all(chess.square_distance(s, t) == 1 for s, t in pairwise(squares))
    return {
        "outcome": outcome,
        "wrapped": outcome == "reached" and not king_steps,
        "same_square": x == y,
        "iterations": last + 1,
        "steps": [
            {
                "i": i,
                "bit": bit if bit >= 0 else None,
                "square": chess.square_name(mapped(bit, mapping)) if 0 <= bit < 64 else None,
            }
            for i, bit in enumerate(bits)
        ],
        "ray": sum(1 << bit for bit in on_board),
        "ray_squares": [chess.square_name(s) for s in sorted(set(squares))],
    }
