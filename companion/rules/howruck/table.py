"""Table actions that name no player: the race result, its tie-break and the beginner start."""

from __future__ import annotations

from typing import Any

from companion.race import decide_presses
from companion.rules.base import Action, Event, Refusal
from companion.rules.fields import check_keys, get_bool, get_player, need
from companion.rules.howruck.cards import Card, draw_json, draw_rank, parse_draw
from companion.rules.howruck.flow import start_tug
from companion.rules.howruck.state import HowRuckState
from companion.rules.howruck.tug import see_card

TABLE_KEYS = ("type", "player")
MAX_PRESS_US = 86_400_000_000  # a day either side of the signal: beyond it, not a press time
MAX_PRESSES = 1000  # edges per player in one race (bounces included)


def race(s: HowRuckState, a: dict[str, Any], events: list[Event]) -> Action:
    """`{"presses": {ID: [µs, ...]}}` (decided here, as the daemon's arbiter decides), or the
    bare result `{"winner": ID}` / `{"tie": true}`: the winner takes the barrel and begins."""
    if "presses" in a:
        return _race_presses(s, a, events)
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


def _parse_presses(s: HowRuckState, raw: Any) -> dict[str, list[int]]:
    if not isinstance(raw, dict):
        raise Refusal("wrong_type", key="presses", expected="object")
    check_keys(raw, s.players, where="presses")
    presses: dict[str, list[int]] = {}
    for player, times in raw.items():
        if not isinstance(times, list):
            raise Refusal("wrong_type", key=f"presses.{player}", expected="list of integers")
        if len(times) > MAX_PRESSES:
            raise Refusal("bad_value", key=f"presses.{player}", value=len(times),
                          max=MAX_PRESSES)
        for t in times:
            if isinstance(t, bool) or not isinstance(t, int):
                raise Refusal("wrong_type", key=f"presses.{player}", expected="integer")
            if not -MAX_PRESS_US <= t <= MAX_PRESS_US:
                raise Refusal("bad_value", key=f"presses.{player}", value=t,
                              min=-MAX_PRESS_US, max=MAX_PRESS_US)
        if times:
            presses[player] = sorted(times)
    return presses


def _race_presses(s: HowRuckState, a: dict[str, Any], events: list[Event]) -> Action:
    """The race from its press times, decided with the game's tie window and false-start
    option by the same pure arbiter the daemon uses."""
    check_keys(a, (*TABLE_KEYS, "presses"))
    presses = _parse_presses(s, need(a, "presses"))
    decision = decide_presses(s.players, presses, s.options.tie_window_ms,
                              s.options.false_start)
    if decision is None:
        raise Refusal("no_valid_press", false_starts=sorted(presses))
    shown = {"presses": presses, "margin_us": decision.margin_us, "reason": decision.reason,
             "false_starts": list(decision.false_starts)}
    canon: Action = {"type": "race", "presses": presses}
    if decision.tie:
        s.phase = "tiebreak"
        events.append({"type": "race", "tie": True, **shown})
        return canon
    assert decision.winner is not None
    events.append({"type": "race", "winner": decision.winner, **shown})
    start_tug(s, decision.winner, decision.winner, events)
    return canon


def tiebreak(s: HowRuckState, a: dict[str, Any], events: list[Event]) -> Action:
    """Each shows a card from the 15 set aside; higher strength, then colour, wins; equal:
    draw again, with new cards (the phase stays). The cards drawn are set aside again: for
    the rest of the round they are in nobody's team pile."""
    check_keys(a, (*TABLE_KEYS, "draws"))
    raw = need(a, "draws")
    if not isinstance(raw, dict):
        raise Refusal("wrong_type", key="draws", expected="object")
    check_keys(raw, s.players, where="draws")
    draws = {p: parse_draw(need(raw, p), p) for p in s.players}
    set_aside(s, [draws[p] for p in s.players])
    a_id, b_id = s.players
    rank_a, rank_b = draw_rank(draws[a_id]), draw_rank(draws[b_id])
    shown = {p: draw_json(d) for p, d in draws.items()}
    winner = None if rank_a == rank_b else (a_id if rank_a > rank_b else b_id)
    events.append({"type": "tiebreak", "draws": shown, "winner": winner})
    if winner is not None:
        start_tug(s, winner, winner, events)
    return {"type": "tiebreak", "draws": shown}


def set_aside(s: HowRuckState, drawn: list[Card | str]) -> None:
    """Record cards drawn from the 15 set aside. An action card exists once: two players
    cannot both hold it, nor can it be drawn again this round; a Scot card counts as seen
    (with a box composition, one copy too many is refused)."""
    copies = s.options.copies
    for draw in drawn:
        too_few = copies is not None and drawn.count(draw) > copies.get(draw, 0)
        if isinstance(draw, Card) and too_few:  # the box has fewer copies than were shown
            raise Refusal("card_not_in_box", card=draw.as_json())
        if isinstance(draw, str):
            if draw in s.set_aside:
                raise Refusal("card_set_aside", card=draw)
            if drawn.count(draw) > 1:
                raise Refusal("duplicate_action_card", card=draw)
        else:
            see_card(s, draw)
        s.set_aside.append(draw)


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
