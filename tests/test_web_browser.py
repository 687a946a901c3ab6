"""The phone page in headless Chromium at a phone's viewport: pair, set up How Ruck! in
German, play until a contest moves the barrel, watch it on a second phone, undo, and see a
refusal. Screenshots of every step go to tests/artifacts/browser/."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest
from daemon_helpers import wait_until

CHROMIUM = os.environ.get("COMPANION_CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(__file__).parent / "artifacts" / "browser"
PHONE = {"width": 390, "height": 844}

# Skipped only off CI when Chromium is missing; on CI (test.sh installs it) a missing browser
# fails loudly instead of passing quietly.
pytestmark = pytest.mark.skipif(not shutil.which(CHROMIUM) and not os.environ.get("CI"),
                                reason=f"{CHROMIUM} not installed (test.sh installs it)")


@pytest.fixture
def daemon(web_live):
    return web_live


@pytest.fixture
def browser(daemon):  # after the daemon, so the browser closes before the server stops
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield chromium
        for context in chromium.contexts:
            context.close()
        chromium.close()


def phone(browser, daemon):
    context = browser.new_context(viewport=PHONE, locale="de-DE", device_scale_factor=2,
                                  is_mobile=True, has_touch=True)  # the page's own CSP
    page = context.new_page()
    page.goto(f"http://127.0.0.1:{daemon.web.port}/")
    return page


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def pair(page, daemon) -> None:
    page.wait_for_selector("#pair:not([hidden])")
    page.fill("#pin", daemon.hub.call(lambda: daemon.table.pairing.pin))
    page.click("#pair-form button")
    page.wait_for_selector("#pair", state="hidden")


def barrel(page) -> str:
    return page.get_attribute("#barrel", "data-field")


def until(page, expression: str, timeout: float = 10_000) -> None:
    """Waits until `expression` is true in the page. (Playwright's wait_for_function evaluates
    a string, which the page's CSP forbids: it has no 'unsafe-eval'.)"""
    deadline = time.monotonic() + timeout / 1000
    while not page.evaluate(expression):
        assert time.monotonic() < deadline, f"never true: {expression}"
        page.wait_for_timeout(50)


def seat(page, *names: str) -> None:
    """This phone is these players' (all of the game's when none are named)."""
    page.wait_for_selector("#seats button")
    buttons = page.locator("#seats button[aria-pressed=false]")
    for i in reversed(range(buttons.count())):
        button = buttons.nth(i)
        if not names or any(button.inner_text().endswith(": " + n) for n in names):
            button.click()


def move_buttons(page) -> int:
    return page.locator("#choices button:visible, #places button:visible, #choices select,"
                        " #board [role=button]").count()


def play(page, card: str, place: str) -> int:
    """A Scot card by its attributes (colour, strength, imprint), then its field tapped on the
    board picture; returns the taps counted."""
    colour, strength = card.split(" ")[:2]
    taps = 0
    for name in (colour, f"{colour} {strength}"):
        page.locator("#choices").get_by_role("button", name=name, exact=True).click()
        taps += 1
    imprint = "mit ✶ (How-Ruck-Aufdruck)" if "✶" in card else "ohne ✶"
    choice = page.locator("#choices").get_by_role("button", name=imprint, exact=True)
    if choice.count():
        choice.click()
        taps += 1
    page.locator("#board").get_by_role("button", name=place, exact=True).click()
    taps += 1
    assert taps <= 4
    return taps


def test_pair_set_up_play_watch_undo_and_refusal(browser, daemon):
    first = phone(browser, daemon)
    shot(first, "01-unpaired")
    assert first.inner_text("#pair h2") == "Dieses Telefon koppeln"  # German from the locale
    pair(first, daemon)
    shot(first, "02-paired")

    first.click("nav [data-tab=setup]")
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

    first.click("#undo")
    for watcher in (first, second):  # both phones follow the undo, each in its own time
        until(watcher, f"document.querySelector('#barrel').dataset.field === '{start}'")
    assert barrel(first) == barrel(second) == start
    shot(second, "08-undone-on-second-phone")

    # a phone whose view went stale (its live stream lost) enters a play: refused, explained
    assert move_buttons(second) == 0  # a watcher (not paired): no move buttons
    second.evaluate("document.querySelectorAll('#seats button').forEach((b) => b.click())")
    assert move_buttons(second) == 0  # seats without pairing: still no move buttons
    second.evaluate("document.querySelectorAll('#seats button').forEach((b) => b.click())")
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
    page = phone(browser, daemon)
    pair(page, daemon)
    page.click("nav [data-tab=sim]")
    until(page, "document.querySelector('#oled').src.startsWith('data:image/png')")
    before = page.get_attribute("#oled", "src")
    daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])
    until(page, f"document.querySelector('#oled').src !== {before!r}")
    page.click("nav [data-tab=sim]")
    ok = page.locator("#sim-buttons [data-button=ok]")
    ok.dispatch_event("pointerdown")
    wait_until(lambda: daemon.buttons.buttons["ok"].is_pressed)
    ok.dispatch_event("pointerup")  # OK acts on its release
    until(page, "document.querySelector('#prompt').textContent.includes('How Ruck')"
                           " || document.querySelector('#prompt').textContent.includes('Achtung')",
                           timeout=5000)
    shot(page, "10-simulation")


