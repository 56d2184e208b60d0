// static/js/exercise.js: random questions for exercise mode, the same for the same seed.

import assert from "node:assert/strict";
import { test } from "node:test";

import { SQUARE_NAMES } from "../../static/js/bits.js";
import { pick, randomInt, randomOccupancy, randomSlider, randomSquare, seeded, shuffled } from "../../static/js/exercise.js";

test("a seeded generator repeats itself, differs by seed, and stays in [0, 1)", () => {
  const first = seeded(7);
  const again = seeded(7);
  const other = seeded(8);
  const a = Array.from({ length: 1000 }, first);
  assert.deepEqual(Array.from({ length: 1000 }, again), a);
  assert.notDeepEqual(Array.from({ length: 1000 }, other), a);
  assert.ok(a.every((x) => x >= 0 && x < 1));
  // mulberry32's first outputs for seed 1, as its reference implementation gives them.
  const one = seeded(1);
  assert.deepEqual([one(), one(), one()], [0.6270739405881613, 0.002735721180215478, 0.5274470399599522]);
  // A seed is read as an unsigned 32-bit number.
  assert.deepEqual(Array.from({ length: 5 }, seeded(-1)), Array.from({ length: 5 }, seeded(2 ** 32 - 1)));
  // Spread: each tenth of [0, 1) gets about a tenth of 10,000 draws.
  const counts = Array(10).fill(0);
  const r = seeded(3);
  for (let i = 0; i < 10000; i++) counts[Math.floor(r() * 10)]++;
  assert.ok(
    counts.every((c) => c > 900 && c < 1100),
    String(counts),
  );
});

test("picks come from the whole list, each element reachable, by random()'s value", () => {
  assert.equal(
    randomInt(() => 0, 5),
    0,
  );
  assert.equal(
    randomInt(() => 0.999999, 5),
    4,
  );
  assert.equal(
    randomInt(() => 0.5, 64),
    32,
  );
  assert.equal(
    pick(() => 0.99, ["a", "b", "c"]),
    "c",
  );
  assert.equal(
    pick(() => 0, ["a", "b", "c"]),
    "a",
  );
  assert.equal(
    randomSquare(() => 0),
    "a1",
  );
  assert.equal(
    randomSquare(() => 0.9999),
    "h8",
  );
  const r = seeded(5);
  const seen = new Set(Array.from({ length: 2000 }, () => randomSquare(r)));
  assert.equal(seen.size, 64);
});

test("a random occupancy sets each square with the given density", () => {
  assert.equal(
    randomOccupancy(() => 0),
    (1n << 64n) - 1n,
  );
  assert.equal(
    randomOccupancy(() => 0.99),
    0n,
  );
  assert.equal(
    randomOccupancy(() => 0.3, 0.3),
    0n,
  ); // strictly below the density
  assert.equal(
    randomOccupancy(() => 0.2),
    (1n << 64n) - 1n,
  ); // the default density is a quarter
  let i = 0;
  const alternate = () => (i++ % 2 === 0 ? 0 : 0.5);
  assert.equal(randomOccupancy(alternate, 0.25), 0x5555555555555555n); // a1, c1, ...: the even bits
  const r = seeded(9);
  const counts = Array.from({ length: 200 }, () => randomOccupancy(r, 0.5).toString(2).replaceAll("0", "").length);
  const mean = counts.reduce((s, c) => s + c, 0) / counts.length;
  assert.ok(mean > 30 && mean < 34, String(mean));
});

test("a shuffle is a permutation, the list left as it was, the same for the same seed", () => {
  const list = Array.from({ length: 20 }, (_, i) => i);
  const once = shuffled(seeded(4), list);
  assert.deepEqual(
    list,
    Array.from({ length: 20 }, (_, i) => i),
  );
  assert.deepEqual(
    [...once].sort((a, b) => a - b),
    list,
  );
  assert.notDeepEqual(once, list);
  assert.deepEqual(shuffled(seeded(4), list), once);
  // random() always 0: each element swaps with the first (Fisher-Yates from the end).
  assert.deepEqual(
    shuffled(() => 0, [1, 2, 3, 4]),
    [2, 3, 4, 1],
  );
  assert.deepEqual(
    shuffled(() => 0.999, [1, 2, 3, 4]),
    [1, 2, 3, 4],
  );
  assert.deepEqual(
    shuffled(() => 0.5, []),
    [],
  );
  // n - 1 draws for n elements (the first has nowhere else to go): a seed's later questions come
  // from the same numbers whatever the list's length.
  let draws = 0;
  shuffled(() => {
    draws += 1;
    return 0.5;
  }, [1, 2, 3, 4]);
  assert.equal(draws, 3);
  // Every order of three turns up.
  const r = seeded(6);
  assert.equal(new Set(Array.from({ length: 300 }, () => shuffled(r, ["a", "b", "c"]).join(""))).size, 6);
});

test("a random slider stands on no blocker, and its blockers are drawn as randomOccupancy draws them", () => {
  const r = seeded(7);
  for (let i = 0; i < 500; i++) {
    const { sq, occ } = randomSlider(r, 0.5);
    assert.equal((occ >> BigInt(SQUARE_NAMES.indexOf(sq))) & 1n, 0n, sq);
  }
  // The same draws as a square, then an occupancy, with the slider's bit taken out.
  const a = seeded(11);
  const b = seeded(11);
  for (let i = 0; i < 50; i++) {
    const { sq, occ } = randomSlider(a);
    const square = randomSquare(b);
    assert.equal(sq, square);
    assert.equal(occ, randomOccupancy(b) & ~(1n << BigInt(SQUARE_NAMES.indexOf(square))));
  }
});
