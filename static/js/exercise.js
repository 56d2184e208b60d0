// Random questions for exercise mode: each chapter's next(s, random) builds its fresh input
// from these, with random() as Math.random (a seeded generator gives the same sheet again).
// Which squares share a line with another is the API's answer (alignedWith in wiki.js).

import { SQUARE_NAMES } from "./bits.js";

/** Return a random whole number in [0, n). */
export const randomInt = (random, n) => Math.floor(random() * n);

/** Return a random element of a list. */
export const pick = (random, list) => list[randomInt(random, list.length)];

/** Return a copy of a list in random order (Fisher-Yates). */
export function shuffled(random, list) {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(random, i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Return a random square name. */
export const randomSquare = (random) => pick(random, SQUARE_NAMES);

/** Return a random LERF occupancy: each square occupied with probability `density`. */
export function randomOccupancy(random, density = 0.25) {
  let bb = 0n;
  for (let sq = 0; sq < 64; sq++) if (random() < density) bb |= 1n << BigInt(sq);
  return bb;
}

/**
 * Return a random slider's square and its blockers, {sq, occ}: the slider stands on no blocker (the
 * engine chapters draw the slider's square empty on the occupied board, and their fills take it so).
 */
export function randomSlider(random, density = 0.25) {
  const sq = randomSquare(random);
  return { sq, occ: randomOccupancy(random, density) & ~(1n << BigInt(SQUARE_NAMES.indexOf(sq))) };
}

/** Return a seeded random() (mulberry32): the same seed gives the same sequence. */
export function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
