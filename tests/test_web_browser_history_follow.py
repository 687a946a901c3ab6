"""The History tab keeps up with the game when its changes cross: an undo and a new move by
other phones while this phone's fetch of the history is still on its way, or while its stream
was away. The move count alone cannot tell (an undo and a new move leave it as it was): the
history shown must end with the move the table has, not the one taken back."""

from __future__ import annotations

import json
import re

from browser_helpers import phone, until
from web_helpers import Client

HISTORY = re.compile(r"/api/games/\d+/history(\?|$)")
HELD = "window.companion.history && window.companion.history.data.actions"


def start(browser, daemon):
    """A phone showing a How Ruck! game two actions in (the race, a play), and a second play
    that could have been made instead of the first: (table, page, game id, [first, other])."""
    table = Client(daemon.web.port)
    table.pair(daemon)
    page = phone(browser, daemon)
    gid = table.post("/api/games", {"game": "howruck", "players": ["A", "B"], "seed": 3})[1]["id"]
    table.post(f"/api/games/{gid}/actions", {"type": "race", "winner": "A"})
    plays = table.get(f"/api/games/{gid}/legal?full=1")[1]["actions"]
    first, other = plays[0], plays[-1]
    assert first["type"] != other["type"]  # a card placed, an action card played
    assert table.post(f"/api/games/{gid}/actions", first)[0] == 200
    until(page, f"({HELD} || []).length === 2")
    return table, page, gid, [first, other]


def ends_with(action: dict) -> str:
    """The page holds two actions, the second of `action`'s type (the two plays differ in it)."""
    return f"({HELD} || []).length === 2 && ({HELD})[1].type === {json.dumps(action['type'])}"


def last_held(page) -> dict:
    return json.loads(page.evaluate(f"JSON.stringify(({HELD}).at(-1))"))


def test_a_history_fetched_before_a_new_move_is_fetched_again(browser, daemon):
    table, page, gid, (first, other) = start(browser, daemon)
    assert last_held(page) == first
    held = []  # the history asked after the undo: answered as it was then, delivered later
    history = f"/api/games/{gid}/history"

    def hold_first(route) -> None:  # later ones go through
        if held:
            route.continue_()
        else:
            held.append((route, table.get(history)[1]))
    page.route(HISTORY, hold_first)
    assert table.post(f"/api/games/{gid}/undo", {"actions": 2})[0] == 200
    while not held:
        page.wait_for_timeout(20)
    assert table.post(f"/api/games/{gid}/actions", other)[0] == 200
    until(page, "window.companion.state.actions === 2")  # the new move's state is shown
    route, answer = held[0]
    assert len(answer["actions"]) == 1
    route.fulfill(json=answer)  # one action: the undo's history, now out of date
    until(page, ends_with(other))
    assert last_held(page) == other
    lines = page.locator("#history-list li")
    assert lines.count() == 2


def test_a_phone_whose_stream_was_away_fetches_the_history_again(browser, daemon):
    table, page, gid, (_first, other) = start(browser, daemon)
    page.evaluate("window.companion.stream.close()")  # asleep: it hears nothing
    assert table.post(f"/api/games/{gid}/undo", {"actions": 2})[0] == 200
    assert table.post(f"/api/games/{gid}/actions", other)[0] == 200
    page.evaluate("window.companion.stream.reopen()")  # awake: the state has 2 actions again
    until(page, ends_with(other))
    assert last_held(page) == other
