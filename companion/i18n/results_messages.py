"""The results download for a spreadsheet (`GET /api/results.csv?format=spreadsheet`), in
English (catalog contexts ``results:KEY``): its column headings and the words in its cells.
Said in the language asked for (`lang`, else the page's)."""

from __future__ import annotations

from companion.i18n.source import Source

RESULTS: dict[str, Source] = {
    "results:id": "Game no.",  # the game's number on this table
    "results:game": "Game",
    "results:players": "Players",
    "results:winner": "Winner",  # one person, or a team's people joined by " + "
    "results:actions": "Actions",  # how many actions (moves, races, cards) the game took
    # {zone}: the box's time zone ("Europe/Berlin"), the times' own
    "results:started": "Started ({zone})",
    "results:finished": "Finished ({zone})",
    "results:result": "Result",  # "win" or "draw"
    "results:players_json": "Players (JSON)",  # the same names as a JSON list, exact
    "results:winners_json": "Winners (JSON)",
    "results:win": "win",  # a game someone won (the Result column)
    "results:draw": "draw",  # a game nobody won (Tauziehen), in Winner and Result
}
