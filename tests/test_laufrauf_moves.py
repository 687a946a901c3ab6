"""Lauf Rauf! moves, cards and winning: one test (or more) per sentence of
shared/rules/laufrauf.md (the turn and board: test_laufrauf_rules.py; the Berggeist:
test_laufrauf_berggeist.py).
Default board: red ascends at lower 0 / middle 0 (run-up 34–39 / 22–27), blue at lower 10 /
middle 7 (run-up 4–9 / 1–6), green at lower 20 / middle 14.
"""

from __future__ import annotations

from mountain import EVERY_KIND, Mountain, custom_board, field, supply_used_up

from companion.rules import get_core

CORE = get_core("laufrauf")


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


def test_a_figure_in_base_camp_only_starts():
    t = Mountain()
    t.roll(1, 2)  # a first throw with different dice: a strike would be open too
    for move in ("run", "ascend", "strike"):
        info = t.refuse_move("figure_not_on_a_ring", move, 0)
        assert info.params == {"figure": 0, "where": "base"}


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


def test_a_runner_landing_behind_a_chain_that_reaches_round_to_it_is_not_pushed_itself():
    """On a short ring a chain pushed on can reach round to the field the runner has just
    left: that field is free, the runner stays where it landed. Three starts each onto red's
    lower ascent field 0 and blue's 13 (a ring of 16) stand six figures on 13-15 and 0-2."""
    t = Mountain(board=custom_board(
        lower__length=16, lower__ascent={"red": 0, "blue": 13, "green": 5, "yellow": 9},
        lower__runup={"red": [14, 15], "blue": [11, 12], "green": [3, 4], "yellow": [7, 8]}))
    for _ in range(3):
        for player in ("red", "blue"):
            t.roll(5, 5)
            t.move("start", next(i for i, at in enumerate(t.view["figures"][player])
                                 if at == "base"))
    assert [t.at("red", i)["field"] for i in range(3)] == [2, 1, 0]
    assert [t.at("blue", i)["field"] for i in range(3)] == [15, 14, 13]
    t.roll(6, 6)
    t.move("run", 0)  # 2 + 12 lands on 14: blue 14, blue 15, red 0 and red 1 go one on
    assert t.at("red", 0) == field("lower", 14)
    assert [t.at("blue", i)["field"] for i in range(3)] == [0, 15, 13]
    assert [t.at("red", i)["field"] for i in range(1, 3)] == [2, 1]
    assert t.event("moved")["pushed"] == [{"player": "red", "figure": 1},
                                          {"player": "red", "figure": 2},
                                          {"player": "blue", "figure": 0},
                                          {"player": "blue", "figure": 1}]


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


def test_an_ascent_may_not_pass_the_carrier_on_the_field_just_ahead():
    """Red's last figure on middle 24 ascends with a count of 5 (25, 26, 27 and its ascent
    field 0, one beyond); blue's figure on 25, the very next field, carries the Berggeist."""
    t = Mountain()
    t.roll(5, 5)
    t.do(type="take_cards", player="red", revealed=["blitzstart"])
    t.roll(2, 2)
    t.do(type="take_cards", player="blue", revealed=["blitzstart"])
    t.roll(5, 5)
    t.move("start", 0, card="blitzstart")  # red on middle 0
    t.roll(5, 5)
    t.move("start", 0, card="blitzstart")  # blue on middle 7
    for figure in (1, 2):  # red's base camp empties onto the lower ring
        t.roll(6, 6)
        t.move("start", figure)
        t.roll(1, 1)
        t.do(type="pass", player="blue")
    for red_dice, blue_dice in (((6, 6), (3, 3)), ((6, 6), (6, 6))):
        t.roll(*red_dice)
        t.move("run", 0)
        t.roll(*blue_dice)
        t.move("run", 0)
    assert (t.at("red", 0), t.at("blue", 0)) == (field("middle", 24), field("middle", 25))
    t.roll(3, 4)
    t.do(type="berggeist", player="red", target={"player": "blue", "figure": 0})
    t.roll(1, 1)
    t.do(type="pass", player="blue")
    t.roll(1, 4)
    info = t.refuse_move("berggeist_in_the_way", "ascend", 0)
    assert info.params == {"field": 25}
    assert not [m for m in t.legal_moves() if m["move"] == "ascend"]


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


