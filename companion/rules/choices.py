"""Legal actions as choice sets, the format a core's `legal_choices` returns (How Ruck!), and
what can be done with them without listing every action: count them, draw one uniformly.

A set is ``{"base": {...}, "each": [[PATH, [VALUE, ...]], ...]}`` (PATH a list of keys into
the action), optionally with ``"unequal": [PATH, PATH]`` and ``"equal_ok": [VALUE, ...]``:
every combination of one value per path written into a copy of ``base``, leaving out those
where the two paths hold the same value unless it is in ``equal_ok``. The page expands the
same sets (`companion/web/choices.py`, `web/static/choices.js`).
"""

from __future__ import annotations

import json
import random
from typing import Any

Group = dict[str, Any]


# Made once: `json.dumps` with arguments builds an encoder per call (a tie-break's count
# compares about a hundred cards).
_KEY = json.JSONEncoder(sort_keys=True, separators=(",", ":")).encode


def key(value: Any) -> str:
    """Values compared as JSON (a card is a dict)."""
    return _KEY(value)


def tree_copy(value: Any) -> Any:
    """A copy of a JSON tree (dicts, lists, scalars) sharing nothing that can change: what
    `copy.deepcopy` does for such a tree, without its memo (a third of drawing a move)."""
    if isinstance(value, dict):
        return {k: tree_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [tree_copy(v) for v in value]
    return value


def count(group: Group) -> int:
    """How many actions one set stands for (without listing them)."""
    total = 1
    for _, values in group["each"]:
        total *= len(values)
    if "unequal" in group:
        a, b = (tuple(p) for p in group["unequal"])
        lists = {tuple(p): values for p, values in group["each"]}
        both = {key(v) for v in lists[a]} & {key(v) for v in lists[b]}
        excluded = len(both - {key(v) for v in group.get("equal_ok", [])})
        others = 1
        for p, values in group["each"]:
            if tuple(p) not in (a, b):
                others *= len(values)
        total -= excluded * others
    return total


def draw(groups: list[Group], chooser: random.Random) -> dict[str, Any]:
    """One of the actions the sets stand for, each equally likely (a set by its count, then
    one value per path; a combination the unequal rule leaves out is drawn again)."""
    weights = [count(g) for g in groups]
    group = chooser.choices(groups, weights)[0]
    unequal = [tuple(p) for p in group.get("unequal", [])]
    allowed = {key(v) for v in group.get("equal_ok", [])}
    while True:
        chosen = {tuple(path): chooser.choice(values) for path, values in group["each"]}
        if unequal and all(p in chosen for p in unequal):
            x, y = (key(chosen[p]) for p in unequal)
            if x == y and x not in allowed:
                continue
        action = tree_copy(group["base"])
        for path, value in chosen.items():
            node = action
            for part in path[:-1]:
                node = node.setdefault(part, {})
            node[path[-1]] = tree_copy(value)
        return action
