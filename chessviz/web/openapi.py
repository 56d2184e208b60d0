"""``GET /api/openapi.json``: the OpenAPI 3 document, written from the endpoint declarations."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify

from .. import __version__
from . import ROOT
from .api import ENDPOINTS

DOCS_URL = "/docs/API.md"

openapi = Blueprint("openapi", __name__)

_ERROR = {
    "type": "object",
    "required": ["error"],
    "properties": {
        "error": {
            "type": "object",
            "required": ["code", "message", "param"],
            "properties": {
                "code": {"type": "string", "examples": ["invalid_square"]},
                "message": {"type": "string"},
                "param": {"type": ["string", "null"]},
            },
            "additionalProperties": False,
        }
    },
    "additionalProperties": False,
}


def _param_schema(p) -> dict:
    """Return a parameter's schema; an optional one also admits "" (an empty field counts as absent)."""
    schema = dict(p.schema)
    if not p.required:
        schema = {"anyOf": [schema, {"type": "string", "maxLength": 0}]}
    if p.default is not None and isinstance(p.default, str):
        schema["default"] = p.default
    return schema


METHOD_ORDER = ("GET", "POST", "PUT", "DELETE")
_ERROR_REF = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}


def _operation(ep) -> dict:
    """Return one endpoint's OpenAPI operation: parameters, body, key, answers and errors."""
    content = {"schema": ep.response}
    example = ep.example_response()
    if example is not None:
        content["example"] = example
    ok = {"description": "OK" if ep.status == 200 else "Created", "content": {ep.media_type: content}}
    if ep.status == 204:
        ok = {"description": "No content"}
    parameters = [
        {"name": p.name, "in": "path", "required": True, "description": p.description, "schema": p.schema, "example": p.example}
        for p in ep.path_params
    ] + [
        {
            "name": p.name,
            "in": "query",
            "required": p.required,
            "description": p.description,
            "schema": _param_schema(p),
            "example": p.example,
        }
        for p in ep.params
    ]
    operation = {
        "summary": ep.summary,
        "description": ep.description,
        "tags": [ep.tag],
        "operationId": ep.operation_id,
        "parameters": parameters,
        "responses": {
            str(ep.status): ok,
            "400": {"description": "Bad or missing parameter", "content": _ERROR_REF},
            **{str(status): {"description": when, "content": _ERROR_REF} for status, when in sorted(ep.errors.items())},
        },
    }
    if ep.body is not None:
        schema = {
            "type": "object",
            # An optional field may also be null (taken as absent).
            "properties": {
                p.name: (p.schema if p.required else {"anyOf": [p.schema, {"type": "null"}]}) | {"description": p.description}
                for p in ep.body
            },
            "required": [p.name for p in ep.body if p.required],
        }
        example = {p.name: p.example for p in ep.body if p.example is not None}
        operation["requestBody"] = {
            "required": any(p.required for p in ep.body),
            "content": {"application/json": {"schema": schema, "example": example}},
        }
    if ep.auth:
        operation["security"] = [{"key": []}]
    return operation


def document() -> dict:
    """Return the OpenAPI 3.1 document describing every registered endpoint.

    Each 200 carries the endpoint's declared schema and, as its example, the real answer
    to the request made of the parameters' declared examples (JSON answers only).
    """
    paths: dict[str, dict] = {}
    for ep in sorted(ENDPOINTS, key=lambda e: (e.path, METHOD_ORDER.index(e.method))):
        paths.setdefault(ep.path, {})[ep.method.lower()] = _operation(ep)
    paths["/api/openapi.json"] = {
        "get": {
            "summary": "This document",
            "description": "The OpenAPI 3.1 document of every endpoint, written from the parameter declarations.",
            "tags": ["meta"],
            "operationId": "openapi_json",  # the rule of every other operation: its path, "/", "." and "-" as "_"
            "parameters": [],
            "responses": {"200": {"description": "OK", "content": {"application/json": {"schema": {"type": "object"}}}}},
        }
    }
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "chessviz",
            "version": __version__,
            "description": "Chess bitboard geometry and sliding attacks. Square indices are LERF "
            "(a1 = 0, h8 = 63); bitboards are strings 0x + 16 hex digits in the request's mapping. "
            f"The conventions, every endpoint's meaning and examples: [docs/API.md]({DOCS_URL}), "
            "the same file as docs/API.md in the repository.",
        },
        "externalDocs": {"description": "The chessviz HTTP API (docs/API.md)", "url": DOCS_URL},
        "paths": paths,
        "components": {
            "schemas": {"Error": _ERROR},
            "securitySchemes": {
                "key": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "A live class's key: the teacher's (from POST /api/classes) or a student's "
                    "(from POST /api/classes/{code}/students), as Authorization: Bearer <key>.",
                }
            },
        },
    }


@openapi.get("/api/openapi.json", merge_slashes=False)  # as the API's own rules (api.py)
def openapi_json():
    return jsonify(document())


@openapi.get(DOCS_URL)
def api_docs():
    """Serve the repository's docs/API.md, so the running server hands out its own manual."""
    text = (ROOT / "docs" / "API.md").read_text(encoding="utf-8")
    return Response(text, mimetype="text/markdown")
