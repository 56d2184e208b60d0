// a, b: square indices 0..63 (a1 = 0, h1 = 7, h8 = 63)
// the square where the rank of a meets the anti-diagonal of b, or -1 if they do not meet on the board
function intersectRankAnt(a, b) {
	// on the rank of a, where rank + file is that of b
	const s88 = 15 * (a >> 3) + (b >> 3) + (b & 7);
	return (((s88 >> 1) & 56) + (s88 & 7)) | (-(s88 & 0x88) >> 31);
}
