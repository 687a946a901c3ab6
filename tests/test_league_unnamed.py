"""A Lauf Rauf! colour played without a name is nobody in the club's league too, as in a
table's own statistics (sessions/people.py `unnamed`): the tables say which of a result's
players are such seats (``unnamed``), and the league keeps them out of its people. Before,
every table's unnamed red was one person "red" across the league, and a How Ruck! player
really called "Red" was merged with it. Results from tables before the key, and a league
file from before it, are read as well. Over a real Mosquitto."""

from __future__ import annotations

from daemon_helpers import wait_until
from league_helpers import BEFORE_THE_KEY, old_league_file
from mqtt_helpers import Broker, Listener, needs_mosquitto
from test_league import league, send  # noqa: F401  (the fixture and the sender)
from test_mqtt import play, run, table  # noqa: F401  (the fixture and helpers)

from companion.club.league import League
from companion.rules import get_core
from companion.rules.randomplay import random_game

pytestmark = needs_mosquitto


def played_at(daemon, game: str, players: list[str], seed: int,
              names: dict[str, str] | None = None) -> tuple[int, object]:
    """A whole random game played at the table (as its phones would): its id and end."""
    log, final = random_game(get_core(game), seed, players)
    game_id = daemon.hub.call(daemon.table.create_game, game, players, {}, seed, names)["id"]
    play(daemon, game_id, log)
    return game_id, final


def people(club: League) -> dict[str, tuple[int, int]]:
    return {p["name"]: (p["played"], p["won"]) for p in club.standings()["players"]}


def test_unnamed_seats_of_two_tables_are_nobody_and_apart_from_a_real_red(run, tmp_path):  # noqa: F811
    broker = run(Broker(tmp_path / "broker").start())
    club = run(League("127.0.0.1", broker.port, tmp_path / "league"))
    club.start()
    wait_until(lambda: club.connected)
    listener = run(Listener(broker.port, "companion/+/result"))
    t1 = table(run, tmp_path / "t1", broker.port, "t1")
    t2 = table(run, tmp_path / "t2", broker.port, "t2")
    _, lr1 = played_at(t1, "laufrauf", ["red", "blue"], 3, {"blue": "Ben"})
    _, lr2 = played_at(t2, "laufrauf", ["red", "green"], 3, {"green": "Cem"})
    _, hr = played_at(t2, "howruck", ["Red", "Ida"], 1)
    seen: list[str] = []
    got = {(t.split("/")[1], p["game"]): p
           for t, p, _ in listener.take(lambda t, p, r: seen.append(t) or len(seen) == 3)}
    assert got["t1", "laufrauf"]["unnamed"] == ["red"]  # said by the table: an added key
    assert got["t1", "laufrauf"]["players"] == ["red", "Ben"]  # the players as ever
    assert got["t2", "laufrauf"]["unnamed"] == ["red"]
    assert got["t2", "howruck"]["unnamed"] == []
    wait_until(lambda: sum(club.standings()["tables"].values()) == 3)
    assert people(club) == {"Ben": (1, lr1.winner == "blue"), "Cem": (1, lr2.winner == "green"),
                            "Red": (1, hr.winner == "Red"), "Ida": (1, hr.winner == "Ida")}
    assert club.standings()["games"]["laufrauf"] == {"played": 2, "unnamed_seats": 2}


def old_result(seq: int, players: list[str], winner, names: object = None,
               game: str = "laufrauf") -> dict:
    """A result as a table sent it before ``unnamed``: an unnamed seat under its colour."""
    body = {"table": "t1", "box": "0123456789ab", "seq": seq, "type": "result",
            "game_id": seq, "game": game, "players": players, "winner": winner,
            "at": float(seq)}
    return {**body, "names": names} if names is not None else body


def test_results_from_tables_before_the_key_count_their_colours_as_nobody(league):  # noqa: F811
    send(league.port, [
        old_result(1, ["red", "Ben"], "red", {"blue": "Ben"}),  # red unnamed, and won
        old_result(2, ["red", "blue"], "blue"),  # a game from before names: only colours
        old_result(3, ["Red", "Ida"], "Red", game="howruck"),
    ])
    wait_until(lambda: sum(league.standings()["tables"].values()) == 3)
    assert people(league) == {"Ben": (1, 0), "Red": (1, 1), "Ida": (1, 0)}


