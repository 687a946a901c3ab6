"""The history tab opens at the newest line and follows new ones while the reader is at the
end; a reader who scrolled back to an earlier line is left there. (A long game's history is
longer than a phone's screen: the newest line is the one people look for.)"""

from __future__ import annotations

from browser_helpers import accepted, phone, until

NEWEST_IN_SIGHT = ("(() => { const li = document.querySelector('#history-list li:last-child');"
                   " const box = li && li.getBoundingClientRect();"
                   " return !!box && box.bottom <= window.innerHeight && box.top >= 0; })()")


def test_the_history_opens_at_the_newest_line_and_follows_it(browser, daemon):
    header, done, _ = accepted("laufrauf_full_game.jsonl")
    game = daemon.hub.call(daemon.table.create_game, "laufrauf", header["players"],
                           header["options"], header["seed"])["id"]
    for action in done[:60]:
        daemon.hub.call(daemon.table.apply, game, action)
    page = phone(browser, daemon)  # a watcher: the history is everyone's
    until(page, "window.companion.state && window.companion.state.actions === 60")
    page.click("nav [data-tab=history]")
    until(page, "document.querySelectorAll('#history-list li').length === 60")
    assert page.evaluate("document.documentElement.scrollHeight > 2 * window.innerHeight")
    until(page, NEWEST_IN_SIGHT)

    for action in done[60:66]:  # new lines while the reader is at the end
        daemon.hub.call(daemon.table.apply, game, action)
    until(page, "document.querySelectorAll('#history-list li').length === 66")
    until(page, NEWEST_IN_SIGHT)

    page.evaluate("window.scrollTo(0, 0)")  # reading from the start
    for action in done[66:70]:
        daemon.hub.call(daemon.table.apply, game, action)
    until(page, "document.querySelectorAll('#history-list li').length === 70")
    assert page.evaluate("window.scrollY") == 0  # not pulled away from what they read
