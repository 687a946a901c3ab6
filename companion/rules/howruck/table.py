"""Table actions that name no player: the race result, its tie-break and the beginner start."""

from __future__ import annotations

from typing import Any

from companion.rules.base import Action, Event, Refusal
from companion.rules.fields import check_keys, get_bool, get_player, need
from companion.rules.howruck.cards import Card, draw_json, draw_rank, parse_draw
from companion.rules.howruck.flow import start_tug
from companion.rules.howruck.state import HowRuckState

TABLE_KEYS = ("type", "player")


def race(s: HowRuckState, a: dict[str, Any], events: list[Event]) -> Action:
    """`{"winner": ID}` or `{"tie": true}`: the winner takes the barrel and begins."""
    if "tie" in a:
        check_keys(a, (*TABLE_KEYS, "tie"))
        if not get_bool(a, "tie"):
            raise Refusal("bad_value", key="tie", value=False, allowed=[True])
        s.phase = "tiebreak"
        events.append({"type": "race", "tie": True})
        return {"type": "race", "tie": True}
    check_keys(a, (*TABLE_KEYS, "winner"))
    winner = get_player(a, "winner", s.players)
    events.append({"type": "race", "winner": winner})
    start_tug(s, winner, winner, events)
    return {"type": "race", "winner": winner}


def tiebreak(s: HowRuckState, a: dict[str, Any], events: list[Event]) -> Action:
    """Each shows a card from the 15 set aside; higher strength, then colour, wins; equal:
    draw again (the phase stays)."""
    check_keys(a, (*TABLE_KEYS, "draws"))
    raw = need(a, "draws")
    if not isinstance(raw, dict):
        raise Refusal("wrong_type", key="draws", expected="object")
    check_keys(raw, s.players, where="draws")
    draws = {p: parse_draw(need(raw, p), p) for p in s.players}
    check_draws_possible(s, draws)
    a_id, b_id = s.players
    rank_a, rank_b = draw_rank(draws[a_id]), draw_rank(draws[b_id])
    shown = {p: draw_json(d) for p, d in draws.items()}
    winner = None if rank_a == rank_b else (a_id if rank_a > rank_b else b_id)
    events.append({"type": "tiebreak", "draws": shown, "winner": winner})
    if winner is not None:
        start_tug(s, winner, winner, events)
    return {"type": "tiebreak", "draws": shown}


def check_draws_possible(s: HowRuckState, draws: dict[str, Card | str]) -> None:
    """Two players cannot both hold the single copy of an action card, nor more copies of a
    Scot card than the box composition has (when it is set)."""
    a_draw, b_draw = (draws[p] for p in s.players)
    if isinstance(a_draw, str) and a_draw == b_draw:
        raise Refusal("duplicate_action_card", card=a_draw)
    copies = s.options.copies
    if copies is None:
        return
    for draw in (a_draw, b_draw):
        if isinstance(draw, Card):
            needed = 2 if draw == a_draw == b_draw else 1
            if copies.get(draw, 0) < needed:
                raise Refusal("card_not_in_box", card=draw.as_json())


def quick_start(s: HowRuckState, a: dict[str, Any], events: list[Event]) -> Action:
    """Beginner variant, round 1 only: the younger player's barrel, the older player begins."""
    check_keys(a, (*TABLE_KEYS, "barrel", "starter"))
    if s.round != 1:
        raise Refusal("quick_start_round_one_only", round=s.round)
    barrel = get_player(a, "barrel", s.players)
    starter = get_player(a, "starter", s.players)
    if barrel == starter:
        raise Refusal("quick_start_same_player", player=barrel)
    events.append({"type": "quick_start", "barrel": barrel, "starter": starter})
    start_tug(s, barrel, starter, events)
    return {"type": "quick_start", "barrel": barrel, "starter": starter}
