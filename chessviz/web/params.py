"""Query parameters: one declaration per parameter parses it, names it in errors and documents it.

An endpoint lists its parameters; :func:`parse_args` turns ``request.args`` into keyword
arguments for the core, and :mod:`chessviz.web.openapi` reads the same list to write the
OpenAPI document, so the docs cannot drift from the parsing.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import ChessvizError, one_of
from ..squares import LINE_KINDS, MAPPINGS, parse_bitboard, parse_square


@dataclass(frozen=True)
class Param:
    """One query parameter: its name, how to parse it, and what the docs say about it."""

    name: str
    parse: Callable[[str], Any]
    description: str
    schema: dict
    required: bool = True
    default: Any = None
    example: str | None = None
    # Keyword under which the parsed value reaches the view (``from`` is a Python keyword).
    arg: str | None = None

    @property
    def keyword(self) -> str:
        return self.arg or self.name


def square(name: str, description: str, required: bool = True, example: str = "e4", arg=None) -> Param:
    """Declare a square parameter: a name a1..h8 (any case) or a LERF index 0..63."""
    return Param(
        name,
        parse_square,
        description + " A square name a1..h8 (any case) or a LERF index 0..63.",
        {"type": "string", "pattern": "^([a-hA-H][1-8]|[0-9]|[1-5][0-9]|6[0-3])$"},
        required=required,
        example=example,
        arg=arg,
    )


def bitboard(name: str, description: str, default: int | None = None, example: str = "0x1000804200000010") -> Param:
    """Declare a bitboard parameter: 0x + 1..16 hex digits, or decimal, below 2**64."""
    return Param(
        name,
        parse_bitboard,
        description + " 0x followed by 1 to 16 hex digits, or decimal digits; below 2^64.",
        {"type": "string", "pattern": "^(0[xX][0-9a-fA-F]{1,16}|[0-9]{1,20})$"},
        required=default is None,
        default=default,
        example=example,
    )


def choice(
    name: str,
    choices: tuple[str, ...],
    description: str,
    default: str | None = None,
    example: str | None = None,
    required: bool | None = None,
) -> Param:
    """Declare an enumeration parameter; any other value is a 400 invalid_parameter.

    Without a default it is required, unless ``required=False`` (then absent means None). The
    documented example is ``example``, or else the default.
    """

    def parse(text: str) -> str:
        return one_of(text, choices, name)

    return Param(
        name,
        parse,
        description,
        {"type": "string", "enum": list(choices)},
        required=(default is None) if required is None else required,
        default=default,
        example=example or default,
    )


def text(name: str, description: str, max_length: int, code: str, example: str | None = None) -> Param:
    """Declare a free-text parameter of at most ``max_length`` characters (longer: 400 ``code``)."""

    def parse(value: str) -> str:
        if len(value) > max_length:
            raise ChessvizError(code, f"{name} is {len(value)} characters long; the most allowed is {max_length}")
        return value

    return Param(name, parse, description, {"type": "string", "maxLength": max_length}, example=example)


MAPPING = choice(
    "mapping",
    MAPPINGS,
    "Square mapping of every bitboard in and out: lerf (a1 = bit 0, python-chess) or "
    "lerbef (h1 = bit 0, a1 = bit 7, the sliding-pieces devlog's layout).",
    default="lerf",
)


def line(name: str, description: str, default: str | None = None, example: str | None = None) -> Param:
    """Declare a line-kind parameter: rank, file, diagonal or anti_diagonal."""
    return choice(name, LINE_KINDS, description, default=default, example=example)


def given_more_than_once(name: str, times: int) -> str:
    """The words for a parameter given more than once (a query, or a query inside /api/taps')."""
    return f"{name} is given {times} times; give it once"


def parse_args(params: list[Param], args: Mapping) -> dict[str, Any]:
    """Return the view's keyword arguments parsed from a werkzeug MultiDict.

    A parameter given twice is refused rather than silently taking one of the values;
    an empty value counts as missing (a required one is an error, an optional one takes
    its default, as an HTML form's empty field would expect). Unknown parameters are ignored.
    Every error names the parameter's keyword as its ``field``.
    """
    values: dict[str, Any] = {}
    for param in params:
        given = args.getlist(param.name)
        if len(given) > 1:
            raise ChessvizError("invalid_parameter", given_more_than_once(param.name, len(given)), param.keyword)
        raw = given[0] if given else ""
        if raw == "":
            if param.required:
                said = "is empty" if given else "is missing"
                raise ChessvizError("missing_parameter", f"{param.name} {said}", param.keyword)
            values[param.keyword] = param.default
            continue
        try:
            values[param.keyword] = param.parse(raw)
        except ChessvizError as error:
            # Whatever the parser called its input, the fault is this parameter's.
            raise ChessvizError(error.code, error.message, param.keyword) from None
    return values


# --- JSON bodies (the live class's POST and PUT): one declaration per field, as for queries.

MAX_JSON_BODY = 4096  # bytes: the largest body a live-class endpoint takes (a path and its state)


def field(name: str, description: str, schema: dict, required: bool = False, example=None) -> Param:
    """Declare a field of a JSON body: its value reaches the view as it is (the core checks it), or None."""
    return Param(name, lambda value: value, description, schema, required=required, example=example)


def parse_body(fields: list[Param], request) -> dict[str, Any]:
    """Return the view's keyword arguments read from a JSON object body (none, or empty: no field).

    A body that is too large is a 413 ``body_too_large``; one that is not a JSON object (or not
    sent as ``application/json``) a 400 ``invalid_body``; a missing required field is a 400
    ``missing_parameter`` naming it, left to the view (so that, say, an unknown class is a 404
    whatever the body). Unknown fields are ignored.
    """
    length = request.content_length
    if length is not None and length > MAX_JSON_BODY:
        raise ChessvizError("body_too_large", f"the body is {length} bytes; the most allowed is {MAX_JSON_BODY}")
    data = request.stream.read(MAX_JSON_BODY + 1)
    if len(data) > MAX_JSON_BODY:
        raise ChessvizError("body_too_large", f"the body is over {MAX_JSON_BODY} bytes, the most allowed")
    values: dict[str, Any] = {}
    if data.strip():
        if request.mimetype != "application/json":
            raise ChessvizError(
                "invalid_body", f"the body must be JSON, sent as application/json, not {request.mimetype or 'untyped'}"
            )
        try:
            body = json.loads(data)
        except (ValueError, RecursionError):
            raise ChessvizError("invalid_body", "the body is not valid JSON") from None
        if not isinstance(body, dict):
            raise ChessvizError("invalid_body", 'the body must be a JSON object, e.g. {"name": "Sam"}')
    else:
        body = {}
    for param in fields:
        values[param.keyword] = body.get(param.name)
    return values
