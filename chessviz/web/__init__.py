"""The Flask application: a thin translation of HTTP into calls of the pure core.

Nothing outside this subpackage imports Flask. The app finds its templates, static files
and docs from this file's location (``ROOT``), never from the current directory.
"""

from __future__ import annotations

from pathlib import Path

from flask import Flask
from werkzeug.exceptions import HTTPException

from ..errors import ChessvizError
from .memo import AnswerMemo
from .serving import error_response, http_code, install

ROOT = Path(__file__).resolve().parents[2]


def create_app(test_config: dict | None = None) -> Flask:
    """Build the app: pages, the JSON API, errors in the reader's format, and the serving layer."""
    app = Flask(
        __name__,
        template_folder=str(ROOT / "templates"),
        static_folder=None,  # static files are served by .serving, under versioned URLs
    )
    # Flask 2.3 dropped the JSON_SORT_KEYS setting; the provider's attributes are what count.
    app.json.sort_keys = False
    app.json.compact = True
    if test_config:
        app.config.update(test_config)

    from . import (  # noqa: F401  (register their endpoints)
        api_bitboard,
        api_classes,  # the live class: its endpoints, its pages, its Redis
        api_code,
        api_compass,
        api_methods,
        api_server,
        api_sliding,
        api_wiki,
        taps,  # after them all: it asks their endpoints
    )
    from .api import api
    from .code_worker import code_worker
    from .openapi import openapi
    from .pages import pages

    app.register_blueprint(api)
    app.register_blueprint(openapi)
    app.register_blueprint(pages)
    app.register_blueprint(code_worker)
    api_classes.install(app)

    @app.errorhandler(ChessvizError)
    def bad_input(error: ChessvizError):  # raised outside a declared endpoint: no parameter to name
        return error_response(400, error.code, error.message, None)

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException):
        response = error_response(error.code or 500, http_code(error.code), error.description or error.name, None)
        if error.code == 405 and getattr(error, "valid_methods", None):
            response.headers["Allow"] = ", ".join(error.valid_methods)
        return response

    @app.errorhandler(Exception)
    def unexpected(error: Exception):  # a bug, but the client still gets the contract's shape
        app.logger.exception("unhandled error")
        return error_response(500, "internal_error", "internal error; the server log has the details", None)

    install(app, ROOT)  # last: it renders the shared answers with everything registered
    if not app.debug and app.config.get("ANSWER_MEMO", True):  # debugging wants every request to run the code
        app.wsgi_app = AnswerMemo(app.wsgi_app)
    return app
