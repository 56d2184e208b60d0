"""The words students read, held to the facts they state and to one house style.

Not wording word for word (a test that restated every sentence would only say it twice), but
what a sentence claims and what a reader can check: the bit numbers and square indices it
quotes, the sections of the source it cites, the helpers it says are there to use, the
formula beside each step (evaluated, it gives the number the step shows), the repository
files the API's manual names; and the style every sentence and label keeps (a capital at the
start, a full stop at the end of a sentence and none after a label, square names in lower
case, no word in capitals or in camel case unless it is an acronym or a name from the code).
"""

from __future__ import annotations

import functools
import random
import re

import chess
import pytest

from chessviz.chapters import CHAPTERS
from chessviz.sliding import slide_steps

from oracle import DATA, NAMES, rf, walked_mask
from project import ROOT
from sliding_oracle import rev

BB_ALL = (1 << 64) - 1
LINE_WORDS = {"rank": "rank", "file": "file", "diagonal": "diagonal", "anti_diagonal": "anti-diagonal"}
# Words in capitals or with a capital inside that are not names from the code the page shows.
KNOWN_WORDS = {"XOR", "XORs", "BigInts", "JavaScript", "OK", "QR", "SVG", "FEN", "LERF", "HTTP", "API", "OpenAPI"}
PROPER_NAMES = {"C", "JavaScript", "Python"}  # the languages keep their capitals, even C's one letter
PROPER_LOWER = {name.lower() for name in PROPER_NAMES}
TOKEN = re.compile(r"(?<![\w$])[A-Za-z_$][\w$]*")
COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)  # C's and JavaScript's


def square(name: str) -> tuple[int, int]:
    """(rank, file) of a square name, counted from 0 (the oracle's reading, not the core's)."""
    return rf(NAMES.index(name))


def devlog_lines() -> list[str]:
    text = (DATA / "devlog" / "sliding-pieces-devlog.txt").read_text(encoding="utf-8")
    return [line for line in text.splitlines() if not line.startswith("# Source:")]


def wiki_pages() -> dict[str, str]:
    """Each copy in tests/data/wiki by the page title its source line names."""
    pages = {}
    for path in (DATA / "wiki").glob("*.txt"):
        text = path.read_text(encoding="utf-8")
        pages[re.match(r'# Source: Chessprogramming wiki, page "([^"]+)",', text).group(1)] = text
    return pages


def check_style(text: str, kind: str, names: set[str]) -> None:
    """One sentence (kind "sentence") or one title or label (kind "label") in the house style."""
    assert text and (text[0].isupper() or text[0].isdigit()), (kind, text)  # a capital, or a number ("64-bit ...")
    if kind == "sentence":
        assert text[-1] in ".?", text
        for sentence in re.split(r"(?<=[.?]) +", text)[1:]:  # each starts with a capital, a square or a call of the code's
            call = re.match(r"([A-Za-z_$][\w$]*)\(", sentence)
            assert sentence[0].isupper() or re.match(r"[a-h][1-8]\b", sentence) or (call and call[1] in names), sentence
    else:
        assert not text.endswith("."), text
    camel = None  # a name from the code with a capital inside, by its lower case: made once a text needs it
    for token in TOKEN.findall(text):
        assert not re.fullmatch(r"[A-H][1-8]", token), f"square names are written in lower case: {token} in {text!r}"
        assert token in names or token not in PROPER_LOWER, f"{token!r} is a name: {text!r}"
        if any(c.isupper() for c in token[1:]):
            assert token in names or token in KNOWN_WORDS, f"{token!r} is neither a word nor a name from the code: {text!r}"
        elif token not in names:  # a name from the code spelt in other letters
            if camel is None:
                camel = {name.lower(): name for name in names | KNOWN_WORDS if any(c.isupper() for c in name[1:])}
            assert token.lower() not in camel, f"{token!r} is written {camel[token.lower()]!r} in the code: {text!r}"


