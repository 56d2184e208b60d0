// a, b: square indices 0..63 (a1 = 0, h1 = 7, h8 = 63)
// the square where the rank of a meets the anti-diagonal of b, or -1 if they do not meet on the board
function intersectRankAnt(a, b) {
	//your code goes here...
}
