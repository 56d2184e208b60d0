"""Errors that the caller can show: one class, a machine-readable code and the parameter."""

from __future__ import annotations


class ChessvizError(ValueError):
    """Raise for any bad input; the web layer turns it into a 400 JSON body.

    ``code`` is one of the contract's codes (``invalid_square``, ``not_aligned``...),
    ``param`` names the offending request parameter, or is None.
    """

    def __init__(self, code: str, message: str, param: str | None = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.param = param

    def with_param(self, param: str | None) -> "ChessvizError":
        """Return the same error naming ``param`` (the core does not know parameter names)."""
        if self.param is None:
            self.param = param
        return self


def shown(value: object, limit: int = 40) -> str:
    """Return repr(value) cut to about ``limit`` characters, for messages about huge inputs."""
    if isinstance(value, str) and len(value) > limit:
        return repr(value[:limit]) + f"... ({len(value)} characters)"
    return repr(value)
