"""Wiki endpoints: the Chessprogramming-wiki pages (Diagonals, Color of a Square,
Direction, Intersection Squares) and the audit of the routines they print."""

from __future__ import annotations

from .. import answers
from ..audit import ROUTINE_NAMES, Answer, audit, example
from ..compass import TABLE_KINDS
from ..squares import square_name
from . import params as P
from . import schemas as S
from .api import endpoint
from .links import ROUTINE_CHAPTERS, routine_chapter, routine_query


def _shown(answer: Answer) -> dict:
    """A routine's answer on one input as the audit lists it: the values, their meanings, the chapter that shows it."""
    routine = answer.routine
    return {
        "input": [square_name(sq) for sq in answer.args],
        "printed": answer.printed,
        "printed_means": routine.meaning(answer.printed),
        "expected": answer.expected,
        "expected_means": routine.meaning(answer.expected),
    }


def _link(answer: Answer) -> dict:
    return {"chapter": routine_chapter(answer.routine), "query": routine_query(answer.routine, answer.args)}


SQUARE_ANSWER = S.obj(
    {
        "name": S.SQUARE,
        "index": S.INT,
        "rank": S.INT,
        "file": S.INT,
        "x88": S.INT,
        "bits": S.obj({"lerf": S.INT, "lerbef": S.INT}),
        "color": S.COLOR,
        "diagonal": S.obj(
            {"index": S.INT, "index_plus7": S.INT, "index_and15": S.INT, "parity": S.enum("even", "odd"), "length": S.INT}
        ),
        "anti_diagonal": S.obj({"index": S.INT, "length": S.INT}),
        "masks": S.mapping_of(S.BITBOARD, ("rank", "file", "diagonal", "anti_diagonal")),
        "aligned": S.BITBOARD,
        "diagonals": S.BITBOARD,
    }
)


@endpoint(
    "/square",
    [P.square("sq", "The square to describe."), P.MAPPING],
    "Describe one square",
    "Name, LERF index, rank, file, 0x88 coordinate, colour, diagonal and anti-diagonal "
    "indices (with the diagonal index's parity) and lengths, the masks of the four lines through it, "
    "aligned (every other square on one of those lines) and diagonals (both diagonals, the square included).",
    response=SQUARE_ANSWER,
)
def square(sq: int, mapping: str) -> dict:
    return answers.square_answer(sq, mapping)


_METHOD = S.obj({**S.ROUTINE_VERDICT, "agrees": S.BOOL})
_WORKING = S.obj(
    {
        "square": S.INT,
        "x88square": S.INT,
        "square_shr3": S.INT,
        "anti_diagonal_index": S.INT,
        "lookup_shift": S.INT,
        "lookup_shifted": S.STR,
        "shift_mod32": S.INT,
        "shifted32": S.STR,
        "x88_shift_mod32": S.INT,
        "x88_shifted": S.STR,
        "nine_sq": S.INT,
        "nine_sq_plus8": S.INT,
        "nine_sq_binary": S.STR,
        "nine_sq_plus8_binary": S.STR,
        "lookup_bit": S.INT,
        "shifted32_bit": S.INT,
        "x88_shifted_bit": S.INT,
        "square_shr3_plus_square": S.INT,
        "square_shr3_minus_square": S.INT,
        "square_shr3_minus_square_bit": S.INT,
        "square_shr3_xor_square": S.INT,
        "square_shr3_xor_square_bit": S.INT,
        "nine_sq_plus8_bit3": S.INT,
        "nine_sq_and8": S.INT,
    }
)


