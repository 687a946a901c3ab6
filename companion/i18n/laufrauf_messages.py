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
    "berggeist_in_the_way": "No figure may pass the Berggeist.",
    "strike_only_on_first_throw": "Striking only while the first throw is on the table.",
    "strike_needs_different_dice": "Striking needs two different dice.",
    "nothing_to_strike": {
        "count": "count",
        "one": "There is no figure {count} field away to strike.",
        "other": "There is no figure {count} fields away to strike.",
    },
    "target_on_ascent_field": "A figure on an ascent field is safe: it cannot be struck.",
    "needs_a_double": "Cards only on a double (the dice show {dice}).",
    "no_cards_left": "There are no cards left to turn up.",
    "card_not_in_supply": "There is no {card} card left in the supply.",
    "bad_reveal": "Those turned-up cards do not fit the rule ({reason} after {turned}).",
    "must_run": (
        "Must run: after the last throw a forward run is the only move, so it must be made."),
}

# A refusal whose `reason` says more has a sentence of its own (catalog.REASONS). A board
# definition is the table's own (JSON): `where` is the path of the key in it.
LAUFRAUF_REASONS: dict[str, str] = {
    "bad_board.unknown_key": "“{where}” does not belong in the board definition.",
    "bad_board.missing": "The board definition lacks “{where}”.",
    "bad_board.not_an_object": "In the board definition, “{where}” must be a JSON object.",
    "bad_board.not_an_integer": "In the board definition, “{where}” must be a whole number.",
    "bad_board.out_of_range": "In the board definition, “{where}” must be from {lo} to {hi}.",
    "bad_board.not_a_short_text": "In the board definition, “{where}” must be a short text.",
    "bad_board.two_colours_share_a_field": "In the board definition, two colours have the same "
                                           "ascent field (“{where}”).",
    "bad_board.not_a_list_of_fields": "In the board definition, “{where}” must be a list of "
                                      "field numbers.",
    "bad_board.field_twice": "In the board definition, “{where}” names a field twice.",
    "bad_board.ascent_field_is_not_a_runup_field": (
        "In the board definition, “{where}” names an ascent field: an ascent field is no "
        "run-up field."),
    "bad_board.colour_count": "The board definition needs {lo} to {hi} colours (“{where}”).",
    "bad_board.colour_names_are_short_words": (
        "In the board definition, each colour must be a short word (letters, digits or _, at "
        "most 16)."),
    "bad_board.colour_twice": "In the board definition, a colour is named twice.",
    # Stramash's board (its pieces are Mashies)
    "bad_board.need_two_mashie_numbers": "In the board definition, “{where}” must be two "
                                         "Mashie numbers.",
    "bad_board.not_two_different_mashies": "In the board definition, “{where}” must be two "
                                           "different Mashies of the board.",
    "bad_reveal.too_few": "A turned-up card is missing: the turn goes on after the cards "
                          "given (on a double six until a card the player already has).",
    "bad_reveal.too_many": "Too many turned-up cards: the turn ends sooner (at a card the "
                           "player already has, or after one card without a double six).",
}
