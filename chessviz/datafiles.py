"""Reading the data files under chessviz/data/: TOML tables checked field by field.

A data file that does not say what the code needs stops the app's start with a message that
names the file, the entry and the field, e.g. ``chessviz/data/code-tasks.toml: task 3
('negative'): field 'args': expected a list of texts, got 7``.
"""

from __future__ import annotations

import difflib
import re
import tomllib
from collections.abc import Iterable
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"


_ABSENT = object()


class DataFileError(Exception):
    """A data file is missing, unreadable or says something the code cannot use."""


def shown_path(path: Path) -> str:
    """Return `path` from the repository's root when it lies inside it (chessviz/data/x.toml), else whole."""
    try:
        return path.resolve().relative_to(DATA.parents[1]).as_posix()
    except ValueError:
        return str(path)


def load_toml(path: Path) -> dict:
    """Return the TOML document at `path`; DataFileError naming the file if it is absent or not TOML."""
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except OSError as error:
        raise DataFileError(f"{shown_path(path)}: cannot be read ({error.strerror or error})") from None
    except tomllib.TOMLDecodeError as error:
        raise DataFileError(f"{shown_path(path)}: not valid TOML: {error}") from None


class Entry:
    """One table of a data file, read field by field; each error names the file, the entry and the field.

    Call `done()` after the last field: a field the code does not know (a misspelt name) is an
    error too, not a silent default.
    """

    def __init__(self, path: Path, label: str, table: object):
        self.path, self.label = path, label
        if not isinstance(table, dict):
            raise DataFileError(f"{shown_path(path)}: {label}: expected a table, got {table!r}")
        self.table = table
        self.read: set[str] = set()

    def fail(self, name: str, message: str) -> DataFileError:
        return DataFileError(f"{shown_path(self.path)}: {self.label}: field {name!r}: {message}")

    def _get(self, name: str, required: bool = True) -> object:
        """Return the field's value, or _ABSENT when an optional field is not there."""
        self.read.add(name)
        if name not in self.table:
            if required:
                near = difflib.get_close_matches(name, [key for key in self.table if key not in self.read], 1)
                raise self.fail(name, "missing" + (f" (is {near[0]!r} it, misspelt?)" if near else ""))
            return _ABSENT
        return self.table[name]

    def text(self, name: str, *, default: str | None = None, required: bool = True, pattern: str = r"(?s).+") -> str:
        """Return the field `name`, a non-empty text (matching `pattern` whole)."""
        value = self._get(name, required and default is None)
        if value is _ABSENT:
            return default
        if not isinstance(value, str) or not re.fullmatch(pattern, value):
            raise self.fail(name, f"expected a text{'' if pattern == r'(?s).+' else f' matching {pattern}'}, got {value!r}")
        return value

    def choice(self, name: str, choices: Iterable[str], *, default: str | None = None, required: bool = True) -> str:
        """Return the field `name`, one of `choices`."""
        choices = tuple(choices)
        value = self._get(name, required and default is None)
        if value is _ABSENT:
            return default
        if value not in choices:
            raise self.fail(name, f"expected one of {', '.join(map(repr, choices))}, got {value!r}")
        return value

    def integer(self, name: str, choices: Iterable[int]) -> int:
        """Return the field `name`, an integer among `choices`."""
        choices = tuple(choices)
        value = self._get(name)
        if type(value) is not int or value not in choices:
            raise self.fail(name, f"expected one of {', '.join(map(str, choices))}, got {value!r}")
        return value

    def flag(self, name: str) -> bool:
        """Return the field `name`, true or false."""
        value = self._get(name)
        if type(value) is not bool:
            raise self.fail(name, f"expected true or false, got {value!r}")
        return value

    def texts(self, name: str, *, choices: Iterable[str] | None = None, length: range = range(1, 100)) -> tuple[str, ...]:
        """Return the field `name`, a list of non-empty texts (each one of `choices` if given), its length in `length`."""
        value = self._get(name)
        allowed = None if choices is None else tuple(choices)
        if (
            not isinstance(value, list)
            or len(value) not in length
            or not all(isinstance(v, str) and v and (allowed is None or v in allowed) for v in value)
        ):
            what = "texts" if allowed is None else f"texts among {', '.join(map(repr, allowed))}"
            raise self.fail(name, f"expected a list of {length.start} to {length.stop - 1} {what}, got {value!r}")
        return tuple(value)

    def entries(self, name: str, label: str, *, required: bool = True) -> list[Entry]:
        """Return the field `name`, a list of tables, each an Entry labelled `label` and its position."""
        value = self._get(name, required)
        if value is _ABSENT:
            return []
        if not isinstance(value, list):
            raise self.fail(name, f"expected a list of tables ([[...]]), got {value!r}")
        return [Entry(self.path, f"{self.label}, {label} {i + 1}", table) for i, table in enumerate(value)]

    def mapping(self, name: str) -> dict[str, str]:
        """Return the field `name`, a table of texts (empty if absent)."""
        value = self._get(name, False)
        if value is _ABSENT:
            return {}
        if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
            raise self.fail(name, f"expected a table of texts, got {value!r}")
        return dict(value)

    def done(self) -> None:
        unknown = sorted(set(self.table) - self.read)
        if unknown:
            raise self.fail(unknown[0], "not a field this file may have (misspelt?)")


def tables(path: Path, labels: dict[str, str]) -> dict[str, list[Entry]]:
    """Return the `[[key]]` tables of the TOML file at `path` for each key of `labels`, as Entries.

    Each entry is named by `labels[key]`, its position and its name or id (``task 3 ('negative')``).
    A key of `labels` the file lacks, or a key the file has that `labels` does not name, is an error.
    """
    document = load_toml(path)
    for key in document:
        if key not in labels:
            raise DataFileError(f"{shown_path(path)}: [[{key}]]: not a table this file may have (misspelt?)")
    found = {}
    for key, label in labels.items():
        rows = document.get(key)
        if not isinstance(rows, list) or not rows:
            raise DataFileError(f"{shown_path(path)}: expected one or more [[{key}]] tables")
        found[key] = []
        for i, table in enumerate(rows):
            name = table.get("name", table.get("id")) if isinstance(table, dict) else None
            found[key].append(Entry(path, f"{label} {i + 1}" + (f" ({name!r})" if isinstance(name, str) else ""), table))
    return found
