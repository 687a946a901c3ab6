"""Each game's screen in headless Chromium: Lauf Rauf!'s dice and cards, the Tauziehen and
Stramash boards and pickers, what a phone is told of its moves. (How Ruck!'s own screen:
test_web_browser_howruck.py.)"""

from __future__ import annotations

from backup_helpers import finished_game
from browser_helpers import (
    accepted,
    move_buttons,
    open_setup,
    pair,
    part_words,
    phone,
    seat,
    seated_at,
    shot,
    tauziehen_marker_placed,
    until,
    visible_buttons,
)
from helpers import drawn, seed_ending, won_by


def figure(page, player: str, index: int) -> dict:
    sel = f".figure[data-player={player}][data-figure='{index}']"
    return {"level": page.get_attribute(sel, "data-level"),
            "field": page.get_attribute(sel, "data-field")}


def die(page, n: int):
    """The faces of the table's die `n` (and its "stayed" toggle on a throw again)."""
    return page.locator(".dice-entry").get_by_role("group", name=f"Würfel {n}", exact=True)


def enter_throw(page, a: int, b: int) -> None:
    """Enter the table's own dice, a tap per die, and wait until the board shows them."""
    die(page, 1).get_by_role("button", name=str(a), exact=True).click()
    die(page, 2).get_by_role("button", name=str(b), exact=True).click()
    page.get_by_role("button", name=f"Wurf eintragen: {a} und {b}", exact=True).click()
    until(page, f"document.querySelector('#dice')?.dataset.dice === '{a},{b}'")


def test_lauf_rauf_throw_enter_real_dice_start_and_keep_a_die(browser, daemon):
    page = phone(browser, daemon)
    pair(page, daemon)
    open_setup(page)
    page.select_option("#game", "laufrauf")
    players = page.locator("#players select")
    assert players.count() == 2 and players.nth(0).input_value() == "red"
    players.nth(1).select_option("green")
    page.click("#add-player")
    page.locator("#players select").nth(2).select_option("blue")
    page.select_option("select[name=huckauf]", "table")
    shot(page, "11-laufrauf-setup")
    page.click("#setup-form button[type=submit]")
    page.wait_for_selector("#play:not([hidden]) #board svg .figure")
    seat(page)
    assert page.locator(".figure[data-level=base]").count() == 9
    assert page.inner_text("#prompt").startswith("Rot ist am Zug")  # a sentence begins big

    page.get_by_role("button", name="Würfeln", exact=True).click()  # the virtual dice
    page.wait_for_selector("#dice")
    first = page.get_attribute("#dice", "data-dice")
    assert "Wurf 1 von 3" in page.inner_text("#prompt")
    shot(page, "12-laufrauf-thrown")

    page.check("#lr-real")  # now the table's own dice
    enter_throw(page, 5, 5)
    page.get_by_role("button", name="rot 1: starten", exact=True).click()
    until(page, "document.querySelector('#prompt').textContent.includes('Grün ist am Zug')")
    assert figure(page, "red", 0) == {"level": "lower", "field": "0"}
    shot(page, "13-laufrauf-started")

    # a turn's first throw: no face chosen, and it is entered once both dice have a value
    enter = page.locator(".dice-entry button.whole-row")
    assert page.locator(".dice-entry [aria-pressed=true]").count() == 0
    assert enter.is_disabled()
    die(page, 1).get_by_role("button", name="2", exact=True).click()
    assert enter.is_disabled()  # die 2 not yet set
    enter_throw(page, 2, 3)
    # die 1 stayed a 2: its value cannot be changed (the table refused a 4 from the old pickers)
    die(page, 1).get_by_role("button", name="blieb liegen", exact=True).click()
    assert die(page, 1).get_by_role("button", name="4", exact=True).is_disabled()
    die(page, 2).get_by_role("button", name="5", exact=True).click()
    page.get_by_role("button", name="Würfel 2 neu: 5, Würfel 1 blieb: 2", exact=True).click()
    until(page, "document.querySelector('#dice')?.dataset.dice === '2,5'")
    shot(page, "14-laufrauf-kept")
    assert first and "Wurf 2 von 3" in page.inner_text("#prompt")


