"""How Ruck!'s legal actions as choice sets: the same set `legal.legal_actions` lists, built as
products of choices instead of one action per combination.

The tie-break lists ~2,100 actions and a turn ~150; factoring such a list back into choices
after listing it cost ~19 ms a turn (`companion/web/choices.py`'s generic `compact`). Built
here from the rules' own structure it costs microseconds, so the table can send each paired
phone its choices with every change.

A set is ``{"base": {...}, "each": [[PATH, [VALUE, ...]], ...]}`` with optional
``"unequal": [PATH, PATH]`` and ``"equal_ok": [VALUE, ...]`` (the format
`companion/web/choices.py` documents and the page expands). A property test checks that the
sets expand to exactly `legal_actions` on random reachable states.
"""

from __future__ import annotations

from typing import Any

from companion.rules.howruck.cards import ACTION_KINDS, FIELD_COLORS, NESSIE_STRENGTH, draw_json
from companion.rules.howruck.legal import playable_rows, teams_actions, two_left
from companion.rules.howruck.state import HowRuckState

Group = dict[str, Any]


def legal_choice_sets(s: HowRuckState, player: str | None = None) -> list[Group]:
    """The legal actions of `s` (for `player`, or anyone) as choice sets."""
    if s.phase == "teams":
        return [{"base": action, "each": []} for action in teams_actions(s)]
    if s.phase == "tiebreak":
        return [_tiebreak(s)]
    if s.phase == "tug" and s.turn is not None and player in (None, s.turn):
        return _tug(s, s.turn)
    return []


def _tiebreak(s: HowRuckState) -> Group:
    """Both draws from the same list; one card for both only if two copies are left."""
    rows = playable_rows(s)
    shown = [template.copy() for _, template, _ in rows]
    same = [template.copy() for card, template, _ in rows if two_left(s, card)]
    shown += [draw_json(kind) for kind in ACTION_KINDS if kind not in s.set_aside]
    a, b = s.players
    return {"base": {"type": "tiebreak"},
            "each": [[["draws", a], shown], [["draws", b], [c.copy() for c in shown]]],
            "unequal": [["draws", a], ["draws", b]], "equal_ok": same}


def _placements(s: HowRuckState, player: str, base: dict[str, Any],
                at: tuple[str, ...]) -> list[Group]:
    """Placing a playable card: one set per colour of card (a coloured card goes on its own
    colour's field, a white one on any). `at` is where card/side/field go ((), or ("take",))."""
    sides = [player] if s.options.own_side_only else list(s.players)
    by_fields: dict[tuple[str, ...], list[dict[str, Any]]] = {}
    for _, template, fields in playable_rows(s):
        by_fields.setdefault(fields, []).append(template)
    groups = []
    for fields, cards in by_fields.items():
        group_base, each = _cards(base, at, cards)
        for key, options in (("side", sides), ("field", list(fields))):
            if len(options) > 1:
                each.append([[*at, key], options])
            else:
                group_base = _with(group_base, at, {key: options[0]})
        groups.append({"base": group_base, "each": each})
    return groups


def _cards(base: dict[str, Any], at: tuple[str, ...],
           cards: list[dict[str, Any]]) -> tuple[dict[str, Any], list[list[Any]]]:
    """Cards as choices: strength × imprint when every combination is there (no composition
    set, and only at the top: the page's expansion opens dicts two keys deep), else the list
    of cards."""
    strengths = sorted({c["strength"] for c in cards})
    imprints = sorted({c["howruck"] for c in cards})
    rest = {(c["color"], c["nessie"]) for c in cards}
    if not at and len(rest) == 1 and len(cards) == len(strengths) * len(imprints) > 1:
        color, nessie = rest.pop()
        card = {"color": color, "nessie": nessie}
        each = [[["card", key], vals] for key, vals in (("strength", strengths),
                                                             ("howruck", imprints))
                if len(vals) > 1]
        fixed = {key: vals[0] for key, vals in (("strength", strengths),
                                                 ("howruck", imprints)) if len(vals) == 1}
        return {**base, "card": {**card, **fixed}}, each
    return base, [[[*at, "card"], [c.copy() for c in cards]]]


def _with(base: dict[str, Any], at: tuple[str, ...], keys: dict[str, Any]) -> dict[str, Any]:
    """A copy of `base` with `keys` added at `at` (the top, or inside "take")."""
    out = {**base}
    if not at:
        out.update(keys)
    else:
        out[at[0]] = {**out.get(at[0], {}), **keys}
    return out


def _effects(s: HowRuckState, player: str, kind: str, base: dict[str, Any],
             at: tuple[str, ...]) -> list[Group]:
    """An action card played with effect: its parameter sets (`legal._params`) as choices."""
    if kind == "seitenwechsel":
        groups = []
        for side in s.players:
            fields = [f for f in FIELD_COLORS if s.fields[side][f]]
            if fields:
                groups.append({"base": _with(base, at, {"from": side}),
                               "each": [[[*at, "field"], fields]]})
        return groups
    if kind == "und_tschuess":
        return [{"base": base, "each": [[[*at, "value"], list(range(NESSIE_STRENGTH + 1))]]}]
    if kind == "fieser_trick":
        if s.hands[s.other(player)] == 0:
            return []
        groups = _placements(s, player, base, ("take",))
        for inner in ACTION_KINDS:
            if inner in s.actions_played or inner in s.set_aside or inner == "fieser_trick":
                continue
            take = {"action": inner}
            groups.append({"base": {**base, "take": {**take, "forgo": True}}, "each": []})
            groups += _effects(s, player, inner, {**base, "take": {**take, "forgo": False}},
                               ("take",))
        return groups
    return [{"base": base, "each": []}]


def _tug(s: HowRuckState, player: str) -> list[Group]:
    groups = _placements(s, player, {"type": "play", "player": player}, ())
    for kind in ACTION_KINDS:
        if kind in s.actions_played or kind in s.set_aside:
            continue
        base = {"type": "action", "player": player, "card": kind}
        groups.append({"base": {**base, "forgo": True}, "each": []})
        groups += _effects(s, player, kind, {**base, "forgo": False}, ())
    return groups
