// The fancy magic index: the blockers on the mask, times the magic, shifted right.
function magicIndex(occupied, mask, magic, shift) {
  // your code goes here...
  return 0n;
}