def test_tauziehen_and_stramash_boards_and_pickers(browser, daemon):
    page = phone(browser, daemon)
    pair(page, daemon)
    styles = ("performance.getEntriesByType('resource').map((e) => e.name)"
              ".filter((n) => n.endsWith('.css')).map((n) => n.split('/').pop())")
    assert page.evaluate(styles) == ["app.css"]  # a game's style comes with its game
    daemon.hub.call(daemon.table.create_game, "tauziehen", ["Ida", "Jan"])
    page.wait_for_selector("#board .rope")
    seat(page)
    assert page.locator("#board .rope").count() == 5
    page.get_by_role("button", name="Marker auf ★ 16", exact=True).click()
    page.wait_for_selector(".marker[data-player=Ida]")
    page.get_by_role("button", name="13 ●■◆", exact=True).click()  # 8 + 4 + 1
    page.get_by_role("button", name="Marker auf ◆ 8", exact=True).click()
    until(page, "document.querySelector('.rope[data-card=\"8\"]').dataset.pos === '-1'")
    hand = [int(text.split()[0]) for text in page.locator("#choices .tz-card").all_inner_texts()]
    assert len(hand) > 10 and hand == sorted(hand)  # the hand by number, as on the table
    row = "(h) => getComputedStyle(h).gridTemplateColumns.split(' ').length"
    assert page.locator("#choices .tz-hand").evaluate(row) == 5  # tauziehen.css: five to a row
    shot(page, "15-tauziehen")

    daemon.hub.call(daemon.table.create_game, "stramash", ["Ann", "Bob", "Cat"])
    page.wait_for_selector("#board .laddie")
    seat(page)
    assert page.locator("#board .laddie").count() == 15
    cards = page.locator("#choices button").all_inner_texts()  # every card: a play or a discard
    assert cards[-4:] == ["B", "D", "K", "Bonnie Fechter"]  # German face cards, the joker's name
    said = page.evaluate("window.companion.historyTab.say([{type: 'discarded', player: 'Ann', "
                         "card: 'Q'}], window.companion.t, {game: 'stramash'})")
    assert said == ["Ann wirft die D ab: Kein Zug ist möglich"]  # the face card by its letter
    page.get_by_role("button", name="Ass", exact=True).click()
    # the five laddies in the dock are alike: one button, in the table's words (no square
    # numbers, which the table does not have)
    assert page.locator("#places button").all_inner_texts() == ["Neuer Laddie aufs Startfeld"]
    page.locator("#places button").click()
    until(page,
        "document.querySelector('.laddie[data-player=Ann][data-laddie=\"0\"]').dataset.loc"
        " === '{\"track\":0}'")
    assert "Bob ist am Zug" in page.inner_text("#prompt")
    shot(page, "16-stramash")


def test_tauziehen_a_player_named_draw_who_won_is_the_winner_on_the_phone(browser, daemon):
    """The end of a Tauziehen game a player called "draw" won is that player's win on the
    page (it said "Unentschieden!"); a drawn game beside that player is a draw. Both games
    entered through the table, action by action."""
    page = phone(browser, daemon)
    pair(page, daemon)
    players = ["Ida", "draw"]
    for ends, prompt in [(won_by("draw"), "Draw gewinnt das Spiel!"),
                         (drawn, "Unentschieden!")]:
        game_id = finished_game(daemon, "tauziehen", seed_ending("tauziehen", players, ends),
                                players)
        until(page, f"window.companion.state?.id === {game_id}"
                    " && window.companion.state.phase === 'over'")
        assert page.inner_text("#prompt") == prompt


def test_stramash_a_partner_sent_to_its_castle_entry_is_said_so(browser, daemon):
    """The sentence the banner and the history show for every announcement a pairs game's
    core can make, in German: a partner landed on goes to the castle entry, not the dock."""
    from companion.screens.samples import long_banners

    page = phone(browser, daemon)
    part_words(page, "stramash")  # as a Stramash game shown brings them
    items = [a for a in long_banners(["Anna", "Clara"]) if a["kind"] in ("capture",
                                                                          "partner_entry")]
    said = page.evaluate("(items) => window.companion.announce.sentences(items, "
                         "window.companion.t)", items)
    assert said == ["Anna schickt Clara zurück ins Dock",
                    "Anna setzt Partner Clara auf das Burgeingangsfeld"]


