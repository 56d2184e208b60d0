"""A small HTTP/1.1 load generator on asyncio streams, for bench_server.py and the server tests.

Loopback only: every function refuses a host other than 127.0.0.1. Each connection is
kept alive and sends its next request when the previous answer has been read in full
(closed loop), optionally paced to one request per `interval` seconds.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from dataclasses import dataclass, field

LOOPBACK = "127.0.0.1"


def _check(host: str) -> None:
    if host != LOOPBACK:
        raise ValueError(f"load goes to {LOOPBACK} only, not {host!r}")


@dataclass
class Result:
    latencies: list[float] = field(default_factory=list)  # seconds, one per answered request
    errors: int = 0
    statuses: dict[int, int] = field(default_factory=dict)
    seconds: float = 0.0

    @property
    def rps(self) -> float:
        return len(self.latencies) / self.seconds if self.seconds else 0.0

    def percentile(self, p: float) -> float:
        """Return the p-th percentile latency in milliseconds (nearest rank)."""
        if not self.latencies:
            return float("nan")
        ordered = sorted(self.latencies)
        rank = max(0, min(len(ordered) - 1, round(p / 100 * len(ordered) + 0.5) - 1))
        return ordered[rank] * 1000

    @property
    def p50(self) -> float:
        return statistics.median(self.latencies) * 1000 if self.latencies else float("nan")


async def _read_response(reader: asyncio.StreamReader) -> int:
    """Read one whole response; return its status code."""
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.split(b"\r\n")
    status = int(lines[0].split()[1])
    length = 0
    chunked = False
    for line in lines[1:]:
        name, _, value = line.partition(b":")
        name = name.strip().lower()
        if name == b"content-length":
            length = int(value.strip())
        elif name == b"transfer-encoding" and b"chunked" in value.lower():
            chunked = True
    if chunked:
        while True:
            size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
            await reader.readexactly(size + 2)
            if size == 0:
                break
    elif length:
        await reader.readexactly(length)
    return status


def request_bytes(path: str, host: str, port: int, extra: str = "") -> bytes:
    return f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\n{extra}\r\n".encode()


async def _connection(host, port, paths, stop_at, result, interval, index):
    try:
        reader, writer = await asyncio.open_connection(host, port)
    except OSError:
        result.errors += 1
        return
    requests = [request_bytes(p, host, port) for p in paths]
    n = index
    try:
        # One request at least: on a loaded machine opening the connection may outlast a smoke run's
        # 50 ms phase, which then measured no answer at all (and a path "not answered 200").
        while n == index or time.perf_counter() < stop_at:
            started = time.perf_counter()
            writer.write(requests[n % len(requests)])
            n += 1
            try:
                status = await asyncio.wait_for(_read_response(reader), timeout=10)
            except (TimeoutError, OSError, asyncio.IncompleteReadError, ValueError):
                result.errors += 1
                writer.close()
                reader, writer = await asyncio.open_connection(host, port)
                continue
            result.latencies.append(time.perf_counter() - started)
            result.statuses[status] = result.statuses.get(status, 0) + 1
            if status >= 500:
                result.errors += 1
            if interval:
                await asyncio.sleep(max(0.0, interval - (time.perf_counter() - started)))
    finally:
        writer.close()


async def load(
    port: int, paths: list[str], connections: int, seconds: float, *, host: str = LOOPBACK, interval: float = 0.0
) -> Result:
    """Hold `connections` keep-alive connections for `seconds`, cycling through `paths`."""
    _check(host)
    result = Result()
    started = time.perf_counter()
    stop_at = started + seconds
    tasks = []
    for i in range(connections):
        tasks.append(asyncio.create_task(_connection(host, port, paths, stop_at, result, interval, i)))
        if interval:  # spread paced connections over one interval instead of a burst
            await asyncio.sleep(interval / connections)
    await asyncio.gather(*tasks)
    result.seconds = time.perf_counter() - started
    return result


async def count_requests(port: int, path: str, total: int, connections: int = 16, *, host: str = LOOPBACK) -> Result:
    """Send exactly `total` requests for `path` over `connections` keep-alive connections."""
    _check(host)
    result = Result()
    remaining = [total]
    raw = request_bytes(path, host, port)

    async def worker():
        reader, writer = await asyncio.open_connection(host, port)
        try:
            while remaining[0] > 0:
                remaining[0] -= 1
                started = time.perf_counter()
                writer.write(raw)
                status = await _read_response(reader)
                result.latencies.append(time.perf_counter() - started)
                result.statuses[status] = result.statuses.get(status, 0) + 1
        finally:
            writer.close()

    started = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(connections)))
    result.seconds = time.perf_counter() - started
    return result


async def slow_clients(port: int, count: int, *, host: str = LOOPBACK):
    """Open `count` connections that each send a request's headers one byte a second.

    Returns (tasks, stop): cancel-free shutdown by setting the `stop` event.
    """
    _check(host)
    stop = asyncio.Event()
    opened = [0]
    header = request_bytes("/api/health", host, port, "X-Slow: " + "s" * 200 + "\r\n")

    async def one():
        try:
            reader, writer = await asyncio.open_connection(host, port)
        except OSError:
            return
        opened[0] += 1
        try:
            for byte in header[:-4]:  # never finish the headers
                writer.write(bytes([byte]))
                await writer.drain()
                try:
                    await asyncio.wait_for(stop.wait(), timeout=1.0)
                    return
                except TimeoutError:
                    pass
        except OSError:
            return
        finally:
            writer.close()

    tasks = []
    for _ in range(count):
        tasks.append(asyncio.create_task(one()))
        await asyncio.sleep(0.002)
    return tasks, stop, opened


async def one_request(port: int, path: str, *, host: str = LOOPBACK, timeout: float = 10) -> tuple[int, float]:
    """Open a fresh connection, send one request; return (status, seconds)."""
    _check(host)
    started = time.perf_counter()
    reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), timeout)
    try:
        writer.write(request_bytes(path, host, port, "Connection: close\r\n"))
        status = await asyncio.wait_for(_read_response(reader), timeout)
    finally:
        writer.close()
    return status, time.perf_counter() - started


class ClassroomServer:
    """`make serve` on a free loopback port (the same module and options), for one benchmark run."""

    def __init__(self, workers: int = 2, memo: bool = True):
        import os
        import socket
        import subprocess
        import sys
        from pathlib import Path

        root = Path(__file__).resolve().parents[1]
        with socket.socket() as s:
            s.bind((LOOPBACK, 0))
            self.port = s.getsockname()[1]
        self.log = open(os.devnull, "w")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "chessviz.web.serve", "--host", LOOPBACK, "--port", str(self.port), "--workers", str(workers)]
            + ([] if memo else ["--no-memo"]),
            cwd=root,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONPATH": str(root)},
        )
        self.base = f"http://{LOOPBACK}:{self.port}"
        self._wait()

    def _wait(self) -> None:
        import urllib.request

        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(self.base + "/api/health", timeout=1).read()
                return
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("the classroom server did not start") from None
                time.sleep(0.2)

    def workers(self):
        import psutil

        return [c for c in psutil.Process(self.process.pid).children() if "redis" not in c.name()]  # not the live class's Redis

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=15)
        self.log.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()
