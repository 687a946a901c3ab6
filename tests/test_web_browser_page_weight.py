"""The page's weight budget (test_web_api.py, `companion bench web`) weighs what a phone
fetches to open the page: this holds that list (page_paths) to what Chromium really fetches,
for each game on the table, so no file escapes the budget and none is counted that a phone
does not load."""

from __future__ import annotations

import pytest
from browser_helpers import accepted, phone, until

from companion.bench.web_bench import page_paths
from companion.web.assets import START_BUNDLE

FIRST_GAMES = {"howruck": "howruck_full_game.jsonl", "laufrauf": "laufrauf_full_game.jsonl",
               "tauziehen": "tauziehen_full_game.jsonl", "stramash": "stramash_pairs_game.jsonl"}


@pytest.mark.parametrize("game", sorted(FIRST_GAMES))
def test_the_weighed_page_is_what_a_phone_fetches_to_open_it(browser, daemon, game):
    header, _, _ = accepted(FIRST_GAMES[game], stop=lambda core, state: True)
    daemon.hub.call(daemon.table.create_game, game, header["players"], header["options"],
                    header["seed"])
    fetched: list[str] = []
    page = phone(browser, daemon, fetched)
    until(page, f"window.companion.games && '{game}' in window.companion.games"
                " && document.querySelector('#board').childElementCount > 0")
    page.wait_for_timeout(300)  # anything else the opening page would fetch has been asked for
    # Headless Chromium asks for no favicon; a phone's browser does, so the budget counts it.
    # This daemon is a laptop's simulation: its page loads the simulated buttons too (sim.js),
    # which a Pi's phones never download.
    assert page.evaluate("window.companion.status.simulate")
    assert sorted({path for path in fetched if not path.startswith("/api/")}) == \
        sorted(set(page_paths(game)) - {"/favicon.ico"} | {"/static/sim.js"})
    # The page's start-up code comes in one request (assets.py, Bundle); then the game's own.
    scripts = sorted(path for path in fetched if path.endswith(".js"))
    assert scripts == sorted({f"/static/{START_BUNDLE}", f"/static/{game}.js", "/static/sim.js"})
