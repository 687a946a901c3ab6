"""The tug of war: placing Scot cards and playing the ten action cards."""

from __future__ import annotations

from typing import Any

from companion.rules.base import Action, Event, Refusal
from companion.rules.fields import check_keys, get_bool, get_choice, get_int, get_player, need
from companion.rules.howruck.cards import (
    ACTION_KINDS,
    FIELD_COLORS,
    NESSIE_STRENGTH,
    Card,
    parse_card,
)
from companion.rules.howruck.flow import contest, end_turn, move_barrel, spend_from_hand, win_round
from companion.rules.howruck.state import HowRuckState

# The parameters each action card takes (besides "forgo").
PARAMS: dict[str, tuple[str, ...]] = {
    "fieser_trick": ("take",),
    "seitenwechsel": ("from", "field"),
    "und_tschuess": ("value",),
}
ADRENALIN_PULL = 2
VERSTAERKUNG_CARDS = 3


def play(s: HowRuckState, player: str, a: dict[str, Any], events: list[Event]) -> Action:
    """The turn's play of a Scot card from the hand."""
    check_keys(a, ("type", "player", "card", "side", "field"))
    card = parse_card(need(a, "card"))
    side = get_player(a, "side", s.players)
    field = get_choice(a, "field", FIELD_COLORS)
    spend_from_hand(s, player)
    place(s, player, card, side, field, events)
    end_turn(s, player, events)
    return {"type": "play", "player": player, "card": card.as_json(), "side": side,
            "field": field}


def see_card(s: HowRuckState, card: Card) -> None:
    """A Scot card comes into view; with a box composition, one copy too many is refused,
    saying where the copies are: a copy drawn in the tie-break lies set aside, not played."""
    remaining = s.remaining_copies(card)
    if remaining is not None and remaining <= 0:
        if s.options.copies.get(card, 0) == 0:
            raise Refusal("card_not_in_box", card=card.as_json())
        if card in s.set_aside:
            raise Refusal("card_drawn_in_tiebreak", card=card.as_json())
        raise Refusal("card_exhausted", card=card.as_json())
    s.seen[card] = s.seen.get(card, 0) + 1


def check_placement(s: HowRuckState, player: str, card: Card, side: str, field: str) -> None:
    if card.color != "white" and card.color != field:
        raise Refusal("wrong_field_color", color=card.color, field=field)
    if s.options.own_side_only and side != player and card.color != "white":
        raise Refusal("own_side_only", side=side)  # white: any of the six fields, always


def place(s: HowRuckState, player: str, card: Card, side: str, field: str,
          events: list[Event]) -> None:
    """Cover the field's stack; a How Ruck imprint then starts a contest."""
    check_placement(s, player, card, side, field)
    see_card(s, card)
    s.fields[side][field].append(card)
    s.placed += 1
    events.append({"type": "placed", "player": player, "card": card.as_json(), "side": side,
                   "field": field})
    if card.howruck:
        contest(s, events, kind="imprint")


def action(s: HowRuckState, player: str, a: dict[str, Any], events: list[Event]) -> Action:
    """The turn's play of an action card (its effect may be forgone)."""
    kind = get_choice(a, "card", ACTION_KINDS)
    check_keys(a, ("type", "player", "card", "forgo", *PARAMS.get(kind, ())))
    spend_from_hand(s, player)
    canon = resolve(s, player, kind, a, events)
    end_turn(s, player, events)
    return {"type": "action", "player": player, "card": kind, **canon}


def resolve(s: HowRuckState, player: str, kind: str, obj: dict[str, Any],
            events: list[Event]) -> dict[str, Any]:
    """Carry out one action card for `player`; returns its canonical forgo flag and params."""
    if kind in s.actions_played:
        raise Refusal("action_already_played", card=kind)
    if kind in s.set_aside:  # drawn in this round's tie-break: in nobody's hand
        raise Refusal("action_card_set_aside", card=kind)
    s.actions_played.append(kind)
    forgo = get_bool(obj, "forgo", default=False)
    events.append({"type": "action", "player": player, "card": kind, "forgo": forgo})
    if forgo:
        for key in PARAMS.get(kind, ()):
            if key in obj:
                raise Refusal("unknown_key", key=key, where="forgo")
        return {"forgo": True}
    params = EFFECTS[kind](s, player, obj, events)
    return {"forgo": False, **params}


def _adrenalin(s: HowRuckState, p: str, obj: dict[str, Any], events: list[Event]) -> dict:
    move_barrel(s, p, ADRENALIN_PULL, events)
    return {}


