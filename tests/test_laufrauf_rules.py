"""Lauf Rauf!: one test (or more) per sentence of shared/rules/laufrauf.md, on the real core.

Positions are set up by placing figures in a fresh state (the state is plain data); dice are
always entered as real dice through the `roll` action, so every check runs through `apply`.
Default board: red ascends at lower 0 / middle 0 (run-up 34–39 / 22–27), blue at lower 10 /
middle 7 (run-up 4–9 / 1–6), green at lower 20 / middle 14.
"""

from __future__ import annotations

import copy

import pytest
from helpers import Table

from companion.rules import SetupError, get_core
from companion.rules.laufrauf.board import DEFAULT_BOARD

CORE = get_core("laufrauf")


class Mountain(Table):
    def __init__(self, players=("red", "blue"), **options) -> None:
        super().__init__("laufrauf", list(players), options)

    def put(self, player: str, figure: int, where) -> Mountain:
        """Set a figure down: "base", "summit" or (level, field)."""
        loc = (where, 0) if isinstance(where, str) else tuple(where)
        self.state.figures[player][figure] = loc
        return self

    def give(self, player: str, *kinds: str) -> Mountain:
        for kind in kinds:  # from the supply, so the 20 cards stay conserved
            self.state.supply.remove(kind)
            self.state.cards[player].append(kind)
        return self

    def roll(self, a: int, b: int, keep: int | None = None, player: str | None = None):
        extra = {} if keep is None else {"keep": keep}
        return self.do(type="roll", player=player or self.view["turn"], dice=[a, b], **extra)

    def move(self, move: str, figure: int, player: str | None = None, **extra):
        return self.do(type="move", player=player or self.view["turn"], move=move,
                       figure=figure, **extra)

    def refuse_move(self, code: str, move: str, figure: int, **extra):
        return self.refuse(code, type="move", player=self.view["turn"], move=move,
                           figure=figure, **extra)

    def at(self, player: str, figure: int):
        return self.view["figures"][player][figure]

    def legal_moves(self) -> list[dict]:
        return [a for a in CORE.legal_actions(self.state) if a["type"] == "move"]


def field(level: str, k: int) -> dict:
    return {"level": level, "field": k}


# --- the board definition -----------------------------------------------------------------
def test_the_default_board_is_the_rules_files_decision():
    lower, middle = DEFAULT_BOARD.ring("lower"), DEFAULT_BOARD.ring("middle")
    assert DEFAULT_BOARD.colors == ("red", "blue", "green", "yellow")
    assert (lower.length, middle.length) == (40, 28)
    assert lower.ascent == {"red": 0, "blue": 10, "green": 20, "yellow": 30}
    assert middle.ascent == {"red": 0, "blue": 7, "green": 14, "yellow": 21}
    for ring in (lower, middle):  # six bordered run-up fields directly before each ascent field
        for color, ascent in ring.ascent.items():
            assert ring.runup[color] == {(ascent - k) % ring.length for k in range(1, 7)}


def custom_board(**changes) -> dict:
    board = copy.deepcopy(DEFAULT_BOARD.as_json())
    board["name"] = "Our board"
    for path, value in changes.items():
        *keys, last = path.split("__")
        node = board
        for key in keys:
            node = node[key]
        node[last] = value
    return board


def test_every_rule_reads_the_geometry_from_a_board_the_table_supplies():
    board = custom_board(lower__length=32, lower__ascent={"red": 3, "blue": 11, "green": 19,
                                                          "yellow": 27},
                         lower__runup={"red": [1, 2], "blue": [9, 10], "green": [17, 18],
                                       "yellow": [25, 26]})
    t = Mountain(board=board)
    assert t.view["board"]["lower"]["length"] == 32
    t.roll(5, 5)
    t.move("start", 0)
    assert t.at("red", 0) == field("lower", 3)  # its own ascent field on that board
    t.roll(6, 6, player="blue")
    t.do(type="pass", player="blue")
    t.put("red", 0, ("lower", 1))
    t.roll(2, 1)
    t.move("ascend", 0)  # two fields before ascent field 3: three steps
    assert t.at("red", 0) == field("middle", 0)
    t.put("red", 1, ("lower", 30))
    t.roll(1, 1, player="blue")
    t.do(type="pass", player="blue")
    t.roll(2, 2)
    t.move("run", 1)
    assert t.at("red", 1) == field("lower", 2)  # 30 + 4 wraps round a ring of 32


