"""Which seat won, over the club's broker (a real Mosquitto): a result names its players as
people, so two seats can carry one name (blue's person "red" beside the unnamed red seat, in
a Lauf Rauf! game stored before 1c6a60d) and the winner alone cannot say which of them won.
The result says its seats (``seats``), which of them had a name (``named``) and which won
(``winner_seats``); the league counts by those. Such old games are written into the
database as the old code wrote them (test_old_colour_names.py), while the broker is down,
so the table sends their results when it comes up."""

from __future__ import annotations

from backup_helpers import finished_game, sql
from daemon_helpers import wait_until
from mqtt_helpers import Broker, Listener, needs_mosquitto
from test_league import league, send  # noqa: F401  (the fixture and the sender)
from test_mqtt import run  # noqa: F401  (the fixture)
from test_mqtt_homeassistant import sensor_value

from companion.club.homeassistant import discovery, scoreboard
from companion.club.league import League
from companion.rules import get_core
from companion.rules.randomplay import random_game

pytestmark = needs_mosquitto
PLAYERS = ["red", "blue"]
RED_WINS, BLUE_WINS = 8, 4  # seeds of random games (checked below)
SENT_S = 120.0  # the old games' 5000 and more actions go out first, one at a time


def mqtt(broker: Broker) -> dict:
    return {"mqtt": {"host": "127.0.0.1", "port": broker.port, "table": "club"}}


def old_games_stored(tables, broker: Broker, **config) -> list[int]:
    """Two finished games of table "club" (`config` beside its [mqtt]) whose blue seat's
    person is "red" and whose red seat has no name, one won by each seat, stored as the old
    code wrote them (its names rewritten with SQL, the table stopped) while the broker was
    down: started again, the table sends their results from the rewritten games."""
    assert [random_game(get_core("laufrauf"), seed, PLAYERS)[1].winner
            for seed in (RED_WINS, BLUE_WINS)] == ["red", "blue"]
    daemon, _ = tables("club", **mqtt(broker), **config)
    ids = [finished_game(daemon, "laufrauf", seed, PLAYERS, names={"blue": "Bo"})
           for seed in (RED_WINS, BLUE_WINS)]
    tables.running.pop("club").stop()
    sql(daemon.data_dir / "games.sqlite3",
        "UPDATE games SET header=json_set(header, '$.names', json('{\"blue\":\"red\"}'))")
    return ids


def people(club: League) -> dict[str, tuple[int, int]]:
    return {p["name"]: (p["played"], p["won"]) for p in club.standings()["players"]}


def test_a_result_says_which_of_two_seats_called_red_won(run, tables, tmp_path):  # noqa: F811
    broker = run(Broker(tmp_path / "broker"))
    red_won, blue_won = old_games_stored(tables, broker)
    broker.start()
    club = run(League("127.0.0.1", broker.port, tmp_path / "league"))
    club.start()
    wait_until(lambda: club.connected)
    listener = run(Listener(broker.port, "companion/club/result"))
    tables("club", **mqtt(broker))
    results: dict[int, dict] = {}
    listener.take(lambda t, p, r: results.setdefault(p["game_id"], p) and len(results) == 2,
                  timeout=SENT_S)
    for game_id, seat in ((red_won, "red"), (blue_won, "blue")):
        result = results[game_id]
        assert result["players"] == ["red", "red"] and result["winner"] == "red"  # as ever
        assert result["seats"] == PLAYERS and result["named"] == [False, True]
        assert result["winner_seats"] == [seat]
    wait_until(lambda: sum(club.standings()["tables"].values()) == 2)
    assert people(club) == {"red": (2, 1)}  # blue's person, who won as blue only
    assert club.standings()["games"]["laufrauf"] == {"played": 2, "unnamed_seats": 2}


def seated(seq: int, players: list[str], winner, seats: list[str], named: list[bool],
           winner_seats: list[str], game: str = "laufrauf") -> dict:
    return {"table": "t1", "box": "0123456789ab", "seq": seq, "type": "result",
            "game_id": seq, "game": game, "players": players, "winner": winner,
            "at": float(seq), "seats": seats, "named": named, "winner_seats": winner_seats,
            "unnamed": [p for p, n in zip(players, named, strict=True) if not n]}


def test_the_league_counts_by_seat_and_refuses_seats_that_do_not_fit(league):  # noqa: F811
    """The unnamed seat is the one `named` says, wherever it sits; a pair's win is its
    seats'. Seats that do not fit the players refuse the result (counted foreign)."""
    foreign = league.standings()["foreign"]  # the fixture's knocks on the door
    good = seated(1, ["red", "red"], "red", ["blue", "red"], [True, False], ["blue"])
    send(league.port, [
        good,  # blue's person "red" sits first and won
        seated(2, ["Ann", "Bob", "Cat", "Dan"], ["Ann", "Cat"], ["Ann", "Bob", "Cat", "Dan"],
               [True] * 4, ["Ann", "Cat"], game="stramash"),
        {**good, "seq": 3, "named": [True]},  # one short
        {**good, "seq": 4, "seats": ["blue", "blue"]},  # one seat twice
        {**good, "seq": 5, "winner_seats": ["green"]},  # no seat of the game
        {**good, "seq": 6, "named": ["yes", False]},
        {**good, "seq": 7, "seats": "blue red"},
        {key: value for key, value in good.items() if key != "named"} | {"seq": 8},  # half
        seated(9, ["Ida", "red"], "Ida", ["green", "red"], [True, False], ["green"]),
    ])
    wait_until(lambda: sum(league.standings()["tables"].values()) == 3)
    assert people(league) == {"red": (1, 1), "Ida": (1, 1), "Ann": (1, 1), "Bob": (1, 0),
                              "Cat": (1, 1), "Dan": (1, 0)}
    assert league.standings()["foreign"] == foreign + 6


