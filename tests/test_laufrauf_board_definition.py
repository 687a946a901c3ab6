"""Lauf Rauf!: a board definition the table enters is refused, naming the place and the
reason, wherever it is malformed (test_laufrauf_rules.py has the first cases); what is
within the limits is played on, and the view shows it as entered."""

from __future__ import annotations

import pytest
from mountain import CORE, Mountain, custom_board

from companion.rules import SetupError


def two_colours(first: str, second: str, **changes) -> dict:
    """The default board for two colours named `first` and `second` (red's and blue's
    fields), with `changes` as `custom_board` takes them."""
    def per(ring: dict) -> dict:
        return {first: ring["red"], second: ring["blue"]}
    board = custom_board()
    rings = {f"{level}__{key}": per(board[level][key]) for level in ("lower", "middle")
             for key in ("ascent", "runup")}
    return custom_board(colors=[first, second], **{**rings, **changes})


RED_RUNUP = [34, 35, 36, 37, 38, 39]
OTHER_RUNUP = {"blue": [4, 5, 6, 7, 8, 9], "green": [14], "yellow": [24]}


@pytest.mark.parametrize("board, where, reason", [
    (5, "board", {"reason": "not_an_object"}),
    (custom_board(name="x" * 61), "board.name", {"reason": "not_a_short_text"}),
    (custom_board(colors="red"), "board.colors", {"reason": "colour_count", "lo": 2, "hi": 4}),
    (custom_board(lower__ascent=5), "lower.ascent", {"reason": "not_an_object"}),
    (custom_board(middle__runup=[]), "middle.runup", {"reason": "not_an_object"}),
    (custom_board(lower__runup={"red": [], **OTHER_RUNUP}), "lower.runup.red",
     {"reason": "not_a_list_of_fields"}),
    (custom_board(lower__runup={"red": [*RED_RUNUP, 40], **OTHER_RUNUP}), "lower.runup.red",
     {"reason": "out_of_range", "lo": 0, "hi": 39}),
    (custom_board(lower__runup={"red": [-1, *RED_RUNUP], **OTHER_RUNUP}), "lower.runup.red",
     {"reason": "out_of_range", "lo": 0, "hi": 39}),
    (custom_board(lower__runup={"red": [*RED_RUNUP, 39], **OTHER_RUNUP}), "lower.runup.red",
     {"reason": "field_twice"}),
    (two_colours("red", 5), "board.colors", {"reason": "colour_names_are_short_words"}),
    (two_colours("red", "dark red"), "board.colors", {"reason": "colour_names_are_short_words"}),
    (two_colours("red", "b" * 17), "board.colors", {"reason": "colour_names_are_short_words"}),
])
def test_a_malformed_board_definition_is_refused_naming_the_place(board, where, reason):
    with pytest.raises(SetupError) as info:
        CORE.new_game(["red", "blue"], {"board": board}, 1)
    assert info.value.as_dict() == {"code": "bad_board", "params": {"where": where, **reason}}


def test_a_board_at_the_limits_is_played_on_and_shown_as_entered():
    """A 60-character name and a 16-letter colour are allowed; the view lists each run-up
    in field order, whatever order the definition gives."""
    long_colour = "b" * 16
    board = two_colours("red", long_colour, name="n" * 60,
                        lower__runup={"red": RED_RUNUP, long_colour: [17, 15]})
    t = Mountain(("red", long_colour), board=board)
    shown = t.view["board"]
    assert (shown["name"], shown["colors"]) == ("n" * 60, ["red", long_colour])
    assert shown["lower"]["runup"] == {"red": RED_RUNUP, long_colour: [15, 17]}
    t.roll(5, 5)
    t.move("start", 0)
    assert t.at("red", 0) == {"level": "lower", "field": 0}
