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
