"""Two tables and a league process over a real Mosquitto: standings match the games played;
foreign messages are ignored and counted; a restarted league rebuilds from its store."""

from __future__ import annotations

import http.client
import json
import re
import signal
import subprocess
import sys

import paho.mqtt.client as mqtt
import pytest
from daemon_helpers import wait_until
from mqtt_helpers import Broker, needs_mosquitto
from ports import free_port
from test_mqtt import run, table  # noqa: F401  (the fixture and the table helper)

from companion.club.league import League, broker_address, league_app
from companion.rules import get_core
from companion.rules.randomplay import random_game
from companion.web import WebServer

pytestmark = needs_mosquitto
GAMES = {"t1": [("howruck", 1, ["Ann", "Bob"]), ("tauziehen", 2, ["Ann", "Cat"])],
         "t2": [("howruck", 2, ["Bob", "Cat"])]}


def get(port: int, path: str, headers: dict[str, str] | None = None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", path, headers=headers or {})
    response = conn.getresponse()
    data = response.read()
    conn.close()
    return response.status, data


def test_two_tables_and_a_league(run, tmp_path):  # noqa: F811
    broker = run(Broker(tmp_path / "broker").start())
    league = run(League("127.0.0.1", broker.port, tmp_path / "league"))
    league.start()
    for name, games in GAMES.items():
        daemon = table(run, tmp_path / name, broker.port, name=name)
        for game, seed, players in games:
            log, _ = random_game(get_core(game), seed, players)
            gid = daemon.hub.call(daemon.table.create_game, game, players, {}, seed)["id"]
            for action in log:
                daemon.hub.call(daemon.table.apply, gid, action)
    foreign = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2)
    foreign.connect("127.0.0.1", broker.port)
    foreign.loop_start()
    foreign.publish("companion/t9/result", "not ours", qos=1).wait_for_publish(5)
    forged = {"table": "t1", "seq": 999, "game_id": 1, "game": "howruck",
              "players": ["Eve", "Mal"], "winner": "Eve"}  # another table's name: not ours
    foreign.publish("companion/t9/result", json.dumps(forged), qos=1).wait_for_publish(5)
    foreign.disconnect()
    foreign.loop_stop()
    wait_until(lambda: sum(league.standings()["tables"].values()) == 3
               and league.standings()["foreign"] == 2, timeout=15)
    server = WebServer(league_app(league), "127.0.0.1", 0, threads=2)
    server.start()
    try:
        status, body = get(server.port, "/standings.json")
        data = json.loads(body)
        assert status == 200 and data["tables"] == {"t1": 2, "t2": 1}
        played = {p["name"]: (p["played"], p["won"]) for p in data["players"]}
        winners = [random_game(get_core(g), s, p)[1].winner
                   for games in GAMES.values() for g, s, p in games]
        assert played == {n: (c, winners.count(n)) for n, c in
                          (("Ann", 2), ("Bob", 2), ("Cat", 2))}
        status, page = get(server.port, "/")
        assert status == 200 and b">Ann</span>" in page
    finally:
        server.stop()
    league.db.close()
    again = League("127.0.0.1", broker.port, tmp_path / "league")  # not connected: its store
    try:
        assert {p["name"]: p["played"] for p in again.standings()["players"]} == {
            "Ann": 2, "Bob": 2, "Cat": 2}
    finally:
        again.db.close()


def send(port: int, results: list[dict | str]) -> None:
    """Results as the tables send them (a table's name in its topic and its body); a text
    goes to table t9's topic as it is."""
    client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2)
    client.connect("127.0.0.1", port)
    client.loop_start()
    try:
        for body in results:
            where = "t9" if isinstance(body, str) else body["table"]
            text = body if isinstance(body, str) else json.dumps(body)
            client.publish(f"companion/{where}/result", text, qos=1).wait_for_publish(5)
    finally:
        client.disconnect()
        client.loop_stop()


def result(table: str, seq: int, players: list[str], winner, at: float) -> dict:
    return {"table": table, "seq": seq, "type": "result", "game_id": seq, "game": "howruck",
            "players": players, "winner": winner, "at": at}


