"""The setup form. Lauf Rauf!'s players are colours: a player added takes a colour nobody has
yet, and the same colour chosen twice is said as a colour, at its fields. A game on the table
is not left by one tap: the first asks."""

from __future__ import annotations

from browser_helpers import answerable, pair, phone, until
from test_web_browser import browser, daemon  # noqa: F401

VALUES = "[...document.querySelectorAll('#players select')].map((s) => s.value)"


def test_an_added_player_takes_a_free_colour_and_a_colour_twice_is_said(browser, daemon):  # noqa: F811
    page = phone(browser, daemon)
    pair(page, daemon)
    page.click("nav [data-tab=setup]")
    page.select_option("#game", "laufrauf")
    until(page, "document.querySelectorAll('#players select').length === 2")
    for players in (3, 4):
        page.click("#add-player")
        until(page, f"document.querySelectorAll('#players select').length === {players}")
        values = page.evaluate(VALUES)
        assert len(set(values)) == players, values
    page.select_option("#players select >> nth=2", page.evaluate(VALUES)[0])
    page.click("#setup-form button[type=submit]")
    page.wait_for_selector("#message:not([hidden])")
    colour = page.evaluate(VALUES)[0]
    said = {"red": "rot", "blue": "blau", "green": "grün", "yellow": "gelb"}[colour]
    assert page.inner_text("#message") == (f"Zwei Spieler haben {said} gewählt: Jede Farbe "
                                           "kann nur einem Spieler gehören.")
    invalid = page.evaluate("[...document.querySelectorAll('#players select')]"
                            ".map((s) => s.getAttribute('aria-invalid'))")
    assert invalid == ["true", None, "true", None]
    assert daemon.hub.call(lambda: daemon.table.current) is None  # nothing was started


def test_a_game_on_the_table_is_left_only_on_a_second_tap(browser, daemon):  # noqa: F811
    running = daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])["id"]
    page = phone(browser, daemon)
    pair(page, daemon)
    until(page, f"window.companion.state && window.companion.state.id === {running}")
    page.click("nav [data-tab=setup]")
    page.click("#setup-form button[type=submit]")  # asks
    assert page.inner_text("#setup-form button[type=submit]").startswith("Ein Spiel läuft")
    page.wait_for_timeout(300)
    assert daemon.hub.call(lambda: daemon.table.current) == running
    answerable(page, "#setup-form button[type=submit]")  # a double tap only asks
    page.click("#setup-form button[type=submit]")  # starts the new one
    until(page, f"window.companion.state && window.companion.state.id !== {running}")
    assert page.inner_text("#setup-form button[type=submit]") == "Spiel starten"
    assert daemon.hub.call(lambda: daemon.table.sessions.get(running).status) == "playing"


def test_the_forms_take_a_name_as_long_as_the_table_does(browser, daemon):  # noqa: F811
    """The setup form cut names at 24 characters; the table takes 32 (rules/players.py), and a
    rename as many (test_players_api)."""
    from companion.rules.players import MAX_ID_LENGTH
    page = phone(browser, daemon)
    pair(page, daemon)
    page.click("nav [data-tab=setup]")
    lengths = page.evaluate(
        "[...document.querySelectorAll('#players input')].map(i => i.maxLength)")
    assert lengths and set(lengths) == {MAX_ID_LENGTH}
