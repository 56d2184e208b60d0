// The Kogge-Stone fill to the east: gen is the sliding piece (its bit), pro the empty squares.
function eastOccl(gen, pro) {
  // your code goes here...
  return gen;
}
