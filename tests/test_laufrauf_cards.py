"""Lauf Rauf!: taking cards where test_laufrauf_moves.py had not looked, on the real core
(games played through their actions): cards entered at the table must be a short list of
card kinds, and a double six that keeps turning up cards until none are left keeps them."""

from __future__ import annotations

import pytest
from mountain import EVERY_KIND, Mountain, supply_used_up


@pytest.mark.parametrize("revealed, code, params", [
    ("joker", "wrong_type", {"key": "revealed", "expected": "list of card kinds"}),
    ([3], "wrong_type", {"key": "revealed", "expected": "list of card kinds"}),
    (["joker", None], "wrong_type", {"key": "revealed", "expected": "list of card kinds"}),
    (["dragon"], "bad_value", {"key": "revealed", "value": "dragon", "allowed": EVERY_KIND}),
    (["joker", "x" * 50], "bad_value", {"key": "revealed", "value": "x" * 40,
                                        "allowed": EVERY_KIND}),
    (["joker"] * 7, "bad_reveal", {"reason": "too_many", "turned": 7}),
])
def test_cards_entered_at_the_table_are_a_short_list_of_card_kinds(revealed, code, params):
    """Six cards is the most a double six can turn up (five kinds and a duplicate)."""
    t = Mountain()
    t.roll(6, 6)
    info = t.refuse(code, type="take_cards", player="red", revealed=revealed)
    assert info.params == params


@pytest.mark.parametrize("revealed", [None, ["blitzstart"]])
def test_a_double_six_that_runs_the_cards_out_keeps_what_it_turned_up(revealed):
    """The last card, shuffled in from the discard pile, is green's only missing kind: green's
    double six keeps it and stops, there being no card left, all 20 held."""
    t = supply_used_up()
    t.roll(2, 2)
    t.do(type="take_cards", player="red")  # the pile shuffled in: a Blitzstart red owns
    t.roll(1, 1)
    t.do(type="pass", player="blue")
    t.roll(6, 6)
    entered = {} if revealed is None else {"revealed": revealed}
    t.do(type="take_cards", player="green", **entered)
    assert t.event("cards_taken") == {"type": "cards_taken", "player": "green",
                                      "kept": ["blitzstart"], "discarded": []}
    assert t.view["cards"]["green"] == EVERY_KIND
    assert (t.view["supply"], t.view["discard"], t.view["turn"]) == (0, [], "yellow")
