/**
* @param {bigint} startSquare
* @param {bigint} destinationSquare
* @returns {bigint} Ray between start and destination square
*/
function {{entry}}(startSquare, destinationSquare) {
	//your code goes here...
}