def test_hardware_settings_from_the_page(browser, daemon):
    page = phone(browser, daemon)
    pair(page, daemon)
    page.click("nav [data-tab=setup]")
    page.click("#hardware summary")
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
    page.fill("[name='buttons.players']", "5, 5")
    page.click("#hardware-form button[type=submit]")
    page.wait_for_selector("#message:not([hidden])")
    assert page.get_attribute("#message", "data-code") == "bad_setting"
    assert "buttons.players[1]" in page.inner_text("#message")


def figure(page, player: str, index: int) -> dict:
    sel = f".figure[data-player={player}][data-figure='{index}']"
    return {"level": page.get_attribute(sel, "data-level"),
            "field": page.get_attribute(sel, "data-field")}


def enter_throw(page, a: int, b: int) -> None:
    """Enter the table's own dice and wait until the board shows them."""
    dice = page.locator(".dice-entry select")
    dice.nth(0).select_option(str(a))
    dice.nth(1).select_option(str(b))
    page.get_by_role("button", name="Wurf eintragen", exact=True).click()
    until(page, f"document.querySelector('#dice')?.dataset.dice === '{a},{b}'")


def test_lauf_rauf_throw_enter_real_dice_start_and_see_a_refusal(browser, daemon):
    page = phone(browser, daemon)
    pair(page, daemon)
    page.click("nav [data-tab=setup]")
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
    assert "rot ist am Zug" in page.inner_text("#prompt")

    page.get_by_role("button", name="Würfeln", exact=True).click()  # the virtual dice
    page.wait_for_selector("#dice")
    first = page.get_attribute("#dice", "data-dice")
    assert "Wurf 1 von 3" in page.inner_text("#prompt")
    shot(page, "12-laufrauf-thrown")

    page.check("#lr-real")  # now the table's own dice
    enter_throw(page, 5, 5)
    page.get_by_role("button", name="rot 1: starten", exact=True).click()
    until(page, "document.querySelector('#prompt').textContent.includes('grün')")
    assert figure(page, "red", 0) == {"level": "lower", "field": "0"}
    shot(page, "13-laufrauf-started")

    enter_throw(page, 2, 3)
    page.locator(".dice-entry select").nth(0).select_option("4")  # but die 1 stayed a 2
    page.get_by_role("button", name="Wurf eintragen (Würfel 1 blieb liegen)").click()
    page.wait_for_selector("#message:not([hidden])")
    assert page.get_attribute("#message", "data-code") == "kept_die_changed"
    assert page.inner_text("#message") == \
        "Der liegengelassene Würfel kann sich nicht ändern (2 → 4)."
    shot(page, "14-laufrauf-refused")
    assert first and page.get_attribute("#dice", "data-dice") == "2,3"  # nothing changed


def test_tauziehen_and_stramash_boards_and_pickers(browser, daemon):
    page = phone(browser, daemon)
    pair(page, daemon)
    daemon.hub.call(daemon.table.create_game, "tauziehen", ["Ida", "Jan"])
    page.wait_for_selector("#board .rope")
    seat(page)
    assert page.locator("#board .rope").count() == 5
    page.get_by_role("button", name="Marker auf ★ 16", exact=True).click()
    page.wait_for_selector(".marker[data-player=Ida]")
    page.get_by_role("button", name="13 ●■◆", exact=True).click()  # 8 + 4 + 1
    page.get_by_role("button", name="Marker auf ◆ 8", exact=True).click()
    until(page, "document.querySelector('.rope[data-card=\"8\"]').dataset.pos === '-1'")
    shot(page, "15-tauziehen")

    daemon.hub.call(daemon.table.create_game, "stramash", ["Ann", "Bob", "Cat"])
    page.wait_for_selector("#board .laddie")
    seat(page)
    assert page.locator("#board .laddie").count() == 15
    page.get_by_role("button", name="A", exact=True).click()
    page.get_by_role("button", name="Laddie 1: Dock → 0", exact=True).click()
    until(page,
        "document.querySelector('.laddie[data-player=Ann][data-laddie=\"0\"]').dataset.loc"
        " === '{\"track\":0}'")
    assert "Bob ist am Zug" in page.inner_text("#prompt")
    shot(page, "16-stramash")


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
        "Bert hat den Wettlauf gewonnen, 14.1 ms voraus"
    shot(page, "17-race-margin-in-history")


