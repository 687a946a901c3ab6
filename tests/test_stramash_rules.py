"""Stramash: each sentence of shared/rules/stramash.md against the real core. Default board,
three players: a track of 3 × 18 = 54 squares; Ann starts on 0, Bob on 18, Cat on 36; Ann's
castle turns off after square 53."""

from __future__ import annotations

import pytest
from helpers import Track

from companion.rules import SetupError, get_core

CORE = get_core("stramash")


def test_the_board_definition_sets_the_track():
    three, two = Track().view, Track(("Ann", "Bob")).view
    assert three["track_length"] == 54 and three["start"] == {"Ann": 0, "Bob": 18, "Cat": 36}
    assert two["track_length"] == 72 and two["start"] == {"Ann": 0, "Bob": 36}  # Mashies 1, 3
    assert three["castle_entry"]["Ann"] == 53
    board = {"name": "Ours", "squares_per_mashie": 12, "castle_holes": 6,
             "two_player_mashies": 2, "two_player_seats": [0, 1]}
    assert Track(("Ann", "Bob"), board=board).view["track_length"] == 24
    with pytest.raises(SetupError) as info:
        Track(board={**board, "squares_per_mashie": 3})
    assert info.value.code == "bad_board"
    with pytest.raises(SetupError) as info:
        Track(pairs=True)
    assert info.value.code == "pairs_need_four_or_six"


@pytest.mark.parametrize("holes", [1, 4])
def test_a_board_whose_castle_cannot_hold_all_five_laddies_is_refused(holes):
    """Each laddie needs a hole of its own (no laddie on its own colour, castle included), so
    with fewer than five holes nobody could ever win: such a board is refused at setup."""
    board = {"name": "Shallow", "squares_per_mashie": 18, "castle_holes": holes,
             "two_player_mashies": 4, "two_player_seats": [0, 2]}
    with pytest.raises(SetupError) as info:
        Track(board=board)
    assert info.value.as_dict() == {"code": "bad_board", "params": {
        "where": "castle_holes", "reason": "out_of_range", "lo": 5, "hi": 8}}


def test_ace_and_face_cards_bring_a_laddie_in_onto_the_start_square():
    t = Track()
    t.refuse_play("card_cannot_enter", "5", laddie=0, enter=True)
    t.play("A", laddie=0, enter=True)
    assert t.at("Ann", 0) == {"track": 0} and t.view["turn"] == "Bob"
    t.play("K", laddie=3, enter=True)
    assert t.at("Bob", 3) == {"track": 18}


def test_number_cards_move_forward_and_the_ace_one_and_faces_ten():
    t = Track().put("Ann", 0, ("track", 5)).put("Bob", 0, ("track", 20))
    t.put("Cat", 0, ("track", 40))
    t.play("9", laddie=0)
    t.play("A", laddie=0)
    t.play("Q", laddie=0)
    assert (t.at("Ann", 0), t.at("Bob", 0), t.at("Cat", 0)) == \
        ({"track": 14}, {"track": 21}, {"track": 50})


def test_jack_queen_and_king_each_bring_a_laddie_in_or_go_ten_forward():
    t = Track()
    t.play("J", laddie=0, enter=True)
    t.play("Q", laddie=0, enter=True)
    t.play("K", laddie=0, enter=True)
    t.play("J", laddie=0)
    t.play("K", laddie=0)
    t.play("Q", laddie=0)
    assert [t.at(p, 0) for p in ("Ann", "Bob", "Cat")] == \
        [{"track": 10}, {"track": 28}, {"track": 46}]


def test_the_seven_moves_one_laddie_or_splits_between_two():
    t = Track().put("Ann", 0, ("track", 5)).put("Ann", 1, ("track", 10))
    t.refuse_play("bad_split", "7", split=[[0, 3], [1, 3]])
    t.play("7", split=[[0, 2], [1, 5]])
    assert (t.at("Ann", 0), t.at("Ann", 1)) == ({"track": 7}, {"track": 15})
    assert t.event("played")["split"] == [[0, 2], [1, 5]]


