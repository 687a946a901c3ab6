"""What each outbox row says on the wire (publisher.py sends it): a game started, an action
with the events it caused (the game replayed from the outbox, kept between actions so a run of
actions costs one step each), an action taken back, a finished game's result in people, the
table's renames. Its own module: the publisher's job is the delivery and the link."""

from __future__ import annotations

import json
from typing import Any

from companion.club.outbox import Outbox, Row
from companion.rules import Refusal, get_core
from companion.sessions.people import people, unnamed, winner_people


class OutboxMessages:
    """(topic leaf, payload) for each outbox row of one table and box."""

    def __init__(self, table: str, box: str, outbox: Outbox) -> None:
        self.table = table
        self.box = box
        self.outbox = outbox
        self._games: dict[int, tuple[Any, Any, int]] = {}  # game id -> (core, state, next)

    def message(self, row: Row) -> tuple[str, dict[str, Any]]:
        base = {"table": self.table, "box": self.box, "seq": row.seq, "type": row.kind,
                "game_id": row.game_id, "at": row.at}
        if row.kind == "game":  # the ids the actions name, and the people playing them
            header = json.loads(row.body or "{}")
            self._games.pop(row.game_id, None)
            return "event", {**base, "game": header.get("game"),
                             "players": header.get("players"), "options": header.get("options"),
                             **_names(header)}
        if row.kind == "result":  # who played and won: people, as the statistics count them
            found = self.outbox.game(row.game_id)
            header = json.loads(found[1]) if found else {}
            winner = json.loads(row.body) if row.body else None
            known = "players" in header  # not when the game was deleted before this
            return "result", {**base, "game": header.get("game"),
                              "players": list(people(header)) if known else None,
                              "winner": winner_people(header, winner) if known else winner,
                              **_names(header),
                              **(_seats(header, winner) if known else {})}
        if row.kind == "aliases":  # the table's renames and merges, as they are now
            return "aliases", {**base, "aliases": self.outbox.aliases()}
        if row.kind == "undo":
            self._games.pop(row.game_id, None)
            return "event", {**base, "action_seq": row.action_seq}
        action = json.loads(row.body or "null")
        game, events = self._events(row.game_id, row.action_seq or 0, action)
        return "event", {**base, "game": game, "action_seq": row.action_seq,
                         "action": action, "events": events}

    def _events(self, game_id: int, seq: int, action: Any) -> tuple[str | None, Any]:
        """The events the action caused, from the game replayed (kept between actions)."""
        cached = self._games.get(game_id)
        if cached is None or cached[2] != seq:
            cached = self._rebuild(game_id, seq)
            if cached is None:
                return None, None
        core, state, _ = cached
        try:
            outcome = core.apply(state, action)
        except Refusal:
            self._games.pop(game_id, None)
            return core.name, None
        self._games[game_id] = (core, outcome.state, seq + 1)
        return core.name, outcome.events

    def _rebuild(self, game_id: int, seq: int):
        found = self.outbox.game(game_id)
        if found is None:
            return None
        try:
            core = get_core(found[0])
            header = json.loads(found[1])
            state = core.new_game(header["players"], header["options"], header["seed"])
            for text in self.outbox.actions_before(game_id, seq):
                state = core.apply(state, json.loads(text)).state
        except (Refusal, ValueError, KeyError):
            return None
        return core, state, seq


def _seats(header: dict[str, Any], winner: Any) -> dict[str, Any]:
    """A result's seats, told apart where its people cannot be: ``unnamed`` (the players
    that are seats played without a name, by name), ``seats`` (each player's seat id, in
    seat order: the game's own ids), ``named`` (whether each seat had a name) and
    ``winner_seats`` (the seat ids that won, as the winner lists them: none for a draw, a
    pair's two). Blue's person
    "red" beside the unnamed red seat (a game stored before 1c6a60d) is "red" twice among
    the players, and as the winner whichever seat won; the seats say which."""
    seats = list(header["players"])
    nobody = unnamed(header)
    won = winner if isinstance(winner, list) else [winner]
    return {"unnamed": list(nobody), "seats": seats, "named": [p not in nobody for p in seats],
            "winner_seats": [p for p in won if p in seats]}


def _names(header: dict[str, Any]) -> dict[str, Any]:
    """The header's ``names`` (the person playing each colour, sessions/people.py) as a
    message's key, when the game has them."""
    return {"names": header["names"]} if "names" in header else {}
