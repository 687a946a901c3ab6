"""The league's page as a club reads it: in the reader's language, games by their titles, one
person however each table spelled their name, under its own Content-Security-Policy in
Chromium at a phone's width; an empty league says how results arrive."""

from __future__ import annotations

import json
import os
import re
import shutil

import pytest
from browser_helpers import CHROMIUM, FLAGS, PHONE, shot
from daemon_helpers import wait_until
from mqtt_helpers import Broker, needs_mosquitto
from test_league import get
from test_mqtt import run, table  # noqa: F401  (the fixture and the table helper)

from companion.club.league import League, league_app
from companion.rules import get_core
from companion.rules.randomplay import random_game
from companion.web import WebServer

pytestmark = needs_mosquitto
# One person, spelled two ways at two tables; a name the page must not read as markup.
GAMES = {"t1": [("howruck", 1, ["Sanne", "Bob <b>"])],
         "t2": [("tauziehen", 2, ["sanne", "Bob <b>"]), ("howruck", 3, ["Sanne", "Cat"]),
                ("tauziehen", 12, ["Cat", "Sanne"])]}  # seed 12: a draw


def winners() -> list[str | None]:
    """Each game's winner as its rule core tells it (None: a draw)."""
    return [get_core(g).winner(random_game(get_core(g), s, p)[1])
            for games in GAMES.values() for g, s, p in games]


@pytest.fixture
def league(run, tmp_path):  # noqa: F811
    broker = run(Broker(tmp_path / "broker").start())
    league = run(League("127.0.0.1", broker.port, tmp_path / "league"))
    league.start()
    league.broker = broker
    return league


def serve(run, league):  # noqa: F811
    server = WebServer(league_app(league), "127.0.0.1", 0, threads=2)
    server.start()
    run(server)
    return server


def play_everywhere(run, league, tmp_path):  # noqa: F811
    for name, games in GAMES.items():
        daemon = table(run, tmp_path / name, league.broker.port, name=name)
        for game, seed, players in games:
            log, _ = random_game(get_core(game), seed, players)
            gid = daemon.hub.call(daemon.table.create_game, game, players, {}, seed)["id"]
            for action in log:
                daemon.hub.call(daemon.table.apply, gid, action)
    wait_until(lambda: sum(league.standings()["tables"].values()) == 4, timeout=15)


def test_one_person_however_the_tables_spelled_them(run, league, tmp_path):  # noqa: F811
    play_everywhere(run, league, tmp_path)
    players = {p["name"]: (p["played"], p["won"], p["drawn"])
               for p in league.standings()["players"]}
    won = winners()
    assert won[-1] is None  # the draw
    sanne = sum(w is not None and w.casefold() == "sanne" for w in won)
    assert players == {"Sanne": (4, sanne, 1), "Bob <b>": (2, won.count("Bob <b>"), 0),
                       "Cat": (2, won.count("Cat"), 1)}  # "Sanne" thrice, "sanne" once


@pytest.mark.skipif(not shutil.which(CHROMIUM) and not os.environ.get("CI"),
                    reason=f"{CHROMIUM} not installed (test.sh installs it)")
def test_the_page_speaks_the_readers_language_on_a_phone(run, league, tmp_path):  # noqa: F811
    from playwright.sync_api import sync_playwright

    play_everywhere(run, league, tmp_path)
    server = serve(run, league)
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            context = chromium.new_context(viewport=PHONE, locale="de-DE", is_mobile=True)
            page = context.new_page()
            refused: list[str] = []
            page.on("console", lambda m: refused.append(m.text) if m.type == "error" else None)
            page.goto(f"http://127.0.0.1:{server.port}/")
            assert page.locator("html").get_attribute("lang") == "de"
            assert page.locator("h1").inner_text() == "Liga"
            assert page.locator("thead th").all_inner_texts()[:4] == [
                "Spieler", "Spiele", "Gewonnen", "Remis"]
            assert page.locator("p").first.inner_text() == "4 Spiele von 2 Tischen"
            cat = page.locator("tbody tr", has_text="Cat").locator("td").all_inner_texts()
            assert cat[1:4] == ["2", str(sum(w == "Cat" for w in winners())), "1"]
            names = page.locator("tbody .who").all_inner_texts()
            assert sorted(names) == ["Bob <b>", "Cat", "Sanne"]  # text, not markup
            ratings = page.locator("tbody tr", has_text="Sanne").locator("small").inner_text()
            assert re.fullmatch(r"Elo: How\xa0Ruck!\xa0\d+ · Tauziehen\xa0\d+", ratings), ratings
            # the style applies (its hash is in the CSP) and the table fits the phone
            assert page.locator("table").evaluate(
                "(t) => getComputedStyle(t).borderCollapse") == "collapse"
            shot(page, "25-league-de")
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
            assert refused == []
        finally:
            chromium.close()


def test_an_empty_league_says_how_results_arrive(run, league):  # noqa: F811
    server = serve(run, league)
    status, body = get(server.port, "/", {"Accept-Language": "nl-NL,nl;q=0.9,en;q=0.8"})
    page = body.decode()
    assert status == 200 and '<html lang="nl">' in page
    assert "[mqtt]" in page and "<table" not in page
    assert json.loads(get(server.port, "/standings.json")[1])["players"] == []


@pytest.mark.skipif(not shutil.which(CHROMIUM) and not os.environ.get("CI"),
                    reason=f"{CHROMIUM} not installed (test.sh installs it)")
def test_a_small_phone_with_large_text_reads_the_league_without_scrolling_sideways(
        run, league, tmp_path):  # noqa: F811
    """320 px wide, the reader's text at 150 % (the browser's own text size, set as a phone's
    settings set it): in every language the page fits; a column heading or name too long for
    its column breaks instead of pushing the page wider (it was 487-574 px)."""
    from playwright.sync_api import sync_playwright

    play_everywhere(run, league, tmp_path)
    server = serve(run, league)
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            for lang in ("de", "en", "fr", "nl"):
                context = chromium.new_context(viewport={"width": 320, "height": 568},
                                               locale=lang, is_mobile=True)
                page = context.new_page()
                cdp = context.new_cdp_session(page)
                cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 24}})  # 150 %
                page.goto(f"http://127.0.0.1:{server.port}/")
                assert page.evaluate("getComputedStyle(document.body).fontSize") == "24px"
                assert page.locator("html").get_attribute("lang") == lang
                shot(page, f"25-league-320-{lang}")
                assert page.evaluate("document.documentElement.scrollWidth") <= 320, lang
                context.close()
        finally:
            chromium.close()
