"""The results export over real HTTP: every finished game as CSV (safe to open in a
spreadsheet) and as JSON."""

from __future__ import annotations

import csv
import io
import json
import random
import time
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from backup_helpers import finished_game
from web_helpers import Client, play_through

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


def played(client, game: str, seed: int, players: list[str],
           names: dict[str, str] | None = None) -> int:
    """A whole random game entered through the API (`play_through`): its id."""
    return play_through(client, game, seed, players, names)[0]


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


ZOE, LINK = 'Zoë / "Jo", +1', '=HYPERLINK("x.de","y")'
OLD_COLUMNS = ["id", "game", "players", "winner", "actions", "started", "finished"]


def drawn(client, players: list[str]) -> int:
    """A whole Tauziehen game that ends in a draw, entered through the API (random legal
    moves until one such game comes up: the rules decide, not the test)."""
    core, rng = get_core("tauziehen"), random.Random(1)
    for seed in range(200):
        state, log = core.new_game(players, {}, seed), []
        while not core.is_over(state):
            outcome = core.apply(state, rng.choice(core.legal_actions(state)))
            log.append(outcome.action)
            state = outcome.state
        if core.winner(state) is None:
            break
    status, view, _ = client.post("/api/games", {"game": "tauziehen", "players": players,
                                                 "seed": seed})
    assert status == 201, view
    for action in log:
        assert client.post(f"/api/games/{view['id']}/actions", action)[0] == 200
    return view["id"]


@pytest.fixture
def berlin(monkeypatch):
    """The box's clock set to Europe/Berlin (as a club's Pi is), back afterwards."""
    monkeypatch.setenv("TZ", "Europe/Berlin")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_names_with_separators_and_formulas_survive_both_files(tables, berlin):
    """The plain file (for scripts) keeps its columns and adds `result` and the names as
    JSON cells, exact whatever they hold; the spreadsheet file (`?format=spreadsheet`) is
    what German Excel opens as columns: a BOM, `;`, German headers, Berlin times, a draw
    said as one. No cell of either starts a formula."""
    _, client = tables("club")
    won = played(client, "howruck", 1, [ZOE, LINK])
    draw = drawn(client, ["Jürgen", ZOE])
    results = {r["id"]: r for r in client.get("/api/results.json")[1]["results"]}
    assert results[draw]["winner"] is None and results[draw]["result"] == "draw"
    assert results[won]["result"] == "win" and results[won]["winners"] == [
        results[won]["winner"]]

    status, data, headers = client.exchange("GET", "/api/results.csv")
    assert status == 200 and headers["content-type"].startswith("text/csv")
    assert not data.startswith(b"\xef\xbb\xbf")  # scripts get the file they always got
    rows = list(csv.reader(io.StringIO(data.decode("utf-8"))))
    assert rows[0][:7] == OLD_COLUMNS  # columns are only ever added
    assert rows[0][7:] == ["result", "players_json", "winners_json"]
    plain = {int(r["id"]): r for r in csv.DictReader(io.StringIO(data.decode("utf-8")))}
    assert json.loads(plain[won]["players_json"]) == [ZOE, LINK]
    assert json.loads(plain[draw]["players_json"]) == ["Jürgen", ZOE]
    assert json.loads(plain[won]["winners_json"]) == [results[won]["winner"]]
    assert (plain[draw]["winner"], plain[draw]["result"], plain[draw]["winners_json"]) == (
        "", "draw", "[]")
    assert plain[draw]["started"] == results[draw]["started"]  # UTC, as before
    assert (plain[won]["winner"] == "'" + LINK) == (results[won]["winner"] == LINK)

    status, data, headers = client.exchange(
        "GET", "/api/results.csv?format=spreadsheet&lang=de")
    assert status == 200 and headers["content-type"].startswith("text/csv")
    assert data.startswith(b"\xef\xbb\xbf") and "Jürgen".encode() in data
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig")), delimiter=";"))
    assert rows[0] == ["Partie Nr.", "Spiel", "Spieler", "Sieger", "Aktionen",
                       "Beginn (Europe/Berlin)", "Ende (Europe/Berlin)", "Ergebnis",
                       "Spieler (JSON)", "Sieger (JSON)"]
    sheet = {int(r[0]): r for r in rows[1:]}
    assert sheet[draw][1:4] == ["Tauziehen", f"Jürgen / {ZOE}", "Unentschieden"]
    assert sheet[draw][7] == "Unentschieden" and sheet[won][7] == "Sieg"
    assert json.loads(sheet[won][8]) == [ZOE, LINK]
    for game in (won, draw):
        utc = datetime.fromisoformat(results[game]["started"].replace("Z", "+00:00"))
        assert sheet[game][5] == utc.astimezone(ZoneInfo("Europe/Berlin")).strftime(
            "%Y-%m-%d %H:%M:%S")
    for cells in (rows, list(csv.reader(io.StringIO(client.exchange(
            "GET", "/api/results.csv")[1].decode())))):
        assert not [c for r in cells for c in r if c[:1] in ("=", "+", "-", "@")]
    assert (sheet[won][3] == "'" + LINK) == (results[won]["winner"] == LINK)

    english = client.exchange("GET", "/api/results.csv?format=spreadsheet&lang=en")[1]
    rows = list(csv.reader(io.StringIO(english.decode("utf-8-sig"))))  # Excel in English: ,
    assert english.startswith(b"\xef\xbb\xbf") and rows[0][0] == "Game no."
    assert {int(r[0]): r for r in rows[1:]}[draw][3] == "draw"
    # without `lang`: the language the page speaks (its cookie)
    dutch = Client(client.port).exchange("GET", "/api/results.csv?format=spreadsheet",
                                         headers={"Cookie": "companion_lang=nl"})[1]
    assert dutch.decode("utf-8-sig").startswith("Partij nr.;Spel;")


