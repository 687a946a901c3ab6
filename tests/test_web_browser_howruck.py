"""How Ruck! on a phone in headless Chromium: the race margin in the history, the pickers (few
taps, at most 24 buttons), the tie-break's two cards, a tap on the cards lying on a field,
and the contest line clear of the fields. (The other games: test_web_browser_games.py.)"""

from __future__ import annotations

from browser_helpers import SMALL_PHONE, pair, phone, seat, shot, until, visible_buttons


def test_history_shows_how_close_each_race_was(browser, daemon):
    """Races stored as press times: the history says who won and by how much, in German."""
    page = phone(browser, daemon)
    pair(page, daemon)
    game = daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])["id"]
    daemon.hub.call(daemon.table.apply, game,
                    {"type": "race", "presses": {"Anna": [31_000], "Bert": [16_900, 17_500]}})
    until(page, "document.querySelector('#prompt').textContent.includes('Bert')")
    page.click("nav [data-tab=history]")
    page.wait_for_selector("#history-list li")
    assert page.inner_text("#history-list li") == \
        "Bert hat den Wettlauf gewonnen, 14,1 ms voraus — Das Tauziehen der Runde 1 beginnt"
    shot(page, "17-race-margin-in-history")



def test_howruck_pickers_few_taps_and_at_most_24_buttons(browser, daemon):
    view = daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])
    game = view["id"]
    page = phone(browser, daemon)
    pair(page, daemon)
    seat(page)
    daemon.hub.call(daemon.table.apply, game, {"type": "race", "tie": True})
    page.wait_for_selector("#choices select, #choices button")
    assert visible_buttons(page) <= 24  # the tie-break: a side's card, colour first
    daemon.hub.call(daemon.table.apply, game, {"type": "tiebreak", "draws": {
        "Anna": {"color": "red", "strength": 3, "howruck": False, "nessie": False},
        "Bert": {"color": "red", "strength": 1, "howruck": False, "nessie": False}}})
    until(page, "window.companion.state.phase === 'tug'"
                           " && window.companion.legal.length")
    assert page.evaluate("window.companion.seats.told") == 1  # the seat's phone is told its turn
    assert page.title().startswith("▶")
    assert 0 < visible_buttons(page) <= 24  # the tug
    # an action card without parameters: two taps
    page.locator("#choices").get_by_role("button", name="Adrenalinstoß", exact=True).click()
    page.locator("#places").get_by_role("button", name="Adrenalinstoß: ausspielen",
                                        exact=True).click()
    until(page, "window.companion.state.actions === 3 && window.companion.legal.length")
    # Fieser Trick: the taken card with the same picker, then its field on the board
    page.locator("#choices").get_by_role("button", name="Fieser Trick", exact=True).click()
    assert visible_buttons(page) <= 24
    page.locator("#places").get_by_role("button", name="eine Karte nehmen", exact=True).click()
    assert visible_buttons(page) <= 24
    page.locator("#choices").get_by_role("button", name="grün", exact=True).click()
    assert visible_buttons(page) <= 24
    page.locator("#choices").get_by_role("button", name="grün 2", exact=True).click()
    if page.locator("#choices").get_by_role("button", name="ohne ✶", exact=True).count():
        page.locator("#choices").get_by_role("button", name="ohne ✶", exact=True).click()
    page.locator("#board [role=button]").first.click()
    until(page, "window.companion.state.actions === 4")
    shot(page, "11-fieser-trick-placed")