def test_a_seven_split_needs_two_different_laddies():
    """Seven steps shared by one laddie with itself (3 + 4) would stop half-way: a capture
    on the middle square the rules never give."""
    t = Track().put("Ann", 0, ("track", 5)).put("Bob", 0, ("track", 8))
    t.refuse_play("bad_split", "7", split=[[0, 3], [0, 4]])
    assert (t.at("Ann", 0), t.at("Bob", 0)) == ({"track": 5}, {"track": 8})


def test_the_eight_goes_exactly_eight_back_never_into_the_castle():
    t = Track().put("Ann", 0, ("track", 3))
    t.play("8", laddie=0)
    assert t.at("Ann", 0) == {"track": 49}  # 3 − 8 round the ring


def test_the_eight_may_not_jump_its_own_colour_on_any_square_it_passes():
    for passed in (19, 13):  # the first square it passes, and the last before landing
        t = Track().put("Ann", 0, ("track", 20)).put("Ann", 1, ("track", passed))
        t.refuse_play("own_laddie_in_the_way", "8", laddie=0)
    t = Track().put("Ann", 0, ("track", 20)).put("Ann", 1, ("track", 11))  # beyond it: fine
    t.play("8", laddie=0)
    assert t.at("Ann", 0) == {"track": 12}


def test_landing_on_an_opponent_sends_it_to_its_dock_and_opponents_may_be_jumped():
    t = Track().put("Ann", 0, ("track", 5)).put("Bob", 0, ("track", 7))
    t.put("Cat", 0, ("track", 9))
    t.play("4", laddie=0)  # jumps Bob on 7, lands on Cat on 9
    assert t.at("Ann", 0) == {"track": 9} and t.at("Cat", 0) == "dock"
    assert t.event("played")["bumped"] == [{"player": "Cat", "laddie": 0, "to": "dock"}]


def test_a_laddie_may_not_land_on_or_jump_its_own_colour():
    t = Track().put("Ann", 0, ("track", 5)).put("Ann", 1, ("track", 8))
    t.refuse_play("own_laddie_in_the_way", "3", laddie=0)
    t.refuse_play("own_laddie_in_the_way", "5", laddie=0)
    t.put("Ann", 2, ("track", 0))
    t.refuse_play("own_laddie_in_the_way", "A", laddie=3, enter=True)  # own laddie on start


def test_the_castle_needs_the_exact_count_to_a_free_hole():
    t = Track().put("Ann", 0, ("track", 50))  # relative 50; the turn-off after 53
    t.play("6", laddie=0)  # 51, 52, 53, then holes 1, 2, 3
    assert t.at("Ann", 0) == {"castle": 3}


def test_the_castle_is_not_entered_by_jumping_an_own_laddie_before_the_turn_off():
    t = Track().put("Ann", 0, ("track", 50)).put("Ann", 1, ("track", 52))
    t.refuse_play("own_laddie_in_the_way", "6", laddie=0)  # hole 3, but past Ann on 52
    assert {"type": "play", "player": "Ann", "card": "6", "laddie": 0} \
        not in CORE.legal_actions(t.state)


def test_a_count_past_the_castle_goes_on_round_the_track():
    t = Track().put("Ann", 0, ("track", 50))
    t.play("10", laddie=0)  # hole 7 does not exist: another lap
    assert t.at("Ann", 0) == {"track": 6}


def test_no_jumping_own_laddies_in_the_castle_but_moving_further_in():
    t = Track().put("Ann", 0, ("castle", 2)).put("Ann", 1, ("track", 52))
    t.play("4", laddie=1)  # hole 3 would jump hole 2: it goes round instead
    assert t.at("Ann", 1) == {"track": 2}
    t2 = Track().put("Ann", 0, ("castle", 2))
    t2.play("3", laddie=0)
    assert t2.at("Ann", 0) == {"castle": 5}
    t3 = Track().put("Ann", 0, ("castle", 4))
    t3.refuse_play("castle_count", "2", laddie=0)


def test_the_bonnie_fechter_sends_an_opponent_home_from_anywhere():
    t = Track().put("Bob", 2, ("track", 30)).put("Cat", 0, ("castle", 1))
    t.refuse_play("target_not_on_track", "joker", laddie=0, target={"player": "Cat", "laddie": 0})
    t.refuse_play("target_not_an_opponent", "joker", laddie=0,
                  target={"player": "Ann", "laddie": 1})
    t.play("joker", laddie=0, target={"player": "Bob", "laddie": 2})  # from the dock
    assert t.at("Ann", 0) == {"track": 30} and t.at("Bob", 2) == "dock"


