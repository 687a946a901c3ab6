"""What a newcomer meets on the phone page: an icon and a manifest for "add to home screen",
a PIN that is sent only when it has 6 digits, empty names that take the shown defaults, and a
setup error that goes away when the form changes."""

from __future__ import annotations

import http.client
import io
import json
from urllib.parse import urlsplit

from browser_helpers import choose_language, open_setup, pair, part_words, phone, until
from PIL import Image


def fetch(daemon, path: str) -> tuple[int, str, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", daemon.web.port, timeout=10)
    conn.request("GET", path)
    response = conn.getresponse()
    body = response.read()
    conn.close()
    return response.status, response.getheader("Content-Type", ""), body


def pairs(urls: list[str]) -> list[str]:
    return [u for u in urls if urlsplit(u).path == "/api/pair"]


def test_favicon_and_manifest_make_add_to_home_screen_look_right(daemon):
    status, kind, body = fetch(daemon, "/favicon.ico")
    assert status == 200 and kind == "image/vnd.microsoft.icon"
    assert Image.open(io.BytesIO(body)).format == "ICO"
    status, kind, body = fetch(daemon, "/")
    page = body.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert '<link rel="icon" href="/favicon.ico"' in page
    status, kind, body = fetch(daemon, "/manifest.webmanifest")
    assert status == 200 and kind.startswith("application/manifest+json")
    manifest = json.loads(body)
    assert manifest["name"] and manifest["start_url"] == "/"
    assert manifest["display"] == "standalone" and manifest["theme_color"].startswith("#")
    sizes = set()
    for icon in manifest["icons"]:
        status, kind, body = fetch(daemon, icon["src"])
        assert status == 200 and kind == icon["type"] == "image/png"
        width, height = Image.open(io.BytesIO(body)).size
        assert icon["sizes"] == f"{width}x{height}"
        sizes.add(width)
    assert {192, 512} <= sizes


def test_a_short_pin_is_not_sent_and_costs_no_try(browser, daemon):
    page = phone(browser, daemon)
    sent = []
    page.on("request", lambda r: sent.append(r.url))
    page.wait_for_selector("#pair:not([hidden])")
    page.fill("#pin", "12")
    page.click("#pair-form button")
    page.wait_for_selector("#message:not([hidden])")
    assert "6" in page.inner_text("#message")
    assert pairs(sent) == [], sent
    assert daemon.hub.call(lambda: daemon.table.pairing.pin) != "12"
    pair(page, daemon)  # the full PIN still works at once
    assert len(pairs(sent)) == 1, sent


def test_empty_names_take_the_shown_defaults_and_errors_clear(browser, daemon):
    page = phone(browser, daemon)
    pair(page, daemon)
    open_setup(page)
    inputs = page.locator("#players input")
    inputs.nth(0).fill("Anna")
    inputs.nth(1).fill("Anna")  # the same name twice: refused
    page.click("#setup-form button[type=submit]")
    page.wait_for_selector("#message:not([hidden])")
    inputs.nth(1).fill("")  # the form changed: the old error goes
    page.wait_for_selector("#message", state="hidden")
    shown = inputs.nth(1).get_attribute("placeholder")
    page.click("#setup-form button[type=submit]")
    until(page, "document.querySelector('#prompt').textContent.length > 0")
    state = daemon.hub.call(lambda: daemon.table.view())
    assert state["players"] == ["Anna", shown] and shown == "Spieler 2"


def test_a_language_switch_keeps_the_badge_live_and_redoes_the_history(browser, daemon):
    page = phone(browser, daemon)
    pair(page, daemon)
    game = daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])["id"]
    daemon.hub.call(daemon.table.apply, game,
                    {"type": "race", "presses": {"Anna": [31_000], "Bert": [16_900]}})
    until(page, "document.querySelector('#live').textContent === 'live'")
    page.click("nav [data-tab=history]")
    page.wait_for_selector("#history-list li")
    assert page.inner_text("#history-list li") == \
        "Bert hat den Wettlauf gewonnen, 14,1 ms voraus — Das Tauziehen der Runde 1 beginnt"
    choose_language(page, "en")
    until(page, "(document.querySelector('#history-list li') || {}).textContent"
                " === 'Bert won the race, 14.1 ms ahead — The tug of round 1 begins'")
    assert page.inner_text("#live") == "live"


def test_counts_on_the_page_take_the_right_plural(browser, daemon):
    page = phone(browser, daemon)  # German
    part_words(page, "tauziehen")  # as a Tauziehen game shown brings them
    say = "([k, n]) => window.companion.t(k, {n})"
    assert page.evaluate(say, ["tz_points", 1]) == "1 Punkt"
    assert page.evaluate(say, ["tz_points", 0]) == "0 Punkte"
    choose_language(page, "en")
    assert page.evaluate(say, ["tz_points", 1]) == "1 point"
    assert page.evaluate(say, ["tz_points", 4]) == "4 points"
    choose_language(page, "nl")
    assert page.evaluate(say, ["tz_points", 1]) == "1 punt"


def test_the_contest_sums_and_the_imprint_are_labelled(browser, daemon):
    page = phone(browser, daemon)  # German
    game = daemon.hub.call(daemon.table.create_game, "howruck", ["Anna", "Bert"])["id"]
    daemon.hub.call(daemon.table.apply, game, {"type": "race", "winner": "Anna"})
    page.wait_for_selector("#board #strength")
    assert page.text_content("#board #strength") == "Kräftemessen jetzt: Anna 6 : 6 Bert"
    assert page.text_content("#board #imprint-legend").startswith("✶ How-Ruck-Aufdruck")


def test_the_contest_line_fits_the_board_with_long_names(browser, daemon):
    page = phone(browser, daemon)  # German
    names = ["Maximiliane Sophie", "Friedrich Wilhelmus"]
    game = daemon.hub.call(daemon.table.create_game, "howruck", names)["id"]
    daemon.hub.call(daemon.table.apply, game, {"type": "race", "winner": names[0]})
    page.wait_for_selector("#board #strength")
    assert page.text_content("#board #strength") == \
        "Kräftemessen jetzt: Maximiliane Sophie 6 : 6 Friedrich Wilhelmus"
    line = page.locator("#board #strength").bounding_box()
    board = page.locator("#board svg").bounding_box()
    assert board["x"] <= line["x"] and line["x"] + line["width"] <= board["x"] + board["width"]



def test_the_page_speaks_french_with_frances_plural_rule(browser, daemon):
    page = browser.new_page()
    page.goto(f"http://127.0.0.1:{daemon.web.port}/?lang=fr")
    until(page, "Boolean(window.companion && window.companion.i18n)"
                " && window.companion.i18n.lang === 'fr'")
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert page.inner_text("#undo") == "Reprendre le coup"  # not "Annuler" (cancel)
    part_words(page, "tauziehen")  # as a Tauziehen game shown brings them
    # French says the singular for 0 and 1 ((n > 1)), English for 1 only
    assert page.evaluate("[0, 1, 2].map((n) => window.companion.t('tz_points', {n}))") == \
        ["0 point", "1 point", "2 points"]
    choose_language(page, "en")
    assert page.evaluate("[0, 1, 2].map((n) => window.companion.t('tz_points', {n}))") == \
        ["0 points", "1 point", "2 points"]
    assert page.inner_text("#undo") == "Undo"
