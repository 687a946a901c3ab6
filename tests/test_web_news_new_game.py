"""The banner's news belongs to the game it was said of: a new game on the table takes it away
(the last move of the game before, "Anna won the race", stood over the new game's first
seconds as if it were its news)."""

from __future__ import annotations

from browser_helpers import phone, until


def test_a_new_game_clears_the_news_of_the_game_before(browser, daemon):
    game = daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])["id"]
    page = phone(browser, daemon)
    until(page, f"(window.companion.state || {{}}).id === {game}")
    daemon.hub.call(daemon.table.apply, game, {"type": "race", "winner": "Anna"})
    until(page, "!document.querySelector('#banner').hidden")
    assert "Anna" in page.inner_text("#banner")
    new = daemon.hub.call(daemon.table.create_game, "tauziehen", ["Ida", "Jan"])["id"]
    until(page, f"window.companion.state.id === {new}")
    assert page.is_hidden("#banner")


def test_the_news_of_a_deleted_game_stays(browser, daemon):
    """News of the change itself stays: a deletion is said once the table shows the game
    that follows (its state comes first), and the clearing must not take that away."""
    older = daemon.hub.call(daemon.table.create_game, "tauziehen", ["Ida", "Jan"])["id"]
    gone = daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])["id"]
    page = phone(browser, daemon)
    until(page, f"(window.companion.state || {{}}).id === {gone}")
    daemon.hub.call(daemon.table.delete_game, gone)
    until(page, f"window.companion.state.id === {older}"
                " && !document.querySelector('#banner').hidden")
    assert f"#{gone}" in page.inner_text("#banner")
