/**
* @param {bigint} startSquare
* @param {bigint} destinationSquare
* @returns {bigint} Ray between start and destination square
*/
function {{entry}}(startSquare, destinationSquare) {
let ray = 0n;
//incrementally add bits to the ray
let i = 0;
let shiftedBit = 0n;
while (shiftedBit !== destinationSquare) {
if (startSquare < destinationSquare) {
//destination is to the left
shiftedBit = startSquare << BigInt(1 * i);
} else {
//destination is to the right
shiftedBit = startSquare >> BigInt(1 * i);
}
ray = ray | shiftedBit;
i++;
}
return ray;
}
