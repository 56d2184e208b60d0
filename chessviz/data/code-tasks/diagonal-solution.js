/**
* @param {bigint} startSquare
* @param {bigint} destinationSquare
* @returns {bigint} Ray between start and destination square
*/
function getDiagonalRay(startSquare, destinationSquare) {
	// Bit numbers: the length of the binary string, minus one.
	const from = startSquare.toString(2).length - 1;
	const to = destinationSquare.toString(2).length - 1;
	// Neighbours on an a1-h8 diagonal are 7 bits apart in this mapping, on an h1-a8 one 9.
	// Only 63 is a multiple of both, and only h1-a8 spans it.
	const shift = BigInt(Math.abs(to - from) % 9 === 0 ? 9 : 7);
	const up = to > from;
	let ray = startSquare;
	let shiftedBit = startSquare;
	while (shiftedBit !== destinationSquare) {
		shiftedBit = up ? shiftedBit << shift : shiftedBit >> shift;
		ray = ray | shiftedBit;
	}
	return ray;
}
