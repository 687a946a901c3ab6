"""The seat row (which players this phone plays) folds to one line as soon as a seat is
chosen, not only once play moves on: it stayed open, two or six buttons between the board
and the moves, until the first move. Tapped, the line opens it again; a keyboard stays in
the row through both."""

from __future__ import annotations

from browser_helpers import pair, phone, shot, until

SUMMARY = "#seats button[aria-expanded=false]"


def test_the_seat_row_folds_once_a_seat_is_chosen_and_opens_again(browser, daemon):
    daemon.hub.call(daemon.table.create_game, "stramash", ["Anna", "Bert", "Cleo"])
    page = phone(browser, daemon)
    pair(page, daemon)
    page.wait_for_selector("#seats button[data-player=Anna]")
    page.focus("#seats button[data-player=Anna]")
    page.keyboard.press("Enter")  # this phone is Anna's
    until(page, "document.querySelectorAll('#seats button').length === 1")
    assert page.inner_text("#seats") == "dieses Telefon: Anna · ändern"
    assert page.evaluate("document.activeElement.getAttribute('aria-expanded')") == "false"
    assert page.locator("#seats").bounding_box()["height"] <= 56  # one line
    shot(page, "seats-folded")

    page.keyboard.press("Enter")  # open again: every seat, Anna's pressed
    assert page.locator("#seats button[data-player]").count() == 3
    assert page.evaluate("document.activeElement.dataset.player") == "Anna"
    assert page.get_attribute("#seats button[data-player=Anna]", "aria-pressed") == "true"
    page.click("#seats button[data-player=Cleo]")  # a phone shared by two
    until(page, "document.querySelectorAll('#seats button').length === 1")
    assert page.inner_text("#seats") == "dieses Telefon: Anna, Cleo · ändern"

    page.click(SUMMARY)
    page.click("#seats button[data-player=Anna]")  # leaves Anna: Cleo's still
    until(page, "document.querySelectorAll('#seats button').length === 1")
    page.click(SUMMARY)
    page.click("#seats button[data-player=Cleo]")  # no seat left: the row stays open
    assert page.locator("#seats button[data-player]").count() == 3
    assert page.locator("#seats button[aria-pressed=true]").count() == 0
