"""Lauf Rauf!: malformed or untimely actions get the refusal that names what is wrong, on the
real core (games played through their actions with entered dice and turned-up cards): a key
an action does not know, a Berggeist target that is no figure, a figure number out of range,
a card and a direction that do not go together, a card not held, and anything but a throw
before the dice are on the table or while the Berggeist must be moved."""

from __future__ import annotations

import pytest
from mountain import Mountain, blitzstarts

TURN_ACTIONS = {  # each well formed in itself
    "berggeist": {"target": "summit"},
    "sacrifice": {"card": "joker"},
    "move": {"move": "start", "figure": 0},
    "take_cards": {},
    "pass": {},
}


@pytest.mark.parametrize("kind", TURN_ACTIONS)
def test_a_key_the_action_does_not_know_is_refused(kind):
    t = Mountain()
    t.roll(5, 5)
    info = t.refuse("unknown_key", type=kind, player="red", **TURN_ACTIONS[kind], zz=1)
    assert info.params == {"key": "zz", "where": "action"}


@pytest.mark.parametrize("target, code, params", [
    (5, "wrong_type", {"key": "target", "expected": "\"summit\" or a figure"}),
    ("blue", "wrong_type", {"key": "target", "expected": "\"summit\" or a figure"}),
    ({"player": "blue", "figure": 0, "zz": 1}, "unknown_key", {"key": "zz", "where": "target"}),
    ({"player": "blue", "figure": 3}, "bad_value", {"key": "figure", "value": 3, "min": 0,
                                                    "max": 2}),
    ({"player": "blue", "figure": -1}, "bad_value", {"key": "figure", "value": -1, "min": 0,
                                                     "max": 2}),
])
def test_the_berggeist_goes_onto_a_figure_named_by_player_and_number(target, code, params):
    t = blitzstarts(Mountain())
    t.roll(3, 4)
    info = t.refuse(code, type="berggeist", player="red", target=target)
    assert info.params == params
    assert t.view["berggeist"] == "summit"


@pytest.mark.parametrize("figure", [-1, 3])
def test_a_move_names_figure_0_1_or_2_whatever_else_is_wrong(figure):
    t = Mountain()
    info = t.refuse("bad_value", type="move", player="red", move="start", figure=figure)
    assert info.params == {"key": "figure", "value": figure, "min": 0, "max": 2}


@pytest.mark.parametrize("kind, action", [
    ("sacrifice", {"card": "joker"}),
    ("move", {"move": "start", "figure": 0}),
    ("take_cards", {}),
])
def test_only_a_throw_comes_before_the_dice_and_the_berggeist(kind, action):
    """Before the first throw the refusal says to throw; while the Berggeist must be moved
    it says the Berggeist comes first — not what the action would lack besides."""
    t = Mountain()
    t.refuse("roll_first", type=kind, player="red", **action)
    blitzstarts(t)
    t.roll(3, 4)
    t.refuse("berggeist_first", type=kind, player="red", **action)


def _red_runner_with_a_ruecklauf() -> Mountain:
    """Red: a figure on lower 0 and a Rücklauf card; red to throw."""
    t = Mountain()
    t.roll(5, 5)
    t.do(type="take_cards", player="red", revealed=["ruecklauf"])
    t.roll(1, 1)
    t.do(type="pass", player="blue")
    t.roll(5, 5)
    t.move("start", 0)
    t.roll(1, 1)
    t.do(type="pass", player="blue")
    return t


def test_the_direction_entered_must_fit_the_card():
    t = _red_runner_with_a_ruecklauf()
    t.roll(1, 2)
    info = t.refuse_move("card_does_not_fit", "run", 0, card="ruecklauf", backward=False)
    assert info.params == {"card": "ruecklauf", "move": "run"}
    info = t.refuse_move("card_does_not_fit", "run", 0, card="joker", joker_as="ruecklauf",
                         backward=False)
    assert info.params == {"card": "ruecklauf", "move": "run"}
    assert t.view["cards"]["red"] == ["ruecklauf"]
    t.move("run", 0, card="ruecklauf", backward=True)
    assert t.at("red", 0) == {"level": "lower", "field": 37}


@pytest.mark.parametrize("move, figure", [("start", 1), ("ascend", 0)])
def test_only_a_run_or_a_strike_goes_backward(move, figure):
    t = _red_runner_with_a_ruecklauf()
    t.roll(5, 6)
    info = t.refuse_move("card_does_not_fit", move, figure, backward=True)
    assert info.params == {"card": "-", "move": move}


@pytest.mark.parametrize("move, card", [("run", "ruecklauf"), ("strike", "rueckschlag")])
def test_a_backward_run_or_strike_without_a_card_names_the_card_needed(move, card):
    t = _red_runner_with_a_ruecklauf()
    t.roll(1, 2)
    info = t.refuse_move("card_needed", move, 0, backward=True)
    assert info.params == {"card": card}


def test_a_card_not_held_is_refused_as_such_whatever_else_the_move_lacks():
    t = Mountain()
    t.roll(1, 2)  # a start would need ten
    info = t.refuse_move("card_not_owned", "start", 0, card="blitzstart")
    assert info.params == {"player": "red", "card": "blitzstart"}


def test_the_second_ascent_refused_says_how_many_figures_are_still_in_base_camp():
    t = blitzstarts(Mountain())  # red on middle 0, two figures in base camp
    for dice in ((6, 6), (5, 5)):
        t.roll(*dice)
        t.move("run", 0)  # to middle 12, then to 22, on red's run-up
        t.roll(1, 1)
        t.do(type="pass", player="blue")
    t.roll(1, 1)
    t.roll(3, 4)  # a second throw of 7: 23 ... 27, 0, one beyond
    info = t.refuse_move("base_camp_not_empty", "ascend", 0)
    assert info.params == {"player": "red", "left": 2}
