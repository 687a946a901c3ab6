"""Stramash moves where test_stramash_rules.py had not looked: entering the castle at the ends
of the count (rules: "the exact count to a free hole ... without jumping an own laddie") and
which laddie a card may move, played through the actions on the default board with three
players (54 squares; Ann starts on 0, her castle turns off after square 53)."""

from __future__ import annotations

from helpers import Track

TO_50 = ("10",) * 5


def test_the_last_hole_is_entered_with_the_exact_count():
    t = Track().run("Ann", 0, *TO_50, "2")  # on 52
    t.turn_of("Ann").play("6", laddie=0)  # 53, then holes 1 to 5
    assert t.at("Ann", 0) == {"castle": 5}


def test_an_own_laddie_on_the_first_or_last_square_before_the_turn_off_bars_the_castle():
    for ahead in ("A", "3"):  # on 51, the next square; on 53, the last
        t = Track().run("Ann", 1, *TO_50, ahead).run("Ann", 0, *TO_50)
        t.turn_of("Ann").refuse_play("own_laddie_in_the_way", "6", laddie=0)
        assert t.at("Ann", 0) == {"track": 50}


def test_an_own_laddie_on_the_start_square_does_not_bar_the_castle():
    t = Track().run("Ann", 0, *TO_50).run("Ann", 1)  # 50, and one on the start square 0
    t.turn_of("Ann").play("6", laddie=0)
    assert t.at("Ann", 0) == {"castle": 3}


def test_a_laddie_in_its_dock_cannot_move_forward_or_back():
    t = Track().run("Ann", 0, "3")
    info = t.turn_of("Ann").refuse_play("laddie_in_dock", "5", laddie=1)
    assert info.params == {"laddie": 1}
    info = t.refuse_play("laddie_not_on_track", "8", laddie=1)
    assert info.params == {"laddie": 1}


def test_only_a_laddie_in_its_dock_is_brought_in():
    t = Track().run("Ann", 0, "3")
    info = t.turn_of("Ann").refuse_play("laddie_not_in_dock", "K", laddie=0, enter=True)
    assert info.params == {"laddie": 0}
    assert t.at("Ann", 0) == {"track": 3}


def test_each_player_turns_off_into_the_castle_before_their_own_start_square():
    """Bob starts on 18: fifty squares on he is on 14, and a 6 takes him into hole 3."""
    t = Track().run("Bob", 0, *TO_50)
    assert t.at("Bob", 0) == {"track": 14}
    t.turn_of("Bob").play("6", laddie=0)
    assert t.at("Bob", 0) == {"castle": 3}
