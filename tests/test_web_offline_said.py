"""A request that never reached the table (the phone offline): the message line says that the
table did not answer and to check before trying again, in the page's language, and goes by
itself once the table answers again (it stayed up, "offline", after the phone was back).
Headless Chromium, the page's CSP."""

from __future__ import annotations

from browser_helpers import pair, phone, seat, shot, until


def test_a_move_sent_offline_is_said_unanswered_and_the_word_goes_when_the_table_answers(
        browser, daemon):
    page = phone(browser, daemon)
    pair(page, daemon)
    daemon.hub.call(daemon.table.create_game, "tauziehen", ["Ida", "Jan"])
    page.wait_for_selector("#board .rope")
    seat(page)
    # the phone's connection gone: its requests fail before they reach the table
    page.route("**/api/**", lambda route: route.abort("internetdisconnected"))
    page.get_by_role("button", name="Marker auf ★ 16", exact=True).click()
    until(page, "!document.querySelector('#message').hidden")
    shot(page, "offline-not-entered")
    assert page.get_attribute("#message", "data-code") == "offline_not_sent"
    # the phone cannot know whether a request without an answer reached the table (only its
    # answer may be lost, test_web_same_move.py): it claims neither
    assert page.inner_text("#message") == ("Keine Antwort vom Tisch: Das ist womöglich nicht "
                                           "geschehen. Sobald die Verbindung wieder steht, "
                                           "erst nachsehen, dann erneut versuchen.")
    assert daemon.hub.call(daemon.table.view)["actions"] == 0  # nothing reached the table
    # back: the next request that reaches the table takes the word away
    page.unroute("**/api/**")
    page.evaluate("window.companion.api('GET', '/api/status')")
    until(page, "document.querySelector('#message').hidden")
