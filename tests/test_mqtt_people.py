"""People, not colours, on the club's broker (a real Mosquitto): a Lauf Rauf! game whose
header names the people playing its colours (``names``) is published, and counted by the
league, under those people, as the table's own statistics count it (sessions/people.py); a
game stored without names still goes out under its colours."""

from __future__ import annotations

from daemon_helpers import wait_until
from mqtt_helpers import Broker, Listener, needs_mosquitto, state_at
from test_mqtt import events, play, run, table  # noqa: F401  (the fixture and helpers)

from companion.club.league import League
from companion.rules import get_core
from companion.rules.randomplay import random_game

pytestmark = needs_mosquitto
NAMES = {"red": "Anna", "green": "Ben"}


def test_a_lauf_rauf_game_goes_out_and_into_the_league_under_its_people(run, tmp_path):  # noqa: F811
    broker = run(Broker(tmp_path / "broker").start())
    league = run(League("127.0.0.1", broker.port, tmp_path / "league"))
    league.start()
    wait_until(lambda: league.connected)
    listener = run(Listener(broker.port, "companion/t1/#"))
    daemon = table(run, tmp_path / "table", broker.port)
    listener.take(lambda t, p, r: t == "companion/t1/status" and p == "online")
    log, final = random_game(get_core("laufrauf"), 3, ["red", "green"])
    game = daemon.hub.call(daemon.table.create_game, "laufrauf", ["red", "green"], {}, 3,
                           NAMES)["id"]
    play(daemon, game, log)
    got = listener.take(lambda t, p, r: t.endswith("/result"))
    started = events(got)[0]
    assert started["type"] == "game" and started["game_id"] == game
    # the game's ids stay what its actions name; its people come along, as in the header
    assert started["players"] == ["red", "green"] and started["names"] == NAMES
    result = got[-1][1]
    assert result["players"] == ["Anna", "Ben"] and result["winner"] == NAMES[final.winner]
    assert result["names"] == NAMES
    board = state_at(listener, len(log), got)["scoreboard"]  # Home Assistant's sensors read it
    assert set(board["scores"]) == {"Anna", "Ben"} and board["winner"] == NAMES[final.winner]
    assert board["score"].startswith("Anna ") and board["score"].endswith(" Ben")

    old_log, old_final = random_game(get_core("laufrauf"), 4, ["blue", "yellow"])
    old = daemon.hub.call(daemon.table.create_game, "laufrauf", ["blue", "yellow"], {}, 4)["id"]
    play(daemon, old, old_log)  # no names (as every game before them): its colours
    result = listener.take(lambda t, p, r: t.endswith("/result") and p["game_id"] == old)[-1][1]
    assert result["players"] == ["blue", "yellow"] and result["winner"] == old_final.winner
    assert "names" not in result and result["unnamed"] == ["blue", "yellow"]
    wait_until(lambda: sum(league.standings()["tables"].values()) == 2)
    played = {p["name"]: (p["played"], p["won"]) for p in league.standings()["players"]}
    # colours played without names are nobody (test_league_unnamed.py), as in the statistics
    assert played == {"Anna": (1, final.winner == "red"), "Ben": (1, final.winner == "green")}
