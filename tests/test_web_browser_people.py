"""The new-game form in headless Chromium: Lauf Rauf!'s colours are given their people's names,
and the next game's form starts from the last game's people, in their seats and colours."""

from __future__ import annotations

from browser_helpers import open_setup, pair, phone, shot, until

ROWS = ("[...document.querySelectorAll('#players .row')].map((r) => "
        "[r.querySelector('input').value, (r.querySelector('select') || {}).value || null])")


def setup_tab(browser, daemon):
    page = phone(browser, daemon)
    pair(page, daemon)
    open_setup(page)
    return page


def test_lauf_rauf_names_its_colours_and_the_next_game_starts_with_the_same_people(
        browser, daemon):
    page = setup_tab(browser, daemon)
    page.select_option("#game", "laufrauf")
    names = page.locator("#players input[name=person]")
    colours = page.locator("#players select")
    assert names.count() == colours.count() == 2
    assert [colours.nth(i).get_attribute("aria-label") for i in range(2)] == [
        "Farbe von Spieler 1", "Farbe von Spieler 2"]
    names.nth(0).fill("Anna")
    names.nth(1).fill("Ben")
    colours.nth(1).select_option("yellow")
    shot(page, "people-01-laufrauf-names")
    page.click("#setup-form button[type=submit]")
    page.wait_for_selector("#play:not([hidden]) #board svg .figure")
    assert page.inner_text("#prompt").startswith("Anna (rot) ist am Zug")
    header = daemon.hub.call(lambda: daemon.sessions.games[daemon.table.current].header)
    assert header["players"] == ["red", "yellow"]
    assert header["names"] == {"red": "Anna", "yellow": "Ben"}

    # the next game, on another phone: the same people, in their seats and colours
    second = setup_tab(browser, daemon)
    until(second, "document.querySelector('#games li') !== null")
    assert "Anna (rot), Ben (gelb)" in second.inner_text("#games li")  # the stored games
    until(second, f"JSON.stringify({ROWS}) === "
                  "'[[\"Anna\",\"red\"],[\"Ben\",\"yellow\"]]'")
    assert second.input_value("#game") == "laufrauf"
    shot(second, "people-02-next-game")
    second.select_option("#game", "stramash")  # a game of names: the people stay
    assert second.evaluate(ROWS) == [["Anna", None], ["Ben", None]]
    second.select_option("#game", "laufrauf")  # and back: each in their own colour again
    assert second.evaluate(ROWS) == [["Anna", "red"], ["Ben", "yellow"]]

    # a game of names in another seat order, with someone new: their colours follow them
    daemon.hub.call(daemon.table.create_game, "stramash", ["Ben", "Cara", "Anna"])
    third = setup_tab(browser, daemon)
    until(third, f"JSON.stringify({ROWS}) === "
                 "'[[\"Ben\",null],[\"Cara\",null],[\"Anna\",null]]'")
    assert third.input_value("#game") == "stramash"
    third.select_option("#game", "laufrauf")
    assert third.evaluate(ROWS) == [["Ben", "yellow"], ["Cara", "blue"], ["Anna", "red"]]


def test_a_form_already_changed_is_not_filled_in_over_it(browser, daemon):
    daemon.hub.call(daemon.table.create_game, "laufrauf", ["blue", "green"], {}, 1,
                    {"blue": "Anna"})
    page = setup_tab(browser, daemon)
    until(page, f"JSON.stringify({ROWS}) === '[[\"Anna\",\"blue\"],[\"\",\"green\"]]'")
    page.locator("#players input[name=person]").nth(1).fill("Dirk")
    daemon.hub.call(daemon.table.create_game, "howruck", ["Eva", "Finn"])
    page.click("nav [data-tab=play]")
    open_setup(page)  # the tab again: the games listed anew
    until(page, "document.querySelectorAll('#games li').length === 2")
    assert page.evaluate(ROWS) == [["Anna", "blue"], ["Dirk", "green"]]


def test_a_field_tapped_to_type_in_is_not_swapped_under_the_finger(browser, daemon):
    """The newest game's people may come while a player is at the form: a field tapped, the
    keyboard up, nothing typed yet (the tab's own look on slow Wi-Fi, a game started or
    deleted on another phone). The form stays as it is: the field keeps the focus and what
    is typed next lands in it, not in a field swapped in meanwhile (gone with the keyboard).
    Playwright's fill() is such a tap and then the typing: a look answered between the two
    lost the first name typed, and a form with two "Anna"s started a game of "Ida, Anna"."""
    daemon.hub.call(daemon.table.create_game, "laufrauf", ["blue", "green"], {}, 1,
                    {"blue": "Anna"})
    page = setup_tab(browser, daemon)
    until(page, f"JSON.stringify({ROWS}) === '[[\"Anna\",\"blue\"],[\"\",\"green\"]]'")
    page.locator("#players input[name=person]").nth(1).click()  # tapped, nothing typed yet
    page.evaluate("window.companion.setup.prefill()")  # what the tab and the stream ask
    page.keyboard.type("Dirk")
    assert page.evaluate(ROWS) == [["Anna", "blue"], ["Dirk", "green"]]
    assert page.evaluate("document.activeElement === "
                         "document.querySelectorAll('#players input[name=person]')[1]")


