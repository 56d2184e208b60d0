"""Tap-to-paint latency of every chapter with an input board, on a phone: headless Chromium
with a touch screen and no hover, on the classroom server (chessviz.web.serve, as `make
serve` starts it) on localhost, at 0 and at 20 ms of network latency (Chrome DevTools
Protocol: Network.emulateNetworkConditions).

    .venv/bin/python bench/bench_browser.py           (CHROMIUM_PATH may name the browser)
    .venv/bin/python bench/bench_browser.py --quick   (two taps per chapter and baseline, no latency: a smoke run)
    .venv/bin/python bench/bench_browser.py --chapters magic,methods   (those chapters only, with the baselines)

Each tap is a real touch (Input.dispatchTouchEvent: pointerdown, pointerup, click), timed
inside the page from the pointerdown event to the frame after the chapter has drawn the
tapped state (#chapter[data-drawn] changes, then one requestAnimationFrame: the frame that
paints it). Before each tap the bench waits, as a student's next tap would, until the page
has asked ahead for the answers of every tap (#chapter[data-ahead] names the drawn state),
then --pace ms (0 by default: the next tap as soon as the answers are in, faster than a
student taps) and a random 0-16 ms more, so that taps land anywhere within a frame; "ready" is
how long that took after the previous paint. A tap that soon after a paint meets the
browser's own work after it (its garbage collection, say) and waits for it: `--pace 250`, a
quick student's next tap, measures a tap on an idle page. "network" counts the taps that asked the API for an
answer between pointerdown and paint (0: every tap painted from memory); "missed" the taps
that drew nothing within 10 s (left out of the times); "lift p95" the same from the pointerup
(on a real phone a finger rests 50 to 100 ms between pointerdown and pointerup, and a tap only
becomes a click when it lifts: from the lift is what the page itself can shorten).

The baselines, measured in the same run at each latency: taps on a bare button on a page of
its own (no chessviz: what the browser alone takes from a touch to the frame that shows a
change), and on the propagation chapter's prediction board (no answer to fetch: the chapter's
own redraw). Prints median and 95th percentile per chapter, p95 against the bare button's
(as a ratio, and as what the page adds to it in ms: "+bare") and against the one-frame budget
(16.7 ms).
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

from playwright.sync_api import sync_playwright  # noqa: E402

FRAME_MS = 1000 / 60
LATENCIES_MS = (0, 20)

# Before the page's modules: note every request for an answer (not /api/taps) with its time.
FETCHES = """(() => {
  const fetch = window.fetch;
  window.__answers = [];
  window.fetch = (url, ...rest) => {
    if (/[/]api[/](?!taps)/.test(String(url))) window.__answers.push(performance.now());
    return fetch(url, ...rest);
  };
})()"""
# In the page: time the next tap from its pointerdown to the frame after the chapter draws.
ARM = """() => {
  const chapter = document.getElementById("chapter");
  const drawn = chapter.dataset.drawn;
  window.__tap = new Promise((resolve) => {
    setTimeout(() => resolve(null), 10000); // a tap that drew nothing: missed
    let down = null;
    let up = null;
    document.addEventListener("pointerdown", (event) => { down = event.timeStamp; }, { capture: true, once: true });
    document.addEventListener("pointerup", (event) => { up = event.timeStamp; }, { capture: true, once: true });
    const observer = new MutationObserver(() => {
      if (chapter.dataset.drawn === drawn) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        const painted = performance.now();
        const network = window.__answers.filter((t) => t >= down && t <= painted).length;
        resolve({ ms: painted - down, lift: painted - (up ?? down), network });
      });
    });
    observer.observe(chapter, { attributes: true, attributeFilter: ["data-drawn"] });
  });
}"""
READY = "() => { const c = document.getElementById('chapter').dataset; return c.drawn && c.ahead === c.drawn; }"
DRAWN = "() => document.getElementById('chapter').dataset.drawn !== undefined"
TWO_FRAMES = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"
SQUARES = [f + r for r in "12345678" for f in "abcdefgh"]


def squares_on(page, selector: str) -> list[str]:
    return page.eval_on_selector_all(selector, "els => els.map(e => e.dataset.square)")


def slider_taps(page, rng: random.Random, n: int) -> tuple[str, str]:
    """Alternately place the slider (not on a blocker) and toggle a blocker (not on the slider)."""
    slider = squares_on(page, '[data-board="slider"] [data-piece]')[0]
    if n % 2 == 0:
        blockers = set(squares_on(page, '[data-board="occupied"] [data-piece]'))
        return "slider", rng.choice([s for s in SQUARES if s not in blockers and s != slider])
    return "occupied", rng.choice([s for s in SQUARES if s != slider])


def game_taps(page, rng: random.Random, n: int) -> tuple[str, str]:
    """Select a piece; then move it to one of its targets (no promotion), or tap it again to let go."""
    selected = squares_on(page, '[data-board="game"] [data-mark="selected"]')
    if not selected:
        return "game", rng.choice(squares_on(page, '[data-board="game"] [data-piece]'))
    piece = page.get_attribute(f'[data-board="game"] [data-square="{selected[0]}"]', "data-piece")
    targets = squares_on(page, '[data-board="game"] [data-mark="target"], [data-board="game"] [data-mark="capture"]')
    if piece in "pP":
        targets = [t for t in targets if t[1] not in "18"]
    return "game", rng.choice(targets) if targets and rng.random() < 0.5 else selected[0]


def board_taps(role: str):
    def taps(page, rng: random.Random, n: int) -> tuple[str, str]:
        return role, rng.choice(SQUARES)

    return taps


def alternate(*roles: str):
    def taps(page, rng: random.Random, n: int) -> tuple[str, str]:
        return roles[n % len(roles)], rng.choice(SQUARES)

    return taps


# Every chapter with an input board: where it opens, and what a student taps there.
CHAPTERS = {
    "propagation": ("/chapter/propagation", slider_taps),
    "mask": ("/chapter/mask", slider_taps),
    "masked-occupied": ("/chapter/masked-occupied", slider_taps),
    "rays": ("/chapter/rays", slider_taps),
    "hyperbola": ("/chapter/hyperbola", slider_taps),
    "kogge-stone": ("/chapter/kogge-stone", slider_taps),
    "magic": ("/chapter/magic", slider_taps),
    "methods": ("/chapter/methods", slider_taps),
    "game": ("/chapter/game", game_taps),
    "squares": ("/chapter/squares", board_taps("lerf")),
    "msb": ("/chapter/msb", alternate("destination", "start")),
    "shift-ray": ("/chapter/shift-ray", board_taps("squares")),
    "diagonals": ("/chapter/diagonals?a=e4&b=c6", board_taps("diagonals")),
    "colors": ("/chapter/colors?other=c6", board_taps("colors")),
    "directions": ("/chapter/directions", board_taps("directions")),
    "intersections": ("/chapter/intersections", board_taps("intersections")),
}
BASELINE = ("propagation, marking a prediction", "/chapter/propagation?hide=1", board_taps("predict"))
# The browser's own floor: one button on a page of its own that changes its text when a finger lifts.
FLOOR = "a bare button (the browser's floor)"
BARE = """<!doctype html><meta name="viewport" content="width=device-width">
<div id="chapter" data-drawn="0" data-ahead="0"><button data-board="bare" style="width:200px;height:200px">
<span data-square="a1">0</span></button></div>
<script>
  const chapter = document.getElementById("chapter");
  chapter.addEventListener("pointerup", () => {
    chapter.dataset.drawn = chapter.dataset.ahead = String(Number(chapter.dataset.drawn) + 1);
    chapter.querySelector("span").textContent = chapter.dataset.drawn;
  });
