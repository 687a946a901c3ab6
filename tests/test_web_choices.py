"""The compact `/legal` answer: expanding it gives exactly the core's legal actions, and it
stays within 16 KB, in random reachable states of every game."""

from __future__ import annotations

import json
import random

import pytest
from helpers import Table, play_filler, win_round_for_a

from companion.rules import get_core
from companion.rules.howruck.legal import ALL_CARDS
from companion.rules.randomplay import DEFAULT_PLAYERS
from companion.web.choices import compact, expand, legal_answer

LIMIT = 16 * 1024
# A box with one copy of each card: cards run out during a round, so the choice sets are
# built from fewer cards than the whole deck (some no longer every strength × imprint).
ONE_OF_EACH = {"composition": [{"card": c.as_json(), "count": 1} for c in ALL_CARDS]}
OPTIONS = {"howruck": [{}, {"own_side_only": True}, ONE_OF_EACH], "laufrauf": [{}],
           "tauziehen": [{}], "stramash": [{}, {"pairs": True}]}


def canon(actions):
    return sorted(json.dumps(a, sort_keys=True) for a in actions)


def states(game: str, options: dict, seed: int, steps: int):
    core = get_core(game)
    players = DEFAULT_PLAYERS[game] if not options.get("pairs") else ["A", "B", "C", "D"]
    state = core.new_game(players, options, seed)
    chooser = random.Random(seed)
    for _ in range(steps):
        legal = core.legal_actions(state)
        if not legal:
            return
        yield core, state, legal
        state = core.apply(state, chooser.choice(legal)).state


@pytest.mark.parametrize("game", sorted(OPTIONS))
@pytest.mark.parametrize("seed", range(3))
def test_expanding_the_compact_answer_gives_exactly_the_legal_actions(game, seed):
    for options in OPTIONS[game]:
        for core, state, legal in states(game, options, seed, 60):
            answer = legal_answer(core, state, None, {})
            assert canon(expand(answer)) == canon(legal)
            assert answer["count"] == len(legal)
            if game == "stramash":  # one action per distinct result, each a legal one
                expanded = expand(answer)
                chosen = [expanded[r["i"]] for r in answer["results"]]
                results = [json.dumps([a["card"], r["moves"]])
                           for a, r in zip(chosen, answer["results"], strict=True)]
                assert len(results) == len(set(results))
                plays = {a["card"] for a in legal if a["type"] == "play"}
                assert plays == {a["card"] for a in chosen if a["type"] == "play"}
                for a, r in zip(chosen, answer["results"], strict=True):
                    after = core.view(core.apply(state, a).state)["laddies"]
                    assert all(after[p][i] == to for p, i, _, to in r["moves"])
            assert len(json.dumps(answer, ensure_ascii=False).encode()) <= LIMIT
            if core.name == "howruck":  # the generic factoring too, for a core's own list
                assert canon(expand(compact(legal))) == canon(legal)
            if core.name == "howruck" and state.turn:
                for player in state.players:
                    mine = core.legal_actions(state, player)
                    answer = legal_answer(core, state, player, {})
                    assert canon(expand(answer)) == canon(mine)
                    assert answer["count"] == len(mine)


@pytest.mark.parametrize("options", OPTIONS["howruck"])
def test_how_rucks_own_choice_sets_are_its_legal_actions_in_every_phase(options):
    """Long random games reach every phase, Fieser Trick taking each kind of card included;
    the core's choice sets must stand for exactly its list."""
    core = get_core("howruck")
    seen: set[str] = set()
    for seed in range(12):
        for _, state, legal in states("howruck", options, 100 + seed, 400):
            answer = legal_answer(core, state, None, {})
            assert canon(expand(answer)) == canon(legal)
            assert answer["count"] == len(legal)
            seen.add(state.phase)
            seen |= {f"take {a['take'].get('action', 'card')}" for a in legal
                     if a.get("card") == "fieser_trick" and "take" in a}
    assert {"teams", "tiebreak", "tug", "take card", "take seitenwechsel",
            "take und_tschuess"} <= seen


