"""Taking back a move is asked first, naming the move, on the page (Chromium): a stray tap or a
double tap changes nothing; a move made by another phone meanwhile withdraws the question, so a
second tap never takes back a move the question did not name."""

from __future__ import annotations

import time

from browser_helpers import choose_language, pair, phone, until

ARMED = "document.querySelector('#undo').classList.contains('danger')"


def test_a_question_about_a_move_is_withdrawn_when_another_move_comes(browser,
                                                                        daemon):
    page = phone(browser, daemon)
    pair(page, daemon)
    game = daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])["id"]
    daemon.hub.call(daemon.table.apply, game, {"type": "race", "winner": "Anna"})
    until(page, "window.companion.state && window.companion.state.actions === 1")
    until(page, "window.companion.historyTab.lastLine() !== ''")
    page.click("#undo")
    until(page, ARMED)
    assert page.inner_text("#undo").startswith("Nochmal tippen zum Zurücknehmen: Anna")
    # another phone's move: the question was about a move that is no longer the last
    daemon.hub.call(daemon.table.undo, game, None)
    daemon.hub.call(daemon.table.apply, game, {"type": "race", "winner": "Bert"})
    until(page, "window.companion.historyTab.lastLine().startsWith('Bert')")
    assert page.inner_text("#undo") == "Rückgängig"  # at once, not when the question times out
    time.sleep(0.5)
    page.click("#undo")  # asks again, about Bert's race now
    until(page, ARMED)
    assert "Bert" in page.inner_text("#undo")
    assert len(daemon.hub.call(lambda: daemon.sessions.get(game).actions)) == 1


def test_undo_is_not_shown_while_there_is_no_game(browser, daemon):
    """A paired phone with no game on the table showed Undo, greyed, under "No game": a
    button for nothing. It comes with a game (greyed until its first move)."""
    page = phone(browser, daemon)
    pair(page, daemon)
    until(page, "document.querySelector('#no-game').dataset.t === 'no_game'")
    assert page.is_hidden("#undo")
    daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])
    until(page, "window.companion.state !== null")
    assert page.is_visible("#undo") and page.is_disabled("#undo")


def test_a_question_asked_in_one_language_is_withdrawn_when_the_language_changes(browser,
                                                                                 daemon):
    """The probe tapped Undo (asked in German), chose Dutch: the button read "Zet
    terugnemen" but was still armed, and the next tap took the move back unasked. Now the
    question goes with the old language (and from the screen reader's region); the next tap
    asks again, in Dutch."""
    page = phone(browser, daemon)
    pair(page, daemon)
    game = daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])["id"]
    daemon.hub.call(daemon.table.apply, game, {"type": "race", "winner": "Anna"})
    until(page, "window.companion.historyTab.lastLine() !== ''")
    page.click("#undo")
    until(page, ARMED)
    assert page.inner_text("#said").startswith("Nochmal tippen zum Zurücknehmen")
    choose_language(page, "nl")
    assert not page.evaluate(ARMED) and page.inner_text("#said") == ""
    time.sleep(0.5)
    page.click("#undo")
    until(page, ARMED)  # asked again, in Dutch: nothing taken back yet
    assert "Anna" in page.inner_text("#undo") and "Nochmal" not in page.inner_text("#undo")
    assert len(daemon.hub.call(lambda: daemon.sessions.get(game).actions)) == 1