@pytest.mark.parametrize("changes, where, reason", [
    ({"lower__length": 8}, "lower.length", "out_of_range_16_200"),
    ({"middle__ascent": {"red": 0, "blue": 0, "green": 14, "yellow": 21}}, "middle.ascent",
     "two_colours_share_a_field"),
    ({"lower__runup": {"red": [0, 39], "blue": [9], "green": [19], "yellow": [29]}},
     "lower.runup.red", "ascent_field_is_not_a_runup_field"),
    ({"lower__ascent": {"red": 0, "blue": 10, "green": 20, "yellow": 40}}, "lower.ascent.yellow",
     "out_of_range_0_39"),
    ({"colors": ["red", "red"]}, "board.colors", "colour_twice"),
    ({"middle__stairs": 3}, "middle.stairs", "unknown_key"),
    ({"lower__runup": {"red": "34-39", "blue": [9], "green": [19], "yellow": [29]}},
     "lower.runup.red", "not_a_list_of_fields"),
])
def test_a_bad_board_definition_is_refused_naming_the_place(changes, where, reason):
    with pytest.raises(SetupError) as info:
        Mountain(board=custom_board(**changes))
    assert info.value.code == "bad_board"
    assert info.value.params == {"where": where, "reason": reason}


def test_players_are_two_to_four_board_colours_and_the_first_begins():
    assert Mountain(("green", "red", "blue")).view["turn"] == "green"
    for players, code in [(["red"], "bad_player_count"), (["red", "purple"], "bad_players"),
                          (["red", "blue", "green", "yellow", "red"], "bad_player_count")]:
        with pytest.raises(SetupError) as info:
            CORE.new_game(players, {}, 1)
        assert info.value.code == code
    with pytest.raises(SetupError) as info:
        CORE.new_game(["red", "blue"], {"huckauf": "sometimes"}, 1)
    assert info.value.code == "bad_option"


def test_each_player_has_three_figures_in_base_camp_and_the_berggeist_is_home():
    v = Mountain(("red", "blue", "green")).view
    assert v["figures"] == {p: ["base"] * 3 for p in ("red", "blue", "green")}
    assert v["berggeist"] == "summit" and v["supply"] == 20 and v["discard"] == []


# --- a turn ---------------------------------------------------------------------------------
def test_the_first_throw_uses_both_dice_and_rethrows_may_keep_one():
    t = Mountain()
    t.refuse("nothing_to_keep", type="roll", player="red", dice=[3, 4], keep=0)
    t.roll(2, 5)
    assert t.view["first_throw"] == [2, 5] and t.view["throws"] == 1
    t.refuse("kept_die_changed", type="roll", player="red", dice=[3, 1], keep=0)
    t.roll(2, 6, keep=0)
    assert t.view["dice"] == [2, 6] and t.view["throws"] == 2
    t.roll(1, 3)  # both dice again
    assert t.view["throws"] == 3 and t.view["first_throw"] == [2, 5]


def test_virtual_dice_come_from_the_seed_and_a_kept_die_stays():
    a, b = Mountain(), Mountain()
    a.do(type="roll", player="red")
    b.do(type="roll", player="red")
    assert a.view["dice"] == b.view["dice"]  # same seed, same throw
    kept = a.view["dice"][1]
    a.do(type="roll", player="red", keep=1)
    assert a.view["dice"][1] == kept and all(1 <= d <= 6 for d in a.view["dice"])