def test_the_bonnie_fechter_cannot_take_a_laddie_out_of_its_castle():
    t = Track().put("Ann", 0, ("castle", 1)).put("Bob", 0, ("track", 30))
    t.refuse_play("laddie_in_castle", "joker", laddie=0, target={"player": "Bob", "laddie": 0})
    jokers = [a for a in CORE.legal_actions(t.state) if a["card"] == "joker"]
    assert jokers and all(a["laddie"] != 0 for a in jokers)


def test_a_card_that_can_move_cannot_be_discarded_and_one_that_cannot_can():
    t = Track()
    t.refuse("card_could_move", type="discard", player="Ann", card="A")
    t.do(type="discard", player="Ann", card="5")  # nobody on the track: nothing moves
    assert t.view["turn"] == "Bob"
    assert {"type": "discard", "player": "Bob", "card": "9"} in CORE.legal_actions(t.state)


def test_a_play_or_discard_without_a_card_says_the_card_is_missing():
    t = Track()
    for kind in ("play", "discard"):
        t.refuse("missing_key", type=kind, player="Ann")
        t.refuse("bad_value", type=kind, player="Ann", card=None)


def test_all_five_in_the_castle_wins():
    t = Track()
    for i in range(4):
        t.put("Ann", i, ("castle", i + 2))
    t.put("Ann", 4, ("track", 53))
    t.play("A", laddie=4)
    assert t.view["winner"] == "Ann" and CORE.legal_actions(t.state) == []


def test_pairs_partner_landed_on_goes_to_its_castle_entry_and_a_team_wins_together():
    t = Track(("Ann", "Bob", "Cat", "Dan"), pairs=True)  # Ann + Cat, Bob + Dan
    assert t.view["teams"] == [["Ann", "Cat"], ["Bob", "Dan"]]
    t.put("Ann", 0, ("track", 5)).put("Cat", 0, ("track", 8))
    t.play("3", laddie=0)
    assert t.at("Cat", 0) == {"track": t.view["castle_entry"]["Cat"]}
    t.refuse("target_not_an_opponent", type="play", player="Bob", card="joker", laddie=0,
             target={"player": "Dan", "laddie": 0})


def test_pairs_all_five_of_one_partner_home_is_no_win_yet():
    t = Track(("Ann", "Bob", "Cat", "Dan"), pairs=True)
    for i in range(4):
        t.put("Ann", i, ("castle", i + 2))
    t.put("Ann", 4, ("track", t.view["castle_entry"]["Ann"]))
    t.play("A", laddie=4)
    assert t.at("Ann", 4) == {"castle": 1}
    assert t.view["winner"] is None and t.view["turn"] == "Bob"
    assert t.view["moving_for"]["Ann"] == "Cat"


def test_pairs_a_player_all_home_plays_for_the_partner():
    t = Track(("Ann", "Bob", "Cat", "Dan"), pairs=True)
    for i in range(5):
        t.put("Ann", i, ("castle", i + 1))
    t.put("Cat", 0, ("track", 40))
    assert t.view["moving_for"]["Ann"] == "Cat"
    t.play("5", laddie=0)
    assert t.at("Cat", 0) == {"track": 45}
    for i in range(1, 5):
        t.put("Cat", i, ("castle", i + 1))
    t.put("Cat", 0, ("track", 35))  # Cat's turn-off square
    t.play("A", player="Bob", laddie=0, enter=True)
    t.play("A", player="Cat", laddie=0)
    assert t.view["winner"] == ["Ann", "Cat"]


def test_every_legal_action_is_accepted_as_listed():
    t = Track().put("Ann", 0, ("track", 5)).put("Ann", 1, ("track", 12))
    t.put("Bob", 0, ("track", 9))
    legal = CORE.legal_actions(t.state)
    assert {a["card"] for a in legal} == {"A", "2", "3", "4", "5", "6", "7", "8", "9", "10",
                                          "J", "Q", "K", "joker"}
    for action in legal:
        assert CORE.apply(t.state, action).action == action


