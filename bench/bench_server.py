"""The classroom server under load, from one run against `make serve` (started here on a free
loopback port, the same module and options, 2 workers).

    .venv/bin/python bench/bench_server.py [--quick]

Prints:
1. every endpoint's requests per second, with the example query of its OpenAPI entry, as a
   ratio of the trivial JSON route (/api/health) served by the same stack in the same run
   (20 keep-alive connections, closed loop), with the answer memo off (`--no-memo`), so
   that every request is answered by the app: the cost of each endpoint's own work;
2. p50 and p99 at 20 and 256 connections on a mix of every endpoint the chapters ask
   (all but the teacher's /api/qr), first with the memo off, then as `make serve` runs
   (repeated queries replayed from the memo): closed loop (each connection sends its next
   request as soon as the answer is in: the server's capacity, where p99 is mostly
   queueing: at least connections / throughput) and paced (each connection one request a
   second, or one every 250 ms: 256 students clicking once or four times a second, a
   classroom far busier than a real one);
3. the answer time of an ordinary request while 200 slow clients hold connections, each
   sending its headers one byte a second;
4. worker memory (RSS) before and after 100,000 requests.

All traffic goes to 127.0.0.1 and every phase is bounded in time. The load generator runs
on the same machine (2 cores shared with the server), so absolute numbers are low; the
ratios and the slow-client answer time are the point. The machine's load average is
printed first and last: other people's work on it shows there.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import loadgen as L

TARGET_MS = 100
# Where the OpenAPI examples, put together, make a query the API refuses (two lines of one
# kind; a promotion letter on a move that does not promote; a tap that follows a move to its
# position without asking either), the benchmark asks a valid one.
OVERRIDES = {
    "/api/intersection": {"line_b": "diagonal"},
    "/api/move": {"to": "d1", "promotion": None},
    "/api/taps": {"follow": None},
}


def example_queries(base: str) -> dict[str, str]:
    """Return {endpoint path: path with the example query of its OpenAPI entry}."""
    document = json.load(urllib.request.urlopen(base + "/api/openapi.json", timeout=10))
    out = {}
    for path, item in document["paths"].items():
        if "get" not in item or item["get"]["tags"] == ["classes"]:
            continue  # the live class's endpoints hold state: bench/bench_class.py measures them
        query = {}
        for p in item["get"]["parameters"]:
            schema = p["schema"]
            value = p.get("example") or schema.get("default")
            if value is None:
                for option in schema.get("anyOf", [schema]):
                    value = value or (option.get("enum") or [None])[0]
            if value is not None and (p["required"] or p.get("example")):
                query[p["name"]] = value
        for name, value in OVERRIDES.get(path, {}).items():
            if value is None:
                query.pop(name, None)
            else:
                query[name] = value
        out[path] = path + ("?" + urllib.parse.urlencode(query) if query else "")
    return out


def load_average() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} CPUs"


def row(name: str, result: L.Result) -> str:
    return (
        f"  {name:<34} {result.rps:8.0f} req/s  p50 {result.p50:6.1f} ms  p99 {result.percentile(99):7.1f} ms  "
        f"errors {result.errors}  answers {len(result.latencies)}"
    )


async def endpoint_ratios(port: int, queries: dict[str, str], seconds: float, connections: int = 20) -> None:
    print(f"\n1. Requests per second per endpoint, {connections} connections, {seconds:g} s each, as a ratio of /api/health")
    before = await L.load(port, ["/api/health"], connections, seconds)
    results = {}
    for path, url in queries.items():
        results[path] = await L.load(port, [url], connections, seconds)
    after = await L.load(port, ["/api/health"], connections, seconds)
    baseline = (before.rps + after.rps) / 2
    print(f"  baseline /api/health: {before.rps:.0f} req/s before, {after.rps:.0f} after, ratio 1.00")
    for path, result in sorted(results.items(), key=lambda kv: -kv[1].rps):
        statuses = ",".join(str(s) for s in sorted(result.statuses))
        print(
            f"  {path:<28} {result.rps:7.0f} req/s  ratio {result.rps / baseline:5.2f}  p50 {result.p50:5.1f} ms  status {statuses}"  # noqa: E501
        )
    # A query the API refuses is answered at once with an error: its rate would be the refusal's, not the endpoint's.
    refused = {path: sorted(result.statuses) for path, result in results.items() if set(result.statuses) != {200}}
    if refused:
        raise SystemExit(f"example queries not answered 200, their rates measure no answer: {refused}")


def cpu_seconds(processes) -> float:
    total = 0.0
    for process in processes:
        times = process.cpu_times()
        total += times.user + times.system
    return total


async def latencies(server: L.ClassroomServer, mix: list[str], long_seconds: float, how: str, many: int = 256) -> None:
    import psutil

    port = server.port
    me = psutil.Process()
    print(
        f"\n2. Latency on the mix of every endpoint's example query, {how} (CPU: share of one core the"
        " server's workers and this load generator got; the machine has 2)"
    )
    for connections, seconds, interval, label in [
        (min(20, many), min(10, long_seconds), 0, f"{min(20, many)} connections, closed loop"),
        (many, long_seconds, 0, f"{many} connections, closed loop"),
        (many, long_seconds, 1.0, f"{many} connections, paced 1/s each"),
        (many, long_seconds, 0.25, f"{many} connections, paced 4/s each"),
    ]:
        workers = server.workers()
        server_before, client_before = cpu_seconds(workers), cpu_seconds([me])
        result = await L.load(port, mix, connections, seconds, interval=interval)
        server_cpu = (cpu_seconds(workers) - server_before) / result.seconds
        client_cpu = (cpu_seconds([me]) - client_before) / result.seconds
        verdict = f"  CPU server {server_cpu:.0%} client {client_cpu:.0%}"
        if connections == many:
            ok = result.errors == 0 and result.percentile(99) < TARGET_MS
            verdict += f"  -> {'meets' if ok else 'misses'} 0 errors, p99 < {TARGET_MS} ms"
        print(row(label, result) + verdict)


async def slow_clients(port: int, count: int, hold: float, settle: float = 2) -> None:
    print(f"\n3. An ordinary request while {count} slow clients send their headers one byte a second")
    tasks, stop, opened = await L.slow_clients(port, count)
    await asyncio.sleep(settle)  # every slow client connected and sending
    times, statuses = [], []
    deadline = time.perf_counter() + hold
    while time.perf_counter() < deadline:
        try:
            status, seconds = await L.one_request(port, "/api/square?sq=e4", timeout=10)
        except (TimeoutError, OSError) as error:
            status, seconds = repr(error), 10.0
        statuses.append(status)
        times.append(seconds * 1000)
        await asyncio.sleep(0.25)
    still_open = opened[0]
    stop.set()
    await asyncio.gather(*tasks)
    ok = all(s == 200 for s in statuses) and max(times) < TARGET_MS
    print(
        f"  slow connections open: {still_open} of {count}; ordinary requests: {len(times)}, "
        f"median {statistics.median(times):.1f} ms, max {max(times):.1f} ms, statuses {sorted(set(map(str, statuses)))}"
        f"  -> {'meets' if ok else 'misses'} every answer < {TARGET_MS} ms"
    )


async def memory(server: L.ClassroomServer, mix: list[str], total: int) -> None:
    print(f"\n4. Worker memory (RSS) before and after {total:,} requests (the mix, 32 connections)")
    before = {w.pid: w.memory_info().rss for w in server.workers()}
    started = time.perf_counter()
    answered = 0
    statuses: dict[int, int] = {}
    for i, path in enumerate(mix):
        share = total // len(mix) + (1 if i < total % len(mix) else 0)
        result = await L.count_requests(server.port, path, share, 32)
        answered += len(result.latencies)
        for status, n in result.statuses.items():
            statuses[status] = statuses.get(status, 0) + n
    elapsed = time.perf_counter() - started
    after = {w.pid: w.memory_info().rss for w in server.workers()}
    print(f"  {answered:,} answers in {elapsed:.0f} s, statuses {statuses}")
    for pid in sorted(before):
        grown = (after.get(pid, 0) - before[pid]) / 2**20
        print(f"  worker {pid}: {before[pid] / 2**20:.1f} MB -> {after.get(pid, 0) / 2**20:.1f} MB ({grown:+.1f} MB)")


async def main(quick: bool) -> None:
    print(load_average())
    # --quick: every phase, with tiny loads and a fraction of a second each (a smoke run). A slow
    # endpoint's requests in flight when a phase ends are still waited for: few connections keep
    # that wait short (/api/magic-search takes most of a second without the memo).
    quick_loads = (0.25, 0.05, 4, 4, 10, 200)
    long_seconds, ratio_seconds, ratio_connections, many, slow, total = quick_loads if quick else (30, 2.0, 20, 256, 200, 100_000)
    with L.ClassroomServer(workers=2, memo=False) as server:
        queries = example_queries(server.base)
        # The students' mix: every endpoint a chapter asks. The QR code is the teacher's, once
        # per Share dialog (about 5 ms of CPU each, which a gevent worker spends unshared).
        mix = [url for path, url in queries.items() if path != "/api/qr"]
        print(f"make serve --no-memo on 127.0.0.1:{server.port}: gunicorn, 2 gevent workers; {len(queries)} endpoints")
        await endpoint_ratios(server.port, queries, ratio_seconds, ratio_connections)
        await latencies(server, mix, long_seconds, "every request answered by the app (--no-memo)", many)
    with L.ClassroomServer(workers=2) as server:
        print(f"\nmake serve on 127.0.0.1:{server.port}: gunicorn, 2 gevent workers, the answer memo on")
        await latencies(server, mix, long_seconds, "make serve as it runs: repeated queries answered from the memo", many)
        await slow_clients(server.port, slow, 0.5 if quick else 10, 0.5 if quick else 2)
        await memory(server, mix, total)
    print("\n" + load_average())


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="tiny loads, short phases: a smoke run, its numbers mean little")
    asyncio.run(main(parser.parse_args().quick))
