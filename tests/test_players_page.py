"""The Players tab in headless Chromium under the page's real CSP: tables, two SVG charts,
a player's details, renaming; no CSP violation."""

from __future__ import annotations

import shutil

import pytest
from backup_helpers import finished_game
from browser_helpers import CHROMIUM, FLAGS, PHONE, choose_language, pair, shot

from companion.rules import get_core
from companion.rules.randomplay import random_game

pytestmark = pytest.mark.skipif(not shutil.which(CHROMIUM), reason=f"{CHROMIUM} missing")
GAMES = [("howruck", 1, ["Ann", "Bob"]), ("howruck", 2, ["Bob", "Ann"]),
         ("tauziehen", 1, ["Ann", "Cat"])]


@pytest.fixture
def page(web_live):
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        context = browser.new_context(viewport=PHONE, locale="en-GB")  # CSP enforced
        page = context.new_page()
        problems: list[str] = []
        # script errors and CSP violations (a refused request's status line is expected)
        page.on("console", lambda m: problems.append(m.text) if m.type == "error"
                and not m.text.startswith("Failed to load resource") else None)
        page.on("pageerror", lambda e: problems.append(str(e)))
        page.problems = problems
        yield page
        context.close()
        browser.close()


def open_roster(page, daemon, lang: str | None = None, paired: bool = True) -> None:
    """The page opened (paired, in `lang`) on its Players tab."""
    page.goto(f"http://127.0.0.1:{daemon.web.port}/")
    if paired:
        pair(page, daemon)
    if lang:
        choose_language(page, lang)
    page.click("nav [data-tab=roster]")


def test_players_tab(web_live, page):
    for game in GAMES:
        finished_game(web_live, *game)
    open_roster(page, web_live)
    page.wait_for_selector("#players-table")
    names = page.locator("#players-table tbody tr td:first-child").all_inner_texts()
    assert names == ["Ann", "Bob", "Cat"]
    winners = [random_game(get_core(g), s, p)[1].winner for g, s, p in GAMES]
    row = page.locator("#players-table tbody tr").nth(0).locator("td").all_inner_texts()
    assert row[1:3] == ["3", str(winners.count("Ann"))]
    won = page.locator("#wins-chart rect[data-won]")
    assert [int(won.nth(i).get_attribute("data-won")) for i in range(3)] == [
        winners.count(n) for n in ("Ann", "Bob", "Cat")]
    page.click("#players-table [data-player=Ann]")
    lines = page.locator("#rating-chart polyline")
    assert sorted(lines.nth(i).get_attribute("data-game") for i in range(2)) == [
        "howruck", "tauziehen"]
    assert len(lines.nth(0).get_attribute("points").split()) == 3  # start + two games
    shot(page, "players-01")

    page.click("#player-change summary")
    page.select_option("#player-change select", "Bob")
    page.fill("#player-change input", "Cat")
    page.click("#rename-player")
    page.wait_for_selector("#player-note[data-code=player_exists]")
    page.fill("#player-change input", "Robert")
    page.click("#rename-player")
    page.locator("#players-table [data-player=Robert]").wait_for()
    shot(page, "players-02-renamed")
    assert page.problems == []

    choose_language(page, "de")
    page.locator("nav [data-tab=roster]", has_text="Spieler").wait_for()
    page.locator("#players-table th", has_text="Gewonnen").wait_for()


def test_lauf_rauf_colours_played_without_names_are_nobody(web_live, page):
    """A Lauf Rauf! colour played without a name is whoever sat there, no person: the
    Players tab lists neither "red" nor "rood" (once a person of its own, ranked and
    charted), and the How Ruck! player really called "blue" stays one person, as written,
    never joined by the unnamed blue seat."""
    for game in (("laufrauf", 1, ["red", "blue"]), ("howruck", 1, ["blue", "Ann"])):
        finished_game(web_live, *game)
    open_roster(page, web_live, "nl")
    page.wait_for_selector("#players-table")
    names = page.locator("#players-table tbody tr td:first-child").all_inner_texts()
    assert sorted(names) == ["Ann", "blue"]
    chart = page.locator("#wins-chart text").all_text_contents()
    assert sorted(t for t in chart if "/" not in t) == ["Ann", "blue"], chart
    page.click("#players-table [data-player=blue]")
    page.wait_for_selector("#player-details")
    assert page.inner_text("#player-details h3") == "blue"
    assert list(page.locator("#players-table [data-player=blue]").locator(
        "xpath=ancestor::tr/td").all_inner_texts())[1] == "1"  # played: How Ruck!'s alone
    assert page.problems == []