def test_an_unnamed_seat_that_is_no_player_refuses_the_result(league):  # noqa: F811
    foreign = league.standings()["foreign"]  # the fixture's knocks on the door
    send(league.port, [{**old_result(1, ["red", "Ben"], "Ben", {"blue": "Ben"}),
                        "unnamed": ["green"]},
                       {**old_result(2, ["red", "Ben"], "Ben", {"blue": "Ben"}),
                        "unnamed": "red"},
                       {**old_result(3, ["red", "Ben"], "Ben", {"blue": "Ben"}),
                        "unnamed": ["red"]}])
    wait_until(lambda: sum(league.standings()["tables"].values()) == 1)
    assert league.standings()["foreign"] == foreign + 2
    assert people(league) == {"Ben": (1, 1)}


def test_a_league_file_from_before_the_key_counts_its_colours_as_nobody(run, tmp_path):  # noqa: F811
    folder = old_league_file(tmp_path / "league", BEFORE_THE_KEY, [
        ("t1", "", 1, 1, "laufrauf", ["red", "Ben"], "red", 1.0),
        ("t1", "", 2, 2, "howruck", ["Red", "Ida"], "Red", 2.0)])
    broker = run(Broker(tmp_path / "broker").start())
    club = run(League("127.0.0.1", broker.port, folder))
    assert people(club) == {"Ben": (1, 0), "Red": (1, 1), "Ida": (1, 0)}


def test_results_before_the_key_from_a_board_of_other_colours(league):  # noqa: F811
    """A table playing its own board ("board" option: other colours than the shipped one's)
    sent an unnamed seat under that board's colour: the result itself tells it, as its
    players but one for each of its ``names`` (every player, without names). A person
    called as the unnamed seat's colour (a game stored before that was refused) is still
    one. ``names`` that are not names of seats refuse the result (counted foreign)."""
    foreign = league.standings()["foreign"]  # the fixture's knocks on the door
    send(league.port, [
        old_result(1, ["Anna", "purple"], "purple", {"orange": "Anna"}),  # purple unnamed
        old_result(2, ["orange", "purple"], "orange"),  # before names: only colours
        old_result(3, ["red", "red", "Cem"], "Cem", {"blue": "red", "green": "Cem"}),
        old_result(4, ["Anna", "blue"], "Anna", {"red": ["Anna"]}),
        old_result(5, ["Anna", "blue"], "Anna", ["Anna"]),
        old_result(6, ["Ida", "blue"], "Ida", {"red": "Ida"}),  # one more: all heard
    ])
    wait_until(lambda: sum(league.standings()["tables"].values()) == 4)
    assert people(league) == {"Anna": (1, 0), "red": (1, 0), "Cem": (1, 1), "Ida": (1, 1)}
    assert league.standings()["games"]["laufrauf"] == {"played": 4, "unnamed_seats": 5}
    assert league.standings()["foreign"] == foreign + 2


def test_a_game_won_by_an_unnamed_seat_moves_no_rating(league):  # noqa: F811
    """Won by a seat nobody named: every person at the table lost to nobody, so no Elo match
    is played, not even a draw between the people who both lost (stats: ``to_nobody``). The
    league has to hand the statistics that winner as nobody too, not as its colour: as a
    name it is none of the game's people, and the game would count as a draw between Ben and
    Cem, Ben (rated above Cem by the first game) giving Cem 1.5 points."""
    send(league.port, [
        {**old_result(1, ["Ben", "Cem"], "Ben", {"red": "Ben", "blue": "Cem"}), "unnamed": []},
        {**old_result(2, ["red", "Ben", "Cem"], "red", {"blue": "Ben", "green": "Cem"}),
         "unnamed": ["red"]},
    ])
    wait_until(lambda: sum(league.standings()["tables"].values()) == 2)
    players = {p["name"]: p for p in league.standings()["players"]}
    rating = {name: p["games"]["laufrauf"]["rating"] for name, p in players.items()}
    assert rating == {"Ben": 1016.0, "Cem": 984.0}  # the first game's plain Elo, nothing more
    assert {name: (p["played"], p["won"], p["drawn"]) for name, p in players.items()} == {
        "Ben": (2, 1, 0), "Cem": (2, 0, 0)}  # the second game lost, not drawn
