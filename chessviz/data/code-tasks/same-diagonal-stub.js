// sq1, sq2: square indices 0..63 (a1 = 0, h1 = 7, h8 = 63)
// true when both lie on one diagonal (the a1-h8 direction)
function squaresOnSameDiagonal(sq1, sq2) {
	//your code goes here...
}
