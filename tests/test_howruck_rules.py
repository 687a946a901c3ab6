"""How Ruck!: one test (at least) per rule line of shared/rules/howruck.md."""

from __future__ import annotations

import pytest
from helpers import NESSIE, Table, card, play_filler, win_round_for_a

from companion.rules import SetupError, get_core

CORE = get_core("howruck")


# --- set-up and options ---------------------------------------------------------------------
def test_new_game_is_team_forming_with_teams_of_twenty(table):
    v = table.view
    assert v["phase"] == "teams" and v["round"] == 1 and v["turn"] is None
    assert v["barrel"] is None and v["ladder"] == 12
    assert v["barrels"] == {"A": 0, "B": 0}
    assert v["start_fields"] == {"A": 6, "B": 7} and v["goal_fields"] == {"A": 1, "B": 12}


@pytest.mark.parametrize("ladder,start", [(6, {"A": 3, "B": 4}), (20, {"A": 10, "B": 11})])
def test_ladder_length_option_keeps_start_fields_in_the_middle(ladder, start):
    v = Table("howruck", ["A", "B"], {"ladder": ladder}).view
    assert v["ladder"] == ladder and v["start_fields"] == start
    assert v["goal_fields"] == {"A": 1, "B": ladder}


@pytest.mark.parametrize("options", [
    {"ladder": 7}, {"ladder": 4}, {"ladder": 22}, {"ladder": "12"}, {"ladder": True},
    {"own_side_only": 1}, {"tie_window_ms": -1}, {"tie_window_ms": 1.5},
    {"false_start": "maybe"}, {"nonsense": 1}, {"composition": []},
    {"composition": [{"card": {"color": "red", "strength": 9}, "count": 1}]},
    {"composition": [{"card": {"color": "red", "strength": 1}, "count": 0}]},
    {"composition": [{"card": {"color": "red", "strength": 1}, "count": 1},
                     {"card": {"color": "red", "strength": 1}, "count": 1}]},
    {"composition": [{"card": {"color": "red", "strength": 1}, "count": 46}]},
])
def test_bad_options_are_refused_with_a_code(options):
    with pytest.raises(SetupError) as info:
        CORE.new_game(["A", "B"], options, 1)
    assert info.value.code in ("bad_option", "unknown_option")


@pytest.mark.parametrize("players", [["A"], ["A", "B", "C"], ["A", "A"], ["A", ""], "AB",
                                     ["A", 3], ["A", "x" * 40]])
def test_bad_players_are_refused(players):
    with pytest.raises(SetupError):
        CORE.new_game(players, {}, 1)


# --- forming teams: the race ------------------------------------------------------------------
@pytest.mark.parametrize("winner,field", [("A", 6), ("B", 7)])
def test_race_winner_takes_the_barrel_to_their_start_field_and_begins(table, winner, field):
    table.start(winner)
    v = table.view
    assert v["phase"] == "tug" and v["barrel"] == field and v["turn"] == winner
    assert v["hands"] == {"A": 6, "B": 6} and v["piles"] == {"A": 14, "B": 14}


def test_race_tie_goes_to_the_tiebreak(table):
    table.do(type="race", tie=True)
    assert table.view["phase"] == "tiebreak"
    table.refuse("wrong_phase", type="race", winner="A")


def test_race_may_name_a_player_but_it_must_exist(table):
    table.refuse("unknown_player", type="race", winner="A", player="Z")
    table.refuse("unknown_player", type="race", winner="C")
    table.refuse("bad_value", type="race", tie=False)
    table.do(type="race", winner="B", player="A")
    assert table.view["turn"] == "B"


def _tiebreak(table, a, b):
    table.do(type="race", tie=True)
    return table.do(type="tiebreak", draws={"A": a, "B": b})


def test_tiebreak_higher_strength_wins(table):
    _tiebreak(table, card("green", 3), card("white", 2))
    assert table.event("tiebreak")["winner"] == "A"
    assert table.view["turn"] == "A" and table.view["barrel"] == 6


@pytest.mark.parametrize("higher,lower", [("white", "red"), ("red", "blue"), ("blue", "green")])
def test_tiebreak_equal_strength_colour_order(table, higher, lower):
    _tiebreak(table, card(lower, 2), card(higher, 2))
    assert table.event("tiebreak")["winner"] == "B"