def test_winning_seats_that_say_another_winner_refuse_the_result(league):  # noqa: F811
    """The winner as people is the players at the winning seats: a draw has none, a win one
    (a pair two); a result whose two do not agree is refused (counted foreign)."""
    foreign = league.standings()["foreign"]  # the fixture's knocks on the door
    both = ["Ann", "Bob"]
    send(league.port, [seated(1, both, "Ann", both, [True, True], []),
                       seated(2, both, None, both, [True, True], ["Ann"]),
                       seated(3, both, "Ann", both, [True, True], ["Bob"]),
                       seated(4, both, ["Ann"], both, [True, True], ["Ann", "Bob"]),
                       seated(5, both, None, both, [True, True], [])])  # a draw
    wait_until(lambda: sum(league.standings()["tables"].values()) == 1)
    assert people(league) == {"Ann": (1, 0), "Bob": (1, 0)}
    assert league.standings()["foreign"] == foreign + 4


def test_home_assistant_says_an_unnamed_seat_in_the_tables_language_and_apart(
        run, tables, tmp_path):  # noqa: F811
    """The scoreboard (Home Assistant's sensors, rendered as it renders them) says the
    unnamed red seat as a colour in the table's language, blue's person "red" as named, and
    where the two would read alike, the person with their colour; the winner is the seat
    that won. A language chosen on the page applies at once."""
    broker = run(Broker(tmp_path / "broker"))
    _, blue_won = old_games_stored(tables, broker, language="de")
    broker.start()
    listener = run(Listener(broker.port, "companion/club/state"))
    daemon, _ = tables("club", **mqtt(broker), language="de")
    view = daemon.hub.call(lambda: daemon.sessions.get(blue_won).view())
    red, blue = (get_core("laufrauf").view_score(view)[seat] for seat in PLAYERS)
    assert red != blue  # the score line below tells the seats apart by their numbers too
    configs = {name: config for name, config in discovery("club", "homeassistant",
                                                          "companion/club/state", "")}
    game = configs["homeassistant/sensor/companion_club/game/config"]
    score = configs["homeassistant/sensor/companion_club/score/config"]

    def said(lang_word: str) -> dict:
        return listener.take(lambda t, p, r: lang_word in p["scoreboard"]["scores"],
                             timeout=SENT_S)[-1][1]

    payload = said("Rot")
    assert payload["game_id"] == blue_won
    wait_until(lambda: daemon.mqtt.outbox.count() == 0, timeout=SENT_S)  # the old games
    assert sensor_value(score, payload) == (f"Rot {red} : {blue} red", {"Rot": red, "red": blue})
    assert sensor_value(game, payload)[1]["winner"] == "red"  # blue's person, who won
    daemon.save_settings("en", {})
    payload = said("Red")
    assert sensor_value(score, payload) == (f"Red {red} : {blue} red (blue)",
                                            {"Red": red, "red (blue)": blue})
    assert sensor_value(game, payload)[1]["winner"] == "red (blue)"
    daemon.save_settings("fr", {})
    assert sensor_value(score, said("Rouge"))[0] == f"Rouge {red} : {blue} red"


def test_the_scoreboard_says_whose_turn_it_is_as_it_says_the_seats():
    """A new game: the unnamed seat whose turn it is said as its colour in the table's
    language, a named seat as its person, nobody's number lost."""
    core = get_core("laufrauf")
    view = {"id": 1, "status": "playing", **core.view(core.new_game(["red", "blue"], {}, 4)),
            "names": {"blue": "Bo"}}
    board = scoreboard(view, "nl")
    assert board["scores"] == {"Rood": 0, "Bo": 0} and board["score"] == "Rood 0 : 0 Bo"
    assert board["turn"] == {"red": "Rood", "blue": "Bo"}[view["turn"]]
    assert board["winner"] is None


def test_home_assistant_says_a_colour_without_a_name_with_a_capital():
    """French and Dutch write a colour small: Home Assistant's score began "rouge 0 : 0 Bo",
    its turn "rouge", where German and English say "Rot", "Red". A seat played without a
    name stands alone there, as a name does, so it begins with a capital in every language
    (i18n.sentence); a person's name stays as typed."""
    core = get_core("laufrauf")
    view = {"id": 1, "status": "playing", **core.view(core.new_game(["red", "blue"], {}, 4)),
            "names": {"blue": "bo"}}
    for lang, red in (("fr", "Rouge"), ("nl", "Rood"), ("de", "Rot"), ("en", "Red")):
        board = scoreboard(view, lang)
        assert (board["score"], board["scores"]) == (f"{red} 0 : 0 bo", {red: 0, "bo": 0})
        assert board["turn"] == {"red": red, "blue": "bo"}[view["turn"]]