@pytest.fixture
def league(run, tmp_path):  # noqa: F811
    broker = run(Broker(tmp_path / "broker").start())
    league = League("127.0.0.1", broker.port, tmp_path / "league")
    league.start()
    league.port = broker.port
    # the league listens once it has subscribed: until then what is sent is not kept for it
    wait_until(lambda: send(broker.port, ["hello?"]) or league.standings()["foreign"] > 0)
    yield league
    league.stop()


def test_ratings_follow_the_order_games_were_played_across_tables(league):
    """Ann beat Bob at table t2, later Bob beat Ann at table t1: Elo counts the later game
    last, so Bob, the later winner, is rated above Ann."""
    send(league.port, [result("t1", 7, ["Ann", "Bob"], "Bob", at=2000.0),
                       result("t2", 3, ["Ann", "Bob"], "Ann", at=1000.0)])
    wait_until(lambda: sum(league.standings()["tables"].values()) == 2)
    rating = {p["name"]: p["games"]["howruck"]["rating"]
              for p in league.standings()["players"]}
    assert rating["Bob"] > 1000.0 > rating["Ann"], rating


def test_a_result_naming_no_players_is_not_counted(league):
    send(league.port, [result("t1", 1, [], None, at=1.0),
                       result("t1", 2, ["Ann", "Bob"], "Ann", at=2.0)])  # in this order
    wait_until(lambda: league.standings()["players"])
    assert league.standings()["tables"] == {"t1": 1}


def test_the_page_lists_the_most_wins_first_and_shows_names_as_text(league):
    send(league.port, [result("t1", 1, ["Amy", "Zed"], "Zed", at=1.0),
                       result("t1", 2, ["Amy", "Zed"], "Zed", at=2.0),
                       result("t1", 3, ["<b>Mal</b>", "Zed"], "Zed", at=3.0)])
    wait_until(lambda: league.standings()["tables"] == {"t1": 3})
    server = WebServer(league_app(league), "127.0.0.1", 0, threads=2)
    server.start()
    try:
        status, page = get(server.port, "/")
    finally:
        server.stop()
    assert status == 200
    assert page.index(b">Zed</span>") < page.index(b">Amy</span>")
    assert b"<b>Mal</b>" not in page and b">&lt;b&gt;Mal&lt;/b&gt;</span>" in page


def test_the_broker_address_is_the_host_and_mqtts_port_unless_one_is_given():
    assert broker_address("club.local") == ("club.local", 1883)
    assert broker_address("192.168.1.5:8883") == ("192.168.1.5", 8883)
    assert broker_address("[fd00::5]:8883") == ("fd00::5", 8883)  # IPv6, as in a URL
    assert broker_address("fd00::5") == ("fd00::5", 1883)


@pytest.mark.parametrize("bad", ["club.local:abc", "club.local:0", "club.local:65536", "",
                                 ":1883", "[fd00::5", "[fd00::5]x", "club local", "club.local:"])
def test_a_broker_address_that_names_no_host_and_port_is_refused(bad):
    with pytest.raises(ValueError):
        broker_address(bad)


def test_companion_league_reads_the_brokers_port_from_mqtt_and_serves_the_standings(
        run, tmp_path):  # noqa: F811
    """The command itself, `companion league --mqtt HOST:PORT` (the port parsed by
    `broker_address`), counts a table's result and stops cleanly on SIGTERM."""
    broker = run(Broker(tmp_path / "broker").start())
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "league", "--mqtt", f"127.0.0.1:{broker.port}",
         "--data", str(tmp_path / "league"), "--host", "127.0.0.1", "--port", str(free_port())],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        lines = []
        while not (found := re.search(r"standings on http://127\.0\.0\.1:(\d+)/ from "
                                      r"127\.0\.0\.1:(\d+)", "".join(lines))):
            line = proc.stderr.readline()
            assert line, "".join(lines)
            lines.append(line)
        port = int(found.group(1))
        assert int(found.group(2)) == broker.port

        def counted() -> bool:  # resent until the league has subscribed
            send(broker.port, [result("t1", 1, ["Ann", "Bob"], "Ann", 1.0)])
            return json.loads(get(port, "/standings.json")[1])["tables"] == {"t1": 1}
        wait_until(counted, timeout=15)
    finally:
        proc.send_signal(signal.SIGTERM)
        code = proc.wait(10)
    assert code == 0

