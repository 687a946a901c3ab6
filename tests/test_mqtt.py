"""Club play against a real Mosquitto broker on loopback: events in order with a sequence
number, retained state and status, results; the broker away while the table plays on; the
daemon SIGKILLed with messages in its outbox; a broker that refuses."""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from daemon_helpers import wait_until
from mqtt_helpers import Broker, Cable, Listener, needs_mosquitto, state_at
from ports import free_port
from web_helpers import web_daemon

from companion.club.doctor import check_mqtt
from companion.config import parse
from companion.rules import get_core
from companion.rules.randomplay import random_game
from companion.sessions import replay_events

pytestmark = needs_mosquitto
LOG, _ = random_game(get_core("howruck"), 1, ["A", "B"])
HEADER = {"game": "howruck", "players": ["A", "B"], "options": {}, "seed": 1}


@pytest.fixture
def run(tmp_path):
    """Start things; everything started is stopped afterwards, newest first."""
    started: list = []

    def start(thing):
        started.append(thing)
        return thing

    yield start
    for thing in reversed(started):
        thing.stop() if hasattr(thing, "stop") else thing.close()
    from gpiozero import Device
    if Device.pin_factory is not None:
        Device.pin_factory.reset()
    Device.pin_factory = None


def table(run, data: Path, port: int, name: str = "t1", **extra):
    return run(web_daemon(data, mqtt={"host": "127.0.0.1", "port": port, "table": name,
                                      **extra}))


def play(daemon, game_id, actions):
    for action in actions:
        daemon.hub.call(daemon.table.apply, game_id, action)


def events(got):
    return [p for t, p, _ in got if t.endswith("/event")]


def test_events_state_status_and_result_arrive(run, tmp_path):
    broker = run(Broker(tmp_path / "broker").start())
    listener = run(Listener(broker.port, "companion/t1/#"))
    daemon = table(run, tmp_path / "table", broker.port)
    listener.take(lambda t, p, r: t == "companion/t1/status" and p == "online")
    game = daemon.hub.call(daemon.table.create_game, "howruck", ["A", "B"], {}, 1)["id"]
    play(daemon, game, LOG)
    got = listener.take(lambda t, p, r: t.endswith("/result"))
    sent = events(got)
    assert [m["type"] for m in sent] == ["game"] + ["action"] * len(LOG)
    assert [m["seq"] for m in sent] == list(range(sent[0]["seq"], sent[0]["seq"] + len(sent)))
    assert [m["action"] for m in sent[1:]] == LOG
    assert [m["events"] for m in sent[1:]] == replay_events(get_core("howruck"), HEADER, LOG)
    result = got[-1][1]
    assert result["winner"] == random_game(get_core("howruck"), 1, ["A", "B"])[1].winner
    assert result["seq"] > sent[-1]["seq"] and result["players"] == ["A", "B"]

    state_at(run(Listener(broker.port, "companion/t1/state", client_id="final")), len(LOG))
    late = run(Listener(broker.port, "companion/t1/+", client_id="late"))  # retained only
    retained = late.latest({"companion/t1/state", "companion/t1/status"})
    state, status = retained["companion/t1/state"], retained["companion/t1/status"]
    assert state[1] is True and state[0]["game_id"] == game
    assert state[0]["state"]["status"] == "over"
    assert status == ("online", True)
    wait_until(lambda: daemon.mqtt.outbox.count() == 0)


def test_the_broker_away_while_the_table_plays_on(run, tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="companion.mqtt")
    broker = run(Broker(tmp_path / "broker").start())
    listener = run(Listener(broker.port, "companion/t1/event", client_id="club", clean=False))
    daemon = table(run, tmp_path / "table", broker.port)
    game = daemon.hub.call(daemon.table.create_game, "howruck", ["A", "B"], {}, 1)["id"]
    play(daemon, game, LOG[:5])
    first = events(listener.take(lambda t, p, r: p.get("action_seq") == 4))
    broker.stop()
    wait_until(lambda: not daemon.mqtt.connected.is_set())
    play(daemon, game, LOG[5:25])  # accepted while no broker listens
    assert daemon.mqtt.outbox.count() == 20
    # the broker vanished mid-play: a clear line in the log and in `companion doctor`
    wait_until(lambda: daemon.mqtt.problem is not None, timeout=10)
    assert any(r.levelno >= logging.WARNING for r in caplog.records), caplog.text
    [finding] = check_mqtt(daemon.config, tmp_path / "table")
    assert not finding.ok and "cannot reach" in finding.message
    broker.start()
    rest = events(listener.take(lambda t, p, r: p.get("action_seq") == 24, timeout=30))
    seqs = [m["seq"] for m in first + rest]
    assert seqs == list(range(seqs[0], seqs[0] + 26)), seqs  # every one once, in order
    assert [m["action"] for m in first[1:] + rest] == LOG[:25]
    wait_until(lambda: daemon.mqtt.outbox.count() == 0)
    assert daemon.mqtt.problem is None


