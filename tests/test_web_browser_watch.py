# ruff: noqa: F811  (the browser and daemon fixtures come from browser_helpers)
"""Watchers and seats: a phone that is not paired sees every game live with no move buttons,
and nothing it taps changes anything; paired with a seat, the same phone is offered the moves
of its seat's turns only, and every game's screen shows at most 24 buttons at once."""

from __future__ import annotations

from browser_helpers import (  # noqa: F401  (fixtures)
    browser,
    daemon,
    move_buttons,
    pair,
    phone,
    pytestmark,
    seat,
    until,
    visible_buttons,
)
from web_helpers import Client

GAMES = [("howruck", ["A", "B"], {"type": "race", "winner": "A"}),
         ("tauziehen", ["P1", "P2"], None),
         ("laufrauf", ["red", "blue"], None),
         ("stramash", ["Ann", "Bob", "Cat"], None)]


def show(table: Client, page, game: str, players: list[str], first) -> int:
    gid = table.post("/api/games", {"game": game, "players": players, "seed": 1})[1]["id"]
    if first:
        table.post(f"/api/games/{gid}/actions", first)
    until(page, f"(window.companion.state || {{}}).id === {gid}"
                " && Boolean(window.companion.games[window.companion.state.game])")
    return gid


def test_a_watcher_sees_every_game_live_and_taps_change_nothing(browser, daemon):
    table = Client(daemon.web.port)
    table.pair(daemon)
    page = phone(browser, daemon)  # never paired
    for game, players, first in GAMES:
        gid = show(table, page, game, players, first)
        seat(page)  # seats without pairing: still a watcher
        before = table.get(f"/api/games/{gid}")[1]
        assert move_buttons(page) == 0, game
        assert page.locator("#choices *, #places *").count() == 0, game
        for target in page.locator("#board rect, #board circle, #board g").all()[:40]:
            target.click(force=True)  # taps on the picture do nothing either
        assert page.is_hidden("#undo")  # undo is a move too
        assert table.get(f"/api/games/{gid}")[1] == before, game
    pair(page, daemon)
    until(page, "document.querySelectorAll('#choices button, #places button').length > 0")


def test_a_seat_sees_only_its_turns_and_each_screen_at_most_24_buttons(browser, daemon):
    table = Client(daemon.web.port)
    table.pair(daemon)
    page = phone(browser, daemon)
    pair(page, daemon)
    for game, players, first in GAMES:
        gid = show(table, page, game, players, first)
        turn = table.get(f"/api/games/{gid}")[1]["turn"]
        other = next(p for p in players if p != turn)
        seat(page, other)  # not this seat's turn: shown without buttons
        assert move_buttons(page) == 0, game
        seat(page, turn)
        until(page, "document.querySelectorAll('#choices button, #places button,"
                    " #choices select').length > 0")
        assert 0 < visible_buttons(page) <= 24, game


def test_a_phone_asks_for_the_legal_moves_only_when_the_state_changed(browser, daemon):
    table = Client(daemon.web.port)
    table.pair(daemon)
    gid = table.post("/api/games", {"game": "tauziehen", "players": ["P1", "P2"],
                                    "seed": 2})[1]["id"]
    page = phone(browser, daemon)
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/legal" in r.url else None)
    until(page, "window.companion.legal.length > 0")
    page.wait_for_timeout(300)
    asked.clear()  # from here on: what the page asks for
    for _ in range(3):  # the same game shown again: the same state sent to every phone
        table.post(f"/api/games/{gid}/current", {})
    until(page, "window.companion.state.actions === 0")
    action = table.get(f"/api/games/{gid}/legal?full=1")[1]["actions"][0]
    assert table.post(f"/api/games/{gid}/actions", action)[0] == 200
    until(page, "window.companion.state.actions === 1 && window.companion.legal.length > 0")
    page.wait_for_timeout(300)  # any late asking would show now
    assert len(asked) == 1, asked  # only once, for the action
