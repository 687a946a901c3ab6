"""The English sentence for each stable refusal code raised by the rule cores and the
sessions (the source language: `companion/locale/*/LC_MESSAGES/companion.po` translate them,
context ``refusal:CODE``). The other areas' codes live beside this file; `MESSAGES` joins them.

A value is a sentence with named placeholders, or ``{"count": PARAM, "one": ..., "other":
...}`` for a sentence whose form follows a number (gettext's plural forms).
"""

from __future__ import annotations

from companion.i18n.club_messages import BACKUP_REASONS, CLUB_MESSAGES
from companion.i18n.laufrauf_messages import LAUFRAUF_MESSAGES, LAUFRAUF_REASONS
from companion.i18n.race_games_messages import STRAMASH_MESSAGES, TAUZIEHEN_MESSAGES
from companion.i18n.setting_messages import SETTING_REASONS
from companion.i18n.source import Source
from companion.i18n.web_messages import WEB_MESSAGES  # the HTTP edge's, kept apart

MESSAGES: dict[str, Source] = {
    "_unknown": "Not allowed ({code}).",
    "action_not_object": "An action must be a JSON object.",
    "missing_key": "The action needs “{key}”.",
    "unknown_key": "“{key}” does not belong here.",
    "wrong_type": "“{key}” has the wrong type (expected: {expected}).",
    "bad_value": "“{value}” is not a valid value for “{key}”.",
    "unknown_player": "There is no player “{player}” in this game.",
    "unknown_action_type": "“{type}” is not an action of this game.",
    "game_over": "The game is over: {winner} has won.",
    "wrong_phase": "That is not possible now (phase: {phase}).",
    "not_your_turn": "{turn} is to play, not {player}.",  # no 's: "Anna (red)'s turn"
    "bad_card": "Nessie is the white card of strength 6.",
    "strength_out_of_range": "A {color} card has a strength from 0 to {max}, not {strength}.",
    "duplicate_action_card": "There is only one “{card}” card in the box.",
    "card_not_in_box": "The box has no card {card}.",
    "card_exhausted": "Every copy of {card} has already been played this round.",
    "card_drawn_in_tiebreak": (
        "{card} was drawn in the tie-break: it lies with the cards set aside this round, and "
        "no other copy is left."),
    "quick_start_round_one_only": "The beginner start is only for the first round.",
    "quick_start_same_player": (
        "The younger player takes the barrel and the older one begins: two players."),
    "wrong_field_color": "A {color} card goes on a {color} field, not on {field}.",
    "own_side_only": (
        "At this table colour cards go on your own side only (white ones on any field)."),
    "action_card_set_aside": (
        "“{card}” was drawn in the tie-break: it lies with the cards set aside this round."),
    "card_set_aside": "“{card}” was already drawn in this tie-break: a new draw takes a new card.",
    "taken_card_must_be_placed": (
        "A taken Scot card can always be placed, so {card} must be placed, not discarded."),
    "no_valid_press": (
        "No press counts in this race (only false starts, or none at all): race again."),
    "action_already_played": "“{card}” has already been played this round.",
    "opponent_hand_empty": "{player} has no card in hand to take.",
    "field_empty": "The {field} field on {side}'s side is empty.",
    "unknown_game": "“{game}” is not a game the companion knows.",
    "bad_players": "The players are not valid ({reason}).",
    "bad_player_count": "This game takes {min} to {max} players, not {count}.",
    "no_previous_players": "No “{game}” game has been played here yet, so there are no "
                           "players to take over: name the players (“players”).",
    "unknown_option": "“{key}” is not an option of this game.",
    "bad_option": "The option “{key}” cannot be “{value}”.",
    "bad_seed": "The seed must be a whole number.",
    "nothing_to_undo": "There is nothing to undo.",
    "storage_full": "The companion's storage is full: nothing was saved. Delete old backups "
                    "or use a larger card.",
    "storage_failed": "The companion cannot write to its memory card (it may be failing): "
                      "nothing was saved. Run companion doctor at the box; back up the games "
                      "and replace the card.",
    "undo_stale": "The game has changed meanwhile (it now has {actions} actions): nothing was "
                  "taken back.",
    "already_entered": "This move was already entered, on another phone or by a second tap: "
                       "the game has moved on.",
    "no_such_game": "There is no game “{game_id}”.",
    "game_broken": "This game's stored log no longer replays from action {seq}; it is kept as is.",
    "no_race_now": "A race starts only while a How Ruck! game is forming teams.",
    "race_running": "A race is already running.",
    "action_too_large": "The action is too large.",
}

