"""The flow of a round: starting the tug, contests, barrel moves, turns and round ends."""

from __future__ import annotations

from companion.rules.base import Event
from companion.rules.howruck.state import BARRELS_TO_WIN, HAND_SIZE, TEAM_SIZE, HowRuckState


def start_tug(s: HowRuckState, barrel_owner: str, starter: str, events: list[Event]) -> None:
    """Teams are formed: each takes 6 cards of a team pile of 20; the barrel goes on the
    owner's start field and `starter` plays first."""
    s.phase = "tug"
    s.barrel = s.start_field(barrel_owner)
    s.turn = starter
    s.hands = {p: HAND_SIZE for p in s.players}
    s.piles = {p: TEAM_SIZE - HAND_SIZE for p in s.players}
    events.append({"type": "tug_started", "round": s.round, "barrel": s.barrel, "turn": starter})


def move_barrel(s: HowRuckState, toward: str, by: int, events: list[Event]) -> int:
    """Pull toward a side; reaching or passing that side's goal wins the barrel at once.
    Returns the field the barrel reached."""
    assert s.barrel is not None
    before = s.barrel
    if toward == s.players[0]:
        s.barrel = max(1, s.barrel - by)
    else:
        s.barrel = min(s.options.ladder, s.barrel + by)
    reached = s.barrel
    events.append({"type": "barrel_moved", "from": before, "to": reached, "toward": toward})
    if reached == s.goal_field(toward):
        win_round(s, toward, "goal", events)
    return reached


def contest(s: HowRuckState, events: list[Event], kind: str, weaker_wins: bool = False) -> None:
    """A strength contest: each side's three top cards (empty field = 2). The stronger side
    pulls by the difference — the weaker one with Schwach gewinnt. Equal: no move."""
    a, b = s.players
    strength = {a: s.side_strength(a), b: s.side_strength(b)}
    diff = strength[a] - strength[b]
    toward: str | None = None
    if diff:
        stronger, weaker = (a, b) if diff > 0 else (b, a)
        toward = weaker if weaker_wins else stronger
    result = {"type": "contest", "kind": kind, "strength": strength,
              "pull": {"toward": toward, "by": abs(diff)}}
    events.append(result)
    last = {"kind": kind, "round": s.round, "strength": strength, "pull": result["pull"],
            "barrel": s.barrel}
    if toward is not None:
        last["barrel"] = move_barrel(s, toward, abs(diff), events)
    s.last_contest = last


def win_round(s: HowRuckState, player: str, reason: str, events: list[Event]) -> None:
    s.barrels[player] += 1
    events.append({"type": "round_won", "player": player, "reason": reason, "round": s.round,
                   "barrels": dict(s.barrels)})
    if s.barrels[player] >= BARRELS_TO_WIN:
        s.phase = "over"
        s.turn = None
        s.winner = player
        events.append({"type": "game_won", "player": player, "barrels": dict(s.barrels)})
        return
    s.round += 1
    s.reset_round()
    events.append({"type": "round_started", "round": s.round})


def spend_from_hand(s: HowRuckState, player: str) -> None:
    s.hands[player] -= 1
    s.spent[player] += 1


def end_turn(s: HowRuckState, player: str, events: list[Event]) -> None:
    """After the turn's play: draw one, then the other player — unless their hand is empty
    (skipped). Both hands empty: the barrel's half decides the round."""
    if s.phase != "tug":  # the play already ended the round
        return
    if s.piles[player] > 0:
        s.piles[player] -= 1
        s.hands[player] += 1
    other = s.other(player)
    if s.hands[other] > 0:
        s.turn = other
    elif s.hands[player] > 0:
        s.turn = player
        events.append({"type": "skipped", "player": other})
    else:
        events.append({"type": "hands_empty", "barrel": s.barrel})
        win_round(s, s.half_owner(), "half", events)
