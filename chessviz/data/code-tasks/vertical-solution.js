/**
* @param {bigint} startSquare
* @param {bigint} destinationSquare
* @returns {bigint} Ray between start and destination square
*/
function getVerticalRay(startSquare, destinationSquare) {
	// One rank up is 8 bits higher: shift by 8, up when the destination's bit is higher.
	const up = destinationSquare > startSquare;
	let ray = startSquare;
	let shiftedBit = startSquare;
	while (shiftedBit !== destinationSquare) {
		shiftedBit = up ? shiftedBit << 8n : shiftedBit >> 8n;
		ray = ray | shiftedBit;
	}
	return ray;
}
