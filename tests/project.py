"""Where the project and the tests' screenshots are."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCREENSHOTS = ROOT / "screenshots"  # kept to be looked at (CONTRIBUTING.md names them)
