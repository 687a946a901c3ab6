"""How Ruck!'s legal-action enumeration hands out new objects on every call (its card JSON
forms are templates built once): a caller that edits a returned action changes nothing else."""

from __future__ import annotations

import copy

from companion.rules import get_core

CORE = get_core("howruck")


def tiebreak_state():
    state = CORE.new_game(["A", "B"], {}, 1)
    return CORE.apply(state, {"type": "race", "tie": True}).state


def test_editing_returned_actions_leaves_the_next_enumeration_alone():
    state = tiebreak_state()
    first = CORE.legal_actions(state)
    assert first[0]["type"] == "tiebreak" and len(first) > 1000
    before = copy.deepcopy(CORE.legal_actions(state))
    for action in first:
        for draw in action["draws"].values():
            draw["strength"] = -1
    assert CORE.legal_actions(state) == before

    tug = CORE.apply(CORE.new_game(["A", "B"], {}, 1),
                     {"type": "quick_start", "barrel": "A", "starter": "B"}).state
    plays = CORE.legal_actions(tug)
    expected = copy.deepcopy(CORE.legal_actions(tug))
    assert any(a.get("card") == "fieser_trick" and "take" in a for a in plays)
    for action in plays:
        spoil(action)
    assert CORE.legal_actions(tug) == expected


def spoil(value) -> None:
    """Edit every card's colour inside an action, however deep."""
    if isinstance(value, dict):
        if "color" in value:
            value["color"] = "nope"
        for inner in value.values():
            spoil(inner)