def visible_buttons(page) -> int:
    return page.locator("#play button:visible, #board [role=button]").count()


def test_howruck_pickers_few_taps_and_at_most_24_buttons(browser, daemon):
    view = daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])
    game = view["id"]
    page = phone(browser, daemon)
    pair(page, daemon)
    seat(page)
    daemon.hub.call(daemon.table.apply, game, {"type": "race", "tie": True})
    page.wait_for_selector("#choices select, #choices button")
    assert visible_buttons(page) <= 24  # the tie-break: two small pickers
    daemon.hub.call(daemon.table.apply, game, {"type": "tiebreak", "draws": {
        "Anna": {"color": "red", "strength": 3, "howruck": False, "nessie": False},
        "Bert": {"color": "red", "strength": 1, "howruck": False, "nessie": False}}})
    until(page, "window.companion.state.phase === 'tug'"
                           " && window.companion.legal.length")
    assert page.evaluate("window.SEATS.told") == 1  # the seat's phone is told its turn
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


AXE = Path(__file__).parent.parent / ".cache" / "axe" / "package" / "axe.min.js"


def serious_violations(page) -> list[str]:
    # evaluated as source text: the page's CSP would refuse an injected <script>
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(AXE.read_text())
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [f"{v['id']}: {[n['target'] for n in v['nodes']][:3]}" for v in result["violations"]
            if v["impact"] in ("serious", "critical")]


@pytest.mark.skipif(not AXE.exists(), reason="axe-core not fetched (test.sh fetches it)")
def test_every_game_screen_has_no_serious_accessibility_violation(browser, daemon):
    page = phone(browser, daemon)
    pair(page, daemon)
    found = {}
    for game, players in (("howruck", ["Anna", "Bert"]), ("laufrauf", ["red", "blue"]),
                          ("tauziehen", ["Ida", "Jan"]), ("stramash", ["Ann", "Bob", "Cat"])):
        view = daemon.hub.call(daemon.table.create_game, game, players)
        if game == "howruck":
            daemon.hub.call(daemon.table.apply, view["id"], {"type": "race", "winner": "Anna"})
        until(page, f"window.companion.state && window.companion.state.id === {view['id']}")
        seat(page)
        until(page, "document.querySelector('#choices').children.length > 0")
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            found[(game, scheme)] = serious_violations(page)
    assert {k: v for k, v in found.items() if v} == {}


def test_names_are_shown_escaped_in_seats_board_and_prompt(browser, daemon):
    name = "<b>Al</b>"
    page = phone(browser, daemon)
    pair(page, daemon)
    daemon.hub.call(daemon.table.create_game, "howruck", [name, "Bo"])
    page.wait_for_selector("#seats button")
    assert page.locator("#seats button").first.inner_text() == f"dieses Telefon: {name}"
    assert page.locator("#play b").count() == 0  # never markup
    assert name in page.inner_text("#board") or name in page.inner_text("#choices")
    for game, players in (("stramash", [name, "Bo"]), ("tauziehen", [name, "Bo"])):
        daemon.hub.call(daemon.table.create_game, game, players)
        until(page, f"window.companion.state.game === '{game}'"
                    " && document.querySelector('#board svg') !== null")
        assert page.locator("#board b").count() == 0
        assert name in page.inner_text("#board") + page.inner_text("#prompt")


def test_scanning_the_qr_code_pairs_without_typing_and_unpair_all(browser, daemon):
    address = daemon.hub.call(daemon.table.pairing_view)["qr"]
    assert "#pair=" in address
    page = browser.new_context(viewport=PHONE, bypass_csp=True).new_page()
    page.goto(address)  # what the phone's camera opens
    page.wait_for_function("document.querySelector('#oled').src.startsWith('data:image/png')")
    assert page.evaluate("location.hash") == ""  # the secret left the address bar
    assert page.is_hidden("#pair")
    assert daemon.hub.call(daemon.table.pairing_view)["qr"] != address  # used up
    page.click("nav [data-tab=setup]")
    page.click("#hardware summary")
    page.click("#unpair-all")
    page.wait_for_selector("#pair:not([hidden])")  # reloaded as a watcher
    assert page.evaluate("fetch('/api/status').then(r => r.json())")["paired"] is False
