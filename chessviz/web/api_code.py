"""Code chapter endpoints: the tasks, and every input of a task with its expected answer.

The student's code never comes here; the page runs it in a Web Worker (see
:mod:`chessviz.web.code_worker`) and compares its answers with these.
"""

from __future__ import annotations

import re
from functools import cache

from ..chapters import CHAPTERS
from ..code_tasks import MAPPING, PARTS, TASKS, OneInput, PrintedReport, Task, arg_kinds, check_task, one_input, truth
from ..errors import ChessvizError, shown
from ..squares import format_bitboard
from . import params as P
from . import schemas as S
from .api import endpoint
from .links import shown_query, task_chapter

TASK_IDS = tuple(task.id for task in TASKS)


def _index(text: str) -> int:
    if not re.fullmatch(r"[0-9]{1,5}", text):  # not str.isdigit: it takes "²", which int() refuses
        raise ChessvizError("invalid_parameter", f"index must be a whole number 0..4095, got {shown(text)}")
    return int(text)


TASK = P.choice(
    "task",
    TASK_IDS,
    "The task: one per exercise of the devlog, three wiki routines and three engines' steps.",
    example="horizontal",
)
INDEX = P.Param(
    "index",
    _index,
    "One input's position in the task's list (0 = the first): answer that input alone, "
    "with a sentence naming it, the chapter and query that show it, and how to draw it.",
    {"type": "string", "pattern": "^[0-9]{1,5}$"},
    required=False,
    example="0",
)


# --- Response schemas. What varies from task to task (the kinds of its arguments and of its
# answer, the chapter that shows an input and that chapter's query) is declared per task, from
# the tasks themselves, as "if task is X then ..." clauses.

LERBEF = S.BITBOARD | {"description": "a bitboard in the devlog's mapping (lerbef: h1 is bit 0, a1 is bit 7)"}
IDENTIFIER = {"type": "string", "pattern": "^[A-Za-z_$][A-Za-z0-9_$]*$"}
CHAPTER = S.enum(*(c.slug for c in CHAPTERS))
ARG_KINDS = {
    "bitboard": LERBEF,
    "integer": {
        "type": "integer",
        "minimum": 0,
        "maximum": 63,
        "description": "a LERF square index, a rank or file 1..8, or a shift",
    },
}
RESULT_KINDS = {
    "bitboard": LERBEF,
    "boolean": S.BOOL,
    "square": {"type": "integer", "minimum": -1, "maximum": 63, "description": "a LERF square index, -1 for none"},
    "index": {"type": "integer", "minimum": 0, "description": "a table index (a magic's, at most 2^12 - 1 here)"},
}
COUNT = {"type": "integer", "minimum": 0}
# The query string of each chapter that shows one input (the chapter's own state fields).
CHAPTER_QUERIES = {
    "shift-ray": S.obj({"from": S.SQUARE, "to": S.SQUARE}),
    "hyperbola": S.obj(
        {"sq": S.SQUARE, "occ": {"type": "string", "pattern": "^0x[0-9a-f]{1,16}$"}, "line": S.LINE, "step": COUNT}
    ),
    "game": S.obj({"fen": {"type": "string", "pattern": "^[pPBQ1-8]+(/[pPBQ1-8]+){7}$"}, "sel": S.SQUARE}),
    "diagonals": S.obj({"a": S.SQUARE, "b": S.SQUARE}),
    "colors": S.obj({"sq": S.SQUARE}),
    "intersections": S.obj({"a": S.SQUARE, "b": S.SQUARE, "line_a": S.LINE, "line_b": S.LINE}),
    "kogge-stone": S.obj(
        {
            "sq": S.SQUARE,
            "occ": {"type": "string", "pattern": "^0x[0-9a-f]{1,16}$"},
            "dir": S.enum("e"),
            "step": COUNT,
            "mapping": S.enum("lerbef"),
        }
    ),
    "magic": S.obj(
        {
            "kind": S.enum("rook", "bishop"),
            "sq": S.SQUARE,
            "occ": {"type": "string", "pattern": "^0x[0-9a-f]{1,16}$"},
            "step": COUNT,
            "mapping": S.enum("lerbef"),
        }
    ),
}


