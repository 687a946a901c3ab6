"""What a screen reader hears of the page's controls and pictures, in the reader's language:
the language menu's name, Stramash's face cards by their whole names, each board's position
in words (the picture's name: current, never a live region read out at each change)."""

from __future__ import annotations

from browser_helpers import PHONE, accepted, choose_language, pair, phone, seat, until

from companion.i18n.catalogs import languages

MENU_NAMES = {"de": "Sprache", "en": "Language", "fr": "Langue", "nl": "Taal"}


def test_the_language_menu_is_named_in_the_pages_language(browser, daemon):
    """The menu was "Language" to a screen reader whatever the page spoke."""
    page = phone(browser, daemon)
    page.wait_for_selector("#page-lang")
    assert page.get_by_role("combobox", name="Sprache", exact=True).count() == 1  # as served
    assert set(languages()) == set(MENU_NAMES)
    for lang in ("en", "fr", "nl", "de"):
        choose_language(page, lang)
        assert page.get_by_role("combobox", name=MENU_NAMES[lang], exact=True).count() == 1, lang


def test_a_language_chosen_as_the_page_opens_is_the_pages_language(browser, daemon):
    """The menu took a choice and the page ignored it: it listened only once the table had
    answered its first question (/api/status), after its own words had come. While those
    words come the menu is shown but cannot be changed; from then on a choice is the page's
    language, the table's answer or not (slow Wi-Fi, a table that does not answer)."""
    context = browser.new_context(viewport=PHONE, locale="de-DE", is_mobile=True,
                                  has_touch=True)
    held = {}  # the page's first catalog and its first question to the table, held

    def hold(route):
        name = route.request.url.split("?")[0].rsplit("/", 1)[-1]
        if name in ("de.json", "status") and name not in held:
            held[name] = route
        else:
            route.continue_()

    context.route("**/i18n/*.json", hold)
    context.route("**/api/status*", hold)
    page = context.new_page()
    page.goto(f"http://127.0.0.1:{daemon.web.port}/")
    while "de.json" not in held:
        page.wait_for_timeout(20)
    assert page.is_disabled("#page-lang")  # a choice now would be undone by the words coming
    held["de.json"].continue_()
    while "status" not in held:
        page.wait_for_timeout(20)
    choose_language(page, "fr")  # the table has not answered yet
    held["status"].continue_()
    page.wait_for_selector("#pair:not([hidden])")  # the page started: it still speaks French
    assert page.evaluate("[window.companion.i18n.lang, document.documentElement.lang,"
                         " document.querySelector('#page-lang').value]") == ["fr"] * 3
    assert page.inner_text("#pair-form button") == page.evaluate("window.companion.t('pair')")


def test_the_last_language_chosen_wins_not_the_last_catalog_to_arrive(browser, daemon):
    """German chosen, then at once Dutch, and German's words come last (slow Wi-Fi): the page
    spoke German while its menu said Dutch. The last choice is the page's language; words
    for a choice since taken back are dropped when they come."""
    page = phone(browser, daemon)
    choose_language(page, "en")  # the page opened in German: a choice of German from another
    held = []

    def hold_german(route):  # the German words held until the Dutch ones have come
        if held:
            route.continue_()
        else:
            held.append(route)

    page.route("**/i18n/de.json", hold_german)
    page.select_option("#page-lang", "de")
    while not held:
        page.wait_for_timeout(20)
    choose_language(page, "nl")
    assert page.inner_text("#pair h2") == "Deze telefoon koppelen"
    held[0].continue_()  # the German words come now
    until(page, "performance.getEntriesByType('resource')"  # the first: as the page opened
                ".filter((e) => e.name.endsWith('/i18n/de.json')).length === 2")
    page.evaluate("fetch('/api/status').then((r) => r.json())")  # a round trip: they were read
    assert page.evaluate("[window.companion.i18n.lang, document.documentElement.lang,"
                         " document.querySelector('#page-lang').value]") == ["nl"] * 3
    assert page.inner_text("#pair h2") == "Deze telefoon koppelen"
    assert page.evaluate("document.cookie").count("companion_lang=nl") == 1


FACES = {"de": (["A", "B", "D", "K"], ["Ass", "Bube", "Dame", "König"]),
         "fr": (["A", "V", "D", "R"], ["As", "Valet", "Dame", "Roi"])}
CARDS = "[...document.querySelectorAll('#choices button.sm-card')]"