@endpoint(
    "/color",
    [
        P.square("sq", "The square."),
        P.square("other", "A second square, for same/different colour.", required=False, example="d5"),
    ],
    "Colour of a square, by every formula of the wiki page",
    "Each formula the Color of a Square page prints, evaluated as printed (C semantics; "
    "32-bit shifts take the count modulo 32), with its value and whether it agrees. "
    "With `other`: same_color and the page's differentColor/sameColor formulas and the "
    "knight-distance parity.",
    response=S.obj(
        {
            "square": S.SQUARE,
            "color": S.COLOR,
            "methods": S.array(_METHOD),
            "working": _WORKING,
            "other": S.SQUARE,
            "other_color": S.COLOR,
            "same_color": S.BOOL,
            "knight_distance": S.INT,
            "knight_distance_parity": S.enum("even", "odd"),
            "same_color_methods": S.array(_METHOD),
        },
        optional=("other", "other_color", "same_color", "knight_distance", "knight_distance_parity", "same_color_methods"),
    ),
)
def color(sq: int, other: int | None) -> dict:
    return answers.color_answer(sq, other)


@endpoint(
    "/same-line",
    [P.square("a", "First square.", example="e4"), P.square("b", "Second square.", example="h7")],
    "Are two squares on one rank, file, diagonal or anti-diagonal?",
    "The true geometry, and each 'two squares on a diagonal' routine of the Diagonals page "
    "evaluated exactly as printed (C integer semantics) on (a, b).",
    response=S.obj(
        {
            "a": S.SQUARE,
            "b": S.SQUARE,
            "rank": S.BOOL,
            "file": S.BOOL,
            "diagonal": S.BOOL,
            "anti_diagonal": S.BOOL,
            "routines": S.array(S.obj({**S.ROUTINE_VERDICT, "correct": S.BOOL})),
        }
    ),
)
def same_line_view(a: int, b: int) -> dict:
    return answers.same_line_answer(a, b)


_NULLABLE_INT = S.nullable(S.INT)


@endpoint(
    "/direction",
    [P.square("from", "From this square.", arg="from_"), P.square("to", "To this square.", example="g5")],
    "Direction from one square to another",
    "Ray and knight direction (any distance along it), bearing in degrees as in the "
    "Direction page's table, begrees (0..143), the 0x88 difference and its 240-entry index.",
    response=S.obj(
        {
            "from": S.SQUARE,
            "to": S.SQUARE,
            "rank_diff": S.INT,
            "file_diff": S.INT,
            "ray": S.nullable(S.STR),
            "ray_step": _NULLABLE_INT,
            "knight": S.nullable(S.STR),
            "knight_step": _NULLABLE_INT,
            "ray_words": S.nullable(S.STR),
            "knight_words": S.nullable(S.STR),
            "knight_jumps": _NULLABLE_INT,
            "degrees": _NULLABLE_INT,
            "begrees": _NULLABLE_INT,
            "x88_diff": S.INT,
            "lookup_index": S.INT,
        }
    ),
)
def direction_view(from_: int, to: int) -> dict:
    return answers.direction_answer(from_, to)


@endpoint(
    "/directions/table",
    [P.choice("kind", TABLE_KINDS, "Which sheet of the Direction page.", example="degrees")],
    "One of the Direction page's 15x15 tables",
    "rows[0] is rank difference +7, rows[14] is -7; cells run from file difference -7 to +7. "
    "null where the page leaves a cell blank (its direction occurs on a farther square) and at the centre. "
    "move_directions: laid out as rows, true where the cell holds a move direction (one of the 8 ray and "
    "8 knight directions, which the page prints in bold).",
    response=S.obj(
        {
            "kind": S.enum(*TABLE_KINDS),
            "rank_diffs": S.array(S.INT, 15),
            "file_diffs": S.array(S.INT, 15),
            "rows": S.array(S.array(_NULLABLE_INT, 15), 15),
            "move_directions": S.array(S.array(S.BOOL, 15), 15),
        }
    ),
)
def directions_table(kind: str) -> dict:
    return answers.directions_table_answer(kind)


