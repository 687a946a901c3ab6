"""Home Assistant's MQTT discovery against a real Mosquitto: the table's two sensors are
announced (retained), and their templates, rendered with Jinja as Home Assistant does, read
the game and the score from the table's retained state."""

from __future__ import annotations

import json

import jinja2
import pytest
from daemon_helpers import wait_until
from mqtt_helpers import Broker, Listener, needs_mosquitto, state_at
from test_mqtt import play, run, table  # noqa: F401
from web_helpers import web_daemon

from companion.rules import get_core
from companion.rules.randomplay import random_game

pytestmark = needs_mosquitto


def sensor_value(config: dict, value_json: dict) -> tuple[str, dict]:
    """What Home Assistant would show: the value and attributes templates over the payload."""
    env = jinja2.Environment()
    env.filters["tojson"] = json.dumps
    value = env.from_string(config["value_template"]).render(value_json=value_json)
    attributes = env.from_string(config["json_attributes_template"]).render(
        value_json=value_json)
    return value, json.loads(attributes)


def test_discovery_announces_the_game_and_the_score(run, tmp_path):  # noqa: F811
    broker = run(Broker(tmp_path / "broker").start())
    daemon = table(run, tmp_path / "table", broker.port, name="kitchen")
    wait_until(lambda: daemon.mqtt.connected.is_set())
    game = daemon.hub.call(daemon.table.create_game, "tauziehen", ["Ida", "Jan"], {}, 4)["id"]
    log, final = random_game(get_core("tauziehen"), 4, ["Ida", "Jan"])
    state_topic = run(Listener(broker.port, "companion/kitchen/state", client_id="ha-state"))
    play(daemon, game, log[:9])
    payload = state_at(state_topic, 9)

    late = run(Listener(broker.port, "homeassistant/#", client_id="home-assistant"))
    configs = late.latest({"homeassistant/sensor/companion_kitchen/game/config",
                           "homeassistant/sensor/companion_kitchen/score/config"})
    game_config = configs["homeassistant/sensor/companion_kitchen/game/config"][0]
    score_config = configs["homeassistant/sensor/companion_kitchen/score/config"][0]
    assert all(retained for _, retained in configs.values())
    for config in (game_config, score_config):
        assert config["state_topic"] == "companion/kitchen/state"
        assert config["availability_topic"] == "companion/kitchen/status"
        assert config["device"]["identifiers"] == ["companion_kitchen"]
    assert game_config["unique_id"] != score_config["unique_id"]

    view = daemon.hub.call(lambda: daemon.sessions.get(game).view())
    points = view["points"]
    assert sensor_value(game_config, payload) == (
        "Tauziehen", {"status": "playing", "turn": view["turn"], "winner": None})
    assert sensor_value(score_config, payload) == (
        f"Ida {points['Ida']} : {points['Jan']} Jan", points)
    assert sum(points.values()) > 0  # nine actions in: the score line shows real points

    play(daemon, game, log[9:])  # to the end: the sensors follow
    payload = state_at(state_topic, len(log))
    assert sensor_value(game_config, payload)[1]["winner"] == final.winner
    assert sensor_value(score_config, payload)[1] == \
        get_core("tauziehen").view_score(get_core("tauziehen").view(final))


def test_discovery_can_be_switched_off(run, tmp_path):  # noqa: F811
    broker = run(Broker(tmp_path / "broker").start())
    daemon = table(run, tmp_path / "table", broker.port, name="quiet", discovery=False)
    wait_until(lambda: daemon.mqtt.connected.is_set() and daemon.mqtt.state_sent())
    status = run(Listener(broker.port, "companion/quiet/status", client_id="status"))
    assert status.latest({"companion/quiet/status"})["companion/quiet/status"] == ("online", True)
    home = run(Listener(broker.port, "homeassistant/#", client_id="home-assistant"))
    with pytest.raises(AssertionError, match="not received"):  # nothing retained there
        home.take(lambda t, p, r: True, timeout=1.0)


def configs_named(home: Listener, topics: set[str], names: set[str]) -> dict[str, dict]:
    """The discovery configs of `topics` as they come, once they carry `names`."""
    seen: dict[str, dict] = {}

    def arrived(topic: str, payload: dict, retained: bool) -> bool:
        if topic in topics:
            seen[topic] = payload
        return {config["name"] for config in seen.values()} == names and len(seen) == 2

    home.take(arrived)
    return seen


def test_the_sensors_are_named_in_the_tables_language(run, tmp_path):  # noqa: F811
    """The sensors were "Game" and "Score" at a German table too. Now they are named in the
    table's language, and named again when the page changes it; their ids, topics and
    templates stay as they were (a dashboard or automation names them by id)."""
    broker = run(Broker(tmp_path / "broker").start())
    daemon = run(web_daemon(tmp_path / "table", language="de", mqtt={
        "host": "127.0.0.1", "port": broker.port, "table": "kitchen"}))
    wait_until(lambda: daemon.mqtt.connected.is_set())
    home = run(Listener(broker.port, "homeassistant/#", client_id="home-assistant"))
    topics = {f"homeassistant/sensor/companion_kitchen/{name}/config"
              for name in ("game", "score")}
    german = {t: p for t, (p, _) in home.latest(topics).items()}

    def named(config: dict) -> tuple[str, str]:
        return config["name"], config["device"]["model"]

    assert {t: named(c) for t, c in german.items()} == {
        "homeassistant/sensor/companion_kitchen/game/config": (
            "Spiel", "Schiedsrichter für Brettspiele"),
        "homeassistant/sensor/companion_kitchen/score/config": (
            "Spielstand", "Schiedsrichter für Brettspiele")}
    for lang, game, score in (("fr", "Jeu", "Score"), ("nl", "Spel", "Stand"),
                              ("en", "Game", "Score")):
        daemon.save_settings(lang, {})
        seen = configs_named(home, topics, {game, score})
        for where, config in seen.items():
            kept = {k: v for k, v in german[where].items() if k not in ("name", "device")}
            assert {k: v for k, v in config.items() if k not in ("name", "device")} == kept
            assert config["device"]["identifiers"] == ["companion_kitchen"]
        assert seen["homeassistant/sensor/companion_kitchen/game/config"]["unique_id"] == \
            "companion_kitchen_game"
    fresh = run(Listener(broker.port, "homeassistant/#", client_id="home-assistant-2"))
    assert {named(p)[0] for p, retained in fresh.latest(topics).values() if retained} == {
        "Game", "Score"}  # the last language's, retained for whoever connects next
