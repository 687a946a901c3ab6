"""Watchers and seats: a phone that is not paired sees every game live with no move buttons,
and nothing it taps changes anything; paired with a seat, the same phone is offered the moves
of its seat's turns only, and every game's screen shows at most 24 buttons at once."""

from __future__ import annotations

from browser_helpers import (
    move_buttons,
    open_setup,
    pair,
    phone,
    seat,
    shot,
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
        # the pairing box is short: the game is in sight below it, on a 844 px screen
        rect = "(el) => [el.getBoundingClientRect().top, el.getBoundingClientRect().height]"
        assert page.locator("#pair").evaluate(rect)[1] < 200, game
        assert page.locator("#board").evaluate(rect)[0] < 844 / 2, game
        assert page.locator("#seats button").count() == 0  # seats are for paired phones
        before = table.get(f"/api/games/{gid}")[1]
        assert move_buttons(page) == 0, game
        # nothing to tap (the pairing box says how moves come)
        assert page.locator("#choices *, #places *").count() == 0, game
        for target in page.locator("#board rect, #board circle, #board g").all()[:40]:
            target.click(force=True)  # taps on the picture do nothing either
        assert page.is_hidden("#undo")  # undo is a move too
        assert table.get(f"/api/games/{gid}")[1] == before, game
    # starting a game is a change too: said at once, not asked "tap again" first
    open_setup(page)
    page.click("#setup-form button[type=submit]")
    until(page, "document.querySelector('#message').dataset.code === 'not_paired'")
    assert page.get_attribute("#setup-form button[type=submit]", "data-armed") is None
    assert len(table.get("/api/games")[1]["games"]) == len(GAMES)
    pair(page, daemon)
    page.click("nav [data-tab=play]")
    seat(page)  # paired: its seats are offered, and with them the moves
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


def test_after_a_move_phones_ask_for_nothing_the_stream_brings_the_moves_and_the_line(
        browser, daemon):
    """A paired phone's stream brings its moves after each change and every phone's stream
    the history's new line: after a move no phone asks the table for anything (20 phones
    asking each time cost the table ~100 ms of CPU per move). Only an undo, which the lines
    held do not lead to, makes a phone fetch its history once."""
    table = Client(daemon.web.port)
    table.pair(daemon)
    gid = table.post("/api/games", {"game": "tauziehen", "players": ["P1", "P2"],
                                    "seed": 2})[1]["id"]
    player, watcher = phone(browser, daemon), phone(browser, daemon)
    pair(player, daemon)
    asked: dict[str, list[str]] = {"player": [], "watcher": []}
    for name, page in (("player", player), ("watcher", watcher)):
        page.on("request", lambda r, name=name: asked[name].append(r.url)
                if "/api/games/" in r.url else None)
    until(player, "window.companion.legal.length > 0")
    until(watcher, f"(window.companion.state || {{}}).id === {gid}")
    for page in player, watcher:
        page.wait_for_timeout(300)
    asked["player"].clear()  # from here on: what the pages ask for
    asked["watcher"].clear()
    for _ in range(3):  # the same game shown again: the same state sent to every phone
        table.post(f"/api/games/{gid}/current", {})
    for n in (1, 2):
        action = table.get(f"/api/games/{gid}/legal?full=1")[1]["actions"][0]
        assert table.post(f"/api/games/{gid}/actions", action)[0] == 200
        until(player, f"window.companion.state.actions === {n}"
                      f" && window.companion.legal.length > 0"
                      f" && document.querySelectorAll('#history-list li').length === {n}")
        until(watcher, f"window.companion.state.actions === {n}"
                       f" && document.querySelectorAll('#history-list li').length === {n}")
    for page in player, watcher:
        page.wait_for_timeout(300)  # any late asking would show now
    assert asked == {"player": [], "watcher": []}
    assert watcher.evaluate("window.companion.legal.length") == 0  # a watcher makes no moves
    lines = player.evaluate("[...document.querySelectorAll('#history-list li')]"
                            ".map((li) => li.textContent)")
    table.post(f"/api/games/{gid}/undo", {})
    for page in player, watcher:
        until(page, "document.querySelectorAll('#history-list li').length === 1")
    assert [u for u in asked["player"] if "/history" in u] and \
        len(asked["watcher"]) == 1, asked
    assert player.evaluate("document.querySelector('#history-list li').textContent") == \
        lines[0]


def test_a_phone_that_cannot_reach_the_table_says_so_not_that_there_is_no_game(
        browser, daemon):
    """With its live stream blocked (a Wi-Fi that drops it, the table's streams refused),
    the page used to say "Noch kein Spiel" while a game was on; it says it cannot reach the
    table, and once it hears the table with no game, that there is none."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="de-DE")
    page = context.new_page()
    page.route("**/api/stream", lambda route: route.abort())
    page.goto(f"http://127.0.0.1:{daemon.web.port}/")
    until(page, "window.companion.t('no_table') !== 'no_table'")
    # the stream has failed (the badge starts "off": waiting for it waited for nothing)
    until(page, "window.companion.live === false")
    assert page.inner_text("#no-game") == "Keine Verbindung zum Tisch – neuer Versuch läuft …"
    page.unroute("**/api/stream")
    page.evaluate("window.companion.stream.reopen()")  # not the back-off's next try
    until(page, "document.querySelector('#no-game').textContent"
                " === 'Noch kein Spiel: Starte eines unter „Neues Spiel“.'")


def test_a_watcher_is_offered_no_control_it_cannot_use(browser, daemon):
    """The play-through's unpaired spectator had "this phone: Anna/Ben" and the Table tab's
    P1/P2/OK buttons, and a press got 401 not_paired. A watcher sees no seats, the table's
    buttons are off with the word that pairing is what they need; paired, both are there."""
    daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Ben"])
    page = phone(browser, daemon)  # never paired
    page.wait_for_selector("#board svg")
    until(page, "document.querySelectorAll('#sim-buttons button').length === 3")
    assert page.locator("#seats button, #choices *").count() == 0
    page.click("nav [data-tab=sim]")
    shot(page, "watcher-table-tab")
    buttons = page.locator("#sim-buttons button")
    assert all(buttons.nth(i).is_disabled() for i in range(3))
    assert page.is_visible("#sim-pair")
    assert page.inner_text("#sim-pair") == ("Um von diesem Telefon aus zu ziehen, kopple es"
                                            " zuerst: Die PIN steht auf dem Display.")
    buttons.nth(2).dispatch_event("pointerdown")  # a press anyway: nothing is asked of the table
    page.wait_for_timeout(300)
    assert page.is_hidden("#message")
    assert not daemon.buttons.buttons["ok"].is_pressed

    pair(page, daemon)
    until(page, "!document.querySelector('#sim-buttons button').disabled")
    assert page.is_hidden("#sim-pair")
    page.click("nav [data-tab=play]")
    page.wait_for_selector("#seats button")