def test_after_the_third_throw_each_sacrificed_card_buys_two_more():
    t = Mountain().give("red", "joker", "aufstieg")
    t.roll(1, 2)
    t.refuse("throws_left", type="sacrifice", player="red", card="joker")
    t.roll(1, 3)
    t.roll(1, 4)
    t.refuse("no_throws_left", type="roll", player="red")
    t.refuse("card_not_owned", type="sacrifice", player="red", card="blitzstart")
    t.do(type="sacrifice", player="red", card="joker")
    assert t.view["throws_allowed"] == 5 and t.view["discard"] == ["joker"]
    assert t.view["cards"]["red"] == ["aufstieg"]
    t.roll(2, 2)
    t.roll(2, 3)
    t.refuse("no_throws_left", type="roll", player="red")


def test_exactly_one_action_then_the_dice_pass_clockwise():
    t = Mountain(("red", "blue", "green"))
    t.roll(6, 5)
    t.move("start", 0)
    v = t.view
    assert v["turn"] == "blue" and v["throws"] == 0 and v["dice"] is None
    t.refuse("not_your_turn", type="roll", player="red")
    t.roll(1, 2)
    t.do(type="pass", player="blue")
    assert t.view["turn"] == "green"
    t.roll(1, 2)
    t.do(type="pass", player="green")
    assert t.view["turn"] == "red"


def test_the_dice_pass_without_an_action_when_none_is_possible():
    t = Mountain()
    t.refuse("roll_first", type="pass", player="red")
    t.roll(1, 2)
    assert t.legal_moves() == []
    assert {"type": "pass", "player": "red"} in CORE.legal_actions(t.state)
    t.do(type="pass", player="red")
    assert t.view["turn"] == "blue"


def test_must_run_when_forward_runs_are_all_that_is_possible():
    t = Mountain().put("red", 0, ("lower", 12))
    t.roll(1, 2)
    assert t.view["must_run"]
    t.refuse("must_run", type="pass", player="red")
    assert {"type": "pass", "player": "red"} not in CORE.legal_actions(t.state)
    t.move("run", 0)
    assert t.at("red", 0) == field("lower", 15)


def test_no_must_run_when_something_else_is_possible_too():
    t = Mountain().put("red", 0, ("lower", 12))
    t.roll(6, 5)  # a start is possible as well as the run
    assert not t.view["must_run"]
    t.do(type="pass", player="red")
    t2 = Mountain().put("red", 0, ("lower", 12)).give("red", "ruecklauf")
    t2.roll(1, 2)  # a backward run with the card is not a forward run
    t2.do(type="pass", player="red")


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


def test_a_struck_carrier_frees_the_berggeist_and_goes_to_base_camp():
    t = Mountain().put("red", 0, ("middle", 10)).put("blue", 0, ("middle", 12))
    t.state.berggeist = ("blue", 0)
    t.roll(2, 6)
    t.move("strike", 0)
    assert t.at("blue", 0) == "base" and t.at("red", 0) == field("middle", 12)
    assert t.view["berggeist"] == "summit"


# --- start ----------------------------------------------------------------------------------
def test_start_needs_ten_and_goes_to_the_own_lower_ascent_field():
    t = Mountain()
    t.roll(4, 5)
    t.refuse_move("start_needs_ten", "start", 0)
    t.roll(4, 6)
    t.move("start", 2)
    assert t.at("red", 2) == field("lower", 0)
    t.roll(6, 6)
    t.move("start", 0)
    assert t.at("blue", 0) == field("lower", 10)
    t.roll(6, 6)
    t.refuse_move("figure_not_in_base", "start", 2)


def test_blitzstart_goes_to_the_upper_ascent_field_and_a_joker_may_stand_for_it():
    t = Mountain().give("red", "blitzstart").give("blue", "joker")
    t.roll(5, 5)
    t.move("start", 0, card="blitzstart")
    assert t.at("red", 0) == field("middle", 0)
    assert t.view["cards"]["red"] == [] and t.view["discard"] == ["blitzstart"]
    t.roll(6, 4)
    t.refuse_move("missing_key", "start", 0, card="joker")  # a Joker must say what it is
    t.move("start", 0, card="joker", joker_as="blitzstart")
    assert t.at("blue", 0) == field("middle", 7)


