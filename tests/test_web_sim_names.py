"""The Table tab's simulated buttons in headless Chromium once a game is over: they keep the
names of the game just ended ("P1 · Anna", as during it), and the hint under them says what
holding one does."""

from __future__ import annotations

from browser_helpers import pair, phone, until
from helpers import seed_ending, won_by


def test_the_simulated_buttons_keep_the_names_of_the_game_just_ended(browser, daemon):
    from companion.rules import get_core
    from companion.rules.randomplay import random_game

    players = ["Anna", "Bert"]
    seed = seed_ending("tauziehen", players, won_by("Anna"))
    game = daemon.hub.call(daemon.table.create_game, "tauziehen", players, None, seed)["id"]
    page = phone(browser, daemon)
    pair(page, daemon)
    page.click("nav [data-tab=sim]")
    buttons = page.locator("#sim-buttons button")
    assert buttons.all_inner_texts() == ["P1 · Anna", "P2 · Bert", "OK"]
    for action in random_game(get_core("tauziehen"), seed, players)[0]:
        daemon.hub.call(daemon.table.apply, game, action)
    until(page, "window.companion.state.status === 'over'")
    assert buttons.all_inner_texts() == ["P1 · Anna", "P2 · Bert", "OK"]
    assert page.inner_text("#sim .hint[data-t=sim_hint]") == (
        "Halte eine Taste so lange gedrückt, wie du eine echte drücken würdest: Beim Wettlauf "
        "zählt sie genau wie eine Taste am Tisch.")
