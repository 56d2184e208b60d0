"""Where the project and the tests' screenshots are."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCREENSHOTS = ROOT / "screenshots"  # kept to be looked at (CONTRIBUTING.md names them)
# `make screenshots` asks for them; `make test` checks the pages without writing a picture of each.
KEEP_SCREENSHOTS = os.environ.get("CHESSVIZ_SCREENSHOTS") == "1"