def test_tiebreak_action_card_counts_zero_and_loses_to_a_scot_zero(table):
    _tiebreak(table, {"action": "seilriss"}, card("green", 0))
    assert table.event("tiebreak")["winner"] == "B"


def test_tiebreak_action_card_loses_to_strength_one(table):
    _tiebreak(table, card("green", 1), {"action": "adrenalin"})
    assert table.event("tiebreak")["winner"] == "A"


def test_tiebreak_all_equal_draws_again(table):
    _tiebreak(table, card("red", 2), card("red", 2))
    assert table.event("tiebreak")["winner"] is None
    assert table.view["phase"] == "tiebreak"
    table.do(type="tiebreak", draws={"A": {"action": "how_ruck"}, "B": {"action": "seilriss"}})
    assert table.view["phase"] == "tiebreak"  # two action cards: draw again
    table.do(type="tiebreak", draws={"A": NESSIE, "B": card("white", 4)})
    assert table.view["phase"] == "tug" and table.view["turn"] == "A"


def test_tiebreak_refuses_one_action_card_in_two_hands_and_missing_draws(table):
    table.do(type="race", tie=True)
    table.refuse("duplicate_action_card", type="tiebreak",
                 draws={"A": {"action": "seilriss"}, "B": {"action": "seilriss"}})
    table.refuse("missing_key", type="tiebreak", draws={"A": card("red", 1)})
    table.refuse("unknown_key", type="tiebreak",
                 draws={"A": card("red", 1), "B": card("red", 1), "C": card("red", 1)})
    table.refuse("bad_value", type="tiebreak",
                 draws={"A": {"action": "nope"}, "B": card("red", 1)})


def test_tiebreak_respects_the_box_composition():
    t = Table("howruck", ["A", "B"],
              {"composition": [{"card": card("red", 2), "count": 1}]})
    t.do(type="race", tie=True)
    t.refuse("card_not_in_box", type="tiebreak", draws={"A": card("red", 2), "B": card("red", 2)})
    t.refuse("card_not_in_box", type="tiebreak", draws={"A": card("red", 3), "B": card("red", 2)})


def test_quick_start_younger_takes_the_barrel_older_begins(table):
    table.do(type="quick_start", barrel="B", starter="A")
    v = table.view
    assert v["barrel"] == 7 and v["turn"] == "A" and v["phase"] == "tug"


def test_quick_start_needs_two_different_players_and_round_one(table):
    table.refuse("quick_start_same_player", type="quick_start", barrel="A", starter="A")
    win_round_for_a(table)  # round 2
    assert table.view["round"] == 2
    table.refuse("quick_start_round_one_only", type="quick_start", barrel="A", starter="B")


# --- placing Scot cards ---------------------------------------------------------------------
def test_colour_card_goes_on_its_colour_on_either_side(table):
    table.start("A")
    table.play("A", card("red", 3), "B", "red")
    assert table.view["fields"]["B"]["red"] == [card("red", 3)]
    table.refuse("wrong_field_color", type="play", player="B", card=card("red", 1), side="B",
                 field="blue")


def test_own_side_only_option_refuses_the_opponents_side():
    t = Table("howruck", ["A", "B"], {"own_side_only": True})
    t.start("A")
    t.refuse("own_side_only", type="play", player="A", card=card("red", 1), side="B",
             field="red")
    t.play("A", card("white", 1), "A", "blue")


@pytest.mark.parametrize("white", [card("white", 3), NESSIE])
def test_own_side_only_leaves_white_cards_on_any_of_the_six_fields(white):
    """The option is the DECISION of the red/blue/green line (rules: "Placing a Scot card");
    white cards go "on any of the six fields" at every table. The legal actions say so too."""
    t = Table("howruck", ["A", "B"], {"own_side_only": True})
    t.start("A")
    legal = t.core.legal_actions(t.state, "A")
    assert {"type": "play", "player": "A", "card": white, "side": "B", "field": "green"} \
        in legal
    assert not any(a.get("card") == card("blue", 2) and a.get("side") == "B" for a in legal)
    t.play("A", white, "B", "green")


