"""People, not colours, over real HTTP: a Lauf Rauf! game carries the names of the people
playing its colours (the header's `names`), the statistics and the results count them; a game
stored without names (the API as it was, every game before) still shows its colours; the
new-game form's start (`/api/games/new`) is the newest game's people, each with their colour."""

from __future__ import annotations

import csv
import io

import pytest
from backup_helpers import finished_game
from web_helpers import Client, play_through


@pytest.fixture
def table(web_live):
    client = Client(web_live.web.port)
    client.pair(web_live)
    return web_live, client


def finished(client: Client, game: str, seed: int, players: list[str],
             names: dict[str, str] | None = None) -> tuple[int, str]:
    """A whole random game played through the API (`play_through`): its id and winner."""
    game_id, final = play_through(client, game, seed, players, names)
    assert final.winner is not None
    return game_id, final.winner


def by_name(client: Client) -> dict[str, dict]:
    status, body, _ = client.get("/api/players")
    assert status == 200, body
    return {p["name"]: p for p in body["players"]}


def test_lauf_rauf_statistics_name_the_people_and_old_games_no_one(table):
    _, client = table
    names = {"red": "Anna", "green": "Ben"}
    game, won = finished(client, "laufrauf", 3, ["red", "green"], names)
    old, old_won = finished(client, "laufrauf", 4, ["blue", "yellow"])  # no names: as before
    status, view, _ = client.get(f"/api/games/{game}")
    assert status == 200 and view["names"] == names and view["players"] == ["red", "green"]
    assert "names" not in client.get(f"/api/games/{old}")[1]
    p = by_name(client)
    assert set(p) == {"Anna", "Ben"}  # the old game's colours are seats, not people
    assert p[names[won]]["won"] == 1 and p["Anna"]["played"] == p["Ben"]["played"] == 1
    assert p["Anna"]["head_to_head"]["Ben"]["games"] == 1
    totals = client.get("/api/players")[1]["games"]
    assert totals == {"laufrauf": {"played": 2, "unnamed_seats": 2}}  # the old game counts
    # a renamed person stays one person
    status, body, _ = client.post("/api/players/rename", {"name": "Anna", "to": "Anni"})
    assert status == 200, body
    assert "Anni" in by_name(client) and "Anna" not in by_name(client)
    results = {r["id"]: r for r in client.get("/api/results.json")[1]["results"]}
    now = {"Anna": "Anni"}.get(names[won], names[won])  # the results name people as now
    assert results[game]["players"] == ["Anni", "Ben"] and results[game]["winner"] == now
    assert results[game]["played_as"] == ["Anna", "Ben"]
    assert results[old]["players"] == ["blue", "yellow"] and results[old]["winner"] == old_won
    rows = {int(r["id"]): r for r in csv.DictReader(io.StringIO(client.get(
        "/api/results.csv")[1]))}
    assert rows[game]["players"] == "Anni / Ben" and rows[old]["players"] == "blue / yellow"


def test_a_colour_played_without_a_name_is_nobody_in_the_statistics(table):
    """An unnamed seat is whoever sat there that evening: not a person in the list or the
    ranking, never one with a person really called so ("Red" at How Ruck!); the people who
    played with it count the game (played, won or lost), though no Elo match against
    nobody, nor a draw among those it beat."""
    _, client = table
    assert finished(client, "howruck", 5, ["Red", "Bo"])[1] == "Red"
    assert finished(client, "laufrauf", 18, ["red", "blue"],
                    {"red": "Anna", "blue": "Ben"})[1] == "blue"  # Ben 1016, Anna 984
    assert finished(client, "laufrauf", 37, ["red", "blue", "green"],
                    {"blue": "Anna", "green": "Ben"})[1] == "red"  # nobody's seat won
    p = by_name(client)
    assert set(p) == {"Red", "Bo", "Anna", "Ben"}, set(p)
    assert (p["Red"]["played"], p["Red"]["won"], set(p["Red"]["games"])) == (1, 1, {"howruck"})
    anna, ben = p["Anna"], p["Ben"]
    assert (anna["played"], anna["won"], anna["drawn"]) == (2, 0, 0)
    assert (ben["played"], ben["won"], ben["drawn"]) == (2, 1, 0)
    assert anna["streak"] == {"current": 2, "kind": "lost", "longest_won": 0}
    assert anna["games"]["laufrauf"]["rating"] == 984.0
    assert ben["games"]["laufrauf"]["rating"] == 1016.0
    assert anna["head_to_head"] == {"Ben": {"games": 2, "won": 0, "lost": 1}}
    totals = client.get("/api/players")[1]["games"]
    assert totals == {"howruck": {"played": 1, "unnamed_seats": 0},
                      "laufrauf": {"played": 2, "unnamed_seats": 1}}


