"""The devlog's final sketch: a board in free mode.

Any piece may move whatever the side to move. Sliders move by this project's engine
(their attacks minus their own colour's pieces); kings, knights and pawns follow
python-chess's pseudo-legal moves for their colour, without castling or en passant.
A position may lack kings.
"""

from __future__ import annotations

import re

import chess

from .errors import ChessvizError, shown
from .sliding import PIECE_LINES, attacks
from .squares import BB_ALL, Bitboard, Square, convert, square_name, square_rank

FEN_MAX_LENGTH = 100
SLIDERS = {chess.ROOK: "rook", chess.BISHOP: "bishop", chess.QUEEN: "queen"}
PROMOTIONS = {"q": chess.QUEEN, "r": chess.ROOK, "b": chess.BISHOP, "n": chess.KNIGHT}
_ROW = re.compile(r"[pnbrqkPNBRQK1-8]+")


def parse_fen(fen: str) -> chess.BaseBoard:
    """Return the board of a FEN (board part alone, or a whole FEN, which is validated too).

    Raises invalid_fen with the reason, naming a row by its rank (the FEN's first row is rank 8's):
    e.g. "the FEN's row for rank 6 ('p8') has 9 files, a rank has 8".
    """
    text = fen.strip()
    if not text:
        raise ChessvizError("invalid_fen", "the FEN is empty", "fen")
    if len(text) > FEN_MAX_LENGTH:
        raise ChessvizError("invalid_fen", f"the FEN is {len(text)} characters long; a FEN has at most {FEN_MAX_LENGTH}", "fen")
    fields = text.split()
    rows = fields[0].split("/")
    if len(rows) != 8:
        counted = f"{len(rows)} row{'' if len(rows) == 1 else 's'}"
        raise ChessvizError("invalid_fen", f"the board part has {counted} where a board has 8, separated by '/'", "fen")
    for rank, row in zip(range(8, 0, -1), rows, strict=True):
        where = f"the FEN's row for rank {rank}"
        bad = re.search(r"[^pnbrqkPNBRQK1-8]", row)
        if bad:
            raise ChessvizError(
                "invalid_fen",
                f"{where} ({row[:20]!r}) has {shown(bad.group())}, "
                "which is no piece letter (pnbrqk, PNBRQK) nor a count of empty squares 1-8",
                "fen",
            )
        if not row or not _ROW.fullmatch(row):
            raise ChessvizError("invalid_fen", f"{where} is empty", "fen")
        if re.search(r"[1-8]{2}", row):
            raise ChessvizError("invalid_fen", f"{where} ({row!r}) has two counts of empty squares in a row", "fen")
        files = sum(int(c) if c.isdigit() else 1 for c in row)
        if files != 8:
            raise ChessvizError("invalid_fen", f"{where} ({row!r}) has {files} files, a rank has 8", "fen")
    if len(fields) > 1:
        try:
            chess.Board(text)
        except ValueError as error:
            raise ChessvizError("invalid_fen", f"the FEN's other fields are not valid: {error}", "fen") from None
    return chess.BaseBoard(fields[0])


def fen_turn(fen: str) -> str | None:
    """Return the side to move a whole FEN names ("w" or "b"), or None for a board part alone.

    e.g. "8/8/8/8/8/8/8/8 b - - 0 1" -> "b". Call after parse_fen has validated the FEN.
    """
    fields = fen.split()
    return fields[1] if len(fields) > 1 else None


def promotions(board: chess.BaseBoard, sq: Square, moves: Bitboard) -> list[str]:
    """Return the targets among ``moves`` on which the piece on sq promotes (a pawn's last rank).

    e.g. a white pawn on d7 promotes on d8 (and on c8/e8 when it captures there).
    """
    piece = board.piece_at(sq)
    if piece is None or piece.piece_type != chess.PAWN:
        return []
    last = chess.BB_RANK_8 if piece.color == chess.WHITE else chess.BB_RANK_1
    return [square_name(t) for t in chess.SquareSet(moves & last)]


