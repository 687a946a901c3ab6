"""The screen reader's hidden line (#said, aria-live) follows the game and the page's
language: it kept "Jan ist am Zug" after the game was won, and kept German after a switch to
Dutch (and Dutch after the switch back). Headless Chromium at 360x740, the page's CSP, a real
daemon over real HTTP."""

from __future__ import annotations

from browser_helpers import accepted, pair, phone, seat, seated_at, shot, until

SAID = "document.querySelector('#said').textContent"


def _said_becomes(page, text: str) -> None:
    until(page, f"{SAID} === {text!r}")


def test_the_hidden_line_says_the_end_and_speaks_the_language_chosen(browser, daemon):
    header, done, _ = accepted("tauziehen_full_game.jsonl")
    page = seated_at(browser, daemon, "tauziehen", header, done[:-2])
    page.set_viewport_size({"width": 360, "height": 740})
    game = page.evaluate("window.companion.state.id")
    last = done[-1]["player"]  # who makes the game's last move
    daemon.hub.call(daemon.table.apply, game, done[-2])  # the move before: their turn, here
    _said_becomes(page, f"{last} ist am Zug")

    page.select_option("#page-lang", "nl")
    _said_becomes(page, f"{last} is aan de beurt")
    page.select_option("#page-lang", "de")
    _said_becomes(page, f"{last} ist am Zug")

    daemon.hub.call(daemon.table.apply, game, done[-1])  # the last move: the game is over
    until(page, "window.companion.state.status === 'over'")
    end = page.inner_text("#prompt")  # how the page says the end, in the game's own words
    assert "am Zug" not in end
    _said_becomes(page, end)
    shot(page, "said-the-end")
    page.select_option("#page-lang", "nl")
    until(page, f"document.querySelector('#prompt').textContent !== {end!r}")
    _said_becomes(page, page.inner_text("#prompt"))


def test_the_hidden_line_empties_once_the_turn_it_named_has_gone_to_another_phone(
        browser, daemon):
    """A phone of one player: its "Ida ist am Zug" went on being there, for a screen reader
    reading the page, through the other player's turn."""
    header, done, _ = accepted("tauziehen_full_game.jsonl")
    game = daemon.hub.call(daemon.table.create_game, "tauziehen", header["players"],
                           header["options"], header["seed"])["id"]
    page = phone(browser, daemon)
    page.set_viewport_size({"width": 360, "height": 740})
    pair(page, daemon)
    me = done[2]["player"]  # whose turn it is after the first two moves
    seat(page, me)
    for action in done[:2]:
        daemon.hub.call(daemon.table.apply, game, action)
    _said_becomes(page, f"{me} ist am Zug")
    daemon.hub.call(daemon.table.apply, game, done[2])  # their move: the other's turn
    until(page, "window.companion.state.actions === 3")
    assert done[3]["player"] != me
    _said_becomes(page, "")