def test_outbox_survives_a_sigkill(run, tmp_path):
    port = free_port()  # no broker yet
    root = Path(__file__).resolve().parent.parent
    env = dict(os.environ, PYTHONPATH=str(root))
    child = subprocess.Popen([sys.executable, str(root / "tests" / "mqtt_crash_table.py"),
                              str(tmp_path / "table"), str(port), "12"],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    assert child.stdout is not None
    acked = [child.stdout.readline() for _ in range(12)]
    assert all(line.startswith(b"ack") for line in acked), acked
    child.send_signal(signal.SIGKILL)
    child.wait(30)
    child.stdout.close()
    assert len(acked) == 12 and child.returncode == -signal.SIGKILL

    broker = Broker(tmp_path / "broker")
    broker.port = port
    broker.config.write_text(broker.config.read_text().replace(
        broker.config.read_text().splitlines()[0], f"listener {port} 127.0.0.1"))
    run(broker.start())
    listener = run(Listener(port, "companion/crash/event"))
    table(run, tmp_path / "table", port, name="crash")
    sent = events(listener.take(lambda t, p, r: p.get("action_seq") == 11))
    assert [m["type"] for m in sent] == ["game"] + ["action"] * 12
    assert [m["action"] for m in sent[1:]] == LOG[:12]
    assert [m["seq"] for m in sent] == list(range(sent[0]["seq"], sent[0]["seq"] + 13))


def test_wrong_credentials_are_logged_and_the_table_plays_on(run, tmp_path, caplog):
    broker = run(Broker(tmp_path / "broker", users={"club": "secret"}).start())
    caplog.set_level(logging.WARNING, logger="companion.mqtt")
    daemon = table(run, tmp_path / "table", broker.port, username="club", password="wrong")
    game = daemon.hub.call(daemon.table.create_game, "howruck", ["A", "B"], {}, 1)["id"]
    play(daemon, game, LOG[:5])
    wait_until(lambda: daemon.mqtt.problem is not None)
    assert "refused" in daemon.mqtt.problem and "authori" in daemon.mqtt.problem.lower()
    assert any("refused" in r.getMessage() for r in caplog.records)
    assert daemon.mqtt.outbox.count() == 6  # kept for when the password is right
    mqtt = {"host": "127.0.0.1", "port": broker.port, "table": "t1", "username": "club"}
    [bad] = check_mqtt(parse({"mqtt": {**mqtt, "password": "wrong"}}))
    assert not bad.ok and "refused" in bad.message and "password" in bad.fix
    [good] = check_mqtt(parse({"mqtt": {**mqtt, "password": "secret"}}), tmp_path / "table")
    assert good.ok and "6 messages wait" in good.message


def test_no_broker_is_logged_and_the_table_plays_on(run, tmp_path, caplog):
    caplog.set_level(logging.WARNING, logger="companion.mqtt")
    port = free_port()
    daemon = table(run, tmp_path / "table", port)
    game = daemon.hub.call(daemon.table.create_game, "howruck", ["A", "B"], {}, 1)["id"]
    play(daemon, game, LOG[:3])
    wait_until(lambda: daemon.mqtt.problem is not None)
    assert "cannot reach" in daemon.mqtt.problem
    assert any("cannot reach" in r.getMessage() for r in caplog.records)
    [finding] = check_mqtt(parse({"mqtt": {"host": "127.0.0.1", "port": port}}))
    assert not finding.ok and "cannot reach" in finding.message


def test_a_missing_ca_file_is_named_when_the_table_starts(tmp_path):
    """`companion run` says "cannot start: <error>": the error names the config key and the
    file, not only "No such file or directory"."""
    from companion.club.publisher import make_client
    from companion.config import Config

    missing = tmp_path / "club-ca.pem"
    config = Config(mqtt_tls=True, mqtt_ca_file=str(missing))
    with pytest.raises(OSError, match=f"mqtt.ca_file '{missing}': No such file"):
        make_client(config, "t")


def test_a_message_the_broker_never_acknowledged_is_sent_by_the_next_run(run, tmp_path):
    """The line dies while an event is on its way: the broker never acknowledged it, so it
    stays in the outbox, and the table sends it after a restart."""
    broker = run(Broker(tmp_path / "broker").start())
    listener = run(Listener(broker.port, "companion/t1/event"))
    cable = run(Cable(broker.port))
    daemon = web_daemon(tmp_path / "table", mqtt={"host": "127.0.0.1", "port": cable.port,
                                                  "table": "t1"})
    try:
        game = daemon.hub.call(daemon.table.create_game, "howruck", ["A", "B"], {}, 1)["id"]
        listener.take(lambda t, p, r: p.get("type") == "game")
        wait_until(lambda: daemon.mqtt.outbox.count() == 0)
        cable.cut_when_sent(b"companion/t1/event")
        play(daemon, game, LOG[:1])
        wait_until(lambda: cable.cut.is_set() and not daemon.mqtt.connected.is_set())
    finally:
        daemon.stop()
    table(run, tmp_path / "table", broker.port)
    [sent] = events(listener.take(lambda t, p, r: p.get("action_seq") == 0))
    assert sent["action"] == LOG[0]


def test_a_clean_stop_leaves_the_table_offline_for_late_subscribers(run, tmp_path):
    broker = run(Broker(tmp_path / "broker").start())
    daemon = web_daemon(tmp_path / "table", mqtt={"host": "127.0.0.1", "port": broker.port,
                                                  "table": "t1"})
    try:
        wait_until(lambda: daemon.mqtt.connected.is_set())
    finally:
        daemon.stop()
    late = run(Listener(broker.port, "companion/t1/status", client_id="late"))
    assert late.latest({"companion/t1/status"})["companion/t1/status"] == ("offline", True)


def test_a_table_that_drops_off_the_line_stays_offline_for_late_subscribers(run, tmp_path):
    """The broker's last will for the table is retained: whoever looks later sees it gone."""
    broker = run(Broker(tmp_path / "broker").start())
    status = run(Listener(broker.port, "companion/t1/status", client_id="watcher"))
    cable = run(Cable(broker.port))
    daemon = table(run, tmp_path / "table", cable.port)
    status.take(lambda t, p, r: p == "online")
    wait_until(lambda: daemon.mqtt.outbox.count() == 0 and daemon.mqtt.state_sent())
    cable.cut_when_sent(b"companion/t1/")
    daemon.hub.call(daemon.table.create_game, "howruck", ["A", "B"], {}, 1)
    status.take(lambda t, p, r: p == "offline")
    late = run(Listener(broker.port, "companion/t1/status", client_id="late"))
    assert late.latest({"companion/t1/status"})["companion/t1/status"] == ("offline", True)


def test_a_state_that_comes_while_the_last_one_is_sent_is_sent_too(run, tmp_path):
    """A move made while the broker has not yet acknowledged the previous state: the newer
    state follows, so the retained state is never left behind the game."""
    broker = run(Broker(tmp_path / "broker").start())
    states = run(Listener(broker.port, "companion/t1/state", client_id="states"))
    cable = run(Cable(broker.port))
    daemon = table(run, tmp_path / "table", cable.port)
    game = daemon.hub.call(daemon.table.create_game, "howruck", ["A", "B"], {}, 1)["id"]
    wait_until(lambda: daemon.mqtt.outbox.count() == 0 and daemon.mqtt.state_sent())
    cable.hold()
    play(daemon, game, LOG[:1])
    wait_until(lambda: cable.saw(b"companion/t1/state"), timeout=15)
    play(daemon, game, LOG[1:2])
    cable.release()
    state_at(states, 2)


def test_an_acknowledgement_heard_before_a_message_was_sent_does_not_deliver_it(
        run, tmp_path):
    """Message ids come round again (paho counts to 65535, then starts at 1), and the table
    publishes messages it does not wait for (its status, its box announcement every 30 s).
    An acknowledgement heard for such a message long ago must not count for a new message
    that is given the same id: until the broker acknowledges the new one, it stays in the
    outbox."""
    broker = run(Broker(tmp_path / "broker").start())
    listener = run(Listener(broker.port, "companion/t1/event"))
    cable = run(Cable(broker.port))
    daemon = table(run, tmp_path / "table", cable.port)
    game = daemon.hub.call(daemon.table.create_game, "howruck", ["A", "B"], {}, 1)["id"]
    listener.take(lambda t, p, r: p.get("type") == "game")
    wait_until(lambda: daemon.mqtt.outbox.count() == 0 and daemon.mqtt.state_sent())
    # A message the table does not wait for, as its status and box announcements are
    status = daemon.mqtt.client.publish("companion/t1/status", "online", qos=1, retain=True)
    status.wait_for_publish(10)
    assert status.is_published()
    cable.hold()
    # The ids come round: the next message is given that message's id. (65,535 messages to
    # get here for real; paho's counter is set instead.)
    daemon.mqtt.client._last_mid = status.mid - 1
    play(daemon, game, LOG[:1])
    wait_until(lambda: cable.saw(b"companion/t1/"), timeout=15)  # the new state, or the event
    settled = time.monotonic() + 1.0  # what a false delivery needs is milliseconds
    while daemon.mqtt.outbox.count() and time.monotonic() < settled:
        time.sleep(0.01)
    # not delivered, neither the move's event nor the state after it: the broker has not
    # said so
    assert (daemon.mqtt.outbox.count(), daemon.mqtt.state_sent()) == (1, False)
    cable.release()
    wait_until(lambda: daemon.mqtt.outbox.count() == 0)
    [sent] = events(listener.take(lambda t, p, r: p.get("action_seq") == 0))
    assert sent["action"] == LOG[0]
