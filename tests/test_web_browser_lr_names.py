"""Lauf Rauf!'s history and banners in Chromium name the person with the colour, as the
prompt does ("Anna (rot)"), and a colour without a name as a name is said ("Blau")."""

from __future__ import annotations

from browser_helpers import pair, phone, seat, until


def test_lauf_rauf_history_and_banner_name_the_person(browser, daemon):
    """The history said "rot: würfelte 1 + 2" (the colour, small, where every other game
    names the person and the prompt says "Anna (rot) ist am Zug")."""
    game = daemon.hub.call(lambda: daemon.table.create_game(
        "laufrauf", ["red", "blue"], {}, 3, names={"red": "Anna"}))["id"]
    page = phone(browser, daemon)
    pair(page, daemon)
    seat(page, "blue")
    until(page, "window.companion.state && window.companion.state.turn === 'red'")
    for action in ({"type": "roll", "player": "red", "dice": [1, 2]},
                   {"type": "pass", "player": "red"},
                   {"type": "roll", "player": "blue", "dice": [3, 4]}):
        daemon.hub.call(daemon.table.apply, game, action)
    until(page, "window.companion.state.actions === 3")
    until(page, "document.querySelectorAll('#history-list li').length === 3")
    lines = page.eval_on_selector_all("#history-list li", "(els) => els.map((e) => e.textContent)")
    assert lines == ["Anna (rot) würfelt 1 und 2 (1. Wurf)", "Anna (rot) gibt die Würfel weiter",
                     "Blau würfelt 3 und 4 (1. Wurf) — Eine 7, aber niemand steht auf der "
                     "mittleren Ebene: Der Berggeist bleibt auf dem Gipfel"], lines
    said = page.evaluate("window.companion.announce.sentences([{kind: 'strike', params: "
                         "{player: 'blue', figure: 0, victim: {player: 'red', figure: 1}}}], "
                         "window.companion.t)")
    assert said == ["Blau schlägt Figur 2 von Anna (rot)"], said
    won = page.evaluate("window.companion.announce.sentences([{kind: 'game_won', params: "
                        "{players: ['red']}}], window.companion.t)")
    assert won == ["Anna (rot) gewinnt das Spiel!"], won