def test_people_left_alone_while_a_player_was_at_the_form_come_once_they_leave_it(
        browser, daemon):
    """The newest game's people, not shown while a field was tapped (the test above), were
    never shown: a player who then left the form without typing found the people of a game
    before it, and started that one again. They come once the focus leaves the form; what
    a player typed stays, left or not."""
    daemon.hub.call(daemon.table.create_game, "laufrauf", ["blue", "green"], {}, 1,
                    {"blue": "Anna"})
    page = setup_tab(browser, daemon)
    until(page, f"JSON.stringify({ROWS}) === '[[\"Anna\",\"blue\"],[\"\",\"green\"]]'")
    page.evaluate("window.companion.stream.close()")  # the people are looked up when we say
    fields = page.locator("#players input[name=person]")
    fields.nth(1).click()  # tapped, nothing typed
    daemon.hub.call(daemon.table.create_game, "laufrauf", ["red", "yellow"], {}, 1,
                    {"red": "Eva", "yellow": "Finn"})  # on another phone
    page.evaluate("window.companion.setup.prefill()")  # what the stream asks: not now
    assert page.evaluate(ROWS) == [["Anna", "blue"], ["", "green"]]
    fields.nth(0).click()  # from field to field: still at the form
    page.evaluate("window.companion.setup.prefill()")
    assert page.evaluate(ROWS) == [["Anna", "blue"], ["", "green"]]
    assert page.evaluate("document.activeElement === "
                         "document.querySelector('#players input[name=person]')")
    page.click("#setup h3")  # a tap beside the form: left, nothing typed
    until(page, f"JSON.stringify({ROWS}) === '[[\"Eva\",\"red\"],[\"Finn\",\"yellow\"]]'")

    fields.nth(1).fill("Gus")  # typed, then left: the form is the player's
    daemon.hub.call(daemon.table.create_game, "laufrauf", ["blue", "green"], {}, 1,
                    {"blue": "Ida", "green": "Jan"})
    page.evaluate("window.companion.setup.prefill()")
    page.click("#setup h3")
    page.evaluate("window.companion.setup.prefill()")  # a look after the leaving: answered
    assert page.evaluate(ROWS) == [["Eva", "red"], ["Gus", "yellow"]]


def test_a_name_typed_and_erased_again_counts_as_nothing_typed(browser, daemon):
    """A player who typed into the form and took it all back (backspace to empty) left the
    form as the newest game's people had filled it: a look at them made meanwhile, or one
    after, still shows the people of a game started since, as if nothing had been typed."""
    daemon.hub.call(daemon.table.create_game, "laufrauf", ["blue", "green"], {}, 1,
                    {"blue": "Anna"})
    page = setup_tab(browser, daemon)
    until(page, f"JSON.stringify({ROWS}) === '[[\"Anna\",\"blue\"],[\"\",\"green\"]]'")
    page.evaluate("window.companion.stream.close()")  # the people are looked up when we say
    page.locator("#players input[name=person]").nth(1).click()
    page.keyboard.type("Gus")
    for _ in "Gus":
        page.keyboard.press("Backspace")  # and taken back: the field as it was
    daemon.hub.call(daemon.table.create_game, "laufrauf", ["red", "yellow"], {}, 1,
                    {"red": "Eva", "yellow": "Finn"})  # on another phone
    page.evaluate("window.companion.setup.prefill()")  # at the form: left alone for now
    assert page.evaluate(ROWS) == [["Anna", "blue"], ["", "green"]]
    page.click("#setup h3")  # a tap beside the form: left, nothing typed after all
    until(page, f"JSON.stringify({ROWS}) === '[[\"Eva\",\"red\"],[\"Finn\",\"yellow\"]]'")

    names = page.locator("#players input[name=person]")
    names.nth(0).fill("Gus")
    names.nth(0).fill("Eva")  # typed over, then back: the form as the look filled it
    page.click("#setup h3")
    daemon.hub.call(daemon.table.create_game, "laufrauf", ["blue", "green"], {}, 1,
                    {"blue": "Ida", "green": "Jan"})
    page.evaluate("window.companion.setup.prefill()")  # a look away from the form: shown
    until(page, f"JSON.stringify({ROWS}) === '[[\"Ida\",\"blue\"],[\"Jan\",\"green\"]]'")


def test_stramash_in_pairs_shows_the_partners_the_table_will_make_before_the_start(
        browser, daemon):
    page = setup_tab(browser, daemon)
    page.select_option("#game", "stramash")
    note = page.locator("#sm-partners")
    assert note.is_hidden()  # alone: nobody has a partner
    page.check("#options-stramash [name=pairs]")
    assert note.inner_text() == "In Paaren braucht es 4 oder 6 Spieler; im Formular stehen 2."
    page.select_option("#page-lang", "en")  # the note speaks the page's new language
    until(page, "document.querySelector('#sm-partners').textContent === "
                "'Pairs need 4 or 6 players; the form has 2.'")
    page.select_option("#page-lang", "de")
    until(page, "document.querySelector('#sm-partners').textContent.startsWith('In Paaren')")
    for _ in range(2):
        page.click("#add-player")
    fields = page.locator("#players input[name=player]")
    for i, name in enumerate(("Anna", "Bert", "Clara")):  # the fourth keeps its default
        fields.nth(i).fill(name)
    assert note.inner_text() == "Partner (sitzen sich gegenüber): Anna & Clara · Bert & Spieler 4"
    fields.nth(3).fill("Daan")
    assert note.inner_text() == "Partner (sitzen sich gegenüber): Anna & Clara · Bert & Daan"
    shot(page, "people-03-stramash-partners")
    page.click("#setup-form button[type=submit]")
    page.wait_for_selector("#play:not([hidden]) #board svg")
    view = daemon.hub.call(lambda: daemon.sessions.games[daemon.table.current].view())
    assert view["teams"] == [["Anna", "Clara"], ["Bert", "Daan"]]  # as the form said
