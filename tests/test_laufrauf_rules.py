"""Lauf Rauf!: one test (or more) per sentence of shared/rules/laufrauf.md, on the real core.

Positions are set up by placing figures in a fresh state (the state is plain data); dice are
always entered as real dice through the `roll` action, so every check runs through `apply`.
Default board: red ascends at lower 0 / middle 0 (run-up 34–39 / 22–27), blue at lower 10 /
middle 7 (run-up 4–9 / 1–6), green at lower 20 / middle 14.
"""

from __future__ import annotations

import pytest
from mountain import Mountain, custom_board, field

from companion.i18n import message
from companion.rules import SetupError, get_core
from companion.rules.laufrauf.board import DEFAULT_BOARD

CORE = get_core("laufrauf")


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


@pytest.mark.parametrize("changes, where, reason, said", [
    ({"lower__length": 8}, "lower.length", {"reason": "out_of_range", "lo": 16, "hi": 200},
     "In der Spielplan-Definition muss „lower.length“ zwischen 16 und 200 liegen."),
    ({"middle__ascent": {"red": 0, "blue": 0, "green": 14, "yellow": 21}}, "middle.ascent",
     {"reason": "two_colours_share_a_field"},
     "In der Spielplan-Definition haben zwei Farben dasselbe Aufstiegsfeld („middle.ascent“)."),
    ({"lower__runup": {"red": [0, 39], "blue": [9], "green": [19], "yellow": [29]}},
     "lower.runup.red", {"reason": "ascent_field_is_not_a_runup_field"},
     "In der Spielplan-Definition nennt „lower.runup.red“ ein Aufstiegsfeld: Ein Aufstiegsfeld "
     "ist kein Anlauffeld."),
    ({"lower__ascent": {"red": 0, "blue": 10, "green": 20, "yellow": 40}}, "lower.ascent.yellow",
     {"reason": "out_of_range", "lo": 0, "hi": 39},
     "In der Spielplan-Definition muss „lower.ascent.yellow“ zwischen 0 und 39 liegen."),
    ({"colors": ["red", "red"]}, "board.colors", {"reason": "colour_twice"},
     "In der Spielplan-Definition ist eine Farbe doppelt genannt."),
    ({"colors": ["red"]}, "board.colors", {"reason": "colour_count", "lo": 2, "hi": 4},
     "Die Spielplan-Definition braucht 2 bis 4 Farben („board.colors“)."),
    ({"middle__stairs": 3}, "middle.stairs", {"reason": "unknown_key"},
     "„middle.stairs“ gehört nicht in die Spielplan-Definition."),
    ({"lower__runup": {"red": "34-39", "blue": [9], "green": [19], "yellow": [29]}},
     "lower.runup.red", {"reason": "not_a_list_of_fields"},
     "In der Spielplan-Definition muss „lower.runup.red“ eine Liste von Feldnummern sein."),
])
def test_a_bad_board_definition_is_refused_naming_the_place(changes, where, reason, said):
    """Said in words, never with the reason's code ("(unknown_key)")."""
    with pytest.raises(SetupError) as info:
        Mountain(board=custom_board(**changes))
    assert info.value.code == "bad_board"
    assert info.value.params == {"where": where, **reason}
    assert message("bad_board", info.value.params, "de") == said


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


@pytest.mark.parametrize("dice, code", [
    (5, "wrong_type"), ("34", "wrong_type"), ([3], "wrong_type"), ([3, 4, 5], "wrong_type"),
    ([True, 3], "wrong_type"), ([3, 2.5], "wrong_type"), ([0, 3], "bad_value"),
    ([3, 7], "bad_value")])
def test_entered_dice_are_two_whole_numbers_from_one_to_six(dice, code):
    t = Mountain()
    t.refuse(code, type="roll", player="red", dice=dice)
    t.refuse("unknown_key", type="roll", player="red", dice=[3, 4], card="joker")
    t.roll(1, 6)
    assert t.view["dice"] == [1, 6]
    for keep in (-1, 2):  # a kept die is die 0 or die 1
        t.refuse("bad_value", type="roll", player="red", dice=[1, 2], keep=keep)
    outcome = CORE.apply(t.state, {"type": "roll", "player": "red", "dice": [1, 2], "keep": 0})
    assert outcome.action == {"type": "roll", "player": "red", "keep": 0, "dice": [1, 2]}


def test_virtual_dice_come_from_the_seed_and_a_kept_die_stays():
    a, b = Mountain(), Mountain()
    a.do(type="roll", player="red")
    b.do(type="roll", player="red")
    assert a.view["dice"] == b.view["dice"]  # same seed, same throw
    kept = a.view["dice"][1]
    a.do(type="roll", player="red", keep=1)
    assert a.view["dice"][1] == kept and all(1 <= d <= 6 for d in a.view["dice"])