def test_stramash_pairs_are_shown_as_teams_with_the_player_to_play_marked(browser, daemon):
    """In pairs, partners sit opposite (the first and fourth of six): the board says who
    plays with whom, one line per team, and marks whose turn it is."""
    page = phone(browser, daemon)
    players = ["Anna", "Bram", "Cor", "Daan", "Eva", "Fleur"]
    daemon.hub.call(daemon.table.create_game, "stramash", players, {"pairs": True})
    page.wait_for_selector("#board .laddie")
    assert page.locator("#board text.team").all_text_contents() == [
        "▶ Anna 0/5 & Daan 0/5", "Bram 0/5 & Eva 0/5", "Cor 0/5 & Fleur 0/5"]
    shot(page, "18-stramash-pairs")
    circle = page.locator("#board svg").bounding_box()
    for line in page.locator("#board text.team").all():  # inside the track
        box = line.bounding_box()
        assert circle["x"] < box["x"] and box["x"] + box["width"] < circle["x"] + circle["width"]
    daemon.hub.call(daemon.table.create_game, "stramash", ["Ann", "Bob", "Cat"])
    until(page, "document.querySelectorAll('#board text.team').length === 3")
    assert page.locator("#board text.team").all_text_contents() == [
        "▶ Ann 0/5", "Bob 0/5", "Cat 0/5"]


def test_lauf_rauf_for_two_suggests_opposite_colours(browser, daemon):
    """Seat order is clockwise, so two players sit opposite: red and green, not red and blue
    side by side (shared/rules/laufrauf.md: the page suggests opposite colours)."""
    page = phone(browser, daemon)
    pair(page, daemon)
    open_setup(page)
    page.select_option("#game", "laufrauf")
    picked = page.eval_on_selector_all("#players select", "(s) => s.map((x) => x.value)")
    assert picked == ["red", "green"]


def sevens(core, state) -> int:
    """How many different results the 7 offers now."""
    return len([r for r in core.play_results(state, core.legal_actions(state))
                if r["action"]["card"] == "7"])


def test_stramash_seven_at_most_24_buttons_every_result_once(browser, daemon):
    header, done, state = accepted("stramash_pairs_game.jsonl",
                                   lambda core, s: sevens(core, s) > 24)
    from companion.rules import get_core
    count = sevens(get_core("stramash"), state)
    assert count > 24  # more ways to split a 7 than a screen may show at once
    page = seated_at(browser, daemon, "stramash", header, done)
    seven = page.locator("#choices").get_by_role("button", name="7", exact=True)
    seven.click()
    assert visible_buttons(page) <= 24
    groups = page.locator("#places button.sm-group")
    assert groups.count() > 1
    # a laddie that moves alone: its move among the groups, at once
    seen: list[str] = page.locator("#places button.sm-result").all_inner_texts()
    for k in range(groups.count()):
        page.locator("#places button.sm-group").nth(k).click()
        assert visible_buttons(page) <= 24
        seen += page.locator("#places button.sm-result").all_inner_texts()
        seven.click()  # back to the 7's groups
    assert len(seen) == len(set(seen)) == count  # each result once, none lost
    shot(page, "18-stramash-seven")


def test_lauf_rauf_cards_turned_up_are_one_step_under_a_heading(browser, daemon):
    header, done, _ = accepted("laufrauf_table.jsonl", lambda core, s: any(
        a["type"] == "take_cards" for a in core.legal_actions(s)))
    page = seated_at(browser, daemon, "laufrauf", header, done)
    page.check("#lr-real")  # the table's own cards
    page.get_by_role("button", name="Karten nehmen", exact=True).click()
    step = page.get_by_role("group", name="Aufgedeckte Karten eintragen")
    # the five kinds, one tap enters the one card a double turns up (no "enter" button that
    # suggested a second step); only a double six, which turns up two, has one
    assert step.get_by_role("button").all_inner_texts() == [
        "Blitzstart", "Rücklauf", "Aufstieg", "Rückschlag", "Joker"]
    shot(page, "19-laufrauf-cards-step")
    step.get_by_role("button", name="Joker", exact=True).click()  # one card: sent at once
    until(page, f"window.companion.state.actions === {len(done) + 1}"
                " && !document.querySelector('fieldset.lr-cards')")
    assert daemon.hub.call(daemon.table.view)["cards"]["red"][-1] == "joker"
    game = daemon.hub.call(daemon.table.create_game, "laufrauf", ["red", "blue"])["id"]
    daemon.hub.call(daemon.table.apply, game, {"type": "roll", "player": "red", "dice": [6, 6]})
    seat(page)
    page.get_by_role("button", name="Karten nehmen", exact=True).click()
    step = page.get_by_role("group", name="Aufgedeckte Karten eintragen")
    step.get_by_role("button", name="Aufstieg", exact=True).click()  # a double six: two
    step.get_by_role("button", name="Aufstieg", exact=True).click()
    step.get_by_role("button", name="Eintragen", exact=True).click()
    until(page, "window.companion.state.actions === 2")
    assert daemon.hub.call(daemon.table.view)["discard"] == ["aufstieg"]  # the second, a twin


