"""Errors that the caller can show: one class, a machine-readable code and the input at fault."""

from __future__ import annotations


class ChessvizError(ValueError):
    """Raise for any bad input; the web layer turns it into a 400 JSON body.

    ``code`` is one of the contract's codes (``invalid_square``, ``not_aligned``...).
    ``field`` names the raising function's argument at fault (e.g. ``"origin"`` of
    :func:`chessviz.position.apply_move`), or is None; the core knows no HTTP parameter,
    the web layer maps fields to parameters in one place (:mod:`chessviz.web.api`).
    """

    def __init__(self, code: str, message: str, field: str | None = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = field


def one_of(value: str, choices, name: str, field: str | None = None) -> str:
    """Return ``value`` if it is one of ``choices``; raise invalid_parameter naming ``name`` otherwise."""
    if value not in choices:
        raise ChessvizError("invalid_parameter", f"{name} must be one of {', '.join(choices)}, got {shown(value)}", field)
    return value


def shown(value: object, limit: int = 40) -> str:
    """Return repr(value) cut to about ``limit`` characters, for messages about huge inputs: a
    string's first characters, anything else's (a JSON number of 4,000 digits) first digits."""
    if isinstance(value, str):
        return repr(value[:limit]) + f"... ({len(value)} characters)" if len(value) > limit else repr(value)
    text = repr(value)
    return f"{text[:limit]}... ({len(text)} characters)" if len(text) > limit else text
