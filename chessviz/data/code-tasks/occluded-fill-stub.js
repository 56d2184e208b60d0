// The Kogge-Stone fill to the east: gen are the sliding pieces, pro the empty squares.
function eastOccl(gen, pro) {
  // your code goes here...
  return gen;
}
