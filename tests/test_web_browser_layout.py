"""The page at the table on a phone, without scrolling: the undo of a six-player game, a
Tauziehen card among 25, the prompt in landscape, the players' table, and a player field
added by mistake taken away again. Boxes are measured in headless Chromium
(getBoundingClientRect) against the screen the phone shows."""

from __future__ import annotations

import pytest
from browser_helpers import (
    AXE,
    open_setup,
    pair,
    phone,
    seat,
    serious_violations,
    shot,
    tauziehen_marker_placed,
    until,
)

SIX = ["Anna", "Bram", "Cor", "Daan", "Eva", "Fleur"]

# Where an element lies on the screen the phone shows now (scrolled as it is), and whether it
# is the one a tap at its middle would reach (nothing fixed or sticky lies over it).
ON_SCREEN = """(sel) => {
  const el = document.querySelector(sel), r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height,
          width: r.width, screen: innerHeight, wide: innerWidth,
          reached: !!hit && (hit === el || el.contains(hit))};
}"""


def on_screen(page, selector: str) -> dict:
    return page.evaluate(ON_SCREEN, selector)


def assert_in_view(page, selector: str) -> None:
    box = on_screen(page, selector)
    assert box["height"] > 0 and box["top"] >= 0 and box["bottom"] <= box["screen"] \
        and box["left"] >= 0 and box["right"] <= box["wide"], (selector, box)
    assert box["reached"], (selector, box)


def six_pairs_mid_game(browser, daemon, viewport=None):
    """A six-player pairs game of Stramash some 40 moves in, on a phone seated for everyone,
    its moves loaded and the page at its top."""
    from companion.rules import get_core
    from companion.rules.randomplay import random_game

    log, _ = random_game(get_core("stramash"), 3, SIX, {"pairs": True}, max_actions=40)
    game = daemon.hub.call(daemon.table.create_game, "stramash", SIX, {"pairs": True}, 3)["id"]
    for action in log:
        daemon.hub.call(daemon.table.apply, game, action)
    page = phone(browser, daemon)
    if viewport:
        page.set_viewport_size(viewport)
    pair(page, daemon)
    seat(page)
    until(page, f"window.companion.state.actions === {len(log)}"
                " && document.querySelectorAll('#choices button').length > 0")
    page.evaluate("window.scrollTo(0, 0)")
    return page


def test_six_player_stramash_undo_is_on_the_screen_without_scrolling(browser, daemon):
    """Six seats, the ring and fourteen cards: the undo was below them, off the screen. It is
    on the first screen, beside the prompt, and so are the prompt and the first card."""
    page = six_pairs_mid_game(browser, daemon)
    shot(page, "layout-01-six-stramash-undo")
    assert_in_view(page, "#undo")
    assert_in_view(page, "#prompt")
    assert_in_view(page, "#choices button")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


CARDS = """() => [...document.querySelectorAll('#choices button.tz-card')].map((b) => {
  const r = b.getBoundingClientRect();
  return {name: b.textContent.replace(/\\s+/g, ' ').trim(), top: r.top, bottom: r.bottom,
          left: r.left, right: r.right, width: r.width, height: r.height};
})"""


def test_tauziehen_every_card_of_25_is_on_the_first_screen(browser, daemon):
    """A player's 25 cards were nine rows of buttons, most of them below the screen: they are
    a grid of small number buttons (the symbols under the number), every one on the first
    screen and big enough for a finger; the card picked, its marker choices are on it too."""
    page = tauziehen_marker_placed(browser, daemon)
    until(page, "document.querySelectorAll('#choices button.tz-card').length === 25")
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, "layout-02-tauziehen-cards")
    cards = page.evaluate(CARDS)
    assert cards[0]["name"] == "3 ●▲" and cards[-1]["name"] == "30 ▲■◆★"  # named as before
    low = [c["name"] for c in cards if c["bottom"] > 844 or c["right"] > 390]
    assert low == [], low
    small = [c["name"] for c in cards if c["width"] < 44 or c["height"] < 44]
    assert small == [], small
    assert len({round(c["top"]) for c in cards}) <= 5  # a few rows, not nine
    if AXE.exists():
        assert serious_violations(page) == []

    page.get_by_role("button", name="13 ●■◆", exact=True).click()  # 8 + 4 + 1
    page.wait_for_selector("#places button")
    shot(page, "layout-02-tauziehen-picked")
    for i in range(page.locator("#places button").count()):
        assert_in_view(page, f"#places button:nth-child({i + 1})")
    page.get_by_role("button", name="Marker auf ◆ 8", exact=True).click()
    until(page, "document.querySelector('.rope[data-card=\"8\"]').dataset.pos === '-1'")
    assert page.evaluate("window.companion.state.markers.Jan") == 8


