"""What the league reads from the broker: a table's result (``companion/<table>/result``) and
its renames and merges (``companion/<table>/aliases``), each checked field by field; anything
else on those topics is not ours (None), and the league counts it as foreign.

A result from a table older than the box id has the empty box; one from before tables said
their unnamed seats (``unnamed``) has them told by `unnamed_before`.
"""

from __future__ import annotations

import json
from typing import Any

from companion.rules import GAMES
from companion.rules.laufrauf.board import DEFAULT_BOARD

MAX_BOX = 40  # characters of a box id kept (ours have 12)


def _table_message(topic: str, payload: bytes) -> tuple[str, dict[str, Any] | None]:
    """(table, JSON object) of a message on ``companion/<table>/<kind>`` that names its own
    table; the object None for anything else."""
    parts = topic.split("/")
    try:
        body = json.loads(payload)
    except (ValueError, UnicodeDecodeError):
        return "", None
    if len(parts) != 3 or not isinstance(body, dict) or body.get("table") != parts[1]:
        return "", None
    return parts[1], body


def parse_result(topic: str, payload: bytes) -> tuple | None:
    """(table, box, seq, game id, game, players, winner, at, unnamed, named, won) of one of
    our results, else None. A result without a box id (from a table older than it) has the
    empty box; one without ``unnamed`` (the same) has its unnamed seats told by
    `unnamed_before`; one without its seats (`seating`) has named and won None."""
    table, body = _table_message(topic, payload)
    if body is None:
        return None
    seq, game_id, players = body.get("seq"), body.get("game_id"), body.get("players")
    winner, box = body.get("winner"), body.get("box", "")
    if not isinstance(box, str) or len(box) > MAX_BOX:
        return None
    if not (isinstance(seq, int) and isinstance(game_id, int) and isinstance(
            body.get("game"), str) and isinstance(players, list) and players and all(
            isinstance(p, str) for p in players)):
        return None
    if winner is not None and not isinstance(winner, str | list):
        return None
    names = body.get("names", {})
    if not (isinstance(names, dict) and all(isinstance(n, str) for n in names.values())):
        return None
    unnamed = body["unnamed"] if "unnamed" in body else unnamed_before(
        body["game"], players, names)
    if not (isinstance(unnamed, list) and all(p in players for p in unnamed)):
        return None
    seated = seating(body, players, winner)
    if seated is None:
        return None
    named, won = seated
    at = body.get("at") if isinstance(body.get("at"), int | float) else None
    return (table, box, seq, game_id, body["game"], json.dumps(players), json.dumps(winner), at,
            json.dumps(unnamed), None if named is None else json.dumps(named),
            None if won is None else json.dumps(won))


SEATING = ("seats", "named", "winner_seats")


def seating(body: dict[str, Any], players: list[str],
            winner: Any) -> tuple[list[bool] | None, list[int] | None] | None:
    """(named, won) of a result that says its seats (``seats``, ``named``,
    ``winner_seats``, all three): whether each player's seat had a name, and where among
    the players the winners sit (in the winner's order); (None, None) for one from a table
    before them. None (refused) where they do not fit: not one seat per player, a seat
    twice, a winning seat that is none of them, or winners at those seats that are not the
    result's ``winner`` (a draw has none)."""
    if not any(key in body for key in SEATING):
        return None, None
    seats, named, winning = (body.get(key) for key in SEATING)
    if not (isinstance(seats, list) and isinstance(named, list)
            and isinstance(winning, list) and len(seats) == len(named) == len(players)
            and all(isinstance(s, str) for s in seats) and len(set(seats)) == len(seats)
            and all(isinstance(n, bool) for n in named)
            and all(isinstance(s, str) and s in seats for s in winning)
            and len(set(winning)) == len(winning)):
        return None
    won = [seats.index(s) for s in winning]
    said = winner if isinstance(winner, list) else [winner] if winner in players else []
    if [players[i] for i in won] != said:
        return None
    return named, won


def unnamed_before(game: str, players: list[str],
                   names: dict[str, str] | None = None) -> list[str]:
    """The unnamed seats of a result from before tables said them (``unnamed``), in a game
    of colours. Tables sent ``names`` (each seat's person) with every result whose players
    were people, and a seat nobody named under its colour id, whatever colours their board
    has: those are the players but one for each name (blue's person "red", from before such
    a name was refused, is one "red" of two; without names, every player). `names` None: not
    known (a league file from before the column kept none), so only a colour of the shipped
    board can be told."""
    core = GAMES.get(game)
    if core is None or not core.colour_ids:
        return []
    if names is None:
        return [p for p in players if p in DEFAULT_BOARD.colors]
    left = list(players)
    for name in names.values():
        if name in left:
            left.remove(name)
    return left


def parse_aliases(topic: str, payload: bytes) -> tuple | None:
    """(table, box, seq, aliases JSON) of a table's renames and merges, else None."""
    table, body = _table_message(topic, payload)
    if body is None:
        return None
    box, seq, aliases = body.get("box", ""), body.get("seq"), body.get("aliases")
    if not (isinstance(box, str) and len(box) <= MAX_BOX and isinstance(seq, int)
            and isinstance(aliases, dict) and all(
                isinstance(k, str) and isinstance(v, str) for k, v in aliases.items())):
        return None
    return table, box, seq, json.dumps(aliases)