def _arguments(task: Task) -> dict:
    """Return the schema of one argument list of ``task``: as many arguments as it takes, of its kinds.

    Not prefixItems, which would fix each position: Schemathesis (4.32) rewrites it into the
    draft 7 tuple form and then refuses that under 2020-12. A task mixing kinds (the pieces:
    rank, file, two bitboards) says how many integers instead.
    """
    kinds = arg_kinds(task)
    schema = {"type": "array", "minItems": len(kinds), "maxItems": len(kinds)}
    if len(set(kinds)) == 1:
        return schema | {"items": ARG_KINDS[kinds[0]]}
    integers = kinds.count("integer")
    return schema | {
        "items": {"anyOf": [ARG_KINDS[kind] for kind in sorted(set(kinds))]},
        "contains": ARG_KINDS["integer"],
        "minContains": integers,
        "maxContains": integers,
    }


def _per_task(then) -> dict:
    """Return allOf: for each task, "if task is its id then ``then(task)``" (the fields that depend on the task)."""
    return {"allOf": [{"if": {"properties": {"task": {"const": task.id}}}, "then": {"properties": then(task)}} for task in TASKS]}


_PRINTED = S.obj({"label": S.STR, "code": S.STR, "note": S.STR})
_TASK_SUMMARY = S.obj(
    {
        "id": S.enum(*TASK_IDS),
        "title": IDENTIFIER,
        "part": S.enum(*PARTS),
        "source": S.STR,
        "statement": {"type": "array", "items": S.STR, "minItems": 1},
        "entry": IDENTIFIER,
        "call": S.enum("function", "piece"),
        "args": S.array(IDENTIFIER),
        "result": S.enum(*RESULT_KINDS),
        "stub": S.STR,
        "solution": S.STR,
        "chapter": CHAPTER,
        "printed": S.array(_PRINTED),
    }
)
CODE_TASKS = S.obj({"mapping": S.enum("lerbef"), "tasks": S.array(_TASK_SUMMARY, len(TASKS))})

_PRINTED_REPORT = S.obj(
    {
        "label": S.STR,
        "wrong": S.nullable(COUNT),
        "first_wrong": S.nullable(COUNT),
        "throws": S.nullable(S.STR),
        "note": S.STR,
    }
)
_EVERY_INPUT = S.obj(
    {
        "task": S.enum(*TASK_IDS),
        "count": COUNT,
        "args": S.array(S.obj({"name": IDENTIFIER, "kind": S.enum(*ARG_KINDS)})),
        "result": S.enum(*RESULT_KINDS),
        "inputs": S.array({"anyOf": [_arguments(task) for task in TASKS]}),
        "expected": S.array({"anyOf": list(RESULT_KINDS.values())}),
        "printed": S.array(_PRINTED_REPORT),
    }
) | _per_task(
    lambda task: {
        "args": {"const": [{"name": name, "kind": kind} for name, kind in zip(task.args, arg_kinds(task), strict=True)]},
        "result": {"const": task.result},
        "inputs": S.array(_arguments(task)),
        "expected": S.array(RESULT_KINDS[task.result]),
    }
)
_VIEW = S.obj(
    {
        "occupied": S.nullable(LERBEF),
        "pieces": S.PIECES,
        "marks": {"type": "object", "propertyNames": S.SQUARE, "additionalProperties": S.enum("start", "end")},
        "line": S.nullable(LERBEF),
        "caption": S.STR,
    }
)
_ONE_INPUT = S.obj(
    {
        "task": S.enum(*TASK_IDS),
        "index": COUNT,
        "input": {"anyOf": [_arguments(task) for task in TASKS]},
        "expected": {"anyOf": list(RESULT_KINDS.values())},
        "call": S.STR,
        "chapter": CHAPTER,
        "query": {"anyOf": list(CHAPTER_QUERIES.values())},
        "view": _VIEW,
    }
) | _per_task(
    lambda task: {
        "input": _arguments(task),
        "expected": RESULT_KINDS[task.result],
        "chapter": {"const": task_chapter(task)},
        "query": CHAPTER_QUERIES[task_chapter(task)],
    }
)
CODE_TRUTH = {
    "oneOf": [
        _EVERY_INPUT | {"description": "Without index: every input of the task and its answer."},
        _ONE_INPUT | {"description": "With index: that one input, its answer and how to show it."},
    ]
}


