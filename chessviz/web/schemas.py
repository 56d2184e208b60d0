"""JSON schemas of the API's answers, declared beside the endpoints as params.py declares parameters.

A few builders keep the declarations short: :func:`obj` lists an object's fields (all
required, no others allowed, unless marked optional), and the constants name the
recurring shapes. The OpenAPI document shows these schemas, and a test validates real
answers of every endpoint against them.
"""

from __future__ import annotations

INT = {"type": "integer"}
BOOL = {"type": "boolean"}
STR = {"type": "string"}
BITBOARD = {"type": "string", "pattern": "^0x[0-9a-f]{16}$", "description": "a bitboard in the request's mapping"}
SQUARE = {"type": "string", "pattern": "^[a-h][1-8]$"}
BINARY64 = {"type": "string", "pattern": "^[01]{64}$"}
MAPPING = {"type": "string", "enum": ["lerf", "lerbef"]}
LINE = {"type": "string", "enum": ["rank", "file", "diagonal", "anti_diagonal"]}
COLOR = {"type": "string", "enum": ["light", "dark"]}
PIECE_LETTER = {"type": "string", "pattern": "^[pnbrqkPNBRQK]$"}
# A position by square name: {"e4": "Q", "b7": "p"}.
PIECES = {"type": "object", "propertyNames": SQUARE, "additionalProperties": PIECE_LETTER}


def nullable(schema: dict) -> dict:
    """Return ``schema`` or null."""
    return {"anyOf": [schema, {"type": "null"}]}


def array(items: dict, length: int | None = None) -> dict:
    """Return an array of ``items``, of exactly ``length`` items when given."""
    schema = {"type": "array", "items": items}
    if length is not None:
        schema |= {"minItems": length, "maxItems": length}
    return schema


def enum(*values: str) -> dict:
    return {"type": "string", "enum": list(values)}


def obj(properties: dict[str, dict], optional: tuple[str, ...] = ()) -> dict:
    """Return an object with exactly these fields, all required except ``optional``."""
    return {
        "type": "object",
        "required": [name for name in properties if name not in optional],
        "properties": properties,
        "additionalProperties": False,
    }


def mapping_of(values: dict, keys: tuple[str, ...]) -> dict:
    """Return an object whose fields are exactly ``keys``, each a ``values``."""
    return obj(dict.fromkeys(keys, values))


ROUTINE_VERDICT = {"name": STR, "formula": STR, "value": INT, "means": STR}
