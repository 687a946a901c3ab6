"""How Ruck!: the race entered as press times, the cards set aside in a tie-break, and the card
taken with Fieser Trick (shared/rules/howruck.md, the tie-break and Fieser Trick lines)."""

from __future__ import annotations

import random

import pytest
from helpers import NESSIE, Table, card

from companion.i18n import message
from companion.race import Edge, RaceArbiter


# --- the race as press times ----------------------------------------------------------------
def race(table: Table, **presses: list[int]) -> dict:
    table.do(type="race", presses=presses)
    return table.event("race")


def test_earliest_valid_press_wins_whatever_the_order_it_is_listed_in(table):
    e = race(table, B=[40_300], A=[20_200])
    assert e["winner"] == "A" and e["margin_us"] == 20_100 and "tie" not in e
    assert table.view["turn"] == "A" and table.view["phase"] == "tug"


def test_presses_are_stored_sorted_so_the_log_reads_the_same_whatever_their_order(table):
    outcome = table.core.apply(table.state, {"type": "race", "presses": {"B": [90_000, 30_000],
                                                                          "A": [15_000]}})
    assert outcome.action == {"type": "race", "presses": {"B": [30_000, 90_000],
                                                          "A": [15_000]}}
    assert outcome.events[0]["winner"] == "A" and outcome.events[0]["margin_us"] == 15_000


@pytest.mark.parametrize("gap_us,tie", [(10_000, True), (10_001, False), (0, True)])
def test_tie_window_is_inclusive(table, gap_us, tie):
    e = race(table, A=[5_000], B=[5_000 + gap_us])
    assert e.get("tie", False) is tie and e["margin_us"] == gap_us
    assert e["reason"] == ("tie" if tie else "press")
    assert table.view["phase"] == ("tiebreak" if tie else "tug")


@pytest.mark.parametrize("gap_us,tie", [(0, True), (1, False)])
def test_window_zero_ties_only_the_same_microsecond(gap_us, tie):
    t = Table("howruck", ["A", "B"], {"tie_window_ms": 0})
    e = race(t, A=[70_000 + gap_us], B=[70_000])
    assert e.get("tie", False) is tie
    if not tie:
        assert e["winner"] == "B" and e["margin_us"] == 1


def test_later_presses_of_a_player_are_bounces(table):
    # B's first press decides B's time; B's later presses never make B earlier than A.
    e = race(table, A=[20_000, 20_400, 21_000], B=[35_000, 19_999_000])
    assert e["winner"] == "A" and e["margin_us"] == 15_000


def test_false_starts_are_ignored_by_default(table):
    e = race(table, A=[-3_000, 45_000], B=[30_000])
    assert e["winner"] == "B" and e["false_starts"] == ["A"] and e["margin_us"] == 15_000


def test_false_starters_are_listed_in_order_whatever_order_the_presses_come_in(table):
    e = race(table, B=[-2_000, 30_000], A=[-5_000, 45_000])
    assert e["winner"] == "B" and e["false_starts"] == ["A", "B"]


def test_a_false_start_forfeits_with_the_option():
    t = Table("howruck", ["A", "B"], {"false_start": "forfeit"})
    e = race(t, A=[-3_000, 10], B=[30_000])
    assert e["winner"] == "B" and e["reason"] == "false_start"


def test_both_false_started_the_earlier_forfeits():
    t = Table("howruck", ["A", "B"], {"false_start": "forfeit"})
    e = race(t, A=[-1_000], B=[-2_000])
    assert e["winner"] == "A" and e["false_starts"] == ["A", "B"]


def test_both_false_started_and_ignored_is_no_valid_press(table):
    table.refuse("no_valid_press", type="race", presses={"A": [-5], "B": [-9]})
    table.refuse("no_valid_press", type="race", presses={})
    table.refuse("no_valid_press", type="race", presses={"A": []})


def test_a_single_valid_press_wins_without_a_margin(table):
    e = race(table, B=[123_456])
    assert e["winner"] == "B" and e["margin_us"] is None


@pytest.mark.parametrize("presses,code", [
    ([], "wrong_type"),
    ({"A": 5}, "wrong_type"),
    ({"A": [1.5]}, "wrong_type"),
    ({"A": [True]}, "wrong_type"),
    ({"A": ["1"]}, "wrong_type"),
    ({"C": [1]}, "unknown_key"),
    ({"A": [10 ** 20]}, "bad_value"),
    ({"A": list(range(1001))}, "bad_value"),
])
def test_malformed_presses_are_refused_with_a_code(table, presses, code):
    table.refuse(code, type="race", presses=presses)


def test_presses_beside_a_bare_result_are_refused(table):
    table.refuse("unknown_key", type="race", presses={"A": [1]}, winner="A")


