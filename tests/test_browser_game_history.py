"""The game board's history in Chromium: Back/Forward, Undo/Redo, the list of moves played and
the URL always tell the same story. Back is Undo when it is the same step,
Forward is Redo, and a new move after going back drops the moves that were undone."""

from urllib.parse import parse_qs, urlparse

from browser_helpers import screenshot
from devlog_facts import DEVLOG_FEN

# What the page must show when the game is at `at` in `line` (a list of board FENs).
AGREE = """([line, at, words]) => {
    const root = document.querySelector('#chapter[data-drawn]');
    if (!root) return false;
    const fen = new URLSearchParams(location.search).get('fen') ?? line[0];
    const items = [...document.querySelectorAll('[data-role="moves-played"] li')];
    const current = items.findIndex((li) => li.hasAttribute('aria-current'));
    const shown = items.slice(1).map((li) => li.dataset.move);
    return fen === line[at]
        && document.querySelector('#fen').value.split(' ')[0] === line[at]
        && items.length === line.length && current === at
        && JSON.stringify(shown) === JSON.stringify(words)
        && document.querySelector('[data-action="undo"]').disabled === (at === 0)
        && document.querySelector('[data-action="redo"]').disabled === (at === line.length - 1);
}"""


def agree(page, line: list[str], at: int, words: list[str]) -> None:
    """Wait until URL, FEN field, board, move list and Undo/Redo all show position `at` of `line`."""
    page.wait_for_function(AGREE, arg=[line, at, words])
    pieces = page.eval_on_selector_all(
        '[data-board="game"] [data-piece]', "els => Object.fromEntries(els.map(e => [e.dataset.square, e.dataset.piece]))"
    )
    assert pieces == expected_pieces(line[at])


def expected_pieces(board_fen: str) -> dict[str, str]:
    out = {}
    for rank, row in zip(range(8, 0, -1), board_fen.split("/"), strict=True):
        file = 0
        for ch in row:
            if ch.isdigit():
                file += int(ch)
            else:
                out[f"{'abcdefgh'[file]}{rank}"] = ch
                file += 1
    return out


def play(page, client, fen: str, origin: str, target: str) -> str:
    """Click a piece and its target on the board; return the FEN after the move (as the API says)."""
    page.wait_for_function("fen => document.querySelector('#chapter[data-drawn] #fen')?.value.split(' ')[0] === fen", arg=fen)
    page.click(f'[data-board="game"] [data-square="{origin}"]')
    page.wait_for_selector(f'[data-board="game"] [data-square="{origin}"][data-mark="selected"]')
    page.wait_for_selector(f'[data-board="game"] [data-square="{target}"][data-mark]')
    page.click(f'[data-board="game"] [data-square="{target}"]')
    moved = client.get(f"/api/move?fen={fen}&from={origin}&to={target}").json["fen"]
    page.wait_for_function("fen => document.querySelector('#fen').value.split(' ')[0] === fen", arg=moved)
    return moved