def test_a_tiebreak_is_a_few_taps_a_side_each_card_once_under_the_banners_words(
        browser, daemon):
    """The tie-break was two dropdowns of 46 cards, each card twice (with and without ✶,
    which plays no part in it), under "Jede Seite zieht eine Karte" while the banner said
    "Beide ziehen eine Karte". Each side's card is now picked with buttons as everywhere
    else, colour then strength (an action card by its name), side after side, the prompt
    asking whose card it is; nothing is entered before the second card is tapped."""
    game = daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])["id"]
    page = phone(browser, daemon, viewport=SMALL_PHONE)
    pair(page, daemon)
    seat(page)
    daemon.hub.call(daemon.table.apply, game, {"type": "race", "tie": True})
    page.wait_for_selector("#banner:not([hidden])")
    banner = page.inner_text("#banner")
    assert banner == "Gleichstand: Beide ziehen eine Karte"
    until(page, "window.companion.state.phase === 'tiebreak'"
                " && document.querySelectorAll('#choices button').length > 0")
    assert page.inner_text("#prompt").startswith(banner)
    assert page.locator("#choices select").count() == 0
    taps: list[str] = []

    def tap(name: str) -> None:
        labels = page.locator("#choices button, #places button").all_inner_texts()
        assert not [x for x in labels if "✶" in x], labels  # no card twice
        assert len(labels) <= 13, labels  # a row of colours or action cards, back
        page.locator("#choices").get_by_role("button", name=name, exact=True).click()
        taps.append(name)

    for side, colour, card in (("Anna", "rot", "rot 3"), ("Bert", "rot", "rot 3")):
        assert page.inner_text("#prompt").endswith(f"Welche Karte zog {side}?")
        tap(colour)
        tap(card)
    until(page, "window.companion.state.actions === 2")  # the same card: drawn again
    assert len(taps) == 4
    shot(page, "14-howruck-tiebreak")
    tap("Aktionskarte")
    tap("Adrenalinstoß")
    assert page.inner_text("#prompt").endswith("Welche Karte zog Bert?")
    assert daemon.hub.call(lambda: len(daemon.sessions.get(game).actions)) == 2  # not yet
    tap("weiß")
    tap("Nessie")
    until(page, "window.companion.state.phase === 'tug'")
    draws = [a["draws"] for a in daemon.hub.call(lambda: daemon.sessions.get(game).actions)[1:]]
    red3 = {"color": "red", "strength": 3, "howruck": False, "nessie": False}
    assert draws == [{"Anna": red3, "Bert": red3}, {
        "Anna": {"action": "adrenalin"},
        "Bert": {"color": "white", "strength": 6, "howruck": False, "nessie": True}}]


def test_a_tiebreak_with_the_box_composition_asks_which_copy_was_drawn(browser, daemon):
    """With the box's composition entered, the table counts which cards were seen: a card
    whose plain and ✶ copies are both left is asked after its strength (as a played one
    is), a card the box has only with ✶ is not."""
    composition = [{"card": {"color": "red", "strength": 3, "howruck": imprint, "nessie": False},
                    "count": 20} for imprint in (False, True)]  # a box of 45: red 3s, blue 2 ✶s
    composition.append({"card": {"color": "blue", "strength": 2, "howruck": True,
                                 "nessie": False}, "count": 5})
    game = daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"],
                           {"composition": composition})["id"]
    page = phone(browser, daemon, viewport=SMALL_PHONE)
    pair(page, daemon)
    seat(page)
    daemon.hub.call(daemon.table.apply, game, {"type": "race", "tie": True})
    until(page, "window.companion.state.phase === 'tiebreak'"
                " && document.querySelectorAll('#choices button').length > 0")
    for name in ("rot", "rot 3", "mit ✶ (How-Ruck-Aufdruck)", "blau", "blau 2"):
        page.locator("#choices").get_by_role("button", name=name, exact=True).click()
    until(page, "window.companion.state.phase === 'tug'")
    entered = daemon.hub.call(lambda: daemon.sessions.get(game).actions[-1])
    assert entered["draws"] == {
        "Anna": {"color": "red", "strength": 3, "howruck": True, "nessie": False},
        "Bert": {"color": "blue", "strength": 2, "howruck": True, "nessie": False}}


TOP_CARD = """(() => {
  const f = document.querySelector('#board .field[data-side=Anna][data-field=red]')
    .getBoundingClientRect();
  const inside = (el) => { const a = el.getBoundingClientRect();
    return a.left >= f.left && a.right <= f.right && a.top >= f.top && a.bottom <= f.bottom; };
  const box = (el) => { const r = el.getBoundingClientRect();
    return {x: r.x + r.width / 2, y: r.y + r.height / 2}; };
  const cards = [...document.querySelectorAll('#board rect:not(.field)')].filter(inside);
  const texts = [...document.querySelectorAll('#board text')].filter(inside);
  return [box(cards[cards.length - 1]), box(texts[texts.length - 1])];
})()"""


