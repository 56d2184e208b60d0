"""Bytes each chapter costs on a first load and on a second visit, in headless Chromium
against `make serve` (started here on a free loopback port).

    .venv/bin/python bench/bench_bytes.py [--quick]        (CHROMIUM_PATH may name the browser)

For every chapter: a fresh browser profile loads the page and waits until the network is
idle (first load); then a new tab of the same profile opens the same page again (second
visit, as a student coming back to the chapter). Counted: the bytes the browser received
over the network (Chrome DevTools' encodedDataLength: headers and compressed bodies),
and the number of requests that reached the server. Static files under their versioned
URL come from the browser's cache for a year without asking; API answers for an hour; the
page itself is revalidated (a 304). --quick: the first two chapters only (a smoke run).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import loadgen as L
from playwright.sync_api import sync_playwright

from chessviz.chapters import CHAPTERS


def measure(context, url: str) -> tuple[int, int]:
    """Load url in a new tab of `context`; return (bytes received, requests sent to the network)."""
    page = context.new_page()
    session = context.new_cdp_session(page)
    session.send("Network.enable")
    received = {"bytes": 0, "requests": 0}

    def finished(event):
        # A load from the browser's cache finishes too, with nothing received.
        if event["encodedDataLength"] > 0:
            received["bytes"] += int(event["encodedDataLength"])
            received["requests"] += 1

    session.on("Network.loadingFinished", finished)
    page.goto(url, wait_until="networkidle")
    page.wait_for_timeout(300)
    page.close()
    return received["bytes"], received["requests"]


def main(quick: bool) -> None:
    executable = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium-headless-shell") or shutil.which("chromium")
    if executable == "playwright":  # scripts/ensure-chromium's word for Playwright's own download
        executable = None
    with L.ClassroomServer(workers=2) as server, sync_playwright() as p:
        browser = p.chromium.launch(headless=True, executable_path=executable, args=["--no-sandbox", "--disable-gpu"])
        print(f"{'chapter':<18} {'first load':>12} {'requests':>9} {'second visit':>13} {'requests':>9}")
        totals = [0, 0]
        for chapter in CHAPTERS[:2] if quick else CHAPTERS:
            context = browser.new_context()
            url = f"{server.base}/chapter/{chapter.slug}"
            first, first_requests = measure(context, url)
            second, second_requests = measure(context, url)
            context.close()
            totals[0] += first
            totals[1] += second
            print(f"{chapter.slug:<18} {first / 1024:9.1f} KB {first_requests:9d} {second / 1024:10.1f} KB {second_requests:9d}")
        print(f"{'all chapters':<18} {totals[0] / 1024:9.1f} KB {'':9} {totals[1] / 1024:10.1f} KB")
        browser.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="two chapters: a smoke run")
    main(parser.parse_args().quick)
