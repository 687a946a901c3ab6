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

from dataclasses import dataclass
from typing import Any

from companion.rules.howruck.cards import ACTION_KINDS, FIELD_COLORS, NESSIE_STRENGTH, draw_json
from companion.rules.howruck.legal import (
    CARD_ROWS,
    placement_sides,
    playable_rows,
    teams_actions,
    two_left,
)
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


@dataclass(frozen=True)
class _CardGroup:
    """The playable cards that go on the same fields, analysed once: a turn's choices are
    built from these (and so are a Fieser Trick's)."""

    fields: tuple[str, ...]
    templates: tuple[dict[str, Any], ...]  # the cards' JSON forms: copied, never handed out
    # strength × imprint, when every combination is there and the rest is one colour and
    # Nessie-ness: ({the card's fixed keys}, ((key, values) for each key with a choice))
    product: tuple[dict[str, Any], tuple[tuple[str, tuple], ...]] | None


def _card_groups(rows: tuple | list) -> list[_CardGroup]:
    """`rows` (`legal.CARD_ROWS` or those still playable) grouped by the fields they go on."""
    by_fields: dict[tuple[str, ...], list[dict[str, Any]]] = {}
    for _, template, fields in rows:
        by_fields.setdefault(fields, []).append(template)
    return [_CardGroup(fields, tuple(cards), _product(cards))
            for fields, cards in by_fields.items()]


def _product(cards: list[dict[str, Any]]) -> tuple[dict[str, Any], tuple] | None:
    """The cards as strength × imprint, if they are exactly every such combination of one
    colour and Nessie-ness (else None: they are offered as a list)."""
    strengths = tuple(sorted({c["strength"] for c in cards}))
    imprints = tuple(sorted({c["howruck"] for c in cards}))
    rest = {(c["color"], c["nessie"]) for c in cards}
    if len(rest) != 1 or not len(cards) == len(strengths) * len(imprints) > 1:
        return None
    color, nessie = rest.pop()
    values = (("strength", strengths), ("howruck", imprints))
    card = {"color": color, "nessie": nessie,
            **{key: vals[0] for key, vals in values if len(vals) == 1}}
    return card, tuple((key, vals) for key, vals in values if len(vals) > 1)


ALL_CARD_GROUPS = _card_groups(CARD_ROWS)  # without a box composition every card is playable


def _placements(s: HowRuckState, player: str, base: dict[str, Any],
                at: tuple[str, ...]) -> list[Group]:
    """Placing a playable card: one set per colour of card (a coloured card goes on its own
    colour's field, a white one on any). `at` is where card/side/field go ((), or ("take",)).
    Cards are offered as strength × imprint where every combination is there (only at the
    top: the page's expansion opens dicts two keys deep), else as the list of cards."""
    rows = playable_rows(s)
    groups = []
    for cards in ALL_CARD_GROUPS if rows is CARD_ROWS else _card_groups(rows):
        if not at and cards.product is not None:
            card, choices = cards.product
            group_base = {**base, "card": card.copy()}
            each = [[["card", key], list(vals)] for key, vals in choices]
        else:
            group_base = base
            each = [[[*at, "card"], [c.copy() for c in cards.templates]]]
        sides = list(placement_sides(s, player, cards.fields))
        for key, options in (("side", sides), ("field", list(cards.fields))):
            if len(options) > 1:
                each.append([[*at, key], options])
            else:
                group_base = _with(group_base, at, {key: options[0]})
        groups.append({"base": group_base, "each": each})
    return groups


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