def test_cards_can_be_taken_while_only_the_discard_pile_holds_any_and_not_once_all_are_held():
    """Four players turn up cards on double sixes until the supply is empty and one card lies
    on the discard pile: a double still lets the next player take (the pile is shuffled in).
    Once that card is kept too, all 20 are held and a double offers no card."""
    t, every = supply_used_up(), EVERY_KIND
    t.roll(2, 2)
    assert {"type": "take_cards", "player": "red"} in CORE.legal_actions(t.state)
    t.do(type="take_cards", player="red")  # the pile shuffled in: a blitzstart red owns
    assert t.event("cards_taken")["discarded"] == ["blitzstart"]
    t.roll(1, 1)
    t.do(type="pass", player="blue")
    t.roll(2, 2)
    t.do(type="take_cards", player="green")
    assert t.view["cards"]["green"] == every and t.view["discard"] == []
    t.roll(3, 3)
    assert [a["type"] for a in CORE.legal_actions(t.state)] == ["roll", "roll", "roll", "pass"]
    t.refuse("no_cards_left", type="take_cards", player="yellow")


# --- winning --------------------------------------------------------------------------------
def test_one_or_two_figures_in_the_summit_camp_do_not_win_yet():
    t = Mountain().put("red", 0, "summit").put("red", 1, ("middle", 27))
    t.put("red", 2, ("lower", 5))
    t.roll(1, 1)
    t.move("ascend", 1)
    assert t.at("red", 1) == "summit" and t.view["winner"] is None
    assert t.view["turn"] == "blue" and not CORE.is_over(t.state)


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


# --- what a move does, for the page's buttons ------------------------------------------------
def test_each_move_says_which_figures_it_moves_the_mover_first():
    """The phone names a strike's victim and the figures a landing pushes on: each figure
    move's result lists every figure it relocates, the mover first."""
    t = Mountain().put("red", 0, ("lower", 3)).put("blue", 0, ("lower", 5))
    t.put("blue", 1, ("lower", 11)).put("blue", 2, ("lower", 12))
    t.roll(2, 6)
    results = {(r["action"]["move"], r["action"]["figure"]): r["moves"]
               for r in CORE.play_results(t.state, CORE.legal_actions(t.state))}
    assert results[("strike", 0)] == [["red", 0, field("lower", 3), field("lower", 5)],
                                      ["blue", 0, field("lower", 5), "base"]]
    assert results[("run", 0)] == [["red", 0, field("lower", 3), field("lower", 11)],
                                   ["blue", 1, field("lower", 11), field("lower", 12)],
                                   ["blue", 2, field("lower", 12), field("lower", 13)]]
    assert all(r["action"]["type"] == "move" for r in CORE.play_results(
        t.state, CORE.legal_actions(t.state)))


def test_figures_in_base_camp_are_alike_starting_one_or_another_is_one_result():
    """Two figures in base camp: the table sees one start, not two (the phone shows one
    button); figures on the board stay apart, as do a start with and without Blitzstart."""
    t = Mountain().put("red", 1, ("lower", 3)).give("red", "blitzstart")
    t.roll(4, 6)
    starts = [a for a in t.legal_moves() if a["move"] == "start"]
    assert {(a["figure"], a["card"]) for a in starts} == {(0, None), (2, None), (0, "blitzstart"),
                                                         (2, "blitzstart")}
    results = CORE.play_results(t.state, CORE.legal_actions(t.state))
    started = [(r["action"]["figure"], r["action"]["card"]) for r in results
               if r["action"]["move"] == "start"]
    assert started == [(0, None), (0, "blitzstart")]  # the first of the alike, each way once
    runs = [r["action"]["figure"] for r in results if r["action"]["move"] == "run"]
    assert runs == [1]
