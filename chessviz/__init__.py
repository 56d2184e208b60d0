"""chessviz: chess bitboard geometry and sliding attacks, computed exactly, for teaching.

The modules directly in this package are the pure core (no Flask); :mod:`chessviz.web`
is the thin HTTP layer on top.
"""

__version__ = "1.0.0"
