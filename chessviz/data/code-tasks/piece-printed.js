class {{entry}} extends SlidingPiece {
	getType() {
		return E_PieceType.{{entry}};
	}

	// SlidingPiece.getMoves exactly as the devlog prints it
	getMoves(board) {
		let occupied = board.getOccupied();
		let rays = this.getSlidingRays();
		let position = this.position;
		let slidingMoves = 0n;
		//calculate moves in every direction
		rays.forEach(ray => {
			let blockers = occupied & mask;
			let positiveRay = ((blockers - 2n * position) ^ occupied) & mask;
			let negativeRay = (reverseBitboard((reverseBitboard(blockers) - 2n * reverseBitboard(position))) ^ occupied) & mask;
			slidingMoves = positiveRay | negativeRay | slidingMoves;
		});
		return slidingMoves & ~board.getOccupied(this.color);
	}

	getSlidingRays() {
		// the Rook's, as the devlog prints them
		return [getFile(this.file), getRank(this.rank)];
	}
}
