"""Stramash's card picker on a narrow phone (360 x 740) in headless Chromium: a move's button
says what it does in a line or two (not squeezed into a third of the row, six words a line
apart), the prompt says what the step asks, and a 7 that several laddies could share is
split as the README says: first which laddies move, then how far."""

from __future__ import annotations

from browser_helpers import SMALL_PHONE, pair, phone, seat, shot, until

# Emma's laddies 1 and 2 on the track (3 and 0 squares past her start), Liam's laddie 1 on
# it too: Emma to play. Her 7 may go to laddie 1 alone or be split between both.
OPENING = [{"type": "play", "player": "Emma", "card": "A", "laddie": 0, "enter": True},
           {"type": "play", "player": "Liam", "card": "A", "laddie": 0, "enter": True},
           {"type": "play", "player": "Emma", "card": "3", "laddie": 0},
           {"type": "play", "player": "Liam", "card": "2", "laddie": 0},
           {"type": "play", "player": "Emma", "card": "A", "laddie": 1, "enter": True},
           {"type": "play", "player": "Liam", "card": "4", "laddie": 0}]

# How many lines each move button's words take on the screen (their line boxes).
LINES = """() => [...document.querySelectorAll('#places button')].map((b) => {
  const r = document.createRange();
  r.selectNodeContents(b);
  return [b.textContent, new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size];
})"""


def emma_to_play(browser, daemon):
    game = daemon.hub.call(daemon.table.create_game, "stramash", ["Emma", "Liam"])["id"]
    for action in OPENING:
        daemon.hub.call(daemon.table.apply, game, action)
    page = phone(browser, daemon, viewport=SMALL_PHONE)
    pair(page, daemon)
    seat(page)
    until(page, f"window.companion.state.actions === {len(OPENING)}"
                " && window.companion.legal.length > 0")
    return game, page


def prompt(page) -> str:
    return page.inner_text("#prompt")


def tap(page, where: str, name: str) -> None:
    page.locator(where).get_by_role("button", name=name, exact=True).click()


def test_stramash_a_seven_first_which_laddies_then_how_far_each_in_a_line_or_two(
        browser, daemon):
    """All the ways to play the 7 stood at once in a third of the row each, "Laddie 1: 1
    vor · Laddie 2: 6 vor" in six lines, under a prompt still asking which card. The 7 now
    asks which laddies move (a laddie alone: its move at once), then how far; the prompt
    follows each step, every button reads in at most two lines."""
    game, page = emma_to_play(browser, daemon)
    assert prompt(page).endswith("welche Karte?")
    tap(page, "#choices", "7")
    assert page.locator("#places button").all_inner_texts() == [
        "Laddie 1: 7 vor", "Laddie 1 + Laddie 2"]
    assert prompt(page).endswith("welche Laddies ziehen?")
    tap(page, "#places", "Laddie 1 + Laddie 2")
    shot(page, "20-stramash-seven-how-far")
    assert prompt(page).endswith("wie weit?")
    lines = page.evaluate(LINES)
    assert len(lines) == 4 and all(n <= 2 for _, n in lines), lines  # splits alike: one
    assert "Laddie 1: 6 vor · Laddie 2: 1 vor" in [text for text, _ in lines]
    tap(page, "#choices", "zurück")  # back to which laddies move
    assert prompt(page).endswith("welche Laddies ziehen?")
    tap(page, "#places", "Laddie 1 + Laddie 2")
    tap(page, "#places", "Laddie 1: 5 vor · Laddie 2: 2 vor")
    until(page, f"window.companion.state.actions === {len(OPENING) + 1}")
    entered = daemon.hub.call(lambda: daemon.sessions.get(game).actions[-1])
    assert dict(entered["split"]) == {0: 5, 1: 2}


def test_stramash_a_bonnie_fechter_choice_reads_in_a_line_or_two_under_its_own_prompt(
        browser, daemon):
    """A Bonnie Fechter choice ("Laddie 2 → Laddie 1 von Liam · Laddie 1 von Liam: zurück
    ins Dock") took seven lines in a third of the row: each has the row to itself now."""
    _, page = emma_to_play(browser, daemon)
    tap(page, "#choices", "Bonnie Fechter")
    assert prompt(page).endswith("welcher Zug?")
    shot(page, "20-stramash-bonnie-fechter")
    lines = page.evaluate(LINES)
    assert len(lines) == 3 and all(n <= 3 for _, n in lines), lines
    widths = page.evaluate("[...document.querySelectorAll('#places button')]"
                           ".map((b) => b.getBoundingClientRect().width)")
    row = page.evaluate("document.querySelector('#places').getBoundingClientRect().width")
    assert all(w > row * 0.9 for w in widths), (widths, row)  # one to a row
