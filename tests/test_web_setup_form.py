"""The setup form. Lauf Rauf!'s players are colours: a player added takes a colour nobody has
yet, and the same colour chosen twice is said as a colour, at its fields. A game on the table
is not left by one tap: the first asks. A number option is sent as it was typed unless it is
a whole number JavaScript holds exactly, so the table's refusal quotes what the person typed
and names the option as the form does; an emptied one is left out (the game's default)."""

from __future__ import annotations

import pytest
from browser_helpers import answerable, fetched, open_setup, pair, phone, until

VALUES = "[...document.querySelectorAll('#players select')].map((s) => s.value)"


def test_an_added_player_takes_a_free_colour_and_a_colour_twice_is_said(browser, daemon):
    page = phone(browser, daemon)
    pair(page, daemon)
    open_setup(page)
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


def test_a_game_on_the_table_is_left_only_on_a_second_tap(browser, daemon):
    running = daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])["id"]
    page = phone(browser, daemon)
    pair(page, daemon)
    until(page, f"window.companion.state && window.companion.state.id === {running}")
    open_setup(page)
    page.click("#setup-form button[type=submit]")  # asks
    assert page.inner_text("#setup-form button[type=submit]").startswith("Ein Spiel läuft")
    page.wait_for_timeout(300)
    assert daemon.hub.call(lambda: daemon.table.current) == running
    answerable(page, "#setup-form button[type=submit]")  # a double tap only asks
    page.click("#setup-form button[type=submit]")  # starts the new one
    until(page, f"window.companion.state && window.companion.state.id !== {running}")
    assert page.inner_text("#setup-form button[type=submit]") == "Spiel starten"
    assert daemon.hub.call(lambda: daemon.table.sessions.get(running).status) == "playing"


def test_the_forms_take_a_name_as_long_as_the_table_does(browser, daemon):
    """The setup form cut names at 24 characters; the table takes 32 (rules/players.py), and a
    rename as many (test_players_api)."""
    from companion.rules.players import MAX_ID_LENGTH
    page = phone(browser, daemon)
    pair(page, daemon)
    open_setup(page)
    page.wait_for_selector("#players input")  # the form is set up when the tab first opens
    lengths = page.evaluate(
        "[...document.querySelectorAll('#players input')].map(i => i.maxLength)")
    assert lengths and set(lengths) == {MAX_ID_LENGTH}


def start_howruck(page, tie_window: str) -> None:
    open_setup(page)
    inputs = page.locator("#players input")
    inputs.nth(0).fill("Anna")
    inputs.nth(1).fill("Bert")
    page.fill("#options-howruck [name=tie_window_ms]", tie_window)
    page.click("#setup-form button[type=submit]")


@pytest.mark.parametrize("typed", ["2.5", "99999999999999999999", "zehn"])
def test_a_number_option_that_is_no_whole_number_is_refused_as_typed(browser, daemon,
                                                                      typed):
    page = phone(browser, daemon)
    pair(page, daemon)
    start_howruck(page, typed)
    page.wait_for_selector("#message:not([hidden])")
    assert page.get_attribute("#message", "data-code") == "bad_option"
    assert page.inner_text("#message") == \
        f"Die Option „Gleichstand-Fenster (ms)“ kann nicht „{typed}“ sein."
    assert daemon.hub.call(lambda: daemon.table.current) is None  # no game was started


def test_an_emptied_number_option_takes_the_games_default(browser, daemon):
    page = phone(browser, daemon)
    pair(page, daemon)
    start_howruck(page, "")
    until(page, "window.companion.state && window.companion.state.status === 'playing'")
    game = daemon.hub.call(lambda: daemon.table.current)
    assert daemon.hub.call(lambda: daemon.sessions.get(game).header["options"]) == \
        {"ladder": 12, "own_side_only": False, "false_start": "ignore"}  # no tie window: 10


def test_the_new_game_tabs_code_loads_when_it_first_opens(browser, daemon):
    """A phone that only plays never downloads the New game tab's code (setup.js; the page's
    weight budget: test_web_api.py); the tab is inert until its code has set it up."""
    page = phone(browser, daemon)
    pair(page, daemon)
    loaded = fetched("setup.js")
    page.wait_for_timeout(300)  # what the page loads at start has come
    assert not page.evaluate(loaded)
    assert page.evaluate("document.querySelector('#setup').inert")
    page.click("nav [data-tab=setup]")
    until(page, loaded)
    until(page, "!document.querySelector('#setup').inert")
    assert page.locator("#game option").count() == 4  # the form is set up: every game
    assert page.locator("#players input").count() == 2
