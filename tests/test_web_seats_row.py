"""The seat row (which players this phone plays): one tap for each player who plays on it, as
the hint under it says ("Tippen Sie oben für alle, die damit spielen"). It folded to "dieses
Telefon: Anna · ändern" at the first tap, so a shared phone's second player took "ändern"
first. It now stays open, the chosen ones marked, while seats are left to choose, and folds
to one line once every seat is this phone's or play moves on; tapped, that line opens it
again. A keyboard stays in the row, on the seat it tapped. Headless Chromium at 360x740."""

from __future__ import annotations

from browser_helpers import pair, phone, shot, until

SUMMARY = "#seats button[aria-expanded=false]"
SMALL_PHONE = {"width": 360, "height": 740}
PRESSED = "[...document.querySelectorAll('#seats button[aria-pressed=true]')]" \
          ".map((b) => b.dataset.player)"


def _paired(browser, daemon):
    page = phone(browser, daemon)
    page.set_viewport_size(SMALL_PHONE)
    pair(page, daemon)
    return page


def test_a_shared_phone_takes_one_tap_per_player(browser, daemon):
    daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Ben"])
    page = _paired(browser, daemon)
    page.click("#seats button[data-player=Anna]")
    until(page, f"JSON.stringify({PRESSED}) === '[\"Anna\"]'")
    assert page.locator(SUMMARY).count() == 0  # still open: Ben is one tap away
    shot(page, "seats-one-chosen")
    page.click("#seats button[data-player=Ben]")
    until(page, "document.querySelectorAll('#seats button').length === 1")
    assert page.inner_text("#seats") == "dieses Telefon: Anna, Ben · ändern"
    assert page.locator("#seats").bounding_box()["height"] <= 56  # one line
    shot(page, "seats-both-chosen")


def test_one_players_phone_takes_one_tap_and_folds_once_play_moves_on(browser, daemon):
    game = daemon.hub.call(daemon.table.create_game, "tauziehen", ["Ida", "Jan"])["id"]
    page = _paired(browser, daemon)
    page.wait_for_selector("#board .rope")
    page.click("#seats button[data-player=Ida]")  # the one tap: Ida's moves are there
    page.wait_for_selector("#choices button")
    action = page.evaluate("window.companion.legal[0]")
    daemon.hub.call(daemon.table.apply, game, action)  # play moves on: the seats are chosen
    until(page, "document.querySelectorAll('#seats button').length === 1")
    assert page.inner_text("#seats") == "dieses Telefon: Ida · ändern"


def test_the_row_keeps_a_keyboard_and_opens_again(browser, daemon):
    daemon.hub.call(daemon.table.create_game, "stramash", ["Anna", "Bert", "Cleo"])
    page = _paired(browser, daemon)
    page.wait_for_selector("#seats button[data-player=Anna]")
    page.focus("#seats button[data-player=Anna]")
    page.keyboard.press("Enter")  # this phone is Anna's
    until(page, f"JSON.stringify({PRESSED}) === '[\"Anna\"]'")
    assert page.evaluate("document.activeElement.dataset.player") == "Anna"
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")  # and Cleo's
    until(page, f"JSON.stringify({PRESSED}) === '[\"Anna\",\"Cleo\"]'")
    assert page.evaluate("document.activeElement.dataset.player") == "Cleo"
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Enter")  # and Bert's: every seat, the row folds
    until(page, "document.querySelectorAll('#seats button').length === 1")
    assert page.inner_text("#seats") == "dieses Telefon: Anna, Bert, Cleo · ändern"
    assert page.evaluate("document.activeElement.getAttribute('aria-expanded')") == "false"
    shot(page, "seats-folded")

    page.keyboard.press("Enter")  # open again: every seat, all pressed
    assert page.locator("#seats button[data-player]").count() == 3
    assert page.evaluate("document.activeElement.dataset.player") == "Anna"
    page.click("#seats button[data-player=Anna]")  # leaves Anna: open, Bert's and Cleo's still
    until(page, f"JSON.stringify({PRESSED}) === '[\"Bert\",\"Cleo\"]'")
    page.click("#seats button[data-player=Bert]")
    page.click("#seats button[data-player=Cleo]")  # no seat left: the row stays open
    until(page, f"{PRESSED}.length === 0")
    assert page.locator("#seats button[data-player]").count() == 3