# --- the 7 splits between laddies on the track (rules: "a laddie in its castle takes no part") --
def test_a_seven_cannot_split_onto_a_laddie_in_its_castle():
    t = Track().put("Ann", 0, ("castle", 1)).put("Ann", 1, ("track", 10))
    t.refuse_play("split_laddie_not_on_track", "7", split=[[0, 2], [1, 5]])
    t.refuse_play("split_laddie_not_on_track", "7", split=[[1, 5], [0, 2]])
    splits = [a for a in CORE.legal_actions(t.state) if "split" in a]
    assert splits == []  # one laddie on the track: no split at all
    t.play("7", laddie=1)  # the whole 7 with the track laddie
    assert t.at("Ann", 1) == {"track": 17}


def test_a_seven_split_is_offered_only_between_track_laddies():
    t = Track().put("Ann", 0, ("castle", 1)).put("Ann", 1, ("track", 10))
    t.put("Ann", 2, ("track", 20))
    splits = [a["split"] for a in CORE.legal_actions(t.state) if "split" in a]
    assert splits and all({i, j} == {1, 2} for (i, _), (j, _) in splits)


def test_a_seven_that_only_castle_laddies_could_share_may_be_discarded():
    # A board with 8 holes: laddies in holes 1 and 2 could share a 7 (2 -> 8, then 1 -> 2),
    # but castle laddies take no part in a split, and no single laddie can move 7.
    board = {"name": "Deep", "squares_per_mashie": 18, "castle_holes": 8,
             "two_player_mashies": 4, "two_player_seats": [0, 2]}
    t = Track(board=board).put("Ann", 0, ("castle", 1)).put("Ann", 1, ("castle", 2))
    t.refuse_play("split_laddie_not_on_track", "7", split=[[1, 6], [0, 1]])
    assert not [a for a in CORE.legal_actions(t.state) if a.get("card") == "7"
                and a["type"] == "play"]
    t.do(type="discard", player="Ann", card="7")
    assert t.view["turn"] == "Bob"


def test_moving_further_into_the_castle_with_one_card_stays_allowed():
    t = Track().put("Ann", 0, ("castle", 1))
    t.play("2", laddie=0)
    assert t.at("Ann", 0) == {"castle": 3}


# --- pairs: landing on a partner whose castle entry square is taken ------------------------
def test_pairs_landing_on_a_partner_whose_entry_square_is_taken_is_refused():
    t = Track(("Ann", "Bob", "Cat", "Dan"), pairs=True)
    entry = t.view["castle_entry"]["Cat"]
    t.put("Ann", 0, ("track", 5)).put("Cat", 0, ("track", 8)).put("Bob", 0, ("track", entry))
    t.refuse_play("partner_entry_occupied", "3", laddie=0)
    assert not [a for a in CORE.legal_actions(t.state)
                if a.get("card") == "3" and a.get("laddie") == 0]


def test_pairs_a_partner_standing_on_its_own_entry_square_cannot_be_landed_on():
    t = Track(("Ann", "Bob", "Cat", "Dan"), pairs=True)
    entry = t.view["castle_entry"]["Cat"]
    t.put("Ann", 0, ("track", entry - 4)).put("Cat", 0, ("track", entry))
    t.refuse_play("partner_entry_occupied", "4", laddie=0)


def test_each_result_is_listed_once_whichever_docked_laddie_would_come_in():
    """The laddies in a dock are alike on the table: bringing one in is one result (the page
    showed five identical buttons, one per docked laddie), while landings on different
    laddies stay different results."""
    table = Track().put("Ann", 1, ("track", 5))
    state = table.state
    results = CORE.play_results(state, CORE.legal_actions(state))
    ace = [r["moves"] for r in results if r["action"]["card"] == "A"]
    assert ace == [[["Ann", 0, "dock", {"track": 0}]], [["Ann", 1, {"track": 5}, {"track": 6}]]]
    table.put("Bob", 0, ("track", 20)).put("Cat", 0, ("track", 40))
    jokers = [r["moves"] for r in CORE.play_results(table.state, CORE.legal_actions(table.state))
              if r["action"]["card"] == "joker"]
    from_dock = [m for m in jokers if m[0][2] == "dock"]  # one per laddie landed on
    assert [m[1][:2] for m in from_dock] == [["Bob", 0], ["Cat", 0]]
    assert len(jokers) == 4  # and the laddie on the track onto either