@endpoint(
    "/code-tasks",
    [],
    "The code chapter's tasks",
    "For each task: id, title, part (devlog or wiki), source, statement (paragraphs), the entry the student "
    "writes (a function, or a class for the pieces), its argument names, the result kind (bitboard, boolean, "
    "square), the starting stub, a reference solution, the chapter that shows one input, and the code the "
    "source prints for it (printed: label, code, note).",
    tag="code",
    response=CODE_TASKS,
)
def code_tasks() -> dict:
    return {"mapping": MAPPING, "tasks": [summary(task) for task in TASKS]}


def summary(task: Task) -> dict:
    """Return what the page shows of a task before any checking: its text and its code."""
    return {
        "id": task.id,
        "title": task.entry,  # the page heads a task with the name the student writes
        "part": task.part,
        "source": task.source,
        "statement": list(task.statement),
        "entry": task.entry,
        "call": task.call,
        "args": list(task.args),
        "result": task.result,
        "stub": task.stub,
        "solution": task.solution,
        "chapter": task_chapter(task),
        "printed": [{"label": p.label, "code": p.code, "note": p.note} for p in task.printed],
    }


def encode(kind: str, value):
    """Return a value as JSON carries it: bitboards as 0x + 16 hex digits, the rest unchanged."""
    if kind == "bitboard":
        return format_bitboard(value)
    return bool(value) if kind == "boolean" else value


def _report(report: PrintedReport) -> dict:
    printed = report.printed
    return {
        "label": printed.label,
        "wrong": report.wrong,
        "first_wrong": report.first_wrong,
        "throws": printed.throws,
        "note": printed.note,
    }


@cache
def every_input(task_id: str) -> dict:
    """Return every input of a task and its expected answer as JSON carries them (encoded once: pure)."""
    found = truth(task_id)
    task = found.task
    kinds = arg_kinds(task)
    return {
        "task": task.id,
        "count": len(found.inputs),
        "args": [{"name": name, "kind": kind} for name, kind in zip(task.args, kinds, strict=False)],
        "result": task.result,
        "inputs": [[encode(kind, value) for kind, value in zip(kinds, args, strict=False)] for args in found.inputs],
        "expected": [encode(task.result, value) for value in found.expected],
        "printed": [_report(report) for report in found.printed],
    }


def _one(found: OneInput) -> dict:
    task, view = found.task, found.view
    return {
        "task": task.id,
        "index": found.index,
        "input": [encode(kind, value) for kind, value in zip(arg_kinds(task), found.args, strict=False)],
        "expected": encode(task.result, found.expected),
        "call": found.call,
        "chapter": task_chapter(task),
        "query": shown_query(found.shown),
        "view": {
            "occupied": None if view.occupied is None else format_bitboard(view.occupied),
            "pieces": view.pieces,
            "marks": view.marks,
            "line": None if view.line is None else format_bitboard(view.line),
            "caption": view.caption,
        },
    }


@endpoint(
    "/code-truth",
    [TASK, INDEX],
    "Every input of a code task with its expected answer, in one request",
    "inputs: a list of argument lists (bitboards as 0x + 16 hex digits in lerbef, squares as integers), "
    "expected: the answer for each, in the same order (a bitboard, true/false, or a LERF square index with "
    "-1 for none); args names each argument and its kind; printed: for the code the source prints, how many "
    "inputs it gets wrong and the first of them (null when it cannot run; throws then names the error). "
    "With index: that one input, its answer, call (a sentence naming it), chapter and query (the chapter that "
    "shows it with this input loaded) and view (how to draw it: occupied, pieces, marks, line). An index past "
    "the end is a 400 invalid_parameter.",
    tag="code",
    fields={"task_id": "task"},
    response=CODE_TRUTH,
)
def code_truth(task: str, index: int | None) -> dict:
    check_task(task)
    if index is not None:
        return _one(one_input(task, index))
    return every_input(task)
