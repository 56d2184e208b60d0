// The Kogge-Stone fill to the east: gen are the sliding pieces, pro the empty squares.
function eastOccl(gen, pro) {
  // Every square but the a-file: in the devlog's mapping the a-file is bit 7 of each byte.
  const notAFile = 0x7f7f7f7f7f7f7f7fn;
  pro &= notAFile;
  gen |= pro & (gen >> 1n);
  pro &= pro >> 1n;
  gen |= pro & (gen >> 2n);
  pro &= pro >> 2n;
  gen |= pro & (gen >> 4n);
  return gen;
}
