"""The page on a 390 x 844 phone in headless Chromium: nothing wider than the screen, the
first move on screen at one's turn, news that moves nothing, the reader's own words."""

from __future__ import annotations

import pytest
from browser_helpers import choose_language, confirm, open_setup, pair, phone, seat, shot, until


def test_a_phone_390_px_wide_shows_everything_in_its_own_words(browser, daemon):
    """Four Stramash seats and the players' table fit (the page never scrolls sideways);
    Lauf Rauf!'s seats and the games list say its colours in German; a claimed seat looks
    claimed; a team that won is named with its partner."""
    from companion.rules import get_core
    from companion.rules.randomplay import random_game

    four, pairs = ["Anna", "Ben", "Clara", "Opa"], {"pairs": True}
    log, end = random_game(get_core("stramash"), 1, four, pairs)  # a team wins
    assert isinstance(end.winner, list)
    finished = daemon.hub.call(daemon.table.create_game, "stramash", four, pairs, 1)["id"]
    for action in log:
        daemon.hub.call(daemon.table.apply, finished, action)
    page = phone(browser, daemon)
    pair(page, daemon)
    wide = "document.documentElement.scrollWidth"
    daemon.hub.call(daemon.table.create_game, "stramash", ["Anna", "Ben", "Clara", "Opa"],
                    {"pairs": True})
    page.wait_for_selector("#board .laddie")
    page.wait_for_selector("#seats button")
    assert page.evaluate(wide) <= 390
    seat(page, "Opa")  # open while seats are left to choose: Opa's marked
    claimed = page.locator("#seats button[aria-pressed=true]")
    free = page.locator("#seats button[aria-pressed=false]").first
    style = "(b) => getComputedStyle(b).backgroundColor"
    assert claimed.evaluate(style) != free.evaluate(style)
    shot(page, "19-four-seats")

    daemon.hub.call(daemon.table.create_game, "laufrauf", ["red", "blue", "green"])
    page.wait_for_selector("#board .figure")
    page.wait_for_selector("#seats button")
    seats = page.locator("#seats button").all_inner_texts()
    assert seats == ["dieses Telefon: Rot", "dieses Telefon: Blau", "dieses Telefon: Grün"]

    open_setup(page)
    page.wait_for_selector("#games li")
    games = page.locator("#games li").all_inner_texts()
    assert any("Lauf Rauf!: Rot, Blau, Grün" in g for g in games), games
    won = " & ".join(end.winner)
    assert any(f"gewonnen von {won}" in g for g in games), games  # not "Anna,Clara"
    page.locator("#games li", has_text=f"#{finished} ").get_by_role("button", name="Am Tisch "
                                                                    "zeigen").click()
    until(page, f"document.querySelector('#prompt').textContent === '{won} gewinnen das "
                f"Spiel!'")
    page.click("nav [data-tab=roster]")
    page.wait_for_selector("table.stats")
    assert page.evaluate(wide) <= 390
    shot(page, "20-players-390")


@pytest.mark.parametrize(("game", "players"), [
    ("howruck", ["Anna", "Bert"]), ("laufrauf", ["red", "green"]),
    ("tauziehen", ["Ida", "Jan"]), ("stramash", ["Ann", "Bob", "Cat", "Dan"])])
def test_the_first_move_is_on_screen_without_scrolling(browser, daemon, game, players):
    """On a 390 x 844 phone the board leaves room: the prompt and the first move buttons
    are on the screen when it is this phone's turn, not below a board as tall as the screen."""
    page = phone(browser, daemon)
    pair(page, daemon)
    daemon.hub.call(daemon.table.create_game, game, players)
    page.wait_for_selector("#board svg")
    seat(page)
    until(page, "document.querySelectorAll('#choices button, #places button').length > 0")
    shot(page, f"21-first-move-{game}")
    first = page.locator("#choices button, #places button").first.bounding_box()
    assert first["y"] + first["height"] <= 844, (game, first)