def code_names(tasks: list[dict], worker: str) -> set[str]:
    """Every name in the code students see: the tasks' stubs, solutions and printed code, and the worker's helpers."""
    code = [worker] + [t[k] for t in tasks for k in ("stub", "solution")] + [p["code"] for t in tasks for p in t["printed"]]
    # The code's names, not the words of its comments.
    return {token for text in code for token in TOKEN.findall(COMMENT.sub(" ", text))}


def engine_pages() -> set[str]:
    """The wiki pages the engine chapters teach from, by title (the registry's links)."""
    return {
        s.title.removeprefix("Chessprogramming wiki, ")
        for c in CHAPTERS
        if c.part == "engines"
        for s in c.sources
        if s.title.startswith("Chessprogramming wiki, ")
    }


def check_source(task: dict, lines: list[str], pages: dict[str, str]) -> None:
    """A task cites a section the source has (an exercise by its words), an exercise names the task's
    entry, and code the statement quotes from the devlog (the Rook's rays) is the devlog's; an engine
    task cites a wiki page its chapter links."""
    if task["part"] == "engines":
        prefix, title = task["source"].split(", ", 1)
        assert prefix == "Chessprogramming wiki" and title in engine_pages(), task["source"]
        return
    if task["part"] == "wiki":
        prefix, title = task["source"].split(", ", 1)
        assert (prefix, title) in {("Chessprogramming wiki", t) for t in pages}, task["source"]
        return
    for quoted in re.findall(r"\[[^\]]*\]", " ".join(task["statement"])):
        assert any(quoted in line for line in lines), quoted
    prefix, sections = task["source"].split(", ", 1)
    assert prefix == "the sliding-pieces devlog", task["source"]
    for section in sections.split("; "):
        if section.startswith("Exercise: "):
            exercise = section.removeprefix("Exercise: ")
            assert any(a == "Exercise" and b == exercise + "." for a, b in zip(lines, lines[1:], strict=False)), section
            assert re.search(rf"\b{task['entry']}\b", exercise), (task["entry"], section)
        else:
            assert section in lines, section


def check_numbers(task: dict) -> None:
    """Every square number a task states is the one its numbering gives; each task states its numbering."""
    statement = " ".join(task["statement"])
    pieces = re.findall(r"a piece on ([a-h][1-8]) has rank (\d) and file (\d)", statement)
    assert bool(pieces) == (task["call"] == "piece"), statement  # a piece's rank and file count from 1
    for name, rank, file in pieces:
        assert (int(rank), int(file)) == tuple(n + 1 for n in square(name)), statement
    if task["call"] == "piece":
        return
    for name, rank, file in re.findall(r"\bon ([a-h][1-8]) has rank (\d), file (\d)", statement):  # counted from 1
        assert (int(rank), int(file)) == tuple(n + 1 for n in square(name)), statement
    if task["part"] in ("devlog", "engines"):
        stated = re.findall(r"\b([a-h][1-8]) is bit (\d+)\b", statement)
        assert len(stated) >= 3, statement
        for name, bit in stated:  # the devlog's mapping: h1 is bit 0, a1 bit 7
            rank, file = square(name)
            assert int(bit) == 8 * rank + 7 - file, (name, bit)
    else:
        for text in (statement, task["stub"]):
            stated = re.findall(r"\b([a-h][1-8]) = (\d+)\b", text)
            assert len(stated) >= 3, text
            for name, index in stated:  # the wiki's C: a1 = 0, h1 = 7
                rank, file = square(name)
                assert int(index) == 8 * rank + file, (name, index)


def check_helpers(task: dict, worker: str) -> None:
    """A helper the statement calls by name is defined where the student's code runs."""
    for name in re.findall(r"\b(\w+)\(", " ".join(task["statement"])):
        assert re.search(rf"\bfunction {name}\(", worker), f"{name} is said to be there to use but the worker has none"


