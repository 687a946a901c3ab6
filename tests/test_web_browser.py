"""The phone page in headless Chromium at a phone's viewport: pair, set up How Ruck! in
German, play until a contest moves the barrel, watch it on a second phone, undo, and see a
refusal; the simulation panel, the hardware settings, pairing by the QR code."""

from __future__ import annotations

import time

from browser_helpers import (
    PHONE,
    barrel,
    confirm,
    hardware_form,
    move_buttons,
    open_setup,
    pair,
    phone,
    play,
    seat,
    shot,
    until,
)
from daemon_helpers import wait_until


def test_pair_set_up_play_watch_undo_and_refusal(browser, daemon):
    first = phone(browser, daemon)
    shot(first, "01-unpaired")
    assert first.inner_text("#pair h2") == "Dieses Telefon koppeln"  # German from the locale
    pair(first, daemon)
    assert first.inner_text("#banner") == "Gekoppelt."  # said, not only the PIN box gone
    shot(first, "02-paired")

    open_setup(first)
    inputs = first.locator("#players input")
    inputs.nth(0).fill("Anna")
    inputs.nth(1).fill("Bert")
    first.select_option("#table-lang", "de")
    shot(first, "03-setup")
    first.click("#setup-form button[type=submit]")
    first.wait_for_selector("#play:not([hidden]) #board svg")
    assert move_buttons(first) == 0  # no seat yet: a watcher
    seat(first)
    assert "Teams bilden" in first.inner_text("#prompt")
    shot(first, "04-teams")

    first.get_by_role("button", name="Anna hat den Wettlauf gewonnen").click()
    until(first, "document.querySelector('#prompt').textContent.includes('Anna')")
    start = barrel(first)
    play(first, "rot 3", "Anna: rot")
    until(first, "document.querySelector('#prompt').textContent.includes('Bert')")
    shot(first, "05-anna-played")

    second = phone(browser, daemon)  # a second phone beside it: watching needs no pairing
    second.wait_for_selector("#board svg")
    assert barrel(second) == start

    play(first, "blau 0 ✶", "Bert: blau")  # the How Ruck imprint: a contest, 7 : 4
    until(first, f"document.querySelector('#barrel').dataset.field !== '{start}'")
    moved = barrel(first)
    until(second, f"document.querySelector('#barrel').dataset.field === '{moved}'")
    shot(first, "06-contest-moved-barrel")
    shot(second, "07-second-phone-live")

    game = daemon.hub.call(lambda: daemon.table.current)
    played = len(daemon.hub.call(lambda: daemon.sessions.get(game).actions))
    first.dblclick("#undo")  # a double tap only asks, naming the move it would take back
    until(first, "document.querySelector('#undo').classList.contains('danger')")
    newest = first.evaluate("companion.historyTab.lastLine()")
    assert newest.startswith("Bert") and \
        first.inner_text("#undo") == f"Nochmal tippen zum Zurücknehmen: {newest}"
    time.sleep(0.5)
    assert len(daemon.hub.call(lambda: daemon.sessions.get(game).actions)) == played
    assert barrel(first) == moved
    first.click("#undo")  # the answer: one move goes
    for watcher in (first, second):  # both phones follow the undo, each in its own time
        until(watcher, f"document.querySelector('#barrel').dataset.field === '{start}'")
    assert barrel(first) == barrel(second) == start
    time.sleep(0.5)  # a second undo, had one gone out, has been answered
    assert first.inner_text("#undo") == "Rückgängig"
    assert len(daemon.hub.call(lambda: daemon.sessions.get(game).actions)) == played - 1
    assert first.inner_text("#message") == ""  # and nothing was refused
    shot(second, "08-undone-on-second-phone")

    # a phone whose view went stale (its live stream lost) enters a play: refused, explained
    assert move_buttons(second) == 0  # a watcher (not paired): no move buttons
    assert second.locator("#seats button").count() == 0  # seats are for paired phones
    pair(second, daemon)
    seat(second, "Bert")
    first.evaluate("window.companion.stream.close()")
    play(second, "grün 2", "Bert: grün")
    until(second, "document.querySelector('#prompt').textContent.includes('Anna')")
    assert move_buttons(second) == 0  # Anna's turn: Bert's phone shows it without buttons
    play(first, "blau 0 ✶", "Bert: blau")
    first.wait_for_selector("#message:not([hidden])")
    assert first.get_attribute("#message", "data-code") == "not_your_turn"
    assert first.inner_text("#message") == "Anna ist am Zug, nicht Bert."
    # the picker refreshed from the game as it is now
    until(first, "window.companion.state.turn === 'Anna'"
                 " && document.querySelector('#prompt').textContent.includes('Anna')")
    shot(first, "09-refused")


