"""The JSON API blueprint and the ``endpoint`` decorator that every endpoint is declared with.

A view receives parsed keyword arguments and returns a dict; parsing, errors and the
OpenAPI document all come from the declaration (see :mod:`chessviz.web.params`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import wraps
from typing import Callable

from flask import Blueprint, Response, jsonify, request

from ..errors import ChessvizError
from .params import Param, parse_args

api = Blueprint("api", __name__, url_prefix="/api")


@dataclass(frozen=True)
class Endpoint:
    """What the OpenAPI document says about one endpoint."""

    path: str
    summary: str
    description: str
    params: list[Param]
    tag: str
    example_response: dict | None = None
    media_type: str = "application/json"


ENDPOINTS: list[Endpoint] = []


def endpoint(rule: str, params: list[Param], summary: str, description: str = "", tag: str = "geometry",
             example_response: dict | None = None, error_params: dict[str, str] | None = None,
             media_type: str = "application/json"):
    """Register a GET endpoint at ``/api<rule>`` whose view takes the parsed parameters.

    ``error_params`` names the parameter to blame for an error the core raises without
    one, by error code (e.g. ``{"not_aligned": "to"}``).
    """

    def decorate(view: Callable[..., dict]):
        @wraps(view)
        def handler():
            try:
                answer = view(**parse_args(params, request.args))
                return answer if isinstance(answer, Response) else jsonify(answer)
            except ChessvizError as error:
                raise error.with_param((error_params or {}).get(error.code))

        api.add_url_rule(rule, view.__name__, handler, methods=["GET"])
        ENDPOINTS.append(Endpoint("/api" + rule, summary, description, params, tag, example_response, media_type))
        return view

    return decorate
