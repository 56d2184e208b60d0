// square: a square index 0..63 (a1 = 0, h1 = 7, h8 = 63)
// true for a dark square (a1 is dark)
function isDark(square) {
	// The page's routine: 9 * square = 64 * rank + 8 * (rank + file) + file, so bit 3 is
	// the parity of rank + file, even (0) on the dark squares
	return (( 9 * square) & 8) == 0;
}