def test_a_card_must_fit_the_move_and_be_owned():
    t = Mountain().give("red", "aufstieg").put("red", 1, ("lower", 5))
    t.roll(5, 5)
    t.refuse_move("card_does_not_fit", "start", 0, card="aufstieg")
    t.refuse_move("card_not_owned", "start", 0, card="blitzstart")
    t.refuse_move("joker_as_without_joker", "start", 0, card="aufstieg", joker_as="blitzstart")
    t.refuse_move("card_needed", "run", 1, backward=True)


def test_a_start_onto_an_occupied_ascent_field_pushes_the_figure_there_on():
    t = Mountain().put("blue", 0, ("lower", 0))
    t.roll(5, 6)
    t.move("start", 0)
    assert t.at("red", 0) == field("lower", 0) and t.at("blue", 0) == field("lower", 1)


# --- run ------------------------------------------------------------------------------------
def test_run_goes_the_dice_sum_forward_and_counts_occupied_fields():
    t = Mountain().put("red", 0, ("lower", 3)).put("blue", 0, ("lower", 4))
    t.put("blue", 1, ("lower", 6))
    t.roll(2, 3)
    t.move("run", 0)
    assert t.at("red", 0) == field("lower", 8)  # 4 and 6 were passed and counted


def test_ruecklauf_runs_backward_round_the_ring():
    t = Mountain().put("red", 0, ("lower", 2)).give("red", "ruecklauf")
    t.roll(2, 3)
    t.move("run", 0, card="ruecklauf")
    assert t.at("red", 0) == field("lower", 37)
    assert t.event("moved")["backward"] is True


def test_a_gap_free_chain_is_pushed_as_a_whole():
    t = Mountain(("red", "blue", "green"))
    t.put("red", 0, ("lower", 3)).put("blue", 0, ("lower", 8)).put("green", 0, ("lower", 9))
    t.put("blue", 1, ("lower", 10)).put("green", 1, ("lower", 12))
    t.roll(2, 3)
    t.move("run", 0)
    assert t.at("red", 0) == field("lower", 8)
    assert (t.at("blue", 0), t.at("green", 0), t.at("blue", 1)) == \
        (field("lower", 9), field("lower", 10), field("lower", 11))
    assert t.at("green", 1) == field("lower", 12)  # after the gap: not pushed
    assert len(t.event("moved")["pushed"]) == 3


def test_a_figure_pushed_onto_its_ascent_field_must_go_round_again():
    t = Mountain().put("red", 0, ("lower", 39)).put("blue", 0, ("lower", 36))
    t.state.turn = "blue"
    t.roll(1, 2)
    t.move("run", 0)  # 36 + 3 = 39: red is pushed onto field 0, its own ascent field
    assert t.at("red", 0) == field("lower", 0)
    t.roll(1, 1)  # from an ascent field there is no run-up
    t.refuse_move("not_on_a_runup_field", "ascend", 0)


def test_summit_camps_hold_any_number():
    t = Mountain().put("red", 0, "summit").put("red", 1, ("middle", 27))
    t.put("red", 2, ("lower", 5))
    t.roll(1, 1)
    t.move("ascend", 1)
    assert t.view["figures"]["red"][:2] == ["summit", "summit"]


# --- ascend ---------------------------------------------------------------------------------
def test_the_faq_example_two_fields_before_the_ascent_field_ascends_with_three():
    t = Mountain().put("red", 0, ("lower", 38)).give("red", "aufstieg")
    t.roll(1, 3)  # a sum of 4 does not fit
    t.refuse_move("ascent_count_wrong", "ascend", 0)
    t.move("ascend", 0, card="aufstieg")  # the larger die alone: 3
    assert t.at("red", 0) == field("middle", 0)
    t2 = Mountain().put("red", 0, ("lower", 38))
    t2.roll(1, 2)  # a sum of 3, no card needed
    t2.move("ascend", 0)
    assert t2.at("red", 0) == field("middle", 0)


