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


def test_the_next_turn_starts_afresh_with_three_throws_and_no_first_throw():
    """Throws bought with a sacrifice are the buyer's turn's only."""
    t = Mountain()
    t.roll(5, 5)
    t.do(type="take_cards", player="red", revealed=["joker"])
    t.roll(1, 1)
    t.do(type="pass", player="blue")
    for dice in ((1, 2), (1, 3), (1, 4)):
        t.roll(*dice)
    t.do(type="sacrifice", player="red", card="joker")
    t.roll(2, 5)
    t.do(type="pass", player="red")
    v = t.view
    assert (v["throws"], v["throws_allowed"], v["dice"], v["first_throw"]) == (0, 3, None, None)
    for dice in ((1, 2), (1, 3), (1, 4)):
        t.roll(*dice)
    t.refuse("no_throws_left", type="roll", player="blue")


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