def test_ratings_are_whole_numbers_everywhere(web_live, page):
    """The ratings table mixed "1010.7" (a Stramash pairs game's share) with "984": one form,
    whole numbers, in the table and on the chosen player's chart alike."""
    four, pairs = ["Ann", "Bob", "Cat", "Dan"], {"pairs": True}
    finished_game(web_live, "stramash", 1, four, pairs)
    finished_game(web_live, "howruck", 1, ["Ann", "Bob"])
    open_roster(page, web_live, paired=False)
    page.wait_for_selector("#ratings-table")
    cells = page.locator("#ratings-table tbody td:not(:first-child)").all_inner_texts()
    shot(page, "players-03-whole-ratings")
    ratings = [c for c in cells if c]
    assert len(ratings) == 6 and all(c.isdigit() for c in ratings), cells
    page.click("#players-table [data-player=Ann]")
    labels = page.locator("#rating-chart text").all_text_contents()
    assert len(labels) == 2 and all(x.rsplit(" ", 1)[1].isdigit() for x in labels), labels


def test_a_merge_asks_first_and_a_refused_one_is_said(web_live, page):
    """A merge cannot be undone: the first tap asks, naming the two; the second merges. Two
    people who played each other are refused with the table's sentence."""
    for game in (("howruck", 1, ["Ann", "Bob"]), ("tauziehen", 1, ["Anne", "Cat"])):
        finished_game(web_live, *game)
    open_roster(page, web_live)
    page.wait_for_selector("#players-table")
    page.click("#player-change summary")
    page.select_option("#player-change select", "Bob")
    page.fill("#player-change input", "Ann")
    page.click("#merge-player")
    assert page.inner_text("#merge-player") == \
        "Tap again: “Bob” and “Ann” become one person for good"
    page.wait_for_timeout(500)  # a double tap's time: a second tap sooner is the same tap
    page.click("#merge-player")
    page.wait_for_selector("#player-note[data-code=played_each_other]")
    assert "both played game 1" in page.inner_text("#player-note")
    assert page.inner_text("#merge-player") == "Merge into"
    page.select_option("#player-change select", "Anne")
    page.click("#merge-player")
    page.wait_for_timeout(500)
    page.click("#merge-player")
    page.locator("#players-table tbody tr td:first-child", has_text="Anne").wait_for(
        state="detached")
    assert page.locator("#players-table tbody tr td:first-child").all_inner_texts() == [
        "Ann", "Bob", "Cat"]
    assert page.problems == []


def test_a_person_named_as_a_colour_is_shown_as_named(web_live, page):
    """A person is shown by the name given, even one spelled as a colour's id: red's person
    called "red" (their own seat's colour, allowed) stays "red" on the Dutch Players tab, not
    the colour "Rood" (the page once said every name that only played Lauf Rauf! as a colour;
    unnamed colours are nobody now and never listed)."""
    finished_game(web_live, "laufrauf", 1, ["red", "blue"], names={"red": "red", "blue": "Ben"})
    open_roster(page, web_live, "nl")
    page.wait_for_selector("#players-table")
    names = page.locator("#players-table tbody tr td:first-child").all_inner_texts()
    assert sorted(names) == ["Ben", "red"], names
    chart = page.locator("#wins-chart text").all_text_contents()
    assert sorted(t for t in chart if "/" not in t) == ["Ben", "red"], chart
    page.click("#players-table [data-player=red]")
    page.wait_for_selector("#player-details")
    assert page.inner_text("#player-details h3") == "red"
    shot(page, "players-04-named-as-a-colour")
    assert page.problems == []
