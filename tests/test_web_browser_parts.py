"""The page's words in parts (companion/i18n/page_parts.py PARTS): a game's come with its module, a
tab's when it first opens, and a language chosen later brings every part the page has in
its own words at once. A tab whose code or words cannot come says so, and comes when opened
again (headless Chromium under the page's own CSP, the real daemon over HTTP)."""

from __future__ import annotations

from browser_helpers import choose_language, pair, phone, until

from companion.i18n.catalogs import page_catalog


def test_a_language_chosen_later_speaks_the_shown_games_words_at_once(browser, daemon):
    """The game's words came in German with its module; Dutch chosen, the prompt and the
    moves are Dutch as soon as the menu says so (not "lr_roll", not German)."""
    fetched: list[str] = []
    page = phone(browser, daemon)
    page.on("request", lambda request: fetched.append(request.url.split("?")[0]))
    pair(page, daemon)
    daemon.hub.call(daemon.table.create_game, "laufrauf", ["red", "blue"])
    until(page, "window.companion.state && window.companion.state.game === 'laufrauf'")
    dutch = page_catalog("nl")["strings"]
    choose_language(page, "nl")
    assert page.evaluate("window.companion.t('lr_roll')") == dutch["lr_roll"]
    assert any(url.endswith("/i18n/nl/laufrauf.json") for url in fetched)
    assert not any(url.endswith("/i18n/nl/howruck.json") for url in fetched)  # not shown


def test_the_new_game_tab_speaks_a_language_chosen_before_it_opened(browser, daemon):
    """Its form came in German with the page; Dutch chosen before the tab is first opened,
    the tab's words come in Dutch with its code and the form says them."""
    page = phone(browser, daemon)
    pair(page, daemon)
    choose_language(page, "nl")
    page.click("nav [data-tab=setup]")
    until(page, "!document.querySelector('#setup').inert")
    dutch = page_catalog("nl")["strings"]
    assert page.inner_text("#hardware summary") == dutch["hardware"]
    assert page.inner_text("#setup-form button[type=submit]") == dutch["start"]
    assert page.inner_text("#setup h3") == dutch["stored_games"]


def test_a_tab_that_cannot_load_says_so_and_loads_when_opened_again(browser, daemon):
    """The table out of reach as the Players tab first opens (its code refused): the tab
    says it is loading, then the message line that it could not be loaded; opened again
    once the table answers, it shows the players (none yet)."""
    page = phone(browser, daemon)
    until(page, "window.companion.status !== null")  # the tabs are heard
    held = []
    page.route("**/static/players.js", lambda route: held.append(route))
    page.click("nav [data-tab=roster]")
    until(page, "document.querySelector('#roster').ariaBusy === 'true'")
    german = page_catalog("de")["strings"]
    assert page.inner_text("#roster .tab-loading") == german["tab_loading"]
    held[0].abort()
    until(page, "!document.querySelector('#message').hidden")
    assert page.inner_text("#message") == german["tab_unreachable"]
    assert page.is_hidden("#roster .tab-loading")
    page.unroute("**/static/players.js")
    page.click("nav [data-tab=play]")
    page.click("nav [data-tab=roster]")
    until(page, f"document.querySelector('#roster').innerText.includes({german['pl_none']!r})")
    assert page.evaluate("document.querySelector('#roster').dataset.loading") is None
