"""Code chapter endpoints: the tasks, and every input of a task with its expected answer.

The student's code never comes here; the page runs it in a Web Worker (see
:mod:`chessviz.web.code_worker`) and compares its answers with these.
"""

from __future__ import annotations

import re

from ..code_tasks import TASKS, check_task, one_input, summary, truth
from ..errors import ChessvizError, shown
from . import params as P
from .api import endpoint

TASK_IDS = tuple(task.id for task in TASKS)


def _index(text: str) -> int:
    if not re.fullmatch(r"[0-9]{1,5}", text):  # not str.isdigit: it takes "²", which int() refuses
        raise ChessvizError("invalid_parameter", f"index must be a whole number 0..4095, got {shown(text)}", "index")
    return int(text)


TASK = P.choice("task", TASK_IDS, "The task: one per exercise of the devlog, and three wiki routines.", example="horizontal")
INDEX = P.Param(
    "index",
    _index,
    "One input's position in the task's list (0 = the first): answer that input alone, "
    "with a sentence naming it, the chapter and query that show it, and how to draw it.",
    {"type": "string", "pattern": "^[0-9]{1,5}$"},
    required=False,
    example="0",
)


@endpoint(
    "/code-tasks",
    [],
    "The code chapter's tasks",
    "For each task: id, title, part (devlog or wiki), source, statement (paragraphs), the entry the student "
    "writes (a function, or a class for the pieces), its argument names, the result kind (bitboard, boolean, "
    "square), the starting stub, a reference solution, the chapter that shows one input, and the code the "
    "source prints for it (printed: label, code, note).",
    tag="code",
)
def code_tasks() -> dict:
    return {"mapping": "lerbef", "tasks": [summary(task) for task in TASKS]}


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
)
def code_truth(task: str, index: int | None) -> dict:
    check_task(task)
    if index is not None:
        return one_input(task, index)
    return truth(task)
