// The rook's relevant-occupancy mask, for a rook on rank, file (1..8).
function rookMask(rank, file) {
  let mask = 0n;
  // your code goes here...
  return mask;
}
