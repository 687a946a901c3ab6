"""A tap that asks first (core.js `confirm`) waits a few seconds for the second tap: the
button shows the time left (a bar that empties), a screen reader hears the question, and when
the time is up the page says that nothing was done (it lapsed silently: a player who tapped
again a moment later started nothing and did not know why)."""

from __future__ import annotations

from browser_helpers import hardware_form, open_setup, pair, phone, shot, until

SUBMIT = "#setup-form button[type=submit]"
BAR = f"getComputedStyle(document.querySelector('{SUBMIT}'), '::after')"


def test_a_question_shows_its_time_left_and_says_when_it_lapsed(browser, daemon):
    view = daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])
    page = phone(browser, daemon)
    pair(page, daemon)
    until(page, f"window.companion.state && window.companion.state.id === {view['id']}")
    open_setup(page)
    page.click(SUBMIT)  # a game is on: asks first
    question = ("Ein Spiel läuft: Nochmal tippen startet das neue (das andere bleibt unter "
                "„Gespeicherte Spiele“)")
    assert page.inner_text(SUBMIT) == question
    # the time left: a bar along the button's bottom, emptying (not yet empty)
    width = page.evaluate("document.querySelector('#setup-form button[type=submit]')"
                          ".getBoundingClientRect().width")
    until(page, f"parseFloat({BAR}.width) < {width} * 0.9 && parseFloat({BAR}.width) > 0")
    assert page.evaluate(f"{BAR}.height") == "4px"
    shot(page, "confirm-waiting")
    # a screen reader hears the question (a live region), not only the sighted
    assert page.inner_text("#said") == question
    assert page.get_attribute("#said", "aria-live") == "polite"
    # the time is up: the button is as before, and the page says nothing was done
    until(page, f"document.querySelector('{SUBMIT}').dataset.armed === undefined")
    assert page.inner_text(SUBMIT) == "Spiel starten"
    until(page, "!document.querySelector('#banner').hidden")
    assert page.inner_text("#banner") == "Nicht bestätigt: Es wurde nichts geändert."
    assert len(daemon.hub.call(daemon.sessions.listing)) == 1  # nothing started


def test_an_answered_question_says_no_lapse(browser, daemon):
    """Answered in time, the question is over: no "not confirmed" follows it."""
    page = hardware_form(browser, daemon)
    page.click("#unpair-all")
    until(page, "document.querySelector('#unpair-all').dataset.armed !== undefined")
    until(page, "Date.now() - document.querySelector('#unpair-all').armedAt >= 400")
    page.click("#unpair-all")
    until(page, "document.querySelector('#banner').textContent.includes('entkoppelt')")
    page.wait_for_timeout(5500)  # past the question's time
    assert "Nicht bestätigt" not in page.inner_text("#banner")
