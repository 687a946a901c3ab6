"""A phone's seats carry over to the next game with the same people ("this phone is Anna's" is
not asked again for every game); a game without them starts with none. And the race is
started once: its button rests while a race runs."""

from __future__ import annotations

from browser_helpers import pair, phone, seat, until

PRESSED = "window.companion.seats.mine(window.companion.state)"  # the seats this phone holds


def test_seats_carry_over_to_a_game_with_the_same_people(browser, daemon):
    create = lambda players: daemon.hub.call(  # noqa: E731
        daemon.table.create_game, "howruck", players)["id"]
    first = create(["Anna", "Bert"])
    page = phone(browser, daemon)
    pair(page, daemon)
    until(page, f"window.companion.state && window.companion.state.id === {first}")
    seat(page, "Anna")
    assert page.evaluate(PRESSED) == ["Anna"]

    second = create(["Anna", "Bert"])  # played again
    until(page, f"window.companion.state.id === {second}")
    until(page, f"JSON.stringify({PRESSED}) === '[\"Anna\"]'")
    until(page, "document.querySelectorAll('#choices button').length > 0")  # Anna's moves
    assert page.locator("#seats").inner_text() == "dieses Telefon: Anna · ändern"  # one line

    third = create(["Carl", "Dora"])  # other people: nobody's phone yet
    until(page, f"window.companion.state.id === {third}")
    until(page, "document.querySelectorAll('#seats button').length === 2")
    assert page.evaluate(PRESSED) == []

    seat(page, "Carl")  # leaving every seat of a game is kept as a choice too (the row stays
    page.locator("#seats button[data-player=Carl]").click()  # open while Dora's is left)
    fourth = create(["Anna", "Dora"])  # not Anna's from the first game again
    until(page, f"window.companion.state.id === {fourth}")
    until(page, "document.querySelectorAll('#seats button').length === 2")
    assert page.evaluate(PRESSED) == []


def test_the_race_button_rests_while_a_race_runs(browser, daemon):
    daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])
    page = phone(browser, daemon)
    pair(page, daemon)
    seat(page)
    start = page.locator("#choices").get_by_role("button", name="Wettlauf starten")
    assert start.is_enabled()
    start.click()
    until(page, "window.companion.race && window.companion.race.phase === 'running'")
    until(page, "[...document.querySelectorAll('#choices button')]"
                ".find((b) => b.textContent === 'Wettlauf starten').disabled")
