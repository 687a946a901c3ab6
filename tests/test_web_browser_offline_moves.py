"""The table switched off under a phone (its daemon stopped): the page offered its moves as
before while the badge said "offline", and a move tapped then was said as "this may not have
happened" although it could not have reached the table. The moves now rest, with the reason
beside them, until the stream is back; a change the page holds back, or that the browser
cannot send (no network), is said as certainly not made; a request sent whose answer never
came stays uncertain (test_web_offline_said.py). Headless Chromium at 360x740, the page's CSP,
over real HTTP to a real daemon, stopped and started again on the same port and data."""

from __future__ import annotations

import pytest
from browser_helpers import open_setup, pair, phone, seat, shot, until
from web_helpers import started_daemon, web_daemon

from companion.config import parse

SMALL_PHONE = {"width": 360, "height": 740}
MOVES = "#choices button:not(#offline-moves *), #places button"  # the moves, not the retry
RESTING = f"[...document.querySelectorAll('{MOVES}')].every((b) => b.disabled)"


@pytest.fixture
def daemon(tmp_path):
    """A daemon the test may stop (`running.pop().stop()`) and start again (`_restarted`);
    one still running at the end is stopped."""
    running = [web_daemon(tmp_path)]
    yield running
    for table in running:
        table.stop()


def _restarted(running, port, tmp_path):
    """The same table again, on the same port and data (its sessions: the phone stays paired)."""
    data = {"web": {"host": "127.0.0.1", "port": port}, "race": {"countdown_s": 0}}
    running.append(started_daemon(parse(data), tmp_path))


def _seated(browser, table):
    page = phone(browser, table)
    page.set_viewport_size(SMALL_PHONE)
    pair(page, table)
    table.hub.call(table.table.create_game, "tauziehen", ["Ida", "Jan"])
    page.wait_for_selector("#board .rope")
    seat(page)
    page.wait_for_selector("#choices button")
    return page


def test_the_moves_rest_with_the_reason_while_the_table_is_off_and_come_back_with_it(
        browser, daemon, tmp_path):
    table = daemon[0]
    page = _seated(browser, table)
    assert not page.evaluate(RESTING)
    assert page.is_hidden("#offline-moves")

    daemon.pop().stop()  # the table switched off
    until(page, "document.querySelector('#live').classList.contains('off')")
    until(page, RESTING)
    reason = page.locator("#offline-moves")
    assert reason.is_visible()
    assert reason.inner_text() == ("Keine Verbindung zum Tisch: Sobald sie wieder steht, "
                                   "kannst du wieder Züge eingeben. Jetzt erneut versuchen")
    assert reason.get_by_role("button").is_enabled()  # the try again: no move, so not resting
    # each resting move says why to a screen reader too
    assert page.evaluate(f"[...document.querySelectorAll('{MOVES}')].every((b) => "
                         "b.getAttribute('aria-describedby') === 'offline-moves')")
    assert page.is_disabled("#undo")
    shot(page, "offline-moves-resting")

    _restarted(daemon, table.web.port, tmp_path)  # back: the stream reconnects by itself
    until(page, "!document.querySelector('#live').classList.contains('off')", timeout=20_000)
    until(page, f"!({RESTING})")
    assert page.is_hidden("#offline-moves")
    page.get_by_role("button", name="Marker auf ★ 16", exact=True).click()
    until(page, "window.companion.state.actions === 1")
    assert page.is_hidden("#message"), page.inner_text("#message")


def test_a_change_the_browser_cannot_send_is_said_as_not_made(browser, daemon):
    """No network on the phone (the browser knows it): the request never leaves it, so the
    page says that nothing changed, not that it may have."""
    table = daemon[0]
    page = _seated(browser, table)
    page.context.set_offline(True)
    game = page.evaluate("window.companion.state.id")
    page.evaluate(f"window.companion.api('POST', '/api/games/{game}/undo', {{actions: 0}})")
    until(page, "!document.querySelector('#message').hidden")
    assert page.get_attribute("#message", "data-code") == "offline_unsent"
    assert page.inner_text("#message") == ("Nicht gesendet: Keine Verbindung zum Tisch, es "
                                           "wurde nichts geändert. Sobald die Verbindung "
                                           "wieder steht, erneut versuchen.")
    shot(page, "offline-unsent")


