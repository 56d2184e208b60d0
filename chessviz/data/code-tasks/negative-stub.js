/**
* @param {bigint} occupied  o: the occupied squares (the sliding piece's own square left out)
* @param {bigint} position  r: the sliding piece, one bit
* @param {bigint} mask      m: the whole line through the piece, its square included
* @returns {bigint} n: the negative ray, up to and including the first blocker
*/
function getNegativeRay(occupied, position, mask) {
	//your code goes here... reverseBitboard(x) is there to use
}
