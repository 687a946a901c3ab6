"""Lauf Rauf! cards: the supply of 20, taking cards on a double, and using them.

The supply is a list (top = last). With the virtual supply the companion turns up the top
card; when the table turns up real cards it enters them (``revealed``) and the companion takes
the first card of that kind out of the supply it tracks, so both ways conserve the 20 cards
(supply + discard pile + cards held).
"""

from __future__ import annotations

from typing import Any

from companion.rules.base import Event, Refusal
from companion.rules.laufrauf.state import LaufRaufState
from companion.rules.rng import shuffled

KINDS = ("blitzstart", "ruecklauf", "aufstieg", "rueckschlag", "joker")
USABLE = KINDS[:-1]  # what a Joker may stand for
COPIES = 4
# The card a move needs: (move, backward) -> kind.
CARD_FOR = {("start", False): "blitzstart", ("run", True): "ruecklauf",
            ("ascend", False): "aufstieg", ("strike", True): "rueckschlag"}


def full_supply() -> list[str]:
    return [kind for kind in KINDS for _ in range(COPIES)]


def sort_kinds(kinds: list[str]) -> list[str]:
    return sorted(kinds, key=KINDS.index)


def _refill(s: LaufRaufState) -> bool:
    """An empty supply is replaced by the shuffled discard pile; False if both are empty."""
    if not s.supply:
        if not s.discard:
            return False
        s.supply, s.rng = shuffled(s.rng, s.discard)
        s.discard = []
    return True


def take_cards(s: LaufRaufState, player: str, revealed: list[str] | None) -> Event:
    """Turn up cards: a new kind is kept, a duplicate goes to the discard pile and ends it;
    on a double six the player goes on until a duplicate (or the cards run out)."""
    assert s.dice is not None
    keep_going = s.dice == (6, 6)
    kept: list[str] = []
    discarded: list[str] = []
    queue = list(revealed) if revealed is not None else None
    while True:
        if not _refill(s):
            if not kept and not discarded:
                raise Refusal("no_cards_left")
            break
        if queue is not None:
            if not queue:
                raise Refusal("bad_reveal", reason="too_few", turned=len(kept) + len(discarded))
            kind = queue.pop(0)
            if kind not in s.supply:
                raise Refusal("card_not_in_supply", card=kind, left=sort_kinds(s.supply))
            s.supply.remove(kind)
        else:
            kind = s.supply.pop()
        owned = s.cards[player]
        if kind in owned:
            s.discard.append(kind)
            discarded.append(kind)
            break
        owned.append(kind)
        kept.append(kind)
        if not keep_going:
            break
    if queue:
        raise Refusal("bad_reveal", reason="too_many", turned=len(kept) + len(discarded))
    s.cards[player] = sort_kinds(s.cards[player])
    return {"type": "cards_taken", "player": player, "kept": kept, "discarded": discarded}


def spend(s: LaufRaufState, player: str, kind: str) -> None:
    """Lay one of the player's cards on the discard pile."""
    if kind not in s.cards[player]:
        raise Refusal("card_not_owned", player=player, card=kind)
    s.cards[player].remove(kind)
    s.discard.append(kind)


def read_revealed(value: Any) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(k, str) for k in value):
        raise Refusal("wrong_type", key="revealed", expected="list of card kinds")
    for kind in value:
        if kind not in KINDS:
            raise Refusal("bad_value", key="revealed", value=kind[:40], allowed=list(KINDS))
    if len(value) > len(KINDS) + 1:
        raise Refusal("bad_reveal", reason="too_many", turned=len(value))
    return list(value)
