// The fancy magic index: the blockers on the mask, times the magic, shifted right.
function magicIndex(occupied, mask, magic, shift) {
  // A BigInt never overflows: keep the low 64 bits of the product, as a 64-bit register does.
  const product = ((occupied & mask) * magic) & 0xffffffffffffffffn;
  return product >> BigInt(shift);
}