def test_a_rename_touches_only_games_where_a_person_was_named_so(table):
    """Renaming "red" is renaming a person called "red" (here red's own person in one game),
    never the seats red played without a name in others: those were whoever sat there, not
    one person. Where nobody was called so, there is no one to rename or merge."""
    daemon, client = table
    unnamed = finished_game(daemon, "laufrauf", 8, ["red", "blue"], names={"blue": "Ben"})
    finished_game(daemon, "howruck", 1, ["Cem", "Dan"])
    for path, body in (("/api/players/rename", {"name": "red", "to": "Rosa"}),
                       ("/api/players/merge", {"name": "red", "into": "Cem"})):
        status, answer, _ = client.post(path, body)
        assert status == 422 and answer["error"]["code"] == "no_such_player", answer
        assert answer["error"]["params"] == {"name": "red"}
    named = finished_game(daemon, "laufrauf", 4, ["red", "blue"],
                          names={"red": "red", "blue": "Ben"})
    status, answer, _ = client.post("/api/players/rename", {"name": "red", "to": "Rosa"})
    assert status == 200 and answer["aliases"] == {"red": "Rosa"}, answer
    p = by_name(client)
    assert set(p) == {"Rosa", "Ben", "Cem", "Dan"} and p["Rosa"]["played"] == 1
    results = {r["id"]: r for r in client.get("/api/results.json")[1]["results"]}
    assert results[named]["players"] == ["Rosa", "Ben"]
    assert results[unnamed]["players"] == ["red", "Ben"]  # the seat nobody named, as ever
    assert results[unnamed]["winner"] == "red" and results[unnamed]["colours"] == {
        "red": "red"}
    rows = list(csv.reader(io.StringIO(client.exchange(
        "GET", "/api/results.csv?format=spreadsheet&lang=de")[1].decode("utf-8-sig")),
        delimiter=";"))
    sheet = {int(r[0]): r for r in rows[1:]}
    assert sheet[unnamed][2:4] == ["Rot / Ben", "Rot"]
    assert sheet[named][2] == "Rosa / Ben"


@pytest.mark.parametrize(("body", "code"), [
    ({"game": "howruck", "players": ["A", "B"], "names": {"A": "Anna"}}, "unknown_key"),
    ({"game": "laufrauf", "players": ["red", "blue"], "names": ["Anna"]}, "wrong_type"),
    ({"game": "laufrauf", "players": ["red", "blue"], "names": {"green": "Anna"}},
     "bad_players"),
    ({"game": "laufrauf", "players": ["red", "blue"], "names": {"red": " "}},
     "bad_player_name"),
    ({"game": "laufrauf", "players": ["red", "blue"], "names": {"red": 7}},
     "bad_player_name"),
    ({"game": "laufrauf", "players": ["red", "blue"], "names": {"red": "x" * 33}},
     "bad_player_name"),
    ({"game": "laufrauf", "players": ["red", "blue"], "names": {"red": "An\u200bna"}},
     "bad_player_name"),
    ({"game": "laufrauf", "players": ["red", "blue"],
      "names": {"red": "Anna", "blue": " anna"}}, "bad_players"),
])
def test_bad_names_are_refused_with_a_stable_code(table, body, code):
    _, client = table
    status, answer, _ = client.post("/api/games?lang=de", body)
    assert status == 422 and answer["error"]["code"] == code, answer
    assert answer["error"]["message"]
    assert client.get("/api/games")[1]["games"] == []


def test_names_are_taken_as_shown(table):
    _, client = table
    status, view, _ = client.post("/api/games", {
        "game": "laufrauf", "players": ["red", "blue"],
        "names": {"blue": " Ju\u0308rgen ", "red": "Anna"}})
    assert status == 201 and view["names"] == {"red": "Anna", "blue": "J\u00fcrgen"}


