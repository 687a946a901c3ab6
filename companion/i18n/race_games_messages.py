"""Tauziehen's and Stramash's refusals, in English (translated in the catalogs)."""

from __future__ import annotations

from companion.i18n.source import Source

TAUZIEHEN_MESSAGES: dict[str, Source] = {
    "not_a_rope_card": "The marker goes on a rope card (1, 2, 4, 8 or 16), not {card}.",
    "not_in_deck": "There is no card {card} in a player's deck.",
    "card_already_played": "Card {card} has already been played from this deck.",
    "marker_needed": "Put your marker on one of the cards just moved: {choices}.",
    "marker_not_moved": "Card {card} did not move this turn (moved: {moved}).",
    "marker_same_as_last": "The marker cannot stay on card {card}, where it lay last turn.",
    "marker_must_stay": "No other card moved: your marker stays on {card}.",
}

STRAMASH_MESSAGES: dict[str, Source] = {
    "pairs_need_four_or_six": "Pairs need four or six players, not {count}.",
    "bad_split": "A 7 splits between two laddies as 1+6, 2+5 or 3+4.",
    "card_cannot_enter": "Only an Ace, King, Queen or Jack brings a laddie in (not {card}).",
    "card_could_move": "The {card} can move a laddie, so it cannot be discarded.",
    "castle_count": "Laddie {laddie} cannot go {steps} on in the castle.",
    "laddie_in_dock": "Laddie {laddie} is still in the dock.",
    "laddie_not_in_dock": "Laddie {laddie} is not in the dock.",
    "laddie_not_on_track": "Laddie {laddie} is not on the track.",
    "laddie_in_castle": "Laddie {laddie} is home in the castle and stays there.",
    "split_laddie_not_on_track": (
        "A 7 splits only between laddies on the track (laddie {laddie} is not)."),
    "partner_entry_occupied": (
        "{player}'s castle entry is taken: no landing on that laddie."),
    "own_laddie_in_the_way": "A laddie of the same colour is in the way.",
    "target_not_an_opponent": (
        "The Bonnie Fechter only hits an opponent's laddie ({player} is not one)."),
    "target_not_on_track": "{player}'s laddie {laddie} is not on the track.",
}
