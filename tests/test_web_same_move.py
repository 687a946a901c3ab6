"""Over real HTTP, two paired phones: one move entered on both is taken once, and the second
phone is told that it was entered already, not a misleading rule refusal ("it is Bob's turn,
not Ann's") for the move its person has just made."""

from __future__ import annotations

from browser_helpers import accepted, pair, phone, seat, seated_at, until
from web_helpers import Client


def _phones(daemon) -> tuple[Client, Client]:
    first, second = Client(daemon.web.port), Client(daemon.web.port, source="127.0.0.2")
    first.pair(daemon)
    second.pair(daemon)
    return first, second


def test_a_move_already_entered_on_another_phone_is_said_so(daemon):
    first, second = _phones(daemon)
    game = first.post("/api/games", {"game": "tauziehen", "players": ["Ann", "Bob"]})[1]["id"]
    block = {"type": "block", "player": "Ann", "card": 1}
    assert first.post(f"/api/games/{game}/actions", block)[0] == 200
    status, body, _ = second.post(f"/api/games/{game}/actions?lang=de", block)
    assert status == 409 and body["error"]["code"] == "already_entered", body
    assert body["error"]["params"] == {"seq": 0}
    assert body["error"]["message"].startswith("Dieser Zug wurde schon eingegeben")
    assert len(first.get(f"/api/games/{game}/history")[1]["actions"]) == 1
    # another move of the same player is no repeat: its own refusal stands
    status, body, _ = second.post(f"/api/games/{game}/actions",
                                  {"type": "play", "player": "Ann", "card": 3, "marker": 2})
    assert status == 422 and body["error"]["code"] == "not_your_turn", body
    # the same move once another came after it: the rules' refusal, not "already entered"
    play = {"type": "play", "player": "Bob", "card": 3, "marker": 2}
    assert first.post(f"/api/games/{game}/actions", play)[0] == 200
    status, body, _ = second.post(f"/api/games/{game}/actions", block)
    assert status == 422 and body["error"]["code"] != "already_entered", body


def test_with_the_count_it_saw_a_repeat_is_refused_even_where_the_rules_would_take_it(daemon):
    """A virtual throw posted twice would be a second throw by the rules; with `seq` (the
    number of actions the page saw) the table knows the second one came from the same sight
    of the game. Posted against the game as it is now, it is a move of its own."""
    first, second = _phones(daemon)
    game = first.post("/api/games", {"game": "laufrauf", "players": ["red", "blue"]})[1]["id"]
    roll = {"type": "roll", "player": "red"}
    status, body, _ = first.post(f"/api/games/{game}/actions", {**roll, "seq": 0})
    assert status == 200 and body["action"] == roll and body["state"]["throws"] == 1
    status, body, _ = second.post(f"/api/games/{game}/actions?lang=fr", {**roll, "seq": 0})
    assert status == 409 and body["error"]["code"] == "already_entered", body
    assert body["error"]["message"].startswith("Ce coup a déjà été saisi")
    assert first.get(f"/api/games/{game}")[1]["throws"] == 1
    status, body, _ = second.post(f"/api/games/{game}/actions", {**roll, "seq": 1})
    assert status == 200 and body["state"]["throws"] == 2
    for bad in (True, -1, "1", 1.0, None):
        status, body, _ = second.post(f"/api/games/{game}/actions", {**roll, "seq": bad})
        assert status == 422 and body["error"]["code"] == "bad_value", (bad, body)
        assert body["error"]["params"]["key"] == "seq"
    assert [a for a in first.get(f"/api/games/{game}/history")[1]["actions"]] == [roll, roll]


def test_the_page_sends_its_move_with_the_number_of_actions_it_saw(browser, daemon):
    """The page's posts carry `seq`, so the table can tell a move entered twice exactly."""
    header, done, _ = accepted("tauziehen_full_game.jsonl")
    done = done[:3]  # a few moves in: the number is not 0 by chance
    page = seated_at(browser, daemon, "tauziehen", header, done)
    posted: list[dict] = []
    page.on("request", lambda request: posted.append(request.post_data_json)
            if request.method == "POST" and "/actions?" in request.url else None)
    page.locator("#choices button.tz-card").first.click()
    until(page, "document.querySelectorAll('#places button:not(.back)').length > 0"
                f" || window.companion.state.actions === {len(done) + 1}")
    if page.evaluate(f"window.companion.state.actions !== {len(done) + 1}"):
        page.locator("#places button:not(.back)").first.click()
    until(page, f"window.companion.state.actions === {len(done) + 1}")
    assert [post["seq"] for post in posted] == [len(done)]


def _throwing(browser, daemon):
    """A paired phone seated at a new Lauf Rauf! game, red to throw; the posts it makes."""
    game = daemon.hub.call(daemon.table.create_game, "laufrauf", ["red", "blue"])["id"]
    page = phone(browser, daemon)
    pair(page, daemon)
    seat(page)
    page.locator("#choices").get_by_role("button", name="Würfeln", exact=True).wait_for()
    posted: list[dict] = []
    page.on("request", lambda request: posted.append(request.post_data_json)
            if request.method == "POST" and "/actions?" in request.url else None)
    return game, page, posted


def test_a_double_tap_on_a_move_sends_it_once(browser, daemon):
    """A double tap sent the throw twice: the second was refused as already entered, and the
    page said so, although the throw had gone in."""
    game, page, posted = _throwing(browser, daemon)
    page.locator("#choices").get_by_role("button", name="Würfeln", exact=True).dblclick()
    until(page, "window.companion.state.actions === 1")
    page.wait_for_timeout(300)  # a second post, if any, has been answered
    assert [p["seq"] for p in posted] == [0]
    assert page.is_hidden("#message"), page.inner_text("#message")
    assert daemon.hub.call(lambda: len(daemon.sessions.get(game).actions)) == 1


def test_a_move_tapped_again_after_no_answer_is_not_said_as_refused(browser, daemon):
    """The connection dropped after the throw reached the table: no answer, and the phone
    still showed the game before it. The throw tapped again is refused as already entered:
    it was this phone's own, gone in, so no error; the game as it is now is shown."""
    game, page, posted = _throwing(browser, daemon)
    page.evaluate("window.companion.stream.close()")  # the table's news does not come either

    def answer_lost(route):
        route.fetch()  # the table takes the throw; its answer never reaches the phone
        route.abort()

    page.route("**/api/games/*/actions?*", answer_lost)
    page.route(f"**/api/games/{game}?*", lambda route: route.abort())  # nor the game now
    page.locator("#choices").get_by_role("button", name="Würfeln", exact=True).click()
    until(page, "document.querySelector('#message').dataset.code === 'offline_not_sent'")
    page.unroute("**/api/games/*/actions?*")
    page.unroute(f"**/api/games/{game}?*")
    page.locator("#choices").get_by_role("button", name="Würfeln", exact=True).click()
    until(page, "window.companion.state.actions === 1")
    assert [p["seq"] for p in posted] == [0, 0]
    assert page.is_hidden("#message"), page.inner_text("#message")
    assert daemon.hub.call(lambda: len(daemon.sessions.get(game).actions)) == 1
