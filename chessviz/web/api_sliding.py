"""Sliding-piece endpoints: the devlog's shift loop, o - r, masks, o^(o-2r) and free-mode play."""

from __future__ import annotations
