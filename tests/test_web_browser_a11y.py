"""Every game's screen is accessible (axe-core, light and dark) and shows what players typed as
text, never as markup."""

from __future__ import annotations

import pytest
from browser_helpers import AXE, open_setup, pair, phone, seat, serious_violations, until


@pytest.mark.skipif(not AXE.exists(), reason="axe-core not fetched (test.sh fetches it)")
def test_every_game_screen_has_no_serious_accessibility_violation(browser, daemon):
    page = phone(browser, daemon)
    pair(page, daemon)
    found = {}
    for game, players in (("howruck", ["Anna", "Bert"]), ("laufrauf", ["red", "blue"]),
                          ("tauziehen", ["Ida", "Jan"]), ("stramash", ["Ann", "Bob", "Cat"])):
        view = daemon.hub.call(daemon.table.create_game, game, players)
        if game == "howruck":
            daemon.hub.call(daemon.table.apply, view["id"], {"type": "race", "winner": "Anna"})
        until(page, f"window.companion.state && window.companion.state.id === {view['id']}")
        seat(page)
        until(page, "document.querySelector('#choices').children.length > 0")
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            found[(game, scheme)] = serious_violations(page)
    assert {k: v for k, v in found.items() if v} == {}


def test_names_are_shown_escaped_in_seats_board_and_prompt(browser, daemon):
    name = "<b>Al</b>"
    page = phone(browser, daemon)
    pair(page, daemon)
    game = daemon.hub.call(daemon.table.create_game, "howruck", [name, "Bo"])["id"]
    page.wait_for_selector("#seats button")
    assert page.locator("#seats button").first.inner_text() == f"dieses Telefon: {name}"
    assert page.locator("#play b").count() == 0  # never markup
    assert name in page.inner_text("#board") or name in page.inner_text("#choices")
    daemon.hub.call(daemon.table.apply, game, {"type": "race", "winner": name})
    page.wait_for_selector("#banner:not([hidden])")  # what just happened, and its history
    page.click("nav [data-tab=history]")
    page.wait_for_selector("#history-list li")
    assert name in page.inner_text("#banner") and name in page.inner_text("#history-list")
    open_setup(page)  # the stored games
    until(page, "document.querySelectorAll('#games li').length > 0")
    assert name in page.inner_text("#games")
    assert page.locator("#banner b, #history-list b, #games b").count() == 0
    page.click("nav [data-tab=play]")
    for game, players in (("stramash", [name, "Bo"]), ("tauziehen", [name, "Bo"])):
        daemon.hub.call(daemon.table.create_game, game, players)
        until(page, f"window.companion.state.game === '{game}'"
                    " && document.querySelector('#board svg') !== null")
        assert page.locator("#board b").count() == 0
        assert name in page.inner_text("#board") + page.inner_text("#prompt")




@pytest.mark.skipif(not AXE.exists(), reason="axe-core not fetched (test.sh fetches it)")
def test_a_button_asking_to_confirm_is_readable_in_light_and_dark(browser, daemon):
    """The armed button (a second tap leaves the game on the table, unpairs every phone) was
    white on light pink in dark mode: 2.15:1."""
    page = phone(browser, daemon)
    pair(page, daemon)
    view = daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])
    until(page, f"window.companion.state && window.companion.state.id === {view['id']}")
    open_setup(page)
    page.click("#setup-form button[type=submit]")  # a game is playing: asks first
    page.click("#hardware summary")
    page.click("#unpair-all")  # asks first
    until(page, "document.querySelectorAll('button.danger').length === 2")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert serious_violations(page) == [], scheme


def test_the_keyboard_lands_on_whose_turn_it_is_after_pairing_and_starting(browser, daemon):
    """Keyboard only: the PIN typed and Enter; the PIN box goes, and the focus with it went to
    the page's body (a screen reader lost its place). Now it goes to what the play tab says;
    a game started from the form lands on whose turn it is; unpaired, on the PIN box."""
    view = daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])
    page = phone(browser, daemon)
    page.wait_for_selector("#pair:not([hidden])")
    page.focus("#pin")
    page.keyboard.type(daemon.hub.call(lambda: daemon.table.pairing.pin))
    page.keyboard.press("Enter")
    page.wait_for_selector("#pair", state="hidden")
    until(page, "document.activeElement.closest('#play') !== null")
    assert page.evaluate("document.activeElement.id") == "prompt"
    assert page.evaluate("document.activeElement.textContent") == page.inner_text("#prompt") != ""

    open_setup(page)
    page.select_option("#game", "tauziehen")
    inputs = page.locator("#players input")
    inputs.nth(0).fill("Ida")
    inputs.nth(1).fill("Jan")
    page.focus("#setup-form button[type=submit]")
    page.keyboard.press("Enter")  # a game is on: asks
    until(page, "document.querySelector('#setup-form button[type=submit]').dataset.armed"
                " !== undefined")
    page.wait_for_timeout(450)  # not a double press
    page.keyboard.press("Enter")
    until(page, f"window.companion.state && window.companion.state.id !== {view['id']}")
    until(page, "document.activeElement.id === 'prompt'"
                " && document.activeElement.textContent.includes('Ida')")
    daemon.hub.call(daemon.table.unpair_all)
    until(page, "document.activeElement.id === 'pin'")


# Every control a finger taps, at least 44 x 44 CSS px (WCAG 2.5.5); a box ticked through its
# label counts by the label. Controls inside a line of text (a link in a sentence) are none here.
SMALL_TARGETS = """() => [...document.querySelectorAll('button, summary, select, input, a[href]')]
  .filter((el) => el.offsetParent !== null && el.type !== 'hidden')
  .map((el) => {
    // a box is tapped through its label; a control shown by its label instead (.vh, the
    // restore's file field) through the part drawn for it, just after it
    const box = ['checkbox', 'radio'].includes(el.type) && el.closest('label')
      || el.classList.contains('vh') && el.nextElementSibling || el;
    const r = box.getBoundingClientRect();
    return [el.tagName, el.id || el.name || el.textContent.trim().slice(0, 30),
            Math.round(r.width), Math.round(r.height)];
  })
  .filter(([, , w, h]) => w < 44 || h < 44)"""


def test_every_control_is_big_enough_for_a_finger_on_every_tab(browser, daemon):
    page = phone(browser, daemon)
    assert page.evaluate(SMALL_TARGETS) == []  # a watcher: the PIN form
    pair(page, daemon)
    small = {}
    for game, players in (("howruck", ["Anna", "Bert"]), ("laufrauf", ["red", "blue"]),
                          ("tauziehen", ["Ida", "Jan"]), ("stramash", ["Ann", "Bob", "Cat"])):
        view = daemon.hub.call(daemon.table.create_game, game, players)
        until(page, f"window.companion.state && window.companion.state.id === {view['id']}")
        seat(page)
        until(page, "document.querySelector('#choices').children.length > 0")
        small[game] = page.evaluate(SMALL_TARGETS)
    open_setup(page)
    for game in ("howruck", "laufrauf", "tauziehen", "stramash"):  # each game's options
        page.select_option("#game", game)
        page.click("#hardware summary")
        page.click("#data summary")
        small["setup " + game] = page.evaluate(SMALL_TARGETS)
        page.click("#hardware summary")
        page.click("#data summary")
    for tab in ("history", "roster", "sim"):
        page.click(f"nav [data-tab={tab}]")
        page.wait_for_timeout(200)
        small[tab] = page.evaluate(SMALL_TARGETS)
    assert {k: v for k, v in small.items() if v} == {}