def test_how_rucks_choice_sets_are_its_legal_actions_for_each_seat_and_at_the_end():
    """What the random games above do not ask: a seat whose turn it is not, Fieser Trick
    while the opponent's hand is empty (only forgone), and a finished game (nothing)."""
    core = get_core("howruck")
    t = Table("howruck", ["A", "B"])
    t.start("A")
    play_filler(t, 28)
    play_filler(t, 11)  # A: 0 cards, B: 1, B to play
    for player in (None, "A", "B"):
        answer = legal_answer(core, t.state, player, {})
        assert canon(expand(answer)) == canon(core.legal_actions(t.state, player))
    over = Table("howruck", ["A", "B"])
    for _ in range(3):
        win_round_for_a(over)
    assert expand(legal_answer(core, over.state, None, {})) == []


def test_how_rucks_choice_sets_share_nothing_with_the_next_call():
    """The cards' analysis is made once for the whole deck; what a caller does with the sets
    it was given (a page's answer, a drawn move) must not change the next turn's."""
    core = get_core("howruck")
    state = core.new_game(["A", "B"], {}, 3)
    tug = core.apply(state, {"type": "race", "winner": "A"}).state
    before = json.dumps(core.legal_choices(tug), sort_keys=True)

    def scribble(node):
        if isinstance(node, dict):
            for value in node.values():
                scribble(value)
            node["scribbled"] = True
        elif isinstance(node, list):
            for value in node:
                scribble(value)
            node.append("scribbled")
    scribble(core.legal_choices(tug))
    assert json.dumps(core.legal_choices(tug), sort_keys=True) == before


def test_a_drawn_action_shares_nothing_with_the_sets_it_came_from():
    """random_game draws from one turn's sets again and again (and a bench draws from the
    same sets many times): filling in one action must leave the sets as they were."""
    from companion.rules.choices import draw

    core = get_core("howruck")
    tug = core.apply(core.new_game(["A", "B"], {}, 3), {"type": "race", "winner": "A"}).state
    groups = core.legal_choices(tug)
    before = json.dumps(groups, sort_keys=True)
    chooser = random.Random(1)
    for _ in range(300):
        action = draw(groups, chooser)
        for value in action.values():
            if isinstance(value, dict):
                value["scribbled"] = True
    assert json.dumps(groups, sort_keys=True) == before


def test_the_tiebreak_and_fieser_trick_are_small():
    core = get_core("howruck")
    state = core.new_game(["A", "B"], {}, 1)
    state = core.apply(state, {"type": "race", "tie": True}).state
    legal = core.legal_actions(state)
    assert len(legal) > 2000
    for answer in compact(legal), legal_answer(core, state, None, {}):
        assert canon(expand(answer)) == canon(legal)
        assert len(json.dumps(answer).encode()) < 10_000  # the full list: ~343 KB


def test_a_random_game_draws_every_legal_action_equally_from_the_choice_sets():
    """random_game draws How Ruck!'s actions from its choice sets: each one drawn is legal,
    and over many draws each legal action comes up about equally often (chi-square, seeded)."""
    import collections

    from companion.rules.choices import draw

    core = get_core("howruck")
    state = core.new_game(["A", "B"], {}, 1)
    tie = core.apply(state, {"type": "race", "tie": True}).state
    tug = core.apply(state, {"type": "race", "winner": "A"}).state
    chooser = random.Random(5)
    for s, n in ((tug, 20_000), (tie, 30_000)):
        legal = {json.dumps(a, sort_keys=True) for a in core.legal_actions(s)}
        groups = core.legal_choices(s)
        seen = collections.Counter(json.dumps(draw(groups, chooser), sort_keys=True)
                                   for _ in range(n))
        assert set(seen) <= legal  # never an illegal action (the tie-break: never one card twice)
        assert len(seen) > 0.95 * len(legal) if s is tie else set(seen) == legal
        expected = n / len(legal)
        chi2 = sum((seen.get(a, 0) - expected) ** 2 / expected for a in legal)
        assert chi2 < 1.3 * len(legal), chi2  # uniform: chi-square near its degrees of freedom
