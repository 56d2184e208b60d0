"""Server endpoints: a trivial health check (the benchmark's baseline and a probe for IT)
and the QR code of a link, for the Share dialog."""

from __future__ import annotations

from .api import endpoint


@endpoint(
    "/health",
    [],
    "Is the server up?",
    "Always {\"ok\": true}: a probe for monitoring, and the trivial route that "
    "bench/bench_server.py measures every endpoint against.",
    tag="server",
    example_response={"ok": True},
)
def health() -> dict:
    return {"ok": True}
