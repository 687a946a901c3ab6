"""Every legal How Ruck! action in canonical form: what the phone page offers, what random
games and property tests draw from. `apply` accepts exactly these (a property test checks).

Hot path (random games, the page's `/legal`): the tie-break alone lists up to ~2,100 actions.
The cards' JSON forms are therefore built once per call and shared by the actions of that
call's list (treat a returned list as read-only; every call returns new objects), and draws
are compared by position, not by dataclass equality.
"""

from __future__ import annotations

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

ALL_CARDS = all_cards()
# (card, its JSON form, the fields it may go on) per Scot card. The JSON forms are templates:
# copied into each action, never handed out. A list, not a dict: hashing a dataclass is slow.
CARD_ROWS = tuple((card, card.as_json(), FIELD_COLORS if card.color == "white" else
                   (card.color,)) for card in ALL_CARDS)


def legal_actions(s: HowRuckState, player: str | None = None) -> list[Action]:
    if s.phase == "teams":
        return teams_actions(s)
    if s.phase == "tiebreak":
        return _tiebreak(s)
    if s.phase == "tug" and s.turn is not None and player in (None, s.turn):
        return _tug(s, s.turn)
    return []


def teams_actions(s: HowRuckState) -> list[Action]:
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
    rows = playable_rows(s)
    shown = [shown.copy() for _, shown, _ in rows]
    # the same draw for both: only a Scot card with two copies left
    same = [two_left(s, card) for card, _, _ in rows]
    for kind in ACTION_KINDS:
        if kind not in s.set_aside:
            shown.append(draw_json(kind))
            same.append(False)
    a, b = s.players
    return [{"type": "tiebreak", "draws": {a: ja, b: jb}}
            for i, ja in enumerate(shown) for j, jb in enumerate(shown) if i != j or same[i]]


def two_left(s: HowRuckState, card: Card) -> bool:
    remaining = s.remaining_copies(card)
    return remaining is None or remaining >= 2


def playable_rows(s: HowRuckState) -> tuple | list:
    """`CARD_ROWS` of the cards that may still turn up this round."""
    if s.options.copies is None:
        return CARD_ROWS
    return [row for row in CARD_ROWS if (s.remaining_copies(row[0]) or 0) > 0]


def placement_sides(s: HowRuckState, player: str, fields: tuple[str, ...]) -> tuple[str, ...]:
    """The sides a card that goes on `fields` may be placed on: a coloured card's only the
    player's own with the option "own side only"; a white card (it goes on any of the three
    field colours) on any of the six fields at every table (rules: placing a Scot card)."""
    return (player,) if s.options.own_side_only and len(fields) == 1 else s.players


def placements(s: HowRuckState, player: str) -> list[dict]:
    """Every (card, side, field) the player may place."""
    cards = [(template.copy(), fields) for _, template, fields in playable_rows(s)]
    return [{"card": shown, "side": side, "field": field}
            for shown, fields in cards for side in placement_sides(s, player, fields)
            for field in fields]


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
    # {"type": "play", "player": ..., **placement} for each placement, built in one pass
    cards = [(template.copy(), fields) for _, template, fields in playable_rows(s)]
    out: list[Action] = [{"type": "play", "player": player, "card": shown, "side": side,
                          "field": field}
                         for shown, fields in cards
                         for side in placement_sides(s, player, fields) for field in fields]
    for kind in ACTION_KINDS:
        if kind in s.actions_played or kind in s.set_aside:
            continue
        base = {"type": "action", "player": player, "card": kind}
        out.append({**base, "forgo": True})
        out += [{**base, "forgo": False, **p} for p in _params(s, player, kind)]
    return out
