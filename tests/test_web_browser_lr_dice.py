"""Lauf Rauf!'s own dice from the table, entered on a 360 x 740 touch phone: a row of six
faces per die, on a throw again a "stayed" toggle per die, and one button that says what it
enters ("Wurf eintragen: 4 und 2", "Würfel 1 neu: 5, Würfel 2 blieb: 2"), off until the
throw is complete. What it sends is what the table's own rules take."""

from __future__ import annotations

import re

from browser_helpers import SMALL_PHONE, pair, phone, seat, serious_violations, shot, until

from companion.rules import get_core

ENTER = re.compile(r"^(Wurf eintragen|Würfel \d neu)")


def die(page, n: int):
    return page.locator(".dice-entry").get_by_role("group", name=f"Würfel {n}", exact=True)


def faces(page, n: int) -> list[str]:
    return die(page, n).locator("button").all_inner_texts()


def table_state(daemon, game: int) -> tuple[list[dict], dict]:
    """The table's actions so far and its state, as the page's state says it."""
    session = daemon.hub.call(daemon.sessions.get, game)
    return daemon.hub.call(lambda: list(session.actions)), session.core.view(session.state)


def by_the_rules(actions: list[dict]) -> dict:
    """The state the rules give for these actions from the same new game."""
    core = get_core("laufrauf")
    state = core.new_game(["red", "green"], {}, 0)
    for action in actions:
        state = core.apply(state, action).state
    return core.view(state)


def entering_dice(browser, daemon):
    """A small phone with every seat, entering the table's own dice: (page, enter button)."""
    page = phone(browser, daemon, viewport=SMALL_PHONE)
    pair(page, daemon)
    seat(page)
    page.check("#lr-real")
    page.wait_for_selector(".dice-entry")
    return page, page.locator(".dice-entry").get_by_role("button", name=ENTER)


def test_a_throw_and_a_throw_again_with_a_die_that_stayed(browser, daemon):
    game = daemon.hub.call(daemon.table.create_game, "laufrauf", ["red", "green"])["id"]
    page, enter = entering_dice(browser, daemon)

    # the turn's first throw: six faces a die, none chosen, nothing to send, no die to keep
    assert faces(page, 1) == faces(page, 2) == ["1", "2", "3", "4", "5", "6"]
    assert page.locator(".dice-entry [aria-pressed=true]").count() == 0
    assert enter.is_disabled() and enter.inner_text() == "Wurf eintragen"
    assert page.locator(".dice-entry").get_by_role("button", name="blieb liegen").count() == 0
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, "lr-dice-first-screen")
    assert enter.evaluate("(b) => b.getBoundingClientRect().bottom + scrollY") <= 740
    die(page, 1).get_by_role("button", name="4", exact=True).click()
    assert enter.is_disabled()  # die 2 not yet
    die(page, 1).get_by_role("button", name="3", exact=True).click()  # a slip, put right
    die(page, 1).get_by_role("button", name="4", exact=True).click()
    die(page, 2).get_by_role("button", name="2", exact=True).click()
    assert die(page, 1).locator("[aria-pressed=true]").all_inner_texts() == ["4"]
    assert enter.is_enabled() and enter.inner_text() == "Wurf eintragen: 4 und 2"
    shot(page, "lr-dice-first-throw")
    enter.click()
    until(page, "window.companion.state.actions === 1 && document.querySelector('.dice-entry')")
    actions, state = table_state(daemon, game)
    assert actions == [{"type": "roll", "player": "red", "dice": [4, 2]}]
    assert state == by_the_rules(actions) and state["dice"] == [4, 2]

    # a throw again: nothing chosen again; die 2 stayed, so die 1 must be the one thrown
    enter = page.locator(".dice-entry").get_by_role("button", name=ENTER)
    assert enter.is_disabled()
    stays = [die(page, n).get_by_role("button", name="blieb liegen") for n in (1, 2)]
    assert [s.get_attribute("aria-pressed") for s in stays] == ["false", "false"]
    stays[1].click()
    assert stays[1].get_attribute("aria-pressed") == "true"
    assert stays[0].is_disabled()  # at least one die is thrown again
    assert die(page, 2).locator("[aria-pressed=true]").all_inner_texts() == ["blieb liegen", "2"]
    assert all(die(page, 2).get_by_role("button", name=str(v), exact=True).is_disabled()
               for v in range(1, 7))  # the die that stayed keeps its value
    assert enter.is_disabled()  # die 1 not yet
    die(page, 1).get_by_role("button", name="5", exact=True).click()
    assert enter.inner_text() == "Würfel 1 neu: 5, Würfel 2 blieb: 2"
    shot(page, "lr-dice-rethrow")
    assert serious_violations(page) == []

    # the keyboard: one control after the other, the focus seen
    die(page, 1).get_by_role("button", name="5", exact=True).focus()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "6"
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Enter")  # the 5 again: still the throw
    for _ in range(3):  # the 6, die 2's toggle (its faces rest: it stayed), the button
        page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == \
        "Würfel 1 neu: 5, Würfel 2 blieb: 2"
    page.keyboard.press("Enter")
    until(page, "window.companion.state.actions === 2")
    actions, state = table_state(daemon, game)
    assert actions[1] == {"type": "roll", "player": "red", "keep": 1, "dice": [5, 2]}
    assert state == by_the_rules(actions) and state["dice"] == [5, 2] and state["throws"] == 2


def test_die_1_stayed_and_changing_ones_mind(browser, daemon):
    """Die 1 stayed, then not: its faces are free again and nothing chosen; die 2's toggle is
    back. The button says die 2 first when it was the one thrown."""
    game = daemon.hub.call(daemon.table.create_game, "laufrauf", ["red", "green"])["id"]
    daemon.hub.call(daemon.table.apply, game, {"type": "roll", "player": "red", "dice": [3, 6]})
    page, enter = entering_dice(browser, daemon)
    stays = [die(page, n).get_by_role("button", name="blieb liegen") for n in (1, 2)]
    stays[0].click()
    die(page, 2).get_by_role("button", name="1", exact=True).click()
    assert enter.inner_text() == "Würfel 2 neu: 1, Würfel 1 blieb: 3"
    stays[0].click()  # not after all: both thrown again
    assert stays[1].is_enabled() and enter.is_disabled()
    assert die(page, 1).locator("[aria-pressed=true]").count() == 0
    die(page, 1).get_by_role("button", name="2", exact=True).click()
    assert enter.inner_text() == "Wurf eintragen: 2 und 1"
    enter.click()
    until(page, "window.companion.state.actions === 2")
    actions, state = table_state(daemon, game)
    assert actions[1] == {"type": "roll", "player": "red", "dice": [2, 1]}
    assert state == by_the_rules(actions)
