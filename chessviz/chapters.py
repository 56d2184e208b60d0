"""The course: every chapter in teaching order, the one list pages, tests and benchmarks read.

A chapter is one entry here plus its two files, ``templates/chapters/<slug>.html`` and
``static/js/chapters/<slug>.js``; the home page, the previous/next links, the error page,
the shared answers, the code tasks' chapter names and every test that loops over chapters
follow this list. Pure data: no Flask.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from . import pictures as pic
from .devlog import FEN, OCCUPANCY_LERBEF
from .errors import shown
from .pictures import Picture
from .squares import bb_of, convert, parse_square

# The parts of the course in teaching order, each with the heading the home page gives it.
PARTS: dict[str, str] = {
    "start": "Start here",
    "devlog": "Sliding pieces, the devlog",
    "wiki": "Board geometry, the Chessprogramming wiki",
    "engines": "How engines do it",
    "practice": "Practice",
}

Question = Literal["squares", "value"]


@dataclass(frozen=True)
class Source:
    """A public page a chapter teaches from: the words of its link and its address."""

    title: str
    url: str


def _wiki(page: str) -> Source:
    """Return the Chessprogramming wiki's page `page` ("Color_of_a_Square") as a source."""
    return Source(f"Chessprogramming wiki, {page.replace('_', ' ')}", f"https://www.chessprogramming.org/{page}")


# The devlog the devlog chapters follow, step by step.
DEVLOG = Source("The sliding-pieces devlog", "https://objetos.github.io/chess-thesis-website/devlogs/sixth-devlog")


@dataclass(frozen=True)
class Chapter:
    """One chapter of the course.

    `teaches` is one sentence for the home page and the chapter's lead; `question` is the kind
    of exercise the chapter poses: "squares" (the student marks squares on a board), "value"
    (the student types or chooses a value) or None (the chapter poses none); `sources` the
    public pages it teaches from; `picture` its board as it opens, in miniature; `asks_when` what a
    teacher chooses first where a state of the chapter poses the class no question.
    """

    slug: str
    title: str
    part: str
    teaches: str
    question: Question | None
    # The public pages the chapter comes from, linked from its page (which loads nothing from them).
    sources: tuple[Source, ...] = ()
    # Its board as it opens, in miniature, for the home page (chessviz.pictures).
    picture: Picture | None = None
    # For a teacher whose page, as it stands, poses the class no question: what to choose first.
    asks_when: str = ""


_DEVLOG_OCCUPANCY = convert(OCCUPANCY_LERBEF, "lerbef", "lerf")
_DEVLOG_ROOK = pic.slider(_DEVLOG_OCCUPANCY, "f4", "R")  # the o - r chapters open on the devlog's sketch
# The engine chapters open on a slider on e4 among these blockers (static/js/methods-view.js):
# some on its lines, one behind another, one on an edge square.
ENGINE_BOARD = bb_of(parse_square(name) for name in ("c4", "b4", "e7", "g6", "b1", "h4", "e2"))

