"""The front end's pure bit helpers (static/js/bits.js), run in Chromium, against the Python core."""

import random

from chessviz.squares import SQUARE_NAMES, bit_of, compare_marked, convert, format_bitboard


def test_bits_js_agrees_with_the_core_on_every_square_and_random_boards(page, live_server):
    page.goto(live_server + "/")
    rng = random.Random(11)
    values = [0, 1, (1 << 64) - 1, 1 << 63, 0x1000804200000010] + [rng.getrandbits(64) for _ in range(300)]
    result = page.evaluate(
        """async (values) => {
            const b = await import('/static/js/bits.js');
            const squares = [...Array(64).keys()];
            return {
                names: squares.map(b.squareName),
                index: squares.map((s) => b.squareIndex(b.squareName(s).toUpperCase())),
                lerbef: squares.map((s) => b.bitOf(s, 'lerbef')),
                back: squares.map((s) => b.squareOfBit(b.bitOf(s, 'lerbef'), 'lerbef')),
                hex: values.map((v) => b.hex(BigInt(v))),
                converted: values.map((v) => b.hex(b.convert(BigInt(v), 'lerf', 'lerbef'))),
                squares: values.map((v) => b.squaresOf(BigInt(v), 'lerbef')),
                popcount: values.map((v) => b.popcount(BigInt(v))),
                binary: values.map((v) => b.binary(BigInt(v))),
                parsed: values.map((v) => b.hex(b.parseBB(String(v)))),
                literals: b.literals(0x1000804200000010n),
                refused: ['0x', '-1', '18446744073709551616', '0x1g', '0x10000000000000000', ''].map(b.parseBB),
                compared: values.flatMap((v, i) => values.slice(i, i + 3).map((w) => {
                    const c = b.compareMarked(BigInt(v), BigInt(w));
                    return [b.hex(c.right), b.hex(c.wrong), b.hex(c.missed)];
                })),
                // Every square with every pair of bits: marked or not, in the answer or not.
                bitwise: [...Array(64).keys()].flatMap((s) => [[0n, 0n], [1n, 0n], [0n, 1n], [1n, 1n]].map(([m, a]) => {
                    const c = b.compareMarked(m << BigInt(s), a << BigInt(s));
                    return [c.right, c.wrong, c.missed].map(b.hex);
                })),
                bbOf: [[], ['a1'], ['a1', 'h1'], ['h8', 'e4', 'a1']].map((names) => [b.hex(b.bbOf(names)), b.hex(b.bbOf(names, 'lerbef'))]),
            };
        }""",  # noqa: E501
        [str(v) for v in values],
    )
    assert result["names"] == SQUARE_NAMES
    assert result["index"] == list(range(64))
    assert result["lerbef"] == [bit_of(sq, "lerbef") for sq in range(64)]
    assert result["back"] == list(range(64))
    assert result["hex"] == [format_bitboard(v) for v in values]
    assert result["parsed"] == [format_bitboard(v) for v in values]
    assert result["converted"] == [format_bitboard(convert(v, "lerf", "lerbef")) for v in values]
    assert result["squares"] == [[sq for sq in range(64) if v >> bit_of(sq, "lerbef") & 1] for v in values]
    assert result["popcount"] == [v.bit_count() for v in values]
    assert result["binary"] == [f"{v:064b}" for v in values]
    assert result["literals"] == {"c": "0x1000804200000010ULL", "python": "0x1000804200000010", "js": "0x1000804200000010n"}
    assert result["refused"] == [None] * 6
    compared = [compare_marked(v, w) for i, v in enumerate(values) for w in values[i : i + 3]]
    assert result["compared"] == [[format_bitboard(c[k]) for k in ("right", "wrong", "missed")] for c in compared]
    bitwise = [compare_marked(m << s, a << s) for s in range(64) for m, a in ((0, 0), (1, 0), (0, 1), (1, 1))]
    assert result["bitwise"] == [[format_bitboard(c[k]) for k in ("right", "wrong", "missed")] for c in bitwise]
    for names, (lerf, lerbef) in zip([[], ["a1"], ["a1", "h1"], ["h8", "e4", "a1"]], result["bbOf"], strict=False):
        squares = [SQUARE_NAMES.index(n) for n in names]
        assert lerf == format_bitboard(sum(1 << sq for sq in squares))
        assert lerbef == format_bitboard(sum(1 << bit_of(sq, "lerbef") for sq in squares))