# A refusal naming a How Ruck! colour has a sentence of its own per colour (context
# ``refusal:CODE.COLOUR``, chosen like a reason's by the parameter named here), so that each
# language makes the colour agree with its noun: "een rode kaart" but "een rood veld", "une
# carte verte", "eine grüne Karte". The sentence for the code itself stays for a colour
# without one.
BY_COLOUR: dict[str, str] = {
    "strength_out_of_range": "color",
    "wrong_field_color": "color",
    "field_empty": "field",
}
COLOUR_SENTENCES: dict[str, str] = {
    **{f"strength_out_of_range.{c}": f"A {c} card has a strength from 0 to {{max}}, not "
                                     "{strength}." for c in ("red", "blue", "green", "white")},
    **{f"wrong_field_color.{c}": f"A {c} card goes on a {c} field."
       for c in ("red", "blue", "green")},
    **{f"field_empty.{c}": f"The {c} field on {{side}}'s side is empty."
       for c in ("red", "blue", "green")},
}

# A refusal whose `reason` parameter says more has a sentence of its own per reason
# (context ``refusal:CODE.REASON``); the code stays the stable one (`bad_players`).
REASONS: dict[str, str] = {
    "bad_player_count.exact": "This game takes {min} players, not {count}.",
    # game_over by how the game ended (its `result`; a pair's win is "team": i18n._variant)
    "game_over.draw": "The game is over: it ended in a draw.",
    "game_over.team": "The game is over: {winner} have won.",  # a pair: "Anna & Ben"
    "bad_players.duplicate": "Two players have the same name: give each one a name of their "
                             "own.",
    # two names the Players tab made one person (a merge or a rename: "Ann" is Anna)
    "bad_players.same_person": "“{player}” and “{other}” are the same player (merged on the "
                               "Players tab): each seat needs a player of its own.",
    "bad_players.empty_or_not_text": "A player has no name.",
    "bad_players.too_long_or_unprintable": "The name “{player}” is too long (at most 32 "
                                           "characters).",
    "bad_players.invisible_character": "The name “{player}” contains an invisible character: "
                                       "{character} at position {position}. Type the name "
                                       "again.",
    "bad_player_name.invisible_character": "The name “{name}” contains an invisible "
                                           "character: {character} at position {position}. "
                                           "Type the name again.",
    "bad_players.not_allowed": "“{player}” cannot play this game: the players are {allowed}.",
    "bad_players.not_a_list": "The players must be a list of names.",
    "bad_option.fewer_than_45_scot_cards": "The box composition lists {value} Scot cards, "
                                           "but a How Ruck! box has 45: list them all, or "
                                           "play without a composition (a card left out "
                                           "could not be entered).",
    "bad_option.more_than_45_scot_cards": "The box composition lists {value} Scot cards, but "
                                          "a How Ruck! box has 45.",
    "bad_players.another_seats_colour": "“{player}” is the colour of another seat in this "
                                        "game: give the person a name of their own.",
    **SETTING_REASONS,
    **LAUFRAUF_REASONS,
    **BACKUP_REASONS,
    **COLOUR_SENTENCES,
}

# Parameters naming a piece by its index, which the contract counts from 0 (actions.md:
# figures 0–2, laddies 0–4) and the board, the buttons and the page from 1 ("red 1",
# "Laddie 1"): a sentence says the board's number; the parameter itself stays as it is.
PIECE_PARAMS = frozenset({"figure", "laddie"})
# Refusals whose `card` is a Stramash rank ("A" … "K", "joker"): said as the page names the
# card (the joker is the Bonnie Fechter; a face card by the reader's letter).
STRAMASH_CARD_CODES = frozenset({"card_cannot_enter", "card_could_move"})

MESSAGES.update(WEB_MESSAGES)
MESSAGES.update(LAUFRAUF_MESSAGES)
MESSAGES.update(TAUZIEHEN_MESSAGES)
MESSAGES.update(STRAMASH_MESSAGES)
MESSAGES.update(CLUB_MESSAGES)
