"""The JSON API blueprint and the ``endpoint`` decorator that every endpoint is declared with.

A view receives parsed keyword arguments and returns a dict; parsing, errors and the
OpenAPI document all come from the declaration (see :mod:`chessviz.web.params` and
:mod:`chessviz.web.schemas`). Most endpoints are pure GETs of query parameters; the live
class's (``POST``, ``PUT``, ``DELETE``, a JSON body, values in the path, a key) are declared
the same way, with the few more things they need.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import wraps

from flask import Blueprint, Response, jsonify, request

from ..errors import ChessvizError
from .params import Param, parse_args, parse_body
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
    method: str = "GET"
    status: int = 200  # of a success
    body: list[Param] | None = None  # the fields of a JSON body, if it takes one
    path_params: list[Param] = field(default_factory=list)  # values in the path (/classes/<code>)
    auth: str | None = None  # whose key the endpoint needs, in words (None: no key)
    errors: dict[int, str] = field(default_factory=dict)  # statuses beyond 400, with when they happen
    pure: bool = True  # the same request, the same answer: false for the live class's state
    blame: Mapping[str, str] = field(default_factory=dict)  # the core's argument at fault -> its parameter
    ahead: bool = True  # /api/taps may ask it for every square; False for an answer too long for 64 (a magic search)

    @property
    def operation_id(self) -> str:
        """The path with "/", "." and "-" as "_" (and {} dropped), after the method unless a GET."""
        name = re.sub(r"[/.-]", "_", self.path.removeprefix("/api/")).replace("{", "").replace("}", "")
        return name if self.method == "GET" else f"{self.method.lower()}_{name}"

    def answer(self, args: Mapping) -> tuple[int, dict | Response]:
        """Return (status, body) of a GET of query ``args`` alone, as its handler answers it (the error body if refused)."""
        try:
            return self.status, self.view(**parse_args(self.params, args))
        except ChessvizError as error:
            return ERROR_STATUS.get(error.code, 400), error_body(error.code, error.message, self.blame.get(error.field))

    def example_query(self) -> dict[str, str]:
        """Return the documented request: the declared example of every required parameter."""
        return {p.name: p.example for p in self.params if p.required and p.example is not None}

    def example_response(self) -> dict | None:
        """Return the real answer to the documented request (so the documented example cannot drift)."""
        if self.media_type != "application/json" or not self.pure:
            return None
        return self.view(**parse_args(self.params, _Args(self.example_query())))


# A long answer (a magic-search replay, up to 0.4 s; the taps of the methods chapter, 0.4 s)
# pauses for PAUSE_FOR_S every PAUSE_EVERY_S (pauser): under the classroom server, whose gevent patches
# time.sleep, the worker meanwhile takes and answers its other connections, which would
# otherwise wait for the whole answer (measured: a request sent behind four replays was
# answered in 10 to 70 ms, where it waited 0.75 to 1.2 s; behind four of the methods chapter's
# taps in 11 to 42 ms, where it waited 0.8 to 1.6 s). sleep(0) would not do: it runs the
# greenlets already ready and polls no socket. Elsewhere (threads) a pause costs 0.1 ms in 5.
PAUSE_EVERY_S = 0.005
PAUSE_FOR_S = 0.0001


def pauser() -> Callable[[], None]:
    """Return a pause for one long answer to call often: it sleeps PAUSE_FOR_S once PAUSE_EVERY_S
    has passed since it last did (or since it was made), and does nothing otherwise."""
    last = time.perf_counter()

    def pause() -> None:
        nonlocal last
        if time.perf_counter() - last >= PAUSE_EVERY_S:
            time.sleep(PAUSE_FOR_S)
            last = time.perf_counter()

    return pause


class _Args(dict):
    """A plain dict read like werkzeug's MultiDict (one value per name)."""

    def getlist(self, name: str) -> list[str]:
        return [self[name]] if name in self else []


ENDPOINTS: list[Endpoint] = []
# The status of each error code beyond the contract's 400s (a core error's code decides it).
ERROR_STATUS = {
    "forbidden": 403,
    "class_not_found": 404,
    "class_full": 409,
    "question_closed": 409,
    "body_too_large": 413,
    "too_many_requests": 429,
    "class_unavailable": 503,
}


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
    method: str = "GET",
    status: int = 200,
    body: list[Param] | None = None,
    path_params: list[Param] = (),
    auth: str | None = None,
    errors: dict[int, str] | None = None,
    pure: bool = True,
    headers: dict[str, str] | None = None,
    ahead: bool = True,
):
    """Register an endpoint at ``/api<rule>`` (a GET unless ``method``) whose view takes the parsed parameters.

    ``response`` is the JSON schema of a success (every endpoint declares its own), answered
    with ``status``. A bad parameter, or an error the core raises, is a 400 naming the
    parameter at fault (or the status ERROR_STATUS gives its code): the core's error names its
    argument (``field``), which is the view's keyword of the parameter that parsed it, or, where
    the core's argument has another name, the parameter ``fields`` maps it to (e.g.
    ``{"origin": "from"}``). This is the one place a parameter is blamed.

    The live class's endpoints also take ``body`` (the fields of a JSON body, each reaching the
    view by its keyword), ``path_params`` (the rule's ``<name>`` parts, documented), ``auth``
    and ``errors`` (documented), ``pure=False`` (an answer of the moment: never cached, never
    compressed, no example in the document) and ``headers`` set on every success. ``ahead=False``
    keeps it out of /api/taps, which asks an endpoint for every square a tap may choose.
    """
    blame = {p.keyword: p.name for p in [*params, *(body or ()), *path_params]} | (fields or {})
    path = "/api" + re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule)

    def decorate(view: Callable[..., dict | Response]):
        @wraps(view)
        def handler(**route):
            try:
                given = parse_args(params, request.args) | route
                if body is not None:
                    given |= parse_body(body, request)
                answer = view(**given)
                response = answer if isinstance(answer, Response) else jsonify(answer)
                if not isinstance(answer, Response):
                    response.status_code = status
                if not pure:
                    response.headers["Cache-Control"] = "no-store"
                    response.chessviz_uncached = True  # chessviz.web.serving: no ETag, no compression
                response.headers.update(headers or {})
                return response
            except ChessvizError as error:
                return error_response(ERROR_STATUS.get(error.code, 400), error.code, error.message, blame.get(error.field))

        name = view.__name__ if method == "GET" else f"{view.__name__}_{method.lower()}"
        # merge_slashes=False: a doubled slash is an unknown path (404 in the contract's shape),
        # not Werkzeug's redirect with an HTML body that a client reading JSON cannot use.
        api.add_url_rule(rule, name, handler, methods=[method], merge_slashes=False)
        ENDPOINTS.append(
            Endpoint(
                path, summary, description, params, tag, response, view, media_type,
                method, status, body, list(path_params), auth, errors or {}, pure, blame, ahead,
            )
        )  # fmt: skip
        return view

    return decorate
