"""``GET /code-worker.js``: the script of the Web Worker that runs a student's code.

It is served by this route rather than as a plain static file so that it carries its own
Content-Security-Policy: the worker may evaluate code (that is its job: 'unsafe-eval') and
nothing else. No script-src host means importScripts() loads nothing; connect-src 'none'
blocks fetch, XMLHttpRequest, WebSocket and EventSource. A dedicated worker has no DOM and
no localStorage, so the student's code can reach neither the page nor what it stores.
The page itself never evaluates the code (its own policy has no 'unsafe-eval').
"""

from __future__ import annotations

from flask import Blueprint, send_from_directory

from . import ROOT

code_worker = Blueprint("code_worker", __name__)

WORKER_CSP = "default-src 'none'; script-src 'unsafe-eval'; connect-src 'none'; worker-src 'none'; base-uri 'none'"


@code_worker.get("/code-worker.js")
def worker_script():
    response = send_from_directory(ROOT / "static" / "js", "code-worker.js", mimetype="text/javascript", max_age=0)
    response.headers["Content-Security-Policy"] = WORKER_CSP
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Cache-Control"] = "no-cache"
    return response