LANDSCAPE = {"width": 844, "height": 390}


@pytest.mark.parametrize(("game", "players"), [
    ("howruck", ["Anna", "Bert"]), ("laufrauf", ["red", "green", "blue"]),
    ("tauziehen", ["Ida", "Jan"]), ("stramash", SIX)])
def test_landscape_shows_the_prompt_and_the_first_move_without_scrolling(browser, daemon, game,
                                                                         players):
    """A phone on its side (844 x 390) put the board's full width above the prompt: whose
    turn it is and what to do were below the screen. The board goes beside them."""
    if game == "stramash":
        page = six_pairs_mid_game(browser, daemon, LANDSCAPE)
    else:
        page = phone(browser, daemon)
        page.set_viewport_size(LANDSCAPE)
        pair(page, daemon)
        daemon.hub.call(daemon.table.create_game, game, players)
        page.wait_for_selector("#board svg")
        seat(page)
        until(page, "document.querySelectorAll('#choices button, #places button').length > 0")
        page.evaluate("window.scrollTo(0, 0)")
    shot(page, f"layout-03-landscape-{game}")
    assert page.inner_text("#prompt").strip()
    assert_in_view(page, "#prompt")
    assert_in_view(page, "#undo")
    assert_in_view(page, ":is(#choices, #places) button")
    board = on_screen(page, "#board svg")
    assert board["top"] < 390 and board["height"] >= 150, board  # still a board to see
    assert page.evaluate("document.documentElement.scrollWidth") <= 844


# Every table of the Players tab: how much wider its content is than the box it shows in,
# and the cells reaching past the screen's right edge (cut, with no sign that they scroll).
TABLES_CUT = """() => [...document.querySelectorAll('#roster table')].map((t) => {
  const box = t.parentElement.classList.contains('stats-scroll') ? t.parentElement : t;
  const cut = [...t.querySelectorAll('th, td')]
    .filter((c) => c.getClientRects().length && c.getBoundingClientRect().right > innerWidth + 0.5)
    .map((c) => c.textContent);
  return [t.id || 'table', box.scrollWidth - box.clientWidth, cut];
}).filter(([, over, cut]) => over > 0 || cut.length)"""

# The wins chart's names that reach past its left edge (a long one was cut there).
CHART_CUT = """() => {
  const chart = document.querySelector('#wins-chart').getBoundingClientRect();
  return [...document.querySelectorAll('#wins-chart text')]
    .filter((t) => t.getBoundingClientRect().left < chart.left - 0.5).map((t) => t.textContent);
}"""


@pytest.mark.parametrize("lang", ["de", "fr", "nl", "en"])
def test_the_players_tables_fit_a_phone(browser, daemon, lang):
    """The players' table had six columns on a 364 px wide tab: the last ones were cut at the
    screen's edge, with no sign that it scrolled. On a phone it shows the columns that fit
    (players, games, won, streak); rival and most beaten are in the player's details, a tap
    on the name away; a wider screen shows all six. No table is cut, in any language."""
    from browser_helpers import choose_language
    from test_backup import finished_game

    for game, seed, players in (
            ("howruck", 1, ["Annabelle-Marie", "Bob"]), ("howruck", 2, ["Bob", "Annabelle-Marie"]),
            ("tauziehen", 1, ["Annabelle-Marie", "Catharina"]),
            ("stramash", 1, ["Bob", "Catharina", "Dan"]), ("laufrauf", 1, ["red", "blue"])):
        finished_game(daemon, game, seed, players)
    page = phone(browser, daemon)
    pair(page, daemon)
    choose_language(page, lang)
    page.click("nav [data-tab=roster]")
    page.wait_for_selector("#players-table")
    page.click("#players-table [data-player=Annabelle-Marie]")
    page.wait_for_selector("#player-details")
    shot(page, f"layout-04-players-{lang}")
    assert page.evaluate(TABLES_CUT) == []
    assert page.evaluate(CHART_CUT) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shown = page.locator("#players-table th:visible").count()
    assert 3 <= shown < 6
    details = page.inner_text("#player-details")  # what the narrow table leaves out
    rival = page.evaluate("window.companion.t('pl_rival')")
    assert rival in details and "Bob" in details

    page.set_viewport_size({"width": 900, "height": 844})
    until(page, "document.querySelectorAll('#players-table th').length === 6")
    assert page.locator("#players-table th:visible").count() == 6
    assert page.evaluate(TABLES_CUT) == []


NAMES = "[...document.querySelectorAll('#players input')].map((i) => i.value)"


