/**
* @param {bigint} occupied  o: the occupied squares (the sliding piece's own square left out)
* @param {bigint} position  r: the sliding piece, one bit
* @param {bigint} mask      m: the whole line through the piece, its square included
* @returns {bigint} n: the negative ray, up to and including the first blocker
*/
function getNegativeRay(occupied, position, mask) {
	// The devlog's final equation, term by term:  b = o & m
	// n = [(b'' - 2 * r'') xor o]'' & m
	let blockers = occupied & mask;
	return reverseBitboard((reverseBitboard(blockers) - 2n * reverseBitboard(position)) ^ occupied) & mask;
}
