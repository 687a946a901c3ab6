"""Shared parts of the browser tests: headless Chromium at a phone's viewport under the page's
own Content-Security-Policy, pairing, seats, waiting and counting buttons. Screenshots go to
tests/artifacts/browser/.

A pytest plugin too (conftest.py's `pytest_plugins`): the `browser` fixture, for every test
file without importing it, and the skip of every test that uses it where Chromium is
missing."""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from needs import needs

CHROMIUM = os.environ.get("COMPANION_CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(__file__).parent / "artifacts" / "browser"
PHONE = {"width": 390, "height": 844}
SMALL_PHONE = {"width": 360, "height": 740}  # the narrow touch phones many players have

NO_CHROMIUM = needs(shutil.which(CHROMIUM) is not None, CHROMIUM)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test that uses the browser: skipped where there is none (NO_CHROMIUM)."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(NO_CHROMIUM)


@pytest.fixture
def browser(daemon):  # after the daemon, so the browser closes before the server stops
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield chromium
        for context in chromium.contexts:
            context.close()
        chromium.close()


def phone(browser, daemon, fetched: list[str] | None = None, viewport: dict | None = None):
    """A phone with the page open; `fetched` (if given) collects the path of every request
    it makes, from the page's own first one on; `viewport` a smaller phone's (SMALL_PHONE)."""
    context = browser.new_context(viewport=viewport or PHONE, locale="de-DE", device_scale_factor=2,
                                  is_mobile=True, has_touch=True)  # the page's own CSP
    if fetched is not None:
        context.on("request", lambda request: fetched.append(urlsplit(request.url).path))
    page = context.new_page()
    page.goto(f"http://127.0.0.1:{daemon.web.port}/")
    return page


def hardware_form(browser, daemon):
    """A paired phone with the New game tab's hardware section open (pairing, settings)."""
    page = phone(browser, daemon)
    pair(page, daemon)
    open_setup(page)
    page.click("#hardware summary")
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


def open_setup(page) -> None:
    """Opens the New game tab and waits until its code has set it up (tabs.js: the tab is
    inert until then). Playwright fills an inert form without complaint, and the tab's set-up
    then puts the newest game's people back over what a test typed."""
    page.click("nav [data-tab=setup]")
    until(page, "!document.querySelector('#setup').inert")


def confirm(page, selector: str) -> None:
    """A tap that asks first (core.js `confirm`), answered: the tap, then the second one once a
    double tap's time has passed (a second tap sooner only repeats the question)."""
    page.click(selector)
    until(page, f"document.querySelector({selector!r}).dataset.armed !== undefined")
    answerable(page, selector)
    page.click(selector)


def answerable(page, selector: str) -> None:
    """Wait until a second tap would answer the question `selector` asks (not a double tap)."""
    until(page, f"Date.now() - document.querySelector({selector!r}).armedAt >= 400")


def seat(page, *names: str) -> None:
    """This phone is these players' (all of the game's when none are named). A row folded to
    one line (seats.js: seats held, play moved on) is opened again for the next."""
    page.wait_for_selector("#seats button")
    free = "((s) => s.players.filter((p) => !window.companion.seats.mine(s).includes(p)))" \
           "(window.companion.state)"
    while chosen := [p for p in page.evaluate(free) if not names or p in names]:
        held = page.locator("#seats button[aria-expanded=false]")  # seats held, one line: open it
        if held.count():
            held.click()
        page.click(f"#seats button[data-player={json.dumps(chosen[0])}]")


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



def visible_buttons(page) -> int:
    return page.locator("#play button:visible, #board [role=button]").count()


AXE = Path(__file__).parent.parent / ".cache" / "axe" / "package" / "axe.min.js"


def serious_violations(page) -> list[str]:
    # evaluated as source text: the page's CSP would refuse an injected <script>
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(AXE.read_text())
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [f"{v['id']}: {[n['target'] for n in v['nodes']][:3]}" for v in result["violations"]
            if v["impact"] in ("serious", "critical")]



def choose_language(page, lang: str) -> None:
    """Pick the page's language and wait until its catalog is loaded and applied."""
    page.select_option("#page-lang", lang)
    until(page, f"window.companion.i18n.lang === '{lang}'"
                f" && document.documentElement.lang === '{lang}'")


def accepted(name: str, stop=None) -> tuple[dict, list[dict], object]:
    """A golden game's header and its accepted actions (refused ones left out), up to the
    first state for which `stop(core, state)` is true; also that state."""
    from companion.rules import Refusal, get_core
    path = Path(__file__).parent / "playthroughs" / name
    rows = [json.loads(x) for x in path.read_text().splitlines()
            if x.strip() and not x.startswith("#")]
    header, actions = rows[0], rows[1:]
    core = get_core(header["game"])
    state = core.new_game(header["players"], header.get("options", {}), header.get("seed", 0))
    done: list[dict] = []
    for action in actions:
        if stop and stop(core, state):
            break
        try:
            state = core.apply(state, action).state
        except Refusal:
            continue
        done.append(action)
    return header, done, state


def seated_at(browser, daemon, game: str, header: dict, done: list) -> object:
    """The table's game after `done`, on a paired phone seated for its turn, moves loaded."""
    game_id = daemon.hub.call(daemon.table.create_game, game, header["players"],
                              header["options"], header["seed"])["id"]
    for action in done:
        daemon.hub.call(daemon.table.apply, game_id, action)
    page = phone(browser, daemon)
    pair(page, daemon)
    seat(page)
    until(page, f"window.companion.state.actions === {len(done)}"
                " && window.companion.legal.length > 0")
    return page


def tauziehen_marker_placed(browser, daemon) -> object:
    """A paired, seated phone at a new Tauziehen game between Ida and Jan, Ida's marker on
    ★ 16: her hand of cards is offered."""
    page = phone(browser, daemon)
    pair(page, daemon)
    daemon.hub.call(daemon.table.create_game, "tauziehen", ["Ida", "Jan"])
    page.wait_for_selector("#board .rope")
    seat(page)
    page.get_by_role("button", name="Marker auf ★ 16", exact=True).click()
    return page


def fetched(name: str) -> str:
    """An expression true once the page has fetched /static/`name`."""
    return ("performance.getEntriesByType('resource')"
            f".some((e) => e.name.endsWith('/static/{name}'))")



def part_words(page, *parts: str) -> None:
    """The words of these parts of the page's catalog in its language (a game's come with its
    module, a tab's when it opens: companion/i18n/page_parts.py PARTS), fetched as the page does
    when it needs them, for a test that says a part's words without it."""
    until(page, "Boolean(window.companion && window.companion.status)")  # its own words came
    for part in parts:
        assert page.evaluate("(part) => window.companion.i18n.need(part)", part), part
