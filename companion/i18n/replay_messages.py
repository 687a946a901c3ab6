"""What a move did at the table, in English (catalog contexts ``replay:KEY``): `companion
replay --text` says each action with these (companion/moves_said.py); what the move caused
beyond itself (a contest, a point, a strike) it says with the page's announcement sentences
(``page:an_*``, companion/announce_said.py). The phone page's history says each move with the
same entries (`MOVES`, in the page's catalog under their context: web/static/history.js)."""

from __future__ import annotations

from companion.i18n.source import Source

# What a move did, in `companion replay --text` and in the phone page's history.
MOVES: dict[str, Source] = {
    "replay:plays": "{p} plays {card}",  # an action card (How Ruck!), a card (Lauf Rauf!)
    # How Ruck!
    "replay:hr_tug": "The tug of round {round} begins",
    "replay:hr_placed": "{p} places {card} on {side}'s side, field {field}",
    "replay:hr_forgo": "{p} plays {card} and forgoes its effect",
    "replay:hr_taken": "{p} takes a card from {q}'s hand",
    "replay:hr_barrels": "Barrels won: {tally}",  # "Ann 1, Bob 0"
    "replay:hr_round_started": "Round {round} begins",
    # Tauziehen
    "replay:tz_opening": "{p} puts the opening marker on rope card {c}",
    "replay:tz_pulled": {"count": "n",
                         "one": "{p} plays the {card}: rope card {cards} moves one position "
                                "toward {p}",
                         "other": "{p} plays the {card}: rope cards {cards} move one position "
                                  "toward {p}"},
    "replay:tz_no_pull": "{p} plays the {card}: no rope card moves",
    "replay:tz_marker": "{p}'s marker is now on the {c}",
    # Lauf Rauf! ({f}: a figure, 1 to 3; {p}: a person with the colour, "Anna (red)", so
    # English says "figure 2 of Anna (red)", no possessive on a parenthesis)
    "replay:lr_rolled": "{p} throws {a} and {b} (throw {n})",
    "replay:lr_rolled_kept": "{p} throws again, die {k} stays: {a} and {b} (throw {n})",
    "replay:lr_start": "figure {f} of {p} starts: from base camp onto {to}",
    "replay:lr_run": {"count": "n", "one": "figure {f} of {p} runs {n} field forward",
                      "other": "figure {f} of {p} runs {n} fields forward"},
    "replay:lr_run_back": {"count": "n", "one": "figure {f} of {p} runs {n} field backward",
                           "other": "figure {f} of {p} runs {n} fields backward"},
    "replay:lr_ascend": "figure {f} of {p} climbs onto {to}",
    "replay:lr_strike": "figure {f} of {p} strikes figure {g} of {q}: back to base camp",
    "replay:lr_pushed": "figure {f} of {q} is pushed on",
    "replay:lr_passed": "{p} passes the dice",
    "replay:lr_sacrificed": "{p} gives up {card}: {n} throws this turn",
    "replay:lr_lower": "the lower level",
    "replay:lr_middle": "the middle level",
    "replay:lr_summit": "the summit",
    # Stramash ({l}: a laddie, 1 to 5)
    "replay:sm_played": "{p} plays {card}: {moves}",
    "replay:sm_played_for": "{p} plays {card} for {q}: {moves}",
    "replay:sm_enters": "a new laddie comes onto the start square",
    "replay:sm_forward": {"count": "n", "one": "laddie {l} goes {n} square forward",
                          "other": "laddie {l} goes {n} squares forward"},
    "replay:sm_back": {"count": "n", "one": "laddie {l} goes {n} square back",
                       "other": "laddie {l} goes {n} squares back"},
    "replay:sm_into_castle": "laddie {l} goes into the castle",
    "replay:sm_in_castle": "laddie {l} goes from hole {a} to hole {b} of the castle",
    "replay:sm_fechter": "laddie {l} goes onto the square of {q}'s laddie {m}",
    "replay:sm_discarded": "{p} discards the {card}: no move is possible",
}

REPLAY: dict[str, Source] = {
    "replay:header": "{game}: {players}",  # the first line: the game's title, who plays
    **MOVES,
}