def test_simulation_panel_shows_the_oled_and_drives_the_buttons(browser, daemon):
    watcher = phone(browser, daemon)  # frames go to paired phones only (they show the PIN)
    watcher.click("nav [data-tab=sim]")
    assert watcher.is_hidden("#oled")  # no empty picture frame with a broken-image sign
    page = phone(browser, daemon)
    pair(page, daemon)
    page.click("nav [data-tab=sim]")
    until(page, "document.querySelector('#oled').src.startsWith('data:image/png')")
    assert page.is_visible("#oled")
    before = page.get_attribute("#oled", "src")
    daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])
    until(page, f"document.querySelector('#oled').src !== {before!r}")
    page.click("nav [data-tab=sim]")
    ok = page.locator("#sim-buttons [data-button=ok]")
    ok.dispatch_event("pointerdown")
    wait_until(lambda: daemon.buttons.buttons["ok"].is_pressed)
    ok.dispatch_event("pointerup")  # OK acts on its release
    # the race is on: the page says what to do, and where the simulated buttons are
    until(page, "document.querySelector('#prompt').textContent.startsWith('How Ruck!')",
          timeout=8000)
    assert page.inner_text("#prompt") == \
        "How Ruck! Jetzt die Tasten im Tab „Tisch“ drücken! Wer zuerst drückt, gewinnt."
    # whose each button is; held by keyboard as by finger (Enter held, then let go)
    assert page.locator("#sim-buttons button").all_inner_texts() == [
        "P1 · Anna", "P2 · Bert", "OK"]
    page.focus("#sim-buttons [data-button=p1]")
    page.keyboard.down("Enter")
    wait_until(lambda: daemon.buttons.buttons["p1"].is_pressed)
    page.keyboard.up("Enter")
    wait_until(lambda: not daemon.buttons.buttons["p1"].is_pressed)
    shot(page, "10-simulation")


def test_every_seat_of_the_game_on_the_table_has_its_simulated_button(browser, daemon):
    """Lauf Rauf! with three players had P1, P2 and OK only (the default config's pins): a
    seat the config has no button for gets one while the game on the table has that seat,
    and it throws the dice like a wired one."""
    page = phone(browser, daemon)
    pair(page, daemon)
    page.click("nav [data-tab=sim]")
    texts = "[...document.querySelectorAll('#sim-buttons button')].map((b) => b.textContent)"
    until(page, f"{texts}.join() === 'P1,P2,OK'")  # no game: the table's own buttons
    game = daemon.hub.call(daemon.table.create_game, "laufrauf", ["red", "blue", "green"],
                           None, 3)["id"]
    until(page, f"{texts}.length === 4")
    assert page.locator("#sim-buttons button").all_inner_texts() == [
        "P1 · Rot", "P2 · Blau", "P3 · Grün", "OK"]  # a colour as a player: a noun
    for player in ("red", "blue"):
        for action in ({"type": "roll", "player": player, "dice": [1, 2]},
                       {"type": "pass", "player": player}):
            daemon.hub.call(daemon.table.apply, game, action)
    third = page.locator("#sim-buttons [data-button=p2]")
    third.dispatch_event("pointerdown")
    wait_until(lambda: daemon.buttons.buttons["p2"].is_pressed)
    third.dispatch_event("pointerup")
    wait_until(lambda: daemon.hub.call(daemon.table.view)["throws"] == 1)
    assert daemon.hub.call(daemon.sessions.get, game).actions[-1] == {
        "type": "roll", "player": "green"}
    shot(page, "10b-simulation-three-seats")
    daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])
    until(page, f"{texts}.join() === 'P1 · Anna,P2 · Bert,OK'")  # two seats: P3 is gone