def test_stramash_face_cards_are_named_in_full(browser, daemon):
    """The picker's face cards were bare letters to a screen reader ("B", "K"): each has its
    whole name in the page's language, the letter in sight (the table's cards bear it)."""
    page = phone(browser, daemon)
    pair(page, daemon)
    daemon.hub.call(daemon.table.create_game, "stramash", ["Ann", "Bob", "Cat"])
    page.wait_for_selector("#board .laddie")
    seat(page)
    for lang, (letters, names) in FACES.items():
        choose_language(page, lang)
        page.wait_for_selector("#choices button.sm-card")
        shown = page.evaluate(f"{CARDS}.map((b) => b.textContent)")
        assert [shown[0], *shown[-4:-1]] == letters, shown  # A … J Q K, then the joker
        assert page.evaluate(f"{CARDS}.at(-1).textContent") == "Bonnie Fechter"
        for name in names:
            named = page.locator("#choices").get_by_role("button", name=name, exact=True)
            assert named.count() == 1, (lang, name)
        page.locator("#choices").get_by_role("button", name=names[1], exact=True).click()
        picked = page.locator("#choices button.sm-card.picked")  # the card picked: named too
        assert picked.get_attribute("aria-label") == names[1] and picked.inner_text() == letters[1]
        picked.click()  # back to every card


BOARD = "document.querySelector('#board svg')"
LIVE = f"{BOARD}.closest('[aria-live], [role=status], [role=alert], [role=log]')"


def _board_said(page, game: int, after: int) -> str:
    until(page, f"(window.companion.state || {{}}).id === {game}"
                f" && window.companion.state.actions === {after} && {BOARD} !== null")
    assert page.evaluate(f"{BOARD}.getAttribute('role')") == "img"
    assert page.evaluate(LIVE) is None  # said when the reader goes to it, not at each change
    return page.evaluate(f"{BOARD}.getAttribute('aria-label')")


def _apply(daemon, game: int, action: dict) -> None:
    daemon.hub.call(daemon.table.apply, game, action)


def test_each_board_says_its_position_in_words(browser, daemon):
    """The boards were "How Ruck!", "Lauf Rauf!" … to a screen reader: the stacks' bare
    numbers and the figures' places were not said."""
    page = phone(browser, daemon)
    game = daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])["id"]
    _apply(daemon, game, {"type": "race", "winner": "Anna"})
    said = _board_said(page, game, 1)
    barrel = daemon.hub.call(lambda: daemon.sessions.get(game).view()["barrel"])
    assert said.startswith(f"How Ruck!. Fass auf Feld {barrel} von 12; das Ziel von Anna"), said
    assert "Anna: rot: leer; blau: leer; grün: leer · Fässer 0 · Hand" in said, said
    play = daemon.hub.call(lambda: next(a for a in daemon.sessions.get(game).core.legal_actions(
        daemon.sessions.get(game).state, "Anna") if a["type"] == "play" and not a["card"].get(
        "nessie") and not a["card"].get("howruck")))
    _apply(daemon, game, play)
    colour = {"red": "rot", "blue": "blau", "green": "grün", "white": "weiß"}
    card = f"{colour[play['card']['color']]} {play['card']['strength']}"
    said = _board_said(page, game, 2)
    assert f"{play['side']}: " in said and f"{colour[play['field']]}: {card}" in said, said

    header, done, _ = accepted("laufrauf_full_game.jsonl", stop=lambda core, state: any(
        isinstance(loc, dict) for locs in core.view(state)["figures"].values() for loc in locs))
    game = daemon.hub.call(daemon.table.create_game, "laufrauf", header["players"],
                           header["options"], header["seed"])["id"]
    for action in done:
        _apply(daemon, game, action)
    said = _board_said(page, game, len(done))
    view = daemon.hub.call(lambda: daemon.sessions.get(game).view())
    figure, loc = next((i, loc) for locs in view["figures"].values()
                        for i, loc in enumerate(locs) if isinstance(loc, dict))
    level = {"lower": "unteren", "middle": "mittleren"}[loc["level"]]
    assert f"Figur {figure + 1} auf der {level} Ebene, Feld {loc['field'] + 1}" in said, said
    assert "Figur 1 im Basislager" in said and said.endswith("Der Berggeist ist auf dem Gipfel")

    game = daemon.hub.call(daemon.table.create_game, "tauziehen", ["Ida", "Jan"])["id"]
    said = _board_said(page, game, 0)
    assert said.startswith("Tauziehen. Ida 0 Punkte, Jan 0 Punkte. ● 1 in der Mitte"), said
    _apply(daemon, game, {"type": "block", "player": "Ida", "card": 16})
    assert _board_said(page, game, 1).endswith("Marker von Ida auf ★ 16")

    game = daemon.hub.call(daemon.table.create_game, "stramash", ["Ann", "Bob"])["id"]
    assert _board_said(page, game, 0) == "Stramash. Ann: 5 Laddies im Dock. Bob: 5 Laddies im Dock"
    enter = daemon.hub.call(lambda: next(a for a in daemon.sessions.get(game).core.legal_actions(
        daemon.sessions.get(game).state, "Ann") if a["card"] == "A"))
    _apply(daemon, game, enter)
    assert _board_said(page, game, 1).startswith(
        "Stramash. Ann: 4 Laddies im Dock, Laddie 1 auf dem Startfeld. Bob:")
