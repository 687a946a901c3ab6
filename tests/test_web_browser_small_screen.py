"""A small phone (320 x 568) with its text set to 150 %: the header wraps, the page never
scrolls sideways, in every language (German is the longest)."""

from __future__ import annotations

from browser_helpers import choose_language, pair, phone, shot, until

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


# The boxes the banner must leave in sight: the title's text, the live badge, the language
# menu, the tabs.
COVERED = """() => { const banner = document.querySelector('#banner').getBoundingClientRect();
  const title = document.createRange();
  title.selectNodeContents(document.querySelector('header h1'));
  const boxes = {title: title.getBoundingClientRect(),
                 badge: document.querySelector('#live').getBoundingClientRect(),
                 menu: document.querySelector('#page-lang').getBoundingClientRect(),
                 tabs: document.querySelector('#tabs').getBoundingClientRect()};
  return Object.entries(boxes).filter(([, r]) => r.left < banner.right && banner.left < r.right
    && r.top < banner.bottom && banner.top < r.bottom).map(([name]) => name); }"""


# The banner's line is read whole: none of it cut, and all of it inside the banner's box.
WHOLE = """(() => { const s = document.querySelector('#banner span');
  const box = document.querySelector('#banner').getBoundingClientRect();
  const line = s.getBoundingClientRect();
  return s.scrollHeight <= s.clientHeight && s.scrollWidth <= s.clientWidth
    && box.top <= line.top && line.bottom <= box.bottom + 0.5
    && box.left <= line.left && line.right <= box.right + 0.5; })()"""


def test_the_paired_note_leaves_the_headers_title_badge_and_menu_in_sight(browser, daemon):
    """"Gekoppelt." lay over the whole header for four seconds: the title, whether the table
    is live and the language menu went out of sight; then, on a phone, over the title still.
    Short news sits beside the title where it has room (a tablet), else under the title's
    words or beside it on a row of its own: the title, the badge and the menu stay in sight on
    a 390 px phone and on a 320 px one with large text, in every language."""
    tablet = {"width": 1280, "height": 800}
    for make, size in [(phone, None), (phone, tablet), (small_phone, None)]:
        for lang in languages():
            page = make(browser, daemon)
            if size:
                page.set_viewport_size(size)
            page.wait_for_selector("#pair:not([hidden])")  # started: the menu is listened to
            choose_language(page, lang)
            pair(page, daemon)
            page.wait_for_selector("#banner:not([hidden])")
            assert page.inner_text("#banner") == page.evaluate("window.companion.t('paired')")
            shot(page, f"paired-note-{lang}-{page.viewport_size['width']}")
            covered = set(page.evaluate(COVERED))
            assert covered == set(), (lang, page.viewport_size, covered)
            assert page.evaluate(WHOLE), lang
            page.context.close()