def test_a_player_field_added_by_mistake_is_taken_away_again(browser, daemon):
    """An added player field could not be removed (only by choosing another game and back):
    each field past the game's fewest players has a × beside it, named for screen readers,
    reached and pressed from the keyboard; the names typed stay with their players; the
    fields never go below the game's fewest, and the game starts with the players left."""
    page = phone(browser, daemon)
    pair(page, daemon)
    open_setup(page)
    page.select_option("#game", "stramash")  # 2 to 6 players
    until(page, "document.querySelectorAll('#players input').length === 2")
    assert page.locator("#players button").count() == 0  # the fewest: nothing to remove
    for _ in range(2):
        page.click("#add-player")
    names = ["Anna", "Bram", "Cor", "Daan"]
    for i, name in enumerate(names):
        page.locator("#players input").nth(i).fill(name)
    remove = page.locator("#players button")
    assert remove.count() == 2  # players 3 and 4
    assert remove.all_inner_texts() == ["×", "×"]
    assert [remove.nth(i).get_attribute("aria-label") for i in range(2)] == [
        "Spieler 3 entfernen", "Spieler 4 entfernen"]
    shot(page, "layout-05-setup-remove")
    if AXE.exists():
        assert serious_violations(page) == []
    for i in range(2):  # as big as every control, beside its field, on the screen
        box, field = remove.nth(i).bounding_box(), page.locator("#players input").nth(i + 2) \
            .bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, box
        assert abs((box["y"] + box["height"] / 2) - (field["y"] + field["height"] / 2)) < 4
        assert box["x"] + box["width"] <= 390

    page.get_by_role("button", name="Spieler 3 entfernen", exact=True).focus()
    page.keyboard.press("Enter")  # Cor goes, from the keyboard
    until(page, "document.querySelectorAll('#players input').length === 3")
    assert page.evaluate(NAMES) == ["Anna", "Bram", "Daan"]
    focused = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert focused == "Spieler 3 entfernen"  # the keyboard stays where it was, on Daan's ×
    page.keyboard.press("Space")
    until(page, "document.querySelectorAll('#players input').length === 2")
    assert page.evaluate(NAMES) == ["Anna", "Bram"]
    assert page.locator("#players button").count() == 0
    assert page.evaluate("document.activeElement.id") == "add-player"  # the next thing to do
    assert page.is_visible("#add-player")

    page.select_option("#game", "laufrauf")  # colours: a × takes its colour away with it
    page.click("#add-player")
    until(page, "document.querySelectorAll('#players select').length === 3")
    colours = page.evaluate("[...document.querySelectorAll('#players select')].map((s) => s.value)")
    page.get_by_role("button", name="Spieler 3 entfernen", exact=True).click()
    until(page, "document.querySelectorAll('#players select').length === 2")
    assert page.evaluate("[...document.querySelectorAll('#players select')].map((s) => s.value)") \
        == colours[:2]
    page.select_option("#game", "stramash")
    page.click("#add-player")
    page.locator("#players input").nth(2).fill("Eva")
    page.click("#setup-form button[type=submit]")
    until(page, "window.companion.state && window.companion.state.game === 'stramash'")
    assert daemon.hub.call(lambda: daemon.table.current) is not None
    assert page.evaluate("window.companion.state.players")[2] == "Eva"


# The words of the move buttons that the screen shows broken over two lines ("Adrenalin|e
# Rush"): each word's text as a range, its boxes on more than one line.
WORDS_BROKEN = """() => {
  const broken = [];
  for (const b of document.querySelectorAll('#choices button, #places button')) {
    const node = b.firstChild;
    if (!node || node.nodeType !== Node.TEXT_NODE) continue;
    for (const m of node.textContent.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      if (tops.size > 1) broken.push(m[0]);
    }
  }
  return broken;
}"""


@pytest.mark.parametrize("lang", ["en", "de", "nl", "fr"])
def test_move_buttons_never_break_a_word_in_two(browser, daemon, lang):
    """How Ruck!'s action cards on a phone read "Adrenalin / e Rush", "Versterk / ing": a word
    was cut anywhere to keep three buttons to a row. A button takes the room its longest word
    needs (a row holds fewer), and only a word longer than the whole row is broken."""
    from browser_helpers import choose_language

    game = daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])["id"]
    daemon.hub.call(daemon.table.apply, game, {"type": "race", "winner": "Anna"})
    page = phone(browser, daemon)
    pair(page, daemon)
    choose_language(page, lang)
    seat(page)
    until(page, "document.querySelectorAll('#choices button').length > 8")
    shot(page, f"layout-05-words-{lang}")
    assert page.evaluate(WORDS_BROKEN) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