def targets(board: chess.BaseBoard, sq: Square) -> Bitboard:
    """Return the LERF bitboard of the squares the piece on sq may move to in free mode."""
    piece = board.piece_at(sq)
    if piece is None:
        raise ChessvizError("illegal_move", f"there is no piece on {square_name(sq)}")
    if piece.piece_type in SLIDERS:
        return attacks(SLIDERS[piece.piece_type], sq, board.occupied, board.occupied_co[piece.color])["moves"]
    game = chess.Board(None)
    game.set_board_fen(board.board_fen())
    game.turn = piece.color
    found = 0
    for move in game.generate_pseudo_legal_moves(from_mask=chess.BB_SQUARES[sq]):
        found |= chess.BB_SQUARES[move.to_square]
    return found


def describe(board: chess.BaseBoard, mapping: str, selected: Square | None = None) -> dict:
    """Return the position as the API shows it: pieces, occupancy by colour, the selection."""
    body = {
        "fen": board.board_fen(),
        "pieces": {square_name(sq): board.piece_at(sq).symbol() for sq in chess.SQUARES if board.piece_at(sq)},
        "occupied": convert(board.occupied, "lerf", mapping),
        "white": convert(board.occupied_co[chess.WHITE], "lerf", mapping),
        "black": convert(board.occupied_co[chess.BLACK], "lerf", mapping),
    }
    if selected is not None:
        piece = board.piece_at(selected)
        if piece is None:
            body["selected"] = {
                "square": square_name(selected),
                "piece": None,
                "moves": [],
                "captures": [],
                "promotions": [],
                "bitboard": 0,
                "slider": None,
                "lines": [],
            }
        else:
            moves = targets(board, selected)
            body["selected"] = {
                "square": square_name(selected),
                "piece": piece.symbol(),
                "moves": [square_name(sq) for sq in chess.SquareSet(moves)],
                # The targets holding a piece: the moves that take it.
                "captures": [square_name(sq) for sq in chess.SquareSet(moves & board.occupied)],
                "promotions": promotions(board, selected, moves),
                "bitboard": convert(moves, "lerf", mapping),
                "slider": SLIDERS.get(piece.piece_type),
                "lines": list(PIECE_LINES.get(SLIDERS.get(piece.piece_type), ())),
            }
    return body


def apply_move(board: chess.BaseBoard, origin: Square, target: Square, promotion: str | None = None) -> chess.BaseBoard:
    """Return the board after moving the piece on origin to target in free mode.

    A pawn reaching its last rank becomes a queen unless ``promotion`` is r, b or n; on any other
    move ``promotion`` says nothing (the API's contract shows ``promotion=q`` on a queen's d4-d7).
    """
    piece = board.piece_at(origin)
    if piece is None:
        raise ChessvizError("illegal_move", f"there is no piece on {square_name(origin)} to move", "origin")
    if not targets(board, origin) & chess.BB_SQUARES[target] & BB_ALL:
        raise ChessvizError(
            "illegal_move", f"{piece.symbol()} on {square_name(origin)} cannot move to {square_name(target)}", "target"
        )
    promotes = piece.piece_type == chess.PAWN and square_rank(target) == (7 if piece.color == chess.WHITE else 0)
    after = board.copy()
    after.remove_piece_at(origin)
    moved = chess.Piece(PROMOTIONS[promotion or "q"], piece.color) if promotes else piece
    after.set_piece_at(target, moved)
    return after


def play(board: chess.BaseBoard, origin: Square, target: Square, promotion: str | None = None) -> dict:
    """Return a free-mode move as the API shows it: both boards, the piece, the capture, the promotion.

    e.g. d4-d7 in the devlog's position: piece "q", captured "P", promotion None; a white
    pawn d7-d8 with promotion "n": piece "P", promotion "N" (the new piece's letter).
    """
    after = apply_move(board, origin, target, promotion)
    piece, captured, landed = board.piece_at(origin), board.piece_at(target), after.piece_at(target)
    return {
        "fen": after.board_fen(),
        "before": board.board_fen(),
        "from": square_name(origin),
        "to": square_name(target),
        "piece": piece.symbol(),
        "captured": captured.symbol() if captured else None,
        "promotion": landed.symbol() if landed.piece_type != piece.piece_type else None,
    }
