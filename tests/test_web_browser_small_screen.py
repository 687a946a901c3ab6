"""A small phone (320 x 568) with its text set to 150 %: the header wraps, the page never
scrolls sideways, in every language (German is the longest)."""

from __future__ import annotations

from browser_helpers import choose_language, pair, shot, until

from companion.i18n.catalogs import languages

SMALL = {"width": 320, "height": 568}
WIDE = "document.documentElement.scrollWidth"


def small_phone(browser, daemon):
    """A 320 px phone whose reader set the text to 150 %: the browser's default text size
    (the root's font size, "medium") half again, as the reader's setting makes it. Chromium's
    own setting (CDP Page.setFontSizes) does not last the page's life here, so the rule is
    appended to the page's own stylesheet as a user's style would be (the page's CSP holds)."""
    context = browser.new_context(viewport=SMALL, locale="de-DE", device_scale_factor=2,
                                  is_mobile=True, has_touch=True)

    def larger(route):
        response = route.fetch()
        route.fulfill(response=response, body=response.text() + "\nhtml { font-size: 150%; }\n")

    context.route("**/static/app.css*", larger)
    page = context.new_page()
    page.goto(f"http://127.0.0.1:{daemon.web.port}/")
    until(page, "parseFloat(getComputedStyle(document.documentElement).fontSize) === 24")
    return page


def test_nothing_scrolls_sideways_at_320_px_with_150_percent_text(browser, daemon):
    page = small_phone(browser, daemon)
    pair(page, daemon)
    daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])
    page.wait_for_selector("#board svg")
    wide = {}
    for lang in languages():
        choose_language(page, lang)
        for tab in ("play", "setup", "history", "roster"):
            page.click(f"nav [data-tab={tab}]")
            page.wait_for_timeout(200)
            shot(page, f"small-{lang}-{tab}")
            wide[(lang, tab)] = page.evaluate(WIDE)
    assert {k: v for k, v in wide.items() if v > SMALL["width"]} == {}


# Each board text's size as drawn and now, and whether it lies inside the picture's width.
TEXTS = """() => { const svg = document.querySelector('#board svg').getBoundingClientRect();
  return [...document.querySelectorAll('#board text')].map((t) => {
    const r = t.getBoundingClientRect();
    return [t.textContent, Number(t.dataset.size), Number(t.getAttribute('font-size')),
            r.left >= svg.left - 0.5 && r.right <= svg.right + 0.5]; }); }"""


def test_the_boards_text_grows_with_the_readers_text_size_and_stays_on_the_board(browser,
                                                                               daemon):
    page = small_phone(browser, daemon)
    pair(page, daemon)
    for game, players in (("howruck", ["Anna", "Bert"]), ("laufrauf", ["red", "blue"]),
                          ("tauziehen", ["Ida", "Jan"]), ("stramash", ["Ann", "Bob", "Cat"])):
        view = daemon.hub.call(daemon.table.create_game, game, players)
        if game == "howruck":  # a few cards on the fields: their numbers drawn on them
            daemon.hub.call(daemon.table.apply, view["id"], {"type": "race", "winner": "Anna"})
            for _ in range(4):
                session = daemon.hub.call(daemon.sessions.get, view["id"])
                play = daemon.hub.call(lambda s=session: next(
                    a for a in s.core.legal_actions(s.state, s.state.turn) if a["type"] == "play"))
                daemon.hub.call(daemon.table.apply, view["id"], play)
        until(page, f"(window.companion.state || {{}}).id === {view['id']}"
                    " && document.querySelector('#board svg text') !== null")
        page.wait_for_timeout(200)
        shot(page, f"small-board-{game}")
        texts = page.evaluate(TEXTS)
        assert all(now >= 1.45 * drawn for _, drawn, now, _ in texts), (game, texts)
        assert [text for text, _, _, inside in texts if not inside] == [], game
