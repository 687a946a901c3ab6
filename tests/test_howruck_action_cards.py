"""How Ruck!: the ten action cards, the box composition and the shape of actions."""

from __future__ import annotations

import pytest
from helpers import NESSIE, Table, card, play_filler, win_round_for_a

from companion.rules import get_core

CORE = get_core("howruck")


# --- action cards ------------------------------------------------------------------------------
def test_adrenalin_pulls_two_toward_the_player(table):
    table.start("B")
    table.act("B", "adrenalin")
    assert table.view["barrel"] == 9
    assert table.view["actions_played"] == ["adrenalin"]
    assert table.view["hands"]["B"] == 6 and table.view["piles"]["B"] == 13


def test_adrenalin_reaching_the_goal_wins_the_round():
    t = Table("howruck", ["A", "B"], {"ladder": 6})
    t.start("A")  # barrel 3
    t.act("A", "adrenalin")  # 3 -> 1: A's goal
    assert t.event("round_won")["player"] == "A"


def test_every_action_card_once_per_round_but_again_next_round(table):
    table.start("A")
    table.act("A", "adrenalin", forgo=True)
    table.refuse("action_already_played", type="action", player="B", card="adrenalin")
    t = Table("howruck", ["A", "B"])
    win_round_for_a(t)
    t.start("B")
    t.act("B", "adrenalin")  # a new round: the card is back in the teams
    assert t.view["actions_played"] == ["adrenalin"]


def test_forgoing_an_action_discards_it_without_effect(table):
    table.start("A")
    table.act("A", "seilriss", forgo=True)
    assert table.view["barrel"] == 6 and table.view["turn"] == "B"
    assert table.view["hands"]["A"] == 6 and table.view["piles"]["A"] == 13
    table.refuse("unknown_key", type="action", player="B", card="und_tschuess", forgo=True,
                 value=3)


def test_how_ruck_action_is_a_contest_at_once(table):
    table.start("A")
    table.play("A", card("red", 3), "A", "red")
    table.act("B", "how_ruck")
    assert table.event("contest")["pull"] == {"toward": "A", "by": 1}
    assert table.view["barrel"] == 5


def test_schwach_gewinnt_lets_the_weaker_side_pull(table):
    table.start("A")
    table.play("A", card("red", 3), "A", "red")  # A 7, B 6
    table.act("B", "schwach_gewinnt")
    assert table.event("contest")["pull"] == {"toward": "B", "by": 1}
    assert table.view["barrel"] == 7


def test_seilriss_returns_the_barrel_to_the_players_start_field(table):
    table.start("A")
    table.play("A", card("white", 4, howruck=True), "A", "red")  # 8 vs 6: 6 -> 4
    table.act("B", "seilriss")
    assert table.view["barrel"] == 7
    assert table.view["turn"] == "A"
    assert table.view["hands"] == {"A": 6, "B": 6}


def test_mucho_macho_discards_top_women_one_layer_but_not_nessie_or_men(table):
    table.start("A")
    table.play("A", card("white", 3), "A", "red")
    table.play("B", card("white", 1), "A", "red")  # A red: w3, w1
    table.play("A", NESSIE, "B", "blue")
    table.play("B", card("green", 3), "B", "green")
    table.play("A", card("white", 0), "B", "red")
    table.act("B", "mucho_macho")
    f = table.view["fields"]
    assert f["A"]["red"] == [card("white", 3)]  # uncovered woman stays
    assert f["B"]["blue"] == [NESSIE] and f["B"]["green"] == [card("green", 3)]
    assert f["B"]["red"] == []
    assert len(table.event("cleared")["cards"]) == 2


def test_und_tschuess_discards_top_cards_of_the_named_value_on_both_sides(table):
    table.start("A")
    table.play("A", card("red", 2), "A", "red")
    table.play("B", card("blue", 2), "A", "blue")
    table.play("A", card("green", 1), "B", "green")
    table.play("B", card("green", 2), "B", "green")  # B green: g1, g2
    table.act("A", "und_tschuess", value=2)
    f = table.view["fields"]
    assert f["A"]["red"] == [] and f["A"]["blue"] == []
    assert f["B"]["green"] == [card("green", 1)]  # one layer


def test_und_tschuess_value_must_be_a_strength(table):
    table.start("A")
    table.refuse("bad_value", type="action", player="A", card="und_tschuess", value=7)
    table.refuse("wrong_type", type="action", player="A", card="und_tschuess", value="2")
    table.refuse("missing_key", type="action", player="A", card="und_tschuess")
    table.refuse("unknown_key", type="action", player="A", card="adrenalin", value=2)


def test_seitenwechsel_moves_a_top_card_to_the_same_field_on_the_other_side(table):
    table.start("A")
    table.play("A", card("white", 4), "B", "red")  # white lying on B's red
    table.act("B", "seitenwechsel", **{"from": "B", "field": "red"})
    f = table.view["fields"]
    assert f["B"]["red"] == [] and f["A"]["red"] == [card("white", 4)]


