"""What a button press means as a game action, outside the How Ruck! race.

Lauf Rauf! with virtual dice: the player on turn throws with their own button or with OK
(a re-throw of both dice; keeping one die is chosen on the phone). In table mode, a press by
anyone else while a first-throw 7 is on the table calls "Huckauf!". A press that means
nothing now is ignored — the buttons never produce a refusal. Which game it is is never
asked: the core's own legal actions say whether a throw or a call is possible (only Lauf
Rauf! has them).
"""

from __future__ import annotations

from typing import Any

from companion.rules import RuleCore


def button_action(core: RuleCore, state: Any, player: str | None) -> dict[str, Any] | None:
    """The action a press of `player`'s button (None: the OK button) enters, if any."""
    if core.is_over(state):
        return None
    turn = getattr(state, "turn", None)
    legal = core.legal_actions(state)
    if player is not None and player != turn:
        call = {"type": "huckauf", "player": player}
        return call if call in legal else None
    throw = {"type": "roll", "player": turn}
    return throw if throw in legal else None
