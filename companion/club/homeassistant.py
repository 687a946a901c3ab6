"""Home Assistant's MQTT discovery: the table appears as a device with two sensors.

Home Assistant reads retained config messages under ``<prefix>/sensor/<node>/<object>/config``
(prefix ``homeassistant`` unless set) and then follows the topics they name. Both sensors
follow the table's own retained ``companion/<table>/state``: "game" (which game is current,
its status as attributes) and "score" (e.g. ``Anna 2 : 1 Bert``, each player's number as
attributes). Availability follows the ``status`` topic (``online``/``offline``, the last
will). Nothing here is sent anywhere but in the publisher's own thread; see publisher.py.
"""

from __future__ import annotations

from typing import Any

from companion.rules import GAMES
from companion.screens.common import GAME_TITLES
from companion.sessions.people import person, winner_people


def scoreboard(view: dict[str, Any] | None) -> dict[str, Any]:
    """What the sensors read from the state message: the game's title, its status, the
    score line and each player's number (from the core's `view_score`), every player named
    as the person playing (a Lauf Rauf! colour's ``names``: sessions/people.py)."""
    if not view or view.get("game") not in GAMES:
        return {"title": "", "status": "none", "score": "", "scores": {}}
    scores = {person(view, p): n for p, n in GAMES[view["game"]].view_score(view).items()}
    line = " : ".join(str(n) for n in scores.values())
    if len(scores) == 2:  # "Anna 2 : 1 Bert", as the table's display shows a contest
        (a, x), (b, y) = scores.items()
        line = f"{a} {x} : {y} {b}"
    elif scores:
        line = ", ".join(f"{p} {n}" for p, n in scores.items())
    return {"title": GAME_TITLES.get(view["game"], view["game"]), "status": view.get("status", ""),
            "score": line, "scores": scores, "turn": person(view, view.get("turn")),
            "winner": winner_people(view, view.get("winner"))}


def discovery(table: str, prefix: str, state_topic: str,
              status_topic: str) -> list[tuple[str, dict[str, Any]]]:
    """(topic, retained config) for each sensor of this table."""
    device = {"identifiers": [f"companion_{table}"], "name": f"companion {table}",
              "manufacturer": "companion", "model": "board game referee"}
    common = {"state_topic": state_topic, "availability_topic": status_topic,
              "payload_available": "online", "payload_not_available": "offline",
              "device": device, "json_attributes_topic": state_topic}
    sensors = {
        "game": {"name": "Game", "icon": "mdi:dice-multiple",
                 "value_template": "{{ value_json.scoreboard.title or 'none' }}",
                 "json_attributes_template": "{{ {'status': value_json.scoreboard.status, "
                                             "'turn': value_json.scoreboard.turn, "
                                             "'winner': value_json.scoreboard.winner} "
                                             "| tojson }}"},
        "score": {"name": "Score", "icon": "mdi:scoreboard",
                  "value_template": "{{ value_json.scoreboard.score }}",
                  "json_attributes_template": "{{ value_json.scoreboard.scores | tojson }}"},
    }
    return [(f"{prefix}/sensor/companion_{table}/{name}/config",
             {**common, **sensor, "unique_id": f"companion_{table}_{name}",
              "object_id": f"companion_{table}_{name}"})
            for name, sensor in sensors.items()]