def test_hardware_settings_from_the_page(browser, daemon):
    page = hardware_form(browser, daemon)
    until(page, "document.querySelector('[name=\"buttons.players\"]').value !== ''")
    assert page.input_value("[name='buttons.players']") == "17, 27"
    page.select_option("[name='display.type']", "sh1106")
    page.fill("[name='buttons.players']", "5, 6, 13")
    page.click("#hardware-form button[type=submit]")
    until(page, "document.querySelector('#hardware-note').textContent.includes('neu')")
    shot(page, "11-hardware-saved")
    view = daemon.settings_view()
    assert view["hardware"]["display"]["type"] == "sh1106" and view["restart_needed"]
    assert view["hardware"]["buttons"]["players"] == [5, 6, 13]
    # a refused value is said beside the form, at its field: marked, focused, described
    invalid = "[...document.querySelectorAll('[aria-invalid=true]')].map((el) => el.name)"
    page.fill("[name='buttons.players']", "5, 5")
    page.click("#hardware-form button[type=submit]")
    until(page, "document.querySelector('#hardware-note').dataset.code === 'bad_setting'")
    # named as the page names it ("saved" was before), not by the file's key
    assert page.inner_text("#hardware-note") == \
        "„Taste von Spieler 2“: Pin 5 wird schon von „Taste von Spieler 1“ verwendet."
    assert page.evaluate(invalid) == ["buttons.players"]
    assert page.evaluate("document.activeElement.name") == "buttons.players"
    assert page.get_attribute("[name='buttons.players']", "aria-describedby") == "hardware-note"
    assert page.is_hidden("#message")  # not at the top of the page, out of sight
    shot(page, "11-hardware-refused")
    page.fill("[name='buttons.players']", "a, 6")  # the refusal quotes what was typed
    page.click("#hardware-form button[type=submit]")
    until(page, "document.querySelector('#hardware-note').textContent.endsWith('nicht \"a\".')")
    # a number too long for JavaScript to hold exactly is quoted as typed, not rounded
    page.fill("[name='buttons.players']", "5, 12345678901234567891")
    page.click("#hardware-form button[type=submit]")
    until(page, "document.querySelector('#hardware-note').textContent.includes('Spieler 2')")
    assert page.inner_text("#hardware-note").endswith('nicht "12345678901234567891".')
    page.fill("[name='buttons.players']", "5, 6")
    page.fill("[name='buttons.ok']", "")  # emptied: no OK button (not GPIO 0)
    page.fill("[name='race.countdown_s']", "")  # emptied: refused, not a 0 s countdown
    page.click("#hardware-form button[type=submit]")
    until(page, "document.querySelector('#hardware-note').textContent"
                ".startsWith('„Countdown des Wettlaufs“')")
    assert page.evaluate(invalid) == ["race.countdown_s"]  # the earlier field is fine now
    page.fill("[name='race.countdown_s']", "3")
    page.click("#hardware-form button[type=submit]")
    until(page, "document.querySelector('#hardware-note').textContent.includes('neu')")
    assert page.evaluate(invalid) == [] and page.is_hidden("#message")
    assert page.get_attribute("[name='race.countdown_s']", "aria-describedby") is None
    assert daemon.settings_view()["hardware"]["buttons"]["ok"] is None


