"""Lauf Rauf! on a small phone held upright (360 x 740, 375 x 667) in Dutch: every turn's
first tap is on the first screen, no scroll to reach it (the throw button, the moves after a
throw, the entry of the table's dice), and a move tapped far down the page leaves the page
where it was, not at its top."""

from __future__ import annotations

import pytest
from browser_helpers import pair, seat, shot, until

# Where a control is with the page scrolled to its top: its bottom against the screen's.
BOTTOM_AT_TOP = """(sel) => { const el = document.querySelector(sel);
  return el.getBoundingClientRect().bottom + scrollY; }"""
CHOICES_FOR = "window.companion.state.actions === {n} && window.companion.legalVersion" \
              " === `${{window.companion.state.id}}:{n}`"


def dutch_phone(browser, daemon, width: int, height: int):
    context = browser.new_context(viewport={"width": width, "height": height}, locale="nl-NL",
                                  device_scale_factor=2, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"http://127.0.0.1:{daemon.web.port}/")
    pair(page, daemon)
    until(page, "window.companion.i18n.lang === 'nl'")
    return page


def button(page, name: str) -> str:
    """A selector for the first button of the moves whose text begins with `name`."""
    index = page.evaluate("(name) => [...document.querySelectorAll('#choices button')]"
                          ".findIndex((b) => b.textContent.startsWith(name))", name)
    assert index >= 0, name
    return f"#choices button >> nth={index}"


def bottom(page, name: str) -> float:
    return page.locator(button(page, name)).evaluate(
        "(b) => b.getBoundingClientRect().bottom + scrollY")


@pytest.mark.parametrize(("width", "height"), [(360, 740), (375, 667)])
def test_every_turns_first_tap_is_on_the_first_screen(browser, daemon, width, height):
    game = daemon.hub.call(daemon.table.create_game, "laufrauf", ["red", "green"])["id"]
    page = dutch_phone(browser, daemon, width, height)
    seat(page)
    until(page, CHOICES_FOR.format(n=0))
    shot(page, f"lr-phone-{width}-throw")
    assert bottom(page, "Gooien") <= height  # the turn's first throw
    page.check("#lr-real")  # the table's own dice: a row of faces per die, and their button
    until(page, "document.querySelector('.dice-entry') !== null")
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, f"lr-phone-{width}-real")
    assert page.locator(".dice-entry [role=group]").first.evaluate(
        "(g) => g.getBoundingClientRect().bottom + scrollY") <= height  # die 1's faces
    if height >= 740:  # all of it, to the button: on a shorter phone, the button below
        assert bottom(page, "Worp invoeren") <= height
    daemon.hub.call(daemon.table.apply, game, {"type": "roll", "player": "red", "dice": [5, 6]})
    until(page, CHOICES_FOR.format(n=1))
    shot(page, f"lr-phone-{width}-moves")
    assert bottom(page, "rood 1: starten") <= height  # what the throw allows

def test_a_move_tapped_far_down_the_page_leaves_it_where_it_was(browser, daemon):
    """The phone scrolled down to the moves (402 px) was back at the top (0) after each one:
    the moves went while the next ones were on their way, the page shrank under it."""
    game = daemon.hub.call(daemon.table.create_game, "laufrauf", ["red", "green"])["id"]
    page = dutch_phone(browser, daemon, 360, 740)
    seat(page)
    daemon.hub.call(daemon.table.apply, game, {"type": "roll", "player": "red", "dice": [5, 6]})
    until(page, CHOICES_FOR.format(n=1))
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    before = page.evaluate("scrollY")
    assert before > 100
    page.locator(button(page, "rood 1: starten")).click()
    until(page, CHOICES_FOR.format(n=2) + " && document.querySelector('#choices button')")
    page.wait_for_timeout(300)  # the next moves drawn and laid out
    most = page.evaluate("document.documentElement.scrollHeight - innerHeight")
    assert page.evaluate("scrollY") == min(before, most) > 0


# (half a pixel's leeway: a control scrolled into sight at the bottom may end at 667.03)
IN_VIEW = """(sel) => [...document.querySelectorAll(sel)].every((el) => {
  const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight + .5; })"""


def test_the_table_cards_picker_comes_into_sight_where_the_tap_was(browser, daemon):
    """"Kaarten nemen" opened its picker 170 px lower, off the screen: a first tap seemed to
    do nothing. The picker comes into sight, the keyboard on its first card."""
    game = daemon.hub.call(daemon.table.create_game, "laufrauf", ["red", "green"])["id"]
    daemon.hub.call(daemon.table.apply, game, {"type": "roll", "player": "red", "dice": [3, 3]})
    page = dutch_phone(browser, daemon, 360, 740)
    seat(page)
    until(page, CHOICES_FOR.format(n=1))
    page.check("#lr-real")
    page.locator(button(page, "Kaarten nemen")).click()
    page.wait_for_selector("fieldset.lr-cards")
    shot(page, "lr-phone-cards")
    assert page.evaluate(IN_VIEW, "fieldset.lr-cards button")
    assert page.evaluate("document.activeElement.closest('fieldset.lr-cards') !== null")
    take = page.locator(button(page, "Kaarten nemen"))
    assert take.get_attribute("aria-expanded") == "true"
    take.click()  # again: the same step, not a second one below it
    assert page.locator("fieldset.lr-cards").count() == 1


@pytest.mark.parametrize(("width", "height"), [(360, 740), (375, 667)])
def test_the_table_dice_entry_brings_its_button_into_sight(browser, daemon, width, height):
    """A throw again entered from the table's dice: the "stayed" toggles make the entry end
    below a short phone's first screen. Each tap brings the rest of it, down to the button
    that enters the throw, into sight; nothing is tapped blind."""
    game = daemon.hub.call(daemon.table.create_game, "laufrauf", ["red", "green"])["id"]
    daemon.hub.call(daemon.table.apply, game, {"type": "roll", "player": "red", "dice": [1, 2]})
    page = dutch_phone(browser, daemon, width, height)
    seat(page)
    page.check("#lr-real")
    until(page, "document.querySelector('.dice-entry .lr-stay') !== null")
    page.evaluate("window.scrollTo(0, 0)")
    stays = page.locator(".dice-entry .lr-stay")
    stays.nth(1).click()  # die 2 stayed: die 1 is thrown again
    assert page.evaluate(IN_VIEW, ".dice-entry > button")  # the button, whatever it says
    page.locator(".dice-entry [role=group]").first.locator("button:not(.lr-stay)").nth(4).click()
    shot(page, f"lr-phone-{width}-rethrow-ready")
    assert page.evaluate(IN_VIEW, ".dice-entry > button")
    page.click(".dice-entry > button")
    until(page, "window.companion.state.actions === 2")
    assert daemon.hub.call(lambda: daemon.sessions.get(game).actions[-1])["dice"] == [5, 2]
