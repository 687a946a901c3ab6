"""League files as older leagues wrote them, for the tests that read them with today's code:
its results table in an older layout, with rows given as the old code stored them."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

# The results table before the tables sent a box id (no `box`)
BEFORE_BOX_IDS = ("CREATE TABLE results (tbl TEXT NOT NULL, seq INTEGER NOT NULL, game_id "
                  "INTEGER NOT NULL, game TEXT NOT NULL, players TEXT NOT NULL, winner TEXT, "
                  "at REAL, PRIMARY KEY (tbl, seq))")
# ... and with the box id, before results carried their key (seats)
BEFORE_THE_KEY = ("CREATE TABLE results (tbl TEXT NOT NULL, box TEXT NOT NULL, seq INTEGER "
                  "NOT NULL, game_id INTEGER NOT NULL, game TEXT NOT NULL, players TEXT NOT "
                  "NULL, winner TEXT, at REAL, PRIMARY KEY (tbl, box, seq))")


def old_league_file(folder: Path, layout: str, rows: list[tuple[Any, ...]]) -> Path:
    """`folder` (made) with a league.sqlite3 whose results table has the older `layout` and
    `rows`: each row's values in the layout's order, its players (a list) and its winner
    stored as JSON text, as the old league stored them."""
    folder.mkdir()
    old = sqlite3.connect(folder / "league.sqlite3")
    old.execute(layout)
    for *head, players, winner, at in rows:
        old.execute(f"INSERT INTO results VALUES ({', '.join('?' * (len(head) + 3))})",
                    (*head, json.dumps(players), json.dumps(winner), at))
    old.commit()
    old.close()
    return folder