</script>"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until_up(base: str) -> None:
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(base + "/", timeout=2).read()
            return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def measure(page, base: str, url: str | None, taps, count: int, rng: random.Random, pace: float = 0) -> dict:
    """Tap `count` times once the page is ready; return the times, the waits for readiness and the network count.

    With no url, the bare button's page (no server, no chessviz).
    """
    if url is None:
        page.goto("about:blank")  # out of the chessviz page, whose Content-Security-Policy refuses inline scripts
        page.set_content(BARE)
        page.evaluate("() => { window.__answers = []; }")
    else:
        page.goto(base + url)
    page.wait_for_function(DRAWN)
    times, lifts, waits, network, missed = [], [], [], 0, 0
    for n in range(count):
        start = time.perf_counter()
        page.wait_for_function(READY, timeout=30_000)
        waits.append((time.perf_counter() - start) * 1000)
        role, square = taps(page, rng, n)
        # The student has the square in view (scrolled there before): scroll, let two frames pass.
        target = page.locator(f'[data-board="{role}"] [data-square="{square}"]')
        target.scroll_into_view_if_needed()
        page.evaluate(TWO_FRAMES)
        box = target.bounding_box()
        page.wait_for_timeout(pace + rng.random() * 16)
        page.evaluate(ARM)
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        result = page.evaluate("() => window.__tap")
        if result is None:
            print(f"  a tap on {role} {square} drew nothing within 10 s", file=sys.stderr, flush=True)
            missed += 1
            continue
        times.append(result["ms"])
        lifts.append(result["lift"])
        network += result["network"] > 0
    return {"times": times, "lifts": lifts, "waits": waits, "network": network, "missed": missed}


