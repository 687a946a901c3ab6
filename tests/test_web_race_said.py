"""The race in words on the phone: before it (How Ruck!'s teams phase) the page says, under
the race's buttons, how it goes (tap "Start the race", then press a button on the table at
the signal), and while it counts down it says to keep a hand on the button and press only
at the signal. Before, the page said "Form the teams: race for the barrel!" and "Get ready…
3": nothing about what the players do now."""

from __future__ import annotations

import pytest
from browser_helpers import pair, phone, seat, shot, until
from web_helpers import web_daemon


@pytest.fixture
def daemon(tmp_path):
    """A table whose race counts down (the web tests' own starts at once)."""
    from gpiozero import Device
    daemon = web_daemon(tmp_path, race={"countdown_s": 3})
    yield daemon
    daemon.stop()
    Device.pin_factory.reset()
    Device.pin_factory = None


def test_the_teams_phase_and_the_countdown_say_what_to_press(browser, daemon):
    daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])
    page = phone(browser, daemon)
    pair(page, daemon)
    seat(page, "Anna")
    page.wait_for_selector("#choices button")
    assert page.inner_text("#prompt") == "Teams bilden: Wettlauf um das Fass!"
    assert page.inner_text("#choices .hint") == (  # under the race's buttons
        "Tippe auf „Wettlauf starten“; bei „How Ruck!“ gewinnt, wer zuerst seine Taste am Tisch"
        " drückt.")
    page.locator("#choices").get_by_role("button", name="Wettlauf starten").click()
    until(page, "(window.companion.race || {}).phase === 'countdown'")
    assert page.inner_text("#prompt") == (
        f"Achtung… {page.evaluate('window.companion.race.countdown')}"
        " Hände an die Tasten! Gedrückt wird bei „How Ruck!“, nicht vorher.")
    shot(page, "race-countdown-said")