# The buttons that throw again keeping a die, as the phone shows them.
RETHROWS = """() => [...document.querySelectorAll('#choices button')]
  .filter((b) => b.textContent.includes('blijft liggen'))
  .map((b) => { const r = b.getBoundingClientRect(); return {text: b.textContent, width: r.width,
    height: r.height}; })"""


def test_lauf_rauf_throwing_again_keeping_a_die_is_one_readable_button_each(browser, daemon):
    """"Opnieuw gooien, de 1 blijft liggen" was squeezed into a third of the row, five lines
    high, beside its twin a whole row wide. Each throw again keeping a die has a row of its
    own: as wide as the other, on one or two lines."""
    from browser_helpers import choose_language

    daemon.hub.call(daemon.table.create_game, "laufrauf", ["red", "blue", "green"], {}, 1)
    page = phone(browser, daemon)
    pair(page, daemon)
    choose_language(page, "nl")
    seat(page, "red")
    page.locator("#choices").get_by_role("button", name="Gooien", exact=True).click()
    until(page, "(window.companion.state.dice || []).length === 2"
                " && [...document.querySelectorAll('#choices button')]"
                ".filter((b) => b.textContent.includes('blijft liggen')).length === 2")
    shot(page, "layout-06-lr-rethrow-nl")
    first, second = page.evaluate(RETHROWS)
    assert abs(first["width"] - second["width"]) < 1, (first, second)
    assert first["height"] <= 72 and second["height"] <= 72, (first, second)  # two lines at most


# The words of an element's text on each line the screen shows it in (by their boxes' tops).
LINES = """(sel) => {
  const node = document.querySelector(sel).firstChild, lines = new Map();
  for (const m of node.textContent.matchAll(/\\S+/g)) {
    const range = document.createRange();
    range.setStart(node, m.index);
    range.setEnd(node, m.index + m[0].length);
    const top = Math.round(range.getClientRects()[0].top);
    lines.set(top, [...(lines.get(top) || []), m[0]]);
  }
  return [...lines.keys()].sort((a, b) => a - b).map((top) => lines.get(top).join(' '));
}"""

# The page's elements whose content is wider than their box (cut, or scrolling sideways).
OVERFLOWING = """() => [...document.querySelectorAll('#play *')]
  .filter((e) => e.getClientRects().length && e.scrollWidth > e.clientWidth + 1
                 && !(e instanceof SVGElement))
  .map((e) => e.tagName + ' ' + e.textContent.trim().slice(0, 40))"""


def test_lauf_rauf_in_dutch_fits_a_narrow_phone_and_wraps_no_word_alone(browser, daemon):
    """On a 360 px wide phone in Dutch (whose "dobbelsteen" is longer than "Würfel"), with the
    table's own dice entered: nothing is cut or wider than the screen, no word of a move
    breaks, and whose turn it is does not leave "3" alone on a line ("Rood is aan de beurt ·
    worp 1 van | 3")."""
    daemon.hub.call(daemon.table.create_game, "laufrauf", ["red", "blue", "green"], {}, 1)
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="nl-NL",
                                  device_scale_factor=2, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"http://127.0.0.1:{daemon.web.port}/")
    pair(page, daemon)
    until(page, "window.companion.i18n.lang === 'nl'")  # the phone's own language
    seat(page, "red")
    page.locator("#choices").get_by_role("button", name="Gooien", exact=True).click()
    until(page, "(window.companion.state.dice || []).length === 2")
    page.check("#lr-real")  # the table's dice: a die's "bleef liggen" beside "Dobbelsteen 1"
    until(page, "document.querySelectorAll('.dice-entry .lr-stay').length === 2")
    page.locator(".dice-entry .lr-stay").nth(1).click()  # and the button saying it all:
    page.locator(".dice-entry [role=group] button:not(.lr-stay)").first.click()
    until(page, "document.querySelector('.dice-entry button.whole-row').textContent"
                " === 'Dobbelsteen 1 opnieuw: 1, dobbelsteen 2 bleef liggen: ' + "
                "window.companion.state.dice[1]")
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, "layout-07-lr-real-dice-nl-360")
    lines = page.evaluate(LINES, "#prompt")
    assert " ".join(lines) == "Rood is aan de beurt · worp 1 van 3"
    assert len(lines) == 1 or len(lines[-1].split()) > 1, lines
    assert page.evaluate(WORDS_BROKEN) == []
    assert page.evaluate(OVERFLOWING) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    boxes = page.eval_on_selector_all(
        "#choices button", "(bs) => bs.map((b) => { const r = b.getBoundingClientRect();"
                           " return {left: r.left, right: r.right, height: r.height}; })")
    assert len(boxes) >= 15  # the dice's faces and "bleef liggen" too, not the first of each
    for box in boxes:
        assert box["left"] >= 0 and box["right"] <= 360 and box["height"] <= 72, box
