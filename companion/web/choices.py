"""The legal actions as choice sets a phone expands: small enough to send after every change.

A core's `legal_actions` lists every action (a How Ruck! tie-break: 2,106; a turn with Fieser
Trick: hundreds, each carrying a whole card). The page needs the same set, not the same bytes,
so families that are a product of choices travel as one item:

- ``{"each": "card_place", "base": ACTION, "at": "" | "take", "cards": [CARD, ...],
  "places": [[SIDE, FIELD], ...]}``: every card at every place; ``at`` says whether card,
  side and field go into the action itself or into its ``take`` (Fieser Trick);
- ``{"each": "tiebreak", "players": [A, B], "draws": [DRAW, ...], "never_both": [i, ...]}``:
  every pair of draws except the same draw (by index) for both where it is listed;
- any other item is an action as it is.

`expand` is the reference reading (the page's `expandChoices` is its twin); a test checks that
it gives back exactly the core's set in states real games reach.
"""

from __future__ import annotations

import json
from itertools import product
from typing import Any

Action = dict[str, Any]
PLACE_KEYS = ("card", "side", "field")


def _key(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def compact(actions: list[Action]) -> list[dict[str, Any]]:
    """The same set of actions as choice sets (order of first appearance kept)."""
    out: list[dict[str, Any]] = []
    places: dict[str, dict[str, Any]] = {}  # (base, at) -> {card key: [places]}
    tiebreak = [a for a in actions if a.get("type") == "tiebreak"]
    for action in actions:
        if action.get("type") == "tiebreak":
            continue
        at, target = _place_target(action)
        if target is None:
            out.append(action)
            continue
        base = dict(action)
        if at:
            base[at] = {k: v for k, v in target.items() if k not in PLACE_KEYS}
        else:
            base = {k: v for k, v in action.items() if k not in PLACE_KEYS}
        group_key = _key([base, at])
        if group_key not in places:
            places[group_key] = {"base": base, "at": at, "cards": {}}
            out.append({"each": "card_place", "_group": group_key})
        cards = places[group_key]["cards"]
        cards.setdefault(_key(target["card"]), (target["card"], []))[1].append(
            [target["side"], target["field"]])
    expanded: list[dict[str, Any]] = []
    for item in out:
        if item.get("each") == "card_place":
            expanded += _card_groups(places[item["_group"]])
        else:
            expanded.append(item)
    if tiebreak:
        expanded.append(_tiebreak(tiebreak))
    return expanded


def _place_target(action: Action) -> tuple[str, dict[str, Any] | None]:
    """Where a Scot card is placed in this action: the action itself, or its `take`."""
    if all(k in action for k in PLACE_KEYS) and isinstance(action["card"], dict):
        return "", action
    take = action.get("take")
    if isinstance(take, dict) and all(k in take for k in PLACE_KEYS) \
            and isinstance(take["card"], dict):
        return "take", take
    return "", None


def _card_groups(group: dict[str, Any]) -> list[dict[str, Any]]:
    """Cards with the same places travel together."""
    by_places: dict[str, dict[str, Any]] = {}
    for card, where in group["cards"].values():
        entry = by_places.setdefault(_key(where), {"each": "card_place", "base": group["base"],
                                                   "at": group["at"], "cards": [],
                                                   "places": where})
        entry["cards"].append(card)
    return list(by_places.values())


def _tiebreak(actions: list[Action]) -> dict[str, Any]:
    players = list(actions[0]["draws"])
    draws: list[Any] = []
    seen: dict[str, int] = {}
    pairs = set()
    for action in actions:
        indices = []
        for player in players:
            draw = action["draws"][player]
            k = _key(draw)
            if k not in seen:
                seen[k] = len(draws)
                draws.append(draw)
            indices.append(seen[k])
        pairs.add(tuple(indices))
    never_both = [i for i in range(len(draws)) if (i, i) not in pairs]
    item = {"each": "tiebreak", "players": players, "draws": draws, "never_both": never_both}
    if len(pairs) != len(draws) ** 2 - len(never_both):  # not a product: send them as they are
        return {"each": "list", "actions": actions}
    return item


def expand(items: list[dict[str, Any]]) -> list[Action]:
    """Every action the choice sets stand for."""
    out: list[Action] = []
    for item in items:
        each = item.get("each")
        if each == "card_place":
            for card, (side, field) in product(item["cards"], item["places"]):
                action = json.loads(json.dumps(item["base"]))
                target = action[item["at"]] if item["at"] else action
                target.update(card=card, side=side, field=field)
                out.append(action)
        elif each == "tiebreak":
            a, b = item["players"]
            never = set(item["never_both"])
            for i, j in product(range(len(item["draws"])), repeat=2):
                if i == j and i in never:
                    continue
                out.append({"type": "tiebreak",
                            "draws": {a: item["draws"][i], b: item["draws"][j]}})
        elif each == "list":
            out += item["actions"]
        else:
            out.append(item)
    return out
