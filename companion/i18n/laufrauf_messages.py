"""Lauf Rauf!'s refusals, in English (translated in the catalogs, ``refusal:CODE``)."""

from __future__ import annotations

from companion.i18n.source import Source

LAUFRAUF_MESSAGES: dict[str, Source] = {
    "bad_board": "The board definition is not valid at “{where}” ({reason}).",
    "roll_first": "Throw the dice first.",
    "no_throws_left": "No throws left ({throws} of {allowed}); sacrifice a card for two more.",
    "throws_left": "Cards buy throws only after the last one: {left} throw(s) left.",
    "nothing_to_keep": "The first throw uses both dice; there is no die to keep yet.",
    "kept_die_changed": "The die that stays cannot change ({was} → {now}).",
    "berggeist_first": "Huckauf! The first throw is a 7: move the Berggeist first.",
    "no_berggeist_move": "The Berggeist moves only on a first throw of 7.",
    "berggeist_already_home": (
        "The Berggeist is on the summit: put it on a figure on the middle level."),
    "berggeist_figure_to_figure": (
        "The Berggeist goes back to the summit, never from one figure to another."),
    "berggeist_target_not_middle": "The Berggeist goes only onto a figure on the middle level.",
    "huckauf_is_automatic": "The companion calls “Huckauf!” itself in this game.",
    "nothing_to_call": (
        "Too late or nothing to call: “Huckauf!” only while a first-throw 7 is on the table."),
    "card_not_owned": "{player} has no {card} card.",
    "card_does_not_fit": "The {card} card does not go with this move ({move}).",
    "card_needed": "Going backward needs the {card} card (or a Joker).",
    "joker_as_without_joker": "“joker_as” only goes with a Joker.",
    "figure_not_in_base": "Figure {figure} is not in base camp.",
    "figure_not_on_a_ring": "Figure {figure} is not on the lower or middle level.",
    "start_needs_ten": "Starting needs a sum of at least 10 (the dice show {sum}).",
    "not_on_a_runup_field": "Figure {figure} is not on one of its bordered run-up fields.",
    "ascent_count_wrong": "To ascend from there takes exactly {needed}, not {count}.",
    "aufstieg_needs_different_dice": "The Ascent card needs two different dice.",
    "carrier_cannot_ascend": "Figure {figure} carries the Berggeist and cannot ascend.",
    "base_camp_not_empty": (
        "The second ascent only once no figure is left in base camp ({left} there)."),
    "berggeist_in_the_way": "No figure may pass the Berggeist (field {field}).",
    "strike_only_on_first_throw": "Striking only while the first throw is on the table.",
    "strike_needs_different_dice": "Striking needs two different dice.",
    "nothing_to_strike": {
        "count": "count",
        "one": "There is no figure {count} field away to strike.",
        "other": "There is no figure {count} fields away to strike.",
    },
    "target_on_ascent_field": "A figure on an ascent field is safe (field {field}).",
    "needs_a_double": "Cards only on a double (the dice show {dice}).",
    "no_cards_left": "There are no cards left to turn up.",
    "card_not_in_supply": "There is no {card} card left in the supply.",
    "bad_reveal": "Those turned-up cards do not fit the rule ({reason} after {turned}).",
    "must_run": (
        "Must run: after the last throw a forward run is the only move, so it must be made."),
}
