"""The Share dialog in Chromium: the link to exactly the current view, on the LAN address when
the teacher browses on localhost; its QR code as the student's phone would read it; the
"answers hidden" option; board export as SVG and PNG. Every chapter's Share button, its modules
of one versioned prefix and its strict CSP are checked on the visit of every chapter in
test_browser_course.py."""

from __future__ import annotations

import io
import re
import struct
from urllib.parse import parse_qs, urlsplit
from xml.etree import ElementTree

import pytest
import zxingcpp
from PIL import Image
from playwright.sync_api import expect

from chessviz.web import create_app

from browser_helpers import board_squares, said_again
from servers import served

LAN_HOST = "192.0.2.10"  # TEST-NET-1: an address of this machine as make serve would list it
VIEW = "/chapter/propagation?sq=d4&occ=0x880008&pred=0x8&rev=1"


@pytest.fixture(scope="module")
def lan_server():
    """The app as make serve builds it on a machine whose network address is LAN_HOST."""
    app = create_app({"TESTING": True, "PREPARE_AT_START": False, "LAN_HOSTS": [LAN_HOST]})
    with served(app) as port:
        yield port


def decode_qr(page) -> str:
    image = page.locator("[data-share-qr]")
    page.wait_for_function(
        "() => { const i = document.querySelector('[data-share-qr]'); return i.complete && i.naturalWidth > 0; }"
    )
    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(image.screenshot())))
    assert len(found) == 1
    return found[0].text


def test_share_link_and_qr_use_the_lan_address_from_localhost(browser, lan_server):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    problems = []
    page.on("console", lambda msg: problems.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda exc: problems.append(str(exc)))
    try:
        page.goto(f"http://127.0.0.1:{lan_server}{VIEW}")
        page.get_by_role("button", name="Share this view").click()
        dialog = page.locator("[data-share-dialog]")
        expect(dialog).to_be_visible()
        expected = f"http://{LAN_HOST}:{lan_server}{VIEW}"
        expect(page.locator("[data-share-link]")).to_have_value(expected)
        assert decode_qr(page) == expected
        expect(page.locator("[data-share-note]")).to_contain_text("network address")

        page.get_by_label("Answers hidden").check()
        link = page.locator("[data-share-link]").input_value()
        parts = urlsplit(link)
        assert (parts.hostname, parts.port, parts.path) == (LAN_HOST, lan_server, "/chapter/propagation")
        # The view itself, without the teacher's marks and the revealed answer.
        assert parse_qs(parts.query) == {"sq": ["d4"], "occ": ["0x880008"], "hide": ["1"]}
        expect(page.locator("[data-share-qr]")).to_have_attribute("src", re.compile("hide%3D1"))
        assert decode_qr(page) == link
        page.keyboard.press("Escape")
        expect(dialog).to_be_hidden()
        assert not problems, problems
    finally:
        context.close()


def test_link_is_the_current_view_after_a_click(page, live_server):
    page.goto(f"{live_server}/chapter/propagation?sq=d4")
    page.wait_for_selector('[data-board="occupied"] [data-square="f4"]')
    page.click('[data-board="occupied"] [data-square="f4"]')
    page.wait_for_function("() => location.search.includes('occ=')")
    page.get_by_role("button", name="Share this view").click()
    current = page.evaluate("location.href")
    # Served on loopback with no network address (make run): the link stays, and says so.
    expect(page.locator("[data-share-link]")).to_have_value(current)
    expect(page.locator("[data-share-note]")).to_contain_text("students cannot open the link")
    assert decode_qr(page) == current
    # Copy twice: the second copy's words (the same) are said again: taken out, then written back.
    page.click("[data-share-copy]")
    said = "Link copied."  # or, where the clipboard is refused, how to copy by hand
    expect(page.locator("[data-share-status]")).to_have_text(re.compile(rf"^({re.escape(said)}|Press Ctrl\+C .*)$"))
    said_again(page, "[data-share-status]", lambda: page.click("[data-share-copy]"))


