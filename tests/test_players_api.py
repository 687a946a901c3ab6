"""/api/players over real HTTP: games become players; rename and merge; a backup keeps them."""

from __future__ import annotations

import pytest
from test_backup import client_raw, finished_game
from web_helpers import Client

from companion.rules import get_core
from companion.rules.randomplay import random_game

OCTET = {"Content-Type": "application/octet-stream"}


@pytest.fixture
def table(web_live):
    client = Client(web_live.web.port)
    client.pair(web_live)
    return web_live, client


def winner(game, seed, players):
    return random_game(get_core(game), seed, players)[1].winner


def by_name(client):
    status, body, _ = client.get("/api/players")
    assert status == 200, body
    return {p["name"]: p for p in body["players"]}


def test_players_from_stored_games(table):
    daemon, client = table
    games = [("howruck", 1, ["Ann", "Bob"]), ("howruck", 2, ["Bob", "Ann"]),
             ("tauziehen", 1, ["Ann", "Cat"])]
    for game, seed, players in games:
        finished_game(daemon, game, seed, players)
    client.post("/api/games", {"game": "howruck", "players": ["Ann", "Dan"]})  # unfinished
    p = by_name(client)
    assert set(p) == {"Ann", "Bob", "Cat"}
    wins = [winner(*g) for g in games]
    assert p["Ann"]["played"] == 3 and p["Ann"]["won"] == wins.count("Ann")
    assert p["Ann"]["games"]["howruck"]["played"] == 2
    assert p["Bob"]["head_to_head"]["Ann"]["games"] == 2
    first = p["Ann"]["games"]["howruck"]["rating"] + p["Bob"]["games"]["howruck"]["rating"]
    assert first == pytest.approx(2000, abs=0.2)
    races = [a for g in games[:2] for a in random_game(get_core(g[0]), g[1], g[2])[0]
             if a["type"] == "race" and "winner" in a]
    assert p["Ann"]["race"]["wins"] == sum(a["winner"] == "Ann" for a in races)


def test_rename_and_merge(table):
    daemon, client = table
    finished_game(daemon, "howruck", 1, ["Ann", "Bob"])
    finished_game(daemon, "howruck", 2, ["Anne", "Bob"])
    status, body, _ = client.post("/api/players/merge", {"name": "Anne", "into": "Ann"})
    assert status == 200 and body["aliases"] == {"Anne": "Ann"}
    assert by_name(client)["Ann"]["played"] == 2 and "Anne" not in by_name(client)
    status, body, _ = client.post("/api/players/rename", {"name": "Ann", "to": "Anna"})
    assert status == 200 and body["aliases"] == {"Anne": "Anna", "Ann": "Anna"}
    assert by_name(client)["Anna"]["head_to_head"]["Bob"]["games"] == 2
    # the stored games keep the names they were played with
    assert {tuple(g["players"]) for g in client.get("/api/games")[1]["games"]} == {
        ("Ann", "Bob"), ("Anne", "Bob")}


def test_two_people_who_sat_at_one_game_are_not_merged(table):
    """One person cannot have played two seats of one game: merging them would count a game
    against oneself (a win over oneself, for whoever won it), and no merge can be undone.
    Two spellings of one name ("Zoë", "zoë") are one person without a merge (stats.People),
    shown as spelled last (used as often), and either spelling names them."""
    daemon, client = table
    finished_game(daemon, "tauziehen", 1, ["Jürgen", "Zoë"])
    finished_game(daemon, "howruck", 2, ["zoë", "Bob"])
    before = by_name(client)
    assert set(before) == {"Jürgen", "zoë", "Bob"} and before["zoë"]["played"] == 2
    status, body, _ = client.post("/api/players/merge?lang=de", {"name": "Zoë", "into": "Jürgen"})
    assert status == 422 and body["error"]["code"] == "played_each_other", body
    assert body["error"]["params"] == {"name": "zoë", "into": "Jürgen", "game": 1}
    assert "Spiel 1" in body["error"]["message"]
    assert by_name(client) == before  # nothing changed
    status, body, _ = client.post("/api/players/merge", {"name": "zoë", "into": "Zoë"})
    assert status == 422 and body["error"]["code"] == "same_player", body
    status, body, _ = client.post("/api/players/rename", {"name": "ZOË", "to": "Zoë"})
    assert status == 200, body  # a spelling fixed
    assert set(by_name(client)) == {"Jürgen", "Zoë", "Bob"}
    assert by_name(client)["Zoë"]["played"] == 2