_NUMBER = {"type": "number"}
# One line of a derivation evaluated in one chain (the page's, or the true one): null for prose.
_EVALUATED = S.nullable(
    S.obj(
        {
            "reached": S.BOOL,
            "with": S.nullable(S.STR),
            "value": {"anyOf": [_NUMBER, S.BOOL, {"type": "null"}]},
            "sides": S.array(_NUMBER, 2),
        },
        optional=("sides",),
    )
)
_OUTCOME = S.obj({"value": S.INT, "square": S.nullable(S.SQUARE)})
DERIVATION = S.obj(
    {
        "section": S.enum(
            "Rank and File",
            "Rank and Diagonal",
            "File and Diagonal",
            "Rank and Anti-Diagonal",
            "File and Anti-Diagonal",
            "Diagonal and Anti-Diagonal",
        ),
        "vice_versa": S.BOOL,
        "a": S.SQUARE,
        "b": S.SQUARE,
        "tables": S.array(S.enum("diagonal", "anti_diagonal")),
        "reading": S.obj({"sq88": S.STR, "sq882": S.STR}),
        "steps": S.array(
            S.obj(
                {
                    "line": S.STR,
                    "wrong": S.BOOL,
                    "true_line": S.nullable(S.STR),
                    "printed": _EVALUATED,
                    "truth": _EVALUATED,
                }
            )
        ),
        "printed_result": _OUTCOME,
        "true_result": _OUTCOME,
        "square": S.nullable(S.SQUARE),
        "reason": S.nullable(S.enum("off_board", "different_colors")),
        "wrong_lines": S.INT,
    }
)

_MEETING = {
    "square": S.nullable(S.SQUARE),
    "reason": S.nullable(S.enum("off_board", "different_colors")),
    "working": S.obj(
        {
            "formula": S.STR,
            "value": S.INT,
            "binary": S.STR,
            "doubled": S.BOOL,
            "test_mask": S.INT,
            "test_mask_binary": S.STR,
            "masked": S.INT,
            "masked_binary": S.STR,
            "different_colors_bit": S.nullable(S.BOOL),
            "off_board": S.BOOL,
            "square_formula": S.STR,
            "square": S.nullable(S.SQUARE),
        }
    ),
    "printed": S.obj(
        {
            "routine": S.STR,
            "call": {
                "type": "string",
                "pattern": r"^(s1|s2|intersect(RankDia|FileDia|RankAnt|FileAnt|DiaAnt))\([a-h][1-8], [a-h][1-8]\)$",
            },
            "formula": S.STR,
            "value": S.INT,
            "square": S.nullable(S.SQUARE),
            "correct": S.BOOL,
        }
    ),
    "derivation": DERIVATION,
}


@endpoint(
    "/intersection",
    [
        P.square("a", "The square whose line_a is taken.", example="e4"),
        P.square("b", "The square whose line_b is taken.", example="c7"),
        P.line("line_a", "The line kind through a.", example="file"),
        P.line("line_b", "The line kind through b (different from line_a).", example="rank"),
    ],
    "Where the line_a through a meets the line_b through b",
    "The intersection square (or null, with the reason off_board or different_colors), "
    "the Intersection Squares page's 0x88 working (corrected for rank/anti-diagonal), "
    "and what the page's printed routine returns for the same input: `call` names it as the "
    "page prints it (s1, s2 or an intersect... routine) with its arguments in order. `derivation`: "
    "the page's section for the pair (vice versa: its a is this b), each line of its 0x88 Math as "
    "printed and with the numbers put in, the true line beside each wrong one, and where each chain ends.",
    response=S.obj({"a": S.SQUARE, "b": S.SQUARE, "line_a": S.LINE, "line_b": S.LINE, **_MEETING}),
)
def intersection(a: int, b: int, line_a: str, line_b: str) -> dict:
    return answers.intersection_answer(a, b, line_a, line_b)


@endpoint(
    "/intersections",
    [P.square("a", "First square.", example="e4"), P.square("b", "Second square.", example="c7")],
    "All 12 ordered pairs of line kinds at once",
    "Each as /api/intersection returns it, with its line_a and line_b.",
    response=S.obj(
        {"a": S.SQUARE, "b": S.SQUARE, "combinations": S.array(S.obj({"line_a": S.LINE, "line_b": S.LINE, **_MEETING}), 12)}
    ),
)
def intersections(a: int, b: int) -> dict:
    return answers.intersections_answer(a, b)


