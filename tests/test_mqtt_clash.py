"""Two boxes that publish under one `[mqtt] table` name (the default "table" when a club
forgets to rename one) over a real Mosquitto: neither knocks the other off the broker, the
league counts both boxes' games, and each table and the league say what is wrong."""

from __future__ import annotations

import logging

from daemon_helpers import wait_until
from league_helpers import BEFORE_BOX_IDS, old_league_file
from mqtt_helpers import Broker, needs_mosquitto
from test_league import send
from test_mqtt import run, table  # noqa: F401  (the fixture and the table helper)
from web_helpers import web_daemon

from companion.club.league import League
from companion.club.league_page import render
from companion.rules import get_core
from companion.rules.randomplay import random_game

pytestmark = needs_mosquitto


def test_two_boxes_under_one_table_name_lose_nothing_and_say_so(run, tmp_path, caplog):  # noqa: F811
    caplog.set_level(logging.INFO, logger="companion")
    broker = run(Broker(tmp_path / "broker").start())
    league = run(League("127.0.0.1", broker.port, tmp_path / "league"))
    league.start()
    wait_until(lambda: send(broker.port, ["hello?"]) or league.standings()["foreign"] > 0)
    boxes = [table(run, tmp_path / box, broker.port, name="kitchen") for box in ("a", "b")]
    # the same game with the same seed on both boxes: the same sequence numbers on the wire
    for daemon, players in zip(boxes, (["Ann", "Bob"], ["Cat", "Dan"]), strict=True):
        log, _ = random_game(get_core("howruck"), 1, players)
        gid = daemon.hub.call(daemon.table.create_game, "howruck", players, {}, 1)["id"]
        for action in log:
            daemon.hub.call(daemon.table.apply, gid, action)
    wait_until(lambda: all(d.mqtt.outbox.count() == 0 for d in boxes), timeout=20)
    wait_until(lambda: sum(league.standings()["tables"].values()) == 2, timeout=20)
    standings = league.standings()
    assert standings["tables"] == {"kitchen": 2}
    assert {p["name"] for p in standings["players"]} == {"Ann", "Bob", "Cat", "Dan"}
    assert standings["clashes"] == ["kitchen"]
    page, _ = render(standings, "de-DE")  # the league's page says it, in the reader's words
    assert "Mehr als eine Box schickt Ergebnisse als Tisch \u201ekitchen\u201c" in page
    # each table knows, and its log says it in words a club can act on
    wait_until(lambda: all(d.mqtt.clash for d in boxes), timeout=10)
    said = "another box also publishes as table 'kitchen'"
    assert all(said in d.mqtt.clash for d in boxes)
    assert sum(said in r.getMessage() for r in caplog.records
               if r.name == "companion.mqtt" and r.levelno == logging.WARNING) == 2
    assert any("kitchen" in r.getMessage() for r in caplog.records
               if r.name == "companion.league" and r.levelno == logging.WARNING)
    # no knock-off loop: neither box lost the broker
    assert not any("lost the broker" in r.getMessage() for r in caplog.records), caplog.text
    assert all(d.mqtt.connected.is_set() and d.mqtt.problem is None for d in boxes)


def test_a_box_keeps_its_id_and_a_box_that_replaced_another_sees_no_clash(run, tmp_path):  # noqa: F811
    """A box that takes over a table name from one switched off hears the old box's id
    retained on the broker: no clash. A restarted box is the same box (its id is kept in
    its data folder)."""
    broker = run(Broker(tmp_path / "broker").start())
    mqtt = {"host": "127.0.0.1", "port": broker.port, "table": "kitchen"}
    boxes = {}
    for folder in ("old", "new"):
        daemon = web_daemon(tmp_path / folder, mqtt=mqtt)
        try:
            wait_until(lambda: daemon.mqtt.announced.is_set())  # noqa: B023
            boxes[folder] = daemon.mqtt.box
            assert daemon.mqtt.clash is None
        finally:
            daemon.stop()
    assert boxes["old"] != boxes["new"]
    again = table(run, tmp_path / "new", broker.port, name="kitchen")
    wait_until(lambda: again.mqtt.announced.is_set())
    assert again.mqtt.box == boxes["new"] and again.mqtt.clash is None


def test_a_league_file_from_before_box_ids_keeps_its_results(run, tmp_path):  # noqa: F811
    """The results kept before tables sent a box id are kept (box ""), and an upgraded
    table's results beside them are no clash."""
    folder = old_league_file(tmp_path / "league", BEFORE_BOX_IDS,
                             [("kitchen", 7, 1, "howruck", ["Ann", "Bob"], "Ann", 1.0)])
    broker = run(Broker(tmp_path / "broker").start())
    league = run(League("127.0.0.1", broker.port, folder))
    league.start()
    assert league.standings()["tables"] == {"kitchen": 1}
    upgraded = {"table": "kitchen", "box": "0123456789ab", "seq": 7, "type": "result",
                "game_id": 1, "game": "howruck", "players": ["Ann", "Bob"], "winner": "Bob",
                "at": 2.0}
    wait_until(lambda: send(broker.port, [upgraded])
               or league.standings()["tables"] == {"kitchen": 2})
    assert league.standings()["clashes"] == []
