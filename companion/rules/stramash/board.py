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

from companion.rules.boarddef import bad_board, board_int, board_name, board_object

KEYS = ("name", "squares_per_mashie", "castle_holes", "two_player_mashies", "two_player_seats")
LADDIES = 5  # per player; each needs a castle hole of its own, so a castle has at least 5
MAX_CASTLE_HOLES = 8


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


def parse_board(raw: Any) -> Board:
    """A validated `Board`, or `SetupError("bad_board", where=..., reason=...)`."""
    obj = board_object(raw, "board", KEYS)
    name = board_name(obj["name"], "name")
    squares = board_int(obj["squares_per_mashie"], "squares_per_mashie", 8, 40)
    holes = board_int(obj["castle_holes"], "castle_holes", LADDIES, MAX_CASTLE_HOLES)
    mashies = board_int(obj["two_player_mashies"], "two_player_mashies", 2, 6)
    seats = obj["two_player_seats"]
    if not (isinstance(seats, list) and len(seats) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) for x in seats)):
        raise bad_board("two_player_seats", reason="need_two_mashie_numbers")
    if not all(0 <= x < mashies for x in seats) or seats[0] == seats[1]:
        raise bad_board("two_player_seats", reason="not_two_different_mashies")
    return Board(name, squares, holes, mashies, (seats[0], seats[1]))


# Read once at import, like a constant: the rule core itself never does I/O.
DEFAULT_BOARD = parse_board(json.loads(Path(__file__).with_name("board.json").read_text("utf-8")))