def test_every_task_s_words_state_true_facts_in_the_house_style(client):
    tasks = client.get("/api/code-tasks").json["tasks"]
    worker = client.get("/code-worker.js").get_data(as_text=True)
    code = code_names(tasks, worker)
    lines, pages = devlog_lines(), wiki_pages()
    assert {t["part"] for t in tasks} == {"devlog", "wiki", "engines"}
    for task in tasks:
        assert task["title"] == task["entry"], task["id"]
        check_source(task, lines, pages)
        # A wiki task may name what its page's C names (enumSquare, say).
        cited = pages[task["source"].split(", ", 1)[1]] if task["part"] == "wiki" else ""
        names = code | set(TOKEN.findall(cited))
        for sentence in task["statement"]:
            check_style(sentence, "sentence", names)
        for printed in task["printed"]:
            check_style(printed["label"], "label", names)
            check_style(printed["note"], "sentence", names)
        check_numbers(task)
        check_helpers(task, worker)
        assert task["args"] == parameters(task, worker), task["id"]


def parameters(task: dict, worker: str) -> list[str]:
    """The inputs as the code names them: the stub's parameters, or for a piece the worker's
    piece constructor's rank and file (after its colour) and its board's two sets."""
    if task["call"] == "piece":
        piece, board = re.findall(r"constructor\(([^)]*)\)", worker)
        return re.findall(r"\w+", piece)[1:] + re.findall(r"\w+", board)
    return re.findall(r"\w+", re.search(rf"function {task['entry']}\(([^)]*)\)", task["stub"]).group(1))


@pytest.mark.parametrize(
    "text",
    [
        "you are given two bitboards.",  # a sentence starting in lower case
        "The ray includes both",  # no full stop
        "XXThe ray includes both.",
        "THE RAY INCLUDES BOTH.",
        "The ray from E4 includes both.",
        "The getverticalray function.",
        "The ray includes both. bitboards are bigints.",
        "The ray includes both. then it stops.",
        "The ray includes both. return true or false.",  # a word of the code, but no call of it
        "The ray includes both. its end is set.",
        "It behaves as c's int does.",
        "It is python's int.",
    ],
)
def test_the_style_check_refuses_what_it_is_for(text):
    with pytest.raises(AssertionError):
        check_style(text, "sentence", {"getVerticalRay"})


# --- the stepper of o^(o-2r): each formula, evaluated, gives the value beside it -----------------


@functools.cache
def as_python(formula: str):
    """The formula as the page shows it, compiled as Python: 2r is 2*r, ^ is XOR, rev reverses 64
    bits (the same few formulas recur on every square: each is read and compiled once)."""
    return compile(re.sub(r"(\d)([a-z(])", r"\1*\2", formula.split(" = ", 1)[-1]), formula, "eval")


def evaluate(formula: str, names: dict[str, int]) -> int:
    only = {"__builtins__": {}, "rev": lambda x: rev(x & BB_ALL)}  # the core's own formulas, no builtins
    return eval(as_python(formula), only, dict(names)) & BB_ALL