def _fieser_trick(s: HowRuckState, p: str, obj: dict[str, Any], events: list[Event]) -> dict:
    """Take a card of your choice from the opponent's hand and play it at once as yours.
    The opponent draws no replacement."""
    take = need(obj, "take")
    if not isinstance(take, dict):
        raise Refusal("wrong_type", key="take", expected="object")
    opponent = s.other(p)
    if s.hands[opponent] == 0:
        raise Refusal("opponent_hand_empty", player=opponent)
    spend_from_hand(s, opponent)
    events.append({"type": "taken", "player": p, "from": opponent})
    if "action" in take:
        kind = get_choice(take, "action", ACTION_KINDS)
        check_keys(take, ("action", "forgo", *PARAMS.get(kind, ())), where="take")
        return {"take": {"action": kind, **resolve(s, p, kind, take, events)}}
    card = parse_card(need(take, "card"))
    if "discard" in take:
        # Rules DECISION: every colour has a field on each side (own side only included),
        # so a taken Scot card can always be placed, and must be.
        check_keys(take, ("card", "discard"), where="take")
        get_bool(take, "discard")
        raise Refusal("taken_card_must_be_placed", card=card.as_json())
    check_keys(take, ("card", "side", "field"), where="take")
    side = get_player(take, "side", s.players)
    field = get_choice(take, "field", FIELD_COLORS)
    place(s, p, card, side, field, events)
    return {"take": {"card": card.as_json(), "side": side, "field": field}}


def _how_ruck(s: HowRuckState, p: str, obj: dict[str, Any], events: list[Event]) -> dict:
    contest(s, events, kind="how_ruck")
    return {}


def _schwach_gewinnt(s: HowRuckState, p: str, obj: dict[str, Any], events: list[Event]) -> dict:
    contest(s, events, kind="schwach_gewinnt", weaker_wins=True)
    return {}


def _clear_tops(s: HowRuckState, events: list[Event], doomed) -> None:
    """Discard every top card matching `doomed`, both sides, one layer only."""
    cleared = []
    for side in s.players:
        for field in FIELD_COLORS:
            top = s.top(side, field)
            if top is not None and doomed(top):
                s.fields[side][field].pop()
                s.cleared += 1
                cleared.append({"side": side, "field": field, "card": top.as_json()})
    events.append({"type": "cleared", "cards": cleared})


def _mucho_macho(s: HowRuckState, p: str, obj: dict[str, Any], events: list[Event]) -> dict:
    _clear_tops(s, events, lambda card: card.is_woman)
    return {}


def _und_tschuess(s: HowRuckState, p: str, obj: dict[str, Any], events: list[Event]) -> dict:
    value = get_int(obj, "value", 0, NESSIE_STRENGTH)
    _clear_tops(s, events, lambda card: card.strength == value)
    return {"value": value}


def _seilriss(s: HowRuckState, p: str, obj: dict[str, Any], events: list[Event]) -> dict:
    before = s.barrel
    s.barrel = s.start_field(p)
    events.append({"type": "barrel_moved", "from": before, "to": s.barrel, "toward": p})
    return {}


def _seitenwechsel(s: HowRuckState, p: str, obj: dict[str, Any], events: list[Event]) -> dict:
    """DECISION: the top card goes onto the other side's field of the same field colour."""
    source = get_player(obj, "from", s.players)
    field = get_choice(obj, "field", FIELD_COLORS)
    stack = s.fields[source][field]
    if not stack:
        raise Refusal("field_empty", side=source, field=field)
    target = s.other(source)
    card = stack.pop()
    s.fields[target][field].append(card)
    events.append({"type": "moved", "card": card.as_json(), "from": source, "to": target,
                   "field": field})
    return {"from": source, "field": field}


def _ungeheuerlich(s: HowRuckState, p: str, obj: dict[str, Any], events: list[Event]) -> dict:
    """DECISION: only Nessie as a top card on the opponent's side counts."""
    opponent = s.other(p)
    if any((top := s.top(opponent, f)) is not None and top.nessie for f in FIELD_COLORS):
        win_round(s, p, "ungeheuerlich", events)
    else:
        events.append({"type": "no_effect", "card": "ungeheuerlich"})
    return {}


def _verstaerkung(s: HowRuckState, p: str, obj: dict[str, Any], events: list[Event]) -> dict:
    taken = min(VERSTAERKUNG_CARDS, s.piles[p])
    s.piles[p] -= taken
    s.hands[p] += taken
    events.append({"type": "reinforced", "player": p, "cards": taken})
    return {}


EFFECTS = {
    "adrenalin": _adrenalin,
    "fieser_trick": _fieser_trick,
    "how_ruck": _how_ruck,
    "mucho_macho": _mucho_macho,
    "schwach_gewinnt": _schwach_gewinnt,
    "seilriss": _seilriss,
    "seitenwechsel": _seitenwechsel,
    "und_tschuess": _und_tschuess,
    "ungeheuerlich": _ungeheuerlich,
    "verstaerkung": _verstaerkung,
}
