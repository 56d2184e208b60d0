"""Server endpoints: a trivial health check (the benchmark's baseline and a probe for IT)
and the QR code of a link, for the Share dialog."""

from __future__ import annotations

import io

import segno
from flask import Response

from ..errors import ChessvizError
from . import params as P
from .api import endpoint


@endpoint(
    "/health",
    [],
    "Is the server up?",
    'Always {"ok": true}: a probe for monitoring, and the trivial route that '
    "bench/bench_server.py measures every endpoint against.",
    tag="server",
    response={"type": "object", "required": ["ok"], "properties": {"ok": {"const": True}}, "additionalProperties": False},
)
def health() -> dict:
    return {"ok": True}


QR_MAX = 1000  # characters: a chapter link is far shorter; a QR code of more is hard to scan


@endpoint(
    "/qr",
    [
        P.text(
            "text",
            "The text to encode, usually a chapter's link.",
            QR_MAX,
            "invalid_parameter",
            example="http://192.168.1.20:5000/chapter/propagation?sq=e4",
        )
    ],
    "A QR code of a text, as SVG",
    "The QR code (segno, error correction M, 4-module quiet zone, black on white) of `text`, "
    "as an SVG image with the text as its title: the Share dialog shows the current view's link this way.",
    tag="server",
    response={"type": "string", "contentMediaType": "image/svg+xml"},
    media_type="image/svg+xml",
)
def qr(text: str) -> Response:
    try:
        code = segno.make(text, error="m", micro=False)
    except segno.DataOverflowError:  # 1000 characters of UTF-8 may be 4000 bytes
        raise ChessvizError("invalid_parameter", f"text is too long for a QR code ({len(text.encode())} bytes)", "text") from None
    out = io.BytesIO()
    code.save(
        out,
        kind="svg",
        scale=1,
        border=4,
        xmldecl=False,
        title=text,
        dark="#000",
        light="#fff",
        svgclass="qr",
        lineclass=None,
        unit=None,
        nl=False,
    )
    # A viewBox lets the page size the image freely; the modules stay crisp at any scale.
    size = code.symbol_size(scale=1, border=4)[0]
    svg = out.getvalue().decode().replace("<svg ", f'<svg viewBox="0 0 {size} {size}" ', 1)
    return Response(svg, mimetype="image/svg+xml")