def test_the_aufstieg_card_needs_two_different_dice():
    t = Mountain().put("red", 0, ("lower", 36)).give("red", "aufstieg")
    t.roll(5, 5)
    t.refuse_move("aufstieg_needs_different_dice", "ascend", 0, card="aufstieg")
    t.refuse_move("ascent_count_wrong", "ascend", 0)


def test_ascending_needs_an_own_bordered_run_up_field():
    t = Mountain().put("red", 0, ("lower", 30)).put("red", 1, ("lower", 4))
    t.roll(5, 6)
    t.refuse_move("not_on_a_runup_field", "ascend", 0)  # 30 is no bordered field
    t.refuse_move("not_on_a_runup_field", "ascend", 1)  # blue's bordered field, not red's


def test_the_first_ascent_lands_on_the_upper_ascent_field_pushing_what_stands_there():
    t = Mountain().put("red", 0, ("lower", 34)).put("blue", 0, ("middle", 0))
    t.roll(1, 1)
    t.roll(2, 5)  # 34 -> 0 is six fields, one beyond makes 7 (a re-throw: no Berggeist)
    t.move("ascend", 0)
    assert t.at("red", 0) == field("middle", 0) and t.at("blue", 0) == field("middle", 1)


def test_the_second_ascent_needs_an_empty_base_camp_and_reaches_the_summit_camp():
    t = Mountain().put("red", 0, ("middle", 27))
    t.roll(1, 1)
    t.refuse_move("base_camp_not_empty", "ascend", 0)
    t.put("red", 1, ("lower", 5)).put("red", 2, ("lower", 7))
    t.move("ascend", 0)
    assert t.at("red", 0) == "summit"


def test_an_ascent_may_not_pass_the_carrier():
    t = Mountain().put("red", 0, ("middle", 24)).put("blue", 0, ("middle", 26))
    t.put("red", 1, "summit").put("red", 2, "summit")
    t.state.berggeist = ("blue", 0)
    t.roll(2, 3)  # 24 -> 25, 26 (carrier), 27, 0, one beyond
    t.refuse_move("berggeist_in_the_way", "ascend", 0)


# --- strike ---------------------------------------------------------------------------------
def test_strike_with_the_smaller_die_of_the_first_throw():
    t = Mountain().put("red", 0, ("lower", 3)).put("blue", 0, ("lower", 5))
    t.roll(2, 6)
    t.move("strike", 0)
    assert t.at("red", 0) == field("lower", 5) and t.at("blue", 0) == "base"
    assert t.event("moved")["struck"] == {"player": "blue", "figure": 0}


def test_no_strike_after_a_rethrow_or_with_a_double():
    t = Mountain().put("red", 0, ("lower", 3)).put("blue", 0, ("lower", 5))
    t.roll(2, 2)
    t.refuse_move("strike_needs_different_dice", "strike", 0)
    t.roll(2, 6)
    t.refuse_move("strike_only_on_first_throw", "strike", 0)


def test_a_figure_on_an_ascent_field_is_safe():
    t = Mountain().put("red", 0, ("lower", 8)).put("blue", 0, ("lower", 10))
    t.roll(2, 5)
    t.refuse_move("target_on_ascent_field", "strike", 0)
    assert not [m for m in t.legal_moves() if m["move"] == "strike"]


def test_rueckschlag_strikes_backward_and_own_figures_may_be_struck():
    t = Mountain().put("red", 0, ("lower", 9)).put("red", 1, ("lower", 6)).give("red", "joker")
    t.roll(3, 5)
    t.refuse_move("nothing_to_strike", "strike", 0)
    t.move("strike", 0, card="joker", joker_as="rueckschlag")
    assert t.at("red", 0) == field("lower", 6) and t.at("red", 1) == "base"