CHAPTERS: tuple[Chapter, ...] = (
    Chapter(
        "squares",
        "Squares and mappings",
        "start",
        "A bitboard editor: one set of squares, its value in LERF and in the devlog's mapping.",
        "value",
        sources=(_wiki("Square_Mapping_Considerations"), _wiki("Diagonals"), DEVLOG),
        picture=pic.of_squares("a1", "e4", "e8"),
    ),
    Chapter(
        "msb",
        "Which way? Comparing single-bit boards",
        "devlog",
        "Set one bit on each board: the bigger number lies to the left, until a board holds two bits.",
        "squares",
        sources=(DEVLOG,),
        picture=pic.of_squares("e1", "h1"),
        asks_when=(
            "Put two bits or more on the destination board first (tick “Allow several bits per board”): "
            "a board of one bit shows its own answer."
        ),
    ),
    Chapter(
        "shift-ray",
        "Rays by shifting",
        "devlog",
        "The devlog's shift loop, step by step, on ranks, files and diagonals.",
        "squares",
        sources=(DEVLOG,),
        picture=pic.pair("c4", "g4", squares=("c4",)),
        asks_when="Choose two squares on one line first.",
    ),
    Chapter(
        "propagation",
        "Bit propagation: o - r",
        "devlog",
        "Subtract the slider from the occupancy and watch the borrow run to the next blocker.",
        "squares",
        sources=(DEVLOG,),
        picture=_DEVLOG_ROOK,
    ),
    Chapter(
        "mask",
        "Sliding mask: (o - r) & m",
        "devlog",
        "Keep only the bits on the slider's line.",
        "squares",
        sources=(DEVLOG,),
        picture=_DEVLOG_ROOK,
    ),
    Chapter(
        "masked-occupied",
        "Masked occupancy: ((o & m) - r) & m",
        "devlog",
        "Blockers off the line spoil the result; mask the occupancy first.",
        "squares",
        sources=(DEVLOG,),
        picture=_DEVLOG_ROOK,
    ),
    Chapter(
        "rays",
        "Positive and negative rays",
        "devlog",
        "Subtraction only runs towards higher bits; reverse the board for the other half.",
        "squares",
        sources=(DEVLOG,),
        picture=pic.slider(1 << 49, "e4", "Q"),
    ),
    Chapter(
        "hyperbola",
        "The o^(o-2r) equation",
        "devlog",
        "Every term of hyperbola quintessence, one step at a time, then the union over the lines.",
        "squares",
        sources=(DEVLOG,),
        picture=_DEVLOG_ROOK,
    ),
    Chapter(
        "game",
        "Free-mode game board",
        "devlog",
        "The devlog's final position: choose a piece to see its moves, then a target to move it.",
        "squares",
        sources=(DEVLOG,),
        picture=pic.position(FEN),
        asks_when="Select a piece first: the class is asked where it can move.",
    ),
    Chapter(
        "diagonals",
        "Diagonals",
        "wiki",
        "The three diagonal enumerations, and the page's 'same diagonal' routines put to the test.",
        "value",
        sources=(_wiki("Diagonals"),),
        picture=pic.two_lines("e4", "diagonal", "e4", "anti_diagonal", shade=True, end=False),
    ),
    Chapter(
        "colors",
        "Colour of a square",
        "wiki",
        "Every colour formula of the page with its working written out.",
        "value",
        sources=(_wiki("Color_of_a_Square"),),
        picture=pic.dark_squares("e4"),
    ),
    Chapter(
        "directions",
        "Directions",
        "wiki",
        "Compass rose, knight rose, degrees, begrees and the 0x88 difference.",
        "value",
        sources=(_wiki("Direction"),),
        picture=pic.roses("e4", "g5"),
        asks_when="Choose a second square first, away from the first.",
    ),
    Chapter(
        "intersections",
        "Intersection squares",
        "wiki",
        "Where two lines meet, by the page's 0x88 arithmetic, off-board and colour cases included.",
        "value",
        sources=(_wiki("Intersection_Squares"),),
        picture=pic.two_lines("e4", "rank", "c7", "diagonal"),
        asks_when="Choose two lines of different kinds first.",
    ),
    Chapter(
        "routines",
        "The routine audit",
        "wiki",
        "Every routine the pages print, run on every input: how many answers are wrong.",
        "value",
        sources=(_wiki("Diagonals"), _wiki("Color_of_a_Square"), _wiki("Direction"), _wiki("Intersection_Squares")),
        picture=pic.pair("c1", "a8"),
    ),
    Chapter(
        "kogge-stone",
        "Kogge-Stone fills",
        "engines",
        "A ray by filling: three doubling steps of 1, 2 and 4 squares per direction, beside dumb7fill's single steps.",
        "squares",
        sources=(_wiki("Kogge-Stone_Algorithm"), _wiki("Dumb7Fill")),
        picture=pic.slider(ENGINE_BOARD, "e4", "R"),
    ),
    Chapter(
        "magic",
        "Magic bitboards",
        "engines",
        "Attacks by one table read: the relevant occupancy, a magic number that packs it into an index, and the search for one.",
        "squares",
        sources=(_wiki("Magic_Bitboards"), _wiki("Looking_for_Magics"), _wiki("BMI2")),
        picture=pic.slider(ENGINE_BOARD, "e4", "R"),
    ),
    Chapter(
        "methods",
        "Every way to slide",
        "engines",
        "One board, every method side by side: the same attacks, their 64-bit operations, their tables and their speed.",
        "squares",
        sources=(
            _wiki("Classical_Approach"),
            _wiki("Hyperbola_Quintessence"),
            _wiki("Kogge-Stone_Algorithm"),
            _wiki("Dumb7Fill"),
            _wiki("Obstruction_Difference"),
            _wiki("Magic_Bitboards"),
            _wiki("BMI2"),
            Source("Gigantua, Chess_Movegen (C++ speeds)", "https://github.com/Gigantua/Chess_Movegen"),
        ),
        picture=pic.slider(ENGINE_BOARD, "e4", "Q"),
    ),
    Chapter(
        "code",
        "Write the code yourself",
        "practice",
        "The devlog's exercises, three wiki routines and three engines' steps: write them in the browser, "
        "checked on every input.",
        None,
        sources=(
            DEVLOG,
            _wiki("Diagonals"),
            _wiki("Color_of_a_Square"),
            _wiki("Intersection_Squares"),
            _wiki("Kogge-Stone_Algorithm"),
            _wiki("Magic_Bitboards"),
        ),
        picture=pic.of_squares("h1", "a1", "a8"),
        asks_when="Writing the code is this chapter's exercise: it asks the class nothing.",
    ),
)

_BY_SLUG = {c.slug: c for c in CHAPTERS}


class UnknownChapter(LookupError):
    """Raised by `chapter` for a slug no chapter has; the message names it."""


def chapter(slug: str) -> Chapter:
    """Return the chapter named `slug` ("mask" is the sliding mask chapter); UnknownChapter if none is."""
    found = _BY_SLUG.get(slug)
    if found is None:
        raise UnknownChapter(f"no chapter named {shown(slug)}")
    return found


def neighbours(current: Chapter) -> tuple[Chapter | None, Chapter | None]:
    """Return the chapters before and after `current` in teaching order (None at either end)."""
    position = CHAPTERS.index(current)
    return (
        CHAPTERS[position - 1] if position > 0 else None,
        CHAPTERS[position + 1] if position + 1 < len(CHAPTERS) else None,
    )


def in_part(part: str) -> tuple[Chapter, ...]:
    """Return the chapters of `part` ("devlog": msb to game) in teaching order."""
    return tuple(c for c in CHAPTERS if c.part == part)
