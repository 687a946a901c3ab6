"""The Stramash board definition: Mashie size, castle holes and the two-player layout.

No source gives the track geometry, so it is data (``board.json`` is the rules file's
DECISION, Tock-like: 18 squares per Mashie, 5 castle holes, 2 players on Mashies 1 and 3 of 4);
a table with other pieces passes its own as the ``board`` option.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.rules.base import SetupError

KEYS = ("name", "squares_per_mashie", "castle_holes", "two_player_mashies", "two_player_seats")


@dataclass(frozen=True, slots=True)
class Board:
    name: str
    squares_per_mashie: int
    castle_holes: int
    two_player_mashies: int
    two_player_seats: tuple[int, int]

    def mashies(self, players: int) -> int:
        return self.two_player_mashies if players == 2 else players

    def seat_mashie(self, seat: int, players: int) -> int:
        return self.two_player_seats[seat] if players == 2 else seat

    def as_json(self) -> dict[str, Any]:
        return {"name": self.name, "squares_per_mashie": self.squares_per_mashie,
                "castle_holes": self.castle_holes, "two_player_mashies": self.two_player_mashies,
                "two_player_seats": list(self.two_player_seats)}


def _bad(where: str, reason: str) -> SetupError:
    return SetupError("bad_board", where=where, reason=reason)


def _int(obj: dict[str, Any], key: str, lo: int, hi: int) -> int:
    value = obj[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise _bad(key, "not_an_integer")
    if not lo <= value <= hi:
        raise _bad(key, f"out_of_range_{lo}_{hi}")
    return value


def parse_board(raw: Any) -> Board:
    if not isinstance(raw, dict):
        raise _bad("board", "not_an_object")
    for key in raw:
        if key not in KEYS:
            raise _bad(str(key)[:20], "unknown_key")
    for key in KEYS:
        if key not in raw:
            raise _bad(key, "missing")
    name = raw["name"]
    if not isinstance(name, str) or not name.strip() or len(name) > 60:
        raise _bad("name", "not_a_short_text")
    squares = _int(raw, "squares_per_mashie", 8, 40)
    holes = _int(raw, "castle_holes", 1, 8)
    mashies = _int(raw, "two_player_mashies", 2, 6)
    seats = raw["two_player_seats"]
    if not (isinstance(seats, list) and len(seats) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) for x in seats)):
        raise _bad("two_player_seats", "need_two_mashie_numbers")
    if not all(0 <= x < mashies for x in seats) or seats[0] == seats[1]:
        raise _bad("two_player_seats", "not_two_different_mashies")
    return Board(name, squares, holes, mashies, (seats[0], seats[1]))


# Read once at import, like a constant: the rule core itself never does I/O.
DEFAULT_BOARD = parse_board(json.loads(Path(__file__).with_name("board.json").read_text("utf-8")))
