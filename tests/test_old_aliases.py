"""Renames and merges written before 15abf16, when the Players tab took a colour played
without a name ("red" of every unnamed red seat) for a player: its alias ("red" -> "Anna")
now renames nobody in the stored games (those seats are nobody), but would count the next
person called "red" or "Red" as Anna. The table drops such aliases when it opens its games
(at start and after a restore) and says so in its log; an alias about a person stays. The
database is written as the old code wrote it: games played at a real table, the aliases
put in with SQL, the table stopped. Real tables over HTTP on loopback."""

from __future__ import annotations

import logging

from backup_helpers import finished_game, sql

OLD_ALIASES = (  # the table as the old code made it on the first rename
    "CREATE TABLE IF NOT EXISTS player_aliases (name TEXT PRIMARY KEY, player TEXT NOT NULL)",
    "INSERT INTO player_aliases VALUES ('red', 'Anna')",  # unnamed red merged into Anna
    "INSERT INTO player_aliases VALUES ('Bo', 'Bob')",  # a person renamed
    "INSERT INTO player_aliases VALUES ('green', 'Gina')",  # unnamed green and "Green"
)


def played(client) -> dict[str, int]:
    return {p["name"]: p["played"] for p in client.get("/api/players")[1]["players"]}


def test_an_old_alias_of_a_colour_played_without_a_name_no_longer_merges_a_new_person(
        tables, caplog):
    caplog.set_level(logging.INFO, logger="companion.players")
    daemon, _ = tables("club")
    finished_game(daemon, "laufrauf", 8, ["red", "blue"], names={"blue": "Bo"})
    finished_game(daemon, "laufrauf", 4, ["green", "yellow"], names={"yellow": "Anna"})
    finished_game(daemon, "howruck", 1, ["Green", "Cem"])  # "green", a person here
    tables.running.pop("club").stop()
    sql(daemon.data_dir / "games.sqlite3", *OLD_ALIASES)
    daemon, client = tables("club")
    assert played(client) == {"Bob": 1, "Anna": 1, "Gina": 1, "Cem": 1}
    finished_game(daemon, "howruck", 2, ["Red", "Ida"])  # nobody the old merge meant
    assert played(client) == {"Bob": 1, "Anna": 1, "Gina": 1, "Cem": 1, "Red": 1, "Ida": 1}
    said = [r.getMessage() for r in caplog.records if r.name == "companion.players"]
    assert len(said) == 1 and "'red' -> 'Anna'" in said[0], said
    daemon, client = tables.restart("club")  # nothing more to drop, nothing said again
    assert [r.name for r in caplog.records].count("companion.players") == 1
    assert played(client)["Red"] == 1


def test_a_restored_backup_with_such_an_alias_has_it_dropped(tables):
    """A backup of a table from before (its aliases written while it ran, as the old code
    wrote them), restored on a table that is running already."""
    old, old_client = tables("old")
    finished_game(old, "laufrauf", 8, ["red", "blue"], names={"blue": "Bo"})
    sql(old.data_dir / "games.sqlite3", *OLD_ALIASES[:3])
    backup = old_client.exchange("GET", "/api/backup")[1]
    daemon, client = tables("new")
    status, body, _ = client.request("POST", "/api/restore", raw=backup,
                                     headers={"Content-Type": "application/octet-stream"})
    assert status == 200, body
    finished_game(daemon, "howruck", 2, ["Red", "Ida"])
    assert played(client) == {"Bob": 1, "Red": 1, "Ida": 1}
