"""Home Assistant's MQTT discovery: the table appears as a device with two sensors.

Home Assistant reads retained config messages under ``<prefix>/sensor/<node>/<object>/config``
(prefix ``homeassistant`` unless set) and then follows the topics they name. Both sensors
follow the table's own retained ``companion/<table>/state``: "game" (which game is current,
its status as attributes) and "score" (e.g. ``Anna 2 : 1 Bert``, each player's number as
attributes). Availability follows the ``status`` topic (``online``/``offline``, the last
will). Nothing here is sent anywhere but in the publisher's own thread; see publisher.py.
The scoreboard says players in words in the table's language (a seat played without a name
is its colour, "Rot"), which the publisher follows when the page changes it.
"""

from __future__ import annotations

from typing import Any

from companion.i18n import person as i18n_person
from companion.i18n import sentence
from companion.i18n.catalogs import translate
from companion.i18n.homeassistant_messages import HOMEASSISTANT
from companion.rules import GAMES
from companion.screens.common import GAME_TITLES
from companion.sessions.people import person, unnamed
from companion.stats import person_key


def scoreboard(view: dict[str, Any] | None, lang: str = "en") -> dict[str, Any]:
    """What the sensors read from the state message: the game's title, its status, the
    score line and each player's number (from the core's `view_score`), the player whose
    turn it is and the winner, every player said as `seat_labels` says them in `lang` (the
    table's language)."""
    if not view or view.get("game") not in GAMES:
        return {"title": "", "status": "none", "score": "", "scores": {}}
    label = seat_labels(view, lang)
    scores = {label.get(p, p): n for p, n in GAMES[view["game"]].view_score(view).items()}
    line = " : ".join(str(n) for n in scores.values())
    if len(scores) == 2:  # "Anna 2 : 1 Bert", as the table's display shows a contest
        (a, x), (b, y) = scores.items()
        line = f"{a} {x} : {y} {b}"
    elif scores:
        line = ", ".join(f"{p} {n}" for p, n in scores.items())
    winner = view.get("winner")
    if isinstance(winner, list):
        winner = [label.get(p, p) for p in winner]
    elif view.get("result") != "draw":  # Tauziehen's "draw" is no player called so
        winner = label.get(winner, winner) if isinstance(winner, str) else winner
    return {"title": GAME_TITLES.get(view["game"], view["game"]), "status": view.get("status", ""),
            "score": line, "scores": scores, "turn": label.get(view.get("turn"),
                                                               view.get("turn")),
            "winner": winner}


def seat_labels(view: dict[str, Any], lang: str) -> dict[str, str]:
    """Each seat (player id) as the sensors say it in `lang`: its person's name (a Lauf
    Rauf! colour's ``names``: sessions/people.py); a seat played without a name as its
    colour, as a name is said ("Rot", `i18n.person`: nobody's name), with a capital where
    the language writes a colour small (French "Rouge"): it stands alone, as a name does.
    Where two seats would read alike (blue's person "red" beside the unnamed red seat, a
    game stored before 1c6a60d: "Red" and "red" in English), the person has their colour
    beside the name ("red (blue)"), so the score's two numbers stay two."""
    players = [p for p in view.get("players") or () if isinstance(p, str)]
    nobody = unnamed(view) if "players" in view else ()
    names = view.get("names") or {}
    label = {p: sentence(i18n_person(p, lang)) if p in nobody else person(view, p)
             for p in players}
    keys = [person_key(text) for text in label.values()]
    for p in players:
        if p not in nobody and keys.count(person_key(label[p])) > 1:
            label[p] = i18n_person(p, lang, names)
    return label


def discovery(table: str, prefix: str, state_topic: str, status_topic: str,
              lang: str = "en") -> list[tuple[str, dict[str, Any]]]:
    """(topic, retained config) for each sensor of this table, named in `lang` (the table's
    language; announced again when it changes). Only the names follow the language: the
    topics, ``unique_id`` and ``object_id`` (the entity ids dashboards and automations use)
    and the templates stay the same in every language."""
    def named(key: str) -> str:
        context = f"homeassistant:{key}"
        return translate(context, str(HOMEASSISTANT[context]), lang)

    device = {"identifiers": [f"companion_{table}"], "name": f"companion {table}",
              "manufacturer": "companion", "model": named("model")}
    common = {"state_topic": state_topic, "availability_topic": status_topic,
              "payload_available": "online", "payload_not_available": "offline",
              "device": device, "json_attributes_topic": state_topic}
    sensors = {
        "game": {"name": named("game"), "icon": "mdi:dice-multiple",
                 "value_template": "{{ value_json.scoreboard.title or 'none' }}",
                 "json_attributes_template": "{{ {'status': value_json.scoreboard.status, "
                                             "'turn': value_json.scoreboard.turn, "
                                             "'winner': value_json.scoreboard.winner} "
                                             "| tojson }}"},
        "score": {"name": named("score"), "icon": "mdi:scoreboard",
                  "value_template": "{{ value_json.scoreboard.score }}",
                  "json_attributes_template": "{{ value_json.scoreboard.scores | tojson }}"},
    }
    return [(f"{prefix}/sensor/companion_{table}/{name}/config",
             {**common, **sensor, "unique_id": f"companion_{table}_{name}",
              "object_id": f"companion_{table}_{name}"})
            for name, sensor in sensors.items()]
