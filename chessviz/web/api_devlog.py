"""Devlog endpoints: the shift loop, o - r, masks, o^(o-2r) and the free-mode board."""

from __future__ import annotations
