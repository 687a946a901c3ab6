"""Tauziehen and Stramash property tests: random legal games keep every invariant and end;
mutated and arbitrary actions are refused with a code or accepted exactly as listed."""

from __future__ import annotations

import random

import pytest
from helpers import check_arbitrary, check_mutations, walk
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.rules import get_core
from companion.rules.randomplay import random_game
from companion.rules.tauziehen import DECK

EXTRA_KEYS = ["card", "laddie", "marker", "split", "target", "enter"]
SETTINGS = settings(max_examples=25, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
SMALL_BOARD = {"name": "Small", "squares_per_mashie": 8, "castle_holes": 5,
               "two_player_mashies": 2, "two_player_seats": [0, 1]}
SETUPS = {  # every player count the rules allow, alone and in pairs, and a board of its own
    "tauziehen": [(["P1", "P2"], {})],
    "stramash": [(["A", "B"], {}), (["A", "B", "C"], {}), (["A", "B", "C", "D"], {"pairs": True}),
                 (["A", "B", "C", "D", "E", "F"], {"pairs": True}), (list("ABCD"), {}),
                 (list("ABCDE"), {}), (list("ABCDEF"), {}),
                 (["A", "B"], {"board": SMALL_BOARD}),
                 (list("ABCD"), {"pairs": True, "board": SMALL_BOARD})],
}
EVERY = 10  # every so many steps, every listed action is applied, not only the one chosen
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 40) | st.text(max_size=6)
    | st.sampled_from(["A", "7", "8", "joker", "P1", "B", "play", "discard", "block"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=3),
    max_leaves=8)


def check_tauziehen(v: dict) -> None:
    assert all(-2 <= pos <= 2 for pos in v["rope"].values())
    for p in v["players"]:
        assert len(set(v["played"][p])) == len(v["played"][p]) and set(v["played"][p]) <= set(DECK)
        assert v["markers"][p] in (None, 1, 2, 4, 8, 16)
    assert max(v["points"].values()) <= 4


def check_stramash(v: dict) -> None:
    squares = [loc["track"] for locs in v["laddies"].values() for loc in locs
               if isinstance(loc, dict) and "track" in loc]
    assert len(squares) == len(set(squares)), "two laddies on one square"
    assert all(0 <= sq < v["track_length"] for sq in squares)
    for locs in v["laddies"].values():
        assert len(locs) == 5
        holes = [loc["castle"] for loc in locs if isinstance(loc, dict) and "castle" in loc]
        assert len(holes) == len(set(holes)) and all(1 <= h <= v["castle_holes"] for h in holes)


CHECKS = {"tauziehen": check_tauziehen, "stramash": check_stramash}


@pytest.mark.parametrize("game", sorted(SETUPS))
def test_random_legal_games_keep_the_invariants(game):
    core = get_core(game)
    for seed, (players, options) in enumerate(SETUPS[game] * 2):
        chooser = random.Random(seed)
        state = core.new_game(players, options, seed)
        for step in range(150):
            legal = core.legal_actions(state)
            if not legal:
                break
            if step % EVERY == 0:
                for action in legal:
                    assert core.apply(state, action).action == action
            plays = [a for a in legal if a["type"] != "discard"]
            action = chooser.choice(plays if plays and chooser.random() < 0.9 else legal)
            outcome = core.apply(state, action)
            assert outcome.action == action  # legal actions are already canonical
            state = outcome.state
            CHECKS[game](core.view(state))


@pytest.mark.parametrize("game, players, options", [
    ("tauziehen", ["P1", "P2"], {}), ("stramash", ["A", "B"], {}),
    ("stramash", ["A", "B", "C", "D"], {"pairs": True}), ("stramash", list("ABCDE"), {}),
    ("stramash", list("ABCDEF"), {"pairs": True, "board": SMALL_BOARD})])
def test_random_games_end_with_a_winner(game, players, options):
    core = get_core(game)
    _log, state = random_game(core, 3, players, options, max_actions=20_000)
    assert core.is_over(state) and core.winner(state) is not None
    view = core.view(state)
    if game == "stramash":
        winners = view["winner"] if isinstance(view["winner"], list) else [view["winner"]]
        assert all(all("castle" in loc for loc in view["laddies"][w]) for w in winners)


@SETTINGS
@given(seed=st.integers(0, 2**32), junk=json_values, steps=st.integers(0, 40),
       game=st.sampled_from(sorted(SETUPS)))
def test_mutated_actions_are_accepted_only_when_legal(seed, junk, steps, game):
    core = get_core(game)
    chooser = random.Random(seed)
    players, options = SETUPS[game][seed % len(SETUPS[game])]
    state = core.new_game(players, options, seed)
    state, legal = walk(core, state, steps, chooser.choice)
    if not legal:
        return
    check_mutations(core, state, legal, chooser, junk, EXTRA_KEYS,
                    lambda reached: CHECKS[game](core.view(reached)), tries=8)

@SETTINGS
@given(action=json_values, game=st.sampled_from(sorted(SETUPS)), pick=st.integers(0, 10**6),
       steps=st.integers(0, 20))
def test_arbitrary_json_is_refused_with_a_code_or_accepted(action, game, pick, steps):
    core = get_core(game)
    chooser = random.Random(pick)
    players, options = SETUPS[game][pick % len(SETUPS[game])]
    state, legal = walk(core, core.new_game(players, options, 1), steps, chooser.choice)
    if legal and pick % 3 == 0:  # a third of the time a legal action, to see it accepted
        action = chooser.choice(legal)
    check_arbitrary(core, state, action)