@endpoint(
    "/intersection-table",
    [P.square("a", "First square.", example="e4"), P.square("b", "Second square.", example="c7")],
    "The 12 ordered pairs of line kinds, a row each",
    "Each pair as /api/intersections has it (line_a, line_b, square, reason, printed), without its 0x88 "
    "working and its derivation: the rows of the Intersection Squares chapter's table, which a page asks "
    "for every square a tap may choose, where the working and the derivation of one pair are enough.",
    response=S.obj(
        {
            "a": S.SQUARE,
            "b": S.SQUARE,
            "combinations": S.array(
                S.obj({"line_a": S.LINE, "line_b": S.LINE, **{k: _MEETING[k] for k in ("square", "reason", "printed")}}), 12
            ),
        }
    ),
)
def intersection_table(a: int, b: int) -> dict:
    return answers.intersection_table_answer(a, b)


@endpoint(
    "/routines",
    [],
    "The audit of every routine the wiki pages print",
    "Each routine evaluated exactly as printed on all its inputs (64 squares or 4096 "
    "ordered pairs) against the truth: how many it gets wrong, and up to 10 examples.",
    response=S.obj(
        {
            "routines": S.array(
                S.obj(
                    {
                        "name": S.STR,
                        "page": S.enum(*ROUTINE_CHAPTERS),
                        "formula": S.STR,
                        "checked": S.INT,
                        "wrong": S.INT,
                        "why": S.STR,
                        "examples": {
                            **S.array(
                                S.obj(
                                    {
                                        "input": S.array(S.SQUARE),
                                        "printed": S.INT,
                                        "printed_means": S.STR,
                                        "expected": S.INT,
                                        "expected_means": S.STR,
                                        "chapter": S.STR,
                                        "query": {"type": "object", "additionalProperties": S.STR},
                                    }
                                )
                            ),
                            "maxItems": 10,
                        },
                    }
                )
            )
        }
    ),
)
def routines() -> dict:
    return {
        "routines": [
            {
                "name": audited.routine.name,
                "page": audited.routine.page,
                "formula": audited.routine.formula,
                "checked": audited.checked,
                "wrong": audited.wrong,
                "why": audited.routine.why,
                "examples": [_shown(answer) | _link(answer) for answer in audited.examples],
            }
            for audited in audit()
        ]
    }


@endpoint(
    "/routine",
    [
        P.choice("name", ROUTINE_NAMES, "The routine, by its name in /api/routines.", example="isDark"),
        P.square("a", "Its first square (sq, sq1 or a on the page).", example="e4"),
        P.square("b", "Its second square, for a routine of two squares.", required=False, example="a2"),
    ],
    "One audited routine on one input: the printed answer beside the truth",
    "The routine evaluated exactly as printed on (a) or (a, b), as /api/routines evaluates it, "
    "with what its value means, the true value and its meaning, whether they agree, and the "
    "chapter (and its query) that shows this input. A routine of two squares needs b; one of "
    "one square takes a alone (b is ignored).",
    response=S.obj(
        {
            "name": S.STR,
            "page": S.enum(*ROUTINE_CHAPTERS),
            "formula": S.STR,
            "input": S.array(S.SQUARE),
            "printed": S.INT,
            "printed_means": S.STR,
            "expected": S.INT,
            "expected_means": S.STR,
            "correct": S.BOOL,
            "chapter": S.STR,
            "query": {"type": "object", "additionalProperties": S.STR},
        }
    ),
)
def routine(name: str, a: int, b: int | None) -> dict:
    """One audited routine on one input: intersectRankAnt(a1, a2) prints -1, the truth is b1."""
    answer = example(name, a) if b is None else example(name, a, b)
    head = {"name": answer.routine.name, "page": answer.routine.page, "formula": answer.routine.formula}
    return head | _shown(answer) | {"correct": answer.correct} | _link(answer)


@endpoint(
    "/squares",
    [P.MAPPING],
    "All 64 squares at once",
    "The /api/square body of every square, a1 first (LERF order): one request for a board's overlays.",
    response=S.obj({"mapping": S.MAPPING, "squares": S.array(SQUARE_ANSWER, 64)}),
)
def squares(mapping: str) -> dict:
    return answers.squares_answer(mapping)