@pytest.mark.parametrize("side", ["A", "B"])
@pytest.mark.parametrize("field", ["red", "blue", "green"])
def test_white_cards_go_on_any_of_the_six_fields(table, side, field):
    table.start("A")
    table.play("A", card("white", 4), side, field)
    assert table.view["fields"][side][field][-1]["color"] == "white"


def test_nessie_is_white_anywhere_and_must_be_white_six(table):
    table.start("A")
    table.play("A", NESSIE, "A", "green")
    table.refuse("bad_card", type="play", player="B",
                 card={"color": "red", "strength": 6, "nessie": True}, side="B", field="red")


@pytest.mark.parametrize("bad,code", [
    (card("red", 4), "strength_out_of_range"), (card("white", 5), "strength_out_of_range"),
    (card("white", 6), "strength_out_of_range"), (card("blue", -1), "strength_out_of_range"),
    ({"color": "pink", "strength": 1}, "bad_value"), ({"color": "red"}, "missing_key"),
    ({"color": "red", "strength": "2"}, "wrong_type"),
    ({"color": "red", "strength": True}, "wrong_type"),
    ({"color": "red", "strength": 2.0}, "wrong_type"),
    ({"color": "red", "strength": 2, "howruck": 1}, "wrong_type"),
    ({"color": "red", "strength": 2, "shiny": True}, "unknown_key"),
    ("red 2", "wrong_type"),
])
def test_bad_cards_are_refused(table, bad, code):
    table.start("A")
    table.refuse(code, type="play", player="A", card=bad, side="A", field="red")


def test_cards_stack_and_only_the_top_counts(table):
    table.start("A")
    table.play("A", card("red", 3), "A", "red")
    table.play("B", card("white", 0), "A", "red")
    v = table.view
    assert [c["strength"] for c in v["fields"]["A"]["red"]] == [3, 0]
    assert v["strength"]["A"] == 0 + 2 + 2


def test_hand_and_pile_after_a_play_draw_one(table):
    table.start("A")
    table.play("A", card("red", 1), "A", "red")
    assert table.view["hands"] == {"A": 6, "B": 6}
    assert table.view["piles"] == {"A": 13, "B": 14}
    assert table.view["turn"] == "B"


# --- the strength contest -------------------------------------------------------------------
def test_rulebook_example_6_against_9_moves_the_barrel_3_toward_b(table):
    table.start("A")
    table.play("A", card("blue", 1), "A", "blue")
    table.play("B", card("red", 3), "B", "red")
    table.play("A", card("green", 3), "A", "green")
    table.play("B", card("white", 4, howruck=True), "B", "green")
    contest = table.event("contest")
    assert contest["strength"] == {"A": 2 + 1 + 3, "B": 3 + 2 + 4}
    assert contest["pull"] == {"toward": "B", "by": 3}
    assert table.view["barrel"] == 6 + 3
    assert table.view["last_contest"]["barrel"] == 9


def test_empty_fields_count_two_and_equal_sides_do_not_move(table):
    table.start("A")
    table.play("A", card("red", 2, howruck=True), "A", "red")
    contest = table.event("contest")
    assert contest["strength"] == {"A": 6, "B": 6}
    assert contest["pull"] == {"toward": None, "by": 0}
    assert table.view["barrel"] == 6


def test_cards_stay_on_the_board_after_a_contest(table):
    table.start("A")
    table.play("A", card("red", 3, howruck=True), "A", "red")
    assert table.view["fields"]["A"]["red"] == [card("red", 3, howruck=True)]


def _pull(table: Table, player: str, n: int) -> None:
    """Make `player` stronger by n (fresh board assumed) with one imprinted card."""
    table.play(player, card("white", 2 + n, howruck=True), player, "red")


def test_reaching_the_goal_wins_the_barrel_at_once_and_a_new_round_starts():
    t = Table("howruck", ["A", "B"], {"ladder": 6})  # A starts on 3, goal 1
    t.start("A")
    t.play("A", card("white", 4, howruck=True), "A", "red")  # +2 toward A: 3 -> 1
    won = t.event("round_won")
    assert won == {"type": "round_won", "player": "A", "reason": "goal", "round": 1,
                   "barrels": {"A": 1, "B": 0}}
    v = t.view
    assert v["phase"] == "teams" and v["round"] == 2 and v["barrel"] is None
    assert all(not stack for side in v["fields"].values() for stack in side.values())