def test_back_is_undo_forward_is_redo_and_a_new_move_drops_the_undone_ones(page, live_server, client):
    page.goto(live_server + "/chapter/game")
    p0 = DEVLOG_FEN
    agree(page, [p0], 0, [])
    p1 = play(page, client, p0, "h1", "h2")
    p2 = play(page, client, p1, "g5", "g7")
    line, words = [p0, p1, p2], ["White Rh1–h2", "Black Rg5–g7"]
    agree(page, line, 2, words)
    # Back is the same step as Undo: one move back, and the undone move can be redone.
    page.go_back()
    agree(page, line, 1, words)
    page.click('[data-action="undo"]')
    agree(page, line, 0, words)
    page.go_forward()
    agree(page, line, 1, words)
    page.click('[data-action="redo"]')
    agree(page, line, 2, words)
    page.click('[data-action="undo"]')
    agree(page, line, 1, words)
    page.go_back()
    agree(page, line, 0, words)
    page.click('[data-action="redo"]')
    agree(page, line, 1, words)
    page.go_forward()
    agree(page, line, 2, words)
    # Selecting a piece is no step: Back after it still takes the last move back.
    page.click('[data-board="game"] [data-square="b1"]')
    page.wait_for_selector('[data-board="game"] [data-square="b1"][data-mark="selected"]')
    page.go_back()
    agree(page, line, 1, words)
    # A new move after going back drops the undone move: nothing to redo, Forward goes nowhere.
    p2b = play(page, client, p1, "b1", "c2")
    line, words = [p0, p1, p2b], ["White Rh1–h2", "White Bb1–c2"]
    agree(page, line, 2, words)
    page.go_forward()
    agree(page, line, 2, words)
    page.go_back()
    agree(page, line, 1, words)
    page.go_back()
    agree(page, line, 0, words)
    # Undo, then a new move: the same.
    page.go_forward()
    page.go_forward()
    agree(page, line, 2, words)
    page.click('[data-action="undo"]')
    agree(page, line, 1, words)
    p2c = play(page, client, p1, "b3", "b4")
    line, words = [p0, p1, p2c], ["White Rh1–h2", "White Qb3–b4"]
    agree(page, line, 2, words)
    page.go_back()
    agree(page, line, 1, words)
    page.go_forward()
    agree(page, line, 2, words)
    screenshot(page, "game-history")


def test_move_list_jumps_reload_keeps_the_line_and_view_settings_stay(page, live_server, client):
    page.goto(live_server + "/chapter/game")
    p0 = DEVLOG_FEN
    p1 = play(page, client, p0, "h1", "h2")
    p2 = play(page, client, p1, "g5", "g7")
    p3 = play(page, client, p2, "b1", "c2")
    line, words = [p0, p1, p2, p3], ["White Rh1–h2", "Black Rg5–g7", "White Bb1–c2"]
    agree(page, line, 3, words)
    # Flip the board and switch the mapping: views, not moves. Undo and Back keep them.
    page.click('[data-action="flip"]')
    page.wait_for_selector('[data-board="game"][data-flipped="true"]')
    page.click('[data-action="undo"]')
    agree(page, line, 2, words)
    assert page.get_attribute('[data-board="game"]', "data-flipped") == "true"
    page.go_back()
    agree(page, line, 1, words)
    assert page.get_attribute('[data-board="game"]', "data-flipped") == "true"
    assert parse_qs(urlparse(page.url).query)["flip"] == ["1"]
    # A move in the list is a jump: to the start, then to the last move, as Back/Forward would.
    page.click('[data-role="moves-played"] li:first-child button')
    agree(page, line, 0, words)
    page.click('[data-role="moves-played"] li:last-child button')
    agree(page, line, 3, words)
    page.go_back()
    agree(page, line, 2, words)
    # A reload keeps the whole line, the moves ahead included.
    page.reload()
    agree(page, line, 2, words)
    page.click('[data-action="redo"]')
    agree(page, line, 3, words)
    page.go_back()
    page.go_back()
    agree(page, line, 1, words)
    # A loaded position is a step too: Undo brings the game back.
    page.fill("#fen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1")
    page.click('[data-action="load"]')
    line, words = [p0, p1, "4k3/8/8/8/8/8/8/4K3"], ["White Rh1–h2", "Position loaded"]
    agree(page, line, 2, words)
    page.go_back()
    agree(page, line, 1, words)
    # Loading the position on screen again (Black to move after Rh1-h2) is no step.
    page.fill("#fen", p1 + " b - - 0 1")
    page.click('[data-action="load"]')
    # Nothing changes on screen: wait until the page has checked the position (the form is busy until then).
    page.wait_for_selector('form.fen-form[aria-busy="true"]', state="detached")
    agree(page, line, 1, words)
    # Two Undo clicks in one go, one move from the start (both before the history arrives):
    # that move is taken back, and the game is not left.
    page.evaluate("() => { const undo = document.querySelector('[data-action=undo]'); undo.click(); undo.click(); }")
    agree(page, line, 0, words)
    assert urlparse(page.url).path == "/chapter/game"
