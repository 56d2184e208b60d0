// square: a square index 0..63 (a1 = 0, h1 = 7, h8 = 63)
// true for a dark square (a1 is dark)
function isDark(square) {
	//your code goes here...
}
