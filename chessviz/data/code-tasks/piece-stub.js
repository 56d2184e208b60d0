class {{entry}} extends SlidingPiece {
	getType() {
		return E_PieceType.{{entry}};
	}

	/**
	* @param {BoardImplementation} board
	* @returns Array of legal moves
	*/
	getMoves(board) {
		return super.getMoves(board);
	}

	getSlidingRays() {
		//your code goes here...
	}
}
