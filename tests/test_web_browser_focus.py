"""Keyboard only: the focus goes where the next step is. A card chosen, on the first field to
place it on (How Ruck!'s board) or the first of its moves (Stramash); a move entered, on whose
turn it is (the prompt), never lost to the page's body; and a phone whose reader is not
acting keeps its focus where it was."""

from __future__ import annotations

from browser_helpers import pair, phone, seat, until

FOCUSED = "document.activeElement"


def _keys_to(page, selector: str, presses: int = 4) -> None:
    """Enter on whatever has the focus, until the focus is on `selector` (at most `presses`)."""
    for _ in range(presses):
        if page.evaluate(f"{FOCUSED}.matches({selector!r})"):
            return
        page.keyboard.press("Enter")
        page.wait_for_timeout(50)
    assert page.evaluate(f"{FOCUSED}.matches({selector!r})"), page.evaluate(
        f"{FOCUSED}.outerHTML.slice(0, 120)")


def test_howruck_a_card_chosen_by_keyboard_focuses_its_field_then_the_prompt(browser, daemon):
    view = daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])
    daemon.hub.call(daemon.table.apply, view["id"], {"type": "race", "winner": "Anna"})
    watcher = phone(browser, daemon)  # Bert's phone: its reader is on the History tab's button
    pair(watcher, daemon)
    seat(watcher, "Bert")
    watcher.focus("nav [data-tab=history]")
    page = phone(browser, daemon)
    pair(page, daemon)
    seat(page, "Anna")
    until(page, "document.querySelectorAll('#choices button.card').length > 0")
    page.focus("#choices button.card")  # the first colour
    _keys_to(page, "#board .field.legal")  # colour, strength, imprint: then the board's field
    page.keyboard.press("Enter")  # the card placed there
    until(page, "window.companion.state.actions === 2")
    until(page, f"{FOCUSED}.id === 'prompt'")
    assert "Bert" in page.evaluate(f"{FOCUSED}.textContent")
    until(watcher, "window.companion.state.actions === 2")
    until(watcher, "document.querySelectorAll('#choices button').length > 0")  # Bert's moves
    assert watcher.evaluate(f"{FOCUSED}.dataset.tab") == "history"  # not taken from it


def test_stramash_a_card_chosen_by_keyboard_focuses_its_first_move(browser, daemon):
    daemon.hub.call(daemon.table.create_game, "stramash", ["Ann", "Bob"])
    page = phone(browser, daemon)
    pair(page, daemon)
    seat(page, "Ann")
    page.wait_for_selector("#choices button.sm-card")
    page.focus("#choices button.sm-card")  # the Ace: a new laddie onto the start square
    page.keyboard.press("Enter")
    until(page, f"{FOCUSED}.matches('#places button')")
    page.keyboard.press("Enter")
    until(page, "window.companion.state.actions === 1")
    until(page, f"{FOCUSED}.id === 'prompt'")
    assert "Bob" in page.evaluate(f"{FOCUSED}.textContent")
