"""The results export over real HTTP: every finished game as CSV (safe to open in a
spreadsheet) and as JSON."""

from __future__ import annotations

import csv
import io

from backup_helpers import finished_game

from companion.rules import get_core
from companion.rules.randomplay import random_game


def test_results_export_as_csv_and_json(tables):
    table, client = tables("table")
    first = finished_game(table, "howruck", 1, ["=Ann", "Bob"])
    second = finished_game(table, "tauziehen", 2, ["Bob", "Cat"])
    client.post("/api/games", {"game": "howruck", "players": ["X", "Y"]})  # unfinished
    results = client.get("/api/results.json")[1]["results"]
    winners = [random_game(get_core(g), seed, players)[1].winner for g, seed, players in
               (("howruck", 1, ["=Ann", "Bob"]), ("tauziehen", 2, ["Bob", "Cat"]))]
    assert [(r["id"], r["game"], r["winner"], r["players"]) for r in results] == [
        (first, "howruck", winners[0], ["=Ann", "Bob"]),
        (second, "tauziehen", winners[1], ["Bob", "Cat"])]
    status, text, headers = client.get("/api/results.csv")
    assert status == 200 and headers["content-type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [int(r["id"]) for r in rows] == [first, second]
    assert rows[0]["players"] == "'=Ann / Bob"  # never a spreadsheet formula
    assert rows[1]["winner"] == results[1]["winner"]


def played(client, game: str, seed: int, players: list[str]) -> int:
    """A whole random game started and entered through the API, as the page does."""
    log, _ = random_game(get_core(game), seed, players)
    status, view, _ = client.post("/api/games", {"game": game, "players": players,
                                                 "seed": seed})
    assert status == 201, view
    for action in log:
        status, answer, _ = client.post(f"/api/games/{view['id']}/actions", action)
        assert status == 200, answer
    return view["id"]


def test_results_name_people_as_the_players_tab_does_also_after_a_restart(tables):
    """Games played before a rename and a merge (and a spelling in other letters' case)
    come out of both files under the names the Players tab shows; the names they were
    played with stay in the JSON (`played_as`)."""
    _, client = tables("club")
    first = played(client, "howruck", 1, ["Ann", "Bob"])
    second = played(client, "howruck", 2, ["ann", "Bobby"])
    third = played(client, "tauziehen", 2, ["Bob", "Cat"])
    for path, body in (("/api/players/rename", {"name": "Ann", "to": "Anna"}),
                       ("/api/players/merge", {"name": "Bobby", "into": "Bob"})):
        status, answer, _ = client.post(path, body)
        assert status == 200, answer
    shown = {p["name"] for p in client.get("/api/players")[1]["players"]}
    assert shown == {"Anna", "Bob", "Cat"}
    for _ in range(2):  # as it is, and from the data folder after a restart
        results = {r["id"]: r for r in client.get("/api/results.json")[1]["results"]}
        assert results[first]["players"] == ["Anna", "Bob"]
        assert results[second]["players"] == ["Anna", "Bob"]
        assert results[third]["players"] == ["Bob", "Cat"]
        assert results[second]["played_as"] == ["ann", "Bobby"]
        assert {p for r in results.values() for p in r["players"]} == shown
        for r in results.values():
            winners = r["winner"] if isinstance(r["winner"], list) else [r["winner"]]
            assert set(winners) <= set(r["players"]) | {None}
        rows = {int(r["id"]): r for r in csv.DictReader(io.StringIO(client.get(
            "/api/results.csv")[1]))}
        assert rows[second]["players"] == "Anna / Bob"
        assert rows[second]["winner"] in ("Anna", "Bob")
        client = tables.restart("club")[1]