def test_the_display_menu_offers_its_kinds_in_words(browser, daemon):
    """The display's kinds are said in the phone's language ("dummy" and "none" are the
    file's values, not words for a family); the values sent stay the file's."""
    from browser_helpers import choose_language

    page = hardware_form(browser, daemon)
    until(page, "document.querySelector('[name=\"display.type\"]').value === 'ssd1306'")
    offered = "[...document.querySelector('[name=\"display.type\"]').options]" \
              ".map((o) => [o.value, o.textContent])"
    assert page.evaluate(offered) == [
        ["ssd1306", "SSD1306-OLED"], ["sh1106", "SH1106-OLED"],
        ["dummy", "Scheindisplay (zum Testen ohne Display)"], ["none", "Kein Display"]]
    choose_language(page, "nl")
    assert page.evaluate(offered)[2:] == [
        ["dummy", "Nepscherm (om zonder scherm te testen)"], ["none", "Geen scherm"]]
    page.select_option("[name='display.type']", "none")
    page.click("#hardware-form button[type=submit]")
    until(page, "document.querySelector('#hardware-note').textContent !== ''")
    assert daemon.settings_view()["hardware"]["display"]["type"] == "none"


def test_a_language_switch_takes_the_old_languages_notes_away(browser, daemon):
    """A refusal, the banner and a form's note said in German do not stay on a page that now
    speaks Dutch."""
    from browser_helpers import choose_language

    page = phone(browser, daemon)
    page.wait_for_selector("#pair:not([hidden])")
    pin = daemon.hub.call(lambda: daemon.table.pairing.pin)
    page.fill("#pin", "000000" if pin != "000000" else "111111")
    page.click("#pair-form button")
    until(page, "document.querySelector('#message').textContent.startsWith('Falsche PIN')")
    choose_language(page, "nl")
    assert page.is_hidden("#message")
    choose_language(page, "de")
    pair(page, daemon)
    assert page.inner_text("#banner") == "Gekoppelt."
    choose_language(page, "nl")
    assert page.is_hidden("#banner")
    open_setup(page)
    page.click("#hardware summary")
    until(page, "document.querySelector('[name=\"buttons.players\"]').value !== ''")
    page.fill("[name='buttons.players']", "5, 5")
    page.click("#hardware-form button[type=submit]")
    until(page, "document.querySelector('#hardware-note').textContent.includes('Knop van')")
    choose_language(page, "de")
    assert page.inner_text("#hardware-note") == ""
    assert page.get_attribute("[name='buttons.players']", "aria-invalid") is None


def test_scanning_the_qr_code_pairs_without_typing_and_unpair_all(browser, daemon):
    address = daemon.hub.call(daemon.table.pairing_view)["qr"]
    assert "#pair=" in address
    page = browser.new_context(viewport=PHONE, bypass_csp=True).new_page()
    page.goto(address)  # what the phone's camera opens
    page.wait_for_function("document.querySelector('#oled').src.startsWith('data:image/png')")
    assert page.evaluate("location.hash") == ""  # the secret left the address bar
    assert page.is_hidden("#pair")
    assert page.inner_text("#banner") == "Paired."
    assert daemon.hub.call(daemon.table.pairing_view)["qr"] != address  # used up
    open_setup(page)
    page.click("#hardware summary")
    confirm(page, "#unpair-all")  # asks, and the second tap does it
    page.wait_for_selector("#pair:not([hidden])")  # a watcher now
    assert page.evaluate("fetch('/api/status').then(r => r.json())")["paired"] is False