def test_seitenwechsel_moves_a_white_card_to_the_field_it_lay_on_and_starts_no_contest(table):
    """Rules DECISION: a white card lying on green goes to the other side's green (not to
    some fixed field), and moving a How Ruck imprint is not placing it: no contest."""
    table.start("A")
    table.play("A", card("white", 1, howruck=True), "B", "green")  # placed: A 6, B 5
    assert table.view["barrel"] == 5
    events = table.act("B", "seitenwechsel", **{"from": "B", "field": "green"})
    f = table.view["fields"]
    assert f["B"]["green"] == [] and f["A"]["green"] == [card("white", 1, howruck=True)]
    assert f["A"]["red"] == [] and f["A"]["blue"] == []
    assert [e["type"] for e in events if e["type"] in ("contest", "barrel_moved")] == []
    assert table.view["barrel"] == 5  # A 5 against B 6 now, but nobody pulled


def test_seitenwechsel_from_an_empty_field_is_refused(table):
    table.start("A")
    table.refuse("field_empty", type="action", player="A", card="seitenwechsel",
                 **{"from": "B", "field": "green"})


def test_seitenwechsel_from_own_side_to_the_opponent(table):
    table.start("A")
    table.play("A", card("green", 3), "A", "green")
    table.play("B", card("green", 0), "A", "green")  # A green: g3, g0
    table.act("A", "seitenwechsel", **{"from": "A", "field": "green"})
    f = table.view["fields"]
    assert f["A"]["green"] == [card("green", 3)] and f["B"]["green"] == [card("green", 0)]


def test_ungeheuerlich_wins_the_round_when_nessie_tops_the_opponents_side(table):
    table.start("A")
    table.play("A", card("red", 1), "A", "red")
    table.play("B", NESSIE, "B", "blue")
    table.act("A", "ungeheuerlich")
    won = table.event("round_won")
    assert won["player"] == "A" and won["reason"] == "ungeheuerlich"


def test_ungeheuerlich_has_no_effect_on_covered_or_own_nessie(table):
    table.start("A")
    table.play("A", NESSIE, "A", "blue")  # on A's own side
    table.play("B", NESSIE, "B", "red")
    table.play("A", card("red", 0), "B", "red")  # covers B's Nessie
    table.act("B", "ungeheuerlich")  # A's Nessie is on top: B wins
    assert table.event("round_won")["player"] == "B"
    t = Table("howruck", ["A", "B"])
    t.start("A")
    t.play("A", NESSIE, "B", "red")
    t.play("B", card("red", 0), "B", "red")
    t.act("A", "ungeheuerlich")
    assert t.event("no_effect")["card"] == "ungeheuerlich"
    assert t.view["phase"] == "tug"


def test_verstaerkung_takes_three_and_the_hand_stays_three_larger(table):
    table.start("A")
    table.act("A", "verstaerkung")
    assert table.view["hands"]["A"] == 9 and table.view["piles"]["A"] == 10
    table.play("B", card("red", 0), "B", "red")
    table.play("A", card("red", 0), "A", "red")
    assert table.view["hands"]["A"] == 9


def test_verstaerkung_takes_fewer_when_the_pile_is_short(table):
    table.start("A")
    play_filler(table, 26)  # A: 13 plays, pile 1
    assert table.view["piles"]["A"] == 1
    table.act("A", "verstaerkung")
    assert table.event("reinforced")["cards"] == 1
    assert table.view["hands"]["A"] == 6 and table.view["piles"]["A"] == 0


def test_fieser_trick_plays_the_opponents_card_as_your_own(table):
    table.start("A")
    table.act("A", "fieser_trick",
              take={"card": card("blue", 3, howruck=True), "side": "A", "field": "blue"})
    v = table.view
    assert v["fields"]["A"]["blue"] == [card("blue", 3, howruck=True)]
    assert table.event("contest")["pull"] == {"toward": "A", "by": 1}
    assert v["hands"] == {"A": 6, "B": 5}  # B draws no replacement
    assert v["piles"] == {"A": 13, "B": 14}
    table.play("B", card("red", 0), "B", "red")
    assert table.view["hands"]["B"] == 5  # plays on with one card fewer


def test_fieser_trick_taking_an_action_card_carries_it_out(table):
    table.start("A")
    table.act("A", "fieser_trick", take={"action": "adrenalin"})
    assert table.view["barrel"] == 4
    assert table.view["actions_played"] == ["fieser_trick", "adrenalin"]
    table.refuse("action_already_played", type="action", player="B", card="adrenalin")


