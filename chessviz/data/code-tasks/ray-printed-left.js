/**
* @param {bigint} startSquare
* @param {bigint} destinationSquare
* @returns {bigint} Ray between start and destination square
*/
function {{entry}}(startSquare, destinationSquare) {
let ray = 0n;
let i = 0;
let shiftedBit = 0n;
//while we are not at the destination
while (shiftedBit !== destinationSquare) {
//incrementally add bits to the ray
shiftedBit = startSquare << BigInt(1 * i);
ray = ray | shiftedBit;
i++;
}
return ray;
}
