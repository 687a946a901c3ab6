"""Lauf Rauf!: what the core tells the page, the scoreboard and the setup, on the real core
(games played through their actions): the view's game and players, whether a strike is
open, the score, the moves listed once per result, and how many players a board seats."""

from __future__ import annotations

import pytest
from helpers import played_to_the_end, won_by
from mountain import CORE, Mountain, custom_board

from companion.rules import SetupError


def test_the_view_names_the_game_its_players_in_seat_order_its_options_and_seed():
    v = Mountain(("green", "red", "blue")).view
    assert (v["game"], v["players"]) == ("laufrauf", ["green", "red", "blue"])
    assert (v["options"], v["seed"]) == ({"huckauf": "auto", "board": "Lauf Rauf! (default)"},
                                         7)
    v = Mountain(huckauf="table", board=custom_board()).view
    assert v["options"] == {"huckauf": "table", "board": "Our board"}


def test_a_strike_is_open_only_while_a_first_throw_of_two_different_dice_shows():
    t = Mountain()
    assert t.view["strike_open"] is False  # nothing thrown
    t.roll(2, 5)
    assert t.view["strike_open"] is True
    t.roll(2, 6, keep=0)
    assert t.view["strike_open"] is False  # re-thrown
    t.do(type="pass", player="red")
    t.roll(3, 3)
    assert t.view["strike_open"] is False  # a double


def test_the_score_is_the_figures_in_each_summit_camp():
    t = played_to_the_end("laufrauf", ["red", "blue"], won_by("red"))
    figures = t.view["figures"]
    assert figures["red"] == ["summit"] * 3 and figures["blue"] != ["summit"] * 3
    assert CORE.view_score(t.view) == {"red": 3, "blue": figures["blue"].count("summit")}
    assert CORE.view_score(Mountain().view) == {"red": 0, "blue": 0}


def test_a_start_with_the_blitzstart_and_one_with_a_joker_are_two_results():
    """They move the figure alike, but spend different cards: the phone shows both."""
    t = Mountain()
    t.roll(6, 6)
    t.do(type="take_cards", player="red", revealed=["blitzstart", "joker", "blitzstart"])
    t.roll(1, 1)
    t.do(type="pass", player="blue")
    t.roll(5, 5)
    starts = [(r["action"]["card"], r["moves"][0][3])
              for r in CORE.play_results(t.state, CORE.legal_actions(t.state))
              if r["action"]["move"] == "start"]
    upper = {"level": "middle", "field": 0}
    assert starts == [(None, {"level": "lower", "field": 0}), ("blitzstart", upper),
                      ("joker", upper)]


def test_a_board_seats_as_many_players_as_it_has_colours():
    board = custom_board(colors=["red", "blue", "green"],
                         lower__ascent={"red": 0, "blue": 10, "green": 20},
                         lower__runup={"red": [38, 39], "blue": [8, 9], "green": [18, 19]},
                         middle__ascent={"red": 0, "blue": 7, "green": 14},
                         middle__runup={"red": [26, 27], "blue": [5, 6], "green": [12, 13]})
    with pytest.raises(SetupError) as info:
        CORE.new_game(["red", "blue", "green", "red"], {"board": board}, 1)
    assert info.value.as_dict() == {"code": "bad_player_count",
                                    "params": {"count": 4, "min": 2, "max": 3}}
    assert Mountain(("red", "blue", "green"), board=board).view["turn"] == "red"
