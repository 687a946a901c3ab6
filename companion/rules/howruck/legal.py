"""Every legal How Ruck! action in canonical form: what the phone page offers, what random
games and property tests draw from. `apply` accepts exactly these (a property test checks)."""

from __future__ import annotations

from itertools import product

from companion.rules.base import Action
from companion.rules.howruck.cards import (
    ACTION_KINDS,
    FIELD_COLORS,
    NESSIE_STRENGTH,
    Card,
    all_cards,
    draw_json,
)
from companion.rules.howruck.state import HowRuckState
from companion.rules.howruck.tug import PARAMS


def legal_actions(s: HowRuckState, player: str | None = None) -> list[Action]:
    if s.phase == "teams":
        return _teams(s)
    if s.phase == "tiebreak":
        return _tiebreak(s)
    if s.phase == "tug" and s.turn is not None and player in (None, s.turn):
        return _tug(s, s.turn)
    return []


def _teams(s: HowRuckState) -> list[Action]:
    out: list[Action] = [{"type": "race", "winner": p} for p in s.players]
    out.append({"type": "race", "tie": True})
    if s.round == 1:
        a, b = s.players
        out += [{"type": "quick_start", "barrel": a, "starter": b},
                {"type": "quick_start", "barrel": b, "starter": a}]
    return out


def _tiebreak(s: HowRuckState) -> list[Action]:
    """Both draws: Scot cards with a copy left (two copies for both to show the same one),
    action cards not drawn this round, never one action card for both."""
    draws: list[Card | str] = playable_cards(s)
    draws += [kind for kind in ACTION_KINDS if kind not in s.set_aside]
    a, b = s.players
    out: list[Action] = []
    for da, db in product(draws, repeat=2):
        if da == db and (isinstance(da, str) or not _two_left(s, da)):
            continue
        out.append({"type": "tiebreak", "draws": {a: draw_json(da), b: draw_json(db)}})
    return out


def _two_left(s: HowRuckState, card: Card) -> bool:
    remaining = s.remaining_copies(card)
    return remaining is None or remaining >= 2


def playable_cards(s: HowRuckState) -> list[Card]:
    """Scot cards that may still turn up this round (all of them without a composition)."""
    out = []
    for card in all_cards():
        remaining = s.remaining_copies(card)
        if remaining is None or remaining > 0:
            out.append(card)
    return out


def placements(s: HowRuckState, player: str) -> list[dict]:
    """Every (card, side, field) the player may place."""
    sides = (player,) if s.options.own_side_only else s.players
    out = []
    for card in playable_cards(s):
        fields = FIELD_COLORS if card.color == "white" else (card.color,)
        for side in sides:
            for field in fields:
                out.append({"card": card.as_json(), "side": side, "field": field})
    return out


def _params(s: HowRuckState, player: str, kind: str) -> list[dict]:
    """The parameter sets of one action card's effect (not forgone)."""
    if kind == "seitenwechsel":
        return [{"from": side, "field": f} for side in s.players for f in FIELD_COLORS
                if s.fields[side][f]]
    if kind == "und_tschuess":
        return [{"value": v} for v in range(NESSIE_STRENGTH + 1)]
    if kind == "fieser_trick":
        if s.hands[s.other(player)] == 0:
            return []
        takes = [{"take": place} for place in placements(s, player)]
        for inner in ACTION_KINDS:
            if inner in s.actions_played or inner in s.set_aside or inner == "fieser_trick":
                continue
            takes.append({"take": {"action": inner, "forgo": True}})
            takes += [{"take": {"action": inner, "forgo": False, **p}}
                      for p in _params(s, player, inner)]
        return takes
    assert kind not in PARAMS
    return [{}]


def _tug(s: HowRuckState, player: str) -> list[Action]:
    out: list[Action] = [{"type": "play", "player": player, **p} for p in placements(s, player)]
    for kind in ACTION_KINDS:
        if kind in s.actions_played or kind in s.set_aside:
            continue
        base = {"type": "action", "player": player, "card": kind}
        out.append({**base, "forgo": True})
        out += [{**base, "forgo": False, **p} for p in _params(s, player, kind)]
    return out
