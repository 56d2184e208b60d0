"""Write the Python core's answers that the JavaScript unit tests (tests/js/*.test.js) hold the
pure modules to: tests/js/fixtures/core.json (not committed: made again by `make test-js`).

    .venv/bin/python tests/js/core_fixture.py [OUT]

Every expected value in the node tests that concerns the board comes from here, never typed
by hand: the squares and both mappings, bitboards in every form, the lines through each
square, the 64-bit reversal, the code tasks and every input's answer as the API serves them; and
the templates' words for a finger (templates/_words.html), which the scripts' must match.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from chessviz.errors import ChessvizError  # noqa: E402
from chessviz.sliding import PIECE_LINES  # noqa: E402
from chessviz.squares import (  # noqa: E402
    LINE_KINDS,
    MAPPINGS,
    SQUARE_NAMES,
    bit_of,
    compare_marked,
    convert,
    format_bitboard,
    line_mask,
    line_squares,
    parse_bitboard,
    reverse_bits,
    squares_of,
)
from chessviz.web import create_app  # noqa: E402

OUT = Path(__file__).resolve().parent / "fixtures" / "core.json"


def bitboards() -> list[int]:
    """Edge cases, every single bit, and seeded random boards from sparse to dense."""
    rng = random.Random(2026)
    dense = [rng.getrandbits(64) | rng.getrandbits(64) for _ in range(20)]
    sparse = [rng.getrandbits(64) & rng.getrandbits(64) & rng.getrandbits(64) for _ in range(20)]
    return [0, (1 << 64) - 1, 0x1000804200000010, 0x8000000000000001] + [1 << b for b in range(64)] + sparse + dense


# Texts a student may type for a number (trimmed, as the pages send them), and their edges.
TYPED = ["0", "1", "129", "0x81", "0X81", "0xAbC", "0x", "x81", "-1", "1e3", "0b1", "12 34", "1,000", "true", "0x1g",
         "0x0000000000000000", "0x00000000000000001", "0xffffffffffffffff", "18446744073709551615",
         "18446744073709551616", "00000000000000000000001", "٣", "0x８１", "½"]  # fmt: skip


def parsed(text: str) -> str | None:
    """The core's reading of a typed number: its 0x form, or None where it refuses it."""
    try:
        return format_bitboard(parse_bitboard(text))
    except ChessvizError:
        return None


def fixture() -> dict:
    app = create_app({"TESTING": True, "PREPARE_AT_START": False})
    client = app.test_client()
    tasks = client.get("/api/code-tasks").json
    with app.app_context():  # the templates' mouse verbs and a finger's (templates/_words.html)
        tap_words = dict(app.jinja_env.get_template("_words.html").module.TAPS)
    return {
        "squares": [{"name": name, "lerbef_bit": bit_of(sq, "lerbef")} for sq, name in enumerate(SQUARE_NAMES)],
        "bitboards": [
            {
                "lerf": format_bitboard(bb),
                "lerbef": format_bitboard(convert(bb, "lerf", "lerbef")),
                "reversed": format_bitboard(reverse_bits(bb)),
                "squares": {m: [SQUARE_NAMES[sq] for sq in squares_of(bb, m)] for m in MAPPINGS},
                "popcount": bb.bit_count(),
                "binary": f"{bb:064b}",
            }
            for bb in bitboards()
        ],
        "compared": [
            {"marked": format_bitboard(m), "answer": format_bitboard(a)}
            | {k: format_bitboard(v) for k, v in compare_marked(m, a).items()}
            for m, a in zip(bitboards(), reversed(bitboards()), strict=True)
        ],
        "lines": {
            name: {kind: [SQUARE_NAMES[s] for s in line_squares(sq, kind)] for kind in LINE_KINDS}
            for sq, name in enumerate(SQUARE_NAMES)
        },
        "line_masks_lerbef": {kind: [format_bitboard(line_mask(sq, kind, "lerbef")) for sq in range(64)] for kind in LINE_KINDS},
        "line_kinds": list(LINE_KINDS),
        "mappings": list(MAPPINGS),
        "pieces": list(PIECE_LINES),
        "typed_numbers": [[text, parsed(text)] for text in TYPED],
        "piece_lines": {piece: list(lines) for piece, lines in PIECE_LINES.items()},
        "code_tasks": tasks,
        "code_truth": {t["id"]: client.get(f"/api/code-truth?task={t['id']}").json for t in tasks["tasks"]},
        "taps": [taps(client, tap, path, query, keep) for tap, path, query, keep in TAP_BATCHES],
        "tap_words": tap_words,
    }


# Tap batches as /api/taps sends them (answers told apart included), with each answer's body as
# its single endpoint sends it: a slide batch whole, the first answers of a queen's methods.
TAP_BATCHES = [
    ("sq;occupied^", "slide", {"sq": "f4", "occupied": "0x1000804200000010", "line": "rank", "mapping": "lerbef"}, 128),
    ("sq;occupied^", "methods", {"piece": "queen", "sq": "e4", "occupied": "0x1000804200000010", "mapping": "lerf"}, 6),
]


def taps(client, tap: str, path: str, query: dict, keep: int) -> dict:
    batch = client.get("/api/taps", query_string={"tap": tap, path: urlencode(query)}).json["answers"][:keep]
    single = [client.get("/api" + e["path"], query_string=e["query"]).json for e in batch]
    assert any("like" in e for e in batch), "nothing told apart: the test would test nothing"
    return {"answers": batch, "single": single}


if __name__ == "__main__":
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else OUT
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(fixture()))
    print(f"wrote {out} ({out.stat().st_size // 1024} KB)")