def test_the_bare_forms_keep_working(table):
    table.do(type="race", tie=True)
    assert table.view["phase"] == "tiebreak"


def test_the_core_decides_as_the_daemons_arbiter_does_for_random_races():
    """Random presses (float seconds on a host clock) decided by the daemon's arbiter and the
    presses it enters decided again by the core: the same result, every time."""
    rng = random.Random(13)
    for _ in range(400):
        options = {"tie_window_ms": rng.choice([0, 1, 10, 25]),
                   "false_start": rng.choice(["ignore", "forfeit"])}
        arbiter = RaceArbiter(("A", "B"), options["tie_window_ms"] / 1000,
                              options["false_start"], 0.05)
        signal = 1000.0 + rng.random()
        arbiter.start(signal)
        for player in ("A", "B"):
            for _ in range(rng.randint(0, 3)):
                arbiter.feed(Edge(player, signal + rng.uniform(-0.02, 0.05)))
        decision = arbiter.decide(signal + 10)
        t = Table("howruck", ["A", "B"], options)
        if decision is None:
            t.refuse("no_valid_press", **decision_free_action(arbiter))
            continue
        t.do(**decision.action())
        e = t.event("race")
        assert e.get("winner") == decision.winner and e.get("tie", False) == decision.tie
        assert e["margin_us"] == decision.margin_us


def decision_free_action(arbiter: RaceArbiter) -> dict:
    """The presses an undecided race saw (all false starts, ignored), as the action form."""
    signal = arbiter.signal_t
    return {"type": "race", "presses": {p: sorted(round((t - signal) * 1e6) for t in ts)
                                        for p, ts in arbiter.pressed.items()}}


# --- the tie-break: cards from the 15 set aside ------------------------------------------
def tie(table: Table) -> None:
    table.do(type="race", tie=True)


def test_action_cards_drawn_twice_in_a_tiebreak_cannot_be_played_that_round(table):
    tie(table)
    table.do(type="tiebreak", draws={"A": {"action": "adrenalin"}, "B": {"action": "seilriss"}})
    assert table.view["phase"] == "tiebreak"
    table.do(type="tiebreak", draws={"A": {"action": "how_ruck"},
                                     "B": {"action": "mucho_macho"}})
    assert table.view["phase"] == "tiebreak"
    table.do(type="tiebreak", draws={"A": card("red", 3), "B": card("red", 1)})
    assert table.view["turn"] == "A"
    assert table.view["set_aside"] == [
        {"action": "adrenalin"}, {"action": "seilriss"}, {"action": "how_ruck"},
        {"action": "mucho_macho"}, card("red", 3), card("red", 1)]
    for kind in ("adrenalin", "seilriss", "how_ruck", "mucho_macho"):
        table.refuse("action_card_set_aside", type="action", player="A", card=kind, forgo=True)
    offered = {a["card"] for a in table.core.legal_actions(table.state) if a["type"] == "action"}
    assert offered.isdisjoint({"adrenalin", "seilriss", "how_ruck", "mucho_macho"})
    assert "verstaerkung" in offered
    table.do(type="action", player="A", card="verstaerkung", forgo=True)  # others still play


def test_a_redraw_takes_new_cards_an_action_card_cannot_be_drawn_twice(table):
    tie(table)
    table.do(type="tiebreak", draws={"A": {"action": "adrenalin"}, "B": {"action": "seilriss"}})
    table.refuse("card_set_aside", type="tiebreak",
                 draws={"A": {"action": "seilriss"}, "B": card("red", 1)})
    table.refuse("card_set_aside", type="tiebreak",
                 draws={"A": card("red", 1), "B": {"action": "adrenalin"}})
    legal = table.core.legal_actions(table.state)
    assert all(d != {"action": "adrenalin"} and d != {"action": "seilriss"}
               for a in legal for d in a["draws"].values())


def test_set_aside_cards_return_to_play_in_the_next_round(table):
    tie(table)
    table.do(type="tiebreak", draws={"A": card("red", 3), "B": {"action": "verstaerkung"}})
    table.play("A", card("white", 4, howruck=True), "A", "red")  # 8 vs 6: 6 -> 4
    table.do(type="action", player="B", card="seilriss", forgo=True)
    table.do(type="action", player="A", card="adrenalin")  # 4 -> 2
    table.do(type="action", player="B", card="how_ruck", forgo=True)
    table.play("A", card("white", 4, howruck=True), "A", "blue")  # 10 vs 6: 2 -> 1, goal
    assert table.view["round"] == 2 and table.view["set_aside"] == []
    table.start("A")
    table.do(type="action", player="A", card="verstaerkung")