def test_passing_the_goal_also_wins_and_the_barrel_stops_on_the_goal():
    t = Table("howruck", ["A", "B"], {"ladder": 6})  # B starts on 4, goal 6
    t.start("B")
    t.play("B", NESSIE | {"howruck": True}, "B", "red")  # B 10 vs A 6: +4 -> passes 6
    moved = t.event("barrel_moved")
    assert moved["to"] == 6
    assert t.event("round_won")["player"] == "B"


# --- turns, empty hands, round end by halves ------------------------------------------------
def test_not_your_turn_and_wrong_phase(table):
    table.refuse("wrong_phase", type="play", player="A", card=card("red", 1), side="A",
                 field="red")
    table.start("A")
    table.refuse("not_your_turn", type="play", player="B", card=card("red", 1), side="B",
                 field="red")
    table.refuse("missing_key", type="play", card=card("red", 1), side="B", field="red")


def test_piles_run_out_then_hands_shrink_and_the_empty_hand_is_skipped(table):
    table.start("B")
    play_filler(table, 28)  # 14 plays each: both piles empty, hands still 6
    assert table.view["piles"] == {"A": 0, "B": 0}
    assert table.view["hands"] == {"A": 6, "B": 6}
    play_filler(table, 11)  # B has played 6 more, A 5
    assert table.view["hands"] == {"A": 1, "B": 0}
    assert table.view["turn"] == "A"
    table.play("A", card("green", 0), "A", "green")
    # both hands empty: the barrel stands on 7, B's half
    assert table.event("hands_empty")["barrel"] == 7
    assert table.event("round_won") == {"type": "round_won", "player": "B", "reason": "half",
                                        "round": 1, "barrels": {"A": 0, "B": 1}}


def test_a_player_with_an_empty_hand_is_skipped_and_the_other_plays_on(table):
    table.start("A")
    play_filler(table, 28)
    play_filler(table, 11)  # A: 0, B: 1
    assert table.view["hands"] == {"A": 0, "B": 1} and table.view["turn"] == "B"
    # With one card left each way, playing on alone: the turn stays with the holder.
    t = Table("howruck", ["A", "B"])
    t.start("A")
    play_filler(t, 28)
    for _ in range(6):  # A plays out its hand while B plays, then B alone
        t.play("A", card("green", 0), "A", "green")
        if t.view["hands"]["B"]:
            t.play("B", card("green", 0), "B", "green")
    assert t.view["phase"] == "teams"  # the round ended with both hands empty
    assert t.event("round_won")["player"] == "A"  # barrel on 6: A's half


def test_the_player_left_holding_cards_plays_on_alone_after_a_fieser_trick(table):
    """Fieser Trick leaves the victim one card short for the rest of the round, so near its
    end that player's hand is empty first: skipped, while the other plays on alone."""
    table.start("A")
    table.play("A", card("green", 0), "A", "green")  # A: 18 cards to come after this
    table.act("B", "fieser_trick", take={"card": card("red", 0), "side": "B", "field": "red"})
    assert table.view["hands"] == {"A": 5, "B": 6} and table.view["piles"] == {"A": 13, "B": 13}
    play_filler(table, 35)  # A plays its last 18, B 17 of its 19
    assert table.view["hands"] == {"A": 0, "B": 2} and table.view["turn"] == "B"
    table.play("B", card("green", 0), "B", "green")
    assert table.event("skipped") == {"type": "skipped", "player": "A"}
    assert table.view["phase"] == "tug" and table.view["turn"] == "B"
    assert table.view["hands"] == {"A": 0, "B": 1}
    table.play("B", card("green", 0), "B", "green")
    assert table.event("round_won")["reason"] == "half"  # now both hands are empty


def test_first_to_three_barrels_wins_the_game_and_nothing_more_is_accepted(table):
    for _ in range(3):
        win_round_for_a(table)
    assert table.view["phase"] == "over" and table.view["winner"] == "A"
    assert table.view["turn"] is None  # the winning play passes the turn to nobody
    assert table.event("game_won")["player"] == "A"
    table.refuse("game_over", type="race", winner="B")
    assert table.core.legal_actions(table.state) == []
