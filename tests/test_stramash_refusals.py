"""Stramash: a malformed play gets the refusal naming what is wrong, never a crash, on the
real core: a laddie outside 0-4, a key the play does not know, a 7's split that is not two
[laddie, steps] pairs of 1-6 steps, a Bonnie Fechter's target that is no object. Ann has
laddies on squares 10 and 0 (walked there through the actions), three players."""

from __future__ import annotations

import pytest
from helpers import Track

SPLIT_SHAPE = {"key": "split", "expected": "[[laddie, steps], [laddie, steps]]"}
TARGET = {"player": "Bob", "laddie": 0}


def ann_on_10_and_0() -> Track:
    return Track().run("Ann", 0, "10").run("Ann", 1).turn_of("Ann")


@pytest.mark.parametrize("card, extra, code, params", [
    ("5", {"laddie": 5}, "bad_value", {"key": "laddie", "value": 5, "min": 0, "max": 4}),
    ("5", {"laddie": -1}, "bad_value", {"key": "laddie", "value": -1, "min": 0, "max": 4}),
    ("5", {"laddie": 4}, "laddie_in_dock", {"laddie": 4}),
    ("5", {"laddie": 0, "split": [[0, 2], [1, 5]]}, "unknown_key",
     {"key": "split", "where": "action"}),
    ("5", {"laddie": 0, "target": TARGET}, "unknown_key", {"key": "target", "where": "action"}),
    ("7", {"split": [[0, 2], [1, 5]], "laddie": 0}, "unknown_key",
     {"key": "laddie", "where": "action"}),
    ("7", {"split": "25"}, "wrong_type", SPLIT_SHAPE),
    ("7", {"split": [[0, 2]]}, "wrong_type", SPLIT_SHAPE),
    ("7", {"split": [[0, 2], [1, 5], [2, 0]]}, "wrong_type", SPLIT_SHAPE),
    ("7", {"split": [[0, 2], 5]}, "wrong_type", SPLIT_SHAPE),
    ("7", {"split": [[0, 2], "15"]}, "wrong_type", SPLIT_SHAPE),
    ("7", {"split": [[0, 2], [1]]}, "wrong_type", SPLIT_SHAPE),
    ("7", {"split": [[5, 2], [1, 5]]}, "bad_value", {"key": "laddie", "value": 5, "min": 0,
                                                    "max": 4}),
    ("7", {"split": [[0, "2"], [1, 5]]}, "wrong_type", {"key": "steps",
                                                        "expected": "integer"}),
    ("7", {"split": [[0, 0], [1, 7]]}, "bad_value", {"key": "steps", "value": 0, "min": 1,
                                                    "max": 6}),
    ("7", {"split": [[0, 7], [1, 0]]}, "bad_value", {"key": "steps", "value": 7, "min": 1,
                                                    "max": 6}),
    ("7", {"split": [[0, 3], [1, 0]]}, "bad_value", {"key": "steps", "value": 0, "min": 1,
                                                    "max": 6}),
    ("7", {"split": [[0, 1], [1, 7]]}, "bad_value", {"key": "steps", "value": 7, "min": 1,
                                                    "max": 6}),
    ("joker", {"laddie": 0, "target": TARGET, "enter": True}, "unknown_key",
     {"key": "enter", "where": "action"}),
    ("joker", {"laddie": 0, "target": "Bob"}, "wrong_type", {"key": "target",
                                                              "expected": "object"}),
    ("joker", {"laddie": 0, "target": {**TARGET, "square": 3}}, "unknown_key",
     {"key": "square", "where": "target"}),
])
def test_a_malformed_play_is_refused_naming_what_is_wrong(card, extra, code, params):
    t = ann_on_10_and_0()
    info = t.refuse_play(code, card, **extra)
    assert info.params == params