def test_a_field_tapped_on_the_board_while_offline_is_held_back_and_said_unsent(
        browser, daemon):
    """How Ruck!'s last step is a tap on the board, no button: a card picked before the table
    went off still shows its fields. The tap sends nothing and says so for certain."""
    table = daemon[0]
    page = phone(browser, table)
    page.set_viewport_size(SMALL_PHONE)
    pair(page, table)
    game = table.hub.call(table.table.create_game, "howruck", ["Anna", "Bert"])["id"]
    table.hub.call(table.table.apply, game, {"type": "race", "winner": "Anna"})
    seat(page)
    until(page, "window.companion.state.actions === 1 && window.companion.legal.length")
    for name in ("rot", "rot 1", "ohne ✶"):
        page.locator("#choices").get_by_role("button", name=name, exact=True).click()
    page.wait_for_selector("#board .field.legal")
    posted: list[str] = []
    page.on("request", lambda request: posted.append(request.url)
            if request.method == "POST" else None)

    daemon.pop().stop()
    until(page, "document.querySelector('#live').classList.contains('off')")
    until(page, RESTING)
    page.locator("#board .field.legal").first.click()
    until(page, "!document.querySelector('#message').hidden")
    assert page.get_attribute("#message", "data-code") == "offline_unsent"
    assert posted == []  # held back: nothing left the phone
    shot(page, "offline-field-held-back")


# Each trigger as the phone meets it: its network back (the browser's `online`), the page
# looked at again (`visibilitychange`: a headless page never hides, so the event is sent as
# the browser sends it on coming back), the reader's tap on the offline line.
TRIGGERS = {
    "online": lambda page: page.evaluate("window.dispatchEvent(new Event('online'))"),
    "visible": lambda page: page.evaluate("document.dispatchEvent(new Event('visibilitychange'))"),
    "tap": lambda page: page.get_by_role("button", name="Jetzt erneut versuchen")
                            .click(timeout=2_000),
}


@pytest.mark.parametrize("trigger", TRIGGERS)
def test_the_table_back_is_reached_at_once_when_the_phone_has_reason_to_try(
        browser, daemon, tmp_path, trigger):
    """The stream's back-off (live.js) waits ever longer for a table that stays away, up to
    30 s, and a table back meanwhile was a dead phone till the wait was out. Four tries
    refused: the next waits 8 s at least. The table back and a reason to try, the moves come
    back well before."""
    table = daemon[0]
    page = _seated(browser, table)
    refused: list[str] = []
    page.on("requestfailed", lambda request: refused.append(request.url)
            if request.url.endswith("/api/stream") else None)
    daemon.pop().stop()
    until(page, RESTING)
    shot(page, "offline-moves-try-again")
    while len(refused) < 4:  # 0.5 + 1 + 2 + 4 s at least, at most twice that
        page.wait_for_timeout(100)
    _restarted(daemon, table.web.port, tmp_path)
    TRIGGERS[trigger](page)
    until(page, f"!({RESTING})", timeout=2_000)
    assert page.is_hidden("#offline-moves")


def test_games_stored_while_the_phone_was_away_are_listed_once_it_is_back(
        browser, daemon, tmp_path):
    """The table restarted while the phone was out of Wi-Fi, and another phone started a
    game before this one was back: its stream missed that "games", and the New game tab
    still said there were none."""
    table = daemon[0]
    page = phone(browser, table)
    open_setup(page)
    page.wait_for_selector("#no-games", state="visible")
    daemon.pop().stop()
    until(page, "document.querySelector('#live').classList.contains('off')")
    page.context.set_offline(True)
    _restarted(daemon, table.web.port, tmp_path)
    daemon[0].hub.call(daemon[0].table.create_game, "tauziehen", ["Ida", "Jan"], {}, 1)
    page.context.set_offline(False)  # the phone's Wi-Fi back: it tries at once (`online`)
    until(page, "!document.querySelector('#live').classList.contains('off')")
    page.wait_for_selector("#games li", timeout=5_000)
    assert page.is_hidden("#no-games")


def test_the_tables_language_chosen_while_the_phone_was_away_is_offered_once_it_is_back(
        browser, daemon, tmp_path):
    """Another phone chose French for the table while this one was out of Wi-Fi: its New game
    form still offered German as the table's language once it was back."""
    table = daemon[0]
    page = phone(browser, table)
    open_setup(page)
    assert page.input_value("#table-lang") == "de"  # the page's, none chosen yet
    daemon.pop().stop()
    until(page, "document.querySelector('#live').classList.contains('off')")
    page.context.set_offline(True)
    _restarted(daemon, table.web.port, tmp_path)
    daemon[0].save_settings("fr", {})
    page.context.set_offline(False)
    until(page, "!document.querySelector('#live').classList.contains('off')")
    until(page, "document.querySelector('#table-lang').value === 'fr'", timeout=5_000)
