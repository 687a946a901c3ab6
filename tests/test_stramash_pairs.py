"""Stramash in pairs: where a laddie landed on goes and whose laddies a player moves once
all their own are home, played through the actions (default
board, four players: 72 squares; Ann starts on 0, Bob on 18, Cat on 36, Dan on 54; Ann and
Cat, Bob and Dan are partners; the castle entry squares are 71, 17, 35 and 53)."""

from __future__ import annotations

from helpers import Track

PAIRS = ("Ann", "Bob", "Cat", "Dan")


def test_a_partner_landed_on_goes_to_its_entry_square_and_the_play_says_so():
    t = Track(PAIRS, pairs=True).run("Ann", 0, "10", "10", "10").run("Cat", 0)
    t.turn_of("Ann").play("6", laddie=0)  # 30 -> 36, Cat's start square
    assert (t.at("Ann", 0), t.at("Cat", 0)) == ({"track": 36}, {"track": 35})
    assert t.event("played")["bumped"] == [{"player": "Cat", "laddie": 0, "to": "entry"}]


def test_an_eight_onto_a_partner_whose_entry_square_is_taken_is_refused():
    t = Track(PAIRS, pairs=True).run("Ann", 0, "10", "10", "10", "10", "4")  # on 44
    t.run("Ann", 1, "10", "10", "10", "5").run("Cat", 0)  # Ann on Cat's entry square 35
    info = t.turn_of("Ann").refuse_play("partner_entry_occupied", "8", laddie=0)
    assert info.params == {"player": "Cat", "square": 35}
    assert not [a for a in t.core.legal_actions(t.state) if a["card"] == "8"
                and a.get("laddie") == 0]


def test_an_opponent_is_landed_on_whoever_stands_on_its_entry_square():
    """Cat stands on Bob's entry square 17; Ann lands on Bob on 18: Bob goes to his dock."""
    t = Track(PAIRS, pairs=True).run("Cat", 0, *("10",) * 5, "3")  # 36 + 53: square 17
    for ann, cat in ((("A", {"enter": True}), ("A", {"laddie": 1, "enter": True})),
                     (("6", {}), ("2", {"laddie": 1})), (("2", {}), ("2", {"laddie": 1}))):
        t.turn_of("Ann").play(ann[0], laddie=0, **ann[1])
        if t.view["laddies"]["Ann"][0] == {"track": 8}:
            t.play("A", laddie=0, enter=True)  # Bob onto his start square 18
        t.turn_of("Cat").play(cat[0], **cat[1])
    t.turn_of("Ann").play("10", laddie=0)  # 8 -> 18, over Cat on 17
    assert (t.at("Ann", 0), t.at("Bob", 0), t.at("Cat", 0)) == \
        ({"track": 18}, "dock", {"track": 17})
    assert t.event("played")["bumped"] == [{"player": "Bob", "laddie": 0, "to": "dock"}]


def test_a_player_all_home_moves_the_partners_laddies_and_the_play_says_whose():
    t = Track(PAIRS, pairs=True)
    for laddie, last in enumerate(("6", "5", "4", "3", "2")):  # holes 5, 4, 3, 2, 1
        t.run("Ann", laddie, *("10",) * 7, last)  # 70 squares, then the last into a hole
    assert [t.at("Ann", i) for i in range(5)] == [{"castle": h} for h in (5, 4, 3, 2, 1)]
    t.turn_of("Ann").play("A", laddie=0, enter=True)
    assert t.at("Cat", 0) == {"track": 36} and t.at("Ann", 0) == {"castle": 5}
    assert t.event("played")["owner"] == "Cat"
    assert t.event("played")["moves"] == [["Cat", 0, "dock", {"track": 36}]]
