"""The New game tab's stored games in headless Chromium under the page's own CSP: each game's
file to download (the one `companion replay` takes), and a fresh table saying it has none."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from browser_helpers import choose_language, open_setup, phone, serious_violations, shot, until

from companion.rules import get_core
from companion.rules.randomplay import random_game


def test_each_stored_game_downloads_as_a_file_that_replays(browser, daemon):
    log, _ = random_game(get_core("laufrauf"), 5, ["red", "blue", "green"])
    view = daemon.hub.call(daemon.table.create_game, "laufrauf", ["red", "blue", "green"],
                           {}, 5)
    game_id = view["id"]
    for action in log[:20]:  # a game under way, its dice thrown by the table (the seed)
        daemon.hub.call(daemon.table.apply, game_id, action)
    page = phone(browser, daemon)  # German, not paired: watching is enough
    open_setup(page)
    link = page.locator(f"#games li:has-text('#{game_id} ')").get_by_role(
        "link", name="Herunterladen", exact=True)
    link.wait_for()
    assert link.get_attribute("href") == f"/api/games/{game_id}/actions.jsonl"
    shot(page, "70-stored-game-download")
    assert serious_violations(page) == []

    with page.expect_download() as download:
        link.click()
    assert download.value.suggested_filename == f"companion-laufrauf-{game_id}.jsonl"
    data = Path(download.value.path()).read_bytes()
    result = subprocess.run([sys.executable, "-m", "companion", "replay", "-"], input=data,
                            capture_output=True, timeout=60)
    assert result.returncode == 0, result.stderr.decode()
    final = json.loads(result.stdout.decode().splitlines()[-1])["final"]
    state = daemon.hub.call(lambda: daemon.sessions.get(game_id).view())
    assert final == {k: v for k, v in state.items() if k not in ("id", "status")}

    # the same file fetched by the page's own origin, under its CSP
    fetched = page.evaluate(f"fetch('/api/games/{game_id}/actions.jsonl').then(r => r.text())")
    assert fetched.encode() == data
    choose_language(page, "nl")
    until(page, "[...document.querySelectorAll('#games a')].every("
                "(a) => a.textContent === 'Downloaden')")


def test_a_fresh_table_says_it_has_no_stored_games_yet(browser, daemon):
    page = phone(browser, daemon)
    open_setup(page)
    page.wait_for_selector("#no-games", state="visible")
    assert page.inner_text("#no-games") == "Noch keine gespeicherten Spiele."
    assert page.locator("#games li").count() == 0
    shot(page, "71-no-stored-games")
    daemon.hub.call(daemon.table.create_game, "tauziehen", ["Ida", "Jan"], {}, 1)
    page.wait_for_selector("#games li")  # the live stream's "games" reloads the list
    assert page.is_hidden("#no-games")


def test_the_stored_games_speak_a_language_chosen_later(browser, daemon):
    """The list is drawn from what the table sent; a language chosen afterwards says it again
    at once: the state, the colours and "show" in the new words, not only the buttons that
    carry their word (download, delete)."""
    daemon.hub.call(lambda: daemon.table.create_game(
        "laufrauf", ["red", "blue"], {}, 1, names={"red": "Anna"}))
    page = phone(browser, daemon)
    open_setup(page)
    page.wait_for_selector("#games li")
    assert page.inner_text("#games li").startswith("#1 Lauf Rauf!: Anna (rot), Blau (läuft)")
    choose_language(page, "nl")
    until(page, "document.querySelector('#games li').textContent.startsWith("
                "'#1 Lauf Rauf!: Anna (rood), blauw (bezig) Aan tafel tonen')")