def test_news_moves_nothing_and_a_refusal_stays_with_its_tab(browser, daemon):
    """The banner (what just happened) does not push the board and the moves down while it
    shows; a refusal is about the tab it came from and goes when another tab opens."""
    page = phone(browser, daemon)
    pair(page, daemon)
    daemon.hub.call(daemon.table.create_game, "tauziehen", ["Ida", "Jan"])
    page.wait_for_selector("#board .rope")
    page.wait_for_selector("#banner", state="hidden", timeout=10_000)
    top = "document.querySelector('#board').getBoundingClientRect().top"
    before = page.evaluate(top)
    page.evaluate("window.companion.announce.note('Ida setzt den Marker auf ★ 16')")
    assert page.is_visible("#banner") and page.evaluate(top) == before

    open_setup(page)
    # its code set up (a name typed before would be the newest game's again: Ida, Jan)
    inputs = page.locator("#players input")
    inputs.nth(0).fill("Anna")
    inputs.nth(1).fill("Anna")
    confirm(page, "#setup-form button[type=submit]")  # a game is on: asks first
    page.wait_for_selector("#message:not([hidden])")
    page.click("nav [data-tab=play]")
    assert page.is_hidden("#message")


def test_the_phones_back_button_goes_back_through_the_tabs(browser, daemon):
    """A tab is a step in the phone's history: Back returns to the tab before (as on any other
    page), Forward comes again, and a reload keeps the tab the player was on."""
    page = phone(browser, daemon)
    pair(page, daemon)
    daemon.hub.call(daemon.table.create_game, "tauziehen", ["Ida", "Jan"])
    page.wait_for_selector("#board .rope")
    showing = "[...document.querySelectorAll('section.tab')].filter((s) => !s.hidden)" \
              ".map((s) => s.id).join()"
    lit = "document.querySelector('nav button.on').dataset.tab"
    open_setup(page)
    page.click("nav [data-tab=history]")
    assert page.evaluate(showing) == "history"
    page.go_back()
    until(page, f"{showing} === 'setup' && {lit} === 'setup'")
    page.go_back()
    until(page, f"{showing} === 'play' && {lit} === 'play'")
    assert page.url.startswith(f"http://127.0.0.1:{daemon.web.port}/")  # still the page
    page.go_forward()
    until(page, f"{showing} === 'setup'")
    page.reload()
    page.wait_for_selector("#setup:not([hidden])")
    page.wait_for_selector("#games li")  # the tab's content loads as when it is opened
    page.go_back()
    until(page, f"{showing} === 'play'")


def test_two_longest_names_fit_a_phone_without_overlapping(browser, daemon):
    """Names are up to 32 characters with no space to break at: the board squeezes each into
    its half (the two never overlap), the seat buttons and the prompt wrap them; nothing is
    wider than the 390 px screen."""
    wide, narrow = "W" * 32, "M" * 32
    page = phone(browser, daemon)
    pair(page, daemon)
    daemon.hub.call(daemon.table.create_game, "tauziehen", [wide, narrow])
    page.wait_for_selector("#board .rope")
    page.wait_for_selector("#seats button")
    boxes = page.evaluate("""() => [...document.querySelectorAll('#board text')]
        .filter((t) => t.textContent.length === 32)
        .map((t) => { const r = t.getBoundingClientRect(); return [r.left, r.right]; })""")
    board = page.locator("#board svg").bounding_box()
    (left_l, left_r), (right_l, right_r) = sorted(boxes)
    assert board["x"] - 1 <= left_l and left_r < right_l and right_r <= board["x"] + \
        board["width"] + 1, (boxes, board)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    seat(page, wide)
    until(page, "document.querySelectorAll('#choices button').length > 0")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "22-longest-names")


# A How Ruck! game's last move as the banner says it: the history line, five lines on a phone.
GAME_END = [{"kind": "contest", "params": {"a": "Anna", "b": "Bert", "sum_a": 24, "sum_b": 23,
                                           "toward": "Anna", "by": 2}},
            {"kind": "round_won", "params": {"player": "Anna", "reason": "goal"}},
            {"kind": "game_won", "params": {"players": ["Anna"]}}]

# The banner's box and the header's and tabs' boxes, where the phone shows them now.
NEWS_BOXES = """() => { const box = (s) => document.querySelector(s).getBoundingClientRect();
  const b = box('#banner'), h = box('header'), n = box('#tabs');
  return {banner: [b.top, b.bottom], header: [h.top, h.bottom], tabs: n.top}; }"""


