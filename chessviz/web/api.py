"""The JSON API blueprint and the ``endpoint`` decorator that every endpoint is declared with.

A view receives parsed keyword arguments and returns a dict; parsing, errors and the
OpenAPI document all come from the declaration (see :mod:`chessviz.web.params` and
:mod:`chessviz.web.schemas`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import wraps

from flask import Blueprint, Response, jsonify, request

from ..errors import ChessvizError
from .params import Param, parse_args
from .serving import error_body, error_response

api = Blueprint("api", __name__, url_prefix="/api")


@dataclass(frozen=True)
class Endpoint:
    """What the OpenAPI document says about one endpoint, and the view that answers it."""

    path: str
    summary: str
    description: str
    params: list[Param]
    tag: str
    response: dict
    view: Callable[..., dict | Response]
    media_type: str = "application/json"
    # The core's argument at fault -> the parameter blamed for it (see `endpoint`).
    blame: Mapping[str, str] = field(default_factory=dict)

    def answer(self, args: Mapping) -> tuple[int, dict | Response]:
        """Return (status, body) for the query ``args``: 200 and the view's answer, or 400 and the error body."""
        try:
            return 200, self.view(**parse_args(self.params, args))
        except ChessvizError as error:
            return 400, error_body(error.code, error.message, self.blame.get(error.field))

    def example_query(self) -> dict[str, str]:
        """Return the documented request: the declared example of every required parameter."""
        return {p.name: p.example for p in self.params if p.required and p.example is not None}

    def example_response(self) -> dict | None:
        """Return the real answer to the documented request (so the documented example cannot drift)."""
        if self.media_type != "application/json":
            return None
        return self.view(**parse_args(self.params, _Args(self.example_query())))


class _Args(dict):
    """A plain dict read like werkzeug's MultiDict (one value per name)."""

    def getlist(self, name: str) -> list[str]:
        return [self[name]] if name in self else []


ENDPOINTS: list[Endpoint] = []


def endpoint(
    rule: str,
    params: list[Param],
    summary: str,
    description: str,
    *,
    response: dict,
    tag: str = "geometry",
    fields: dict[str, str] | None = None,
    media_type: str = "application/json",
):
    """Register a GET endpoint at ``/api<rule>`` whose view takes the parsed parameters.

    ``response`` is the JSON schema of a 200 answer (every endpoint declares its own). A bad
    parameter, or an error the core raises, is a 400 naming the parameter at fault: the core's
    error names its argument (``field``), which is the view's keyword of the parameter that
    parsed it, or, where the core's argument has another name, the parameter ``fields`` maps it
    to (e.g. ``{"origin": "from"}``). This is the one place a parameter is blamed.
    """
    blame = {p.keyword: p.name for p in params} | (fields or {})

    def decorate(view: Callable[..., dict | Response]):
        declared = Endpoint("/api" + rule, summary, description, params, tag, response, view, media_type, blame)

        @wraps(view)
        def handler():
            status, answer = declared.answer(request.args)
            if status != 200:
                error = answer["error"]
                return error_response(status, error["code"], error["message"], error["param"])
            return answer if isinstance(answer, Response) else jsonify(answer)

        api.add_url_rule(rule, view.__name__, handler, methods=["GET"])
        ENDPOINTS.append(declared)
        return view

    return decorate
