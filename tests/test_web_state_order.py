"""The page shows the newest state it was sent, whatever order its game's code and style
arrive in (Chromium). A state waits for its game's module (script and style) before it is
drawn; one that came earlier must not be drawn over a later one that found the module
ready."""

from __future__ import annotations

from browser_helpers import pair, phone, until


def test_an_older_state_waiting_for_the_games_style_does_not_replace_a_newer_one(
        browser, daemon):
    page = phone(browser, daemon)
    held = []  # How Ruck!'s style sheet, held back as a slow Wi-Fi would
    page.route("**/howruck.css*", lambda route: held.append(route))
    pair(page, daemon)
    game = daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])["id"]
    # the game's state came; its script has run (the module is there), its style has not
    until(page, "!!window.companion.games.howruck")
    daemon.hub.call(daemon.table.apply, game, {"type": "race", "winner": "Anna"})
    until(page, "window.companion.state && window.companion.state.actions === 1")
    assert held, "the style sheet was asked for"
    for route in held:
        route.continue_()
    until(page, "[...document.styleSheets].some((s) => (s.href || '').includes('howruck.css'))")
    page.wait_for_timeout(300)  # the first state's wait ends with the style: it has run by now
    assert page.evaluate("window.companion.state.actions") == 1
    assert page.evaluate("window.companion.state.id") == game
