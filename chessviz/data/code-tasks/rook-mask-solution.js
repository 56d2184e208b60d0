// The rook's relevant-occupancy mask, for a rook on rank, file (1..8).
function rookMask(rank, file) {
  let mask = 0n;
  // The devlog's mapping: h1 is bit 0, so a square's bit is 8 * (rank - 1) + (8 - file).
  const bit = (r, f) => 1n << BigInt(8 * (r - 1) + (8 - f));
  for (let r = rank + 1; r <= 7; r++) mask |= bit(r, file);
  for (let r = rank - 1; r >= 2; r--) mask |= bit(r, file);
  for (let f = file + 1; f <= 7; f++) mask |= bit(rank, f);
  for (let f = file - 1; f >= 2; f--) mask |= bit(rank, f);
  return mask;
}
