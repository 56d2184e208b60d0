"""The teacher's guide: lesson plans through the course, as data the guide page (``/guide``) shows.

Each step names a chapter of the registry (:mod:`chessviz.chapters`), what to show on the
projector, the questions to ask with what to listen for, and what to hand out: the chapter in
exercise mode (``hide=1``, answers hidden until each student reveals) and a printable worksheet
(``sheet=N&seed=S``: N exercises, the same sheet again for the same seed, no answers on it; with
``key=1`` the teacher's copy, its answer key on the last page). tests/test_course.py checks every
chapter, link and minute count here.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Question:
    """A question to ask the class, and what to listen for in the answers."""

    ask: str
    listen: str


@dataclass(frozen=True)
class Step:
    """One part of a lesson: `minutes` on the chapter `chapter`, starting from its `start` query."""

    chapter: str
    minutes: int
    show: str
    questions: tuple[Question, ...]
    start: str = ""  # the chapter's state to open on the projector (a query string), "" for its default
    exercise: str | None = "hide=1"  # the chapter in exercise mode, for every student (None: no exercise)
    sheet: tuple[int, int] | None = None  # a worksheet: (exercises, seed)


@dataclass(frozen=True)
class Homework:
    chapter: str
    query: str
    text: str


@dataclass(frozen=True)
class Lesson:
    key: str
    title: str
    minutes: int
    goal: str
    steps: tuple[Step, ...]
    homework: tuple[Homework, ...] = ()


LESSONS: tuple[Lesson, ...] = (
    Lesson(
        "introduction",
        "A first lesson: squares, numbers and a ray",
        45,
        "Students read a bitboard as 64 squares, number them in two mappings and build a ray with a shift loop.",
        (
            Step(
                "squares",
                15,
                "Click a few squares on the LERF board and read both values; type a value in, e.g. 0x8000000000000001.",
                (
                    Question(
                        "a1 is bit 0 in LERF. Which bit is it in the devlog's mapping, and why?",
                        "Bit 7: the devlog numbers each rank from h to a (h1 is bit 0).",
                    ),
                    Question(
                        "e4 is bit 28 in LERF and bit 27 in the devlog's mapping. Where do both numbers come from?",
                        "8 × rank + file = 8 × 3 + 4; the devlog counts files from h: 8 × 3 + (7 − 4).",
                    ),
                ),
                sheet=(6, 1),
            ),
            Step(
                "msb",
                12,
                "The devlog's sketch: destination e1 (worth 8), start h1 (worth 1). Then tick several bits per board.",
                (
                    Question(
                        "The destination's number is bigger than the start's. Is it to the left?",
                        "Yes with one bit per board in the devlog's mapping; in LERF the rule reads backwards.",
                    ),
                    Question(
                        "Put two bits on the destination board. Which bit does the comparison really look at?",
                        "The most significant bit; 'bigger means to the left' no longer says anything.",
                    ),
                ),
            ),
            Step(
                "shift-ray",
                18,
                "Step the loop from c4 to g4, then choose two squares on different ranks.",
                (
                    Question(
                        "From c4 to g4, does the loop shift left or right?",
                        "Right: g4's bit (25) is lower than c4's (29) in the devlog's mapping.",
                    ),
                    Question(
                        "What does the printed loop do when the two squares share no rank?",
                        "It runs along the ranks over the board's edge and collects squares on the way, or never ends.",
                    ),
                ),
                sheet=(6, 1),
            ),
        ),
        (Homework("code", "task=horizontal&hide=1", "Write getHorizontalRay, checked on all 448 pairs of a rank."),),
    ),
    Lesson(
        "sliding",
        "The devlog's sliding attacks: o ^ (o − 2r)",
        45,
        "Students follow the borrow of o − r to the first blocker, mask it to one line and put together o ^ (o − 2r).",
        (
            Step(
                "propagation",
                10,
                "The devlog's occupancy with a rook on f4: read o − r bit by bit and follow the borrow, drawn in thin bars.",
                (
                    Question(
                        "Where does the borrow stop, and why there?",
                        "At g5, the first occupied bit above the rook's: it pays the borrow. On the way it ran off "
                        "rank 4 onto h5, which is why the devlog masks the line next.",
                    ),
                ),
                sheet=(6, 2),
            ),
            Step(
                "masked-occupied",
                10,
                "The rook on f4 along its file: the devlog's pawn on g5 is off the file.",
                (
                    Question(
                        "Why does (o − r) & m miss f5 to f8, with no blocker on the f-file above the rook?",
                        "The borrow stops at g5, off the line: mask the occupancy first, so only the line's blockers count.",
                    ),
                ),
            ),
            Step(
                "rays",
                10,
                "The devlog's queen on e4 and pawn on b7: the positive rays, then the reversed board.",
                (
                    Question(
                        "Subtraction only runs towards higher bits. How do we get the rays the other way?",
                        "Reverse the board, subtract, and reverse back.",
                    ),
                ),
            ),
            Step(
                "hyperbola",
                10,
                "Every term of o ^ (o − 2r), one at a time, then the union over the lines.",
                (
                    Question(
                        "Why 2r and not r?",
                        "o holds the slider itself: o − r only clears its bit; the second r borrows from the first "
                        "blocker above, turning on the squares in between.",
                    ),
                ),
                sheet=(6, 2),
            ),
            Step(
                "game",
                5,
                "The devlog's final position: click the black queen on d4, then any piece.",
                (Question("How many moves has the queen on d4, and which are captures?", "Reveal to count them on the board."),),
                sheet=(6, 3),
            ),
        ),
        (
            Homework("code", "task=negative&hide=1", "Write the negative ray by reversing the board."),
            Homework("code", "task=bishop&hide=1", "Implement the Bishop on top of SlidingPiece."),
        ),
    ),
    Lesson(
        "geometry",
        "The wiki's board geometry: lines, colours, directions",
        45,
        "Students test the wiki's routines on squares they choose, and see which printed routines are wrong.",
        (
            Step(
                "diagonals",
                10,
                "Click c1, then f4; then c1 and a8.",
                (
                    Question("Do c1 and f4 lie on one diagonal?", "Yes: rank − file is −2 for both."),
                    Question(
                        "The page's second routine says (sq2 − sq1) % 9 == 0. Is it right for c1 and a8?",
                        "No: 54 is a multiple of 9, yet c1 and a8 share no diagonal.",
                    ),
                ),
                sheet=(6, 4),
            ),
            Step(
                "colors",
                8,
                "Click b5, then a second square.",
                (
                    Question(
                        "Why can't the parity of the square index (0..63) give the colour?",
                        "A rank has 8 squares: a1 (0) is dark but a2 (8), also even, is light.",
                    ),
                ),
                sheet=(6, 4),
            ),
            Step(
                "directions",
                9,
                "Centre on c3, then click f6.",
                (Question("From c3, which way is f6, and how many degrees?", "North-east, 45°."),),
                sheet=(6, 4),
            ),
            Step(
                "intersections",
                10,
                "S on e4, D on f6; the rank of S and the diagonal of D.",
                (
                    Question("Where does the rank of e4 meet the diagonal of f6?", "On d4."),
                    Question(
                        "Can a diagonal and an anti-diagonal miss each other on the board?",
                        "Yes: if their squares have different colours they would cross between squares.",
                    ),
                ),
                start="a=e4&b=f6&line_a=rank&line_b=diagonal",
                sheet=(6, 4),
            ),
            Step(
                "routines",
                8,
                "The audit: every routine the pages print, run on every input.",
                (Question("Which printed routines are wrong, and on how many inputs?", "Read the counts in the audit's table."),),
            ),
        ),
        (
            Homework("code", "task=same-diagonal&hide=1", "Write squaresOnSameDiagonal, checked on all 4,096 pairs."),
            Homework("code", "task=color&hide=1", "Write isDark, checked on all 64 squares."),
        ),
    ),
)
