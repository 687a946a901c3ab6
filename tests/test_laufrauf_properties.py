"""Lauf Rauf! property tests: random legal games (virtual and real dice, both Huckauf modes,
2–4 players) keep every invariant and end; mutated and arbitrary actions are refused with a
code or accepted as the enumeration lists them; any JSON as a board is refused or accepted,
never a crash."""

from __future__ import annotations

import random

from helpers import check_arbitrary, check_mutations, check_the_same_game_again, walk
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.rules import SetupError, get_core
from companion.rules.laufrauf.cards import KINDS

CORE = get_core("laufrauf")
EXTRA_KEYS = ["card", "figure", "move", "dice", "keep", "target", "revealed",
                                     "joker_as", "backward"]
SETTINGS = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
COLOURS = ["red", "blue", "green", "yellow"]
EVERY = 10
PLAYERS = st.integers(2, 4).map(lambda n: COLOURS[:n])
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 45) | st.text(max_size=6)
    | st.sampled_from(["red", "blue", "summit", "base", "run", "joker", "lower", "middle"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=3),
    max_leaves=8)


def check_invariants(state) -> None:
    v = CORE.view(state)
    board = v["board"]
    seen = set()
    for locs in v["figures"].values():
        assert len(locs) == 3
        for loc in locs:
            if isinstance(loc, dict):
                assert 0 <= loc["field"] < board[loc["level"]]["length"]
                key = (loc["level"], loc["field"])
                assert key not in seen, f"two figures on {key}"
                seen.add(key)
            else:
                assert loc in ("base", "summit")
    held = [k for kinds in v["cards"].values() for k in kinds]
    for kinds in v["cards"].values():
        assert len(set(kinds)) == len(kinds)  # at most one of a kind
    assert v["supply"] + len(v["discard"]) + len(held) == 20  # cards are conserved
    assert sorted(state.supply + state.discard + held) == sorted(k for k in KINDS for _ in "1234")
    if v["berggeist"] != "summit":
        carrier = v["berggeist"]
        assert v["figures"][carrier["player"]][carrier["figure"]]["level"] == "middle"
    assert 0 <= v["throws"] <= v["throws_allowed"]
    assert (v["winner"] is None) == (v["turn"] is not None)


def choose(legal: list[dict], chooser: random.Random, real_dice: bool) -> dict:
    """A random legal action, leaning to moves so games end; rolls sometimes as real dice."""
    moves = [a for a in legal if a["type"] in ("move", "berggeist", "take_cards")]
    action = dict(chooser.choice(moves if moves and chooser.random() < 0.7 else legal))
    if action["type"] == "roll" and real_dice:
        action["dice"] = [chooser.randint(1, 6), chooser.randint(1, 6)]
        action.pop("keep", None)
    return action


def play(seed: int, players: list[str], options: dict, steps: int, real_dice: bool):
    chooser = random.Random(seed)
    state = CORE.new_game(players, options, seed)
    for step in range(steps):
        legal = CORE.legal_actions(state)
        if not legal:
            break
        if step % EVERY == 0:  # every listed action is accepted, not only the one chosen
            for listed in legal:
                assert CORE.apply(state, listed).action == listed
        action = choose(legal, chooser, real_dice)
        outcome = CORE.apply(state, action)
        if "dice" not in action:
            assert outcome.action == action  # legal actions are already canonical
        state = outcome.state
        check_invariants(state)
    return state


@SETTINGS
@given(seed=st.integers(0, 2**32), players=PLAYERS, real_dice=st.booleans(),
       mode=st.sampled_from(["auto", "table"]))
def test_random_legal_games_keep_every_invariant(seed, players, real_dice, mode):
    state = play(seed, players, {"huckauf": mode}, 400, real_dice)
    assert CORE.is_over(state) or CORE.legal_actions(state)  # ended, or something to do


def test_random_games_end_with_all_three_figures_of_the_winner_on_the_summit():
    for seed, players in [(1, COLOURS[:2]), (2, COLOURS[:3]), (3, COLOURS)]:
        state = play(seed, players, {}, 20_000, real_dice=seed == 2)
        assert CORE.is_over(state)
        winner = CORE.winner(state)
        assert CORE.view(state)["figures"][winner] == ["summit"] * 3



@SETTINGS
@given(seed=st.integers(0, 2**32), junk=json_values, steps=st.integers(0, 120),
       players=PLAYERS)
def test_mutated_actions_are_accepted_only_when_legal(seed, junk, steps, players):
    chooser = random.Random(seed)
    state = CORE.new_game(players, {"huckauf": "table" if seed % 2 else "auto"}, seed)
    state, legal = walk(CORE, state, steps, lambda legal: choose(legal, chooser, False))
    if not legal:
        return
    check_mutations(CORE, state, legal, chooser, junk, EXTRA_KEYS, check_invariants,
                    free_form=("roll", "take_cards"))  # these may carry the table's dice

@SETTINGS
@given(action=json_values, pick=st.integers(0, 10**6), steps=st.integers(0, 30))
def test_arbitrary_json_is_refused_with_a_code_or_accepted(action, pick, steps):
    chooser = random.Random(pick)
    state = CORE.new_game(["red", "blue"], {}, 1)
    state, legal = walk(CORE, state, steps, lambda legal: choose(legal, chooser, False))
    if legal and pick % 3 == 0:  # a third of the time a legal action, to see it accepted
        action = chooser.choice(legal)
    check_arbitrary(CORE, state, action, free_form=("roll", "take_cards"))


@SETTINGS
@given(board=json_values | st.fixed_dictionaries(
    {"name": st.text(max_size=5), "colors": st.lists(st.sampled_from(COLOURS), max_size=4),
     "lower": json_values, "middle": json_values}))
def test_any_json_as_a_board_is_a_clear_refusal(board):
    try:
        CORE.new_game(["red", "blue"], {"board": board}, 1)
    except SetupError as error:
        assert error.code in ("bad_board", "bad_players", "bad_player_count")


def test_the_same_header_and_actions_give_the_same_game():
    chooser = random.Random(4)
    check_the_same_game_again(CORE, ["red", "blue"], 8, 600,
                              lambda legal: choose(legal, chooser, False))
