"""Every core starts `apply` with the same checks, in the same order (one prologue):
not an object, an unknown type, a game that is over, a player not on turn."""

from __future__ import annotations

import pytest

from companion.rules import Refusal, get_core
from companion.rules.randomplay import random_game

SETUPS = {"howruck": ["A", "B"], "laufrauf": ["red", "blue"], "tauziehen": ["P1", "P2"],
          "stramash": ["Ann", "Bob"]}


def refusal(core, state, action) -> Refusal:
    with pytest.raises(Refusal) as info:
        core.apply(state, action)
    return info.value


@pytest.mark.parametrize("game", sorted(SETUPS))
def test_the_same_shape_errors_in_every_game(game):
    core = get_core(game)
    state = core.new_game(SETUPS[game], {}, 1)
    assert refusal(core, state, ["play"]).code == "action_not_object"
    unknown = refusal(core, state, {"type": "fly"})
    assert unknown.code == "unknown_action_type"
    assert unknown.params["allowed"] == sorted(unknown.params["allowed"])
    assert refusal(core, state, {"type": ["play"]}).code == "unknown_action_type"
    while not any("player" in a for a in core.legal_actions(state)):  # How Ruck!: the race
        state = core.apply(state, core.legal_actions(state)[0]).state
    turn_action = next(a for a in core.legal_actions(state) if "player" in a)
    other = next(p for p in SETUPS[game] if p != turn_action["player"])
    assert refusal(core, state, dict(turn_action, player=other)).code in (
        "not_your_turn", "wrong_phase")
    _, over = random_game(core, 3, SETUPS[game])
    assert core.is_over(over)
    done = refusal(core, over, turn_action)
    assert done.code == "game_over" and done.params["winner"] == core.winner(over)