def test_a_finished_game_is_played_again_with_one_tap(browser, daemon):
    """Once a game is over the table's next wish is the same again: one tap starts it with
    the same game, players and options (a new shuffle), and the phone shows it at once."""
    from companion.rules import get_core
    from companion.rules.randomplay import random_game

    players, options = ["red", "green"], {"huckauf": "table"}
    log, end = random_game(get_core("laufrauf"), 3, players, options)
    assert end.winner is not None
    old = daemon.hub.call(daemon.table.create_game, "laufrauf", players, options, 3)["id"]
    for action in log:
        daemon.hub.call(daemon.table.apply, old, action)
    page = phone(browser, daemon)
    pair(page, daemon)
    page.get_by_role("button", name="Nochmal spielen", exact=True).dblclick()  # one game
    until(page, f"window.companion.state.id !== {old} && window.companion.state.actions === 0")
    time.sleep(0.5)  # a second game, had the tap been taken twice, would be made by now
    assert len(daemon.hub.call(daemon.sessions.listing)) == 2
    new = page.evaluate("window.companion.state.id")
    header = daemon.hub.call(lambda: daemon.sessions.get(new).header)
    assert (header["game"], header["players"], header["options"]) == \
        ("laufrauf", players, options)
    seat(page)
    until(page, "document.querySelectorAll('#choices button').length > 0")  # its first move
    shot(page, "23-played-again")


def test_a_game_started_by_mistake_is_deleted_from_the_stored_games(browser, daemon):
    """Delete asks first, naming the game; then the game is gone from the list, and the table
    (this phone and a watching one) shows the game still played before it."""
    older = daemon.hub.call(daemon.table.create_game, "tauziehen", ["Ida", "Jan"])["id"]
    mistake = daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])["id"]
    watching = phone(browser, daemon)
    watching.wait_for_selector("#board .field")
    page = phone(browser, daemon)
    pair(page, daemon)
    open_setup(page)
    page.wait_for_selector(f"#games li >> text=#{mistake} ")
    button = f"#games li:has-text('#{mistake} ') button[data-t=delete_game]"
    page.click(button)
    assert page.locator(button).inner_text() == f"Nochmal tippen: Spiel #{mistake} endgültig " \
                                                "löschen"
    assert len(daemon.hub.call(daemon.sessions.listing)) == 2  # asked, nothing done yet
    page.wait_for_function("(b) => Date.now() - b.armedAt >= 400",  # not a double tap
                           arg=page.locator(button).element_handle())
    page.click(button)
    until(page, f"![...document.querySelectorAll('#games li')].some((li) => "
                f"li.textContent.startsWith('#{mistake} '))")
    assert page.locator("#games li").count() == 1
    assert [g["id"] for g in daemon.hub.call(daemon.sessions.listing)] == [older]
    page.click("nav [data-tab=play]")
    page.wait_for_selector("#board .rope")
    watching.wait_for_selector("#board .rope")
    said = f"Spiel #{mistake} (How Ruck!) wurde gelöscht. Am Tisch: Spiel #{older} (Tauziehen)."
    until(watching, f"document.querySelector('#banner').textContent === {said!r} "
                    "&& !document.querySelector('#banner').hidden")  # why the table changed
    shot(watching, "24-game-deleted")
    daemon.hub.call(daemon.table.delete_game, older)  # the last one: no game at the table
    said = f"Spiel #{older} (Tauziehen) wurde gelöscht. Am Tisch ist jetzt kein Spiel."
    until(watching, f"document.querySelector('#banner').textContent === {said!r}")


def test_the_race_countdown_is_refused_in_words_at_its_field(browser, daemon):
    """The countdown field was type=number: past its range the browser refused in its own
    words (and language), and "2,5" was never sent. It is a text field sent as typed, as the
    new-game form's numbers are, and the table's refusal is said at it in the page's words."""
    page = hardware_form(browser, daemon)
    until(page, "document.querySelector('[name=\"race.countdown_s\"]').value !== ''")
    field = "[name='race.countdown_s']"
    note = "document.querySelector('#hardware-note').textContent"
    for typed in ("11", "2,5"):
        page.fill(field, typed)
        page.click("#hardware-form button[type=submit]")
        until(page, f"{note}.startsWith('„Countdown des Wettlaufs“') && {note}.includes("
                    f"{typed!r})", timeout=5_000)
        assert page.get_attribute(field, "aria-invalid") == "true"
        assert page.evaluate("document.activeElement.name") == "race.countdown_s"
    shot(page, "11-hardware-countdown-refused")
    assert page.get_attribute(field, "inputmode") == "numeric"  # the digits keyboard still