def test_colours_played_without_names_are_said_in_the_spreadsheet_language(tables):
    """A Lauf Rauf! game stored without names has colours for players ("red"): the
    spreadsheet said them as the bare ids where the page and the history say "Rot". Now each
    colour nobody's name stands for is said as the page says it, in the file's language;
    a named colour stays its person, and the plain file and the JSON keep the ids."""
    _, client = tables("club")
    bare = played(client, "laufrauf", 3, ["red", "blue"])
    named = played(client, "laufrauf", 4, ["red", "blue", "green"], {"blue": "Anna"})
    winners = {game: client.get("/api/results.json")[1]["results"][i]["winner"]
               for i, game in enumerate((bare, named))}
    assert client.get("/api/results.json")[1]["results"][0]["players"] == ["red", "blue"]
    plain = {int(r["id"]): r for r in csv.DictReader(io.StringIO(client.get(
        "/api/results.csv")[1]))}
    assert plain[bare]["players"] == "red / blue"  # scripts read the ids as ever

    said = {"de": {"red": "Rot", "blue": "Blau", "green": "Grün", "Anna": "Anna"},
            "fr": {"red": "rouge", "blue": "bleu", "green": "vert", "Anna": "Anna"},
            "nl": {"red": "rood", "blue": "blauw", "green": "groen", "Anna": "Anna"},
            "en": {"red": "Red", "blue": "Blue", "green": "Green", "Anna": "Anna"}}  # the page's
    for lang, words in said.items():
        data = client.exchange("GET", f"/api/results.csv?format=spreadsheet&lang={lang}")[1]
        rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig")),
                               delimiter="," if lang == "en" else ";"))
        sheet = {int(r[0]): r for r in rows[1:]}
        assert sheet[bare][2] == f"{words['red']} / {words['blue']}", sheet[bare]
        assert sheet[named][2] == f"{words['red']} / Anna / {words['green']}", sheet[named]
        for game in (bare, named):
            assert sheet[game][3] == words[winners[game]]
            assert json.loads(sheet[game][8]) == sheet[game][2].split(" / ")
            assert json.loads(sheet[game][9]) == [words[winners[game]]]

    # a colour played without a name was whoever sat there, nobody to rename: every unnamed
    # red seat renamed as one person was the mistake the statistics stopped making
    status, answer, _ = client.post("/api/players/rename", {"name": "red", "to": "Rosa"})
    assert status == 422 and answer["error"]["code"] == "no_such_player", answer
    data = client.exchange("GET", "/api/results.csv?format=spreadsheet&lang=de")[1]
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig")), delimiter=";"))
    assert {int(r[0]): r for r in rows[1:]}[bare][2] == "Rot / Blau"


def test_a_person_is_shown_as_spelled_by_people_not_by_unnamed_seats(tables):
    """A How Ruck! player "Red" is "Red" in the export as on the Players tab, however often
    a Lauf Rauf! red seat was played without a name (the spelling used most counted those
    seats as if they were people called "red")."""
    daemon, client = tables("club")
    howruck = finished_game(daemon, "howruck", 1, ["Red", "Bo"])
    for seed in (3, 4):
        finished_game(daemon, "laufrauf", seed, ["red", "blue"], names={"blue": "Bo"})
    assert {p["name"] for p in client.get("/api/players")[1]["players"]} == {"Red", "Bo"}
    rows = {r["id"]: r for r in client.get("/api/results.json")[1]["results"]}
    assert rows[howruck]["players"] == ["Red", "Bo"]
    assert [r["players"] for i, r in rows.items() if i != howruck] == [["red", "Bo"]] * 2


@pytest.mark.parametrize("query", ["format=excel", "format=", "format=spreadsheet&lang=xx"])
def test_a_results_file_nobody_offers_is_refused_with_a_code(tables, query):
    _, client = tables("club")
    status, body, _ = client.get(f"/api/results.csv?{query}")
    assert status == 422 and body["error"]["code"] == "bad_value", body
