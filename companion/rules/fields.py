"""Reading the keys of an action object, with refusals that name the key.

JSON has no integer/boolean distinction problem, but Python does (``True`` is an ``int``), so
every reader here checks the exact type. All refusals raised here are shape errors:
``action_not_object``, ``missing_key``, ``unknown_key``, ``wrong_type``, ``bad_value``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from companion.rules.base import Refusal, shown


def require_object(value: Any, where: str = "action") -> Mapping[str, Any]:
    if not isinstance(value, dict):
        if where == "action":
            raise Refusal("action_not_object")
        raise Refusal("wrong_type", key=where, expected="object")
    return value


def check_keys(obj: Mapping[str, Any], allowed: Iterable[str], where: str = "action") -> None:
    """Refuse keys the action form does not know: a typo must not be silently ignored."""
    allowed_set = set(allowed)
    for key in obj:
        if key not in allowed_set:
            raise Refusal("unknown_key", key=shown(key), where=where)


def need(obj: Mapping[str, Any], key: str) -> Any:
    if key not in obj:
        raise Refusal("missing_key", key=key)
    return obj[key]


def get_bool(obj: Mapping[str, Any], key: str, default: bool | None = None) -> bool:
    if key not in obj and default is not None:
        return default
    value = need(obj, key)
    if not isinstance(value, bool):
        raise Refusal("wrong_type", key=key, expected="boolean")
    return value


def get_int(obj: Mapping[str, Any], key: str, lo: int, hi: int) -> int:
    value = need(obj, key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise Refusal("wrong_type", key=key, expected="integer")
    if not lo <= value <= hi:
        raise Refusal("bad_value", key=key, value=value, min=lo, max=hi)
    return value


def get_choice(obj: Mapping[str, Any], key: str, choices: Iterable[str]) -> str:
    value = need(obj, key)
    if not isinstance(value, str):
        raise Refusal("wrong_type", key=key, expected="string")
    options = tuple(choices)
    if value not in options:
        raise Refusal("bad_value", key=key, value=value[:40], allowed=list(options))
    return value


def get_player(obj: Mapping[str, Any], key: str, players: Iterable[str]) -> str:
    value = need(obj, key)
    if not isinstance(value, str):
        raise Refusal("wrong_type", key=key, expected="string")
    if value not in tuple(players):
        raise Refusal("unknown_player", key=key, player=value[:40])
    return value


def begin_action(action: Any, types: Iterable[str], over: bool, winner: Any,
                 draw: bool = False) -> tuple[Mapping[str, Any], str]:
    """The checks every core's `apply` starts with, in one order: an object, a type the game
    knows, a game not over. Returns (the action object, its type).

    A finished game's refusal, ``game_over``, names the `winner` as the state does (an id, a
    pair's list of ids, Tauziehen's "draw") and says how the game ended, ``result``: "draw"
    where the core says it was one (`draw`: told by the points, since a player may be called
    "draw"), else "win"."""
    a = require_object(action)
    kind = a.get("type")
    known = sorted(types)
    if not isinstance(kind, str) or kind not in known:
        raise Refusal("unknown_action_type", type=shown(kind), allowed=known)
    if over:
        raise Refusal("game_over", winner=winner, result="draw" if draw else "win")
    return a, kind


def turn_player(obj: Mapping[str, Any], players: Iterable[str], turn: Any) -> str:
    """The acting player named in `obj`, who must be the one on turn."""
    player = get_player(obj, "player", players)
    if player != turn:
        raise Refusal("not_your_turn", player=player, turn=turn)
    return player