@pytest.mark.parametrize("width,height", [(390, 844), (844, 390)])
def test_news_covers_no_tab_and_goes_when_the_next_thing_happens(browser, daemon, width,
                                                                 height):
    """The banner lay over the header and the tabs (five lines at a game's end), and "Paired."
    stayed up through the next taps. It keeps to the header's bar (two lines at most, the
    whole line in the history), and goes at the reader's next tap: news is not a refusal."""
    daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])
    page = phone(browser, daemon)
    page.set_viewport_size({"width": width, "height": height})
    pair(page, daemon)
    page.wait_for_selector("#banner:not([hidden])")
    shot(page, f"23-news-paired-{width}")
    boxes = page.evaluate(NEWS_BOXES)
    assert boxes["banner"][1] <= boxes["header"][1] <= boxes["tabs"], boxes
    page.locator("#seats button").first.click()  # the next step: "Paired." has been read
    assert page.is_hidden("#banner")

    page.evaluate("(items) => window.companion.announce.banner(items, window.companion.t)",
                  GAME_END)
    shot(page, f"23-news-game-end-{width}")
    boxes = page.evaluate(NEWS_BOXES)
    assert boxes["header"][0] <= boxes["banner"][0] and boxes["banner"][1] <= \
        boxes["header"][1] <= boxes["tabs"], boxes
    assert page.inner_text("#banner").endswith("Anna gewinnt das Spiel!")  # all of it said
    page.keyboard.press("Tab")  # a key is a next step too
    assert page.is_hidden("#banner")


# The play-through's last move of a How Ruck! game, as the banner said it (a round and the game
# won with it), in the reader's language.
LAST_MOVE = """() => { const t = window.companion.t;
  window.companion.announce.note([`Anna: ${t("green")} 1 → Anna ${t("green")}`,
    t("an_round_half", {p: "Ben"}), t("an_game_won", {p: "Ben", n: 1})].join(" — ")); }"""
CUT = "(() => { const s = document.querySelector('#banner span');" \
      " return s.scrollHeight - s.clientHeight; })()"


@pytest.mark.parametrize("lang", ["nl", "fr"])
def test_the_news_of_a_round_won_is_read_to_its_end(browser, daemon, lang):
    """The banner cut "… Ben wint de ronde: beide handen zijn leeg, het vat sta…" (two lines at
    most, then "…"): the reason a round was won could not be read. A long line is set smaller,
    up to four lines, still over the header's bar alone: the whole sentence is on the screen."""
    page = phone(browser, daemon)
    choose_language(page, lang)
    page.evaluate(LAST_MOVE)
    page.wait_for_selector("#banner:not([hidden])")
    shot(page, f"23-news-round-won-{lang}")
    assert page.evaluate(CUT) <= 0, page.inner_text("#banner")
    boxes = page.evaluate(NEWS_BOXES)
    assert boxes["header"][0] <= boxes["banner"][0] and boxes["banner"][1] <= \
        boxes["header"][1] <= boxes["tabs"], boxes
    # short news keeps the banner's own size
    page.evaluate("window.companion.announce.note('Gekoppeld.')")
    assert page.evaluate("getComputedStyle(document.querySelector('#banner span')).fontSize") \
        == "14.4px"


def _draws(anna: int, bert: int) -> dict:
    return {"Anna": {"color": "red", "strength": anna}, "Bert": {"color": "blue", "strength": bert}}


# A race tied, its tie-break tied, then won: three sentences at once, as the table says them.
TIEBREAK = [{"kind": "race_tie", "params": {"margin_us": 4000}},
            {"kind": "tiebreak_tied", "params": {"draws": _draws(3, 3)}},
            {"kind": "tiebreak_won", "params": {"player": "Anna", "draws": _draws(5, 3)}}]
HEADER_ROWS = "(() => { const h1 = document.createRange();" \
    " h1.selectNodeContents(document.querySelector('header h1'));" \
    " return document.querySelector('#live').getBoundingClientRect().top" \
    " >= h1.getBoundingClientRect().bottom; })()"


def test_news_over_a_header_of_two_rows_uses_the_lines_it_has(browser, daemon):
    """On a 360 px phone the French header is two rows (the badge and the menu below the
    title): the banner over it had room for six small lines and cut the tie-break's news at
    four ("… (Anna: rouge 5, Bert:…"), a band empty above and below. It takes the lines the
    bar holds, still inside the header's bar."""
    page = phone(browser, daemon)
    page.set_viewport_size({"width": 360, "height": 640})
    choose_language(page, "fr")
    assert page.evaluate(HEADER_ROWS)  # the case: the header wrapped
    page.evaluate("(items) => window.companion.announce.banner(items, window.companion.t)",
                  TIEBREAK)
    page.wait_for_selector("#banner:not([hidden])")
    shot(page, "23-news-two-rows-fr")
    assert page.evaluate(CUT) <= 0, page.inner_text("#banner")
    boxes = page.evaluate(NEWS_BOXES)
    assert boxes["header"][0] <= boxes["banner"][0] and boxes["banner"][1] <= \
        boxes["header"][1] <= boxes["tabs"], boxes
