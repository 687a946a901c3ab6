"""Which seats' LEDs are lit: the table's one LED policy (pure; the hub publishes ``leds``).

During a race the race owns the LEDs: all off from the countdown, then the winner's (every
player's on a tie) once it is decided, kept until the next race. Otherwise they show whose
turn it is.
"""

from __future__ import annotations

from typing import Any

from companion.race import Decision


def race_leds(players: tuple[str, ...], decision: Decision) -> list[int]:
    """The seats lit by a decided race: the winner's, or every player's on a tie."""
    return [i for i, p in enumerate(players) if decision.tie or p == decision.winner]


def turn_leds(view: dict[str, Any] | None, button_race: bool) -> list[int] | None:
    """The seats lit after the game changed (None: leave them as they are): the player on
    turn, unless the game's LEDs belong to its races (its core's `button_race`)."""
    if not view or button_race:
        return None
    turn = view.get("turn")
    return [view["players"].index(turn)] if turn in view["players"] else []
