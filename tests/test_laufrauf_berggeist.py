"""Lauf Rauf!: the Berggeist (shared/rules/laufrauf.md: its sentences and DECISION lines),
on the real core; the board and a turn: test_laufrauf_rules.py. Positions and dice as there:
figures placed in a fresh state, dice entered through the `roll` action."""

from __future__ import annotations

import pytest
from mountain import Mountain, field

from companion.rules import get_core

CORE = get_core("laufrauf")


# --- the Berggeist ------------------------------------------------------------------------
def test_a_first_throw_of_seven_puts_the_berggeist_on_any_middle_level_figure():
    t = Mountain().put("red", 0, ("middle", 3)).put("blue", 1, ("middle", 9))
    t.roll(3, 4)
    assert t.view["prompt"] == "huckauf" and t.event("huckauf")
    legal = CORE.legal_actions(t.state)
    assert {a["type"] for a in legal} == {"berggeist"}
    assert [a["target"] for a in legal] == [{"player": "red", "figure": 0},
                                            {"player": "blue", "figure": 1}]
    t.refuse("berggeist_first", type="roll", player="red")
    t.refuse("berggeist_first", type="pass", player="red")
    t.refuse("berggeist_already_home", type="berggeist", player="red", target="summit")
    t.refuse("berggeist_target_not_middle", type="berggeist", player="red",
             target={"player": "red", "figure": 1})
    t.do(type="berggeist", player="red", target={"player": "red", "figure": 0})  # own allowed
    assert t.view["berggeist"] == {"player": "red", "figure": 0}
    assert t.view["turn"] == "blue"  # having moved it, the turn ends


def test_while_the_berggeist_must_be_moved_no_run_is_demanded():
    """Red's only figure out of base camp could run the 7 thrown, which would be all it can
    do; but the Berggeist comes first: the view does not say "must run"."""
    t = Mountain()
    t.roll(5, 5)
    t.do(type="take_cards", player="red", revealed=["blitzstart"])
    t.roll(1, 1)
    t.do(type="pass", player="blue")
    t.roll(5, 5)
    t.move("start", 0, card="blitzstart")  # red on middle 0
    t.roll(1, 1)
    t.do(type="pass", player="blue")
    t.roll(3, 4)
    assert t.view["prompt"] == "huckauf" and t.view["must_run"] is False
    assert {a["type"] for a in CORE.legal_actions(t.state)} == {"berggeist"}


def test_the_berggeist_goes_only_onto_a_figure_on_the_middle_level():
    t = Mountain().put("red", 0, ("middle", 3)).put("blue", 0, ("lower", 5))
    t.roll(3, 4)
    t.refuse("berggeist_target_not_middle", type="berggeist", player="red",
             target={"player": "blue", "figure": 0})  # on the lower ring
    assert [a["target"] for a in CORE.legal_actions(t.state)] == [{"player": "red",
                                                                    "figure": 0}]


def test_while_it_sits_on_a_figure_a_seven_sends_it_home_never_to_another_figure():
    t = Mountain().put("red", 0, ("middle", 3)).put("blue", 1, ("middle", 9))
    t.state.berggeist = ("red", 0)
    t.roll(6, 1)
    t.refuse("berggeist_figure_to_figure", type="berggeist", player="red",
             target={"player": "blue", "figure": 1})
    t.do(type="berggeist", player="red", target="summit")
    assert t.view["berggeist"] == "summit"


def test_with_no_figure_on_the_middle_level_it_stays_and_the_turn_goes_on():
    t = Mountain().put("red", 0, ("lower", 5))
    t.roll(5, 2)
    assert t.view["prompt"] is None
    t.refuse("no_berggeist_move", type="berggeist", player="red", target="summit")
    t.roll(5, 2)  # a re-throw is allowed
    assert t.view["throws"] == 2


def test_only_a_first_throw_counts_for_the_berggeist():
    t = Mountain().put("red", 0, ("middle", 3))
    t.roll(1, 1)
    t.roll(3, 4)
    assert t.view["prompt"] is None and not t.view["huckauf_open"]


def test_table_mode_prompts_only_when_a_player_calls_huckauf():
    t = Mountain(huckauf="table").put("blue", 0, ("middle", 3))
    t.roll(4, 3)
    assert t.view["prompt"] is None and t.view["huckauf_open"]
    calls = [a for a in CORE.legal_actions(t.state) if a["type"] == "huckauf"]
    assert [c["player"] for c in calls] == ["red", "blue"]
    t.do(type="huckauf", player="blue")  # someone at the table calls it
    assert t.view["prompt"] == "huckauf" and t.event("huckauf")["caller"] == "blue"
    t.refuse("berggeist_first", type="roll", player="red")
    t.do(type="berggeist", player="red", target={"player": "blue", "figure": 0})
    assert t.view["berggeist"] == {"player": "blue", "figure": 0}