@pytest.mark.parametrize(("path", "body", "code"), [
    ("/api/players/rename", {"name": "Zed", "to": "Y"}, "no_such_player"),
    ("/api/players/rename", {"name": "Ann", "to": "Bob"}, "player_exists"),
    ("/api/players/rename", {"name": "Ann", "to": "bob"}, "player_exists"),  # read aloud: one
    ("/api/players/rename", {"name": "Ann", "to": " BOB "}, "player_exists"),
    ("/api/players/rename", {"name": "Ann", "to": "  "}, "bad_player_name"),
    ("/api/players/rename", {"name": "Ann", "to": "x" * 41}, "bad_player_name"),
    ("/api/players/rename", {"name": "Ann", "to": "a\u0000b"}, "bad_player_name"),
    ("/api/players/rename", {"name": "Ann", "to": "An\u200bn"}, "bad_player_name"),
    ("/api/players/rename", {"name": "Ann", "to": 7}, "bad_player_name"),
    ("/api/players/merge", {"name": "Ann", "into": "Ann"}, "same_player"),
    ("/api/players/merge", {"name": "Ann", "into": "Nobody"}, "no_such_player"),
    ("/api/players/merge", {"name": "Ann", "into": "Bob", "extra": 1}, "unknown_key"),
])
def test_bad_player_changes_are_refused(table, path, body, code):
    daemon, client = table
    finished_game(daemon, "howruck", 1, ["Ann", "Bob"])
    for lang in ("en", "de", "nl"):
        status, answer, _ = client.post(f"{path}?lang={lang}", body)
        assert 400 <= status < 500 and answer["error"]["code"] == code
    assert set(by_name(client)) == {"Ann", "Bob"}


def test_a_rename_keeps_a_name_as_a_new_game_would_take_it(table):
    """A rename to the same player's name in other letters' case fixes the spelling; a name
    typed with a combining mark is the composed name the games use (one player, not two)."""
    daemon, client = table
    finished_game(daemon, "howruck", 1, ["jürgen", "Bob"])
    status, body, _ = client.post("/api/players/rename", {"name": "jürgen", "to": "Jürgen"})
    assert status == 200 and body["aliases"] == {"jürgen": "Jürgen"}
    finished_game(daemon, "howruck", 2, ["Jürgen", "Bob"])
    assert by_name(client)["Jürgen"]["played"] == 2
    status, body, _ = client.post("/api/players/rename",
                                  {"name": "Bob", "to": "Ju\u0308rgen"})  # u + combining mark
    assert status == 422 and body["error"] == {
        "code": "player_exists", "params": {"name": "Jürgen"},
        "message": "“Jürgen” is already a player: merge the two instead."}, body
    status, body, _ = client.post("/api/players/rename",
                                  {"name": "Bob", "to": "Bo\u0301b"})  # a new name, composed
    assert status == 200 and body["aliases"] == {"jürgen": "Jürgen", "Bob": "B\u00f3b"}, body


def test_names_written_with_joiners_play_and_rename(table):
    """Persian and Indic names need the zero-width non-joiner; emoji such as a family or a
    flag are joined by the zero-width joiner: both are names, where invisible characters
    such as the zero-width space are not."""
    _, client = table
    persian, family, flag = "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645", \
        "\U0001f468\u200d\U0001f469\u200d\U0001f467", "\U0001f3f3\ufe0f\u200d\U0001f308"
    status, body, _ = client.post("/api/games", {"game": "tauziehen",
                                                 "players": [persian, family]})
    assert status == 201, body
    status, body, _ = client.post("/api/players/rename", {"name": family, "to": flag})
    assert status == 200 and body["aliases"] == {family: flag}
    status, body, _ = client.post("/api/games", {"game": "tauziehen",
                                                 "players": ["A\u200bB", "C"]})
    assert status == 422 and body["error"]["code"] == "bad_players"


@pytest.mark.parametrize("lang, said", [
    ("de", "Der Name „A\u200bB“ enthält ein unsichtbares Zeichen: U+200B (zero width space) "
           "an Stelle 2. Gib den Namen neu ein."),
    ("nl", "De naam “A\u200bB” bevat een onzichtbaar teken: U+200B (zero width space) op "
           "positie 2. Typ de naam opnieuw."),
    ("en", "The name “A\u200bB” contains an invisible character: U+200B (zero width space) at "
           "position 2. Type the name again."),
])
def test_an_invisible_character_in_a_name_is_named(table, lang, said):
    """A name that looks right is refused: the sentence says which character does not show
    and where, or nobody could find it."""
    daemon, client = table
    client.pair(daemon)
    status, body, _ = client.post(f"/api/games?lang={lang}", {"game": "tauziehen",
                                                              "players": ["A\u200bB", "C"]})
    assert status == 422 and body["error"]["code"] == "bad_players"
    assert body["error"]["message"] == said
    assert body["error"]["params"]["character"] == "U+200B (zero width space)"
    assert body["error"]["params"]["position"] == 2
    finished_game(daemon, "howruck", 1, ["Ann", "Bob"])
    status, body, _ = client.post(f"/api/players/rename?lang={lang}",
                                  {"name": "Ann", "to": "Ann\u0007"})  # a control: no name
    assert status == 422 and body["error"]["code"] == "bad_player_name"
    assert "U+0007" in body["error"]["message"] and " 4" in body["error"]["message"]