def test_fieser_trick_taken_action_parameters_and_discard(table):
    table.start("A")
    table.refuse("missing_key", type="action", player="A", card="fieser_trick",
                 take={"action": "und_tschuess"})
    table.refuse("action_already_played", type="action", player="A", card="fieser_trick",
                 take={"action": "fieser_trick"})
    table.refuse("taken_card_must_be_placed", type="action", player="A", card="fieser_trick",
                 take={"card": card("red", 2), "discard": True})
    table.refuse("strength_out_of_range", type="action", player="A", card="fieser_trick",
                 take={"card": card("red", 9), "discard": True})


def test_fieser_trick_needs_a_card_in_the_opponents_hand(table):
    table.start("A")
    play_filler(table, 28)
    play_filler(table, 11)  # A: 0 cards, B: 1, B to play
    table.refuse("opponent_hand_empty", type="action", player="B", card="fieser_trick",
                 take={"card": card("red", 1), "side": "B", "field": "red"})
    table.act("B", "fieser_trick", forgo=True)


def test_fieser_trick_placement_follows_the_takers_rules():
    t = Table("howruck", ["A", "B"], {"own_side_only": True})
    t.start("A")
    t.refuse("own_side_only", type="action", player="A", card="fieser_trick",
             take={"card": card("red", 1), "side": "B", "field": "red"})
    t.refuse("wrong_field_color", type="action", player="A", card="fieser_trick",
             take={"card": card("red", 1), "side": "A", "field": "green"})


# --- box composition ------------------------------------------------------------------------
def test_composition_refuses_a_card_beyond_its_copies_this_round():
    comp = [{"card": card("red", 2), "count": 2}, {"card": card("green", 0), "count": 40}]
    t = Table("howruck", ["A", "B"], {"composition": comp})
    t.start("A")
    t.play("A", card("red", 2), "A", "red")
    t.play("B", card("red", 2), "B", "red")
    t.refuse("card_exhausted", type="play", player="A", card=card("red", 2), side="A",
             field="red")
    t.refuse("card_not_in_box", type="play", player="A", card=card("red", 3), side="A",
             field="red")
    t.refuse("card_exhausted", type="action", player="A", card="fieser_trick",
             take={"card": card("red", 2), "side": "A", "field": "red"})


def test_composition_counts_start_again_each_round():
    comp = [{"card": card("white", 4, howruck=True), "count": 1},
            {"card": card("red", 0), "count": 40}]
    t = Table("howruck", ["A", "B"], {"composition": comp, "ladder": 6})
    t.start("A")
    t.play("A", card("white", 4, howruck=True), "A", "red")  # 3 -> 1: round won
    assert t.view["round"] == 2
    t.start("A")
    t.play("A", card("white", 4, howruck=True), "A", "red")


# --- shape of actions ----------------------------------------------------------------------
@pytest.mark.parametrize("action,code", [
    ([], "action_not_object"), ("race", "action_not_object"), (None, "action_not_object"),
    ({}, "unknown_action_type"), ({"type": "dance"}, "unknown_action_type"),
    ({"type": 3}, "unknown_action_type"),
    ({"type": "race", "winner": "A", "extra": 1}, "unknown_key"),
    ({"type": "race", "winner": 1}, "wrong_type"),
    ({"type": "race"}, "missing_key"),
])
def test_malformed_actions_are_refused_with_a_code(table, action, code):
    before = table.view
    with pytest.raises(Exception) as info:
        CORE.apply(table.state, action)
    assert info.value.code == code
    assert table.view == before


FIESER = {"type": "action", "player": "A", "card": "fieser_trick"}


@pytest.mark.parametrize("action,code,params", [
    ({"type": "play", "player": "A", "card": card("red", 1), "side": "A", "field": "red",
      "zz": 1}, "unknown_key", {"key": "zz", "where": "action"}),
    ({**FIESER, "take": "red"}, "wrong_type", {"key": "take", "expected": "object"}),
    ({**FIESER, "take": {"action": "adrenalin", "forgo": False, "zz": 1}}, "unknown_key",
     {"key": "zz", "where": "take"}),
    ({**FIESER, "take": {"card": card("red", 2), "discard": True, "zz": 1}}, "unknown_key",
     {"key": "zz", "where": "take"}),
    ({**FIESER, "take": {"card": card("red", 2), "discard": "yes"}}, "wrong_type",
     {"key": "discard", "expected": "boolean"}),
    ({**FIESER, "take": {"card": card("red", 2), "side": "A", "field": "red", "zz": 1}},
     "unknown_key", {"key": "zz", "where": "take"}),
    ({"type": "action", "player": "A", "card": "und_tschuess", "value": -1}, "bad_value",
     {"key": "value", "value": -1, "min": 0, "max": 6}),
    ({"type": "action", "player": "A", "card": "und_tschuess", "forgo": True, "value": 3},
     "unknown_key", {"key": "value", "where": "forgo"}),
])
def test_a_plays_or_action_cards_malformed_parameters_are_refused_saying_which(
        table, action, code, params):
    table.start("A")
    assert table.refuse(code, **action).params == params
