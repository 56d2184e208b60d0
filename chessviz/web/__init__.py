"""The Flask application: a thin translation of HTTP into calls of the pure core.

Nothing outside this subpackage imports Flask. The app finds its templates, static files
and docs from this file's location (``ROOT``), never from the current directory.
"""

from __future__ import annotations

from pathlib import Path

from flask import Flask
from werkzeug.exceptions import HTTPException

ROOT = Path(__file__).resolve().parents[2]

_HTTP_CODES = {404: "not_found", 405: "method_not_allowed"}


def create_app(test_config: dict | None = None) -> Flask:
    """Build the app: pages, the JSON API and JSON errors for every failure."""
    app = Flask(__name__, template_folder=str(ROOT / "templates"), static_folder=str(ROOT / "static"))
    # Flask 2.3 dropped the JSON_SORT_KEYS setting; the provider's attributes are what count.
    app.json.sort_keys = False
    app.json.compact = True
    if test_config:
        app.config.update(test_config)

    from . import api_bitboard, api_sliding, api_wiki  # noqa: F401  (register their endpoints)
    from .api import api, error_response
    from .openapi import openapi
    from .pages import pages

    app.register_blueprint(api)
    app.register_blueprint(openapi)
    app.register_blueprint(pages)

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException):
        code = _HTTP_CODES.get(error.code, "http_error")
        response = error_response(error.code or 500, code, error.description or error.name, None)
        if error.code == 405 and getattr(error, "valid_methods", None):
            response.headers["Allow"] = ", ".join(error.valid_methods)
        return response

    @app.errorhandler(Exception)
    def unexpected(error: Exception):  # a bug, but the client still gets the contract's shape
        app.logger.exception("unhandled error")
        return error_response(500, "internal_error", "internal error; the server log has the details", None)

    return app