def test_a_phone_opened_on_its_turn_is_told_without_sounds_the_browser_blocks(browser, daemon):
    """A phone whose seat is to play, opened (or reloaded) before anyone touched it: the title
    tells it; vibration and the beep wait for a tap, as browsers refuse them before one (and
    say so in the console)."""
    game = daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])["id"]
    first = phone(browser, daemon)
    # count this page's vibrations (the browser's own call, not ours, is replaced)
    first.add_init_script("navigator.vibrate = () => (window.vibrated = (window.vibrated || 0)"
                          " + 1) > 0;")
    first.reload()
    pair(first, daemon)  # taps
    seat(first, "Anna")  # kept in this browser's storage
    daemon.hub.call(daemon.table.apply, game, {"type": "race", "winner": "Anna"})
    until(first, "window.companion.seats.told === 1")
    assert first.evaluate("window.vibrated") == 1  # a tapped page: told with a vibration
    reopened = first.context.new_page()
    said: list[str] = []
    reopened.on("console", lambda m: said.append(f"{m.type}: {m.text}")
                if m.type in ("error", "warning") else None)
    reopened.on("pageerror", lambda e: said.append(f"pageerror: {e}"))
    reopened.goto(f"http://127.0.0.1:{daemon.web.port}/")
    # nothing that looks into the page until then: Playwright's evaluate and its waits for
    # selectors run as a user gesture (a tap, for the browser). Too slow a start fails below
    # (no title yet), never passes for want of a state.
    reopened.wait_for_timeout(3000)
    assert said == []
    assert reopened.title().startswith("▶")
    assert reopened.evaluate("window.companion.seats.told") == 1


def test_a_paired_phone_without_a_seat_is_told_how_to_get_the_moves(browser, daemon):
    """Paired, but nobody's phone yet: where the moves would be, the page says which button
    brings them, instead of an empty space under "Anna ist am Zug"."""
    from companion.i18n.catalogs import page_text

    game = daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])["id"]
    page = phone(browser, daemon)
    pair(page, daemon)
    daemon.hub.call(daemon.table.apply, game, {"type": "race", "winner": "Anna"})
    until(page, "window.companion.state.turn === 'Anna' && window.companion.legal.length")
    hint = page.locator("#choices .hint")
    assert hint.inner_text() == page_text("seat_hint", "de")
    assert move_buttons(page) == 0
    shot(page, "18-seat-hint")
    seat(page, "Anna")
    page.wait_for_selector("#choices button")
    assert hint.count() == 0
    watcher = phone(browser, daemon)  # not paired: it makes no moves, and is told nothing
    until(watcher, "window.companion.state && window.companion.state.turn === 'Anna'")
    assert watcher.locator("#choices").inner_text() == ""


# The top card of Anna's red stack and its number, as the screen shows them.