def steps_agree(sq: int, occupied: int, line: str, mapping: str) -> None:
    steps = slide_steps(sq, occupied, line, mapping)
    bit = 8 * (sq // 8) + (sq % 8 if mapping == "lerf" else 7 - sq % 8)
    mask = walked_mask(sq, line) if mapping == "lerf" else chess.flip_horizontal(walked_mask(sq, line))
    names = {"occupied": occupied, "r": 1 << bit, "m": mask}  # the givens, from the oracle
    for step in steps:
        formula = step["formula"]
        assert evaluate(formula, names) == step["value"], (NAMES[sq], line, mapping, step["id"], formula)
        if " = " in formula:
            names[formula.split(" = ")[0]] = step["value"]
    assert {"o", "b", "p", "n", "s"} <= names.keys()
    labels = {step["id"]: step["label"] for step in steps}
    for step in ("m", "o_minus_r_masked", "b"):
        assert re.search(rf"\b{LINE_WORDS[line]}\b", labels[step]), labels[step]
    for label in labels.values():
        check_style(label, "label", {"XOR"})


@pytest.mark.parametrize("mapping", ["lerf", "lerbef"])
def test_every_step_s_formula_evaluates_to_the_value_it_shows(mapping):
    rng = random.Random(f"formulas-{mapping}")
    for sq in range(64):
        for line in LINE_WORDS:
            for density in (0.0, 0.3, 0.7):
                occupied = sum(1 << s for s in range(64) if rng.random() < density)
                steps_agree(sq, occupied, line, mapping)


def test_a_wrong_formula_fails_the_evaluation():
    assert evaluate("p = ((b - 2r) ^ o) & m", {"b": 0b1000, "r": 0b10, "o": 0b1010, "m": 0xFF}) == (0b1000 - 4) ^ 0b1010
    with pytest.raises(NameError):
        evaluate("O - R", {"o": 1, "r": 1})


# --- the API's manual -----------------------------------------------------------------------------


def descriptions(node) -> list[str]:
    """Every description in an OpenAPI document (the words for readers, not the examples)."""
    if isinstance(node, list):
        return [text for item in node for text in descriptions(item)]
    if not isinstance(node, dict):
        return []
    own = [node["description"]] if isinstance(node.get("description"), str) else []
    return own + [text for value in node.values() for text in descriptions(value)]


def test_the_api_document_s_own_words_keep_the_house_style(client):
    """Its summaries, answers and links are labels, its introduction sentences; each operation is
    named after its path, and the document after the project."""
    document = client.get("/api/openapi.json").json
    for path, item in document["paths"].items():
        for method, operation in item.items():
            name = re.sub(r"[/.-]", "_", path.removeprefix("/api/")).replace("{", "").replace("}", "")
            assert operation["operationId"] == (name if method == "get" else f"{method}_{name}"), path
            check_style(operation["summary"], "label", set())
            for response in operation["responses"].values():
                check_style(response["description"], "label", set())
    check_style(document["paths"]["/api/openapi.json"]["get"]["description"], "sentence", set())
    check_style(document["info"]["description"], "sentence", set())
    check_style(document["externalDocs"]["description"], "label", set())
    project = re.search(r'^name = "([^"]+)"', (ROOT / "pyproject.toml").read_text(encoding="utf-8"), re.M)[1]
    assert document["info"]["title"] == project == "chessviz"


def test_the_files_the_api_document_names_are_in_the_repository(client):
    texts = descriptions(client.get("/api/openapi.json").json)
    named = {path for text in texts for path in re.findall(r"(?<![\w/])[\w-]+(?:/[\w.-]+)*\.(?:md|json|py|js)\b", text, re.I)}
    assert "docs/API.md" in named
    for path in named:
        assert (ROOT / path).is_file(), path


# --- the slider methods: every step's label and every reason the magic chapter gives -------------------


def test_every_method_step_s_label_and_every_shared_index_reason_keep_the_house_style(client):
    names = {"PEXT", "BMI2", "XORed"}
    for piece in ("rook", "bishop", "queen"):
        for sq, occupied in (("a1", "0"), ("e4", "0x1000804200000010"), ("h8", "0xffffffffffffffff")):
            for mapping in ("lerf", "lerbef"):
                answer = client.get(f"/api/methods?piece={piece}&sq={sq}&occupied={occupied}&mapping={mapping}").json
                for method in answer["methods"].values():
                    for step in method["steps"]:
                        formula_names = set(TOKEN.findall(step["formula"]))
                        check_style(step["label"], "label", names | formula_names | {"XOR"})
                if piece != "queen":
                    magic = client.get(f"/api/magic?piece={piece}&sq={sq}&occupied={occupied}&mapping={mapping}").json
                    for choice in magic["share"]["choices"]:
                        check_style(choice["reason"], "sentence", names)


# --- legends: a colour is always named with its pattern, as the boards draw it ---------------------

HUES = ("red", "orange", "yellow", "green", "blue", "purple", "grey")
# Where the student-facing words live: the pages' scripts and templates, the core's texts.
WORD_SOURCES = ["static/js/**/*.js", "templates/**/*.html", "chessviz/**/*.py"]


def fill_words() -> dict[str, str]:
    """The legend words of each fill, from the one table the pages use (static/js/terms.js)."""
    table = re.search(r"export const FILL_WORDS = \{(.*?)\n\};", (ROOT / "static/js/terms.js").read_text(encoding="utf-8"), re.S)
    return dict(re.findall(r'^\s*"?([\w-]+)"?: "([^"]+)",$', table.group(1), re.M))


def hue(hex_colour: str) -> str:
    """The name of a colour's hue (the light theme's colours are far from the boundaries)."""
    import colorsys

    r, g, b = (int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    h, _, s = colorsys.rgb_to_hls(r, g, b)
    if s < 0.15:
        return "grey"
    degrees = h * 360
    for limit, name in ((15, "red"), (40, "orange"), (65, "yellow"), (170, "green"), (255, "blue"), (330, "purple")):
        if degrees < limit:
            return name
    return "red"


def pattern(css_rule: str) -> str:
    """The pattern a fill's CSS background draws, in the legends' words."""
    gradients = re.findall(r"(repeating-linear-gradient|radial-gradient)\((-?\d+deg)?", css_rule)
    if len(gradients) == 2:
        return "crossed stripes"
    if not gradients:
        return "plain"
    kind, angle = gradients[0]
    if kind == "radial-gradient":
        return "dotted"
    thin = re.search(r"\) 0 (\d+)px", css_rule) and int(re.search(r"\) 0 (\d+)px", css_rule).group(1)) <= 3
    # A gradient's stripes run across its angle: 0deg (upwards) draws horizontal ones, 45deg (to the top
    # right) stripes down to the right.
    return {
        "0deg": "thin horizontal lines" if thin else "horizontal stripes",
        "90deg": "vertical stripes",
        "45deg": "stripes down to the right",
        "-45deg": "stripes up to the right",
    }[angle]


def test_every_fill_s_legend_names_its_colour_and_pattern_as_the_board_draws_it():
    css = (ROOT / "static/css/chessviz.css").read_text(encoding="utf-8")
    light = dict(re.findall(r"--([\w-]+): (#[0-9a-f]{6});", css.split(":root[data-theme")[0]))
    drawn = dict(re.findall(r'\[data-fill="([\w-]+)"\] \{ --fill: ([^}]*)\}', css))
    words = fill_words()
    assert set(words) == set(drawn), "every fill the boards draw has its words, and only those"
    for fill, rule in drawn.items():
        colours = [hue(light[name]) for name in re.findall(r"var\(--([\w-]+)\)", rule) if name in light]
        if fill == "muted":
            colours = ["grey"]  # the text colour, faint
        expected = f"{' and '.join(dict.fromkeys(colours))}, {pattern(rule)}"
        assert words[fill] == expected, (fill, words[fill], expected)


def test_no_word_names_a_colour_without_its_pattern():
    """Anywhere a page or the core names a fill's colour, it says the pattern with it: the words
    of the table, and nothing else, follow a colour's name."""
    phrases = sorted(fill_words().values(), key=len, reverse=True)
    found = []
    for glob in WORD_SOURCES:
        for path in ROOT.glob(glob):
            if "vendor" in path.parts:
                continue
            text = path.read_text(encoding="utf-8")
            if path.name == "terms.js":
                text = text.replace(re.search(r"export const FILL_WORDS = \{.*?\n\};", text, re.S).group(0), "")
            for phrase in phrases:
                text = text.replace(phrase, "")
            text = COMMENT.sub(" ", text) if path.suffix == ".js" else text
            found += [
                f"{path.relative_to(ROOT)}: {m.group(0)!r}"
                for m in re.finditer(rf"\b({'|'.join(HUES)})\b[^\n]{{0,40}}", text, re.I)
            ]
    assert not found, "\n".join(found)
