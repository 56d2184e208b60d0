"""The sliding-pieces devlog's two values the tests hold the product to, copied from its text
(tests/data/devlog/sliding-pieces-devlog.txt: the sketches' `occupiedBitboard`, and `FEN` in
"Final Result"); tests/test_position.py finds both there. One copy for every test file."""

# The final position's FEN, its board part.
DEVLOG_FEN = "1b6/3P1P2/1P6/6r1/p2q4/1Q4p1/8/1B5R"
# The sketches' occupancy, in the devlog's own mapping (LERBEF: a1 is bit 7).
DEVLOG = 0x1000804200000010