def test_changing_players_needs_pairing(web_live):
    client = Client(web_live.web.port)
    status, body, _ = client.post("/api/players/rename", {"name": "A", "to": "B"})
    assert status == 401 and body["error"]["code"] == "not_paired"


def test_a_backup_keeps_the_players(table, tmp_path):
    daemon, client = table
    finished_game(daemon, "howruck", 1, ["Ann", "Bob"])
    client.post("/api/players/rename", {"name": "Bob", "to": "Robert"})
    expected = by_name(client)
    data = client_raw(client, "/api/backup")
    client.post("/api/players/rename", {"name": "Robert", "to": "Rob"})
    assert "Rob" in by_name(client)
    status, body, _ = client.request("POST", "/api/restore", raw=data, headers=OCTET)
    assert status == 200, body
    assert by_name(client) == expected


def test_walk_through_a_finished_game(table):
    daemon, client = table
    game = finished_game(daemon, "tauziehen", 1, ["Ann", "Cat"])
    log, _ = random_game(get_core("tauziehen"), 1, ["Ann", "Cat"])
    core = get_core("tauziehen")
    for step in (0, 1, len(log) // 2, len(log)):
        status, body, _ = client.get(f"/api/games/{game}/at/{step}")
        assert status == 200, body
        expected = core.new_game(["Ann", "Cat"], {}, 1)
        for action in log[:step]:
            expected = core.apply(expected, action).state
        assert {k: v for k, v in body["state"].items() if k not in ("id", "status")} == \
            core.view(expected)
        assert body["action"] == (log[step - 1] if step else None)
    assert body["state"]["status"] == "over" and body["steps"] == len(log)
    status, body, _ = client.get(f"/api/games/{game}/at/{len(log) + 1}?lang=de")
    assert status == 422 and body["error"]["code"] == "no_such_step"
    assert client.get("/api/games/999/at/0")[1]["error"]["code"] == "no_such_game"


def test_a_player_is_renamed_only_to_a_name_a_game_takes(table):
    """A rename took up to 40 characters, a game's players 32 (the page's form 24): a player
    renamed to 35 characters could never play again under that name."""
    daemon, client = table
    finished_game(daemon, "howruck", 1, ["Ann", "Bob"])
    longest = "Annabella-Maria von Hohenzollern"  # 32
    status, answer, _ = client.post("/api/players/rename", {"name": "Ann", "to": longest + "x"})
    assert status == 422 and answer["error"]["code"] == "bad_player_name"
    assert "1 to 32 " in answer["error"]["message"]
    client.pair(daemon)
    assert client.post("/api/games", {"game": "howruck", "players": [longest + "x", "Bob"]}
                       )[1]["error"]["code"] == "bad_players"
    assert client.post("/api/players/rename", {"name": "Ann", "to": longest})[0] == 200
    assert client.post("/api/games", {"game": "howruck", "players": [longest, "Bob"]})[0] == 201


@pytest.mark.parametrize(("body", "seats"), [
    ({"game": "howruck", "players": ["Ann", "anna"]}, ["Ann", "anna"]),
    ({"game": "laufrauf", "players": ["red", "blue"], "names": {"red": "Anna", "blue": "Ann"}},
     ["Anna", "Ann"]),
])
def test_a_new_game_seats_a_merged_player_once(table, body, seats):
    """Merged on the Players tab, "Ann" is Anna: a new game still seated "Ann" and "Anna" as
    two players, a game the statistics would count as Anna against herself (the merge itself
    refuses two people who sat at one game). Now the game is refused, naming both as typed;
    a rename counts the same (Anne renamed to Annette: "Anne" is Annette)."""
    daemon, client = table
    finished_game(daemon, "howruck", 1, ["Ann", "Bob"])
    finished_game(daemon, "howruck", 2, ["Anna", "Bob"])
    finished_game(daemon, "howruck", 3, ["Anne", "Bob"])
    assert client.post("/api/players/merge", {"name": "Ann", "into": "Anna"})[0] == 200
    assert client.post("/api/players/rename", {"name": "Anne", "to": "Annette"})[0] == 200
    for players in (seats, ["Annette", "Anne"]):
        asked = {**body, "players": players} if body["game"] == "howruck" else \
            {**body, "names": dict(zip(body["players"], players, strict=True))}
        status, answer, _ = client.post("/api/games?lang=de", asked)
        assert status == 422, answer
        error = answer["error"]
        assert (error["code"], error["params"]) == (
            "bad_players", {"reason": "same_person", "player": players[0],
                            "other": players[1]})
        assert error["message"] == (f"„{players[0]}“ und „{players[1]}“ sind derselbe Spieler "
                                    "(unter „Spieler“ zusammengeführt): Jeder Platz "
                                    "braucht einen eigenen Spieler.")
    games = client.get("/api/games")[1]["games"]
    assert len(games) == 3  # the finished ones, nothing more