def test_howruck_a_tap_on_the_cards_lying_on_a_field_places_the_card_there(browser, daemon):
    """A field that already holds cards is mostly those cards: a tap on them (where a finger
    lands when the player points at the stack) did nothing, as only the bare field around
    them answered. The cards and their numbers let the tap through to their field."""
    game = daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])["id"]
    daemon.hub.call(daemon.table.apply, game, {"type": "race", "winner": "Anna"})
    red = {"color": "red", "strength": 1, "howruck": False, "nessie": False}
    for player in ("Anna", "Bert"):  # two cards on Anna's red field
        daemon.hub.call(daemon.table.apply, game, {"type": "play", "player": player,
                                                   "card": red, "side": "Anna", "field": "red"})
    page = phone(browser, daemon)
    pair(page, daemon)
    seat(page)
    for done, target in ((3, 0), (4, 1)):  # a tap on the top card, then on its number
        until(page, f"window.companion.state.actions === {done}"
                    " && window.companion.legal.length")
        for name in ("rot", "rot 1", "ohne ✶"):
            page.locator("#choices").get_by_role("button", name=name, exact=True).click()
        page.wait_for_selector("#board .field.legal[data-side=Anna][data-field=red]")
        shot(page, f"12-howruck-tap-on-a-stack-{target}")
        point = page.evaluate(TOP_CARD)[target]
        page.mouse.click(point["x"], point["y"])
        until(page, f"window.companion.state.actions === {done + 1}")
    assert len(page.evaluate("window.companion.state.fields.Anna.red")) == 4


def test_howruck_the_contest_line_keeps_clear_of_the_fields_above_it(browser, daemon):
    """"Kräftemessen jetzt: Anna 6 : 6 Bert" was written on the lower edge of the second
    player's fields. It stands below them, and the imprint's legend below it."""
    game = daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])["id"]
    daemon.hub.call(daemon.table.apply, game, {"type": "race", "winner": "Anna"})
    page = phone(browser, daemon)
    page.wait_for_selector("#board #strength")
    shot(page, "13-howruck-contest-line")
    boxes = page.evaluate("""() => {
      const b = (el) => el.getBoundingClientRect();
      const fields = [...document.querySelectorAll('#board .field')].map((f) => b(f).bottom);
      return {fields: Math.max(...fields), line: b(document.querySelector('#strength')),
              legend: b(document.querySelector('#imprint-legend')),
              svg: b(document.querySelector('#board svg'))};
    }""")
    assert boxes["line"]["top"] >= boxes["fields"] + 2, boxes  # the stroke and a gap
    assert boxes["legend"]["top"] >= boxes["line"]["bottom"] - 1, boxes
    assert boxes["legend"]["bottom"] <= boxes["svg"]["bottom"], boxes


# The board drawn by the page's own module from the game's state, with Anna's green stack as
# high as `n` cards (the play-through's ended at 6 and more); each field's box, its cards'
# boxes (drawn after it) and the words inside it.
TALL_STACK = """(n) => {
  const c = window.companion, s = structuredClone(c.state);
  s.fields.Anna.green = Array.from({length: n}, (_, k) => ({color: "green", strength: k % 4 + 1}));
  document.querySelector('#board').innerHTML = c.board(s, c.t);
  const b = (el) => { const r = el.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
  const fields = [];
  for (const el of document.querySelectorAll('#board svg > *')) {
    if (el.classList.contains('field')) fields.push({...b(el), side: el.dataset.side,
      field: el.dataset.field, cards: [], words: []});
    else if (fields.length && el.tagName === 'rect') fields.at(-1).cards.push(b(el));
  }
  for (const el of document.querySelectorAll('#board svg text')) {
    const r = b(el), f = fields.find((f) => f.left <= r.left && r.right <= f.right
                                           && f.top <= r.top && r.bottom <= f.bottom);
    if (f) f.words.push(el.textContent);
  }
  return fields.filter((f) => f.cards.length);
}"""


def test_howruck_a_tall_stack_stays_inside_its_field(browser, daemon):
    """From about the sixth card on a stack ran out of its field (the play-through's green
    fields): a tall stack is drawn closer together inside the field, and says how many cards
    it has; a short one is drawn as before, every card's number readable."""
    daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])
    page = phone(browser, daemon)
    page.wait_for_selector("#board .field")
    until(page, "Boolean(window.companion.games.howruck)")
    for n in (3, 5, 6, 9, 14):
        (field,) = page.evaluate(TALL_STACK, n)
        shot(page, f"18-howruck-stack-{n}")
        assert len(field["cards"]) == n
        for card in field["cards"]:
            assert field["left"] <= card["left"] and card["right"] <= field["right"], (n, field)
            assert field["top"] <= card["top"] and card["bottom"] <= field["bottom"], (n, field)
        if n <= 5:  # side by side, apart: each one's number
            assert len(field["words"]) == n, field
        else:
            assert f"{n} Karten" in field["words"], field