def report(name: str, run: dict, baseline_p95: float | None) -> None:
    times = run["times"]
    p95 = percentile(times, 0.95)
    ratio = f"{p95 / baseline_p95:>9.2f}" if baseline_p95 else f"{'-':>9}"
    over = f"{p95 - baseline_p95:>+6.1f}" if baseline_p95 else f"{'-':>6}"
    print(
        f"{name:<38}{len(times):>5}{statistics.median(times):>9.1f}{p95:>9.1f}{ratio}{over}{p95 / FRAME_MS:>8.2f}"
        f"{statistics.median(run['waits']):>9.0f}{run['network']:>9}{run['missed']:>8}{percentile(run['lifts'], 0.95):>10.1f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="two taps per chapter and baseline at no latency: a smoke run")
    parser.add_argument("--taps", type=int, default=40, help="taps per chapter and latency (default 40)")
    parser.add_argument("--chapters", default="", help="only these chapters, by slug, comma-separated (default: every one)")
    parser.add_argument("--pace", type=float, default=0, help="ms more before each tap (default 0)")
    args = parser.parse_args()
    chosen = [slug for slug in args.chapters.split(",") if slug]
    unknown = [slug for slug in chosen if slug not in CHAPTERS]
    if unknown:
        parser.error(f"no such chapter with an input board: {', '.join(unknown)} (choose from {', '.join(CHAPTERS)})")
    chapters = {slug: CHAPTERS[slug] for slug in chosen} if chosen else CHAPTERS
    count = 2 if args.quick else args.taps
    latencies = (0,) if args.quick else LATENCIES_MS
    port = free_port()
    server = subprocess.Popen(  # what make serve runs, on loopback
        [sys.executable, "-m", "chessviz.web.serve", "--host", "127.0.0.1", "--port", str(port), "--workers", "2"],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    results: dict[int, dict[str, dict]] = {}
    try:
        wait_until_up(base)
        executable = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium-headless-shell") or shutil.which("chromium")
        if executable == "playwright":
            executable = None
        with sync_playwright() as p:
            browser = p.chromium.launch(
                headless=True,
                executable_path=executable,
                args=[
                    "--no-sandbox",
                    "--disable-gpu",
                    "--disable-background-networking",
                    "--disable-component-update",
                    "--no-first-run",
                ],
            )
            # A phone: 390 px wide, touch, no hover.
            context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
            context.add_init_script(FETCHES)
            page = context.new_page()
            page.set_default_timeout(30_000)
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            for latency in latencies:
                conditions = {"offline": False, "latency": latency, "downloadThroughput": -1, "uploadThroughput": -1}
                cdp.send("Network.emulateNetworkConditions", conditions)
                rng = random.Random(f"taps-{latency}")
                runs = {}
                # The baselines run in the quick mode too, so that the suite's smoke run reaches them.
                runs[FLOOR] = measure(page, base, None, lambda *_: ("bare", "a1"), count, rng, args.pace)
                runs[BASELINE[0]] = measure(page, base, BASELINE[1], BASELINE[2], count, rng, args.pace)
                for slug, (url, taps) in chapters.items():
                    print(f"latency {latency} ms: {slug}", file=sys.stderr, flush=True)
                    runs[slug] = measure(page, base, url, taps, count, rng, args.pace)
                results[latency] = runs
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)

    print(f"tap (pointerdown) to painted result in ms, headless Chromium, touch, no hover, localhost, pace {args.pace:g} ms")
    for latency, runs in results.items():
        floor = runs.get(FLOOR)
        floor_p95 = percentile(floor["times"], 0.95) if floor else None
        print(f"\nnetwork latency {latency} ms")
        print(
            f"{'chapter':<38}{'taps':>5}{'median':>9}{'p95':>9}{'p95/bare':>9}{'+bare':>6}{'p95/fr':>8}"
            f"{'ready':>9}{'network':>9}{'missed':>8}{'lift p95':>10}"
        )
        for name, run in runs.items():
            report(name, run, None if name == FLOOR else floor_p95)
    print(f"\ntarget: p95 within one frame ({FRAME_MS:.1f} ms) on every chapter at every latency: p95/fr <= 1")
    print("+bare: p95 minus the bare button's, in ms: what the page adds to the browser's own floor (proposed target: <= 2)")
    print("lift p95: from the finger's lift (pointerup, where a tap becomes a click) to the painted result")


if __name__ == "__main__":
    main()