def test_virtual_dice_show_one_to_six_each_and_a_rethrow_of_both_throws_both():
    """Forty seeded turns of virtual throws (both dice, one kept, both again), each said by
    its event and the view's last."""
    t = Mountain()
    seen, rethrown_both, doubles = set(), [], 0
    for _ in range(40):
        player = t.view["turn"]
        for throw, keep in ((1, None), (2, 0), (3, None)):
            before = t.view["dice"]
            t.do(type="roll", player=player, **({} if keep is None else {"keep": keep}))
            dice = t.view["dice"]
            assert t.event("rolled") == {"type": "rolled", "player": player, "dice": dice,
                                         "throw": throw, "kept": keep}
            assert t.view["last"] == {"player": player, "type": "roll", "dice": dice,
                                      "throw": throw}
            if keep is not None:
                assert dice[keep] == before[keep]
            elif before is not None:
                rethrown_both.append(dice[0] != before[0] and dice[1] != before[1])
            seen |= set(dice)
            doubles += dice[0] == dice[1]
        t.do(type="pass", player=player)
    assert seen == {1, 2, 3, 4, 5, 6} and any(rethrown_both) and doubles < 60


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


@pytest.mark.parametrize("players", [("yellow", "red", "green", "blue"), ("green", "yellow"),
                                     ("red", "blue")])
def test_the_headers_players_are_the_seat_order_whatever_their_colours(players):
    """The dice pass in the header's order (clockwise seats); two players may take any two
    colours (opposite ones are the page's advice, not a rule)."""
    t = Mountain(players)
    seen = []
    for _ in range(len(players) + 1):
        seen.append(t.view["turn"])
        t.roll(1, 2)
        t.do(type="pass", player=t.view["turn"])
    assert seen == [*players, players[0]]


def test_what_a_turn_offers_is_listed_exactly():
    """Re-throws with both dice or one kept, sacrifices once no throw is left, each move, cards
    on a double, and passing unless forward runs are all that is possible."""
    def roll(player, keep=None):
        return {"type": "roll", "player": player, **({} if keep is None else {"keep": keep})}

    def run(player, figure, card=None):
        return {"type": "move", "player": player, "move": "run", "figure": figure,
                "card": card, "backward": card is not None}

    def start(player, figure):
        return {"type": "move", "player": player, "move": "start", "figure": figure,
                "card": None, "backward": False}

    rolls = {p: [roll(p), roll(p, 0), roll(p, 1)] for p in ("red", "blue")}
    t = Mountain()
    assert CORE.legal_actions(t.state) == [roll("red")]
    t.roll(2, 2)
    t.do(type="take_cards", player="red", revealed=["ruecklauf"])
    t.roll(5, 5)
    t.move("start", 0)  # blue on lower 10
    t.roll(5, 6)
    t.move("start", 0)  # red on lower 0
    t.roll(1, 1)  # a forward run, but a double: cards or passing are open too
    assert CORE.legal_actions(t.state) == [*rolls["blue"], run("blue", 0),
                                           {"type": "take_cards", "player": "blue"},
                                           {"type": "pass", "player": "blue"}]
    t.do(type="pass", player="blue")
    t.roll(1, 2)  # forward, or backward with the Rücklauf card
    assert CORE.legal_actions(t.state) == [*rolls["red"], run("red", 0),
                                           run("red", 0, "ruecklauf"),
                                           {"type": "pass", "player": "red"}]
    t.roll(1, 3)
    t.roll(1, 4)  # no throw left: the card may be sacrificed
    assert CORE.legal_actions(t.state) == [
        {"type": "sacrifice", "player": "red", "card": "ruecklauf"}, run("red", 0),
        run("red", 0, "ruecklauf"), {"type": "pass", "player": "red"}]
    t.do(type="pass", player="red")
    t.roll(4, 6)  # a forward run or a start
    assert CORE.legal_actions(t.state) == [*rolls["blue"], run("blue", 0), start("blue", 1),
                                           start("blue", 2), {"type": "pass", "player": "blue"}]


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


def test_no_must_run_when_a_double_lets_the_player_take_cards_instead():
    t = Mountain().put("red", 0, ("lower", 12))
    t.roll(1, 1)  # a forward run of 2 is the only move, but taking cards is an action too
    assert not t.view["must_run"]
    assert {"type": "take_cards", "player": "red"} in CORE.legal_actions(t.state)
    t.do(type="pass", player="red")
    assert t.view["turn"] == "blue"


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
