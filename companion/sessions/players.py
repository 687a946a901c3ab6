"""Player names become players: renames and merges kept as aliases in the games database.

A stored game keeps the names it was played with (its log is what happened); statistics,
results and the league read every name through the aliases (`stats.People`: one rule for
who is the same person). Renaming "Ann" to "Anna" and merging "Anne" into
"Anna" are both an alias, so a backup carries them and an alias chain never loops. Owned by
the hub thread, like the store it writes to.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Iterable, Sequence

from companion.rules import Refusal
from companion.rules.base import shown
from companion.rules.players import MAX_ID_LENGTH, invisible_character, name_as_shown
from companion.sessions.store import Transaction
from companion.stats import People, person_key

# Each stored game's id and the people who played it (a Lauf Rauf! colour by the name of
# the person who played it; one played without a name is nobody, not there:
# sessions/people.py `named_people`).
Seats = Sequence[tuple[int, Sequence[str]]]

MAX_NAME = MAX_ID_LENGTH  # a name a game takes (a longer one could never play)
log = logging.getLogger("companion.players")
SCHEMA = "CREATE TABLE IF NOT EXISTS player_aliases (name TEXT PRIMARY KEY, player TEXT NOT NULL)"


def check_name(value: object) -> str:
    """A player's name: 1 to MAX_NAME printable characters, composed (NFC) and spaces at the
    ends dropped, as a new game takes it (`sessions.make_header`)."""
    if not isinstance(value, str):
        raise Refusal("bad_player_name", name=shown(value), max=MAX_NAME)
    name = name_as_shown(value)
    hidden = invisible_character(name)
    if hidden is not None:
        raise Refusal("bad_player_name", name=shown(name), max=MAX_NAME,
                      reason="invisible_character", **hidden)
    if not name or len(name) > MAX_NAME:
        raise Refusal("bad_player_name", name=shown(name), max=MAX_NAME)
    return name


class PlayerBook:
    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def aliases(self) -> dict[str, str]:
        self.db.execute(SCHEMA)
        return dict(self.db.execute("SELECT name, player FROM player_aliases").fetchall())

    def rename(self, name: object, to: object, seats: Seats) -> dict[str, str]:
        """`name` (any spelling of the person: `stats.People`) is called `to` from now on, in
        every game. `to` must be new, or the same name in other letters' case or spaces (a
        spelling fixed): read aloud, "Bob" and "bob" are one player, as a new game's names
        are (`sessions.make_header`)."""
        name, to = check_name(name), check_name(to)
        who = self.people(seats)
        players = self._players(seats, who)
        name = who(name)
        if name not in players:
            raise Refusal("no_such_player", name=name)
        taken = next((p for p in sorted(players)
                      if p != name and person_key(p) == person_key(to)), None)
        if taken is not None:
            raise Refusal("player_exists", name=taken)
        return self._alias(name, to)

    def merge(self, name: object, into: object, seats: Seats) -> dict[str, str]:
        """`name` and `into` (any spellings of them) are the same person, from now on called
        as `into` is. Two people who sat at one game are two people: merged, the game would
        count against oneself, and a merge cannot be undone."""
        name, into = check_name(name), check_name(into)
        who = self.people(seats)
        players = self._players(seats, who)
        name, into = who(name), who(into)
        for someone in (name, into):
            if someone not in players:
                raise Refusal("no_such_player", name=someone)
        if name == into:
            raise Refusal("same_player", name=name)
        for game_id, names in seats:
            if {name, into} <= {who(n) for n in names}:
                raise Refusal("played_each_other", name=name, into=into, game=game_id)
        return self._alias(name, into)

    def drop_aliases_of_nobody(self, seats: Seats, unnamed: Iterable[str]) -> list[str]:
        """Drop the aliases that can only be about seats played without a name, and say so
        in the log; their names, sorted. Before 15abf16 a rename or merge took a colour
        played without a name ("red") for a player, so "red" -> "Anna" may be kept from
        then. Those seats are nobody now, so it renames no one in the stored games, but it
        would count the next person called "red" or "Red" as Anna. Such an alias is one
        whose name is (letters' case aside) a colour of `unnamed` (the stored games' seats
        played without a name), and no person's in `seats` (the stored games' people) nor
        any alias's new name (a rename through it). One about a person who played stays
        (the old rename meant them too). It changes no stored game's statistics, so it is
        done whenever the games are opened (at start, after a restore: a backup from before
        brings such aliases back); there is none to drop after the first time."""
        aliases = self.aliases()
        persons = {person_key(n) for _, names in seats for n in names}
        kept = persons | {person_key(to) for to in aliases.values()}
        colours = {person_key(c) for c in unnamed}
        stale = sorted(n for n in aliases if person_key(n) in colours - kept)
        if stale:
            with Transaction(self.db):
                self.db.executemany("DELETE FROM player_aliases WHERE name=?",
                                    [(n,) for n in stale])
            log.info("players: dropped %s: renames of seats played without a name, from "
                     "before such seats were nobody (they renamed no one who played, but "
                     "would have renamed the next person called so)",
                     ", ".join(f"{n!r} -> {aliases[n]!r}" for n in stale))
        return stale

    def people(self, seats: Seats) -> People:
        """Who is who in the stored games (their seats, oldest first), renames followed."""
        return People((names for _, names in sorted(seats, key=lambda s: s[0])),
                      self.aliases())

    @staticmethod
    def _players(seats: Seats, who: People) -> set[str]:
        """Everyone who played a stored game, by the name they are called now."""
        return {who(n) for _, names in seats for n in names}

    def _alias(self, name: str, to: str) -> dict[str, str]:
        with Transaction(self.db):
            self.db.execute("UPDATE player_aliases SET player=? WHERE player=?", (to, name))
            self.db.execute("INSERT OR REPLACE INTO player_aliases VALUES (?, ?)", (name, to))
            self.db.execute("DELETE FROM player_aliases WHERE name=player")
        return self.aliases()

