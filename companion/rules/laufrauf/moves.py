"""Lauf Rauf! figure moves: start, run, ascend and strike, with pushing and the Berggeist.

`plan_move` checks one move against the board and the dice and returns what it would do,
without changing anything; `carry_out` then applies that plan. The phone page's choices, the
must-run rule and `apply` all go through `plan_move`, so they can never disagree.

Geometry (rules file): fields passed over are counted whether occupied or not; a start, run or
ascent ending on an occupied field pushes that figure — and the gap-free chain in front of it —
one field on in the move's direction; the figure carrying the Berggeist cannot ascend and no
other figure may move past it. **DECISION:** a move may end *on* the carrier (it is then pushed,
which the rules allow); only fields strictly between the start and the end count as "past",
and an ascent's path is the fields after its run-up field up to and including its ascent field.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.rules.base import Refusal
from companion.rules.laufrauf.state import (
    BASE,
    FIGURES,
    START_SUM,
    SUMMIT,
    Figure,
    LaufRaufState,
    Loc,
)

MOVES = ("start", "run", "ascend", "strike")


@dataclass(frozen=True, slots=True)
class MoveSpec:
    """A move as entered: `card` is the kind it uses (a Joker already resolved) or None."""

    move: str
    figure: int
    card: str | None = None
    backward: bool = False


@dataclass(slots=True)
class Plan:
    relocations: list[tuple[Figure, Loc]] = field(default_factory=list)  # in order
    struck: Figure | None = None
    pushed: list[Figure] = field(default_factory=list)
    berggeist_home: bool = False


def _step(ring_len: int, at: int, direction: int, n: int) -> int:
    return (at + direction * n) % ring_len


def _between(ring_len: int, at: int, direction: int, n: int) -> list[int]:
    """The fields strictly between `at` and the field `n` steps away."""
    return [_step(ring_len, at, direction, k) for k in range(1, n)]


def _check_carrier(s: LaufRaufState, mover: Figure, level: str, fields: list[int]) -> None:
    carrier = s.berggeist
    if carrier is None or carrier == mover:
        return
    where = s.loc(carrier)
    if where[0] == level and where[1] in fields:
        raise Refusal("berggeist_in_the_way", field=where[1])


def _land(s: LaufRaufState, plan: Plan, mover: Figure, dest: Loc, direction: int) -> None:
    """Put the mover on `dest`, pushing the gap-free chain standing there one field on."""
    plan.relocations.append((mover, dest))
    if dest[0] not in ("lower", "middle"):
        return
    ring_len = s.board.ring(dest[0]).length
    occupied = s.ring_figures(dest[0])
    origin = s.loc(mover)
    if origin[0] == dest[0]:
        del occupied[origin[1]]  # the mover has left its field
    at = dest[1]
    chain: list[tuple[Figure, int]] = []
    while at in occupied:
        chain.append((occupied[at], at))
        at = _step(ring_len, at, direction, 1)
    for fig, at in reversed(chain):  # the front of the chain moves first
        plan.relocations.append((fig, (dest[0], _step(ring_len, at, direction, 1))))
        plan.pushed.append(fig)


def plan_move(s: LaufRaufState, player: str, spec: MoveSpec) -> Plan:
    """What the move would do, or the `Refusal` saying why it is not allowed now."""
    assert s.dice is not None
    if not 0 <= spec.figure < FIGURES:
        raise Refusal("bad_value", key="figure", value=spec.figure, min=0, max=FIGURES - 1)
    mover = (player, spec.figure)
    here = s.loc(mover)
    a, b = s.dice
    total = a + b
    plan = Plan()
    if spec.move == "start":
        if here != BASE:
            raise Refusal("figure_not_in_base", figure=spec.figure)
        if total < START_SUM:
            raise Refusal("start_needs_ten", sum=total)
        level = "middle" if spec.card == "blitzstart" else "lower"
        _land(s, plan, mover, (level, s.board.ring(level).ascent[player]), +1)
        return plan
    if here[0] not in ("lower", "middle"):
        raise Refusal("figure_not_on_a_ring", figure=spec.figure, where=here[0])
    level, at = here
    ring = s.board.ring(level)
    direction = -1 if spec.backward else +1
    if spec.move == "run":
        _check_carrier(s, mover, level, _between(ring.length, at, direction, total))
        _land(s, plan, mover, (level, _step(ring.length, at, direction, total)), direction)
        return plan
    if spec.move == "ascend":
        return _plan_ascend(s, plan, mover, here, spec)
    return _plan_strike(s, plan, mover, here, direction)


def _plan_ascend(s: LaufRaufState, plan: Plan, mover: Figure, here: Loc,
                 spec: MoveSpec) -> Plan:
    assert s.dice is not None
    player, _ = mover
    level, at = here
    ring = s.board.ring(level)
    if s.berggeist == mover:
        raise Refusal("carrier_cannot_ascend", figure=mover[1])
    if at not in ring.runup[player]:
        raise Refusal("not_on_a_runup_field", figure=mover[1], field=at)
    if level == "middle" and s.in_base(player):
        raise Refusal("base_camp_not_empty", player=player, left=s.in_base(player))
    a, b = s.dice
    if spec.card == "aufstieg":
        if a == b:
            raise Refusal("aufstieg_needs_different_dice", dice=[a, b])
        count = max(a, b)
    else:
        count = a + b
    needed = (ring.ascent[player] - at) % ring.length + 1
    if count != needed:
        raise Refusal("ascent_count_wrong", needed=needed, count=count)
    _check_carrier(s, mover, level, _between(ring.length, at, +1, needed))
    if level == "lower":
        upper = s.board.ring("middle").ascent[player]
        _land(s, plan, mover, ("middle", upper), +1)
    else:
        plan.relocations.append((mover, SUMMIT))
    return plan


def _plan_strike(s: LaufRaufState, plan: Plan, mover: Figure, here: Loc,
                 direction: int) -> Plan:
    if s.throws != 1 or s.first_throw is None:
        raise Refusal("strike_only_on_first_throw", throws=s.throws)
    a, b = s.first_throw
    if a == b:
        raise Refusal("strike_needs_different_dice", dice=[a, b])
    level, at = here
    ring = s.board.ring(level)
    small = min(a, b)
    target_field = _step(ring.length, at, direction, small)
    victim = s.occupant((level, target_field), ignore=mover)
    if victim is None:
        raise Refusal("nothing_to_strike", field=target_field, count=small)
    if target_field in ring.ascent_fields():
        raise Refusal("target_on_ascent_field", field=target_field)
    _check_carrier(s, mover, level, _between(ring.length, at, direction, small))
    plan.relocations += [(victim, BASE), (mover, (level, target_field))]
    plan.struck = victim
    plan.berggeist_home = s.berggeist == victim
    return plan


def carry_out(s: LaufRaufState, plan: Plan) -> None:
    for (player, i), loc in plan.relocations:
        s.figures[player][i] = loc
    if plan.berggeist_home:
        s.berggeist = None
