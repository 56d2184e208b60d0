/**
* @param {bigint} startSquare
* @param {bigint} destinationSquare
* @returns {bigint} Ray between start and destination square
*/
function getHorizontalRay(startSquare, destinationSquare) {
	// In the devlog's mapping a bigger one-bit number lies further left on a rank.
	const left = destinationSquare > startSquare;
	let ray = startSquare;
	let shiftedBit = startSquare;
	while (shiftedBit !== destinationSquare) {
		shiftedBit = left ? shiftedBit << 1n : shiftedBit >> 1n;
		ray = ray | shiftedBit;
	}
	return ray;
}
