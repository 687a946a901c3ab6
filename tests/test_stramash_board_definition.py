"""Stramash: a board definition the table enters is refused, naming the key and the reason,
wherever it is malformed; one at the limits is played on and shown as entered."""

from __future__ import annotations

import pytest
from helpers import Track

from companion.rules import SetupError, get_core

CORE = get_core("stramash")
OURS = {"name": "Ours", "squares_per_mashie": 18, "castle_holes": 5, "two_player_mashies": 4,
        "two_player_seats": [0, 2]}
SEATS = {"where": "two_player_seats", "reason": "need_two_mashie_numbers"}
DIFFERENT = {"where": "two_player_seats", "reason": "not_two_different_mashies"}


@pytest.mark.parametrize("board, params", [
    (5, {"where": "board", "reason": "not_an_object"}),
    ({**OURS, "name": " "}, {"where": "name", "reason": "not_a_short_text"}),
    ({**OURS, "squares_per_mashie": 7}, {"where": "squares_per_mashie",
                                         "reason": "out_of_range", "lo": 8, "hi": 40}),
    ({**OURS, "squares_per_mashie": 41}, {"where": "squares_per_mashie",
                                          "reason": "out_of_range", "lo": 8, "hi": 40}),
    ({**OURS, "two_player_mashies": 1}, {"where": "two_player_mashies",
                                         "reason": "out_of_range", "lo": 2, "hi": 6}),
    ({**OURS, "two_player_mashies": 7}, {"where": "two_player_mashies",
                                         "reason": "out_of_range", "lo": 2, "hi": 6}),
    ({**OURS, "two_player_seats": 2}, SEATS),
    ({**OURS, "two_player_seats": [0]}, SEATS),
    ({**OURS, "two_player_seats": [0, 2, 3]}, SEATS),
    ({**OURS, "two_player_seats": [0, "2"]}, SEATS),
    ({**OURS, "two_player_seats": [0, True]}, SEATS),
    ({**OURS, "two_player_seats": [2, 2]}, DIFFERENT),
    ({**OURS, "two_player_seats": [0, 4]}, DIFFERENT),
    ({**OURS, "two_player_seats": [-1, 2]}, DIFFERENT),
])
def test_a_malformed_board_definition_is_refused_naming_the_key(board, params):
    with pytest.raises(SetupError) as info:
        CORE.new_game(["Ann", "Bob"], {"board": board}, 1)
    assert info.value.as_dict() == {"code": "bad_board", "params": params}


def test_a_board_at_the_limits_is_played_on_and_shown_as_entered():
    board = {**OURS, "name": "Long", "squares_per_mashie": 40, "two_player_mashies": 6,
             "two_player_seats": [0, 5]}
    t = Track(("Ann", "Bob"), board=board)
    assert t.view["board"] == board
    assert (t.view["track_length"], t.view["start"]) == (240, {"Ann": 0, "Bob": 200})
    small = Track(("Ann", "Bob"), board={**OURS, "squares_per_mashie": 8,
                                         "two_player_mashies": 2, "two_player_seats": [1, 0]})
    assert (small.view["track_length"], small.view["start"]) == (16, {"Ann": 8, "Bob": 0})