def test_a_link_with_answers_hidden_opens_the_exercise_and_keeps_the_flag(page, live_server):
    """The Share dialog's "answers hidden" link (hide=1) meets the chapters' exercise mode: the
    answer is out of the page until the student reveals it, and the flag survives rewrites."""
    page.goto(f"{live_server}/chapter/propagation?sq=d4&occ=0x880008&hide=1")
    page.wait_for_selector("#chapter[data-drawn]")
    expect(page.locator("html")).to_have_attribute("data-answers", "hidden")
    expect(page.locator('[data-board="result"]')).to_have_count(0)
    page.click('[data-board="predict"] [data-square="e4"]')  # the chapter rewrites its query string
    page.wait_for_function("() => new URLSearchParams(location.search).get('pred') !== null")
    assert parse_qs(urlsplit(page.url).query)["hide"] == ["1"]
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-answers", "hidden")
    page.get_by_role("button", name="Reveal the answer").click()
    expect(page.locator("html")).to_have_attribute("data-answers", "shown")
    expect(page.locator('[data-board="result"]')).to_have_count(1)
    # Without the flag the same view shows its answer as the student explores.
    page.goto(f"{live_server}/chapter/propagation?sq=d4&occ=0x880008")
    page.wait_for_selector("#chapter[data-drawn]")
    expect(page.locator('[data-board="result"]')).to_have_count(1)


def export(page, board_caption: str, fmt: str) -> bytes:
    page.get_by_role("button", name="Share this view").click()
    page.get_by_label("Board", exact=True).select_option(label=board_caption)
    with page.expect_download() as info:
        page.get_by_role("button", name=f"Download {fmt.upper()}").click()
    download = info.value
    assert download.suggested_filename.endswith("." + fmt)
    data = open(download.path(), "rb").read()
    page.keyboard.press("Escape")
    return data


@pytest.mark.parametrize("asked", ["lerf", "lerbef", ""], ids=["lerf", "lerbef", "default"])
def test_exported_svg_holds_the_boards_set_squares_caption_and_bit_numbers(page, live_server, asked):
    """The devlog's chapters number their bits in lerbef unless the URL asks for lerf: the export
    numbers the squares as the board does and its label names that mapping."""
    mapping = asked or "lerbef"
    page.goto(f"{live_server}/chapter/propagation?sq=d4&occ=0x880008" + (f"&mapping={asked}" if asked else ""))
    role = "result"
    page.wait_for_selector(f'[data-board="{role}"] [data-bit="1"]')
    shown = board_squares(page, role)
    caption = page.locator(f'figure:has([data-board="{role}"]) figcaption').text_content().strip()
    svg = ElementTree.fromstring(export(page, caption, "svg"))
    ns = {"s": "http://www.w3.org/2000/svg"}
    squares = svg.findall(".//s:g[@data-square]", ns)
    assert len(squares) == 64
    assert {g.get("data-square") for g in squares if g.get("data-bit") == "1"} == shown and shown
    assert svg.find("s:title", ns).text == caption
    bits = {g.get("data-square"): g.find("s:text[@data-role='index']", ns).text for g in squares}
    label = svg.find(".//s:text[@data-role='mapping']", ns).text
    assert label == ("bit numbers: LERF (a1 = 0)" if mapping == "lerf" else "bit numbers: lerbef (h1 = 0)")
    assert bits["a1"] == ("0" if mapping == "lerf" else "7") and bits["h8"] == ("63" if mapping == "lerf" else "56")
    assert bits["e4"] == ("28" if mapping == "lerf" else "27")


def test_exported_png_is_an_image_of_the_board(page, live_server):
    page.goto(f"{live_server}/chapter/game")
    page.wait_for_selector("[data-board] [data-piece]")
    caption = page.locator("figure:has([data-board]) figcaption").first.text_content().strip()
    png = export(page, caption, "png")
    # Saved again: the same words, said again (taken out, then written back).
    said = page.locator("[data-export-status]").text_content()
    assert re.fullmatch(r"Saved game-[a-z-]+\.png\.", said), said
    assert said_again(page, "[data-export-status]", lambda: export(page, caption, "png")) == png
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", png[16:24])
    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert (width, height) == image.size and width > 700 and height > 800
    # Light and dark squares are both drawn (the board, not a blank canvas).
    colours = {image.getpixel((x, y)) for x in range(0, width, 37) for y in range(0, height, 37)}
    assert (0xEF, 0xE6, 0xD2) in colours and (0xB9, 0xA2, 0x7F) in colours
