"""The table's LED and buzzer pattern for each announcement kind (pure policy).

An accepted action's announcements (`companion.announce`) become one ``signal`` message:
the buzzer plays the sound (a name in `companion.devices.outputs.SOUNDS`) of the last kind that
has one, and the LEDs of the seats the announcements are about blink; afterwards they show
again what `companion.daemon.leds` lit (whose turn it is, the race's winner). The race kinds
have no pattern here: the race control plays its own sound and lights the winner.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Pattern(NamedTuple):
    sound: str | None  # a name in outputs.SOUNDS
    about: str | None  # whose seats blink: a parameter naming players, "all", or None
    times: int  # blinks


SIGNALS: dict[str, Pattern] = {
    "race_won": Pattern(None, None, 0),
    "race_tie": Pattern(None, None, 0),
    "race_false_start": Pattern(None, None, 0),
    "tiebreak_won": Pattern("stopp", "player", 2),
    "tiebreak_tied": Pattern("tie", None, 0),  # each side draws again
    "contest": Pattern("tick", "toward", 1),
    "barrel_moved": Pattern("tick", "toward", 1),  # by an action card: a pull like a contest's
    "cleared": Pattern(None, None, 0),  # said on the phones; the board shows it
    "switched": Pattern(None, None, 0),
    "reinforced": Pattern(None, "player", 1),
    "no_effect": Pattern(None, None, 0),
    "round_won": Pattern("stopp", "player", 3),
    "game_won": Pattern("go", "players", 5),
    "game_drawn": Pattern("tie", "all", 3),
    "point": Pattern("tie", "player", 2),
    "berggeist_placed": Pattern("huckauf", "owner", 2),
    "berggeist_home": Pattern("tick", None, 0),
    "berggeist_stays": Pattern("tick", None, 0),
    "cards_kept": Pattern(None, "player", 1),
    "strike": Pattern("false_start", "victim", 3),
    "capture": Pattern("false_start", "victims", 3),
    "partner_entry": Pattern("tick", "victims", 2),
    "castle": Pattern("tick", "player", 2),
}


def _named(value: Any) -> list[str]:
    """The players a parameter names: a name, a list of names, or seats ({"player": ...})."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return _named(value.get("player"))
    if isinstance(value, list):
        return [name for v in value for name in _named(v)]
    return []


def signal(items: list[dict[str, Any]], players: list[str] | None) -> dict[str, Any] | None:
    """The ``signal`` message for one action's announcements, or None when nothing plays:
    ``{"sound": name or None, "blink": [seat indices], "times": blinks}``."""
    players = list(players or [])
    sound, seats, times = None, set(), 0
    for item in items:
        pattern = SIGNALS.get(item.get("kind", ""))
        if pattern is None:
            continue
        sound = pattern.sound or sound
        if pattern.about == "all":
            named = players
        else:
            named = _named((item.get("params") or {}).get(pattern.about)) if pattern.about else []
        blinking = {players.index(p) for p in named if p in players}
        seats |= blinking
        if blinking:
            times = max(times, pattern.times)
    if sound is None and not seats:
        return None
    return {"sound": sound, "blink": sorted(seats), "times": times}