def test_a_player_not_on_turn_is_offered_only_the_huckauf_call():
    t = Mountain(huckauf="table")
    t.roll(5, 5)
    t.do(type="take_cards", player="red", revealed=["blitzstart"])
    t.roll(1, 1)
    assert CORE.legal_actions(t.state, "red") == []
    t.do(type="pass", player="blue")
    t.roll(5, 5)
    t.move("start", 0, card="blitzstart")  # red on middle 0
    t.roll(1, 1)
    t.do(type="pass", player="blue")
    t.roll(3, 4)
    assert CORE.legal_actions(t.state, "blue") == [{"type": "huckauf", "player": "blue"}]
    # red may call it too, or move it uncalled; a run of 7 is all red's figure can do: no pass
    assert CORE.legal_actions(t.state, "red") == [
        {"type": "huckauf", "player": "red"}, {"type": "roll", "player": "red"},
        {"type": "roll", "player": "red", "keep": 0}, {"type": "roll", "player": "red", "keep": 1},
        {"type": "berggeist", "player": "red", "target": {"player": "red", "figure": 0}},
        {"type": "move", "player": "red", "move": "run", "figure": 0, "card": None,
         "backward": False}]


def test_table_mode_a_missed_berggeist_stands_once_the_first_throw_is_gone():
    t = Mountain(huckauf="table").put("blue", 0, ("middle", 3))
    t.roll(4, 3)
    t.roll(1, 1)  # re-thrown: too late to call
    t.refuse("nothing_to_call", type="huckauf", player="blue")
    assert t.view["berggeist"] == "summit"
    auto = Mountain().put("blue", 0, ("middle", 3))
    auto.roll(4, 3)
    auto.refuse("huckauf_is_automatic", type="huckauf", player="blue")


def test_the_carrier_cannot_ascend():
    t = Mountain().put("red", 0, ("middle", 25)).put("red", 1, "summit").put("red", 2, "summit")
    t.state.berggeist = ("red", 0)
    t.roll(1, 3)  # 25 -> 26, 27, 0 (ascent), one beyond: 4
    t.refuse_move("carrier_cannot_ascend", "ascend", 0)
    t.move("run", 0)  # it can still run
    assert t.at("red", 0) == field("middle", 1)
    assert t.view["berggeist"] == {"player": "red", "figure": 0}  # and carries it along


@pytest.mark.parametrize("backward", [False, True])
def test_no_figure_may_pass_the_carrier_in_either_direction(backward):
    t = Mountain().put("red", 0, ("middle", 10)).put("blue", 0, ("middle", 13 if not backward
                                                                      else 7))
    t.state.berggeist = ("blue", 0)
    extra = {"card": "ruecklauf"} if backward else {}
    if backward:
        t.give("red", "ruecklauf")
    t.roll(2, 4)
    t.refuse_move("berggeist_in_the_way", "run", 0, **extra)
    t.roll(1, 2)  # a count of 3 ends on the carrier: it is pushed, not passed
    t.move("run", 0, **extra)
    step = -1 if backward else 1
    assert t.at("red", 0) == field("middle", 10 + 3 * step)
    assert t.at("blue", 0) == field("middle", 10 + 4 * step)


def test_the_carrier_blocks_only_its_own_ring():
    """Blue's figure on middle field 7 carries the Berggeist; red's runner on the lower ring
    passes lower field 7 freely."""
    t = Mountain()
    t.roll(5, 5)
    t.move("start", 0)  # red on lower 0
    t.roll(2, 2)
    t.do(type="take_cards", player="blue", revealed=["blitzstart"])
    t.roll(1, 1)
    t.do(type="pass", player="red")
    t.roll(5, 5)
    t.move("start", 0, card="blitzstart")  # blue on middle 7
    t.roll(3, 4)
    t.do(type="berggeist", player="red", target={"player": "blue", "figure": 0})
    t.roll(1, 1)
    t.do(type="pass", player="blue")
    t.roll(3, 5)
    t.move("run", 0)
    assert t.at("red", 0) == field("lower", 8)
    assert t.view["berggeist"] == {"player": "blue", "figure": 0}


def test_a_strike_may_not_pass_the_carrier_either():
    t = Mountain().put("red", 0, ("middle", 10)).put("blue", 1, ("middle", 11))
    t.put("blue", 0, ("middle", 12))
    t.state.berggeist = ("blue", 1)
    t.roll(2, 6)  # the smaller die reaches blue on 12, past the carrier on 11
    t.refuse_move("berggeist_in_the_way", "strike", 0)
    assert not [a for a in t.legal_moves() if a["move"] == "strike"]
    assert t.at("blue", 0) == field("middle", 12)


def test_a_struck_carrier_frees_the_berggeist_and_goes_to_base_camp():
    t = Mountain().put("red", 0, ("middle", 10)).put("blue", 0, ("middle", 12))
    t.state.berggeist = ("blue", 0)
    t.roll(2, 6)
    t.move("strike", 0)
    assert t.at("blue", 0) == "base" and t.at("red", 0) == field("middle", 12)
    assert t.view["berggeist"] == "summit"
