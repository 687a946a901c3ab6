"""Stramash moves on a working copy of the state: forward, the 8 backward, bringing a laddie
in, the Bonnie Fechter, and what happens to a laddie landed on.

Each function changes the state it is given or raises a `Refusal`; the core hands it a copy.
**DECISION** (rules file): a laddie in the castle may move further in by the exact count to
a free hole without jumping one of its own colour, with one card (never a part of a split);
landing on a partner's laddie whose castle entry square is taken (the partner itself
included) is refused. The core's own reading: the mover leaving the entry square frees it.
"""

from __future__ import annotations

from typing import Any

from companion.rules.base import Refusal
from companion.rules.stramash.state import DOCK, Laddie, StramashState


def _own_on(s: StramashState, owner: str, squares: list[int]) -> int | None:
    """The first of `squares` holding a laddie of `owner`'s colour, if any."""
    own = {loc[1] for loc in s.laddies[owner] if loc[0] == "track"}
    return next((square for square in squares if square in own), None)


def check_partner_landing(s: StramashState, mover: Laddie, square: int) -> None:
    """Landing on a partner's laddie sends it to its castle entry square, which must be free
    (the partner itself standing there included; the mover leaving it frees it)."""
    hit = s.on_square(square)
    if hit is not None and hit != mover and hit[0] == s.partner(mover[0]):
        entry = s.entry(hit[0])
        if s.on_square(entry) not in (None, mover):
            raise Refusal("partner_entry_occupied", player=hit[0], square=entry)


def land(s: StramashState, mover: Laddie, square: int) -> dict[str, Any] | None:
    """Put `mover` on a track square; whatever stood there is sent on (returned as an event)."""
    owner, i = mover
    hit = s.on_square(square)
    bumped = None
    if hit is not None and hit != mover:
        if hit[0] == owner:
            raise Refusal("own_laddie_in_the_way", square=square)
        if hit[0] == s.partner(owner):
            check_partner_landing(s, mover, square)
            s.laddies[hit[0]][hit[1]] = ("track", s.entry(hit[0]))
            bumped = {"player": hit[0], "laddie": hit[1], "to": "entry"}
        else:
            s.laddies[hit[0]][hit[1]] = DOCK
            bumped = {"player": hit[0], "laddie": hit[1], "to": "dock"}
    s.laddies[owner][i] = ("track", square)
    return bumped


def forward_target(s: StramashState, mover: Laddie, n: int) -> tuple[str, int]:
    """Where `mover` ends `n` steps forward — ``("castle", hole)`` or ``("track", square)``
    — or the `Refusal`; changes nothing (enumeration asks this many times per card)."""
    owner, i = mover
    kind, at = s.laddies[owner][i]
    holes = s.board.castle_holes
    own_holes = {loc[1] for loc in s.laddies[owner] if loc[0] == "castle"}
    if kind == "dock":
        raise Refusal("laddie_in_dock", laddie=i)
    if kind == "castle":
        target = at + n
        if target > holes or own_holes & set(range(at + 1, target + 1)):
            raise Refusal("castle_count", laddie=i, hole=at, steps=n)
        return "castle", target
    length = s.track_length
    d, last = s.relative(owner, at), length - 1
    if d + n > last:  # passes the turn-off: into the castle if the count fits exactly
        hole = d + n - last
        passed = [(s.start(owner) + r) % length for r in range(d + 1, last + 1)]
        if hole <= holes and _own_on(s, owner, passed) is None \
                and not own_holes & set(range(1, hole + 1)):
            return "castle", hole
    squares = [(at + r) % length for r in range(1, n + 1)]
    jumped = _own_on(s, owner, squares)
    if jumped is not None:  # jumped over, or landed on: both refused for one's own colour
        raise Refusal("own_laddie_in_the_way", square=jumped)
    check_partner_landing(s, mover, squares[-1])
    return "track", squares[-1]


def forward(s: StramashState, mover: Laddie, n: int) -> dict[str, Any] | None:
    kind, where = forward_target(s, mover, n)
    if kind == "castle":
        s.laddies[mover[0]][mover[1]] = ("castle", where)
        return None
    return land(s, mover, where)


def backward(s: StramashState, mover: Laddie, n: int) -> dict[str, Any] | None:
    owner, i = mover
    kind, at = s.laddies[owner][i]
    if kind != "track":
        raise Refusal("laddie_not_on_track", laddie=i)
    squares = [(at - r) % s.track_length for r in range(1, n + 1)]
    jumped = _own_on(s, owner, squares[:-1])
    if jumped is not None:
        raise Refusal("own_laddie_in_the_way", square=jumped)
    return land(s, mover, squares[-1])


def bring_in(s: StramashState, mover: Laddie) -> dict[str, Any] | None:
    owner, i = mover
    if s.laddies[owner][i] != DOCK:
        raise Refusal("laddie_not_in_dock", laddie=i)
    return land(s, mover, s.start(owner))


def fechter(s: StramashState, mover: Laddie, target: Laddie) -> dict[str, Any] | None:
    owner, i = mover
    if s.laddies[owner][i][0] == "castle":
        raise Refusal("laddie_in_castle", laddie=i)
    if target[0] in s.team(owner):
        raise Refusal("target_not_an_opponent", player=target[0])
    kind, square = s.laddies[target[0]][target[1]]
    if kind != "track":
        raise Refusal("target_not_on_track", player=target[0], laddie=target[1])
    return land(s, mover, square)
