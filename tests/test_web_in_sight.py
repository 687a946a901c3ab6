"""A move is made on the first screen: on a phone (390×844) the step that follows a tap is in
sight (a Tauziehen card's marker choices), and a phone's seats, once play moved on (or every
seat is chosen), take one line above the moves. Moves alike on the table are one button
(Lauf Rauf!: the figures in base camp). And no page is wider than a small phone (360 px)
in any language."""

from __future__ import annotations

from browser_helpers import accepted, choose_language, pair, phone, seat, seated_at, shot, until

from companion.rules import get_core

IN_SIGHT = """(sel) => { const el = document.querySelector(sel); if (!el) return null;
  const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }"""


def test_a_tauziehen_cards_marker_choices_come_into_sight(browser, daemon):
    def stop(core, s):  # a card whose marker may go to several places
        return s.phase == "play" and len({a["card"] for a in core.legal_actions(s, s.turn)}) \
            < len(core.legal_actions(s, s.turn))
    header, done, state = accepted("tauziehen_full_game.jsonl", stop)
    page = seated_at(browser, daemon, "tauziehen", header, done)
    choices = get_core("tauziehen").legal_actions(state, state.turn)
    card = max(c for c in {a["card"] for a in choices}
               if sum(a["card"] == c for a in choices) > 1)  # the last in the hand's order
    page.locator("#choices button.tz-card", has_text=f"{card} ").first.click()
    until(page, "document.querySelectorAll('#places button').length > 1")
    shot(page, "in_sight_tauziehen")
    assert page.evaluate(IN_SIGHT, "#places button:last-child"), "marker choices out of sight"
    assert page.evaluate(IN_SIGHT, "#choices button.picked"), "the card picked out of sight"
    assert page.locator("#choices button.tz-card").count() == 1  # only it stays
    page.locator("#choices button.picked").click()  # tapped again: the whole hand
    assert page.locator("#choices button.tz-card").count() == len({a["card"] for a in choices})


def test_seats_chosen_take_one_line_once_play_moved_on(browser, daemon):
    game = daemon.hub.call(daemon.table.create_game, "stramash", ["Ann", "Bob", "Cat"])["id"]
    page = phone(browser, daemon)
    pair(page, daemon)
    seat(page, "Ann", "Cat")  # one phone shared by two players
    action = page.evaluate("window.companion.legal.find((a) => a.type === 'play')")
    daemon.hub.call(daemon.table.apply, game, action)
    until(page, "window.companion.state.actions === 1")
    row = page.locator("#seats")
    until(page, "document.querySelectorAll('#seats button:not([hidden])').length === 1")
    assert row.bounding_box()["height"] <= 56
    assert row.inner_text() == "dieses Telefon: Ann, Cat · ändern"
    row.get_by_role("button").click()  # to change them: every seat again
    assert page.locator("#seats button[data-player]").count() == 3
    page.locator("#seats button[data-player=Bob]").click()
    until(page, "document.querySelectorAll('#seats button').length === 1")  # chosen: one line
    assert row.inner_text() == "dieses Telefon: Ann, Bob, Cat · ändern"


def test_lauf_rauf_starting_from_base_camp_is_one_button(browser, daemon):
    def stop(core, s):  # every figure of the player in base camp, and a start allowed
        return s.turn and sum(a.get("move") == "start" for a in core.legal_actions(s)) == 3
    header, done, _ = accepted("laufrauf_full_game.jsonl", stop)
    page = seated_at(browser, daemon, "laufrauf", header, done)
    labels = page.locator("#choices button.lr-move").all_inner_texts()
    assert labels == ["rot 1: starten"]


def test_no_language_makes_the_page_wider_than_a_small_phone(browser, daemon):
    """French tab names ("Nouvelle partie", "Joueurs", "Table") pushed the page to 391 px on
    a 360 px phone: the last tab cut off, the whole page scrolling sideways."""
    daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])
    page = phone(browser, daemon)
    page.set_viewport_size({"width": 360, "height": 640})
    for lang in ("en", "de", "nl", "fr"):
        choose_language(page, lang)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, (lang, width)
    shot(page, "narrow_fr")
