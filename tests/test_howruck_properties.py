"""Property tests: random legal games keep every invariant; random and mutated actions are
accepted or refused with a code, and an accepted action is always one the enumeration lists."""

from __future__ import annotations

import random

from helpers import check_arbitrary, check_mutations, check_the_same_game_again, walk
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.rules import get_core
from companion.rules.howruck.cards import all_cards
from companion.rules.howruck.state import TEAM_SIZE

CORE = get_core("howruck")
EXTRA_KEYS = ["card", "side", "field", "take", "forgo", "value"]
SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 30) | st.floats(allow_nan=False)
    | st.text(max_size=8) | st.sampled_from(["A", "B", "red", "white", "play", "action"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=3),
    max_leaves=8)
# A box composition of the 45 Scot cards (each of the 36 kinds once, 9 more copies), so a
# random game with it can always go on; and the race options.
BOX = [{"card": c.as_json(), "count": 2 if i < 9 else 1} for i, c in enumerate(all_cards())]
OPTIONS = st.fixed_dictionaries({}, optional={
    "ladder": st.sampled_from([6, 8, 12, 20]),
    "own_side_only": st.booleans(),
    "composition": st.just(BOX),
    "tie_window_ms": st.sampled_from([0, 10, 1000]),
    "false_start": st.sampled_from(["ignore", "forfeit"]),
})


def check_invariants(state) -> None:
    v = CORE.view(state)
    if v["phase"] == "tug":
        assert 1 <= v["barrel"] <= v["ladder"]
        assert v["turn"] in v["players"] and v["hands"][v["turn"]] > 0
    for p in v["players"]:
        assert state.hands[p] >= 0 and state.piles[p] >= 0
        assert state.hands[p] + state.piles[p] + state.spent[p] == TEAM_SIZE
    on_board = sum(len(stack) for side in v["fields"].values() for stack in side.values())
    assert on_board == state.placed - state.cleared
    assert sum(v["barrels"].values()) <= 5 and max(v["barrels"].values()) <= 3
    assert len(set(v["actions_played"])) == len(v["actions_played"])


def board_size(state) -> int:
    return sum(len(s) for side in state.fields.values() for s in side.values())


def places_a_card(action: dict) -> bool:
    return action["type"] == "play" or "side" in action.get("take", {})


@SETTINGS
@given(seed=st.integers(0, 2**32), options=OPTIONS)
def test_random_legal_games_keep_the_invariants_and_end(seed, options):
    chooser = random.Random(seed)
    state = CORE.new_game(["A", "B"], options, seed)
    for _ in range(2000):
        legal = CORE.legal_actions(state)
        if not legal:
            break
        action = chooser.choice(legal)
        outcome = CORE.apply(state, action)
        assert outcome.action == action  # legal actions are already canonical
        same_round = outcome.state.round == state.round
        if same_round and not places_a_card(action):
            assert board_size(outcome.state) <= board_size(state)  # stacks grow only by plays
        if same_round and places_a_card(action):
            assert board_size(outcome.state) == board_size(state) + 1
        state = outcome.state
        check_invariants(state)
    assert CORE.is_over(state)
    assert CORE.view(state)["winner"] in ("A", "B")



@SETTINGS
@given(seed=st.integers(0, 2**32), junk=json_values, steps=st.integers(0, 60), options=OPTIONS)
def test_mutated_actions_are_accepted_only_when_legal(seed, junk, steps, options):
    chooser = random.Random(seed)
    state = CORE.new_game(["A", "B"], options, seed)
    state, legal = walk(CORE, state, steps, chooser.choice)
    if not legal:
        return
    check_mutations(CORE, state, legal, chooser, junk, EXTRA_KEYS, check_invariants)

@SETTINGS
@given(action=json_values, pick=st.integers(0, 10**6), steps=st.integers(0, 30))
def test_arbitrary_json_is_refused_with_a_code_or_accepted(action, pick, steps):
    chooser = random.Random(pick)
    state = CORE.apply(CORE.new_game(["A", "B"], {}, 1), {"type": "race", "winner": "A"}).state
    state, legal = walk(CORE, state, steps, chooser.choice)
    if legal and pick % 3 == 0:  # a third of the time a legal action, to see it accepted
        action = chooser.choice(legal)
    check_arbitrary(CORE, state, action)


EVERY_OPTIONS = [{}, {"own_side_only": True}, {"composition": BOX},
                 {"composition": BOX, "own_side_only": True, "ladder": 6}, {"ladder": 20}]


def test_every_legal_action_in_many_states_is_accepted():
    """From states of seeded random games under each option, through several rounds."""
    chooser = random.Random(5)
    for seed, options in enumerate(EVERY_OPTIONS * 2):
        state = CORE.new_game(["A", "B"], options, seed)
        for _ in range(120):
            legal = CORE.legal_actions(state)
            if not legal:
                break
            for action in chooser.sample(legal, min(25, len(legal))):
                assert CORE.apply(state, action).action == action
            state = CORE.apply(state, chooser.choice(legal)).state


def test_the_same_header_and_actions_give_the_same_game():
    chooser = random.Random(9)
    state = check_the_same_game_again(CORE, ["A", "B"], 3, 100_000, chooser.choice)
    assert CORE.is_over(state)  # a whole game