def test_with_a_composition_a_single_copy_drawn_in_the_tiebreak_counts_as_seen():
    one = card("blue", 2)
    t = Table("howruck", ["A", "B"], {"composition": [{"card": one, "count": 1},
                                                       {"card": card("red", 2), "count": 2}]})
    tie(t)
    t.do(type="tiebreak", draws={"A": one, "B": card("red", 2)})
    assert t.event("tiebreak")["winner"] == "B"  # equal strength: red above blue
    # refused for where the copy is: with the cards set aside, not played
    t.refuse("card_drawn_in_tiebreak", type="play", player="B", card=one, side="B",
             field="blue")
    t.play("B", card("red", 2), "B", "red")  # one red 2 left in the box
    t.refuse("card_drawn_in_tiebreak", type="play", player="A", card=card("red", 2), side="A",
             field="red")


def test_with_a_composition_a_card_played_out_is_exhausted_and_one_drawn_is_set_aside():
    three = card("red", 3)
    t = Table("howruck", ["A", "B"], {"composition": [{"card": three, "count": 1}]})
    tie(t)
    t.do(type="tiebreak", draws={"A": three, "B": {"action": "seilriss"}})
    refusal = t.refuse("card_drawn_in_tiebreak", type="play", player="A", card=three,
                       side="A", field="red")
    assert refusal.params == {"card": three}
    assert message(refusal.code, refusal.params, "nl") == (
        "Rood 3 is bij de beslissing getrokken en ligt deze ronde apart; een ander exemplaar "
        "is er niet.")
    blue = card("blue", 1)
    t = Table("howruck", ["A", "B"], {"composition": [{"card": blue, "count": 1}]})
    t.start("A")
    t.play("A", blue, "A", "blue")
    t.refuse("card_exhausted", type="play", player="B", card=blue, side="B", field="blue")


def test_a_redraw_cannot_show_a_card_whose_copies_are_all_set_aside():
    two = card("red", 2)
    t = Table("howruck", ["A", "B"], {"composition": [{"card": two, "count": 2},
                                                       {"card": card("red", 1), "count": 1}]})
    tie(t)
    t.do(type="tiebreak", draws={"A": two, "B": two})  # equal: draw again, with new cards
    assert t.view["phase"] == "tiebreak"
    t.refuse("card_drawn_in_tiebreak", type="tiebreak",
             draws={"A": two, "B": {"action": "seilriss"}})
    t.refuse("card_not_in_box", type="tiebreak", draws={"A": card("red", 1),
                                                        "B": card("red", 1)})
    legal = t.core.legal_actions(t.state)
    assert all(d != two for a in legal for d in a["draws"].values())
    t.do(type="tiebreak", draws={"A": card("red", 1), "B": {"action": "seilriss"}})
    assert t.view["turn"] == "A"


# --- Fieser Trick -------------------------------------------------------------------------
def test_fieser_trick_a_taken_scot_card_must_be_placed_not_discarded(table):
    table.start("A")
    table.refuse("taken_card_must_be_placed", type="action", player="A", card="fieser_trick",
                 take={"card": card("red", 2), "discard": True})
    table.refuse("taken_card_must_be_placed", type="action", player="A", card="fieser_trick",
                 take={"card": NESSIE, "discard": True})
    legal = table.core.legal_actions(table.state)
    assert not any("discard" in a.get("take", {}) for a in legal)
    table.do(type="action", player="A", card="fieser_trick",
             take={"card": card("red", 2), "side": "B", "field": "red"})
    assert table.view["fields"]["B"]["red"] == [card("red", 2)]


def test_fieser_trick_own_side_only_still_places_a_taken_scot_card():
    t = Table("howruck", ["A", "B"], {"own_side_only": True})
    t.start("B")
    t.refuse("taken_card_must_be_placed", type="action", player="B", card="fieser_trick",
             take={"card": card("green", 0), "discard": True})
    t.do(type="action", player="B", card="fieser_trick",
         take={"card": card("green", 0), "side": "B", "field": "green"})


def test_fieser_trick_a_taken_action_card_is_played_as_the_takers_or_forgone(table):
    table.start("A")
    table.do(type="action", player="A", card="fieser_trick",
             take={"action": "adrenalin", "forgo": True})
    assert table.view["barrel"] == 6  # forgone: no pull
    table.play("B", card("red", 1), "B", "red")
    table.refuse("action_already_played", type="action", player="A", card="adrenalin")


def test_fieser_trick_cannot_take_an_action_card_set_aside_in_the_tiebreak(table):
    tie(table)
    table.do(type="tiebreak", draws={"A": card("red", 3), "B": {"action": "adrenalin"}})
    table.refuse("action_card_set_aside", type="action", player="A", card="fieser_trick",
                 take={"action": "adrenalin", "forgo": True})