# --- cards ----------------------------------------------------------------------------------
def test_taking_cards_needs_a_double_keeps_a_new_kind_and_discards_a_duplicate():
    t = Mountain()
    t.roll(2, 3)
    t.refuse("needs_a_double", type="take_cards", player="red")
    t.roll(3, 3)
    t.do(type="take_cards", player="red", revealed=["aufstieg"])
    assert t.view["cards"]["red"] == ["aufstieg"] and t.view["turn"] == "blue"
    t.roll(6, 5)
    t.do(type="pass", player="blue")
    t.roll(1, 1)
    t.do(type="take_cards", player="red", revealed=["aufstieg"])  # one of a kind at most
    assert t.view["cards"]["red"] == ["aufstieg"] and t.view["discard"] == ["aufstieg"]


def test_a_double_six_turns_up_cards_until_an_owned_kind_appears():
    t = Mountain().give("red", "joker")
    t.roll(6, 6)
    t.refuse("bad_reveal", type="take_cards", player="red", revealed=["aufstieg", "ruecklauf"])
    t.refuse("bad_reveal", type="take_cards", player="red",
             revealed=["aufstieg", "joker", "ruecklauf"])
    t.do(type="take_cards", player="red", revealed=["aufstieg", "ruecklauf", "aufstieg"])
    assert t.view["cards"]["red"] == ["ruecklauf", "aufstieg", "joker"]
    assert t.event("cards_taken") == {"type": "cards_taken", "player": "red",
                                      "kept": ["aufstieg", "ruecklauf"], "discarded": ["aufstieg"]}


def test_virtual_cards_follow_the_same_rule_from_the_seeded_supply():
    t = Mountain()
    top = t.state.supply[-1]
    t.roll(2, 2)
    t.do(type="take_cards", player="red")
    assert t.view["cards"]["red"] == [top] and t.view["supply"] == 19
    t2 = Mountain()
    t2.roll(6, 6)
    t2.do(type="take_cards", player="red")
    kept, discarded = t2.event("cards_taken")["kept"], t2.event("cards_taken")["discarded"]
    assert len(set(kept)) == len(kept) and discarded and discarded[0] in kept


def test_a_card_not_left_in_the_supply_cannot_be_turned_up():
    t = Mountain()
    for _ in range(4):
        t.state.supply.remove("joker")
        t.state.discard.append("joker")
    t.roll(4, 4)
    t.refuse("card_not_in_supply", type="take_cards", player="red", revealed=["joker"])


def test_an_empty_supply_is_replaced_by_the_shuffled_discard_pile():
    t = Mountain()
    t.state.discard, t.state.supply = t.state.supply, []
    t.roll(2, 2)
    t.do(type="take_cards", player="red")
    assert t.view["supply"] == 19 and t.view["discard"] == []
    t2 = Mountain(("red", "blue", "green", "yellow"))
    for p in ("red", "blue", "green", "yellow"):  # all 20 cards held
        t2.give(p, "blitzstart", "ruecklauf", "aufstieg", "rueckschlag", "joker")
    t2.roll(2, 2)
    t2.refuse("no_cards_left", type="take_cards", player="red")


# --- winning --------------------------------------------------------------------------------
def test_all_three_figures_in_the_summit_camp_win():
    t = Mountain().put("red", 0, "summit").put("red", 1, "summit").put("red", 2, ("middle", 27))
    t.roll(1, 1)
    t.move("ascend", 2)
    assert t.view["winner"] == "red" and t.event("game_won")["player"] == "red"
    assert CORE.is_over(t.state) and CORE.legal_actions(t.state) == []
    t.refuse("game_over", type="roll", player="blue")


# --- the enumeration ------------------------------------------------------------------------
def test_the_legal_actions_for_the_dice_showing():
    t = Mountain().put("red", 0, ("lower", 3)).put("blue", 0, ("lower", 5)).give("red", "joker")
    t.roll(2, 6)
    moves = {(m["move"], m["card"], m.get("joker_as")) for m in t.legal_moves()}
    assert moves == {("run", None, None), ("strike", None, None),
                     ("run", "joker", "ruecklauf")}
    for action in CORE.legal_actions(t.state):  # each of them is accepted as it stands
        assert CORE.apply(t.state, action).action == action
