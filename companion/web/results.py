"""Finished games' results as files (`GET /api/results.json`, `/api/results.csv`).

Each game's people are named as the Players tab names them now (`stats.People`: renames and
merges followed); ``played_as`` keeps the names the game was entered with.

The CSV comes in two kinds. The plain one (the default) is the file scripts have always
read: its first columns never change (times in UTC), later ones are only ever added:
``result`` (``win``/``draw``: a draw's winner cell is empty) and the names as JSON lists
(``players_json``, ``winners_json``), exact whatever a name holds (" / ", ",", "+", quotes),
where the readable cells join them. ``?format=spreadsheet`` is the same table for a person
with a spreadsheet, in a language (``lang``, else the page's): a UTF-8 BOM (without it Excel
reads "Jürgen" as "JÃ¼rgen"), the list separator that language's Excel expects (``;`` where
the decimal separator is a comma, or Excel puts each line in one cell), the headings and the
words "win"/"draw" in that language, the game's title, and the times in the box's own time
zone (named in the heading) as "2025-03-01 20:15:00", which every Excel reads as a time.
Any cell that would start a formula (=, +, -, @) starts with an apostrophe instead, in both.

A Lauf Rauf! colour nobody's name was given for (a game stored before names, or a seat left
unnamed) is a player whose name is its id ("red"), whatever the Players tab renamed (it was
nobody, whoever sat there): the JSON row's ``unnamed_players`` and ``unnamed_winners`` say
where in ``players`` and ``winners`` such seats are (``colours`` maps each such name to its
colour, which cannot tell blue's person "red" of a game stored before 1c6a60d from the
unnamed red seat beside it), and the spreadsheet says them as the page and the history do,
in its language ("Rot"); the plain file and the JSON keep the id.
"""

from __future__ import annotations

import calendar
import csv
import io
import json
import os
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from companion.i18n import person
from companion.i18n.said import Said, say
from companion.screens.common import GAME_TITLES
from companion.sessions.people import (
    named_people,
    people,
    players_as_people,
    winner_as_people,
)
from companion.stats import People, Unnamed

COLUMNS = ("id", "game", "players", "winner", "actions", "started", "finished",  # as ever
           "result", "players_json", "winners_json")  # added: columns are never renamed
SPREADSHEET = "spreadsheet"
FORMATS = ("plain", SPREADSHEET)
COMMA_LISTS = ("en",)  # languages whose Excel separates a list with "," (else ";")
BOM = "\ufeff"
ISO_UTC = "%Y-%m-%dT%H:%M:%SZ"


def results(games: list[dict[str, Any]], aliases: Mapping[str, str]) -> list[dict[str, Any]]:
    """Every finished game of `games` (`Sessions.listing`: newest first), oldest first."""
    games = list(reversed(games))
    who = People((named_people(g) for g in games), aliases)

    def shown(player: Any) -> Any:
        """A person as named now; a seat nobody named as its colour id (no rename is its)."""
        if isinstance(player, Unnamed):
            return player.seat
        return who(player) if isinstance(player, str) else player

    out = []
    for g in games:
        if g["status"] != "over":
            continue
        seats, won = players_as_people(g), winner_as_people(g, g["winner"])
        winner = [shown(w) for w in won] if isinstance(won, list) else shown(won)
        out.append({"id": g["id"], "game": g["game"], "players": [shown(p) for p in seats],
                    "winner": winner, "actions": g["actions"],
                    "started": _iso(g["created"]), "finished": _iso(g["updated"]),
                    "result": "draw" if winner is None else "win",
                    "winners": _winners(winner), "played_as": list(people(g)),
                    "colours": {p.seat: p.seat for p in seats if isinstance(p, Unnamed)},
                    "unnamed_players": _unnamed_at(seats),
                    "unnamed_winners": _unnamed_at(_winners(won))})
    return out


def _unnamed_at(players: Sequence[Any]) -> list[int]:
    """Where in `players` (`players_as_people`) the seats nobody named are: told by the
    seat, as a name cannot tell them (blue's person "red", of a game stored before 1c6a60d,
    beside the unnamed red seat)."""
    return [i for i, p in enumerate(players) if isinstance(p, Unnamed)]


def csv_text(rows: list[dict[str, Any]], lang: str | None = None) -> str:
    """The rows as CSV: plain without `lang`, else for a spreadsheet in `lang`."""
    text = io.StringIO()
    if lang is None:
        writer = csv.writer(text)
        writer.writerow(COLUMNS)
        for row in rows:
            writer.writerow([_cell(c) for c in _cells(row, row["started"], row["finished"],
                                                     row["game"], row["result"], "")])
        return text.getvalue()
    writer = csv.writer(text, delimiter="," if lang in COMMA_LISTS else ";")
    zone = box_timezone()
    writer.writerow([say(Said(f"results:{c}", zone=zone), lang) for c in COLUMNS])
    for row in rows:
        writer.writerow([_cell(c) for c in _cells(
            _colours_said(row, lang), _local(row["started"]), _local(row["finished"]),
            GAME_TITLES.get(row["game"], row["game"]), say(Said(f"results:{row['result']}"), lang),
            say(Said("results:draw"), lang))])
    return BOM + text.getvalue()


def _colours_said(row: dict[str, Any], lang: str) -> dict[str, Any]:
    """`row` with its players and winners that are seats nobody named (``unnamed_players``,
    ``unnamed_winners``: each shown as its colour id) said as colours in `lang`."""

    def said(names: list[str], unnamed: list[int]) -> list[str]:
        return [person(name, lang) if i in unnamed else name for i, name in enumerate(names)]

    winners = said(row["winners"], row["unnamed_winners"])
    winner = row["winner"] if row["winner"] is None else (
        winners if isinstance(row["winner"], list) else winners[0])
    return {**row, "players": said(row["players"], row["unnamed_players"]),
            "winner": winner, "winners": winners}


def _cells(row: dict[str, Any], started: str, finished: str, game: str, result: str,
           drawn: str) -> list[Any]:
    winner = row["winner"]
    said = " + ".join(winner) if isinstance(winner, list) else winner
    return [row["id"], game, " / ".join(row["players"]), drawn if winner is None else said,
            row["actions"], started, finished, result,
            json.dumps(row["players"], ensure_ascii=False),
            json.dumps(row["winners"], ensure_ascii=False)]


def _winners(winner: Any) -> list[str]:
    if isinstance(winner, list):
        return winner
    return [] if winner is None else [winner]


def _cell(value: Any) -> Any:
    """A player's name must not become a spreadsheet formula."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def _iso(t: float) -> str:
    return time.strftime(ISO_UTC, time.gmtime(t))


def _local(iso: str) -> str:
    """A UTC time of `_iso` in the box's time zone, as a spreadsheet reads a time."""
    return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(
        calendar.timegm(time.strptime(iso, ISO_UTC))))


def box_timezone() -> str:
    """The name of the box's time zone: ``TZ``, else the system's (``/etc/timezone``, or
    where ``/etc/localtime`` points), else its abbreviation ("CET")."""
    zone = os.environ.get("TZ", "").lstrip(":")
    if zone:
        return zone
    try:
        zone = Path("/etc/timezone").read_text(encoding="utf-8").strip()
    except OSError:
        zone = ""
    if zone:
        return zone
    target = os.path.realpath("/etc/localtime")
    if "/zoneinfo/" in target:
        return target.split("/zoneinfo/", 1)[1]
    return time.tzname[0]
