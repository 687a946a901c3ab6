"""Lauf Rauf! games stored before a seat's person could no longer be called by another
seat's colour id (1c6a60d): blue's person "red" beside a red seat nobody named. Such a game
is in the database as the old code wrote it (its header's ``names`` as given, unchecked); it
still loads and replays, and its person "red" is a person (the red seat is nobody) in the
statistics, the renames and the results export. Real tables over HTTP on loopback."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys

from backup_helpers import finished_game, sql

from companion.rules import get_core
from companion.rules.randomplay import random_game

PLAYERS = ["red", "blue"]
RED_WINS, BLUE_WINS = 8, 4  # seeds of random games (checked below)


def stored_before(tables) -> tuple[object, object, list[int]]:
    """A table with two finished games whose blue seat's person is "red" and whose red seat
    has no name (one won by each seat), written as the old code wrote them: played as usual
    with blue's person "Bo", then, with the table stopped, the header's names as the old
    check let them through (a name is stored as given, in seat order). Started again."""
    daemon, _ = tables("club")
    ids = [finished_game(daemon, "laufrauf", seed, PLAYERS, names={"blue": "Bo"})
           for seed in (RED_WINS, BLUE_WINS)]
    tables.running.pop("club").stop()
    sql(daemon.data_dir / "games.sqlite3",
        "UPDATE games SET header=json_set(header, '$.names', json('{\"blue\":\"red\"}'))")
    daemon, client = tables("club")
    return daemon, client, ids


def test_a_stored_blue_person_called_red_loads_and_its_file_replays(tables):
    """The game's file (`actions.jsonl`) is what `companion replay` takes: its header's names
    are checked as a new game's, except for what a stored game may hold from before."""
    assert [random_game(get_core("laufrauf"), seed, PLAYERS)[1].winner
            for seed in (RED_WINS, BLUE_WINS)] == ["red", "blue"]
    _, client, (red_won, blue_won) = stored_before(tables)
    for game_id, winner in ((red_won, "red"), (blue_won, "blue")):
        status, view, _ = client.get(f"/api/games/{game_id}")
        assert status == 200 and view["names"] == {"blue": "red"}, view
        assert view["status"] == "over" and view["winner"] == winner
        data = client.exchange("GET", f"/api/games/{game_id}/actions.jsonl")[1]
        result = subprocess.run([sys.executable, "-m", "companion", "replay", "-"],
                                input=data, capture_output=True, timeout=120)
        assert result.returncode == 0, result.stderr.decode()
        final = json.loads(result.stdout.decode().splitlines()[-1])["final"]
        assert final["winner"] == winner


def test_a_stored_blue_person_called_red_is_a_person_in_the_statistics(tables):
    _, client, _ = stored_before(tables)
    body = client.get("/api/players")[1]
    people = {p["name"]: p for p in body["players"]}
    assert set(people) == {"red"}  # blue's person; the red seat is nobody
    assert (people["red"]["played"], people["red"]["won"]) == (2, 1)  # won as blue only
    assert body["games"] == {"laufrauf": {"played": 2, "unnamed_seats": 2}}


SAID = {"en": ("Red", ","), "de": ("Rot", ";"), "nl": ("rood", ";"), "fr": ("rouge", ";")}


def test_a_stored_blue_person_called_red_is_a_person_in_the_results_export(tables):
    """The unnamed red seat is said as a colour in the spreadsheet's language in every column
    (players, winner and their JSON), blue's person as named, "red", in all four languages;
    the JSON rows say which players and winners are seats nobody named."""
    _, client, (red_won, blue_won) = stored_before(tables)
    rows = {r["id"]: r for r in client.get("/api/results.json")[1]["results"]}
    for game_id, nobody_won in ((red_won, True), (blue_won, False)):
        row = rows[game_id]
        assert row["players"] == ["red", "red"] and row["winners"] == ["red"]
        assert row["unnamed_players"] == [0]  # the red seat; blue's person is a person
        assert row["unnamed_winners"] == ([0] if nobody_won else [])
    for lang, (colour, separator) in SAID.items():
        data = client.exchange("GET", f"/api/results.csv?format=spreadsheet&lang={lang}")[1]
        sheet = {int(r[0]): r for r in list(csv.reader(io.StringIO(data.decode("utf-8-sig")),
                                                       delimiter=separator))[1:]}
        for game_id, winner in ((red_won, colour), (blue_won, "red")):
            cells = sheet[game_id]
            assert cells[2:4] == [f"{colour} / red", winner], (lang, cells)
            assert json.loads(cells[8]) == [colour, "red"]
            assert json.loads(cells[9]) == [winner]
