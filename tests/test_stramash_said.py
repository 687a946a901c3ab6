"""Stramash: what the core tells and offers where test_stramash_rules.py had not looked, on
the real core (games played through their actions, three players, 54 squares): a discard's
event, the view's last, the winning play's events and its listed result, the 8s and the 7's
splits offered, and what a new game refuses."""

from __future__ import annotations

import pytest
from helpers import Track

from companion.rules import SetupError, get_core

CORE = get_core("stramash")


def test_a_discard_and_a_play_are_told():
    t = Track()
    outcome = CORE.apply(t.state, {"type": "discard", "player": "Ann", "card": "5"})
    assert outcome.events == [{"type": "discarded", "player": "Ann", "card": "5"}]
    assert CORE.view(outcome.state)["last"] == {"type": "discard", "player": "Ann", "card": "5"}
    t.turn_of("Ann").play("A", laddie=0, enter=True)
    assert t.view["last"] == {"type": "play", "player": "Ann", "card": "A", "laddie": 0,
                              "enter": True}
    t.refuse("unknown_key", type="discard", player="Bob", card="5", laddie=0)
    assert t.view["actions"] == 1  # the play; a refusal is no action
    assert CORE.legal_actions(t.state, "Cat") == [] and CORE.legal_actions(t.state, "Bob")


def test_the_winning_play_is_told_and_listed_with_what_it_moves():
    """Ann's laddies walk into holes 5 to 2 and the last to square 53: an ace wins."""
    t = Track()
    for laddie, cards in enumerate((("10",) * 4 + ("9", "9"), ("10",) * 4 + ("6", "2", "9"),
                                    ("10",) * 5 + ("6",), ("10",) * 5 + ("5",),
                                    ("10",) * 5 + ("3",))):
        t.run("Ann", laddie, *cards)
    assert t.view["laddies"]["Ann"] == [{"castle": 5}, {"castle": 4}, {"castle": 3},
                                        {"castle": 2}, {"track": 53}]
    assert CORE.view_score(t.view) == {"Ann": 4, "Bob": 0, "Cat": 0}
    t.turn_of("Ann")
    results = CORE.play_results(t.state, CORE.legal_actions(t.state))
    assert [r["moves"] for r in results if r["action"]["card"] == "A"] == [
        [["Ann", 4, {"track": 53}, {"castle": 1}]]]
    t.play("A", laddie=4)
    assert t.events[-1] == {"type": "game_won", "player": "Ann"}
    assert (t.view["turn"], t.view["winner"]) == (None, "Ann")
    assert t.view["moving_for"] == {"Ann": "Ann", "Bob": "Bob", "Cat": "Cat"}


def test_an_eight_that_can_go_back_is_offered_not_discarded():
    t = Track().run("Ann", 0, "10").turn_of("Ann")
    eights = [a for a in CORE.legal_actions(t.state) if a["card"] == "8"]
    assert eights == [{"type": "play", "player": "Ann", "card": "8", "laddie": 0}]


def test_a_seven_is_offered_split_every_way_the_board_allows():
    """Ann on 10 and 8: splits from 1+6 to 6+1, the second part moving on the board the
    first part left (8 + 4 passes 10 only once the laddie on 10 has gone 3 on); none jumps
    or lands on the other laddie."""
    t = Track().run("Ann", 0, "10").run("Ann", 1, "6", "2").turn_of("Ann")
    assert (t.at("Ann", 0), t.at("Ann", 1)) == ({"track": 10}, {"track": 8})
    splits = [a["split"] for a in CORE.legal_actions(t.state) if "split" in a]
    assert splits == [[[0, 3], [1, 4]], [[0, 4], [1, 3]], [[0, 5], [1, 2]], [[0, 6], [1, 1]],
                      [[1, 1], [0, 6]]]
    t.play("7", split=[[0, 3], [1, 4]])
    assert (t.at("Ann", 0), t.at("Ann", 1)) == ({"track": 13}, {"track": 12})


@pytest.mark.parametrize("players, options, code", [
    (["Ann"], {}, "bad_player_count"), (list("ABCDEFG"), {}, "bad_player_count"),
    (list("ABCD"), {"pairs": "yes"}, "bad_option")])
def test_a_new_game_takes_two_to_six_players_and_pairs_true_or_false(players, options, code):
    with pytest.raises(SetupError) as info:
        CORE.new_game(players, options, 1)
    assert info.value.code == code
    v = Track(list("ABCDEF")).view
    assert (v["game"], v["players"], v["squares_per_mashie"], v["pairs"], v["seed"]) == \
        ("stramash", list("ABCDEF"), 18, False, 7)
    assert v["board"] == {"name": v["board"]["name"], "squares_per_mashie": 18,
                          "castle_holes": 5, "two_player_mashies": 4, "two_player_seats": [0, 2]}
