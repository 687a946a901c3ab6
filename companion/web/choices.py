"""The `/legal` answer in compact form: choice sets the page expands, never the full list.

A rule core's `legal_actions` enumerates every combination (How Ruck!'s tie-break: ~2,100
actions, 343 KB of JSON). The page needs the same set, so it gets it factored: a list of
*groups*, each a product of choices, and expands it (`expand` here and in the page's
`web/static/choices.js` do the same thing).

A group is a choice set as `companion/rules/choices.py` defines it (a base, values per path,
and optionally the tie-break's "no card drawn twice" rule); a core with `legal_choices` builds
them itself, the others' lists are factored here.

The factoring is generic (it knows no game): actions of one shape (the same key paths) are
split by the path that gives the smallest answer, values that leave the same rest are joined.
A test checks `expand(compact(legal)) == legal` as sets on random reachable states of every game.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import product
from typing import Any

from companion.rules.choices import Group, count
from companion.rules.choices import key as _key

Action = dict[str, Any]
Path = tuple[str, ...]
FLATTEN_DEPTH = 2  # dicts are opened this deep; deeper values (a card) are one choice


def _flatten(action: Action, prefix: Path = ()) -> dict[Path, Any]:
    out: dict[Path, Any] = {}
    for k, v in action.items():
        path = (*prefix, k)
        if isinstance(v, dict) and v and len(path) < FLATTEN_DEPTH:
            out.update(_flatten(v, path))
        else:
            out[path] = v
    return out


def _unflatten(flat: dict[Path, Any]) -> Action:
    out: Action = {}
    for path, v in flat.items():
        node = out
        for k in path[:-1]:
            node = node.setdefault(k, {})
        node[path[-1]] = v
    return out


Row = dict[Path, str]  # path -> canonical value


def _values(rows: list[Row], path: Path) -> list[str]:
    seen: dict[str, None] = {}
    for row in rows:
        seen.setdefault(row[path], None)
    return list(seen)


def _size(groups: list[dict[Path, list[str]]]) -> int:
    return sum(len(p) + sum(len(v) + 1 for v in vals) for g in groups for p, vals in g.items())


def _factor(rows: list[Row], paths: list[Path]) -> list[dict]:
    """Groups (path -> canonical values; one optional ``None`` key for an unequal rule)
    whose products are exactly `rows` (distinct rows, all with the same paths)."""
    if not paths:
        return [{}]
    values = {p: _values(rows, p) for p in paths}
    total = 1
    for p in paths:
        total *= len(values[p])
    if total == len(rows):
        return [{p: values[p] for p in paths}]
    unequal = _unequal(rows, paths, values)
    if unequal is not None:
        return [unequal]
    best: list[dict] | None = None
    for split in paths:
        if len(values[split]) == 1:
            continue
        rest = [p for p in paths if p != split]
        by_value: dict[str, list[Row]] = {}
        for row in rows:
            by_value.setdefault(row[split], []).append(row)
        # values of `split` that leave the same rest are one choice
        joined: dict[frozenset, list[str]] = {}
        for v, sub in by_value.items():
            joined.setdefault(frozenset(tuple(r[p] for p in rest) for r in sub), []).append(v)
        groups: list[dict] = []
        for vals in joined.values():
            sub = by_value[vals[0]]
            groups += [{split: vals, **g} for g in _factor(sub, rest)]
        if best is None or _size(groups) < _size(best):
            best = groups
        if len(rows) > 200:  # big sets: the first split found is good enough
            break
    assert best is not None
    return best


def _unequal(rows: list[Row], paths: list[Path],
             values: dict[Path, list[str]]) -> dict | None:
    """The product minus (some of) the diagonal of two paths, when that is what `rows` is."""
    varying = [p for p in paths if len(values[p]) > 1]
    if len(varying) != 2:
        return None
    a, b = varying
    total = 1
    for p in paths:
        total *= len(values[p])
    equal_ok = {r[a] for r in rows if r[a] == r[b]}
    diagonal = len(set(values[a]) & set(values[b]))
    if total - (diagonal - len(equal_ok)) != len(rows):
        return None
    return {**{p: values[p] for p in paths},
            None: {"unequal": [a, b], "equal_ok": sorted(equal_ok)}}


def compact(actions: Iterable[Action]) -> dict[str, Any]:
    """`{"groups": [...], "count": n}` for a list of legal actions."""
    shapes: dict[tuple[Path, ...], list[Row]] = {}
    originals: dict[str, Any] = {}
    count = 0
    for action in actions:
        count += 1
        flat = _flatten(action)
        row: Row = {}
        for p, v in flat.items():
            k = _key(v)
            originals[k] = v
            row[p] = k
        shapes.setdefault(tuple(flat), []).append(row)
    groups: list[Group] = []
    for paths, rows in shapes.items():
        unique = list({tuple(r[p] for p in paths): r for r in rows}.values())
        for g in _factor(unique, list(paths)):
            rule = g.pop(None, None)
            base = {p: originals[vals[0]] for p, vals in g.items() if len(vals) == 1}
            group: Group = {"base": _unflatten(base),
                            "each": [[list(p), [originals[v] for v in vals]]
                                     for p, vals in g.items() if len(vals) > 1]}
            if rule:
                group["unequal"] = [list(p) for p in rule["unequal"]]
                group["equal_ok"] = [originals[v] for v in rule["equal_ok"]]
            groups.append(group)
    return {"groups": groups, "count": count}


def expand(answer: dict[str, Any]) -> list[Action]:
    """Every action a compact answer stands for (what the page does in JavaScript)."""
    out: list[Action] = []
    for group in answer["groups"]:
        paths = [tuple(p) for p, _ in group["each"]]
        base = _flatten(group["base"], ()) if group["base"] else {}
        unequal = [tuple(p) for p in group.get("unequal", [])]
        equal_ok = {_key(v) for v in group.get("equal_ok", [])}
        for combo in product(*(vals for _, vals in group["each"])):
            flat = dict(zip(paths, combo, strict=True))
            if unequal:
                x, y = (_key(flat.get(p, base.get(p))) for p in unequal)
                if x == y and x not in equal_ok:
                    continue
            out.append(_unflatten({**base, **flat}))
    return out


def legal_answer(core: Any, state: Any, player: str | None, args: Any) -> dict[str, Any]:
    """The `/legal` answer: compact; ``?full=1`` adds the whole list (for scripts, not phones).
    A core with `legal_choices` builds the choice sets itself (How Ruck!: microseconds instead
    of factoring ~2,100 listed actions); the others' lists are factored here. A core with
    `play_results` (Stramash, Lauf Rauf!) adds what each play does as ``{"i": index into the
    expanded list, "moves"}``. Runs off the hub thread: the cores' states are never changed in
    place."""
    actions: list[Action] | None = None
    choice_sets = getattr(core, "legal_choices", None)
    if choice_sets is not None:
        groups = choice_sets(state, player)
        answer: dict[str, Any] = {"groups": groups, "count": sum(count(g) for g in groups)}
    else:
        actions = core.legal_actions(state, player)
        answer = compact(actions)
    play_results = getattr(core, "play_results", None)  # plays that move several pieces
    if play_results is not None:
        actions = actions if actions is not None else core.legal_actions(state, player)
        # each result names its action by its place in the expanded list (as the page expands)
        index = {_key(a): i for i, a in enumerate(expand(answer))}
        answer["results"] = [{"i": index[_key(r["action"])], "moves": r["moves"]}
                             for r in play_results(state, actions)]
    if args.get("full") in ("1", "true"):
        answer["actions"] = actions if actions is not None else core.legal_actions(state, player)
    return answer