def test_the_next_game_starts_with_the_last_ones_people_in_their_colours(table):
    _, client = table
    assert client.get("/api/games/new")[1] == {"game": None, "people": []}
    client.post("/api/games", {"game": "laufrauf", "players": ["yellow", "red"],
                               "names": {"yellow": "Anna", "red": "Ben"}})
    status, body, _ = client.get("/api/games/new")
    assert status == 200 and body == {"game": "laufrauf", "people": [
        {"name": "Anna", "colour": "yellow"}, {"name": "Ben", "colour": "red"}]}
    # another game: the same people keep their colours, in the new seat order; someone
    # who never played a colour has none, and a renamed person keeps theirs
    client.post("/api/games", {"game": "stramash", "players": ["ben", "Cara", "Anna"]})
    client.post("/api/players/rename", {"name": "Anna", "to": "Anni"})
    assert client.get("/api/games/new")[1] == {"game": "stramash", "people": [
        {"name": "ben", "colour": "red"}, {"name": "Cara", "colour": None},
        {"name": "Anni", "colour": "yellow"}]}
    # a colour chosen anew is the person's from then on; a colour without a name (as
    # every game before names) is a seat without a name
    client.post("/api/games", {"game": "laufrauf", "players": ["green", "blue"],
                               "names": {"green": "Ben"}})
    assert client.get("/api/games/new")[1]["people"] == [
        {"name": "Ben", "colour": "green"}, {"name": None, "colour": "blue"}]
    client.post("/api/games", {"game": "howruck", "players": ["Anni", "Ben"]})
    assert client.get("/api/games/new")[1]["people"] == [
        {"name": "Anni", "colour": "yellow"}, {"name": "Ben", "colour": "green"}]


def test_the_next_games_people_are_spelled_as_people_not_as_unnamed_seats(table):
    """The new-game form names How Ruck!'s "Red" as the Players tab does, however often a
    Lauf Rauf! red seat was played without a name since (those seats are nobody, and
    counted as spellings of "red" they outvoted the person)."""
    daemon, client = table
    finished_game(daemon, "howruck", 1, ["Red", "Bo"])
    for seed in (3, 4):
        finished_game(daemon, "laufrauf", seed, ["red", "blue"], names={"blue": "Bo"})
    assert client.get("/api/games/new?game=howruck")[1]["people"] == [
        {"name": "Red", "colour": None}, {"name": "Bo", "colour": "blue"}]


def test_a_game_started_without_players_seats_the_last_ones_of_its_kind(table):
    """`POST /api/games` without `players`: the people of the newest game of that kind, in
    their seats and colours, as `GET /api/games/new?game=KIND` shows them (renames
    followed); no such game yet, a refusal that says so."""
    _, client = table
    status, answer, _ = client.post("/api/games?lang=de", {"game": "laufrauf"})
    assert status == 422 and answer["error"]["code"] == "no_previous_players", answer
    assert answer["error"]["message"] == ("Hier wurde noch keine Partie „laufrauf“ gespielt, "
                                          "es gibt also keine Spieler zu übernehmen: Gib "
                                          "die Spieler an („players“).")
    assert client.get("/api/games/new?game=laufrauf")[1] == {"game": None, "people": []}
    assert client.get("/api/games")[1]["games"] == []
    client.post("/api/games", {"game": "laufrauf", "players": ["yellow", "red", "blue"],
                               "names": {"yellow": "Anna", "red": "Ben"}})
    client.post("/api/games", {"game": "howruck", "players": ["Cara", "Dan"]})  # newer
    client.post("/api/players/rename", {"name": "Anna", "to": "Anni"})
    assert client.get("/api/games/new?game=laufrauf")[1] == {"game": "laufrauf", "people": [
        {"name": "Anni", "colour": "yellow"}, {"name": "Ben", "colour": "red"},
        {"name": None, "colour": "blue"}]}
    status, view, _ = client.post("/api/games", {"game": "laufrauf", "seed": 5})
    assert status == 201, view
    assert view["players"] == ["yellow", "red", "blue"]
    assert view["names"] == {"yellow": "Anni", "red": "Ben"}
    status, view, _ = client.post("/api/games", {"game": "howruck"})
    assert status == 201 and view["players"] == ["Cara", "Dan"], view
    # names given with the seats taken over: they name the colours instead
    status, view, _ = client.post("/api/games", {"game": "laufrauf", "names": {"blue": "Eva"}})
    assert status == 201 and view["names"] == {"blue": "Eva"}, view
    status, answer, _ = client.get("/api/games/new?game=chess")
    assert status == 422 and answer["error"]["code"] == "unknown_game", answer
