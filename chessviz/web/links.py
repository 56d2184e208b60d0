"""Which chapter shows one input of a printed routine or of a code task, and that chapter's query.

The core names no chapter and writes no URL: it says what an input is (a routine's squares,
a ray's two ends, a slider on its line, a position with a piece selected). This module knows
the chapters' URL state and turns those values into (chapter slug, query); it checks, when
the app starts, that every routine's page and every kind of task has a chapter.
"""

from __future__ import annotations

from ..audit import ROUTINES, ROUTINES_BY_NAME, ROUTINES_FILE, Routine
from ..code_tasks import KINDS, TASKS_FILE, FillInput, LookupInput, PieceInput, RayInput, RoutineInput, SlideInput, Task
from ..datafiles import DataFileError, shown_path
from ..squares import square_name

# The chapter that shows a routine's input, by the wiki page that prints the routine, and the
# names that chapter's URL gives its squares.
ROUTINE_CHAPTERS: dict[str, tuple[str, tuple[str, str]]] = {
    "Diagonals": ("diagonals", ("a", "b")),
    "Color of a Square": ("colors", ("sq", "other")),
    "Intersection Squares": ("intersections", ("a", "b")),
    "Direction": ("directions", ("from", "to")),
}
# The chapters that show a named routine's answer beside the truth (the routine query parameter).
SHOWS_A_ROUTINE = ("diagonals", "intersections")
# The chapter that shows one input of a task, by its kind (a routine task: its routine's chapter).
TASK_CHAPTERS = {
    "ray": "shift-ray",
    "negative-ray": "hyperbola",
    "piece": "game",
    "occluded-fill": "kogge-stone",
    "relevant-mask": "magic",
    "magic-index": "magic",
}


def check_chapters(routines: tuple[Routine, ...], kinds) -> None:
    """Stop the start when a routine's page or a kind of task has no chapter (a data file's new value)."""
    for routine in routines:
        if routine.page not in ROUTINE_CHAPTERS:
            raise DataFileError(
                f"{shown_path(ROUTINES_FILE)}: routine {routine.name!r}: field 'page': no chapter shows the page "
                f"{routine.page!r} (chessviz/web/links.py ROUTINE_CHAPTERS has {', '.join(map(repr, ROUTINE_CHAPTERS))})"
            )
    for kind in kinds:
        if kind not in TASK_CHAPTERS and kind != "routine":
            raise DataFileError(f"{shown_path(TASKS_FILE)}: no chapter shows a task of kind {kind!r} (chessviz/web/links.py)")


check_chapters(ROUTINES, KINDS)


def routine_chapter(routine: Routine) -> str:
    """Return the chapter that shows one input of `routine`: isDark's is "colors"."""
    return ROUTINE_CHAPTERS[routine.page][0]


def routine_query(routine: Routine, args: tuple[int, ...], *, name_it: bool = True) -> dict:
    """Return the query of the chapter that shows `routine` on `args`; where that chapter can (and
    `name_it`), it names the routine too: intersectRankAnt on (a1, a2) is a=a1, b=a2,
    line_a=rank, line_b=anti_diagonal, routine=intersectRankAnt."""
    chapter, keys = ROUTINE_CHAPTERS[routine.page]
    query = {key: square_name(sq) for key, sq in zip(keys, args, strict=False)}
    if routine.lines:
        query |= {"line_a": routine.lines[0], "line_b": routine.lines[1]}
    if name_it and chapter in SHOWS_A_ROUTINE:
        query["routine"] = routine.name
    return query


def task_chapter(task: Task) -> str:
    """Return the chapter that shows one input of `task`: "shift-ray" for the ray tasks."""
    if task.kind == "routine":
        return routine_chapter(ROUTINES_BY_NAME[task.routine])
    return TASK_CHAPTERS[task.kind]


def shown_query(shown: object) -> dict:
    """Return the query that sets a chapter to one input as the core describes it (see chessviz.code_tasks)."""
    if isinstance(shown, RayInput):
        return {"from": square_name(shown.origin), "to": square_name(shown.target)}
    if isinstance(shown, SlideInput):
        return {"sq": square_name(shown.square), "occ": hex(shown.occupied), "line": shown.line, "step": shown.step}
    if isinstance(shown, PieceInput):
        return {"fen": shown.fen, "sel": square_name(shown.square)}
    if isinstance(shown, RoutineInput):
        return routine_query(shown.routine, shown.args, name_it=False)
    # The engine chapters show bitboards in lerbef, as the code chapter does; their pieces as the task's.
    if isinstance(shown, FillInput):
        return {
            "sq": square_name(shown.square),
            "occ": hex(shown.occupied),
            "dir": shown.direction,
            "step": 5,
            "mapping": "lerbef",
        }
    if isinstance(shown, LookupInput):
        return {
            "kind": shown.kind,
            "sq": square_name(shown.square),
            "occ": hex(shown.occupied),
            "step": shown.step,
            "mapping": "lerbef",
        }
    raise TypeError(f"no chapter shows {shown!r}")