def test_tauziehen_and_stramash_a_picked_card_has_a_visible_way_back(browser, daemon):
    """A card picked left only it on the screen; the way back was to tap it again, which
    nobody guesses. A "back" button (the one How Ruck!'s picker shows) stands beside it, is
    reached by the keyboard and, pressed there, shows the whole hand again."""
    page = tauziehen_marker_placed(browser, daemon)
    page.wait_for_selector(".marker[data-player=Ida]")
    page.get_by_role("button", name="13 ●■◆", exact=True).click()
    back = page.locator("#choices").get_by_role("button", name="zurück", exact=True)
    assert back.is_visible() and page.locator("#choices .tz-card").count() == 1
    shot(page, "19-tauziehen-back")
    back.focus()  # the keyboard's way: a real button, Enter presses it
    page.keyboard.press("Enter")
    until(page, "document.querySelectorAll('#choices .tz-card').length > 10")
    assert back.count() == 0  # nothing picked: nothing to go back from
    # the keyboard stays in the picker (not thrown back to the page's top): on the first card
    assert page.evaluate("document.activeElement.matches('#choices .tz-card')")

    daemon.hub.call(daemon.table.create_game, "stramash", ["Ann", "Bob", "Cat"])
    page.wait_for_selector("#board .laddie")
    seat(page)
    cards = page.locator("#choices button").count()
    page.get_by_role("button", name="Ass", exact=True).click()
    back = page.locator("#choices").get_by_role("button", name="zurück", exact=True)
    assert back.is_visible() and page.locator("#choices .sm-card").count() == 1
    shot(page, "19-stramash-back")
    back.click()
    until(page, f"document.querySelectorAll('#choices button').length === {cards}")
    assert back.count() == 0


def bens_phone(browser, daemon):
    """A Lauf Rauf! game of Anna (red) and Ben (yellow), a phone with Ben's seat; Anna throws
    and passes, so it is Ben's turn (the phone's screen-reader line said nothing before)."""
    game = daemon.hub.call(lambda: daemon.table.create_game(
        "laufrauf", ["red", "yellow"], {}, 3, names={"red": "Anna", "yellow": "Ben"}))["id"]
    page = phone(browser, daemon)
    pair(page, daemon)
    seat(page, "yellow")
    until(page, "window.companion.state && window.companion.state.turn === 'red'")
    assert page.inner_text("#said") == ""  # not this phone's turn
    for action in ({"type": "roll", "player": "red", "dice": [1, 2]},
                   {"type": "pass", "player": "red"}):
        daemon.hub.call(daemon.table.apply, game, action)
    return page


def test_a_screen_reader_is_told_when_its_turn_comes(browser, daemon):
    """The title and a vibration tell a sighted player; a screen reader reads neither. Its
    live region says whose turn it is, by the name the prompt uses (Lauf Rauf!: the person
    and the colour)."""
    page = bens_phone(browser, daemon)
    until(page, "document.querySelector('#said').textContent === 'Ben (gelb) ist am Zug'")
    assert page.title().startswith("▶ Ben (gelb) ist am Zug")
    assert page.get_attribute("#said", "aria-live") == "polite"


def test_the_title_says_whose_turn_in_the_language_just_chosen(browser, daemon):
    """The page's title tells a phone in another tab that its turn came. A language chosen
    says it in the new words at once, not only once the table's next state comes."""
    from browser_helpers import choose_language
    page = bens_phone(browser, daemon)
    until(page, "document.title.startsWith('▶')")
    assert page.title() == "▶ Ben (gelb) ist am Zug · companion"
    choose_language(page, "nl")
    assert page.title() == "▶ Ben (geel) is aan de beurt · companion"
    choose_language(page, "fr")
    assert page.title() == "▶ À Ben (jaune) de jouer · companion"


def test_the_title_says_the_turn_as_soon_as_its_seat_is_chosen(browser, daemon):
    """A phone that takes the seat whose turn it is: the title says so at once (another tab
    open on the phone shows it), not only after the table's next state."""
    daemon.hub.call(daemon.table.create_game, "tauziehen", ["Ida", "Jan"])
    page = phone(browser, daemon)
    pair(page, daemon)
    seat(page, "Ida")
    until(page, "document.title === '▶ Ida ist am Zug · companion'")
    page.click("#seats button[data-player=Ida]")  # the seat given up (the row stays open)
    until(page, "document.title === 'companion'")


def test_the_title_forgets_the_turn_of_a_game_deleted_from_the_table(browser, daemon):
    """The only game deleted (on another phone): the table shows none, and the title no
    longer says that this phone is to play in it."""
    game = daemon.hub.call(daemon.table.create_game, "tauziehen", ["Ida", "Jan"])["id"]
    page = phone(browser, daemon)
    pair(page, daemon)
    seat(page)
    until(page, "document.title.startsWith('▶')")
    daemon.hub.call(daemon.table.delete_game, game)
    until(page, "window.companion.state === null")
    until(page, "!document.querySelector('#no-game').hidden")
    assert page.title() == "companion"
