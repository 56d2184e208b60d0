"""The marks the suite's selections read, given by what a test uses rather than written on each
test (loaded by tests/conftest.py): `make test-fast` leaves out the browser tests by this mark."""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(items):
    for item in items:  # a test that drives Chromium, through a page or a context of its own
        if {"page", "browser"} & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)
